"""The main menu: one key to play (Continue opens the next unfinished level), at most 7 top-level entries, every
entry reachable by keys, mouse and a controller, Esc backs out of a group; a first launch plays within 3 s."""

from __future__ import annotations

import time

import pyglet
from arcade import key
from test_controller import FakeManager, FakePad

from game import routes


def keypress(window, symbol):
    window.dispatch_event("on_key_press", symbol, 0)
    window.dispatch_event("on_key_release", symbol, 0)


def click(window, x, y):
    window.dispatch_event("on_mouse_press", x, y, 1, 0)
    window.dispatch_event("on_mouse_release", x, y, 1, 0)


def frame(window, n=1):
    for _ in range(n):
        window.dispatch_event("on_draw")


def labels(menu):
    return [b.text for b in menu.buttons]


def test_the_top_level_is_continue_then_groups_and_every_entry_is_in_one_group():
    from game.shell.menu import GROUPS, MENU_ENTRIES, group_entries

    top = group_entries("")
    assert 1 + len(GROUPS) + len(top) <= 7
    placed = [e for g in ["", *GROUPS] for e in group_entries(g)]
    assert sorted(e.label for e in placed) == sorted(e.label for e in MENU_ENTRIES)  # each exactly once
    play = [e.label for e in group_entries("play")]
    assert play == ["Campaign", "Race", "Sliding Puzzle", "Dailies"]
    assert [e.label for e in group_entries("create")] == ["Editor", "My levels", "Lab"] or \
        sorted(e.label for e in group_entries("create")) == ["Editor", "Lab", "My levels"]
    assert [e.label for e in group_entries("more")] == ["Enter code", "Records", "Settings", "Rewards", "Help"]


def test_a_first_launch_offers_level_one_and_the_words_are_a_players(window, ctx):

    menu = ctx.go(routes.menu)
    frame(window)
    assert labels(menu)[0] == f"Start · 1. {ctx.campaign.levels[0].name}" and menu.focus == 0
    assert labels(menu)[1:] == ["Play  >", "Create  >", "More  >", "Quit"]
    words = " ".join([menu.subtitle.text, *labels(menu)]).lower()
    assert "tessellation" not in words and "maze" in words


def test_continue_names_and_opens_the_next_unfinished_level(window, ctx):
    from game.play.view import PlayView

    lv = ctx.campaign.levels
    for i in range(11):
        ctx.store.complete_level(lv[i].id, 2, lv[i + 1].id)
    menu = ctx.go(routes.menu)
    frame(window)
    assert labels(menu)[0] == f"Continue · 12. {lv[11].name}"
    keypress(window, key.ENTER)
    view = window.current_view
    assert isinstance(view, PlayView) and view.code == lv[11].code()


def test_every_entry_is_reachable_by_keys_and_esc_backs_out(window, ctx):
    from game.shell.menu import GROUPS, group_entries

    menu = ctx.go(routes.menu)
    frame(window)
    for g_index, group in enumerate(GROUPS):
        menu.focus = 0
        for _ in range(1 + g_index):
            keypress(window, key.DOWN)
        keypress(window, key.ENTER)
        assert menu.group == group
        assert labels(menu) == [*(e.label for e in group_entries(group)), "Back"]
        keypress(window, key.ESCAPE)  # backs out, focus on the group's own button
        assert menu.group == "" and menu.focus == 1 + g_index and window.current_view is menu
    keypress(window, key.ESCAPE)  # on the top level Esc does nothing
    assert window.current_view is menu and menu.group == ""


def test_every_entry_opens_its_screen_by_mouse(window, ctx):
    from game.shell.menu import GROUPS, group_entries, quit_game

    for group in GROUPS:
        for entry in group_entries(group):
            if entry.opens is quit_game:
                continue
            ctx.memory.pop("menu.focus", None)  # the top level (the menu remembers the group last used)
            menu = ctx.go(routes.menu)
            frame(window)
            head = menu.buttons[1 + list(GROUPS).index(group)]
            click(window, *head.rect.center)
            frame(window)
            assert menu.group == group
            button = menu.buttons[labels(menu).index(entry.label)]
            click(window, *button.rect.center)
            assert window.current_view is not menu, entry.label
            window.hide_view()
    ctx.memory.pop("menu.focus", None)
    menu = ctx.go(routes.menu)
    frame(window)
    click(window, *menu.buttons[2].rect.center)
    frame(window)
    click(window, *menu.buttons[-1].rect.center)  # Back
    assert menu.group == "" and window.current_view is menu


def test_a_controller_reaches_a_group_entry_and_backs_out(window, ctx):
    from game.shell.records import RecordsView

    pads = ctx.pads
    manager = FakeManager()
    pads.start(manager)
    pad = FakePad()
    manager.dispatch_event("on_connect", pad)
    try:
        menu = ctx.go(routes.menu)
        frame(window)
        for _ in range(3):  # down to More >
            pad.dispatch_event("on_dpad_motion", pad, pyglet.math.Vec2(0, -1))
            pad.dispatch_event("on_dpad_motion", pad, pyglet.math.Vec2(0, 0))
        pad.dispatch_event("on_button_press", pad, "a")
        assert menu.group == "more"
        pad.dispatch_event("on_button_press", pad, "b")
        assert menu.group == "" and menu.focus == 3
        pad.dispatch_event("on_button_press", pad, "a")
        pad.dispatch_event("on_dpad_motion", pad, pyglet.math.Vec2(0, -1))
        pad.dispatch_event("on_dpad_motion", pad, pyglet.math.Vec2(0, 0))
        pad.dispatch_event("on_button_press", pad, "a")  # Records
        assert isinstance(window.current_view, RecordsView)
        pad.dispatch_event("on_button_press", pad, "b")
        back = window.current_view
        assert back.group == "more" and labels(back)[back.focus] == "Records"  # remembered
    finally:
        manager.dispatch_event("on_disconnect", pad)


