"""Bar charts and histograms drawn with arcade primitives, built once and drawn in a few calls.

Layout is pure arithmetic (:func:`bar_rects`, :func:`nice_max`) so it can be
tested without a window; :class:`BarChart` turns it into one
``arcade.shape_list.ShapeElementList`` (one draw call for every bar and axis)
plus ``arcade.Text`` labels created once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import arcade
from arcade.shape_list import ShapeElementList, create_line, create_rectangle_filled

from game.ui import FONT, fit_text
from game.ui.textfit import text_width

Rect = tuple[float, float, float, float]  # left, bottom, width, height


def nice_max(value: float) -> float:
    """The smallest 1, 2, 2.5 or 5 × 10^k at or above ``value`` (1 for values <= 0)."""
    if value <= 0 or not math.isfinite(value):
        return 1.0
    exp = math.floor(math.log10(value))
    for m in (1, 2, 2.5, 5, 10):
        top = m * 10**exp
        if top >= value * (1 - 1e-12):
            return float(top)
    return float(10 ** (exp + 1))


def bar_rects(values: Sequence[float], rect: Rect, top: float | None = None, gap: float = 0.25) -> list[Rect]:
    """One ``(left, bottom, width, height)`` per value inside the plot area ``rect``.

    Args:
        values: bar values (negative values are drawn as 0).
        rect: the plot area ``(left, bottom, width, height)`` in pixels.
        top: the value at the top of the area (default :func:`nice_max` of the largest value).
        gap: share of each slot left empty between bars, 0..0.9.
    """
    left, bottom, width, height = rect
    n = max(1, len(values))
    top = top if top is not None else nice_max(max(values, default=0.0))
    slot = width / n
    bar_w = slot * (1 - min(0.9, max(0.0, gap)))
    out = []
    for i, v in enumerate(values):
        h = height * max(0.0, float(v)) / top if top > 0 else 0.0
        out.append((left + i * slot + (slot - bar_w) / 2, bottom, bar_w, min(height, h)))
    return out


class BarChart:
    """A titled bar chart with value labels over the bars and category labels under them.

    Args:
        title: shown above the chart.
        labels: one short label per bar.
        values: bar heights (data units).
        rect: the whole chart area ``(left, bottom, width, height)`` in pixels.
        fmt: formats a value for its label.
        colors: one RGBA per bar (cycled).
        text_color, axis_color: RGBA.
    """

    def __init__(
        self,
        title: str,
        labels: Sequence[str],
        values: Sequence[float],
        rect: Rect,
        fmt: Callable[[float], str] = lambda v: f"{v:.1f}",
        colors: Sequence[tuple[int, int, int, int]] = ((90, 170, 255, 255),),
        text_color: tuple[int, int, int, int] = (230, 230, 230, 255),
        axis_color: tuple[int, int, int, int] = (150, 150, 150, 255),
        scale: float = 1.0,
    ) -> None:
        k = scale
        left, bottom, width, height = rect
        self.values = [float(v) for v in values]
        self.top = nice_max(max(self.values, default=0.0))
        small = (9 if len(labels) > 8 else 10) * k
        heading = arcade.Text(title, left + width / 2, bottom + height - 18 * k, text_color, 12 * k, font_name=FONT,
                              bold=True, anchor_x="center")
        # never runs into the next chart's title (one proportional step: the same width gives the same size)
        fit_text(heading, title, heading.font_size, width - 8 * k, 9 * k)
        # Every bar shows its value: the labels shrink (to 7 pt) to fit a bar's slot, and a label that would
        # still touch its neighbour is raised above it; the plot gives up the height the raised labels need.
        # (measured first, then each label made once at the size it keeps: a label made and then shrunk was laid
        # out twice)
        words = [w for w in map(fmt, self.values) if w]
        slot = (width - 16 * k) / max(1, len(self.values))
        size: float = small - k
        widest = max((text_width(w, size, FONT) for w in words), default=0.0)
        if widest + 3 * k > slot:
            size = max(7.0 * k, (small - k) * (slot - 3 * k) / widest)
        self.value_texts = [arcade.Text(w, 0, 0, text_color, size, font_name=FONT, anchor_x="center") for w in words]
        line = max((t.content_height for t in self.value_texts), default=0.0)
        limit = heading.y - heading.content_height * 0.25 - 2  # the value labels end under the heading
        plot_h = height - 62 * k
        for _ in range(4):
            self.plot: Rect = (left + 8 * k, bottom + 22 * k, width - 16 * k, plot_h)
            self.rects = bar_rects(self.values, self.plot, self.top)
            placed = [(x + w / 2, y + h + 3, fmt(v)) for (x, y, w, h), v in zip(self.rects, self.values, strict=False)]
            placed = [p for p in placed if p[2]]
            ys = stack_labels([p[0] for p in placed], [p[1] for p in placed],
                              [t.content_width for t in self.value_texts], line)
            over = max((y + line for y in ys), default=0.0) - limit
            if over <= 0 or plot_h < 20 * k:
                break
            plot_h -= over
        for t, (cx, _, _), y in zip(self.value_texts, placed, ys, strict=True):
            t.x, t.y = cx, y
        self.shapes: ShapeElementList[Any] = ShapeElementList()
        pl, pb, pw, ph = self.plot
        self.shapes.append(create_line(pl, pb, pl + pw, pb, axis_color, max(1.0, k)))
        for i, (x, y, w, h) in enumerate(self.rects):
            if h > 0:
                self.shapes.append(create_rectangle_filled(x + w / 2, y + h / 2, w, h, colors[i % len(colors)]))
        self.texts: list[arcade.Text] = [heading]
        shown: list[tuple[float, float, str]] = []  # (centre, width, label) of the category labels that fit without
        # touching their left neighbour
        for i, ((x, _y, w, _h), label) in enumerate(zip(self.rects, labels, strict=False)):
            cx = x + w / 2
            wide = text_width(label, small, FONT)  # (measured: only the labels shown are made)
            left = cx - wide / 2
            if not shown or left > shown[-1][0] + shown[-1][1] / 2 + 3 * k:
                shown.append((cx, wide, label))
            elif i == len(self.rects) - 1:  # the last label ("20+") wins over the neighbour it touches
                shown[-1] = (cx, wide, label)
        self.texts.extend(self.value_texts)
        self.texts.extend(arcade.Text(label, cx, bottom + 6 * k, text_color, small, font_name=FONT, anchor_x="center")
                          for cx, _, label in shown)

    def draw(self) -> None:
        """Bars and axis in one call, then the labels."""
        self.shapes.draw()
        for t in self.texts:
            t.draw()


def stack_labels(xs: Sequence[float], ys: Sequence[float], widths: Sequence[float], line: float,
                 gap: float = 2) -> list[float]:
    """Bottoms for centre-anchored labels wanted at ``(xs[i], ys[i])``: from left to right, a label that would
    come within ``gap`` pixels of one placed before it is raised just above that one (so none is left out)."""
    out: list[float] = []
    for i, (x, y, w) in enumerate(zip(xs, ys, widths, strict=True)):
        moved = True
        while moved:
            moved = False
            for j in range(i):
                near_x = abs(x - xs[j]) < (w + widths[j]) / 2 + gap
                if near_x and y < out[j] + line + gap and out[j] < y + line + gap:
                    y, moved = out[j] + line + gap, True
        out.append(y)
    return out


def histogram_chart(title: str, hist: dict[int, int], rect: Rect, max_bins: int = 20, **kw: Any) -> BarChart:
    """A bar chart of a ``{length: count}`` histogram in percent; lengths >= ``max_bins`` share the last bar."""
    total = sum(hist.values()) or 1
    bins = [0] * max_bins
    for length, count in hist.items():
        bins[min(max(int(length), 1), max_bins) - 1] += count
    labels = [str(i + 1) for i in range(max_bins)]
    labels[-1] += "+"
    values = [100.0 * b / total for b in bins]
    return BarChart(title, labels, values, rect, fmt=lambda v: f"{v:.0f}" if v >= 1 else "", **kw)
