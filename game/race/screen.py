"""What the race screens share (one player against an opponent, two players on one keyboard).

:class:`RaceScreen` holds the maze viewport (:class:`game.ui.viewport.MazeViewport`:
the maze layer, drawn through a fog in a dark race, the world camera, mouse zoom
and pan, the camera keys), the HUD camera, the top bar (title and note on the
left, the clock in the middle, the racers' lines on the right, laid out by each
screen), the "who arrived" banner in its own strip under the bar, the 3-2-1
countdown, the key help at the bottom, and the pause between the end of a race
and its result screen.  All sizes scale with the window (:func:`game.ui.ui_scale`).
"""

from __future__ import annotations

from typing import Any

import arcade

from engine.maze.model import Maze
from engine.modes.base import Phase
from engine.modes.clock import PlayClock
from engine.modes.fog import Fog
from game import routes
from game.bases.screen import MazeScreen
from game.context import Context
from game.format import format_time, running_time
from game.render.minimap import Minimap, wants_minimap
from game.render.present import PartialFrames
from game.render.theme import Theme
from game.ui import FONT, fit_text, small_print_scale, snap_to_pixels, ui_scale
from game.ui.viewport import MazeViewport

#: Heights at scale 1 (1280×800), in pixels: the top bar, the key-help footer, and the banner strip under the
#: bar (the maze is fitted between the strip and the footer, so the banner never covers it).
HUD_HEIGHT = 56
FOOTER_HEIGHT = 26
BANNER_STRIP = 30
RESULT_DELAY = 1.2  # seconds between the end of a race and its result screen


#: Seconds between the frames of a running race (30 a second, :class:`game.app.GameWindow` keeps to it): racers
#: glide at 10 cells a second, smooth at 30 frames, and each frame is half the cost on a software-GL machine.
RACE_FRAME_TIME = 1 / 30


