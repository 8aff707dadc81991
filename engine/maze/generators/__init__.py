"""Maze generators, written once against the grid graph, and their registry.

Each generator has a fast form (``run``: grid, rng, options -> ``(E,)`` bool
passages) and a step form (``steps``: the same core recording what it does, for
the Lab animation).  Steps are ``("open", edge)``, ``("close", edge)``,
``("visit", cell)`` and ``("current", cell)``; applying every open/close to the
initial state (all walls closed, or all open when ``initial_open``) gives
exactly the passages of the fast form for the same seed.

Options are ``name -> value`` strings; only growing tree has one (``rule``).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.maze.generators import (
    aldous_broder,
    backtracker,
    binary_tree,
    division,
    eller,
    growing_tree,
    hunt_and_kill,
    kruskal,
    prim,
    prim_simple,
    sidewinder,
    wilson,
)
from engine.maze.generators._common import GeneratorStep
from engine.maze.generators._info import ALL_SHAPES, ELLER_SHAPES, ROW_SHAPES, GeneratorInfo, OptionCodec
from engine.maze.generators.braid import braid
from engine.maze.grids.base import Grid
from engine.rng import Rng

__all__ = [
    "GENERATORS",
    "ALL_SHAPES",
    "ELLER_SHAPES",
    "ROW_SHAPES",
    "GeneratorInfo",
    "OptionCodec",
    "GeneratorStep",
    "braid",
    "generate",
    "generate_steps",
    "get_generator",
    "floors_refusal",
    "mask_refusal",
]

GENERATORS: dict[str, GeneratorInfo] = {
    g.name: g
    for g in (  # one line per generator, in menu order; each module ends with its ``INFO``
        growing_tree.INFO,
        backtracker.INFO,
        prim.INFO,
        prim_simple.INFO,
        aldous_broder.INFO,
        wilson.INFO,
        hunt_and_kill.INFO,
        kruskal.INFO,
        binary_tree.INFO,
        sidewinder.INFO,
        eller.INFO,
        division.INFO,
    )
}


def get_generator(name: str) -> GeneratorInfo:
    """The generator called ``name`` (case-insensitive CLI name or two-letter code).

    Raises:
        ValueError: naming the known generators if there is none.
    """
    key = name.strip().lower() if isinstance(name, str) else name
    got = GENERATORS.get(key)
    if got is None and isinstance(key, str):
        got = next((g for g in GENERATORS.values() if g.code.lower() == key), None)
    if got is None:
        raise ValueError(f"unknown generator {name!r}; known: {', '.join(GENERATORS)}")
    return got


def _check(grid: Grid, name: str, options: dict[str, str] | None) -> tuple[GeneratorInfo, dict[str, str]]:
    info = get_generator(name)
    if grid.kind not in info.shapes:
        raise ValueError(f"{info.name} does not support {grid.kind} grids; supported: {', '.join(info.shapes)}")
    if grid.masked and not info.masks:
        raise ValueError(mask_refusal(info))
    if grid.floors > 1 and not info.floors:
        raise ValueError(floors_refusal(info))
    opts = dict(options or {})
    for k, v in opts.items():
        if k not in info.options:
            allowed = ", ".join(info.options) if info.options else "none"
            raise ValueError(f"unknown option {k!r} for {info.name}; allowed options: {allowed}")
        if not isinstance(v, str):
            raise ValueError(f"option {k!r} must be text, got {type(v).__name__}")
    return info, opts


def mask_refusal(info: GeneratorInfo) -> str:
    """The sentence refusing a generator that cannot carve a grid cut to a shape."""
    able = ", ".join(g.name for g in GENERATORS.values() if g.masks)
    return f"{info.name} works row by row and needs full rows, so it cannot carve a shaped (masked) grid; use {able}"


def floors_refusal(info: GeneratorInfo) -> str:
    """The sentence refusing a generator that cannot carve a maze with floors."""
    able = ", ".join(g.name for g in GENERATORS.values() if g.floors)
    return f"{info.name} works row by row on one floor, so it cannot carve a maze with floors; use {able}"


def generate(grid: Grid, name: str, rng: Rng, options: dict[str, str] | None = None) -> np.ndarray:
    """Carve a perfect maze on ``grid`` with generator ``name``.

    Args:
        grid: any tessellation the generator supports.
        name: CLI name (or two-letter code), see :data:`GENERATORS`.
        rng: the random stream (consumed).
        options: generator options, e.g. ``{"rule": "newest:3,random:1"}`` for growing tree.

    Returns:
        ``(E,)`` bool passages forming a spanning tree.

    Raises:
        ValueError: unknown generator (lists them), unsupported shape (names the
            supported ones), unknown option or bad option value.
    """
    info, opts = _check(grid, name, options)
    return info.run(grid, rng, opts)


def generate_steps(grid: Grid, name: str, rng: Rng, options: dict[str, str] | None = None) -> Iterator[GeneratorStep]:
    """The step form of :func:`generate` (same arguments and errors, raised at call time).

    The steps are computed eagerly and replayed: memory grows with the number of
    steps (a few per cell; Aldous-Broder and Wilson one per walk step).
    """
    info, opts = _check(grid, name, options)
    return info.steps(grid, rng, opts)
