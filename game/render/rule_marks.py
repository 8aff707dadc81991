"""Drawing a puzzle maze's marks (:class:`engine.maze.rules.draw.Mark`) with arcade, in world units.

The shapes are the engine's (the same as SVG, PNG and print); this module only paints them: filled, then
outlined.  The play screen (:mod:`game.play.rules`) and the editor use it.
"""

from __future__ import annotations

from typing import Final

import arcade

from engine.maze.rules.draw import Mark

#: Outline width in world units (a cell is about one unit across).
LINE: Final = 0.045


def rgba(colour: str, alpha: int = 255) -> tuple[int, int, int, int]:
    """``#rrggbb`` -> an arcade colour."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), alpha


def draw_mark(mark: Mark, fill: str | None = None, outline: str | None = None, *, keep: bool = True) -> None:
    """Paint ``mark`` (its own colours, or ``fill``/``outline`` given; ``keep`` False drops its own fill)."""
    pts = [tuple(p) for p in mark.points.tolist()]
    f = fill if fill is not None else (mark.fill if keep else None)
    o = outline if outline is not None else mark.outline
    if f is not None:
        arcade.draw_polygon_filled(pts, rgba(f))
    if o is not None:
        arcade.draw_polygon_outline(pts, rgba(o), LINE)
