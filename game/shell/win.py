"""The win screen: time, moves, stars against par, personal best, the code (copyable), next level.

The stars light up one by one, each with the "star" sound (:data:`STAR_DELAY`, :data:`STAR_GAP`), and pop:
the new star swells and settles over :data:`POP_TIME` seconds while a ring and a burst of sparks spread from it
(none of that motion with the "reduced_motion" setting: the stars just light).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import arcade
from arcade import key

from engine.share.lines import LevelSummary, daily_date, share_line
from game import routes
from game.codes import NOT_SAVED
from game.context import Context
from game.format import NO_STAR, STAR, format_time, star_text
from game.save_schema import WinResult
from game.ui import ellipsize, fit_text, place_column
from game.ui.qr import ShareKeys
from game.ui.screen import BaseView

#: Seconds from showing the screen to the first star (after the win jingle has started), then between stars.
STAR_DELAY, STAR_GAP = 0.45, 0.3
#: Seconds a lit star's pop lasts; sparks per star.
POP_TIME, SPARKS = 0.5, 10

if TYPE_CHECKING:
    from engine.modes.campaign import CampaignLevel
    from engine.modes.play import PlaySession


def copy_to_clipboard(window: Any, text: str) -> bool:
    """Put ``text`` on the system clipboard through pyglet; False where unsupported (headless)."""
    try:
        window.set_clipboard_text(text)
    except Exception:  # noqa: BLE001 - NotImplementedError headless, X errors elsewhere
        return False
    return True


def best_line(result: WinResult) -> str:
    """``Best 0:12.3 and 40 moves (new best!)``."""
    best = result.best
    new = " (new best!)" if result.new_best_time and best.wins > 1 else ""
    return f"Best {format_time(best.best_time or 0)} and {best.best_moves} moves{new}"


class WinView(BaseView):
    """Shown after reaching the goal.

    Args:
        ctx: shared context.
        play: the play view that was won (a :class:`game.play.view.PlayView`: its ``session``, ``code``,
            ``title_text``, ``restart()`` and ``back()`` are used; "Play again" shows it again).
        result: what the store recorded (None: nothing saved, the level has no code; said in one line).
        next_level: the campaign level after this one, if any.
    """

    music: str | None = None  # the finished level's music goes on

    def __init__(self, ctx: Context, play: Any, result: WinResult | None, next_level: CampaignLevel | None) -> None:
        super().__init__(ctx)
        self.play = play
        s: PlaySession = play.session
        self.stars = s.stars
        t = ctx.theme
        if next_level is not None:
            self.ui.add(self.make_button("Next level", lambda: ctx.go(routes.level, next_level)))
        self.ui.add(self.make_button("Play again", self.replay))
        if play.code:
            self.ui.add(self.make_button("Copy code", self.copy))
        self.ui.add(self.make_button("Back", self.back))
        self.heading = self.text("Solved!", 40, t.accent, bold=True, anchor_x="center", anchor_y="top")
        self.name = self.text(play.title_text, 16, t.text_dim, anchor_x="center", anchor_y="top")
        self.shown_stars = 0  # stars lit so far (:meth:`on_update`)
        self.pops: list[float] = []  # seconds since each lit star lit (its pop runs for POP_TIME)
        self.motion = ctx.store.setting("reduced_motion") != "1"
        self.pop_star = self.text(STAR, 48, t.star, anchor_x="center", anchor_y="center")
        self._star_clock = 0.0
        self.star_text = self.text(star_text(0), 48, t.star, anchor_x="center", anchor_y="top")
        self.line_values = [
            f"Time {format_time(s.elapsed)}   (par {format_time(s.par_time)})",
            f"Moves {s.moves}   (par {s.par_moves}, shortest {s.shortest})",
            best_line(result) if result is not None else NOT_SAVED,
        ]
        self.lines = [self.text(v, 18, t.text, anchor_x="center", anchor_y="top") for v in self.line_values]
        self.code_value = f"Code: {play.code}" if play.code else "No code: this level was made by hand."
        self.code_text = self.text(self.code_value, 16, t.text, anchor_x="center", anchor_y="top")
        self.status = self.text("", 14, t.text_dim, anchor_x="center", anchor_y="top")
        self._width = 1280
        summary = LevelSummary.of_level(s.level, daily_date(play.code) if play.code else None)
        self.share = ShareKeys(t, play.code, share_line(summary, s.elapsed, s.moves, s.shortest))
        self.share_value = f"{self.share.line}   ·   C copies it   ·   Q: QR code"
        self.share_text = self.text(self.share_value, 14, t.text_dim, anchor_x="center", anchor_y="top")

    def layout(self, width: int, height: int) -> None:
        """Texts from the top, buttons below them."""
        s, cx, w = self.scale, width / 2, width - 40
        self._width = width
        fit_text(self.heading, "Solved!", 40 * s, w)
        self.heading.position = (cx, height - 24 * s)
        fit_text(self.name, self.play.title_text, 16 * s, w)
        self.name.position = (cx, self.heading.bottom - 8 * s)
        fit_text(self.star_text, self.star_text.text, 48 * s, w)
        self.star_text.position = (cx, self.name.bottom - 8 * s)
        y = self.star_text.bottom - 10 * s
        for text, value in zip(self.lines, self.line_values, strict=True):
            fit_text(text, value, 18 * s, w)
            text.position = (cx, y)
            y = text.bottom - 6 * s
        fit_text(self.code_text, self.code_value, 16 * s, w)
        self.code_text.position = (cx, y - 8 * s)
        fit_text(self.share_text, self.share_value, 14 * s, w)
        self.share_text.position = (cx, self.code_text.bottom - 6 * s)
        self.status.font_size = 14 * s
        ellipsize(self.status, self.status.text, w)
        self.status.position = (cx, self.share_text.bottom - 6 * s)
        self.share.qr.layout(width, height, s)
        top = self.status.position[1] - 14 * s - 12 * s
        h = place_column(self.buttons, cx, top, 16 * s, 320 * s, 52 * s)
        self.style_buttons(min(16 * s, h * 0.4))

    def on_update(self, delta_time: float) -> None:
        """Light the earned stars one by one, a "star" sound each; their pops run on."""
        if self.pops and min(self.pops) < POP_TIME:
            self.pops = [age + delta_time for age in self.pops]
            self.request_redraw()
        if self.shown_stars >= self.stars:
            return
        self._star_clock += delta_time
        since = self._star_clock - STAR_DELAY
        due = 0 if since < 0 else min(self.stars, int(since / STAR_GAP) + 1)
        if due > self.shown_stars:
            for _ in range(due - self.shown_stars):
                self.ctx.audio.play("star")
                self.pops.append(0.0 if self.motion else POP_TIME)
            self.shown_stars = due
            self.star_text.text = star_text(due)
            self.request_redraw()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Q: the QR code of the level's link; C: copy the share line; the rest as on every button screen."""
        said = self.share.on_key(symbol, self.window) if symbol != key.F11 else None
        if said is None:
            return super().on_key_press(symbol, modifiers)
        if said:
            ellipsize(self.status, said, self._width - 40)
        self.share.qr.layout(self.window.width, self.window.height, self.scale)
        self.request_redraw()
        return True

    def replay(self) -> None:
        """The same maze again."""
        self.play.restart()
        self.ctx.show(self.play)

    def copy(self) -> None:
        """Copy the level code to the clipboard."""
        if copy_to_clipboard(self.window, self.play.code):
            msg = "Code copied to the clipboard."
        else:
            msg = "No clipboard here: write the code down from above."
        ellipsize(self.status, msg, self._width - 40)

    def back(self) -> None:
        """Back where the level was opened from."""
        self.play.back()

    def draw_extra(self) -> None:
        """Texts, then the stars' pops."""
        for t in (self.heading, self.name, self.star_text, *self.lines, self.code_text, self.share_text, self.status):
            t.draw()
        for i, age in enumerate(self.pops):
            if age < POP_TIME:
                self.draw_pop(i, age / POP_TIME)
        self.share.qr.draw(self.window.width, self.window.height)

    def star_centre(self, i: int) -> tuple[float, float]:
        """Pixel centre of star ``i`` (0..2) in the row of stars."""
        t = self.star_text
        glyph = t.content_width / 3
        return t.x - t.content_width / 2 + glyph * (i + 0.5), t.y - t.content_height / 2

    def draw_pop(self, i: int, f: float) -> None:
        """Star ``i``'s pop at ``f`` (0..1 of :data:`POP_TIME`): a swelling star settling, a fading ring, sparks."""
        x, y = self.star_centre(i)
        size = self.star_text.font_size
        r, g, b, _ = self.ctx.theme.star
        fade = int(255 * (1 - f))
        self.pop_star.font_size = size * (1 + 0.6 * math.sin(math.pi * f))
        self.pop_star.position = (x, y)
        self.pop_star.draw()
        reach = size * (0.5 + 1.2 * f)
        arcade.draw_circle_outline(x, y, reach, (r, g, b, fade), max(1.0, size * 0.06), num_segments=40)
        for k in range(SPARKS):
            a = 2 * math.pi * (k + 0.5 * i) / SPARKS
            d = reach * 1.15
            arcade.draw_circle_filled(x + d * math.cos(a), y + d * math.sin(a), max(1.5, size * 0.06 * (1 - f)),
                                      (r, g, b, fade), num_segments=8)


__all__ = ["WinView", "copy_to_clipboard", "STAR", "NO_STAR"]
