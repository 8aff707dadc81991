"""What every timed maze mode shares: one :class:`Phase`, one :class:`Event` and one :class:`Session` protocol.

Like a midend, each mode's session owns its rules, state and clock, and every
one of them is driven and read the same way:

* ``advance(dt, ...)`` runs ``dt`` real seconds (plus whatever input the mode
  takes, e.g. the direction held) and returns what happened as a list of
  :class:`Event`;
* ``phase`` says where the session is (a :class:`Phase`);
* ``result()`` says how it went, or None while that is not known yet.

:class:`engine.modes.play.PlaySession`, :class:`engine.modes.race.session.RaceSession`
and :class:`engine.modes.race.duo.DuoSession` satisfy :class:`Session`.  Sessions
that run on ticks take them from the one clock, :mod:`engine.modes.clock`.

Not every mode is a :class:`Session`: the Lab run (:class:`engine.modes.lab.LabRun`)
is stepped by a budget of animation steps and keeps its own
:class:`engine.modes.lab.LabPhase` (``LabPhase.shared`` maps it onto :class:`Phase`);
the sliding puzzle (:mod:`engine.puzzle.session`) keeps its own ``Phase``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol, TypeVar, runtime_checkable

#: :attr:`Event.player` of an event about the whole session, not one player (a beep, the end).
EVERYONE = -1


class Phase(Enum):
    """Where a session is.

    * ``READY``: the clock has not started: a race's countdown (moves are refused),
      or a maze before the first move (the timer waits for it);
    * ``PLAYING``: the clock runs and nothing is decided;
    * ``DECIDED``: the outcome is known but a racer is still on its way (races only);
    * ``OVER``: nothing more can change (a maze: the goal reached; a race: every
      racer arrived or gave up).
    """

    READY = "ready"
    PLAYING = "playing"
    DECIDED = "decided"
    OVER = "over"


class EventKind(Enum):
    """What an :class:`Event` reports (the fields it fills in brackets)."""

    BEEP = "beep"  # a countdown second (value: seconds left, 0 = go; player: EVERYONE)
    STEP = "step"  # a player started a move (player, cell: the cell entered)
    BUMP = "bump"  # a player walked into a wall, or clicked where it may not walk (player, cell: its cell)
    ARRIVED = "arrived"  # a player's move into the goal completed (player, cell: the goal, value: its place)
    DECIDED = "decided"  # the first racer arrived (player: the winner, a race's opponent is 1; EVERYONE: a tie)
    OVER = "over"  # the session is over (player: EVERYONE)
    # puzzle mazes (engine.modes.rules_play):
    KEY = "key"  # a key was picked up (cell: where; value: its colour 0..3)
    SWITCH = "switch"  # the switch flipped: the gates changed (cell: the switch; value: 1 on, 0 off)
    HUNTER = "hunter"  # the hunter took a step (cell: its new cell; value: 1 or 2, the step)
    CAUGHT = "caught"  # the hunter caught the player (cell: the player's cell): undo or restart
    WAIT = "wait"  # the player waited a turn (cell: their cell)
    DOOR = "door"  # the player went through a door with its key (cell: the cell entered; value: its colour 0..3)


@dataclass(frozen=True)
class Event:
    """One thing that happened in a session.

    Attributes:
        kind: what happened.
        player: who it happened to: 0 for the one player of a maze or a race (1 is a race's
            opponent), 0 or 1 in a two-player race; :data:`EVERYONE` for the whole session.
        cell: the cell it happened at (STEP, BUMP, ARRIVED), else -1.
        value: BEEP: seconds left (0 = go); ARRIVED: the place (1 first; a maze: 1); STEP: +1 / -1 for a
            step up / down a stair (a maze with floors), else 0; else 0.
        time: seconds on the session's clock when it happened (a race: its tick / 60,
            negative during the countdown; a maze: the timer).
    """

    kind: EventKind
    player: int = 0
    cell: int = -1
    value: int = 0
    time: float = 0.0


R_co = TypeVar("R_co", covariant=True)


@runtime_checkable
class Session(Protocol[R_co]):
    """A mode's session as its screen drives it (``R_co``: its result type)."""

    @property
    def phase(self) -> Phase:
        """Where the session is."""
        ...

    def advance(self, dt: float) -> list[Event]:
        """Run ``dt`` real seconds; what happened (including what input since the last call started).

        Sessions take more, optional arguments (the direction held, per player).
        """
        ...

    def result(self) -> R_co | None:
        """How it went, or None while not known."""
        ...
