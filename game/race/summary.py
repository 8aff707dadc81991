"""What the race result screens share: a run's moves against the shortest path, and their one layout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade

from game.format import count
from game.ui import fit_text, text_scale


def ratio(steps: int, shortest: int) -> str:
    """``"123 moves (1.45x shortest)"``."""
    if shortest <= 0:
        return count(steps, "move")
    return f"{count(steps, 'move')} ({steps / shortest:.2f}x shortest)"


def stack_result(view: Any, width: int, height: int, indent: Callable[[arcade.Text], float] | None = None) -> None:
    """Lay a result screen out for ``width`` × ``height`` px: its three-wide buttons sized from the width, its
    ``rows`` (``(text, value, size, cut_in_the_middle)``) stacked from the top, each fitted to the width less
    ``indent(text)`` px (room for a marker beside it), then its ``status`` line; the block of lines sits in the
    middle of the room above the buttons (at the top when it fills it)."""
    scale = max(0.7, min(1.6, min(width / 1280, height / 800))) * text_scale()
    bw, bh = int(min(300 * scale, (width - 80) / 3)), int(42 * max(0.85, scale))
    for btn in view.buttons:
        btn.rect = btn.rect.resize(bw, bh)
    view.style_buttons(min(14 * scale, bh * 0.4))  # labels grow with the window, shrink to fit their button
    gaps = []
    for text, value, size, middle in view.rows:
        room = width - 40 - (indent(text) if indent is not None else 0.0)
        fit_text(text, value, max(9, int(size * scale)), room, max(9, int(size * scale * 0.7)), step=1, middle=middle)
        gaps.append(text.content_height + 8 * scale)
    view.status.font_size = max(10, int(14 * scale))
    top = height - 30 * scale
    buttons_top = 24 + -(-len(view.buttons) // 3) * (bh + 10)
    block = sum(gaps) + view.status.font_size * 2  # the lines and room for the status line under them
    y = min(top, (top + buttons_top + block) / 2)
    for (text, *_), gap in zip(view.rows, gaps, strict=True):
        text.position = (width / 2, y)
        y -= gap
    view.status.position = (width / 2, y)
    view.ui.trigger_render()
