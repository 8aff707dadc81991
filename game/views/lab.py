"""The Lab: watch a maze being carved and solved, its statistics, export, and algorithm comparisons.

Keys: Space play/pause · N or Right one step · +/- speed (from 1 step/s to
hundreds of thousands per second) · R restart carving · G new seed · O next
solver · S solve (animated: visited cells grey, current path green, then the
final path) · C compare algorithms · X export PNG + SVG · K copy the code ·
F fit · wheel zoom · drag pan · Esc back.

Mazes with more than :data:`ANIMATE_MAX_CELLS` cells (up to 1000×1000) are not
animated: they are generated in a background thread with progress and shown
as a picture; the window never freezes.
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any

import arcade
import pyglet
from arcade import key
from arcade.shape_list import ShapeElementList, create_rectangle_filled

from engine.codes import CodeError, normalize
from engine.maze import Maze
from engine.maze_code import MazeSpec
from game.context import Context
from game.render.camera import CameraState
from game.ui import FONT
from game.views.lab_layer import DEAD, FLOOR, PATH, UNSEEN, VISITED, LabLayer
from game.views.race_setup import ChoiceSetupView, MazeChoices
from game.workers import Task, spinner

ANIMATE_MAX_CELLS = 100_000
STEP_RATES = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 100_000, 300_000)
HUD_HEIGHT = 56
FOOTER_HEIGHT = 26
PANEL_WIDTH = 300
SOLVERS = ("bfs", "astar", "wall-left", "wall-right", "tremaux", "dead-end-filling")
PATH_COLOR = (255, 210, 60, 255)


def default_rate_index(cells: int) -> int:
    """The speed at which carving ``cells`` cells takes about 8 seconds (index into :data:`STEP_RATES`)."""
    want = 3 * cells / 8
    return min(range(len(STEP_RATES)), key=lambda i: abs(math.log(STEP_RATES[i] / max(want, 1))))


def export_dir() -> Path:
    """``<user data dir>/exports`` (created if missing)."""
    from engine.paths import data_dir

    path = data_dir() / "exports"
    path.mkdir(parents=True, exist_ok=True)
    return path


def code_filename(code: str) -> str:
    """A file-name-safe form of a code (``#`` and ``-`` become ``_``)."""
    return "".join(c if c.isalnum() or c == "." else "_" for c in code)


def format_stats(stats: dict[str, Any]) -> str:
    """The statistics panel text for :func:`engine.analysis.maze_stats` output."""
    junctions = ", ".join(f"{k}-way {v}" for k, v in stats["junctions"].items() if v) or "none"
    lines = [
        f"cells {stats['cells']:,}   passages {stats['passages']:,}",
        f"perfect: {'yes' if stats['perfect'] else 'no (loops)'}",
        f"dead ends {stats['dead_ends']:,} ({100 * stats['dead_end_share']:.1f}%)",
        f"junctions {stats['junction_count']:,} ({100 * stats['junction_share']:.1f}%)",
        f"  {junctions}",
        f"turns {stats['turns']:,}   straights {stats['straights']:,}",
    ]
    if stats["straight_horizontal"] is not None:
        lines.append(f"  horizontal {stats['straight_horizontal']:,}   vertical {stats['straight_vertical']:,}")
    lines += [
        f"dead-end length mean {stats['dead_end_length_mean']:.2f}, max {stats['dead_end_length_max']}",
        f"corridors {stats['corridors']:,}, mean {stats['corridor_length_mean']:.2f}, "
        f"max {stats['corridor_length_max']}",
        f"solution {stats['solution_length']} moves",
        f"diameter {stats['diameter']} moves",
    ]
    return "\n".join(lines)


class LabView(arcade.View):
    """Animate one maze spec.

    Args:
        ctx: shared context.
        spec: the maze to carve.
        setup: the Lab setup screen to return to (None: the main menu).
    """

    def __init__(self, ctx: Context, spec: MazeSpec, setup: LabSetupView | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.spec = spec
        self.code = spec.code()
        self.setup = setup
        self.big = _cell_estimate(spec) > ANIMATE_MAX_CELLS
        t = ctx.theme
        self.background_color = t.background
        self.world_camera = arcade.Camera2D()
        self.hud_camera = arcade.Camera2D()
        self.layer: LabLayer | None = None
        self.grid: Any = None
        self.maze: Maze | None = None
        self.cam: CameraState | None = None
        self.texture: arcade.Texture | None = None
        self.task: Task[Any] | None = None
        self.stats_task: Task[Any] | None = None
        self.stats: dict[str, Any] | None = None
        self.phase = "carve"  # carve -> braid -> done -> solve -> solved
        self.playing = True
        self.acc = 0.0
        self.steps_done = 0
        self.current = -1
        self.solver_index = 0
        self.solve_path: list[int] = []
        self.final_path: list[int] = []
        self.solve_result: Any = None
        self.press_at: tuple[float, float] | None = None
        self.dragging = False
        self.frame_ms: list[float] = []
        self.t_title = arcade.Text(f"Lab · {spec.label()}", 16, 0, t.text, 15, font_name=FONT, bold=True,
                                   anchor_y="center")
        self.t_status = arcade.Text("", 16, 0, t.text_dim, 12, font_name=FONT, anchor_y="center")
        self.t_panel = arcade.Text("", 0, 0, t.text, 11, font_name=FONT, multiline=True, width=PANEL_WIDTH - 24)
        self.t_message = arcade.Text("", 0, 0, t.accent, 11, font_name=FONT, multiline=True, width=PANEL_WIDTH - 24,
                                     anchor_y="bottom")
        self.t_help = arcade.Text(
            "Space play/pause · N step · +/- speed · R restart · G new seed · O solver · S solve · C compare · "
            "X export · K copy code · wheel/drag · Esc back",
            0, 8, t.text_dim, 11, font_name=FONT, anchor_x="center",
        )
        self.t_progress = arcade.Text("", 0, 0, t.text, 16, font_name=FONT, anchor_x="center")
        self._build_buttons()
        self.rate_index = default_rate_index(_cell_estimate(spec))
        self.start()

    # -- setup ------------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        """Panel buttons drawn as one shape list + one text batch (arcade.gui costs ~20 ms/frame on software GL)."""
        self.buttons: list[tuple[str, Any]] = [
            ("Play / pause  (Space)", self.toggle_play), ("Step  (N)", self.single_step),
            ("Slower  (-)", lambda: self.change_speed(-1)), ("Faster  (+)", lambda: self.change_speed(1)),
            ("Restart  (R)", self.restart), ("Solve  (S)", self.solve), ("Next solver  (O)", self.next_solver),
            ("Compare algorithms  (C)", self.compare), ("Export PNG + SVG  (X)", self.export),
            ("Copy code  (K)", self.copy_code),
        ]
        self.button_batch = pyglet.graphics.Batch()
        t = self.ctx.theme
        self.button_texts = [
            arcade.Text(label, 0, 0, t.button_text, 11, font_name=FONT, anchor_x="center", anchor_y="center",
                        batch=self.button_batch)
            for label, _ in self.buttons
        ]
        self.button_rects: list[tuple[float, float, float, float]] = []
        self.button_shapes: ShapeElementList | None = None

    def _layout_buttons(self, width: int, height: int) -> None:
        t = self.ctx.theme
        self.button_rects = []
        self.button_shapes = ShapeElementList()
        bw, bh, gap = PANEL_WIDTH - 24, 28, 6
        left = width - PANEL_WIDTH + 12
        y = FOOTER_HEIGHT + 8
        for text in reversed(self.button_texts):
            self.button_rects.insert(0, (left, y, bw, bh))
            self.button_shapes.append(create_rectangle_filled(left + bw / 2, y + bh / 2, bw, bh, t.button))
            text.position = (left + bw / 2, y + bh / 2)
            y += bh + gap
        self.buttons_top = y
        self.t_message.position = (left, y + 4)

    def click_button(self, x: float, y: float) -> bool:
        """Run the panel button under ``(x, y)``; False if there is none."""
        for (left, bottom, w, h), (_, action) in zip(self.button_rects, self.buttons, strict=True):
            if left <= x <= left + w and bottom <= y <= bottom + h:
                action()
                return True
        return False

    def start(self) -> None:
        """(Re)start carving from the first step (or the background build for big mazes)."""
        self.phase = "carve"
        self.steps_done = 0
        self.current = -1
        self.stats = None
        self.stats_task = None
        self.solve_path = []
        self.final_path = []
        self.solve_result = None
        self.maze = None
        if self.big:
            self.task = Task(self._build_big, name="lab build")
            self.phase = "build"
            return
        from engine.generators import get_generator
        from engine.grids import make_grid
        from engine.rng import Rng

        if self.grid is None:
            self.grid = make_grid(self.spec.shape, self.spec.width, self.spec.height)
            self.layer = LabLayer(self.ctx.window.ctx, self.grid, self.ctx.theme)
            self._make_camera(self.window.width if self.window else 1280, self.window.height if self.window else 800)
        from engine.generators import generate_steps

        info = get_generator(self.spec.algorithm)
        assert self.layer is not None
        self.layer.reset(FLOOR if info.initial_open else UNSEEN, walls=not info.initial_open)
        self.steps = generate_steps(self.grid, self.spec.algorithm, Rng(self.spec.seed), dict(self.spec.options))

    def _build_big(self, progress: Any, cancelled: Any) -> tuple[Maze, Any, dict[str, Any]]:
        """Background work for big mazes: generate, statistics, picture (PIL image)."""
        import io

        from PIL import Image

        from engine.analysis import maze_stats
        from engine.export import to_png

        progress(0.02, "building the grid and carving")
        maze = self.spec.build()
        if cancelled():
            raise RuntimeError("cancelled")
        progress(0.55, "drawing the picture")
        buf = io.BytesIO()
        to_png(maze, buf)
        buf.seek(0)
        image = Image.open(buf).convert("RGBA")
        image.load()
        if cancelled():
            raise RuntimeError("cancelled")
        progress(0.75, "computing statistics")
        stats = maze_stats(maze)
        progress(1.0, "done")
        return maze, image, stats

    def _make_camera(self, width: int, height: int) -> None:
        ww = max(100, width - PANEL_WIDTH)
        self.world_camera = arcade.Camera2D(viewport=arcade.LBWH(0, 0, ww, height),
                                            projection=arcade.LRBT(-ww / 2, ww / 2, -height / 2, height / 2))
        if self.grid is not None or self.maze is not None:
            grid = self.grid if self.grid is not None else self.maze.grid  # type: ignore[union-attr]
            if self.cam is None:
                self.cam = CameraState(grid.bounds(), ww, height, HUD_HEIGHT, FOOTER_HEIGHT)
            else:
                self.cam.resize(ww, height)

    # -- lifecycle ------------------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Fit to the window."""
        self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        """Cameras and texts for the new size."""
        self.hud_camera.match_window(position=True)
        self._make_camera(width, height)
        y = height - HUD_HEIGHT / 2
        self.t_title.y = y + 10
        self.t_status.y = y - 12
        self.t_panel.position = (width - PANEL_WIDTH + 12, height - HUD_HEIGHT - 16)
        self.t_help.x = width / 2
        self.t_progress.position = ((width - PANEL_WIDTH) / 2, height / 2 + 30)
        self._layout_buttons(width, height)

    # -- actions ---------------------------------------------------------------------------------
    def back(self) -> None:
        """Esc: cancel background work and go back."""
        if self.task is not None and not self.task.done:
            self.task.cancel()
        if self.setup is not None:
            self.ctx.show(self.setup)
        else:
            self.ctx.show_menu()

    def toggle_play(self) -> None:
        """Space."""
        self.playing = not self.playing

    def single_step(self) -> None:
        """N / Right: pause and advance one step."""
        self.playing = False
        self.advance(1)

    def change_speed(self, step: int) -> None:
        """+/-: move along :data:`STEP_RATES`."""
        self.rate_index = max(0, min(len(STEP_RATES) - 1, self.rate_index + step))

    def restart(self) -> None:
        """R: carve again from the start."""
        self.start()
        self.playing = True

    def new_seed(self) -> None:
        """G: the same choices with a new seed."""
        from game.views.race_setup import new_seed

        self.spec = self.spec.with_seed(new_seed())
        self.code = self.spec.code()
        if self.setup is not None:
            self.setup.choices.seed = self.spec.seed
            self.setup.refresh()
        self.restart()

    def next_solver(self) -> None:
        """O: the next solver (used by the next S)."""
        self.solver_index = (self.solver_index + 1) % len(SOLVERS)
        self.t_message.text = f"Solver: {SOLVERS[self.solver_index]} (press S to watch it)"

    def solve(self) -> None:
        """S: animate the chosen solver on the finished maze."""
        if self.maze is None:
            self.t_message.text = "Let the carving finish first (+ to speed up)."
            return
        if self.big:
            self.t_message.text = "Mazes this big are not animated; export them or pick a smaller size."
            return
        from engine.solvers import solve_steps

        assert self.layer is not None
        self.layer.reset(FLOOR, walls=False)
        self.layer.set_passages(self.maze.passage)
        self.solve_path = []
        self.final_path = []
        self.solve_result = None
        self.steps = solve_steps(self.maze, SOLVERS[self.solver_index])
        self.steps_done = 0
        self.phase = "solve"
        self.playing = True
        self.t_message.text = f"Solving with {SOLVERS[self.solver_index]}"

    def compare(self) -> None:
        """C: the comparison screen for this tessellation and size."""
        from game.views.lab_compare import CompareView

        self.ctx.show(CompareView(self.ctx, self.spec, back=self))

    def export(self) -> list[Path]:
        """X: PNG and SVG of the current maze (with the final path if solved) into the user data dir."""
        if self.maze is None:
            self.t_message.text = "Nothing to export yet: the maze is not finished."
            return []
        from engine.export import to_png, to_svg

        base = export_dir() / f"lab-{code_filename(self.code)}"
        png, svg = base.with_suffix(".png"), base.with_suffix(".svg")
        path = self.final_path or None
        try:
            to_png(self.maze, png, path=path)
            svg.write_text(to_svg(self.maze, path=path), encoding="utf-8")
        except (OSError, ValueError) as exc:
            self.t_message.text = f"Export failed: {exc}"
            return []
        self.t_message.text = f"Saved:\n{png}\n{svg}"
        return [png, svg]

    def copy_code(self) -> None:
        """K: the maze code to the clipboard."""
        from game.views.win import copy_to_clipboard

        ok = copy_to_clipboard(self.window, self.code)
        self.t_message.text = f"Code {self.code} " + ("copied." if ok else "(no clipboard here).")

    # -- stepping -----------------------------------------------------------------------------------
    def advance(self, budget: int) -> int:
        """Apply up to ``budget`` animation steps; returns how many were applied."""
        if self.phase == "carve":
            return self._advance_carve(budget)
        if self.phase == "solve":
            return self._advance_solve(budget)
        return 0

    def _advance_carve(self, budget: int) -> int:
        layer = self.layer
        assert layer is not None
        state, walls = layer.state, layer.wall_on
        it = self.steps
        n = 0
        current = self.current
        while n < budget:
            try:
                kind, x = next(it)
            except StopIteration:
                self.current = -1
                self._carved()
                break
            n += 1
            if kind == "open":
                walls[x] = 0
            elif kind == "close":
                walls[x] = 1
            elif kind == "visit":
                state[x] = FLOOR
            elif kind == "current":
                current = x
        else:
            self.current = current
        self.steps_done += n
        if n:
            layer.touch()
        return n

    def carved_passage(self) -> Any:
        """The passages carved so far (``(E,)`` bool)."""
        import numpy as np

        assert self.layer is not None
        return np.frombuffer(bytes(self.layer.wall_on), dtype=np.uint8) == 0

    def _carved(self) -> None:
        assert self.layer is not None
        self.layer.state[:] = bytes([FLOOR]) * self.grid.n
        self.layer.touch()
        passage = self.carved_passage()
        if self.spec.braid:
            self.phase = "braid"
            self.task = Task(lambda p, c: self.spec.build(), name="braid")
            return
        self._finished(Maze(self.grid, passage, self.grid.start, self.grid.goal))

    def _finished(self, maze: Maze) -> None:
        from engine.analysis import maze_stats

        self.maze = maze
        self.phase = "done"
        if self.layer is not None:
            self.layer.set_passages(maze.passage)
        self.stats_task = Task(lambda p, c: maze_stats(maze), name="stats")

    def _advance_solve(self, budget: int) -> int:
        layer = self.layer
        assert layer is not None
        state = layer.state
        path = self.solve_path
        it = self.steps
        n = 0
        while n < budget:
            try:
                kind, c = next(it)
            except StopIteration as stop:
                self.solve_result = stop.value
                self.final_path = list(stop.value.path) if stop.value is not None else list(path)
                self.phase = "solved"
                r = stop.value
                if r is not None:
                    extra = f", fell back to {r.fallback}" if r.fallback else ""
                    self.t_message.text = (f"{r.solver}: path {len(r.path) - 1} moves, walked {len(r.walk) - 1}, "
                                           f"visited {r.visited} cells{extra}")
                break
            n += 1
            if kind == "visit":
                if state[c] != PATH:
                    state[c] = VISITED
            elif kind == "push":
                state[c] = PATH
                path.append(c)
            elif kind == "pop":
                state[c] = VISITED
                if path:
                    path.pop()
            elif kind == "dead":
                state[c] = DEAD
        self.steps_done += n
        if n:
            layer.touch()
        return n

    def run_to_end(self, limit: int = 10**8) -> None:
        """Apply every remaining step at once (tests, and the End key)."""
        while self.phase in ("carve", "solve") and limit > 0:
            limit -= self.advance(100_000) or 1

    def on_update(self, delta_time: float) -> None:
        """Advance the animation by the chosen rate; poll background tasks."""
        if self.task is not None and self.task.done:
            task, self.task = self.task, None
            self._task_done(task)
        if self.stats_task is not None and self.stats_task.done:
            task, self.stats_task = self.stats_task, None
            try:
                self.stats = task.result()
                self.t_panel.text = "Statistics\n" + format_stats(self.stats)
            except Exception as exc:  # noqa: BLE001 - shown, never crashes the view
                self.t_panel.text = f"Statistics failed: {exc}"
        if self.playing and self.phase in ("carve", "solve"):
            self.acc += STEP_RATES[self.rate_index] * min(delta_time, 0.1)
            k = int(self.acc)
            if k:
                self.acc -= k
                self.advance(k)

    def _task_done(self, task: Task[Any]) -> None:
        try:
            value = task.result()
        except Exception as exc:  # noqa: BLE001
            self.t_message.text = f"{task.name} failed: {exc}"
            return
        if task.name == "braid":
            self._finished(value)
        elif task.name == "lab build":
            maze, image, stats = value
            self.maze = maze
            self.phase = "done"
            self.texture = arcade.Texture(image)
            self.stats = stats
            self.t_panel.text = "Statistics\n" + format_stats(stats)
            self.cam = None
            self._make_camera(self.window.width, self.window.height)

    # -- input ----------------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """See the module docstring."""
        actions = {
            key.SPACE: self.toggle_play, key.N: self.single_step, key.RIGHT: self.single_step,
            key.PLUS: lambda: self.change_speed(1), key.EQUAL: lambda: self.change_speed(1),
            key.NUM_ADD: lambda: self.change_speed(1), key.MINUS: lambda: self.change_speed(-1),
            key.NUM_SUBTRACT: lambda: self.change_speed(-1), key.R: self.restart, key.G: self.new_seed,
            key.O: self.next_solver, key.S: self.solve, key.C: self.compare, key.X: self.export,
            key.K: self.copy_code, key.ESCAPE: self.back, key.END: self.run_to_end,
            key.F11: self.ctx.toggle_fullscreen,
        }
        if symbol == key.F and self.cam is not None:
            self.cam.fit()
            return True
        action = actions.get(symbol)
        if action is None:
            return None
        action()
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """A panel button, or the start of a drag over the maze area."""
        if x >= self.window.width - PANEL_WIDTH and self.click_button(x, y):
            self.press_at = None
            return
        self.press_at = (x, y) if x < self.window.width - PANEL_WIDTH else None
        self.dragging = False

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """Pan."""
        if self.press_at is not None and self.cam is not None:
            self.cam.pan(dx, dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """End a drag."""
        self.press_at = None

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom around the cursor."""
        if self.cam is not None and scroll_y and x < self.window.width - PANEL_WIDTH:
            self.cam.zoom_at(x, y, 1.15 ** scroll_y)

    # -- drawing ----------------------------------------------------------------------------------------
    def status_line(self) -> str:
        """The HUD's second line."""
        rate = STEP_RATES[self.rate_index]
        play = "playing" if self.playing else "paused"
        what = {"carve": "carving", "braid": "braiding", "done": "finished", "solve": "solving",
                "solved": "solved", "build": "building"}[self.phase]
        return (f"{what} · {self.steps_done:,} steps · {rate:,} steps/s · {play} · "
                f"solver {SOLVERS[self.solver_index]} · {self.code}")

    def on_draw(self) -> None:
        """Maze (batched layer or picture), markers, panel, HUD."""
        t0 = time.perf_counter()
        self.clear()
        t = self.ctx.theme
        if self.cam is not None:
            self.cam.apply(self.world_camera)
            self.world_camera.use()
            if self.layer is not None:
                self.layer.draw(self.cam.zoom)
                size = self.layer.cell_size
                if self.phase == "carve" and self.current >= 0:
                    x, y = self.grid.centers[self.current]
                    arcade.draw_circle_filled(float(x), float(y), 0.35 * size, t.accent, num_segments=16)
                pts = self.final_path or (self.solve_path if self.phase == "solve" else [])
                if len(pts) > 1 and (self.final_path or len(pts) < 20_000):
                    centers = self.grid.centers
                    color = PATH_COLOR if self.final_path else (64, 200, 96, 255)
                    arcade.draw_line_strip([(float(centers[c][0]), float(centers[c][1])) for c in pts], color,
                                           max(1.0, 0.18 * size))
            elif self.texture is not None and self.maze is not None:
                x0, y0, x1, y1 = self.maze.grid.bounds()
                arcade.draw_texture_rect(self.texture, arcade.LRBT(x0 - 0.5, x1 + 0.5, y0 - 0.5, y1 + 0.5))
        self.hud_camera.use()
        w, h = self.window.width, self.window.height
        arcade.draw_lrbt_rectangle_filled(0, w, h - HUD_HEIGHT, h, t.panel)
        arcade.draw_lrbt_rectangle_filled(w - PANEL_WIDTH, w, 0, h - HUD_HEIGHT, t.panel)
        status = self.status_line()
        if self.t_status.text != status:
            self.t_status.text = status
        if self.phase == "build" and self.task is not None:
            frac, msg = self.task.progress()
            text = f"{spinner(self.task.elapsed)} {msg} · {self.task.elapsed:.0f} s"
            if self.t_progress.text != text:
                self.t_progress.text = text
            cx, cy = (w - PANEL_WIDTH) / 2, h / 2
            arcade.draw_lrbt_rectangle_outline(cx - 200, cx + 200, cy - 12, cy + 12, t.text, 2)
            arcade.draw_lrbt_rectangle_filled(cx - 198, cx - 198 + 396 * frac, cy - 10, cy + 10, t.accent)
            self.t_progress.draw()
        if self.stats is None and not self.t_panel.text:
            self.t_panel.text = "Statistics appear when the maze is finished."
        for text in (self.t_title, self.t_status, self.t_panel, self.t_message, self.t_help):
            text.draw()
        if self.button_shapes is not None:
            self.button_shapes.draw()
            self.button_batch.draw()
        self.frame_ms.append((time.perf_counter() - t0) * 1000)
        if len(self.frame_ms) > 600:
            del self.frame_ms[:300]


def _cell_estimate(spec: MazeSpec) -> int:
    """Roughly the number of cells of ``spec`` (polar rings grow outward; upsilon adds squares)."""
    if spec.shape == "polar":
        return spec.width * spec.height * max(1, spec.height // 3)
    if spec.shape == "upsilon":
        return 2 * spec.width * spec.height
    return spec.width * spec.height


class LabSetupView(ChoiceSetupView):
    """Choose what the Lab shows, or paste a maze code."""

    def __init__(self, ctx: Context, choices: MazeChoices | None = None, message: str = "") -> None:
        choices = choices or MazeChoices()
        from game.views.race_setup import SIZES

        choices.max_sizes = max(len(v) for v in SIZES.values())
        super().__init__(ctx, "Lab", choices)
        self.add_maze_choices()
        self.add_action("Watch it being carved", self.start)
        self.add_action("Compare all algorithms", self.compare)
        self.add_action("Open maze code", self.submit_code)
        self.finish_layout()
        self.message.text = message

    def start(self) -> None:
        """Open the Lab on the current choices."""
        try:
            spec = self.choices.spec()
        except ValueError as exc:
            self.message.text = str(exc)
            return
        self.ctx.show(LabView(self.ctx, spec, setup=self))

    def compare(self) -> None:
        """Open the comparison for the chosen tessellation and size."""
        from game.views.lab_compare import CompareView

        try:
            spec = self.choices.spec()
        except ValueError as exc:
            self.message.text = str(exc)
            return
        self.ctx.show(CompareView(self.ctx, spec, back=self))

    def submit_code(self) -> None:
        """Open a pasted maze code in the Lab."""
        text = self.code_text()
        if not text:
            self.message.text = "Paste a maze code into the field first."
            self.field.activate()
            return
        try:
            spec = MazeSpec.from_code(text)
        except CodeError as exc:
            self.message.text = str(exc)
            return
        self.choices.adopt(spec)
        self.refresh()
        self.ctx.show(LabView(self.ctx, spec, setup=self))


def open_lab(ctx: Context, code: str | None = None) -> arcade.View:
    """The Lab on a maze code, or its setup screen (also showing why a code was refused)."""
    if not code:
        return LabSetupView(ctx)
    try:
        spec = MazeSpec.from_code(normalize(code))
    except CodeError as exc:
        view = LabSetupView(ctx, message=str(exc))
        view.field.text = code
        return view
    choices = MazeChoices()
    choices.adopt(spec)
    return LabView(ctx, spec, setup=LabSetupView(ctx, choices))


def lab_command(ctx: Context, args: list[str]) -> arcade.View:
    """``tessera lab [CODE]`` (for :data:`game.app.COMMANDS`)."""
    return open_lab(ctx, args[0] if args else None)


def open_lab_setup(ctx: Context) -> arcade.View:
    """Main-menu factory."""
    return LabSetupView(ctx)
