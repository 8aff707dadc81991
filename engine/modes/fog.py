"""Dark mazes (fog of war): what the player sees, what it remembers, whether it knows the goal.

The rule, for a player standing on a cell:

* **in sight** — the cell itself, every cell next to it (its grid neighbours,
  walled or not: the player sees the walls around it and what lies just beyond; with
  floors only those on its own floor, plus the cell at the other end of an open stair),
  and the straight open runs from it in every open direction (the same runs
  click-to-walk allows, :meth:`engine.modes.play.PlaySession.in_sight`);
* **seen** — every cell that has been in sight at some time (remembered, drawn dimmed);
* **unseen** — the rest (hidden);
* the **goal is known** once it has been in sight; until then an optional faint
  hint may point to it (:meth:`Fog.goal_direction`, a setting).

A :class:`Fog` keeps one level per cell (:data:`UNSEEN`, :data:`SEEN`,
:data:`IN_SIGHT`) and the cells whose level changed since the view last asked
(:meth:`Fog.take_changes`), so a renderer updates only those.  The sight lines
themselves are computed by the play session (``PlaySession.in_sight``) and passed
to :meth:`Fog.look`; this module imports no other rule and no window code.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from engine.maze.model import Maze

#: Cell levels (``Fog.levels`` values).
UNSEEN = 0
SEEN = 1
IN_SIGHT = 2


class Fog:
    """The visibility state of one dark maze.

    Args:
        maze: the level.
        goal_hint: offer :meth:`goal_direction` while the goal is not known.

    Attributes:
        levels: ``(n,)`` uint8, one of :data:`UNSEEN`, :data:`SEEN`, :data:`IN_SIGHT` per cell.
        visible: the cells in sight now.
        version: grows by one on every change (a cheap key for cached pictures).
    """

    def __init__(self, maze: Maze, goal_hint: bool = False) -> None:
        self.maze = maze
        self.goal = int(maze.goal)
        self.goal_hint = goal_hint
        g = maze.grid
        self._neighbours: list[list[int]] = g.lists()[0]
        self._centers = np.asarray(g.centers, dtype=np.float64)
        if g.floors > 1:  # sight stops at stairs: the neighbours on the cell's own floor; the hint ignores floors
            fl = g.floor_of.tolist()
            self._neighbours = [[d for d in nbs if fl[d] == fl[c]] for c, nbs in enumerate(self._neighbours)]
            self._centers = self._centers - g.floor_offsets()[g.floor_of]  # type: ignore[attr-defined]
        self.levels = np.zeros(maze.grid.n, dtype=np.uint8)
        self.visible: set[int] = set()
        self.version = 0
        self._changed: set[int] = set()

    def reset(self) -> None:
        """Everything unseen again (a restart); every cell that was seen counts as changed."""
        self._changed.update(np.flatnonzero(self.levels).tolist())
        self.levels[:] = UNSEEN
        self.visible = set()
        self.version += 1

    def sight(self, cell: int, runs: Iterable[int]) -> set[int]:
        """What is in sight from ``cell`` given its straight open ``runs``: the cell, its neighbours, the runs."""
        out = {int(cell), *self._neighbours[cell]}
        out.update(int(c) for c in runs)
        return out

    def look(self, cell: int, runs: Iterable[int]) -> list[int]:
        """The player now stands on ``cell`` and sees ``runs`` along its open directions.

        Args:
            cell: the player's cell (0..n-1).
            runs: the straight open runs from it (``PlaySession.in_sight()``).

        Returns:
            The cells whose level changed, sorted.
        """
        now = self.sight(cell, runs)
        lost = self.visible - now
        gained = [c for c in now if self.levels[c] != IN_SIGHT]
        if lost:
            self.levels[list(lost)] = SEEN
        if gained:
            self.levels[gained] = IN_SIGHT
        self.visible = now
        changed = sorted(lost.union(gained))
        if changed:
            self._changed.update(changed)
            self.version += 1
        return changed

    def take_changes(self) -> list[int]:
        """The cells whose level changed since the last call (sorted), then forgets them."""
        out = sorted(self._changed)
        self._changed.clear()
        return out

    def level(self, cell: int) -> int:
        """:data:`UNSEEN`, :data:`SEEN` or :data:`IN_SIGHT`."""
        return int(self.levels[cell])

    def is_seen(self, cell: int) -> bool:
        """True once ``cell`` has been in sight."""
        return bool(self.levels[cell])

    @property
    def goal_known(self) -> bool:
        """True once the goal has been in sight (then it is drawn)."""
        return bool(self.levels[self.goal])

    @property
    def seen_count(self) -> int:
        """How many cells have been in sight so far."""
        return int(np.count_nonzero(self.levels))

    def goal_direction(self, cell: int) -> tuple[float, float] | None:
        """The faint hint: a unit vector (world x right, y up) from ``cell``'s centre toward the goal's.

        In a maze with floors, toward the goal's place on its own floor (as if it were on the player's).

        Returns:
            None when the hint is off, the goal is already known, or the player stands on it (or
            straight above or below it).
        """
        if not self.goal_hint or self.goal_known:
            return None
        dx, dy = (self._centers[self.goal] - self._centers[cell]).tolist()
        length = math.hypot(dx, dy)
        if length < 1e-9:
            return None
        return dx / length, dy / length
