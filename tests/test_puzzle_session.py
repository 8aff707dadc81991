"""The puzzle screen's game-side adapters (no window): settings, deals, solver jobs, tasks."""

from __future__ import annotations

import time

import pytest

from engine.puzzle.board import Board
from engine.puzzle.deal import Deal, deal_board
from engine.puzzle.solving import heuristics
from game.format import format_time
from game.puzzle.settings import PuzzleSettings
from game.workers import Task, TaskCancelled, run_sync


def test_settings_roundtrip_and_cycles():
    class FakeStore:
        def __init__(self):
            self.d = {}

        def setting(self, k):
            return self.d.get(k, "")

        def set_setting(self, k, v):
            self.d[k] = str(v)

    st = FakeStore()
    s = PuzzleSettings(solver="optimal", timeout=5.0, boost=False, heuristic=heuristics()[-1], arrows="blank")
    s.save(st)
    assert PuzzleSettings.load(st) == s
    st.d["puzzle.timeout"] = "banana"
    assert PuzzleSettings.load(st).timeout == PuzzleSettings().timeout
    s.cycle_timeout()
    assert s.timeout == 10.0
    assert s.cycle_heuristic() == heuristics()[0]
    assert format_time(63.25) == "1:03.25" and format_time(0) == "0:00.00"


def test_deals_are_reproducible_and_solvable():
    for deal in (Deal(4, 4, "uniform", seed=5), Deal(5, 3, "moves", 40, seed=9), Deal(10, 10, seed=1)):
        a, b = deal_board(deal), deal_board(deal)
        assert a == b and a.is_solvable() and not a.is_solved()
    with pytest.raises(ValueError):
        deal_board(Deal(4, 4, "shake"))


def test_task_runs_reports_progress_and_cancels():
    def work(progress, cancelled):
        for i in range(200):
            if cancelled():
                return None
            progress(i / 200, f"step {i}")
            time.sleep(0.005)
        return 42

    t = Task(work, name="ok")
    assert t.wait(5) and t.result() == 42
    t2 = Task(work, name="cancel")
    time.sleep(0.02)
    frac, msg = t2.progress()
    assert 0 <= frac < 1 and msg.startswith("step")
    t2.cancel()
    assert t2.wait(5)
    with pytest.raises(TaskCancelled):
        t2.result()

    def boom(progress, cancelled):
        raise ValueError("bad")

    t3 = Task(boom)
    t3.wait(5)
    with pytest.raises(ValueError, match="bad"):
        t3.result()
    assert run_sync(lambda: 7).result() == 7


def test_process_task_solves_reports_errors_and_cancels():
    from engine.puzzle.solving import Stopped, solve_job
    from game.workers import ProcessTask

    start = Board.goal(4, 4).apply("LLUURDRD")
    t = ProcessTask(solve_job, start, PuzzleSettings(), name="solve")
    assert t.wait(30)
    r = t.result()
    assert start.apply(r.moves).is_solved() and r.nodes > 0

    tiles = list(Board.goal(3, 3).tiles)
    tiles[0], tiles[1] = tiles[1], tiles[0]
    bad = ProcessTask(solve_job, Board(3, 3, tuple(tiles)), PuzzleSettings(), name="bad")
    assert bad.wait(30)
    with pytest.raises(ValueError, match="unsolvable"):
        bad.result()

    from engine.puzzle.deal import Deal, deal_board

    hard = deal_board(Deal(8, 8, seed=4))
    slow = ProcessTask(solve_job, hard, PuzzleSettings(heuristic="manhattan", timeout=60.0), name="slow")
    time.sleep(0.5)
    t0 = time.perf_counter()
    slow.cancel()
    assert slow.wait(10)
    assert time.perf_counter() - t0 < 3.0
    value = slow.result()
    assert isinstance(value, Stopped) and value.reason == "cancelled" and value.result.nodes > 0
