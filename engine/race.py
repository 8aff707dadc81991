"""Racing an AI opponent (or a ghost) through the same maze, on a fixed time step.

Opponents differ in what they know:

* ``runner`` knows the map and takes the shortest path;
* ``wall`` does not know the map and keeps its left hand on the wall; in a
  braided maze (with loops) it can circle forever, so when it notices it is
  back where it has already been it switches to Trémaux, as a clever person
  would (the ``wall-left`` solver's ``fallback``);
* ``tremaux`` explores without a map, marking passages (Trémaux's rule).

An opponent's route is its physical walk (every cell it steps on, in order).
The difficulty sets its speed in cells per second; speeds are stored in tenths
of a cell per second so that all timing is integer arithmetic.

Time is counted in ticks of ``1/60`` s (:data:`TICKS_PER_SECOND`).  A
:class:`RaceSim` starts at tick ``-countdown``; both racers may move from tick 0.
A :class:`Timeline` says when each racer leaves and reaches each cell of its
route; the player's timeline grows as moves arrive, the opponent's is known in
advance.  Integer ticks mean the same race code and the same inputs give the
same result on every machine.

Race codes (:class:`RaceSpec`) live in :mod:`engine.race_code`.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from engine.maze import Maze
from engine.race_code import MAX_SPEED10, MIN_SPEED10, RACE_VERSION, RaceSpec  # noqa: F401 - re-exported
from engine.solvers.bfs import shortest_path

TICKS_PER_SECOND = 60
COUNTDOWN_TICKS = 3 * TICKS_PER_SECOND
#: Ticks a player's (or ghost's) single move takes: the game's 0.1 s animation.
MOVE_TICKS = 6


@dataclass(frozen=True)
class OpponentInfo:
    """An AI opponent kind.

    Attributes:
        name: registry name (``runner``, ``wall``, ``tremaux``).
        letter: its letter in race codes.
        title: a short name for menus.
        summary: one sentence on what it knows.
        solver: the :mod:`engine.solvers` solver whose ``walk`` is its route.
        speeds: difficulty -> speed in tenths of a cell per second.
    """

    name: str
    letter: str
    title: str
    summary: str
    solver: str
    speeds: dict[str, int]

    @property
    def noun(self) -> str:
        """The title inside a sentence: ``runner``, ``wall follower``, ``Trémaux explorer``."""
        return self.title if self.title.startswith("Trémaux") else self.title.lower()


# Speeds are tuned so that "normal" is a close race for a person on a medium
# level (a person walks 5-7 cells/s with the 0.1 s animation, pauses at
# junctions and takes some wrong turns: about 3.5-4.5 cells of the shortest path
# per second).  The explorers walk 2-8 times farther than the shortest path
# (median about 4 on 20x15-sized levels), so they run faster; how close a race
# against them is depends on the maze, which is their character.
OPPONENTS: dict[str, OpponentInfo] = {
    "runner": OpponentInfo(
        "runner", "R", "Runner", "Knows the map and runs the shortest path.", "bfs",
        {"easy": 28, "normal": 40, "hard": 55},
    ),
    "wall": OpponentInfo(
        "wall", "W", "Wall follower",
        "Has no map: keeps its left hand on the wall, switching to Trémaux if it walks in circles.",
        "wall-left", {"easy": 90, "normal": 130, "hard": 180},
    ),
    "tremaux": OpponentInfo(
        "tremaux", "T", "Trémaux explorer", "Has no map: explores and marks every passage it takes.", "tremaux",
        {"easy": 90, "normal": 130, "hard": 180},
    ),
}
_LETTER_OPPONENTS = {o.letter: o.name for o in OPPONENTS.values()}

DIFFICULTIES: dict[str, str] = {"easy": "E", "normal": "N", "hard": "H", "custom": ""}
_LETTER_DIFFICULTIES = {v: k for k, v in DIFFICULTIES.items() if v}


def get_opponent(name: str) -> OpponentInfo:
    """The opponent registered as ``name``.

    Raises:
        ValueError: unknown name (the message lists the known ones).
    """
    key = name.strip().lower().replace("_", "-")
    if key in ("wall-left", "wall-follower", "follower"):
        key = "wall"
    info = OPPONENTS.get(key)
    if info is None:
        raise ValueError(f"unknown opponent '{name}' (known: {', '.join(OPPONENTS)})")
    return info


def ticks_to_seconds(ticks: int) -> float:
    """Convert ticks (1/60 s) to seconds."""
    return ticks / TICKS_PER_SECOND


# -- routes and timelines -------------------------------------------------------
#: The shortest open path ``start..goal`` over adjacency lists (kept under its old name).
bfs_path = shortest_path


def physical_walk(maze: Maze, walk: list[int]) -> list[int]:
    """Make ``walk`` a walk of single open steps starting at ``maze.start``.

    Repeated cells in a row are dropped; a jump between cells that are not
    open neighbours (a solver that "teleports" back to a junction) is filled
    with the shortest open path between them, which is how a body would move.

    Raises:
        ValueError: if the walk cannot be completed (cells not connected).
    """
    adj = maze.open_lists()
    out = [maze.start]
    for c in walk:
        c = int(c)
        last = out[-1]
        if c == last:
            continue
        if c in adj[last]:
            out.append(c)
            continue
        bridge = shortest_path(adj, last, c)
        if not bridge:
            raise ValueError(f"the walk jumps from cell {last} to cell {c}, which is not reachable")
        out.extend(bridge[1:])
    return out


@dataclass(frozen=True)
class Timeline:
    """When a racer leaves for and reaches each cell of its route, in ticks.

    Attributes:
        cells: the route; ``cells[0]`` is the start (occupied from tick 0).
        depart: ``depart[i]`` is the tick the move into ``cells[i]`` begins (``depart[0] == 0``).
        arrive: ``arrive[i]`` is the tick ``cells[i]`` is reached (``arrive[0] == 0``);
            non-decreasing, ``depart[i] <= arrive[i] <= depart[i+1]``.
    """

    cells: tuple[int, ...]
    depart: tuple[int, ...]
    arrive: tuple[int, ...]

    @classmethod
    def constant_speed(cls, cells: list[int], speed10: int) -> Timeline:
        """A racer moving without pause at ``speed10`` tenths of a cell per second.

        Cell ``i`` is reached at tick ``ceil(i * 600 / speed10)`` (exact integers).

        Raises:
            ValueError: if ``speed10`` < 1 or ``cells`` is empty.
        """
        if speed10 < 1:
            raise ValueError(f"speed must be at least 1 tenth of a cell per second, got {speed10}")
        if not cells:
            raise ValueError("a route needs at least its start cell")
        num = 10 * TICKS_PER_SECOND
        arrive = [(i * num + speed10 - 1) // speed10 for i in range(len(cells))]
        depart = [0] + arrive[:-1]
        return cls(tuple(int(c) for c in cells), tuple(depart), tuple(arrive))

    @classmethod
    def from_moves(cls, start: int, moves: list[tuple[int, int]], move_ticks: int = MOVE_TICKS) -> Timeline:
        """A racer that starts moving into ``cell`` at each ``(tick, cell)``, taking ``move_ticks`` per move.

        A move that begins before the previous one finished cuts it short.

        Raises:
            ValueError: if ticks are negative or decrease.
        """
        cells = [int(start)]
        depart = [0]
        prev = 0
        for tick, cell in moves:
            if tick < prev:
                raise ValueError(f"move ticks must not decrease ({tick} after {prev})")
            cells.append(int(cell))
            depart.append(int(tick))
            prev = tick
        arrive = [0] * len(cells)
        for i in range(1, len(cells)):
            a = depart[i] + move_ticks
            if i + 1 < len(cells):
                a = min(a, depart[i + 1])
            arrive[i] = a
        return cls(tuple(cells), tuple(depart), tuple(arrive))

    @property
    def steps(self) -> int:
        """Number of moves (route length minus one)."""
        return len(self.cells) - 1

    @property
    def finish_tick(self) -> int:
        """The tick the last cell is reached."""
        return self.arrive[-1]

    def reached(self, tick: float) -> int:
        """How many cells of the route have been reached by ``tick`` (at least 1: the start)."""
        return max(1, bisect.bisect_right(self.arrive, tick))

    def position_at(self, tick: float) -> tuple[int, int, float]:
        """``(from_cell, to_cell, t)`` at ``tick`` (may be fractional): ``t`` in 0..1 of the move under way.

        At rest, ``from_cell == to_cell`` and ``t`` is 1.
        """
        i = bisect.bisect_right(self.depart, tick) - 1
        if i <= 0:
            return self.cells[0], self.cells[0], 1.0
        if tick >= self.arrive[i]:
            return self.cells[i], self.cells[i], 1.0
        span = self.arrive[i] - self.depart[i]
        t = 1.0 if span <= 0 else (tick - self.depart[i]) / span
        return self.cells[i - 1], self.cells[i], min(1.0, max(0.0, t))


def opponent_route(maze: Maze, opponent: str) -> tuple[list[int], str | None]:
    """The physical walk of ``opponent`` from ``maze.start`` to ``maze.goal``.

    Returns:
        ``(walk, fallback)``: the cells stepped on in order (start and goal
        included) and the solver's fallback (``"tremaux"`` when a wall follower
        noticed it was walking in circles), else None.

    Raises:
        ValueError: unknown opponent, or the goal cannot be reached.
    """
    from engine.solvers import solve

    info = get_opponent(opponent)
    res = solve(maze, info.solver)
    walk = list(res.walk) if res.walk else list(res.path)
    walk = physical_walk(maze, walk)
    if walk[-1] != maze.goal:
        raise ValueError(f"the {info.noun} does not reach the goal")
    return walk, res.fallback


# -- the simulation ---------------------------------------------------------------
@dataclass
class RaceResult:
    """How a race ended.

    Attributes:
        winner: ``player``, ``opponent`` or ``tie``.
        player_ticks: the tick the player reached the goal, or None (gave up).
        opponent_ticks: the tick the opponent reached (or will reach) the goal.
        margin: seconds between the two finishes, None when the player did not finish.
        player_steps, opponent_steps: moves each made; ``shortest``: moves of the shortest path.
    """

    winner: str
    player_ticks: int | None
    opponent_ticks: int
    margin: float | None
    player_steps: int
    opponent_steps: int
    shortest: int

    @property
    def player_seconds(self) -> float | None:
        """The player's time in seconds (None if not finished)."""
        return None if self.player_ticks is None else ticks_to_seconds(self.player_ticks)

    @property
    def opponent_seconds(self) -> float:
        """The opponent's time in seconds."""
        return ticks_to_seconds(self.opponent_ticks)

    def summary(self, opponent: str = "the opponent") -> str:
        """One sentence, e.g. ``You won by 1.25 s.``"""
        if self.winner == "tie":
            return "A dead heat!"
        if self.winner == "player":
            return f"You won by {self.margin:.2f} s."
        if self.margin is None:
            return f"{opponent[:1].upper()}{opponent[1:]} won; you did not finish."
        return f"{opponent[:1].upper()}{opponent[1:]} won by {self.margin:.2f} s."


