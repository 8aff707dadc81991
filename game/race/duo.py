"""The two-player race screen: WASD (player 1) against the arrow keys (player 2) on one maze and one clock.

The race is :class:`engine.modes.race.duo.DuoSession` (the rules, the clock, the
shared fog of a dark race); this view maps each player's keys to it, plays its
events as sounds and draws what it reports.  The players stay apart without
colour: player 1 is a **disc** (Okabe-Ito blue), player 2 a **diamond**
(orange, the shape the race screen gives an opponent); their trails run side by
side where they share a corridor.  The mouse zooms and pans; a click does not
walk (two players share one mouse).  P or Esc pauses (Resume, Restart, End
race, Help); R restarts.

Ways in: the route ``race-duo`` (:func:`game.race.open.open_duo`) or ``DuoView(ctx, session)``.
"""

from __future__ import annotations

import math
from typing import Any

import arcade
from arcade import key

from engine.modes.base import EventKind, Phase
from engine.modes.race.duo import DuoSession
from game import routes
from game.bases.screen import common_key
from game.context import Context
from game.format import count, floor_text, format_time
from game.race.players import PLAYER_NAMES, PLAYER_TAGS, draw_marker, player_colors
from game.race.screen import RaceScreen
from game.render.geometry import trail_strips
from game.shell.pause import PauseOverlay
from game.ui import fit_text, needs_render
from game.ui.input import Bindings, climb_direction
from game.ui.movement import DirectionKeys


def duo_help(k: Bindings) -> str:
    """The key line: each player's keys (from the key table ``k``: the player's, ``ctx.keys``), pause, restart,
    camera."""

    def four(p: str) -> str:
        return "/".join(k.label(f"duo.{p}_{d}").split(" / ")[0] for d in ("up", "left", "down", "right"))

    return (f"Player 1: {four('p1')} (disc) · Player 2: {four('p2')} (diamond) · hold to run · "
            f"{k.label('duo.pause')}/Esc pause · {k.label('duo.restart')} restart · wheel zoom · drag pan · "
            f"{k.label('camera.fit')} fit")


