"""The one shape of every win (a maze, a sliding puzzle, a daily): :class:`WinScreen`.

The finished picture fills the left of the window (what the subclass draws in :attr:`WinScreen.picture`), a
panel on the right holds "Solved!", the level's name, the stars, the result lines and the buttons, the first
button focused ("Next level", "New puzzle", "Dailies").  The stars light one by one, each with the "star" sound
(:data:`STAR_DELAY`, :data:`STAR_GAP`), and pop: the new star swells and settles over :data:`POP_TIME` seconds
while a ring and a burst of sparks spread from it (none of that motion with the "reduced_motion" setting: the
stars just light).  The screen redraws only while something moves (:meth:`WinScreen.animating`).

Everything for sharing (the code, the share line, the QR code) is one button away, under "Share"
(:func:`game.routes.share`), never on the main face.
"""

from __future__ import annotations

import math

import arcade

from game.bases.screen import BaseView
from game.context import Context
from game.format import STAR, star_text
from game.ui import FONT, ellipsize, fit_text, focus_ring_reach, place_column

#: Seconds from showing the screen to the first star (after the win jingle has started), then between stars.
STAR_DELAY, STAR_GAP = 0.45, 0.3
#: Seconds a lit star's pop lasts; sparks per star.
POP_TIME, SPARKS = 0.5, 10
#: The panel's share of the window width (at least :data:`PANEL_MIN` pixels at scale 1, at most half).
PANEL_SHARE, PANEL_MIN = 0.38, 380

Rect = tuple[float, float, float, float]  # left, bottom, right, top (pixels)


class WinScreen(BaseView):
    """A win: the picture on the left, the panel on the right (module doc).

    Subclasses add their buttons (the first is focused), then call :meth:`set_lines`; they draw the picture in
    :meth:`draw_picture` (inside :attr:`picture`) and say in :meth:`picture_animating` while it moves.

    Args:
        ctx: shared context.
        name: what was won ("3. Braided Gardens", "Daily 3×3 · 2026-11-28").
        stars: the stars earned, 0..3 (0: the row is not shown).
    """

    def __init__(self, ctx: Context, name: str, stars: int) -> None:
        super().__init__(ctx)
        t = ctx.theme
        self.stars = stars
        self.name_value = name
        self.heading = self.text("Solved!", 40, t.accent, bold=True, anchor_x="center", anchor_y="top")
        self.name = self.text(name, 16, t.text_dim, anchor_x="center", anchor_y="top")
        self.shown_stars = 0  # stars lit so far (:meth:`on_update`)
        self.pops: list[float] = []  # seconds since each lit star lit (its pop runs for POP_TIME)
        self.motion = ctx.store.setting("reduced_motion") != "1"
        self.pop_star = arcade.Text(STAR, 0, 0, t.star, 48, font_name=FONT, anchor_x="center", anchor_y="center")
        self._star_clock = 0.0
        self.star_text = self.text(star_text(0), 48, t.star, anchor_x="center", anchor_y="top")
        self.line_values: list[str] = []
        self.lines: list[arcade.Text] = []
        self.status = self.text("", 14, t.text_dim, anchor_x="center", anchor_y="top")
        self.status_value = ""  # the whole sentence of :meth:`say` (the status may show it cut with "…")
        self.picture: Rect = (0.0, 0.0, 1.0, 1.0)
        self._width = 1280
        self.panel_left = 0.0

    def set_lines(self, values: list[str]) -> None:
        """The result lines under the stars (time, moves, best, streak...)."""
        t = self.ctx.theme
        self.line_values = list(values)
        self.lines = [self.text(v, 18, t.text, anchor_x="center", anchor_y="top") for v in values]

    def say(self, sentence: str) -> None:
        """One line under the results (a copy done, a record), cut to the panel (each layout cuts the whole
        sentence again: said before the first layout, it is cut to the window's panel, not to a guess)."""
        self.status_value = sentence
        ellipsize(self.status, sentence, self.panel_width() - 40 * self.scale)
        self.request_redraw()

    def panel_width(self) -> float:
        """The right panel's width in pixels for the current window."""
        width = self._width
        return min(width / 2, max(width * PANEL_SHARE, PANEL_MIN * self.scale))

    # -- layout ------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """The panel on the right from the top (texts, then the buttons), the picture left of it."""
        s = self.scale
        self._width = width
        pw = self.panel_width()
        self.panel_left = width - pw
        cx, w = width - pw / 2, pw - 32 * s
        fit_text(self.heading, "Solved!", 40 * s, w)
        self.heading.position = (cx, height - 20 * s)
        fit_text(self.name, self.name_value, 16 * s, w)
        self.name.position = (cx, self.heading.bottom - 6 * s)
        y = self.name.bottom - 6 * s
        if self.stars > 0:
            fit_text(self.star_text, self.star_text.text, 44 * s, w)
            self.star_text.position = (cx, y)
            y = self.star_text.bottom - 8 * s
        for text, value in zip(self.lines, self.line_values, strict=True):
            fit_text(text, value, 17 * s, w)
            text.position = (cx, y)
            y = text.bottom - 5 * s
        self.status.font_size = 14 * s
        ellipsize(self.status, self.status_value, w)
        self.status.position = (cx, y - 2 * s)
        ring = focus_ring_reach(self.ctx.theme, width, height)
        top = min(y - 14 * s - 12 * s, self.status.bottom - ring - 2)  # the ring never over the status's letters
        h = place_column(self.buttons, cx, top, 16 * s, min(w, 320 * s), 50 * s)
        self.style_buttons(min(16 * s, h * 0.4))
        m = 20 * s
        self.picture = (m, m, self.panel_left - m, height - m)

    # -- time ----------------------------------------------------------------------------------
    def picture_animating(self) -> bool:
        """True while the picture moves by itself (default: never)."""
        return False

    def animating(self) -> bool:
        """A star popping or the picture moving (a star lighting asks for its one frame); then nothing: an idle
        win draws nothing."""
        pops = bool(self.pops) and min(self.pops) < POP_TIME
        return pops or self.picture_animating()

    def on_update(self, delta_time: float) -> None:
        """Light the earned stars one by one, a "star" sound each; their pops run on."""
        if self.pops and min(self.pops) < POP_TIME:
            self.pops = [age + delta_time for age in self.pops]
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

    # -- drawing -------------------------------------------------------------------------------
    def draw_background(self) -> None:
        """The picture under everything, then the panel's band."""
        self.draw_picture()
        self.window.default_camera.use()
        band = (*self.ctx.theme.panel[:3], 255)
        arcade.draw_lrbt_rectangle_filled(self.panel_left, self.window.width, 0, self.window.height, band)

    def draw_picture(self) -> None:
        """Draw the finished picture inside :attr:`picture` (default: nothing)."""

    def draw_extra(self) -> None:
        """Texts, then the stars' pops."""
        for t in self.texts():
            t.draw()
        for i, age in enumerate(self.pops):
            if age < POP_TIME:
                self.draw_pop(i, age / POP_TIME)

    def texts(self) -> list[arcade.Text]:
        """The panel's texts on screen (layout tests)."""
        stars = [self.star_text] if self.stars > 0 else []
        return [t for t in (self.heading, self.name, *stars, *self.lines, self.status) if t.text]

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
