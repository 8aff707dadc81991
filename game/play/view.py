"""The play screen of a level: :class:`PlayView`, on the maze screen's body :class:`game.play.screen.PlayScreen`.

What it adds to the body (which the guided start shares): leaving a started level asks first and keeps the
player's place (:mod:`game.play.keep`), and the goal saves the result and leads to the win screen.
"""

from __future__ import annotations

from game import routes
from game.play.best_run import keep_run
from game.play.keep import forget_place
from game.play.mouse import TOO_FAR, TOO_FAR_LIT
from game.play.screen import FOOTER_HEIGHT, HELP_LINE, HUD_GAP, HUD_HEIGHT, NOTICE_TIME, PULSE_TIME, PlayScreen
from game.records import record_maze_win


class PlayView(PlayScreen):
    """Play one maze: a campaign level, a code, a level made by hand (see :class:`PlayScreen` for the arguments)."""

    def resumed(self) -> None:
        """Back at a kept place: its trail, fog and camera."""
        for cell in self.session.visited:
            self.layer.mark_visited(cell)
        self.sync_fog()
        self.recorder.lose()  # the steps before the kept place are not known: no best run from this attempt
        self.pulse_left = self.opening_pulse()
        self.on_resize(self.window.width, self.window.height)  # the camera on the player

    def back(self) -> None:
        """Leave the level; a started, unfinished one asks first and keeps the player's place (:mod:`keep`)."""
        if self._pause is not None:
            self._pause.hide()
        if self.ask_leave(self._back):
            self.paused = False
            return
        self._back()

    def finish(self) -> None:
        """Save the result (not for a level without a code: nothing to keep it under) and show the win screen."""
        s = self.session
        store = self.ctx.store
        forget_place(store, self.code)
        result = record_maze_win(store, self.code, s)
        next_level = None
        if self.level is not None and s.rules is None and self.recorder.moves:  # the player's best run
            keep_run(store, self.code, self.named.level, self.recorder.moves, s.elapsed)
        if self.level is not None:  # saved, the next unlocked, and the one next (menu, map and win agree)
            next_level = self.ctx.win_level(self.level, s.stars)
        self.ctx.go(routes.win, self, result, next_level)


__all__ = ["FOOTER_HEIGHT", "HELP_LINE", "HUD_GAP", "HUD_HEIGHT", "NOTICE_TIME", "PULSE_TIME", "TOO_FAR", "TOO_FAR_LIT",
           "PlayView"]
