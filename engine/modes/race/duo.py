"""Two players on one keyboard: two human racers on the same maze and ONE clock.

The rules of a two-player race (:class:`DuoSession`):

* both players start on the maze's start at the start signal, after the same
  countdown as a race against the AI (moves are refused before it);
* each player walks exactly as in single-player play: every player is an
  :class:`engine.modes.play.PlaySession` (hex forks, diagonals from two keys, held keys
  running along corridors, buffered presses, the 0.1 s move); the players pass
  through each other (neither blocks the other);
* time is counted in integer ticks of 1/60 s (:mod:`engine.modes.clock`); a
  player's time is the tick its move into the goal completes, exactly as a
  ghost of that run counts it (:attr:`engine.modes.ghost.Ghost.finish_tick`);
* the **first to reach the goal wins** (both on the same tick: a dead heat);
  the other player may go on to finish for a time;
* a player may give up (:meth:`DuoSession.give_up`); a race is only won at the
  goal, so the other player races on alone; :meth:`DuoSession.end` gives up
  for everyone still on the way (the "End race" button);
* the race is **over** when every player has arrived or given up;
* in a **dark** race (the level's ``.D`` flag) there is one screen, so there is
  one shared :class:`engine.modes.fog.Fog`: a cell is in sight while *either* player
  sees it and remembered once either player saw it (nothing can be hidden from
  the other player on a shared screen, so both see the same).

The caller feeds input (:meth:`DuoSession.press`) and real time
(:meth:`DuoSession.advance`, in seconds, with the direction each player holds)
and gets :class:`engine.modes.base.Event` s back (``player`` 0 or 1, or
:data:`engine.modes.base.EVERYONE`); :attr:`DuoSession.phase` is a
:class:`engine.modes.base.Phase` (``READY`` during the countdown); it is an
:class:`engine.modes.base.Session`; :meth:`DuoSession.result` says who won, by
how much and in how many moves; :meth:`DuoSession.ghost_of` gives each finished
run as a :class:`engine.modes.ghost.Ghost` (its code races that run as today).

No arcade here: the two-player screen maps keys to these calls and draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.level import Level
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec, recipe_of
from engine.modes.base import EVERYONE, Event, EventKind, Phase
from engine.modes.clock import (
    BEEP_TICKS,
    COUNTDOWN_TICKS,
    MOVE_TICKS,
    TICK,
    TICKS_PER_SECOND,
    take_ticks,
    ticks_to_seconds,
)
from engine.modes.fog import Fog
from engine.modes.ghost import Ghost
from engine.modes.play import PlaySession
from engine.records import format_time

Vec = tuple[float, float]


@dataclass
class DuoRacer:
    """One human racer: its walking session and its run on the race clock.

    Attributes:
        index: 0 or 1.
        play: the walking rules (:class:`engine.modes.play.PlaySession`).
        moves: ``(tick, cell)`` for every move begun (ticks >= 0, increasing).
        finish: the tick its move into the goal completes, or None.
        gave_up: True once the player stopped racing without reaching the goal.
    """

    index: int
    play: PlaySession
    moves: list[tuple[int, int]] = field(default_factory=list)
    finish: int | None = None
    gave_up: bool = False

    @property
    def cells(self) -> list[int]:
        """Every cell stepped on, the start first (the trail, repeats included)."""
        return [self.play.start] + [c for _, c in self.moves]

    def arrived(self, tick: int) -> bool:
        """True once the move into the goal has completed by ``tick``."""
        return self.finish is not None and tick >= self.finish

    def done(self, tick: int) -> bool:
        """True once this player has arrived or given up."""
        return self.gave_up or self.arrived(tick)


@dataclass(frozen=True)
class DuoRun:
    """One player's run in a finished (or abandoned) race.

    Attributes:
        ticks: the tick the goal was reached, None when the player did not finish.
        steps: moves made.
        place: 1 (first), 2 (second; a dead heat gives both 1), None when not finished.
    """

    ticks: int | None
    steps: int
    place: int | None

    @property
    def seconds(self) -> float | None:
        """The run's time in seconds (None if not finished)."""
        return None if self.ticks is None else ticks_to_seconds(self.ticks)


@dataclass(frozen=True)
class DuoResult:
    """How a two-player race went.

    Attributes:
        winner: 0 or 1, or None (a dead heat, or nobody finished).
        tie: True when both reached the goal on the same tick.
        runs: each player's :class:`DuoRun`.
        margin: seconds between the two finishes (None unless both finished).
        shortest: moves of the shortest start-goal path.
    """

    winner: int | None
    tie: bool
    runs: tuple[DuoRun, DuoRun]
    margin: float | None
    shortest: int

    def summary(self, names: Sequence[str] = ("Player 1", "Player 2")) -> str:
        """One sentence, e.g. ``Player 1 won by 0:01.25.`` / ``Player 2 won; Player 1 did not finish.``"""
        if self.tie:
            return "A dead heat!"
        if self.winner is None:
            return "Nobody reached the goal."
        loser = 1 - self.winner
        if self.margin is None:
            return f"{names[self.winner]} won; {names[loser]} did not finish."
        return f"{names[self.winner]} won by {format_time(self.margin)}."


