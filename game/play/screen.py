"""The play screen's body, :class:`PlayScreen` (maze, player, HUD, camera, pause, the way to the win screen), the
base of :class:`game.play.view.PlayView` and of the guided start (:mod:`game.play.guide`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
import numpy as np
from arcade import key

from engine.level import NamedLevel
from engine.modes.base import Event
from engine.modes.clock import PlayClock
from engine.modes.play import PlaySession
from game import routes
from game.bases.screen import MazeScreen, common_key
from game.context import Context
from game.format import count, moves_texts, record_time, running_time
from game.play.answers import SHAKE_TIME, TouchAnswers
from game.play.dark import goal_hint_on
from game.play.feel import GOAL_TIME
from game.play.keep import KeepPlace, forget_place
from game.play.marks import draw_finder, draw_goal_hint, draw_player
from game.play.mouse import PlayMouse
from game.play.parts import PlayParts
from game.play.rules import SEEN_SETTING, RuleIntro, RuleMarks, held_icons, new_rules, rules_help
from game.render.geometry import cell_inradius
from game.render.minimap import Minimap, wants_minimap
from game.shell.pause import PauseOverlay
from game.ui import FONT, ellipsize, fit_text, small_print_scale, snap_to_pixels, text_scale, ui_scale
from game.ui.input import climb_direction
from game.ui.movement import DirectionKeys
from game.ui.textfit import measured
from game.ui.viewport import MazeViewport, maze_help_line

if TYPE_CHECKING:
    from engine.modes.campaign import CampaignLevel

HUD_HEIGHT = 52
FOOTER_HEIGHT = 26  # the key help line under the maze
WIN_DELAY = GOAL_TIME  # seconds between reaching the goal and the win screen: the goal's moment
HUD_GAP = 24  # pixels at scale 1 between the clock and the texts beside it
NOTICE_TIME = 2.0  # seconds a notice replaces the key help (a refused click says why)
PULSE_TIME = 1.0  # seconds the player's disc pulses when a level opens (not with the "reduced_motion" setting)
HELP_LINE = maze_help_line()  # with the default keys
FINDER_BELOW_PX = 6.0  # the player's disc radius on screen under which a ring shows where it is


class PlayScreen(KeepPlace, PlayMouse, TouchAnswers, PlayParts, MazeScreen):
    """Play one maze (the base of :class:`game.play.view.PlayView` and the guided start).

    Args:
        ctx: shared context.
        named: the level to play, whole (:class:`engine.level.NamedLevel`): the level with its recipe and dark
            flag (fog of war: :mod:`engine.modes.fog`, :mod:`game.render.fog_layer`), its code (the key for
            personal bests, shown on the win screen; empty for a level without a code: no bests are kept) and
            its title (shown in the HUD).
        campaign: the campaign level, if any (progress and "next level"; kept as :attr:`level`).
        par_time, par_moves: par values (defaults from the shortest path).
        back: what Esc and "Quit level" do (default: main menu).
        session: a play session already built on ``named.level`` (big mazes build it in the background).
    """

    def __init__(
        self,
        ctx: Context,
        named: NamedLevel,
        *,
        campaign: CampaignLevel | None = None,
        par_time: float | None = None,
        par_moves: int | None = None,
        back: Callable[[], None] | None = None,
        session: PlaySession | None = None,
    ) -> None:
        super().__init__(ctx)
        self.ctx = ctx
        self.named = named
        maze = self.maze = named.maze
        self.code = named.code
        self.level = campaign
        title = self.title_text = named.title
        self._back = back or (lambda: routes.show_menu(ctx))
        if session is None:
            session = PlaySession(named.level, par_time, par_moves, goal_hint=goal_hint_on(ctx.store))
        self.session = session
        self.fog = session.fog
        self.viewport = MazeViewport.for_maze(ctx.window, maze, ctx.theme, self.fog, HUD_HEIGHT, FOOTER_HEIGHT,
                                              keys=ctx.keys)
        self.layer.mark_visited(self.session.start)
        self.hud_camera = arcade.Camera2D()
        #: The level's real playing time (pauses and questions left out); key times are taken on it too.
        self.frames = PlayClock(ctx.clock)
        self.keys = DirectionKeys(chords=maze.grid.kind != "square", vectors=ctx.keys.vectors("maze"),
                                  clock=self.frames)
        self.paused = False
        self._pause: PauseOverlay | None = None  # built on first use (arcade.gui buttons are slow to create)
        self.shake_left = 0.0
        self.felt: list[Event] = []  # what the view adds to the session's events (a click it may not walk)
        self.init_answers(ctx, named, campaign is not None)  # how the maze answers a touch (:mod:`answers`)
        self.player_radius = 0.3 * self.layer.cell_size  # at most; shrunk to fit small cells (triangles)
        self._radius: dict[int, float] = {}
        t = ctx.theme
        self.background_color = t.background
        self.hud_title = arcade.Text(title, 16, 0, t.text, 16, font_name=FONT, bold=True, anchor_y="center")
        self.hud_time = arcade.Text("0:00", 0, 0, t.text, 18, font_name=FONT, bold=True, anchor_x="center",
                                    anchor_y="center")
        self.hud_moves = arcade.Text("", 0, 0, t.text, 14, font_name=FONT, anchor_x="right", anchor_y="center")
        # A shaped maze whose mask fell apart says which part it kept (in place of the key help).
        note = getattr(maze.grid, "note", None)
        self.help_line = (note() if note is not None else "") or maze_help_line(ctx.keys, maze.grid.floors > 1)
        #: a puzzle maze's elements as the game stands (None for a plain maze)
        self.rule_marks = RuleMarks(session) if session.rules is not None else None
        #: a rule met for the first time: one short screen (its picture and a sentence) before the first move
        self.intro = RuleIntro(new_rules(session, ctx.store.setting(SEEN_SETTING)) if session.moves == 0 else [])
        if session.rules is not None:
            first = ctx.keys.first
            self.help_line = rules_help(session, first("maze.wait"), first("maze.undo"), first("maze.hint")) + \
                " · " + self.help_line
        if campaign is not None and campaign.lesson:  # levels 1-3: the one control the level teaches, first
            self.help_line = f"{campaign.lesson} · {self.help_line}"
        self.notice_left = 0.0  # while > 0 the footer shows a notice instead of the key help
        self.footer_line = self.help_line
        self.hud_help = arcade.Text(self.help_line, 0, 4, t.text_dim, 11, font_name=FONT, anchor_x="center",
                                    anchor_y="bottom")
        self._shown: tuple[str, int, int, int, float] = ("", -1, 0, 0, 0.0)
        self._drawn: tuple[Any, ...] = ()
        self._theme = t
        self.hud_height = float(HUD_HEIGHT)
        self.footer_height = float(FOOTER_HEIGHT)
        self.minimap = Minimap(maze, t) if wants_minimap(maze, self.fog is not None) else None
        self.pulse_left = self.opening_pulse()
        self.hint_cell: int | None = -1  # a puzzle maze's hinted cell, ringed until the next move
        self.help_paused = False  # F1 paused the maze to open Help (coming back resumes it)

    def opening_pulse(self) -> float:
        """Seconds the player's disc pulses at a (re)start: :data:`PULSE_TIME`, none with "reduced_motion" on."""
        return 0.0 if self.ctx.store.setting("reduced_motion") == "1" else PULSE_TIME

    @property
    def pause(self) -> PauseOverlay:
        """The pause overlay (created on first access)."""
        if self._pause is None:
            self._pause = PauseOverlay(self.ctx, self.resume, self.restart, self.back,
                                       on_settings=lambda: self.ctx.go(routes.settings, back_to=self),
                                       on_help=self.show_help, status=self.pause_status)
        return self._pause

    def trail_points(self) -> np.ndarray:
        """The centres of the cells walked so far, world units ``(k, 2)`` (made again only after a step: the
        minimap keeps off them)."""
        visited = self.session.visited
        kept = getattr(self, "_trail_points", None)
        if kept is None or kept[0] != len(visited) or kept[1] is not visited:
            kept = (len(visited), visited, np.asarray(self.maze.grid.centers)[np.asarray(visited, dtype=np.int64)])
            self._trail_points = kept
        return kept[2]

    def pause_status(self) -> str:
        """The pause screen's line: the level, its clock as the HUD shows it (m:ss while it runs) and the moves."""
        return f"{self.title_text}  ·  {self.clock_text()}  ·  {count(self.session.moves, 'move')}"

    def show_help(self) -> None:
        """The help screen for this maze's shape (comes back here)."""
        page = self.maze.grid.kind
        if self.session.rules is not None:  # a puzzle maze: the page of its first rule (the others follow)
            first = self.session.rules.rules.families()[0]
            page = "hunter" if first == "pursuer" else first
        self.ctx.go(routes.help_screen, back_to=self, mode=page)

    # -- lifecycle --------------------------------------------------------------
    def on_show_view(self) -> None:
        """Fit the camera to the window; back from settings/help the overlay is still up (and the theme new)."""
        super().on_show_view()
        t = self.ctx.theme
        self.background_color = t.background
        self.answers_on_show()  # back from the settings: reduced motion, the best run may have been switched
        if self.rule_marks is not None:
            self.rule_marks.still = self.still
            self.rule_marks.edge = self.ctx.theme.wall
        if self.fog is not None:  # back from the settings: the goal hint may have been switched
            self.fog.goal_hint = goal_hint_on(self.ctx.store)
        if t is not self._theme:
            self._theme = t
            self.layer.set_theme(t)
            for text in (self.hud_title, self.hud_time, self.hud_moves):
                text.color = t.text
            self._pause = None
            if self.paused:
                self.pause.show()
        elif self.paused and self._pause is not None:
            self._pause.show()
        if self.help_paused:  # F1 paused the maze for Help: its clock goes on from here
            self.help_paused = False
            if self.paused:
                self.resume()
        self.on_resize(self.window.width, self.window.height)
        self.question_on_show()

    def on_hide_view(self) -> None:
        """Release the overlays' input handlers; the clock stands while another screen shows."""
        self.frames.pause()
        if self._pause is not None:
            self._pause.hide()
        self.question_on_hide()

    def on_resize(self, width: int, height: int) -> None:
        """Refit the world camera and re-place the HUD."""
        self.hud_camera.match_window(position=True)
        s = ui_scale(width, height)
        self.hud_height = HUD_HEIGHT * s
        self.footer_height = FOOTER_HEIGHT * small_print_scale(width, height)  # room for the key help's floor
        self.viewport.match_window(width, height, self.hud_height, self.footer_height,
                                   focus=self.session.display_position())
        if self.minimap is not None:
            self.minimap.place(width, height, self.hud_height, s, self.footer_height)
        y = height - self.hud_height / 2
        self.hud_time.font_size = 18 * s
        self.hud_time.position = (width / 2, y)
        self.hud_title.font_size = 16 * s
        self.hud_title.position = (16 * s, y)
        self.hud_moves.font_size = 14 * s
        self.hud_moves.position = (width - 16 * s, y)
        self.footer(self.footer_line)
        self.hud_help.position = (width / 2, 4 * small_print_scale(width, height))
        # on whole pixels: at some fractional heights software GL drops glyph rows (the clock looked serif)
        snap_to_pixels((self.hud_time, self.hud_title, self.hud_moves, self.hud_help))
        self._shown = ("", -1, 0, 0, 0.0)
        self.request_redraw()

    def footer(self, line: str) -> None:
        """Show ``line`` in the footer (the key help, or a notice in the accent colour), fitted to the window."""
        w, self.footer_line = self.window.width, line
        fit_text(self.hud_help, line, 11 * small_print_scale(w, self.window.height), w - 16, min_size=8)
        self.hud_help.color = self._theme.text_dim if line == self.help_line else self._theme.accent

    def notice(self, line: str) -> None:
        """Say ``line`` in the footer for :data:`NOTICE_TIME` seconds."""
        self.notice_left = NOTICE_TIME
        self.footer(line)

    def _hud_texts(self, width: float) -> None:
        """Timer in the middle; title on the left and counters on the right, each fitted to the room beside the
        clock less a gap (the title shrinks to 11/16 of its size before it is cut)."""
        s = self.session
        self.hud_time.text = self.clock_text()  # a clock tick re-lays the clock alone
        k = ui_scale(width, self.window.height)
        # The room beside the clock moves in steps of a sixth of its least width, so a tick never refits the sides.
        least = 60 * k
        clock_room = max(least, math.ceil(self.hud_time.content_width / (least / 6)) * least / 6)
        shown = ("", s.moves, int(width), s.display_floor(), clock_room)
        if shown == self._shown:
            return
        self._shown = shown
        side = width / 2 - clock_room / 2 - self.hud_title.x - HUD_GAP * k
        # never below the size the title has at 100 % text (a larger clock left it less room: it shrank): it is
        # cut instead
        ts = text_scale()
        k0 = k / ts
        side0 = width / 2 - clock_room / ts / 2 - 16 * k0 - HUD_GAP * k0
        natural = measured(self.title_text, FONT, 16 * k0, True)[0]
        at_100 = 16 * k0 if natural <= side0 else 16 * k0 * max(0.0, side0) / max(natural, 1.0)
        fit_text(self.hud_title, self.title_text, 16 * k, side, min_size=max(9.0, 11 * k, min(at_100, 16 * k)))
        long, short = moves_texts(s.moves, s.par_moves, s.par_time, s.display_floor(), self.maze.grid.floors)
        if s.rules is not None:  # a puzzle maze: stars by moves alone, the par is the proven fewest
            long = f"moves {s.moves}  ·  par {s.par_moves} moves (the fewest)"
            short = f"{s.moves} / {s.par_moves} moves"
        self.hud_moves.text = long
        if self.hud_moves.content_width > side:
            ellipsize(self.hud_moves, short, side)

    def animating(self) -> bool:
        """True when the next frame differs from the last drawn one (player, camera, timer digits)."""
        return self._frame_key() != self._drawn

    def _frame_key(self) -> tuple[Any, ...]:
        s = self.session
        return (*self.viewport.view_key(), self.drawn_position(), self.best_run_position(), s.moves, self.pulse_left,
                *self.feel_key(),
                self.clock_text(), self.paused, self.hud_help.text, *self.question_key(),
                len(s.visited), s.fog.version if s.fog else 0,
                *(self.rule_marks.key() if self.rule_marks is not None else ()), self.intro.visible)

    def clock_text(self) -> str:
        """The HUD clock: whole seconds while it runs (one redraw a second, not ten), the recorded time (hundredths,
        as on the win screen and in Records) once stopped."""
        s = self.session
        return record_time(s.elapsed) if s.finished else running_time(s.elapsed)

    # -- actions ---------------------------------------------------------------
    def back(self) -> None:
        """Leave at once (the pause hidden); a level's play screen asks first (:class:`game.play.view.PlayView`)."""
        if self._pause is not None:
            self._pause.hide()
        self._back()

    def resume(self) -> None:
        """Close the pause overlay."""
        self.paused = False
        if self._pause is not None:
            self._pause.hide()
        self.frames.hold(self.asking())

    def waits(self) -> None:
        """The clock stops now (pause overlay or a question)."""
        self.frames.pause()

    def goes_on(self) -> None:
        """A question was answered: the clock runs again now (unless the pause overlay is up)."""
        self.frames.hold(self.paused)

    def restart(self) -> None:
        """Start the same maze again."""
        self.resume()
        self.session.reset()
        forget_place(self.ctx.store, self.code)
        self.felt.clear()
        self.layer.clear_trail()
        self.layer.mark_visited(self.session.start)
        self.sync_fog()
        self.answers_restart()
        self.keys.clear()
        self.pulse_left = self.opening_pulse()  # back at the start: show where the player is again
        self.hint_cell = -1
        if self.session.rules is not None:
            self.notice_left = 0.0
            self.footer(self.help_line)

    def toggle_pause(self) -> None:
        """P: pause or resume."""
        if self.paused:
            self.resume()
        elif not self.session.finished:
            self.paused = True
            self.waits()
            self.keys.clear()
            self.pause.show()

    # -- input -----------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Movement, pause, restart, zoom keys, Esc, F1 help (pauses), F11; a question takes every key."""
        if self.ask is not None and self.ask.visible:
            return self.ask.on_key_press(symbol, modifiers)
        if self.goal_moment.on and symbol != key.F11:  # any key skips the goal's moment (one typed ahead: not)
            if self.goal_moment.skippable:
                self.skip_moment()
            return True
        if self.intro.visible and symbol not in (key.F1, key.F11):
            self.close_intro()
            return True
        if symbol == key.F1:
            if not self.paused and not self.session.finished:
                self.toggle_pause()
                self.help_paused = True  # back from Help: on into the maze, not the pause menu
            self.show_help()
            return True
        if common_key(self.ctx, symbol, modifiers):
            return True
        if symbol == key.ESCAPE:
            self.back()
            return True
        action = self.ctx.keys.action("maze", symbol)
        self.pushed = None  # a bump this key causes has the key's way, if it has one (a direction key below)
        if self.paused:
            if action == "pause":
                self.resume()
                return True
            return self.pause.on_key_press(symbol)
        if action == "pause":
            self.toggle_pause()
        elif action == "restart":
            self.restart()
        elif self.session.rules is not None and self.rule_key(action, symbol, modifiers):
            pass
        elif self.viewport.handle_key(symbol, self.session.display_position()):
            pass
        elif self.maze.grid.floors > 1 and (up := climb_direction(symbol, self.ctx.keys, letters=True)):
            self.play_for(self.frames.split())  # the session catches up to this moment: the key acts now
            self.cam.following = self.session.climb(up) or self.cam.following  # a stair: the camera follows
        elif symbol in self.keys.vectors:
            self.play_for(self.frames.split())
            self.cam.following = True
            self.pushed = self.keys.vectors[symbol]
            for direction, prefer in self.keys.press(symbol):
                self.pushed = direction
                self.session.press(direction, prefer)
        else:
            return None
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """A click during the goal's moment skips it; else a click or a drag starts."""
        if self.goal_moment.on:
            if self.goal_moment.skippable:
                self.skip_moment()
            return
        self.pushed = None  # a refused click's bump has no way: a ring round the disc
        super().on_mouse_press(x, y, button, modifiers)

    def close_intro(self) -> None:
        """The new rule's screen is closed: its rules count as seen (the setting), the maze plays."""
        seen = [p for p in self.ctx.store.setting(SEEN_SETTING).split(",") if p]
        self.ctx.store.set_setting(SEEN_SETTING, ",".join(dict.fromkeys([*seen, *self.intro.families])))
        self.intro.close()
        self.request_redraw()

    def rule_key(self, action: str | None, symbol: int, modifiers: int) -> bool:
        """A puzzle maze's keys: wait, undo (also Ctrl+Z), hint; True when the key was one of them."""
        s = self.session
        if action == "undo" or (symbol == key.Z and modifiers & key.MOD_CTRL):
            self.play_for(self.frames.split())
            if s.undo():
                self.glide.reset()
                self.layer.clear_trail()
                for cell in dict.fromkeys(s.trace):
                    self.layer.mark_visited(cell)
                self.ctx.audio.play("click", 0.6)
                self.notice_left = 0.0
                self.hint_cell = -1
                self.footer(self.help_line)
            else:
                self.notice("Nothing to undo.")
            return True
        if action == "wait":
            self.play_for(self.frames.split())
            if not s.wait():
                self.notice("Nothing to wait for: there is no hunter here." if not s.caught else
                            "Caught: U undoes the last move.")
            return True
        if action == "hint":
            got = s.hint()
            if got is None:
                self.notice("No hint now: undo first." if s.caught else "No way to the goal from here: undo.")
            else:
                where = "wait a turn" if got.cell is None else "go to the marked cell"
                self.hint_cell = got.cell
                self.ctx.audio.play("hint")
                self.notice(f"Hint: {where}. {got.reason} ({count(got.left + 1, 'move')} to go, no third star.)")
            return True
        return False

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        """Forget a released direction key (the session first catches up to this moment)."""
        if symbol in self.keys.held and not self.paused and not self.asking():
            self.play_for(self.frames.split())
        self.keys.release(symbol)

    # -- time ------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        """Advance the session by the real playing time since the last frame (:attr:`frames`: a slow frame
        counts in full, pauses and questions not at all), react to its events, move the camera."""
        self.frames.hold(self.paused or self.asking())
        dt = self.frames.step(delta_time)
        if self.paused or self.asking():
            return
        for direction, prefer in self.keys.tick():
            self.pushed = direction
            self.session.press(direction, prefer)
        self.play_for(dt)

    def play_for(self, dt: float) -> None:
        """Run the session ``dt`` seconds on (the held keys as now), then sounds, the disc's glide and nudge,
        shake, camera, the goal's moment and the win."""
        held = self.keys.held_direction()
        events, self.felt = self.felt + self.session.advance(dt, held), []
        self.nudge.update(dt)  # before a new bump: it starts whole
        for event in events:
            self.answer(event)
        self.glide.observe(self.session, held)
        self.sync_fog()
        if self.shake_left > 0:
            self.shake_left = max(0.0, self.shake_left - dt)
            amp = 7.0 * self.shake_left / SHAKE_TIME
            self.cam.shake = (amp * math.sin(self.shake_left * 90), amp * 0.5 * math.cos(self.shake_left * 70))
        else:
            self.cam.shake = (0.0, 0.0)
        self.viewport.follow(*self.glide.position(self.session, self.still), dt)
        self.pulse_left = max(0.0, self.pulse_left - dt)
        if self.notice_left > 0:
            self.notice_left -= dt
            if self.notice_left <= 0:
                self.footer(self.help_line)
        if self.goal_moment.update(dt):
            self.finish()

    def finish(self) -> None:
        """The goal was reached (after :data:`WIN_DELAY`): what follows is the screen's own (the play screen: the
        win screen; the guide: its next step).

        Raises:
            NotImplementedError: always, here.
        """
        raise NotImplementedError

    # -- drawing ---------------------------------------------------------------
    def on_draw(self) -> None:
        """World (static layer + player) then HUD; paused, only the overlay (the maze stays hidden)."""
        self._scene = self.scene()
        if self.paused:
            self.clear()
            self.hud_camera.use()
            self.pause.draw(self.window.width, self.window.height)
            self._drawn = self._frame_key()
            return
        t = self.ctx.theme
        w, h = self.window.width, self.window.height
        px, py = self.drawn_position()
        part = self._clear_rect
        if part is not None and part[1] >= h - self.hud_height:  # drawn in parts, this one inside the top bar:
            self.clear()  # the opaque bar hides the world (a clock tick costs the bar alone)
            self.hud_camera.use()
        else:
            self._draw_world(px, py)
        band = (*t.panel[:3], 255)  # opaque: a zoomed maze passes under the HUD and the key help, never over
        arcade.draw_lrbt_rectangle_filled(0, w, h - self.hud_height, h, band)
        arcade.draw_lrbt_rectangle_filled(0, w, 0, self.footer_height, band)
        if self.minimap is not None:
            self.minimap.draw((px, py), self.cam, self.trail_points())
        self._hud_texts(w)
        for text in (self.hud_title, self.hud_time, self.hud_moves, self.hud_help):
            text.draw()
        if self.session.rules is not None:  # the keys held, left of the counters
            size = 18 * ui_scale(w, h)
            held_icons(self.session, self.hud_moves.x - self.hud_moves.content_width - size * 0.5,
                       h - self.hud_height / 2, size)
        if self.intro.visible:
            self.intro.draw(w, h, ui_scale(w, h), t)
        if self.ask is not None and self.ask.visible:
            self.ask.draw(w, h)
        self._drawn = self._frame_key()

    def _draw_world(self, px: float, py: float) -> None:
        """The maze (clearing the window unless its image covers it), the player at ``(px, py)`` and its marks;
        the HUD camera is active afterwards."""
        t = self.ctx.theme
        self.viewport.draw(cached=(self.window.width, self.window.height), clear=self.clear)
        if self.rule_marks is not None:
            self.rule_marks.draw()
            if self.hint_cell is not None and self.hint_cell >= 0:
                hx, hy = self.maze.grid.centers[self.hint_cell]
                arcade.draw_circle_outline(float(hx), float(hy), self.player_radius * 1.2, self.ctx.theme.accent,
                                           0.06, num_segments=48)  # a ring (auto segments: a hexagon in world units)
        self.draw_under_player()
        radius = self.disc_radius()
        self.draw_answers(px, py, radius)
        pulse = 1.0 - self.pulse_left / PULSE_TIME if self.pulse_left > 0 else None  # the level just opened
        draw_player(t, px, py, radius, self.cam.zoom, pulse)
        self.layer.draw_bridge(self.session.tunnel(), self.cam.zoom)  # weave: the player is under it
        if self.rule_marks is not None:
            self.rule_marks.draw_hunter()
        if self.fog is not None:
            draw_goal_hint(t, self.fog, self.session.cell, px, py, radius)
        self.hud_camera.use()
        if radius * self.cam.zoom < FINDER_BELOW_PX:  # a big maze fitted with F: a ring shows where the player is
            sx, sy = self.viewport.world_to_screen(px, py)
            draw_finder(t, sx, sy, ui_scale(self.window.width, self.window.height))

    def draw_under_player(self) -> None:
        """World-camera drawing between the maze and the player (the guided start's opponent; default none)."""

    def sync_fog(self) -> None:
        """Dark mazes: copy the cells whose visibility changed since the last call into the fog texture."""
        self.viewport.sync_fog()

    def disc_radius(self) -> float:
        """The player disc's radius (world units): fits inside the cells it stands between (edge included)."""
        s = self.session
        r = self.player_radius
        for cell in {s.anim_from, s.cell}:
            fit = self._radius.get(cell)
            if fit is None:
                fit = self._radius[cell] = 0.8 * cell_inradius(self.maze.grid, cell)
            r = min(r, fit)
        return r
