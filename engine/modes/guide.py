"""The guided start: a one-minute tour on a small hand-picked maze, then a race start and a puzzle hint.

The guide owns the progress (no window code): a :class:`Guide` holds a
:class:`GuidedPlay` (a :class:`engine.modes.play.PlaySession` that tells the guide
what the player did) and moves through :class:`GuideStep` in order, each step
ending on its own action:

- ``MOVE``: one step made with a key;
- ``RUN``: :data:`RUN_STEPS` steps made by a held key by itself (not the steps its presses made);
- ``CLICK``: a click that starts a walk (:meth:`PlaySession.walk_to` accepted it; the guide's maze is lit and
  small, so a click on any cell the player can reach walks there);
- ``ZOOM``: the view reports a zoom (wheel or +/-) with :meth:`Guide.zoomed`;
- ``GOAL``: the goal reached (reached during an earlier step, it skips to the race: the maze is done);
- ``RACE``: the maze starts again with an opponent after a countdown
  (:data:`COUNTDOWN` seconds); it ends when the player or the opponent reaches the goal;
- ``RESULT``: who won and both times (:attr:`Guide.result`); the player goes on with :meth:`Guide.proceed`
  (Enter), so keys still held from the race reach nothing;
- ``HINT``: a 3×3 sliding puzzle :data:`PUZZLE_MOVES` moves from solved: ask a hint
  (:meth:`Guide.hint`), then play the hinted move;
- ``DONE``.

The view shows :attr:`Guide.prompt` and draws what the guide reports
(:meth:`Guide.opponent_position`, :attr:`Guide.puzzle`).  :meth:`Guide.skip` ends it at any time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum

from engine.level import Level
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.base import Event, EventKind
from engine.modes.play import PlaySession, Vec
from engine.puzzle.board import Board
from engine.puzzle.session import Hint, PuzzleSession
from engine.records import format_time

#: The guide's maze: 8×5 squares, a few steps down then a long corridor with side openings (for the run).
GUIDE_CODE = "M2.S8X5.GT.O#2-GD"
#: Held-key steps in a row that complete ``RUN``.
RUN_STEPS = 3
#: Seconds of "3, 2, 1" before the race step's "go".
COUNTDOWN = 3.0
#: The opponent's speed in the race step (cells per second): slow, it is a taste.
OPPONENT_SPEED = 2.5
#: The guide's puzzle: the solved 3×3 board with the blank moved along these moves (so it is 2 moves away).
PUZZLE_MOVES = "UL"


class GuideStep(Enum):
    """The steps of the guided start, in order."""

    MOVE = "move"
    RUN = "run"
    CLICK = "click"
    ZOOM = "zoom"
    GOAL = "goal"
    RACE = "race"
    RESULT = "result"
    HINT = "hint"
    DONE = "done"


#: What the guide says at each step (one line each; the view may fit or wrap it).
PROMPTS: dict[GuideStep, str] = {
    GuideStep.MOVE: "Press an arrow key (or W A S D) to take one step.",
    GuideStep.RUN: "Hold a key down to run along a corridor.",
    GuideStep.CLICK: "Click a cell of the maze: you walk there.",
    GuideStep.ZOOM: "Turn the mouse wheel (or press + / -) to zoom in or out.",
    GuideStep.GOAL: "Now reach the goal, the marked cell.",
    GuideStep.RACE: "A race: the diamond starts with you. Reach the goal first!",
    GuideStep.RESULT: "The race is over. Press Enter to go on.",
    GuideStep.HINT: "The sliding puzzle: press H for a hint, then slide that tile (arrows or click).",
    GuideStep.DONE: "That's it! Enjoy Tessera.",
}

ORDER: tuple[GuideStep, ...] = tuple(GuideStep)


def guide_level() -> Level:
    """The guide's maze as a level (:data:`GUIDE_CODE`)."""
    spec = MazeSpec.from_code(GUIDE_CODE)
    return spec.level(spec.build())


def guide_board() -> Board:
    """The guide's 3×3 puzzle position (:data:`PUZZLE_MOVES` blank moves from solved)."""
    return Board.goal(3, 3).apply(PUZZLE_MOVES)


