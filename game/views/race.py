"""The race screen: you against an AI opponent or a ghost, on a fixed 1/60 s time step.

The model is :class:`engine.race.RaceSim`; the player's input goes through the
shell's :class:`engine.play.PlaySession` (same keys and feel as a normal
level), and every move it starts is handed to the simulation at that tick.
The opponent is drawn with its trail (and, with E, the cells it has explored);
a ghost is a translucent player.

Ways in: :func:`open_race_code` (race ``R1``, maze ``M1`` or ghost ``G1`` codes),
:meth:`RaceView.for_spec`, :meth:`RaceView.for_ghost`, and :func:`race_command`
for ``tessera play RACE-CODE``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import arcade
from arcade import key

from engine.codes import CodeError, normalize
from engine.ghost import Ghost
from engine.maze import Maze
from engine.maze_code import MazeSpec
from engine.play import PlaySession
from engine.race import OPPONENTS, TICKS_PER_SECOND, RaceSim, RaceSpec, make_race
from game.context import Context
from game.format import format_clock
from game.input import DirectionKeys, is_direction_key
from game.render.camera import CameraState
from game.render.maze_layer import MazeLayer
from game.ui import FONT

if TYPE_CHECKING:
    from game.views.race_setup import RaceChoices, RaceSetupView

HUD_HEIGHT = 52
FOOTER_HEIGHT = 26
TICK = 1.0 / TICKS_PER_SECOND
MAX_TICKS_PER_FRAME = 12  # a stalled frame never runs more than 0.2 s of race at once
RESULT_DELAY = 1.2  # seconds between the end and the result screen
OPPONENT_COLOR = (90, 210, 255, 255)
GHOST_ALPHA = 120


def format_seconds(seconds: float) -> str:
    """``m:ss.ss``."""
    return format_clock(seconds, 2)


class RaceView(arcade.View):
    """Race one maze against a timeline.

    Args:
        ctx: shared context.
        maze: the level.
        sim: the simulation (at the start of its countdown).
        code: the shareable code of this race (race code, or the ghost code).
        maze_spec: the level spec (for ghost codes of this run).
        opponent_name: e.g. "the runner" / "the ghost".
        is_ghost: draw the opponent as a translucent player instead of a marker with a trail.
        route_cells: the opponent's route (for its trail and explored cells).
        setup: the setup screen to go back to (None: the main menu).
        note: a line shown under the title (e.g. that the wall follower switched to Trémaux).
        best_key: the key for personal bests (default ``code``).
    """

    def __init__(
        self,
        ctx: Context,
        maze: Maze,
        sim: RaceSim,
        code: str,
        maze_spec: MazeSpec,
        opponent_name: str,
        *,
        is_ghost: bool = False,
        race_spec: RaceSpec | None = None,
        ghost: Ghost | None = None,
        setup: RaceSetupView | None = None,
        note: str = "",
        best_key: str | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.maze = maze
        self.sim = sim
        self.code = code
        self.best_key = best_key or code
        self.maze_spec = maze_spec
        self.race_spec = race_spec
        self.ghost = ghost
        self.opponent_name = opponent_name
        self.is_ghost = is_ghost
        self.setup = setup
        self.session = PlaySession(maze)
        self.layer = MazeLayer(ctx.window.ctx, maze, ctx.theme)
        self.world_camera = arcade.Camera2D()
        self.hud_camera = arcade.Camera2D()
        self.cam = CameraState(maze.grid.bounds(), ctx.window.width, ctx.window.height, HUD_HEIGHT, FOOTER_HEIGHT)
        self.keys = DirectionKeys(chords=maze.grid.kind != "square")
        self.acc = 0.0
        self.end_wait = -1.0
        self.show_explored = True
        self.radius = 0.3 * self.layer.cell_size
        self.centers: list[tuple[float, float]] = [(float(x), float(y)) for x, y in maze.grid.centers.tolist()]
        route = list(sim.opponent.cells)
        self.route_points = [self.centers[c] for c in route]
        # First index at which each route cell was reached: explored cells in order of discovery.
        seen: dict[int, int] = {}
        for i, c in enumerate(route):
            seen.setdefault(c, i)
        self.explored_order = sorted(seen, key=seen.__getitem__)
        self.explored_at = sorted(seen.values())
        t = ctx.theme
        self.background_color = t.background
        self.t_title = arcade.Text(f"Race vs {opponent_name}", 16, 0, t.text, 15, font_name=FONT, bold=True,
                                   anchor_y="center")
        self.t_time = arcade.Text("", 0, 0, t.text, 18, font_name=FONT, bold=True, anchor_x="center",
                                  anchor_y="center")
        self.t_info = arcade.Text("", 0, 0, t.text, 13, font_name=FONT, anchor_x="right", anchor_y="center")
        self.t_count = arcade.Text("", 0, 0, t.accent, 96, font_name=FONT, bold=True, anchor_x="center",
                                   anchor_y="center")
        self.t_banner = arcade.Text("", 0, 0, t.accent, 28, font_name=FONT, bold=True, anchor_x="center",
                                    anchor_y="center")
        self.t_note = arcade.Text(note, 16, 0, t.text_dim, 12, font_name=FONT)
        self.t_help = arcade.Text(
            "Arrows/WASD move · hold to run · click to walk · E explored cells · wheel zoom · drag pan · "
            "F fit · Esc give up",
            0, 8, t.text_dim, 11, font_name=FONT, anchor_x="center",
        )
        self._shown: tuple[Any, ...] = ()
        self.press_at: tuple[float, float] | None = None
        self.dragging = False

    # -- ways in ----------------------------------------------------------------
    @classmethod
    def for_spec(cls, ctx: Context, spec: RaceSpec, setup: RaceSetupView | None = None,
                 maze: Maze | None = None) -> RaceView:
        """A race against the AI opponent of ``spec``."""
        race = make_race(spec, maze)
        info = OPPONENTS[spec.opponent]
        note = spec.label()
        if race.fallback:
            note += " · it walks in circles here, so it will switch to Tremaux"
        return cls(ctx, race.maze, race.sim, spec.code(), spec.maze, f"the {info.noun}",
                   race_spec=spec, setup=setup, note=note)

    @classmethod
    def for_ghost(cls, ctx: Context, ghost: Ghost, setup: RaceSetupView | None = None,
                  maze: Maze | None = None) -> RaceView:
        """A race against a recorded run."""
        maze = maze or ghost.spec.build()
        sim = RaceSim(maze, ghost.timeline())
        note = f"{ghost.spec.label()} · ghost time {format_seconds(ghost.seconds)}, {len(ghost.moves)} moves"
        return cls(ctx, maze, sim, ghost.code(maze), ghost.spec, "the ghost", is_ghost=True, ghost=ghost,
                   setup=setup, note=note, best_key=f"vs-ghost:{ghost.spec.code()}")

    # -- lifecycle ------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Fit the camera."""
        self.background_color = self.ctx.theme.background
        self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        """Refit cameras and re-place the HUD."""
        self.world_camera.match_window()
        self.hud_camera.match_window(position=True)
        self.cam.resize(width, height)
        y = height - HUD_HEIGHT / 2
        self.t_title.y = y + 8
        self.t_note.y = y - 18
        self.t_time.position = (width / 2, y)
        self.t_info.position = (width - 16, y)
        self.t_count.position = (width / 2, height / 2)
        self.t_banner.position = (width / 2, height - HUD_HEIGHT - 40)
        self.t_help.x = width / 2

    def back(self) -> None:
        """Esc: give up (result screen) once started, else back to the setup."""
        if self.sim.started and not self.sim.over:
            self.sim.give_up()
            self.show_result()
        elif self.sim.over:
            self.show_result()
        else:
            self.leave()

    def leave(self) -> None:
        """Back to the setup screen (or the menu)."""
        if self.setup is not None:
            self.ctx.show(self.setup)
        else:
            self.ctx.show_menu()

    def restart(self) -> RaceView:
        """A fresh view of the same race (a new countdown)."""
        if self.ghost is not None:
            return RaceView.for_ghost(self.ctx, self.ghost, self.setup, self.maze)
        assert self.race_spec is not None
        return RaceView.for_spec(self.ctx, self.race_spec, self.setup, self.maze)

    # -- input -------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Movement (after the countdown), E, F, zoom, Esc, F11."""
        if symbol == key.F11:
            self.ctx.toggle_fullscreen()
        elif symbol == key.ESCAPE:
            self.back()
        elif symbol == key.E:
            self.show_explored = not self.show_explored
        elif self.cam.handle_key(symbol, self.cam.world_to_screen(*self.session.display_position())):
            pass
        elif is_direction_key(symbol):
            self.send_moves(self.keys.press(symbol))
        else:
            return None
        return True

    def send_moves(self, moves: list[tuple[tuple[float, float], tuple[float, float]]]) -> None:
        """Give key moves to the player's session (dropped during the countdown)."""
        if moves and self.sim.started:
            for direction, prefer in moves:
                self.session.press(direction, prefer)
            self.cam.following = True

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        """Forget a released direction key."""
        self.keys.release(symbol)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Start a click or a drag."""
        self.press_at = (x, y)
        self.dragging = False

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """Pan."""
        if self.press_at is None:
            return
        if not self.dragging and math.hypot(x - self.press_at[0], y - self.press_at[1]) >= 5:
            self.dragging = True
        if self.dragging:
            self.cam.pan(dx, dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """A click walks to the cell (after the countdown)."""
        was_drag, self.press_at, self.dragging = self.dragging, None, False
        if was_drag or button != arcade.MOUSE_BUTTON_LEFT or not self.sim.started:
            return
        cell = self.maze.grid.cell_at(*self.cam.screen_to_world(x, y))
        if cell >= 0:
            self.session.walk_to(cell)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom around the cursor."""
        if scroll_y:
            self.cam.zoom_at(x, y, 1.15 ** scroll_y)

    # -- time ----------------------------------------------------------------------------
    def step_tick(self) -> None:
        """One fixed 1/60 s step: the player's session, its moves into the sim, then the clock."""
        sim = self.sim
        moves = self.keys.tick(TICK)  # a press waiting for a diagonal partner; dropped during the countdown
        if sim.started and not sim.gave_up:
            self.send_moves(moves)
            self.session.update(TICK, self.keys.held_direction())
            for kind, cell in self.session.events:
                if kind == "step":
                    sim.player_move(cell)
                    self.layer.mark_visited(cell)
                    self.ctx.audio.play("step", 0.4)
                elif kind == "bump":
                    self.ctx.audio.play("bump")
            self.session.events.clear()
        before = sim.winner
        sim.advance(1)
        if sim.tick in (-120, -60, 0):
            self.ctx.audio.play("click")
        if before is None and sim.winner is not None:
            self.ctx.audio.play("win" if sim.winner != "opponent" else "bump")

    def on_update(self, delta_time: float) -> None:
        """Run as many fixed ticks as real time allows (at most :data:`MAX_TICKS_PER_FRAME`)."""
        self.acc = min(self.acc + delta_time, MAX_TICKS_PER_FRAME * TICK)
        while self.acc >= TICK - 1e-9:
            self.acc -= TICK
            self.step_tick()
        self.cam.follow(*self.session.display_position(), delta_time)
        if self.sim.over:
            if self.end_wait < 0:
                self.end_wait = RESULT_DELAY
            else:
                self.end_wait -= delta_time
                if self.end_wait <= 0:
                    self.show_result()

    def show_result(self) -> None:
        """Save the outcome and show the result screen."""
        from game.views.race_result import RaceResultView

        self.end_wait = 1e9
        self.ctx.show(RaceResultView(self.ctx, self))

    # -- drawing ----------------------------------------------------------------------------
    def opponent_position(self) -> tuple[float, float]:
        """The opponent's drawn position in world units (interpolated between ticks)."""
        tick = self.sim.tick + (self.acc / TICK if self.sim.started else 0.0)
        a, b, t = self.sim.opponent.position_at(max(0.0, tick) if self.sim.started else -1)
        ax, ay = self.centers[a]
        bx, by = self.centers[b]
        return ax + (bx - ax) * t, ay + (by - ay) * t

    def draw_world(self) -> None:
        """Maze, opponent trail and explored cells, both racers."""
        t = self.ctx.theme
        self.layer.draw(self.cam.zoom)
        reached = self.sim.opponent_reached()
        ox, oy = self.opponent_position()
        if not self.is_ghost:
            if self.show_explored:
                import bisect

                k = bisect.bisect_right(self.explored_at, reached - 1)
                pts = [self.centers[c] for c in self.explored_order[:k]]
                if pts:
                    arcade.draw_points(pts, (*OPPONENT_COLOR[:3], 110), 0.28 * self.layer.cell_size)
            pts = self.route_points[:reached] + [(ox, oy)]
            if len(pts) > 1:
                arcade.draw_line_strip(pts, (*OPPONENT_COLOR[:3], 200), 0.1 * self.layer.cell_size)
            arcade.draw_circle_filled(ox, oy, self.radius * 1.05, t.player_edge, num_segments=24)
            arcade.draw_circle_filled(ox, oy, self.radius * 0.9, OPPONENT_COLOR, num_segments=24)
        else:
            arcade.draw_circle_filled(ox, oy, self.radius, (*t.player[:3], GHOST_ALPHA), num_segments=32)
            arcade.draw_circle_outline(ox, oy, self.radius, (*t.text[:3], GHOST_ALPHA), 0.05 * self.layer.cell_size,
                                       num_segments=32)
        px, py = self.session.display_position()
        edge = max(self.radius * 0.18, 1.0 / self.cam.zoom)
        arcade.draw_circle_filled(px, py, self.radius + edge, t.player_edge, num_segments=32)
        arcade.draw_circle_filled(px, py, self.radius, t.player, num_segments=32)

    def update_texts(self) -> None:
        """Change the HUD texts only when what they show changed."""
        sim = self.sim
        clock = max(0, sim.tick) / TICKS_PER_SECOND
        count = "" if sim.tick >= 30 else ("GO!" if sim.tick >= 0 else str(math.ceil(-sim.tick / TICKS_PER_SECOND)))
        w = sim.winner
        if w is None:
            banner = ""
        elif w == "player":
            banner = "You reached the goal first!"
        elif w == "tie":
            banner = "A dead heat!"
        elif sim.player_finish is None and not sim.gave_up:
            banner = f"{_sentence(self.opponent_name)} got there first: keep going for your time!"
        else:
            banner = f"{_sentence(self.opponent_name)} won."
        shown = (round(clock, 1), count, banner, len(sim.player_cells), sim.opponent_reached())
        if shown == self._shown:
            return
        self._shown = shown
        self.t_time.text = format_seconds(clock)[:-1]
        self.t_count.text = count
        self.t_banner.text = banner
        self.t_info.text = (f"you {len(sim.player_cells) - 1} moves  ·  {self.opponent_name} "
                            f"{sim.opponent_reached() - 1}/{sim.opponent.steps}  ·  shortest {sim.shortest}")

    def on_draw(self) -> None:
        """World, then HUD."""
        self.clear()
        self.cam.apply(self.world_camera)
        self.world_camera.use()
        self.draw_world()
        self.hud_camera.use()
        w, h = self.window.width, self.window.height
        t = self.ctx.theme
        arcade.draw_lrbt_rectangle_filled(0, w, h - HUD_HEIGHT, h, t.panel)
        self.update_texts()
        for text in (self.t_title, self.t_note, self.t_time, self.t_info, self.t_help):
            text.draw()
        if self.t_count.text:
            self.t_count.draw()
        if self.t_banner.text:
            self.draw_banner(w)

    def draw_banner(self, width: int) -> None:
        """The banner on a plate under the top bar, its font shrunk until it fits the window."""
        text = self.t_banner
        text.font_size = 22
        while text.content_width > width - 60 and text.font_size > 11:
            text.font_size -= 2
        x, y = text.position[0], text.position[1]
        half_w, half_h = text.content_width / 2 + 18, text.content_height / 2 + 8
        arcade.draw_lrbt_rectangle_filled(x - half_w, x + half_w, y - half_h, y + half_h, self.ctx.theme.panel)
        text.draw()


