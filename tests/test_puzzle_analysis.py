"""Where a solve lost moves (engine.puzzle.analysis): recorded 4x4 solves agree move by move with the optimal
solver run separately, and the losses sum to the player's moves minus the optimum."""

from __future__ import annotations

import json

import pytest

from engine.cli.puzzle import main
from engine.puzzle.analysis import SolveAnalysis, analyse, parse_moves, positions
from engine.puzzle.analysis_text import analysis_lines, band_words, summary
from engine.puzzle.board import INVERSE, Board, random_walk, shuffle_moves
from engine.puzzle.optimal import solve_optimal
from engine.puzzle.result import SolverStopped
from engine.rng import Rng


def recorded_solve(seed: int) -> tuple[Board, str]:
    """A deterministic 4x4 "player" solve: a seeded board (a modest optimum), a few random moves first, then an
    optimal solution from there with detours (a move and its way back) slipped in."""
    rng = Rng(seed)
    start = shuffle_moves(4, 4, 16 + seed % 7, rng)
    wander = random_walk(start, rng.below(7), rng)
    board = start.apply(wander)
    out = [wander]
    for m in solve_optimal(board).moves:
        if rng.below(4) == 0:
            legal = board.legal_moves()
            x = legal[rng.below(len(legal))]
            out.append(x + INVERSE[x])
        out.append(m)
        board = board.move(m)
    assert board.is_solved()
    return start, "".join(out)


def check_analysis(a: SolveAnalysis, start: Board, moves: str) -> list[int]:
    """Assert the analysis against separate proofs; returns the proven distances."""
    boards = positions(start, moves)
    proofs = [solve_optimal(b).length for b in boards]
    assert a.finished and a.exact and a.distances == proofs
    assert a.optimal == proofs[0]
    losses = a.losses()
    assert sum(x.lost for x in losses) == len(moves) - proofs[0] == a.lost
    assert [x.move for x in losses] == [i for i in range(1, len(moves) + 1) if proofs[i] > proofs[i - 1]]
    for x in losses:
        before = boards[x.move - 1]
        assert x.lost == 2 and x.better != moves[x.move - 1]
        if proofs[x.move - 1] == 0:  # a move away from solved: nothing better than stopping
            assert x.better == ""
            continue
        assert solve_optimal(before.move(x.better)).length == proofs[x.move - 1] - 1
    return proofs


@pytest.mark.parametrize("seed", range(20))
def test_twenty_recorded_4x4_solves_agree_with_the_optimal_solver_move_by_move(seed):
    start, moves = recorded_solve(seed)
    a = analyse(start, moves)
    check_analysis(a, start, moves)


def test_the_analysis_reads_what_is_known_and_grows_forward():
    start, moves = recorded_solve(3)
    known = {start.tiles: solve_optimal(start).length}
    seen: list[int] = []
    firsts: list[int] = []

    def update(a: SolveAnalysis) -> None:
        seen.append(a.done)
        if a.losses() and not firsts:
            firsts.append(a.done)

    a = analyse(start, moves, known=known, update=update)
    check_analysis(a, start, moves)
    assert seen == sorted(seen) and seen[-1] == len(moves) + 1  # position by position, forward
    assert firsts and firsts[0] < len(moves)  # the first loss is out before the end


def test_the_streamed_states_are_the_analysis_position_by_position_and_pickle():
    import pickle

    from engine.puzzle.analysis_stream import analyse_streamed

    start, moves = recorded_solve(5)
    whole: list[SolveAnalysis] = []
    states = []
    analyse(start, moves, update=lambda a: whole.append(a.copy()))
    last = analyse_streamed(start, moves, emit=states.append)
    assert len(states) == len(whole) and last == states[-1] and last.finished
    base = SolveAnalysis(start, moves, True)
    for a, st in zip(whole, states, strict=True):
        again = base.with_state(pickle.loads(pickle.dumps(st)))
        assert (again.low, again.high, again.better, again.done, again.finished) == (
            a.low, a.high, a.better, a.done, a.finished)
    check_analysis(base.with_state(last), start, moves)
    with pytest.raises(ValueError, match="positions"):
        SolveAnalysis(start, moves[:-1], True).with_state(last)


