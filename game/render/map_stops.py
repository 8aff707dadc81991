"""The campaign map's bonus-world stops painted (:mod:`game.render.map_paint` lays them out and paints the rest).

A bonus world (:mod:`engine.modes.rewards`) is a stop on the map's path right after its world's last level.
Its tile says "Bonus" with its stars so far (or a padlock), its name, then either the maze Enter plays (open)
or, in words, what opens it ("3-star Square Gardens to open"); an open stop is outlined in the star colour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.format import STAR
from game.render.map_art import Canvas, Sketch, cut, grid_icon, lock_icon, text_width, thumbnail, wrap
from game.render.theme import Theme


class Layout(Protocol):
    """What a stop reads of :class:`game.render.map_paint.Layout` (which imports this module)."""

    g: float
    small_px: int
    name_px: int
    tiles: list[tuple[float, float, float, float]]
    names: list[list[str]]


class Tile(Protocol):
    """What a stop reads of :class:`game.render.map_paint.Tile`."""

    @property
    def name(self) -> str: ...
    @property
    def state(self) -> str: ...
    @property
    def stars(self) -> int: ...
    @property
    def of(self) -> int: ...
    @property
    def need(self) -> str: ...
    @property
    def shape(self) -> str: ...

#: Said, the first that fits, when the sentence naming the world does not fit the tile (the line under the map
#: says it whole).
SHORT_NEEDS = ("3-star this world to open", "3-star it to open", "3-star to open")


def paint_bonus(c: Canvas, lay: Layout, i: int, tile: Tile, sk: Sketch | None, theme: Theme,
                put: Callable[..., None]) -> None:
    """Paint bonus stop ``tile`` (tile ``i`` of ``lay``) with ``put`` for its texts (see the module doc)."""
    draw = c.draw
    l, t, r, b = lay.tiles[i]
    g, small = lay.g, lay.small_px
    pad, radius = max(3, round(5 * g)), max(2, round(6 * g))
    opened = tile.state == "open"
    back = (theme.button_hover if tile.stars else theme.button) if opened else theme.locked
    fore = theme.button_text if opened else theme.disabled_text
    draw.rounded_rectangle((l, t, r - 1, b - 1), radius=radius, fill=back)
    room = r - l - 3 * pad  # the head's width: "Bonus" on the left, the stars or the padlock on the right
    label = "Bonus"
    if opened:
        draw.rounded_rectangle((l, t, r - 1, b - 1), radius=radius, outline=theme.star, width=max(2, round(2 * g)))
        count = f"{tile.stars}/{tile.of} {STAR}"
        if text_width(label, small, True) + text_width(count, small) > room:
            count = f"{tile.stars}/{tile.of}"  # narrow: the count alone, then without the word
            label = label if text_width(label, small, True) + text_width(count, small) <= room else ""
        put((r - pad, t + pad), count, small, theme.star if tile.stars else fore, False, "ra")
    else:
        lock_icon(draw, r - pad - small * 0.4, t + pad + small * 0.55, small * 1.05, fore)
    if label:
        put((l + pad, t + pad), label, small, fore, True)
    line_h = round(lay.name_px * 1.22)
    lines = lay.names[i] if i < len(lay.names) else [tile.name]
    mid = (l + r) / 2
    name_top = t + pad + round(small * 1.3)
    for k, line in enumerate(lines):
        put((mid, name_top + k * line_h), line, lay.name_px, fore, False, "ma")
    top = name_top + len(lines) * line_h + max(2, round(3 * g))
    box_w, box_h = int(r - l - 2 * pad), int(b - pad - top)
    if box_h < 4:
        return
    if opened and sk is not None:
        pic = thumbnail(sk, box_w, box_h, theme)
        c.paste(pic, round(mid - pic.shape[1] / 2), round(top + (box_h - pic.shape[0]) / 2))
        return
    if opened:  # its maze not sketched yet: the grid's icon
        size = min(box_h * 0.8, box_w * 0.3)
        grid_icon(draw, tile.shape, mid, top + box_h / 2, size / 2, fore, max(1, round(size / 10)))
        return
    step = round(small * 1.2)
    room = max(1, box_h // max(1, step))
    said = next((lines for lines in (wrap(w, small, box_w, min(3, room)) for w in (tile.need, *SHORT_NEEDS))
                 if lines is not None), [cut(SHORT_NEEDS[-1], small, box_w)])
    y0 = top + (box_h - len(said) * step) / 2
    for k, line in enumerate(said):
        put((mid, y0 + k * step), line, small, fore, False, "ma")


__all__ = ["SHORT_NEEDS", "Layout", "Tile", "paint_bonus"]
