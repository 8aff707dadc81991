"""Share: what a win keeps off its main face — the result line, the level's code and its QR code.

Reached by the "Share" button of a win (:func:`game.routes.share`); Esc and "Back" return to that win.  The QR
code is always shown here (black on white, an integer number of pixels per module), with the code under it;
C copies the result line (no route in it: :func:`engine.share.lines.share_line`), K the code.
"""

from __future__ import annotations

import arcade
from arcade import key

from engine.share.qr import QrError
from game.bases.screen import BaseView
from game.context import Context
from game.ui import ellipsize, fit_text, place_column, wrap_lines
from game.ui.clipboard import copy_to_clipboard
from game.ui.qr import MIN_MODULE_PX, QrOverlay

#: What the card's caption says.
QR_CAPTION = "A phone's camera reads the code: type it in Enter code on any Tessera."
NO_CODE = "No code: this level was made by hand."


class ShareView(BaseView):
    """The result line, the code and its QR code of one finished game.

    Args:
        ctx: shared context.
        code: the level's code (``""``: none, said in one line; no QR code).
        line: the spoiler-free result line (``""``: none).
        back_to: the screen Esc and "Back" return to (the win).
    """

    music: str | None = None  # the win's music goes on

    def __init__(self, ctx: Context, code: str, line: str, back_to: arcade.View) -> None:
        super().__init__(ctx)
        t = ctx.theme
        self.code = code
        self.line = line
        self.back_to = back_to
        if line:
            self.ui.add(self.make_button("Copy result (C)", self.copy_line))
        if code:
            self.ui.add(self.make_button("Copy code (K)", self.copy_code))
        self.ui.add(self.make_button("Back", self.back))
        self.title = self.text("Share", 34, t.accent, bold=True, anchor_x="center", anchor_y="top")
        self.line_text = self.text("", 15, t.text, anchor_x="center", anchor_y="top", multiline=True, width=400,
                                   align="center")
        self.code_label = self.text("Level code" if code else NO_CODE, 13, t.text_dim, anchor_x="center",
                                    anchor_y="top")
        self.code_text = self.text(code, 16, t.text, bold=True, anchor_x="center", anchor_y="top")
        self.status = self.text("", 13, t.text_dim, anchor_x="center", anchor_y="top")
        self.caption = self.text("", 12, t.text_dim, anchor_x="center", anchor_y="top", multiline=True, width=300,
                                 align="center")
        self.qr = QrOverlay(t, code)
        self.qr_error = ""
        if code:
            try:
                self.qr.texture()
            except QrError as exc:
                self.qr_error = str(exc)
        self.card = arcade.LBWH(0, 0, 0, 0)
        self._width = 1280

    def layout(self, width: int, height: int) -> None:
        """Title on top; the QR card on the left half, the line, the code and the buttons on the right."""
        s = self.scale
        self._width = width
        fit_text(self.title, "Share", 34 * s, width - 40)
        self.title.position = (width / 2, height - 20 * s)
        top = self.title.bottom - 20 * s
        shows_qr = bool(self.code) and not self.qr_error
        half = width / 2 if shows_qr else 0.0
        cx, w = (half + width) / 2, (width - half) - 48 * s
        self.line_text.font_size = 15 * s
        wrap_lines(self.line_text, self.line, w, 3)
        self.line_text.position = (cx, top)
        y = self.line_text.bottom - 16 * s if self.line else top
        fit_text(self.code_label, self.code_label.text, 13 * s, w)
        self.code_label.position = (cx, y)
        self.code_text.font_size = 16 * s
        ellipsize(self.code_text, self.code, w, middle=True)
        self.code_text.position = (cx, self.code_label.bottom - 4 * s)
        self.status.font_size = 13 * s
        ellipsize(self.status, self.status.text, w)
        self.status.position = (cx, self.code_text.bottom - 8 * s)
        h = place_column(self.buttons, cx, self.status.bottom - 18 * s, 16 * s, min(w, 320 * s), 50 * s)
        self.style_buttons(min(16 * s, h * 0.4))
        if shows_qr:
            self.caption.font_size = 12 * s
            wrap_lines(self.caption, QR_CAPTION, half - 48 * s, 2)
            room = min(half - 48 * s, top - 16 * s - 2.6 * self.caption.font_size * 1.5)
            modules = max(1, int(self.qr.texture().width))  # one texture pixel per module
            px = max(MIN_MODULE_PX, int(room // modules))
            side = px * modules
            left, bottom = round(half / 2 - side / 2), round(top - side)
            self.card = arcade.LBWH(left, bottom, side, side)
            self.caption.position = (half / 2, bottom - 8 * s)
        elif self.qr_error:
            self.caption.font_size = 12 * s
            wrap_lines(self.caption, self.qr_error, w, 2)
            self.caption.position = (cx, 16 * s + 2.6 * self.caption.font_size * 1.5)

    # -- actions --------------------------------------------------------------------------
    def copy_line(self) -> None:
        """Copy the result line and the level's link (a second line)."""
        text = "\n".join(t for t in (self.line, self.qr.link) if t)
        self.say("Result copied (no route in it)." if copy_to_clipboard(self.window, text)
                 else "No clipboard here: write the line down from above.")

    def copy_code(self) -> None:
        """Copy the level's code."""
        self.say("Code copied." if copy_to_clipboard(self.window, self.code)
                 else "No clipboard here: write the code down from above.")

    def say(self, sentence: str) -> None:
        """A line under the code."""
        self.status.text = sentence
        self.on_resize(self.window.width, self.window.height)

    def back(self) -> None:
        """Back to the win."""
        self.ctx.show(self.back_to)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """C copies the result line, K the code; the rest as on every button screen."""
        if symbol == key.C and self.line:
            self.copy_line()
            return True
        if symbol == key.K and self.code:
            self.copy_code()
            return True
        return super().on_key_press(symbol, modifiers)

    # -- drawing ----------------------------------------------------------------------------
    def draw_extra(self) -> None:
        """Texts, and the QR card on white."""
        for t in self.texts():
            t.draw()
        if self.card.width > 0 and self.code and not self.qr_error:
            arcade.draw_texture_rect(self.qr.texture(), self.card, pixelated=True)

    def texts(self) -> list[arcade.Text]:
        """Texts on screen (layout tests)."""
        return [t for t in (self.title, self.line_text, self.code_label, self.code_text, self.status, self.caption)
                if t.text]
