"""The maze's drawing geometry in world units, as numpy arrays (no GL, any thread): cell fans, wall quads, bridge
posts, cell sizes and trails, and a whole layer's arrays (:class:`LayerArrays`, sorted by height);
:class:`game.render.maze_layer.MazeLayer` uploads them.  A big level's loading work makes a layer's arrays in the
background (:func:`prepare_layer`); the window's thread only uploads them (:func:`take_layer_arrays`)."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.maze.bridges import bridge_posts, post_triangles, standing_walls
from engine.maze.model import Maze


def cell_fans(maze: Maze, cells: np.ndarray | None = None, scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """Triangles fanned from each cell centre: ``(V, 2)`` float32 vertices and ``(n+1,)`` vertex offsets.

    ``scale`` shrinks each polygon around its centre.  ``cells`` limits the output
    to those cells (offsets then index that subset).
    """
    tris, offsets = fans_at_scales(maze, cells, (scale,))
    return tris[0], offsets


def fans_at_scales(
    maze: Maze, cells: np.ndarray | None, scales: tuple[float, ...], width: int = 2
) -> tuple[list[np.ndarray], np.ndarray]:
    """:func:`cell_fans` at several scales from one walk over the polygons (the floor and the trail share it).

    ``width`` 4 gives ``(V, 4)`` rows ``x, y, 0, 0`` instead (a maze layer's buffer rows, with no offset: made
    in place, not copied into them)."""
    g = maze.grid
    ip = g.poly_indptr.astype(np.int64)
    if cells is None:
        counts = np.diff(ip)
        owner_cell = np.repeat(np.arange(g.n), counts)
        first_vertex = np.arange(int(ip[-1]))
        nxt = first_vertex + 1
        nxt[ip[1:] - 1] = ip[:-1]  # each polygon's last vertex joins its first
        a, b = g.poly_xy, g.poly_xy[nxt]
    else:
        cells = np.asarray(cells, dtype=np.int64)
        counts = ip[cells + 1] - ip[cells]
        total = int(counts.sum())
        owner = np.repeat(np.arange(len(cells)), counts)
        firsts = np.repeat(ip[cells], counts)
        local = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
        k = np.repeat(counts, counts)
        a = g.poly_xy[firsts + local]
        b = g.poly_xy[firsts + (local + 1) % k]
        owner_cell = cells[owner]
    c = g.centers[owner_cell]
    out = []
    for scale in scales:
        tris = np.empty((len(c), 3, 2), dtype=np.float32) if width == 2 else np.zeros((len(c), 3, width), np.float32)
        tris[:, 0, :2] = c
        if scale == 1.0:
            tris[:, 1, :2] = a
            tris[:, 2, :2] = b
        else:
            tris[:, 1, :2] = c + (a - c) * scale
            tris[:, 2, :2] = c + (b - c) * scale
        out.append(tris.reshape(-1, width))
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts * 3, out=offsets[1:])
    return out, offsets


def wall_quads(segments: np.ndarray) -> np.ndarray:
    """Two triangles per segment: ``(6·S, 4)`` float32 rows ``x, y, ox, oy``.

    ``(ox, oy)`` is the unit offset the shader multiplies by the half width:
    sideways along the normal and outward along the segment (square caps, so
    walls meet at corners).
    """
    seg = np.asarray(segments, dtype=np.float64).reshape(-1, 2, 2)
    if len(seg) == 0:
        return np.zeros((0, 4), dtype=np.float32)
    a, b = seg[:, 0], seg[:, 1]
    d = b - a
    length = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-12)[:, None]
    t = d / length
    n = np.stack([-t[:, 1], t[:, 0]], axis=1)
    corners = [(a, -t + n), (a, -t - n), (b, t + n), (b, t - n)]
    out = np.empty((len(seg), 6, 4), dtype=np.float32)
    for j, i in enumerate((0, 1, 2, 2, 1, 3)):
        out[:, j, :2] = corners[i][0]
        out[:, j, 2:] = corners[i][1]
    return out.reshape(-1, 4)


def post_rows(maze: Maze) -> tuple[np.ndarray, np.ndarray]:
    """A weave maze's bridge posts (:attr:`engine.maze.bridges.Bridges.posts`) as wall-buffer rows.

    Returns ``(rows (V, 4) float32 x, y, 0, 0, cells (V,) int64)``: filled triangles with no
    offset (the wall width does not grow them) and the crossing cell of each vertex; empty
    for other mazes.
    """
    if not maze.is_weave:
        return np.zeros((0, 4), dtype=np.float32), np.zeros(0, dtype=np.int64)
    tris = post_triangles(bridge_posts(maze))
    per = len(tris) // len(maze.crossings)
    rows = np.concatenate([tris, np.zeros_like(tris)], axis=1).astype(np.float32)
    return rows, np.repeat(maze.crossings[:, 0].astype(np.int64), per)


def typical_cell_size(maze: Maze) -> float:
    """A representative cell diameter in world units (square cells: 1)."""
    x0, y0, x1, y1 = maze.grid.bounds()
    return float(np.sqrt(max((x1 - x0) * (y1 - y0), 1e-9) / maze.grid.n))


def cell_inradius(grid: Any, cell: int) -> float:
    """Distance (world units) from ``cell``'s centre to the nearest side of its polygon: the largest disc
    centred there that stays inside the cell (e.g. a third of the height of a triangle)."""
    poly = np.asarray(grid.polygon(cell), dtype=np.float64)
    c = np.asarray(grid.centers[cell], dtype=np.float64)
    a, b = poly, np.roll(poly, -1, axis=0)
    ab = b - a
    t = np.clip(np.einsum("ij,ij->i", c - a, ab) / np.maximum(np.einsum("ij,ij->i", ab, ab), 1e-12), 0.0, 1.0)
    nearest = a + ab * t[:, None]
    return float(np.min(np.hypot(*(nearest - c).T)))


def trail_strips(maze: Maze, cells: list[int], live: tuple[float, float], live_floor: int = 0
                 ) -> list[list[tuple[float, float]]]:
    """A racer's trail as line strips (world points): its cells' centres, then ``live`` (its drawn position),
    cut where it took a stair so no line crosses between floors drawn side by side; strips of 2+ points."""
    centers = maze.grid.centers
    if maze.grid.floors == 1:
        runs, floors = [cells], [0]
    else:
        from engine.maze.floors import split_at_stairs

        runs = split_at_stairs(maze.grid.floor_of, cells)
        floors = [int(maze.grid.floor_of[r[0]]) for r in runs]
    strips: list[list[tuple[float, float]]] = [[(float(x), float(y)) for x, y in centers[r].tolist()] for r in runs]
    if strips and floors[-1] == live_floor:
        strips[-1].append(live)
    return [p for p in strips if len(p) > 1]


@dataclass(frozen=True)
class LayerArrays:
    """The numpy part of a :class:`~game.render.maze_layer.MazeLayer` (no GL: :func:`prepare_layer` makes it on a
    worker thread).

    Attributes:
        floor: ``(V, 4)`` rows ``x, y, 0, 0`` of every cell's triangles, cells sorted by centre height.
        floor_cull: the sorted centre heights, each cell's first vertex (``n + 1``), the farthest a polygon
            reaches from its centre in y (world units).
        trail_offsets: ``(n + 1,)`` trail vertices before each cell (a visited mark's slot size).
        start, goal: the start and goal cells' triangle rows.
        walls: wall quads sorted by mid height, then a weave maze's bridge posts.
        wall_count: standing walls and boundary segments; wall_cull: their sorted mid heights, half the
            tallest one's height, their count.
    """

    floor: np.ndarray
    floor_cull: tuple[np.ndarray, np.ndarray, float]
    trail_offsets: np.ndarray
    start: np.ndarray
    goal: np.ndarray
    walls: np.ndarray
    wall_count: int
    wall_cull: tuple[np.ndarray, float, int]


def layer_arrays(maze: Maze) -> LayerArrays:
    """Everything of ``maze``'s layer that is arithmetic (seconds for a 300x300 maze, nothing needs GL)."""
    g = maze.grid
    # Floor and walls sorted by height: a frame showing part of a big maze draws only the cells and
    # walls of a band of rows (two index look-ups), not every triangle (software GL pays per vertex).
    cy = g.centers[:, 1]
    in_order = bool(np.all(cy[1:] >= cy[:-1]))  # square and hexagon grids: cells already go up row by row
    by_y = np.arange(g.n) if in_order else np.argsort(cy, kind="stable")
    (floor_rows,), floor_offs = fans_at_scales(maze, None if in_order else by_y, (1.0,), width=4)
    py = g.poly_xy[:, 1] - np.repeat(cy, np.diff(g.poly_indptr))
    floor_cull = (cy[by_y], floor_offs, float(np.abs(py).max()) if len(py) else 0.0)
    # A visited mark's triangles are made when the cell is first visited (mark_visited): a 300x300 level
    # opens without building 540,000 trail vertices nobody may ever walk over.
    trail_offsets = np.zeros(g.n + 1, dtype=np.int64)
    np.cumsum(3 * np.diff(g.poly_indptr.astype(np.int64)), out=trail_offsets[1:])
    special, offs = cell_fans(maze, np.array([maze.start, maze.goal]))
    half = int(offs[1])
    closed, _ = standing_walls(maze)  # a weave maze's bridges included
    segs = np.concatenate([closed, g.boundary.reshape(-1, 2, 2)]) if len(g.boundary) else closed
    mid = (segs[:, 0, 1] + segs[:, 1, 1]) / 2 if len(segs) else np.zeros(0)
    by_mid = np.argsort(mid, kind="stable")
    segs = segs[by_mid]
    reach = float(np.abs(segs[:, 1, 1] - segs[:, 0, 1]).max()) / 2 if len(segs) else 0.0
    return LayerArrays(
        floor_rows, floor_cull, trail_offsets,
        np.concatenate([special[:half], np.zeros_like(special[:half])], axis=1),
        np.concatenate([special[half:], np.zeros_like(special[half:])], axis=1),
        _joined(wall_quads(segs), post_rows(maze)[0]), len(segs), (mid[by_mid], reach, len(segs)))


def _joined(first: np.ndarray, then: np.ndarray) -> np.ndarray:
    """``first`` then ``then`` (rows), not copied when ``then`` is empty (a maze without bridges)."""
    return np.concatenate([first, then]) if len(then) else first


_PREPARED: weakref.WeakKeyDictionary[Maze, LayerArrays] = weakref.WeakKeyDictionary()


def prepare_layer(maze: Maze) -> None:
    """Make ``maze``'s :class:`LayerArrays` now (any thread): the next
    :class:`~game.render.maze_layer.MazeLayer` of this maze only uploads them (a big level's loading screen does
    the arithmetic in the background, the window's thread the GL)."""
    _PREPARED[maze] = layer_arrays(maze)


def prepared(maze: Maze) -> bool:
    """True when :func:`prepare_layer` made ``maze``'s arrays and no layer has taken them yet."""
    return maze in _PREPARED


def take_layer_arrays(maze: Maze) -> LayerArrays:
    """``maze``'s arrays: the ones :func:`prepare_layer` made (handed over once), else made now."""
    return _PREPARED.pop(maze, None) or layer_arrays(maze)


__all__ = [
    "LayerArrays", "cell_fans", "cell_inradius", "fans_at_scales", "layer_arrays", "post_rows", "prepare_layer",
    "prepared", "take_layer_arrays", "trail_strips", "typical_cell_size", "wall_quads",
]
