"""A resize that arrives before a screen is shown (or while its buttons are off) still lays it out, and its
button surface, for the real window size."""

from __future__ import annotations

from arcade import key


def surfaces(view) -> set[tuple[int, int]]:
    return {tuple(s.size) for s in view.ui._surfaces.values()}


def test_menu_follows_a_resize_made_before_it_is_shown(window, ctx):
    from layout_check import set_window_size

    from game.routes import Route

    window.hide_view()
    menu = ctx.view_for(Route.MENU)
    try:
        set_window_size(window, 1920, 1080)  # no view to hear it
        window.show_view(menu)
        menu.on_draw()
        assert surfaces(menu) == {(1920, 1080)}
        assert round(menu.buttons[0].rect.center_x) == 960
        assert menu.title.x == 960
    finally:
        set_window_size(window, 1280, 800)


def test_menu_follows_a_resize_made_behind_the_greeting(window, ctx):
    from layout_check import set_window_size

    from game.app import first_view

    menu = first_view(ctx, [])
    window.show_view(menu)
    menu.on_draw()
    assert menu.greeting is not None and menu.greeting.visible
    try:
        set_window_size(window, 1920, 1080)  # the menu's buttons are off while the greeting asks
        menu.on_draw()
        menu.on_key_press(key.ESCAPE, 0)
        menu.on_draw()
        assert surfaces(menu) == {(1920, 1080)}
        assert round(menu.buttons[0].rect.center_x) == 960
    finally:
        set_window_size(window, 1280, 800)
