"""How a weave maze's crossings are drawn: the one geometry SVG, PNG and the game share.

A crossing reads as a bridge over a tunnel.  In the crossing cell the over corridor
is drawn narrower than a cell, between two **rails** parallel to it; the under
passage shows as two short **tunnel walls** (stubs) on each under side, from the
cell's edge to the nearer rail, so the tunnel seems to run on below the bridge.  The
crossing cell's edges are drawn as walls except the gaps where the bridge and the
tunnel leave it, which closes the four corners.  The cell's walls on the under sides
are therefore replaced (``hidden``) by those pieces; every other wall is drawn as usual.

All coordinates are cell units (y up), like :attr:`engine.grids.base.Grid.walls`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.maze import Maze

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
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def _perp(v: np.ndarray) -> np.ndarray:
    return np.stack([-v[..., 1], v[..., 0]], axis=-1)


def bridges(maze: Maze) -> Bridges:
    """The bridge geometry of ``maze`` (empty arrays when it has no crossings).

    The over corridor's ends are the crossing cell's two open neighbours, the under
    ends come from ``maze.crossings``.
    """
    from engine.weave import edges_between, over_ends

    k = len(maze.crossings)
    if not k:
        z = np.zeros((0, 2, 2))
        return Bridges(np.zeros(0, dtype=np.int64), z, np.zeros((0, 4, 2)), np.zeros((0, 2, 2, 2)))
    g = maze.grid
    cen = g.centers
    x, c, d = (maze.crossings[:, i].astype(np.int64) for i in range(3))
    ends = over_ends(maze)
    a, b = ends[:, 0], ends[:, 1]
    o = cen[x]
    u = _unit(cen[b] - cen[a])
    v = _unit(cen[d] - cen[c])
    pu, pv = _perp(u), _perp(v)
    walls = g.walls
    e = {name: edges_between(g, x, y) for name, y in (("a", a), ("b", b), ("c", c), ("d", d))}
    mid = {name: walls[ids].mean(axis=1) for name, ids in e.items()}
    half = {name: 0.5 * np.linalg.norm(walls[ids][:, 1] - walls[ids][:, 0], axis=1) for name, ids in e.items()}
    shortest = np.min(np.stack([half["a"], half["b"], half["c"], half["d"]]), axis=0)
    w = np.minimum(HALF_WIDTH, WIDTH_SHARE * shortest)[:, None]
    segs: list[np.ndarray] = []
    rails = np.stack([np.stack([mid["a"] + s * w * pu, mid["b"] + s * w * pu], axis=1) for s in (1.0, -1.0)],
                     axis=1)  # (K, 2 rails, 2 ends, 2)
    segs += [rails[:, 0], rails[:, 1]]
    decks = np.stack([mid["a"] - w * pu, mid["b"] - w * pu, mid["b"] + w * pu, mid["a"] + w * pu], axis=1)
    for name, t in (("c", -v), ("d", v)):  # t: from the crossing cell towards that under end
        m = mid[name]
        side = np.sign(np.einsum("ij,ij->i", m - o, pu))[:, None]  # which rail faces this side
        tdot = np.einsum("ij,ij->i", t, pu)[:, None]
        for s in (1.0, -1.0):
            foot = m + s * w * pv
            step = (np.einsum("ij,ij->i", foot - o, pu)[:, None] - side * w) / tdot
            segs.append(np.stack([foot, foot - step * t], axis=1))  # the tunnel wall, edge -> rail
    for name, along in (("a", pu), ("b", pu), ("c", pv), ("d", pv)):  # the cell's edges minus the gaps
        m, hl = mid[name], half[name][:, None]
        for s in (1.0, -1.0):
            segs.append(np.stack([m + s * hl * along, m + s * w * along], axis=1))
    hidden = np.concatenate([e["c"], e["d"]])
    return Bridges(hidden, np.concatenate(segs), decks, rails)


def standing_walls(maze: Maze) -> tuple[np.ndarray, np.ndarray]:
    """The wall segments to draw inside the maze (not the outer boundary) and the cells each belongs to.

    Every closed edge's wall, except a weave maze's hidden ones (:attr:`Bridges.hidden`),
    then the bridges' segments.  Returns ``(segments (k, 2, 2) float64, cells (k, 2) int64)``:
    a wall's two cells, or the crossing cell twice for a bridge segment (for drawing in the dark).
    """
    g = maze.grid
    closed = ~maze.passage
    if not maze.is_weave:
        return g.walls[closed], g.edges[closed].astype(np.int64)
    br = bridges(maze)
    closed = closed.copy()
    closed[br.hidden] = False
    per = len(br.segments) // len(maze.crossings)
    owner = np.tile(maze.crossings[:, 0].astype(np.int64), per)  # segments are grouped by kind, crossings inside
    return (np.concatenate([g.walls[closed], br.segments]),
            np.concatenate([g.edges[closed].astype(np.int64), np.stack([owner, owner], axis=1)]))