class GuidedPlay(PlaySession):
    """A play session that reports steps, held runs and accepted clicks to its :class:`Guide`."""

    def __init__(self, guide: Guide, level: Level) -> None:
        self.guide = guide
        super().__init__(level)

    def press(self, direction: Vec, prefer: Vec | None = None) -> None:
        """As :meth:`PlaySession.press`, ignored while the race step counts down."""
        if not self.guide.waiting():
            self.guide.pressed += 1  # its step (or bump) is a press's, not the hold's
            super().press(direction, prefer)

    def walk_to(self, cell: int, *, explored_only: bool = True) -> bool:
        """As :meth:`PlaySession.walk_to` (refused during the countdown and the result); the guide hears of an
        accepted walk.  In the click step any reachable cell is accepted (the maze is lit: every cell is seen)."""
        if self.guide.waiting():
            return False
        if self.guide.step is GuideStep.CLICK:
            explored_only = False
        ok = super().walk_to(cell, explored_only=explored_only)
        if ok:
            self.guide.clicked()
        return ok

    def advance(self, dt: float, held: Vec | None = None) -> list[Event]:
        """As :meth:`PlaySession.advance` (no held run during the countdown); the guide sees the events."""
        waiting = self.guide.waiting()
        events = super().advance(dt, None if waiting else held)
        self.guide.observe(events, held is not None and not waiting, dt)
        return events


