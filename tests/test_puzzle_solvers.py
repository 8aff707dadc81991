"""Fast and optimal solvers: legal moves that reach the goal, optimal lengths, reproducible boosts."""

from __future__ import annotations

import numpy as np
import pytest

from engine.puzzle.astar import solve_fast
from engine.puzzle.board import Board, shuffle_moves, shuffle_uniform
from engine.puzzle.hint import hint
from engine.puzzle.optimal import solve_optimal
from engine.puzzle.result import SolverStopped
from engine.puzzle.tables import pdb
from engine.rng import Rng


def test_fast_solves_many_sizes():
    rng = Rng(7)
    for w, h in [(2, 2), (3, 2), (2, 5), (3, 3), (4, 4), (5, 3), (3, 6), (5, 5), (6, 6)]:
        for _ in range(3):
            b = shuffle_uniform(w, h, rng)
            r = solve_fast(b, timeout=20)
            assert b.apply(r.moves).is_solved(), (w, h, b.tiles)
            assert r.solver == "fast" and not r.optimal and r.nodes > 0


def test_fast_options():
    b = shuffle_uniform(3, 3, Rng(1))
    for kw in ({"heuristic": "linear-conflict"}, {"edges": False}, {"boost": False}, {"weight": 2.0}):
        r = solve_fast(b, **kw)
        assert b.apply(r.moves).is_solved()
    with pytest.raises(ValueError):
        solve_fast(b, heuristic="nope")
    with pytest.raises(ValueError):
        solve_fast(Board(2, 2, (2, 1, 3, 0)))


def test_boost_reproducible_with_seed():
    b = shuffle_uniform(5, 5, Rng(42))
    r1 = solve_fast(b, boost_budget=30, seed=5)
    r2 = solve_fast(b, boost_budget=30, seed=5)
    assert r1.boosts > 0
    assert r1.moves == r2.moves and r1.boosts == r2.boosts
    assert b.apply(r1.moves).is_solved()
    r3 = solve_fast(b, boost_budget=30, seed=6)
    assert b.apply(r3.moves).is_solved()


def test_fast_timeout_and_cancel():
    b = shuffle_uniform(10, 10, Rng(3))
    with pytest.raises(SolverStopped) as e:
        solve_fast(b, timeout=0.01)
    assert e.value.reason == "timeout"
    with pytest.raises(SolverStopped) as e:
        solve_fast(b, cancel=lambda: True)
    assert e.value.reason == "cancelled"


def test_3x3_table_all_positions_at_most_31():
    t = pdb.exact_table(3, 3)
    reach = t[t != pdb.UNSEEN]
    assert reach.size == 181440 and int(reach.max()) == 31
    assert np.bincount(reach)[31] == 2


def test_optimal_3x3_matches_table_and_is_fast():
    rng = Rng(8)
    for _ in range(30):
        b = shuffle_uniform(3, 3, rng)
        r = solve_optimal(b)
        assert r.optimal and b.apply(r.moves).is_solved()
        fr = solve_fast(b)
        assert len(fr.moves) >= r.length
        # fast = read from the exact table, a few lookups per move, no search (not timed: 0.05 s failed at load 20)
        assert r.solver == "table" and r.nodes <= 4 * r.length, r
    assert solve_optimal(Board.goal(3, 3)).moves == ""


def test_optimal_small_pdb_board_matches_bfs():
    """2x5 (10 cells) uses the pattern-database search; compare with a plain BFS distance."""
    from collections import deque

    b = shuffle_moves(5, 2, 16, Rng(4))
    r = solve_optimal(b, partition=((1, 2, 3, 6, 7), (4, 5, 8, 9)))
    assert b.apply(r.moves).is_solved() and r.optimal
    # BFS from the board
    seen = {b.tiles: 0}
    todo = deque([b])
    while todo:
        x = todo.popleft()
        if x.is_solved():
            break
        for m in x.legal_moves():
            y = x.move(m)
            if y.tiles not in seen:
                seen[y.tiles] = seen[x.tiles] + 1
                todo.append(y)
    assert seen[Board.goal(5, 2).tiles] == r.length


