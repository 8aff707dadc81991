"""A level is data: the maze itself, how it is played, and (optionally) how it was made.

A :class:`Level` is what every maze session plays (:class:`engine.modes.play.PlaySession`,
:class:`engine.modes.race.session.RaceSession`, :class:`engine.modes.race.duo.DuoSession`,
ghosts): the built :class:`engine.maze.model.Maze` (its grid gives the shape and size; its
passages, start and goal are the level), whether it is played in the dark, and the
*recipe* it was generated from, a :class:`engine.maze.recipe.MazeSpec` (the maze code),
when there is one.  A level made by hand (an editor) has no recipe; its code is a *level
code* (tag ``L``, :mod:`engine.maze.level_format`), which carries the maze itself:
:meth:`Level.code` gives the recipe's maze code when there is a recipe, else the level
code; ``decode_any("L2...").level()`` gives the level back (recipe None).

The recipe is how a level was made, not what it is: two sessions of the same level see
the same maze whether or not it has a recipe.  New kinds of level data (floors, ...) are
new fields with defaults here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from engine.code_frame import CodeError
from engine.maze.model import Maze

if TYPE_CHECKING:
    import numpy as np

    from engine.maze.grids.base import Grid


class Recipe(Protocol):
    """How a generated level was made, as a :class:`Level` sees it (a :class:`engine.maze.recipe.MazeSpec`,
    which sits above this module: :func:`engine.maze.recipe.recipe_of` gives a level's recipe as one).

    Attributes:
        shape, width, height: the grid it makes; floors: its floors (1..8); dark: played in the dark.
    """

    @property
    def shape(self) -> str: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def floors(self) -> int: ...
    @property
    def dark(self) -> bool: ...

    def build(self) -> Maze:
        """Generate the maze (deterministic)."""
        ...

    def code(self) -> str:
        """Its maze code."""
        ...

    def title(self) -> str:
        """What a player calls the maze (no generator, no engine words)."""
        ...

    def label(self) -> str:
        """A short human description."""
        ...

    def with_dark(self, dark: bool = True) -> Recipe:
        """The same recipe played in the dark (or not)."""
        ...


#: How :meth:`Level.from_code` reads a code: the decoder door (:func:`engine.codes.level_of_code`) sets it
#: when it is imported.  The door sits above every kind, and so above this module: it is handed down, never
#: imported here.
_code_reader: list[Callable[[object], Level]] = []


def read_codes_with(reader: Callable[[object], Level]) -> None:
    """Make :meth:`Level.from_code` read codes with ``reader`` (the door calls this once, on import)."""
    _code_reader[:] = [reader]

#: The one sentence for a ghost (or race) code of a level that has no recipe: those codes carry the
#: recipe (a level without one still has a level code, :meth:`Level.code`).
NO_CODE = "This level was made by hand and has no ghost or race code yet (only generated levels have one)."


@dataclass(frozen=True, eq=False)
class Level:
    """One maze level: the maze, the dark flag and, for a generated level, its recipe.

    Attributes:
        maze: the built maze: grid (shape and size), passages, start and goal.  It is shared,
            not copied: sessions read it and never change it.
        dark: played in the dark (fog of war, :mod:`engine.modes.fog`).
        recipe: the :class:`engine.maze.recipe.MazeSpec` the maze was generated from, or None
            for a level made by hand.  When given, its shape and size are the grid's and its
            ``dark`` flag is :attr:`dark` (its code is the level's code).

    Levels compare by identity (a maze holds numpy arrays); compare :attr:`recipe` or
    :meth:`Maze.digest` for sameness.

    Raises:
        ValueError: (on construction) a recipe whose shape, size or dark flag disagree with
            the maze and :attr:`dark`.
    """

    maze: Maze
    dark: bool = False
    recipe: Recipe | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "dark", bool(self.dark))
        spec = self.recipe
        if spec is None:
            return
        g = self.maze.grid
        if (spec.shape, spec.width, spec.height) != (g.kind, g.width, g.height):
            raise ValueError(
                f"the recipe makes a {spec.shape} {spec.width}x{spec.height} maze, "
                f"but the maze is {g.kind} {g.width}x{g.height}"
            )
        if spec.floors != g.floors:
            raise ValueError(f"the recipe makes {spec.floors} floor(s), but the maze has {g.floors}")
        if spec.dark != self.dark:
            raise ValueError(f"the recipe's dark flag ({spec.dark}) is not the level's ({self.dark})")

    # -- ways in -------------------------------------------------------------
    @classmethod
    def from_recipe(cls, spec: Recipe, maze: Maze | None = None) -> Level:
        """The level ``spec`` generates (dark when ``spec.dark``).

        Args:
            spec: the recipe (a maze code's spec).
            maze: the maze already built from ``spec`` (built here when omitted; passing
                another maze is the caller's promise that it is ``spec.build()``).

        Raises:
            ValueError: ``maze`` is not of the recipe's shape and size.
        """
        return cls(spec.build() if maze is None else maze, spec.dark, spec)

    @classmethod
    def from_code(cls, code: object) -> Level:
        """The level of a maze code (generated) or a level code (the maze itself, no recipe).

        Reads through the decoder door, :func:`engine.codes.level_of_code` (for callers that have imported
        :mod:`engine.codes`, which hands itself down here).

        Raises:
            CodeError: not a valid maze or level code (one plain sentence; other kinds are refused).
            RuntimeError: :mod:`engine.codes` was never imported.
        """
        if not _code_reader:
            raise RuntimeError("Level.from_code reads codes through engine.codes: import it first")
        return _code_reader[0](code)

    # -- what it is ----------------------------------------------------------
    @property
    def grid(self) -> Grid:
        """The maze's grid."""
        return self.maze.grid

    @property
    def shape(self) -> str:
        """The tessellation name (``square``, ``hex``, ``triangle``, ``polar``, ``upsilon``)."""
        return self.maze.grid.kind

    @property
    def width(self) -> int:
        """Width in cells as the grid was made (polar: base sectors)."""
        return self.maze.grid.width

    @property
    def height(self) -> int:
        """Height in cells as the grid was made (polar: rings)."""
        return self.maze.grid.height

    @property
    def floors(self) -> int:
        """Number of floors, 1..8 (the grid's: :mod:`engine.maze.grids.floors`); cell ``c`` is on
        ``grid.floor_of[c]``."""
        return self.maze.grid.floors

    @property
    def cells(self) -> int:
        """Number of cells (ids ``0..cells-1``; a shaped grid has fewer than width × height)."""
        return self.maze.grid.n

    @property
    def start(self) -> int:
        """The start cell, ``0..cells-1``."""
        return int(self.maze.start)

    @property
    def goal(self) -> int:
        """The goal cell, ``0..cells-1``."""
        return int(self.maze.goal)

    @property
    def passage(self) -> np.ndarray:
        """``(E,)`` bool over the grid's edges, True where the wall is open (the maze's own array)."""
        return self.maze.passage

    @property
    def has_code(self) -> bool:
        """True when the level can be shared as a code: it has a recipe, or its maze fits a level
        code (a full grid, not woven; :meth:`code` still refuses a goal the start cannot reach)."""
        if self.recipe is not None:
            return True
        from engine.maze.grids.masked import MaskedGrid

        return not self.maze.is_weave and not isinstance(self.maze.grid, MaskedGrid)

    def code(self) -> str:
        """The level's shareable code: its recipe's maze code (``.D`` when dark), or for a level
        without a recipe its level code (``L2...``, the maze itself, :mod:`engine.maze.level_format`).

        Raises:
            CodeError: (no recipe) a shaped or weave maze, a start equal to the goal, a goal the
                start cannot reach, or a maze too big for a code (one sentence each).
        """
        if self.recipe is None:
            from engine.maze.level_format import encode

            return encode(self.maze, self.dark)
        return self.recipe.code()

    def passages_code(self) -> str:
        """The level code (``L2...``) of the maze itself, even when the level has a recipe.

        Raises:
            CodeError: as :meth:`code` for a level without a recipe.
        """
        from engine.maze.level_format import encode

        return encode(self.maze, self.dark)

    def with_dark(self, dark: bool = True) -> Level:
        """The same maze played in the dark (or not); the recipe, if any, follows."""
        recipe = None if self.recipe is None else self.recipe.with_dark(dark)
        return replace(self, dark=bool(dark), recipe=recipe)

    def title(self) -> str:
        """What a player calls this level (no generator, no engine words): the recipe's
        :meth:`engine.maze.recipe.MazeSpec.title`, or e.g. ``hexagon maze 20×15, made by hand, dark``."""
        if self.recipe is not None:
            return self.recipe.title()
        from engine.maze.grids import player_name

        dark = ", dark" if self.dark else ""
        floors = f", {self.floors} floors" if self.floors > 1 else ""
        return f"{player_name(self.shape)} maze {self.width}×{self.height}{floors}, made by hand{dark}"

    def label(self) -> str:
        """A short human description: the recipe's label, or e.g. ``hex 20×15, hand-made, dark``."""
        if self.recipe is not None:
            return self.recipe.label()
        dark = ", dark" if self.dark else ""
        floors = f", {self.floors} floors" if self.floors > 1 else ""
        return f"{self.shape} {self.width}×{self.height}{floors}, hand-made{dark}"


@dataclass(frozen=True, eq=False)
class NamedLevel:
    """A level as it was opened: the :class:`Level` itself (its recipe, when it has one, included), the code it
    is known by and the title its screen shows.  What a screen that plays a level takes, whole.

    A typed code becomes one once (:meth:`engine.codes.KindMode.named`): its :attr:`code` is the code that was
    typed (the decoder checked it is the one spelling), never written again, and the key its bests are kept
    under.

    Attributes:
        level: the level (maze, dark flag, recipe).
        code: the code it is known by (its bests key); ``""`` for a level that has none (nothing is saved).
        title: what its screen calls it.
    """

    level: Level
    code: str = ""
    title: str = ""

    @classmethod
    def of(cls, level: Level, title: str | None = None) -> NamedLevel:
        """A level object under its own code (:meth:`Level.code`, written here: it was not typed; ``""`` when it
        has none) and ``title`` (default: :meth:`Level.title`)."""
        try:
            code = level.code()
        except CodeError:
            code = ""
        return cls(level, code, level.title() if title is None else title)

    @property
    def maze(self) -> Maze:
        """The level's maze."""
        return self.level.maze

    @property
    def dark(self) -> bool:
        """Played in the dark."""
        return self.level.dark
