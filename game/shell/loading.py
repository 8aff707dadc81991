"""A screen that builds something big in the background, with progress, then shows the result.

Used for mazes over :data:`game.play.early.BIG_MAZE_CELLS` cells: generating, the play session's
shortest path and the GPU geometry take seconds there, and the window must not
freeze.  The work runs in a :class:`game.workers.Task` thread; the finishing step
(building GL buffers, which must happen on the window's thread) runs in
``on_update`` once the work is done.  Esc cancels and goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import arcade

from game import routes
from game.bases.screen import BaseView
from game.context import Context
from game.ui import ellipsize, fit_text
from game.workers import CancelledFn, ProgressFn, Task, spinner


class LoadingView(BaseView):
    """Run ``work(progress, cancelled)`` in a thread, show its progress, then ``finish(result)`` -> the next view.

    Args:
        ctx: shared context.
        title: what is being built (shown).
        work: the background part (no GL calls): returns the value passed to ``finish``.
        finish: runs on the window's thread with the result; returns the view to show (None: go back).
        back: what Esc does (default: the menu); the work is cancelled first.
    """

    music: str | None = None  # the screen shown next chooses

    def __init__(
        self, ctx: Context, title: str, work: Callable[[ProgressFn, CancelledFn], Any],
        finish: Callable[[Any], arcade.View | None], back: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.finish = finish
        self._back = back or partial(routes.show_menu, ctx)
        self.task: Task[Any] = Task(work, name=title)
        t = ctx.theme
        self.title_value = title
        self.title = self.text(title, 22, t.accent, bold=True, anchor_x="center", anchor_y="center")
        self.status = self.text("", 15, t.text, anchor_x="center", anchor_y="top")
        self.hint = self.text("Esc cancels", 12, t.text_dim, anchor_x="center", anchor_y="bottom")
        self.fraction = 0.0
        self.error = ""
        self._shown: tuple[Any, ...] = ()
        self._size = (1280, 800)

    def back(self) -> None:
        """Cancel the work and go back."""
        self.task.cancel()
        self._back()

    def layout(self, width: int, height: int) -> None:
        """Title above a bar in the middle, status below."""
        self._size = (width, height)
        s = self.scale
        fit_text(self.title, self.title_value, 22 * s, width - 40)
        self.title.position = (width / 2, height / 2 + 50 * s)
        self.status.font_size = 15 * s
        self.status.position = (width / 2, height / 2 - 24 * s)
        self.hint.font_size = 12 * s
        self.hint.position = (width / 2, 12 * s)
        self._shown = ()

    def on_update(self, delta_time: float) -> None:
        """Poll the task; when done, finish on this thread and show the result."""
        if self.error:
            return
        if self.task.done:
            try:
                value = self.task.result()
                view = self.finish(value)
            except Exception as exc:  # shown on screen, never a crash
                self.error = f"Could not build it: {exc}"
                ellipsize(self.status, self.error, self._size[0] - 40)
                self.request_redraw()
                return
            if view is None:
                self._back()
            else:
                self.ctx.show(view)
            return
        fraction, message = self.task.progress()
        shown = (round(fraction, 2), message, spinner(self.task.elapsed))
        if shown != self._shown:
            self._shown = shown
            self.fraction = fraction
            ellipsize(self.status, f"{message}  {shown[2]}  {self.task.elapsed:.0f} s", self._size[0] - 40)
            self.request_redraw()

    def draw_extra(self) -> None:
        """Title, progress bar and status."""
        w, h = self._size
        s = self.scale
        t = self.ctx.theme
        bw, bh = min(w - 80, 600 * s), 18 * s
        left, bottom = (w - bw) / 2, h / 2 - bh / 2 + 8 * s
        arcade.draw_lrbt_rectangle_filled(left, left + bw, bottom, bottom + bh, t.panel)
        arcade.draw_lrbt_rectangle_filled(left, left + bw * max(0.0, min(1.0, self.fraction)), bottom, bottom + bh,
                                          t.accent)
        self.title.draw()
        self.status.draw()
        self.hint.draw()
