"""Level select: one row of buttons per world, locked levels greyed, stars on each."""

from __future__ import annotations

from game.context import Context
from game.ui import FONT, gui
from game.views.base import BaseView
from game.views.win import NO_STAR, STAR

COLUMNS = 7


class LevelsView(BaseView):
    """The campaign map.

    Args:
        ctx: shared context.
        focus: index of the level to focus first (default: the first unlocked unfinished one).
    """

    def __init__(self, ctx: Context, focus: int | None = None) -> None:
        super().__init__(ctx, columns=COLUMNS)
        t = ctx.theme
        camp = ctx.campaign
        store = ctx.store
        unlocked = store.unlocked()
        stars = store.stars()
        self.levels = list(camp.levels)
        self.locked: list[bool] = []
        outer = gui.UIBoxLayout(space_between=8)
        row: gui.UIBoxLayout | None = None
        world, in_row = "", 0
        for lv in self.levels:
            locked = lv.index > 0 and lv.id not in unlocked
            self.locked.append(locked)
            if lv.world != world or in_row == COLUMNS:
                label = lv.world if lv.world != world else ""
                world, in_row = lv.world, 0
                row = outer.add(gui.UIBoxLayout(vertical=False, space_between=10))
                cell = row.add(gui.UIAnchorLayout(width=200, height=62, size_hint=None))
                cell.add(gui.UILabel(text=label, font_size=15, font_name=FONT, text_color=t.text), anchor_x="right")
            in_row += 1
            got = stars.get(lv.id, 0)
            label = f"{lv.index + 1}\n" + ("locked" if locked else STAR * got + NO_STAR * (3 - got))
            btn = self.make_button(label, self._opener(lv.index), width=124, height=62, font_size=14,
                                   multiline=True)
            btn.disabled = locked
            assert row is not None
            row.add(btn)
        self.ui.add(gui.UIAnchorLayout()).add(outer, anchor_x="center", anchor_y="center", align_y=-20)
        if focus is None:
            focus = next((i for i, lv in enumerate(self.levels) if not self.locked[i] and lv.id not in stars), 0)
        self.focus = max(0, min(focus, len(self.buttons) - 1))
        self.title = self.text("Campaign", 32, t.accent, bold=True, anchor_x="center")
        total = sum(stars.values())
        self.summary = self.text(f"{total} of {3 * len(self.levels)} stars", 14, t.text_dim, anchor_x="center")
        self.info = self.text("", 15, t.text, anchor_x="center")
        self.error = self.text(ctx.campaign_error or "", 14, t.error, anchor_x="center", multiline=True, width=1000,
                               align="center")
        self._info_for = -1

    def _opener(self, index: int):  # noqa: ANN202 - a closure
        def open_it() -> None:
            from game.views.play import open_level

            self.ctx.show(open_level(self.ctx, self.levels[index]))

        return open_it

    def layout(self, width: int, height: int) -> None:
        """Place the texts."""
        self.title.position = (width / 2, height - 60)
        self.summary.position = (width / 2, height - 88)
        self.info.position = (width / 2, 40)
        self.error.position = (width / 2, height / 2)

    def draw_extra(self) -> None:
        """Title and a line about the focused level."""
        if self._info_for != self.focus and self.levels:
            self._info_for = self.focus
            lv = self.levels[self.focus]
            best = self.ctx.store.best(lv.code())
            lock = "  (locked: finish the level before)" if self.locked[self.focus] else ""
            shape = f"{lv.shape} {lv.width}×{lv.height}, {lv.algorithm}" + (f", braid {lv.braid}%" if lv.braid else "")
            best_s = f"  ·  best {best.best_time:.1f} s, {best.best_moves} moves" if best.best_time is not None else ""
            self.info.text = f"{lv.index + 1}. {lv.name}  —  {lv.world}: {shape}{best_s}{lock}"
        self.title.draw()
        self.summary.draw()
        self.info.draw()
        if self.ctx.campaign_error:
            self.error.draw()
