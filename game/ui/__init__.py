"""``arcade.gui`` import (with the headless shim), the one button class and layout helpers.

arcade 3.3.3 + pyglet 2.1 headless: ``import arcade.gui`` fails unless
``pyglet.window.xlib`` is imported first and ``arcade.ControllerManager`` is set.
Harmless in a normal window.

Layout helpers (every screen lays out from the window size, 800×600 .. 3840×2160):

- :func:`ui_scale` — one factor from the window size (1.0 at 1280×800) times the player's text size.
- :func:`text_scale` / :func:`set_text_size` — the text/UI size of Settings (100..200 %, :data:`TEXT_SIZES`):
  every screen's fonts and widgets grow with it, and shrink back only where the window has no room.
- :func:`fit_text` — shrink an ``arcade.Text`` to a width, then end it in "…".
- :func:`place_column` / :func:`place_grid` — set button rectangles (no arcade.gui layouts:
  a button's rectangle and font follow the window on every resize).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any

import arcade

from game.render.motion import reduced_motion, set_reduced_motion
from game.render.theme import BUTTON_FONTS, Theme, field_style

if arcade.headless:  # pragma: no cover - depends on the environment
    try:
        import pyglet.window.xlib  # noqa: F401
    except Exception:  # noqa: BLE001
        pass
    from arcade.controller import ControllerManager

    setattr(arcade, "ControllerManager", ControllerManager)  # noqa: B010 - the shim arcade.gui expects

import arcade.gui as gui  # noqa: E402
from arcade.types import LBWH  # noqa: E402

from game.ui.glyphs import install as _fast_glyphs  # noqa: E402

_fast_glyphs()  # new glyphs without pyglet's per-pixel Python loop (game/ui/glyphs.py)

FONT = ("DejaVu Sans", "Arial", "calibri")
TITLE_FONT = ("Kenney Future", "DejaVu Sans", "Arial")
ELLIPSIS = "\u2026"

#: Window sizes the game supports (the window refuses to get smaller).
MIN_WIDTH, MIN_HEIGHT = 800, 600


class ActionButton(gui.UIFlatButton):
    """A flat button that calls ``action()`` when clicked.

    Args:
        action: called with no argument on a click (keyboard activation is the view's business).
        **kwargs: as for :class:`arcade.gui.UIFlatButton`.
    """

    def __init__(self, action: Callable[[], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.action = action
        #: The label's font size in points as last set by :meth:`set_font_size` (0 before).
        self.font_px = 0.0

    def on_click(self, event: gui.UIOnClickEvent) -> None:
        """Run the action."""
        self.action()

    def set_font_size(self, size: float, style: dict[str, Any]) -> None:
        """Use ``style`` (a button style dict built for ``size``) from the next render on."""
        self.font_px = float(size)
        self.style = style
        current = self.get_current_style()
        if current is not None:  # resize the label now, so the layout before the next render centres it
            self._apply_style(current)
        self.trigger_full_render()


#: Seconds between caret blink toggles (pyglet's default is 0.5): each toggle redraws the whole screen.
CARET_BLINK_PERIOD = 0.6
#: Seconds of blinking after the last input or focus; then the caret stays steadily visible and
#: the screen draws nothing until the next input (like GTK's ``gtk-cursor-blink-timeout``).
CARET_BLINK_FOR = 5.0


class CodeField(gui.UIInputText):
    """A one-line text field that ignores control characters and whose caret stops blinking when idle.

    The Enter key that opened a screen also arrives there as text (``"\r"``); a
    plain :class:`arcade.gui.UIInputText` would insert it and draw a missing-glyph box.

    Every caret blink re-renders the UI and presents a full frame (costly at 4K), so the
    caret blinks slowly (:data:`CARET_BLINK_PERIOD`) for :data:`CARET_BLINK_FOR` seconds after
    the last input or focus, then stays on without redrawing; any input restarts the blink.

    The text sits in the middle of the box (arcade's field puts it at the top), and with
    ``theme`` the field gets :func:`game.render.theme.field_style` and a caret in the text colour.
    """

    def __init__(self, *, theme: Theme | None = None, **kwargs: Any) -> None:
        if theme is not None:
            kwargs.setdefault("style", field_style(theme))
            kwargs.setdefault("text_color", theme.text)
            kwargs.setdefault("caret_color", theme.text)
        super().__init__(**kwargs)
        self.layout.content_valign = "center"  # arcade 3.3's UIInputText has no option for it: pyglet's layout
        self.caret.PERIOD = CARET_BLINK_PERIOD
        self.idle_time = 0.0  # seconds since the last input/focus
        self._select_all_key = False  # Ctrl+A was the last key (a motion it may also send is swallowed)

    def blinking(self) -> bool:
        """True while the caret blinks (the field is active and had input recently)."""
        return bool(self.caret.PERIOD) and bool(self._active)

    def wake_caret(self) -> None:
        """Input or focus: restart the blink (caret shown at once)."""
        self.idle_time = 0.0
        if not self.caret.PERIOD:
            self.caret.PERIOD = CARET_BLINK_PERIOD
            self.caret.visible = self.caret.visible  # pyglet: reschedule the blink, caret on

    def _steady_caret(self) -> None:
        self.caret.PERIOD = 0  # pyglet's "no blink": the setter below schedules nothing
        self.caret._blink_visible = True
        self.caret.visible = self.caret.visible  # unschedule the blink, show the caret

    def on_update(self, dt: float) -> None:
        """Stop blinking after :data:`CARET_BLINK_FOR` idle seconds, then arcade's blink-state check."""
        self.idle_time += dt
        if self.caret.PERIOD and self.idle_time >= CARET_BLINK_FOR:
            self._steady_caret()
        super().on_update(dt)  # type: ignore[no-untyped-call]

    def activate(self) -> None:
        """Take the keyboard, caret blinking."""
        self.wake_caret()
        super().activate()  # type: ignore[no-untyped-call]

    def select_all(self) -> None:
        """Select the whole text (Ctrl+A): typing then replaces it, Backspace clears it."""
        self.caret.position = len(self.text)
        self.caret.mark = 0
        self.trigger_full_render()

    def on_event(self, event: gui.UIEvent) -> bool | None:
        """Ctrl+A selects all; text events that carry no printable character are dropped; the rest as usual."""
        if isinstance(event, (gui.UITextInputEvent, gui.UITextMotionEvent, gui.UITextMotionSelectEvent,
                              gui.UIKeyPressEvent, gui.UIMousePressEvent)):
            self.wake_caret()
        k = arcade.key
        if (isinstance(event, gui.UIKeyPressEvent) and self._active and event.symbol == k.A
                and event.modifiers & (k.MOD_CTRL | k.MOD_COMMAND)):
            self.select_all()
            self._select_all_key = True
            return True
        if isinstance(event, gui.UITextMotionEvent) and self._select_all_key:
            self._select_all_key = False  # a platform that also sends Ctrl+A as "to the line start": not here
            if event.motion in (k.MOTION_BEGINNING_OF_LINE, k.MOTION_BEGINNING_OF_FILE):
                return True
        elif not isinstance(event, gui.UITextInputEvent):
            self._select_all_key = False
        if isinstance(event, gui.UITextInputEvent) and not event.text.isprintable():
            return True
        return bool(super().on_event(event))


_MEASURE: list[arcade.Text] = []
#: Widths :func:`label_width` measured, by (text, font size): a width depends on nothing else (the buttons' font
#: is fixed), and measuring lays a pyglet text out twice (a setup screen's click re-measured every label).
_WIDTHS: dict[tuple[str, float], float] = {}


def label_width(text: str, font_size: float) -> float:
    """Width in pixels of ``text`` in a button's font (:func:`game.render.theme.button_style`) at ``font_size``."""
    if not _MEASURE:
        _MEASURE.append(arcade.Text("", 0, 0, font_name=BUTTON_FONTS, font_size=12))
        _MEASURE.append(arcade.Text("", 0, 0, font_size=12))
    width = _WIDTHS.get((text, font_size))
    if width is None:
        t = _MEASURE[0]
        with t:  # one pyglet layout for both changes
            t.font_size = font_size
            t.text = text
        width = float(t.content_width)
        if len(_WIDTHS) >= 4096:  # labels times sizes: a few hundred in a session; never a growing pile
            _WIDTHS.clear()
        _WIDTHS[(text, font_size)] = width
    return width


def needs_render(ui: gui.UIManager) -> bool:
    """True when a shown widget of ``ui`` wants drawing (hover, press, a label or state change); a hidden widget
    is never drawn, so its wish never clears and must not keep the screen redrawing."""
    return any(w._requires_render and w.visible for w in ui.walk_widgets())


# Typed entry points to arcade.gui methods that arcade leaves unannotated (mypy --strict
# forbids calling those from typed code); the views call these instead.
def focus(field: gui.UIInputText) -> None:
    """Give ``field`` the keyboard (``UIInputText.activate``)."""
    field.activate()  # type: ignore[no-untyped-call]


def unfocus(field: gui.UIInputText) -> None:
    """Take the keyboard from ``field`` (``UIInputText.deactivate``)."""
    field.deactivate()  # type: ignore[no-untyped-call]


def enable_ui(ui: gui.UIManager) -> None:
    """Enable ``ui`` and size its surfaces to the window now.

    A disabled ``UIManager`` does not hear ``on_resize``: a window resized while it was off
    (at start, behind an overlay, on another screen) left its surface at the old size, and
    buttons placed for the new size outside the old surface were not drawn.
    """
    ui.enable()
    size = ui.window.get_size()
    if any(surface.size != size for surface in ui._surfaces.values()):
        ui.on_resize(*size)  # type: ignore[no-untyped-call]


def request_render(ui: gui.UIManager) -> None:
    """Redraw all of ``ui``'s widgets before the next frame (``UIManager.trigger_render``)."""
    ui.trigger_render()  # type: ignore[no-untyped-call]


def clear_widgets(ui: gui.UIManager) -> None:
    """Remove every widget of ``ui`` (``UIManager.clear``)."""
    ui.clear()  # type: ignore[no-untyped-call]


#: The text/UI sizes Settings offers (percent of the normal size).
TEXT_SIZES = (100, 125, 150, 175, 200)
#: The saved setting holding the text size (percent).
TEXT_SIZE_SETTING = "text_size"
_TEXT_SIZE = [100]


def set_text_size(percent: object) -> int:
    """Use text size ``percent`` (any value; not a number -> 100, else the nearest of :data:`TEXT_SIZES`)
    for every layout from now on; returns the size used."""
    try:
        value = float(str(percent))
    except ValueError:
        value = 100.0
    if value != value:  # NaN
        value = 100.0
    _TEXT_SIZE[0] = min(TEXT_SIZES, key=lambda size: abs(size - value))
    return _TEXT_SIZE[0]


def text_size() -> int:
    """The text size in use, percent (100..200)."""
    return _TEXT_SIZE[0]


def text_scale() -> float:
    """The text size as a factor (1.0 .. 2.0): layouts multiply their window-size scale by it."""
    return _TEXT_SIZE[0] / 100


def ui_scale(width: float, height: float) -> float:
    """Size factor for a window of ``width`` × ``height`` pixels: 1.0 at 1280×800, 0.75 at 800×600, ≤ 2.5,
    times :func:`text_scale` (so up to 1.5 at 800×600 with text at 200 %)."""
    return max(0.6, min(2.5, min(width / 1280, height / 800))) * text_scale()


def ellipsize(text: arcade.Text, value: str, max_width: float, middle: bool = False) -> None:
    """Set ``text.text`` to ``value``, cut with "…" (at the end, or in the ``middle``) to ``max_width`` pixels."""
    text.text = value
    if text.content_width <= max_width or not value:
        return
    cut_to_fit(text, value, lambda: text.content_width <= max_width, keep_ellipsis=True, middle=middle)


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
    resize, retext = text.font_size != size, text.text != value
    if resize or retext:
        with text:  # one pyglet layout for both changes (each alone lays the text out)
            if resize:
                text.font_size = size
            if retext:
                text.text = value
    if text.multiline or text.content_width <= max_width:
        return
    if min_size is not None:
        if step is None:
            text.font_size = max(min_size, size * max_width / text.content_width * 0.98)
            # Glyphs do not shrink in proportion (hinting rounds them to whole pixels): a text a few percent too wide
            # could stay too wide after the jump and be cut though the minimum size left room.  Half points more.
            while text.font_size > min_size and text.content_width > max_width:
                text.font_size = max(min_size, text.font_size - 0.5)
        else:
            while text.font_size > min_size and text.content_width > max_width:
                text.font_size = max(min_size, text.font_size - step)
        if text.content_width <= max_width:
            return
    cut_to_fit(text, value, lambda: text.content_width <= max_width, keep_ellipsis=True, middle=middle)


def wrap_lines(text: arcade.Text, value: str, max_width: float, lines: int = 2) -> bool:
    """Set a multiline ``text`` to ``value`` broken at spaces into at most ``lines`` lines of at most ``max_width``
    pixels each (at its font size); a line that still does not fit ends in "…" (never cut silently).
    A leading "12." stays with the next word when both fit together.  Returns True when nothing was cut."""
    text.width = int(max_width) + 2  # the wrapping is ours: arcade only keeps it from re-wrapping
    if not _MEASURE:
        label_width("", 12)  # makes the measuring texts
    line = _MEASURE[1]  # one line, measured unwrapped in the text's font
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


def place_column(
    buttons: Sequence[gui.UIWidget], cx: float, top: float, bottom: float, width: float, max_height: float,
    gap_ratio: float = 0.27,
) -> float:
    """Stack ``buttons`` centred on ``cx`` from ``top`` down, fitting between ``top`` and ``bottom``.

    Each button gets ``width`` and the largest height up to ``max_height`` that fits
    (gaps are ``gap_ratio`` of a height).  Returns the button height used (pixels).
    """
    n = len(buttons)
    if n == 0:
        return 0.0
    h = min(max_height, (top - bottom) / (n + (n - 1) * gap_ratio))
    h = max(h, 16.0)
    gap = h * gap_ratio
    for i, btn in enumerate(buttons):
        y = top - (i + 1) * h - i * gap
        btn.rect = LBWH(round(cx - width / 2), round(y), round(width), round(h))
    return h


def place_grid(
    buttons: Sequence[gui.UIWidget], left: float, top: float, columns: int, width: float, height: float,
    gap: float,
) -> None:
    """Place ``buttons`` in rows of ``columns`` from (``left``, ``top``) downwards, each ``width`` × ``height``."""
    for i, btn in enumerate(buttons):
        r, c = divmod(i, columns)
        btn.rect = LBWH(round(left + c * (width + gap)), round(top - (r + 1) * height - r * gap), round(width),
                        round(height))


__all__ = [
    "gui", "ActionButton", "CodeField", "FONT", "TITLE_FONT", "ELLIPSIS", "MIN_WIDTH", "MIN_HEIGHT", "ui_scale",
    "TEXT_SIZES", "TEXT_SIZE_SETTING", "set_text_size", "text_size", "text_scale", "reduced_motion",
    "set_reduced_motion",
    "cut_text", "cut_to_fit", "ellipsize", "enable_ui", "wrap_lines", "label_width", "fit_text", "place_column",
    "place_grid",
]
