"""The Lab: watch a maze being carved, braided and solved, its statistics, export, print, and comparisons.

The run is :class:`engine.modes.lab.LabRun` (carve -> braid -> solve); this view maps keys and buttons to its
calls and draws its arrays through :class:`game.lab.layer.LabLayer` in a viewport left of the panel (texts:
:class:`game.lab.hud.LabTexts`). Keys: the key table's "lab" actions (Space play/pause, N step, +/- speed from
1 step/s to hundreds of thousands, R restart, G new seed, O solver, S solve, C compare, X export PNG + SVG,
P print a PDF with its answer, K copy the code, F fit, End finish); floors show one at a time
(:class:`game.lab.floors.FloorShown`: the cursor's floor, E/Q look up/down).

A level object (:func:`game.routes.lab_level`: a level made by hand has no recipe) is shown built: nothing to
carve, so Restart and New seed are off (a panel line says why). Mazes over :data:`ANIMATE_MAX_CELLS` cells (up
to 1000×1000) are made in a background thread with progress and shown as a picture: the window never freezes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade

from engine.level import Level
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.modes.lab import (
    ANIMATE_MAX_CELLS,
    SOLVERS,
    STEP_RATES,
    LabPhase,
    LabRun,
    default_rate_index,
    estimate_cells,
)
from game import routes
from game.bases.screen import BaseView
from game.codes import shareable_code
from game.context import Context
from game.lab.camera import FloorShown, LabCamera
from game.lab.hud import FOOTER_HEIGHT, HUD_HEIGHT, NO_STATS, LabTexts, panel_width, status_line
from game.lab.layer import LabLayer, draw_run, draw_stairs
from game.lab.stats import build_big, format_stats
from game.memory import give_back
from game.render.picture import Picture
from game.ui import place_column
from game.ui.clipboard import copy_to_clipboard
from game.workers import Task

#: What Wilson's carving shows before its first passage (three panel lines: its first walk can be long).
WILSON_WALK = ("A random walk wanders (its", "loops erased) until it meets", "the maze, then it is carved.")
#: Why a built level has no carving controls (three panel lines).
NOT_CARVED = ("Made by hand: nothing to carve", "(no recipe), so Restart, New", "seed and Compare are off.")

__all__ = ["ANIMATE_MAX_CELLS", "SOLVERS", "STEP_RATES", "LabView", "format_stats"]


class LabView(BaseView):
    """Animate one maze spec, or solve a built level.

    Args:
        ctx: shared context.
        spec: the maze to carve, or a level to show built (nothing to carve: solving and statistics only).
        back: the screen Esc returns to (None: the Lab setup).
    """

    key_context = "lab"
    #: Text grows up to 150 % here: eleven buttons and the statistics share the panel's height.
    max_text_scale = 1.5

    music: str | None = "maze"

    def __init__(self, ctx: Context, spec: MazeSpec | Level, back: arcade.View | None = None) -> None:
        super().__init__(ctx)
        self.back_view = back
        self.level = spec if isinstance(spec, Level) else None
        self.big = isinstance(spec, MazeSpec) and estimate_cells(spec) > ANIMATE_MAX_CELLS
        self.run: LabRun | None = None
        self.spec = spec if isinstance(spec, MazeSpec) else None
        self.layer: LabLayer | None = None
        self.lab_camera = LabCamera()  # the maze area left of the panel: viewport, floor shown, mouse
        self.hud_camera = arcade.Camera2D()
        self.picture: Picture | None = None
        self.big_maze: Maze | None = None
        self.task: Task[Any] | None = None
        self.stats_task: Task[Any] | None = None
        self.stats: dict[str, Any] | None = None
        self.playing = True
        self.frame_ms: list[float] = []
        self._drawn_version = -1
        self._changed = True
        self.lay_size = (0, 0)  # the window size of the last layout
        self._reported: Any = None  # the solve result last reported in the panel
        self.hud = LabTexts(self.text, ctx.theme)
        self.t_panel, self.t_message = self.hud.t_panel, self.hud.t_message
        for label, action in (
            ("Play / pause  (Space)", self.toggle_play),
            ("Step  (N)", self.single_step),
            ("Slower  (-)", lambda: self.change_speed(-1)),
            ("Faster  (+)", lambda: self.change_speed(1)),
            ("Restart  (R)", self.restart),
            ("Solve  (S)", self.solve),
            ("Next solver  (O)", self.next_solver),
            ("Compare algorithms  (C)", self.compare),
            ("Export PNG + SVG  (X)", self.export_now),
            ("Print PDF  (P)", self.print_pdf),
            ("Copy code  (K)", self.copy_code),
        ):
            self.ui.add(self.make_button(label, action, width=276, height=28, font_size=11))
        self.start()
        if self.spec is None:  # a built level: no carving controls, and one line why
            for btn in self.buttons:
                btn.disabled = btn.text.startswith(("Restart", "Compare"))
            self.say(*NOT_CARVED)

    # -- state ------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``build`` (big maze in the background), else the run's phase name (carving, solving...)."""
        if self.run is None:
            return "build" if self.picture is None else LabPhase.DONE.value
        return self.run.phase.value

    @property
    def maze(self) -> Maze | None:
        """The finished maze (None while carving, braiding or building)."""
        return self.run.maze if self.run is not None else self.big_maze

    @property
    def code(self) -> str:
        """The maze code shown and exported (a level's code; empty for a level that has none)."""
        if self.level is not None:
            return shareable_code(self.level)
        assert self.spec is not None
        return self.spec.code()

    @property
    def steps_done(self) -> int:
        """Steps applied in the current phase."""
        return self.run.steps_done if self.run is not None else 0

    @property
    def rate_index(self) -> int:
        """Index into :data:`STEP_RATES`."""
        if self.run is not None or self.spec is None:
            return self.run.rate_index if self.run is not None else 0
        return default_rate_index(estimate_cells(self.spec))

    def say(self, *lines: str, middle: bool = False) -> None:
        """Show up to three lines in the panel (each fitted; ``middle`` cuts long paths in the middle)."""
        self.hud.say(*lines, middle=middle)
        self._changed = True

    def message_text(self) -> str:
        """The message lines as shown (for tests)."""
        return self.hud.message_text()

    # -- setup ------------------------------------------------------------------------------
    def start(self) -> None:
        """(Re)start carving from the first step (or the background build for big mazes)."""
        self.stats = None
        self.stats_task = None
        self.t_panel.text = NO_STATS
        self._changed = True
        spec = self.spec
        if self.big and spec is not None:
            self._release_picture()
            self.task = Task(lambda p, c: build_big(spec, p, c), name="lab build")
            return
        if self.run is None:
            self.run = LabRun(spec) if spec is not None else LabRun(level=self.level)
            self.layer = LabLayer(self.ctx.window.ctx, self.run.grid, self.ctx.theme, (self.run.start, self.run.goal))
            self.layer.bind(self.run.cells, self.run.walls)
            self.lab_camera.shown = FloorShown(self.run.grid, self.run.start)
        else:  # (a built level never restarts: see restart)
            self.run.spec = self.spec
            self.run.restart()
        if spec is None:
            self._after_steps()  # a built level: its statistics start at once
        elif spec.algorithm == "wilson" and not self.big:
            self.say(*WILSON_WALK)
        self._make_camera()

    def _make_camera(self) -> None:
        if self.window:
            width, height = self.lay_size if self.lay_size[0] else (self.window.width, self.window.height)
            grid = self.run.grid if self.run is not None else (self.big_maze.grid if self.big_maze else None)
            self.lab_camera.frame_maze(grid, width, height, self.ctx.keys, self.lab_scale)

    @property
    def lab_scale(self) -> float:
        """The size factor of the Lab's texts, buttons and bars: the screen's :attr:`scale` (window and text
        size), never under 1 (the Lab's look at 1280×800, which fits from 800×600 up)."""
        return max(1.0, self.scale)

    # -- lifecycle ------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Cameras, panel, buttons and texts for the new size."""
        self.lay_size = (width, height)
        self.hud_camera.match_window(position=True)
        self._make_camera()
        k = self.lab_scale
        pw = panel_width(width, k)
        bh, gap = max(22, round(28 * k * min(1.0, height / 800))), 4 * k  # lower in a low window: room for statistics
        bottom = (FOOTER_HEIGHT + 8) * k
        top = bottom + len(self.buttons) * (bh + gap)
        place_column(self.buttons, width - pw / 2, top, bottom, pw - 24 * k, bh, gap / bh)
        self.style_buttons(11 * k, pad=6 * k)
        floors = self.lab_camera.shown is not None and self.lab_camera.shown.floors > 1
        self.hud.layout(width, height, top, floors, k)
        self._changed = True

    # -- actions ---------------------------------------------------------------------------------
    def back(self) -> None:
        """Esc: cancel background work and go back."""
        if self.task is not None and not self.task.done:
            self.task.cancel()
        self._release_picture()
        give_back()  # the freed heap of the picture, maze and statistics, to the system
        if self.back_view is not None:
            self.ctx.show(self.back_view)
        else:
            self.ctx.go(routes.lab_setup)

    def _release_picture(self) -> None:
        """Drop a big maze's picture (its GL texture is deleted at once) and maze."""
        if self.picture is not None:
            self.picture.release()
        self.picture = None
        self.big_maze = None

    def toggle_play(self) -> None:
        """Space."""
        self.playing = not self.playing

    def single_step(self) -> None:
        """N / Right: pause and advance one step."""
        self.playing = False
        if self.run is not None:
            self.run.step(1)

    def change_speed(self, step: int) -> None:
        """+/-: move along :data:`STEP_RATES`."""
        if self.run is not None:
            self.run.change_speed(step)

    def restart(self) -> None:
        """R: carve again from the start (a built level: nothing to carve)."""
        if self.spec is None:
            self.say(*NOT_CARVED)
            return
        self.start()
        self.playing = True

    def new_seed(self) -> None:
        """G: the same choices with a new seed."""
        from game.ui.maze_choices import new_seed

        if self.spec is None:
            self.say(*NOT_CARVED)
            return
        self.spec = self.spec.with_seed(new_seed())
        adopt = getattr(self.back_view, "adopt_spec", None)
        if callable(adopt):
            adopt(self.spec)
        self.restart()

    def next_solver(self) -> None:
        """O: the next solver (used by the next S)."""
        if self.run is not None:
            self.say(f"Solver: {self.run.next_solver()} (press S to watch it)")

    def solve(self) -> None:
        """S: animate the chosen solver; while carving, the solve starts when the maze is finished."""
        if self.run is None:
            self.say("Mazes this big are not animated;", "export them or pick a smaller size.")
            return
        if self.run.solve():
            self.say(f"Solving with {self.run.solver}")
        else:
            self.say(f"{self.run.solver} will solve as soon as", "the maze is finished.")
        self.playing = True

    def compare(self) -> None:
        """C: the comparison screen for this tessellation and size."""
        if self.spec is None:
            self.say(*NOT_CARVED)
            return
        self.ctx.show(routes.lab_compare(self.ctx, self.spec, back=self))

    def export(self) -> list[Path]:
        """X: PNG and SVG of the current maze (with the final path if solved), under new names."""
        from game.lab.export import export_lab

        path = self.run.path if self.run is not None and self.run.phase is LabPhase.SOLVED else None
        paths, lines = export_lab(self.ctx.store, self.maze, self.code or "hand-made", path)
        self.say(*lines, middle=bool(paths))
        return paths

    def print_pdf(self) -> None:
        """P / the Print button: a PDF of the current maze and its answer in the export folder; the panel says
        where."""
        from game.lab.export import print_maze

        paths, lines = print_maze(self.ctx.store, self.maze, self.code, self.spec.label() if self.spec else "Lab")
        self.say(*lines, middle=bool(paths))

    def export_now(self) -> None:
        """X / the Export button."""
        self.export()

    def copy_code(self) -> None:
        """K: the maze code to the clipboard."""
        if not self.code:
            self.say("This level was made by hand:", "it has no code yet.")
            return
        ok = copy_to_clipboard(self.window, self.code)
        self.say(f"Code {'copied' if ok else 'not copied (no clipboard here)'}:", self.code, middle=True)

    def run_to_end(self) -> None:
        """End: apply every remaining step at once (tests too)."""
        if self.run is not None:
            self.run.run_to_end()
            self._after_steps()

    # -- time --------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        """Advance the run by the chosen rate; poll background tasks."""
        if self.task is not None and self.task.done:
            task, self.task = self.task, None
            self._big_done(task)
        if self.stats_task is not None and self.stats_task.done:
            task, self.stats_task = self.stats_task, None
            try:
                self.stats = task.result()
                self.t_panel.text = "Statistics\n" + format_stats(self.stats)
            except Exception as exc:  # shown, never crashes the view
                self.t_panel.text = f"Statistics failed: {exc}"
            self.layout(*self.lay_size)
        if self.run is not None and self.playing and self.run.phase.stepping:
            self.run.advance(delta_time)
            self._after_steps()
        if self.run is not None and self.lab_camera.follow(self.run, delta_time):
            self._changed = True

    def _after_steps(self) -> None:
        """Start statistics once the maze exists; report a finished solve."""
        run = self.run
        assert run is not None
        if run.maze is not None and self.stats is None and self.stats_task is None:
            from engine.maze.analysis import maze_stats

            maze = run.maze
            self.stats_task = Task(lambda p, c: maze_stats(maze), name="stats")
        if run.phase is LabPhase.SOLVED and self._reported is not run.solve_result:
            self._reported = run.solve_result
            head, _, tail = run.solve_summary().partition(", walked")
            self.say(head, ("walked" + tail) if tail else "")

    def _big_done(self, task: Task[Any]) -> None:
        try:
            maze, rgba, size, stats = task.result()
        except Exception as exc:  # shown on screen
            self.say(f"{task.name} failed:", str(exc))
            return
        self.big_maze = maze
        x0, y0, x1, y1 = maze.grid.bounds()
        self.picture = Picture(self.window.ctx, rgba, size, (x0 - 0.5, y0 - 0.5, x1 + 0.5, y1 + 0.5))
        del rgba
        self.stats = stats
        self.t_panel.text = "Statistics\n" + format_stats(stats)
        self.lab_camera.viewport = None
        self.layout(*self.lay_size)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """The start of a drag over the maze area (the panel's buttons are UI widgets)."""
        self._changed = True
        self.lab_camera.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """Pan."""
        self._changed = self.lab_camera.drag(x, y, dx, dy) or self._changed

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """End a drag."""
        self.lab_camera.release()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom around the cursor."""
        self._changed = self.lab_camera.scroll(x, y, scroll_y) or self._changed

    def needs_redraw(self) -> bool:
        """True while something moves (carving, solving, background work) or after input."""
        changed, self._changed = self._changed, False
        busy = self.task is not None or self.stats_task is not None
        moved = self.run is not None and self.run.version != self._drawn_version  # a picture never moves
        return changed or busy or moved

    # -- input ----------------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """See the module docstring; Tab/Up/Down/Enter move between and press the panel buttons."""
        self._changed = True
        actions: dict[str, Callable[[], None]] = {
            "play": self.toggle_play, "step": self.single_step, "faster": lambda: self.change_speed(1),
            "slower": lambda: self.change_speed(-1), "restart": self.restart, "new_seed": self.new_seed,
            "solver": self.next_solver, "solve": self.solve, "compare": self.compare, "export": self.export_now,
            "print": self.print_pdf, "copy": self.copy_code, "end": self.run_to_end,
        }
        name = self.ctx.keys.action("lab", symbol)
        if self.lab_camera.camera_key(symbol, name):
            return True
        action = actions.get(name or "")
        if action is None:
            return super().on_key_press(symbol, modifiers)
        action()
        return True

    # -- drawing ----------------------------------------------------------------------------------------
    def status_line(self) -> str:
        """The HUD's second line."""
        floor = self.lab_camera.shown.label() if self.lab_camera.shown else ""
        return status_line(self.run, self.playing, self.picture is not None, self.code, floor)

    def draw_background(self) -> None:
        """Maze (batched layer or picture), path, markers; then the panel and HUD plates."""
        self._t0 = time.perf_counter()
        t = self.ctx.theme
        if self.lab_camera.viewport is not None:
            self.lab_camera.viewport.use()
            if self.run is not None and self.layer is not None:
                self._draw_run(self.run, self.layer)
            elif self.picture is not None:
                self.picture.draw()
        self.hud_camera.use()
        w, h = self.lay_size
        k = self.lab_scale
        pw, hud = panel_width(w, k), HUD_HEIGHT * k
        arcade.draw_lrbt_rectangle_filled(0, w, h - hud, h, t.panel)
        arcade.draw_lrbt_rectangle_filled(w - pw, w, 0, h - hud, t.panel)
        self.window.default_camera.use()

    def _draw_run(self, run: LabRun, layer: LabLayer) -> None:
        """The run through its layer (uploading colours only when the run changed)."""
        if run.version != self._drawn_version:
            layer.touch()
            self._drawn_version = run.version
        draw_run(run, layer, self.ctx.theme, self.lab_camera.zoom)
        if self.lab_camera.shown is not None:
            draw_stairs(run, self.lab_camera.shown.floor, self.ctx.theme)

    def draw_extra(self) -> None:
        """HUD texts, panel texts, progress while building."""
        task = self.task if self.run is None else None
        what = self.spec if self.spec is not None else self.level
        self.hud.draw(f"Lab · {what.label() if what is not None else ''}", self.status_line(), task, self.ctx.theme)
        self.frame_ms.append((time.perf_counter() - getattr(self, "_t0", time.perf_counter())) * 1000)
        if len(self.frame_ms) > 600:
            del self.frame_ms[:300]

    def texts(self) -> list[arcade.Text]:
        """The texts on screen now (for layout tests)."""
        return self.hud.texts()
