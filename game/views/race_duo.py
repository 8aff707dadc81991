"""The two-player race screen: WASD (player 1) against the arrow keys (player 2) on one maze and one clock.

The race is :class:`engine.race_duo.DuoSession` (the rules, the clock, the
shared fog of a dark race); this view maps each player's keys to it, plays its
events as sounds and draws what it reports.  The players stay apart without
colour: player 1 is a **disc** (Okabe-Ito blue), player 2 a **diamond**
(orange, the shape the race screen gives an opponent); their trails run side by
side where they share a corridor.  The mouse zooms and pans; a click does not
walk (two players share one mouse).  P or Esc pauses (Resume, Restart, End
race, Help); R restarts.

Ways in: :func:`open_duo` (the :data:`game.routes.Route.RACE_DUO` factory: a
maze code, levels over :data:`game.views.race.BACKGROUND_CELLS` cells are built
in the background) or ``DuoView(ctx, session)``.
"""

from __future__ import annotations

import math
from typing import Any

import arcade
from arcade import key

from engine.codes import normalize
from engine.lab import estimate_cells
from engine.maze_code import MazeSpec
from engine.race_duo import DuoSession
from engine.race_session import EventKind, RacePhase
from game.context import Context
from game.format import count, format_clock
from game.input import KEY_A, KEY_D, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_S, KEY_UP, KEY_W, DirectionKeys
from game.render.camera import CameraState
from game.render.fog_layer import DarkMazeLayer
from game.render.maze_layer import MazeLayer
from game.routes import Route
from game.ui import FONT, ui_scale
from game.views.base import common_key
from game.views.duo_players import PLAYER_NAMES, PLAYER_TAGS, draw_marker, player_colors
from game.views.pause import PauseOverlay
from game.views.race import BACKGROUND_CELLS, BANNER_STRIP, FOOTER_HEIGHT, HUD_HEIGHT, RESULT_DELAY, draw_top_bar
from game.views.race_loading import RaceLoadingView
from game.views.textfit import fit_text

#: Each player's direction keys: player 1 WASD, player 2 the arrows.
PLAYER_KEYS: tuple[frozenset[int], frozenset[int]] = (
    frozenset((KEY_W, KEY_A, KEY_S, KEY_D)),
    frozenset((KEY_UP, KEY_LEFT, KEY_DOWN, KEY_RIGHT)),
)
HELP = ("Player 1: WASD (disc) · Player 2: arrows (diamond) · hold to run · P/Esc pause · R restart · "
        "wheel zoom · drag pan · F fit")


