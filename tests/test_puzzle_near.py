"""The near-optimal solver (5x5 and larger): valid and reproducible solutions, lower bounds, CLI choice and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.puzzle import main
from engine.puzzle.board import Board, shuffle_uniform
from engine.puzzle.near.solver import near_available, solve_near_optimal
from engine.puzzle.near.tables import FIVE_BY_FIVE, five_by_five
from engine.puzzle.result import SolverStopped
from engine.puzzle.tables import pdb
from engine.rng import Rng

DATA = Path(__file__).resolve().parents[1] / "bench" / "data" / "korf_felner_24puzzle50_goal_blank_last.txt"


def korf_felner() -> list[tuple[Board, int]]:
    out = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        v = [int(x) for x in line.split()]
        out.append((Board.from_tiles(v[:25], 5, 5), v[25]))
    return out


def test_data_file_is_the_fifty_with_their_optimal_mean():
    pos = korf_felner()
    assert len(pos) == 50 and sum(opt for _, opt in pos) / 50 == pytest.approx(100.78)


def test_tables_are_a_lower_bound_on_every_korf_felner_position():
    h = five_by_five()
    for board, opt in korf_felner():
        _, values = h.start(board.tiles)
        best = int(values.max())
        assert board.manhattan() <= best <= opt and (opt - best) % 2 == 0, (board.text(), best, opt)
    assert sorted(t for g in FIVE_BY_FIVE for t in g) == list(range(1, 25))


def test_korf_felner_positions_are_solved_near_the_optimum():
    for board, opt in korf_felner()[:3]:
        r = solve_near_optimal(board)
        assert board.apply(r.moves).is_solved()
        assert r.solver == "near-optimal" and not r.optimal and r.nodes > 0
        assert opt <= r.length <= 1.4 * opt and (r.length - opt) % 2 == 0


@pytest.mark.parametrize("w,h,seed", [(5, 5, 1), (5, 5, 2), (6, 6, 3), (5, 7, 4), (7, 5, 5)])
def test_random_boards_solve(w, h, seed):
    board = shuffle_uniform(w, h, Rng(seed))
    r = solve_near_optimal(board)
    assert board.apply(r.moves).is_solved(), (w, h, board.tiles)
    assert r.layers == (w - 5) + (h - 5)


def test_solved_and_nearly_solved_boards():
    goal = Board.goal(5, 5)
    assert solve_near_optimal(goal).moves == ""
    assert solve_near_optimal(goal.apply("UL")).moves == "RD"
    six = Board.goal(6, 6).apply("LLUU")
    r = solve_near_optimal(six)
    assert six.apply(r.moves).is_solved() and len(r.moves) == 4


def test_same_position_same_solution_even_after_reloading_the_tables():
    board = shuffle_uniform(5, 5, Rng(11))
    first = solve_near_optimal(board).moves
    assert solve_near_optimal(board).moves == first
    pdb.clear_memory_cache()  # read back from the cache files
    assert solve_near_optimal(board).moves == first
    big = shuffle_uniform(6, 6, Rng(12))
    assert solve_near_optimal(big).moves == solve_near_optimal(big).moves


def test_wider_beam_is_not_longer_here_and_narrow_still_solves():
    board = korf_felner()[4][0]
    narrow = solve_near_optimal(board, beam_width=50)
    assert board.apply(narrow.moves).is_solved()
    assert solve_near_optimal(board).length <= narrow.length


def test_small_boards_and_bad_widths_refused():
    assert not near_available(4, 4) and not near_available(5, 4) and near_available(5, 5) and near_available(8, 6)
    with pytest.raises(ValueError, match="5x5 and larger"):
        solve_near_optimal(shuffle_uniform(4, 4, Rng(1)))
    with pytest.raises(ValueError, match="at least 1"):
        solve_near_optimal(shuffle_uniform(5, 5, Rng(1)), beam_width=0)


def test_cancel_and_timeout_stop_the_search():
    board = shuffle_uniform(5, 5, Rng(3))
    five_by_five()
    with pytest.raises(SolverStopped) as stop:
        solve_near_optimal(board, cancel=lambda: True)
    assert stop.value.reason == "cancelled"
    with pytest.raises(SolverStopped) as stop:
        solve_near_optimal(board, timeout=1e-9)
    assert stop.value.reason == "timeout"


def test_wide_pattern_table_build_reports_progress_and_is_cached(tmp_path, monkeypatch):
    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))
    pdb.clear_memory_cache()
    seen: list[tuple[float, str]] = []
    tiles = (20, 22, 23, 24)
    t = pdb.pattern_table(5, 5, tiles, progress=lambda f, m: seen.append((f, m)))
    assert t.shape == (25**4,) and int((t != pdb.UNSEEN).sum()) == 25 * 24 * 23 * 22
    assert len(seen) > 5 and seen[-1][0] == pytest.approx(1.0) and "5x5 pattern 20-22-23-24" in seen[0][1]
    assert [f for f, _ in seen] == sorted(f for f, _ in seen)
    assert (tmp_path / "cache" / "puzzle" / pdb.pattern_name(5, 5, tiles)).is_file()
    pdb.clear_memory_cache()
    again: list[str] = []
    pdb.pattern_table(5, 5, tiles, progress=lambda f, m: again.append(m))
    assert again and "from the cache" in again[-1]
    with pytest.raises(ValueError, match="1..5 distinct tiles"):
        pdb.pattern_table(5, 5, (1, 2, 3, 4, 5, 6))
    with pytest.raises(ValueError, match="at most 32 cells"):
        pdb.pattern_table(6, 6, (1, 2))
    pdb.clear_memory_cache()


# -- the CLI ---------------------------------------------------------------------------------------------------
def test_cli_near_optimal_json(capsys):
    board = korf_felner()[1][0]
    assert main(["puzzle", "solve", "--board", board.text(), "--solver", "near-optimal", "--format", "json"]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["solver"] == "near-optimal" and out["optimal"] is False and out["length"] == len(out["moves"])
    assert board.apply(out["moves"]).is_solved()
    assert "table 5 of 5" in captured.err  # the tables' progress (built or loaded) goes to stderr


def test_cli_help_lists_the_solvers(capsys):
    with pytest.raises(SystemExit) as done:
        main(["puzzle", "solve", "--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "{fast,optimal,near-optimal}" in text and "near-optimal: beam search" in text


def test_cli_errors_name_the_solver(capsys):
    assert main(["puzzle", "solve", "--board", "1 2 3 4 5 6 7 8 0", "--solver", "near-optimal"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "near-optimal solver handles boards of 5x5 and larger; 3x3" in err
    assert main(["puzzle", "solve", "--board", "1 2 3 4 5 6 7 8 0", "--solver", "nearly"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "near-optimal" in err and "Traceback" not in err


# -- the game's auto-solve and settings ------------------------------------------------------------------------
def test_auto_solve_asks_for_one_near_optimal_run_from_5x5():
    from engine.puzzle.autosolve import NEAR_MIN_S, SolveKind
    from engine.puzzle.session import PuzzleSession
    from engine.puzzle.solving import solve_job

    session = PuzzleSession(shuffle_uniform(5, 5, Rng(21)))
    (job,) = session.begin_solve(False, 2.0, near=True)
    assert job.kind is SolveKind.NEAR and job.timeout == NEAR_MIN_S
    result = solve_job(job, _Settings())
    assert not isinstance(result, type(None)) and result.solver == "near-optimal"
    assert job.origin.apply(result.moves).is_solved()
    small = PuzzleSession(shuffle_uniform(4, 4, Rng(22)))
    assert [j.kind for j in small.begin_solve(False, 2.0, near=True)] == [SolveKind.FAST]


class _Settings:
    solver = "near-optimal"
    timeout = 2.0
    boost = True
    heuristic = "manhattan+edges"


@pytest.mark.parametrize(
    "w,h,cycle",
    [(5, 5, ["near-optimal", "fast"]), (8, 6, ["near-optimal", "fast"]), (4, 4, ["optimal", "fast"])],
)
def test_solver_key_cycles_the_solvers_of_the_size(w, h, cycle):
    from engine.puzzle.solving import solver_label, solver_method
    from game.puzzle.settings import PuzzleSettings

    s = PuzzleSettings()
    seen = []
    for _ in cycle:
        assert s.change("solver", w, h) == ""
        seen.append(s.solver)
    assert seen == cycle
    assert solver_label("near-optimal") == "near-optimal"
    assert solver_method("near-optimal") == "near-optimal (beam search)"
    note = PuzzleSettings().change("solver", 5, 4)
    assert "near-optimal one 5x5 and larger" in note


def test_table_build_progress_line_names_the_near_optimal_solver():
    from engine.puzzle.autosolve import SolveJob, SolveKind
    from game.puzzle.settings import PuzzleSettings
    from game.puzzle.tasks import PuzzleJobs

    class Building:
        done = False
        elapsed = 3.0

        def progress(self) -> tuple[float, str]:
            return 0.4, "table 3 of 5: 5x5 pattern 11-12-16-17-21: depth 9, 1,000 of 6,375,600"

    jobs = PuzzleJobs(PuzzleSettings(solver="near-optimal"))
    board = shuffle_uniform(5, 5, Rng(1))
    jobs.solves[SolveKind.NEAR] = (SolveJob(SolveKind.NEAR, board, 30.0), Building())  # type: ignore[assignment]
    label, frac = jobs.progress()
    assert "Building the near-optimal solver's tables 40 %" in label and "table 3 of 5" in label and frac == 0.4


@pytest.mark.parametrize(
    "w,h,region,tracked", [(5, 5, (0, 0), None), (7, 6, (1, 2), [9, 10, 11]), (12, 12, (0, 0), None)]
)
def test_a_childs_hash_from_the_slide_keys_is_its_position_hash(w, h, region, tracked):
    """The beam's one-lookup child hash equals the hash of the child position computed from scratch, for every
    move of the blank inside the region (tracked tiles only: the others hash as nothing)."""
    import numpy as np

    from engine.puzzle.near import beam

    n = w * h
    nbr = beam.region_neighbours(w, h, *region)
    keys = beam._zobrist(n, tracked)
    slide = beam._slide_keys(keys, nbr)

    def code(tiles: list[int]) -> int:
        return int(np.bitwise_xor.reduce(keys[np.asarray(tiles), np.arange(n)]))

    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(20):
        tiles = [int(t) for t in rng.permutation(n)]
        blank = tiles.index(0)
        for d in range(4):
            src = int(nbr[d][blank])
            if src < 0:
                continue
            child = list(tiles)
            child[blank], child[src] = child[src], 0
            got = code(tiles) ^ int(slide[(tiles[src] * n + blank) * 4 + d])
            assert got == code(child)
            checked += 1
    assert checked > 20
