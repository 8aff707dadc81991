"""The strong and max efforts' machinery: stamped tables mapped instead of read, the search that ends only on
the goal, and the two beams side by side (as given and transposed) whose shorter answer is kept."""

from __future__ import annotations

import os

import numpy as np
import pytest

from engine.puzzle.board import Board, goal_tiles, shuffle_uniform
from engine.puzzle.near import solver
from engine.puzzle.near.beam import beam_search
from engine.puzzle.near.heuristics import ManhattanHeuristic, ModularPatternHeuristic, square_symmetry
from engine.puzzle.tables import modular, pdb
from engine.rng import Rng

GROUP = (20, 22, 23, 24)  # a small table: 390,625 entries, built in a moment


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))
    pdb.clear_memory_cache()
    yield tmp_path / "cache" / "puzzle"
    pdb.clear_memory_cache()


def _mapped(table: np.ndarray) -> bool:
    import mmap

    return isinstance(table.base, memoryview) and isinstance(table.base.obj, mmap.mmap)


def test_a_checked_table_is_stamped_and_then_mapped_not_read(cache):
    built = modular.modular_table(GROUP)
    path = cache / modular.modular_name(GROUP)
    assert modular.stamp_path(path).is_file() and not _mapped(built)
    pdb.clear_memory_cache()  # a new process: the key is read again, the table found in the cache
    seen: list[str] = []
    again = modular.modular_table(GROUP, progress=lambda f, m: seen.append(m))
    assert _mapped(again) and not again.flags.writeable
    assert np.array_equal(again, built) and pdb.verified([modular.modular_name(GROUP)])
    assert seen == [f"Loaded {modular.modular_name(GROUP)} from the cache."] and pdb.cache_messages() == []


def test_a_table_changed_after_its_stamp_is_checked_in_full_and_rebuilt(cache):
    good = modular.modular_table(GROUP).copy()
    path = cache / modular.modular_name(GROUP)
    data = bytearray(path.read_bytes())
    data[-5000] ^= 0x55  # residues flipped (the CRC no longer matches); the file's time moves on
    path.write_bytes(bytes(data))
    pdb.clear_memory_cache()
    table = modular.modular_table(GROUP)
    assert not _mapped(table) and np.array_equal(table, good)
    assert path.read_bytes() != bytes(data)  # built again and saved over the damaged file
    pdb.clear_memory_cache()
    assert _mapped(modular.modular_table(GROUP))  # stamped again after the rebuild


def test_a_sampled_block_changed_with_the_time_set_back_is_not_mapped(cache):
    modular.modular_table(GROUP)
    path = cache / modular.modular_name(GROUP)
    st = os.stat(path)
    data = bytearray(path.read_bytes())
    data[len(data) - 100] ^= 0x55  # inside the last sampled block
    path.write_bytes(bytes(data))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    pdb.clear_memory_cache()
    table = modular.modular_table(GROUP)
    assert not _mapped(table) and modular.check_modular(GROUP, table) is None
    assert path.read_bytes() != bytes(data)  # its CRC failed in the full check: built again


def test_an_edited_or_foreign_stamp_is_ignored(cache, tmp_path, monkeypatch):
    modular.modular_table(GROUP)
    stamp = modular.stamp_path(cache / modular.modular_name(GROUP))
    stamp.write_text(stamp.read_text(encoding="ascii").replace('"samples": [', '"samples": [1, '), encoding="ascii")
    pdb.clear_memory_cache()
    assert not _mapped(modular.modular_table(GROUP))  # checked in full (it passes) and stamped again
    pdb.clear_memory_cache()
    assert _mapped(modular.modular_table(GROUP))
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "elsewhere"))  # another installation: another key
    pdb.clear_memory_cache()
    assert not _mapped(modular.modular_table(GROUP))


def test_a_search_given_the_goal_does_not_stop_where_the_estimate_alone_reads_zero():
    tiles = list(goal_tiles(5, 5))
    tiles[23], tiles[24] = 0, 24  # one move from the goal; tile 1 (all the estimate sees) is home
    only_one = ManhattanHeuristic(5, 5, [1])
    assert beam_search(tiles, 5, 5, only_one, 50).moves == ""
    run = beam_search(tiles, 5, 5, only_one, 50, goal=goal_tiles(5, 5))
    assert run.moves == "R" and run.tiles == goal_tiles(5, 5)


BASES = ((1, 2, 6, 7), (3, 8, 13, 18), (11, 12, 14, 15), (19, 20, 23, 24))
READINGS = ((0, "id"), (0, "cw"), (0, "ccw"), (1, "id"), (2, "id"), (3, "id"))


