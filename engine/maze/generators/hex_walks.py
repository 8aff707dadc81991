"""The backtracker and hunt-and-kill on a whole hex grid, through its lattice (:class:`HexTables`).

The same draws and the same maze as the general forms in
:mod:`engine.maze.generators.backtracker` and :mod:`engine.maze.generators.hunt_and_kill` (tested
in tests/test_fast_paths.py): cells are kept at lattice positions, so visiting a cell clears
its bit in its six neighbours' masks with six inlined statements (the general form loops over
a per-cell tuple), and edge ids come from one table.  Slots are the grid's CSR order (SW, SE, E,
NE, NW, W), so the ``j``-th unvisited neighbour is the same cell in both forms.  The backtracker's fast
form keeps cells at axial positions (:func:`axial_masks`), where a step's offset does not depend on the row.
"""

from __future__ import annotations

import numpy as np

from engine.maze.generators._common import COUNT, SLOTS, GeneratorStep, Record, chunk_size, to_passage, u32_list
from engine.maze.grids.base import Grid
from engine.maze.grids.hex import CLEAR, HexTables, hex_tables
from engine.rng import Rng


def _visit(um: bytearray, p: int, t: HexTables) -> None:
    """Clear the bit of the cell at position ``p`` in its neighbours' masks (the loops inline this)."""
    for o, q in zip(t.odd if t.parity[p] else t.even, t.clear, strict=True):
        um[p + o] &= q


