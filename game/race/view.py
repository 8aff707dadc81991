"""The race screen: you against an AI opponent or a ghost.

The race itself is :class:`engine.modes.race.session.RaceSession` (both racers on one
clock); this view maps keys and clicks to its calls, plays its events as
sounds and draws what it reports: the maze, your disc and trail (blue), the opponent's diamond,
explored cells and trail (orange, Okabe-Ito colours that stay apart for
colour-blind players) and both racers; a ghost is a translucent player.

Ways in: the routes ``race-code`` and ``race-setup`` (:mod:`game.race.open`), or
``RaceView(ctx, session)``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import arcade
from arcade import key

from engine.modes.base import EventKind, Phase
from engine.modes.play import PlaySession
from engine.modes.race.session import RaceSession
from engine.modes.race.sim import RaceSim
from game import routes
from game.bases.screen import common_key
from game.context import Context
from game.format import count, floor_text
from game.play.rules import RuleMarks
from game.race.players import race_colors
from game.race.screen import RaceScreen
from game.render.geometry import trail_strips
from game.render.present import Rect, box_around
from game.shell.prompt import ChoiceOverlay
from game.ui import fit_text
from game.ui.input import Bindings, climb_direction
from game.ui.movement import DirectionKeys

GHOST_ALPHA = 120


@dataclasses.dataclass(frozen=True)
class RaceScene:
    """What a race frame shows, as :meth:`RaceView.damage` compares it: ``still`` (a change redraws the whole
    window), the racers' places (world units), how many cells the opponent explored and you marked, the HUD's
    lines."""

    still: tuple[Any, ...]
    movers: tuple[tuple[float, float], tuple[float, float]]
    explored: int
    marked: int
    hud: tuple[Any, ...]

#: The question Esc asks while the player is still racing (leaving gives the race up: it is not resumed later).
LEAVE_TITLE = "Leave this race?"
LEAVE_LINE = "You give up this race and see the result."


def race_help(keys: Bindings) -> str:
    """The race's key line, with the player's keys (Settings → Keys)."""
    return (f"{keys.directions('maze')} move · hold to run · click to walk · {keys.first('maze.explored')} explored "
            f"cells · wheel zoom · drag pan · {keys.first('camera.fit')} fit · Esc give up")


class RaceView(RaceScreen):
    """Race one maze.

    Args:
        ctx: shared context.
        race: the race session (at the start of its countdown).
        back: the screen Esc returns to before the start and "New race" after it (None: the race setup).
    """

    def __init__(self, ctx: Context, race: RaceSession, back: arcade.View | None = None) -> None:
        you, them = race_colors(ctx.theme)
        # a dark race: the maze is drawn through the player's fog; your trail in your colour
        help_line = race_help(ctx.keys)
        if race.level.floors > 1:
            stairs = f"{ctx.keys.first('maze.stair_up')}/{ctx.keys.first('maze.stair_down')}"
            help_line = f"{stairs} take a stair · {help_line}"
        if race.player.rules is not None and race.player.rules.position.hunter >= 0:
            help_line = f"{ctx.keys.first('maze.wait')} wait · {help_line}"  # a puzzle maze's hunter
        super().__init__(ctx, race.maze, race.player.fog, dataclasses.replace(ctx.theme, trail=you), back, help_line)
        self.race = race
        self.you_color, self.them_color = you, them
        #: a puzzle maze's elements as your game stands (each racer has its own hunter; yours is drawn)
        self.rule_marks = RuleMarks(race.player) if race.player.rules is not None else None
        if self.rule_marks is not None:
            self.rule_marks.still = ctx.store.setting("reduced_motion") == "1"
            self.rule_marks.edge = ctx.theme.wall
        self.keys = DirectionKeys(chords=self.maze.grid.kind != "square", vectors=ctx.keys.vectors("maze"),
                                  clock=self.frames)
        self.show_explored = True
        self.radius = 0.3 * self.layer.cell_size
        self.layer.mark_visited(self.maze.start)
        self.t_info = self.make_text(12, ctx.theme.text, anchor_x="right", anchor_y="center")
        self.ask: ChoiceOverlay | None = None  # "Leave this race?" while it is up
        self._scene: RaceScene | None = None  # what the last frame drawn showed

    @property
    def sim(self) -> RaceSim:
        """The race's simulation (for tests and the result screen)."""
        return self.race.sim

    @property
    def session(self) -> PlaySession:
        """The player's play session (position, walk-to)."""
        return self.race.player

    @property
    def is_ghost(self) -> bool:
        """True when racing a recorded run."""
        return self.race.info.is_ghost

    # -- lifecycle ------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Fit the camera."""
        super().on_show_view()
        self.background_color = self.ctx.theme.background
        self.on_resize(self.window.width, self.window.height)

    def on_hide_view(self) -> None:
        """The question's buttons stop taking clicks while another screen shows (the race waits: help)."""
        super().on_hide_view()
        self.frames.pause()
        if self.ask is not None:
            self.ask.hide()

    def back(self) -> None:
        """Esc: back before the start; while nobody has arrived, ask "Leave this race?" first (the race waits);
        once decided, give up at once (the result screen)."""
        phase = self.race.phase
        if phase is Phase.READY:
            self.go_back()
        elif phase is Phase.PLAYING:
            self.ask = ChoiceOverlay(self.ctx, LEAVE_TITLE, LEAVE_LINE, [("Leave", self.leave), ("Stay", self.stay)])
            self.ask.show()
            self.frames.pause()  # the race waits from this moment
        else:
            self.leave()

    def asking(self) -> bool:
        """True while "Leave this race?" is on screen (the race waits, the maze takes no input)."""
        return self.ask is not None and self.ask.visible

    def input_paused(self) -> bool:
        """The mouse pans, zooms and walks only while no question is up."""
        return self.asking()

    def leave(self) -> None:
        """Give the race up (when it is still on) and show the result."""
        self.ask = None
        if self.race.phase is not Phase.OVER:
            self.race.give_up()
        self.show_result()

    def stay(self) -> None:
        """Close the question: the race goes on."""
        self.ask = None
        self.frames.resume()
        self._changed = True

    def show_result(self) -> None:
        """The result screen (it saves bests and the ghost)."""
        self.end_wait = 1e9
        self.ctx.show(routes.race_result(self.ctx, self.race, self.go_back, self.play))

    def play(self, race: RaceSession) -> None:
        """Show a new race (from the result screen: again, or against your ghost)."""
        self.ctx.show(RaceView(self.ctx, race, self.back_view))

    # -- input -------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Movement (after the countdown), PgUp/PgDn stairs, E, F, zoom, Esc, F1 help (the race waits), F11."""
        self._changed = True
        if self.asking():
            assert self.ask is not None
            return self.ask.on_key_press(symbol, modifiers)
        if common_key(self.ctx, symbol, modifiers):
            pass
        elif symbol == key.ESCAPE:
            self.back()
        elif self.ctx.keys.is_("maze.explored", symbol):
            self.show_explored = not self.show_explored
        elif self.viewport.handle_key(symbol, self.race.player_position()):
            pass
        elif self.race.level.floors > 1 and (up := climb_direction(symbol, self.ctx.keys)):  # E: explored cells
            self.race_for(self.frames.split())  # the race catches up to this moment: the key acts now
            if self.race.climb(up):
                self.cam.following = True
        elif symbol in self.keys.vectors:
            self.race_for(self.frames.split())
            self.send_moves(self.keys.press(symbol))
        elif self.rule_marks is not None and self.ctx.keys.is_("maze.wait", symbol):
            self.race_for(self.frames.split())
            self.race.player.wait()
        else:
            return None
        return True

    def send_moves(self, moves: list[tuple[tuple[float, float], tuple[float, float]]]) -> None:
        """Give key moves to the race (refused during the countdown)."""
        for direction, prefer in moves:
            if self.race.press(direction, prefer):
                self.cam.following = True

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        """Forget a released direction key (the race first catches up to this moment)."""
        if symbol in self.keys.held and not self.asking():
            self.race_for(self.frames.split())
        self.keys.release(symbol)

    def clicked(self, x: int, y: int, button: int) -> None:
        """A click walks to the cell (after the countdown)."""
        if button != arcade.MOUSE_BUTTON_LEFT or self.asking():
            return
        cell = self.viewport.cell_at(x, y)
        if cell >= 0:
            self.race.walk_to(cell)

    # -- time ----------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        """Advance the race by real time (not while a question is up); sounds for its events; the result screen
        after the end."""
        dt = self.real_step(delta_time, self.asking())
        if self.asking():
            return
        self.send_moves(self.keys.tick())  # a press that waited for a diagonal partner
        self.race_for(dt)
        self.count_down_to_result(self.race.phase, dt)

    def race_for(self, dt: float) -> None:
        """Run the race ``dt`` real seconds on (the held keys as now): sounds, fog, camera."""
        audio = self.ctx.audio
        for event in self.race.advance(dt, self.keys.held_direction()):
            if event.kind is EventKind.STEP:
                self.layer.mark_visited(event.cell)
                audio.play("stairs" if event.value else "step", 0.4)  # value: +1/-1 on a stair
            elif event.kind is EventKind.BUMP:
                audio.play("bump")
            elif event.kind is EventKind.BEEP:
                audio.play("race_start" if event.value == 0 else "click")  # 0: go
            elif event.kind is EventKind.DECIDED:
                audio.play("bump" if event.player == 1 else "win")  # player 1: the opponent won
        self.update_fog()
        self.viewport.follow(*self.race.player_position(), dt)

    def frame_key(self) -> tuple[Any, ...]:
        """Both racers, the clock line, countdown, banner, counters, explored cells shown, the fog, the camera."""
        race = self.race
        fog = race.player.fog.version if race.player.fog is not None else 0
        return (*self.viewport.view_key(), race.player_position(), race.opponent_position(),
                self.clock_text(), self.countdown_line(race.sim.tick, race.countdown_left), self.banner_text(),
                race.player_moves, race.opponent_moves, self.show_explored, fog, *self.question_key(),
                *(self.rule_marks.key() if self.rule_marks is not None else ()))

    def question_key(self) -> tuple[bool, int, bool]:
        """What of "Leave this race?" the picture shows: up, focus, a button to redraw."""
        a = self.ask
        return (False, 0, False) if a is None else (a.visible, a.focus, a.needs_render())

    def focus_point(self) -> tuple[float, float] | None:
        """Your racer (a big maze opens on it; the minimap's dot)."""
        return self.race.player_position()

    def clock_text(self) -> str:
        """The HUD clock (whole seconds while the race runs, tenths once it is over)."""
        return self.clock_line(self.race.clock, self.race.phase is Phase.OVER)

    # -- drawing ----------------------------------------------------------------------------
    def draw_world(self) -> None:
        """Maze with your trail, the opponent's explored cells and trail, both racers."""
        t = self.ctx.theme
        race = self.race
        self.viewport.draw(cached=self.lay_size, clear=self.clear)  # the still maze from an image
        if self.rule_marks is not None:
            self.rule_marks.draw()
            self.rule_marks.draw_hunter()
        size = self.layer.cell_size
        ox, oy = race.opponent_position()
        them = self.them_color
        if race.dark and race.phase is not Phase.OVER:
            # In the dark the opponent's trail and explored cells would show the map: only the opponent
            # itself, while it is in sight.
            if race.opponent_in_sight():
                self.draw_opponent(ox, oy)
        elif not self.is_ghost:
            if self.show_explored:
                pts = [self.centers[c] for c in race.explored()]
                if pts:
                    arcade.draw_points(pts, (*them[:3], 120), 0.3 * size)
            for pts in trail_strips(race.maze, race.opponent_trail(), (ox, oy), race.opponent_floor()):
                arcade.draw_line_strip(pts, (*them[:3], 220), 0.12 * size)
            self.draw_opponent(ox, oy)
        else:
            self.draw_opponent(ox, oy)
        self.layer.draw_bridge(race.opponent_tunnel(), self.cam.zoom)  # weave: the opponent is under it
        px, py = race.player_position()
        edge = max(self.radius * 0.18, 1.0 / self.cam.zoom)
        # Your disc is your colour (blue, like your trail): a round shape and a colour far from the orange diamond.
        arcade.draw_circle_filled(px, py, self.radius * 1.22 + edge, t.player_edge, num_segments=32)
        arcade.draw_circle_filled(px, py, self.radius * 1.22, self.you_fill(), num_segments=32)
        self.layer.draw_bridge(race.player.tunnel(), self.cam.zoom)  # weave: you are under it

    def you_fill(self) -> tuple[int, int, int, int]:
        """The fill of your disc: your (blue) colour, opaque."""
        return (*self.you_color[:3], 255)

    def draw_opponent(self, ox: float, oy: float) -> None:
        """The opponent: a diamond in its colour (AI), or a translucent disc (ghost)."""
        t = self.ctx.theme
        if not self.is_ghost:
            r = self.radius * 1.1  # a diamond: a shape cue as well as a colour one
            diamond = [(ox, oy + r), (ox + r, oy), (ox, oy - r), (ox - r, oy)]
            arcade.draw_polygon_filled(diamond, t.player_edge)
            r *= 0.8
            arcade.draw_polygon_filled([(ox, oy + r), (ox + r, oy), (ox, oy - r), (ox - r, oy)], self.them_color)
        else:
            arcade.draw_circle_filled(ox, oy, self.radius, (*t.player[:3], GHOST_ALPHA), num_segments=32)
            arcade.draw_circle_outline(ox, oy, self.radius, (*t.text[:3], GHOST_ALPHA),
                                       0.05 * self.layer.cell_size, num_segments=32)

    def banner_text(self) -> str:
        """The line under the top bar once somebody arrived."""
        sim = self.race.sim
        w = sim.winner
        name = _sentence(self.race.info.opponent_name)
        if w is None:
            return ""
        if w == "player":
            return "You reached the goal first!"
        if w == "tie":
            return "A dead heat!"
        if sim.player_finish is None and not sim.gave_up:
            return f"{name} got there first: keep going for your time!"
        return f"{name} won."

    def hud_state(self) -> tuple[Any, ...]:
        """What the HUD's lines show (they are laid out again only when it changes)."""
        race = self.race
        countdown = self.countdown_line(race.sim.tick, race.countdown_left)
        where = floor_text(race.player_floor(), race.level.floors)  # "floor 2/3" on a maze with floors, else ""
        # The opponent's count alone re-lays the line twice a second at most (a step every few frames otherwise).
        them = race.opponent_moves if race.phase is Phase.OVER else int(race.clock * 2)
        return (self.clock_text(), countdown, self.banner_text(), race.player_moves, them, self.lay_size[0], where)

    def scene(self) -> RaceScene:
        """What the next frame shows, in the parts :meth:`damage` compares."""
        race = self.race
        fog = race.player.fog.version if race.player.fog is not None else 0
        still = (self.viewport.view_key(), self.countdown_line(race.sim.tick, race.countdown_left),
                 self.banner_text(), self.show_explored, fog, self.question_key(), self.lay_size,
                 self.viewport.focus_floor(), race.dark)
        return RaceScene(still, (race.player_position(), race.opponent_position()), len(race.explored()),
                         len(race.player.visited), self.hud_state())

    def damage(self) -> list[Rect] | None:
        """The rectangles that changed since the last frame: around each racer that moved (its old and new place,
        its trail's new piece, a cell it marked) and the top bar when a line of it changed; None (the whole
        window) when anything else did (the camera, a countdown or banner line, the fog, a question, a minimap)."""
        last, now = self._scene, self.scene()
        if last is None or last.still != now.still or self.minimap is not None or now.marked < last.marked \
                or self.rule_marks is not None:  # a puzzle maze: doors, gates and the hunter change anywhere
            return None
        zoom = self.cam.zoom
        cell = self.layer.cell_size
        half = max(1.6 * self.radius, 0.8 * cell) * zoom + 4
        rects: list[Rect] = []
        for before, after in zip(last.movers, now.movers, strict=True):
            if before != after:
                rects.append(box_around([self.cam.world_to_screen(*before), self.cam.world_to_screen(*after)], half))
        if now.explored != last.explored:
            new = self.race.explored()[last.explored:now.explored]
            rects += [box_around([self.cam.world_to_screen(*self.centers[c])], half) for c in new]
        for cell in self.race.player.visited[last.marked:now.marked]:  # marked ahead of the disc: the whole cell
            rects.append(box_around([self.cam.world_to_screen(*self.centers[cell])], half))
        if now.hud != last.hud:
            rects.append(self.hud_rect())
        return rects

    def update_texts(self) -> None:
        """Change the HUD texts only when what they show changed; every line fits its zone."""
        race = self.race
        sim = race.sim
        width, height = self.lay_size
        shown = self.hud_state()
        countdown, where = shown[1], shown[-1]
        if shown == self._shown:
            return
        self._shown = shown
        self.t_time.text = shown[0]
        self.t_count.text = countdown
        self.set_banner(shown[2])
        info = race.info
        self.place_title(f"Race vs {info.opponent_name}", info.note)
        counters = (f"{where + ' · ' if where else ''}you {count(race.player_moves, 'move')}  ·  {info.opponent_name} "
                    f"{race.opponent_moves}/{sim.opponent.steps}  ·  shortest {sim.shortest}")
        fit_text(self.t_info, counters, 12 * self.s, self.hud_side(width), 8, step=1)
        self.t_info.position = (width - 16 * self.s, height - self.hud_h / 2)

    def on_draw(self) -> None:
        """World (clearing the window unless the maze's image covers it), then HUD."""
        self.mark_drawn()
        self._scene = self.scene()
        self.draw_world()
        self.hud_camera.use()
        self.update_texts()
        self.draw_hud([self.t_title, self.t_note, self.t_time, self.t_info])
        if self.ask is not None and self.ask.visible:
            self.ask.draw(*self.lay_size)

    def texts(self) -> list[arcade.Text]:
        """The texts on screen now (for layout tests)."""
        shown = [self.t_title, self.t_note, self.t_time, self.t_info, self.t_help]
        return shown + [t for t in (self.t_count, self.t_banner) if t.text]


def _sentence(name: str) -> str:
    """``name`` at the start of a sentence (first letter upper case, the rest untouched)."""
    return name[:1].upper() + name[1:]
