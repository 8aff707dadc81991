"""The pause overlay shown over the play view: Resume, Restart, Quit."""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade import key

from game.context import Context
from game.render.theme import button_style
from game.ui import FONT, gui
from game.views.base import ACTIVATE_KEYS


class PauseOverlay:
    """A dimmed panel with three buttons; owns its own UIManager (enabled only while shown).

    Args:
        ctx: shared context (theme, audio).
        on_resume, on_restart, on_quit: what the buttons do.
    """

    def __init__(
        self, ctx: Context, on_resume: Callable[[], None], on_restart: Callable[[], None], on_quit: Callable[[], None]
    ) -> None:
        self.ctx = ctx
        self.ui = gui.UIManager()
        self.visible = False
        self.focus = 0
        self.actions = [on_resume, on_restart, on_quit]
        box = gui.UIBoxLayout(space_between=14)
        self.buttons: list[gui.UIFlatButton] = []
        for i, label in enumerate(("Resume", "Restart", "Quit level")):
            btn = gui.UIFlatButton(text=label, width=280, height=50, style=button_style(ctx.theme))
            btn.on_click = self._clicker(i)  # type: ignore[method-assign]
            self.buttons.append(box.add(btn))
        self.ui.add(gui.UIAnchorLayout()).add(box, anchor_x="center", anchor_y="center", align_y=-30)
        self.title = arcade.Text("Paused", 0, 0, ctx.theme.text, 36, font_name=FONT, anchor_x="center", bold=True)

    def _clicker(self, i: int) -> Callable[[object], None]:
        def click(_event: object) -> None:
            self.activate(i)

        return click

    def show(self) -> None:
        """Show the overlay and take mouse input."""
        self.visible = True
        self.focus = 0
        self.ui.enable()

    def hide(self) -> None:
        """Hide the overlay."""
        self.visible = False
        self.ui.disable()

    def activate(self, i: int) -> None:
        """Run button ``i``."""
        self.ctx.audio.play("click")
        self.hide()
        self.actions[i]()

    def on_key_press(self, symbol: int) -> bool:
        """Up/Down/Enter inside the overlay; returns True when handled."""
        if symbol in (key.UP, key.W):
            self.focus = max(0, self.focus - 1)
        elif symbol in (key.DOWN, key.S):
            self.focus = min(len(self.buttons) - 1, self.focus + 1)
        elif symbol in ACTIVATE_KEYS:
            self.activate(self.focus)
        else:
            return False
        return True

    def draw(self, width: int, height: int) -> None:
        """Dim the screen, draw the panel, buttons and focus ring (default camera must be active)."""
        t = self.ctx.theme
        arcade.draw_lrbt_rectangle_filled(0, width, 0, height, (0, 0, 0, 150))
        arcade.draw_lrbt_rectangle_filled(
            width / 2 - 200, width / 2 + 200, height / 2 - 150, height / 2 + 150, (*t.panel[:3], 255)
        )
        self.title.position = (width / 2, height / 2 + 100)
        self.title.draw()
        self.ui.draw()
        r = self.buttons[self.focus].rect
        arcade.draw_lrbt_rectangle_outline(r.left - 4, r.right + 4, r.bottom - 4, r.top + 4, t.focus, border_width=3)