@pytest.fixture(scope="module")
def small_six() -> ModularPatternHeuristic:
    """A stand-in for the 6-6-6-6 heuristic on 4-tile tables (the real ones take minutes to build)."""
    straight = [(k, square_symmetry(5, name)) for k, name in READINGS]
    tr = square_symmetry(5, "transpose")
    return ModularPatternHeuristic(
        BASES, [modular.modular_table(g) for g in BASES], [straight, [(k, tr[s]) for k, s in straight]]
    )


def test_the_transposed_variant_solves_the_board_as_given(small_six):
    for seed in range(3):
        board = shuffle_uniform(5, 5, Rng(seed))
        assert solver._transposed(solver._transposed(board.tiles)) == list(board.tiles)
        for which in range(len(solver.VARIANTS)):
            run = solver._variant(board.tiles, small_six, 200, which, None, None)
            assert board.apply(run.moves).is_solved() and run.tiles == goal_tiles(5, 5)


def test_two_beams_keep_the_shorter_answer_forked_or_not(small_six, monkeypatch):
    monkeypatch.setattr(solver, "six_by_six", lambda progress=None, cancel=None: small_six)
    monkeypatch.setitem(solver.EFFORTS, "strong", solver.Effort("six", 300, beams=2))
    differ = 0
    for seed in range(4):
        board = shuffle_uniform(5, 5, Rng(20 + seed))
        runs = [solver._variant(board.tiles, small_six, 300, w, None, None) for w in range(2)]
        shorter = min(runs, key=lambda r: len(r.moves))  # equal lengths: the first
        got = solver.solve_near_optimal(board, effort="strong")
        assert got.moves == shorter.moves and board.apply(got.moves).is_solved()
        assert got.nodes == runs[0].nodes + runs[1].nodes
        assert [b["length"] for b in got.extra["beams"]] == [len(r.moves) for r in runs]
        assert got.extra["beams"][1]["peak_kib"] > 0  # the forked search's own peak memory
        differ += runs[0].moves != runs[1].moves
        with monkeypatch.context() as m:  # no fork (another system): the same answer, one after the other
            m.delattr(os, "fork")
            assert solver.solve_near_optimal(board, effort="strong").moves == got.moves
    assert differ  # the transposed beam is another search


def test_a_forked_beam_that_fails_is_run_again_here(small_six, monkeypatch):
    board = shuffle_uniform(5, 5, Rng(31))
    real = solver._variant

    def flaky(tiles, heuristic, width, which, cancel, deadline, portable=False):
        if which == 1 and os.getpid() != parent:
            raise MemoryError("the child ran out")  # only in the forked child
        return real(tiles, heuristic, width, which, cancel, deadline, portable)

    parent = os.getpid()
    monkeypatch.setattr(solver, "_variant", flaky)
    run, report = solver._side_by_side(board.tiles, small_six, 300, 2, None, None)
    expect = min((real(board.tiles, small_six, 300, w, None, None) for w in range(2)), key=lambda r: len(r.moves))
    assert run.moves == expect.moves and Board.from_tiles(board.tiles, 5, 5).apply(run.moves).is_solved()
    assert len(report) == 2


def test_portable_dedup_keeps_the_first_of_equal_hashes_whatever_the_sort():
    from engine.puzzle.near.beam import _first_of_each

    codes = np.array([5, 3, 5, 3, 9, 5], dtype=np.uint64) << np.uint64(40)
    assert _first_of_each(codes, portable=True).tolist() == [1, 0, 4]  # value order, each the first index
    rng = np.random.default_rng(5)
    many = rng.integers(0, 2**63, 5000).astype(np.uint64)
    many[2500:] = many[:2500]  # every value twice: the first copy is kept
    assert sorted(_first_of_each(many, portable=True).tolist()) == list(range(2500))
    assert {e: solver.EFFORTS[e].portable for e in solver.EFFORTS} == {"quick": True, "strong": True, "max": True}


def test_a_portable_beam_solves_and_repeats_itself(small_six):
    board = shuffle_uniform(5, 5, Rng(41))
    runs = [solver._variant(board.tiles, small_six, 300, w, None, None, True) for w in range(2)]
    assert all(board.apply(r.moves).is_solved() for r in runs)
    assert [r.moves for r in runs] == [
        solver._variant(board.tiles, small_six, 300, w, None, None, True).moves for w in range(2)
    ]
