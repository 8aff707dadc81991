"""The guided start in the real views (headless): the first launch greets, skip is remembered, steps advance on
their actions, Help replays it."""

from __future__ import annotations

from arcade import key

from engine.modes.guide import COUNTDOWN, GuideStep
from engine.records import format_time
from game import routes


def frames(window, n: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(n):
        window.current_view.on_update(dt)
        window.current_view.on_draw()


def first_menu(ctx):
    from game.app import first_view

    view = first_view(ctx)
    ctx.window.show_view(view)
    frames(ctx.window, 2)
    return view


def test_first_launch_greets_and_skip_is_remembered(window, ctx):
    from game.shell.menu import GUIDE_SEEN, MenuView

    menu = first_menu(ctx)
    assert isinstance(menu, MenuView)
    assert menu.greeting is not None and menu.greeting.visible
    assert "Welcome" in menu.greeting.title.text
    menu.on_key_press(key.DOWN, 0)  # the greeting takes the keys: the menu's focus does not move
    assert menu.focus == 0 and menu.greeting.focus == 1
    menu.on_key_press(key.ESCAPE, 0)  # Esc = Skip
    assert menu.greeting is None and window.current_view is menu
    assert ctx.store.setting(GUIDE_SEEN) == "1"
    again = first_menu(ctx)
    assert again.greeting is None  # remembered


def test_no_greeting_for_an_old_save(window, ctx):
    ctx.store.complete_level(ctx.campaign.levels[0].id, 2, None)
    assert first_menu(ctx).greeting is None


def test_start_the_guide_from_the_greeting_and_walk_every_step(window, ctx):
    from game.play.guide import GuideView

    menu = first_menu(ctx)
    menu.on_key_press(key.ENTER, 0)  # "Start the guide" has the focus
    assert ctx.store.setting("guide_seen") == "1"  # answered: not asked again
    view = window.current_view
    assert isinstance(view, GuideView)
    g = view.guide
    frames(window, 2)
    assert g.step is GuideStep.MOVE and "1/8" in view.prompt.text
    view.on_key_press(key.DOWN, 0)
    view.on_key_release(key.DOWN, 0)
    frames(window, 12)
    assert g.step is GuideStep.RUN and "2/8" in view.prompt.text
    for k in (key.DOWN, key.RIGHT, key.DOWN):
        view.on_key_press(k, 0)
        view.on_key_release(k, 0)
        frames(window, 12)
    assert g.step is GuideStep.RUN
    view.on_key_press(key.RIGHT, 0)  # held
    frames(window, 60)
    view.on_key_release(key.RIGHT, 0)
    assert g.step is GuideStep.CLICK
    frames(window, 30)
    far = max(range(len(view.session.adj)), key=lambda c: abs(c - view.session.cell))
    assert far not in view.session.visited_set | view.session.in_sight()  # a lit cell far off: it works
    x, y = view.viewport.world_to_screen(*view.session.centers[far])
    view.on_mouse_press(int(x), int(y), 1, 0)
    view.on_mouse_release(int(x), int(y), 1, 0)
    assert g.step is GuideStep.ZOOM
    fitted = view.viewport.cam.zoom
    view.on_mouse_scroll(400, 400, 0, 1)
    assert g.step is GuideStep.GOAL
    assert view.viewport.cam.zoom > fitted * 1.1  # the small maze visibly zooms in
    view.viewport.cam.fit()
    frames(window, 30)
    assert view.session.walk_to(view.session.goal, explored_only=False)
    frames(window, 150)
    assert g.step is GuideStep.RACE and window.current_view is view  # no win screen in the guide
    assert g.waiting() and g.countdown() in (1, 2, 3)
    frames(window, int(COUNTDOWN * 60) + 2)
    assert g.countdown() == 0
    for k in (key.DOWN, key.DOWN, key.RIGHT):
        view.on_key_press(k, 0)
        view.on_key_release(k, 0)
        frames(window, 12)
    assert g.step is GuideStep.RACE  # a few steps are no end of the race
    assert view.session.walk_to(view.session.goal, explored_only=False)
    frames(window, 150)
    assert g.step is GuideStep.RESULT and "won" in view.prompt.text
    assert view.clock_text() == format_time(g.player_time) and view.clock_text() in view.prompt.text  # one time
    view.on_key_press(key.RIGHT, 0)  # an arrow still held from the race: nothing moves on, no tile slides
    frames(window, 30)
    assert g.step is GuideStep.RESULT and g.puzzle is None
    view.on_key_release(key.RIGHT, 0)
    view.on_key_press(key.ENTER, 0)
    assert g.step is GuideStep.HINT and g.puzzle is not None
    tiles = g.puzzle.board.tiles
    frames(window, 10)
    assert g.puzzle.board.tiles == tiles
    view.on_key_press(key.H, 0)
    hint = g.puzzle.current_hint()
    assert hint is not None
    frames(window, 1)
    left, bottom, tile = view.board_rect
    row, col = divmod(hint.tile_cell, 3)
    view.on_mouse_release(int(left + (col + 0.5) * tile), int(bottom + (2.5 - row) * tile), 1, 0)
    assert g.done
    frames(window, 2)
    assert view.prompt.text.endswith(f"Next: 1. {ctx.campaign.levels[0].name}")
    frames(window, 200)
    from game.play.view import PlayView

    after = window.current_view  # from the greeting, the guide flows straight into level 1
    assert isinstance(after, PlayView) and after.level is ctx.campaign.levels[0]


def test_esc_skips_the_guide_and_help_replays_it(window, ctx):
    from game.play.guide import GuideView
    from game.shell.help import HelpView

    help_view = ctx.go(routes.help_screen)
    frames(window, 1)
    guided = next(i for i, b in enumerate(help_view.buttons) if b.text == "Guided start")
    help_view.focus = guided
    help_view.on_key_press(key.ENTER, 0)
    view = window.current_view
    assert isinstance(view, GuideView)
    frames(window, 2)
    view.on_key_press(key.ESCAPE, 0)
    assert view.guide.done
    assert isinstance(window.current_view, HelpView)  # back where it was opened from


def test_guide_fits_every_size(window, ctx):
    from layout_check import set_window_size


    for w, h in ((800, 600), (1920, 1080)):
        set_window_size(window, w, h)
        view = ctx.go(routes.guide)
        frames(window, 2)
        assert view.prompt.content_width <= w - 20
        assert view.prompt.font_size >= 8


def test_guide_and_its_puzzle_lay_out_at_every_size(window, ctx):
    from layout_check import check_layout, set_window_size


    view = ctx.go(routes.guide)
    try:
        for theme in ("dark", "light"):
            ctx.set_theme(theme)
            for w, h in ((800, 600), (1280, 800), (1920, 1080), (3840, 2160)):
                assert check_layout(window, view, w, h) == [], (theme, w, h)
        while view.guide.step is not GuideStep.HINT:
            view.guide._next()
        for w, h in ((800, 600), (3840, 2160)):
            assert check_layout(window, view, w, h) == [], (w, h)
            left, bottom, tile = view.board_rect
            assert left >= 0 and left + 3 * tile <= w and bottom >= view.footer_height
            assert bottom + 3 * tile <= h - view.hud_height
    finally:
        set_window_size(window, 1280, 800)


def test_leave_question_lays_out_at_every_size(window, ctx):
    from layout_check import set_window_size


    view = ctx.go(routes.play_code, "M2.S8X5.GT.O#2-GD")
    view.session.press((0.0, -1.0))
    for _ in range(10):
        view.on_update(1 / 60)
    view.on_key_press(key.ESCAPE, 0)
    try:
        for w, h in ((800, 600), (1280, 800), (1920, 1080), (3840, 2160)):
            set_window_size(window, w, h)
            view.on_draw()
            left, right, bottom, top = view.ask.panel
            assert 0 <= left < right <= w and 0 <= bottom < top <= h
            for b in view.ask.buttons:
                assert left <= b.rect.left and b.rect.right <= right and bottom <= b.rect.bottom, (w, h)
            assert view.ask.title.content_width <= right - left
            assert view.ask.line.bottom >= max(b.rect.top for b in view.ask.buttons), (w, h)
    finally:
        set_window_size(window, 1280, 800)