class DuoView(arcade.View):
    """Two players race one maze on one keyboard.

    Args:
        ctx: shared context.
        duo: the race (at the start of its countdown).
        back: the screen "End race" during the countdown and "New race" return to (None: the race setup).
    """

    def __init__(self, ctx: Context, duo: DuoSession, back: arcade.View | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.duo = duo
        self.back_view = back
        self.maze = maze = duo.maze
        self.colors = player_colors(ctx.theme)
        fog = duo.fog  # a dark race: the maze is drawn through the one shared fog
        self.dark_layer = None if fog is None else DarkMazeLayer(ctx.window.ctx, maze, ctx.theme, fog)
        self.layer: MazeLayer = self.dark_layer or MazeLayer(ctx.window.ctx, maze, ctx.theme)
        self.world_camera = arcade.Camera2D()
        self.hud_camera = arcade.Camera2D()
        self.cam = CameraState(maze.grid.bounds(), ctx.window.width, ctx.window.height, HUD_HEIGHT + BANNER_STRIP,
                               FOOTER_HEIGHT)
        chords = maze.grid.kind != "square"
        self.keys = (DirectionKeys(chords=chords), DirectionKeys(chords=chords))
        self.centers: list[tuple[float, float]] = [(float(x), float(y)) for x, y in maze.grid.centers.tolist()]
        self.radius = 0.27 * self.layer.cell_size
        self.end_wait = -1.0
        self.paused = False
        self._pause: PauseOverlay | None = None  # built on first use (arcade.gui buttons are slow to create)
        t = ctx.theme
        self.background_color = t.background

        def text(size: int, color: Any, bold: bool = False, **kw: Any) -> arcade.Text:
            return arcade.Text("", 0, 0, color, size, font_name=FONT, bold=bold, **kw)

        self.t_title = text(15, t.text, True, anchor_y="center")
        self.t_note = text(11, t.text_dim, anchor_y="center")
        self.t_time = text(18, t.text, True, anchor_x="center", anchor_y="center")
        self.t_players = (text(12, t.text, anchor_x="right", anchor_y="center"),
                          text(12, t.text, anchor_x="right", anchor_y="center"))
        self.t_count = text(96, t.accent, True, anchor_x="center", anchor_y="center")
        self.t_banner = text(14, t.accent, True, anchor_x="center", anchor_y="center")
        self.t_help = text(11, t.text_dim, anchor_x="center")
        self._shown: tuple[Any, ...] = ()
        self._changed = True
        self._drawn: tuple[Any, ...] = ()
        self.lay_size = (ctx.window.width, ctx.window.height)
        self.s = ui_scale(*self.lay_size)
        self.hud_h = HUD_HEIGHT * self.s
        self.press_at: tuple[float, float] | None = None
        self.dragging = False

    # -- lifecycle ------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Fit the camera; back from help the race is still paused."""
        self.background_color = self.ctx.theme.background
        self.on_resize(self.window.width, self.window.height)
        if self.paused:
            self.pause.show()

    def on_hide_view(self) -> None:
        """Release the pause overlay's input handlers."""
        if self._pause is not None:
            self._pause.hide()

    def on_resize(self, width: int, height: int) -> None:
        """Refit cameras and lay the HUD out for the new size."""
        self.lay_size = (width, height)
        self.s = s = ui_scale(width, height)
        self.hud_h = HUD_HEIGHT * s
        self.world_camera.match_window()
        self.hud_camera.match_window(position=True)
        self.cam.hud, self.cam.footer = self.hud_h + BANNER_STRIP * s, FOOTER_HEIGHT * s
        self.cam.resize(width, height)
        self.t_time.font_size = 18 * s
        self.t_time.position = (width / 2, height - self.hud_h / 2)
        self.t_count.position = (width / 2, height / 2)
        self.t_count.font_size = max(40, min(96, height // 7))
        self.t_banner.position = (width / 2, height - self.hud_h - BANNER_STRIP * s / 2)
        self.t_help.position = (width / 2, 8 * s)
        fit_text(self.t_help, HELP, width - 24, min_size=8, size=11 * s)
        self._shown = ()
        self._changed = True

    @property
    def pause(self) -> PauseOverlay:
        """The pause overlay (Resume, Restart, volume, Help, End race)."""
        if self._pause is None:
            self._pause = PauseOverlay(self.ctx, self.resume, self.restart, self.end_race,
                                       on_help=self.show_help, quit_label="End race")
        return self._pause

    # -- actions ---------------------------------------------------------------------
    def go_back(self) -> None:
        """Back to where the race was opened from (the race setup by default)."""
        if self.back_view is not None:
            self.ctx.show(self.back_view)
        else:
            self.ctx.go(Route.RACE_SETUP)

    def toggle_pause(self) -> None:
        """P / Esc: stop the clock and cover the maze, or resume."""
        if self.paused:
            self.resume()
            return
        if self.duo.phase is RacePhase.OVER:
            return
        self.paused = True
        for keys in self.keys:
            keys.clear()
        self.pause.show()
        self._changed = True

    def resume(self) -> None:
        """Close the pause overlay; the clock runs again."""
        self.paused = False
        if self._pause is not None:
            self._pause.hide()
        self._changed = True

    def restart(self) -> None:
        """The same maze from a new countdown."""
        self.resume()
        self.duo = self.duo.again()
        if self.dark_layer is not None and self.duo.fog is not None:
            self.dark_layer.fog = self.duo.fog
            self.dark_layer.update_fog(range(self.maze.grid.n))
        for keys in self.keys:
            keys.clear()
        self.end_wait = -1.0
        self.cam.fit()
        self._shown = ()

    def end_race(self) -> None:
        """End race: back to the setup before the start; else whoever is still racing gives up (results)."""
        self.resume()
        if not self.duo.started:
            self.go_back()
            return
        self.duo.end()
        self.show_result()

    def show_result(self) -> None:
        """The result screen (both times, the ghost codes)."""
        from game.views.race_duo_result import DuoResultView

        self.end_wait = 1e9
        self.ctx.show(DuoResultView(self.ctx, self.duo, self.go_back, self.play))

    def play(self, duo: DuoSession) -> None:
        """Show a new two-player race (the result screen's "Race again")."""
        self.ctx.show(DuoView(self.ctx, duo, self.back_view))

    def show_help(self) -> None:
        """The help screen (it lists the two-player keys); comes back here, paused."""
        self.ctx.go(Route.HELP, back_to=self, mode=self.maze.grid.kind)

    # -- input -------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Each player's keys, P/Esc pause, R restart, camera keys, F1 help (pauses), F11."""
        self._changed = True
        if symbol == key.F1:
            if not self.paused:
                self.toggle_pause()
            self.show_help()
            return True
        if common_key(self.ctx, symbol, modifiers):
            return True
        if symbol in (key.ESCAPE, key.P):
            self.toggle_pause()
            return True
        if self.paused:
            return self.pause.on_key_press(symbol)
        for i, own in enumerate(PLAYER_KEYS):
            if symbol in own:
                for direction, prefer in self.keys[i].press(symbol):
                    self.duo.press(i, direction, prefer)
                return True
        if symbol == key.R:
            self.restart()
        elif self.cam.handle_key(symbol, self.cam.world_to_screen(*self.midpoint())):
            pass
        else:
            return None
        return True

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        """Forget a released direction key."""
        for keys in self.keys:
            keys.release(symbol)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Start a drag (a click does not walk: two players share one mouse)."""
        self.press_at = (x, y)
        self.dragging = False

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """Pan."""
        if self.press_at is None or self.paused:
            return
        if not self.dragging and math.hypot(x - self.press_at[0], y - self.press_at[1]) >= 5:
            self.dragging = True
        if self.dragging:
            self.cam.pan(dx, dy)
            self._changed = True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """End a drag."""
        self.press_at, self.dragging = None, False

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom around the cursor."""
        if scroll_y and not self.paused:
            self.cam.zoom_at(x, y, 1.15 ** scroll_y)
            self._changed = True

    # -- time ----------------------------------------------------------------------------
    def midpoint(self) -> tuple[float, float]:
        """Halfway between the two players (the camera follows it when zoomed in)."""
        (ax, ay), (bx, by) = self.duo.position(0), self.duo.position(1)
        return (ax + bx) / 2, (ay + by) / 2

    def on_update(self, delta_time: float) -> None:
        """Advance the race (not while paused); sounds for its events; the result screen after the end."""
        if self.paused:
            return
        duo = self.duo
        for i, keys in enumerate(self.keys):
            for direction, prefer in keys.tick(delta_time):  # a press that waited for a diagonal partner
                duo.press(i, direction, prefer)
        audio = self.ctx.audio
        held = (self.keys[0].held_direction(), self.keys[1].held_direction())
        for event in duo.advance(delta_time, held):
            if event.kind is EventKind.STEP:
                audio.play("step", 0.3)
            elif event.kind is EventKind.BUMP:
                audio.play("bump", 0.6)
            elif event.kind is EventKind.BEEP:
                audio.play("click")
            elif event.kind is EventKind.ARRIVED:
                audio.play("win")
        if self.dark_layer is not None:
            changed = self.dark_layer.fog.take_changes()
            if changed:
                self.dark_layer.update_fog(changed)
        self.cam.follow(*self.midpoint(), delta_time)
        if duo.phase is RacePhase.OVER:
            if self.end_wait < 0:
                self.end_wait = RESULT_DELAY
            else:
                self.end_wait -= delta_time
                if self.end_wait <= 0:
                    self.show_result()

    def needs_redraw(self) -> bool:
        """True after input or when what the screen shows changed (a player moved, the clock's shown
        second, the countdown, a line of the HUD, the fog, the camera); a race where nobody moves redraws
        once a second."""
        changed, self._changed = self._changed, False
        if self.paused:
            return changed or bool(self._pause and any(w._requires_render for w in self._pause.ui.walk_widgets()))
        return changed or self._frame_key() != self._drawn

    def _frame_key(self) -> tuple[Any, ...]:
        duo, cam = self.duo, self.cam
        fog = duo.fog.version if duo.fog is not None else 0
        return (cam.x, cam.y, cam.zoom, cam.shake, duo.position(0), duo.position(1), self.clock_text(),
                self.countdown_text(), self.banner_text(), self.player_line(0), self.player_line(1), fog)

    def clock_text(self) -> str:
        """The HUD clock: whole seconds while the race runs (one redraw a second), tenths once it is over."""
        duo = self.duo
        if duo.phase is RacePhase.OVER:
            return format_clock(duo.clock, 2)[:-1]
        return format_clock(max(0.0, duo.clock), 0)

    def countdown_text(self) -> str:
        """``3``, ``2``, ``1``, then ``GO!`` for half a second, then nothing."""
        duo = self.duo
        return "" if duo.tick >= 30 else ("GO!" if duo.tick >= 0 else str(duo.countdown_left))

    # -- drawing ----------------------------------------------------------------------------
    def draw_world(self) -> None:
        """The maze (through the shared fog when dark), both trails side by side, both players."""
        t = self.ctx.theme
        duo = self.duo
        self.layer.draw(self.cam.zoom)
        size = self.layer.cell_size
        shift = 0.09 * size
        for i in (0, 1):
            dx = -shift if i == 0 else shift
            pts = [(x + dx, y - dx) for x, y in (self.centers[c] for c in duo.trail(i)[:-1])]
            px, py = duo.position(i)
            pts.append((px + dx, py - dx))
            if len(pts) > 1:
                arcade.draw_line_strip(pts, (*self.colors[i][:3], 200), 0.1 * size)
        (ax, ay), (bx, by) = duo.position(0), duo.position(1)
        gap = math.hypot(bx - ax, by - ay)
        apart = max(0.0, 0.55 * size - gap) / 2  # on one cell: side by side
        for i, (x, y) in ((1, (bx + apart, by)), (0, (ax - apart, ay))):
            color = self.colors[i]
            if duo.racers[i].gave_up:
                color = (*color[:3], 110)
            draw_marker(i, x, y, self.radius, color, t.player_edge, max(self.radius * 0.2, 1.0 / self.cam.zoom))

    def banner_text(self) -> str:
        """The line under the top bar: who arrived, who still races."""
        duo = self.duo
        a, b = duo.racers
        if duo.phase is RacePhase.OVER:
            return duo.result().summary(PLAYER_NAMES)
        if duo.decided:
            first = duo.arrived()[0]
            return (f"{PLAYER_NAMES[first]} reached the goal first!  {PLAYER_NAMES[1 - first]}: "
                    "keep going for a time (Esc: End race to stop)")
        for r, other in ((a, b), (b, a)):
            if r.gave_up and not other.gave_up:
                return f"{PLAYER_NAMES[r.index]} gave up: {PLAYER_NAMES[other.index]} races on alone"
        return ""

    def player_line(self, i: int) -> str:
        """``Player 1 · WASD · 12 moves``, with the time and place once arrived (its marker is drawn beside it)."""
        duo = self.duo
        run = duo.result().runs[i]
        name = f"{PLAYER_NAMES[i]} · {PLAYER_TAGS[i].split(',')[0]}"
        if run.seconds is not None:
            place = {1: "1st", 2: "2nd"}.get(run.place or 0, "")
            return f"{name} · {format_clock(run.seconds, 2)} · {count(run.steps, 'move')} · {place}"
        if duo.racers[i].gave_up:
            return f"{name} · gave up · {count(run.steps, 'move')}"
        return f"{name} · {count(run.steps, 'move')}"

    def update_texts(self) -> None:
        """Change the HUD texts only when what they show changed; every line fits its zone."""
        duo = self.duo
        count = self.countdown_text()
        width, height = self.lay_size
        lines = (self.player_line(0), self.player_line(1))
        shown = (self.clock_text(), count, self.banner_text(), lines, width)
        if shown == self._shown:
            return
        self._shown = shown
        self.t_time.text = shown[0]
        self.t_count.text = count
        s = self.s
        fit_text(self.t_banner, shown[2], width - 32 * s, min_size=9, size=14 * s)
        side = width / 2 - max(self.t_time.content_width, 90 * s) / 2 - 34 * s
        y = height - self.hud_h / 2
        fit_text(self.t_title, "Two players, one keyboard", side, min_size=10, size=15 * s)
        note = duo.spec.label() + (" · one shared fog: what either player sees" if duo.dark else "")
        fit_text(self.t_note, note, side, min_size=8, size=11 * s)
        self.t_title.position = (16 * s, y + 11 * s)
        self.t_note.position = (16 * s, y - 12 * s)
        for i, text in enumerate(self.t_players):
            text.color = self.colors[i]
            fit_text(text, lines[i], side - 22 * s, min_size=8, size=12 * s)
            text.position = (width - 16 * s, y + (11 if i == 0 else -12) * s)

    def on_draw(self) -> None:
        """World, then HUD (with each player's marker beside its line), then the pause overlay."""
        self.clear()
        w, h = self.lay_size
        self._drawn = self._frame_key()
        if not self.paused:
            self.cam.apply(self.world_camera)
            self.world_camera.use()
            self.draw_world()
        self.hud_camera.use()
        t = self.ctx.theme
        if self.paused:
            self.pause.draw(w, h)
            return
        draw_top_bar(w, h, self.hud_h, BANNER_STRIP * self.s, t)
        self.update_texts()
        for text in (self.t_title, self.t_note, self.t_time, *self.t_players, self.t_help):
            text.draw()
        for i, text in enumerate(self.t_players):
            draw_marker(i, text.left - 12 * self.s, text.y, 5 * self.s, self.colors[i], t.player_edge, 1.0)
        if self.t_count.text:
            self.t_count.draw()
        if self.t_banner.text:  # in its own strip under the top bar: never over the maze or a player
            self.t_banner.draw()

    def texts(self) -> list[arcade.Text]:
        """The texts on screen now (for layout tests)."""
        shown = [self.t_title, self.t_note, self.t_time, *self.t_players, self.t_help]
        return shown + [t for t in (self.t_count, self.t_banner) if t.text]


# -- ways in -------------------------------------------------------------------------
def open_duo(ctx: Context, code: str, back: arcade.View | None = None) -> arcade.View:
    """A two-player race on the level of a maze code (``M1``/``M2``, ``.D`` for dark).

    Levels over :data:`BACKGROUND_CELLS` cells are built in the background behind a progress screen.

    Raises:
        CodeError: the code does not decode, or is not a maze code (one plain sentence).
    """
    spec = MazeSpec.from_code(normalize(code))

    def build() -> DuoSession:
        return DuoSession(spec)

    if estimate_cells(spec) > BACKGROUND_CELLS:
        return RaceLoadingView(ctx, build, lambda duo: DuoView(ctx, duo, back), back, what="building the maze")
    return DuoView(ctx, build(), back)
