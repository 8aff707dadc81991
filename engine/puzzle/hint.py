"""The one hint planner: a plan (ideally a whole solution) from a position, within a time budget.

Used by the game's H key (through :class:`engine.puzzle.session.PuzzleSession`)
and by ``tessera puzzle hint``.  The policy, in order:

1. the optimal solver, with :data:`OPTIMAL_SHARE` of the budget: always on a
   small board (at most 9 cells: an exact table lookup, the table built once
   in about a second when missing, as the distance line builds it), and on a
   larger one only when its tables are already built or cached (a hint never
   starts a long table build) and the board is near the goal (Manhattan
   distance at most :data:`OPTIMAL_MANHATTAN`; far away it rarely finishes in
   time);
2. the fast solver (layered A*) with the rest of the budget;
3. the moves the fast solver had already committed to when it ran out of time;
4. the legal move that lowers the Manhattan distance most (one move).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum

from engine.puzzle.astar import solve_fast
from engine.puzzle.board import Board
from engine.puzzle.result import CancelFn, SolverStopped

OPTIMAL_MANHATTAN = 34  # boards over 9 cells try the optimal solver only this close to the goal
OPTIMAL_SHARE = 0.5  # part of the budget the optimal solver may use
DEFAULT_BUDGET = 1.0  # seconds


class HintSource(StrEnum):
    """Who made a hint plan (values are stable: printed by the CLI and kept in tests)."""

    SOLVED = "solved"
    OPTIMAL = "optimal"
    FAST = "fast"
    GREEDY = "greedy"

    @property
    def phrase(self) -> str:
        """How the game names it: ``"Hint: ... (from <phrase>)"``."""
        return _PHRASES[self]


_PHRASES = {
    HintSource.SOLVED: "nothing (already solved)",
    HintSource.OPTIMAL: "the optimal solver",
    HintSource.FAST: "the fast solver",
    HintSource.GREEDY: "a greedy guess (the solvers ran out of time)",
}


@dataclass(frozen=True)
class HintPlan:
    """A planner's answer.

    Attributes:
        moves: the blank's moves (``UDLR``) from the position: a whole solution
            for ``optimal``/``fast``, a prefix for a ``fast`` partial plan, one
            move for ``greedy``, ``""`` for ``solved``.
        source: who made it.
        complete: True when ``moves`` reaches the goal.
    """

    moves: str
    source: HintSource
    complete: bool

    @property
    def move(self) -> str:
        """The first move (``""`` when solved)."""
        return self.moves[:1]


@dataclass(frozen=True)
class HintJob:
    """The hint planner run the H key asks for when no hint is known
    (:meth:`engine.puzzle.session.PuzzleSession.begin_hint`): the caller runs :func:`plan_hint` on ``origin``
    (maybe in the background) and hands its plan to
    :meth:`~engine.puzzle.session.PuzzleSession.take_hint_plan`, as an auto-solve's
    :class:`~engine.puzzle.autosolve.SolveJob` is run and handed back.

    Attributes:
        origin: the position to plan from.
    """

    origin: Board


def _greedy(board: Board) -> str:
    """The legal move that lowers the Manhattan distance most (first in UDLR order on ties)."""
    best: tuple[int, str] | None = None
    for m in board.legal_moves():
        d = board.move(m).manhattan()
        if best is None or d < best[0]:
            best = (d, m)
    assert best is not None
    return best[1]


def optimal_hint_allowed(board: Board) -> bool:
    """True when the planner may try the optimal solver on ``board``: always on a small board (at most
    ``MAX_EXACT_CELLS`` cells, e.g. 3x3: its exact table builds in about a second, once, and the distance line
    of those boards is the optimal solver's, so its hint must be too); on a larger one when its tables are
    ready and the board is near the goal."""
    from engine.puzzle.optimal import can_solve_optimally, tables_ready  # loaded on the first hint, not at import
    from engine.puzzle.tables.pdb import MAX_EXACT_CELLS

    w, h = board.width, board.height
    if not can_solve_optimally(w, h):
        return False
    if board.size <= MAX_EXACT_CELLS:
        return True
    return tables_ready(w, h) and board.manhattan() <= OPTIMAL_MANHATTAN


def plan_hint(
    board: Board,
    budget_s: float = DEFAULT_BUDGET,
    *,
    heuristic: str = "manhattan",
    edges: bool = True,
    boost: bool = True,
    cancel: CancelFn | None = None,
) -> HintPlan:
    """A plan for ``board`` by the policy of this module.

    Returns within ``budget_s`` plus a small margin (one table load or one
    solver chunk, typically < 0.1 s).

    Args:
        board: a solvable position.
        budget_s: seconds, > 0.
        heuristic, edges, boost: the fast solver's settings (see :func:`engine.puzzle.astar.solve_fast`).
        cancel: polled by the solvers; True stops them (the greedy move is still returned).

    Raises:
        ValueError: unsolvable board, a budget <= 0 or a bad heuristic name.
    """
    if budget_s <= 0:
        raise ValueError(f"The hint budget must be > 0 seconds, got {budget_s}.")
    if not board.is_solvable():
        raise ValueError("This position is unsolvable.")
    if board.is_solved():
        return HintPlan("", HintSource.SOLVED, True)
    start = time.perf_counter()
    if optimal_hint_allowed(board):
        from engine.puzzle.optimal import solve_optimal

        try:
            res = solve_optimal(board, timeout=OPTIMAL_SHARE * budget_s, cancel=cancel)
            if res.moves:
                return HintPlan(res.moves, HintSource.OPTIMAL, True)
        except SolverStopped:
            pass
    left = budget_s - (time.perf_counter() - start)
    if left > 0.005:
        try:
            res = solve_fast(board, timeout=left, heuristic=heuristic, edges=edges, boost=boost, cancel=cancel)
            if res.moves:
                return HintPlan(res.moves, HintSource.FAST, True)
        except SolverStopped as stop:
            partial = str(stop.result.extra.get("partial_moves", ""))
            if partial:
                return HintPlan(partial, HintSource.FAST, board.apply(partial).is_solved())
    return HintPlan(_greedy(board), HintSource.GREEDY, board.move(_greedy(board)).is_solved())


def hint(board: Board, budget_s: float = 0.5) -> tuple[str, str]:
    """The next move for ``board`` and where it came from (the first move of :func:`plan_hint`).

    Returns:
        ``(move, source)``: ``move`` in ``"UDLR"`` (``""`` when solved); ``source``
        is ``"solved"``, ``"optimal"``, ``"fast"`` or ``"greedy"``.

    Raises:
        ValueError: unsolvable board or a budget <= 0.
    """
    plan = plan_hint(board, budget_s)
    return plan.move, plan.source.value
