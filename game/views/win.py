"""The win screen: time, moves, stars against par, personal best, the code (copyable), next level."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.context import Context
from game.store import WinResult
from game.ui import gui
from game.views.base import BaseView

if TYPE_CHECKING:
    from engine.campaign import Level
    from game.views.play import PlayView

STAR, NO_STAR = "\u2605", "\u2606"


def copy_to_clipboard(window: object, text: str) -> bool:
    """Put ``text`` on the system clipboard through pyglet; False where unsupported (headless)."""
    try:
        window.set_clipboard_text(text)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - NotImplementedError headless, X errors elsewhere
        return False
    return True


class WinView(BaseView):
    """Shown after reaching the goal."""

    def __init__(self, ctx: Context, play: PlayView, result: WinResult, next_level: Level | None) -> None:
        super().__init__(ctx)
        from game.views.play import format_time, open_level

        self.play = play
        s = play.session
        self.stars = s.stars
        t = ctx.theme
        box = gui.UIBoxLayout(space_between=12)
        if next_level is not None:
            box.add(self.make_button("Next level", lambda: ctx.show(open_level(ctx, next_level))))
        box.add(self.make_button("Play again", self.replay))
        box.add(self.make_button("Copy code", self.copy))
        box.add(self.make_button("Back", self.back))
        self.ui.add(gui.UIAnchorLayout()).add(box, anchor_x="center", anchor_y="center", align_y=-150)
        best = result.best
        new = " (new best!)" if result.new_best_time and best.wins > 1 else ""
        self.heading = self.text("Solved!", 40, t.accent, bold=True, anchor_x="center")
        self.name = self.text(play.title_text, 16, t.text_dim, anchor_x="center")
        self.star_text = self.text(STAR * self.stars + NO_STAR * (3 - self.stars), 48, t.star, anchor_x="center")
        self.lines = self.text(
            f"Time {format_time(s.elapsed)}   (par {format_time(s.par_time)})\n"
            f"Moves {s.moves}   (par {s.par_moves}, shortest {s.shortest})\n"
            f"Best {format_time(best.best_time or 0)} and {best.best_moves} moves{new}",
            18, t.text, anchor_x="center", multiline=True, width=760, align="center",
        )
        self.code_text = self.text(f"Code: {play.code}", 16, t.text, anchor_x="center")
        self.status = self.text("", 14, t.text_dim, anchor_x="center")

    def layout(self, width: int, height: int) -> None:
        """Place the texts."""
        self.heading.position = (width / 2, height - 90)
        self.name.position = (width / 2, height - 125)
        self.star_text.position = (width / 2, height - 195)
        self.lines.position = (width / 2, height - 230)
        self.code_text.position = (width / 2, height - 335)
        self.status.position = (width / 2, height - 362)

    def replay(self) -> None:
        """The same maze again."""
        self.play.restart()
        self.ctx.show(self.play)

    def copy(self) -> None:
        """Copy the level code to the clipboard."""
        if copy_to_clipboard(self.window, self.play.code):
            self.status.text = "Code copied to the clipboard."
        else:
            self.status.text = "No clipboard here: write the code down from above."

    def back(self) -> None:
        """Back where the level was opened from."""
        self.play.back()

    def draw_extra(self) -> None:
        """Texts."""
        for t in (self.heading, self.name, self.star_text, self.lines, self.code_text, self.status):
            t.draw()
