"""The finished maze on the win screen: the whole maze fitted into a rectangle, the way the player took drawn over
it, and the shortest way revealed along its length (:data:`REVEAL_TIME` seconds; at once with reduced motion).

A dark maze is shown whole (the fog lifts: a plain :class:`~game.render.maze_layer.MazeLayer` of it); a lit one
reuses the play screen's layer (nothing is rebuilt).  The ways are line strips through the cells' centres, cut
where they take a stair (floors are drawn side by side).  The player's way is wide and translucent in the
player's colour, the shortest way narrow and opaque in a colour of its own on top (:func:`way_colours`): told
apart by width as well as by colour, and named by the legend under the picture.
"""

from __future__ import annotations

from typing import Any

import arcade
import numpy as np

from engine.maze.model import Maze
from game.render.maze_layer import MazeLayer
from game.render.theme import Theme

#: Seconds the shortest way takes to draw itself along its length.
REVEAL_TIME = 1.0
#: Line widths as shares of a cell on screen (at least 2 and 1.5 pixels).
PLAYER_WIDTH, SHORTEST_WIDTH = 0.42, 0.16
#: Points kept in a strip (a longer way is thinned: every k-th centre; ends kept).
MAX_POINTS = 20_000
#: The shortest way's colour per theme: a hue apart from the player's own colour and the trail.
SHORTEST_COLOURS = {"dark": (80, 225, 170, 255), "light": (0, 135, 85, 255), "contrast": (0, 255, 150, 255)}


def way_colours(theme: Theme) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """(the player's way, the shortest way) line colours for ``theme``."""
    r, g, b, _ = theme.player
    return (r, g, b, 170), SHORTEST_COLOURS.get(theme.family, SHORTEST_COLOURS["dark"])


def way_strips(maze: Maze, cells: list[int]) -> list[np.ndarray]:
    """``cells`` as ``(k, 2)`` arrays of world points (cell centres), cut where the way takes a stair; runs of
    one cell dropped; very long runs thinned to at most :data:`MAX_POINTS` points."""
    if len(cells) < 2:
        return []
    grid = maze.grid
    if grid.floors > 1:
        from engine.maze.floors import split_at_stairs

        runs = split_at_stairs(grid.floor_of, cells)
    else:
        runs = [cells]
    out = []
    for run in runs:
        if len(run) < 2:
            continue
        pts = np.asarray(grid.centers, dtype=np.float64)[np.asarray(run, dtype=np.int64)]
        if len(pts) > MAX_POINTS:
            step = -(-len(pts) // MAX_POINTS)
            pts = np.concatenate([pts[::step], pts[-1:]])
        out.append(pts)
    return out


def cut_strips(strips: list[np.ndarray], share: float) -> list[np.ndarray]:
    """The first ``share`` (0..1) of the strips' points in order (the part of a way drawn so far)."""
    total = sum(len(s) for s in strips)
    keep = int(round(max(0.0, min(1.0, share)) * total))
    out = []
    for s in strips:
        if keep <= 1:
            break
        out.append(s[:keep])
        keep -= len(s)
    return [s for s in out if len(s) > 1]


class WinMap:
    """The finished maze with the two ways, drawn into a screen rectangle.

    Args:
        window: the arcade window (its GL context builds a layer for a dark maze).
        maze: the maze won.
        theme: colours.
        layer: the play screen's layer to reuse (None, or a layer drawn through a fog: a plain one is built).
        taken: the cells the player stood on, in order (:attr:`engine.modes.play.PlaySession.trace`).
        shortest: a shortest way, start to goal (:attr:`engine.modes.play.PlaySession.shortest_way`).
        motion: False with reduced motion (the shortest way is shown whole at once).
    """

    def __init__(self, window: Any, maze: Maze, theme: Theme, layer: MazeLayer | None, taken: list[int],
                 shortest: list[int], motion: bool = True) -> None:
        if layer is None or type(layer) is not MazeLayer:
            layer = MazeLayer(window.ctx, maze, theme)
            for cell in dict.fromkeys(taken):
                layer.mark_visited(cell)
        self.layer = layer
        self.maze = maze
        self.theme = theme
        self.taken = way_strips(maze, taken)
        self.shortest = way_strips(maze, shortest)
        self.shown = 0.0 if motion else REVEAL_TIME  # seconds of the reveal drawn so far
        self.camera = arcade.Camera2D()
        self.rect = (0.0, 0.0, 1.0, 1.0)
        self.drawn = self.rect  # the maze's own rectangle on screen (pixels), inside :attr:`rect`
        self.zoom = 1.0
        from engine.maze.rules.draw import rule_marks

        #: a puzzle maze's elements as they stood at the start (arrows, doors, keys, gates, switches, the hunter)
        self.marks = rule_marks(maze)

    @property
    def revealing(self) -> bool:
        """True while the shortest way is still drawing itself."""
        return self.shown < REVEAL_TIME

    def advance(self, dt: float) -> bool:
        """Move the reveal on by ``dt`` seconds; True when the picture changed."""
        if not self.revealing:
            return False
        self.shown = min(REVEAL_TIME, self.shown + dt)
        return True

    def place(self, left: float, bottom: float, right: float, top: float) -> None:
        """Fit the whole maze into the window rectangle (pixels), centred, a small margin kept."""
        w, h = max(1.0, right - left), max(1.0, top - bottom)
        self.rect = (left, bottom, right, top)
        x0, y0, x1, y1 = self.maze.grid.bounds()
        pad = 0.6 * self.layer.cell_size
        self.zoom = min(w / max(x1 - x0 + 2 * pad, 1e-9), h / max(y1 - y0 + 2 * pad, 1e-9))
        self.camera = arcade.Camera2D(viewport=arcade.LBWH(int(left), int(bottom), int(w), int(h)),
                                      projection=arcade.LRBT(-w / 2, w / 2, -h / 2, h / 2))
        self.camera.position = ((x0 + x1) / 2, (y0 + y1) / 2)
        self.camera.zoom = self.zoom
        mx, my = left + w / 2, bottom + h / 2
        half_w, half_h = (x1 - x0) / 2 * self.zoom, (y1 - y0) / 2 * self.zoom
        self.drawn = (mx - half_w, my - half_h, mx + half_w, my + half_h)

    def cell_pixels(self) -> float:
        """A cell's size on screen in pixels."""
        return self.layer.cell_size * self.zoom

    def draw(self) -> None:
        """The maze (a puzzle maze's elements as at its start), the player's way, then the shortest way as far as
        revealed (the world camera stays active)."""
        self.camera.use()
        layer = self.layer
        layer.set_band(None)
        layer.draw_static(self.zoom)
        layer.draw_trail()
        if self.marks:
            from game.render.rule_marks import draw_mark

            for mark in self.marks:
                draw_mark(mark)
        cell = self.cell_pixels()
        mine, best = way_colours(self.theme)
        player_w = max(2.0, PLAYER_WIDTH * cell) / self.zoom
        for pts in self.taken:
            arcade.draw_line_strip(pts.tolist(), mine, player_w)
        short_w = max(1.5, SHORTEST_WIDTH * cell) / self.zoom
        for pts in cut_strips(self.shortest, self.shown / REVEAL_TIME):
            arcade.draw_line_strip(pts.tolist(), best, short_w)

    def shown_share(self) -> float:
        """How much of the shortest way is drawn (0..1)."""
        return self.shown / REVEAL_TIME
