"""Enter a level code: a text field (Ctrl+V pastes), Play, and the decoder's sentence on error."""

from __future__ import annotations

from arcade import key

from engine.codes import CodeError
from engine.maze_code import MazeSpec
from game.context import Context
from game.ui import FONT, CodeField, gui
from game.views.base import BaseView

#: A real, valid code shown as an example (computed, so it can never go stale).
EXAMPLE = MazeSpec.create("square", 20, 15, "wilson", seed=2026).code()


def read_clipboard(window: object) -> str:
    """The clipboard text through pyglet, or "" where unsupported (headless)."""
    try:
        return str(window.get_clipboard_text() or "")  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - NotImplementedError headless, X errors elsewhere
        return ""


class CodeEntryView(BaseView):
    """Type or paste a maze code and play it."""

    def __init__(self, ctx: Context, text: str = "") -> None:
        super().__init__(ctx)
        t = ctx.theme
        box = gui.UIBoxLayout(space_between=14)
        style = gui.UIInputText.UIStyle
        self.field = CodeField(
            width=620, height=44, text=text, font_name=FONT, font_size=18, text_color=t.text,
            style={
                "normal": style(bg=t.panel, border=t.text_dim, border_width=2),
                "hover": style(bg=t.panel, border=t.focus, border_width=2),
                "press": style(bg=t.panel, border=t.focus, border_width=2),
                "disabled": style(bg=t.panel, border=t.locked, border_width=2),
                "invalid": style(bg=t.panel, border=t.error, border_width=2),
            },
        )
        box.add(self.field)
        row = gui.UIBoxLayout(vertical=False, space_between=14)
        row.add(self.make_button("Play", self.submit, width=190))
        row.add(self.make_button("Paste", self.paste, width=190))
        row.add(self.make_button("Back", self.back, width=190))
        box.add(row)
        self.columns = 1
        self.ui.add(gui.UIAnchorLayout()).add(box, anchor_x="center", anchor_y="center")
        self.title = self.text("Enter a code", 30, t.accent, bold=True, anchor_x="center")
        self.hint = self.text(
            f"maze, race, ghost or puzzle, e.g. {EXAMPLE}  ·  Ctrl+V pastes  ·  Enter plays  ·  Esc back", 14,
                              t.text_dim, anchor_x="center")
        self.message = self.text("", 16, t.error, anchor_x="center", multiline=True, width=900, align="center")

    def on_show_view(self) -> None:
        """Focus the text field."""
        super().on_show_view()
        self.field.activate()

    def layout(self, width: int, height: int) -> None:
        """Place the texts."""
        self.title.position = (width / 2, height / 2 + 130)
        self.hint.position = (width / 2, height / 2 + 90)
        self.message.position = (width / 2, height / 2 - 90)

    def typing(self) -> bool:
        """While the field is active, letters (WASD) type instead of navigating."""
        return bool(self.field.active)

    def paste(self) -> None:
        """Replace the field with the clipboard text."""
        text = read_clipboard(self.window).strip()
        if text:
            self.field.text = text
        else:
            self.message.text = "The clipboard is empty or not available."

    def submit(self) -> None:
        """Decode and play, or show why the code is wrong."""
        from game.codes import open_any_code

        try:
            view = open_any_code(self.ctx, self.field.text)
        except CodeError as exc:
            self.message.text = str(exc)
            self.ctx.audio.play("bump")
            return
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

    def draw_extra(self) -> None:
        """Title, hint and the last error."""
        self.title.draw()
        self.hint.draw()
        if self.message.text:
            self.message.draw()