class RaceScreen(PartialFrames, MazeScreen):
    """The shared part of a race screen; subclasses lay out their HUD lines and draw their racers.

    Args:
        ctx: shared context.
        maze: the race's maze.
        fog: the fog the maze is drawn through (a dark race), or None.
        layer_theme: the theme the maze layer is drawn with (the race screen tints your trail).
        back: the screen "back" returns to (None: the race setup).
        help_line: the key help shown at the bottom.
    """

    help_page = "race"  # Help (F1) opens on this page (game.shell.help)
    frame_time = RACE_FRAME_TIME

    def __init__(self, ctx: Context, maze: Maze, fog: Fog | None, layer_theme: Theme, back: arcade.View | None,
                 help_line: str) -> None:
        super().__init__(ctx)
        self.ctx = ctx
        self.maze = maze
        self.back_view = back
        self.help_line = help_line
        self.viewport = MazeViewport.for_maze(ctx.window, maze, layer_theme, fog, HUD_HEIGHT + BANNER_STRIP,
                                              FOOTER_HEIGHT, keys=ctx.keys)
        self.minimap = Minimap(maze, ctx.theme) if wants_minimap(maze, fog is not None) else None
        self.hud_camera = arcade.Camera2D()
        self.centers: list[tuple[float, float]] = [(float(x), float(y)) for x, y in maze.grid.centers.tolist()]
        self.end_wait = -1.0
        #: The race's real time between frames (a question or the pause overlay left out); key times too.
        self.frames = PlayClock(ctx.clock)
        t = ctx.theme
        self.background_color = t.background
        self.t_title = self.make_text(15, t.text, True, anchor_y="center")
        self.t_note = self.make_text(11, t.text_dim, anchor_y="center")
        self.t_time = self.make_text(18, t.text, True, anchor_x="center", anchor_y="center")
        self.t_count = self.make_text(96, t.accent, True, anchor_x="center", anchor_y="center")
        self.t_banner = self.make_text(14, t.accent, True, anchor_x="center", anchor_y="center")
        self.t_help = self.make_text(11, t.text_dim, anchor_x="center")
        self._shown: tuple[Any, ...] = ()
        self._changed = True
        self.lay_size = (ctx.window.width, ctx.window.height)  # the window size of the last layout
        self.s = ui_scale(*self.lay_size)
        self.hud_h = HUD_HEIGHT * self.s
        self.foot_h = FOOTER_HEIGHT * small_print_scale(*self.lay_size)
        self._drawn: tuple[Any, ...] = ()  # frame_key() of the last frame drawn
        self._bands: tuple[tuple[Any, ...], Any] | None = None  # (size and theme, the HUD's bands)

    def part_cameras(self) -> list[arcade.Camera2D]:
        """The world camera and the HUD's (drawn in parts: :mod:`game.render.present`)."""
        return [self.viewport.camera, self.hud_camera]

    def hud_rect(self) -> tuple[int, int, int, int]:
        """The top bar and the banner strip under it, in window pixels."""
        width, height = self.lay_size
        top = int(self.hud_h + BANNER_STRIP * self.s) + 2
        return 0, height - top, width, top

    @staticmethod
    def make_text(size: int, color: Any, bold: bool = False, **kw: Any) -> arcade.Text:
        """An empty HUD text of ``size`` points at scale 1 (laid out and scaled by :meth:`on_resize`)."""
        return arcade.Text("", 0, 0, color, size, font_name=FONT, bold=bold, **kw)

    # -- layout ---------------------------------------------------------------------
    def on_resize(self, width: int, height: int) -> None:
        """Refit the cameras and place the clock, countdown, banner and key help for the new size."""
        self.lay_size = (width, height)
        self.s = s = ui_scale(width, height)
        self.hud_h = HUD_HEIGHT * s
        self.hud_camera.match_window(position=True)
        self.foot_h = foot = FOOTER_HEIGHT * small_print_scale(width, height)  # the key help's band (its floor)
        self.viewport.match_window(width, height, self.hud_h + BANNER_STRIP * s, foot,
                                   focus=self.focus_point())
        if self.minimap is not None:
            self.minimap.place(width, height, self.hud_h + BANNER_STRIP * s, s, foot)
        self.t_time.font_size = 18 * s
        self.t_time.position = (width / 2, height - self.hud_h / 2)
        self.t_count.position = (width / 2, height / 2)
        self.t_count.font_size = max(40, min(96, height // 7))
        self.t_banner.position = (width / 2, height - self.hud_h - BANNER_STRIP * s / 2)
        small = small_print_scale(width, height)
        self.t_help.position = (width / 2, 8 * small)
        fit_text(self.t_help, self.help_line, 11 * small, width - 24, 8, step=1)
        self._shown = ()
        self._changed = True

    def hud_side(self, width: int) -> float:
        """Pixels available on each side of the centred clock (title and note left, racers' lines right)."""
        half_clock = max(self.t_time.content_width, 90 * self.s) / 2 + 18 * self.s
        return width / 2 - half_clock - 16 * self.s

    def set_banner(self, line: str) -> None:
        """The "who arrived" line in its strip (fitted to the window's width)."""
        fit_text(self.t_banner, line, 14 * self.s, self.lay_size[0] - 32 * self.s, 9, step=1)

    def place_title(self, title: str, note: str) -> None:
        """The title and the note under it, left of the clock."""
        s, side = self.s, self.hud_side(self.lay_size[0])
        fit_text(self.t_title, title, 15 * s, side, 10, step=1)
        fit_text(self.t_note, note, 11 * s, side, 8, step=1)
        y = self.lay_size[1] - self.hud_h / 2
        self.t_title.position = (16 * s, y + 11 * s)
        self.t_note.position = (16 * s, y - 12 * s)

    def draw_hud(self, texts: list[arcade.Text]) -> None:
        """The top bar and banner strip, ``texts`` (the screen's lines), the countdown and the banner."""
        self.bands().draw()
        focus = self.focus_point()
        if self.minimap is not None and focus is not None:
            self.minimap.draw(focus, self.cam)
        # on whole pixels: at some fractional heights software GL drops glyph rows (the "·" separators vanished)
        snap_to_pixels((*texts, self.t_help, self.t_count, self.t_banner))
        for text in texts:
            text.draw()
        self.t_help.draw()
        if self.t_count.text:
            self.t_count.draw()
        if self.t_banner.text:
            self.t_banner.draw()

    def bands(self) -> Any:  # an arcade.shape_list.ShapeElementList
        """The top bar, the banner strip and the key help's opaque band (a zoomed maze passes under them) as one
        shape list, made again only when the window's size or the theme changes (three immediate rectangles cost
        more than the rest of the HUD on software GL)."""
        from arcade.shape_list import ShapeElementList, create_rectangle_filled

        w, h = self.lay_size
        t = self.ctx.theme
        bar, strip, foot = self.hud_h, BANNER_STRIP * self.s, self.foot_h
        key = (w, h, bar, strip, foot, t)
        if self._bands is None or self._bands[0] != key:
            shapes: ShapeElementList[Any] = ShapeElementList()
            for lo, hi, colour in ((h - bar - strip, h - bar, t.background), (h - bar, h, (*t.panel[:3], 255)),
                                   (0, foot, (*t.panel[:3], 255))):
                shapes.append(create_rectangle_filled(w / 2, (lo + hi) / 2, w, hi - lo, colour))
            self._bands = (key, shapes)
        return self._bands[1]

    @staticmethod
    def clock_line(seconds: float, over: bool) -> str:
        """The HUD clock: whole seconds while the race runs (one redraw a second), the result's hundredths once over
        (:func:`engine.records.format_time`)."""
        return format_time(seconds) if over else running_time(max(0.0, seconds))

    @staticmethod
    def countdown_line(tick: int, seconds_left: int) -> str:
        """The big centre line: ``3``, ``2``, ``1`` before the start (``tick`` < 0), ``GO!`` for the first half
        second, then nothing."""
        return "" if tick >= 30 else ("GO!" if tick >= 0 else str(seconds_left))

    def focus_point(self) -> tuple[float, float] | None:
        """The world point a big maze opens zoomed in on and the minimap's dot (the player); None: just fit."""
        return None

    # -- redrawing -------------------------------------------------------------------
    def frame_key(self) -> tuple[Any, ...]:
        """Everything the screen shows that can change by itself (racers, clock line, HUD lines, fog, camera);
        a frame is drawn only when it differs from the last one drawn (or after input)."""
        raise NotImplementedError

    def needs_redraw(self) -> bool:
        """True after input or when :meth:`frame_key` changed: a race where nothing moves redraws once a second."""
        changed, self._changed = self._changed, False
        return changed or self.frame_key() != self._drawn

    def mark_drawn(self) -> None:
        """Call at the start of ``on_draw``: this frame shows the current :meth:`frame_key`."""
        self._drawn = self.frame_key()

    # -- behaviour -------------------------------------------------------------------
    def go_back(self) -> None:
        """Back to where the race was opened from (the race setup by default)."""
        if self.back_view is not None:
            self.ctx.show(self.back_view)
        else:
            self.ctx.go(routes.race_setup)

    def input_paused(self) -> bool:
        """True while the screen ignores the mouse (a pause overlay is up); never, unless a screen says so."""
        return False

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Start a click or a drag."""
        self.viewport.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """Pan (a press becomes a drag after a few pixels)."""
        if not self.input_paused() and self.viewport.drag(x, y, dx, dy):
            self._changed = True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """End a drag, or a click: :meth:`clicked`."""
        if self.viewport.release():
            if self.minimap is not None and not self.input_paused() and self.minimap.click(x, y, self.cam):
                self._changed = True
                return
            self.clicked(x, y, button)

    def clicked(self, x: int, y: int, button: int) -> None:
        """A click (a press released without a drag) at ``(x, y)``; nothing unless a screen says so."""

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom around the cursor."""
        if not self.input_paused() and self.viewport.scroll(x, y, scroll_y):
            self._changed = True

    def update_fog(self) -> None:
        """A dark race: redraw the fog of the cells that changed since the last frame."""
        self.viewport.sync_fog()

    def real_step(self, delta_time: float, waiting: bool) -> float:
        """The real seconds of race since the last frame (0 while ``waiting``: paused, a question up); a slow
        frame counts in full (``delta_time`` is the window's own measure, the least it can be)."""
        self.frames.hold(waiting)
        return self.frames.step(delta_time)

    def count_down_to_result(self, phase: Phase, delta_time: float) -> None:
        """Once the race is over, wait :data:`RESULT_DELAY` seconds, then :meth:`show_result`."""
        if phase is not Phase.OVER:
            return
        if self.end_wait < 0:
            self.end_wait = RESULT_DELAY
        else:
            self.end_wait -= delta_time
            if self.end_wait <= 0:
                self.show_result()

    def show_result(self) -> None:
        """The result screen (each screen shows its own)."""
        raise NotImplementedError
