"""The estimates the beam search ranks positions by, each updated from the one tile a move slides.

A heuristic keeps, per position, a few ``int64`` words (``aux``: for pattern
databases, each group's table offset plus placement index) and one or
more ``int16`` estimates (one per *view*); the search keeps the largest view.
After the blank moves from cell ``b`` to cell ``q``, tile ``t`` has slid from
``q`` to ``b``, and :meth:`Heuristic.delta` gives each view's new estimate and
the words that change.  Everything is vectorised over the candidate moves of
a whole beam.

* :class:`PatternHeuristic` -- the additive pattern databases of
  :mod:`engine.puzzle.tables.pdb` (one table per tile group, read straight and, on a
  square board, on the transposed board: the goal is its own transpose).
* :class:`ManhattanHeuristic` -- the taxicab distance of a chosen set of tiles
  (the peeling stages of boards larger than 5x5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from engine.puzzle.tables.pdb import cell_base


class Heuristic(Protocol):
    """What the beam search needs from an estimate (see the module docstring)."""

    @property
    def views(self) -> int:
        """How many estimates each position carries (the search keeps the largest)."""
        ...

    def start(self, tiles: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """``(aux, values)`` of one position: ``(1, k)`` int64 words and ``(1, views)`` int16 estimates."""
        ...

    def delta(
        self, aux: np.ndarray, values: np.ndarray, tile: np.ndarray, src: np.ndarray, dst: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """``(new_words, new_values)`` when ``tile`` slides from cell ``src`` to ``dst`` (rows of a beam).

        ``new_words`` is ``(m, views)`` int64 (the word of each view that changes), ``new_values``
        ``(m, views)`` int16.
        """
        ...

    def commit(self, aux: np.ndarray, tile: np.ndarray, new_words: np.ndarray) -> None:
        """Write ``new_words`` (from :meth:`delta`) into ``aux`` (rows already those of the children)."""
        ...


def transpose_cells(width: int) -> np.ndarray:
    """Cell -> the cell mirrored on the main diagonal of a square board ``width`` wide (int64)."""
    c = np.arange(width * width, dtype=np.int64)
    return (c % width) * width + c // width


class PatternHeuristic:
    """The largest, over views, of the summed additive pattern databases of a square or oblong board.

    Args:
        width, height: the board.
        groups: disjoint tile groups covering ``1..n-1``.
        tables: each group's table from :func:`engine.puzzle.tables.pdb.pattern_table`.
    """

    def __init__(self, width: int, height: int, groups: Sequence[Sequence[int]], tables: Sequence[np.ndarray]) -> None:
        n = width * height
        base = cell_base(n)
        self.groups = len(groups)
        # one uint8 array (38 MiB for 5x5); a word is its group's offset here plus the placement index
        self.table = np.concatenate(tables)  # 255 (impossible placement) is never read
        self.offsets = np.cumsum([0] + [t.size for t in tables])[:-1].astype(np.int64)
        mirrors = (False, True) if width == height else (False,)
        self._views = len(mirrors)
        self.cell = np.zeros((self._views, n), np.int64)  # cell -> the view's cell
        self.col = np.zeros((self._views, n), np.int64)  # tile -> its column in aux
        self.scale = np.zeros((self._views, n), np.int64)  # tile -> its place value in its word
        where = {t: (g, i) for g, grp in enumerate(groups) for i, t in enumerate(grp)}
        for v, mirrored in enumerate(mirrors):
            tr = transpose_cells(width) if mirrored else np.arange(n, dtype=np.int64)
            self.cell[v] = tr
            for t in range(1, n):
                g, i = where[int(tr[t - 1]) + 1]
                self.col[v, t] = v * self.groups + g
                self.scale[v, t] = base**i

    @property
    def views(self) -> int:
        return self._views

    def start(self, tiles: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        aux = np.tile(self.offsets, self._views)[None, :].copy()
        for cell, t in enumerate(tiles):
            if t:
                for v in range(self._views):
                    aux[0, self.col[v, t]] += int(self.cell[v, cell]) * int(self.scale[v, t])
        values = np.zeros((1, self._views), np.int16)
        for v in range(self._views):
            for g in range(self.groups):
                values[0, v] += int(self.table[aux[0, v * self.groups + g]])
        return aux, values

    def delta(
        self, aux: np.ndarray, values: np.ndarray, tile: np.ndarray, src: np.ndarray, dst: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        rows = np.arange(tile.size)
        words = np.empty((tile.size, self._views), np.int64)
        new_values = values.copy()
        for v in range(self._views):
            old = aux[rows, self.col[v, tile]]
            new = old + (self.cell[v, dst] - self.cell[v, src]) * self.scale[v, tile]
            new_values[:, v] += self.table[new].astype(np.int16) - self.table[old]
            words[:, v] = new
        return words, new_values

    def commit(self, aux: np.ndarray, tile: np.ndarray, new_words: np.ndarray) -> None:
        rows = np.arange(tile.size)
        for v in range(self._views):
            aux[rows, self.col[v, tile]] = new_words[:, v]


def square_symmetry(width: int, name: str) -> np.ndarray:
    """Cell -> its image under a symmetry of a square board ``width`` wide (int64 ``(n,)``).

    ``name``: ``"id"``, ``"transpose"`` (main diagonal), ``"cw"`` (a quarter turn clockwise), ``"ccw"``.
    """
    c = np.arange(width * width, dtype=np.int64)
    r, k = c // width, c % width
    image = {"id": (r, k), "transpose": (k, r), "cw": (k, width - 1 - r), "ccw": (width - 1 - k, r)}[name]
    out: np.ndarray = image[0] * width + image[1]
    return out


RESIDUE_SHIFT = 40  # a modular word: its entry (table offset plus placement index, < 2**40) and, above, its residue
ENTRY_MASK = (1 << RESIDUE_SHIFT) - 1


#: One reading of a table: (the table's number, a cell symmetry ``s``).  It sums the table's group moved by
#: ``s``: the tiles whose homes are the images of the group's homes, their cells mapped back by ``s``'s inverse.
Reading = tuple[int, np.ndarray]


class ModularPatternHeuristic:
    """Pattern databases of 5x5 groups held modulo 4 (:mod:`engine.puzzle.tables.modular`), each read through
    symmetries of the board.

    A group's table counts only its own tiles' moves, blank and other tiles ignored, so it is the same
    for the group turned or mirrored (tiles renamed): one table serves every image of its group
    (Korf & Felner's 6-6-6-6 partition needs two tables for its four groups).  Each *view* is a list of
    readings whose groups partition the 24 tiles; its estimate is their sum.  A move changes a group's
    distance by exactly one, so the residue of the new placement tells whether it went up or down; the
    start's distances are read by walking down to the goal
    (:func:`engine.puzzle.tables.modular.full_distance`).  Each ``aux`` word holds a reading's table entry
    (below :data:`RESIDUE_SHIFT`) and that entry's residue above it, so a move reads the table once (the new
    entry), not twice.

    Args:
        groups: each table's tiles, in its index order.
        tables: the packed tables (:func:`engine.puzzle.tables.modular.modular_table`).
        views: each view's readings.

    Raises:
        ValueError: a view's readings do not cover tiles 1..24 exactly once.
    """

    SIDE = 5

    def __init__(
        self, groups: Sequence[Sequence[int]], tables: Sequence[np.ndarray], views: Sequence[Sequence[Reading]]
    ) -> None:
        n = self.SIDE * self.SIDE
        self.groups = [tuple(int(t) for t in g) for g in groups]
        self._tables = [np.asarray(t, np.uint8) for t in tables]  # read in place: a cached table may be mapped
        self._same_size = len({t.size for t in self._tables}) == 1
        self._views = len(views)
        self.readings = [list(v) for v in views]
        cols = sum(len(v) for v in views)
        self.offsets = np.zeros(cols, np.int64)  # aux column -> its table's first entry (each table read apart: 0)
        self.col_table = np.zeros(cols, np.uint8)  # aux column -> the table it reads
        self.col = np.zeros((self._views, n), np.int64)  # view, tile -> its aux column
        self.inc = np.zeros((self._views, n, n), np.int64)  # view, tile, cell -> its part of the word
        cells = np.arange(n, dtype=np.int64)
        j = 0
        for v, readings in enumerate(views):
            covered: list[int] = []
            for k, sym in readings:
                back = np.argsort(sym)  # the inverse symmetry
                self.col_table[j] = k
                for i, t0 in enumerate(self.groups[k]):
                    t = int(sym[t0 - 1]) + 1
                    covered.append(t)
                    self.col[v, t] = j
                    self.inc[v, t] = back[cells] * 25**i
                j += 1
            if sorted(covered) != list(range(1, n)):
                raise ValueError(f"View {v} does not cover the tiles 1..{n - 1} once each.")
        self._step = np.array([0, 1, 0, -1], np.int16)  # residue change -> distance change
        # view, tile * n * n + from * n + to -> the word's change when that tile slides (one read a child)
        self.move_inc = np.zeros((self._views, n * n * n), np.int64)
        self.move_col = np.zeros((self._views, n * n * n), np.int64)  # the same key -> the aux column it changes
        frm, to = np.divmod(np.arange(n * n, dtype=np.int64), n)
        for v in range(self._views):
            for t in range(1, n):
                self.move_inc[v, t * n * n : (t + 1) * n * n] = self.inc[v, t, to] - self.inc[v, t, frm]
                self.move_col[v, t * n * n : (t + 1) * n * n] = self.col[v, t]

    @property
    def views(self) -> int:
        return self._views

    def start(self, tiles: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        from engine.puzzle.tables.modular import full_distance, residue

        aux = self.offsets[None, :].copy()
        for cell, t in enumerate(tiles):
            if t:
                for v in range(self._views):
                    aux[0, self.col[v, t]] += int(self.inc[v, t, cell])
        values = np.zeros((1, self._views), np.int16)
        j = 0
        for v, readings in enumerate(self.readings):
            for k, _ in readings:
                word = int(aux[0, j] - self.offsets[j])
                cells = [(word // 25**i) % 25 for i in range(len(self.groups[k]))]
                values[0, v] += full_distance(self._tables[k], self.groups[k], cells)
                j += 1
        for j, k in enumerate(self.col_table.tolist()):
            aux[0, j] |= int(residue(self._tables[k], aux[0, j : j + 1])[0]) << RESIDUE_SHIFT
        return aux, values

    def delta(
        self, aux: np.ndarray, values: np.ndarray, tile: np.ndarray, src: np.ndarray, dst: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        n = self.SIDE * self.SIDE
        cols = aux.shape[1]
        at = np.arange(tile.size, dtype=np.int64) * cols  # each row's first word in the flat aux
        flat = aux.reshape(-1)
        key = (tile * n + src) * n + dst  # the tile slides from src to dst
        words = np.empty((tile.size, self._views), np.int64)
        new_values = values.copy()
        for v in range(self._views):
            old = flat[at + self.move_col[v][key]]
            new = (old & ENTRY_MASK) + self.move_inc[v][key]
            got = self._residues(new, self.col_table[self.move_col[v][key]])
            new_values[:, v] += self._step[(got - (old >> RESIDUE_SHIFT).astype(np.uint8)) & 3]
            words[:, v] = new | (got.astype(np.int64) << RESIDUE_SHIFT)
        return words, new_values

    def _residues(self, entries: np.ndarray, which: np.ndarray) -> np.ndarray:
        """The residues (``uint8``) at ``entries``, each of table ``which`` (the tables are kept apart, not
        joined: a mapped table is then never copied)."""
        from engine.puzzle.tables.modular import residue

        if self._same_size:  # every entry is in range of the first table: read it there, then the others' rows
            got = residue(self._tables[0], entries)
            for k in range(1, len(self._tables)):
                rows = np.flatnonzero(which == k)
                got[rows] = residue(self._tables[k], entries[rows])
            return got
        got = np.empty(entries.size, np.uint8)
        for k, table in enumerate(self._tables):
            rows = np.flatnonzero(which == k)
            got[rows] = residue(table, entries[rows])
        return got

    def commit(self, aux: np.ndarray, tile: np.ndarray, new_words: np.ndarray) -> None:
        rows = np.arange(tile.size)
        for v in range(self._views):
            aux[rows, self.col[v, tile]] = new_words[:, v]


class ManhattanHeuristic:
    """The taxicab distance (moves) of ``tiles`` to their homes on a ``width`` x ``height`` board; one view."""

    def __init__(self, width: int, height: int, tiles: Sequence[int]) -> None:
        n = width * height
        cells = np.arange(n)
        self.dist = np.zeros((n, n), np.int16)  # tile, cell -> distance
        for t in tiles:
            home = t - 1
            self.dist[t] = np.abs(cells // width - home // width) + np.abs(cells % width - home % width)

    @property
    def views(self) -> int:
        return 1

    def start(self, tiles: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        total = sum(int(self.dist[t, c]) for c, t in enumerate(tiles))
        return np.zeros((1, 1), np.int64), np.array([[total]], np.int16)

    def delta(
        self, aux: np.ndarray, values: np.ndarray, tile: np.ndarray, src: np.ndarray, dst: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        return np.zeros((tile.size, 1), np.int64), values + (self.dist[tile, dst] - self.dist[tile, src])[:, None]

    def commit(self, aux: np.ndarray, tile: np.ndarray, new_words: np.ndarray) -> None:
        return None
