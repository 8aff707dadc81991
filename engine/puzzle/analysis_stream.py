"""The analysis of a solve run in other processes (:mod:`engine.puzzle.analysis`): its state after each position as
plain data for a child process to send back, the tables loaded ahead of the first solve, and the states of a forward
and a backward run of one solve merged into one.  Pure: no processes here (``game.stream_worker`` runs them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.puzzle.analysis import AnalysisState, SolveAnalysis, analyse
from engine.puzzle.board import Board
from engine.puzzle.result import CancelFn, ProgressFn


def analyse_streamed(
    start: Board,
    moves: str,
    known: Mapping[tuple[int, ...], int] | None = None,
    *,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    emit: Callable[[AnalysisState], None] | None = None,
    backward: bool = False,
) -> AnalysisState:
    """:func:`analyse`, handing :meth:`SolveAnalysis.state` to ``emit`` after each position instead of the
    growing object (what a child process sends back: ``game.stream_worker.Worker``); returns the finished state.
    ``backward``: as :func:`analyse`'s.

    Raises:
        as :func:`analyse`.
    """
    def update(a: SolveAnalysis) -> None:
        if emit is not None:
            emit(a.state())

    return analyse(start, moves, known=known, cancel=cancel, progress=progress, update=update,
                   backward=backward).state()


def merge_states(base: SolveAnalysis, states: Sequence[AnalysisState]) -> AnalysisState:
    """One state from several analyses of ``base``'s solve run side by side (a forward and a backward run:
    :func:`analyse`), each position's band the tightest of theirs (every band is proven, so they intersect).

    ``done`` is the final positions counted from the start; ``finished`` once one of them finished, or every
    position is proven and every loss has its better move (then the runs may be stopped).

    Raises:
        ValueError: no states, or one of another solve's length.
    """
    if not states:
        raise ValueError("No analysis states to merge.")
    n = base.count + 1
    for st in states:
        if len(st.low) != n or len(st.high) != n:
            raise ValueError(f"An analysis state has {len(st.low)} positions; this solve has {n}.")
    low = [max(col) for col in zip(*(st.low for st in states), strict=True)]
    high: list[int | None] = []
    for col in zip(*(st.high for st in states), strict=True):
        got = [h for h in col if h is not None]
        high.append(min(got) if got else None)
    better: dict[int, str] = {}
    for st in states:
        for k, m in st.better.items():
            better.setdefault(k, m)
    if any(st.finished for st in states):
        done = n
        finished = True
    else:
        done = next((i for i in range(n) if high[i] is None or high[i] != low[i]), n)
        done = max(done, max(st.done for st in states))
        merged = base.with_state(AnalysisState(low, high, better, done, False))
        finished = base.exact and done == n and all((x.move - 1) in better for x in merged.losses())
    return AnalysisState(low, high, better, done, finished)


def warm_exact(width: int, height: int) -> bool:
    """Load what the analysis of a ``width`` x ``height`` solve reads first (the optimal solver's tables, its
    lower bound and its search's lookups) when the tables are in the cache, so that the first search of a solve
    analysed later starts at once; builds nothing (False when the tables are not ready or the size has no exact
    distances).  About 1.7 CPU seconds for 4x4 from the cache; then nothing."""
    from engine.puzzle.optimal import can_solve_optimally, lower_bounds, solve_optimal, tables_ready

    if not can_solve_optimally(width, height) or not tables_ready(width, height):
        return False
    near = Board.goal(width, height).apply("UL")  # two moves from solved (every size has a blank row and column)
    lower_bounds(width, height)(near)
    solve_optimal(near)
    return True


__all__ = ["analyse_streamed", "merge_states", "warm_exact"]
