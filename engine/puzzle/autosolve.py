"""The auto-solve half of a puzzle game: solver jobs, their answers and the solution playback.

:class:`AutoSolve` is a base of :class:`engine.puzzle.session.PuzzleSession`
(which owns the board, the undo stack and the hints); it decides which solver
runs an auto-solve asks for (:class:`SolveJob`, run by the caller), what to do
with each answer (the fast plan plays at once, the optimal one takes over when
it arrives) and plays a solution step by step (:class:`Playback`: plan,
position in it, speed).  Pure: no threads, no window.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import TYPE_CHECKING

from engine.puzzle.board import Board
from engine.puzzle.near.solver import near_available
from engine.puzzle.optimal import can_solve_optimally
from engine.puzzle.result import SolveResult
from engine.puzzle.tables.pdb import MAX_EXACT_CELLS
from engine.undo import UndoStack

#: Playback speeds in moves per second (+/- steps through them).
SPEEDS = (2.0, 4.0, 6.0, 10.0, 15.0, 25.0, 40.0, 60.0, 100.0, 150.0, 250.0)
AUTO_MIN_SPEED = 6.0  # an automatic speed is at least this (moves/s) ...
AUTO_SECONDS = 15.0  # ... and plays the whole solution in about this many seconds when it can
ANIMATE_MAX_SPEED = 25.0  # above this many moves/s tiles jump instead of sliding
MAX_STEPS_PER_UPDATE = 64  # a long frame never plays more than this many moves at once
OPTIMAL_BACKGROUND_S = 120.0  # the optimal search of an auto-solve runs this long at least (tables not counted)
NEAR_MIN_S = 30.0  # the near-optimal search of an auto-solve may run this long at least (tables not counted)


def auto_speed(moves: int) -> float:
    """The speed (moves/s, one of :data:`SPEEDS`) a solution of ``moves`` moves plays at by default.

    The slowest speed, at least :data:`AUTO_MIN_SPEED`, that plays it in
    :data:`AUTO_SECONDS` or less; the fastest speed when none does.
    """
    for s in SPEEDS:
        if s >= AUTO_MIN_SPEED and moves / s <= AUTO_SECONDS:
            return s
    return SPEEDS[-1]


class SolveKind(StrEnum):
    """The solvers an auto-solve uses."""

    FAST = "fast"
    OPTIMAL = "optimal"
    NEAR = "near-optimal"


class SolveOutcome(Enum):
    """What :meth:`PuzzleSession.solve_finished` did with a solver's answer."""

    STARTED = "started"  # its solution started playing
    SWITCHED = "switched"  # the optimal solution replaced the fast one being played
    KEPT = "kept"  # learned for hints, but the board had moved on (or a better plan plays)
    STALE = "stale"  # the board changed since the solve started; nothing played
    SOLVED = "solved"  # nothing to play (already solved)
    STOPPED = "stopped"  # the solver stopped without a solution


@dataclass(frozen=True)
class SolveJob:
    """One solver run an auto-solve asks for (the caller runs it, maybe in the background).

    Attributes:
        kind: which solver.
        origin: the position to solve.
        timeout: search seconds (table builds not counted).
    """

    kind: SolveKind
    origin: Board
    timeout: float


