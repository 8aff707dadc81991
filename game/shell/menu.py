"""The main menu.  Its entries come from :data:`MENU_ENTRIES`.

The modes' buttons come from the mode registry (:func:`engine.modes.registry.menu_modes`:
label, menu route, order); adding another screen is one line in :data:`MENU_ENTRIES`
(label, route, order): the button calls ``ctx.go(route)`` (see :mod:`game.routes`).  The menu
remembers the last chosen entry (``ctx.memory["menu.focus"]``) so coming back puts the focus where it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import arcade

from engine.modes.registry import menu_modes
from game.context import Context
from game.routes import Route
from game.ui import TITLE_FONT, fit_text, place_column
from game.ui.screen import BaseView

QUIT = "quit"  # the one entry that is not a route


@dataclass(frozen=True)
class MenuEntry:
    """One main-menu button: ``route`` is a :class:`~game.routes.Route` (or :data:`QUIT`)."""

    label: str
    route: str
    order: int = 50


MENU_ENTRIES: list[MenuEntry] = [
    *(MenuEntry(m.label, Route(m.menu_route), m.menu_order) for m in menu_modes() if m.label and m.menu_route),
    MenuEntry("My levels", Route.MY_LEVELS, 55),
    MenuEntry("Records", Route.RECORDS, 75),
    MenuEntry("Enter code", Route.CODE_ENTRY, 60),
    MenuEntry("Settings", Route.SETTINGS, 80),
    MenuEntry("Help", Route.HELP, 90),
    MenuEntry("Quit", QUIT, 99),
]


def quit_game(ctx: Context) -> None:
    """Close the window (ends ``arcade.run``)."""
    ctx.store.close()
    arcade.close_window()


class MenuView(BaseView):
    """Title, one button per registered entry, and any notice (e.g. a damaged save set aside)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.entries = sorted(MENU_ENTRIES, key=lambda e: e.order)
        for entry in self.entries:
            self.ui.add(self.make_button(entry.label, self._opener(entry)))
        self.focus = max(0, min(len(self.buttons) - 1, int(ctx.memory.get("menu.focus", 0))))
        t = ctx.theme
        self.title = arcade.Text(
            "TESSERA", 0, 0, t.accent, 64, font_name=TITLE_FONT, anchor_x="center", anchor_y="top", bold=True
        )
        self.subtitle = self.text("mazes on five tessellations", 16, t.text_dim, anchor_x="center", anchor_y="top")
        self.notice = self.text(ctx.notice or "", 14, t.error, anchor_x="center", anchor_y="top", multiline=True,
                                width=900, align="center")
        self.hint = self.text("Up/Down + Enter or click  ·  Esc back  ·  F1 help  ·  F11 fullscreen", 12,
                              t.text_dim, anchor_x="center", anchor_y="bottom")

    def _opener(self, entry: MenuEntry) -> Callable[[], None]:
        def open_it() -> None:
            self.ctx.memory["menu.focus"] = self.focus
            if entry.route == QUIT:
                quit_game(self.ctx)
            else:
                self.ctx.go(entry.route)

        return open_it

    def back(self) -> None:
        """Esc on the main menu does nothing (Quit is a button)."""

    def layout(self, width: int, height: int) -> None:
        """Title band on top, key hint at the bottom, the buttons fill the rest."""
        s = self.scale
        fit_text(self.title, "TESSERA", 64 * s, width - 40)
        self.title.position = (width / 2, height - 16 * s)
        fit_text(self.subtitle, self.subtitle.text, 16 * s, width - 40)
        self.subtitle.position = (width / 2, self.title.bottom - 4 * s)
        top = self.subtitle.bottom - 18 * s
        if self.ctx.notice:
            self.notice.width = int(min(width - 40, 900 * s))
            self.notice.font_size = 14 * s
            self.notice.position = (width / 2, top)
            top = self.notice.bottom - 12 * s
        fit_text(self.hint, self.hint.text, 12 * s, width - 20, min_size=8)
        self.hint.position = (width / 2, 10 * s)
        bottom = self.hint.top + 14 * s
        h = place_column(self.buttons, width / 2, top, bottom, 320 * s, 56 * max(s, height / 800))
        self.style_buttons(min(16 * s, h * 0.4))

    def draw_extra(self) -> None:
        """Title, subtitle, notice and key hint."""
        self.title.draw()
        self.subtitle.draw()
        if self.ctx.notice:
            self.notice.draw()
        self.hint.draw()