class Guide:
    """The guided start's progress (module doc).

    Attributes:
        step: the current :class:`GuideStep`.
        play: the maze session (:class:`GuidedPlay`); reset for the race step.
        puzzle: the 3×3 puzzle session from the ``HINT`` step on, else None.
        changed: the number of step changes so far (a view compares it to know when to redraw or chime).
        race_time: seconds since the race step's countdown began (before: 0).
    """

    def __init__(self) -> None:
        self.step = GuideStep.MOVE
        self.level = guide_level()
        self.play = GuidedPlay(self, self.level)
        self.puzzle: PuzzleSession | None = None
        self.changed = 0
        self.race_time = 0.0
        self._held_run = 0
        self.pressed = 0  # presses whose step (or bump) has not been seen yet
        self.player_time: float | None = None  # seconds the player took in the race (None: did not arrive)
        self._hinted: Hint | None = None
        self._path: list[int] = shortest_path(self.play.adj, self.play.start, self.play.goal)

    @property
    def prompt(self) -> str:
        """The line to show now (the result step: who won, both times)."""
        if self.step is GuideStep.RESULT:
            return self.result
        return PROMPTS[self.step]

    def race_clock(self) -> float | None:
        """The race step's clock, the one the banner reads: seconds since "go" while the race runs (0 in the
        countdown), the player's time once it ended; None outside the race."""
        if self.step is GuideStep.RACE:
            return max(0.0, self.race_time - COUNTDOWN)
        if self.step is GuideStep.RESULT:
            return self.player_time
        return None

    def opponent_time(self) -> float:
        """Seconds the race step's opponent takes from "go" to the goal."""
        return (len(self._path) - 1) / OPPONENT_SPEED

    @property
    def result(self) -> str:
        """The race's result in one line ("" before it ended)."""
        if self.step is not GuideStep.RESULT:
            return ""
        them = self.opponent_time()
        if self.player_time is not None and self.player_time <= them:
            mine = format_time(self.player_time)
            return f"You won the race: {mine}, the diamond {format_time(them)}. Press Enter to go on."
        yours = f" (you: {format_time(self.player_time)})" if self.player_time is not None else ""
        return (f"The diamond won in {format_time(them)}{yours}. Races wait in the menu: Play, Race. "
                "Press Enter to go on.")

    def proceed(self) -> None:
        """Enter after the race's result: on to the puzzle."""
        if self.step is GuideStep.RESULT:
            self._next()

    @property
    def number(self) -> int:
        """The current step's number, 1 .. :attr:`total` (``DONE`` is past the last)."""
        return ORDER.index(self.step) + 1

    @property
    def total(self) -> int:
        """How many steps there are to do (``DONE`` not counted)."""
        return len(ORDER) - 1

    @property
    def done(self) -> bool:
        """True once every step is done or the guide was skipped."""
        return self.step is GuideStep.DONE

    def _next(self) -> None:
        self.step = ORDER[ORDER.index(self.step) + 1]
        self.changed += 1
        if self.step is GuideStep.RACE:
            self.play.reset()
            self.race_time = 0.0
            self.player_time = None
        elif self.step is GuideStep.HINT:
            self.puzzle = PuzzleSession(guide_board())

    def skip(self) -> None:
        """End the guide now (the player pressed Esc or Skip)."""
        if self.step is not GuideStep.DONE:
            self.step = GuideStep.DONE
            self.changed += 1

    # -- what the player did ---------------------------------------------------
    def waiting(self) -> bool:
        """True during the race step's countdown and while its result shows (moves are refused)."""
        return (self.step is GuideStep.RACE and self.race_time < COUNTDOWN) or self.step is GuideStep.RESULT

    def countdown(self) -> int:
        """Whole seconds left before "go" in the race step (3, 2, 1), 0 once it has gone or outside it."""
        return math.ceil(COUNTDOWN - self.race_time) if self.step is GuideStep.RACE and self.waiting() else 0

    def observe(self, events: Sequence[Event], held: bool, dt: float) -> None:
        """The play session's events of one tick; ``held``: a direction key was held during it."""
        if self.step is GuideStep.RACE:
            self.race_time += dt
        for event in events:
            if event.kind is EventKind.ARRIVED and self.step is GuideStep.RACE:
                self.player_time = max(0.0, self.race_time - COUNTDOWN)  # seconds since "go"
                self._next()
                return
            if event.kind is EventKind.ARRIVED:  # the goal ends the maze steps (reached early: the rest are moot)
                if ORDER.index(self.step) < ORDER.index(GuideStep.GOAL):
                    self.step = GuideStep.GOAL
                self._next()
                return
            by_press = event.kind in (EventKind.STEP, EventKind.BUMP) and self.pressed > 0
            if by_press:
                self.pressed -= 1
            if event.kind is not EventKind.STEP:
                continue
            if self.step is GuideStep.MOVE and self.play._key_driven:
                self._next()
            elif self.step is GuideStep.RUN and held and not by_press:  # a step the held key made by itself
                self._held_run += 1
                if self._held_run >= RUN_STEPS:
                    self._next()
        if self.step is GuideStep.RACE and self.race_time - COUNTDOWN >= self.opponent_time():
            self._next()  # the opponent got there first

    def clicked(self) -> None:
        """A click started a walk."""
        if self.step is GuideStep.CLICK:
            self._next()

    def zoomed(self) -> None:
        """The view zoomed (wheel or +/- keys)."""
        if self.step is GuideStep.ZOOM:
            self._next()

    def opponent_position(self) -> tuple[float, float] | None:
        """Where the race step's opponent is (world units, eased between cells); None outside the race."""
        if self.step not in (GuideStep.RACE, GuideStep.RESULT):
            return None
        travelled = max(0.0, self.race_time - COUNTDOWN) * OPPONENT_SPEED
        i = min(int(travelled), len(self._path) - 1)
        j = min(i + 1, len(self._path) - 1)
        f = travelled - int(travelled) if j > i else 0.0
        (ax, ay), (bx, by) = self.play.centers[self._path[i]], self.play.centers[self._path[j]]
        return ax + (bx - ax) * f, ay + (by - ay) * f

    # -- the puzzle step ---------------------------------------------------------
    def hint(self) -> Hint | None:
        """H in the puzzle step: the hint for the board (also kept to check the next move)."""
        if self.puzzle is None or self.step is not GuideStep.HINT:
            return None
        self._hinted = self.puzzle.hint_now()
        return self._hinted

    def slide(self, moves: str) -> None:
        """The puzzle moves the player just played (blank moves, ``""`` for none): the hinted one ends the step."""
        if self.step is not GuideStep.HINT or not moves:
            return
        if self._hinted is not None and moves[0] == self._hinted.move:
            self._next()
        self._hinted = None
