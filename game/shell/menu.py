"""The main menu.  Its entries come from :data:`MENU_ENTRIES`.

The modes' buttons come from the modes' table (:func:`game.shell.modes.menu_buttons`:
label, route, order); adding another screen is one line in :data:`MENU_ENTRIES`
(label, route, order): the button calls ``ctx.go(route)`` with a typed route function of :mod:`game.routes`.  The menu
remembers the last chosen entry (``ctx.memory["menu.focus"]``) so coming back puts the focus where it was.

The first launch (no level finished and the setting :data:`GUIDE_SEEN` unset) greets the player and offers the
guided start (:mod:`game.play.guide`); either answer sets :data:`GUIDE_SEEN`, and Help can replay it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import arcade

from game import routes
from game.context import Context
from game.render.backdrop import CarvingBackdrop
from game.shell.modes import menu_buttons
from game.shell.prompt import ChoiceOverlay
from game.store import SaveStore
from game.ui import TITLE_FONT, enable_ui, fit_text, place_column
from game.ui.screen import BaseView

#: The setting that says the first-launch greeting was answered ("1").
GUIDE_SEEN = "guide_seen"
GREETING = ("Welcome to Tessera!", "Mazes to walk, races to win, tiles to slide. A one-minute guided start shows "
            "the keys; skip it if you like (Help replays it).")


def first_launch(store: SaveStore) -> bool:
    """True when the greeting is due: not answered yet and no level finished (an old save is no first launch)."""
    return store.setting(GUIDE_SEEN) != "1" and not store.stars()


@dataclass(frozen=True)
class MenuEntry:
    """One main-menu button: ``opens`` is a route function of :mod:`game.routes` taking only the context (or
    :func:`quit_game`, the one entry that is no screen)."""

    label: str
    opens: Callable[[Context], arcade.View | None]
    order: int = 50


def quit_game(ctx: Context) -> None:
    """Close the window (ends ``arcade.run``)."""
    ctx.store.close()
    arcade.close_window()


MENU_ENTRIES: list[MenuEntry] = [
    *(MenuEntry(b.label, b.opens, b.order) for b in menu_buttons()),
    MenuEntry("My levels", routes.my_levels, 55),
    MenuEntry("Records", routes.records, 75),
    MenuEntry("Enter code", routes.code_entry, 60),
    MenuEntry("Settings", routes.settings, 80),
    MenuEntry("Help", routes.help_screen, 90),
    MenuEntry("Quit", quit_game, 99),
]


class MenuView(BaseView):
    """Title, one button per registered entry, and any notice (e.g. a damaged save set aside).

    Args:
        ctx: shared context.
        greet: offer the guided start when :func:`first_launch` says so (the launcher's first menu).
    """

    def __init__(self, ctx: Context, greet: bool = False) -> None:
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
        self.backdrop = self._backdrop()
        self.greeting: ChoiceOverlay | None = None
        if greet and first_launch(ctx.store):
            self.greeting = ChoiceOverlay(ctx, *GREETING, [("Start the guide", self._start_guide),
                                                           ("Skip", self._skip_guide)])

    def _backdrop(self) -> CarvingBackdrop:
        """The carving maze behind the menu, kept while the game runs (a new one for a new theme or motion)."""
        ctx = self.ctx
        reduced = ctx.store.setting("reduced_motion") == "1"
        kept = ctx.memory.get("menu.backdrop")
        if isinstance(kept, CarvingBackdrop) and kept.theme is ctx.theme and kept.reduced_motion == reduced:
            return kept
        made = CarvingBackdrop(ctx.theme, reduced)
        ctx.memory["menu.backdrop"] = made
        return made

    def on_update(self, delta_time: float) -> None:
        """The background carves on a few times a second (each time one redraw)."""
        if self.backdrop.update(delta_time):
            self.request_redraw()

    def draw_background(self) -> None:
        """The carving maze, under everything."""
        self.backdrop.draw()

    def _answered(self) -> None:
        self.ctx.store.set_setting(GUIDE_SEEN, "1")
        self.greeting = None
        enable_ui(self.ui)
        self.request_redraw()

    def _start_guide(self) -> None:
        self._answered()
        self.ctx.go(routes.guide)

    def _skip_guide(self) -> None:
        self._answered()

    def on_show_view(self) -> None:
        """As every button screen; the greeting (if due) takes the input."""
        super().on_show_view()
        if self.greeting is not None:
            self.ui.disable()
            self.greeting.show()

    def on_hide_view(self) -> None:
        """Disable the buttons and the greeting's."""
        super().on_hide_view()
        if self.greeting is not None:
            self.greeting.hide()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """The greeting's keys while it is up, else the menu's."""
        if self.greeting is not None and self.greeting.visible:
            return self.greeting.on_key_press(symbol, modifiers)
        return super().on_key_press(symbol, modifiers)

    def needs_redraw(self) -> bool:
        """As every button screen, or the greeting's buttons want drawing."""
        return super().needs_redraw() or (self.greeting is not None and self.greeting.needs_render())

    def _opener(self, entry: MenuEntry) -> Callable[[], None]:
        def open_it() -> None:
            self.ctx.memory["menu.focus"] = self.focus
            view = entry.opens(self.ctx)
            if view is not None:
                self.ctx.show(view)

        return open_it

    def back(self) -> None:
        """Esc on the main menu does nothing (Quit is a button)."""

    def layout(self, width: int, height: int) -> None:
        """Title band on top, key hint at the bottom, the buttons fill the rest; the background covers it all."""
        s = self.scale
        self.backdrop.place(width, height, s)
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
        """Title, subtitle, notice and key hint; the greeting over them."""
        self.title.draw()
        self.subtitle.draw()
        if self.ctx.notice:
            self.notice.draw()
        self.hint.draw()
        if self.greeting is not None and self.greeting.visible:
            self.greeting.draw(self.window.width, self.window.height)
