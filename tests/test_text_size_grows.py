"""Text size (Settings, 100..200 %) only ever makes text larger: at 200 % every main-menu label and Help's body
text is at least as tall in pixels (arcade.Text glyph heights) as at 100 %, at 1280×800 and 1920×1080, and the
shared layout mechanism (:meth:`game.bases.screen.BaseView.on_resize`) never gives a text or label a smaller font
than the 100 % layout of the same window."""

from __future__ import annotations

import pytest
from layout_check import check_layout, set_window_size

from game import routes

SIZES = [(1280, 800), (1920, 1080)]


def _label(button):
    text = button.ui_label._label  # the arcade.Text inside arcade.gui's UILabel
    return text


def _menu_heights(window, ctx, size, percent):

    ctx.set_text_size(percent)
    view = routes.menu(ctx)
    assert check_layout(window, view, *size) == []
    out = {}
    for group in [None, *view.group_names()]:
        view.open_group(group)
        view.on_draw()
        for b in view.visible_buttons():
            out[(group, b.text)] = _label(b).content_height
    view.open_group(None)
    return out


def _help_heights(window, ctx, size, percent):

    ctx.set_text_size(percent)
    view = routes.help_screen(ctx)
    check_layout(window, view, *size)
    out = {}
    for page in range(view.page_count()):
        view.show_page(page)
        view.on_draw()
        for text in view.body_texts():
            out[(page, text.text[:30])] = text.content_height
    return out


@pytest.mark.parametrize("size", SIZES)
def test_menu_labels_at_200_are_at_least_as_tall_as_at_100(window, ctx, size):
    try:
        small = _menu_heights(window, ctx, size, 100)
        big = _menu_heights(window, ctx, size, 200)
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)
    assert small and small.keys() == big.keys()
    shrunk = {k: (small[k], big[k]) for k in small if big[k] < small[k]}
    assert shrunk == {}, shrunk
    assert sum(big.values()) > 1.3 * sum(small.values())  # and 200 % is visibly bigger, not merely not smaller


@pytest.mark.parametrize("size", SIZES)
def test_help_body_at_200_is_at_least_as_tall_as_at_100(window, ctx, size):
    try:
        small = _help_heights(window, ctx, size, 100)
        big = _help_heights(window, ctx, size, 200)
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)
    assert small and big
    low, high = min(small.values()), min(big.values())
    assert high >= low, (low, high)
    assert max(big.values()) > 1.3 * max(small.values())


def test_the_shared_mechanism_never_shrinks_a_text_below_its_100_percent_size(window, ctx):
    """A screen whose layout squashes text when it grows (a fixed band of buttons) is laid out at a scale where
    nothing is smaller than at 100 %: the mechanism, on a made-up screen."""
    from game.bases.screen import BaseView
    from game.ui import place_column

    class Squashing(BaseView):
        def __init__(self, c):
            super().__init__(c)
            for i in range(14):
                self.ui.add(self.make_button(f"Entry {i}", lambda: None))
            self.head = self.text("Heading", 30)

        def layout(self, width, height):
            s = self.scale
            self.head.font_size = 30 * s
            top = height - 30 * s * 2  # a title band that grows with the text
            h = place_column(self.buttons, width / 2, top, 20, 300 * s, 56 * s)
            self.style_buttons(min(16 * s, h * 0.4))

    sizes = {}
    try:
        for percent in (100, 200):
            ctx.set_text_size(percent)
            view = Squashing(ctx)
            check_layout(window, view, 1280, 800)
            sizes[percent] = view.text_sizes()
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)
    assert all(b >= a - 0.01 for a, b in zip(sizes[100], sizes[200], strict=True)), sizes


def test_every_help_page_fits_800x600_at_100_percent_and_the_page_you_came_from_is_first(window, ctx):
    from game.shell.help import PAGES

    view = routes.help_screen(ctx)
    problems = check_layout(window, view, 800, 600)
    try:
        assert view.page_count() == len(PAGES)  # no topic needed a second page
        for page in range(view.page_count()):
            view.show_page(page)
            problems += check_layout(window, view, 800, 600)
            assert view.pages[page][2] == 1
            bottom = max(b.rect.top for b in view.buttons)
            for text in view.body_texts():
                assert text.bottom >= bottom and text.top <= view.counter.bottom, text.text
                assert text.left >= 0 and text.right <= 800, text.text
        assert problems == []
        keys = {p: routes.help_screen(ctx, back_to=v).page_key() for p, v in [
            ("dailies", routes.dailies(ctx)), ("records", routes.records(ctx)),
            ("editor", routes.editor(ctx))]}
        assert keys == {"dailies": "dailies", "records": "records", "editor": "editor"}
        assert routes.help_screen(ctx, mode="hex").page_key() == "maze"
        assert routes.help_screen(ctx).page_key() == "everywhere"
        words = " ".join(" ".join([h, *lines]) for h, lines in PAGES.values()).lower()
        assert "tessellation" not in words and "upsilon" not in words and "polar" not in words
        assert "forks or turns" not in words and "round its bends" in words
    finally:
        set_window_size(window, 1280, 800)


def test_help_pages_turn_with_keys_and_at_200_a_long_page_continues_instead_of_shrinking(window, ctx):
    from arcade import key


    view = routes.help_screen(ctx)
    check_layout(window, view, 800, 600)
    first = view.page_key()
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    assert view.page == 1 and view.page_key() != first
    window.dispatch_event("on_key_press", key.PAGEUP, 0)
    assert view.page == 0
    pages_at_100 = view.page_count()
    try:
        ctx.set_text_size(200)
        big = routes.help_screen(ctx)
        assert check_layout(window, big, 800, 600) == []
        assert big.page_count() > pages_at_100  # some pages continue on the next
        for page in range(big.page_count()):
            big.show_page(page)
            assert check_layout(window, big, 800, 600) == []
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)


def test_turning_a_help_page_places_it_as_a_full_layout_would(window, ctx):
    """A page turn moves only the shown page's lines (the layout of every page is kept): the same places, sizes
    and counter as laying the whole screen out again, on a continued page at 200 % included."""
    from arcade import key

    def shown(view):
        return [(t.text, t.x, t.y, t.font_size, t.width) for t in [view.counter, *view.body_texts()]]

    try:
        for percent in (100, 200):
            ctx.set_text_size(percent)
            view = routes.help_screen(ctx)
            check_layout(window, view, 800, 600)
            continued = [i for i, page in enumerate(view.pages) if page[1] > 0]
            assert continued or percent == 100
            for page in range(1, 4):  # Next, by key, reaches the next page (at 200 % it once stayed on page 1)
                window.dispatch_event("on_key_press", key.RIGHT, 0)
                assert view.page == page, (percent, page)
            for page in [1, *continued[:1], view.page_count() - 1]:
                view.show_page(page)
                turned = shown(view)
                view.on_resize(800, 600)
                assert view.page == page and shown(view) == turned, (percent, page)
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)


def test_help_measures_each_line_as_tall_as_it_lays_out(window, ctx):
    """Help pages its lines by measured heights (only the page shown is laid out): every line of every page, laid
    out at the size and width it was measured at, is exactly that tall, at 100 and 200 %."""
    from game.shell.help import line_height

    try:
        for percent in (100, 200):
            ctx.set_text_size(percent)
            view = routes.help_screen(ctx, mode="hex")
            check_layout(window, view, 800, 600)
            for i, (_, value, _, heading) in enumerate(view.rows):
                text = view._line(i)
                assert (text.text, text.bold) == (value, heading)
                assert text.content_height == line_height(value, text.font_size, text.width, heading), value
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)
