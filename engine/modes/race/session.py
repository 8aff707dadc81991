"""One race as the game plays it: you and an opponent (AI or ghost) on ONE clock.

:class:`RaceSession` owns both racers: the player's :class:`engine.modes.play.PlaySession`
(keys, buffered moves, click-to-walk, the 0.1 s move animation) and the
deterministic :class:`engine.modes.race.sim.RaceSim` (integer ticks of 1/60 s).  The
caller feeds input (:meth:`RaceSession.press`, :meth:`RaceSession.walk_to`,
:meth:`RaceSession.give_up`) and real time (:meth:`RaceSession.advance`, in
seconds); the session runs whole ticks, hands every move the player starts to
the simulation at that tick, and returns what happened as
:class:`engine.modes.base.Event`\\ s (the player is player 0, the opponent player 1).
Its :attr:`RaceSession.phase` is a :class:`engine.modes.base.Phase` (``READY`` during
the countdown, ``PLAYING``, ``DECIDED``, ``OVER``); :meth:`RaceSession.result` says who
won and by how much.  It is an :class:`engine.modes.base.Session`.

No arcade here: the race screen maps keys to these calls and draws what the
session reports; tests drive it without a window.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass

from engine.code_frame import CodeError, normalize
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
    Timeline,
    take_ticks,
)
from engine.modes.ghost import Ghost
from engine.modes.play import PlaySession
from engine.modes.race import OPPONENTS, RaceSpec, level_race
from engine.modes.race.code import opponent_pace, pace_label, pace_speed10
from engine.modes.race.sim import RaceResult, RaceSim
from engine.records import record_time
from engine.words import count

Vec = tuple[float, float]


@dataclass(frozen=True)
class RaceInfo:
    """What a race is, for titles, codes and saved bests.

    Attributes:
        code: the shareable code of this race (race code, or the ghost code raced); empty for an AI race
            on a level without a recipe, and for a ghost race on a level without a level code.
        maze_spec: the level's recipe (ghost codes of the player's run are made from it), or None for
            a level made by hand.
        opponent_name: e.g. ``the runner`` / ``the ghost`` (used inside sentences).
        note: one line about the opponent (its speed, that it switches to Trémaux...).
        best_key: the key personal bests are kept under (``code``, or ``vs-ghost:<maze or level code>``); empty
            when the level has no code (nothing to keep bests under).
        race_spec: the race spec (None for a ghost race).
        ghost: the ghost raced (None for an AI race).
    """

    code: str
    maze_spec: MazeSpec | None
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
        level: the level (a recipe is not needed; its ``dark`` flag makes a dark race).
        opponent: the opponent's timeline (an AI route at constant speed, or a ghost).
        info: what the race is (see :class:`RaceInfo`).
        countdown: ticks before the start signal (>= 0).
    """

    def __init__(self, level: Level, opponent: Timeline, info: RaceInfo, countdown: int = COUNTDOWN_TICKS) -> None:
        self.level = level
        self.maze: Maze = level.maze
        self.info = info
        self.sim = RaceSim(self.maze, opponent, countdown=countdown)
        #: The player's session; in a dark race (the level's ``dark`` flag) it keeps the fog of what the player saw.
        self.player = PlaySession(level, move_time=MOVE_TICKS / TICKS_PER_SECOND)
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
    def for_level(
        cls,
        level: Level,
        opponent: str = "runner",
        difficulty: str = "normal",
        speed: float | None = None,
        countdown: int = COUNTDOWN_TICKS,
    ) -> RaceSession:
        """A race against an AI opponent on any level (a recipe is not needed).

        A level with a recipe races exactly as ``for_spec(RaceSpec.create(level.recipe, opponent,
        difficulty, speed), level)``, with that race code; a level without one has no code
        (:attr:`RaceInfo.code` and :attr:`RaceInfo.best_key` are empty).

        Args:
            opponent: a name from :data:`engine.modes.race.agents.OPPONENTS`.
            difficulty: ``easy``, ``normal``, ``hard`` or ``custom``.
            speed: cells per second for ``custom`` (0.5..30, rounded to tenths); giving it implies ``custom``.
            countdown: ticks before the start signal (>= 0).

        Raises:
            ValueError: an unknown opponent or difficulty, a speed out of range (one sentence), or an
                opponent that cannot reach the goal (a maze whose goal is cut off from its start).
        """
        name, diff, custom10 = opponent_pace(opponent, difficulty, speed)
        recipe = recipe_of(level)
        spec = None if recipe is None else RaceSpec(recipe, name, diff, custom10)
        return cls._against_ai(level, name, diff, pace_speed10(name, diff, custom10), spec, countdown)

    @classmethod
    def for_spec(cls, spec: RaceSpec, level: Level | None = None, countdown: int = COUNTDOWN_TICKS,
                 code: str | None = None) -> RaceSession:
        """A race against the AI opponent of ``spec`` on the level of its recipe (built unless given).

        Args:
            level: ``spec.maze.level()`` when the caller has already built it.
            code: ``spec``'s code when the caller has it (the race code that was typed: not written again).

        Raises:
            ValueError: the opponent cannot reach the goal (never for valid specs).
        """
        level = spec.level() if level is None else level
        return cls._against_ai(level, spec.opponent, spec.difficulty, spec.speed10, spec, countdown, code)

    @classmethod
    def _against_ai(
        cls, level: Level, opponent: str, difficulty: str, speed10: int, spec: RaceSpec | None, countdown: int,
        code: str | None = None,
    ) -> RaceSession:
        """The one way an AI race is made (:meth:`for_level`, :meth:`for_spec`); ``spec`` gives its code (unless
        ``code`` is given)."""
        race = level_race(level, opponent, speed10, countdown, spec)
        note = pace_label(opponent, difficulty, speed10)
        if race.fallback:
            note += " · it walks in circles here, so it will switch to Trémaux"
        if level.dark:  # in the dark, say who has the map
            note += " · dark: " + ("it knows the map" if opponent == "runner" else "it has no map either")
        if code is None:
            code = "" if spec is None else spec.code()
        info = RaceInfo(code, recipe_of(level), f"the {OPPONENTS[opponent].noun}", note, code, race_spec=spec)
        return cls(level, race.sim.opponent, info, countdown)

    @classmethod
    def for_ghost(cls, ghost: Ghost, level: Level | None = None, countdown: int = COUNTDOWN_TICKS) -> RaceSession:
        """A race against a recorded run on its level (built from the ghost's recipe, or the level its code
        carries, unless given).

        On a level without a recipe the race's code is the ghost code that carries the level, and bests are
        kept under ``vs-ghost:<level code>`` (both empty when the level has no level code).

        Args:
            level: the level the ghost ran in; needed for a run recorded in a level without a recipe (a ghost
                decoded from a code holds its level).

        Raises:
            CodeError: no level given and the ghost has neither a recipe nor a level to build one from.
        """
        level = ghost.level() if level is None else level
        label = level.title() if ghost.spec is None else ghost.spec.title()
        note = f"{label} · ghost time {record_time(ghost.seconds)}, {count(len(ghost.moves), 'move')}"
        if ghost.spec is None:  # a hand-made level: the ghost code carries the level, bests go under its code
            try:
                code, key = ghost.code(level), f"vs-ghost:{level.code()}"
            except CodeError:  # a level with no level code (shaped or weave), or a run too long to share
                code, key = "", ""
            info = RaceInfo(code, None, "the ghost", note, key, ghost=ghost)
        else:
            info = RaceInfo(ghost.code(level), ghost.spec, "the ghost", note, f"vs-ghost:{ghost.spec.code()}",
                            ghost=ghost)
        return cls(level, ghost.timeline(), info, countdown)

    @classmethod
    def from_code(cls, code: str, maze_race: Callable[[MazeSpec], RaceSpec] = RaceSpec,
                  level: Level | None = None) -> RaceSession:
        """The race for a race (``R1``), ghost (``G1``) or maze (``M1``) code.

        Args:
            maze_race: how a maze code becomes a race (default: the runner at normal speed).
            level: the code's level, when the caller has already built it.

        Raises:
            CodeError: the code does not decode (one plain sentence).
        """
        text = normalize(code)
        if text.startswith("G"):
            return cls.for_ghost(Ghost.from_code(text, level), level)
        if text.startswith("R"):
            return cls.for_spec(RaceSpec.from_code(text), level)
        if text.startswith("M"):
            return cls.for_spec(maze_race(MazeSpec.from_code(text)), level)
        raise CodeError("This is not a race, ghost or maze code (they start with R2, G2 or M2).")

    def again(self) -> RaceSession:
        """A fresh session of the same race (same level, new countdown)."""
        countdown = self.sim.countdown
        if self.info.ghost is not None:
            return RaceSession.for_ghost(self.info.ghost, self.level, countdown)
        if self.info.race_spec is not None:
            return RaceSession.for_spec(self.info.race_spec, self.level, countdown, self.info.code)
        return RaceSession(self.level, self.sim.opponent, self.info, countdown)  # the same opponent's run

    # -- state ---------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """``READY`` (the countdown), ``PLAYING``, ``DECIDED`` (a winner, a racer still going) or ``OVER``."""
        sim = self.sim
        if sim.over:
            return Phase.OVER
        if not sim.started:
            return Phase.READY
        return Phase.PLAYING if sim.winner is None else Phase.DECIDED

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
        """The opponent's drawn position in world units (interpolated between ticks; on a stair it shows on
        the cell it leaves until half way, then on the one it reaches, as the player does)."""
        sim = self.sim
        tick = sim.tick + self.acc / TICK if sim.started else -1.0
        a, b, t = sim.opponent.position_at(tick)
        ax, ay = self.player.centers[a]
        bx, by = self.player.centers[b]
        fl = self.player.floor_of
        if fl[a] != fl[b]:
            return (ax, ay) if t < 0.5 else (bx, by)
        return ax + (bx - ax) * t, ay + (by - ay) * t

    def player_floor(self) -> int:
        """The floor the player is drawn on (0 = the lowest; always 0 without floors)."""
        return self.player.display_floor()

    def opponent_floor(self) -> int:
        """The floor the opponent is drawn on (the one it leaves until half way up or down a stair)."""
        sim = self.sim
        tick = sim.tick + self.acc / TICK if sim.started else -1.0
        a, b, t = sim.opponent.position_at(tick)
        return self.player.floor_of[a if t < 0.5 else b]

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
        return Ghost.record(self.level, sim.player_moves)

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

    def climb(self, direction: int) -> bool:
        """Take the open stair up (+1) or down (-1) from the player's cell (:meth:`PlaySession.climb`);
        refused before the start, after the finish, or where there is no such stair (then a ``BUMP``)."""
        return self._accepts_input() and self.player.climb(direction)

    def give_up(self) -> None:
        """The player stops racing (the opponent wins unless the player already did)."""
        self.sim.give_up()

    # -- time ------------------------------------------------------------------
    def advance(self, dt: float, held: Vec | None = None) -> list[Event]:
        """Run as many whole ticks as ``dt`` seconds (plus what was carried) allow.

        Args:
            dt: real seconds since the last call (>= 0); at most
                :data:`engine.modes.clock.MAX_TICKS_PER_ADVANCE` ticks run per call.
            held: the direction of the keys held now (hold to run), or None.
        """
        ticks, self.acc = take_ticks(self.acc, dt)
        events: list[Event] = []
        for _ in range(ticks):
            events.extend(self.tick(held))
        return events

    def tick(self, held: Vec | None = None) -> list[Event]:
        """One fixed 1/60 s step: the player's moves into the simulation, then the clock."""
        sim = self.sim
        events: list[Event] = []
        if sim.started and not sim.gave_up:
            now = sim.tick / TICKS_PER_SECOND
            started_at = self.player.elapsed
            for e in self.player.advance(TICK, held):
                if e.kind is EventKind.STEP:
                    sim.player_move(e.cell, late=e.time > started_at + 1e-9)  # begun as the last move ended
                    events.append(Event(EventKind.STEP, cell=e.cell, value=e.value, time=now))
                elif e.kind is EventKind.WAIT:  # a puzzle maze's wait: the ghost of the run replays it
                    sim.player_wait(late=e.time > started_at + 1e-9)
                elif e.kind is EventKind.BUMP:
                    events.append(Event(EventKind.BUMP, cell=e.cell, time=now))
        before = sim.winner
        sim.advance(1)
        now = sim.tick / TICKS_PER_SECOND
        if sim.tick in BEEP_TICKS:
            events.append(Event(EventKind.BEEP, EVERYONE, value=-sim.tick // TICKS_PER_SECOND, time=now))
        if before is None and sim.winner is not None:
            winner = {"player": 0, "tie": EVERYONE}.get(sim.winner, 1)  # 1: the opponent
            events.append(Event(EventKind.DECIDED, winner, time=now))
        if sim.over and not self._over_sent:
            self._over_sent = True
            events.append(Event(EventKind.OVER, EVERYONE, time=now))
        return events
