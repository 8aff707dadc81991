"""The sliding-puzzle play model (engine.puzzle.session): moves, clicks, undo/redo, hints, playback."""

from __future__ import annotations

import pytest

from engine.puzzle.board import Board
from engine.puzzle.session import PuzzleSession

GOAL3 = Board.goal(3, 3)


def test_arrows_move_a_tile_into_the_blank_by_default():
    s = PuzzleSession(GOAL3)
    # The blank is bottom-right: "right" would push a tile right into it -> the blank moves left.
    assert s.press("right") == "L"
    assert s.board.tiles[-2] == 0 and s.moves == 1
    assert s.press("left") == "R" and s.solved
    s2 = PuzzleSession(GOAL3, arrows="blank")
    assert s2.press("up") == "U"
    assert s2.press("right") == ""  # blank in the last column cannot go right
    with pytest.raises(ValueError):
        PuzzleSession(GOAL3, arrows="sideways")


def test_click_slides_every_tile_between_and_counts_one_move_per_tile():
    s = PuzzleSession(GOAL3)
    assert s.click(6) == "LL"  # bottom-left tile: tiles 7 and 8 slide right
    assert s.board.tiles[6:] == (0, 7, 8)
    assert s.moves == 2
    assert s.click(4) == ""  # not in the blank's row or column
    assert s.click(0) == "UU"
    assert s.board.tiles[0] == 0 and s.board.tiles[3] == 1 and s.board.tiles[6] == 4
    assert s.moves == 4
    with pytest.raises(IndexError):
        s.click(9)


def test_undo_redo_per_action_and_redo_cleared_by_a_new_move():
    s = PuzzleSession(GOAL3)
    s.click(6)
    s.press("down")
    assert s.history == ["LL", "U"]
    assert s.undo() == "D"
    assert s.undo() == "RR"
    assert s.board == GOAL3 and s.moves == 0
    assert s.undo() == ""
    assert s.redo() == "LL" and s.moves == 2
    s.press("left")  # a new move
    assert not s.can_redo()


def test_solving_fires_once_and_stops_the_timer():
    fired = []
    start = GOAL3.apply("LU")
    s = PuzzleSession(start, on_solved=fired.append)
    s.update(1.0)
    assert s.elapsed == 0.0  # timer starts with the first move
    s.press("up")  # the tile below the blank moves up: blank moves down
    s.update(0.5)
    s.press("left")
    assert s.solved and s.won and fired == [s] and not s.won_assisted
    s.update(3.0)
    assert s.elapsed == pytest.approx(0.5)
    s.undo()
    s.redo()
    assert fired == [s]


def test_hint_marks_assisted_and_goes_stale():
    s = PuzzleSession(GOAL3.apply("L"))
    assert s.set_hint("D", "test") is None and not s.assisted  # illegal move: no hint
    h = s.set_hint("R", "exact table")
    assert h is not None and s.assisted and h.tile_cell == 8
    assert s.set_hint("R", "x", tiles=GOAL3.tiles) is None  # late answer for another position
    s.press("left")
    assert s.current_hint() is None and s.won_assisted


def test_playback_steps_pause_stop_and_undo_back_to_start():
    start = GOAL3.apply("LLUURD")
    s = PuzzleSession(start)
    assert s.start_playback("ULDDRR")
    assert s.assisted
    played = ""
    for _ in range(3):
        played += s.update(0.2)
    assert played == "ULD"
    s.toggle_pause()
    assert s.update(1.0) == ""
    assert s.playback_step() == "D"
    s.toggle_pause()
    while s.playback is not None:
        s.update(0.2)
    assert s.solved and s.won_assisted
    assert len(s.history) == 6  # each solution move is its own undo step
    while s.can_undo():
        s.undo()
    assert s.board == start


def test_player_move_stops_playback_and_stale_origin_is_refused():
    start = GOAL3.apply("LU")
    s = PuzzleSession(start)
    assert not s.start_playback("DR", origin=GOAL3)  # solution for another position
    s.start_playback("DR")
    s.press("left")
    assert s.playback is None


def test_learned_plans_never_walk_in_circles():
    """A solution that revisits positions (random boost) must still lead hints to the goal."""
    start = GOAL3.apply("LU")
    s = PuzzleSession(start)
    s.learn_plan(start, "LRLR" + "DR", "fast")  # goes back and forth before solving
    s.learn_plan(start.apply("L"), "RDR", "later plan")  # a newer plan wins where they overlap
    for _ in range(20):
        step = s.plan_move()
        if step is None:
            break
        s.act(step[0])
    assert s.solved and s.moves <= 6


