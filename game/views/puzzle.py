"""The sliding-puzzle screen: play, hint, auto-solve with statistics, share.

Keys (also shown on the buttons): arrows slide a tile into the blank (a
setting switches to moving the blank), a click slides every tile between the
clicked one and the blank (one move per tile), Z / U / Ctrl+Z undo, Y / Ctrl+Y
/ Ctrl+Shift+Z redo, R restart, N new shuffle, H hint, S solve, Space
pause/resume the solution, ``.`` step it, X stop it, C copy the puzzle code,
Shift+C copy the current position's code, G copy the shuffle's seed code, O
solver (fast/optimal), T timeout, B random boost, E heuristic, A arrow mode,
F11 fullscreen, Esc cancel/stop/back to the setup screen.

Long work (hint, solve, pattern-database build) runs in a child process
(:class:`game.workers.ProcessTask`); the window keeps drawing and shows a
spinner and a progress bar.  Tiles are one SpriteList of pre-rendered textures; text is
``arcade.Text`` objects in a batch, created once.
"""

from __future__ import annotations

import math
from typing import Any

import arcade
import pyglet
from arcade import key

from engine.puzzle.board import Board
from engine.puzzle.result import SolveResult, SolverStopped
from engine.puzzle.session import PuzzleSession
from game.context import Context
from game.puzzle_session import (
    Deal,
    PuzzleSettings,
    Stopped,
    deal_session,
    format_time,
    hint_plan,
    optimal_available,
    position_code,
    session_from_code,
    solve_job,
    solver_label,
)
from game.ui import FONT
from game.views.puzzle_widgets import ButtonBar, tile_texture
from game.workers import ProcessTask, Task, preload, spinner

preload("engine.puzzle.board", "engine.puzzle.astar", "engine.puzzle.optimal", "engine.puzzle.hint",
        "game.puzzle_session")

SLIDE_SECONDS = 0.1  # one slide animation
SPINNER_AFTER = 0.25  # seconds before a running task shows its spinner
FLASH_SECONDS = 1.4


def _key_ctrl(modifiers: int) -> bool:
    return bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND))


