"""The backtracker on a whole upsilon (octagon-square) grid, through its lattice.

The same draws and the same maze as :func:`engine.maze.generators.backtracker.backtracker_core`'s
general form (tested in tests/test_fast_paths.py).  Cells sit at *positions*: octagon ``(row, col)``
at ``row * stride + col`` and square ``(row, col)`` at ``SQ + row * stride + col`` (``stride =
width + 1``; padding columns, a gap of padding rows between the two lattices and after the
squares), so visiting a cell clears its bit in its neighbours' masks with four or eight inlined
statements whose writes toward missing neighbours land on padding.  Mask bits are directions
(octagon: SW, S, SE, E, NE, N, NW, W; square: SW, SE, NE, NW, the grid's CSR order with missing
neighbours left out), so the ``j``-th unvisited neighbour is the same cell in both forms.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

import numpy as np

from engine.maze.generators._common import COUNT, SLOTS, GeneratorStep, Record, chunk_size, to_passage, u32_list
from engine.maze.grids.base import Grid
from engine.rng import Rng

# The slot a cell holds in its neighbour toward each of its slots (octagon, square).
_OCT_BACK = (2, 5, 3, 7, 0, 1, 1, 3)
_SQ_BACK = (4, 6, 0, 2)


@dataclass(frozen=True)
class UpsilonTables:
    """Lattice arithmetic of a whole upsilon grid (module docstring).

    Attributes:
        width, stride: octagons per row ``w`` and ``w + 1``.
        sq: the first square position.
        octagon, square: position steps toward each slot of an octagon / a square.
        oct_clear, sq_clear: per slot, the AND-mask removing the cell's bit from that neighbour.
        masks: per position, the directions with a neighbour (0 on padding), then padding.
        edges: ``edges[8 * p + k]`` is the edge toward slot ``k`` of the cell at ``p`` (-1: none).
    """

    width: int
    stride: int
    sq: int
    octagon: tuple[int, ...]
    square: tuple[int, ...]
    oct_clear: tuple[int, ...]
    sq_clear: tuple[int, ...]
    masks: bytes
    edges: array[int]

    def position(self, cell: int, n_oct: int) -> int:
        """The position of cell id ``cell`` (``n_oct``: the number of octagons)."""
        w = self.width
        if cell < n_oct:
            return cell + cell // w
        j = cell - n_oct
        return self.sq + j + 2 * (j // (w - 1))

    def cell(self, p: int, n_oct: int) -> int:
        """The cell id at position ``p``."""
        s = self.stride
        if p < self.sq:
            return p - p // s
        r, c = divmod(p - self.sq, s)
        return n_oct + r * (self.width - 1) + c


def upsilon_tables(grid: Grid) -> UpsilonTables:
    """The (memoised) :class:`UpsilonTables` of a whole upsilon grid (built from its CSR).

    Raises:
        ValueError: if the grid is not a whole upsilon grid.
    """
    if grid.kind != "upsilon" or not grid.plain:
        raise ValueError(f"upsilon tables need a whole upsilon grid, not a {grid.kind} one")
    return grid.memo("upsilon.tables", lambda: _tables(grid))


def _tables(grid: Grid) -> UpsilonTables:
    w, h = grid.width, grid.height
    s = w + 1
    sq = (h + 2) * s + 2
    size = sq + h * s + 2 * s + 2
    r = np.arange(h)[:, None]
    c = np.arange(w)[None, :]
    lo_r, hi_r, lo_c, hi_c = r > 0, r < h - 1, c > 0, c < w - 1
    odirs = [
        lo_r & lo_c,
        lo_r & (c >= 0),
        lo_r & hi_c,
        hi_c & (r >= 0),
        hi_r & hi_c,
        hi_r & (c >= 0),
        hi_r & lo_c,
        lo_c & (r >= 0),
    ]  # SW, S, SE, E, NE, N, NW, W
    has = np.zeros((size, 8), dtype=bool)
    opos = (r * s + c).ravel()
    for k, d in enumerate(odirs):
        has[opos, k] = d.ravel()
    spos = (sq + np.arange(h - 1)[:, None] * s + np.arange(w - 1)[None, :]).ravel()
    has[spos, :4] = True
    # CSR order is cell order, and within a cell direction order: the set (position, direction)
    # pairs in cell order line up with the CSR entries.
    at = np.concatenate([opos, spos])
    rows, dirs = np.nonzero(has[at])
    edges = np.full(8 * size, -1, dtype=np.int32)
    edges[8 * at[rows] + dirs] = grid.edge_id
    masks = np.packbits(has, axis=1, bitorder="little").ravel()
    return UpsilonTables(
        w,
        s,
        sq,
        (sq - s - 1, -s, sq - s, 1, sq, s, sq - 1, -1),
        (-sq, -sq + 1, -sq + s + 1, -sq + s),
        tuple(0xFF ^ (1 << b) for b in _OCT_BACK),
        tuple(0xFF ^ (1 << b) for b in _SQ_BACK),
        masks.tobytes(),
        array("i", edges.tobytes()),
    )


def _visit(um: bytearray, p: int, t: UpsilonTables) -> None:
    """Clear the bit of the cell at position ``p`` in its neighbours' masks (the loop inlines this)."""
    steps, clear = (t.octagon, t.oct_clear) if p < t.sq else (t.square, t.sq_clear)
    for o, q in zip(steps, clear, strict=True):
        um[p + o] &= q


