"""Rewards: what the campaign's stars have bought and what they buy next (:mod:`engine.modes.rewards`).

One page per kind (themes, player marks, trails, puzzle pictures, bonus worlds), chosen by the buttons on top.
Every item shows whether it is in use, open or locked and what it needs ("12 more stars", "3 stars on every
level of Shards"); the line under the items says it whole for the focused one.  Enter on an open look uses it
at once (saved, drawn in play; a puzzle picture: the tiles of the player's own sliding puzzles); on an open
bonus world it plays that world's next level; on a locked item it says what is missing and changes nothing.
Reached from the menu (More), from Settings and from the campaign map (R).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.modes.rewards import KIND_NAMES, KIND_ONE, KINDS, Reward, RewardLocked, Wallet
from game import routes
from game.bases.screen import BaseView
from game.context import Context
from game.ui import clear_widgets, fit_text, place_grid

if TYPE_CHECKING:
    from engine.modes.campaign import CampaignLevel


class RewardsView(BaseView):
    """The Rewards page (module doc).

    Args:
        ctx: shared context.
        back: what Esc / "Back" calls (default: the menu).
        kind: the page shown first (a key of :data:`engine.modes.rewards.KINDS`).
    """

    def __init__(self, ctx: Context, back: Callable[[], object] | None = None, kind: str = "theme") -> None:
        super().__init__(ctx, columns=2)
        self.go_back = back
        self.kind = kind if kind in KINDS else KINDS[0]
        t = ctx.theme
        self.title = self.text("Rewards", 32, t.accent, bold=True, anchor_x="center", anchor_y="top")
        self.summary = self.text("", 15, t.text, anchor_x="center", anchor_y="top")
        self.line = self.text("", 14, t.text_dim, anchor_x="center", anchor_y="bottom")
        self.said = ""
        self.items: list[Reward] = []
        self.wallet = ctx.wallet()
        self.build()

    # -- the page ---------------------------------------------------------------------------------
    def build(self, focus: int | None = None) -> None:
        """The kind buttons, this kind's items and Back, from the wallet (read again)."""
        self.wallet = w = self.ctx.wallet()
        clear_widgets(self.ui)
        self.buttons.clear()
        self.actions.clear()
        for k in KINDS:
            got, of = len(w.opened(k)), len(w.of_kind(k))
            mark = "> " if k == self.kind else ""
            self.ui.add(self.make_button(f"{mark}{KIND_NAMES[k]}  {got}/{of}", self._page(k)))
        self.items = w.of_kind(self.kind)
        for r in self.items:
            self.ui.add(self.make_button(self.item_label(r), self._pick(r)))
        self.ui.add(self.make_button("Back", self.back))
        nxt = w.next_up()
        have = f"{w.total} star{'s' if w.total != 1 else ''}"
        self.summary.text = (f"You have {have}  ·  next: {nxt.name} ({KIND_ONE[nxt.kind]}), "
                             f"{w.need(nxt)}" if nxt is not None else f"You have {have}  ·  everything is bought")
        self.focus = len(KINDS) + self._in_use() if focus is None else max(0, min(focus, len(self.buttons) - 1))
        if self.window is not None and self.window.current_view is self:
            self.on_resize(self.window.width, self.window.height)

    def _in_use(self) -> int:
        used = [i for i, r in enumerate(self.items) if self.in_use(r)]
        return used[0] if used else 0

    def in_use(self, r: Reward) -> bool:
        """True for the look now drawn (never a bonus world)."""
        return r.kind != "bonus" and self.ctx.chosen(r.kind) == r.id

    def item_label(self, r: Reward) -> str:
        """``Dusk (violet night) · in use``, ``… · open``, ``… · 15 stars, locked`` (an open bonus world: its
        stars so far)."""
        w = self.wallet
        if r.kind == "bonus":
            if not w.is_open(r):
                return f"{r.name} · locked"
            got, of = self.bonus_stars(r.id)
            return f"{r.name} · {got}/{of} stars"
        if self.in_use(r):
            return f"{r.name} · in use"
        return f"{r.name} · open" if w.is_open(r) else f"{r.name} · {r.stars} stars, locked"

    def bonus_stars(self, world: str) -> tuple[int, int]:
        """Stars won in bonus world ``world`` and the most it gives."""
        stars = self.ctx.store.stars()
        levels = [lv for lv in self.ctx.bonus.levels if lv.world == world]
        return sum(stars.get(lv.id, 0) for lv in levels), 3 * len(levels)

    def item_line(self, r: Reward) -> str:
        """The line under the items about ``r``: what it is, what it needs or what Enter does."""
        w = self.wallet
        if not w.is_open(r):
            if r.kind == "bonus":
                world = next((lvs for name, lvs in self.ctx.campaign.by_world() if name == r.world), [])
                stars = self.ctx.store.stars()
                got = sum(min(3, stars.get(lv.id, 0)) for lv in world)
                return f"{r.name}: locked  ·  needs {w.need(r)} ({got} of {3 * len(world)} so far)"
            return f"{r.name}: locked  ·  {w.need(r)} (it needs {r.stars}; you have {w.total})"
        if r.kind == "bonus":
            return f"{r.name}: open  ·  three harder levels  ·  Enter plays the next one"
        if r.kind == "picture":
            return (f"{r.name}: your sliding puzzle's picture" if self.in_use(r) else
                    f"{r.name}: open  ·  Enter puts it on your sliding puzzle's tiles")
        return f"{r.name}: in use" if self.in_use(r) else f"{r.name}: open  ·  Enter uses it"

    def _page(self, kind: str) -> Callable[[], None]:
        def show() -> None:
            self.kind = kind
            self.said = ""
            self.build(KINDS.index(kind))

        return show

    def _pick(self, r: Reward) -> Callable[[], None]:
        return lambda: self.pick(r)

    def pick(self, r: Reward) -> None:
        """Use an open look (saved; the page is drawn again in a new theme), play an open bonus world's next
        level, or say what a locked item needs (nothing changes)."""
        at = self.focus
        if r.kind == "bonus":
            if not self.wallet.is_open(r):
                self.said = f"{r.name} is locked: {self.wallet.need(r)}."
                self.request_redraw()
                return
            level = self.bonus_next(r.id)
            if level is not None:
                self.ctx.go(routes.level, level)
            return
        try:
            self.ctx.choose(r.kind, r.id)
        except RewardLocked as exc:
            self.said = str(exc)
            self.request_redraw()
            return
        self.said = ""
        if r.kind == "theme":  # the page again, in the new colours
            again = RewardsView(self.ctx, self.go_back, self.kind)
            again.focus = at
            self.ctx.show(again)
            return
        self.build(at)

    def bonus_next(self, world: str) -> CampaignLevel | None:
        """The level of bonus world ``world`` to play: its first open unfinished level, else its first."""
        from engine.modes.rewards import bonus_next

        return bonus_next(world, self.ctx.bonus, self.wallet, self.ctx.store.stars(), self.ctx.store.unlocked())

    def focused_line(self) -> str:
        """What the bottom line says now."""
        if self.said:
            return self.said
        i = self.focus - len(KINDS)
        if 0 <= i < len(self.items):
            return self.item_line(self.items[i])
        if self.focus < len(KINDS):
            return f"{KIND_NAMES[KINDS[self.focus]]}: Enter shows them"
        return "Stars come from the campaign's levels: three each, for finishing, par time and par moves."

    # -- layout and drawing -----------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Title, the stars line, the kind buttons (two a row), the items in two columns, Back."""
        s = self.scale
        fit_text(self.title, "Rewards", 32 * min(s, 1.8), width - 40)
        self.title.position = (width / 2, height - 24 * s)
        fit_text(self.summary, self.summary.text, 15 * s, width - 40, min_size=8)
        self.summary.position = (width / 2, self.title.bottom - 12 * s)
        gap = 10 * s
        w = min(420 * s, (width - 40 - gap) / 2)
        left = width / 2 - w - gap / 2
        line_h = 14 * s * 1.6 + 12 * s
        top = self.summary.bottom - 16 * s
        kind_rows = -(-len(KINDS) // 2)
        rows = kind_rows + -(-len(self.items) // 2) + 1
        h = max(22.0, min(48 * s, (top - line_h - (rows - 1) * gap - 8 * s) / rows))
        place_grid(self.buttons[:len(KINDS)], left, top, 2, w, h, gap)
        place_grid(self.buttons[len(KINDS):-1], left, top - kind_rows * (h + gap) - gap, 2, w, h, gap)
        items_rows = -(-len(self.items) // 2)
        back = self.buttons[-1]
        place_grid([back], width / 2 - w / 2, top - (kind_rows + items_rows) * (h + gap) - gap, 1, w, h, gap)
        self.style_buttons(min(15 * s, h * 0.42))
        items = self.buttons[len(KINDS):-1]
        pad = 1.2 * h if self.kind != "bonus" else 10.0  # room for the samples beside the labels
        self.style_buttons(min(15 * s, h * 0.42), items, pad=pad)
        if items:  # one size for the page's items (the longest label's)
            self.style_buttons(min(b.font_px for b in items), items, pad=pad)
        self._grey_locked()
        self.line.position = (width / 2, 8 * s)
        self._line_for = ""
        self._width = width

    def _grey_locked(self) -> None:
        """Locked items in the theme's locked colours (still focusable: Enter says what they need)."""
        from game.render.theme import button_style

        for r, btn in zip(self.items, self.buttons[len(KINDS):-1], strict=True):
            if not self.wallet.is_open(r):
                style = dict(button_style(self.ctx.theme, round(btn.font_px)))
                style["normal"] = style["disabled"]
                btn.set_font_size(btn.font_px, style)

    def draw_samples(self) -> None:
        """A sample beside each look: the mark as drawn in play, the trail's colour, the theme's colours, a
        square of the puzzle picture (dimmed while locked)."""
        import arcade

        from game.render.looks import draw_mark, dressed, trail_colour
        from game.render.theme import get_theme

        t = self.ctx.theme
        for r, btn in zip(self.items, self.buttons[len(KINDS):-1], strict=True):
            rect = btn.rect
            size = rect.height * 0.3
            x, y = rect.left + rect.height * 0.55, rect.center_y
            if r.kind == "mark":
                draw_mark(dressed(t, r.id), x, y, size, max(1.0, size * 0.18))
            elif r.kind == "trail":
                arcade.draw_line(x - size, y, x + size, y, trail_colour(r.id, t)[:3], max(2.0, size * 0.8))
            elif r.kind == "picture":
                self._picture_sample(r, x, y, size * 1.25)
            elif r.kind == "theme":
                other = get_theme(r.id)
                arcade.draw_lrbt_rectangle_filled(x - size, x + size, y - size, y + size, other.background)
                arcade.draw_lrbt_rectangle_filled(x - size * 0.5, x + size * 0.5, y - size * 0.5, y + size * 0.5,
                                                  other.accent)

    def _picture_sample(self, r: Reward, x: float, y: float, half: float) -> None:
        """The picture ``r`` as a ``2 × half`` px square centred on ``(x, y)``, outlined; dimmed while locked."""
        import arcade

        from game.puzzle.picture_rewards import sample

        try:
            tex = sample(r.id)
        except ValueError:  # a picture file missing from the install: the outline alone
            tex = None
        rect = arcade.LRBT(x - half, x + half, y - half, y + half)
        if tex is not None:
            arcade.draw_texture_rect(tex, rect, alpha=255 if self.wallet.is_open(r) else 90)
        arcade.draw_lrbt_rectangle_outline(rect.left, rect.right, rect.bottom, rect.top, self.ctx.theme.text_dim, 1)

    def draw_extra(self) -> None:
        """The title, the stars line, the samples and the line about the focused item."""
        self.draw_samples()
        self.title.draw()
        self.summary.draw()
        said = self.focused_line()
        if said != getattr(self, "_line_for", ""):
            self._line_for = said
            fit_text(self.line, said, 14 * self.scale, getattr(self, "_width", 1280) - 40, min_size=8)
        self.line.draw()

    def back(self) -> None:
        """Back where the page was opened from (default: the menu)."""
        if self.go_back is not None:
            self.go_back()
        else:
            routes.show_menu(self.ctx)


def wallet_line(w: Wallet) -> str:
    """``42 stars  ·  next: Ring in 12 more stars`` (the map's and the win's short line)."""
    nxt = w.next_up()
    have = f"{w.total} star{'s' if w.total != 1 else ''}"
    return f"{have}  ·  next reward: {nxt.name}, {w.need(nxt)}" if nxt is not None else f"{have}  ·  all rewards"


__all__ = ["RewardsView", "wallet_line"]
