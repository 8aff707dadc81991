"""Make one line of text fit a width: shrink the font a little, then cut with "…" (end or middle).

Used by the race and Lab screens so that no line leaves the window or runs
under its neighbour at any window size.
"""

from __future__ import annotations

from collections.abc import Iterable

import arcade

from game.ui import cut_to_fit


def fit_text(text: arcade.Text, value: str, max_width: float, *, min_size: float | None = None,
             size: float | None = None, middle: bool = False) -> None:
    """Set ``text.text`` to ``value`` so that ``text.content_width <= max_width``.

    Args:
        text: a single-line ``arcade.Text`` (its font size may be changed).
        value: the full text.
        max_width: pixels available (values < 1 leave an ellipsis only).
        min_size: shrink the font down to this size before cutting (default: never shrink).
        size: the preferred font size (default: the current one).
        middle: cut in the middle (paths, codes) instead of at the end.
    """
    if size is not None and text.font_size != size:
        text.font_size = size
    if text.text != value:
        text.text = value
    if text.content_width <= max_width:
        return
    if min_size is not None:
        while text.font_size > min_size and text.content_width > max_width:
            text.font_size = max(min_size, text.font_size - 1)
        if text.content_width <= max_width:
            return
    cut_to_fit(text, value, lambda: text.content_width <= max_width, keep_ellipsis=True, middle=middle)


def snap_to_pixels(texts: Iterable[arcade.Text]) -> None:
    """Move each text's anchor point to the nearest whole pixel.

    Text drawn at some fractional heights loses rows of its glyphs on software OpenGL (llvmpipe, measured
    with pyglet 2.1: at y + 0.5 .. y + 0.8 the hyphen and the bottom of every letter vanish), so screens
    call this at the end of their layout.  A shift of at most half a pixel.
    """
    for text in texts:
        x, y = text.x, text.y
        if x != round(x) or y != round(y):
            text.position = (round(x), round(y))
