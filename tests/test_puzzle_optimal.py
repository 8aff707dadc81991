"""Optimal solver internals: the shared blank-move table, maxed partitions, bounded memory, and a table cache
that survives unusable folders and wrong files."""

from __future__ import annotations

import json
import os
import zlib

import numpy as np
import pytest

from engine.puzzle.board import MOVES, Board, blank_moves, legal_moves_at, shuffle_moves
from engine.puzzle.optimal import partitions_for, prepare, solve_optimal, tables_ready
from engine.puzzle.result import SolverStopped
from engine.puzzle.tables import check, pdb
from engine.rng import Rng

P555 = ((1, 2, 3, 5, 6), (4, 7, 8, 11, 12), (9, 10, 13, 14, 15))
Q555 = ((1, 5, 9, 13, 2), (3, 4, 6, 7, 8), (10, 11, 12, 14, 15))


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty cache folder and no tables in memory (restored afterwards)."""
    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))
    pdb.clear_memory_cache()
    yield tmp_path / "cache"
    pdb.clear_memory_cache()


# -- one blank-move table -------------------------------------------------------------
@pytest.mark.parametrize("w,h", [(2, 2), (3, 3), (4, 4), (5, 3), (2, 6)])
def test_blank_moves_is_the_one_table(w, h):
    nbr = pdb.neighbour_table(w, h)
    for cell in range(w * h):
        moves = blank_moves(w, h)[cell]
        assert legal_moves_at(cell, w, h) == "".join(MOVES[m] for m, _ in moves)
        for m, q in moves:
            r, c = divmod(cell, w)
            rq, cq = divmod(q, w)
            assert abs(r - rq) + abs(c - cq) == 1 and nbr[m, cell] == q
        assert sorted(m for m in range(4) if nbr[m, cell] >= 0) == [m for m, _ in moves]


def test_blank_moves_region_keeps_the_blank_inside():
    w, h = 5, 4
    for cell, moves in enumerate(blank_moves(w, h, 1, 2)):
        r, c = divmod(cell, w)
        if r < 1 or c < 2:
            assert moves == ()
        for _, q in moves:
            assert q // w >= 1 and q % w >= 2


# -- the search -------------------------------------------------------------------------
def test_maxed_partitions_give_korf_lengths():
    """Korf instances 55, 16 and 6 (known optimal lengths) with two 5-5-5 partitions maxed."""
    cases = [
        ("5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3", 41),
        ("0 9 12 4 5 3 2 8 10 1 7 6 11 14 13 15", 42),
        ("3 12 0 6 11 14 5 8 1 10 13 4 7 15 9 2", 52),
    ]
    for text, opt in cases:
        b = Board.parse(text)
        r = solve_optimal(b, timeout=120, partitions=(P555, Q555))
        assert r.optimal and r.length == opt and b.apply(r.moves).is_solved()
        single = solve_optimal(b, timeout=120, partition=P555)
        assert single.length == opt
        assert r.nodes <= single.nodes * 1.5  # a stronger heuristic: no blow-up


def test_switch_to_every_view_keeps_lengths_optimal(monkeypatch):
    """Three partitions: the first two's views until a bound's search grows past LIGHT_NODES, then all six."""
    import engine.puzzle.optimal as optimal

    r555 = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15))
    cases = [("5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3", 41), ("3 12 0 6 11 14 5 8 1 10 13 4 7 15 9 2", 52)]
    for text, opt in cases:
        b = Board.parse(text)
        monkeypatch.setattr(optimal, "LIGHT_NODES", 10**12)
        light = solve_optimal(b, timeout=120, partitions=(P555, Q555, r555))
        monkeypatch.setattr(optimal, "LIGHT_NODES", 0)
        switched = solve_optimal(b, timeout=120, partitions=(P555, Q555, r555))
        for r in (light, switched):
            assert r.optimal and r.length == opt and b.apply(r.moves).is_solved()
        assert switched.nodes != light.nodes  # the second search really used the other views


def test_the_4x4_view_orders_keep_lengths_optimal(monkeypatch):
    """The default 4x4 partitions read their views in a chosen order and subset (LIGHT_VIEWS_4X4, then
    FULL_VIEWS_4X4): with three cheap partitions standing in for them, Korf's lengths either way, and the light
    subset really searches other positions than the first two partitions' views."""
    import engine.puzzle.optimal as optimal

    r555 = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15))
    parts = (P555, Q555, r555)
    cases = [("5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3", 41), ("0 9 12 4 5 3 2 8 10 1 7 6 11 14 13 15", 42)]
    for text, opt in cases:
        b = Board.parse(text)
        monkeypatch.setattr(optimal, "LIGHT_NODES", 10**12)
        plain = solve_optimal(b, timeout=120, partitions=parts)
        monkeypatch.setattr(optimal, "FOUR_BY_FOUR", parts)
        light = solve_optimal(b, timeout=120, partitions=parts)
        monkeypatch.setattr(optimal, "LIGHT_NODES", 0)
        switched = solve_optimal(b, timeout=120, partitions=parts)
        monkeypatch.undo()
        for r in (plain, light, switched):
            assert r.optimal and r.length == opt and b.apply(r.moves).is_solved()
        assert light.nodes != plain.nodes


