"""Level codes (tag ``L``): the maze itself, for any level on a full grid, hand-made or not.

The format is :mod:`engine.maze.level_format`
(``L2.<S><W>X<H>[.A<start>][.Z<goal>][.D]:<passages>-<check>``); this module is its
decoded type, :class:`LevelCode`, and its kind, :data:`LEVEL_CODES` (one entry in :data:`engine.codes.KINDS`).

``decode_any("L2...")`` returns a :class:`LevelCode`; :meth:`LevelCode.level` is the
:class:`engine.level.Level` it holds (no generator runs; ``recipe`` is None).
:meth:`engine.level.Level.code` writes a level code for a level without a recipe.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final

import numpy as np

from engine.code_frame import CURRENT_VERSION, CodeKind, Frame, decode_kind, seal
from engine.level import Level
from engine.maze import level_format as fmt
from engine.maze.grids import player_name
from engine.maze.grids.base import Grid
from engine.maze.model import Maze
from engine.maze.rules import Rules

TAG = fmt.TAG
VERSION = fmt.VERSION

__all__ = ["LEVEL_CODES", "TAG", "VERSION", "LevelCode"]


@dataclass(frozen=True, eq=False)
class LevelCode:
    """A decoded level code: a maze's grid, passages, start, goal and dark flag.

    Attributes:
        grid: the full grid (shape and size; built when decoded, bounded by the code's length).
        passage: ``(E,)`` bool in the grid's edge order (read-only).
        start, goal: distinct cells, the goal reachable from the start.
        dark: played in the dark.
        version: the format version (2).

    Two level codes are equal when they hold the same level (same code).
    """

    KIND: ClassVar[str] = "level"

    grid: Grid
    passage: np.ndarray = field(repr=False)
    start: int
    goal: int
    dark: bool = False
    version: int = VERSION
    rules: Rules | None = None

    def __post_init__(self) -> None:
        passage = np.array(self.passage, dtype=bool)  # a copy: a code never changes under its holder
        passage.setflags(write=False)
        object.__setattr__(self, "passage", passage)

    # -- ways in ---------------------------------------------------------------------
    @classmethod
    def from_maze(cls, maze: Maze, dark: bool = False) -> LevelCode:
        """The level code of ``maze`` (checked: full grid, not woven, goal reachable, not too big).

        Raises:
            CodeError: one sentence (see :func:`engine.maze.level_format.encode`).
        """
        fmt.encode(maze, dark)  # every check, once
        rules = None if maze.rules is None or maze.rules.empty else maze.rules
        return cls(maze.grid, maze.passage, int(maze.start), int(maze.goal), bool(dark), rules=rules)

    @classmethod
    def from_level(cls, level: Level) -> LevelCode:
        """The level code of ``level``'s maze and dark flag (its recipe, if any, is not used)."""
        return cls.from_maze(level.maze, level.dark)

    @classmethod
    def from_code(cls, code: object) -> LevelCode:
        """Decode a level code (see :func:`engine.codes.decode_any`).

        Raises:
            CodeError: one plain sentence naming what is wrong.
        """
        return decode_kind(code, LEVEL_CODES)

    # -- what it is ------------------------------------------------------------------
    @property
    def shape(self) -> str:
        """The tessellation name."""
        return self.grid.kind

    @property
    def width(self) -> int:
        """Width in cells (polar: base sectors)."""
        return self.grid.width

    @property
    def height(self) -> int:
        """Height in cells (polar: rings)."""
        return self.grid.height

    @property
    def floors(self) -> int:
        """The number of floors (1 unless the grid is stacked, :mod:`engine.maze.grids.floors`)."""
        return self.grid.floors

    def code(self) -> str:
        """The level code in :attr:`version` (decode -> code gives the input back)."""
        return seal(fmt.body(self.grid, self.passage, self.start, self.goal, self.dark, self.version, self.rules))

    def upgraded(self) -> LevelCode:
        """The same level in the current format (version 2 is the only one)."""
        return replace(self, version=CURRENT_VERSION)

    def maze(self) -> Maze:
        """A new :class:`Maze` of the level (its own passage array)."""
        return Maze(self.grid, self.passage.copy(), self.start, self.goal, rules=self.rules)

    def level(self) -> Level:
        """The :class:`engine.level.Level` this code holds (no recipe: nothing is generated)."""
        return Level(self.maze(), self.dark, recipe=None)

    def digest(self) -> str:
        """SHA-256 of the passages (as :meth:`engine.maze.model.Maze.digest`)."""
        return hashlib.sha256(self.passage.astype(np.uint8).tobytes()).hexdigest()

    def with_dark(self, dark: bool = True) -> LevelCode:
        """The same maze played in the dark (or not)."""
        return replace(self, dark=bool(dark))

    def label(self) -> str:
        """A short human description, e.g. ``hex 8×6 level, dark``."""
        floors = f", {self.floors} floors" if self.floors > 1 else ""
        puzzle = ", puzzle" if self.rules is not None else ""
        return f"{self.shape} {self.width}×{self.height} level{floors}{puzzle}" + (", dark" if self.dark else "")

    # -- what the code is (its kind's behaviour, :class:`engine.codes.Decoded`) ------------
    def facts(self, full: bool = False) -> dict[str, Any]:
        """Cells, shortest path, whether it is perfect, loops, unreachable cells and dead ends of the maze it
        carries (always read: it is already decoded), :func:`engine.maze.facts.maze_facts`."""
        from engine.maze.facts import maze_facts

        return maze_facts(self.maze())

    def line(self) -> str:
        """``level: hex 8×6 level (the maze itself)``."""
        return f"level: {self.label()} (the maze itself)"

    def list_text(self) -> str:
        """``hand-made · hexagon 8×6, dark``: the grid in players' words (a level code is a hand-made level)."""
        floors = f", {self.floors} floors" if self.floors > 1 else ""
        puzzle = ", puzzle" if self.rules is not None else ""
        return f"hand-made · {player_name(self.shape)} {self.width}×{self.height}{floors}{puzzle}" + (
            ", dark" if self.dark else "")

    def dark_twin(self) -> LevelCode:
        """The same maze played in the dark."""
        return self.with_dark()

    def maze_recipe(self) -> None:
        """None: a level code carries the maze itself, not a recipe."""
        return None

    def made_level(self) -> Level:
        """The level it holds (:meth:`level`)."""
        return self.level()

    def describe(self) -> dict[str, Any]:
        """Every field by name (the grid is already built; no search runs); ``floors`` only when more than 1."""
        out: dict[str, Any] = {
            "shape": self.shape,
            "width": self.width,
            "height": self.height,
            "start": self.start,
            "goal": self.goal,
            "dark": self.dark,
            "edges": int(self.grid.num_edges),
            "passages": int(self.passage.sum()),
        }
        if self.floors > 1:  # absent = one floor, as in the code
            out["floors"] = self.floors
        if self.rules is not None:  # absent = a plain maze
            out["rules"] = self.rules.to_json()
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LevelCode):
            return NotImplemented
        g, h = self.grid, other.grid
        return ((g.kind, g.width, g.height, g.floors, self.start, self.goal, self.dark, self.rules)
                == (h.kind, h.width, h.height, h.floors, other.start, other.goal, other.dark, other.rules)
                and np.array_equal(self.passage, other.passage))

    def __hash__(self) -> int:
        g = self.grid
        return hash((g.kind, g.width, g.height, g.floors, self.start, self.goal, self.dark, self.rules,
                     self.passage.tobytes()))


def _decode(frame: Frame) -> LevelCode:
    f = fmt.parse(frame.rest)
    return LevelCode(f.grid, f.passage, f.start, f.goal, f.dark, frame.version, f.rules)


#: The level code kind (tag ``L``): one entry in :data:`engine.codes.KINDS`.
LEVEL_CODES: Final = CodeKind[LevelCode](TAG, "level", {VERSION: _decode}, max_length=fmt.MAX_LENGTH)

