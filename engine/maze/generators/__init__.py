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

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from engine.maze.generators import division, eller, growing_tree, kruskal, prim, rows, walks
from engine.maze.generators._common import GeneratorStep
from engine.maze.generators.braid import braid
from engine.maze.grids.base import Grid
from engine.rng import Rng

__all__ = [
    "GENERATORS",
    "GeneratorInfo",
    "GeneratorStep",
    "braid",
    "generate",
    "generate_steps",
    "get_generator",
    "floors_refusal",
    "mask_refusal",
]

ALL_SHAPES: tuple[str, ...] = ("square", "hex", "triangle", "polar", "upsilon")
ROW_SHAPES: tuple[str, ...] = ("square", "hex", "polar")
ELLER_SHAPES: tuple[str, ...] = ("square", "polar")


@dataclass(frozen=True)
class OptionCodec:
    """How a generator writes its options in level codes (one field after its two-letter code).

    ``canonical(options)`` fills defaults and normalises (ValueError on a bad value);
    ``to_code(canonical)`` gives the field; ``from_code(field)`` the canonical options
    (ValueError with one sentence).
    """

    canonical: Callable[[dict[str, str]], dict[str, str]]
    to_code: Callable[[dict[str, str]], str]
    from_code: Callable[[str], dict[str, str]]


@dataclass(frozen=True)
class GeneratorInfo:
    """Metadata and entry points of one generator.

    Attributes:
        name: CLI name, e.g. ``"growing-tree"``.
        code: two-letter code used in level codes, e.g. ``"GT"``.
        summary: one line for menus and ``--help``.
        shapes: tessellations it supports.
        options: option name -> help text (allowed values).
        run: fast form, ``(grid, rng, options) -> (E,) bool``.
        steps: step form, ``(grid, rng, options) -> Iterator[GeneratorStep]``.
        initial_open: True when carving starts from all walls open (division).
        codec: how its options are written in level codes (None: it has none).
        masks: True when it carves grids cut to a shape (:mod:`engine.maze.grids.masked`); the
            row-based ones need full rows and refuse them.
        floors: True when it carves grids of several floors (:mod:`engine.maze.grids.floors`): the
            graph-generic ones; the row-based ones refuse them.
    """

    name: str
    code: str
    summary: str
    shapes: tuple[str, ...]
    options: dict[str, str] = field(hash=False)
    run: Callable[[Grid, Rng, dict[str, str]], np.ndarray]
    steps: Callable[[Grid, Rng, dict[str, str]], Iterator[GeneratorStep]]
    initial_open: bool = False
    codec: OptionCodec | None = None
    masks: bool = True
    floors: bool = True


def _info(
    name: str,
    code: str,
    summary: str,
    shapes: tuple[str, ...],
    run: Callable[[Grid, Rng, dict[str, str]], np.ndarray],
    steps: Callable[[Grid, Rng, dict[str, str]], Iterator[GeneratorStep]],
    options: dict[str, str] | None = None,
    initial_open: bool = False,
    codec: OptionCodec | None = None,
    masks: bool = True,
) -> GeneratorInfo:
    # The generators that need full rows (masks False) are the ones that cannot carve floors either.
    return GeneratorInfo(
        name, code, summary, shapes, dict(options or {}), run, steps, initial_open, codec, masks, floors=masks
    )


GENERATORS: dict[str, GeneratorInfo] = {
    g.name: g
    for g in (
        _info(
            "growing-tree",
            "GT",
            "Growing tree: grow from an active list picked by a rule (option rule)",
            ALL_SHAPES,
            growing_tree.run_growing_tree,
            growing_tree.steps_growing_tree,
            {"rule": growing_tree.RULE_HELP},
            codec=OptionCodec(
                growing_tree.canonical_options, growing_tree.options_to_code, growing_tree.options_from_code
            ),
        ),
        _info(
            "backtracker",
            "BT",
            "Recursive backtracker: random walk, back up when stuck (long winding corridors)",
            ALL_SHAPES,
            growing_tree.run_backtracker,
            growing_tree.steps_backtracker,
        ),
        _info(
            "prim",
            "PR",
            "True Prim: minimum spanning tree on random edge weights (many short dead ends)",
            ALL_SHAPES,
            prim.run_prim,
            prim.steps_prim,
        ),
        _info(
            "prim-simple",
            "PS",
            "Simplified Prim: join a random frontier cell to the maze",
            ALL_SHAPES,
            prim.run_prim_simple,
            prim.steps_prim_simple,
        ),
        _info(
            "aldous-broder",
            "AB",
            "Aldous-Broder: random walk, uniform over all mazes (slow)",
            ALL_SHAPES,
            walks.run_aldous_broder,
            walks.steps_aldous_broder,
        ),
        _info(
            "wilson",
            "WI",
            "Wilson: loop-erased random walks, uniform over all mazes",
            ALL_SHAPES,
            walks.run_wilson,
            walks.steps_wilson,
        ),
        _info(
            "hunt-and-kill",
            "HK",
            "Hunt-and-kill: random walk, then hunt for the first cell next to the maze",
            ALL_SHAPES,
            walks.run_hunt_and_kill,
            walks.steps_hunt_and_kill,
        ),
        _info(
            "kruskal",
            "KR",
            "Kruskal (random path fusion): remove walls in random order unless it makes a loop",
            ALL_SHAPES,
            kruskal.run_kruskal,
            kruskal.steps_kruskal,
        ),
        _info(
            "binary-tree",
            "BI",
            "Binary tree: each cell opens north or east (strong diagonal bias)",
            ROW_SHAPES,
            rows.run_binary_tree,
            rows.steps_binary_tree,
            masks=False,
        ),
        _info(
            "sidewinder",
            "SW",
            "Sidewinder: east runs, each closed by one passage north",
            ROW_SHAPES,
            rows.run_sidewinder,
            rows.steps_sidewinder,
            masks=False,
        ),
        _info(
            "eller",
            "EL",
            "Eller: row by row with sets, memory of one row only",
            ELLER_SHAPES,
            eller.run_eller,
            eller.steps_eller,
            masks=False,
        ),
        _info(
            "division",
            "DV",
            "Recursive division: start open, add walls with one gap (long straight walls)",
            ("square",),
            division.run_division,
            division.steps_division,
            initial_open=True,
            masks=False,
        ),
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
