"""A resize that arrives before a screen is shown (or while its buttons are off) still lays it out, and its
button surface, for the real window size."""

from __future__ import annotations

from arcade import key

from game import routes


def surfaces(view) -> set[tuple[int, int]]:
    return {tuple(s.size) for s in view.ui._surfaces.values()}


def test_menu_follows_a_resize_made_before_it_is_shown(window, ctx):
    from layout_check import set_window_size


    window.hide_view()
    menu = routes.menu(ctx)
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

    menu = first_view(ctx)
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


def test_texts_of_a_screen_sit_on_whole_pixels_after_layout(window, ctx):
    """Software GL drops rows of glyphs drawn at fractional heights: every text a screen makes is snapped."""
    from game.bases.screen import BaseView

    class Fractional(BaseView):
        def __init__(self, ctx):
            super().__init__(ctx)
            self.label = self.text("Code: M2.S12X9.PR#2890-IU", 14)

        def layout(self, width, height):
            self.label.position = (width / 3 + 0.6, height / 7 + 0.65)

    view = Fractional(ctx)
    window.show_view(view)
    for w, h in ((800, 600), (1283, 803)):
        view.on_resize(w, h)
        assert (view.label.x, view.label.y) == (round(w / 3 + 0.6), round(h / 7 + 0.65))
