"""Level select: the worlds side by side, each a chain of levels from top to bottom.

Every world's first level is open from the start; the next one opens when the one
before is finished (:meth:`engine.modes.campaign.Campaign.is_open`).  Each tile shows the
level's number and name (ellipsized to the tile) over its stars.
"""

from __future__ import annotations

from collections.abc import Callable

from game.context import Context
from game.format import star_text
from game.routes import Route
from game.ui import ellipsize, fit_text, place_grid
from game.ui.screen import BaseView


class LevelsView(BaseView):
    """The campaign map.

    Args:
        ctx: shared context.
        focus: index of the level to focus first (default: the first open unfinished one).
    """

    def __init__(self, ctx: Context, focus: int | None = None) -> None:
        camp = ctx.campaign
        self.worlds = camp.by_world()
        super().__init__(ctx, columns=max(1, len(self.worlds)))
        t = ctx.theme
        unlocked = ctx.store.unlocked()
        self.stars = ctx.store.stars()
        self.levels = list(camp.levels)
        self.locked = [not camp.is_open(lv, unlocked) for lv in self.levels]
        self.cell: list[tuple[int, int]] = []  # (world column, row) of each button, in level order
        for col, (_, levels) in enumerate(self.worlds):
            for row, _lv in enumerate(levels):
                self.cell.append((col, row))
        for i in range(len(self.levels)):
            btn = self.make_button("", self._opener(i), width=124, height=62, font_size=12)
            btn.disabled = self.locked[i]
            self.ui.add(btn)
        if focus is None:
            focus = next((i for i, lv in enumerate(self.levels) if not self.locked[i] and lv.id not in self.stars), 0)
        self.focus = max(0, min(focus, len(self.buttons) - 1))
        self.title = self.text("Campaign", 32, t.accent, bold=True, anchor_x="center", anchor_y="top")
        total = sum(self.stars.values())
        self.summary = self.text(f"{total} of {3 * len(self.levels)} stars  ·  every world starts open", 14,
                                 t.text_dim, anchor_x="center", anchor_y="top")
        self.world_names = [self.text(name, 15, t.text, bold=True, anchor_x="center", anchor_y="bottom")
                            for name, _ in self.worlds]
        self.info = self.text("", 14, t.text, anchor_x="center", anchor_y="bottom")
        self.error = self.text(ctx.campaign_error or "", 14, t.error, anchor_x="center", multiline=True, width=1000,
                               align="center")
        self.tile_names = [self.text("", 12, t.disabled_text if self.locked[i] else t.button_text, anchor_x="center",
                                     anchor_y="bottom") for i in range(len(self.levels))]
        self.tile_marks = [self.text("locked" if self.locked[i] else star_text(self.stars.get(lv.id, 0)), 12,
                                     self._mark_color(i), anchor_x="center", anchor_y="top")
                           for i, lv in enumerate(self.levels)]
        self._info_for = -1
        self._width = 1280

    def _mark_color(self, i: int) -> tuple[int, ...]:
        t = self.ctx.theme
        if self.locked[i]:
            return tuple(t.disabled_text)
        return tuple(t.star if self.stars.get(self.levels[i].id, 0) else t.button_text)

    def _opener(self, index: int) -> Callable[[], None]:
        def open_it() -> None:
            self.ctx.go(Route.LEVEL, self.levels[index])

        return open_it

    def move_focus(self, step: int) -> None:
        """Up/Down move along a world's chain, Left/Right to the next world (same row or its last)."""
        if not self.buttons:
            return
        col, row = self.cell[self.focus]
        if abs(step) >= self.columns:
            row += 1 if step > 0 else -1
        else:
            col += step
        col = max(0, min(len(self.worlds) - 1, col))
        row = max(0, min(len(self.worlds[col][1]) - 1, row))
        self.focus = self.cell.index((col, row))
        self.request_redraw()

    def layout(self, width: int, height: int) -> None:
        """Title band, one column per world, the focused level's line at the bottom."""
        s = self.scale
        fit_text(self.title, "Campaign", 30 * s, width - 40)
        self.title.position = (width / 2, height - 12 * s)
        fit_text(self.summary, self.summary.text, 14 * s, width - 40)
        self.summary.position = (width / 2, self.title.bottom - 6 * s)
        self.info.font_size = 14 * s
        self.info.position = (width / 2, 12 * s)
        self._width = width
        self._info_for = -1
        n = max(1, len(self.worlds))
        gap = 12 * s
        col_w = min(260 * s, (width - 40 - (n - 1) * gap) / n)
        left = (width - n * col_w - (n - 1) * gap) / 2
        names_y = self.summary.bottom - 38 * s
        top = names_y - 8 * s
        rows = max(len(levels) for _, levels in self.worlds) if self.worlds else 1
        bottom = 12 * s + 30 * s
        row_gap = 8 * s
        tile_h = min(80 * s, (top - bottom - (rows - 1) * row_gap) / rows)
        for col, (name, levels) in enumerate(self.worlds):
            x = left + col * (col_w + gap)
            fit_text(self.world_names[col], name, 15 * s, col_w)
            self.world_names[col].position = (x + col_w / 2, names_y)
            first = self.cell.index((col, 0))
            place_grid(self.buttons[first:first + len(levels)], x, top, 1, col_w, tile_h, row_gap)
        font = max(8.0, min(13 * s, tile_h * 0.26))
        for i, lv in enumerate(self.levels):
            r = self.buttons[i].rect
            label, mark = self.tile_names[i], self.tile_marks[i]
            label.font_size = mark.font_size = font
            ellipsize(label, f"{lv.index + 1}. {lv.name}", r.width - 10)
            label.position = (r.center_x, r.center_y + tile_h * 0.05)
            mark.position = (r.center_x, r.center_y - tile_h * 0.05)
        self.error.width = int(width - 60)
        self.error.position = (width / 2, height / 2)

    def draw_extra(self) -> None:
        """Title, world names and a line about the focused level."""
        if self._info_for != self.focus and self.levels:
            self._info_for = self.focus
            lv = self.levels[self.focus]
            best = self.ctx.store.best(lv.code())
            lock = "  (locked: finish the level before)" if self.locked[self.focus] else ""
            r = lv.recipe
            if r is not None:
                shape = f"{r.shape} {r.width}×{r.height}, {r.algorithm}" + (f", braid {r.braid}%" if r.braid else "")
                shape += ", dark" if r.dark else ""
            else:
                shape = lv.label()
            best_s = f"  ·  best {best.best_time:.1f} s, {best.best_moves} moves" if best.best_time is not None else ""
            ellipsize(self.info, f"{lv.index + 1}. {lv.name}  —  {lv.world}: {shape}{best_s}{lock}", self._width - 24)
        self.title.draw()
        self.summary.draw()
        for text in self.world_names:
            text.draw()
        for text in self.tile_names:
            text.draw()
        for text in self.tile_marks:
            text.draw()
        self.info.draw()
        if self.ctx.campaign_error:
            self.error.draw()


__all__ = ["LevelsView"]
