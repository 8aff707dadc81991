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


#: The lines of a result screen that never give way to the buttons (the heading, who won, the first runs).
KEPT_ROWS = 4


def stack_result(view: Any, width: int, height: int, indent: Callable[[arcade.Text], float] | None = None) -> None:
    """Lay a result screen out for ``width`` × ``height`` px: its three-wide buttons sized from the width, its
    ``rows`` (``(text, value, size, cut_in_the_middle)``) stacked from the top, each fitted to the width less
    ``indent(text)`` px (room for a marker beside it), then its ``status`` line; the block of lines sits in the
    middle of the room above the buttons (at the top when it fills it); lines past :data:`KEPT_ROWS` that would
    reach the buttons are left out, the last first."""
    scale = max(0.7, min(1.6, min(width / 1280, height / 800))) * text_scale()
    # buttons: 42 px tall at 1x, growing with the scale but, past 1.4x, only as their label needs (at 200 % text
    # in a 1080p window they were 113 px tall and the lines above ran into them)
    bw, bh = int(min(300 * scale, (width - 80) / 3)), int(min(42 * max(0.85, scale), max(42.0, 30 * scale)))
    for btn in view.buttons:
        btn.rect = btn.rect.resize(bw, bh)
    view.style_buttons(min(14 * scale, bh * 0.5))  # labels grow with the window, shrink to fit their button
    gaps = []
    spacing = min(8 * scale, 4 * scale + 6)
    for text, value, size, middle in view.rows:
        room = width - 40 - (indent(text) if indent is not None else 0.0)
        fit_text(text, value, max(9, int(size * scale)), room, max(9, int(size * scale * 0.7)), step=1, middle=middle)
        gaps.append(text.content_height + spacing)
    view.status.font_size = max(10, int(14 * scale))
    top = height - 30 * scale
    buttons_top = 24 + -(-len(view.buttons) // 3) * (bh + 10)
    reserve = view.status.font_size * 2  # room for the status line under the lines
    # a short window at a large text size: the last lines (the dim notes on codes and ghosts) give way, from the
    # bottom, rather than run into the buttons; the first KEPT_ROWS always stay
    for i in range(len(gaps) - 1, KEPT_ROWS - 1, -1):
        if sum(gaps) + reserve <= top - buttons_top:
            break
        view.rows[i][0].text = ""
        gaps[i] = 0.0
    block = sum(gaps) + reserve
    y = min(top, (top + buttons_top + block) / 2)
    for (text, *_), gap in zip(view.rows, gaps, strict=True):
        text.position = (width / 2, y)
        y -= gap
    view.status.position = (width / 2, y)
    view.ui.trigger_render()