@dataclass
class Playback:
    """An auto-solve being played on the board.

    Attributes:
        moves: the blank's moves of the solution (``UDLR`` string).
        origin: the board the solution starts from (playback stops if the board
            no longer matches the expected position).
        speed: moves per second (> 0).
        index: how many of them have been played (0..len(moves)).
        paused: True while paused (steps only through :meth:`PuzzleSession.playback_step`).
        source: who found the solution (``"fast"``, ``"optimal"``, ``"table"``, ``"near-optimal"``).
        clock: seconds accumulated toward the next step.
    """

    moves: str
    origin: Board
    speed: float = 6.0
    index: int = 0
    paused: bool = False
    source: str = ""
    clock: float = 0.0
    #: The last :meth:`expected` answer as ``(origin, moves, index, board)``: the next step extends it by the
    #: moves played since, instead of replaying the whole solution every step (quadratic in its length).
    _last: tuple[Board, str, int, Board] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def interval(self) -> float:
        """Seconds between two moves."""
        return 1.0 / self.speed

    @property
    def animated(self) -> bool:
        """True when moves are slow enough to slide (else tiles jump)."""
        return self.speed <= ANIMATE_MAX_SPEED

    @property
    def finished(self) -> bool:
        """True when every move has been played."""
        return self.index >= len(self.moves)

    @property
    def remaining_seconds(self) -> float:
        """Seconds the rest of the solution takes at the current speed."""
        return (len(self.moves) - self.index) / self.speed

    def expected(self) -> Board:
        """The position the board should hold before the next step.

        Raises:
            ValueError: the moves played so far leave the board (as :meth:`Board.apply`).
        """
        last = self._last
        board = None
        if last is not None and last[0] is self.origin and last[1] is self.moves and last[2] <= self.index:
            try:
                board = last[3].apply(self.moves[last[2] : self.index])
            except ValueError:
                board = None  # replayed from the origin below, for the error's move number
        if board is None:
            board = self.origin.apply(self.moves[: self.index])
        self._last = (self.origin, self.moves, self.index, board)
        return board


@dataclass
class SolveState:
    """A running auto-solve: which jobs are out and what came back.

    Attributes:
        origin: the position being solved.
        pending: solver kinds whose answer has not come yet.
        results: answers so far (a stop leaves no entry).
    """

    origin: Board
    pending: set[SolveKind]
    results: dict[SolveKind, SolveResult] = field(default_factory=dict)


