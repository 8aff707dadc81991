"""A maze: a grid plus which of its edges are open passages."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from engine.maze.grids.base import Grid, gc_paused

if TYPE_CHECKING:
    from engine.maze.rules import Rules

T = TypeVar("T")


@dataclass(eq=False)
class Maze:
    """A grid with a boolean passage per edge, a start and a goal cell.

    Attributes:
        grid: the tessellation instance.
        passage: ``(E,)`` bool, True where the wall between the edge's cells is open.
        start, goal: cell ids in ``0..n-1``.
        crossings: ``(K, 3)`` int32 ``[over_cell, under_a, under_b]`` of a weave maze
            (:mod:`engine.maze.weave`), empty otherwise.  Crossing ``k``'s under-edge is grid edge
            ``E - K + k`` (the under-edges are the grid's last ``K`` edges).
        rules: a puzzle maze's elements (one-way passages, keys and doors, a hunter, switches and gates:
            :mod:`engine.maze.rules`), or None for a plain maze.  Not part of :meth:`digest` (the passages').
    """

    grid: Grid
    passage: np.ndarray
    start: int
    goal: int
    crossings: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), dtype=np.int32))
    rules: Rules | None = None
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.passage = np.asarray(self.passage, dtype=bool)
        if self.passage.shape != (self.grid.num_edges,):
            raise ValueError(f"passage must have shape ({self.grid.num_edges},), got {self.passage.shape}")
        for name in ("start", "goal"):
            v = getattr(self, name)
            if not 0 <= v < self.grid.n:
                raise ValueError(f"{name} cell {v} is outside 0..{self.grid.n - 1}")
        self.crossings = np.asarray(self.crossings, dtype=np.int32).reshape(-1, 3)

    @property
    def is_weave(self) -> bool:
        """True for a weave maze (it has crossings)."""
        return bool(len(self.crossings))

    def invalidate(self) -> None:
        """Drop cached adjacency after ``passage`` was modified in place."""
        self._cache.clear()

    def open_adjacency(self) -> tuple[list[int], list[int]]:
        """The open passages as CSR adjacency in Python lists, cached: ``(indptr, nbr)``.

        For cell ``c`` the entries ``indptr[c]:indptr[c+1]`` of ``nbr`` are the
        neighbours reachable through an open passage, counter-clockwise in the grid's
        order.  ``indptr`` has ``n + 1`` entries.  Built with numpy (about 0.1 s for a
        million cells); call :meth:`invalidate` after editing ``passage``.
        """
        got = self._cache.get("adjacency")
        if got is None:
            g = self.grid
            mask = self.passage[g.edge_id]
            before = np.zeros(mask.shape[0] + 1, dtype=np.int64)
            np.cumsum(mask, out=before[1:])  # open entries before each CSR position
            got = (before[g.indptr].tolist(), g.nbr[mask].tolist())
            self._cache["adjacency"] = got
        return got

    def open_csr(self) -> tuple[list[int], list[int], list[int]]:
        """:meth:`open_adjacency` plus the edge id of each entry: ``(indptr, nbr, edge)``, cached.

        The edge list is built only when asked for (walkers that record edges need it,
        searches do not).
        """
        ip, nb = self.open_adjacency()
        ed = self._cache.get("edges")
        if ed is None:
            g = self.grid
            ed = self._cache["edges"] = g.edge_id[self.passage[g.edge_id]].tolist()
        return ip, nb, ed

    def open_lists(self) -> list[list[int]]:
        """Per cell, the neighbours reachable through an open passage, counter-clockwise (cached)."""
        got = self._cache.get("open")
        if got is None:
            ip, nb = self.open_adjacency()
            with gc_paused():
                got = [nb[a:b] for a, b in pairwise(ip)]
            self._cache["open"] = got
        return got

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """A value derived from this maze by ``make()``, made once and kept under ``key`` until
        :meth:`invalidate` (e.g. a mode's shortest way; any thread may make it first)."""
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = make()
        return got

    def open_edge_lists(self) -> list[list[int]]:
        """Per cell, the edge ids of its open passages, parallel to :meth:`open_lists` (cached)."""
        got = self._cache.get("open_edges")
        if got is None:
            ip, _, ed = self.open_csr()
            with gc_paused():
                got = [ed[a:b] for a, b in pairwise(ip)]
            self._cache["open_edges"] = got
        return got

    def open_degree(self) -> np.ndarray:
        """Number of open passages at every cell, ``(n,)`` int64."""
        e = self.grid.edges[self.passage]
        return np.bincount(e.ravel(), minlength=self.grid.n)

    def is_open(self, a: int, b: int) -> bool:
        """True if ``a`` and ``b`` are adjacent and the wall between them is open."""
        e = self.grid.edge_between(a, b) if 0 <= a < self.grid.n and 0 <= b < self.grid.n else -1
        return e >= 0 and bool(self.passage[e])

    def is_perfect(self) -> bool:
        """True if the passages form a spanning tree (n-1 passages, connected)."""
        if int(self.passage.sum()) != self.grid.n - 1:
            return False
        return self.connected()

    def connected(self) -> bool:
        """True if every cell is reachable from every other through passages."""
        adj = self.open_lists()
        seen = bytearray(self.grid.n)
        seen[0] = 1
        stack = [0]
        count = 1
        while stack:
            c = stack.pop()
            for d in adj[c]:
                if not seen[d]:
                    seen[d] = 1
                    count += 1
                    stack.append(d)
        return count == self.grid.n

    def digest(self) -> str:
        """SHA-256 (hex) of the passages as bytes 0/1, in edge order: the golden-test fingerprint."""
        return hashlib.sha256(self.passage.astype(np.uint8).tobytes()).hexdigest()
