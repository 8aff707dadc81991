"""Text placed on whole pixels (:func:`snap_to_pixels`); fitting text to a width is :func:`game.ui.fit_text`."""

from __future__ import annotations

from collections.abc import Iterable

import arcade


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


def set_text(text: arcade.Text, value: str | None = None, size: float | None = None, width: int | None = None) -> None:
    """Give ``text`` the ``value``, font ``size`` (points) and wrap ``width`` (pixels) asked (None: keep), in at
    most one pyglet layout: only what differs is set, together (each arcade setter alone lays the text out again,
    even to an equal value).  The text ends the same as setting each property in turn."""
    value = None if value is None or text.text == value else value
    size = None if size is None or text.font_size == size else size
    width = None if width is None or text.width == width else width
    if value is not None or size is not None or width is not None:
        with text:
            if size is not None:
                text.font_size = size
            if width is not None:
                text.width = width
            if value is not None:
                text.text = value
