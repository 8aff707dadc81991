"""The main menu.  Its entries come from :data:`MENU_ENTRIES`.

Adding a screen is one line in :data:`MENU_ENTRIES` (label, ``"module:factory"``,
order); the factory takes the :class:`~game.context.Context` and returns a View
to show (or None to stay).  Other modules may also call :func:`register_menu_entry`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import arcade

from game.context import Context
from game.ui import TITLE_FONT, gui
from game.views.base import BaseView


@dataclass(frozen=True)
class MenuEntry:
    """One main-menu button: ``target`` is ``"package.module:callable"`` (imported on click)."""

    label: str
    target: str
    order: int = 50

    def factory(self) -> Callable[[Context], Any]:
        """Import and return the callable named by ``target``."""
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)


MENU_ENTRIES: list[MenuEntry] = [
    MenuEntry("Campaign", "game.views.levels:LevelsView", 10),
    # Race (20), Sliding Puzzle (30) and Lab (40) register here.
    MenuEntry("Race", "game.views.race:open_race_setup", 20),
    MenuEntry("Sliding Puzzle", "game.views.puzzle:puzzle_view", 30),
    MenuEntry("Lab", "game.views.lab:open_lab_setup", 40),
    MenuEntry("Enter code", "game.views.code_entry:CodeEntryView", 60),
    MenuEntry("Daily challenge", "game.views.play:open_daily", 70),
    MenuEntry("Settings", "game.views.settings:SettingsView", 80),
    MenuEntry("Quit", "game.views.menu:quit_game", 99),
]


def register_menu_entry(label: str, target: str, order: int = 50) -> None:
    """Add (or replace, by label) a main-menu entry."""
    MENU_ENTRIES[:] = [e for e in MENU_ENTRIES if e.label != label] + [MenuEntry(label, target, order)]


def quit_game(ctx: Context) -> None:
    """Close the window (ends ``arcade.run``)."""
    ctx.store.close()
    arcade.close_window()


class MenuView(BaseView):
    """Title, one button per registered entry, and any notice (e.g. a damaged save set aside)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        box = gui.UIBoxLayout(space_between=14)
        for entry in sorted(MENU_ENTRIES, key=lambda e: e.order):
            box.add(self.make_button(entry.label, self._opener(entry)))
        anchor = self.ui.add(gui.UIAnchorLayout())
        anchor.add(box, anchor_x="center", anchor_y="center", align_y=-60)
        t = ctx.theme
        self.title = arcade.Text(
            "TESSERA", 0, 0, t.accent, 64, font_name=TITLE_FONT, anchor_x="center", anchor_y="center", bold=True
        )
        self.subtitle = self.text("mazes on five tessellations", 16, t.text_dim, anchor_x="center")
        self.notice = self.text(ctx.notice or "", 14, t.error, anchor_x="center", multiline=True, width=900,
                                align="center")
        self.hint = self.text("Up/Down + Enter or click  ·  Esc back  ·  F11 fullscreen", 12, t.text_dim,
                              anchor_x="center")
        self.entries = sorted(MENU_ENTRIES, key=lambda e: e.order)

    def _opener(self, entry: MenuEntry) -> Callable[[], None]:
        return lambda: self.ctx.open(entry.factory())

    def back(self) -> None:
        """Esc on the main menu does nothing (Quit is a button)."""

    def layout(self, width: int, height: int) -> None:
        """Place the texts."""
        self.title.position = (width / 2, height - 100)
        self.subtitle.position = (width / 2, height - 180)
        self.notice.position = (width / 2, height - 215)
        self.hint.position = (width / 2, 24)

    def draw_extra(self) -> None:
        """Title, subtitle, notice and key hint."""
        self.title.draw()
        self.subtitle.draw()
        if self.ctx.notice:
            self.notice.draw()
        self.hint.draw()
