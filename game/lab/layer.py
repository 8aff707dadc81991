"""GPU geometry for the Lab: every cell and every wall built once, recoloured incrementally.

The Lab animates thousands of steps per second, so nothing is rebuilt per
step.  Geometry (cell fans and wall quads, from :mod:`game.render.maze_layer`)
is uploaded once per grid; each frame only the colour buffers are rewritten,
and only when something changed since the last frame: one ``bytes`` upload
for the cells and one for the walls, then two draw calls.

Cell states are small integers (:data:`UNSEEN` ... :data:`DEAD`, from
:mod:`engine.modes.lab`) kept in a ``bytearray`` that the Lab run's step loop writes
directly (:meth:`LabLayer.bind` shares it); the palette maps them to colours,
chosen per theme so that visited cells and paths stand apart from both the
floor and the walls.  Walls are visible where ``wall_on[edge]`` is 1.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.maze.floors import MARK_RADIUS, MARK_SHIFT, split_at_stairs
from engine.maze.grids.base import Grid
from engine.maze.model import Maze
from engine.modes.lab import DEAD, FLOOR, FRONTIER, PATH, UNSEEN, VISITED, LabPhase, LabRun
from game.render.geometry import cell_fans, typical_cell_size, wall_quads
from game.render.maze_layer import offset_vertex_shader
from game.render.theme import Theme

START, GOAL = DEAD + 1, DEAD + 2
__all__ = [
    "DEAD",
    "FLOOR",
    "FRONTIER",
    "GOAL",
    "PATH",
    "START",
    "UNSEEN",
    "VISITED",
    "LabLayer",
    "palette",
    "draw_run",
    "draw_stairs",
    "path_colors",
    "stair_triangles",
]
#: Above this many stairs on the shown floor their marks are left out (one draw call each).
MAX_MARKS = 4000

#: Per theme: visited cells, a solver's current path, filled dead ends (Okabe-Ito hues, tuned for contrast).
_SOLVE_COLORS = {
    "dark": ((52, 92, 150, 255), (0, 158, 115, 255), (110, 58, 70, 255)),
    "light": ((176, 208, 240, 255), (0, 158, 115, 255), (236, 200, 206, 255)),
}
#: Per theme: the solver's current path line and the final path line.
_PATH_LINES = {
    "dark": ((90, 220, 150, 255), (240, 228, 66, 255)),
    "light": ((0, 130, 90, 255), (213, 94, 0, 255)),
}


def path_colors(theme: Theme) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """(current path, final path) line colours for ``theme``."""
    return _PATH_LINES["light" if theme.family == "light" else "dark"]


_VS = offset_vertex_shader("in vec4 in_color;\nout vec4 v_color;", "v_color = in_color;")
_FS = """
#version 330
in vec4 v_color;
out vec4 f_color;
void main() {
    if (v_color.a <= 0.0) discard;
    f_color = v_color;
}
"""


def palette(theme: Theme) -> np.ndarray:
    """``(8, 4)`` uint8 RGBA per cell state (seed 004's visited / current path, recoloured for contrast).

    Visited cells are a muted blue (darker than light walls on the dark theme,
    darker than the floor on the light one), the current path bluish green.
    """
    bg = theme.background
    visited, path, dead = _SOLVE_COLORS["light" if theme.family == "light" else "dark"]
    unseen = (
        (bg[0] // 2 + 8, bg[1] // 2 + 8, bg[2] // 2 + 10, 255)
        if theme.family != "light"
        else (bg[0] - 34, bg[1] - 32, bg[2] - 28, 255)
    )
    return np.array(
        [
            unseen,  # UNSEEN: not carved yet
            theme.floor,  # FLOOR: part of the maze
            (120, 90, 200, 255),  # FRONTIER: in a generator's active set
            visited,  # VISITED: examined by a solver
            path,  # PATH: a solver's current path
            dead,  # DEAD: filled dead end
            theme.start,
            theme.goal,
        ],
        dtype=np.uint8,
    )


class LabLayer:
    """Cells and walls of one grid with per-frame recolouring.

    Args:
        ctx: the arcade GL context (``window.ctx``).
        grid: the tessellation.
        theme: colours.

    Attributes:
        state: ``bytearray`` of cell states (length ``grid.n``); write then call :meth:`touch`.
        wall_on: ``bytearray`` per edge, 1 where the wall stands; write then call :meth:`touch`.
    """

    _programs: dict[int, Any] = {}

    def __init__(self, ctx: Any, grid: Grid, theme: Theme, ends: tuple[int, int] | None = None) -> None:
        from arcade.gl import BufferDescription

        self.ctx = ctx
        self.grid = grid
        self.ends = ends if ends is not None else (int(grid.start), int(grid.goal))  # start and goal cells
        self.theme = theme
        self.palette = palette(theme)
        prog = self._programs.get(id(ctx))
        if prog is None:
            prog = ctx.program(vertex_shader=_VS, fragment_shader=_FS)
            self._programs[id(ctx)] = prog
        self.program = prog
        dummy = Maze(grid, np.zeros(grid.num_edges, dtype=bool), grid.start, grid.goal)
        self.cell_size = typical_cell_size(dummy)
        tris, offsets = cell_fans(dummy)
        counts = np.diff(offsets)
        self.cell_owner = np.repeat(np.arange(grid.n), counts)
        self.cell_vertices = len(tris)
        pos = np.concatenate([tris, np.zeros_like(tris)], axis=1).astype(np.float32)
        self.cell_pos = ctx.buffer(data=pos.tobytes())
        self.cell_col = ctx.buffer(reserve=max(16, 4 * self.cell_vertices))
        self.cells_geo = ctx.geometry(
            [
                BufferDescription(self.cell_pos, "2f 2f", ["in_vert", "in_offset"]),
                BufferDescription(self.cell_col, "4f1", ["in_color"]),
            ],
            mode=ctx.TRIANGLES,
        )
        segs = np.concatenate([grid.walls, grid.boundary.reshape(-1, 2, 2)])
        quads = wall_quads(segs)
        self.wall_vertices = len(quads)
        self.edges = grid.num_edges
        self.wall_pos = ctx.buffer(data=quads.tobytes())
        self.wall_col = ctx.buffer(reserve=max(16, 4 * self.wall_vertices))
        self.walls_geo = ctx.geometry(
            [
                BufferDescription(self.wall_pos, "2f 2f", ["in_vert", "in_offset"]),
                BufferDescription(self.wall_col, "4f1", ["in_color"]),
            ],
            mode=ctx.TRIANGLES,
        )
        self.state = bytearray(grid.n)
        self.wall_on = bytearray(b"\x01" * grid.num_edges)
        self.uploads = 0
        self._dirty = True

    def bind(self, state: bytearray, wall_on: bytearray) -> None:
        """Draw from these arrays (shared with a :class:`engine.modes.lab.LabRun`, which writes them in place)."""
        if len(state) != self.grid.n or len(wall_on) != self.edges:
            raise ValueError("the arrays do not match this grid")
        self.state = state
        self.wall_on = wall_on
        self._dirty = True

    def reset(self, cell_state: int, walls: bool) -> None:
        """Every cell to ``cell_state``; every wall up (True) or down (False)."""
        self.state[:] = bytes([cell_state]) * self.grid.n
        self.wall_on[:] = (b"\x01" if walls else b"\x00") * self.edges
        self._dirty = True

    def touch(self) -> None:
        """Something in :attr:`state` or :attr:`wall_on` changed: upload before the next draw."""
        self._dirty = True

    def set_theme(self, theme: Theme) -> None:
        """New colours (re-uploaded on the next draw)."""
        self.theme = theme
        self.palette = palette(theme)
        self._dirty = True

    def _upload(self) -> None:
        states = np.frombuffer(bytes(self.state), dtype=np.uint8)
        colors = self.palette[states]
        for cell, special in zip(self.ends, (START, GOAL), strict=True):
            colors[cell] = self.palette[special]  # start and goal always show
        self.cell_col.write(np.ascontiguousarray(colors[self.cell_owner]).tobytes())
        on = np.frombuffer(bytes(self.wall_on), dtype=np.uint8)
        wall_rgba = np.zeros((self.edges + len(self.grid.boundary), 4), dtype=np.uint8)
        wall_rgba[:] = self.theme.wall
        wall_rgba[: self.edges, 3] = on * self.theme.wall[3]
        self.wall_col.write(np.repeat(wall_rgba, 6, axis=0).tobytes())
        self.uploads += 1
        self._dirty = False

    def wall_half_width(self, zoom: float) -> float:
        """Half wall width in world units (~5 % of a cell, 0.5..4 px; times the theme's ``wall_scale``, at most
        12 % of a cell)."""
        k = self.theme.wall_scale
        cell_px = self.cell_size * zoom
        px = min(4.0 * k, max(0.5 * k, 0.05 * k * cell_px), max(0.5, 0.12 * cell_px))
        return px / max(zoom, 1e-9)

    def draw(self, zoom: float) -> None:
        """Upload colours if needed, then draw cells and walls (two draw calls)."""
        if self._dirty:
            self._upload()
        self.ctx.enable(self.ctx.BLEND)
        self.program["u_half"] = 0.0
        self.cells_geo.render(self.program, vertices=self.cell_vertices)
        self.program["u_half"] = self.wall_half_width(zoom)
        self.walls_geo.render(self.program, vertices=self.wall_vertices)


def path_strips(grid: Grid, cells: list[int]) -> list[list[int]]:
    """A solver's path as the lines to draw: cut where it takes a stair (no line across the gap between floors
    drawn side by side); one strip on one floor."""
    return split_at_stairs(grid.floor_of, cells) if grid.floors > 1 else [cells]


def draw_run(run: LabRun, layer: LabLayer, theme: Theme, zoom: float) -> None:
    """Cells and walls, the carving's current cell, the solver's path (cut where it takes a stair), then start and
    goal on top.

    Args:
        zoom: pixels per world unit (the path is at least 3 px wide).
    """
    import arcade

    layer.draw(zoom)
    size = layer.cell_size
    centers = run.grid.centers
    if run.phase is LabPhase.CARVE and run.current >= 0:
        x, y = centers[run.current]
        arcade.draw_circle_filled(float(x), float(y), 0.35 * size, theme.accent, num_segments=16)
    pts = run.path if run.phase in (LabPhase.SOLVE, LabPhase.SOLVED) else []
    if len(pts) > 1 and (run.phase is LabPhase.SOLVED or len(pts) < 20_000):
        current, final = path_colors(theme)
        color = final if run.phase is LabPhase.SOLVED else current
        for part in path_strips(run.grid, pts):
            if len(part) > 1:
                line = [(float(centers[c][0]), float(centers[c][1])) for c in part]
                arcade.draw_line_strip(line, color, max(3.0 / max(zoom, 1e-9), 0.2 * size))
    for cell, fill in ((run.start, theme.start), (run.goal, theme.goal)):
        x, y = float(centers[cell][0]), float(centers[cell][1])
        arcade.draw_circle_filled(x, y, 0.3 * size, theme.player_edge, num_segments=20)
        arcade.draw_circle_filled(x, y, 0.24 * size, (*fill[:3], 255), num_segments=20)


def stair_triangles(run: LabRun, floor: int) -> tuple[np.ndarray, np.ndarray]:
    """``(up, down)`` triangles ``(K, 3, 2)`` of the stairs open in ``run`` so far whose mark lies on ``floor``:
    an up mark in the stair's lower cell, a down mark in its upper cell (as in pictures,
    :func:`engine.maze.floors.stair_marks`)."""
    grid = run.grid
    s0 = grid.stair_start
    walls = np.frombuffer(run.walls, dtype=np.uint8)
    pairs = grid.edges[s0 + np.flatnonzero(walls[s0:] == 0)].astype(np.int64).reshape(-1, 2)
    fl, cen = grid.floor_of, grid.centers
    r, s = MARK_RADIUS, MARK_SHIFT
    tri = np.array([[0.0, r], [-0.866 * r, -0.5 * r], [0.866 * r, -0.5 * r]])
    lower = pairs[fl[pairs[:, 0]] == floor, 0]
    upper = pairs[fl[pairs[:, 1]] == floor, 1]
    up = cen[lower][:, None, :] + tri[None] + [0.0, s]
    down = cen[upper][:, None, :] - tri[None] - [0.0, s]
    return up, down


def draw_stairs(run: LabRun, floor: int, theme: Theme) -> None:
    """Mark the stairs open so far whose marks lie on ``floor`` (up in the accent colour, down dimmed; read from
    the run's wall array, so they appear as the generator opens them).  Nothing on one floor or above
    :data:`MAX_MARKS`."""
    if run.grid.floors < 2:
        return
    import arcade

    up, down = stair_triangles(run, floor)
    if len(up) + len(down) > MAX_MARKS:
        return
    for tris, color in ((up, theme.accent), (down, theme.text_dim)):
        for t in tris.tolist():
            arcade.draw_triangle_filled(t[0][0], t[0][1], t[1][0], t[1][1], t[2][0], t[2][1], color)