@dataclass
class RaceSim:
    """A deterministic race on a fixed time step.

    Drive it with :meth:`advance` (one tick = 1/60 s) and :meth:`player_move`
    (applied at the current tick).  Moves during the countdown or after the
    player finished are refused.

    Args:
        maze: the level.
        opponent: the opponent's timeline (from :func:`make_race` or a ghost).
        countdown: ticks before the start signal (the sim starts at ``-countdown``).
        move_ticks: ticks one player move takes (the 0.1 s animation).
    """

    maze: Maze
    opponent: Timeline
    countdown: int = COUNTDOWN_TICKS
    move_ticks: int = MOVE_TICKS
    tick: int = field(init=False)
    player_cells: list[int] = field(init=False)
    player_moves: list[tuple[int, int]] = field(init=False)
    player_finish: int | None = field(init=False, default=None)
    gave_up: bool = field(init=False, default=False)
    shortest: int = field(init=False)

    def __post_init__(self) -> None:
        self.tick = -int(self.countdown)
        self.player_cells = [self.maze.start]
        self.player_moves = []
        self.player_finish = None
        self.gave_up = False
        self._adj = self.maze.open_lists()
        self.shortest = max(0, len(shortest_path(self._adj, self.maze.start, self.maze.goal)) - 1)

    # -- state ----------------------------------------------------------------
    @property
    def started(self) -> bool:
        """True once the countdown is over (tick >= 0)."""
        return self.tick >= 0

    @property
    def player_cell(self) -> int:
        """The cell the player is in or moving into."""
        return self.player_cells[-1]

    @property
    def opponent_finished(self) -> bool:
        """True once the opponent has reached the goal."""
        return self.tick >= self.opponent.finish_tick

    @property
    def player_finished(self) -> bool:
        """True once the player has reached the goal (its last move completed)."""
        return self.player_finish is not None and self.tick >= self.player_finish

    @property
    def winner(self) -> str | None:
        """``player``, ``opponent`` or ``tie`` as soon as the first racer arrives, else None."""
        of = self.opponent.finish_tick
        pf = self.player_finish
        if pf is not None and self.tick >= min(pf, of):
            return "tie" if pf == of else ("player" if pf < of else "opponent")
        if self.tick >= of or self.gave_up:
            return "opponent"
        return None

    @property
    def over(self) -> bool:
        """True when nothing more can change: both finished, or the player gave up."""
        return (self.player_finished or self.gave_up) and (self.opponent_finished or self.winner == "player")

    def player_timeline(self) -> Timeline:
        """The player's route so far as a timeline."""
        return Timeline.from_moves(self.maze.start, self.player_moves, self.move_ticks)

    def opponent_reached(self) -> int:
        """How many cells of the opponent's route it has reached (the trail length)."""
        return self.opponent.reached(max(0, self.tick))

    # -- input / time -----------------------------------------------------------
    def player_move(self, cell: int) -> bool:
        """Start the player's move into ``cell`` at the current tick.

        Returns:
            False (and changes nothing) during the countdown, after the player
            finished or gave up, or if ``cell`` is not an open neighbour.
        """
        if not self.started or self.player_finish is not None or self.gave_up:
            return False
        if cell not in self._adj[self.player_cells[-1]]:
            return False
        self.player_cells.append(int(cell))
        self.player_moves.append((self.tick, int(cell)))
        if cell == self.maze.goal:
            self.player_finish = self.tick + self.move_ticks
        return True

    def advance(self, ticks: int = 1) -> None:
        """Advance time by ``ticks`` (>= 0) ticks."""
        if ticks < 0:
            raise ValueError(f"ticks must be >= 0, got {ticks}")
        self.tick += ticks

    def give_up(self) -> None:
        """The player stops racing (the opponent wins unless the player already did)."""
        if self.player_finish is None:
            self.gave_up = True

    def result(self) -> RaceResult | None:
        """The outcome once :attr:`winner` is known, else None (margin None until both finished)."""
        w = self.winner
        if w is None:
            return None
        of = self.opponent.finish_tick
        pf = self.player_finish
        margin = None if pf is None else abs(pf - of) / TICKS_PER_SECOND
        return RaceResult(w, pf, of, margin, len(self.player_cells) - 1, self.opponent.steps, self.shortest)

    def run_until_over(self, limit: int = 10**7) -> RaceResult:
        """Advance until :attr:`over` (used by replays and tests).

        Raises:
            RuntimeError: if the race is not over within ``limit`` ticks.
        """
        for _ in range(limit):
            if self.over:
                break
            self.advance()
        res = self.result()
        if res is None or not self.over:
            raise RuntimeError("the race did not finish")
        return res


