"""Puzzle mazes: rules laid on a maze's graph, for every grid.

A puzzle maze is a :class:`engine.maze.model.Maze` whose :attr:`~engine.maze.model.Maze.rules` is a
:class:`Rules`.  The rules are written once over cells and edges, so they hold on the square, hexagon,
triangle, circle and octagon grids alike (and on weave mazes and floors; the hunter is not on floors,
whose pictures put the floors side by side):

* **one-way passages** ``oneway``: an open edge ``(a, b)`` that may be walked only from ``a`` to ``b``
  (by the player and by the hunter);
* **keys and doors** (up to four colours, :data:`COLOURS`): a key ``(cell, colour)`` is picked up by
  entering its cell (held from the start when it lies on the start cell) and kept; a door
  ``(a, b, colour)`` is an open edge shut unless the player holds that colour; the hunter never passes a
  door;
* **a hunter** ``pursuer`` (Abbott's minotaur, on any grid): after each player action it takes two
  steps toward the player by straight-line distance between cell centres (see
  :mod:`engine.maze.rules.hunter`); the player may wait a turn; being caught loses, reaching the goal
  wins at once;
* **switches and gates** (this team's extra rule): one switch state for the whole maze, off at the
  start; entering any switch cell flips it; a gate ``(a, b, open)`` is an open edge that is passable when
  ``open`` is True and the switch is off, or ``open`` is False and the switch is on (for the player and
  the hunter alike).

An edge carries at most one of one-way, door and gate; a cell at most one key, and not both a key and a
switch.  The exact solver is :mod:`engine.maze.rules.solver`; the generator that places the elements is
:mod:`engine.maze.rules.placer`; the recipe's field is :class:`PuzzleRecipe`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Final, Protocol

if TYPE_CHECKING:
    import numpy as np

    from engine.maze.grids.base import Grid


class MazeView(Protocol):
    """What :meth:`Rules.check` reads of a maze (a :class:`engine.maze.model.Maze`, which holds its rules:
    this module sits below it)."""

    @property
    def grid(self) -> Grid: ...
    @property
    def passage(self) -> np.ndarray: ...
    @property
    def start(self) -> int: ...

#: The colours of keys and doors, by index (0..3).  Each colour also has its own shape
#: (:data:`KEY_SHAPES`), so colour is never the only cue.
COLOURS: Final = ("red", "blue", "yellow", "green")
#: The shape drawn for each colour's keys and doors (greyscale prints, colour-blind players).
KEY_SHAPES: Final = ("triangle", "square", "diamond", "hexagon")
#: The rule families, in their code order, with their code letters.
FAMILIES: Final = ("oneway", "keys", "pursuer", "switches")
FAMILY_LETTERS: Final = {"oneway": "O", "keys": "K", "pursuer": "P", "switches": "S"}
#: What a player calls each family (the CLI's ``--rules`` names are :data:`FAMILIES`).
FAMILY_WORDS: Final = {
    "oneway": "one-way passages",
    "keys": "keys and doors",
    "pursuer": "a hunter",
    "switches": "switches and gates",
}
#: Difficulties by name, and the share of the maze's cells the optimal solution aims at.
DIFFICULTIES: Final = ("easy", "medium", "hard")
DIFFICULTY_LETTERS: Final = {"easy": "E", "medium": "M", "hard": "H"}
#: The longest target length a recipe may ask for (a whole number of actions).
MAX_TARGET: Final = 999
#: The most cells a puzzle maze may have (the hunter's tables are cells × cells; the generator
#: solves the maze hundreds of times).
MAX_RULE_CELLS: Final = 1600


class RulesError(ValueError):
    """Rules that do not fit their maze (one plain sentence)."""


@dataclass(frozen=True)
class Rules:
    """The elements of a puzzle maze, by cell ids and cell pairs of its grid.

    Attributes:
        oneway: ``(a, b)`` pairs: the open edge between ``a`` and ``b`` is walked only from ``a`` to ``b``.
        doors: ``(a, b, colour)``: the open edge between ``a`` and ``b`` is shut unless the player holds the
            key of ``colour`` (0..3, :data:`COLOURS`).
        keys: ``(cell, colour)``: a key lies on ``cell``.
        pursuer: the hunter's start cell, or None.
        switches: the switch cells (entering one flips the one switch state).
        gates: ``(a, b, open)``: the open edge between ``a`` and ``b`` is a gate, passable while the switch
            is off when ``open`` is True, while it is on when ``open`` is False.

    Every tuple is kept sorted (pairs with their cells as given: one-way order matters), so two equal
    sets of elements are equal objects.
    """

    oneway: tuple[tuple[int, int], ...] = ()
    doors: tuple[tuple[int, int, int], ...] = ()
    keys: tuple[tuple[int, int], ...] = ()
    pursuer: int | None = None
    switches: tuple[int, ...] = ()
    gates: tuple[tuple[int, int, bool], ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "oneway", tuple(sorted((int(a), int(b)) for a, b in self.oneway)))
        object.__setattr__(self, "doors", tuple(sorted((int(a), int(b), int(c)) for a, b, c in self.doors)))
        object.__setattr__(self, "keys", tuple(sorted((int(a), int(c)) for a, c in self.keys)))
        object.__setattr__(self, "switches", tuple(sorted({int(c) for c in self.switches})))
        object.__setattr__(self, "gates", tuple(sorted((int(a), int(b), bool(o)) for a, b, o in self.gates)))
        if self.pursuer is not None:
            object.__setattr__(self, "pursuer", int(self.pursuer))

    # -- what it holds ------------------------------------------------------
    @property
    def empty(self) -> bool:
        """True when there is no element at all (a plain maze)."""
        return not (self.oneway or self.doors or self.keys or self.switches or self.gates) and self.pursuer is None

    def families(self) -> tuple[str, ...]:
        """The families present, in :data:`FAMILIES` order."""
        have = {
            "oneway": bool(self.oneway),
            "keys": bool(self.doors or self.keys),
            "pursuer": self.pursuer is not None,
            "switches": bool(self.switches or self.gates),
        }
        return tuple(f for f in FAMILIES if have[f])

    def without(self, family: str) -> Rules:
        """The same elements but those of ``family`` (:data:`FAMILIES`): its passages, doors and gates walked
        freely, its hunter gone.

        Raises:
            ValueError: ``family`` is not one of :data:`FAMILIES`.
        """
        if family not in FAMILIES:
            raise ValueError(f"no rule family {family!r}; the families are {', '.join(FAMILIES)}")
        drop = {"oneway": {"oneway": ()}, "keys": {"doors": (), "keys": ()}, "pursuer": {"pursuer": None},
                "switches": {"switches": (), "gates": ()}}[family]
        return replace(self, **drop)  # type: ignore[arg-type]

    def colours(self) -> tuple[int, ...]:
        """The colours used by keys or doors, ascending."""
        return tuple(sorted({c for *_, c in self.doors} | {c for _, c in self.keys}))

    def check(self, maze: MazeView) -> None:
        """Check the elements against ``maze``.

        Raises:
            RulesError: a cell outside the grid, a pair that is not an open passage, two elements on one
                edge or cell, a colour outside 0..3, the hunter on the start or on floors, or too many cells.
        """
        g = maze.grid
        n = g.n
        if n > MAX_RULE_CELLS:
            raise RulesError(f"a puzzle maze has at most {MAX_RULE_CELLS:,} cells, this one {n:,}")
        lookup = g.edge_lookup()
        used: dict[int, str] = {}

        def edge_of(a: int, b: int, what: str) -> int:
            for c in (a, b):
                if not 0 <= c < n:
                    raise RulesError(f"the {what} at cells {a}-{b} names a cell outside 0..{n - 1}")
            e = lookup.get((min(a, b), max(a, b)))
            if e is None:
                raise RulesError(f"the {what} at cells {a}-{b} is not between neighbouring cells")
            if not maze.passage[e]:
                raise RulesError(f"the {what} at cells {a}-{b} is on a wall, not on an open passage")
            if e in used:
                raise RulesError(f"cells {a}-{b} carry both a {used[e]} and a {what}")
            used[e] = what
            return e

        for a, b in self.oneway:
            edge_of(a, b, "one-way passage")
        for a, b, c in self.doors:
            if not 0 <= c < len(COLOURS):
                raise RulesError(f"the door at cells {a}-{b} has colour {c}, not 0..{len(COLOURS) - 1}")
            edge_of(a, b, "door")
        for a, b, _ in self.gates:
            edge_of(a, b, "gate")
        taken: dict[int, str] = {}
        for cell, c in self.keys:
            if not 0 <= cell < n:
                raise RulesError(f"a key lies on cell {cell}, outside 0..{n - 1}")
            if not 0 <= c < len(COLOURS):
                raise RulesError(f"the key on cell {cell} has colour {c}, not 0..{len(COLOURS) - 1}")
            if cell in taken:
                raise RulesError(f"cell {cell} holds two keys")
            taken[cell] = "key"
        for cell in self.switches:
            if not 0 <= cell < n:
                raise RulesError(f"a switch lies on cell {cell}, outside 0..{n - 1}")
            if cell in taken:
                raise RulesError(f"cell {cell} holds both a key and a switch")
        if self.gates and not self.switches:
            raise RulesError("the maze has gates but no switch to move them")
        if self.pursuer is not None:
            if not 0 <= self.pursuer < n:
                raise RulesError(f"the hunter starts on cell {self.pursuer}, outside 0..{n - 1}")
            if self.pursuer == maze.start:
                raise RulesError("the hunter cannot start on the player's start cell")
            if g.floors > 1:
                raise RulesError("a hunter cannot be used on a maze with floors")

    # -- JSON -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The elements as ``generate --format json`` writes them under ``"rules"``.

        Keys: ``oneway`` ``[[a, b], ...]``, ``doors`` ``[[a, b, colour], ...]``, ``keys`` ``[[cell, colour],
        ...]``, ``pursuer`` (a cell or None) and ``switches`` ``{"cells": [...], "gates": [[a, b, open], ...]}``
        (``open`` 1 = passable while the switch is off).
        """
        return {
            "oneway": [list(p) for p in self.oneway],
            "doors": [list(d) for d in self.doors],
            "keys": [list(k) for k in self.keys],
            "pursuer": self.pursuer,
            "switches": {"cells": list(self.switches), "gates": [[a, b, int(o)] for a, b, o in self.gates]},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        """The inverse of :meth:`to_json` (no checks against a maze: call :meth:`check`).

        Raises:
            RulesError: a value of the wrong type.
        """
        try:
            sw = data.get("switches") or {}
            pursuer = data.get("pursuer")
            return cls(
                oneway=tuple((int(a), int(b)) for a, b in data.get("oneway", ())),
                doors=tuple((int(a), int(b), int(c)) for a, b, c in data.get("doors", ())),
                keys=tuple((int(a), int(c)) for a, c in data.get("keys", ())),
                pursuer=None if pursuer is None else int(pursuer),
                switches=tuple(int(c) for c in sw.get("cells", ())),
                gates=tuple((int(a), int(b), bool(o)) for a, b, o in sw.get("gates", ())),
            )
        except (TypeError, ValueError, AttributeError) as exc:
            raise RulesError(f"the rules are not in the expected form ({exc})") from None


def parse_families(text: str) -> tuple[str, ...]:
    """``"oneway,keys"`` -> ``("oneway", "keys")`` in :data:`FAMILIES` order; ``"all"`` gives every family.

    Raises:
        ValueError: an empty list or a name that is not a family (one sentence naming it).
    """
    names = [p.strip().lower() for p in str(text).split(",") if p.strip()]
    if not names:
        raise ValueError(f"--rules needs at least one of: {', '.join(FAMILIES)} (or all)")
    if names == ["all"]:
        return FAMILIES
    aliases = {"one-way": "oneway", "doors": "keys", "hunter": "pursuer", "minotaur": "pursuer",
               "gates": "switches", "switch": "switches", "key": "keys"}
    out = set()
    for name in names:
        name = aliases.get(name, name)
        if name not in FAMILIES:
            shown = name if len(name) <= 20 else name[:20] + "…"
            raise ValueError(f"unknown rule '{shown}' (rules: {', '.join(FAMILIES)}, or all)")
        out.add(name)
    return tuple(f for f in FAMILIES if f in out)


@dataclass(frozen=True)
class PuzzleRecipe:
    """The puzzle part of a maze recipe: which rule families, and how hard.

    Attributes:
        families: a non-empty tuple of names from :data:`FAMILIES`, in that order.
        difficulty: ``"easy"``, ``"medium"`` or ``"hard"``.
        target: a target length in actions (1..:data:`MAX_TARGET`) instead of a named difficulty, or 0.
    """

    families: tuple[str, ...]
    difficulty: str = "medium"
    target: int = 0

    def __post_init__(self) -> None:
        if not self.families or any(f not in FAMILIES for f in self.families):
            raise ValueError(f"rules must be a non-empty choice of {', '.join(FAMILIES)}")
        object.__setattr__(self, "families", tuple(f for f in FAMILIES if f in self.families))
        if self.target:
            if not 1 <= self.target <= MAX_TARGET:
                raise ValueError(f"a target length must be 1..{MAX_TARGET} actions, not {self.target}")
            object.__setattr__(self, "difficulty", "")
        elif self.difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be easy, medium, hard or a length in actions, not {self.difficulty!r}")

    @classmethod
    def parse(cls, rules: str, difficulty: str = "medium") -> PuzzleRecipe:
        """From the CLI's ``--rules`` and ``--difficulty`` texts.

        Raises:
            ValueError: one sentence naming the bad value.
        """
        families = parse_families(rules)
        d = str(difficulty).strip().lower()
        if d.isdigit() and d.isascii():
            value = int(d)
            if not 1 <= value <= MAX_TARGET:
                raise ValueError(f"--difficulty as a length must be 1..{MAX_TARGET} actions, not {value}")
            return cls(families, target=value)
        if d not in DIFFICULTIES:
            shown = d if len(d) <= 20 else d[:20] + "…"
            raise ValueError(f"--difficulty must be easy, medium, hard or a length in actions, not '{shown}'")
        return cls(families, d)

    def field(self) -> str:
        """The recipe code's field: ``Q`` + family letters + ``E``/``M``/``H`` or the target length."""
        letters = "".join(FAMILY_LETTERS[f] for f in self.families)
        return f"Q{letters}{self.target if self.target else DIFFICULTY_LETTERS[self.difficulty]}"

    @classmethod
    def from_field(cls, part: str) -> PuzzleRecipe:
        """Read :meth:`field`'s text (already upper case); one canonical spelling.

        Raises:
            ValueError: one sentence naming what is wrong.
        """
        body = part[1:]
        by_letter = {v: k for k, v in FAMILY_LETTERS.items()}
        i = 0
        while i < len(body) and body[i] in by_letter:
            i += 1
        letters, tail = body[:i], body[i:]
        if not letters:
            raise ValueError("the puzzle field 'Q' names no rule")
        families = tuple(by_letter[ch] for ch in letters)
        by_diff = {v: k for k, v in DIFFICULTY_LETTERS.items()}
        if tail in by_diff:
            out = cls(families, by_diff[tail])
        elif tail.isdigit() and tail[:1] != "0" and len(tail) <= 3:
            out = cls(families, target=int(tail))
        else:
            raise ValueError(f"the puzzle field's difficulty '{tail[:8]}' is not E, M, H or a length")
        if out.field() != part:
            raise ValueError("the puzzle field's rules are not written in their usual order")
        return out

    def short_words(self) -> str:
        """``"one-way, keys, hunter"``: the families in a few words (titles)."""
        short = {"oneway": "one-way", "keys": "keys", "pursuer": "hunter", "switches": "switches"}
        return ", ".join(short[f] for f in self.families)

    def words(self) -> str:
        """``"one-way passages and keys and doors, medium"`` (players' words)."""
        parts = [FAMILY_WORDS[f] for f in self.families]
        text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        how = f"aiming at {self.target} moves" if self.target else self.difficulty
        return f"{text}, {how}"
