"""The backtracker on a whole polar grid through ring positions (:class:`PolarTables`).

The same draws and the same maze as :func:`engine.maze.generators.backtracker.backtracker_core`'s
general form (tested in tests/test_fast_paths.py).  Cells sit at positions ``(ring + 1) * S + 1 + col``
(``S`` = the largest ring plus 2, so rings above and below and the ring's ends have room), and a cell's
unvisited neighbours are kept by *direction* (bit 0 previous in the ring, 1 next, 2 and 3 the first and
second cell outward, 4 inward) instead of by CSR slot.  A cell whose ring, and the rings beside it, have
its count and which is not at a ring's end (all but about 1 % of a big grid) has its neighbours at
``-1, +1, +S, -S``, so visiting it clears four bits with four inlined statements; the others use a small
table of their own.  The draw picks the ``j``-th unvisited neighbour in the grid's CSR order (by angle,
which differs along a ring) through a table per CSR order, so it is the same cell as in the general
form.  Passages are found after the walk from the direction each cell was entered by.
"""

from __future__ import annotations

import numpy as np

from engine.maze.generators._common import COUNT, chunk_size, u32_list
from engine.maze.grids.base import Grid
from engine.maze.grids.polar import IN, NEXT, ORDERS_KEY, OUT0, OUT1, PREV, ring_counts
from engine.rng import Rng

_BACK = np.array([NEXT, PREV, IN, IN, OUT0], dtype=np.int64)  # the way back from a regular cell's step


class PolarTables:
    """A whole polar grid's walker tables (see the module docstring; built by :func:`polar_tables`).

    Attributes:
        stride: ``S``, positions per ring.
        pos: ``(n,)`` int32, the position of each cell.
        masks: per position, the directions that lead to a cell (0 off the grid).
        order: per position, the index of its CSR order in ``picks`` (:data:`engine.maze.grids.polar.ORDERS_KEY`).
        picks: per CSR order, per direction mask (0..31), the directions set in it in CSR order.
        slots: per CSR order, the CSR slot of each direction (-1: none).
        kind: ``(n,)`` uint8, each cell's CSR order (index into ``picks``).
        odd: per position, 1 for a cell that is not regular (module docstring).
        steps: per odd position, its offset to the neighbour in each direction (0 where none).
        clears: per odd position, ``(offset, mask)`` per neighbour: the mask clears its bit there.
        backs: per odd position, per direction, ``8 +`` the direction back from that neighbour.
    """

    def __init__(self, grid: Grid, orders: np.ndarray) -> None:
        w, h = grid.width, grid.height
        counts = np.array(ring_counts(w, h), dtype=np.int64)
        s = int(counts.max()) + 2
        self.stride = s
        row = grid.row.astype(np.int64)
        col = grid.col.astype(np.int64)
        self.pos = pos = ((row + 1) * s + 1 + col).astype(np.int32)
        present = np.flatnonzero(np.bincount(orders.astype(np.int64)))
        if len(present) > 255:
            raise ValueError("too many neighbour orders for the polar walker")
        number = np.zeros(int(present[-1]) + 1, dtype=np.int64)
        number[present] = np.arange(len(present))
        self.kind = kind = number[orders].astype(np.uint8)
        picks, slots, fulls = [], [], []
        for kk in present.tolist():
            dirs = []
            while kk:
                dirs.append(kk % 6 - 1)
                kk //= 6
            picks.append([tuple(x for x in dirs if mk >> x & 1) for mk in range(32)])
            slots.append([dirs.index(x) if x in dirs else -1 for x in range(5)])
            fulls.append(sum(1 << x for x in dirs))
        self.picks = picks
        self.slots = np.array(slots, dtype=np.int64)
        size = (h + 2) * s
        masks = np.zeros(size, dtype=np.uint8)
        masks[pos] = np.array(fulls, dtype=np.uint8)[kind]
        self.masks = masks.tobytes()
        order = np.zeros(size, dtype=np.uint8)
        order[pos] = kind
        self.order = order.tobytes()
        # Irregular: a ring end, or a ring whose count differs from the ring outside or inside it.
        m = counts[row]
        wider = np.concatenate((counts[1:] != counts[:-1], [False]))
        narrower = np.concatenate(([False], counts[1:] != counts[:-1]))
        irregular = wider[row] | narrower[row] | (col == 0) | (col == m - 1)
        odd = np.zeros(size, dtype=np.uint8)
        odd[pos[irregular]] = 1
        self.odd = bytearray(odd.tobytes())
        self._irregular_tables(grid, np.flatnonzero(irregular))

    def _irregular_tables(self, grid: Grid, cells: np.ndarray) -> None:
        ip = grid.indptr.astype(np.int64)
        pos, kind = self.pos, self.kind
        steps: dict[int, tuple[int, ...]] = {}
        clears: dict[int, tuple[tuple[int, int], ...]] = {}
        backs: dict[int, tuple[int, ...]] = {}
        nbr, slots = grid.nbr, self.slots
        for c in cells.tolist():
            p = int(pos[c])
            sl = slots[kind[c]].tolist()
            st, cl, bk = [0] * 5, [], [0] * 5
            for x in range(5):
                if sl[x] < 0:
                    continue
                y = int(nbr[ip[c] + sl[x]])
                o = int(pos[y]) - p
                if x == PREV:
                    b = NEXT
                elif x == NEXT:
                    b = PREV
                elif x == IN:  # this cell is the first or second outward of y
                    b = OUT0 if int(slots[kind[y], OUT1]) < 0 or int(nbr[ip[y] + slots[kind[y], OUT0]]) == c else OUT1
                else:
                    b = IN
                st[x], bk[x] = o, 8 + b
                cl.append((o, 0xFF ^ (1 << b)))
            steps[p], clears[p], backs[p] = tuple(st), tuple(cl), tuple(bk)
        self.steps, self.clears, self.backs = steps, clears, backs


