"""A puzzle table with one entry changed and its CRC recomputed is never used: the keyed digest catches it."""

from __future__ import annotations

import json
import zlib

import numpy as np
import pytest

from engine.puzzle import pdb
from engine.puzzle.board import Board
from engine.puzzle.optimal import solve_optimal


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))
    pdb.clear_memory_cache()
    yield tmp_path / "cache"
    pdb.clear_memory_cache()


def _forge_one_entry(path, index: int, value: int) -> None:
    """Change one table entry and recompute the CRC (what a writing bug or a careful edit does)."""
    raw = path.read_bytes()
    assert raw.startswith(pdb.MAGIC)
    head_end = raw.index(b"\n", len(pdb.MAGIC))
    header = json.loads(raw[len(pdb.MAGIC) : head_end])
    data = bytearray(raw[head_end + 1 :])
    data[index] = value
    header["crc32"] = zlib.crc32(bytes(data))
    path.write_bytes(pdb.MAGIC + json.dumps(header, sort_keys=True).encode("ascii") + b"\n" + bytes(data))


def _far_entry(table: np.ndarray) -> int:
    """A reachable entry far from the goal that the quick probe check does not read (a changed one hides)."""
    idx = np.flatnonzero((table != pdb.UNSEEN) & (table > 4))
    return int(idx[len(idx) // 3])


def test_one_changed_exact_entry_is_caught_and_rebuilt(fresh_cache):
    good = pdb.exact_table(3, 3).copy()
    path = fresh_cache / "puzzle" / pdb.exact_name(3, 3)
    i = _far_entry(good)
    _forge_one_entry(path, i, int(good[i]) + 2)  # still of the right parity
    pdb.clear_memory_cache()
    assert pdb._check_exact(3, 3, np.frombuffer(path.read_bytes()[-good.size :], np.uint8)) is None  # probes miss it
    table = pdb.exact_table(3, 3)
    assert np.array_equal(table, good)
    assert any("could not be used" in m and "rebuilt" in m for m in pdb.cache_messages())
    # 3x3 answers come from the rebuilt table: every answer optimal and consistent
    board = Board.from_tiles([8, 6, 7, 2, 5, 4, 3, 0, 1], 3, 3)
    res = solve_optimal(board)
    assert res.optimal and res.length == int(good[pdb.rank_permutations(np.array([board.tiles], np.int8))[0]])


@pytest.mark.parametrize("delta", [2, 4, -2])
def test_one_changed_pattern_entry_is_caught_and_rebuilt(fresh_cache, delta):
    tiles = (1, 2, 3, 5)
    good = pdb.pattern_table(4, 4, tiles).copy()
    path = fresh_cache / "puzzle" / pdb.pattern_name(4, 4, tiles)
    i = _far_entry(good)
    _forge_one_entry(path, i, int(good[i]) + delta)
    pdb.clear_memory_cache()
    assert np.array_equal(pdb.pattern_table(4, 4, tiles), good)
    assert any("digest" in m for m in pdb.cache_messages())
    pdb.clear_memory_cache()  # saved again with a good digest: loaded without a message
    assert np.array_equal(pdb.pattern_table(4, 4, tiles), good) and not pdb.cache_messages()


def test_a_table_from_another_installation_is_not_trusted(fresh_cache, tmp_path, monkeypatch):
    good = pdb.exact_table(2, 3).copy()
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "other-home"))  # another key
    pdb.clear_memory_cache()
    assert np.array_equal(pdb.exact_table(2, 3), good)
    assert any("digest" in m for m in pdb.cache_messages())


def test_a_forged_4x3_search_table_never_gives_a_wrong_optimal_answer(fresh_cache):
    parts = (((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)),)
    board = Board.from_tiles([5, 1, 2, 3, 9, 6, 7, 4, 0, 10, 11, 8], 4, 3)
    honest = solve_optimal(board, partitions=parts)
    for tiles in parts[0]:
        path = fresh_cache / "puzzle" / pdb.pattern_name(4, 3, tiles)
        table = pdb.pattern_table(4, 3, tiles)
        # raise the whole table far from the goal: inadmissible, so the search could stop late
        raw = path.read_bytes()
        head_end = raw.index(b"\n", len(pdb.MAGIC))
        header = json.loads(raw[len(pdb.MAGIC) : head_end])
        bad = table.copy()
        bad[(bad != pdb.UNSEEN) & (bad > 0)] += 6
        data = bad.tobytes()
        header["crc32"] = zlib.crc32(data)
        path.write_bytes(pdb.MAGIC + json.dumps(header, sort_keys=True).encode("ascii") + b"\n" + data)
    pdb.clear_memory_cache()
    again = solve_optimal(board, partitions=parts)
    assert again.optimal and again.length == honest.length
    assert any("rebuilt" in m for m in again.extra.get("messages", []))


def test_optimal_is_claimed_only_when_the_tables_are_verified(fresh_cache, monkeypatch):
    board = Board.from_tiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3, 3)
    assert solve_optimal(board).optimal
    import engine.puzzle.optimal as opt

    monkeypatch.setattr(opt, "verified", lambda names: False)
    res = solve_optimal(board)
    assert not res.optimal and any("not proven shortest" in m for m in res.extra["messages"])
