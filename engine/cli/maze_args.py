"""The maze options shared by ``generate`` and ``solve`` (and ``stats``' mask), read from parsed arguments.

``--code`` or ``--shape/--algo/--size/--seed/--braid/--weave/--floors/--stairs/--option/--mask/--mask-text``
(and a puzzle maze's ``--rules/--difficulty``) become a :class:`~engine.maze.recipe.MazeSpec`; notes for the
user (a mask that dropped cells, a picture too big for a code) go to stderr as one line each.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.cli.parsing import PROG, UsageError
from engine.maze.level_code import LevelCode
from engine.maze.masks import Mask
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.maze.rules import PuzzleRecipe
from engine.sanitise import one_line
from engine.values import parse_size, quote

__all__ = [
    "DEFAULT_ALGO", "DEFAULT_SHAPE", "DEFAULT_SIZE", "code_for_output", "floors_from_args", "level_from_args",
    "mask_from_args", "note", "parse_options", "puzzle_from_args", "spec_from_args",
]


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``--option KEY=VALUE`` items as a dict (keys lower case).

    Raises:
        UsageError: not ``key=value``, or a key given twice (option values are checked by the
            generator: :func:`engine.maze.generators.growing_tree.parse_rule` for ``rule``).
    """
    out: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not key:
            raise UsageError(f"option {quote(item)} is not of the form key=value")
        if key in out:
            raise UsageError(f"option '{one_line(key)}' is given twice")
        out[key] = value.strip()
    return out


def _code_alone(args: argparse.Namespace) -> None:
    names = ("shape", "algo", "size", "seed", "braid", "weave", "floors", "stairs", "option", "mask", "mask_text",
             "rules", "difficulty")
    given = [f"--{n}" for n in names if getattr(args, n, None) is not None]
    given = [g.replace("_", "-") for g in given]
    if given:
        raise UsageError(f"give either --code or {', '.join(given)}, not both (the code holds them all)")


def level_from_args(args: argparse.Namespace) -> LevelCode | None:
    """The decoded level code of ``--code L2...`` (the maze itself), or None for any other arguments.

    Raises:
        UsageError: ``--code`` given with maze options; CodeError: the level code does not decode.
    """
    from engine.codes import normalize

    if args.code is None or not normalize(args.code).startswith("L"):
        return None
    _code_alone(args)
    return LevelCode.from_code(args.code)


#: What ``generate``, ``solve`` and ``print`` make when ``--shape``, ``--algo`` or ``--size`` is left out.
DEFAULT_SHAPE, DEFAULT_ALGO, DEFAULT_SIZE = "square", "backtracker", "20x15"


def spec_from_args(args: argparse.Namespace) -> MazeSpec:
    """A MazeSpec from ``--code`` or from ``--shape/--algo/--size/...`` (each left out:
    :data:`DEFAULT_SHAPE`, :data:`DEFAULT_ALGO`, :data:`DEFAULT_SIZE`); given names are checked first."""
    if args.code is not None:
        _code_alone(args)
        return MazeSpec.from_code(args.code)
    from engine.maze.generators import get_generator
    from engine.maze.grids import canonical_shape

    shape = DEFAULT_SHAPE if args.shape is None else args.shape
    algo = DEFAULT_ALGO if args.algo is None else args.algo
    canonical_shape(shape)
    get_generator(algo)
    w, h = parse_size(DEFAULT_SIZE if args.size is None else args.size)
    braid = 0.0 if args.braid is None else args.braid
    seed = 0 if args.seed is None else args.seed
    weave = 0.0 if args.weave is None else args.weave
    floors, stairs = floors_from_args(args)
    puzzle = puzzle_from_args(args)
    return MazeSpec.create(shape, w, h, algo, parse_options(args.option), braid=braid, seed=seed,
                           mask=mask_from_args(args), weave=weave, floors=floors, stairs=stairs, puzzle=puzzle)


def puzzle_from_args(args: argparse.Namespace) -> PuzzleRecipe | None:
    """The puzzle recipe of ``--rules LIST [--difficulty LEVEL]``, or None without ``--rules``.

    Raises:
        UsageError: ``--difficulty`` without ``--rules``, an unknown rule or difficulty (one line each).
    """
    if not hasattr(args, "rules"):  # a command without puzzle options (print's --difficulty is a size preset)
        return None
    rules = args.rules
    difficulty = getattr(args, "difficulty", None)
    if rules is None:
        if difficulty is not None:
            raise UsageError("--difficulty needs --rules (a plain maze has no difficulty to aim at)")
        return None
    try:
        return PuzzleRecipe.parse(rules, "medium" if difficulty is None else difficulty)
    except ValueError as exc:
        raise UsageError(one_line(str(exc))) from None


def floors_from_args(args: argparse.Namespace) -> tuple[int, float]:
    """``(floors, stairs share)`` of ``--floors N`` and ``--stairs P`` (1 and the default when absent).

    Raises:
        UsageError: ``--stairs`` without ``--floors`` 2..8.
    """
    from engine.maze.grids.floors import DEFAULT_STAIRS

    floors = getattr(args, "floors", None) or 1
    stairs = getattr(args, "stairs", None)
    if stairs is not None and floors < 2:
        raise UsageError("--stairs needs --floors 2..8 (a maze of one floor has no stairs)")
    return floors, DEFAULT_STAIRS / 100 if stairs is None else stairs


def mask_from_args(args: argparse.Namespace) -> Mask | None:
    """The mask of ``--mask NAME|FILE`` or ``--mask-text TEXT`` (not both), or None.

    Raises:
        UsageError: both given; ValueError: an unknown name, a bad text or an unreadable picture.
    """
    if args.mask is not None and args.mask_text is not None:
        raise UsageError("give either --mask or --mask-text, not both")
    if args.mask is not None:
        return Mask.parse(args.mask)
    if args.mask_text is not None:
        return Mask.text(args.mask_text)
    return None


def note(args: argparse.Namespace, text: str) -> None:
    """A one-line note for the user on stderr (not an error: the command goes on)."""
    if text:
        err = getattr(args, "err", None) or sys.stderr
        err.write(f"{PROG}: note: {one_line(text)}\n")


def code_for_output(args: argparse.Namespace, spec: MazeSpec, maze: Maze | None = None) -> str | None:
    """The spec's code, or None (with a note) when its mask is a picture too big for a code.

    Also notes cells a mask left out (``maze``'s grid, when given)."""
    grid_note = getattr(maze.grid, "note", None) if maze is not None else None
    if grid_note is not None:
        note(args, grid_note())
    if spec.mask is not None and not spec.mask.codable:
        note(args, spec.mask.too_big())
        return None
    return spec.code()
