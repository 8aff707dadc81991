"""Text placed on whole pixels (:func:`snap_to_pixels`); fitting text to a width is :func:`game.ui.fit_text`."""

from __future__ import annotations

from collections.abc import Iterable

import arcade

from game.ui import cut_text


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


#: Measured sizes: (value, font name, font size, bold, italic, multi-line, wrap width) -> (content width, content
#: height) in pixels (:func:`measure`).
_MEASURED: dict[tuple[object, ...], tuple[float, float]] = {}
_SCRATCH: dict[bool, arcade.Text] = {}  # multi-line or not -> the text that measures (never drawn)


def measure(text: arcade.Text, value: str, size: float | None = None,
            wrap: int | None = None) -> tuple[float, float]:
    """The content width and height in pixels ``text`` would have showing ``value``: its font, size (or ``size``
    points), boldness and (multi-line) wrap width (or ``wrap`` pixels) as they are now.  Measured once on a scratch
    text, then remembered; ``text`` itself is not laid out (each change of a shown text lays all its glyphs out
    again).  An empty ``value``: (0, 0)."""
    if not value:
        return (0.0, 0.0)
    multiline = bool(text.multiline)
    width = (text.width if wrap is None else wrap) if multiline else None
    points = text.font_size if size is None else size
    key = (value, text.font_name, points, text.bold, text.italic, multiline, width)
    found = _MEASURED.get(key)
    if found is None:
        scratch = _SCRATCH.get(multiline)
        if scratch is None:
            scratch = _SCRATCH[multiline] = arcade.Text(
                value, 0, 0, font_size=points, font_name=text.font_name, bold=text.bold,
                italic=bool(text.italic), multiline=multiline, width=width)
        elif (scratch.text, scratch.font_name, scratch.font_size, scratch.bold, scratch.italic,
              scratch.width if multiline else None) != key[:5] + (width,):
            with scratch:  # one layout for every change
                if scratch.font_name != text.font_name:
                    scratch.font_name = text.font_name
                if scratch.bold != text.bold:
                    scratch.bold = text.bold
                if scratch.italic != text.italic:
                    scratch.italic = text.italic
                if scratch.font_size != points:
                    scratch.font_size = points
                if multiline and scratch.width != width:
                    scratch.width = width  # type: ignore[assignment]
                scratch.text = value
        if len(_MEASURED) > 20000:  # many sizes: start again rather than grow without end
            _MEASURED.clear()
        found = _MEASURED[key] = (float(scratch.content_width), float(scratch.content_height))
    return found


def ellipsized(text: arcade.Text, value: str, max_width: float, size: float | None = None,
               middle: bool = False) -> str:
    """What :func:`game.ui.ellipsize` leaves a one-line ``text`` showing of ``value`` in ``max_width`` pixels (cut
    with "…" at the end, or in the ``middle``), at font ``size`` points (default: its own), found by measuring
    (:func:`measure`): ``text`` is not laid out."""
    if not value or measure(text, value, size)[0] <= max_width:
        return value
    lo, hi = 0, len(value)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(text, cut_text(value, mid, middle), size)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return cut_text(value, lo, middle)


def fit_line(text: arcade.Text, value: str, max_width: float, size: float | None = None, middle: bool = False) -> None:
    """:func:`game.ui.ellipsize` at font ``size`` points (default: unchanged), in at most one layout of ``text`` and
    none when it shows that already (a screen that refits its lines on every frame lays nothing out)."""
    set_text(text, ellipsized(text, value, max_width, size, middle), size)