# -- the session as the single owner: phases, playback speed, auto-solve, hints, bests ---------------------------
from engine.puzzle.astar import solve_fast  # noqa: E402
from engine.puzzle.hint import HintPlan, HintSource, plan_hint  # noqa: E402
from engine.puzzle.result import SolveResult  # noqa: E402
from engine.puzzle.session import (  # noqa: E402
    SPEEDS,
    PuzzlePhase,
    SolveKind,
    SolveOutcome,
    auto_speed,
    size_key,
)


def _result(moves: str, solver: str = "fast", optimal: bool = False) -> SolveResult:
    return SolveResult(solver, moves, nodes=1, seconds=0.01, optimal=optimal)


def _play_out(s: PuzzleSession, fps: float = 60.0) -> float:
    """Frames of 1/fps s until the playback ends; returns the simulated seconds."""
    t = 0.0
    while s.playback is not None:
        s.update(1 / fps)
        t += 1 / fps
        assert t < 600
    return t


def _walk(board: Board, n: int, seed: int) -> str:
    """``n`` legal moves from ``board`` that never undo the previous one (a deterministic walk)."""
    import random

    rnd = random.Random(seed)
    out = ""
    b = board
    for _ in range(n):
        back = {"U": "D", "D": "U", "L": "R", "R": "L"}.get(out[-1:], "")
        m = rnd.choice([m for m in b.legal_moves() if m != back])
        out += m
        b = b.move(m)
    return out


def _inverse(moves: str) -> str:
    return "".join({"U": "D", "D": "U", "L": "R", "R": "L"}[m] for m in reversed(moves))


def test_long_solutions_play_within_20_seconds_at_the_automatic_speed():
    goal = Board.goal(10, 10)
    walk = _walk(goal, 1200, seed=5)
    start = goal.apply(walk)
    s = PuzzleSession(start)
    assert s.start_playback(_inverse(walk))
    assert not s.playback.animated  # this fast, tiles jump instead of sliding
    seconds = _play_out(s, fps=60)
    assert s.solved and s.path == _inverse(walk)
    assert seconds <= 20.0, seconds
    # the same at 30 frames per second: several moves per frame, same time
    s2 = PuzzleSession(start)
    s2.start_playback(_inverse(walk))
    assert _play_out(s2, fps=30) <= 20.0 and s2.solved
    # a short solution plays slowly enough to follow (and slides)
    s3 = PuzzleSession(GOAL3.apply("LLUURD"))
    s3.start_playback("ULDDRR")
    assert s3.playback.animated and _play_out(s3) >= 6 / SPEEDS[-1] * 10


def test_busy_holds_a_slow_playback_but_not_a_fast_one():
    s = PuzzleSession(GOAL3.apply("LLUURD"))
    s.start_playback("ULDDRR")
    assert s.update(1.0, busy=True) == ""
    assert len(s.update(0.01)) == 1  # the held move plays as soon as the slide ends, the rest of the second is not
    goal = Board.goal(10, 10)
    walk = _walk(goal, 300, seed=1)
    f = PuzzleSession(goal.apply(walk))
    f.start_playback(_inverse(walk), speed=SPEEDS[-1])
    assert len(f.update(0.1, busy=True)) in (24, 25)  # 0.1 s at 250 moves/s (float rounding)


def test_phases_follow_the_game():
    s = PuzzleSession(GOAL3.apply("LU"))
    assert s.phase is PuzzlePhase.READY
    s.press("up")
    assert s.phase is PuzzlePhase.PLAYING
    s.undo()
    s.start_playback("DR")
    assert s.phase is PuzzlePhase.PLAYBACK
    s.toggle_pause()
    assert s.phase is PuzzlePhase.PAUSED
    s.toggle_pause()
    _play_out(s)
    assert s.phase is PuzzlePhase.WON


def test_speed_control_steps_through_the_speeds_and_applies_at_once():
    s = PuzzleSession(GOAL3.apply("LLUURD"))
    s.start_playback("ULDDRR")
    first = s.playback.speed
    assert first == auto_speed(6)
    faster = s.change_speed(1)
    assert faster > first and s.playback.speed == faster
    assert s.change_speed(100) == SPEEDS[-1]
    assert s.change_speed(-100) == SPEEDS[0]
    assert s.update(0.4) == "" and len(s.update(0.1) + s.update(0.5)) == 2  # 2 moves per second
    s.stop_playback()
    while s.can_undo():
        s.undo()
    s.start_playback("ULDDRR")
    assert s.playback.speed == SPEEDS[0]  # the player's choice is kept for the next playback


