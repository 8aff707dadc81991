"""How a weave maze's crossings are drawn: the one geometry SVG, PNG and the game share.

A crossing reads as a bridge over a tunnel.  In the crossing cell the over corridor
is drawn narrower than a cell, between two **rails** parallel to it; the under
passage shows as two short **tunnel walls** (stubs) on each under side, from the
cell's edge to the nearer rail, so the tunnel seems to run on below the bridge.  The
crossing cell's edges are drawn as walls except the gaps where the bridge and the
tunnel leave it, which closes the four corners.  The cell's walls on the under sides
are therefore replaced (``hidden``) by those pieces; every other wall is drawn as usual.

All coordinates are cell units (y up), like :attr:`engine.maze.grids.base.Grid.walls`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.maze.model import Maze

#: Half the bridge's (and the tunnel's) width, in cell units (neighbouring centres are 1 apart) ...
#: Wide on purpose: the crossing cell's four corners (edge piece, edge piece, rail, tunnel wall) then close to
#: small posts that the wall lines nearly fill, instead of four outlined boxes around every bridge (0.25 drew those).
HALF_WIDTH = 0.36
#: ... but at most this share of half the cell edge it crosses (hex edges are short).
WIDTH_SHARE = 0.72


@dataclass(frozen=True)
class Bridges:
    """The drawing of a weave maze's crossings.

    Attributes:
        hidden: ``(H,)`` int64 base edge ids whose walls are not drawn whole (the crossing
            cells' walls on the under sides; :attr:`segments` draws what is left of them).
        segments: ``(S, 2, 2)`` float64 line segments: rails, tunnel stubs, edge pieces.
        decks: ``(K, 4, 2)`` float64, each crossing's bridge deck (the quadrilateral between
            its rails, counter-clockwise), to paint over a player passing underneath.
        rails: ``(K, 2, 2, 2)`` float64, each crossing's two rails (also in :attr:`segments`).
    """

    hidden: np.ndarray
    segments: np.ndarray
    decks: np.ndarray
    rails: np.ndarray


def _unit(v: np.ndarray) -> np.ndarray:
    unit: np.ndarray = v / np.linalg.norm(v, axis=-1, keepdims=True)
    return unit


def _perp(v: np.ndarray) -> np.ndarray:
    return np.stack([-v[..., 1], v[..., 0]], axis=-1)


def bridges(maze: Maze) -> Bridges:
    """The bridge geometry of ``maze`` (empty arrays when it has no crossings).

    The over corridor's ends are the crossing cell's two open neighbours, the under
    ends come from ``maze.crossings``.
    """
    k = len(maze.crossings)
    if not k:
        z = np.zeros((0, 2, 2))
        return Bridges(np.zeros(0, dtype=np.int64), z, np.zeros((0, 4, 2)), np.zeros((0, 2, 2, 2)))
    fr = _frame(maze, slice(None))
    o, v, pu, pv, w, mid, half = fr.o, fr.v, fr.pu, fr.pv, fr.w, fr.mid, fr.half
    # Fourteen segments per crossing, grouped by kind (crossing order inside each group), written in place.
    segs = np.empty((14, k, 2, 2))
    rails = np.empty((k, 2, 2, 2))  # (K, 2 rails, 2 ends, 2)
    for r, s in enumerate((1.0, -1.0)):
        rails[:, r, 0] = mid["a"] + s * w * pu
        rails[:, r, 1] = mid["b"] + s * w * pu
    segs[0], segs[1] = rails[:, 0], rails[:, 1]
    decks = np.stack([mid["a"] - w * pu, mid["b"] - w * pu, mid["b"] + w * pu, mid["a"] + w * pu], axis=1)
    at = 2
    for name, t in (("c", -v), ("d", v)):  # t: from the crossing cell towards that under end
        m = mid[name]
        side = np.sign(np.einsum("ij,ij->i", m - o, pu))[:, None]  # which rail faces this side
        tdot = np.einsum("ij,ij->i", t, pu)[:, None]
        for s in (1.0, -1.0):
            foot = m + s * w * pv
            step = (np.einsum("ij,ij->i", foot - o, pu)[:, None] - side * w) / tdot
            segs[at, :, 0], segs[at, :, 1] = foot, foot - step * t  # the tunnel wall, edge -> rail
            at += 1
    for name, along in (("a", pu), ("b", pu), ("c", pv), ("d", pv)):  # the cell's edges minus the gaps
        m, hl = mid[name], half[name][:, None]
        for s in (1.0, -1.0):
            segs[at, :, 0], segs[at, :, 1] = m + s * hl * along, m + s * w * along
            at += 1
    hidden = np.concatenate([fr.edges["c"], fr.edges["d"]])
    return Bridges(hidden, segs.reshape(-1, 2, 2), decks, rails)


@dataclass(frozen=True)
class _Frame:
    """One batch of crossings seen from their cells: centre ``o``, over and under directions ``u``, ``v``
    (unit, ``(K, 2)``) and their normals ``pu``, ``pv``, the bridge's half width ``w`` (``(K, 1)``), and
    per side (``a``, ``b`` over; ``c``, ``d`` under) the edge ids, the edges' midpoints and half lengths."""

    cells: np.ndarray
    o: np.ndarray
    u: np.ndarray
    v: np.ndarray
    pu: np.ndarray
    pv: np.ndarray
    w: np.ndarray
    edges: dict[str, np.ndarray]
    mid: dict[str, np.ndarray]
    half: dict[str, np.ndarray]


