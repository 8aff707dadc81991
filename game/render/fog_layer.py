"""The maze drawn in the dark: a :class:`MazeLayer` whose cells and walls read a visibility texture.

One texel per cell holds the cell's level from :class:`engine.modes.fog.Fog` (0 unseen,
1 seen, 2 in sight).  Every vertex carries the cell(s) it belongs to (a wall: the
two cells it separates; a cell: itself twice) and the vertex shader fetches their
levels, so:

* a floor cell never seen is drawn in the fog colour (the maze's shape shows, its walls do not);
* walls, start, goal and trail marks are drawn only where a cell next to them was seen
  (the goal therefore appears once seen);
* what was seen but is not in sight now is dimmed toward the fog colour; what is in sight is normal.

The texture is written only for the cells whose level changed
(:meth:`DarkMazeLayer.update_fog`, after a step); nothing is computed per frame,
and the picture is cached like the lit one (the fog's version is part of the key).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from engine.maze.bridges import standing_walls
from engine.maze.model import Maze
from engine.modes.fog import Fog
from game.render.geometry import cell_fans, post_rows, wall_quads
from game.render.maze_layer import MazeLayer, offset_vertex_shader, shader_program
from game.render.theme import RGBA, Theme

#: Texels per row of the visibility texture (cell ``i`` is at ``(i % TEX_WIDTH, i // TEX_WIDTH)``).
TEX_WIDTH = 1024
#: How far a remembered (seen, not in sight) colour moves toward the fog colour, 0..1 (light theme; the dark
#: theme's floor is already close to the fog, so it moves less: :func:`dim_amount`).
DIM = 0.55
DIM_ON_DARK = 0.35

_VS = offset_vertex_shader(
    declarations="""
in vec2 in_cells;
uniform sampler2D u_vis;
uniform int u_tw;
flat out float v_level;
float level_of(float c) {
    int i = int(c + 0.5);
    return floor(texelFetch(u_vis, ivec2(i % u_tw, i / u_tw), 0).r * 255.0 + 0.5);
}
""",
    body="v_level = max(level_of(in_cells.x), level_of(in_cells.y));",
)

_FS = """
#version 330
uniform vec4 u_color;
uniform vec4 u_fog;
uniform float u_dim;
uniform int u_hide;
flat in float v_level;
out vec4 f_color;
void main() {
    if (v_level < 0.5) {
        if (u_hide == 1) discard;
        f_color = u_fog;
    } else if (v_level < 1.5) {
        f_color = vec4(mix(u_color.rgb, u_fog.rgb, u_dim), u_color.a);
    } else {
        f_color = u_color;
    }
}
"""


def fog_colour(theme: Theme) -> RGBA:
    """The colour of cells never seen: the background darkened (dark theme) or a slate grey (light theme)."""
    r, g, b, _ = theme.background
    k = 0.45 if sum((r, g, b)) < 3 * 128 else 0.42
    return int(r * k), int(g * k), int(b * k), 255


def dim_amount(theme: Theme) -> float:
    """How far remembered cells move toward the fog colour in ``theme`` (0..1)."""
    return DIM_ON_DARK if sum(theme.background[:3]) < 3 * 128 else DIM


def polygon_edges(maze: Maze) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every side of every cell polygon: ``(P, 2, 2)`` segments, their cell, and True where no other
    cell shares the side (the outer boundary, split per cell)."""
    g = maze.grid
    ip = g.poly_indptr.astype(np.int64)
    counts = np.diff(ip)
    owner = np.repeat(np.arange(g.n), counts)
    local = np.arange(len(g.poly_xy)) - np.repeat(ip[:-1], counts)
    nxt = ip[:-1][owner] + (local + 1) % counts[owner]
    segs = np.stack([g.poly_xy, g.poly_xy[nxt]], axis=1)
    mid = np.round((g.poly_xy + g.poly_xy[nxt]) * 2048).astype(np.int64)  # midpoints, 1/4096 units
    key = mid[:, 0] * (1 << 32) + mid[:, 1]
    _, inverse, count = np.unique(key, return_inverse=True, return_counts=True)
    return segs, owner, count[inverse.reshape(-1)] == 1


