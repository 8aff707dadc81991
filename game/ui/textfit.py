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
#: height) in pixels (:func:`measured`).
_MEASURED: dict[tuple[object, ...], tuple[float, float]] = {}
_SCRATCH: dict[bool, arcade.Text] = {}  # multi-line or not -> the text that measures (never drawn)


def measured(value: str, font_name: object, points: float, bold: object = False, italic: object = False,
             wrap: int | None = None) -> tuple[float, float]:
    """The content width and height in pixels of an ``arcade.Text`` showing ``value`` in ``font_name`` (a name or
    names as ``arcade.Text`` takes them) at ``points``, ``bold`` and ``italic`` as it takes them, on one line or,
    with ``wrap`` pixels, multi-line wrapped at that width.  Measured once on a scratch text (pyglet keeps the last
    width of a text emptied: an empty ``value`` is (0, 0) without measuring), then remembered."""
    if not value:
        return (0.0, 0.0)
    if isinstance(font_name, list):
        font_name = tuple(font_name)
    multiline = wrap is not None
    key = (value, font_name, points, bold, italic, multiline, wrap)
    found = _MEASURED.get(key)
    if found is None:
        scratch = _SCRATCH.get(multiline)
        if scratch is None:
            scratch = _SCRATCH[multiline] = arcade.Text(
                value, 0, 0, font_size=points, font_name=font_name,  # type: ignore[arg-type]
                bold=bold, italic=bool(italic), multiline=multiline, width=wrap)  # type: ignore[arg-type]
        else:
            with scratch:  # one layout for every change (equal values are skipped: game.ui.arcade_speed)
                scratch.font_name = font_name  # type: ignore[assignment]
                scratch.bold = bold  # type: ignore[assignment]
                scratch.italic = italic  # type: ignore[assignment]
                scratch.font_size = points
                if wrap is not None:
                    scratch.width = wrap
                scratch.text = value
        if len(_MEASURED) > 20000:  # many sizes: start again rather than grow without end
            _MEASURED.clear()
        found = _MEASURED[key] = (float(scratch.content_width), float(scratch.content_height))
    return found


def measure(text: arcade.Text, value: str, size: float | None = None,
            wrap: int | None = None) -> tuple[float, float]:
    """The content width and height in pixels ``text`` would have showing ``value``: its font, size (or ``size``
    points), boldness and (multi-line) wrap width (or ``wrap`` pixels) as they are now (:func:`measured`); ``text``
    itself is not laid out (each change of a shown text lays all its glyphs out again)."""
    width = (text.width if wrap is None else wrap) if text.multiline else None
    return measured(value, text.font_name, text.font_size if size is None else size, text.bold, text.italic, width)


def text_width(value: str, font_size: float, font_name: object = BUTTON_FONTS, bold: object = False,
               italic: object = False) -> float:
    """Width in pixels of ``value`` on one line at ``font_size`` points in ``font_name`` (default: the buttons'
    fonts), ``bold``, ``italic``: the ``content_width`` such an unwrapped ``arcade.Text`` gets (:func:`measured`)."""
    return measured(value, font_name, font_size, bold, italic)[0]


def label_width(text: str, font_size: float) -> float:
    """Width in pixels of ``text`` in a button's font (:func:`game.render.theme.button_style`) at ``font_size``."""
    return text_width(text, font_size)


def width_of(text: arcade.Text, value: str, font_size: float | None = None) -> float:
    """Width in pixels ``value`` would have on one line in ``text``'s fonts (at ``font_size``, default its own),
    without laying ``text`` out (:func:`text_width`)."""
    return text_width(value, text.font_size if font_size is None else font_size, text.font_name, text.bold,
                      text.italic)


def ellipsized(text: arcade.Text, value: str, max_width: float, size: float | None = None,
               middle: bool = False) -> str:
    """What :func:`ellipsize` leaves a one-line ``text`` showing of ``value`` in ``max_width`` pixels (cut with "…"
    at the end, or in the ``middle``), at font ``size`` points (default: its own), found by measuring
    (:func:`fitted_line` in ``text``'s fonts): ``text`` is not laid out."""
    points = text.font_size if size is None else size
    return fitted_line(value, points, max_width, None, middle=middle, font_name=text.font_name, bold=text.bold,
                       italic=text.italic)[0]


def fit_line(text: arcade.Text, value: str, max_width: float, size: float | None = None, middle: bool = False) -> None:
    """:func:`game.ui.ellipsize` at font ``size`` points (default: unchanged), in at most one layout of ``text`` and
    none when it shows that already (a screen that refits its lines on every frame lays nothing out)."""
    set_text(text, ellipsized(text, value, max_width, size, middle), size)


def ellipsize(text: arcade.Text, value: str, max_width: float, middle: bool = False) -> None:
    """Set ``text.text`` to ``value``, cut with "…" (at the end, or in the ``middle``) to ``max_width`` pixels.
    A one-line text is measured without being laid out at each cut tried (:func:`width_of`)."""
    if text.multiline:
        text.text = value
        if text.content_width <= max_width or not value:
            return
        cut_to_fit(text, value, lambda: text.content_width <= max_width, keep_ellipsis=True, middle=middle)
        return
    text.text = ellipsized(text, value, max_width, middle=middle)