def test_backward_gives_the_same_distances_and_the_halves_merge_into_the_whole():
    from engine.puzzle.analysis_stream import merge_states

    start, moves = recorded_solve(11)
    whole = analyse(start, moves)
    back = analyse(start, moves, backward=True)
    check_analysis(back, start, moves)
    assert back.distances == whole.distances
    assert [(x.move, x.lost) for x in back.losses()] == [(x.move, x.lost) for x in whole.losses()]
    base = SolveAnalysis(start, moves, True)
    fwd: list = []
    bwd: list = []
    analyse(start, moves, update=lambda a: fwd.append(a.state()))
    analyse(start, moves, backward=True, update=lambda a: bwd.append(a.state()))
    n = len(moves) + 1
    meet = next(k for k in range(len(fwd)) if fwd[k].done >= n // 2)  # the forward run half way
    half = [s for s in bwd if sum(lo == hi for lo, hi in zip(s.low, s.high, strict=True)) >= n - n // 2 + 2]
    merged = base.with_state(merge_states(base, [fwd[meet], half[0]]))
    assert merged.distances == whole.distances  # every position proven by one side or the other
    assert merged.finished == all((x.move - 1) in merged.better for x in merged.losses())
    early = base.with_state(merge_states(base, [fwd[0], bwd[0]]))
    assert early.losses() and not early.finished  # proven, but the better moves are not all known yet
    assert merge_states(base, [fwd[meet], whole.state()]).finished  # a finished run finishes the merge
    with pytest.raises(ValueError):
        merge_states(base, [])


def test_warm_exact_loads_only_what_is_cached():
    from engine.puzzle.analysis_stream import warm_exact
    from engine.puzzle.optimal import prepare

    prepare(4, 4)  # in the cache (built once if not)
    assert warm_exact(4, 4)
    assert not warm_exact(5, 5)  # no exact distances there: nothing to load


def test_cancel_stops_the_analysis():
    start, moves = recorded_solve(4)
    with pytest.raises(SolverStopped):
        analyse(start, moves, cancel=lambda: True)


def test_a_solve_that_does_not_end_solved_still_sums_its_losses():
    start = shuffle_moves(3, 3, 20, Rng(9))
    moves = random_walk(start, 30, Rng(10))
    a = analyse(start, moves)
    d = [solve_optimal(b).length for b in positions(start, moves)]
    assert a.distances == d and a.lost == len(moves) - d[0] + d[-1]


def test_bands_on_a_board_without_exact_distances_hold_the_truth_they_bound():
    from engine.puzzle.astar import solve_fast

    start = shuffle_moves(5, 4, 12, Rng(2))  # 20 cells: no exact distance; at most 12 moves from solved
    x = start.legal_moves()[0]
    moves = x + INVERSE[x] + solve_fast(start, timeout=10).moves
    a = analyse(start, moves)
    assert not a.exact and a.finished and a.high[-1] == 0
    for i, b in enumerate(positions(start, moves)):
        lo, hi = a.bounds(i)
        assert hi is not None and b.manhattan() <= lo <= hi <= len(moves) - i
        assert lo <= 12 + min(i, 2) + max(0, i - 2)  # never above a real solution's length
    assert band_words(88, 97) == "between 88 and 97 moves" and band_words(5, 5) == "5 moves"


def test_parse_moves_and_bad_moves():
    assert parse_moves("ul, D r") == "ULDR"
    with pytest.raises(ValueError, match="'x'"):
        parse_moves("UxD")
    with pytest.raises(ValueError, match="Move 3"):
        positions(Board.parse("1 2 3 4 5 6 0 7 8"), "RRR")


def test_cli_json_and_text(capsys):
    start, moves = recorded_solve(1)
    assert main(["puzzle", "analyse", "--board", start.text(), "--moves", moves, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    proofs = [solve_optimal(b).length for b in positions(start, moves)]
    assert out["optimal"] == proofs[0] and out["distances"] == proofs and out["moves"] == moves
    assert sum(x["lost"] for x in out["losses"]) == len(moves) - proofs[0] == out["lost"]
    assert main(["puzzle", "analyse", "--board", start.text(), "--moves", moves]) == 0
    text = capsys.readouterr().out
    a = analyse(start, moves)
    assert summary(a) in text and text.splitlines() == analysis_lines(a)
    n = len(a.losses())
    assert f"You lost {a.lost} moves in {n} place{'s' if n != 1 else ''}." in text


def test_cli_bad_input_is_one_line_exit_2(capsys):
    for argv in (
        ["puzzle", "analyse", "--board", "1 2 3 4 5 6 0 7 8", "--moves", "RRR"],
        ["puzzle", "analyse", "--board", "1 2 3 4 5 6 0 7 8", "--moves", "RQ"],
        ["puzzle", "analyse", "--board", "2 1 3 4 5 6 7 8 0", "--moves", "U"],
        ["puzzle", "analyse", "--board", "1 2 3", "--moves", "U"],
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err


def test_cli_json_on_a_board_without_exact_distances_gives_bounds_not_an_optimum(capsys):
    from engine.puzzle.astar import solve_fast

    start = shuffle_moves(5, 4, 10, Rng(8))
    moves = solve_fast(start, timeout=10).moves
    assert main(["puzzle", "analyse", "--board", start.text(), "--size", "5x4", "--moves", moves,
                 "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    lo, hi = out["bounds"]
    assert out["optimal"] is None or lo == hi == out["optimal"]
    assert start.manhattan() <= lo <= hi <= len(moves) and not out["exact"]
    assert len(out["bands"]) == len(moves) + 1 and out["bands"][-1] == [0, 0]
    assert main(["puzzle", "analyse", "--board", start.text(), "--size", "5x4", "--moves", moves]) == 0
    assert "not proven at this size" in capsys.readouterr().out or lo == hi


def test_lower_bounds_are_proven_and_of_the_distances_parity():
    from engine.puzzle.optimal import lower_bounds

    four, three = lower_bounds(4, 4), lower_bounds(3, 3)
    for seed in range(6):
        b = shuffle_moves(4, 4, 30 + 5 * seed, Rng(100 + seed))
        d = solve_optimal(b).length
        assert b.manhattan() <= four(b) <= d and (d - four(b)) % 2 == 0
        small = shuffle_moves(3, 3, 40, Rng(seed))
        assert three(small) == solve_optimal(small).length  # the exact table
    with pytest.raises(ValueError):
        lower_bounds(5, 5)


def test_loops_of_any_length_and_probes_ahead_agree_with_the_solver_and_with_one_by_one(monkeypatch):
    """A solve that wanders away and comes back the same way (a loop of 6 moves), circles the blank round a 2x2
    block three times (12 moves back to where it was) and then goes straight to solved: every position is one of
    the solve's distinct positions, measured once; probing ahead gives what measuring one by one gives."""
    import engine.puzzle.analysis as analysis

    start = shuffle_moves(4, 4, 36, Rng(31))
    out = random_walk(start, 6, Rng(32))
    back = "".join(INVERSE[m] for m in reversed(out))
    board = start.apply(out + back)
    assert board == start
    circle = ("RDLU" if "R" in board.legal_moves() and "D" in board.legal_moves() else "LURD") * 3
    board = board.apply(circle)
    assert board == start
    moves = out + back + circle + solve_optimal(board).moves
    a = analyse(start, moves, known={start.tiles: solve_optimal(start).length})
    proofs = check_analysis(a, start, moves)
    monkeypatch.setattr(analysis._Walk, "gallop", lambda self, i, cancel: None)  # one position at a time
    for seed in (2, 5):
        s, m = recorded_solve(seed)
        check_analysis(analyse(s, m), s, m)
    assert analyse(start, moves).distances == proofs