P555 = ((1, 2, 3, 5, 6), (4, 7, 8, 11, 12), (9, 10, 13, 14, 15))


@pytest.fixture(scope="session")
def tables_4x4():
    """Small 5-5-5 databases for 4x4 (about a second to build; the default three 6-6-3 partitions take 15-30 s)."""
    from engine.puzzle.optimal import prepare

    prepare(4, 4, partition=P555)


def test_optimal_4x4_easy_instances(tables_4x4):
    # Korf instances 55, 16 and 6 of the set (goal blank last), plus a 30-move scramble.
    cases = [
        ("5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3", 41),
        ("0 9 12 4 5 3 2 8 10 1 7 6 11 14 13 15", 42),
        ("3 12 0 6 11 14 5 8 1 10 13 4 7 15 9 2", 52),
    ]
    data = {}
    try:
        from engine.cli.benchmark import load_korf

        data = {b.tiles: o for b, o in load_korf()}
    except ValueError:
        pass
    for text, opt in cases:
        b = Board.parse(text)
        if data and b.tiles in data:
            assert data[b.tiles] == opt
        r = solve_optimal(b, timeout=60, partition=P555)
        assert r.optimal and r.length == opt and b.apply(r.moves).is_solved()
    b = Board.goal(4, 4).apply("ULDRULLURDDRULUURDDLDRULLUURRDD")
    r = solve_optimal(b, partition=P555)
    assert r.length <= 30 and b.apply(r.moves).is_solved()


def test_optimal_rejects_and_stops(tables_4x4):
    with pytest.raises(ValueError):
        solve_optimal(shuffle_uniform(5, 5, Rng(1)))
    b = Board.parse("3 12 0 6 11 14 5 8 1 10 13 4 7 15 9 2")
    with pytest.raises(SolverStopped):
        solve_optimal(b, cancel=lambda: True, partition=P555)


def test_hint_is_a_legal_good_move(tables_4x4):
    b = Board.parse("3 12 0 6 11 14 5 8 1 10 13 4 7 15 9 2")
    m, src = hint(b, 0.3)
    assert m in b.legal_moves() and src in ("optimal", "fast", "greedy")
    b3 = shuffle_uniform(3, 3, Rng(2))
    m, src = hint(b3, 0.5)
    assert src == "optimal"
    assert solve_optimal(b3.move(m)).length == solve_optimal(b3).length - 1
    assert hint(Board.goal(4, 4), 0.1) == ("", "solved")
    big = shuffle_uniform(10, 10, Rng(2))
    import time

    t = time.perf_counter()
    m, src = hint(big, 0.05)
    assert time.perf_counter() - t < 0.5 and m in big.legal_moves()


def test_pdb_cache_damaged_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path))
    pdb.clear_memory_cache()
    seen = []
    t1 = pdb.pattern_table(3, 4, (1, 2, 3), progress=lambda f, m: seen.append(f))
    assert seen and seen[-1] == pytest.approx(1.0)
    f = tmp_path / "puzzle" / pdb.pattern_name(3, 4, (1, 2, 3))
    raw = bytearray(f.read_bytes())
    raw[-5] ^= 0xFF
    f.write_bytes(bytes(raw))
    pdb.clear_memory_cache()
    t2 = pdb.pattern_table(3, 4, (1, 2, 3))
    assert np.array_equal(t1, t2)
    f.write_bytes(b"junk")
    pdb.clear_memory_cache()
    assert np.array_equal(pdb.pattern_table(3, 4, (1, 2, 3)), t1)
    pdb.clear_memory_cache()
    with pytest.raises(pdb.BuildCancelled):
        pdb.pattern_table(3, 4, (4, 5, 6), cancel=lambda: True)
    pdb.clear_memory_cache()
