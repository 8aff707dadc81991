"""A small picture of each rule: one row of four square cells with the rule's elements on it.

Help (one page per rule) and the first level of a rule draw these, so a player sees the element as the maze
draws it (the marks come from :func:`engine.maze.rules.draw.rule_marks`) in a situation they will meet: an
arrow on the way, a key before its door, the hunter between you and the goal, a switch before a shut gate.

Cells are numbered 0..3 from the left; the player stands on cell 0 and the goal is cell 3 (but for the
hunter, which stands there).  The row is the lower row of a square 4×2 grid (the smallest square grid); only
it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np

from engine.maze.grids import make_grid
from engine.maze.model import Maze
from engine.maze.rules import FAMILIES, Rules
from engine.maze.rules.draw import Mark, rule_marks

#: The cells of the row, left to right (the grid's lower row).
CELLS: Final = 4
PLAYER: Final = 0
GOAL: Final = 3


@dataclass(frozen=True)
class Example:
    """One rule's picture.

    Attributes:
        family: the rule family (:data:`engine.maze.rules.FAMILIES`).
        marks: its elements, in world units: cell ``i``'s centre is ``(i + 0.5, 0.5)``, the row spans
            x 0..4 and y 0..1.
        steps: for the hunter, the cells it steps to after your next move, in order (its two steps); empty
            otherwise.
        goal: the goal's cell, or None (the hunter's picture has none).
        caption: one short sentence in players' words.
    """

    family: str
    marks: tuple[Mark, ...]
    steps: tuple[int, ...]
    goal: int | None
    caption: str


_RULES: Final = {
    "oneway": (Rules(oneway=((1, 2),)), (), "The arrow lets you pass one way only."),
    "keys": (Rules(doors=((2, 3, 0),), keys=((1, 0),)), (), "Pick up the key, then its door opens."),
    "pursuer": (Rules(pursuer=GOAL), (2, 1), "After each move the hunter takes two steps toward you."),
    "switches": (Rules(switches=(1,), gates=((2, 3, False),)), (), "The switch opens the shut gate."),
}


@cache
def example(family: str) -> Example:
    """The picture of ``family``.

    Raises:
        ValueError: ``family`` is not one of :data:`engine.maze.rules.FAMILIES`.
    """
    if family not in FAMILIES:
        raise ValueError(f"no rule family {family!r}; the families are {', '.join(FAMILIES)}")
    rules, steps, caption = _RULES[family]
    grid = make_grid("square", CELLS, 2)
    passage = np.ones(grid.edges.shape[0], dtype=bool)
    maze = Maze(grid, passage, PLAYER, GOAL, rules=rules)
    marks = tuple(m for m in rule_marks(maze) if float(m.points[:, 1].max()) <= 1.0 + 1e-9)
    return Example(family, marks, tuple(steps), None if rules.pursuer is not None else GOAL, caption)
