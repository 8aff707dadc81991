"""Which solver answers the puzzle screen, and the runs it makes in child processes.

The screen's solver settings (``game.puzzle.settings.PuzzleSettings``, or
anything with the same four attributes: :class:`SolverSettings`) choose the
solver: the seed's fast A* with a heuristic and the edges tie-break, the
optimal pattern-database search (at most 16 cells), or the near-optimal beam
search (5x5 and larger, :mod:`engine.puzzle.near`).  :func:`solve_job` and :func:`hint_job` are
module-level so a child process can run them (the game's
``game.workers.ProcessTask``); a stop comes back as a picklable
:class:`Stopped`, not raised.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.puzzle.autosolve import SolveJob
from engine.puzzle.board import Board
from engine.puzzle.hint import HintPlan
from engine.puzzle.result import SolveResult

HINT_BUDGET = 1.0  # seconds at most for a hint (less if the solver timeout is shorter)


class SolverSettings(Protocol):
    """The solver settings a run reads (``game.puzzle.settings.PuzzleSettings`` has them).

    Attributes:
        solver: ``"fast"``, ``"optimal"`` or ``"near-optimal"``.
        timeout: search seconds.
        boost: the fast solver's random boost.
        heuristic: the fast solver's heuristic, one of :func:`heuristics`.
    """

    @property
    def solver(self) -> str: ...

    @property
    def timeout(self) -> float: ...

    @property
    def boost(self) -> bool: ...

    @property
    def heuristic(self) -> str: ...


def heuristics() -> tuple[str, ...]:
    """Names of the fast solver's heuristic settings, default first.

    Each is one of :data:`engine.puzzle.astar.HEURISTICS`, with ``"+edges"``
    when the seed's edges tie-break (layers: top row and left column first) is on.
    """
    from engine.puzzle.astar import HEURISTICS

    return tuple(f"{h}+edges" for h in HEURISTICS) + tuple(HEURISTICS)


def split_heuristic(name: str) -> tuple[str, bool]:
    """``"manhattan+edges"`` -> ``("manhattan", True)``."""
    base, plus, _ = name.partition("+edges")
    return base, bool(plus)


def optimal_available(width: int, height: int) -> bool:
    """True when the optimal solver handles this size (at most 16 cells)."""
    from engine.puzzle.optimal import can_solve_optimally

    return can_solve_optimally(width, height)


def near_optimal_available(width: int, height: int) -> bool:
    """True when the near-optimal solver handles this size (both sides at least 5)."""
    from engine.puzzle.near.solver import near_available

    return near_available(width, height)


def solver_kinds(width: int, height: int) -> tuple[str, ...]:
    """The solvers offered for a board of this size: ``"fast"``, then ``"optimal"`` and/or ``"near-optimal"``."""
    return (
        ("fast",)
        + (("optimal",) if optimal_available(width, height) else ())
        + (("near-optimal",) if near_optimal_available(width, height) else ())
    )


def solver_label(kind: str) -> str:
    """A short name for a solver kind as shown on screen, in players' words (how the solver works, A*, pattern
    databases, beam search, is Details: :func:`solver_method`)."""
    return {
        "fast": "quick",
        "optimal": "optimal",
        "table": "optimal",
        "near-optimal": "near-optimal",
    }.get(kind, kind)


def solver_method(kind: str) -> str:
    """How a solver kind works, for Details and the CLI (``fast A* (seed)``, ``optimal (pattern DBs)``)."""
    return {
        "fast": "fast A* (seed)",
        "optimal": "optimal (pattern DBs)",
        "table": "optimal (exact table)",
        "near-optimal": "near-optimal (beam search)",
    }.get(kind, kind)


def _solve(
    board: Board,
    solver: str,
    timeout: float,
    settings: SolverSettings,
    *,
    progress: Callable[[float, str], None] | None,
    cancel: Callable[[], bool] | None,
) -> SolveResult:
    """Solve ``board`` with the solver named ``solver`` within ``timeout`` seconds (blocking; run it in a Task).

    Raises:
        SolverStopped: timeout, cancel or size limit (statistics attached).
        ValueError: unsolvable board or a size the solver does not handle.
    """
    if solver == "optimal" and optimal_available(board.width, board.height):
        from engine.puzzle.optimal import solve_optimal

        return solve_optimal(board, timeout=timeout, cancel=cancel, progress=progress)
    if solver == "near-optimal" and near_optimal_available(board.width, board.height):
        from engine.puzzle.near.solver import solve_near_optimal

        return solve_near_optimal(board, timeout=timeout, cancel=cancel, progress=progress)
    from engine.puzzle import astar

    heuristic, edges = split_heuristic(settings.heuristic)
    return astar.solve_fast(
        board, timeout=timeout, boost=settings.boost, heuristic=heuristic, edges=edges, cancel=cancel
    )


def hint_job(
    board: Board,
    settings: SolverSettings,
    *,
    progress: Callable[[float, str], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> HintPlan:
    """The H key's planner run (:func:`engine.puzzle.hint.plan_hint`) with the screen's fast-solver settings.

    The budget is :data:`HINT_BUDGET` seconds, or the solver timeout if shorter.

    Raises:
        ValueError: unsolvable board.
    """
    from engine.puzzle.hint import plan_hint

    heuristic, edges = split_heuristic(settings.heuristic)
    budget = max(0.05, min(settings.timeout, HINT_BUDGET))
    return plan_hint(board, budget, heuristic=heuristic, edges=edges, boost=settings.boost, cancel=cancel)


@dataclass(frozen=True)
class Stopped:
    """A solver run that ended without a solution (what :class:`SolverStopped` carries, picklable).

    Attributes:
        reason: ``"timeout"``, ``"cancelled"`` or ``"limit"``.
        result: the statistics gathered so far.
    """

    reason: str
    result: SolveResult


def solve_job(
    job: SolveJob | Board,
    settings: SolverSettings,
    *,
    progress: Callable[[float, str], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> SolveResult | Stopped:
    """Run one auto-solve job in a child process: a stop is returned as :class:`Stopped`, not raised.

    ``job`` is a :class:`SolveJob` from
    :meth:`engine.puzzle.session.PuzzleSession.begin_solve` (its solver kind
    and timeout override ``settings``), or a board solved as ``settings`` say.

    Raises:
        ValueError: unsolvable board or a size the solver does not handle.
    """
    from engine.puzzle.result import SolverStopped

    if isinstance(job, SolveJob):
        board, solver, timeout = job.origin, job.kind.value, job.timeout
    else:
        board, solver, timeout = job, settings.solver, settings.timeout
    try:
        return _solve(board, solver, timeout, settings, progress=progress, cancel=cancel)
    except SolverStopped as stop:
        return Stopped(stop.reason, stop.result)
