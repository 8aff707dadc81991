"""A maze: a grid plus which of its edges are open passages."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import numpy as np

from engine.grids.base import Grid


@dataclass(eq=False)
class Maze:
    """A grid with a boolean passage per edge, a start and a goal cell.

    Attributes:
        grid: the tessellation instance.
        passage: ``(E,)`` bool, True where the wall between the edge's cells is open.
        start, goal: cell ids in ``0..n-1``.
    """

    grid: Grid
    passage: np.ndarray
    start: int
    goal: int
    _cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.passage = np.asarray(self.passage, dtype=bool)
        if self.passage.shape != (self.grid.num_edges,):
            raise ValueError(f"passage must have shape ({self.grid.num_edges},), got {self.passage.shape}")
        for name in ("start", "goal"):
            v = getattr(self, name)
            if not 0 <= v < self.grid.n:
                raise ValueError(f"{name} cell {v} is outside 0..{self.grid.n - 1}")

    def invalidate(self) -> None:
        """Drop cached adjacency after ``passage`` was modified in place."""
        self._cache.clear()

    def open_lists(self) -> list[list[int]]:
        """Per cell, the neighbours reachable through an open passage, counter-clockwise (cached)."""
        got = self._cache.get("open")
        if got is None:
            nb, ed = self.grid.lists()
            p = self.passage.tolist()
            got = [[b for b, e in zip(nbs, eds) if p[e]] for nbs, eds in zip(nb, ed)]
            self._cache["open"] = got
        return got

    def open_degree(self) -> np.ndarray:
        """Number of open passages at every cell, ``(n,)`` int64."""
        e = self.grid.edges[self.passage]
        return np.bincount(e.ravel(), minlength=self.grid.n)

    def is_open(self, a: int, b: int) -> bool:
        """True if ``a`` and ``b`` are adjacent and the wall between them is open."""
        e = self.grid.edge_lookup().get((min(a, b), max(a, b)))
        return e is not None and bool(self.passage[e])

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
