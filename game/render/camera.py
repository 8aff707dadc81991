"""World camera logic (fit, zoom around the cursor, pan, follow) kept free of GL.

:class:`CameraState` holds the centre (world units) and zoom (pixels per world
unit) for a viewport of ``width`` × ``height`` pixels whose top ``hud`` pixels
are covered by the HUD bar.  :meth:`CameraState.apply` copies it onto an
``arcade.Camera2D`` (whose default projection is centred on ``position``).
"""

from __future__ import annotations

import math
from typing import Any

from game.render.motion import reduced_motion

Bounds = tuple[float, float, float, float]

MARGIN = 24.0  # pixels left free around a fitted maze
MAX_PIXELS_PER_UNIT = 120.0
#: A maze may always be zoomed in to this many times its fitted size (a small maze, whose fit is already over
#: :data:`MAX_PIXELS_PER_UNIT`, still shows a zoom: the guided start's zoom step).
MIN_ZOOM_IN = 2.0
FOLLOW_TAU = 0.12  # seconds: the time constant of the camera easing after the player (frame-rate independent)
SETTLE_PX = 0.3  # pixels: nearer than this the easing camera snaps onto its target (and then stays still)


class CameraState:
    """Centre, zoom and the maze bounds; all pure arithmetic.

    Args:
        bounds: ``(xmin, ymin, xmax, ymax)`` of the world in world units.
        width, height: viewport size in pixels.
        hud: pixels at the top hidden by the HUD bar.
    """

    def __init__(self, bounds: Bounds, width: float, height: float, hud: float = 0.0, footer: float = 0.0) -> None:
        self.bounds = bounds
        self.width = float(width)
        self.height = float(height)
        self.hud = float(hud)
        self.footer = float(footer)
        self.x = self.y = 0.0
        self.zoom = 1.0
        self.fit_zoom = 1.0
        self.following = True
        self.shake = (0.0, 0.0)
        self.fit()

    # -- fitting -----------------------------------------------------------
    def fit(self) -> None:
        """Show the whole world centred in the area below the HUD."""
        x0, y0, x1, y1 = self.bounds
        bw = max(x1 - x0, 1e-6)
        bh = max(y1 - y0, 1e-6)
        avail_w = max(self.width - 2 * MARGIN, 10.0)
        avail_h = max(self.height - self.hud - self.footer - 2 * MARGIN, 10.0)
        self.fit_zoom = min(avail_w / bw, avail_h / bh)
        self.zoom = self.fit_zoom
        self.x = (x0 + x1) / 2
        self.y = (y0 + y1) / 2 + (self.hud - self.footer) / (2 * self.zoom)
        self.following = True

    def resize(self, width: float, height: float) -> None:
        """New viewport size: refit."""
        self.width = float(width)
        self.height = float(height)
        self.fit()

    @property
    def zoomed_in(self) -> bool:
        """True when the world no longer fits (zoomed in beyond the fitted view)."""
        return self.zoom > self.fit_zoom * 1.01

    # -- conversions ---------------------------------------------------------
    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """Window pixel -> world point."""
        return (sx - self.width / 2) / self.zoom + self.x, (sy - self.height / 2) / self.zoom + self.y

    def world_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        """World point -> window pixel."""
        return (wx - self.x) * self.zoom + self.width / 2, (wy - self.y) * self.zoom + self.height / 2

    # -- user actions --------------------------------------------------------
    def act(self, action: str | None, focus: tuple[float, float]) -> bool:
        """Do a camera action of every maze screen (the key table's ``camera`` context, resolved by the
        caller): ``fit`` fits, ``zoom_in`` zooms in on ``focus`` (screen pixels, e.g. the player),
        ``zoom_out`` zooms out around the window centre.  True if ``action`` was one of them."""
        if action == "fit":
            self.fit()
        elif action == "zoom_in":
            self.zoom_at(focus[0], focus[1], 1.25)
        elif action == "zoom_out":
            self.zoom_at(self.width / 2, self.height / 2, 0.8)
        else:
            return False
        return True

    def zoom_at(self, sx: float, sy: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the world point under pixel ``(sx, sy)`` fixed."""
        wx, wy = self.screen_to_world(sx, sy)
        lo = self.fit_zoom * 0.5
        hi = max(self.fit_zoom * MIN_ZOOM_IN, MAX_PIXELS_PER_UNIT)
        new = min(hi, max(lo, self.zoom * factor))
        self.zoom = new
        self.x = wx - (sx - self.width / 2) / new
        self.y = wy - (sy - self.height / 2) / new
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Drag by ``(dx, dy)`` pixels (the world moves with the mouse); pauses following."""
        self.x -= dx / self.zoom
        self.y -= dy / self.zoom
        self.following = False
        self._clamp()

    def follow(self, px: float, py: float, dt: float) -> None:
        """When zoomed in, glide so that the world point ``(px, py)`` stays in the middle part of the view."""
        if not (self.following and self.zoomed_in):
            return
        sx, sy = self.world_to_screen(px, py)
        top = self.height - self.hud
        box_x = self.width * 0.25
        box_y = top * 0.25
        tx = ty = 0.0
        if sx < box_x:
            tx = sx - box_x
        elif sx > self.width - box_x:
            tx = sx - (self.width - box_x)
        if sy < box_y:
            ty = sy - box_y
        elif sy > top - box_y:
            ty = sy - (top - box_y)
        self.ease_to(*self._view_clamped(self.x + tx / self.zoom, self.y + ty / self.zoom), dt)

    def ease_to(self, gx: float, gy: float, dt: float) -> None:
        """Move the centre part of the way (``1 - exp(-dt / FOLLOW_TAU)``) to world point ``(gx, gy)``: the same
        glide at any frame rate; within :data:`SETTLE_PX` pixels the rest at once, and nothing at all once there
        (a settled camera keeps exactly the same centre, so an idle screen's frame key stays the same).  With
        reduced motion (:func:`game.render.motion.reduced_motion`) it jumps there at once."""
        d = math.hypot(gx - self.x, gy - self.y) * self.zoom
        if d < 1e-3:
            return
        k = 1.0 if d < SETTLE_PX or reduced_motion() else 1.0 - math.exp(-max(dt, 0.0) / FOLLOW_TAU)
        self.x += (gx - self.x) * k
        self.y += (gy - self.y) * k

    def _view_clamped(self, x: float, y: float) -> tuple[float, float]:
        """Centre ``(x, y)`` moved so that the maze fills the view when it is bigger than the view (no more than
        :data:`MARGIN` pixels beyond an edge): a camera that follows the player or opens on it never shows a
        half-empty screen."""
        x0, y0, x1, y1 = self.bounds
        m = MARGIN / self.zoom
        half_w = self.width / 2 / self.zoom
        half_h = (self.height - self.hud - self.footer) / 2 / self.zoom
        shift = (self.footer - self.hud) / 2 / self.zoom  # the band's centre is this far from the camera's
        lo_x, hi_x = x0 - m + half_w, x1 + m - half_w
        x = (x0 + x1) / 2 if lo_x > hi_x else min(max(x, lo_x), hi_x)
        cy = y + shift
        lo_y, hi_y = y0 - m + half_h, y1 + m - half_h
        cy = (y0 + y1) / 2 if lo_y > hi_y else min(max(cy, lo_y), hi_y)
        return x, cy - shift

    def centre_on(self, px: float, py: float, zoom: float) -> None:
        """Jump to ``zoom`` pixels per unit with world point ``(px, py)`` in the middle of the area between the HUD
        and the footer, as far as the maze's edges allow (a level opening on its player)."""
        self.zoom = zoom
        self.x, self.y = self._view_clamped(px, py + (self.hud - self.footer) / (2 * zoom))
        self.following = True

    def _clamp(self) -> None:
        x0, y0, x1, y1 = self.bounds
        self.x = min(max(self.x, x0), x1)
        self.y = min(max(self.y, y0), y1 + self.hud / self.zoom)

    # -- arcade ----------------------------------------------------------------
    def apply(self, camera: Any) -> None:
        """Copy centre (plus shake offset, in pixels) and zoom onto an ``arcade.Camera2D``."""
        shake = (0.0, 0.0) if reduced_motion() else self.shake  # reduced motion: bumps never shake the view
        camera.position = (self.x + shake[0] / self.zoom, self.y + shake[1] / self.zoom)
        camera.zoom = self.zoom
