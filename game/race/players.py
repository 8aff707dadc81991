"""How the two players of a race on one keyboard are named, coloured and drawn (the race and its result share it).

Player 1 walks with WASD and is a blue **disc**, player 2 with the arrows and is an orange **diamond** (the
Okabe-Ito pair the race screen uses; the shapes keep them apart without colour).
"""

from __future__ import annotations

from typing import Any

import arcade

from game.render.theme import Theme

#: How each player is named on screen (the shape and colour words keep them apart without colour).
PLAYER_NAMES = ("Player 1", "Player 2")
PLAYER_TAGS = ("WASD, blue disc", "arrows, orange diamond")


#: Okabe-Ito colours: (you — your disc and trail, the opponent's diamond) on each theme.
RACE_COLORS = {
    "dark": ((86, 180, 233, 170), (230, 159, 0, 255)),  # sky blue, orange
    "light": ((0, 114, 178, 140), (213, 94, 0, 255)),  # blue, vermillion
    "contrast": ((0, 190, 255, 190), (255, 150, 0, 255)),  # bright cyan-blue, bright orange (both >= 7:1 on black)
}


def race_colors(theme: Theme) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """(you, the opponent's colour) for ``theme``: blue and orange, distinct for colour-blind players."""
    return RACE_COLORS.get(theme.family, RACE_COLORS["dark"])


def player_colors(theme: Theme) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """(player 1, player 2) opaque colours for ``theme``: the race screen's Okabe-Ito blue and orange."""
    blue, orange = race_colors(theme)
    return (*blue[:3], 255), (*orange[:3], 255)


def color_distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """CIE76 ΔE between two sRGB colours (alpha ignored): ~2 just noticeable, > 40 clearly different colours."""

    def lab(c: tuple[int, ...]) -> tuple[float, float, float]:
        lin = [(v / 255 / 12.92) if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
        y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
        f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
        return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])

    la, lb = lab(a), lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def player_label(i: int) -> str:
    """``Player 1 (WASD, blue disc)`` for ``i`` 0 or 1."""
    return f"{PLAYER_NAMES[i]} ({PLAYER_TAGS[i]})"


def draw_marker(i: int, x: float, y: float, r: float, color: Any, edge: Any, rim: float) -> None:
    """Player ``i``'s marker of radius ``r`` at ``(x, y)``: a disc (player 1) or a diamond (player 2), with an
    outline ``rim`` wide (all in the units of the camera in use)."""
    if i == 0:
        arcade.draw_circle_filled(x, y, r + rim, edge, num_segments=32)
        arcade.draw_circle_filled(x, y, r, color, num_segments=32)
        return
    big, small = r * 1.3 + rim * 1.4, r * 1.3
    arcade.draw_polygon_filled([(x, y + big), (x + big, y), (x, y - big), (x - big, y)], edge)
    arcade.draw_polygon_filled([(x, y + small), (x + small, y), (x, y - small), (x - small, y)], color)
