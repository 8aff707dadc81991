"""The 5x5 tables held modulo 4 and read through symmetries: the same estimates as plain pattern tables."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.puzzle.board import Board, shuffle_uniform
from engine.puzzle.near.beam import beam_search
from engine.puzzle.near.heuristics import ModularPatternHeuristic, PatternHeuristic, square_symmetry
from engine.puzzle.near.tables import SIX_READINGS, SIX_TABLES, six_groups
from engine.puzzle.tables import modular, pdb
from engine.rng import Rng

SMALL = ((1, 2, 6, 7), (13, 14, 18, 19))  # 2x2 blocks: 390,625 entries, built in a moment


@pytest.fixture(scope="module")
def small_tables() -> list[np.ndarray]:
    return [modular.modular_table(g) for g in SMALL]


def _image(group: tuple[int, ...], name: str) -> tuple[int, ...]:
    sym = square_symmetry(5, name)
    return tuple(int(sym[t - 1]) + 1 for t in group)


def test_a_residue_table_walks_down_to_the_exact_distance(small_tables):
    full = pdb.pattern_table(5, 5, SMALL[0])
    rng = np.random.default_rng(3)
    for _ in range(100):
        cells = rng.permutation(25)[:4]
        exact = int(full[int((cells * 25 ** np.arange(4)).sum())])
        assert modular.full_distance(small_tables[0], SMALL[0], cells) == exact


def test_a_changed_residue_table_fails_its_check(small_tables):
    assert modular.check_modular(SMALL[0], small_tables[0]) is None
    bad = small_tables[0].copy()
    bad[5000:5100] ^= 0x55  # flips residues by one: neighbours then differ by 0 or 2
    assert modular.check_modular(SMALL[0], bad) is not None
    assert modular.check_modular(SMALL[0], small_tables[0][:-1]) == "wrong length"


BASES = ((1, 2, 6, 7), (3, 8, 13, 18), (11, 12, 14, 15), (19, 20, 23, 24))
READINGS = ((0, "id"), (0, "cw"), (0, "ccw"), (1, "id"), (2, "id"), (3, "id"))  # the first block read three ways


def test_symmetric_readings_give_the_plain_tables_estimates_and_the_same_beam():
    groups = [_image(BASES[k], name) for k, name in READINGS]
    plain = PatternHeuristic(5, 5, groups, [pdb.pattern_table(5, 5, g) for g in groups])
    straight = [(k, square_symmetry(5, name)) for k, name in READINGS]
    tr = square_symmetry(5, "transpose")
    mirrored = [(k, tr[sym]) for k, sym in straight]
    mod = ModularPatternHeuristic(BASES, [modular.modular_table(g) for g in BASES], [straight, mirrored])
    assert mod.views == plain.views == 2
    for seed in range(4):
        board = shuffle_uniform(5, 5, Rng(seed))
        assert np.array_equal(mod.start(board.tiles)[1], plain.start(board.tiles)[1])
        a = beam_search(board.tiles, 5, 5, plain, 200)
        b = beam_search(board.tiles, 5, 5, mod, 200)
        assert a.moves == b.moves and board.apply(b.moves).is_solved()


def test_a_view_that_misses_a_tile_is_refused():
    straight = [(k, square_symmetry(5, name)) for k, name in READINGS[:-1]]
    with pytest.raises(ValueError, match="cover"):
        ModularPatternHeuristic(BASES, [modular.modular_table(g) for g in BASES], [straight])


def test_the_six_tile_partition_and_its_mirror_cover_every_tile_once():
    for view in range(len(SIX_READINGS)):
        tiles = sorted(t for g in six_groups(view) for t in g)
        assert tiles == list(range(1, 25))
    assert set(six_groups(0)) != set(six_groups(1))  # the mirror is another partition (the larger sum gains)
    assert len(SIX_TABLES) == 2 and all(len(g) == 6 for g in SIX_TABLES)
    assert Board.goal(5, 5).is_solved()


def _small_six() -> ModularPatternHeuristic:
    """A stand-in for the 6-6-6-6 heuristic on 4-tile tables (the real ones take minutes to build)."""
    straight = [(k, square_symmetry(5, name)) for k, name in READINGS]
    tr = square_symmetry(5, "transpose")
    return ModularPatternHeuristic(
        BASES, [modular.modular_table(g) for g in BASES], [straight, [(k, tr[s]) for k, s in straight]]
    )


def test_the_strong_effort_searches_on_the_six_tile_heuristic_with_its_width(monkeypatch):
    from engine.puzzle.near import solver

    asked: list[int] = []
    real = solver.beam_search

    def spy(*args, **kwargs):  # the width the 5x5 stage was given
        asked.append(args[4])
        return real(*args, **kwargs)

    monkeypatch.setattr(solver, "six_by_six", lambda progress=None, cancel=None: _small_six())
    monkeypatch.setattr(solver, "beam_search", spy)
    board = shuffle_uniform(5, 5, Rng(7))
    r = solver.solve_near_optimal(board, effort="strong", beam_width=300)
    assert board.apply(r.moves).is_solved() and r.extra["effort"] == "strong" and asked == [300]
    again = solver.solve_near_optimal(board, effort="strong", beam_width=300)
    assert again.moves == r.moves  # a width, not a clock, decides
    with pytest.raises(ValueError, match="effort is one of quick, strong, max"):
        solver.solve_near_optimal(board, effort="hard")
    assert solver.EFFORTS["quick"].tables == "five" and solver.DEFAULT_EFFORT == "quick"
    assert solver.EFFORTS["quick"].beam_width < solver.EFFORTS["strong"].beam_width < solver.EFFORTS["max"].beam_width


def test_cli_effort_is_for_the_near_optimal_solver(capsys, monkeypatch):
    from engine.cli.puzzle import main
    from engine.puzzle.near import solver

    monkeypatch.setattr(solver, "six_by_six", lambda progress=None, cancel=None: _small_six())
    monkeypatch.setitem(solver.EFFORTS, "strong", solver.Effort("six", 300))
    board = shuffle_uniform(5, 5, Rng(8))
    argv = ["puzzle", "solve", "--board", board.text(), "--solver", "near-optimal", "--format", "json"]
    assert main([*argv, "--effort", "strong"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert board.apply(out["moves"]).is_solved()
    assert main(["puzzle", "solve", "--board", board.text(), "--effort", "strong"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--effort is for --solver near-optimal" in err


def test_a_big_build_reports_progress_within_its_levels_and_in_order(tmp_path, monkeypatch):
    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(pdb, "_CHUNK", 512)  # small chunks: levels of more than 16 chunks report inside
    pdb.clear_memory_cache()
    seen: list[tuple[float, str]] = []
    table = modular.modular_table((20, 22, 23, 24), progress=lambda f, m: seen.append((f, m)))
    depths = {m.split("depth ")[1].split(",")[0] for _, m in seen}
    assert len(seen) > len(depths) + 5  # more reports than levels
    assert [f for f, _ in seen] == sorted(f for f, _ in seen) and seen[-1][0] == pytest.approx(1.0)
    assert modular.check_modular((20, 22, 23, 24), table) is None
    assert (tmp_path / "cache" / "puzzle" / modular.modular_name((20, 22, 23, 24))).is_file()
    pdb.clear_memory_cache()
