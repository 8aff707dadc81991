"""A small question over a screen: a title, one line and a row of choices ("Leave this level?" Leave / Stay).

:class:`ChoiceOverlay` is not a screen: the screen that shows it forwards its keys
(:meth:`ChoiceOverlay.on_key_press`) while :attr:`ChoiceOverlay.visible`, draws it last
(:meth:`ChoiceOverlay.draw`) and keeps its own widgets disabled meanwhile.  The overlay
has its own ``UIManager`` (mouse clicks), enabled only while shown.  Left/Right (or Up/Down,
Tab) move the focus, Enter/Space choose, Esc chooses the ``cancel`` choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import arcade
from arcade import key

from game.bases.overlay import Overlay
from game.context import Context
from game.render.theme import button_style
from game.ui import FONT, fit_text, place_grid, snap_to_pixels, ui_scale

Choice = tuple[str, Callable[[], None]]


class ChoiceOverlay(Overlay):
    """A centred panel over a dimmed screen with a title, a line and buttons side by side (an
    :class:`~game.bases.overlay.Overlay`).

    Args:
        ctx: shared context (theme, sound).
        title: the question, e.g. "Leave this level?".
        line: one sentence under it (may be empty).
        choices: (label, action) pairs, left to right; the first has the focus.
        cancel: index of the choice Esc picks (default: the last).
    """

    def __init__(self, ctx: Context, title: str, line: str, choices: Sequence[Choice], cancel: int = -1) -> None:
        if not choices:
            raise ValueError("A choice overlay needs at least one choice.")
        super().__init__(ctx, [label for label, _ in choices], [action for _, action in choices], (200, 48))
        self.cancel = cancel % len(choices)
        t = ctx.theme
        self.title_value, self.line_value = title, line
        self.title = arcade.Text(
            title, 0, 0, t.accent, 26, font_name=FONT, bold=True, anchor_x="center", anchor_y="top"
        )
        self.line = arcade.Text(
            line,
            0,
            0,
            t.text,
            15,
            font_name=FONT,
            anchor_x="center",
            anchor_y="top",
            multiline=True,
            width=600,
            align="center",
        )
        self.panel = (0.0, 0.0, 0.0, 0.0)

    def show(self) -> None:
        """Show the panel and take mouse input (focus on the first choice, laid out afresh)."""
        self.focus = 0
        self._size = (0, 0)
        super().show()

    def choose(self, i: int) -> None:
        """Hide the panel and run choice ``i``."""
        self.activate(i)

    def on_key_press(self, symbol: int, modifiers: int = 0) -> bool:
        """Focus moves, Enter/Space choose, Esc picks the cancel choice; True (the overlay takes every key)."""
        n = len(self.buttons)
        action = self.ctx.keys.action("menu", symbol)  # the key table's menu keys (remappable)
        if symbol == key.ESCAPE:
            self.choose(self.cancel)
        elif action in ("left", "up") or (symbol == key.TAB and modifiers & key.MOD_SHIFT):
            self.focus = (self.focus - 1) % n
        elif action in ("right", "down") or symbol == key.TAB:
            self.focus = (self.focus + 1) % n
        elif action == "confirm":
            self.choose(self.focus)
        return True

    def layout(self, width: int, height: int) -> None:
        """Centre the panel for a window of ``width`` × ``height`` pixels."""
        super().layout(width, height)
        s = ui_scale(width, height)
        n = len(self.buttons)
        panel_w = min(width - 40.0, max(520 * s, n * 210 * s))
        pad = 20 * s
        fit_text(self.title, self.title_value, 26 * s, panel_w - 2 * pad)
        with self.line:  # one pyglet layout for the three changes
            self.line.width = int(panel_w - 2 * pad)
            self.line.font_size = 15 * s
            self.line.text = self.line_value
        button_h = 48 * s
        gap = 14 * s
        button_w = min(260 * s, (panel_w - 2 * pad - (n - 1) * gap) / n)
        line_h = self.line.content_height if self.line_value else 0.0
        panel_h = pad + self.title.content_height + 10 * s + line_h + 18 * s + button_h + pad
        bottom = (height - panel_h) / 2
        left = (width - panel_w) / 2
        self.panel = (left, left + panel_w, bottom, bottom + panel_h)
        self.title.position = (width / 2, bottom + panel_h - pad)
        self.line.position = (width / 2, self.title.bottom - 10 * s)
        snap_to_pixels((self.title, self.line))  # software GL drops glyph rows between pixels (the i-dots went)
        row_w = n * button_w + (n - 1) * gap
        place_grid(self.buttons, (width - row_w) / 2, bottom + pad + button_h, n, button_w, button_h, gap)
        style = button_style(self.ctx.theme, max(8, round(min(16 * s, button_h * 0.36))))
        for btn in self.buttons:
            btn.set_font_size(16 * s, style)

    def draw_back(self, width: int, height: int) -> None:
        """Dim the screen, then the panel and its texts."""
        t = self.ctx.theme
        arcade.draw_lrbt_rectangle_filled(0, width, 0, height, (*t.background[:3], 200))
        left, right, bottom, top = self.panel
        arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, (*t.panel[:3], 255))
        arcade.draw_lrbt_rectangle_outline(left, right, bottom, top, t.accent, border_width=2)
        self.title.draw()
        if self.line_value:
            self.line.draw()