def test_auto_solve_plays_the_fast_plan_then_switches_to_the_optimal_one():
    start = Board.goal(4, 4).apply("LLUURDLURRDD")  # 12 moves out; a detour plan is longer
    s = PuzzleSession(start)
    jobs = s.begin_solve(optimal=True, timeout=2.0)
    assert [j.kind for j in jobs] == [SolveKind.FAST, SolveKind.OPTIMAL] and s.solving
    assert jobs[1].timeout >= 60.0  # the optimal search is not cut at the fast solver's 2 s
    fast = "LL" + "RR" + _inverse("LLUURDLURRDD")  # a longer, legal solution
    assert s.solve_finished(jobs[0], _result(fast)) is SolveOutcome.STARTED
    assert s.phase is PuzzlePhase.PLAYBACK and s.solving
    for _ in range(3):
        s.playback_step()
    assert s.moves == 3
    optimal = solve_fast(start, timeout=5).moves  # stands in for the optimal answer
    assert s.solve_finished(jobs[1], _result(optimal, "optimal", True)) is SolveOutcome.SWITCHED
    assert s.board == start and s.moves == 0 and s.playback.moves == optimal and not s.solving
    _play_out(s)
    assert s.solved and s.path == optimal and s.won_assisted


def test_auto_solve_answers_for_an_old_board_or_a_stop_change_nothing():
    start = GOAL3.apply("LLUURD")
    s = PuzzleSession(start)
    assert [j.kind for j in s.begin_solve(optimal=True, timeout=1.0)] == [SolveKind.OPTIMAL]  # 3x3: exact table
    (job,) = s.begin_solve(optimal=False, timeout=1.0)
    assert s.solve_finished(job, None) is SolveOutcome.STOPPED and not s.solving and s.playback is None
    (job,) = s.begin_solve(optimal=False, timeout=1.0)
    s.press("left")  # the player moved while the solver ran
    assert s.solve_finished(job, _result("ULDDRR")) is SolveOutcome.KEPT and s.playback is None
    s.undo()
    assert s.plan_move() == ("U", "the fast solution")  # the answer still helps hints
    with pytest.raises(ValueError):
        s.begin_solve(optimal=False, timeout=0)


def test_hint_flow_uses_the_one_planner_and_follows_its_plan():
    start = GOAL3.apply("LLUURD")
    s = PuzzleSession(start)
    assert s.known_hint() is None  # nothing known yet: the planner must run
    plan = plan_hint(start, 1.0)
    assert plan.complete and start.apply(plan.moves).is_solved()
    h = s.take_hint_plan(start, plan)
    assert h is not None and h.move == plan.move and s.assisted and plan.source.phrase in h.source
    s.act(h.move)
    nxt = s.known_hint()  # from the remembered plan, no planner run
    assert nxt is not None and nxt.move == plan.moves[1]
    # a late answer for another position is ignored; a one-move greedy plan is not remembered
    assert s.take_hint_plan(start, HintPlan("U", HintSource.GREEDY, False)) is None
    t = PuzzleSession(GOAL3.apply("LU"))
    assert t.hint_now(0.5) is not None
    while not t.solved:
        t.act(t.hint_now(0.5).move)
    assert t.won_assisted and not t.counts_for_bests and t.known_hint() is None


def test_wins_count_for_bests_only_without_help_under_the_code_and_size_keys():
    s = PuzzleSession(GOAL3.apply("L"), code="P1.3X3:abc")
    assert s.best_keys() == ("P1.3X3:abc", size_key(3, 3)) == ("P1.3X3:abc", "puzzle-size:3x3")
    assert not s.counts_for_bests
    s.press("left")
    assert s.won and s.counts_for_bests
    assert PuzzleSession(GOAL3).best_keys() == ("puzzle-size:3x3",)


def test_the_session_decides_whether_a_hint_is_known_or_must_be_planned():
    """H as auto-solve: the engine says known (shown now) or the planner run to make, never the game."""
    from engine.puzzle.hint import HintJob

    start = GOAL3.apply("LLUURD")
    s = PuzzleSession(start)
    job = s.begin_hint()
    assert job == HintJob(start) and s.current_hint() is None and not s.assisted  # nothing known: plan one
    h = s.take_hint_plan(job.origin, plan_hint(job.origin, 1.0))
    assert s.begin_hint() is None and s.current_hint() == h  # shown: known
    s.act(h.move)
    assert s.begin_hint() is None and s.current_hint() is not None  # the remembered plan: known, shown now
    assert PuzzleSession(GOAL3).begin_hint() is None  # solved: nothing to plan
