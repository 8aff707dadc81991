"""The puzzle win's "where you lost moves" (game.puzzle.lost_moves): measured in the background while the win
shows, the places named in players' words, left/right and a click step through them with the better slide, and the
screen fits 800x600 with a place shown."""

from __future__ import annotations

import time

from arcade import key

from engine.puzzle.analysis import slide_words
from engine.puzzle.board import INVERSE
from engine.puzzle.optimal import solve_optimal
from tests.test_game_views import click, keypress, run_until, wait_for
from tests.test_game_win_screens import solve_by_keys


def won_with_a_detour(window, ctx):
    """A 3x3 deal solved optimally but for one detour (a slide and its way back) before move 4: the win view."""
    from engine.puzzle.deal import Deal, deal_session
    from game.puzzle.view import PuzzleView
    from game.puzzle.win import PuzzleWinView

    deal = Deal(3, 3, seed=21)
    view = PuzzleView(ctx, deal_session(deal), deal=deal)
    view.settings.animate = False
    window.show_view(view)
    board = view.session.board
    best = solve_optimal(board).moves
    at = board.apply(best[:3])
    away = next(m for m in at.legal_moves() if m != best[3])
    moves = best[:3] + away + INVERSE[away] + best[3:]
    solve_by_keys(window, view, moves)
    run_until(view, lambda: isinstance(window.current_view, PuzzleWinView), 200)
    return window.current_view, moves, len(best)


def test_the_win_names_the_place_and_steps_to_the_better_slide(window, ctx):
    win, moves, best = won_with_a_detour(window, ctx)
    lost = win.lost_moves
    wait_for(win, lambda: lost.shown is not None and lost.shown.finished)
    a = lost.shown
    assert a.optimal == best and a.lost == len(moves) - best == 2
    assert lost.headline.text == "You lost 2 moves in 1 place."
    [loss] = a.losses()
    assert loss.move == 4
    keypress(window, key.RIGHT)  # the first place: the board before it, the better slide named
    assert lost.selected == 0 and "move 4" in lost.what.text
    before = lost.boards[3]
    assert lost.better.text.startswith(f"Better: {slide_words(before, loss.better)}.")
    assert solve_optimal(before.move(loss.better)).length == a.distance(3) - 1
    win.on_draw()
    assert lost.draw_board()
    keypress(window, key.RIGHT)  # past the last place: the finished board again
    assert lost.selected is None and not lost.draw_board()
    l, b, r, t = lost.chart
    click(window, lost._x(4), (b + t) / 2)  # a click on the timeline: the nearest place
    assert lost.selected == 0


def test_the_win_with_a_place_shown_fits_800x600(window, ctx):
    from layout_check import check_layout

    win, _, _ = won_with_a_detour(window, ctx)
    lost = win.lost_moves
    wait_for(win, lambda: lost.shown is not None and lost.shown.finished)
    # the stars lit and settled (the analysis now often ends before they have: a popping star overlaps its row)
    wait_for(win, lambda: win.shown_stars == win.stars and not win.animating())
    keypress(window, key.RIGHT)
    for w, h in ((800, 600), (1920, 1080)):
        assert check_layout(window, win, w, h) == []
        assert lost.what.text and lost.better.text
        assert lost.chart[1] > lost.better.top and lost.chart[3] < lost.headline.bottom  # words clear of the line


def test_hidden_the_measuring_stops_and_shown_again_it_ends_with_what_a_full_run_gives(window, ctx):
    from engine.puzzle.analysis import analyse
    from game.bases.screen import BaseView
    from game.puzzle.lost_moves import LostMoves
    from tests.test_puzzle_analysis import recorded_solve

    start, moves = recorded_solve(7)
    lost = LostMoves(BaseView(ctx), ctx.theme, start, moves)
    lost.begin()
    first = lost.task
    lost.cancel()  # the win hidden (Share): the run stops
    assert first is not None and first.cancelled and first.wait(30)
    lost.poll()
    assert not lost.error
    lost.begin()  # shown again: measured to the end, what was proven kept
    assert lost.task is not first and lost.task.wait(120)
    lost.poll()
    assert lost.finished and lost.shown.distances == analyse(start, moves).distances
    assert lost.shown.lost == len(moves) - lost.shown.optimal


def test_a_4x4_win_is_measured_from_both_ends_and_the_runs_stop_once_they_meet(window, ctx):
    from engine.puzzle.analysis import analyse
    from game.bases.screen import BaseView
    from game.puzzle.lost_moves import SPLIT_MOVES, LostMoves
    from tests.test_puzzle_analysis import recorded_solve

    start, moves = recorded_solve(12)
    while len(moves) < SPLIT_MOVES:  # a longer solve: a detour and its way back at the start
        m = start.legal_moves()[0]
        moves = m + INVERSE[m] + moves
    lost = LostMoves(BaseView(ctx), ctx.theme, start, moves)
    lost.begin()
    assert lost.task is not None and lost.back is not None
    end = time.monotonic() + 180
    while not lost.finished and time.monotonic() < end:
        lost.poll()
        time.sleep(0.02)
    whole = analyse(start, moves)
    assert lost.finished and lost.shown.distances == whole.distances
    assert [(x.move, x.lost) for x in lost.losses()] == [(x.move, x.lost) for x in whole.losses()]
    assert all(x.better for x in lost.losses())
    assert lost.task.wait(10) and lost.back.wait(10) and not lost.running  # both stopped (or done)
    assert not lost.error
