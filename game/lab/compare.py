"""Compare every generator on one tessellation and size (seed 000's statistics), as charts.

The comparison (:func:`engine.maze.analysis.compare`) runs in a background
:class:`game.workers.Task` with a progress bar; the window keeps drawing.
Keys: Enter or R run again · +/- number of runs · Left/Right the algorithm of
the dead-end length histogram · Esc back (cancels a running comparison).
"""

from __future__ import annotations

from typing import Any

import arcade
from arcade import key

from engine.maze.recipe import MazeSpec
from game import routes
from game.bases.screen import Screen, common_key
from game.context import Context
from game.lab.charts import BarChart, histogram_chart
from game.ui import FONT, ui_scale
from game.workers import Task, spinner

RUN_CHOICES = (1, 3, 5, 10, 20, 50, 100)
PALETTE = (
    (90, 170, 255, 255),
    (255, 160, 70, 255),
    (110, 210, 120, 255),
    (230, 100, 120, 255),
    (180, 130, 255, 255),
    (240, 220, 90, 255),
    (90, 220, 220, 255),
    (200, 200, 200, 255),
    (255, 120, 200, 255),
    (150, 190, 90, 255),
    (120, 140, 220, 255),
    (220, 170, 130, 255),
)


def default_runs(cells: int) -> int:
    """Runs per algorithm so that a comparison takes seconds, not minutes."""
    if cells <= 1_000:
        return 20
    if cells <= 5_000:
        return 10
    if cells <= 20_000:
        return 3
    return 1


def short_name(name: str) -> str:
    """The generator's two-letter code (for bar labels)."""
    from engine.maze.generators import GENERATORS

    base = name.split(" ")[0]
    info = GENERATORS.get(base)
    return info.code if info else base[:3]


