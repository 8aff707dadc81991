"""Text measured, fitted and placed: :func:`fit_text` (the one text fitter), :func:`ellipsize`, :func:`wrap_lines`,
:func:`text_width` (remembered one-line widths, so fitting tries sizes and cuts without laying the shown text out at
each) and :func:`snap_to_pixels`.  ``game.ui`` exports them."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable

import arcade

from game.render.theme import BUTTON_FONTS

ELLIPSIS = "\u2026"


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


_MEASURE: list[arcade.Text] = []
#: Widths :func:`text_width` measured, by (text, font size, font names, bold, italic): a one-line width depends on
#: nothing else, and measuring lays a pyglet text out (a setup screen's click re-measured every label, a fitted title
#: was laid out again at every size tried).
_WIDTHS: dict[tuple[str, float, object, object, object], float] = {}
_WIDTHS_MAX = 4096  # texts times sizes: a few hundred in a session; never a growing pile


def _measurers() -> list[arcade.Text]:
    if not _MEASURE:
        _MEASURE.append(arcade.Text("", 0, 0, font_name=BUTTON_FONTS, font_size=12))
        _MEASURE.append(arcade.Text("", 0, 0, font_size=12))
    return _MEASURE


def text_width(value: str, font_size: float, font_name: object = BUTTON_FONTS, bold: object = False,
               italic: object = False) -> float:
    """Width in pixels of ``value`` on one line at ``font_size`` points in ``font_name`` (a name or names, first
    available wins, as ``arcade.Text`` takes them), ``bold`` and ``italic`` as ``arcade.Text`` takes them: exactly
    the ``content_width`` an unwrapped ``arcade.Text`` with those fonts gets, remembered."""
    if not value:
        return 0.0
    names = tuple(font_name) if isinstance(font_name, list) else font_name
    key = (value, font_size, names, bold, italic)
    width = _WIDTHS.get(key)
    if width is None:
        t = _measurers()[0]
        with t:  # one pyglet layout for every change
            t.font_name = names  # type: ignore[assignment]
            t.bold = bold  # type: ignore[assignment]
            t.italic = italic  # type: ignore[assignment]
            t.font_size = font_size
            t.text = value
        width = float(t.content_width)
        if len(_WIDTHS) >= _WIDTHS_MAX:
            _WIDTHS.clear()
        _WIDTHS[key] = width
    return width


def label_width(text: str, font_size: float) -> float:
    """Width in pixels of ``text`` in a button's font (:func:`game.render.theme.button_style`) at ``font_size``."""
    return text_width(text, font_size)


def width_of(text: arcade.Text, value: str, font_size: float | None = None) -> float:
    """Width in pixels ``value`` would have on one line in ``text``'s fonts (at ``font_size``, default its own),
    without laying ``text`` out (:func:`text_width`)."""
    return text_width(value, text.font_size if font_size is None else font_size, text.font_name, text.bold,
                      text.italic)


def ellipsize(text: arcade.Text, value: str, max_width: float, middle: bool = False) -> None:
    """Set ``text.text`` to ``value``, cut with "…" (at the end, or in the ``middle``) to ``max_width`` pixels.
    A one-line text is measured without being laid out at each cut tried (:func:`width_of`)."""
    if text.multiline:
        text.text = value
        if text.content_width <= max_width or not value:
            return
        cut_to_fit(text, value, lambda: text.content_width <= max_width, keep_ellipsis=True, middle=middle)
        return
    text.text = _cut_to_width(text, value, text.font_size, max_width, middle)


def _cut_to_width(text: arcade.Text, value: str, size: float, max_width: float, middle: bool) -> str:
    """The longest cut of ``value`` (with "…", see :func:`cut_text`) that fits ``max_width`` pixels in ``text``'s
    fonts at ``size`` points ("…" when not one character fits; ``value`` itself when whole it fits or is empty)."""
    if not value or width_of(text, value, size) <= max_width:
        return value
    lo, hi = 0, len(value)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width_of(text, cut_text(value, mid, middle), size) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return cut_text(value, lo, middle)


def cut_to_fit(
    text: arcade.Text, value: str, fits: Callable[[], bool], keep_ellipsis: bool = False, middle: bool = False,
) -> None:
    """Set ``text.text`` to the longest cut of ``value`` (with "…") for which ``fits()`` holds.

    A binary search over how many characters are kept (``fits`` reads the text's size): the
    end is cut, or the middle when ``middle`` (paths, codes).  When not even one character
    fits, the text is "…" (``keep_ellipsis``) or empty.
    """
    lo, hi = 0, len(value)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        text.text = cut_text(value, mid, middle)
        if fits():
            lo = mid
        else:
            hi = mid - 1
    text.text = cut_text(value, lo, middle) if lo or keep_ellipsis else ""