class DuoView(RaceScreen):
    """Two players race one maze on one keyboard.

    Args:
        ctx: shared context.
        duo: the race (at the start of its countdown).
        back: the screen "End race" during the countdown and "New race" return to (None: the race setup).
    """

    key_context = "duo"

    def __init__(self, ctx: Context, duo: DuoSession, back: arcade.View | None = None) -> None:
        # a dark race: the maze is drawn through the one shared fog
        super().__init__(ctx, duo.maze, duo.fog, ctx.theme, back, duo_help(ctx.keys))
        self.duo = duo
        self.viewport.dim_floors = False  # two players may be on two floors: none is dimmed
        self.colors = player_colors(ctx.theme)
        chords = self.maze.grid.kind != "square"
        self.keys = (DirectionKeys(chords=chords, vectors=ctx.keys.vectors("duo", "p1_"), clock=self.frames),
                     DirectionKeys(chords=chords, vectors=ctx.keys.vectors("duo", "p2_"), clock=self.frames))
        self.radius = 0.27 * self.layer.cell_size
        self.paused = False
        self._pause: PauseOverlay | None = None  # built on first use (arcade.gui buttons are slow to create)
        t = ctx.theme
        self.t_players = (self.make_text(12, t.text, anchor_x="right", anchor_y="center"),
                          self.make_text(12, t.text, anchor_x="right", anchor_y="center"))

    # -- lifecycle ------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Fit the camera; back from help the race is still paused."""
        super().on_show_view()
        self.background_color = self.ctx.theme.background
        self.on_resize(self.window.width, self.window.height)
        if self.paused:
            self.pause.show()

    def on_hide_view(self) -> None:
        """Release the pause overlay's input handlers; the clock stands while another screen shows."""
        self.frames.pause()
        if self._pause is not None:
            self._pause.hide()

    @property
    def pause(self) -> PauseOverlay:
        """The pause overlay (Resume, Restart, volume, Help, End race)."""
        if self._pause is None:
            self._pause = PauseOverlay(self.ctx, self.resume, self.restart, self.end_race,
                                       on_help=self.show_help, quit_label="End race",
                                       status=lambda: f"{self.duo.level.title()}  ·  {self.clock_text()}")
        return self._pause

    # -- actions ---------------------------------------------------------------------
    def toggle_pause(self) -> None:
        """P / Esc: stop the clock and cover the maze, or resume."""
        if self.paused:
            self.resume()
            return
        if self.duo.phase is Phase.OVER:
            return
        self.paused = True
        self.frames.pause()  # the clock stands from this moment
        for keys in self.keys:
            keys.clear()
        self.pause.show()
        self._changed = True

    def resume(self) -> None:
        """Close the pause overlay; the clock runs again."""
        self.paused = False
        self.frames.resume()
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
        self.viewport.open_on(*self.midpoint())  # fitted, or a big maze zoomed on the start again
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
        self.end_wait = 1e9
        self.ctx.show(routes.duo_result(self.ctx, self.duo, self.go_back, self.play))

    def play(self, duo: DuoSession) -> None:
        """Show a new two-player race (the result screen's "Race again")."""
        self.ctx.show(DuoView(self.ctx, duo, self.back_view))

    def show_help(self) -> None:
        """The help screen (it lists the two-player keys); comes back here, paused."""
        self.ctx.go(routes.help_screen, back_to=self, mode=self.maze.grid.kind)

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
        action = self.ctx.keys.action("duo", symbol)
        if symbol == key.ESCAPE or action == "pause":
            self.toggle_pause()
            return True
        if self.paused:
            return self.pause.on_key_press(symbol)
        for i, own in enumerate(self.keys):
            if symbol in own.vectors:
                self.race_for(self.frames.split())  # the race catches up to this moment: the key acts now
                for direction, prefer in own.press(symbol):
                    self.duo.press(i, direction, prefer)
                return True
        if self.duo.level.floors > 1:  # stairs: E/Q player 1, PgUp/PgDn player 2 (Settings → Keys)
            for i in (0, 1):
                if up := climb_direction(symbol, self.ctx.keys, "duo", f"p{i + 1}_"):
                    self.duo.climb(i, up)
                    return True
        if action == "restart":
            self.restart()
        elif self.viewport.handle_key(symbol, self.midpoint()):
            pass
        else:
            return None
        return True

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        """Forget a released direction key (the race first catches up to this moment)."""
        if not self.paused and any(symbol in keys.held for keys in self.keys):
            self.race_for(self.frames.split())
        for keys in self.keys:
            keys.release(symbol)

    def input_paused(self) -> bool:
        """The mouse neither pans nor zooms under the pause overlay."""
        return self.paused

    # -- time ----------------------------------------------------------------------------
    def focus_point(self) -> tuple[float, float] | None:
        """Halfway between the players (a big maze opens on it; the minimap's dot)."""
        return self.midpoint()

    def midpoint(self) -> tuple[float, float]:
        """Halfway between the two players (the camera follows it when zoomed in)."""
        (ax, ay), (bx, by) = self.duo.position(0), self.duo.position(1)
        return (ax + bx) / 2, (ay + by) / 2

    def on_update(self, delta_time: float) -> None:
        """Advance the race (not while paused); sounds for its events; the result screen after the end."""
        dt = self.real_step(delta_time, self.paused)
        if self.paused:
            return
        duo = self.duo
        for i, keys in enumerate(self.keys):
            for direction, prefer in keys.tick():  # a press that waited for a diagonal partner
                duo.press(i, direction, prefer)
        self.race_for(dt)
        self.count_down_to_result(duo.phase, dt)

    def race_for(self, dt: float) -> None:
        """Run the race ``dt`` real seconds on (each player's held keys as now): sounds, fog, camera."""
        duo = self.duo
        audio = self.ctx.audio
        held = (self.keys[0].held_direction(), self.keys[1].held_direction())
        for event in duo.advance(dt, held):
            if event.kind is EventKind.STEP:
                audio.play("stairs" if event.value else "step", 0.3)  # value: +1/-1 on a stair
            elif event.kind is EventKind.BUMP:
                audio.play("bump", 0.6)
            elif event.kind is EventKind.BEEP:
                audio.play("race_start" if event.value == 0 else "click")  # 0: go
            elif event.kind is EventKind.ARRIVED:
                audio.play("win")
        self.update_fog()
        self.viewport.follow(*self.midpoint(), dt)

    def needs_redraw(self) -> bool:
        """Under the pause overlay: after input or while its widgets change; else as every race screen."""
        if self.paused:
            changed, self._changed = self._changed, False
            return changed or (self._pause is not None and needs_render(self._pause.ui))
        return super().needs_redraw()

    def frame_key(self) -> tuple[Any, ...]:
        """Both players, the clock line, countdown, what the banner and HUD lines show, the fog, the camera."""
        duo = self.duo
        fog = duo.fog.version if duo.fog is not None else 0
        # what the banner and the players' lines are made of (moves, arrivals, giving up), not the lines themselves:
        # this runs every tick
        runs = tuple((len(r.moves), r.gave_up) for r in duo.racers)
        return (*self.viewport.view_key(), duo.position(0), duo.position(1), self.clock_text(),
                self.countdown_text(), duo.phase, len(duo.arrived()), runs, fog)

    def clock_text(self) -> str:
        """The HUD clock (whole seconds while the race runs, hundredths once it is over)."""
        return self.clock_line(self.duo.clock, self.duo.phase is Phase.OVER)

    def countdown_text(self) -> str:
        """``3``, ``2``, ``1``, then ``GO!`` for half a second, then nothing."""
        return self.countdown_line(self.duo.tick, self.duo.countdown_left)

    # -- drawing ----------------------------------------------------------------------------
    def draw_world(self) -> None:
        """The maze (through the shared fog when dark), both trails side by side, both players."""
        t = self.ctx.theme
        duo = self.duo
        self.viewport.draw(cached=self.lay_size, clear=self.clear)  # the still maze from an image
        size = self.layer.cell_size
        shift = 0.09 * size
        for i in (0, 1):
            dx = -shift if i == 0 else shift
            px, py = duo.position(i)
            for strip in trail_strips(duo.level.maze, duo.trail(i)[:-1], (px, py), duo.floor(i)):
                arcade.draw_line_strip([(x + dx, y - dx) for x, y in strip], (*self.colors[i][:3], 200), 0.1 * size)
        (ax, ay), (bx, by) = duo.position(0), duo.position(1)
        gap = math.hypot(bx - ax, by - ay)
        apart = max(0.0, 0.55 * size - gap) / 2  # on one cell: side by side
        for i, (x, y) in ((1, (bx + apart, by)), (0, (ax - apart, ay))):
            color = self.colors[i]
            if duo.racers[i].gave_up:
                color = (*color[:3], 110)
            draw_marker(i, x, y, self.radius, color, t.player_edge, max(self.radius * 0.2, 1.0 / self.cam.zoom))
            self.layer.draw_bridge(duo.racers[i].play.tunnel(), self.cam.zoom)  # weave: this player is under it

    def banner_text(self) -> str:
        """The line under the top bar: who arrived, who still races."""
        duo = self.duo
        a, b = duo.racers
        if duo.phase is Phase.OVER:
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
        if duo.level.floors > 1 and run.seconds is None:  # where each player is while racing: "floor 2/3"
            name += f" · {floor_text(duo.floor(i), duo.level.floors)}"
        if run.seconds is not None:
            place = {1: "1st", 2: "2nd"}.get(run.place or 0, "")
            return f"{name} · {format_time(run.seconds)} · {count(run.steps, 'move')} · {place}"
        if duo.racers[i].gave_up:
            return f"{name} · gave up · {count(run.steps, 'move')}"
        return f"{name} · {count(run.steps, 'move')}"

    def update_texts(self) -> None:
        """Change the HUD texts only when what they show changed; every line fits its zone."""
        duo = self.duo
        countdown = self.countdown_text()
        width, height = self.lay_size
        lines = (self.player_line(0), self.player_line(1))
        shown = (self.clock_text(), countdown, self.banner_text(), lines, width)
        if shown == self._shown:
            return
        self._shown = shown
        self.t_time.text = shown[0]
        self.t_count.text = countdown
        s = self.s
        self.set_banner(shown[2])
        side = self.hud_side(width)
        y = height - self.hud_h / 2
        note = duo.level.title() + (" · one shared fog: what either player sees" if duo.dark else "")
        self.place_title("Two players, one keyboard", note)
        for i, text in enumerate(self.t_players):
            text.color = self.colors[i]
            fit_text(text, lines[i], 12 * s, side - 22 * s, 8, step=1)
            text.position = (width - 16 * s, y + (11 if i == 0 else -12) * s)

    def on_draw(self) -> None:
        """World, then HUD (with each player's marker beside its line), then the pause overlay."""
        w, h = self.lay_size
        self.mark_drawn()
        if not self.paused:
            self.draw_world()  # clears the window unless the maze's image covers it
        else:
            self.clear()
        self.hud_camera.use()
        t = self.ctx.theme
        if self.paused:
            self.pause.draw(w, h)
            return
        self.update_texts()
        self.draw_hud([self.t_title, self.t_note, self.t_time, *self.t_players])
        for i, text in enumerate(self.t_players):
            draw_marker(i, text.left - 12 * self.s, text.y, 5 * self.s, self.colors[i], t.player_edge, 1.0)

    def texts(self) -> list[arcade.Text]:
        """The texts on screen now (for layout tests)."""
        shown = [self.t_title, self.t_note, self.t_time, *self.t_players, self.t_help]
        return shown + [t for t in (self.t_count, self.t_banner) if t.text]
