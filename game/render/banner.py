"""The ribbon that celebrates a completed world over the campaign map: "World complete!", the world's name and
stars, and what comes of it.  It unrolls from the middle in :data:`UNROLL` seconds (at once with reduced motion),
stays :data:`SHOWN` seconds, and any key or click puts it away early.  Pure drawing: what it says is given.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import arcade

from game.render.theme import Theme, contrast_ratio

#: Seconds the ribbon takes to unroll, then seconds it stays.
UNROLL, SHOWN = 0.35, 3.5


@dataclass
class Banner:
    """One celebration.

    Attributes:
        title: the big line ("World complete!"); lines: the lines under it; age: seconds shown so far;
        still: reduced motion (shown whole at once).
    """

    title: str
    lines: list[str]
    still: bool = False
    age: float = 0.0
    texts: list[Any] = field(default_factory=list)

    @property
    def visible(self) -> bool:
        """True until its time is up or it was put away."""
        return self.age < UNROLL + SHOWN

    def advance(self, dt: float) -> None:
        """Let ``dt`` seconds pass."""
        self.age += max(0.0, dt)

    def dismiss(self) -> None:
        """Put it away now."""
        self.age = UNROLL + SHOWN

    def draw(self, theme: Theme, width: int, height: int, scale: float) -> None:
        """The ribbon across the middle of a ``width`` × ``height`` window (``scale``: the window's text scale)."""
        if not self.texts:
            ink = max((theme.background, theme.text), key=lambda c: contrast_ratio(c, theme.star))
            self.texts = [arcade.Text(self.title, 0, 0, ink, 34, bold=True, anchor_x="center", anchor_y="center")]
            self.texts += [arcade.Text(line, 0, 0, ink, 16, anchor_x="center", anchor_y="center")
                           for line in self.lines]
        big, rest = self.texts[0], self.texts[1:]
        big.font_size = 34 * scale
        for t in rest:
            t.font_size = 16 * scale
        while big.content_width > width - 40 and big.font_size > 10:
            big.font_size *= 0.9
        for t in rest:
            while t.content_width > width - 40 and t.font_size > 8:
                t.font_size *= 0.9
        heights = [big.content_height * 1.1, *(t.content_height * 1.15 for t in rest)]
        band = sum(heights) + 28 * scale
        share = 1.0 if self.still else min(1.0, self.age / UNROLL)
        half = width / 2 * (1 - (1 - share) ** 3)
        cy = height / 2
        arcade.draw_lrbt_rectangle_filled(width / 2 - half, width / 2 + half, cy - band / 2, cy + band / 2, theme.star)
        edge = max(2.0, 3 * scale)
        for y in (cy - band / 2, cy + band / 2):
            arcade.draw_lrbt_rectangle_filled(width / 2 - half, width / 2 + half, y - edge / 2, y + edge / 2,
                                              theme.accent if theme.accent != theme.star else theme.text)
        if share < 1.0:
            return
        y = cy + band / 2 - 14 * scale
        for t, h in zip(self.texts, heights, strict=True):
            t.position = (width / 2, y - h / 2)
            t.draw()
            y -= h


__all__ = ["SHOWN", "UNROLL", "Banner"]
