"""Enter a level code: a text field (Ctrl+V pastes), Play, and the decoder's sentence on error."""

from __future__ import annotations

import arcade
from arcade import key
from arcade.types import LBWH

from engine.codes import CodeError
from game import routes
from game.bases.screen import BaseView
from game.context import Context
from game.ui import FONT, CodeField, fit_text, focus, gui, place_grid, wrap_lines
from game.ui.clipboard import pasted_code, read_clipboard
from game.ui.textfit import set_text

#: What the screen asks for, in players' words (no code format: a code is what a friend or a share line gives).
HINT = ("Paste the code or link a friend sent you, or a whole share line: a maze, a race, a ghost, a puzzle or a "
        "replay  ·  "
        "Ctrl+V pastes  ·  Enter plays  ·  Esc back")
FIELD_FONT = 18  # points at 1280×800


class CodeEntryView(BaseView):
    """Type or paste a code (maze, race, ghost, puzzle or a solve's replay) and play it (a replay: watch it).

    Args:
        ctx: shared context.
        text: the field's first content.
        error: a sentence to show at once (e.g. why a code from the command line did not decode).
    """

    help_page = "my-levels"  # Help (F1) opens on this page (game.shell.help)

    def __init__(self, ctx: Context, text: str = "", error: str = "") -> None:
        super().__init__(ctx)
        t = ctx.theme
        style = gui.UIInputText.UIStyle
        self.field = CodeField(
            width=620, height=44, text=text, font_name=FONT, font_size=FIELD_FONT, text_color=t.text,
            caret_color=t.text,
            style={
                "normal": style(bg=t.panel, border=t.text_dim, border_width=2),
                "hover": style(bg=t.panel, border=t.focus, border_width=2),
                "press": style(bg=t.panel, border=t.focus, border_width=2),
                "disabled": style(bg=t.panel, border=t.locked, border_width=2),
                "invalid": style(bg=t.panel, border=t.error, border_width=2),
            },
        )
        self.ui.add(self.field)
        for label, action in (("Play", self.submit), ("Paste", self.paste), ("Back", self.back)):
            self.ui.add(self.make_button(label, action, width=190))
        self.dark = False  # "play dark": a maze code is played with the dark flag added
        self.dark_btn = self.make_button(self.dark_label(), self.toggle_dark, width=190)
        self.ui.add(self.dark_btn)
        self.title = self.text("Enter a code", 30, t.accent, bold=True, anchor_x="center", anchor_y="top")
        self.hint_value = HINT
        self.hint = self.text(self.hint_value, 14, t.text_dim, anchor_x="center", anchor_y="top", multiline=True,
                              width=900, align="center")
        self.message = self.text(error, 16, t.error, anchor_x="center", anchor_y="top", multiline=True, width=900,
                                 align="center")
        self._line = arcade.Text("Ag", 0, 0, font_name=FONT, font_size=FIELD_FONT)
        self.warm = "cold"  # "cold" -> "drawn" (a frame is on screen) -> "warm" (routes.warm_open_code ran)

    def on_show_view(self) -> None:
        """Focus the text field."""
        super().on_show_view()
        focus(self.field)

    def layout(self, width: int, height: int) -> None:
        """Title, hint, the field (text centred in it), the buttons, then the message."""
        s, cx = self.scale, width / 2
        fit_text(self.title, "Enter a code", 30 * s, width - 40)
        self.title.position = (cx, height / 2 + 190 * s)
        set_text(self.hint, size=14 * s)  # (set only when it changes: each set lays the text out)
        wrap_lines(self.hint, self.hint_value, width - 40, lines=3)  # large text wraps, never cut
        self.hint.position = (cx, self.title.bottom - 14 * s)
        fw, fh = min(width - 40, 620 * s), round(44 * s)
        font = FIELD_FONT * s
        self.field.doc.set_style(0, len(self.field.text), {"font_size": font})
        self.field.trigger_full_render()
        set_text(self._line, size=font)
        pad = max(0, round((fh - 4 - self._line.content_height) / 2))
        self.field.with_padding(top=pad, bottom=pad, left=round(6 * s), right=round(6 * s))
        field_top = self.hint.bottom - 24 * s
        self.field.rect = LBWH(round(cx - fw / 2), round(field_top - fh), round(fw), fh)
        bw, bh, gap = (fw - 2 * 14 * s) / 3, 48 * s, 14 * s
        row_top = field_top - fh - 16 * s
        place_grid(self.buttons[:3], cx - fw / 2, row_top, 3, bw, bh, gap)
        dw = min(fw, 1.6 * bw)
        place_grid([self.dark_btn], cx - dw / 2, row_top - bh - gap, 1, dw, bh, gap)
        self.style_buttons(16 * s)
        set_text(self.message, size=16 * s, width=int(min(width - 40, 900 * s)))  # one layout, none if unchanged
        self.message.position = (cx, row_top - 2 * bh - gap - 24 * s)
        # large text: a long message ran off the bottom; everything moves up, as far as the top allows
        lowest = self.message.position[1] - self.message.content_height
        dy = min(max(0.0, 8 * s - lowest), max(0.0, height - 8 - self.title.top))
        if dy > 0:
            for text in (self.title, self.hint, self.message):
                text.position = (text.position[0], text.position[1] + dy)
            self.field.rect = self.field.rect.move(0, round(dy))
            for button in self.buttons:
                button.rect = button.rect.move(0, dy)

    def dark_label(self) -> str:
        """The toggle's label: whether a maze code will be played in the dark."""
        return f"Play dark: {'on' if self.dark else 'off'}"

    def toggle_dark(self) -> None:
        """Play dark on/off (adds the ``.D`` flag to a maze code when playing it)."""
        self.dark = not self.dark
        self.dark_btn.text = self.dark_label()
        self.request_redraw()

    def typing(self) -> bool:
        """While the field is active, letters (WASD) type instead of navigating."""
        return bool(self.field.active)

    def paste(self) -> None:
        """Replace the field with the clipboard text (a pasted share line: only the link in it)."""
        text = pasted_code(read_clipboard(self.window))
        if text:
            self.field.text = text
        else:
            self.message.text = "The clipboard is empty or not available."

    def submit(self) -> None:
        """Decode and play, or show why the code is wrong."""
        try:
            view = routes.open_code(self.ctx, self.field.text, dark=self.dark)
        except CodeError as exc:
            self.message.text = str(exc)
            self.ctx.audio.play("bump")
            self.request_redraw()
            return
        if view is not None:
            self.ctx.show(view)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Enter plays, Ctrl+V pastes; the rest as in every screen."""
        if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER) and (self.focus == 0 or self.typing()):
            self.submit()
            return True
        if symbol == key.V and modifiers & (key.MOD_CTRL | key.MOD_COMMAND):
            self.paste()
            return True
        return super().on_key_press(symbol, modifiers)

    def on_update(self, delta_time: float) -> None:
        """The first tick after the first frame prepares what Enter needs (:func:`game.routes.warm_open_code`)."""
        if self.warm == "drawn":
            self.warm = "warm"
            routes.warm_open_code(self.ctx)

    def draw_extra(self) -> None:
        """Title, hint and the last error."""
        if self.warm == "cold":
            self.warm = "drawn"
        self.title.draw()
        self.hint.draw()
        if self.message.text:
            self.message.draw()