def _frame(maze: Maze, sel: slice) -> _Frame:
    from engine.maze.weave import edges_between, over_ends

    g = maze.grid
    cen = g.centers
    x, c, d = (maze.crossings[sel, i].astype(np.int64) for i in range(3))
    ends = over_ends(maze)[sel]
    a, b = ends[:, 0], ends[:, 1]
    u = _unit(cen[b] - cen[a])
    v = _unit(cen[d] - cen[c])
    walls = g.walls
    e = {name: edges_between(g, x, y) for name, y in (("a", a), ("b", b), ("c", c), ("d", d))}
    mid = {name: walls[ids].mean(axis=1) for name, ids in e.items()}
    half = {name: 0.5 * np.linalg.norm(walls[ids][:, 1] - walls[ids][:, 0], axis=1) for name, ids in e.items()}
    shortest = np.min(np.stack([half["a"], half["b"], half["c"], half["d"]]), axis=0)
    w = np.minimum(HALF_WIDTH, WIDTH_SHARE * shortest)[:, None]
    return _Frame(x, cen[x], u, v, _perp(u), _perp(v), w, e, mid, half)


POST_CHUNK = 16384
"""Crossings whose posts are computed at a time on non-square grids (bounds the temporaries)."""


def bridge_posts(maze: Maze) -> np.ndarray:
    """The posts of ``maze``'s crossings: ``(K, 4, P, 2)`` float64, cell units.

    A post is a corner of a crossing cell outside both the bridge (between its rails) and
    the tunnel (between its walls): bounded by a rail, a tunnel wall and the cell's edges.
    Each is a convex polygon, counter-clockwise, padded to ``P`` points by repeating its
    last one.  Filled in the wall colour they make solid abutments: drawn as outlines only,
    the floor showed through them as a small hole when zoomed in.  Empty ``(0, 4, 3, 2)``
    without crossings.
    """
    k = len(maze.crossings)
    if not k:
        return np.zeros((0, 4, 3, 2))
    g = maze.grid
    if g.kind == "square":
        # Unit squares, strips along the axes, the same half width everywhere: each post is the
        # box between a cell corner and the point w from the centre on both axes.
        w = min(HALF_WIDTH, WIDTH_SHARE * 0.5)
        o = g.centers[maze.crossings[:, 0].astype(np.int64)]
        out = np.empty((k, 4, 4, 2))
        for q, (sx, sy) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
            x0, x1 = sorted((sx * w, sx * 0.5))
            y0, y1 = sorted((sy * w, sy * 0.5))
            out[:, q] = o[:, None, :] + np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
        return out
    return _clipped_posts(maze)


def _clipped_posts(maze: Maze) -> np.ndarray:
    """:func:`bridge_posts` for any convex cells, by clipping each cell, :data:`POST_CHUNK` crossings at a time."""
    g = maze.grid
    k = len(maze.crossings)
    parts = []
    for lo in range(0, k, POST_CHUNK):
        fr = _frame(maze, slice(lo, lo + POST_CHUNK))
        w = fr.w
        rail_ends = [fr.mid[name] + s * w * fr.pu for name in ("a", "b") for s in (1.0, -1.0)]
        feet = [fr.mid[name] + s * w * fr.pv for name in ("c", "d") for s in (1.0, -1.0)]
        corners = _polygon_corners(g.poly_indptr, g.poly_xy, fr.cells)
        parts.append(_posts(fr.o, fr.pu, fr.pv, w[:, 0], [*corners, *rail_ends, *feet]))
    p = max(part.shape[2] for part in parts)
    return np.concatenate([np.concatenate([q, np.repeat(q[:, :, -1:], p - q.shape[2], axis=2)], axis=2)
                           for q in parts])