def _to_cells(rec: list[GeneratorStep], stride: int) -> None:
    """Rewrite the positions in ``rec``'s visit/current steps as cell ids (edge ids are already right)."""
    for i, (what, x) in enumerate(rec):
        if what in ("visit", "current"):
            rec[i] = (what, x - x // stride)


def hex_backtracker(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """:func:`engine.maze.generators.backtracker.backtracker_core` on a whole hex grid (the stack holds the
    cells behind the current one, so backing up is one ``pop``); the fast form is :func:`_axial_backtracker`."""
    if rec is None:
        return _axial_backtracker(grid, rng)
    t = hex_tables(grid)
    n = grid.n
    w = t.width
    even, odd, par, eid = t.even, t.odd, t.parity, t.edges
    a0, a1, a2, a3, a4, a5 = even
    b0, b1, b2, b3, b4, b5 = odd
    q0, q1, q2, q3, q4, q5 = t.clear
    um = bytearray(t.masks)
    pas = bytearray(grid.num_edges)
    c = rng.below(n)
    c += c // w
    _visit(um, c, t)
    stack: list[int] = []
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
            e = eid[6 * c + k]
            pas[e] = 1
            push(c)
            if par[c]:
                c += odd[k]
            else:
                c += even[k]
            if par[c]:
                um[c + b0] &= q0
                um[c + b1] &= q1
                um[c + b2] &= q2
                um[c + b3] &= q3
                um[c + b4] &= q4
                um[c + b5] &= q5
            else:
                um[c + a0] &= q0
                um[c + a1] &= q1
                um[c + a2] &= q2
                um[c + a3] &= q3
                um[c + a4] &= q4
                um[c + a5] &= q5
            if rec is not None:
                rec.append(("open", e))
                rec.append(("visit", c))
                rec.append(("current", c))
        else:
            try:
                c = pop()
            except IndexError:  # back at the start with nothing left to visit
                break
            if rec is not None:
                rec.append(("current", c))
    if rec is not None:
        _to_cells(rec, t.stride)
    return to_passage(pas)


AXIAL_KEY = "hex.axial"
"""Memo key of a whole hex grid's :func:`axial_masks`."""


def axial_masks(grid: Grid) -> tuple[int, int, bytes]:
    """``(stride, shift, masks)``: the slot masks of :class:`HexTables` laid out in axial coordinates.

    The cell at row ``r``, column ``c`` sits at position ``(r + 1) * stride + c - r // 2 + shift``: every
    row is shifted west by half a cell per row, so odd rows no longer stand out and the steps toward
    slots SW, SE, E, NE, NW, W are the same from every cell (:data:`AXIAL_STEPS` of the stride).  A
    padding row below and above and a padding column at each side take the writes that miss.
    """
    w, h = grid.width, grid.height

    def build() -> tuple[int, int, bytes]:
        t = hex_tables(grid)
        shift = (h - 1) // 2 + 1
        stride = w + shift + 1
        rect = np.frombuffer(t.masks, dtype=np.uint8)[: h * t.stride].reshape(h, t.stride)[:, :w]
        out = np.zeros((h + 2) * stride, dtype=np.uint8)
        r = np.arange(h)
        start = (r + 1) * stride - r // 2 + shift  # position of each row's first cell
        out[(start[:, None] + np.arange(w)).ravel()] = rect.ravel()
        return stride, shift, out.tobytes()

    return grid.memo(AXIAL_KEY, build)


def _axial_backtracker(grid: Grid, rng: Rng) -> np.ndarray:
    """:func:`hex_backtracker`'s fast form on :func:`axial_masks`: a step is one offset whatever the row, and
    the walk notes only the slot it entered each cell by; the tree's edges are looked up afterwards,
    vectorised (the edge toward slot ``k`` of the parent is the child's edge toward slot ``k + 3``)."""
    w = grid.width
    n = grid.n
    stride, shift, masks = axial_masks(grid)
    steps = (-stride, -stride + 1, 1, stride, stride - 1, -1)
    o0, o1, o2, o3, o4, o5 = steps
    q0, q1, q2, q3, q4, q5 = CLEAR
    um = bytearray(masks)
    came = bytearray(b"\xff") * len(um)  # the slot each cell was entered by (0xFF: the start, or no cell)
    c = rng.below(n)
    r = c // w
    c = (r + 1) * stride + c % w - r // 2 + shift
    for o, q in zip(steps, CLEAR, strict=True):
        um[c + o] &= q
    stack: list[int] = []
    push = stack.append
    pop = stack.pop
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
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
            push(c)
            c += steps[k]
            came[c] = k
            um[c + o0] &= q0
            um[c + o1] &= q1
            um[c + o2] &= q2
            um[c + o3] &= q3
            um[c + o4] &= q4
            um[c + o5] &= q5
        else:
            try:
                c = pop()
            except IndexError:  # back at the start with nothing left to visit
                break
    entered = np.frombuffer(came, dtype=np.uint8)
    at = np.flatnonzero(entered != 0xFF)
    back = (entered[at].astype(np.int64) + 3) % 6
    row = at // stride - 1
    col = at % stride - shift + row // 2
    t = hex_tables(grid)
    eid = np.frombuffer(t.edges, dtype=np.int32)
    pas = np.zeros(grid.num_edges, dtype=bool)
    pas[eid[6 * (row * t.stride + col) + back]] = True
    return pas


def hex_hunt_and_kill(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """:func:`engine.maze.generators.hunt_and_kill.hunt_and_kill_core` on a whole hex grid.

    Hunt targets are flags by position; position order is cell order, so the first flag is
    the first cell by id, as in the general form.
    """
    t = hex_tables(grid)
    n = grid.n
    w, s = t.width, t.stride
    even, odd, par, eid, full = t.even, t.odd, t.parity, t.edges, t.masks
    a0, a1, a2, a3, a4, a5 = even
    b0, b1, b2, b3, b4, b5 = odd
    q0, q1, q2, q3, q4, q5 = t.clear
    um = bytearray(full)
    pas = bytearray(grid.num_edges)
    c = rng.below(n)
    c += c // w
    _visit(um, c, t)
    left = n - 1
    npos = len(full)
    front = bytearray(npos)  # as in the general form: unvisited positions next to the maze
    lo = npos
    below = s + 1  # no neighbour lies further back than one row and one column
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    if rec is not None:
        rec.append(("visit", c))
        rec.append(("current", c))
    while left:
        mk = um[c]
        if mk:
            sl = SLOTS[mk]
            st = odd if par[c] else even
            for k in sl:
                front[c + st[k]] = 1
            if c - below < lo:
                lo = c - below if c > below else 0
            m = COUNT[mk]
            if m == 1:
                k = sl[0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = sl[(buf[bi] * m) >> 32]
                bi += 1
            d = c + st[k]
            e = eid[6 * c + k]
        else:
            d = lo = front.find(1, lo)
            inside = SLOTS[full[d] ^ um[d]]
            m = len(inside)
            if m == 1:
                k = inside[0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = inside[(buf[bi] * m) >> 32]
                bi += 1
            e = eid[6 * d + k]
        if par[d]:
            um[d + b0] &= q0
            um[d + b1] &= q1
            um[d + b2] &= q2
            um[d + b3] &= q3
            um[d + b4] &= q4
            um[d + b5] &= q5
        else:
            um[d + a0] &= q0
            um[d + a1] &= q1
            um[d + a2] &= q2
            um[d + a3] &= q3
            um[d + a4] &= q4
            um[d + a5] &= q5
        front[d] = 0
        pas[e] = 1
        left -= 1
        c = d
        if rec is not None:
            rec.append(("open", e))
            rec.append(("visit", d))
            rec.append(("current", d))
    if rec is not None:
        _to_cells(rec, s)
    return to_passage(pas)


def hex_prim_simple(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """:func:`engine.maze.generators.prim_simple.prim_simple_core` on a whole hex grid: the frontier
    holds positions, ``um[p]`` the slots of ``p``'s neighbours not yet in the maze."""
    t = hex_tables(grid)
    n = grid.n
    w = t.width
    even, odd, par, eid, full = t.even, t.odd, t.parity, t.edges, t.masks
    a0, a1, a2, a3, a4, a5 = even
    b0, b1, b2, b3, b4, b5 = odd
    q0, q1, q2, q3, q4, q5 = t.clear
    um = bytearray(full)
    infr = bytearray(len(full))
    pas = bytearray(grid.num_edges)
    start = rng.below(n)
    start += start // w
    _visit(um, start, t)
    st = odd if par[start] else even
    frontier = [start + st[k] for k in SLOTS[full[start]]]
    for d in frontier:
        infr[d] = 1
    pop, add = frontier.pop, frontier.append
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    lim = cs - 2
    if rec is not None:
        rec.append(("visit", start))
    while frontier:
        if bi > lim:
            buf = u32_list(rng, cs)
            bi = 0
        i = (buf[bi] * len(frontier)) >> 32
        bi += 1
        f = frontier[i]
        last = pop()
        if i < len(frontier):
            frontier[i] = last
        mk = full[f] ^ um[f]
        m = COUNT[mk]
        if m == 1:
            k = SLOTS[mk][0]
        else:
            k = SLOTS[mk][(buf[bi] * m) >> 32]
            bi += 1
        e = eid[6 * f + k]
        pas[e] = 1
        if par[f]:
            st = odd
            um[f + b0] &= q0
            um[f + b1] &= q1
            um[f + b2] &= q2
            um[f + b3] &= q3
            um[f + b4] &= q4
            um[f + b5] &= q5
        else:
            st = even
            um[f + a0] &= q0
            um[f + a1] &= q1
            um[f + a2] &= q2
            um[f + a3] &= q3
            um[f + a4] &= q4
            um[f + a5] &= q5
        if rec is not None:
            rec.append(("current", f + st[k]))
            rec.append(("open", e))
            rec.append(("visit", f))
        for k in SLOTS[um[f]]:
            d = f + st[k]
            if not infr[d]:
                infr[d] = 1
                add(d)
    if rec is not None:
        _to_cells(rec, t.stride)
    return to_passage(pas)