class CompareView(Screen):
    """Run the comparison and show its charts.

    Args:
        ctx: shared context.
        spec: tessellation, size, braid and growing-tree rule to compare on (its seed is the first seed).
        back: the view Esc returns to.
        runs: mazes per algorithm (default from the size).
        start: False to wait for Enter instead of starting at once.
    """

    music: str | None = "maze"

    def __init__(
        self, ctx: Context, spec: MazeSpec, back: arcade.View | None = None, runs: int | None = None, start: bool = True
    ) -> None:
        super().__init__(ctx)
        from game.ui.maze_choices import algorithms_for

        self.ctx = ctx
        self.spec = spec
        self._back = back
        grid_cells = spec.width * spec.height * spec.floors
        self.runs = runs or default_runs(grid_cells)
        self.algorithms = algorithms_for(spec.shape, floors=spec.floors)
        self.task: Task[Any] | None = None
        self.rows: list[dict[str, Any]] = []
        self.charts: list[BarChart] = []
        self.hist_index = 0
        self.hist_chart: BarChart | None = None
        t = ctx.theme
        self.background_color = t.background
        self.t_title = arcade.Text("", 20, 0, t.accent, 18, font_name=FONT, bold=True)
        self.t_status = arcade.Text("", 20, 0, t.text_dim, 12, font_name=FONT)
        self.t_legend = arcade.Text(
            "", 20, 28, t.text_dim, 10, font_name=FONT, multiline=True, width=1240, anchor_y="bottom"
        )
        self.t_help = arcade.Text(
            "Enter/R run again · +/- runs · Left/Right histogram algorithm · Esc back",
            0,
            8,
            t.text_dim,
            11,
            font_name=FONT,
            anchor_x="center",
        )
        self._size = (0, 0)
        self.k = 1.0  # the size factor of the last layout (window and text size, never under 1)
        if start:
            self.run()

    # -- work ---------------------------------------------------------------------------------
    def run(self) -> None:
        """Start (or restart) the comparison in the background."""
        from engine.maze.analysis import compare

        if self.task is not None and not self.task.done:
            self.task.cancel()
        s = self.spec
        shape, w, h, runs, seed = s.shape, s.width, s.height, self.runs, s.seed
        options = dict(s.options)
        braid = s.braid / 100
        algos = list(self.algorithms)
        floors, stairs = s.floors, s.stairs / 100

        def work(progress: Any, cancelled: Any) -> list[dict[str, Any]]:
            return compare(
                shape,
                w,
                h,
                algos,
                runs,
                seed,
                options=options,
                braid=braid,
                floors=floors,
                stairs=stairs,
                progress=lambda d, t: progress(d / t, f"{d}/{t} mazes"),
                cancel=cancelled,
            )

        self.rows = []
        self.charts = []
        self.hist_chart = None
        self.task = Task(work, name="compare")

    def on_update(self, delta_time: float) -> None:
        """Poll the background comparison."""
        if self.task is not None and self.task.done:
            task, self.task = self.task, None
            self.request_redraw()
            try:
                self.rows = task.result()
            except Exception as exc:  # shown on screen
                self.t_status.text = f"The comparison failed: {exc}"
                return
            self.build_charts()

    def animating(self) -> bool:
        """Redrawn every frame only while the comparison runs (its progress bar); idle once the charts show."""
        return self.task is not None

    # -- charts ---------------------------------------------------------------------------------
    def build_charts(self) -> None:
        """Lay out the charts for the current rows and window size (built once, not per frame)."""
        w, h = self.window.width, self.window.height
        self._size = (w, h)
        rows = self.rows
        if not rows:
            self.charts = []
            return
        t = self.ctx.theme
        legend = "  ".join(f"{short_name(r['algorithm'])} = {r['algorithm']}" for r in rows)
        if {"prim", "kruskal"} <= {r["algorithm"] for r in rows}:
            legend += "  ·  PR and KR match: both are the minimum spanning tree of the same random weights"
        self.t_legend.text = legend
        labels = [short_name(r["algorithm"]) for r in rows]
        k = self.k
        cols, top, bottom = 3, h - 90 * k, self._charts_bottom()
        cw = (w - 40 * k) / cols
        ch = (top - bottom) / 2
        specs = [
            ("Dead ends (% of cells)", [100 * r["dead_end_share"] for r in rows], lambda v: f"{v:.1f}"),
            ("Junctions (% of cells)", [100 * r["junction_share"] for r in rows], lambda v: f"{v:.1f}"),
            ("Mean corridor length (cells)", [r["corridor_length_mean"] for r in rows], lambda v: f"{v:.2f}"),
            ("Generation time (ms)", [r["gen_ms"] for r in rows], lambda v: f"{v:.1f}" if v < 100 else f"{v:.0f}"),
            ("Solution length (moves)", [r["solution_length"] or 0 for r in rows], lambda v: f"{v:.0f}"),
        ]
        self.charts = []
        for i, (title, values, fmt) in enumerate(specs):
            rect = (20 * k + (i % cols) * cw, top - (i // cols + 1) * ch, cw - 10 * k, ch - 10 * k)
            self.charts.append(BarChart(title, labels, values, rect, fmt=fmt, colors=PALETTE, text_color=t.text,
                                        axis_color=t.text_dim, scale=k))
        self._build_hist()
        first = self.spec.seed
        last = first + self.runs - 1
        self.t_status.text = f"{self.runs} runs per algorithm, seeds {first}..{last} · {len(rows)} algorithms"

    def _charts_bottom(self) -> float:
        """The charts start above the legend (which wraps to more lines in a narrow window)."""
        return self.t_legend.y + self.t_legend.content_height + 10 * self.k

    def _build_hist(self) -> None:
        if not self.rows:
            return
        w, h = self._size
        k = self.k
        top, bottom = h - 90 * k, self._charts_bottom()
        cw = (w - 40 * k) / 3
        ch = (top - bottom) / 2
        row = self.rows[self.hist_index % len(self.rows)]
        rect = (20 * k + 2 * cw, top - 2 * ch, cw - 10 * k, ch - 10 * k)
        t = self.ctx.theme
        self.hist_chart = histogram_chart(
            f"Dead-end lengths · {short_name(row['algorithm'])} (% of dead ends)",
            row["dead_end_length_hist"],
            rect,
            colors=(PALETTE[self.hist_index % len(PALETTE)],),
            text_color=t.text,
            axis_color=t.text_dim,
            scale=k,
        )

    # -- view ---------------------------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Place texts."""
        super().on_show_view()
        self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        """Re-place texts and rebuild the charts for the new size."""
        s = self.spec
        braid = f", braid {s.braid}%" if s.braid else ""
        floors = f", {s.floors} floors" if s.floors > 1 else ""
        self.k = k = max(1.0, ui_scale(width, height))
        for text, size in ((self.t_title, 18), (self.t_status, 12), (self.t_legend, 10), (self.t_help, 11)):
            text.font_size = size * k
        self.t_title.text = f"Compare algorithms · {s.shape} {s.width}x{s.height}{floors}{braid}"
        self.t_title.x = self.t_status.x = self.t_legend.x = 20 * k
        self.t_title.y = height - 36 * k
        self.t_status.y = height - 60 * k
        self.t_legend.y = 28 * k
        self.t_legend.width = int(max(200, width - 40 * k))
        self.t_help.position = (width / 2, 8 * k)
        if self.rows:
            self.build_charts()

    def back(self) -> None:
        """Cancel a running comparison and go back."""
        if self.task is not None:
            self.task.cancel()
        if self._back is not None:
            self.ctx.show(self._back)
        else:
            routes.show_menu(self.ctx)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """See the module docstring (and F1 help, F11 fullscreen)."""
        if common_key(self.ctx, symbol, modifiers):
            return True
        keys = self.ctx.keys
        lab, menu = keys.action("lab", symbol), keys.action("menu", symbol)
        if symbol == key.ESCAPE:
            self.back()
        elif menu == "confirm" or lab == "restart":
            self.run()
        elif lab in ("faster", "slower"):
            step = -1 if lab == "slower" else 1
            i = min(range(len(RUN_CHOICES)), key=lambda k: abs(RUN_CHOICES[k] - self.runs))
            self.runs = RUN_CHOICES[max(0, min(len(RUN_CHOICES) - 1, i + step))]
            self.t_status.text = f"{self.runs} runs per algorithm (Enter runs again)"
        elif menu in ("left", "right") and self.rows:
            self.hist_index = (self.hist_index + (1 if menu == "right" else -1)) % len(self.rows)
            self._build_hist()
        elif symbol == key.F11:
            self.ctx.toggle_fullscreen()
        else:
            return None
        return True

    def on_draw(self) -> None:
        """Progress bar while running, else the charts."""
        self.clear()
        t = self.ctx.theme
        w, h = self.window.width, self.window.height
        if self.task is not None:
            frac, msg = self.task.progress()
            text = f"{spinner(self.task.elapsed)} comparing {len(self.algorithms)} algorithms × {self.runs} runs"
            text += f" · {msg or 'starting'} · {self.task.elapsed:.0f} s"
            if self.t_status.text != text:
                self.t_status.text = text
            cx, cy, k = w / 2, h / 2, self.k
            half = min(300 * k, w / 2 - 20)
            arcade.draw_lrbt_rectangle_outline(cx - half, cx + half, cy - 14 * k, cy + 14 * k, t.text, 2 * k)
            arcade.draw_lrbt_rectangle_filled(cx - half + 2 * k, cx - half + 2 * k + (2 * half - 4 * k) * frac,
                                              cy - 12 * k, cy + 12 * k, t.accent)
        for chart in self.charts:
            chart.draw()
        if self.hist_chart is not None:
            self.hist_chart.draw()
        self.t_title.draw()
        self.t_status.draw()
        if self.rows:
            self.t_legend.draw()
        self.t_help.draw()