def post_triangles(posts: np.ndarray) -> np.ndarray:
    """:func:`bridge_posts` as a triangle fan each: ``(K * 4 * (P - 2) * 3, 2)`` float64 vertices, by crossing."""
    k, _, p, _ = posts.shape
    if k == 0 or p < 3:
        return np.zeros((0, 2))
    fan = np.stack([np.zeros(p - 2, dtype=np.int64), np.arange(1, p - 1), np.arange(2, p)], axis=1)
    return posts[:, :, fan.ravel()].reshape(-1, 2)


def _polygon_corners(indptr: np.ndarray, xy: np.ndarray, cells: np.ndarray) -> list[np.ndarray]:
    """The polygon vertices of ``cells`` as a list of ``(K, 2)`` arrays, as many as the largest polygon
    has (a smaller polygon repeats its last vertex)."""
    lo = indptr[cells].astype(np.int64)
    count = indptr[cells + 1].astype(np.int64) - lo
    return [xy[lo + np.minimum(j, count - 1)] for j in range(int(count.max()))]


def _posts(o: np.ndarray, pu: np.ndarray, pv: np.ndarray, w: np.ndarray, points: list[np.ndarray]) -> np.ndarray:
    """The four corner regions ``{s1 * (p - o)·pu >= w, s2 * (p - o)·pv >= w}`` of each convex cell.

    ``points`` holds every vertex such a region can have except the rail / tunnel-wall
    crossings, which are added here: the cell's vertices and where the rails and the tunnel
    walls meet the cell's edges.  Each region keeps the points inside it, sorted by angle
    about their mean (they are the vertices of a convex polygon).
    """
    basis = np.stack([pu, pv], axis=1)  # (K, 2, 2): rows pu, pv
    signs = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
    meet = o[:, None, :] + np.linalg.solve(basis[:, None], (signs[None] * w[:, None, None])[..., None])[..., 0]
    cand = np.concatenate([np.stack(points, axis=1), meet], axis=1)  # (K, C, 2)
    rel = cand - o[:, None, :]
    coord = np.stack([np.einsum("kcj,kj->kc", rel, pu), np.einsum("kcj,kj->kc", rel, pv)], axis=-1)  # (K, C, 2)
    eps = 1e-9
    inside = np.all(coord[:, None, :, :] * signs[None, :, None, :] >= w[:, None, None, None] - eps, axis=-1)
    count = inside.sum(axis=2)  # (K, 4)
    mean = np.einsum("kqc,kcj->kqj", inside, cand) / np.maximum(count, 1)[..., None]
    d = cand[:, None, :, :] - mean[:, :, None, :]
    ang = np.where(inside, np.arctan2(d[..., 1], d[..., 0]), np.inf)
    order = np.argsort(ang, axis=2, kind="stable")
    p = max(3, int(count.max()))
    take = np.minimum(np.arange(p)[None, None, :], np.maximum(count, 1)[..., None] - 1)
    idx = np.take_along_axis(order, take, axis=2)  # (K, 4, P)
    return np.take_along_axis(cand[:, None, :, :], idx[..., None], axis=2)


def standing_walls(maze: Maze) -> tuple[np.ndarray, np.ndarray]:
    """The wall segments to draw inside the maze (not the outer boundary) and the cells each belongs to.

    Every closed edge's wall, except a weave maze's hidden ones (:attr:`Bridges.hidden`) and a maze
    with floors' stair candidates, then the bridges' segments.
    Returns ``(segments (k, 2, 2) float64, cells (k, 2) int64)``:
    a wall's two cells, or the crossing cell twice for a bridge segment (for drawing in the dark).
    """
    g = maze.grid
    closed = ~maze.passage
    if g.floors > 1:  # a closed stair candidate is a floor or ceiling: no wall to draw
        closed[g.stair_start :] = False
    if not maze.is_weave:
        return g.walls[closed], g.edges[closed].astype(np.int64)
    br = bridges(maze)
    closed = closed.copy()
    closed[br.hidden] = False
    per = len(br.segments) // len(maze.crossings)
    owner = np.tile(maze.crossings[:, 0].astype(np.int64), per)  # segments are grouped by kind, crossings inside
    return (np.concatenate([g.walls[closed], br.segments]),
            np.concatenate([g.edges[closed].astype(np.int64), np.stack([owner, owner], axis=1)]))
