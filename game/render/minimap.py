"""The corner overview of a big maze: its passages drawn once into a small texture, the player's dot and the
rectangle of what the camera shows; a click on it pans the camera there.

Shown for mazes of more than :data:`MIN_CELLS` cells (over 40×40), and never for a dark maze (the overview
would show the map the fog hides).  Drawing it costs one textured rectangle, one dot and two rectangle
outlines a frame: the maze itself is rasterised once (:func:`game.render.raster.overview`, in the
background for a big level).

**Where it sits** (:meth:`Minimap.arrange`, every frame, cheap): in free margin beside the maze when there is
room (a fitted maze leaves some), shrunk to that margin down to :data:`MIN_SIDE`; else in the corner (top
right first) that hides least of the player's trail, then least of the maze, never over the player.  **What it
shows**: the passages while they are at least :data:`game.render.raster.LINE_PX` pixels apart on it, in the
theme's text colour, drawn down through mipmaps (a plain linear filter 360 -> 243 px sampled the 2 px lines into
a grid of faint dots: it looked like an empty frame); a denser maze (300×300 on 180 pixels) would be grey mush,
so it shows the maze's area (its shape), the start and the goal instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
import numpy as np

from game.render.camera import CameraState
from game.render.picture import Picture
from game.render.raster import SIDE, overview, paint

if TYPE_CHECKING:
    from engine.maze.model import Maze
    from game.render.theme import Theme

MIN_CELLS = 40 * 40  # more cells than this: the maze gets a minimap
MIN_SIDE = 100  # pixels at scale 1: the smallest it shrinks to, to sit in free margin
PAD = 10  # pixels between the overview and the window edge / the HUD band at scale 1


def wants_minimap(maze: Maze, dark: bool) -> bool:
    """True for a maze big enough to need an overview and not dark."""
    return not dark and maze.grid.n > MIN_CELLS


class Minimap:
    """A small overview of ``maze`` in the top-right corner under the HUD band.

    Args:
        maze: the maze (its open passages are drawn as lines between cell centres, any grid shape).
        theme: colours (walls = the panel colour, passages = the floor's).
    """

    def __init__(self, maze: Maze, theme: Theme) -> None:
        self.bounds = maze.grid.bounds()
        x0, y0, x1, y1 = self.bounds
        bw, bh = max(x1 - x0, 1e-6), max(y1 - y0, 1e-6)
        made = overview(maze)  # rasterised at twice the shown size, drawn down smoothly
        self.dense = made.dense
        if self.dense:  # every cell a block of the floor colour: the maze's shape
            fill = theme.floor if sum(abs(a - b) for a, b in zip(theme.floor[:3], theme.panel[:3], strict=True)) > 60 \
                else theme.text_dim
            picture = paint(made.mask, theme.panel[:3], fill)
        else:  # the passages in the text colour: the dim one vanished on the panel once drawn down
            picture = paint(made.mask, theme.panel[:3], theme.text)
        self.picture = picture  # (h, w, 4) uint8, rows from the top: uploaded at the first draw (GL thread)
        self._shown: Picture | None = None
        self.aspect = bw / bh
        self.rect = arcade.LBWH(0, 0, 1, 1)
        self.start = tuple(float(v) for v in maze.grid.centers[int(maze.start)])
        self.goal = tuple(float(v) for v in maze.grid.centers[int(maze.goal)])
        self.goal_color = theme.accent
        self.start_color = theme.text
        self.area = (0.0, 0.0, 1.0, 1.0, 0.0, 0.0)  # width, height, top band, bottom band, side, pad (place)
        self.frame_color = theme.text_dim
        self.view_color = theme.accent
        self.dot_color = theme.player

    def place(self, width: float, height: float, top: float, scale: float, bottom: float = 0.0) -> None:
        """The window is ``width`` × ``height`` with ``top`` pixels of HUD and ``bottom`` of footer: the top-right
        corner until :meth:`arrange` sees the camera."""
        side, pad = SIDE * scale, PAD * scale
        self.area = (width, height, top, bottom, side, pad)
        w, h = self._size(side)
        self.rect = arcade.LBWH(width - pad - w, height - top - pad - h, w, h)

    def _size(self, side: float) -> tuple[float, float]:
        return (side, side / self.aspect) if self.aspect >= 1 else (side * self.aspect, side)

    def arrange(self, player: tuple[float, float], cam: CameraState, trail: np.ndarray | None = None) -> None:
        """Choose where to sit for this frame: in free margin beside the maze's picture when there is room,
        else the corner that hides the fewest cells of ``trail`` (world points ``(k, 2)``: where the player has
        been), then the least of the maze, and not the player (window pixel ``player``)."""
        width, height, top, bottom, side, pad = self.area
        x0, y0, x1, y1 = self.bounds
        ml, mb = cam.world_to_screen(x0, y0)
        mr, mt = cam.world_to_screen(x1, y1)
        lo, hi = bottom + pad, height - top - pad  # the band between the HUD and the footer
        small = side * MIN_SIDE / SIDE
        ring = 24.0  # pixels kept clear around the player

        def over_player(x: float, y: float, w: float, h: float) -> bool:
            return x - ring <= player[0] <= x + w + ring and y - ring <= player[1] <= y + h + ring

        for room, right in ((width - mr - 2 * pad, True), (ml - 2 * pad, False)):  # a free side margin
            if room >= small:
                w, h = self._size(min(side, room, (hi - lo)))
                x = width - pad - w if right else pad
                if not over_player(x, hi - h, w, h):
                    self.rect = arcade.LBWH(x, hi - h, w, h)
                    return
        w, h = self._size(side)
        on_screen = None
        if trail is not None and len(trail):  # the trail in window pixels (the camera is an affine map)
            on_screen = (trail - (cam.x, cam.y)) * cam.zoom + (cam.width / 2, cam.height / 2)
        best: tuple[int, float, float, float] | None = None
        for x, y in ((width - pad - w, hi - h), (pad, hi - h), (width - pad - w, lo), (pad, lo)):
            if over_player(x, y, w, h):
                continue
            hidden = 0 if on_screen is None else int(np.count_nonzero(
                (on_screen[:, 0] >= x - 2) & (on_screen[:, 0] <= x + w + 2)
                & (on_screen[:, 1] >= y - 2) & (on_screen[:, 1] <= y + h + 2)))
            cover = max(0.0, min(x + w, mr) - max(x, ml)) * max(0.0, min(y + h, mt) - max(y, mb))
            if best is None or (hidden, cover) < (best[0], best[1] - 1e-6):
                best = (hidden, cover, x, y)
        if best is None:  # a window too small for any clear corner: the corner away from the player
            x = pad if player[0] > width / 2 else width - pad - w
            y = lo if player[1] > (lo + hi) / 2 else hi - h
            best = (0, 0.0, x, y)
        self.rect = arcade.LBWH(best[2], best[3], w, h)

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        """World point -> pixel on the overview."""
        x0, y0, x1, y1 = self.bounds
        r = self.rect
        return r.left + (wx - x0) / (x1 - x0) * r.width, r.bottom + (wy - y0) / (y1 - y0) * r.height

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """Pixel on the overview -> world point."""
        x0, y0, x1, y1 = self.bounds
        r = self.rect
        return x0 + (sx - r.left) / r.width * (x1 - x0), y0 + (sy - r.bottom) / r.height * (y1 - y0)

    def contains(self, x: float, y: float) -> bool:
        """True when window pixel ``(x, y)`` is on the overview."""
        r = self.rect
        return r.left <= x <= r.right and r.bottom <= y <= r.top

    def click(self, x: float, y: float, cam: CameraState) -> bool:
        """A click at ``(x, y)``: on the overview, pan the camera to centre that point (following stops until the
        player moves again).  True if it was on the overview."""
        if not self.contains(x, y):
            return False
        wx, wy = self.to_world(x, y)
        cam.x, cam.y = wx, wy + (cam.hud - cam.footer) / (2 * cam.zoom)
        cam.following = False
        cam.pan(0, 0)  # clamp
        return True

    def draw(self, player: tuple[float, float], cam: CameraState, trail: np.ndarray | None = None) -> None:
        """The overview, the rectangle the camera shows and the player's dot (window coordinates: the HUD camera
        must be active); it sits where it hides the least of ``trail`` (:meth:`arrange`)."""
        self.arrange(cam.world_to_screen(*player), cam, trail)
        r = self.rect
        arcade.draw_lrbt_rectangle_filled(r.left - 2, r.right + 2, r.bottom - 2, r.top + 2, self.frame_color)
        if self._shown is None:
            h, w = self.picture.shape[:2]
            ctx = arcade.get_window().ctx
            self._shown = Picture(ctx, self.picture.tobytes(), (w, h), (r.left, r.bottom, r.right, r.top))
            self._shown.texture.build_mipmaps()  # drawn down smoothly at any size (module docstring)
            self._shown.texture.filter = (ctx.LINEAR_MIPMAP_LINEAR, ctx.LINEAR)
        self._shown.place((r.left, r.bottom, r.right, r.top))
        self._shown.draw()
        if self.dense:  # the passages are too fine to show: where the journey starts and ends instead
            sx, sy = self.to_screen(*self.start)
            arcade.draw_circle_outline(sx, sy, max(3.0, r.width / 45), self.start_color, 1.5)
        gx, gy = self.to_screen(*self.goal)  # the goal: where the journey ends, on every overview
        d = max(4.0, r.width / 35)
        arcade.draw_polygon_filled([(gx, gy + d), (gx + d, gy), (gx, gy - d), (gx - d, gy)], self.goal_color)
        left, bottom = self.to_screen(*cam.screen_to_world(0, cam.footer))
        right, top = self.to_screen(*cam.screen_to_world(cam.width, cam.height - cam.hud))
        left, right = max(left, r.left), min(right, r.right)
        bottom, top = max(bottom, r.bottom), min(top, r.top)
        if right > left and top > bottom:
            arcade.draw_lrbt_rectangle_outline(left, right, bottom, top, self.view_color, 1.5)
        px, py = self.to_screen(*player)
        arcade.draw_circle_filled(px, py, max(3.0, r.width / 60), self.dot_color)
