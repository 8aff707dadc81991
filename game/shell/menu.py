"""The main menu: one key to play on, and the rest in three groups.

The first, focused entry plays on: "Continue · 12. Braided Gardens" opens the next unfinished campaign level
(:meth:`engine.modes.campaign.Campaign.next_to_play`; on a first launch "Start · 1. First Steps"; with every open
level finished it opens the campaign map).  The other entries sit in groups (:data:`GROUPS`: Play, Create,
More) so the top level holds five buttons; choosing a group shows its entries and a Back button in place of the
top level, and Esc (a controller's B) backs out of it.  Every entry of :data:`MENU_ENTRIES` is in exactly one
group (or on the top level: Quit); the modes' entries come from the mode registry
(:func:`game.modes.menu_buttons`: label, route, order and group).  Every button opens its screen through
a typed route function of :mod:`game.routes`.  The menu remembers the last chosen entry (``ctx.memory["menu.focus"]``:
group and index) so coming back puts the focus where it was.

The first launch (no level finished and the setting :data:`GUIDE_SEEN` unset) greets the player and offers the
guided start (:mod:`game.play.guide`); either answer sets :data:`GUIDE_SEEN`, and Help can replay it.

Behind it all the carving maze (:class:`game.render.backdrop.CarvingBackdrop`, seeded from the clock so each
launch starts differently) stays behind a plain panel under the title and the buttons.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from game import routes
from game.bases.screen import BaseView
from game.context import Context
from game.modes import menu_buttons
from game.render.backdrop import CarvingBackdrop
from game.shell.prompt import ChoiceOverlay
from game.store import SaveStore
from game.ui import (
    TITLE_FONT,
    ActionButton,
    clear_widgets,
    enable_ui,
    fit_text,
    place_column,
    text_scale,
    ui_scale,
)

if TYPE_CHECKING:
    from engine.modes.campaign import CampaignLevel

#: The setting that says the first-launch greeting was answered ("1").
GUIDE_SEEN = "guide_seen"
GREETING = ("Welcome to Tessera!", "Mazes to walk, races to win, tiles to slide. A one-minute guided start shows "
            "the keys; skip it if you like (Help replays it).")
#: What the menu says under the title, in a player's words.
SUBTITLE = "Mazes to walk, races to win, tiles to slide"
#: The groups of the top level, in order: key -> (button label, the line shown while the group is open).
GROUPS: dict[str, tuple[str, str]] = {
    "play": ("Play", "Campaign, races, sliding puzzles and the daily challenges"),
    "create": ("Create", "Make your own mazes, keep them, watch mazes being made"),
    "more": ("More", "Codes from friends, your records, settings and help"),
}
#: The mark after a group's label (it opens more entries).
GROUP_MARK = "  >"


def first_launch(store: SaveStore) -> bool:
    """True when the greeting is due: not answered yet and no level finished (an old save is no first launch)."""
    return store.setting(GUIDE_SEEN) != "1" and not store.stars()


@dataclass(frozen=True)
class MenuEntry:
    """One menu button: ``opens`` is a route function of :mod:`game.routes` taking only the context (or
    :func:`quit_game`, the one entry that is no screen); ``group`` a key of :data:`GROUPS`, or "" for the top
    level."""

    label: str
    opens: Callable[[Context], arcade.View | None]
    order: int = 50
    group: str = "more"


#: What Quit asks first (the menu's overlay): the title and its line.
QUIT_QUESTION = ("Quit Tessera?", "Your progress is saved.")


def quit_game(ctx: Context) -> None:
    """Quit: the menu asks first (:meth:`MenuView.ask_quit`); from anywhere else, close at once."""
    ask = getattr(ctx.window.current_view, "ask_quit", None)
    if callable(ask):
        ask()
    else:
        close_game(ctx)


def close_game(ctx: Context) -> None:
    """Close the save and the window (ends ``arcade.run``)."""
    ctx.store.close()
    arcade.close_window()


MENU_ENTRIES: list[MenuEntry] = [
    *(MenuEntry(b.label, b.opens, b.order, b.group) for b in menu_buttons()),
    MenuEntry("My levels", routes.my_levels, 55, "create"),
    MenuEntry("Enter code", routes.code_entry, 60, "more"),
    MenuEntry("Records", routes.records, 75, "more"),
    MenuEntry("Settings", routes.settings, 80, "more"),
    MenuEntry("Rewards", routes.rewards, 85, "more"),
    MenuEntry("Help", routes.help_screen, 90, "more"),
    MenuEntry("Quit", quit_game, 99, ""),
]


def group_entries(group: str) -> list[MenuEntry]:
    """The entries of ``group`` ("" = the top level's own), in menu order."""
    return sorted((e for e in MENU_ENTRIES if e.group == group), key=lambda e: e.order)


def continue_label(level: CampaignLevel | None, fresh: bool) -> str:
    """The first entry's label: "Continue · 12. Braided Gardens", "Start · 1. First Steps" when nothing is finished
    yet (``fresh``), "Campaign" when no level is left to play."""
    if level is None:
        return "Campaign"
    return f"{'Start' if fresh else 'Continue'} · {level.index + 1}. {level.name}"


def backdrop_seed() -> int:
    """A seed for the menu's carving maze from the clock: each launch starts a different maze (no code or
    saved maze depends on it)."""
    return time.time_ns() % (2 ** 32)


class MenuView(BaseView):
    """Title, the Continue entry, the group buttons (or one group's entries) and any notice (e.g. a damaged save
    set aside).

    Args:
        ctx: shared context.
        greet: offer the guided start when :func:`first_launch` says so (the launcher's first menu).
    """

    def __init__(self, ctx: Context, greet: bool = False) -> None:
        super().__init__(ctx)
        finished = ctx.store.stars()
        self.next_level = ctx.next_level()  # the one next: the map's mark and the win's Next level agree
        self.group = ""  # the open group ("" = the top level)
        t = ctx.theme
        self.title = arcade.Text(
            "TESSERA", 0, 0, t.accent, 64, font_name=TITLE_FONT, anchor_x="center", anchor_y="top", bold=True
        )
        self.subtitle = self.text(SUBTITLE, 16, t.text_dim, anchor_x="center", anchor_y="top")
        self.notice = self.text(ctx.notice or "", 14, t.error, anchor_x="center", anchor_y="top", multiline=True,
                                width=900, align="center")
        self.hint = self.text("Up/Down + Enter or click  ·  Esc back  ·  F1 help  ·  F11 fullscreen", 12,
                              t.text_dim, anchor_x="center", anchor_y="bottom")
        self.panel = (0.0, 0.0, 0.0, 0.0)  # left, right, bottom, top: the plain panel over the backdrop
        self.continue_text = continue_label(self.next_level, not finished)
        remembered = ctx.memory.get("menu.focus", ("", 0))
        group, focus = remembered if isinstance(remembered, tuple) else ("", 0)
        self.open_group(group if group in GROUPS else "", int(focus))
        self.backdrop = self._backdrop()
        self.greeting: ChoiceOverlay | None = None
        if greet and first_launch(ctx.store):
            self.greeting = ChoiceOverlay(ctx, *GREETING, [("Start the guide", self._start_guide),
                                                           ("Skip", self._skip_guide)])

    # -- the entries of the open group -----------------------------------------------------------------------
    def group_names(self) -> list[str]:
        """The keys of :data:`GROUPS` that have entries, in order."""
        return [g for g in GROUPS if group_entries(g)]

    def open_group(self, group: str | None, focus: int = 0) -> None:
        """Show ``group``'s entries and a Back button (None or "": the top level), focus on entry ``focus``."""
        self.group = group or ""
        clear_widgets(self.ui)
        self.buttons.clear()
        self.actions.clear()
        if not self.group:
            self._add(self.continue_text, self._continue)
            for g in self.group_names():
                self._add(GROUPS[g][0] + GROUP_MARK, self._group_opener(g))
        for entry in group_entries(self.group):
            self._add(entry.label, self._opener(entry))
        if self.group:
            self._add("Back", self.back)
        self.focus = max(0, min(len(self.buttons) - 1, focus))
        line = GROUPS[self.group][1] if self.group else SUBTITLE
        self.subtitle.text = line
        if self.window is not None and self.window.current_view is self:
            if self.greeting is None or not self.greeting.visible:
                enable_ui(self.ui)
            self.on_resize(self.window.width, self.window.height)

    def _add(self, label: str, action: Callable[[], None]) -> ActionButton:
        btn = self.make_button(label, action)
        self.ui.add(btn)
        return btn

    def visible_buttons(self) -> list[ActionButton]:
        """The buttons shown now (the open group's)."""
        return list(self.buttons)

    def _group_opener(self, group: str) -> Callable[[], None]:
        def open_it() -> None:
            self.open_group(group)

        return open_it

    def _continue(self) -> None:
        """Play the next unfinished level (the campaign map when none is left)."""
        self.ctx.memory["menu.focus"] = ("", 0)
        if self.next_level is None:
            self.ctx.go(routes.levels)
        else:
            self.ctx.go(routes.level, self.next_level)

    def _opener(self, entry: MenuEntry) -> Callable[[], None]:
        def open_it() -> None:
            self.ctx.memory["menu.focus"] = (self.group, self.focus)
            view = entry.opens(self.ctx)
            if view is not None:
                self.ctx.show(view)

        return open_it

    def back(self) -> None:
        """Esc in a group goes back to the top level (focus on that group); on the top level it does nothing
        (Quit is a button)."""
        if self.group:
            names = self.group_names()
            self.open_group("", 1 + names.index(self.group) if self.group in names else 0)

    # -- backdrop and greeting ------------------------------------------------------------------------------
    def _backdrop(self) -> CarvingBackdrop:
        """The carving maze behind the menu, kept while the game runs (a new one for a new theme or motion)."""
        ctx = self.ctx
        reduced = ctx.store.setting("reduced_motion") == "1"
        kept = ctx.memory.get("menu.backdrop")
        if isinstance(kept, CarvingBackdrop) and kept.theme is ctx.theme and kept.reduced_motion == reduced:
            return kept
        made = CarvingBackdrop(ctx.theme, reduced, seed=backdrop_seed())
        ctx.memory["menu.backdrop"] = made
        return made

    def on_update(self, delta_time: float) -> None:
        """The background carves on a few times a second (each time one redraw)."""
        if self.backdrop.update(delta_time):
            self.request_redraw()

    def draw_background(self) -> None:
        """The carving maze, and the plain panel that keeps it from the title and the buttons."""
        self.backdrop.draw()
        left, right, bottom, top = self.panel
        if right > left:
            t = self.ctx.theme
            arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, t.background)
            arcade.draw_lrbt_rectangle_outline(left, right, bottom, top, t.panel, border_width=2)

    def _answered(self) -> None:
        self.ctx.store.set_setting(GUIDE_SEEN, "1")
        self.greeting = None
        enable_ui(self.ui)
        self.request_redraw()

    def ask_quit(self) -> None:
        """Quit asks first ("Quit Tessera?": Stay, focused, or Quit; Esc stays): three Downs and Enter no longer
        close the game by accident."""
        self.greeting = ChoiceOverlay(self.ctx, *QUIT_QUESTION, [("Stay", self._stay),
                                                                 ("Quit", lambda: close_game(self.ctx))], cancel=0)
        self.ui.disable()
        self.greeting.show()
        self.request_redraw()

    def _stay(self) -> None:
        if self.greeting is not None:
            self.greeting.hide()
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

    # -- layout ---------------------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Title band on top, key hint at the bottom, the buttons under the title on a plain panel.

        The title grows with the window only (not with the text size), so a larger text size gives the
        buttons' labels the room; the buttons keep their height and the column is centred in the room left.
        """
        s = self.scale
        window_s = ui_scale(width, height) / text_scale()
        self.backdrop.place(width, height, window_s)
        fit_text(self.title, "TESSERA", 64 * window_s, width - 40)
        self.title.position = (width / 2, height - 16 * window_s)
        pad = 14 * s
        button_w = min(width - 60.0, 420 * s)
        half = min(width / 2 - 4, max(button_w / 2 + pad, 330 * s, self.title.content_width / 2 + pad))
        fit_text(self.subtitle, self.subtitle.text, 16 * s, 2 * half - 2 * pad)
        self.subtitle.position = (width / 2, self.title.bottom - 6 * window_s)
        top = self.subtitle.bottom - 18 * s
        if self.ctx.notice:
            self.notice.width = int(min(width - 40, 900 * s))
            self.notice.font_size = 14 * s
            self.notice.position = (width / 2, top)
            top = self.notice.bottom - 12 * s
        fit_text(self.hint, self.hint.text, 12 * s, width - 20, min_size=8)
        self.hint.position = (width / 2, 10 * s)
        bottom = self.hint.top + 14 * s
        n = len(self.buttons)
        button_h = 56 * max(s, height / 800)
        wanted = n * button_h + (n - 1) * button_h * 0.27
        if top - bottom > wanted:  # room to spare: the column sits a little above the middle of it
            top -= (top - bottom - wanted) * 0.35
        h = place_column(self.buttons, width / 2, top, bottom, button_w, button_h)
        self.style_buttons(min(18 * s, h * 0.42))
        last = self.buttons[-1].rect.bottom if self.buttons else top
        self.panel = (width / 2 - half, width / 2 + half, max(0.0, last - pad), float(height))

    def draw_extra(self) -> None:
        """Title, subtitle, notice and key hint; the greeting over them."""
        self.title.draw()
        self.subtitle.draw()
        if self.ctx.notice:
            self.notice.draw()
        self.hint.draw()
        if self.greeting is not None and self.greeting.visible:
            self.greeting.draw(self.window.width, self.window.height)