class PuzzleView(arcade.View):
    """Play one sliding puzzle.

    Args:
        ctx: the shared game context (store, audio, theme).
        session: the game to play.
        deal: how the game was dealt (``N`` deals another like it); None for pasted codes.
        settings: solver/input settings (default: loaded from the store).
    """

    def __init__(
        self, ctx: Context, session: PuzzleSession, deal: Deal | None = None, settings: PuzzleSettings | None = None
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.theme = ctx.theme
        self.settings = settings if settings is not None else PuzzleSettings.load(ctx.store)
        self.deal = deal
        self.session = session
        self.background_color = self.theme.background
        # tasks
        self.hint_task: Task[Any] | None = None
        self.solve_task: Task[Any] | None = None
        self.solve_origin: Board | None = None
        self.hint_origin: Board = session.board
        self.solve_kind = ""
        self.last_result: SolveResult | None = None
        self.last_stop: str = ""
        self.message = ""
        self.clipboard = ""  # last text copied (tests read it)
        self.flash = 0.0
        self.frames = 0
        # drawing state
        self.tile_px = 0
        self.origin = (0.0, 0.0)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.sprite_of: dict[int, arcade.Sprite] = {}
        self.anim: dict[int, tuple[float, float, float, float, float]] = {}
        self.home_state: dict[int, bool] = {}
        self.textures: dict[tuple[int, bool], arcade.Texture] = {}
        self._layout_size = (0, 0)
        self.compact = False
        self._build_text()
        self._build_buttons()
        self._attach(session)

    # -- construction -----------------------------------------------------------------
    def _text(self, value: str, size: float, color: Any = None, **kw: Any) -> arcade.Text:
        return arcade.Text(
            value, 0, 0, color if color is not None else self.theme.text, size, font_name=FONT, batch=self.batch, **kw
        )

    def _build_text(self) -> None:
        t = self.theme
        self.batch = pyglet.graphics.Batch()
        self.t_title = self._text("", 20, t.accent, bold=True, anchor_y="top")
        self.t_code = self._text("", 10, t.text_dim, anchor_y="top", multiline=True, width=300)
        self.t_moves = self._text("", 17, anchor_y="top")
        self.t_assist = self._text("", 11, t.accent, anchor_y="top")
        self.t_best = self._text("", 11, t.text_dim, anchor_y="top", multiline=True, width=300)
        self.t_status = self._text("", 12, t.text, anchor_y="top", multiline=True, width=300)
        self.t_stats_head = self._text("Solver", 13, t.accent, bold=True, anchor_y="top")
        self.t_stats = self._text(
            "Press S to solve: the statistics of the solver's run appear here.", 11, t.text_dim, anchor_y="top",
            multiline=True, width=300,
        )
        self.t_settings_head = self._text("Settings", 13, t.accent, bold=True, anchor_y="top")
        self.t_help = self._text("", 10, t.text_dim, anchor_y="bottom", multiline=True, width=600)
        # Board overlay texts (own batch: drawn above the tiles)
        self.overlay = pyglet.graphics.Batch()
        self.t_banner = arcade.Text("", 0, 0, t.star, 40, font_name=FONT, bold=True, anchor_x="center",
                                    anchor_y="center", batch=self.overlay)
        self.t_progress = arcade.Text("", 0, 0, t.text, 11, font_name=FONT, anchor_y="bottom", batch=self.overlay,
                                      multiline=True, width=700)

    def _build_buttons(self) -> None:
        bar = self.bar = ButtonBar(self.theme)
        self.b_solver = bar.add("", self.toggle_solver)
        self.b_timeout = bar.add("", self.cycle_timeout)
        self.b_boost = bar.add("", self.toggle_boost)
        self.b_heur = bar.add("", self.cycle_heuristic)
        self.b_arrows = bar.add("", self.toggle_arrows)
        self.settings_buttons = [self.b_solver, self.b_timeout, self.b_boost, self.b_heur, self.b_arrows]
        self.b_hint = bar.add("Hint  H", self.request_hint, 11)
        self.b_solve = bar.add("Solve  S", self.request_solve, 11)
        self.b_pause = bar.add("Pause  Space", self.toggle_pause, 11)
        self.b_step = bar.add("Step  .", self.step, 11)
        self.b_stop = bar.add("Stop  X", self.stop, 11)
        self.b_undo = bar.add("Undo  Z", self.undo, 11)
        self.b_redo = bar.add("Redo  Y", self.redo, 11)
        self.b_restart = bar.add("Restart  R", self.restart, 11)
        self.b_new = bar.add("New  N", self.new_game, 11)
        self.b_copy = bar.add("Copy  C", self.copy_code, 11)
        self.b_back = bar.add("Setup  Esc", self.back, 11)
        self.action_buttons = [
            self.b_hint, self.b_solve, self.b_pause, self.b_step, self.b_stop, self.b_undo, self.b_redo,
            self.b_restart, self.b_new, self.b_copy, self.b_back,
        ]
        self._refresh_buttons()

    def _attach(self, session: PuzzleSession) -> None:
        """Play ``session`` (a new game): drop tasks, build tiles, reset texts."""
        self._cancel_tasks()
        self.session = session
        session.arrows = self.settings.arrows
        session.on_solved = self._on_solved
        self.last_result = None
        self.last_stop = ""
        self.flash = 0.0
        self.t_banner.text = ""
        b = session.board
        self.t_title.text = f"Sliding Puzzle {b.width}x{b.height}"
        self._refresh_best()
        self._set_message("Slide the tiles into order: 1, 2, 3, ... with the gap last.")
        self._layout_size = (0, 0)  # rebuild sprites on next draw/update
        if self.window is not None:
            self._layout()

    # -- layout -------------------------------------------------------------------------
    def _panel_width(self, width: int) -> float:
        return max(320.0, min(400.0, width * 0.31))

    def _layout(self) -> None:
        """Place the board, tiles, texts and buttons for the current window size."""
        w, h = self.window.width, self.window.height
        self._layout_size = (w, h)
        b = self.session.board
        pw = self._panel_width(w)
        margin = 20
        area_l, area_r = margin, w - pw - margin
        area_b, area_t = 96, h - margin
        tile = int(min((area_r - area_l) / b.width, (area_t - area_b) / b.height))
        tile = max(10, tile)
        self.tile_px = tile
        bw, bh = tile * b.width, tile * b.height
        self.origin = (area_l + (area_r - area_l - bw) / 2, area_b + (area_t - area_b - bh) / 2)
        self._build_tiles()
        # help under the board, progress line above it
        self.t_help.position = (area_l, 4)
        self.t_help.width = int(area_r - area_l)
        self.t_progress.position = (self.origin[0], 52)
        self.t_progress.width = int(max(200, area_r - self.origin[0]))
        cx = self.origin[0] + bw / 2
        cy = self.origin[1] + bh / 2
        self.t_banner.position = (cx, cy)
        self.t_banner.font_size = max(18, min(48, bw // 9))
        self._layout_panel(w, h, pw)

    def _layout_panel(self, w: int, h: int, pw: float) -> None:
        """Stack the panel's texts and buttons; below 720 px of height a compact spacing is used."""
        px = w - pw + 8
        inner = int(pw - 24)
        self.panel_left = w - pw
        self.compact = compact = h < 720
        k = 0.8 if compact else 1.0  # vertical scale of the gaps
        for t_, size in ((self.t_status, 12), (self.t_stats, 11), (self.t_best, 11), (self.t_moves, 17)):
            t_.font_size = size - (1 if compact else 0)
        for t_ in (self.t_code, self.t_best, self.t_status, self.t_stats):
            t_.width = inner
        y = h - 14 * k
        self.t_title.position = (px, y)
        y -= 32 * k
        self.t_code.position = (px, y)
        self.t_code.text = self._code_text()
        y -= 22 * k + 14 * self.t_code.text.count("\n")
        self.t_moves.position = (px, y)
        y -= 27 * k
        self.t_assist.position = (px, y)
        y -= 20 * k
        self.t_best.position = (px, y)
        y -= 36 * k
        self.t_status.position = (px, y)
        y -= 64 * k
        self.t_stats_head.position = (px, y)
        y -= 22 * k
        self.t_stats.position = (px, y)
        y -= 110 * k
        self.t_settings_head.position = (px, y)
        y -= 24 * k
        bh_ = 21 if compact else 24
        gap = 3 if compact else 4
        for btn in self.settings_buttons:
            btn.place(px, y - bh_, inner, bh_)
            y -= bh_ + gap
        y -= 8 * k
        cols = 3
        col = (inner - 6 * (cols - 1)) / cols
        for i, btn in enumerate(self.action_buttons):
            r, c = divmod(i, cols)
            btn.place(px + c * (col + 6), y - bh_ - r * (bh_ + gap + 1), col, bh_)

    def _build_tiles(self) -> None:
        """(Re)create the tile textures and sprites for the current tile size and theme."""
        side = max(6, self.tile_px - max(2, self.tile_px // 18))
        b = self.session.board
        self.textures = {}
        self.sprites = arcade.SpriteList(capacity=b.size)
        self.sprite_of = {}
        self.anim.clear()
        self.home_state = {}
        for cell, tile in enumerate(b.tiles):
            if tile == 0:
                continue
            home = tile - 1 == cell
            spr = arcade.Sprite(self._texture(tile, side, home))
            spr.position = self.cell_center(cell)
            self.sprites.append(spr)
            self.sprite_of[tile] = spr
            self.home_state[tile] = home
        self._side = side

    def _texture(self, tile: int, side: int, home: bool) -> arcade.Texture:
        k = (tile, home)
        tex = self.textures.get(k)
        if tex is None:
            tex = self.textures[k] = tile_texture(tile, side, self.theme, home)
        return tex

    def cell_center(self, cell: int) -> tuple[float, float]:
        """Window coordinates of the centre of board cell ``cell`` (row 0 at the top)."""
        w = self.session.board.width
        h = self.session.board.height
        r, c = divmod(cell, w)
        return (self.origin[0] + (c + 0.5) * self.tile_px, self.origin[1] + (h - r - 0.5) * self.tile_px)

    def cell_at(self, x: float, y: float) -> int | None:
        """The board cell under window point ``(x, y)``, or None outside the board."""
        b = self.session.board
        if self.tile_px <= 0:
            return None
        c = math.floor((x - self.origin[0]) / self.tile_px)
        r_up = math.floor((y - self.origin[1]) / self.tile_px)
        if not (0 <= c < b.width and 0 <= r_up < b.height):
            return None
        return (b.height - 1 - r_up) * b.width + c

    def _sync_tiles(self) -> None:
        """Move sprites toward the cells of the current board (animated if enabled)."""
        for cell, tile in enumerate(self.session.board.tiles):
            if tile == 0:
                continue
            spr = self.sprite_of.get(tile)
            if spr is None:
                continue
            tx, ty = self.cell_center(cell)
            home = tile - 1 == cell
            if self.home_state.get(tile) != home:
                self.home_state[tile] = home
                spr.texture = self._texture(tile, self._side, home)
            if (spr.center_x, spr.center_y) == (tx, ty) and tile not in self.anim:
                continue
            if self.settings.animate:
                self.anim[tile] = (spr.center_x, spr.center_y, tx, ty, 0.0)
            else:
                spr.position = (tx, ty)
                self.anim.pop(tile, None)

    @property
    def animating(self) -> bool:
        """True while a slide animation is running."""
        return bool(self.anim)

    def _advance_animation(self, dt: float) -> None:
        done = []
        for tile, (x0, y0, x1, y1, t) in self.anim.items():
            pb = self.session.playback
            slide = min(SLIDE_SECONDS, 0.8 * pb.interval) if pb is not None else SLIDE_SECONDS
            t = min(1.0, t + dt / slide)
            e = 1 - (1 - t) ** 2  # ease out
            self.sprite_of[tile].position = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)
            if t >= 1.0:
                done.append(tile)
            else:
                self.anim[tile] = (x0, y0, x1, y1, t)
        for tile in done:
            del self.anim[tile]

    # -- view lifecycle -------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Lay out for the current window."""
        self.background_color = self.theme.background
        self._layout()

    def on_hide_view(self) -> None:
        """Stop background work when leaving the screen."""
        self._cancel_tasks()

    def on_resize(self, width: int, height: int) -> None:
        """Re-layout (tile textures are re-rendered at the new size)."""
        self._layout()

    # -- frame --------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        """Animations, solution playback, timer, background tasks and texts."""
        if self._layout_size != (self.window.width, self.window.height):
            self._layout()
        dt = min(delta_time, 0.25)
        self._advance_animation(dt)
        played = self.session.update(dt, busy=self.animating)
        if played:
            self._sync_tiles()
        if self.flash > 0:
            self.flash = max(0.0, self.flash - dt)
        self._poll_tasks()
        self._refresh_texts()

    def on_draw(self) -> None:
        """Board frame, tiles (one SpriteList), hint, overlays, panel and texts (two batches)."""
        self.frames += 1
        self.clear()
        if self._layout_size != (self.window.width, self.window.height):
            self._layout()
        t = self.theme
        b = self.session.board
        ox, oy = self.origin
        bw, bh = self.tile_px * b.width, self.tile_px * b.height
        arcade.draw_lrbt_rectangle_filled(ox - 6, ox + bw + 6, oy - 6, oy + bh + 6, t.floor)
        arcade.draw_lrbt_rectangle_outline(ox - 6, ox + bw + 6, oy - 6, oy + bh + 6, t.text_dim, border_width=2)
        self.sprites.draw()
        self._draw_hint()
        if self.flash > 0:
            a = int(150 * self.flash / FLASH_SECONDS)
            arcade.draw_lrbt_rectangle_filled(ox, ox + bw, oy, oy + bh, (*t.star[:3], a))
        if self.t_banner.text:
            cy = self.t_banner.y
            half = self.t_banner.font_size * 1.1
            arcade.draw_lrbt_rectangle_filled(ox, ox + bw, cy - half, cy + half, t.panel)
        # panel
        arcade.draw_lrbt_rectangle_filled(self.panel_left, self.window.width, 0, self.window.height, t.panel)
        self._draw_progress()
        self.batch.draw()
        self.bar.draw()
        self.overlay.draw()

    def _draw_hint(self) -> None:
        hint = self.session.current_hint()
        if hint is None or self.animating:
            return
        x, y = self.cell_center(hint.tile_cell)
        bx, by = self.cell_center(self.session.board.blank)
        s = self.tile_px / 2 - 1
        pulse = 0.5 + 0.5 * math.sin(self.frames * 0.2)
        color = (*self.theme.focus[:3], int(170 + 85 * pulse))
        arcade.draw_lrbt_rectangle_outline(x - s, x + s, y - s, y + s, color, border_width=max(3, self.tile_px // 16))
        # an arrow in the gap pointing where the tile goes
        dx, dy = bx - x, by - y
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        r = self.tile_px * 0.22
        tipx, tipy = bx + ux * r * 0.2, by + uy * r * 0.2
        basex, basey = bx - ux * r, by - uy * r
        arcade.draw_triangle_filled(
            tipx + ux * r, tipy + uy * r, basex - uy * r, basey + ux * r, basex + uy * r, basey - ux * r, color
        )

    def _draw_progress(self) -> None:
        task = self.solve_task or self.hint_task
        self.t_progress.text = ""
        if task is None or task.done or task.elapsed < SPINNER_AFTER:
            return
        frac, msg = task.progress()
        building = "pattern" in msg or "table" in msg
        if task is self.hint_task:
            what = "Finding a hint"
        elif building:
            what = "First use of the optimal solver: building its pattern databases (cached afterwards)"
        else:
            what = f"Solving with {self.solve_kind}"
        label = f"{spinner(task.elapsed)} {what} · {task.elapsed:.0f} s"
        if building:
            label += f"\n{msg}"
        self.t_progress.text = label
        if msg:  # a database build reports a fraction: draw a bar
            ox = self.origin[0]
            bw = self.tile_px * self.session.board.width
            y0, y1 = 42, 48
            arcade.draw_lrbt_rectangle_filled(ox, ox + bw, y0, y1, self.theme.locked)
            arcade.draw_lrbt_rectangle_filled(ox, ox + bw * frac, y0, y1, self.theme.accent)

    # -- texts ----------------------------------------------------------------------------
    def _set(self, text_obj: arcade.Text, value: str) -> None:
        if text_obj.text != value:
            text_obj.text = value

    def _set_message(self, text: str, error: bool = False) -> None:
        self.message = text
        color = self.theme.error if error else self.theme.text
        self.t_status.color = color
        self._set(self.t_status, text)

    def _refresh_texts(self) -> None:
        s = self.session
        self._set(self.t_moves, f"Moves {s.moves}   Time {format_time(s.elapsed)}")
        self._set(self.t_assist, "Assisted (hint or solver used)" if s.assisted else "")
        self._set(self.t_code, self._code_text())
        if self.t_banner.text and not s.solved:
            self.t_banner.text = ""
        self._refresh_buttons()

    def _code_text(self) -> str:
        """The puzzle code broken into lines that fit the panel (codes have no spaces to wrap at)."""
        code = self.session.code or ""
        per = max(20, int((self.t_code.width or 300) / 8.8))
        lines = [code[i : i + per] for i in range(0, len(code), per)]
        if getattr(self, "compact", False) and len(lines) > 1:  # short windows: one line, C copies it whole
            lines = [lines[0][: per - 1] + "…"]
        if self.session.seed_code:
            lines.append(f"shuffle: {self.session.seed_code}")
        return "\n".join(lines)

    def _refresh_best(self) -> None:
        store = self.ctx.store
        s = self.session
        parts = []
        if s.code:
            best = store.best(s.code)
            if best.best_time is not None:
                parts.append(f"This puzzle: best {format_time(best.best_time)}, fewest {best.best_moves} moves")
        size = store.best(size_key(s.board.width, s.board.height))
        if size.best_time is not None:
            parts.append(f"All {s.size_label}: best {format_time(size.best_time)}, fewest {size.best_moves} moves")
        none = "No best yet for this size (games with hints or solves don't count)."
        self._set(self.t_best, "\n".join(parts) if parts else none)

    def _refresh_buttons(self) -> None:
        st = self.settings
        b = self.session.board
        opt_ok = optimal_available(b.width, b.height)
        self._set(self.b_solver.label, f"Solver: {solver_label(st.solver if opt_ok else 'fast')}  O")
        self._set(self.b_timeout.label, f"Timeout: {st.timeout:g} s  T")
        self._set(self.b_boost.label, f"Random boost: {'on' if st.boost else 'off'}  B")
        self._set(self.b_heur.label, f"Heuristic: {st.heuristic}  E")
        arrows = "a tile into the gap" if st.arrows == "tile" else "the gap"
        self._set(self.b_arrows.label, f"Arrows: {arrows}  A")
        self._set(
            self.t_help,
            f"Arrows move {arrows} · click a tile in the gap's row or column: slide them all "
            "(1 move per tile) · green tiles are home · C / Shift+C / G copy the puzzle / current / seed code",
        )
        fast = st.solver == "fast" or not opt_ok
        self.b_boost.enabled = fast
        self.b_heur.enabled = fast
        pb = self.session.playback
        solving = self.solve_task is not None and not self.solve_task.done
        self.b_pause.enabled = pb is not None
        space = "Space" if self.b_pause.width >= 105 else "Spc"
        self._set(self.b_pause.label, f"Play  {space}" if pb is not None and pb.paused else f"Pause  {space}")
        self.b_step.enabled = pb is not None
        self.b_stop.enabled = pb is not None or solving
        self.b_undo.enabled = self.session.can_undo()
        self.b_redo.enabled = self.session.can_redo()
        self.b_new.enabled = self.deal is not None
        self.b_solve.enabled = not solving and not self.session.solved
        self.b_hint.enabled = not self.session.solved

    def _stats_text(self, r: SolveResult, stopped: str = "") -> str:
        lines = [
            f"{solver_label(r.solver)}" + (f" — stopped ({stopped})" if stopped else ""),
            f"Time: {r.seconds * 1000:.0f} ms" if r.seconds < 10 else f"Time: {r.seconds:.1f} s",
            f"Nodes expanded: {r.nodes:,}",
        ]
        if r.solver == "fast":
            lines.append(f"Random boosts: {r.boosts}   Layers locked: {r.layers}")
        elif r.iterations:
            lines.append(f"Iterations: {r.iterations}")
        if not stopped:
            lines.append(f"Solution length: {r.length} moves")
            lines.append("Proven optimal: yes" if r.optimal else "Proven optimal: no")
        return "\n".join(lines)

    # -- input ----------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Keyboard controls (see the module docstring)."""
        ctrl = _key_ctrl(modifiers)
        shift = bool(modifiers & key.MOD_SHIFT)
        arrows = {key.UP: "up", key.DOWN: "down", key.LEFT: "left", key.RIGHT: "right"}
        if symbol in arrows:
            self.play_moves(self.session.press(arrows[symbol]))
        elif symbol == key.Z and ctrl and shift:
            self.redo()
        elif symbol in (key.Z, key.U):
            self.undo()
        elif symbol == key.Y:
            self.redo()
        elif symbol == key.R:
            self.restart()
        elif symbol == key.N:
            self.new_game()
        elif symbol == key.H:
            self.request_hint()
        elif symbol == key.S:
            self.request_solve()
        elif symbol == key.SPACE:
            self.toggle_pause()
        elif symbol in (key.PERIOD, key.NUM_DECIMAL):
            self.step()
        elif symbol == key.X:
            self.stop()
        elif symbol == key.C:
            self.copy_code("current" if shift else "puzzle")
        elif symbol == key.G:
            self.copy_code("seed")
        elif symbol == key.O:
            self.toggle_solver()
        elif symbol == key.T:
            self.cycle_timeout()
        elif symbol == key.B:
            self.toggle_boost()
        elif symbol == key.E:
            self.cycle_heuristic()
        elif symbol == key.A:
            self.toggle_arrows()
        elif symbol == key.F11:
            self.ctx.toggle_fullscreen()
        elif symbol == key.ESCAPE:
            if (self.solve_task and not self.solve_task.done) or (self.hint_task and not self.hint_task.done):
                self._cancel_tasks()
                self._set_message("Cancelled; nothing was changed.")
            elif self.session.playback is not None:
                self.stop()
            else:
                self.back()
        else:
            return None
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        """Buttons, or slide the tiles between the clicked tile and the gap."""
        if self.bar.click(x, y):
            self.ctx.audio.play("click")
            return True
        cell = self.cell_at(x, y)
        if cell is None:
            return None
        moved = self.session.click(cell)
        if moved:
            self.play_moves(moved)
        else:
            self.ctx.audio.play("bump")
        return True

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Hover highlight of the buttons."""
        self.bar.hover = self.bar.at(x, y)

    # -- actions ------------------------------------------------------------------------
    def play_moves(self, moves: str) -> None:
        """React to moves the session just played (animation, sound, hint text)."""
        if not moves:
            self.ctx.audio.play("bump")
            return
        self._sync_tiles()
        if not self.session.won or not self.session.solved:
            self.ctx.audio.play("step")
        if self.message.startswith("Hint"):
            self._set_message("")

    def undo(self) -> None:
        """Undo the last action (a whole click-slide, or one solution step)."""
        self.play_moves(self.session.undo())

    def redo(self) -> None:
        """Redo the last undone action."""
        self.play_moves(self.session.redo())

    def restart(self) -> None:
        """Back to the dealt position, timer and counters reset."""
        self._cancel_tasks()
        self.session.restart()
        self.flash = 0.0
        self.t_banner.text = ""
        self._sync_tiles()
        self._set_message("Restarted from the dealt position.")

    def new_game(self) -> None:
        """Deal another puzzle with the same size and shuffle kind (new seed)."""
        if self.deal is None:
            self._set_message("This puzzle came from a code: use the setup screen (Esc) for a new one.")
            return
        self.deal = self.deal.reseeded()
        self._attach(deal_session(self.deal))

    def back(self) -> None:
        """To the setup screen."""
        self._cancel_tasks()
        from game.views.puzzle_setup import PuzzleSetupView

        self.ctx.show(PuzzleSetupView(self.ctx, deal=self.deal))

    def copy_code(self, which: str = "puzzle") -> None:
        """Copy a code to the clipboard and say so.

        Args:
            which: ``"puzzle"`` (the dealt position, C), ``"current"`` (the board
                as it is now, Shift+C) or ``"seed"`` (the shuffle's seed code, G;
                falls back to the puzzle code for pasted positions).
        """
        s = self.session
        if which == "current":
            text, what = position_code(s.board), "the current position's code"
        elif which == "seed" and s.seed_code:
            text, what = s.seed_code, "the shuffle's seed code"
        else:
            text, what = s.code or position_code(s.start), "the puzzle code"
        self.clipboard = text
        shown = text if len(text) <= 44 else f"({len(text)} characters)"
        try:
            self.window.set_clipboard_text(text)
        except Exception:  # noqa: BLE001 - no clipboard (headless, no X selection owner)
            self._set_message(f"No clipboard here; {what} is {text}")
            return
        self._set_message(f"Copied {what} {shown}. Paste it in the puzzle setup or run: tessera play CODE")

    # settings ------------------------------------------------------------------------
    def _settings_changed(self) -> None:
        self.settings.save(self.ctx.store)
        self._refresh_buttons()

    def toggle_solver(self) -> None:
        """Switch between the fast (A*) and the optimal solver."""
        b = self.session.board
        if not optimal_available(b.width, b.height):
            self.settings.solver = "fast"
            self._set_message("The optimal solver handles boards of up to 16 cells (4x4); this one uses fast A*.")
        else:
            self.settings.solver = "optimal" if self.settings.solver == "fast" else "fast"
        self._settings_changed()

    def cycle_timeout(self) -> None:
        """Next solver timeout."""
        self.settings.cycle_timeout()
        self._settings_changed()

    def toggle_boost(self) -> None:
        """Random boost on/off (fast solver)."""
        self.settings.boost = not self.settings.boost
        self._settings_changed()

    def cycle_heuristic(self) -> None:
        """Next heuristic of the fast solver."""
        self.settings.cycle_heuristic()
        self._settings_changed()

    def toggle_arrows(self) -> None:
        """Arrows move a tile into the gap / move the gap."""
        self.settings.arrows = "blank" if self.settings.arrows == "tile" else "tile"
        self.session.arrows = self.settings.arrows
        self._settings_changed()

    # hint and solve --------------------------------------------------------------------
    def request_hint(self) -> None:
        """Start computing a hint for the current board (background)."""
        s = self.session
        if s.solved:
            self._set_message("Already solved.")
            return
        if s.current_hint() is not None:
            self._show_hint_message()
            return
        planned = s.plan_move()
        if planned is not None:
            s.set_hint(*planned)
            self._show_hint_message()
            return
        if self.hint_task is not None and not self.hint_task.done:
            return
        board = s.board
        settings = self.settings

        self.hint_origin = board
        self.hint_task = ProcessTask(hint_plan, board, settings, name="hint")

    def _show_hint_message(self) -> None:
        h = self.session.current_hint()
        if h is None:
            return
        tile = self.session.board.tiles[h.tile_cell]
        self._set_message(f"Hint: slide tile {tile} into the gap (from {h.source}).")

    def request_solve(self) -> None:
        """Start the chosen solver on the current board (background); its solution then plays."""
        s = self.session
        if s.solved:
            self._set_message("Already solved.")
            return
        if self.solve_task is not None and not self.solve_task.done:
            return
        s.stop_playback()
        board = s.board
        b = board
        kind = self.settings.solver if optimal_available(b.width, b.height) else "fast"
        settings = PuzzleSettings(**{**self.settings.__dict__, "solver": kind})
        self.solve_origin = board
        self.solve_kind = solver_label(kind)

        self.solve_task = ProcessTask(solve_job, board, settings, name="solve")
        self._set_message(f"Solving with {self.solve_kind} (search time limit {settings.timeout:g} s)... Esc cancels.")

    def toggle_pause(self) -> None:
        """Pause / resume the solution playback."""
        if self.session.playback is None:
            return
        paused = self.session.toggle_pause()
        self._set_message("Paused: Space resumes, '.' steps, X stops." if paused else "Playing the solution...")

    def step(self) -> None:
        """Play one solution move now (pauses the playback)."""
        pb = self.session.playback
        if pb is None:
            return
        pb.paused = True
        m = self.session.playback_step()
        if m:
            self._sync_tiles()
            self.ctx.audio.play("step")

    def stop(self) -> None:
        """Stop the playback (moves played stay, undoable) or cancel a running solve."""
        if self.solve_task is not None and not self.solve_task.done:
            self.solve_task.cancel()
            self._set_message("Solver cancelled.")
            return
        if self.session.playback is not None:
            self.session.stop_playback()
            self._set_message("Solution stopped; Z undoes its moves one by one.")

    def _cancel_tasks(self) -> None:
        for task in (self.hint_task, self.solve_task):
            if task is not None and not task.done:
                task.cancel()
        self.hint_task = None
        self.solve_task = None

    def _poll_tasks(self) -> None:
        task = self.hint_task
        if task is not None and task.done:
            self.hint_task = None
            board = self.hint_origin
            try:
                moves, source = task.result()
            except Exception as exc:  # noqa: BLE001 - shown to the player
                self._set_message(f"No hint: {exc}", error=True)
            else:
                if moves:
                    self.session.learn_plan(board, moves, source)
                if moves and self.session.set_hint(moves[0], source, board.tiles) is not None:
                    self._show_hint_message()
        task = self.solve_task
        if task is not None and task.done:
            self.solve_task = None
            self._finish_solve(task)

    def _finish_solve(self, task: Task[Any]) -> None:
        try:
            value: SolveResult | Stopped = task.result()
            if isinstance(value, Stopped):
                raise SolverStopped(value.reason, value.result)
            result = value
        except SolverStopped as stop:
            self.last_result = stop.result
            self.last_stop = stop.reason
            self.t_stats.color = self.theme.text
            self._set(self.t_stats, self._stats_text(stop.result, stop.reason))
            advice = {
                "timeout": "Press T for a longer timeout, or try the other solver (O).",
                "limit": "The search grew too large; try the fast solver (O).",
                "cancelled": "",
            }.get(stop.reason, "")
            self._set_message(f"The solver stopped without a solution ({stop.reason}). {advice}", error=True)
            return
        except Exception as exc:  # noqa: BLE001 - cancelled build, unexpected solver error
            self._set_message(f"The solver failed: {exc}", error=True)
            return
        self.last_result = result
        self.last_stop = ""
        self.t_stats.color = self.theme.text
        self._set(self.t_stats, self._stats_text(result))
        origin = self.solve_origin
        if origin is None or origin.tiles != self.session.board.tiles:
            self._set_message("The board changed while the solver ran; press S again.")
            return
        if not result.moves:
            self._set_message("Already solved.")
            return
        self.session.learn_plan(origin, result.moves, f"the {solver_label(result.solver)} solution")
        interval = max(0.04, min(0.18, 15.0 / len(result.moves)))  # long solutions play faster (<= ~15 s)
        self.session.start_playback(result.moves, origin, interval=interval)
        self._set_message(
            f"Playing a {result.length}-move solution: Space pauses, '.' steps, X stops; Z undoes it afterwards."
        )

    def _on_solved(self, session: PuzzleSession) -> None:
        self.flash = FLASH_SECONDS
        self.ctx.audio.play("win")
        self.t_banner.text = "Solved!"
        moves, secs = session.moves, session.elapsed
        if session.won_assisted:
            self._set_message(
                f"Solved with help in {moves} moves, {format_time(secs)} (assisted: not counted for bests). "
                "N deals a new one."
            )
            return
        news = []
        store = self.ctx.store
        if session.code:
            r = store.record_win(session.code, secs, moves)
            if r.new_best_time:
                news.append("new best time for this puzzle")
            if r.new_best_moves:
                news.append("fewest moves for this puzzle")
        r2 = store.record_win(size_key(session.board.width, session.board.height), secs, moves)
        if r2.new_best_time:
            news.append(f"best {session.size_label} time")
        self._refresh_best()
        extra = f" — {', '.join(news)}!" if news else ""
        self._set_message(f"Solved in {moves} moves, {format_time(secs)}{extra} N deals a new one.")


def size_key(width: int, height: int) -> str:
    """The store key of the per-size bests (``puzzle-size:WxH``)."""
    return f"puzzle-size:{width}x{height}"


def puzzle_view(ctx: Context, code: str | None = None) -> arcade.View:
    """The view for the puzzle screen (not shown): the setup screen, or the position ``code`` names.

    A code that does not decode (or names an unsolvable position) gives the
    setup screen with the decoder's sentence in red and the code in its field.
    This is the main-menu factory and the ``tessera play P1...`` handler.
    """
    from game.views.puzzle_setup import PuzzleSetupView

    if not code:
        return PuzzleSetupView(ctx)
    try:
        session, deal = session_from_code(code)
    except ValueError as exc:
        return PuzzleSetupView(ctx, code_text=code, error=str(exc))
    return PuzzleView(ctx, session, deal=deal)


def open_code(ctx: Context, code: str) -> PuzzleView:
    """The puzzle view for a ``P1...`` code (not shown), for code-entry screens that show errors themselves.

    Raises:
        engine.codes.CodeError: the code does not decode or names an unsolvable position.
    """
    session, deal = session_from_code(code)
    return PuzzleView(ctx, session, deal=deal)


def open_puzzle(target: Any, code: str | None = None) -> arcade.View:
    """Show the puzzle screen (see :func:`puzzle_view`) and return it.

    Args:
        target: a :class:`~game.context.Context` or an ``arcade.Window`` (a context is made).
        code: a puzzle code (``P1...``) or None for the setup screen.
    """
    ctx = target if isinstance(target, Context) else Context(target)
    view = puzzle_view(ctx, code)
    ctx.show(view)
    return view


__all__ = ["PuzzleView", "open_code", "open_puzzle", "puzzle_view", "size_key"]
