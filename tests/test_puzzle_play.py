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
