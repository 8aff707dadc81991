"""Hints: the next move of a good solution, within a time budget."""

from __future__ import annotations

import time

from engine.puzzle.astar import solve_fast
from engine.puzzle.board import Board
from engine.puzzle.optimal import can_solve_optimally, solve_optimal, tables_ready
from engine.puzzle.result import SolverStopped

SOURCES = ("solved", "optimal", "fast", "greedy")


def _greedy(board: Board) -> str:
    """The legal move that lowers the Manhattan distance most (first in UDLR order on ties)."""
    best = None
    for m in board.legal_moves():
        d = board.move(m).manhattan()
        if best is None or d < best[0]:
            best = (d, m)
    assert best is not None
    return best[1]


def hint(board: Board, budget_s: float = 0.5) -> tuple[str, str]:
    """The next move for ``board`` and where it came from.

    Tries the optimal solver first (only when its tables are already built or
    cached, so no long build starts), with about 60 % of the budget; then the
    fast solver with what is left.  If neither finishes, the first move the
    fast solver had already committed to, or else the move that lowers the
    Manhattan distance most.  Returns within ``budget_s`` plus a small margin
    (one table load or one solver chunk, typically < 0.1 s).

    Args:
        board: a solvable position.
        budget_s: seconds, > 0.

    Returns:
        ``(move, source)``: ``move`` in ``"UDLR"`` (``""`` when solved); ``source``
        is ``"solved"``, ``"optimal"``, ``"fast"`` or ``"greedy"``.

    Raises:
        ValueError: unsolvable board or a budget <= 0.
    """
    if budget_s <= 0:
        raise ValueError(f"The hint budget must be > 0 seconds, got {budget_s}.")
    if not board.is_solvable():
        raise ValueError("This position is unsolvable.")
    if board.is_solved():
        return "", "solved"
    start = time.perf_counter()
    if can_solve_optimally(board.width, board.height) and tables_ready(board.width, board.height):
        try:
            res = solve_optimal(board, timeout=0.6 * budget_s)
            if res.moves:
                return res.moves[0], "optimal"
        except SolverStopped:
            pass
    left = budget_s - (time.perf_counter() - start)
    if left > 0.005:
        try:
            res = solve_fast(board, timeout=left)
            if res.moves:
                return res.moves[0], "fast"
        except SolverStopped as stop:
            partial = stop.result.extra.get("partial_moves", "")
            if partial:
                return partial[0], "fast"
    return _greedy(board), "greedy"
