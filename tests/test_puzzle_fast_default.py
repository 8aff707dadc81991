"""The game's default auto-solve (fast solver, default settings) solves the big boards it offers.

The 8x8 and 10x10 deals used to need more than the old 2 s default; the fast solver's greedier layer
weights on boards of more than 36 cells (:data:`engine.puzzle.astar.BIG_BOARD_WEIGHTS`) make every deal a
few thousand expanded positions.  The work is counted in positions (deterministic), never timed here; the
full 50 seeds per size, with seconds, are in ``bench/bench_fast_default.py``.
"""

from __future__ import annotations

import pytest

from engine.puzzle.astar import solve_fast
from engine.puzzle.deal import Deal, deal_board
from engine.puzzle.result import SolveResult
from engine.puzzle.solving import solve_job
from game.puzzle.settings import DEFAULT_TIMEOUT, TIMEOUTS, PuzzleSettings

#: expanded positions the default solve may take (the old weights took 28-65 thousand on 8x8 and
#: 70-160 thousand on 10x10; the new ones 5-12 thousand)
MAX_NODES = {8: 16_000, 10: 16_000}


@pytest.mark.parametrize("side", [8, 10])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_the_default_settings_solve_every_big_deal(side: int, seed: int) -> None:
    board = deal_board(Deal(side, side, seed=seed))
    settings = PuzzleSettings()
    assert settings.solver == "fast"
    result = solve_job(board, settings)
    assert isinstance(result, SolveResult), result  # not Stopped
    assert board.apply(result.moves).is_solved()
    assert result.nodes <= MAX_NODES[side], result.nodes


def test_the_timeout_stays_a_choice_and_the_default_is_one_of_them() -> None:
    assert DEFAULT_TIMEOUT in TIMEOUTS and min(TIMEOUTS) < DEFAULT_TIMEOUT
    s = PuzzleSettings()
    seen = {s.timeout}
    for _ in TIMEOUTS:
        seen.add(s.cycle_timeout())
    assert seen == set(TIMEOUTS)


def test_small_boards_keep_their_weights() -> None:
    """Boards up to 6x6 search as before (shortest sub-steps on 4x4): the same plan as weight 1/2/3 by hand."""
    board = deal_board(Deal(4, 4, seed=3))
    assert solve_fast(board, timeout=None).moves == solve_fast(board, timeout=None, weight=1.0).moves