def test_view_orders_start_with_the_search_view():
    from engine.puzzle.optimal import FULL_VIEWS_4X4, LIGHT_VIEWS_4X4, _Expander
    from engine.puzzle.tables.optimal_tables import load_layout

    prepare(4, 4, partitions=(P555, Q555))
    lay = load_layout(4, 4, None, None, P555, (Q555,))
    assert _Expander(lay, (0, 3, 1)).order == (0, 3, 1)
    with pytest.raises(ValueError, match="view 0 first"):
        _Expander(lay, (1, 0))
    assert LIGHT_VIEWS_4X4[0] == FULL_VIEWS_4X4[0] == 0 and sorted(FULL_VIEWS_4X4) == list(range(6))
    assert set(LIGHT_VIEWS_4X4) < set(FULL_VIEWS_4X4)


def test_small_boards_match_bfs_with_several_partitions():
    """3x4 (transposes are not squares: no mirror) and 4x3, each against a plain BFS."""
    from collections import deque

    for w, h, parts in [(4, 3, (((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)), ((1, 5, 9, 2), (3, 4, 7, 8), (6, 10, 11)))),
                        (3, 4, (((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11)),))]:
        rng = Rng(w * 10 + h)
        for _ in range(2):
            b = shuffle_moves(w, h, 14, rng)
            r = solve_optimal(b, partitions=parts)
            seen = {b.tiles: 0}
            todo = deque([b])
            goal = Board.goal(w, h).tiles
            while goal not in seen:
                x = todo.popleft()
                for m in x.legal_moves():
                    y = x.move(m)
                    if y.tiles not in seen:
                        seen[y.tiles] = seen[x.tiles] + 1
                        todo.append(y)
            assert r.length == seen[goal] and b.apply(r.moves).is_solved()


def test_memory_bound_and_timeout_stop_cleanly():
    b = Board.parse("3 12 0 6 11 14 5 8 1 10 13 4 7 15 9 2")
    with pytest.raises(SolverStopped) as e:
        solve_optimal(b, partition=P555, max_layer=1000)
    assert e.value.reason == "limit" and e.value.result.nodes > 0
    with pytest.raises(SolverStopped) as e:
        solve_optimal(b, partition=P555, timeout=1e-9)
    assert e.value.reason == "timeout"


def test_partitions_are_checked():
    assert partitions_for(4, 4) == pdb.default_partitions(4, 4)
    assert len(pdb.default_partitions(4, 4)) == 3
    for parts in pdb.default_partitions(4, 4):
        assert sorted(t for g in parts for t in g) == list(range(1, 16))
    with pytest.raises(ValueError):
        partitions_for(4, 4, partitions=())
    with pytest.raises(ValueError):
        partitions_for(4, 4, partitions=(P555, ((1, 2), (3,))))


# -- the cache ---------------------------------------------------------------------------
def _rewrite_with_valid_crc(path, table: np.ndarray) -> None:
    """Replace the table in a cache file, keeping a correct header and CRC (a forgery the CRC cannot catch)."""
    raw = path.read_bytes()
    head_end = raw.index(b"\n", len(pdb.MAGIC)) + 1
    header = json.loads(raw[len(pdb.MAGIC) : head_end])
    data = table.astype(np.uint8).tobytes()
    header["length"], header["crc32"] = len(data), zlib.crc32(data)
    path.write_bytes(pdb.MAGIC + json.dumps(header, sort_keys=True).encode("ascii") + b"\n" + data)