def upsilon_backtracker(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """:func:`engine.maze.generators.backtracker.backtracker_core` on a whole upsilon grid."""
    t = upsilon_tables(grid)
    n = grid.n
    n_oct = grid.width * grid.height
    sq, eid = t.sq, t.edges
    ost, sst = t.octagon, t.square
    a0, a1, a2, a3, a4, a5, a6, a7 = ost
    b0, b1, b2, b3 = sst
    q0, q1, q2, q3, q4, q5, q6, q7 = t.oct_clear
    r0, r1, r2, r3 = t.sq_clear
    um = bytearray(t.masks)
    pas = bytearray(grid.num_edges)
    c = t.position(rng.below(n), n_oct)
    _visit(um, c, t)
    stack = [c]
    push = stack.append
    pop = stack.pop
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    if rec is not None:
        rec.append(("visit", c))
        rec.append(("current", c))
    while True:
        mk = um[c]
        if mk:
            m = COUNT[mk]
            if m == 1:
                k = SLOTS[mk][0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = SLOTS[mk][(buf[bi] * m) >> 32]
                bi += 1
            e = eid[8 * c + k]
            d = c + (ost[k] if c < sq else sst[k])
            if d < sq:
                um[d + a0] &= q0
                um[d + a1] &= q1
                um[d + a2] &= q2
                um[d + a3] &= q3
                um[d + a4] &= q4
                um[d + a5] &= q5
                um[d + a6] &= q6
                um[d + a7] &= q7
            else:
                um[d + b0] &= r0
                um[d + b1] &= r1
                um[d + b2] &= r2
                um[d + b3] &= r3
            pas[e] = 1
            push(d)
            c = d
            if rec is not None:
                rec.append(("open", e))
                rec.append(("visit", d))
                rec.append(("current", d))
        else:
            pop()
            if not stack:
                break
            c = stack[-1]
            if rec is not None:
                rec.append(("current", c))
    if rec is not None:
        _to_cells(rec, t, n_oct)
    return to_passage(pas)


def _to_cells(rec: list[GeneratorStep], t: UpsilonTables, n_oct: int) -> None:
    """Rewrite the positions in ``rec``'s visit/current steps as cell ids (edge ids are already right)."""
    for i, (what, x) in enumerate(rec):
        if what in ("visit", "current"):
            rec[i] = (what, t.cell(x, n_oct))
