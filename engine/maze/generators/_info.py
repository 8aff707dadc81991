"""What the registry knows of a generator (:class:`GeneratorInfo`) and how a generator module describes itself.

Each generator module ends with ``INFO = generator_info(...)``; :mod:`engine.maze.generators` builds
``GENERATORS`` from those, one line each.  This module imports no generator, so they can all import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from engine.maze.generators._common import GeneratorStep
from engine.maze.grids.base import Grid
from engine.rng import Rng

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


def generator_info(
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
    """A :class:`GeneratorInfo`, ``floors`` following ``masks``."""
    # The generators that need full rows (masks False) are the ones that cannot carve floors either.
    return GeneratorInfo(
        name, code, summary, shapes, dict(options or {}), run, steps, initial_open, codec, masks, floors=masks
    )
