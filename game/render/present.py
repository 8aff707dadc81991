"""Partial frames: on software GL, a frame in which only small regions changed is drawn and shown there alone.

A machine that draws with its CPU (Mesa's llvmpipe: no GPU driver, a virtual machine, a remote desktop) pays for
every pixel: copying a 1280x800 maze image costs about 6-10 ms of CPU a frame, so a race redrawn whole 30 times a
second took a third of a core, and an idle level's clock half a core's percent for each tick.  Where the GL offers
``GLX_MESA_copy_sub_buffer`` the window's back buffer is never swapped: it always holds the last whole frame, and
``glXCopySubBufferMESA`` shows rectangles of it.  A screen that knows what moved since its last frame
(:class:`PartialFrames`: the racers, the clock) names those rectangles; the window draws the screen once per
rectangle with its cameras clipped to it (:meth:`PartialFrames.draw_part`) and shows only them.

Anything else -- a GPU driver, a missing extension, a headless test window, ``TESSERA_FULL_FRAMES=1`` -- draws
and swaps whole frames, as before.  Window events (resize, expose, a new screen) always draw a whole frame; a new
window size is swapped once (the back buffer takes its size only then) and drawn again.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import arcade

Rect = tuple[int, int, int, int]
"""``(x, y, width, height)`` in window pixels, from the bottom-left corner."""

SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "swiftshader")
"""Words in ``GL_RENDERER`` that mean the CPU draws."""


def software_gl(renderer: str) -> bool:
    """True when the GL renderer string names a software rasterizer."""
    name = renderer.lower()
    return any(word in name for word in SOFTWARE_RENDERERS)


def clip_rect(rect: Rect, width: int, height: int) -> Rect | None:
    """``rect`` cut to a ``width`` x ``height`` window (whole pixels), or None when nothing of it is inside."""
    x0, y0 = max(0, rect[0]), max(0, rect[1])
    x1, y1 = min(width, rect[0] + rect[2]), min(height, rect[1] + rect[3])
    return None if x1 <= x0 or y1 <= y0 else (x0, y0, x1 - x0, y1 - y0)


def box_around(points: Sequence[tuple[float, float]], half: float) -> Rect:
    """The whole-pixel rectangle covering squares of ``half`` pixels around every point of ``points``."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = int(min(xs) - half) - 1, int(min(ys) - half) - 1
    return x0, y0, int(max(xs) + half) + 2 - x0, int(max(ys) + half) + 2 - y0


def merge_rects(rects: list[Rect], slack: float = 1.5) -> list[Rect]:
    """Fewer rectangles covering ``rects``: two become their bounding box when it is at most ``slack`` times
    their areas together (each rectangle costs a drawing pass; a large box costs pixels)."""
    out = [r for r in rects if r[2] > 0 and r[3] > 0]
    merged = True
    while merged and len(out) > 1:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                x0, y0 = min(a[0], b[0]), min(a[1], b[1])
                x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
                if (x1 - x0) * (y1 - y0) <= slack * (a[2] * a[3] + b[2] * b[3]):
                    out[i] = (x0, y0, x1 - x0, y1 - y0)
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return out


class Presenter:
    """Shows frames whole or in rectangles (``glXCopySubBufferMESA``) for one window.

    Attributes:
        enabled: True when partial frames are on (software GL with the extension, not switched off).
        parts_shown: rectangles shown by partial frames so far (tests, measurements).
    """

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.enabled = False
        self.parts_shown = 0
        self._size = (0, 0)  # the framebuffer size of the last frame shown (see resized)
        self._copy: Any = None
        if os.environ.get("TESSERA_FULL_FRAMES", "") not in ("", "0"):
            return
        try:
            context: Any = window.context
            extensions = context.config.glx_info.get_extensions()
            if "GLX_MESA_copy_sub_buffer" not in extensions or not software_gl(window.ctx.info.RENDERER):
                return
            from pyglet.gl import glxext_arb

            self._copy = glxext_arb.glXCopySubBufferMESA
            self._display, self._drawable = context.x_display, context.glx_window
        except Exception:  # not GLX (headless EGL, another platform): whole frames
            return
        self.enabled = True

    def resized(self, size: tuple[int, int]) -> bool:
        """True when the window's framebuffer is ``size`` (pixels) and the last frame shown was another size (or
        none was shown): a back buffer that is never swapped keeps its first size, so the window must swap once
        to take the new one, and draw again."""
        changed, self._size = size != self._size, size
        return changed

    def show(self, rects: Sequence[Rect] | None) -> None:
        """Show ``rects`` of the back buffer (None: all of it); the back buffer keeps the frame."""
        width, height = self.window.get_framebuffer_size()
        for rect in [(0, 0, width, height)] if rects is None else rects:
            self._copy(self._display, self._drawable, *rect)
        if rects is not None:
            self.parts_shown += len(rects)


class PartialFrames:
    """A screen that can be drawn in parts (mixed into an ``arcade.View`` with a ``clear``).

    Subclasses say what changed since their last frame in :meth:`damage` and list the cameras they draw with
    in :meth:`part_cameras`; the window then calls :meth:`draw_part` once per rectangle.
    """

    _clear_rect: Rect | None = None

    def damage(self) -> list[Rect] | None:
        """The window rectangles that changed since the last frame drawn, or None for all of it (default)."""
        return None

    def part_cameras(self) -> list[arcade.Camera2D]:
        """The cameras :meth:`draw_part` clips (every camera the screen's ``on_draw`` uses)."""
        return []

    def draw_part(self, rect: Rect) -> None:
        """Draw the screen (its ``on_draw``) inside ``rect`` alone: every camera and the clear clipped to it."""
        box = arcade.LBWH(*rect)
        cameras = self.part_cameras()
        window: Any = getattr(self, "window")  # noqa: B009 - the arcade.View this is mixed into
        for camera in cameras:
            camera.scissor = box
        window.ctx.scissor = rect
        self._clear_rect = rect
        try:
            getattr(self, "on_draw")()  # noqa: B009 - the view's
        finally:
            for camera in cameras:
                camera.scissor = None
            window.ctx.scissor = None
            self._clear_rect = None

    def clear(self, color: Any = None, color_normalized: Any = None,  # arcade's own signature
              viewport: tuple[int, int, int, int] | None = None) -> None:
        """Clear the window (only the part being drawn, inside :meth:`draw_part`)."""
        super().clear(color, color_normalized, viewport or self._clear_rect)  # type: ignore[misc]
