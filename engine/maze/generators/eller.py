"""Eller's algorithm: one row at a time, remembering only the current row's sets.

Row by row (row 0 first):

1. cells not yet in a set get a set of their own;
2. each pair of east neighbours in different sets is joined with probability
   1/2 (merging their sets); in the last row every such pair is joined;
3. each candidate link to the row above is opened with probability 1/2, then every
   set without a link opens one uniformly chosen link, so no set is cut off;
   cells of the next row reached by a link inherit the set.

Works on grids whose rows are chains of east neighbours, where every cell below
the top row has a neighbour above and every cell at most one below (square and
polar grids).  Memory beyond the output is proportional to one row.
"""

from __future__ import annotations

import numpy as np

from engine.maze.generators._common import Record, make_generator_forms, pick, rows_of, u32_array
from engine.maze.generators._info import ELLER_SHAPES, generator_info
from engine.maze.grids.base import Grid
from engine.rng import Rng


def eller_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Eller's algorithm; returns the ``(E,)`` bool passages.

    Per row below the top: ``L - 1`` raw words for the joins, one per upward
    link candidate, and one per set that needed a forced link.

    Raises:
        ValueError: if the grid's rows are unsuitable.
    """
    rows = rows_of(grid)
    if not (rows.contiguous and rows.all_north and rows.single_south):
        raise ValueError(
            "eller needs a grid whose rows are chains of east neighbours, each cell below the top "
            "row with a neighbour above and at most one below"
        )
    pas = np.zeros(grid.num_edges, dtype=bool)
    row_ptr = rows.row_ptr.tolist()
    nrows = len(row_ptr) - 1
    cells = rows.cells
    north_ptr = rows.north_ptr
    lab = np.arange(row_ptr[1] - row_ptr[0], dtype=np.int64)  # set label per cell of the row, < row length
    for r in range(nrows):
        s, t = row_ptr[r], row_ptr[r + 1]
        length = t - s
        last = r == nrows - 1
        if rec is not None:
            for c in cells[s:t].tolist():
                rec.append(("visit", c))
        # -- joins along the row (union-find over the row's labels) --------
        differ = lab[:-1] != lab[1:]
        if last:
            want = differ
        else:
            want = differ & ((rng.u64_array(length - 1) >> np.uint64(63)) == 1)
        parent = list(range(length))
        labl = lab.tolist()
        east = rows.east[s:t]
        opened = []
        for i in np.flatnonzero(want).tolist():
            a = labl[i]
            while parent[a] != a:
                parent[a] = a = parent[parent[a]]
            b = labl[i + 1]
            while parent[b] != b:
                parent[b] = b = parent[parent[b]]
            if a != b:
                if a < b:
                    parent[b] = a
                else:
                    parent[a] = b
                opened.append(i)
        if opened:
            ee = east[opened]
            pas[ee] = True
            if rec is not None:
                for i, e in zip(opened, ee.tolist(), strict=True):
                    rec.append(("current", int(cells[s + i])))
                    rec.append(("open", e))
        if last:
            break
        # Resolve every label to its root (pointer jumping, vectorised).
        par = np.array(parent, dtype=np.int64)
        while True:
            nxt = par[par]
            if np.array_equal(nxt, par):
                break
            par = nxt
        lab = par[lab]
        # -- links to the next row -----------------------------------------
        lo, hi = north_ptr[s], north_ptr[t]
        k = hi - lo
        owner = np.repeat(np.arange(length), np.diff(north_ptr[s : t + 1]))  # row-local lower cell
        cset = lab[owner]
        take = (rng.u64_array(k) >> np.uint64(63)) == 1
        has = np.zeros(length, dtype=bool)
        has[cset[take]] = True
        present = np.zeros(length, dtype=bool)
        present[cset] = True
        need = np.flatnonzero(present & ~has)
        if len(need):
            order = np.argsort(cset, kind="stable")
            counts = np.bincount(cset, minlength=length)
            first = np.concatenate(([0], np.cumsum(counts)[:-1]))
            chosen = order[first[need] + pick(u32_array(rng, len(need)), counts[need])]
            take[chosen] = True
        up_cells = rows.north_cell[lo:hi][take]
        up_edges = rows.north_edge[lo:hi][take]
        pas[up_edges] = True
        if rec is not None:
            for c, e in zip(cells[s:t][owner[take]].tolist(), up_edges.tolist(), strict=True):
                rec.append(("current", c))
                rec.append(("open", e))
        # -- labels of the next row -----------------------------------------
        t2 = row_ptr[r + 2]
        nlen = t2 - t
        upos = rows.pos[up_cells] - t
        nlab = np.arange(nlen, dtype=np.int64)
        lset = cset[take]
        # A linked set is named after the position of its first linked cell in
        # the new row; other cells keep their own position: names stay < nlen.
        srt = np.argsort(upos, kind="stable")
        upos, lset = upos[srt], lset[srt]
        _, first_idx, inv = np.unique(lset, return_index=True, return_inverse=True)
        nlab[upos] = upos[first_idx][inv.ravel()]
        lab = nlab
    return pas


run_eller, steps_eller = make_generator_forms("Eller's algorithm", eller_core)

INFO = generator_info(
    "eller",
    "EL",
    "Eller: row by row with sets, memory of one row only",
    ELLER_SHAPES,
    run_eller,
    steps_eller,
    masks=False,
)