def duo_maze(decoded: object) -> MazeSpec | None:
    """The maze two players race for a decoded code (:func:`engine.codes.decode_any`): a maze code's own spec or
    a race code's maze; None for any other kind (ghost, puzzle)."""
    kind = getattr(decoded, "KIND", "")
    maze = getattr(decoded, "maze", None) if kind == "race" else decoded
    return maze if isinstance(maze, MazeSpec) else None


class DuoSession:
    """Two human racers on one maze and one clock (see the module doc for the rules).

    Args:
        level: the level (a recipe is not needed; its ``dark`` flag makes a dark race with one shared fog).
        countdown: ticks before the start signal (>= 0).

    Attributes:
        level: the level raced; ``maze`` is its maze and ``spec`` its recipe (None for a level made by hand).
    """

    def __init__(self, level: Level, countdown: int = COUNTDOWN_TICKS) -> None:
        self.level = level
        self.spec: MazeSpec | None = recipe_of(level)
        self.maze: Maze = level.maze
        self.countdown = int(countdown)
        self.tick = -self.countdown
        self.acc = 0.0
        move_time = MOVE_TICKS / TICKS_PER_SECOND
        # Each player walks in the light: in a dark race the one shared fog below is what is seen.
        first = PlaySession(level, move_time=move_time, dark=False)
        second = PlaySession(level, move_time=move_time, dark=False)
        self.racers: tuple[DuoRacer, DuoRacer] = (DuoRacer(0, first), DuoRacer(1, second))
        self.shortest = first.shortest
        #: The shared fog of a dark race (what either player sees), else None.
        self.fog: Fog | None = Fog(self.maze) if level.dark else None
        self._winner_sent = False
        self._over_sent = False
        self._look()

    def again(self) -> DuoSession:
        """A fresh race on the same maze (new countdown): the restart."""
        return DuoSession(self.level, self.countdown)

    # -- state ---------------------------------------------------------------
    @property
    def code(self) -> str:
        """The shareable code of this race: its level's code (``.D`` when dark): the maze code of its
        recipe, or a level code (``L2...``) for a level made by hand (see :meth:`engine.level.Level.code`).

        Raises:
            CodeError: a hand-made level that no level code can carry (shaped, weave, unreachable goal).
        """
        return self.level.code()

    @property
    def dark(self) -> bool:
        """True for a dark race (one shared fog)."""
        return self.fog is not None

    @property
    def started(self) -> bool:
        """True once the start signal was given (tick >= 0)."""
        return self.tick >= 0

    @property
    def clock(self) -> float:
        """Seconds since the start signal (0 during the countdown); the one clock of both players."""
        return max(0, self.tick) / TICKS_PER_SECOND

    @property
    def countdown_left(self) -> int:
        """Whole seconds left before the start (rounded up); 0 once started."""
        return max(0, -(self.tick // TICKS_PER_SECOND))

    def arrived(self) -> list[int]:
        """The players who have reached the goal, in finishing order (a dead heat: lower index first)."""
        done = [r for r in self.racers if r.arrived(self.tick)]
        return [r.index for r in sorted(done, key=lambda r: (r.finish, r.index))]

    @property
    def tie(self) -> bool:
        """True when both players reached the goal on the same tick."""
        a, b = self.racers
        return a.finish is not None and a.finish == b.finish and a.arrived(self.tick)

    @property
    def winner(self) -> int | None:
        """The first player to reach the goal (None before anyone did, or for a dead heat)."""
        order = self.arrived()
        return None if not order or self.tie else order[0]

    @property
    def decided(self) -> bool:
        """True once somebody has reached the goal."""
        return bool(self.arrived())

    @property
    def over(self) -> bool:
        """True once every player has arrived or given up."""
        return all(r.done(self.tick) for r in self.racers)

    @property
    def phase(self) -> Phase:
        """``READY`` (the countdown), ``PLAYING`` (nobody arrived), ``DECIDED`` (somebody arrived, the other
        still racing) or ``OVER``."""
        if self.over:
            return Phase.OVER
        if not self.started:
            return Phase.READY
        return Phase.DECIDED if self.decided else Phase.PLAYING

    def position(self, player: int) -> Vec:
        """Player ``player``'s drawn position in world units (eased between cells)."""
        return self.racers[player].play.display_position()

    def floor(self, player: int) -> int:
        """The floor player ``player`` is drawn on (0 = the lowest; always 0 without floors)."""
        return self.racers[player].play.display_floor()

    def moves(self, player: int) -> int:
        """Moves player ``player`` has made."""
        return len(self.racers[player].moves)

    def trail(self, player: int) -> list[int]:
        """The cells player ``player`` stepped on, in order (the start first, repeats included)."""
        return self.racers[player].cells

    def result(self) -> DuoResult:
        """Who won, by how much, and each player's time and moves (so far: unfinished runs have no time)."""
        order = self.arrived()
        tie = self.tie
        runs = []
        for r in self.racers:
            ticks = r.finish if r.arrived(self.tick) else None
            place = None if ticks is None else (1 if tie else order.index(r.index) + 1)
            runs.append(DuoRun(ticks, len(r.moves), place))
        a, b = runs
        margin = None
        if a.ticks is not None and b.ticks is not None:
            margin = abs(a.ticks - b.ticks) / TICKS_PER_SECOND
        return DuoResult(self.winner, tie, (a, b), margin, self.shortest)

    def ghost_of(self, player: int) -> Ghost | None:
        """Player ``player``'s run as a ghost once it reached the goal, else None."""
        r = self.racers[player]
        if r.finish is None:
            return None
        return Ghost.record(self.level, r.moves)

    # -- input ---------------------------------------------------------------
    def accepts(self, player: int) -> bool:
        """True while player ``player`` may move (after the start, not arrived, not given up)."""
        r = self.racers[player]
        return self.started and r.finish is None and not r.gave_up

    def press(self, player: int, direction: Vec, prefer: Vec | None = None) -> bool:
        """A direction key of player ``player`` (``prefer``: the newest key of a two-key diagonal).

        Returns:
            False (nothing buffered) before the start, after the player arrived or gave up.

        Raises:
            IndexError: ``player`` is not 0 or 1.
        """
        if not self.accepts(player):
            return False
        self.racers[player].play.press(direction, prefer)
        return True

    def climb(self, player: int, direction: int) -> bool:
        """Player ``player`` takes the open stair up (+1) or down (-1) from its cell (:meth:`PlaySession.climb`).

        Returns:
            False before the start, after the player arrived or gave up, or where there is no such stair
            (then a ``BUMP``).
        """
        return self.accepts(player) and self.racers[player].play.climb(direction)

    def give_up(self, player: int) -> None:
        """Player ``player`` stops racing (no effect once its last move into the goal began)."""
        r = self.racers[player]
        if r.finish is None:
            r.gave_up = True
            r.play.queue.clear()

    def end(self) -> None:
        """End the race now: every player still on the way gives up."""
        for r in self.racers:
            self.give_up(r.index)

    # -- time ----------------------------------------------------------------
    def advance(self, dt: float, held: Sequence[Vec | None] = (None, None)) -> list[Event]:
        """Run as many whole ticks as ``dt`` seconds (plus what was carried) allow.

        Args:
            dt: real seconds since the last call (>= 0); at most
                :data:`engine.modes.clock.MAX_TICKS_PER_ADVANCE` ticks run per call.
            held: per player, the direction of the keys it holds now (hold to run), or None.
        """
        ticks, self.acc = take_ticks(self.acc, dt)
        events: list[Event] = []
        for _ in range(ticks):
            events.extend(self.step(held))
        return events

    def step(self, held: Sequence[Vec | None] = (None, None)) -> list[Event]:
        """One fixed 1/60 s step: both players' moves at this tick (player 1 first), then the clock."""
        events: list[Event] = []
        stepped = False
        for r in self.racers:
            if not self.accepts(r.index):
                if r.finish is not None and r.play.moving:  # the move into the goal still glides in
                    r.play.advance(TICK, None)
                continue
            play = r.play
            now = self.tick / TICKS_PER_SECOND
            before = play.elapsed
            for e in play.advance(TICK, held[r.index] if r.index < len(held) else None):
                if e.kind is EventKind.STEP:
                    at = self.tick + int(e.time > before + 1e-9)  # a move begun as the last one ended: next tick
                    r.moves.append((at, e.cell))
                    if e.cell == play.goal:
                        r.finish = at + MOVE_TICKS
                    stepped = True
                    events.append(Event(EventKind.STEP, r.index, cell=e.cell, value=e.value, time=now))
                elif e.kind is EventKind.BUMP:
                    events.append(Event(EventKind.BUMP, r.index, cell=e.cell, time=now))
        if stepped:
            self._look()
        self.tick += 1
        now = self.tick / TICKS_PER_SECOND
        if self.tick in BEEP_TICKS:
            events.append(Event(EventKind.BEEP, EVERYONE, value=-self.tick // TICKS_PER_SECOND, time=now))
        for r in self.racers:
            if r.finish == self.tick:
                place = self.result().runs[r.index].place or 0
                events.append(Event(EventKind.ARRIVED, r.index, cell=r.play.goal, value=place, time=now))
        if self.decided and not self._winner_sent:
            self._winner_sent = True
            events.append(Event(EventKind.DECIDED, EVERYONE if self.tie else self.arrived()[0], time=now))
        if self.over and not self._over_sent:
            self._over_sent = True
            events.append(Event(EventKind.OVER, EVERYONE, time=now))
        return events

    def _look(self) -> None:
        """Dark race: the shared fog sees what either player sees from where it stands (or heads to)."""
        fog = self.fog
        if fog is None:
            return
        seen: set[int] = set()
        for r in self.racers:
            seen |= fog.sight(r.play.cell, r.play.in_sight())
        fog.look(self.racers[0].play.cell, seen)
