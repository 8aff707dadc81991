"""game.ui.arcade_speed and the measured text fitting: less pyglet work, the same texts.

- An equal value given to a text's font size, font, width, bold, anchor... lays nothing out again; a new value
  does, and the text then measures as a new text made with it.
- The remembered call form of a listener is arcade's own answer, for functions, bound methods, lambdas with
  defaults, ``*args`` listeners; wrapped functions and partials are asked every time.
- A font used a while ago is the same loaded font (its glyphs kept), not loaded and drawn again.
- :func:`game.ui.text_width` is a text's own ``content_width``; :func:`game.ui.fit_text` and
  :func:`game.ui.ellipsize`, which measure instead of laying the text out at each size and cut tried, end
  exactly where laying the text out (the fitter before) ended, on many values, widths and both cut ends.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import arcade
import pytest

from game.ui import ELLIPSIS, FONT, cut_to_fit, ellipsize, fit_text, text_width
from game.ui.arcade_speed import FONTS_KEPT, install


def test_install_applied_every_part(window) -> None:
    assert install() == {"glyph bitmaps": True, "text setters": True, "listener forms": True, "fonts kept": True,
                         "screens freed": True}


def test_equal_values_lay_nothing_out_and_new_ones_do(window) -> None:
    text = arcade.Text("Settings", 0, 0, font_size=14, font_name=FONT, width=300, anchor_x="center")
    lists = list(text.label._vertex_lists)
    text.font_size = 14.0  # the same size as a float
    text.font_name = text.font_name  # the same font
    text.width = 300
    text.bold = False
    text.anchor_x = "center"
    assert text.label._vertex_lists == lists  # not one new vertex list: no layout
    text.font_size = 20
    assert text.label._vertex_lists != lists
    fresh = arcade.Text("Settings", 0, 0, font_size=20, font_name=FONT, width=300, anchor_x="center")
    assert text.content_width == fresh.content_width and text.content_height == fresh.content_height
    text.bold = True
    assert text.bold and text.content_width > fresh.content_width
    text.font_name = FONT  # fonts given as arcade resolves them at first ("DejaVu Sans") are set once, then kept
    lists = list(text.label._vertex_lists)
    text.font_name = list(FONT)
    assert text.label._vertex_lists == lists and text.font_name == FONT


def _listeners() -> list[Callable[..., Any]]:
    class Thing:
        def none(self) -> None: ...
        def one(self, a: object) -> None: ...
        def two(self, a: object, b: object) -> None: ...
        def three(self, a: object, b: object, c: object) -> None: ...
        def star(self, *args: object) -> None: ...

    def wrapper(f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def inner(*args: object, **kwargs: object) -> Any:
            return f(*args, **kwargs)
        return inner

    def plain(a: object, b: object, c: object) -> None: ...

    thing = Thing()
    return [thing.none, thing.one, thing.two, thing.three, thing.star, Thing().two, plain,
            lambda: None, lambda a: None, lambda a, b=1: None, lambda a, b, c=2: None, lambda *a: None,
            wrapper(plain), wrapper(thing.none), functools.partial(plain, 1), functools.partial(plain, 1, 2)]


def test_remembered_listener_forms_are_arcades_answers(window) -> None:
    from arcade.gui import property as gui_property

    from game.ui import arcade_speed

    memo = gui_property._ListenerType.detect_callback_type
    assert getattr(memo, "_tessera_memo", False)
    original = memo.__closure__[0].cell_contents if memo.__closure__ else None  # the wrapped arcade function
    assert callable(original)
    for _ in range(2):  # the second round answers from the memo
        for listener in _listeners():
            assert memo(listener) == original(listener), listener
    assert all(arcade_speed._code_key(f) is None for f in _listeners()[-4:])  # wrapped and partial: asked each time


def test_a_font_used_a_while_ago_is_kept_with_its_glyphs(window) -> None:
    import gc
    import weakref

    import pyglet.font

    first = weakref.ref(pyglet.font.load(FONT, 31.5))
    for i in range(min(FONTS_KEPT, 40) - 1):  # other fonts loaded since (pyglet alone keeps the last four)
        pyglet.font.load(FONT, 40 + i)
    gc.collect()
    assert first() is not None and pyglet.font.load(FONT, 31.5) is first()


@pytest.mark.parametrize("bold", [False, True])
def test_text_width_is_the_texts_own_width(window, bold: bool) -> None:
    for value in ("", "W", "Play a level", "Maze 12×9 · 1:02:03.4 ★☆☆", "  spaced  "):
        for size in (8, 9.5, 12, 16.75, 31):
            text = arcade.Text(value, 0, 0, font_size=size, font_name=FONT, bold=bold)
            assert text_width(value, size, FONT, bold) == text.content_width, (value, size)


def _fit_by_layout(text: arcade.Text, value: str, size: float, max_width: float, min_size: float | None,
                   step: float | None, middle: bool) -> None:
    """The fitter as it was: lay the text out at every size and cut tried."""
    with text:
        text.font_size = size
        text.text = value
    if text.multiline or text.content_width <= max_width:
        return
    if min_size is not None:
        if step is None:
            text.font_size = max(min_size, size * max_width / text.content_width * 0.98)
            while text.font_size > min_size and text.content_width > max_width:
                text.font_size = max(min_size, text.font_size - 0.5)
        else:
            while text.font_size > min_size and text.content_width > max_width:
                text.font_size = max(min_size, text.font_size - step)
        if text.content_width <= max_width:
            return
    cut_to_fit(text, value, lambda: text.content_width <= max_width, keep_ellipsis=True, middle=middle)


VALUES = ["Make your own mazes, keep them, watch mazes being made", "A", "Tessera daily 2026-11-26 · hexagon",
          "M2.S12X9.PR#2890-IU", "Delete “A rather long level name”? This cannot be undone."]


def test_measured_fitting_ends_where_laying_out_ended(window) -> None:
    cases = 0
    for value in VALUES:
        full = arcade.Text(value, 0, 0, font_size=16, font_name=FONT).content_width
        for share in (1.2, 0.97, 0.8, 0.55, 0.3, 0.08, 0.01):
            for min_size, step, middle in ((9, None, False), (9, 1, False), (None, None, True), (12, 0.5, True)):
                a = arcade.Text("old", 0, 0, font_size=11, font_name=FONT)
                b = arcade.Text("old", 0, 0, font_size=11, font_name=FONT)
                _fit_by_layout(a, value, 16, full * share, min_size, step, middle)
                fit_text(b, value, 16, full * share, min_size, step=step, middle=middle)
                assert (b.text, b.font_size) == (a.text, a.font_size), (value, share, min_size, step, middle)
                cases += 1
                c = arcade.Text("old", 0, 0, font_size=13, font_name=FONT)
                d = arcade.Text("old", 0, 0, font_size=13, font_name=FONT)
                c.text = value
                if c.content_width > full * share * 13 / 16:
                    cut_to_fit(c, value, lambda c=c, w=full * share * 13 / 16: c.content_width <= w,  # type: ignore[misc]
                               keep_ellipsis=True, middle=middle)
                ellipsize(d, value, full * share * 13 / 16, middle=middle)
                assert d.text == c.text and (d.text == value or d.text.count(ELLIPSIS) == 1)
    assert cases == len(VALUES) * 7 * 4