@dataclass
class Race:
    """A built race: the maze, the opponent's route and the simulation.

    Attributes:
        spec: the race spec (None for a ghost race).
        maze: the level.
        route: the opponent's physical walk.
        fallback: ``"tremaux"`` when the wall follower switched strategy, else None.
        sim: the simulation, at the start of the countdown.
    """

    spec: RaceSpec | None
    maze: Maze
    route: list[int]
    fallback: str | None
    sim: RaceSim


def make_race(spec: RaceSpec, maze: Maze | None = None, countdown: int = COUNTDOWN_TICKS) -> Race:
    """Build the maze (unless given) and the opponent's timeline for ``spec``.

    Raises:
        ValueError: if the opponent cannot reach the goal (never for valid specs).
    """
    if maze is None:
        maze = spec.maze.build()
    route, fallback = opponent_route(maze, spec.opponent)
    timeline = Timeline.constant_speed(route, spec.speed10)
    return Race(spec, maze, route, fallback, RaceSim(maze, timeline, countdown=countdown))


def replay(sim: RaceSim, moves: list[tuple[int, int]]) -> RaceResult:
    """Feed ``(tick, cell)`` player moves into ``sim`` at their ticks and run it to the end.

    Raises:
        ValueError: if a move is illegal or its tick is in the past.
        RuntimeError: if the race does not finish.
    """
    for tick, cell in moves:
        if tick < sim.tick:
            raise ValueError(f"move at tick {tick} is earlier than the race clock ({sim.tick})")
        sim.advance(tick - sim.tick)
        if not sim.player_move(cell):
            raise ValueError(f"the move into cell {cell} at tick {tick} is not allowed")
    return sim.run_until_over()


def paced_moves(path: list[int], interval: int, first: int = 0) -> list[tuple[int, int]]:
    """Moves along ``path`` (start included) at one move every ``interval`` ticks from tick ``first``."""
    return [(first + i * interval, c) for i, c in enumerate(path[1:])]
