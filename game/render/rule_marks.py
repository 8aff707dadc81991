"""Drawing a puzzle maze's marks (:class:`engine.maze.rules.draw.Mark`) with arcade, in world units.

The shapes are the engine's (the same as SVG, PNG and print); this module only paints them: filled, then
outlined.  The play screen (:mod:`game.play.rules`) and the editor use it; Help and a rule's first level
paint each rule's picture with :func:`draw_example`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import arcade

from engine.maze.rules.draw import Mark

if TYPE_CHECKING:
    from engine.maze.rules.examples import Example
    from game.render.theme import Theme

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


def draw_example(example: Example, left: float, bottom: float, cell: float, theme: Theme) -> None:
    """Paint a rule's picture (:func:`engine.maze.rules.examples.example`) in screen pixels: its row of cells
    ``cell`` pixels across from ``(left, bottom)``, with the start, the goal, the player and the elements as
    the maze draws them, and, for the hunter, rings on the two cells it steps to next."""
    from engine.maze.rules.draw import HUNTER_HEX
    from engine.maze.rules.examples import CELLS, PLAYER

    width = CELLS * cell
    arcade.draw_lrbt_rectangle_filled(left, left + width, bottom, bottom + cell, theme.floor)
    for at, colour in ((PLAYER, theme.start), (example.goal, theme.goal)):
        if at is not None:
            arcade.draw_lrbt_rectangle_filled(left + at * cell, left + (at + 1) * cell, bottom, bottom + cell, colour)
    line = max(2.0, cell * 0.08 * theme.wall_scale)
    arcade.draw_lrbt_rectangle_outline(left, left + width, bottom, bottom + cell, theme.wall, line)
    ring = (*theme.text[:3], 200)
    for i, at in enumerate(example.steps):  # the hunter's next two steps: rings, a dot per step in order
        x, y = left + (at + 0.5) * cell, bottom + cell / 2
        arcade.draw_circle_filled(x, y, cell * 0.2, rgba(HUNTER_HEX, 150))
        arcade.draw_circle_outline(x, y, cell * 0.2, ring, max(2.0, cell * 0.04))
        for k in range(i + 1):
            arcade.draw_circle_filled(x + (k - i / 2) * cell * 0.16, y, cell * 0.05, ring)
    for mark in example.marks:
        pts = [(left + x * cell, bottom + y * cell) for x, y in mark.points.tolist()]
        if mark.fill is not None:
            arcade.draw_polygon_filled(pts, rgba(mark.fill))
        if mark.outline is not None:
            arcade.draw_polygon_outline(pts, rgba(mark.outline), max(1.5, LINE * cell))
    px, py = left + (PLAYER + 0.5) * cell, bottom + cell / 2
    arcade.draw_circle_filled(px, py, cell * 0.3, theme.player)
    arcade.draw_circle_outline(px, py, cell * 0.3, theme.player_edge, max(1.5, cell * 0.04))
