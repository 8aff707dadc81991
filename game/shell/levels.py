"""Level select: the worlds side by side, each a chain of levels from top to bottom.

Every world's first level is open from the start; the next one opens when the one
before is finished (:meth:`engine.modes.campaign.Campaign.is_open`).  Each tile shows the
level's number and name (on up to two lines, shortened with "…" only when even that does not fit) over its
stars; under each world's name a bar shows the stars earned of those possible.  The player's level packs
(:mod:`engine.modes.packs`) are worlds after the shipped ones; a pack that cannot be read is a
column named after its file with one disabled "broken" tile, whose line at the bottom says why.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game import routes
from game.context import Context
from game.format import STAR, star_text
from game.ui import ellipsize, fit_text, place_grid, wrap_lines
from game.ui.screen import BaseView


class LevelsView(BaseView):
    """The campaign map.

    Args:
        ctx: shared context.
        focus: index of the level to focus first (default: the first open unfinished one).
    """

    max_text_scale = 1.0  # a dense map of names and stars: the text size setting does not grow it

    def __init__(self, ctx: Context, focus: int | None = None) -> None:
        camp = ctx.campaign
        self.worlds = camp.by_world()
        self.broken = list(camp.broken)
        #: levels per column: the worlds', then one tile per broken pack
        self.column_sizes = [len(levels) for _, levels in self.worlds] + [1] * len(self.broken)
        super().__init__(ctx, columns=max(1, len(self.column_sizes)))
        t = ctx.theme
        unlocked = ctx.store.unlocked()
        self.stars = ctx.store.stars()
        self.levels = list(camp.levels)
        self.locked = [not camp.is_open(lv, unlocked) for lv in self.levels]
        self.cell: list[tuple[int, int]] = []  # (world column, row) of each button, in level order
        for col, (_, levels) in enumerate(self.worlds):
            for row, _lv in enumerate(levels):
                self.cell.append((col, row))
        self.cell += [(len(self.worlds) + j, 0) for j in range(len(self.broken))]  # after every level's
        for i in range(len(self.levels)):
            btn = self.make_button("", self._opener(i), width=124, height=62, font_size=12)
            btn.disabled = self.locked[i]
            self.ui.add(btn)
        for _ in self.broken:
            btn = self.make_button("", lambda: None, width=124, height=62, font_size=12)
            btn.disabled = True
            self.ui.add(btn)
        if focus is None:
            focus = next((i for i, lv in enumerate(self.levels) if not self.locked[i] and lv.id not in self.stars), 0)
        self.focus = max(0, min(focus, len(self.buttons) - 1))
        self.title = self.text("Campaign", 32, t.accent, bold=True, anchor_x="center", anchor_y="top")
        total = sum(self.stars.get(lv.id, 0) for lv in self.levels)
        broken = len(self.broken)
        note = f"  ·  {broken} level pack{'s' if broken != 1 else ''} could not be read" if broken else ""
        self.summary = self.text(f"{total} of {3 * len(self.levels)} stars  ·  every world starts open{note}", 14,
                                 t.text_dim, anchor_x="center", anchor_y="top")
        self.world_names = [self.text(name, 15, t.text, bold=True, anchor_x="center", anchor_y="bottom",
                                      multiline=True, width=260, align="center") for name in self.column_names()]
        self.info = self.text("", 14, t.text, anchor_x="center", anchor_y="bottom")
        self.error = self.text(ctx.campaign_error or "", 14, t.error, anchor_x="center", multiline=True, width=1000,
                               align="center")
        self.tile_names = [self.text("", 12, t.disabled_text if self.locked[i] else t.button_text, anchor_x="center",
                                     anchor_y="center", multiline=True, width=124, align="center")
                           for i in range(len(self.levels))]
        self.world_stars = [(sum(self.stars.get(lv.id, 0) for lv in levels), 3 * len(levels))
                            for _, levels in self.worlds]
        self.bar_texts = [self.text(f"{got}/{of} {STAR}", 10, t.text_dim, anchor_x="right", anchor_y="center")
                          for got, of in self.world_stars]
        self.bars: list[tuple[float, float, float, float, float]] = []  # left, right, bottom, top, filled share
        self.tile_marks = [self.text("locked" if self.locked[i] else star_text(self.stars.get(lv.id, 0)), 12,
                                     self._mark_color(i), anchor_x="center", anchor_y="top")
                           for i, lv in enumerate(self.levels)]
        for _ in self.broken:
            self.tile_names.append(self.text("", 12, t.error, anchor_x="center", anchor_y="center", multiline=True,
                                             width=124, align="center"))
            self.tile_marks.append(self.text("", 12, t.disabled_text, anchor_x="center", anchor_y="top"))
        self._info_for = -1
        self._width = 1280

    def column_names(self) -> list[str]:
        """The map's column titles: every world, then every broken pack (its file's stem)."""
        return [name for name, _ in self.worlds] + [b.name for b in self.broken]

    def _mark_color(self, i: int) -> tuple[int, ...]:
        t = self.ctx.theme
        if self.locked[i]:
            return tuple(t.disabled_text)
        return tuple(t.star if self.stars.get(self.levels[i].id, 0) else t.button_text)

    def _opener(self, index: int) -> Callable[[], None]:
        def open_it() -> None:
            self.ctx.go(routes.level, self.levels[index])

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
        col = max(0, min(len(self.column_sizes) - 1, col))
        row = max(0, min(self.column_sizes[col] - 1, row))
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
        n = max(1, len(self.column_sizes))
        gap = 12 * s
        col_w = min(260 * s, (width - 24 - (n - 1) * gap) / n)
        left = (width - n * col_w - (n - 1) * gap) / 2
        # a name may use most of the gaps beside its column (nine worlds at 800 px: ~86 px for "Honeycomb")
        names_h = self.fit_world_names(15 * s, col_w + 0.8 * gap, readable=max(9.0, 12 * s))
        names_y = self.summary.bottom - max(38 * s, names_h + 8 * s)
        bar_h = 12 * s
        top = names_y - 8 * s - bar_h - 6 * s
        self.place_bars(left, col_w, gap, names_y - 4 * s, bar_h)
        rows = max(self.column_sizes, default=1)
        bottom = 12 * s + 30 * s
        row_gap = 8 * s
        tile_h = min(80 * s, (top - bottom - (rows - 1) * row_gap) / rows)
        for col, size in enumerate(self.column_sizes):
            x = left + col * (col_w + gap)
            self.world_names[col].position = (x + col_w / 2, names_y)
            first = self.cell.index((col, 0))
            place_grid(self.buttons[first:first + size], x, top, 1, col_w, tile_h, row_gap)
        self.place_tile_texts(max(8.0, min(13 * s, tile_h * 0.26)), tile_h)
        self.error.width = int(width - 60)
        self.error.position = (width / 2, height / 2)

    def place_tile_texts(self, font: float, tile_h: float) -> None:
        """Each tile's name (up to two lines) over its mark, at one font size for all: the largest up to ``font``
        (down to 8 pt, or 0.8 of it) at which every name fits whole; names that still do not fit end in "…"."""
        n_levels = len(self.levels)
        values = [f"{lv.index + 1}. {lv.name}" for lv in self.levels] + ["broken"] * (len(self.buttons) - n_levels)
        width = self.buttons[0].rect.width - 10 if self.buttons else 100.0
        size = font
        while True:
            lines = 2 if tile_h >= size * 4.2 else 1  # two lines of name and the marks need ~4 line heights
            whole = True
            for label, value in zip(self.tile_names, values, strict=True):
                label.font_size = size
                whole = wrap_lines(label, value, width, lines) and whole
            if whole or size <= max(8.0, font * 0.8):
                break
            size = max(8.0, font * 0.8, size - 0.5)
        for i, (label, mark) in enumerate(zip(self.tile_names, self.tile_marks, strict=True)):
            r = self.buttons[i].rect
            mark.font_size = size
            if i >= n_levels:
                ellipsize(mark, "cannot be read", r.width - 10)
            mark.position = (r.center_x, r.bottom + tile_h * 0.12 + mark.content_height)
            label.position = (r.center_x, (r.top + mark.top) / 2 + tile_h * 0.02)

    def place_bars(self, left: float, col_w: float, gap: float, top: float, height: float) -> None:
        """Each world's completion bar under its name: stars earned of possible, the count at its right."""
        self.bars = []
        for col, ((got, of), text) in enumerate(zip(self.world_stars, self.bar_texts, strict=True)):
            x = left + col * (col_w + gap)
            text.font_size = max(7.0, height * 0.8)
            text.text = f"{got}/{of} {STAR}"
            if text.content_width > col_w * 0.6:
                text.text = f"{got}/{of}"
            text.position = (x + col_w, top - height / 2)
            right = x + col_w - text.content_width - 4
            self.bars.append((x, max(x + 4, right), top - height * 0.75, top - height * 0.25, got / max(1, of)))

    def fit_world_names(self, size: float, width: float, readable: float) -> float:
        """Every world name at one common font size: the largest (up to ``size``) at which all fit ``width`` on
        one line or, when that is under ``readable``, split in two lines if that is larger.  Returns their height."""
        texts, names = self.world_names, self.column_names()

        def widest(lines: list[list[str]]) -> float:
            worst = 0.0
            for t, ls in zip(texts, lines, strict=True):
                t.font_size, t.width = size, 100_000  # measured unwrapped
                for line in ls:
                    t.text = line
                    worst = max(worst, t.content_width)
            return worst

        one = [[n] for n in names]
        one_size = min(size, size * width / max(1.0, widest(one)) * 0.98)
        two = [min(([" ".join(n.split()[:k]), " ".join(n.split()[k:])] for k in range(1, len(n.split()))),
                   key=lambda ls: max(len(x) for x in ls), default=[n]) for n in names]
        two_size = min(size, size * width / max(1.0, widest(two)) * 0.98)
        lines = two if one_size < readable and two_size > one_size else one
        common = two_size if lines is two else one_size
        for t, ls in zip(texts, lines, strict=True):
            t.font_size, t.width = max(6.0, common), int(width) + 1
            t.text = "\n".join(ls)
            if len(ls) == 1:
                ellipsize(t, ls[0], width)
        return max((t.content_height for t in texts), default=0.0)

    def draw_extra(self) -> None:
        """Title, world names and a line about the focused level."""
        if self._info_for != self.focus and self.focus >= len(self.levels) and self.broken:
            self._info_for = self.focus
            b = self.broken[min(self.focus - len(self.levels), len(self.broken) - 1)]
            fit_text(self.info, f"{b.name}: broken: {b.reason}", 14 * self.scale, self._width - 24)
        elif self._info_for != self.focus and self.levels:
            self._info_for = self.focus
            lv = self.levels[self.focus]
            best = self.ctx.store.best(lv.code())
            lock = "  (locked: finish the level before)" if self.locked[self.focus] else ""
            shape = lv.label()  # the recipe's words: shape, size, generator, braid, weave, floors, mask, dark
            best_s = f"  ·  best {best.best_time:.1f} s, {best.best_moves} moves" if best.best_time is not None else ""
            line = f"{lv.index + 1}. {lv.name}  —  {lv.world}: {shape}{best_s}{lock}"
            fit_text(self.info, line, 14 * self.scale, self._width - 24)  # one line: a little smaller, then cut
        self.title.draw()
        self.summary.draw()
        for text in self.world_names:
            text.draw()
        t = self.ctx.theme
        for (x0, x1, y0, y1, share), text in zip(self.bars, self.bar_texts, strict=True):
            arcade.draw_lrbt_rectangle_filled(x0, x1, y0, y1, t.locked)
            if share > 0:
                arcade.draw_lrbt_rectangle_filled(x0, x0 + (x1 - x0) * share, y0, y1, t.star)
            text.draw()
        for text in self.tile_names:
            text.draw()
        for text in self.tile_marks:
            text.draw()
        self.info.draw()
        if self.ctx.campaign_error:
            self.error.draw()


__all__ = ["LevelsView"]