@pytest.mark.parametrize("forge", ["plus2", "zeros", "swap", "plus1"])
def test_forged_pattern_table_with_valid_crc_is_rebuilt(fresh_cache, forge):
    tiles = (1, 2, 3, 5)
    good = pdb.pattern_table(4, 4, tiles).copy()
    path = fresh_cache / "puzzle" / pdb.pattern_name(4, 4, tiles)
    bad = good.copy()
    valid = bad != pdb.UNSEEN
    if forge == "plus2":  # every distance 2 more, the goal kept at 0: consistent far from the goal
        bad[valid & (bad > 0)] += 2
    elif forge == "plus1":
        bad[valid & (bad > 0)] += 1
    elif forge == "zeros":  # admissible but useless
        bad[valid] = 0
    else:  # many entries shuffled among the valid placements
        vals = bad[valid]
        np.random.default_rng(3).shuffle(vals)
        bad[valid] = vals
    assert not np.array_equal(bad, good)
    _rewrite_with_valid_crc(path, bad)
    pdb.clear_memory_cache()
    t = pdb.pattern_table(4, 4, tiles)
    assert np.array_equal(t, good)
    assert any("rebuilt" in m for m in pdb.cache_messages())
    pdb.clear_memory_cache()  # the rebuilt table was saved over the forgery
    assert np.array_equal(pdb.pattern_table(4, 4, tiles), good) and not pdb.cache_messages()


def test_forged_exact_table_is_rebuilt(fresh_cache):
    good = pdb.exact_table(2, 3).copy()
    path = fresh_cache / "puzzle" / pdb.exact_name(2, 3)
    bad = good.copy()
    bad[(bad != pdb.UNSEEN) & (bad > 3)] -= 2
    _rewrite_with_valid_crc(path, bad)
    pdb.clear_memory_cache()
    assert np.array_equal(pdb.exact_table(2, 3), good)
    assert any("rebuilt" in m for m in pdb.cache_messages())


def test_good_tables_pass_the_checks():
    assert check.check_pattern(4, 4, (1, 2, 3), pdb.pattern_table(4, 4, (1, 2, 3))) is None
    assert check.check_exact(3, 3, pdb.exact_table(3, 3)) is None
    assert check.check_pattern(4, 4, (1, 2, 3), np.zeros(10, np.uint8)) == "wrong length"


def _unusable(tmp_path, monkeypatch, kind: str) -> None:
    if kind == "cache is a file":
        f = tmp_path / "cachefile"
        f.write_text("not a folder")
        monkeypatch.setenv("TESSERA_CACHE", str(f))
    elif kind == "puzzle is a file":
        (tmp_path / "c").mkdir()
        (tmp_path / "c" / "puzzle").write_text("not a folder")
        monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "c"))
    else:  # read-only: made so with chmod, and writes refused as well (root ignores chmod)
        d = tmp_path / "ro"
        (d / "puzzle").mkdir(parents=True)
        os.chmod(d / "puzzle", 0o555)
        os.chmod(d, 0o555)
        monkeypatch.setenv("TESSERA_CACHE", str(d))

        def refuse(*_a, **_k):
            raise PermissionError(13, "Permission denied")

        from engine import output

        monkeypatch.setattr(output.os, "replace", refuse)  # the one atomic writer the tables are saved through


@pytest.mark.parametrize("kind", ["cache is a file", "puzzle is a file", "read-only"])
def test_unusable_cache_folder_builds_in_memory_with_a_message(tmp_path, monkeypatch, kind):
    _unusable(tmp_path, monkeypatch, kind)
    pdb.clear_memory_cache()
    try:
        b = shuffle_moves(4, 3, 20, Rng(5))
        parts = (((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)),)
        assert not tables_ready(4, 3, partitions=parts)
        messages = prepare(4, 3, partitions=parts)
        assert messages and all(isinstance(m, str) and m.endswith(".") for m in messages)
        r = solve_optimal(b, partitions=parts)
        assert b.apply(r.moves).is_solved() and r.extra["messages"] == messages
        assert tables_ready(4, 3, partitions=parts)  # held in memory now
        assert solve_optimal(Board.goal(3, 3)).moves == ""  # exact tables too
    finally:
        pdb.clear_memory_cache()
        for p in (tmp_path / "ro" / "puzzle", tmp_path / "ro"):
            if p.exists():
                os.chmod(p, 0o755)


def test_bounded_search_answers_within_and_refuses_beyond():
    """``at_most`` below the optimum stops with "bound" (a fact, not a time); a true ``at_least`` keeps it optimal."""
    b = Board.parse("5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3")  # Korf 55: 41 moves
    with pytest.raises(SolverStopped) as stop:
        solve_optimal(b, partitions=(P555, Q555), at_most=39)
    assert stop.value.reason == "bound"
    for kw in ({"at_most": 41}, {"at_least": 39}, {"at_least": 41, "at_most": 41}):
        r = solve_optimal(b, partitions=(P555, Q555), **kw)
        assert r.length == 41 and b.apply(r.moves).is_solved()
    small = shuffle_moves(3, 3, 30, Rng(4))
    exact = solve_optimal(small).length
    with pytest.raises(SolverStopped):
        solve_optimal(small, at_most=exact - 2)
    assert solve_optimal(small, at_most=exact).length == exact
