"""The race simulation: the player's moves and an opponent's timeline on one integer clock.

:class:`RaceSim` is the deterministic core used by the race session
(:mod:`engine.modes.race.session`), ghost validation and replays: moves arrive at
ticks, the clock advances in whole ticks, and :meth:`RaceSim.result` says who
won and by how much.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.maze.model import Maze
from engine.maze.solvers.bfs import shortest_path
from engine.modes.clock import COUNTDOWN_TICKS, MOVE_TICKS, TICKS_PER_SECOND, Timeline, ticks_to_seconds
from engine.records import format_time


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
        """One sentence, e.g. ``You won by 0:01.25.``"""
        if self.winner == "tie":
            return "A dead heat!"
        if self.winner == "player":
            return f"You won by {format_time(self.margin or 0.0)}."
        if self.margin is None:
            return f"{opponent[:1].upper()}{opponent[1:]} won; you did not finish."
        return f"{opponent[:1].upper()}{opponent[1:]} won by {format_time(self.margin)}."


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

    def opponent_reached(self) -> int:
        """How many cells of the opponent's route it has reached (the trail length)."""
        return self.opponent.reached(max(0, self.tick))

    # -- input / time -----------------------------------------------------------
    def player_move(self, cell: int, late: bool = False) -> bool:
        """Start the player's move into ``cell`` at the current tick (``late``: at the next one, the move
        having begun at the end of this tick, as the one before it ended).

        Returns:
            False (and changes nothing) during the countdown, after the player
            finished or gave up, or if ``cell`` is not an open neighbour.
        """
        if not self.started or self.player_finish is not None or self.gave_up:
            return False
        if cell not in self._adj[self.player_cells[-1]]:
            return False
        at = self.tick + int(late)
        self.player_cells.append(int(cell))
        self.player_moves.append((at, int(cell)))
        if cell == self.maze.goal:
            self.player_finish = at + self.move_ticks
        return True

    def player_wait(self, late: bool = False) -> bool:
        """The player waits a turn on their cell (a puzzle maze with a hunter: the rules were applied by the
        player's :class:`engine.modes.play.PlaySession`); recorded like a move that stays, so a ghost replays it.

        Returns:
            False (and changes nothing) during the countdown, after the player finished or gave up.
        """
        if not self.started or self.player_finish is not None or self.gave_up:
            return False
        cell = self.player_cells[-1]
        self.player_cells.append(cell)
        self.player_moves.append((self.tick + int(late), cell))
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


def replay(sim: RaceSim, moves: list[tuple[int, int]]) -> RaceResult:
    """Feed ``(tick, cell)`` player moves into ``sim`` at their ticks and run it to the end (a move that stays on
    the player's cell is a wait).

    Raises:
        ValueError: if a move is illegal or its tick is in the past.
        RuntimeError: if the race does not finish.
    """
    for tick, cell in moves:
        if tick < sim.tick:
            raise ValueError(f"move at tick {tick} is earlier than the race clock ({sim.tick})")
        sim.advance(tick - sim.tick)
        if cell == sim.player_cells[-1] and sim.player_wait():
            continue
        if not sim.player_move(cell):
            raise ValueError(f"the move into cell {cell} at tick {tick} is not allowed")
    return sim.run_until_over()
