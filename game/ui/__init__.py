"""``arcade.gui`` import (with the headless shim), the one button class and layout helpers.

arcade 3.3.3 + pyglet 2.1 headless: ``import arcade.gui`` fails unless
``pyglet.window.xlib`` is imported first and ``arcade.ControllerManager`` is set.
Harmless in a normal window.

Layout helpers (every screen lays out from the window size, 800×600 .. 3840×2160):

- :func:`ui_scale` — one factor from the window size (1.0 at 1280×800) times the player's text size.
- :func:`text_scale` / :func:`set_text_size` — the text/UI size of Settings (100..200 %, :data:`TEXT_SIZES`):
  every screen's fonts and widgets grow with it, and shrink back only where the window has no room.
- :func:`fit_text` — shrink an ``arcade.Text`` to a width, then end it in "…" (with the other fitters and the
  remembered text widths in :mod:`game.ui.textfit`).
- :func:`place_column` / :func:`place_grid` — set button rectangles (no arcade.gui layouts:
  a button's rectangle and font follow the window on every resize).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import arcade

from game.render.motion import reduced_motion, set_reduced_motion
from game.render.theme import Theme, field_style

if arcade.headless:  # pragma: no cover - depends on the environment
    try:
        import pyglet.window.xlib  # noqa: F401
    except Exception:
        pass
    from arcade.controller import ControllerManager

    setattr(arcade, "ControllerManager", ControllerManager)  # noqa: B010 - the shim arcade.gui expects

import arcade.gui as gui  # noqa: E402
from arcade.types import LBWH  # noqa: E402

from game.ui.arcade_speed import install as _arcade_speed  # noqa: E402
from game.ui.textfit import (  # noqa: E402,F401 - the text fitters, used through game.ui
    ELLIPSIS,
    cut_text,
    cut_to_fit,
    ellipsize,
    fit_text,
    label_width,
    snap_to_pixels,
    text_width,
    width_of,
    wrap_lines,
)

_arcade_speed()  # glyph bitmaps by numpy, equal text values lay nothing out, fonts kept, screens freed

FONT = ("DejaVu Sans", "Arial", "calibri")
TITLE_FONT = ("Kenney Future", "DejaVu Sans", "Arial")

#: Window sizes the game supports (the window refuses to get smaller).
MIN_WIDTH, MIN_HEIGHT = 800, 600


class ActionButton(gui.UIFlatButton):
    """A flat button that calls ``action()`` when clicked.

    Args:
        action: called with no argument on a click (keyboard activation is the view's business).
        **kwargs: as for :class:`arcade.gui.UIFlatButton`.
    """

    def __init__(self, action: Callable[[], object], **kwargs: Any) -> None:
        # arcade makes the label in its own default font, then restyles it: the label gets its text after the
        # style, so it is laid out once, in the button's font (not twice, in two fonts with two glyph textures).
        text = str(kwargs.pop("text", ""))
        super().__init__(text="", **kwargs)
        if text:
            self.text = text
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
        if self._active and isinstance(event, (gui.UITextMotionEvent, gui.UITextMotionSelectEvent)):
            motion = event.motion if isinstance(event, gui.UITextMotionEvent) else event.selection
            to = self._line_end(motion)
            if to is not None:  # pyglet's caret puts Home one character in on this one-line layout
                selecting = isinstance(event, gui.UITextMotionSelectEvent)
                if selecting and self.caret.mark is None:
                    self.caret.mark = self.caret.position
                elif not selecting:
                    self.caret.mark = None  # type: ignore[assignment]  # (pyglet clears a selection so)
                self.caret.position = to
                self.trigger_full_render()
                return True
        return bool(super().on_event(event))

    def _line_end(self, motion: int) -> int | None:
        """Where Home / End (and their document-wide twins) put the caret of this one-line field; None for
        other motions."""
        k = arcade.key
        if motion in (k.MOTION_BEGINNING_OF_LINE, k.MOTION_BEGINNING_OF_FILE):
            return 0
        if motion in (k.MOTION_END_OF_LINE, k.MOTION_END_OF_FILE):
            return len(self.text)
        return None


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


#: The keyboard focus ring's stroke at 1280×800 in pixels (the high-contrast theme draws it twice as thick).
FOCUS_RING_PX = 3


def focus_ring_width(theme: Theme, width: float, height: float) -> int:
    """The keyboard focus ring's stroke in pixels for a ``width`` × ``height`` window: :data:`FOCUS_RING_PX` at
    1280×800 (and below), growing with the window as the screens do (×2.7 at 3840×2160), times the theme's
    ``wall_scale`` (high contrast: twice as thick, as its walls) and never thinner than its button outlines."""
    grow = max(1.0, min(width / 1280, height / 800))
    return max(round(FOCUS_RING_PX * grow * theme.wall_scale), theme.button_border + 1)


def focus_ring_reach(theme: Theme, width: float, height: float) -> float:
    """How far (pixels) the focus ring :func:`draw_focus_ring` draws reaches outside its rectangle in a ``width`` ×
    ``height`` window: its offset, a stroke and a pixel, plus the outer half of the stroke."""
    return 1 + 1.5 * focus_ring_width(theme, width, height)


def draw_focus_ring(left: float, right: float, bottom: float, top: float, theme: Theme, width: float,
                    height: float) -> None:
    """The focus ring around the rectangle ``left..right`` × ``bottom..top`` (pixels) in a ``width`` × ``height``
    window: :func:`focus_ring_width` thick, in the theme's focus colour, a stroke's width outside the rectangle."""
    stroke = focus_ring_width(theme, width, height)
    off = 1 + stroke
    arcade.draw_lrbt_rectangle_outline(left - off, right + off, bottom - off, top + off, theme.focus,
                                       border_width=stroke)


#: The least window-size factor of small print (key help, footers): 800x600's own factor is 0.625, which put an
#: 11 pt footer at 9 px; the editor's panel keeps this floor too (``game.editor.panel``).
SMALL_PRINT_FLOOR = 0.75


def small_print_scale(width: float, height: float) -> float:
    """:func:`ui_scale` for small print (footers, key help): never below :data:`SMALL_PRINT_FLOOR` times
    :func:`text_scale`, so an 11 pt line stays 11 px in an 800x600 window (it grows with the text size, as
    :func:`ui_scale` does)."""
    return max(ui_scale(width, height), SMALL_PRINT_FLOOR * text_scale())


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
    "small_print_scale", "SMALL_PRINT_FLOOR",
    "TEXT_SIZES", "TEXT_SIZE_SETTING", "set_text_size", "text_size", "text_scale", "reduced_motion",
    "set_reduced_motion",
    "cut_text", "cut_to_fit", "ellipsize", "enable_ui", "wrap_lines", "label_width", "fit_text", "place_column",
    "place_grid", "snap_to_pixels", "text_width", "width_of", "FOCUS_RING_PX", "focus_ring_width", "focus_ring_reach",
    "draw_focus_ring",
]
