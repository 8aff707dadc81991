"""Building a big race level in the background: a progress line, Esc cancels; the window never freezes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import arcade
from arcade import key

from game import routes
from game.bases.screen import Screen
from game.context import Context
from game.ui import FONT, fit_text
from game.workers import Task, spinner

S = TypeVar("S")


class RaceLoadingView(Screen, Generic[S]):
    """Run ``build`` in a worker thread, then show ``ready(session)``.

    Args:
        ctx: shared context.
        build: makes the race session (a :class:`engine.modes.race.session.RaceSession`, or a
            :class:`engine.modes.race.duo.DuoSession` for two players).
        ready: the view to show for the built session.
        back: where Esc (cancel) goes (None: the race setup).
        what: the progress line while it builds.
    """

    def __init__(self, ctx: Context, build: Callable[[], S], ready: Callable[[S], arcade.View],
                 back: arcade.View | None = None, what: str = "building the maze and the opponent's route") -> None:
        super().__init__(ctx)
        self.ctx = ctx
        self.ready = ready
        self.back_view = back
        self.background_color = ctx.theme.background

        def work(progress: Any, cancelled: Any) -> S:
            progress(0.05, what)
            return build()

        self.task: Task[S] = Task(work, name="race build")
        t = ctx.theme
        self.t_text = arcade.Text("", 0, 0, t.text, 16, font_name=FONT, anchor_x="center", anchor_y="center")
        self.t_error = arcade.Text("", 0, 0, t.error, 14, font_name=FONT, anchor_x="center", anchor_y="center")
        self.error = ""
        self._drawn: tuple[Any, ...] = ()  # shown() of the last frame drawn

    def on_update(self, delta_time: float) -> None:
        """Show the race once built (or the error in one line)."""
        if self.task.done and not self.error:
            try:
                session = self.task.result()
            except Exception as exc:  # shown on screen, never a crash
                self.error = f"The race could not be built: {exc}"
                return
            self.ctx.show(self.ready(session))

    def shown(self) -> tuple[Any, ...]:
        """What a frame shows that changes by itself: the spinner, the message, the seconds, the bar's pixels."""
        frac, msg = self.task.progress()
        bar = min(400, self.window.width / 2 - 20) if self.window is not None else 400
        return (spinner(self.task.elapsed), msg, int(self.task.elapsed), int((2 * bar - 4) * frac), self.error)

    def needs_redraw(self) -> bool:
        """True after input or when :meth:`shown` changed (a few times a second while it builds, not every frame)."""
        return super().needs_redraw() or self.shown() != self._drawn

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Esc cancels and goes back."""
        if symbol != key.ESCAPE:
            return None
        self.task.cancel()
        if self.back_view is not None:
            self.ctx.show(self.back_view)
        else:
            self.ctx.go(routes.race_setup)
        return True

    def on_draw(self) -> None:
        """Spinner, what is being done, seconds so far; a bar of the progress reported."""
        self.clear()
        w, h = self.window.width, self.window.height
        t = self.ctx.theme
        self._drawn = self.shown()
        frac, msg = self.task.progress()
        fit_text(self.t_text, f"{spinner(self.task.elapsed)} {msg or 'starting'} · {self.task.elapsed:.0f} s"
                 " · Esc cancels", 16, w - 40, 10, step=1)
        self.t_text.position = (w / 2, h / 2 + 40)
        bar = min(400, w / 2 - 20)
        arcade.draw_lrbt_rectangle_outline(w / 2 - bar, w / 2 + bar, h / 2 - 12, h / 2 + 12, t.text, 2)
        arcade.draw_lrbt_rectangle_filled(w / 2 - bar + 2, w / 2 - bar + 2 + (2 * bar - 4) * frac, h / 2 - 10,
                                          h / 2 + 10, t.accent)
        self.t_text.draw()
        if self.error:
            fit_text(self.t_error, self.error, 14, w - 40, 10, step=1)
            self.t_error.position = (w / 2, h / 2 - 50)
            self.t_error.draw()
