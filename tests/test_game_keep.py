"""Leaving a level in progress asks first and keeps the place; reopening offers Resume / Restart (headless)."""

from __future__ import annotations

from arcade import key

from engine.maze.recipe import MazeSpec
from game import routes

CODE_SPEC = MazeSpec.from_code("M2.S8X5.GT.O#2-GD")


def frames(window, n: int = 1) -> None:
    for _ in range(n):
        window.current_view.on_update(1 / 60)
        window.current_view.on_draw()


def open_level(ctx):

    view = ctx.go(routes.play_code, CODE_SPEC.code())
    frames(ctx.window, 2)
    return view


def walk(view, cells: int) -> None:
    s = view.session
    for _ in range(cells):
        s.press((0.0, -1.0))
        frames(view.window, 8)


def test_unstarted_level_leaves_at_once(window, ctx):
    view = open_level(ctx)
    view.on_key_press(key.ESCAPE, 0)
    assert window.current_view is not view


def test_esc_in_a_started_level_asks_and_stay_keeps_playing(window, ctx):
    from game.play.keep import LEAVE_TITLE, saved_place

    view = open_level(ctx)
    walk(view, 2)
    assert view.session.moves == 2
    view.on_key_press(key.ESCAPE, 0)
    assert window.current_view is view and view.asking() and view.ask.title.text == LEAVE_TITLE
    clock = view.session.elapsed
    frames(window, 30)
    assert view.session.elapsed == clock  # the clock stands while asking
    view.on_key_press(key.DOWN, 0)  # keys go to the question, not the maze
    assert view.session.moves == 2
    view.on_key_press(key.ESCAPE, 0)  # Esc = Stay
    assert not view.asking() and window.current_view is view
    assert saved_place(ctx.store, view.code) is None


def test_leave_keeps_the_place_and_reopening_resumes_it(window, ctx):
    from game.play.keep import place_key, saved_place

    view = open_level(ctx)
    walk(view, 2)
    cell, moves = view.session.cell, view.session.moves
    view.on_key_press(key.ESCAPE, 0)
    view.on_key_press(key.ENTER, 0)  # "Leave" has the focus
    assert window.current_view is not view
    kept = saved_place(ctx.store, view.code)
    assert kept is not None and kept["cell"] == cell and kept["moves"] == moves
    assert ctx.store.setting(place_key(view.code)).startswith("{")  # JSON in the settings, keyed by code
    again = open_level(ctx)
    assert again.asking() and "2 moves" in again.ask.line_value
    again.on_key_press(key.ENTER, 0)  # Resume
    assert (again.session.cell, again.session.moves, again.session.started) == (cell, moves, True)
    assert not again.asking()
    frames(window, 2)


def test_restart_forgets_the_place(window, ctx):
    from game.play.keep import save_place, saved_place

    view = open_level(ctx)
    walk(view, 1)
    save_place(ctx.store, view.code, view.session)
    again = open_level(ctx)
    assert again.asking()
    again.on_key_press(key.RIGHT, 0)
    again.on_key_press(key.ENTER, 0)  # Restart
    assert again.session.moves == 0 and saved_place(ctx.store, view.code) is None


def test_a_broken_place_is_ignored(window, ctx):
    from game.play.keep import place_key, saved_place

    ctx.store.set_setting(place_key(CODE_SPEC.code()), "{not json")
    assert saved_place(ctx.store, CODE_SPEC.code()) is None
    view = open_level(ctx)
    assert not view.asking()
    ctx.store.set_setting(place_key(CODE_SPEC.code()), '{"cell": 9999, "moves": 3, "elapsed": 1, "visited": [9999]}')
    view = open_level(ctx)
    view.on_key_press(key.ENTER, 0)  # Resume a place that does not fit: forgotten, play from the start
    assert view.session.moves == 0 and saved_place(ctx.store, CODE_SPEC.code()) is None


def test_winning_forgets_the_place(window, ctx):
    from game.play.keep import save_place, saved_place

    view = open_level(ctx)
    walk(view, 1)
    save_place(ctx.store, view.code, view.session)
    view.session.walk_to(view.session.goal, explored_only=False)
    frames(window, 200)
    assert saved_place(ctx.store, view.code) is None
