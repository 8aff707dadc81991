"""What the play screen draws over the maze in world units: the player's disc (with its opening pulse) and the
dark maze's goal hint.  Pure drawing functions: the screen passes what its session reports."""

from __future__ import annotations

from engine.modes.fog import Fog
from game.render.looks import draw_mark
from game.render.theme import Theme


def draw_player(theme: Theme, px: float, py: float, radius: float, zoom: float, pulse: float | None) -> None:
    """The player's disc of ``radius`` (world units) at ``(px, py)`` with its edge at least one pixel at ``zoom``
    (pixels per unit); ``pulse`` 0..1 (how far the opening pulse is, None for none) adds a ring that grows and
    fades three times."""
    import arcade

    edge = max(radius * 0.18, 1.0 / zoom)
    draw_mark(theme, px, py, radius, edge)  # the mark chosen in Settings (a disc unless stars bought another)
    if pulse is not None:
        grow = radius * (1.2 + 2.5 * (pulse * 3 % 1.0))
        arcade.draw_circle_outline(
            px, py, grow, (*theme.accent[:3], int(230 * (1 - pulse))), max(radius * 0.25, 2.0 / zoom), num_segments=48
        )


def draw_goal_hint(theme: Theme, fog: Fog, cell: int, px: float, py: float, radius: float) -> None:
    """Dark mazes with the hint on: a faint wedge beside the player (at ``cell``, drawn at ``(px, py)``) pointing
    to the unseen goal; nothing once the goal is in sight or the hint is off."""
    import arcade

    d = fog.goal_direction(cell)
    if d is None:
        return
    dx, dy = d
    near, far, wide = radius * 1.3, radius * 2.6, radius * 0.75
    bx, by = px + dx * near, py + dy * near
    r, g, b, _ = theme.accent
    arcade.draw_triangle_filled(
        px + dx * far, py + dy * far, bx - dy * wide, by + dx * wide, bx + dy * wide, by - dx * wide, (r, g, b, 130)
    )


FINDER_RING = 16.0  # the ring's radius in pixels at scale 1


def draw_finder(theme: Theme, sx: float, sy: float, scale: float) -> None:
    """A ring around window pixel ``(sx, sy)`` (the player, drawn too small to see: a big maze fitted) so it is
    found at a glance; ``scale`` is the screen's ui scale (window coordinates: the HUD camera must be active)."""
    import arcade

    arcade.draw_circle_outline(sx, sy, FINDER_RING * scale, theme.background, 5 * scale)  # a halo under the ring
    arcade.draw_circle_outline(sx, sy, FINDER_RING * scale, theme.player, 2.5 * scale)