def polar_tables(grid: Grid) -> PolarTables:
    """The (memoised) :class:`PolarTables` of a whole polar grid (made by ``make_polar``, which memoises
    its CSR orders).

    Raises:
        ValueError: if the grid is not a whole polar grid with its CSR orders.
    """
    if grid.kind != "polar" or not grid.plain or ORDERS_KEY not in grid.memoised():
        raise ValueError(f"polar tables need a whole polar grid, not a {grid.kind} one")
    orders: np.ndarray = grid.memo(ORDERS_KEY, lambda: np.zeros(0, dtype=np.int16))
    return grid.memo("polar.tables", lambda: PolarTables(grid, orders))


def polar_backtracker(grid: Grid, rng: Rng) -> np.ndarray:
    """The backtracker's ``(E,)`` bool passages on a whole polar grid (no step record)."""
    t = polar_tables(grid)
    n = grid.n
    s = t.stride
    picks, order, odd, steps, clears, backs = t.picks, t.order, t.odd, t.steps, t.clears, t.backs
    um = bytearray(t.masks)
    came = bytearray(len(um))
    q_prev, q_next, q_out, q_in = 0xFF ^ (1 << PREV), 0xFF ^ (1 << NEXT), 0xFF ^ (1 << OUT0), 0xFF ^ (1 << IN)
    off = (-1, 1, s, 0, -s)
    start = int(t.pos[rng.below(n)])
    c = start
    for o, q in clears[c] if odd[c] else ((-1, q_next), (1, q_prev), (s, q_in), (-s, q_out)):
        um[c + o] &= q
    stack = [c]
    push = stack.append
    pop = stack.pop
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    while True:
        mk = um[c]
        if mk:
            sl = picks[order[c]][mk]
            m = COUNT[mk]
            if m == 1:
                k = sl[0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = sl[(buf[bi] * m) >> 32]
                bi += 1
            if odd[c]:
                d = c + steps[c][k]
                came[d] = backs[c][k]
            else:
                d = c + off[k]
                came[d] = k
            if odd[d]:
                for o, q in clears[d]:
                    um[d + o] &= q
            else:
                um[d - 1] &= q_next
                um[d + 1] &= q_prev
                um[d + s] &= q_in
                um[d - s] &= q_out
            push(d)
            c = d
        else:
            pop()
            if not stack:
                break
            c = stack[-1]
    # Each cell but the start was entered from a neighbour: its way back names the passage.
    got = np.frombuffer(came, dtype=np.uint8)[t.pos].astype(np.int64)
    back = np.where(got & 8, got & 7, _BACK[got & 7])
    cells = np.flatnonzero(t.pos != start)
    entry = grid.indptr[cells].astype(np.int64) + t.slots[t.kind[cells], back[cells]]
    pas = np.zeros(grid.num_edges, dtype=bool)
    pas[grid.edge_id[entry]] = True
    return pas
