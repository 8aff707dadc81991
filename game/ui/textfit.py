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