def cut_text(value: str, keep: int, middle: bool = False) -> str:
    """``value`` shortened to ``keep`` characters plus "…" at the end (or in the middle); whole if it has room."""
    if keep >= len(value):
        return value
    if not middle:
        return value[:keep].rstrip() + ELLIPSIS
    head = (keep + 1) // 2
    tail = keep - head
    return value[:head] + ELLIPSIS + (value[len(value) - tail:] if tail else "")


def fit_text(text: arcade.Text, value: str, size: float, max_width: float, min_size: float | None = 9, *,
             step: float | None = None, middle: bool = False) -> None:
    """Show ``value`` at font ``size`` in at most ``max_width`` pixels: the font shrinks towards ``min_size``, then
    the text is cut with "…" (the one text fitter of the game).

    Args:
        text: the ``arcade.Text`` (its font size may change).  A multi-line text (``multiline=True``, its width
            set first) only gets ``value`` and ``size``: its lines wrap.
        value: the full text.
        size: the preferred font size (points).
        max_width: pixels available (below one glyph: "…" only).
        min_size: the smallest font size to shrink to before cutting (None: never shrink).
        step: None shrinks in one proportional jump (``size * max_width / width``, floored at ``min_size``);
            a number shrinks by that many points at a time while it does not fit.
        middle: cut in the middle (paths, codes) instead of at the end.

    Asked again with the same arguments while the text still shows what this fitter made of them, it returns at
    once: a HUD refitting its title on every clock tick re-laid the title's glyphs several times a second.
    """
    asked = (value, size, max_width, min_size, step, middle)
    done = _FITTED.get(text)
    if done is not None and done[0] == asked and done[1] == (text.text, text.font_size):
        return
    _fit_text(text, value, size, max_width, min_size, step, middle)
    _FITTED[text] = (asked, (text.text, text.font_size))


_FITTED: weakref.WeakKeyDictionary[arcade.Text, tuple[tuple[object, ...], tuple[str, float]]] = (
    weakref.WeakKeyDictionary())
"""What :func:`fit_text` last made of each text: (its arguments, the text and font size it left)."""


def _fit_text(text: arcade.Text, value: str, size: float, max_width: float, min_size: float | None,
              step: float | None, middle: bool) -> None:
    if text.multiline:
        _set_size_and_text(text, size, value)
        return
    # The sizes tried are measured (remembered widths), not laid out: the text is laid out once, as it ends.
    wide = width_of(text, value, size)
    if wide <= max_width:
        _set_size_and_text(text, size, value)
        return
    if min_size is not None:
        if step is None:
            size = max(min_size, size * max_width / wide * 0.98)
            # Glyphs do not shrink in proportion (hinting rounds them to whole pixels): a text a few percent too wide
            # could stay too wide after the jump and be cut though the minimum size left room.  Half points more.
            while size > min_size and width_of(text, value, size) > max_width:
                size = max(min_size, size - 0.5)
        else:
            while size > min_size and width_of(text, value, size) > max_width:
                size = max(min_size, size - step)
        if width_of(text, value, size) <= max_width:
            _set_size_and_text(text, size, value)
            return
    _set_size_and_text(text, size, _cut_to_width(text, value, size, max_width, middle) or ELLIPSIS)


def _set_size_and_text(text: arcade.Text, size: float, value: str) -> None:
    """``text`` at ``size`` points showing ``value``, in one pyglet layout (none when it already is)."""
    resize, retext = text.font_size != size, text.text != value
    if resize or retext:
        with text:
            if resize:
                text.font_size = size
            if retext:
                text.text = value


def wrap_lines(text: arcade.Text, value: str, max_width: float, lines: int = 2) -> bool:
    """Set a multiline ``text`` to ``value`` broken at spaces into at most ``lines`` lines of at most ``max_width``
    pixels each (at its font size); a line that still does not fit ends in "…" (never cut silently).
    A leading "12." stays with the next word when both fit together.  Returns True when nothing was cut."""
    text.width = int(max_width) + 2  # the wrapping is ours: arcade only keeps it from re-wrapping
    line = _measurers()[1]  # one line, measured unwrapped in the text's font
    line.font_name, line.font_size, line.bold = text.font_name, text.font_size, text.bold

    def fits() -> bool:
        return line.content_width <= max_width

    words, out, whole = value.split(), list[str](), True
    if len(words) > 1 and words[0][:-1].isdigit() and words[0].endswith("."):
        line.text = f"{words[0]} {words[1]}"
        if fits():
            words[:2] = [line.text]  # "12. Name": the number stays with the first word
    while words and len(out) < lines:
        k = len(words) if len(out) == lines - 1 else 1  # the last line takes the rest
        while k < len(words):
            line.text = " ".join(words[:k + 1])
            if not fits():
                break
            k += 1
        line.text = " ".join(words[:k])
        if not fits():
            whole = False
            cut_to_fit(line, line.text, fits, keep_ellipsis=True)
        out.append(line.text)
        words = words[k:]
    text.text = "\n".join(out)
    return whole