class AutoSolve:
    """Auto-solve and playback methods of :class:`engine.puzzle.session.PuzzleSession` (see its attributes)."""

    board: Board
    actions: UndoStack[str]
    assisted: bool
    won: bool
    playback: Playback | None
    solve: SolveState | None
    speed: float | None

    if TYPE_CHECKING:  # provided by PuzzleSession

        @property
        def solved(self) -> bool: ...

        def act(self, moves: str, *, assisted: bool = False) -> str: ...

        def learn_plan(self, origin: Board, moves: str, source: str) -> None: ...

        def _after_change(self) -> None: ...

    # -- auto-solve ------------------------------------------------------------------
    @property
    def solving(self) -> bool:
        """True while solver answers are awaited."""
        return self.solve is not None and bool(self.solve.pending)

    def begin_solve(
        self, optimal: bool, timeout: float, *, fast_first: bool = True, near: bool = False
    ) -> list[SolveJob]:
        """Start an auto-solve of the current board; returns the solver runs to make.

        With ``optimal`` (and a board the optimal solver handles), boards of
        more than 9 cells get both a fast run (its plan plays at once) and an
        optimal run of at least :data:`OPTIMAL_BACKGROUND_S` seconds that takes
        over when it arrives; smaller boards need only the optimal run (an exact
        table), and so do all boards when ``fast_first`` is False (the caller
        waits for the optimal answer, e.g. while its tables are built).
        With ``near`` (and no ``optimal``) on a board of 5x5 or more, one
        near-optimal run of at least :data:`NEAR_MIN_S` seconds (its tables may
        be built first; its plan plays when it arrives).  Otherwise one fast
        run.  Any playback stops.  Returns ``[]`` when the board is solved.

        Raises:
            ValueError: ``timeout`` <= 0.
        """
        if timeout <= 0:
            raise ValueError(f"The solver timeout must be > 0 seconds, got {timeout}.")
        self.stop_playback()
        if self.solved:
            self.solve = None
            return []
        b = self.board
        jobs: list[SolveJob] = []
        use_optimal = optimal and can_solve_optimally(b.width, b.height)
        if near and not use_optimal and near_available(b.width, b.height):
            jobs.append(SolveJob(SolveKind.NEAR, b, max(timeout, NEAR_MIN_S)))
        elif not use_optimal or (b.size > MAX_EXACT_CELLS and fast_first):
            jobs.append(SolveJob(SolveKind.FAST, b, timeout))
        if use_optimal:
            jobs.append(SolveJob(SolveKind.OPTIMAL, b, max(timeout, OPTIMAL_BACKGROUND_S)))
        self.solve = SolveState(b, {j.kind for j in jobs})
        return jobs

    def cancel_solve(self) -> None:
        """Forget the awaited answers (the caller cancels its runs)."""
        self.solve = None

    def solve_finished(self, job: SolveJob, result: SolveResult | None) -> SolveOutcome:
        """A solver run ended: ``result`` is its solution, or None when it stopped without one.

        The first solution from the current origin starts playing; an optimal
        one arriving while the fast one plays (untouched by the player) replaces
        it: the moves played so far are taken back and the optimal solution
        plays from the origin at the same speed.  Every solution is remembered
        for hints.
        """
        st = self.solve
        if st is None or st.origin != job.origin:
            if result is not None and result.moves:
                self.learn_plan(job.origin, result.moves, f"the {result.solver} solution")
            return SolveOutcome.STALE
        st.pending.discard(job.kind)
        if not st.pending:
            self.solve = None
        if result is None:
            return SolveOutcome.STOPPED
        if not result.moves:
            return SolveOutcome.SOLVED
        st.results[job.kind] = result
        self.learn_plan(job.origin, result.moves, f"the {result.solver} solution")
        pb = self.playback
        if pb is not None and pb.origin == job.origin and pb.expected() == self.board:
            if job.kind is SolveKind.OPTIMAL and len(result.moves) <= len(pb.moves):
                self._rewind_playback(pb)
                self._play(result.moves, job.origin, result.solver, paused=pb.paused)
                return SolveOutcome.SWITCHED
            return SolveOutcome.KEPT
        if self.board != job.origin or self.won:
            return SolveOutcome.KEPT if self.board != job.origin else SolveOutcome.SOLVED
        self._play(result.moves, job.origin, result.solver)
        return SolveOutcome.STARTED

    def _rewind_playback(self, pb: Playback) -> None:
        """Take back the ``pb.index`` playback steps (the top of the undo stack) at once."""
        if pb.index:
            del self.actions.done[-pb.index :]
        self.board = pb.origin
        self.actions.undone.clear()
        self._after_change()

    # -- solution playback -----------------------------------------------------------
    def start_playback(self, moves: str, origin: Board | None = None, speed: float | None = None) -> bool:
        """Begin playing a solution found for ``origin`` (default: the current board).

        ``speed`` in moves/s (default: the player's choice, else :func:`auto_speed`).
        Returns False (and plays nothing) if the board has changed since the
        solve started or ``moves`` is empty.

        Raises:
            ValueError: ``moves`` is not legal from ``origin``, or ``speed`` <= 0.
        """
        origin = self.board if origin is None else origin
        if origin.tiles != self.board.tiles or not moves:
            return False
        origin.apply(moves)  # validates
        self._play(moves, origin, "", speed=speed)
        return True

    def _play(
        self, moves: str, origin: Board, source: str, *, speed: float | None = None, paused: bool = False
    ) -> None:
        if speed is None:
            speed = self.speed if self.speed is not None else auto_speed(len(moves))
        if speed <= 0:
            raise ValueError(f"The playback speed must be > 0 moves per second, got {speed}.")
        self.playback = Playback(moves, origin, speed=speed, paused=paused, source=source)
        self.assisted = True

    def change_speed(self, step: int) -> float:
        """Move the playback speed ``step`` places along :data:`SPEEDS` (clamped); returns the new speed.

        The choice is kept for later playbacks of this game.
        """
        current = self.playback.speed if self.playback is not None else (self.speed or auto_speed(0))
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - current))
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))]
        if self.playback is not None:
            self.playback.speed = self.speed
        return self.speed

    def playback_step(self) -> str:
        """Play the next solution move now (paused or not); returns it (``""`` when none)."""
        pb = self.playback
        if pb is None or pb.finished:
            self.playback = None
            return ""
        if pb.expected().tiles != self.board.tiles:
            self.playback = None
            return ""
        m = pb.moves[pb.index]
        pb.index += 1
        self.act(m, assisted=True)
        if pb.finished:
            self.playback = None
        return m

    def toggle_pause(self) -> bool:
        """Pause or resume the playback; returns the new paused state (False when none runs)."""
        if self.playback is None:
            return False
        self.playback.paused = not self.playback.paused
        return self.playback.paused

    def stop_playback(self) -> None:
        """Stop the solution where it is (the moves already played stay, undoable)."""
        self.playback = None