def _sentence(name: str) -> str:
    """``name`` at the start of a sentence (first letter upper case, the rest untouched)."""
    return name[:1].upper() + name[1:]


# -- ways in -------------------------------------------------------------------------
def open_race_code(ctx: Context, code: str, race: RaceChoices | None = None,
                   setup: RaceSetupView | None = None) -> RaceView:
    """A race view for a race code (``R1``), a ghost code (``G1``) or a maze code (``M1``).

    A maze code is raced against ``race``'s opponent and difficulty (default: the runner at normal).

    Raises:
        CodeError: the code does not decode (one plain sentence).
    """
    text = normalize(code)
    if text.startswith("G"):
        return RaceView.for_ghost(ctx, Ghost.from_code(text), setup)
    if text.startswith("R"):
        return RaceView.for_spec(ctx, RaceSpec.from_code(text), setup)
    if text.startswith("M"):
        maze = MazeSpec.from_code(text)
        spec = race.race_spec(maze) if race is not None else RaceSpec(maze)
        return RaceView.for_spec(ctx, spec, setup)
    raise CodeError("This is not a race, ghost or maze code (they start with R1, G1 or M1).")


def open_race_setup(ctx: Context) -> arcade.View:
    """The race setup screen (main-menu factory)."""
    from game.views.race_setup import RaceSetupView

    return RaceSetupView(ctx)


def race_command(ctx: Context, args: list[str]) -> arcade.View:
    """``tessera race [CODE]`` / ``tessera play RACE-CODE``: the race for the code, or the setup showing why not."""
    from game.views.race_setup import RaceSetupView

    if not args:
        return RaceSetupView(ctx)
    try:
        return open_race_code(ctx, args[0])
    except CodeError as exc:
        view = RaceSetupView(ctx, message=str(exc))
        view.field.text = args[0]
        return view