class DarkMazeLayer(MazeLayer):
    """A maze layer that draws the fog of ``fog`` (see the module doc).

    Args:
        ctx: the arcade context; maze, theme: as for :class:`MazeLayer`.
        fog: the session's fog (read at build and by :meth:`update_fog`).
    """


    def __init__(self, ctx: Any, maze: Maze, theme: Theme, fog: Fog) -> None:
        self.fog = fog
        self.dark_program = shader_program(ctx, _VS, _FS)
        super().__init__(ctx, maze, theme)

    def _build_geometry(self) -> None:
        """Only the dark buffers (each vertex knows its cell): the plain layer's are never drawn here."""
        ctx, maze = self.ctx, self.maze
        g = maze.grid
        n = g.n
        self.tex_size = (min(n, TEX_WIDTH), -(-n // TEX_WIDTH))
        self._levels = np.zeros(self.tex_size[0] * self.tex_size[1], dtype=np.uint8)
        self.vis = ctx.texture(self.tex_size, components=1, dtype="f1", filter=(ctx.NEAREST, ctx.NEAREST))
        self.fog_version = -1
        self.update_fog(range(n))

        floor, offs = cell_fans(maze)
        self.d_floor = self._dark_geometry(floor, np.repeat(np.arange(n), np.diff(offs)))
        special, offs = cell_fans(maze, np.array([maze.start, maze.goal]))
        half = int(offs[1])
        self.d_start = self._dark_geometry(special[:half], np.full(half, maze.start))
        self.d_goal = self._dark_geometry(special[half:], np.full(len(special) - half, maze.goal))

        inner, inner_cells = standing_walls(maze)  # a weave maze's bridges included
        segs, owner, outer = polygon_edges(maze)
        wall_segs = np.concatenate([inner, segs[outer]])
        wall_cells = np.concatenate([inner_cells, np.repeat(owner[outer][:, None], 2, axis=1)])
        self.wall_count = len(wall_segs)
        posts, post_cells = post_rows(maze)
        quads = np.concatenate([wall_quads(wall_segs), posts])
        cells = np.concatenate([np.repeat(wall_cells, 6, axis=0), np.repeat(post_cells[:, None], 2, axis=1)])
        # One buffer, the outer walls last: drawn apart (the first ``outer_from`` vertices, then the rest).
        k, m = 6 * len(inner), 6 * len(wall_segs)
        order = np.r_[0:k, m:len(quads), k:m]
        self.outer_from = len(quads) - (m - k)
        self.d_walls = self._dark_geometry(quads[order, :2], cells[order], quads[order, 2:])
        self._build_bridges()  # drawn over a player in a tunnel, as in the lit layer
        self._build_dark_stairs()

        tris, offs = cell_fans(maze, scale=0.55)
        self.d_trail_rows = np.concatenate(
            [tris, np.zeros_like(tris), np.repeat(np.arange(n), np.diff(offs))[:, None].repeat(2, axis=1)], axis=1
        ).astype(np.float32)
        self.d_trail_offsets = offs
        self.d_trail_buffer = ctx.buffer(reserve=max(24, self.d_trail_rows.nbytes))
        self.d_trail = ctx.geometry([self._dark_desc(self.d_trail_buffer)], mode=ctx.TRIANGLES)
        self.d_trail_vertices = 0


    def _build_dark_stairs(self) -> None:
        """A maze with floors: the up / down stair marks, each drawn only once its cell was seen."""
        self.stairs_up = self.stairs_down = None  # the lit layer's buffers: not drawn here
        self.d_stairs: tuple[Any, Any] | None = None
        if self.maze.grid.floors > 1:
            from engine.maze.floors import open_stairs, stair_marks

            pairs = open_stairs(self.maze)
            up, down = stair_marks(self.maze)
            self.d_stairs = (
                self._dark_geometry(up.reshape(-1, 2), np.repeat(pairs[:, 0], 3)),
                self._dark_geometry(down.reshape(-1, 2), np.repeat(pairs[:, 1], 3)),
            )

    def _dark_desc(self, buffer: Any) -> Any:
        from arcade.gl import BufferDescription

        return BufferDescription(buffer, "2f 2f 2f", ["in_vert", "in_offset", "in_cells"])

    def _dark_geometry(self, verts: np.ndarray, cells: np.ndarray, offsets: np.ndarray | None = None) -> Any:
        cells = np.asarray(cells, dtype=np.float32).reshape(len(verts), -1)
        if cells.shape[1] == 1:
            cells = np.repeat(cells, 2, axis=1)
        rows = np.concatenate([verts, np.zeros_like(verts) if offsets is None else offsets, cells], axis=1)
        data = np.ascontiguousarray(rows, dtype=np.float32)
        buf = self.ctx.buffer(data=data.tobytes() if len(data) else np.zeros(6, np.float32).tobytes())
        geo = self.ctx.geometry([self._dark_desc(buf)], mode=self.ctx.TRIANGLES)
        geo._tessera_count = len(data)  # vertex count to render
        return geo

    # -- the fog -------------------------------------------------------------
    def update_fog(self, cells: Any) -> None:
        """Copy the fog's level of ``cells`` into the texture (one write per texture row touched)."""
        idx = np.fromiter(cells, dtype=np.int64) if not isinstance(cells, np.ndarray) else cells.astype(np.int64)
        if len(idx) == 0:
            return
        tw = self.tex_size[0]
        if len(idx) >= self.fog.levels.size:  # everything: one write
            self._levels[: self.fog.levels.size] = self.fog.levels
            self.vis.write(self._levels.tobytes())
            self.fog_version = self.fog.version
            return
        self._levels[idx] = self.fog.levels[idx]
        rows = idx // tw
        for row in np.unique(rows).tolist():
            cols = idx[rows == row] % tw
            c0, c1 = int(cols.min()), int(cols.max()) + 1
            start = row * tw
            self.vis.write(self._levels[start + c0 : start + c1].tobytes(), viewport=(c0, row, c1 - c0, 1))
        self.fog_version = self.fog.version

    # -- trail: drawn under the fog's dimming, inside the cached picture --------
    def clear_trail(self) -> None:
        """Forget every visited mark."""
        super().clear_trail()
        self.d_trail_vertices = 0

    def append_trail(self, cell: int) -> None:
        """Append ``cell``'s trail to the dark trail buffer (drawn dimmed with its cells; see
        :meth:`MazeLayer.mark_visited`)."""
        lo, hi = int(self.d_trail_offsets[cell]), int(self.d_trail_offsets[cell + 1])
        self.d_trail_buffer.write(self.d_trail_rows[lo:hi].tobytes(), offset=self.d_trail_vertices * 24)
        self.d_trail_vertices += hi - lo

    def draw_trail(self) -> None:
        """Nothing: in the dark the trail is part of :meth:`draw_static` (dimmed with its cells)."""

    # -- drawing -------------------------------------------------------------
    def _render_dark(self, geo: Any, color: RGBA, hide: bool, half: float = 0.0, count: int | None = None,
                     first: int = 0) -> None:
        n = (geo._tessera_count if count is None else count) - first
        if n <= 0:
            return
        p = self.dark_program
        p["u_color"] = tuple(c / 255.0 for c in color)
        p["u_fog"] = tuple(c / 255.0 for c in fog_colour(self.theme))
        p["u_dim"] = dim_amount(self.theme)
        p["u_hide"] = int(hide)
        p["u_half"] = half
        p["u_tw"] = self.tex_size[0]
        p["u_vis"] = 0
        self.vis.use(0)
        geo.render(p, first=first, vertices=n)

    def draw_static(self, zoom: float) -> None:
        """Floor (fog where unseen), start, goal, trail and walls, each by its cells' levels."""
        t = self.theme
        self.static_draws += 1
        self.ctx.enable(self.ctx.BLEND)
        self._render_dark(self.d_floor, t.floor, hide=False)
        self._render_dark(self.d_start, t.start, hide=True)
        self._render_dark(self.d_goal, t.goal, hide=True)
        self._render_dark(self.d_trail, t.trail, hide=True, count=self.d_trail_vertices)
        if self.d_stairs is not None:  # over the trail, so a seen stair always shows: up accent, down dimmed
            self._render_dark(self.d_stairs[0], t.accent, hide=True)
            self._render_dark(self.d_stairs[1], t.text_dim, hide=True)
        half = self.wall_half_width(zoom)
        self._render_dark(self.d_walls, t.wall, hide=True, half=half, count=self.outer_from)  # inner walls, posts
        # The outer wall of an unseen cell is drawn in the fog colour: the fog reaches the wall's outer edge,
        # in line with the outer walls already seen (discarded, it left half a wall's gap on a light theme).
        self._render_dark(self.d_walls, t.wall, hide=False, half=half, first=self.outer_from)

    def draw_cached(
        self,
        key: tuple[object, ...],
        zoom: float,
        centre: tuple[float, float],
        size: tuple[int, int],
        clip: tuple[int, int, int, int] | None,
        clear: Callable[[], object] | None = None,
    ) -> None:
        """As :meth:`MazeLayer.draw_cached`; the fog and the trail are part of the cached picture's key."""
        super().draw_cached((key, self.fog_version, self.d_trail_vertices), zoom, centre, size, clip, clear)
