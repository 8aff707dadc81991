"""The base of every screen: a UIManager, keyboard focus over buttons, Esc and F11."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
from arcade import key

from game.context import Context
from game.render.theme import button_style
from game.ui import FONT, gui

ACTIVATE_KEYS = (key.ENTER, key.RETURN, key.NUM_ENTER, key.SPACE)


class BaseView(arcade.View):
    """A screen with buttons reachable by mouse and keyboard (Up/Down, Enter), Esc = back, F11 = fullscreen.

    Subclasses add buttons with :meth:`add_button` and draw extras in :meth:`draw_extra`.

    Args:
        ctx: the shared game context.
        columns: buttons per row for Left/Right/Up/Down navigation (1 = a vertical list).
    """

    def __init__(self, ctx: Context, columns: int = 1) -> None:
        super().__init__()
        self.ctx = ctx
        self.ui = gui.UIManager()
        self.buttons: list[gui.UIFlatButton] = []
        self.actions: list[Callable[[], None]] = []
        self.focus = 0
        self.columns = columns
        self.background_color = ctx.theme.background

    # -- buttons ---------------------------------------------------------------
    def make_button(
        self,
        text: str,
        action: Callable[[], None],
        width: int = 320,
        height: int = 52,
        font_size: int = 16,
        multiline: bool = False,
    ) -> gui.UIFlatButton:
        """A themed button that runs ``action`` on click or Enter (registered for keyboard focus)."""
        btn = gui.UIFlatButton(
            text=text, width=width, height=height, multiline=multiline, style=button_style(self.ctx.theme, font_size)
        )
        index = len(self.buttons)

        def on_click(_event: Any) -> None:
            self.focus = index
            self.activate(index)

        btn.on_click = on_click  # type: ignore[method-assign]
        self.buttons.append(btn)
        self.actions.append(action)
        return btn

    def activate(self, index: int) -> None:
        """Run the action of button ``index`` (disabled buttons do nothing)."""
        if 0 <= index < len(self.buttons) and not self.buttons[index].disabled:
            self.ctx.audio.play("click")
            self.actions[index]()

    def move_focus(self, step: int) -> None:
        """Move keyboard focus by ``step`` buttons (clamped)."""
        if self.buttons:
            self.focus = max(0, min(len(self.buttons) - 1, self.focus + step))

    # -- view lifecycle -------------------------------------------------------
    def on_show_view(self) -> None:
        """Enable the UI."""
        self.background_color = self.ctx.theme.background
        self.ui.enable()
        self.layout(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        """Re-place texts for the new size."""
        self.layout(width, height)

    def layout(self, width: int, height: int) -> None:
        """Place texts for a window of ``width`` × ``height`` pixels (default: nothing)."""

    def on_hide_view(self) -> None:
        """Disable the UI."""
        self.ui.disable()

    def back(self) -> None:
        """Esc: the main menu unless a subclass knows better."""
        self.ctx.show_menu()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Esc back, F11 fullscreen, arrows move focus, Enter/Space activate."""
        if symbol == key.F11:
            self.ctx.toggle_fullscreen()
            return True
        if symbol == key.ESCAPE:
            self.back()
            return True
        if not self.buttons:
            return None
        if symbol in (key.UP, key.W) and not self.typing():
            self.move_focus(-self.columns)
        elif symbol in (key.DOWN, key.S) and not self.typing():
            self.move_focus(self.columns)
        elif symbol in (key.LEFT, key.A) and self.columns > 1 and not self.typing():
            self.move_focus(-1)
        elif symbol in (key.RIGHT, key.D) and self.columns > 1 and not self.typing():
            self.move_focus(1)
        elif symbol == key.TAB:
            self.move_focus(-1 if modifiers & key.MOD_SHIFT else 1)
        elif symbol in ACTIVATE_KEYS and not (symbol == key.SPACE and self.typing()):
            self.activate(self.focus)
        else:
            return None
        return True

    def typing(self) -> bool:
        """True while a text field has the keyboard (letters must not navigate)."""
        return False

    # -- drawing --------------------------------------------------------------
    def on_draw(self) -> None:
        """Clear, draw the widgets, the focus ring and the subclass extras."""
        self.clear()
        self.draw_background()
        self.ui.draw()
        self.window.default_camera.use()
        if self.buttons and 0 <= self.focus < len(self.buttons):
            r = self.buttons[self.focus].rect
            arcade.draw_lrbt_rectangle_outline(
                r.left - 4, r.right + 4, r.bottom - 4, r.top + 4, self.ctx.theme.focus, border_width=3
            )
        self.draw_extra()

    def draw_background(self) -> None:
        """Drawn before the widgets (default: nothing)."""

    def draw_extra(self) -> None:
        """Drawn after the widgets (default: nothing)."""

    def text(self, value: str, size: int = 16, color: Any = None, bold: bool = False, **kw: Any) -> arcade.Text:
        """A themed ``arcade.Text`` (create once, then change ``.text``/``.x``/``.y``)."""
        return arcade.Text(
            value, 0, 0, color if color is not None else self.ctx.theme.text, size, font_name=FONT, bold=bold, **kw
        )