def test_a_first_launch_escape_then_return_plays_a_level(window, ctx):
    """Esc past the greeting, then Return: the first level is being played at once (no map, no loading screen
    between; the seconds it takes in a real window are measured with look.py, not here)."""
    from game.app import first_view
    from game.play.view import PlayView

    menu = first_view(ctx)
    window.show_view(menu)
    frame(window)
    assert menu.greeting is not None and menu.greeting.visible
    keypress(window, key.ESCAPE)  # past the greeting
    keypress(window, key.RETURN)
    view = window.current_view
    assert isinstance(view, PlayView) and view.code == ctx.campaign.levels[0].code()
    view.on_update(1 / 60)
    frame(window)
    before = view.session.moves
    for symbol in (key.RIGHT, key.DOWN, key.LEFT, key.UP):
        view.on_key_press(symbol, 0)
        view.on_key_release(symbol, 0)
        view.on_update(1 / 60)
    assert view.session.moves > before  # and it plays: the keys move the player


def test_the_backdrop_starts_differently_each_launch_and_stays_off_the_panel(window, ctx):
    from game.shell.menu import backdrop_seed

    seeds = {backdrop_seed() for _ in range(3) if time.sleep(0.002) is None}
    assert len(seeds) > 1
    menu = ctx.go(routes.menu)
    frame(window)
    left, right, bottom, top = menu.panel
    for t in (menu.title, menu.subtitle):
        assert left <= t.left and t.right <= right and bottom <= t.bottom and t.top <= top
    for b in menu.buttons:
        r = b.rect
        assert left <= r.left and r.right <= right and bottom <= r.bottom and r.top <= top


def test_tessera_campaign_opens_the_map_and_play_without_a_code_continues(window, ctx):
    from engine.cli import WindowRequest, build_parser
    from game.app import first_view
    from game.play.view import PlayView
    from game.shell.levels import LevelsView

    assert isinstance(first_view(ctx, WindowRequest("campaign")), LevelsView)
    view = first_view(ctx, WindowRequest("play"))
    assert isinstance(view, PlayView) and view.code == ctx.campaign.levels[0].code()
    lv = ctx.campaign.levels
    for i in range(3):
        ctx.store.complete_level(lv[i].id, 3, lv[i + 1].id)
    view = first_view(ctx, WindowRequest("play"))
    assert isinstance(view, PlayView) and view.code == lv[3].code()
    assert build_parser().parse_args(["campaign"]).command == "campaign"
    for level in lv:
        ctx.store.complete_level(level.id, 3, None)
    assert isinstance(first_view(ctx, WindowRequest("play")), LevelsView)  # nothing left: the map


def test_the_cli_hands_campaign_and_a_bare_play_to_the_window():
    import io

    from engine.cli import WindowRequest, main

    opened = []
    for argv in (["campaign"], ["play"]):
        assert main(argv, out=io.StringIO(), err=io.StringIO(), open_window=lambda a: opened.append(a) or 0) == 0
    assert opened == [WindowRequest("campaign"), WindowRequest("play")]


def test_the_menu_draws_its_first_frame_before_it_builds_its_backdrop_maze(window, ctx):
    ctx.store.set_setting("reduced_motion", "1")  # the maze appears finished at once: easy to see when it comes
    menu = ctx.go(routes.menu)
    menu.on_update(1 / 60)
    assert menu.backdrop.total == 0 and not menu.backdrop.shapes  # nothing built before the first frame
    frame(window)
    menu.request_redraw()
    assert menu.needs_redraw()
    frame(window)
    assert not menu.needs_redraw()
    menu.on_update(1 / 60)  # the first tick after the first frame builds it and asks for the frame that shows it
    assert menu.backdrop.total > 100 and menu.backdrop.carved == menu.backdrop.total
    assert len(menu.backdrop.shapes) == menu.backdrop.total and menu.needs_redraw()
    frame(window)
    click(window, *menu.buttons[1].rect.center)  # and the menu works: a group opens
    assert menu.group == "play"


def test_quit_asks_first_and_esc_or_stay_keeps_the_game(window, ctx, monkeypatch):
    import game.shell.menu as menu_mod

    closed = []
    monkeypatch.setattr(menu_mod, "close_game", lambda c: closed.append(c))
    menu = ctx.go(routes.menu)
    frame(window)
    quit_at = labels(menu).index("Quit")
    menu.focus = quit_at
    keypress(window, key.ENTER)
    assert closed == [] and menu.greeting is not None and menu.greeting.visible
    assert menu.greeting.title_value == "Quit Tessera?"
    keypress(window, key.ESCAPE)  # stays
    assert closed == [] and menu.greeting is None and window.current_view is menu
    keypress(window, key.ENTER)  # the focus is still on Quit: asked again
    keypress(window, key.ENTER)  # "Stay" has the focus
    assert closed == [] and menu.greeting is None
    keypress(window, key.ENTER)
    keypress(window, key.RIGHT)
    keypress(window, key.ENTER)  # "Quit"
    assert closed == [ctx]
