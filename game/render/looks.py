"""The looks stars buy (:mod:`engine.modes.rewards`), drawn: the player's mark and the trail's colour.

A look travels with the theme: :func:`dressed` returns the theme with the chosen mark (:attr:`Theme.mark`) and
trail colour (:attr:`Theme.trail`), so every screen that draws the player or the trail draws the choice without
knowing about rewards.  :func:`draw_mark` draws a mark in world units (the play screen's player).
"""

from __future__ import annotations

import math
from dataclasses import replace

from game.render.theme import RGBA, Theme

#: The player's marks, the free one first.
MARKS = ("dot", "diamond", "ring", "star", "hexagon")
#: Trail colours by style and theme family (``soft``: the theme's own trail).
TRAILS: dict[str, dict[str, RGBA]] = {
    "mint": {"dark": (70, 200, 150, 150), "light": (90, 200, 150, 160), "contrast": (0, 230, 140, 170)},
    "flame": {"dark": (236, 110, 50, 150), "light": (240, 130, 60, 160), "contrast": (255, 120, 0, 170)},
    "violet": {"dark": (160, 110, 230, 150), "light": (170, 130, 235, 160), "contrast": (200, 120, 255, 170)},
    "gold": {"dark": (236, 186, 50, 160), "light": (236, 186, 40, 170), "contrast": (255, 210, 0, 180)},
}


def trail_colour(style: str, theme: Theme) -> RGBA:
    """The trail colour of ``style`` in ``theme`` (the theme's own for ``soft`` or an unknown style)."""
    table = TRAILS.get(style)
    return table.get(theme.family, table["dark"]) if table is not None else theme.trail


def dressed(theme: Theme, mark: str = "dot", trail: str = "soft") -> Theme:
    """``theme`` with the player's ``mark`` and the ``trail`` style (unknown names: the free ones)."""
    return replace(theme, mark=mark if mark in MARKS else "dot", trail=trail_colour(trail, theme))


def mark_outline(mark: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    """The corners of a polygon mark of radius ``r`` centred at ``(x, y)`` (y up); [] for round marks."""
    if mark == "diamond":
        k = r * 1.12
        return [(x, y + k), (x + k, y), (x, y - k), (x - k, y)]
    if mark == "hexagon":
        return [(x + r * math.cos(a), y + r * math.sin(a)) for a in (math.pi / 3 * i + math.pi / 6 for i in range(6))]
    if mark == "star":
        k = r * 1.15
        return [(x + (k if i % 2 == 0 else k * 0.48) * math.cos(math.pi / 2 + i * math.pi / 5),
                 y + (k if i % 2 == 0 else k * 0.48) * math.sin(math.pi / 2 + i * math.pi / 5)) for i in range(10)]
    return []


def _shrunk(points: list[tuple[float, float]], x: float, y: float, by: float, r: float) -> list[tuple[float, float]]:
    f = max(0.0, (r - by) / r)
    return [(x + (px - x) * f, y + (py - y) * f) for px, py in points]


def draw_mark(theme: Theme, x: float, y: float, radius: float, edge: float) -> None:
    """The player's mark (:attr:`Theme.mark`) of ``radius`` at ``(x, y)``: its edge ``edge`` units wide in
    :attr:`Theme.player_edge`, filled with :attr:`Theme.player` (a ring shows the floor in its middle)."""
    import arcade

    mark = theme.mark
    outline = mark_outline(mark, x, y, radius)
    if outline:
        arcade.draw_polygon_filled(outline, theme.player_edge)
        arcade.draw_polygon_filled(_shrunk(outline, x, y, edge * 1.3, radius), theme.player)
        return
    arcade.draw_circle_filled(x, y, radius, theme.player_edge, num_segments=32)
    arcade.draw_circle_filled(x, y, radius - edge, theme.player, num_segments=32)
    if mark == "ring":
        hole = max(radius * 0.42, radius - edge - radius * 0.45)
        arcade.draw_circle_filled(x, y, hole + edge, theme.player_edge, num_segments=32)
        arcade.draw_circle_filled(x, y, hole, theme.floor, num_segments=32)


__all__ = ["MARKS", "TRAILS", "draw_mark", "dressed", "mark_outline", "trail_colour"]
