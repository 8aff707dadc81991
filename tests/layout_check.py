"""Layout checks for headless view tests: text boxes inside the window and not overlapping each other."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Box = tuple[float, float, float, float]  # left, bottom, right, top


def text_box(text: Any) -> Box:
    """The pixel box an ``arcade.Text`` covers (from its position, anchors and content size)."""
    w, h = float(text.content_width), float(text.content_height)
    x, y = float(text.x), float(text.y)
    left = {"left": x, "center": x - w / 2, "right": x - w}[text.anchor_x]
    anchor_y = text.anchor_y
    if anchor_y == "top":
        bottom = y - h
    elif anchor_y == "center":
        bottom = y - h / 2
    elif anchor_y == "baseline":
        bottom = y - h * 0.25
    else:
        bottom = y
    return left, bottom, left + w, bottom + h


def layout_problems(texts: Iterable[Any], width: int, height: int, slack: float = 1.0) -> list[str]:
    """Sentences naming every text that leaves the window or overlaps another (empty: all good)."""
    shown = [(t, text_box(t)) for t in texts if getattr(t, "text", "")]
    out = []
    for t, (l, b, r, top) in shown:
        if l < -slack or b < -slack or r > width + slack or top > height + slack:
            out.append(f"{t.text[:40]!r} leaves the {width}x{height} window: box {l:.0f},{b:.0f},{r:.0f},{top:.0f}")
    for i, (a, (al, ab, ar, at)) in enumerate(shown):
        for bt, (bl, bb, br, btop) in shown[i + 1:]:
            if min(ar, br) - max(al, bl) > slack and min(at, btop) - max(ab, bb) > slack:
                out.append(f"{a.text[:30]!r} overlaps {bt.text[:30]!r}")
    return out