def cut_to_fit(
    text: arcade.Text, value: str, fits: Callable[[], bool], keep_ellipsis: bool = False, middle: bool = False,
) -> None:
    """Set ``text.text`` to the longest cut of ``value`` (with "…") for which ``fits()`` holds.

    A binary search over how many characters are kept (``fits`` reads the text's size): the
    end is cut, or the middle when ``middle`` (paths, codes).  When not even one character
    fits, the text is "…" (``keep_ellipsis``) or empty.
    """
    def fits_at(keep: int) -> bool:
        text.text = cut_text(value, keep, middle)
        return fits()

    keep = most_kept(len(value), fits_at)
    text.text = cut_text(value, keep, middle) if keep or keep_ellipsis else ""


def most_kept(length: int, fits: Callable[[int], bool]) -> int:
    """The most characters (0..``length``) a cut may keep: the largest ``k`` for which ``fits(k)`` holds, by a
    binary search (``fits`` must hold for every ``k`` below one that fits; 0 is never asked)."""
    lo, hi = 0, length
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


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
        set_text(text, value, size)
        return
    shown, size = fitted_line(value, size, max_width, min_size, step=step, middle=middle, font_name=text.font_name,
                              bold=text.bold, italic=text.italic)
    set_text(text, shown, size)  # laid out once, as it ends


def fitted_line(value: str, size: float, max_width: float, min_size: float | None = 9, *, step: float | None = None,
                middle: bool = False, font_name: object = BUTTON_FONTS, bold: object = False,
                italic: object = False) -> tuple[str, float]:
    """What :func:`fit_text` shows of ``value`` on one line and at which font size (points), in ``font_name``,
    ``bold``, ``italic`` (default: the buttons' font): the sizes and cuts tried are measured (:func:`text_width`,
    remembered widths), no text is laid out.  Arguments as :func:`fit_text`'s."""

    def width(shown: str, points: float) -> float:
        return text_width(shown, points, font_name, bold, italic)

    wide = width(value, size)
    if wide <= max_width:
        return value, size
    if min_size is not None:
        if step is None:
            size = max(min_size, size * max_width / wide * 0.98)
            # Glyphs do not shrink in proportion (hinting rounds them to whole pixels): a text a few percent too wide
            # could stay too wide after the jump and be cut though the minimum size left room.  Half points more.
            while size > min_size and width(value, size) > max_width:
                size = max(min_size, size - 0.5)
        else:
            while size > min_size and width(value, size) > max_width:
                size = max(min_size, size - step)
        if width(value, size) <= max_width:
            return value, size
    if not value:  # (an empty value is 0 wide: only a negative width gets here)
        return value, size
    return longest_cut(value, lambda cut: width(cut, size) <= max_width, middle), size


def wrap_lines(text: arcade.Text, value: str, max_width: float, lines: int = 2) -> bool:
    """Set a multiline ``text`` to ``value`` broken at spaces into at most ``lines`` lines of at most ``max_width``
    pixels each (at its font size); a line that still does not fit ends in "…" (never cut silently).
    A leading "12." stays with the next word when both fit together.  Returns True when nothing was cut.
    Lines are measured unwrapped in the text's font (:func:`text_width`), not laid out."""
    text.width = int(max_width) + 2  # the wrapping is ours: arcade only keeps it from re-wrapping
    font = (text.font_name, text.bold, text.italic)

    def fits(line: str) -> bool:
        return text_width(line, text.font_size, *font) <= max_width

    words, out, whole = value.split(), list[str](), True
    if len(words) > 1 and words[0][:-1].isdigit() and words[0].endswith("."):
        if fits(f"{words[0]} {words[1]}"):
            words[:2] = [f"{words[0]} {words[1]}"]  # "12. Name": the number stays with the first word
    while words and len(out) < lines:
        k = len(words) if len(out) == lines - 1 else 1  # the last line takes the rest
        while k < len(words):
            if not fits(" ".join(words[:k + 1])):
                break
            k += 1
        line = " ".join(words[:k])
        if not fits(line):
            whole = False
            line = longest_cut(line, fits)
        out.append(line)
        words = words[k:]
    text.text = "\n".join(out)
    return whole


def longest_cut(value: str, fits: Callable[[str], bool], middle: bool = False) -> str:
    """The longest :func:`cut_text` of ``value`` (with "…") for which ``fits`` holds, found by a binary search
    over how many characters are kept; "…" when not even one character fits."""
    return cut_text(value, most_kept(len(value), lambda keep: fits(cut_text(value, keep, middle))), middle)


def break_path(value: str, fits: Callable[[str], bool], lines: int) -> list[str]:
    """``value`` (a path, a file name) broken into at most ``lines`` lines for which ``fits`` holds, each break
    after a ``/``, ``-``, ``_``, ``.`` or space, so the whole path shows (nothing is cut while ``lines`` is
    enough; a piece with no break that fits, or what is left for the last line, is cut with "…" in the middle).
    Returns at least one line."""
    import re

    pieces = [p for p in re.split(r"(?<=[/\\_\-. ])", value) if p]
    out: list[str] = []
    line = ""
    for piece in pieces:
        if not line or fits(line + piece) or len(out) == lines - 1:
            line += piece
            continue
        out.append(line)
        line = piece
    out.append(line)
    return [line if fits(line) else longest_cut(line, fits, middle=True) for line in out]

