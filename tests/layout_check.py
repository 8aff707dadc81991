"""Reusable layout check: draw a view at a window size and verify its texts and buttons.

``check_layout(window, view, width, height)`` resizes the (headless) window, shows
the view, draws one frame while recording every ``arcade.Text`` drawn outside the
view's ``arcade.gui`` manager, collects the rectangles of its visible buttons, and
returns a list of problems (empty = good):

- a text or button leaves the window;
- two texts overlap, a text overlaps a button (unless it lies wholly inside it: a label drawn on
  the button), or two buttons overlap;
- a button's label is wider than the button.

Boxes are content boxes (``content_width`` × ``content_height`` placed by the
text's anchors; multi-line texts use their wrap width and alignment).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import arcade

Box = tuple[float, float, float, float]  # left, bottom, right, top
TOLERANCE = 1.0  # pixels


def text_box(t: arcade.Text) -> Box:
    """The pixels ``t``'s glyphs cover (from its anchors, content size and, for multi-line, its wrap width)."""
    w, h = t.content_width, t.content_height
    x, y = t.x, t.y
    if t.multiline and t.width:
        box_left = {"left": x, "center": x - t.width / 2, "right": x - t.width}[t.anchor_x]
        align = t.align
        left = {"left": box_left, "center": box_left + (t.width - w) / 2, "right": box_left + t.width - w}.get(
            align, box_left)
    else:
        left = {"left": x, "center": x - w / 2, "right": x - w}[t.anchor_x]
    bottom = {"bottom": y, "baseline": y - h * 0.25, "center": y - h / 2, "top": y - h}.get(t.anchor_y, y)
    if t.anchor_y == "baseline" and not t.multiline:
        bottom = y - h * 0.25
    return (left, bottom, left + w, bottom + h)


def _overlap(a: Box, b: Box) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE) and (min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE)


@contextmanager
def recording_texts() -> Iterator[list[arcade.Text]]:
    """Record the ``arcade.Text`` objects drawn inside the block (excluding those a UIManager draws)."""
    from arcade.gui import UIManager

    drawn: list[arcade.Text] = []
    depth = [0]
    text_draw, ui_draw = arcade.Text.draw, UIManager.draw

    def record(self: arcade.Text) -> None:
        if depth[0] == 0 and self.text.strip() and self.visible:
            drawn.append(self)
        text_draw(self)

    def ui(self: Any, *args: Any, **kwargs: Any) -> None:
        depth[0] += 1
        try:
            ui_draw(self, *args, **kwargs)
        finally:
            depth[0] -= 1

    arcade.Text.draw = record  # type: ignore[method-assign]
    UIManager.draw = ui  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        arcade.Text.draw = text_draw  # type: ignore[method-assign]
        UIManager.draw = ui_draw  # type: ignore[method-assign]


def visible_buttons(view: Any) -> list[Any]:
    """The enabled-UI buttons of ``view`` (and of an open overlay with ``visible`` and ``buttons``)."""
    out = list(getattr(view, "buttons", []) or [])
    overlay = getattr(view, "_pause", None)
    if overlay is not None and getattr(overlay, "visible", False):
        out = list(overlay.buttons)  # the overlay covers the screen
    return [b for b in out if getattr(b, "visible", True)]


def label_overflows(button: Any) -> bool:
    """True when ``button``'s label text (its glyphs, not the label widget, which the button clips to its own
    size) is wider or taller than the button."""
    label = button.ui_label
    text = getattr(label, "_label", None)  # the arcade.Text inside arcade.gui's UILabel
    w, h = (text.content_width, text.content_height) if text is not None else (label.rect.width, label.rect.height)
    return bool(w > button.rect.width + TOLERANCE or h > button.rect.height + TOLERANCE)


def set_window_size(window: arcade.Window, width: int, height: int) -> None:
    """Resize ``window``; a headless (EGL) window cannot, so its reported size is set instead."""
    window.set_size(width, height)
    if window.get_size() != (width, height):
        window._width, window._height = width, height  # type: ignore[attr-defined]
    window.dispatch_event("on_resize", width, height)


def check_layout(window: arcade.Window, view: Any, width: int, height: int) -> list[str]:
    """Problems of ``view`` drawn in a ``width`` × ``height`` window (see the module doc)."""
    if window.current_view is not view:
        window.show_view(view)
    # One resize event, as a real window sends: the view lays out once at this size (it used to be laid out
    # twice more, the window's event and a direct call, which made layout tests a third of the suite's time).
    set_window_size(window, width, height)
    view.on_draw()  # layout of the gui widgets happens during the first draw
    with recording_texts() as texts:
        view.on_draw()
    window.ctx.gc()  # the textures and framebuffers the last size dropped (the game's window frees them each frame)
    problems: list[str] = []
    name = type(view).__name__
    boxes: list[tuple[str, Box]] = []
    for t in texts:
        boxes.append((f"text {t.text[:40]!r}", text_box(t)))
    painted = getattr(view, "painted_boxes", None)  # texts and tiles a view paints into a picture of its own
    if callable(painted):
        boxes += [(f"{what} {label[:40]!r}", box) for what, label, box in painted()]
    for b in visible_buttons(view):
        r = b.rect
        boxes.append((f"button {b.text[:30]!r}", (r.left, r.bottom, r.right, r.top)))
        if label_overflows(b):
            problems.append(f"{name} {width}x{height}: label {b.text[:30]!r} is larger than its button")
    for what, (l, btm, r, t) in boxes:
        if l < -TOLERANCE or btm < -TOLERANCE or r > width + TOLERANCE or t > height + TOLERANCE:
            problems.append(f"{name} {width}x{height}: {what} leaves the window ({l:.0f},{btm:.0f},{r:.0f},{t:.0f})")
    button_boxes = [b for w, b in boxes if w.startswith(("button", "tile"))]

    def on_a_button(box: Box) -> bool:  # a text drawn wholly inside a button is that button's label
        return any(b[0] <= box[0] + TOLERANCE and box[2] <= b[2] + TOLERANCE and b[1] <= box[1] + TOLERANCE
                   and box[3] <= b[3] + TOLERANCE for b in button_boxes)

    is_text = [w.startswith("text") for w, _ in boxes]
    labels = [t and on_a_button(box) for t, (_, box) in zip(is_text, boxes, strict=True)]  # once per text, not per pair
    for i, (wa, a) in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            wb, b = boxes[j]
            if is_text[i] != is_text[j] and labels[i if is_text[i] else j]:
                continue
            if _overlap(a, b):
                problems.append(f"{name} {width}x{height}: {wa} overlaps {wb}")
    return problems


def layout_problems(texts: Iterable[Any], width: int, height: int) -> list[str]:
    """Sentences naming every text of ``texts`` that leaves the window or overlaps another (empty: all good).

    For views that keep their texts in a list (no drawing needed); :func:`check_layout` records them instead.
    """
    shown = [(t, text_box(t)) for t in texts if getattr(t, "text", "")]
    out = []
    for t, (left, bottom, right, top) in shown:
        if left < -TOLERANCE or bottom < -TOLERANCE or right > width + TOLERANCE or top > height + TOLERANCE:
            out.append(f"{t.text[:40]!r} leaves the {width}x{height} window: "
                       f"box {left:.0f},{bottom:.0f},{right:.0f},{top:.0f}")
    for i, (a, abox) in enumerate(shown):
        for b, bbox in shown[i + 1:]:
            if _overlap(abox, bbox):
                out.append(f"{a.text[:30]!r} overlaps {b.text[:30]!r}")
    return out
