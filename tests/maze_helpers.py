"""Test helpers: grids of every shape and inline random mazes (no generator package needed)."""

from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Callable

import numpy as np

from engine.maze.grids.base import Grid
from engine.maze.model import Maze
from engine.rng import Rng

_SHAPE_NAMES = ("square", "hex", "triangle", "polar", "upsilon")


def shape_makers() -> dict[str, Callable[[int, int], Grid]]:
    """``engine.maze.grids.SHAPES`` once the registry exists, else every grid module that imports."""
    import engine.maze.grids as grids

    shapes = getattr(grids, "SHAPES", None)
    if shapes:
        return {name: info.make for name, info in shapes.items()}
    out: dict[str, Callable[[int, int], Grid]] = {}
    for name in _SHAPE_NAMES:
        try:
            mod = importlib.import_module(f"engine.maze.grids.{name}")
        except ImportError:
            continue
        make = getattr(mod, f"make_{name}", None)
        if make is not None:
            out[name] = make
    return out


SHAPES = shape_makers()
SIZES = {"polar": (6, 5)}


def small_grid(shape: str, width: int = 7, height: int = 6) -> Grid:
    w, h = SIZES.get(shape, (width, height))
    return SHAPES[shape](w, h)


def random_tree(grid: Grid, seed: int) -> np.ndarray:
    """A uniformly-ish random spanning tree by randomised depth-first search (explicit stack)."""
    rng = Rng(seed)
    nb, ed = grid.lists()
    passage = np.zeros(grid.num_edges, dtype=bool)
    seen = bytearray(grid.n)
    root = rng.below(grid.n)
    seen[root] = 1
    stack = [root]
    while stack:
        c = stack[-1]
        fresh = [(d, e) for d, e in zip(nb[c], ed[c], strict=True) if not seen[d]]
        if not fresh:
            stack.pop()
            continue
        d, e = rng.choice(fresh)
        passage[e] = True
        seen[d] = 1
        stack.append(d)
    return passage


def perfect_maze(shape: str, seed: int, width: int = 7, height: int = 6) -> Maze:
    grid = small_grid(shape, width, height)
    return Maze(grid, random_tree(grid, seed), grid.start, grid.goal)


def braided_maze(shape: str, seed: int, share: float = 0.25, width: int = 7, height: int = 6) -> Maze:
    """A perfect maze with a share of its closed walls opened (loops)."""
    maze = perfect_maze(shape, seed, width, height)
    rng = Rng(seed + 1000)
    closed = np.flatnonzero(~maze.passage)
    k = int(round(share * len(closed)))
    pick = rng.permutation(len(closed))[:k]
    passage = maze.passage.copy()
    passage[closed[pick]] = True
    return Maze(maze.grid, passage, maze.start, maze.goal)


def brute_distances(maze: Maze, root: int) -> list[int]:
    """BFS with a deque straight from the edge list (independent of the CSR lists)."""
    n = maze.grid.n
    adj: list[list[int]] = [[] for _ in range(n)]
    for (a, b), p in zip(maze.grid.edges.tolist(), maze.passage.tolist(), strict=True):
        if p:
            adj[a].append(b)
            adj[b].append(a)
    dist = [-1] * n
    dist[root] = 0
    q = deque([root])
    while q:
        c = q.popleft()
        for d in adj[c]:
            if dist[d] < 0:
                dist[d] = dist[c] + 1
                q.append(d)
    return dist
