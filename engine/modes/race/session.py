"""One race as the game plays it: you and an opponent (AI or ghost) on ONE clock.

:class:`RaceSession` owns both racers: the player's :class:`engine.modes.play.PlaySession`
(keys, buffered moves, click-to-walk, the 0.1 s move animation) and the
deterministic :class:`engine.modes.race.sim.RaceSim` (integer ticks of 1/60 s).  The
caller feeds input (:meth:`RaceSession.press`, :meth:`RaceSession.walk_to`,
:meth:`RaceSession.give_up`) and real time (:meth:`RaceSession.advance`, in
seconds); the session runs whole ticks, hands every move the player starts to
the simulation at that tick, and returns what happened as :class:`RaceEvent`\\ s.
Its :attr:`RaceSession.phase` is a :class:`RacePhase`; :meth:`RaceSession.result`
says who won and by how much.

No arcade here: the race screen maps keys to these calls and draws what the
session reports; tests drive it without a window.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from engine.codes import CodeError, normalize
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.modes.clock import COUNTDOWN_TICKS, MOVE_TICKS, TICKS_PER_SECOND, Timeline
from engine.modes.ghost import Ghost
from engine.modes.play import PlaySession
from engine.modes.race import OPPONENTS, RaceSpec, make_race
from engine.modes.race.sim import RaceResult, RaceSim

Vec = tuple[float, float]
TICK = 1.0 / TICKS_PER_SECOND
#: A stalled frame never runs more than 0.2 s of race at once.
MAX_TICKS_PER_ADVANCE = 12
#: Ticks at which the countdown beeps (3, 2, 1 ... go).
BEEP_TICKS = (-120, -60, 0)


def take_ticks(carried: float, dt: float) -> tuple[int, float]:
    """How many whole ticks ``dt`` real seconds plus ``carried`` ones allow (at most
    :data:`MAX_TICKS_PER_ADVANCE`, so a stalled frame never makes a race jump), and the seconds carried on.

    Returns:
        ``(ticks to run, seconds to carry to the next call)``.
    """
    acc = min(carried + max(0.0, dt), MAX_TICKS_PER_ADVANCE * TICK)
    ticks = 0
    while acc >= TICK - 1e-9:
        acc -= TICK
        ticks += 1
    return ticks, max(0.0, acc)


class RacePhase(Enum):
    """Where a race is."""

    COUNTDOWN = "countdown"  # before the start signal: moves are refused
    RUNNING = "running"  # nobody has arrived yet
    DECIDED = "decided"  # the winner is known, but a racer is still on its way
    OVER = "over"  # nothing more can change


class EventKind(Enum):
    """What a :class:`RaceEvent` reports."""

    BEEP = "beep"  # a countdown second (value: seconds left, 0 = go)
    STEP = "step"  # the player started a move (value: the cell entered)
    BUMP = "bump"  # the player walked into a wall (value: the current cell)
    DECIDED = "decided"  # the first racer arrived (value: 1 player won, 0 tie, -1 opponent won)
    OVER = "over"  # the race is over
    ARRIVED = "arrived"  # a two-player race: a player reached the goal (engine.modes.race.duo; value: its place)


@dataclass(frozen=True)
class RaceEvent:
    """One thing that happened during :meth:`RaceSession.advance`."""

    kind: EventKind
    value: int = 0


@dataclass(frozen=True)
class RaceInfo:
    """What a race is, for titles, codes and saved bests.

    Attributes:
        code: the shareable code of this race (race code, or the ghost code raced).
        maze_spec: the level (ghost codes of the player's run are made from it).
        opponent_name: e.g. ``the runner`` / ``the ghost`` (used inside sentences).
        note: one line about the opponent (its speed, that it switches to Trémaux...).
        best_key: the key personal bests are kept under (``code``, or ``vs-ghost:<maze code>``).
        race_spec: the race spec (None for a ghost race).
        ghost: the ghost raced (None for an AI race).
    """

    code: str
    maze_spec: MazeSpec
    opponent_name: str
    note: str = ""
    best_key: str = ""
    race_spec: RaceSpec | None = None
    ghost: Ghost | None = None

    @property
    def is_ghost(self) -> bool:
        """True when the opponent is a recorded run."""
        return self.ghost is not None


class RaceSession:
    """Both racers on one clock.

    Args:
        maze: the level.
        opponent: the opponent's timeline (an AI route at constant speed, or a ghost).
        info: what the race is (see :class:`RaceInfo`).
        countdown: ticks before the start signal (>= 0).
    """

    def __init__(self, maze: Maze, opponent: Timeline, info: RaceInfo, countdown: int = COUNTDOWN_TICKS) -> None:
        self.maze = maze
        self.info = info
        self.sim = RaceSim(maze, opponent, countdown=countdown)
        #: The player's session; in a dark race (the level's ``.D`` flag) it keeps the fog of what the player saw.
        self.player = PlaySession(maze, move_time=MOVE_TICKS / TICKS_PER_SECOND, dark=info.maze_spec.dark)
        self.acc = 0.0
        seen: dict[int, int] = {}
        for i, c in enumerate(opponent.cells):
            seen.setdefault(c, i)
        #: Cells the opponent explored, in order of discovery, and the route index each was first reached at.
        self.explored_order: list[int] = sorted(seen, key=seen.__getitem__)
        self.explored_at: list[int] = sorted(seen.values())
        self._over_sent = False

    # -- ways in -------------------------------------------------------------
    @classmethod
    def for_spec(cls, spec: RaceSpec, maze: Maze | None = None, countdown: int = COUNTDOWN_TICKS) -> RaceSession:
        """A race against the AI opponent of ``spec`` (builds the maze unless given).

        Raises:
            ValueError: the opponent cannot reach the goal (never for valid specs).
        """
        race = make_race(spec, maze, countdown)
        note = spec.label()
        if race.fallback:
            note += " · it walks in circles here, so it will switch to Trémaux"
        if spec.maze.dark:  # in the dark, say who has the map
            note += " · dark: " + ("it knows the map" if spec.opponent == "runner" else "it has no map either")
        code = spec.code()
        info = RaceInfo(code, spec.maze, f"the {OPPONENTS[spec.opponent].noun}", note, code, race_spec=spec)
        return cls(race.maze, race.sim.opponent, info, countdown)

    @classmethod
    def for_ghost(cls, ghost: Ghost, maze: Maze | None = None, countdown: int = COUNTDOWN_TICKS) -> RaceSession:
        """A race against a recorded run (builds the maze unless given)."""
        maze = maze or ghost.spec.build()
        note = f"{ghost.spec.label()} · ghost time {ghost.seconds:.2f} s, {len(ghost.moves)} moves"
        info = RaceInfo(ghost.code(maze), ghost.spec, "the ghost", note, f"vs-ghost:{ghost.spec.code()}",
                        ghost=ghost)
        return cls(maze, ghost.timeline(), info, countdown)

    @classmethod
    def from_code(cls, code: str, maze_race: Callable[[MazeSpec], RaceSpec] = RaceSpec,
                  maze: Maze | None = None) -> RaceSession:
        """The race for a race (``R1``), ghost (``G1``) or maze (``M1``) code.

        Args:
            maze_race: how a maze code becomes a race (default: the runner at normal speed).
            maze: the level, when the caller has already built it.

        Raises:
            CodeError: the code does not decode (one plain sentence).
        """
        text = normalize(code)
        if text.startswith("G"):
            return cls.for_ghost(Ghost.from_code(text, maze), maze)
        if text.startswith("R"):
            return cls.for_spec(RaceSpec.from_code(text), maze)
        if text.startswith("M"):
            return cls.for_spec(maze_race(MazeSpec.from_code(text)), maze)
        raise CodeError("This is not a race, ghost or maze code (they start with R2, G2 or M2).")

    def again(self) -> RaceSession:
        """A fresh session of the same race (same maze, new countdown)."""
        countdown = self.sim.countdown
        if self.info.ghost is not None:
            return RaceSession.for_ghost(self.info.ghost, self.maze, countdown)
        assert self.info.race_spec is not None
        return RaceSession.for_spec(self.info.race_spec, self.maze, countdown)

    # -- state ---------------------------------------------------------------
    @property
    def phase(self) -> RacePhase:
        """Countdown, running, decided (a winner, a racer still going) or over."""
        sim = self.sim
        if sim.over:
            return RacePhase.OVER
        if not sim.started:
            return RacePhase.COUNTDOWN
        return RacePhase.RUNNING if sim.winner is None else RacePhase.DECIDED

    @property
    def clock(self) -> float:
        """Seconds since the start signal (0 during the countdown)."""
        return max(0, self.sim.tick) / TICKS_PER_SECOND

    @property
    def countdown_left(self) -> int:
        """Whole seconds left before the start (rounded up); 0 once started."""
        return max(0, -(self.sim.tick // TICKS_PER_SECOND))

    @property
    def player_moves(self) -> int:
        """Moves the player has made."""
        return len(self.sim.player_cells) - 1

    @property
    def opponent_moves(self) -> int:
        """Moves the opponent has made so far."""
        return self.sim.opponent_reached() - 1

    def player_position(self) -> Vec:
        """The player's drawn position in world units (eased between cells)."""
        return self.player.display_position()

    def opponent_position(self) -> Vec:
        """The opponent's drawn position in world units (interpolated between ticks)."""
        sim = self.sim
        tick = sim.tick + self.acc / TICK if sim.started else -1.0
        a, b, t = sim.opponent.position_at(tick)
        ax, ay = self.player.centers[a]
        bx, by = self.player.centers[b]
        return ax + (bx - ax) * t, ay + (by - ay) * t

    def opponent_tunnel(self) -> int:
        """The crossing cell the opponent is passing under right now (weave mazes), or -1."""
        sim = self.sim
        tick = sim.tick + self.acc / TICK if sim.started else -1.0
        a, b, _ = sim.opponent.position_at(tick)
        return self.player.under.get((a, b), -1) if a != b else -1

    @property
    def dark(self) -> bool:
        """True for a dark race: the player sees only what is in sight (:mod:`engine.modes.fog`)."""
        return self.player.fog is not None

    def opponent_in_sight(self) -> bool:
        """Whether the player can see the opponent: always in the light; in the dark, while the cell it
        stands on or moves to is in the player's sight."""
        fog = self.player.fog
        if fog is None:
            return True
        sim = self.sim
        tick = sim.tick + self.acc / TICK if sim.started else -1.0
        a, b, _ = sim.opponent.position_at(tick)
        return a in fog.visible or b in fog.visible

    def opponent_trail(self) -> list[int]:
        """The opponent's route so far (cells reached, in order)."""
        return list(self.sim.opponent.cells[: self.sim.opponent_reached()])

    def explored(self) -> list[int]:
        """Distinct cells the opponent has reached so far, in order of discovery."""
        k = bisect.bisect_right(self.explored_at, self.sim.opponent_reached() - 1)
        return self.explored_order[:k]

    def result(self) -> RaceResult | None:
        """Who won and by how much, once known (None before anyone arrived)."""
        return self.sim.result()

    def final_result(self) -> RaceResult:
        """The result now: the player gives up if nobody has arrived yet."""
        res = self.sim.result()
        if res is None:
            self.sim.give_up()
            res = self.sim.result()
        assert res is not None
        return res

    def ghost_of_run(self) -> Ghost | None:
        """The player's run as a ghost, when the player reached the goal; else None."""
        sim = self.sim
        if not sim.player_moves or sim.player_cells[-1] != self.maze.goal:
            return None
        return Ghost.record(self.info.maze_spec, self.maze, sim.player_moves)

    # -- input ---------------------------------------------------------------
    def _accepts_input(self) -> bool:
        return self.sim.started and not self.sim.gave_up and self.sim.player_finish is None

    def press(self, direction: Vec, prefer: Vec | None = None) -> bool:
        """A direction key (``prefer``: the newest key of a two-key diagonal); refused before the start."""
        if not self._accepts_input():
            return False
        self.player.press(direction, prefer)
        return True

    def walk_to(self, cell: int) -> bool:
        """Walk to ``cell`` through explored cells (a click); refused before the start or if not allowed."""
        return self._accepts_input() and self.player.walk_to(cell)

    def give_up(self) -> None:
        """The player stops racing (the opponent wins unless the player already did)."""
        self.sim.give_up()

    # -- time ------------------------------------------------------------------
    def advance(self, dt: float, held: Vec | None = None) -> list[RaceEvent]:
        """Run as many whole ticks as ``dt`` seconds (plus what was carried) allow.

        Args:
            dt: real seconds since the last call (>= 0); at most
                :data:`MAX_TICKS_PER_ADVANCE` ticks run per call.
            held: the direction of the keys held now (hold to run), or None.
        """
        ticks, self.acc = take_ticks(self.acc, dt)
        events: list[RaceEvent] = []
        for _ in range(ticks):
            events.extend(self.tick(held))
        return events

    def tick(self, held: Vec | None = None) -> list[RaceEvent]:
        """One fixed 1/60 s step: the player's moves into the simulation, then the clock."""
        sim = self.sim
        events: list[RaceEvent] = []
        if sim.started and not sim.gave_up:
            self.player.update(TICK, held)
            for kind, cell in self.player.events:
                if kind == "step":
                    sim.player_move(cell)
                    events.append(RaceEvent(EventKind.STEP, cell))
                elif kind == "bump":
                    events.append(RaceEvent(EventKind.BUMP, cell))
            self.player.events.clear()
        before = sim.winner
        sim.advance(1)
        if sim.tick in BEEP_TICKS:
            events.append(RaceEvent(EventKind.BEEP, -sim.tick // TICKS_PER_SECOND))
        if before is None and sim.winner is not None:
            events.append(RaceEvent(EventKind.DECIDED, {"player": 1, "tie": 0}.get(sim.winner, -1)))
        if sim.over and not self._over_sent:
            self._over_sent = True
            events.append(RaceEvent(EventKind.OVER))
        return events
