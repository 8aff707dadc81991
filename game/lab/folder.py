"""Choose the folder the Lab exports into: a text field, checked before it is kept (store setting)."""

from __future__ import annotations

from typing import Any

import arcade
from arcade import key
from arcade.types import LBWH

from game import routes
from game.bases.screen import BaseView
from game.context import Context
from game.lab.export import SETTING, check_folder, default_folder, export_folder
from game.ui import FONT, CodeField, fit_text, focus, place_grid, request_render, unfocus
from game.ui.clipboard import read_clipboard
from game.ui.textfit import set_text

HINT = "Lab pictures (PNG + SVG) are saved here · Ctrl+V pastes · Enter saves · Esc back"


class LabFolderView(BaseView):
    """A path field, Save / Default / Back; an unusable folder gets one line saying why.

    Args:
        ctx: shared context.
        back: the screen to return to (refreshed if it has ``refresh``).
    """

    def __init__(self, ctx: Context, back: arcade.View | None = None) -> None:
        super().__init__(ctx, columns=3)
        self.back_view = back
        t = ctx.theme
        self.field = CodeField(theme=t, width=640, height=40, text=str(export_folder(ctx.store.setting(SETTING))),
                               font_name=FONT, font_size=13)
        self.ui.add(self.field)
        for label, action in (("Save", self.save), ("Default folder", self.use_default), ("Back", self.back)):
            self.ui.add(self.make_button(label, action, width=200, height=44, font_size=14))
        self._line = arcade.Text("Ag", 0, 0, font_name=FONT, font_size=13)  # measures the field's line height
        self.heading = self.text("Export folder", 28, t.accent, bold=True, anchor_x="center")
        self.hint = self.text(HINT, 12, t.text_dim, anchor_x="center")
        self.message = self.text("", 14, t.error, anchor_x="center")

    def on_show_view(self) -> None:
        """Focus the field."""
        super().on_show_view()
        focus(self.field)

    def layout(self, width: int, height: int) -> None:
        """Place the texts, the field (fitted to the window) and the buttons under it, at the screen's scale
        (window and text size; never under the 1280×800 look)."""
        k, cx, cy = max(1.0, self.scale), width / 2, height / 2
        set_text(self.heading, size=28 * k)
        self.heading.position = (cx, cy + 110 * k)
        fit_text(self.hint, HINT, 12 * k, width - 40, 9, step=1)
        self.hint.position = (cx, cy + 70 * k)
        fw, fh = min(900 * k, width - 60), round(40 * k)
        self.field.doc.set_style(0, len(self.field.text), {"font_size": 13 * k})
        set_text(self._line, size=13 * k)
        pad = max(0, round((fh - 4 - self._line.content_height) / 2))
        self.field.with_padding(top=pad, bottom=pad, left=round(6 * k), right=round(6 * k))
        self.field.rect = LBWH(round(cx - fw / 2), round(cy + 8 * k), round(fw), fh)
        gap = 12 * k
        bw, bh = min(200 * k, (width - 40 - 2 * gap) / 3), 44 * k
        place_grid(self.buttons, cx - (3 * bw + 2 * gap) / 2, cy - 8 * k, 3, bw, bh, gap)
        self.style_buttons(14 * k)
        set_text(self.message, size=14 * k)
        self.message.position = (cx, cy - 8 * k - bh - 38 * k)
        self.field.trigger_full_render()
        request_render(self.ui)

    def typing(self) -> bool:
        """Letters type while the field is active."""
        return bool(self.field.active)

    def say(self, text: str, ok: bool = False) -> None:
        """One line under the buttons (cut in the middle if too long)."""
        self.message.color = self.ctx.theme.text_dim if ok else self.ctx.theme.error
        room = self.window.width - 40 if self.window else 760
        fit_text(self.message, text, self.message.font_size, room, None, middle=True)

    def save(self) -> None:
        """Check the folder and keep it, or say why not."""
        path, error = check_folder(self.field.text)
        if path is None:
            self.say(error)
            return
        self.ctx.store.set_setting(SETTING, str(path))
        self.say(f"Exports go to {path}", ok=True)
        refresh = getattr(self.back_view, "refresh", None)
        if callable(refresh):
            refresh()

    def use_default(self) -> None:
        """Back to ``<user data dir>/exports``."""
        self.field.text = str(default_folder())
        self.ctx.store.set_setting(SETTING, "")
        self.say(f"Exports go to {export_folder('')}", ok=True)

    def back(self) -> None:
        """Esc."""
        if self.back_view is not None:
            self.ctx.show(self.back_view)
        else:
            self.ctx.go(routes.lab_setup)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Enter saves, Ctrl+V pastes, Esc leaves the field first."""
        if symbol == key.V and modifiers & key.MOD_CTRL:
            text = read_clipboard(self.window).strip()
            if text:
                self.field.text = text
            return True
        if self.typing() and symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
            self.save()
            return True
        if self.typing() and symbol == key.ESCAPE:
            unfocus(self.field)
            return True
        return super().on_key_press(symbol, modifiers)

    def texts(self) -> list[Any]:
        """The texts on screen (for layout tests)."""
        return [self.heading, self.hint] + ([self.message] if self.message.text else [])

    def draw_extra(self) -> None:
        """Texts."""
        for text in self.texts():
            text.draw()
