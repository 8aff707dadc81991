"""A QR code of a level's ``tessera://`` link drawn over a screen (the Q key): a phone's camera reads it as text
(no phone app opens ``tessera://``), so the phone carries the code to type into Enter code on any Tessera.

The module matrix comes from :func:`engine.share.qr.qr_matrix` (quiet zone included) and becomes one
small texture, one pixel per module, drawn magnified without smoothing on a white card: square,
an integer number of pixels per module (at least 4; about 13 for a maze code at 800×600), dark on
light whatever the theme (readers want that).  A caption under it says what it holds.  Nothing moves:
the screen redraws once when it is shown or hidden.
"""

from __future__ import annotations

import arcade
from arcade import key
from PIL import Image

from engine.share.links import link_for
from engine.share.qr import QrError, qr_matrix
from game.render.theme import Theme
from game.ui import FONT, ellipsize
from game.ui.clipboard import copy_to_clipboard
from game.ui.textfit import snap_to_pixels

#: Share of the window's smaller side the card (QR and its quiet zone) may take.
CARD_SHARE = 0.72
#: Fewest screen pixels per module (a phone camera reads 4 easily at arm's length).
MIN_MODULE_PX = 4
#: What every caption says under the link.
CLOSE_HINT = "A phone's camera reads this as text: type it into Enter code on any Tessera  ·  Q or Esc closes"


class QrOverlay:
    """The QR code of one code's link, shown on top of a screen when :attr:`shown`.

    Args:
        theme: the screen's colours (the veil and the caption; the code itself is always black on white).
        code: the code whose link it holds; ``""`` when the level has none (then :meth:`toggle` says so).
    """

    def __init__(self, theme: Theme, code: str) -> None:
        self.link = link_for(code) if code else ""
        self.shown = False
        self.veil = (*theme.background[:3], 245)
        self._texture: arcade.Texture | None = None
        self._modules = 0
        self.rect = arcade.LBWH(0, 0, 1, 1)
        self.caption = arcade.Text("", 0, 0, theme.text, 14, font_name=FONT, anchor_x="center", anchor_y="top")
        self.hint = arcade.Text(CLOSE_HINT, 0, 0, theme.text_dim, 12, font_name=FONT, anchor_x="center", anchor_y="top")

    def set_code(self, code: str) -> None:
        """Hold ``code``'s link from now on (the texture is remade on the next show when the link changed)."""
        link = link_for(code) if code else ""
        if link != self.link:
            self.link, self._texture, self.shown = link, None, False

    def texture(self) -> arcade.Texture:
        """The matrix as a texture, one pixel per module (made on first use).

        Raises:
            QrError: the link is too long for a QR code.
        """
        if self._texture is None:
            matrix = qr_matrix(self.link)
            self._modules = len(matrix)
            image = Image.new("RGBA", (self._modules, self._modules), (255, 255, 255, 255))
            image.putdata([(0, 0, 0, 255) if dark else (255, 255, 255, 255) for row in matrix for dark in row])
            self._texture = arcade.Texture(image, hash=f"tessera-qr-{self.link}")
        return self._texture

    def toggle(self) -> str:
        """Show or hide the code; returns a sentence when it cannot be shown (no code, too long), else ``""``."""
        if self.shown:
            self.shown = False
            return ""
        if not self.link:
            return "No QR code: this level has no code."
        try:
            self.texture()
        except QrError as exc:
            return str(exc)
        self.shown = True
        return ""

    def layout(self, width: int, height: int, scale: float) -> None:
        """Centre the card in a ``width`` × ``height`` window (``scale``: the screen's UI scale)."""
        if self._texture is None:
            return
        caption_room = 60 * scale
        side = min(width, height - 2 * caption_room) * CARD_SHARE
        px = max(MIN_MODULE_PX, int(side // self._modules))
        side = px * self._modules
        left = round((width - side) / 2)
        bottom = round((height - side) / 2 + caption_room / 2)
        self.rect = arcade.LBWH(left, bottom, side, side)
        self.caption.font_size = 14 * scale
        ellipsize(self.caption, self.link, width - 40)
        self.caption.position = (width / 2, bottom - 8 * scale)
        self.hint.font_size = 12 * scale
        ellipsize(self.hint, CLOSE_HINT, width - 40)
        self.hint.position = (width / 2, self.caption.bottom - 6 * scale)
        snap_to_pixels((self.caption, self.hint))

    def draw(self, width: int, height: int) -> None:
        """The veil over the screen, the code and its caption (nothing when hidden)."""
        if not self.shown or self._texture is None:
            return
        arcade.draw_lrbt_rectangle_filled(0, width, 0, height, self.veil)
        arcade.draw_texture_rect(self._texture, self.rect, pixelated=True)
        self.caption.draw()
        self.hint.draw()

    def texts(self) -> list[arcade.Text]:
        """The texts on screen while shown (for layout checks)."""
        return [self.caption, self.hint] if self.shown else []


class ShareKeys:
    """The share keys of a result screen: Q shows the QR code of the level's link, ``copy_key`` copies the
    spoiler-free share line (and the link on a second line).  While the QR code is shown every key but
    Q and Esc (which close it) is swallowed, so nothing under it is pressed unseen.

    Args:
        theme: the screen's colours.
        code: the level's code (``""``: none; Q then says so).
        line: the share line (:func:`engine.share.lines.share_line`), ``""`` when there is none.
        copy_key: the key that copies the line (C on the win screens; the puzzle screen, where C copies
            the puzzle code, uses L).
    """

    def __init__(self, theme: Theme, code: str, line: str = "", copy_key: int = key.C) -> None:
        self.qr = QrOverlay(theme, code)
        self.line = line
        self.copy_key = copy_key

    def text_to_copy(self) -> str:
        """The share line, then the link on its own line (when the level has a code)."""
        return "\n".join(t for t in (self.line, self.qr.link) if t)

    def on_key(self, symbol: int, window: object) -> str | None:
        """Handle a key: a sentence for the status line (``""``: nothing to say), or None when not a share key."""
        if self.qr.shown:
            if symbol in (key.Q, key.ESCAPE):
                self.qr.toggle()
            return ""
        if symbol == key.Q:
            return self.qr.toggle()
        if symbol == self.copy_key and self.line:
            if copy_to_clipboard(window, self.text_to_copy()):
                return f"Copied (no route in it): {self.line}"
            return f"No clipboard here; the share line is: {self.line}"
        return None
