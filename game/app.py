"""Start the game window: :func:`run` for the ``tessera`` launcher (:mod:`game.launcher`).

``run()`` opens the main menu; ``run(WindowRequest("play", CODE))`` opens that level
directly (an invalid code opens the code screen showing why), ``WindowRequest("play")`` continues the campaign
(the next unfinished level) and ``WindowRequest("campaign")`` opens the campaign map: the ``tessera`` launcher
(:mod:`game.launcher`) hands over the window subcommand as :mod:`engine.cli` parsed it.  The window is
1280×800 (:func:`fit_to_screen`: smaller on a smaller screen, never beyond it), resizable down to 800×600,
titled "Tessera", centred on the screen it opens on; F11 toggles fullscreen everywhere.

Idle costs nothing: :class:`GameWindow` draws a frame only when the current view
asks for one (``view.needs_redraw()``, see :class:`game.bases.screen.Screen`) or
an input/window event arrived; a skipped frame presents nothing (no buffer swap),
so the screen keeps the last finished picture.  After a few quiet frames the
window's clock slows from 60 to :data:`IDLE_RATE` ticks per second and speeds up
again on the next input or on two frames in a row that needed drawing (isolated
frames, such as a clock's tenths, neither wake it nor keep it awake).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import arcade

from engine.cli.parser import WindowCommand, WindowRequest
from game import routes
from game.context import Context
from game.memory import settle_startup
from game.render.present import PartialFrames, Presenter, Rect, clip_rect, merge_rects
from game.ui import MIN_HEIGHT, MIN_WIDTH

WIDTH, HEIGHT = 1280, 800
TITLE = "Tessera"
#: Pixels of a screen the window leaves free in each direction (title bar, taskbar, dock), while it can.
SCREEN_MARGIN = 64

ACTIVE_RATE = 1 / 60  # seconds per update/draw tick while something moves
IDLE_RATE = 1 / 10  # seconds per tick while nothing changes (a clock second shows at most 0.1 s late)
QUIET_FRAMES = 12  # skipped frames in a row before the clock slows down
FRAME_JITTER = 0.004  # seconds a tick may come early and still draw a view's frame_time frame

#: Events that are not input and do not by themselves change the picture.
_NOT_INPUT = frozenset({"on_draw", "on_update", "on_fixed_update", "on_refresh"})
#: Input events: a screen drawn in parts (:class:`PartialFrames`) says itself what they changed; any other event
#: (a resize, an expose, focus...) draws the next frame whole.
_INPUT = frozenset({"on_key_press", "on_key_release", "on_text", "on_text_motion", "on_text_motion_select",
                    "on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll",
                    "on_mouse_enter", "on_mouse_leave"})

def _play(ctx: Context, code: str | None) -> arcade.View:
    """``tessera play CODE``: the screen of any code (the code screen showing why a code is refused);
    ``tessera play``: continue the campaign (the menu's first entry: the next unfinished level, or the map when
    every open level is finished)."""
    if code is not None:
        return code_view(ctx, code)
    level = ctx.next_level()
    return routes.levels(ctx) if level is None else routes.level(ctx, level)


def _campaign(ctx: Context, code: str | None) -> arcade.View:
    """``tessera campaign``: the campaign map."""
    return routes.levels(ctx)


def _duo(ctx: Context, code: str | None) -> arcade.View:
    """``tessera play CODE --players 2``: two players race on the maze of ``code`` (a maze code, checked by the
    CLI)."""
    return routes.race_duo(ctx, code) if code is not None else routes.menu(ctx, greet=True)


#: Window subcommand -> its first screen, built from the code as the parser checked it (typed route functions:
#: no string list in between).
COMMANDS: dict[WindowCommand, Callable[[Context, str | None], arcade.View]] = {
    "play": _play,
    "lab": routes.lab,
    "edit": routes.editor,
    "campaign": _campaign,
    "duo": _duo,
}


class FramePacer:
    """When to draw and how fast to tick (pure logic of :class:`GameWindow`, tested without a window).

    ``poke()`` on input; ``frame(view_wants)`` once per tick returns whether to draw
    and a new tick rate in seconds when it changes (else None).
    """

    def __init__(self) -> None:
        self.dirty = True
        self.quiet = 0
        self.idle = False
        self.wanted_last = False
        self.last_draw = -1e9  # ``now`` of the last frame drawn

    def poke(self) -> float | None:
        """Input or a redraw request: draw next tick; the full-speed rate if the clock was slowed."""
        self.dirty = True
        return self._wake()

    def _wake(self) -> float | None:
        self.quiet = 0
        if self.idle:
            self.idle = False
            return ACTIVE_RATE
        return None

    def too_soon(self, now: float, gap: float) -> bool:
        """True when a view that draws at most every ``gap`` seconds (its ``frame_time``; 0: every tick) drew its
        last frame less than ``gap`` before ``now`` (seconds, ``time.perf_counter()``) and no input came since:
        skip this tick without asking the view (its wish stays for the next one)."""
        return bool(gap) and not self.dirty and now - self.last_draw < gap - FRAME_JITTER

    def frame(self, view_wants: bool, now: float = 0.0) -> tuple[bool, float | None]:
        """One tick at ``now`` (seconds): (draw this frame?, new tick rate or None)."""
        draw = self.dirty or view_wants
        self.dirty = False
        rate: float | None = None
        if draw:
            self.last_draw = now
            if self.wanted_last:  # two frames in a row: something moves, stay (or get) fast
                rate = self._wake()
            self.wanted_last = True  # an isolated frame (a clock digit) does not reset the quiet count
            return True, rate
        self.wanted_last = False
        self.quiet += 1
        if not self.idle and self.quiet >= QUIET_FRAMES:
            self.idle = True
            rate = IDLE_RATE
        return False, rate


class GameWindow(arcade.Window):
    """The arcade window that draws only when something changed (see the module doc).

    Attributes:
        pacer: the :class:`FramePacer`; frames_drawn, frames_skipped: counters (tests, measurements).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.pacer = FramePacer()  # before the base class: it dispatches events while opening
        self.frames_drawn = 0
        self.frames_skipped = 0
        self.presenter: Presenter | None = None
        self.whole_frame = True  # a window event came: the next frame is drawn whole
        super().__init__(*args, **kwargs)
        self.presenter = Presenter(self)

    def request_redraw(self) -> None:
        """Draw the next frame whatever the view says (and run the clock at full speed)."""
        self._set_rate(self.pacer.poke())

    def _set_rate(self, rate: float | None) -> None:
        if rate is not None:
            self.set_update_rate(rate)
            self.set_draw_rate(rate)

    def dispatch_event(self, event_type: str, *args: Any) -> Any:
        """Every input or window event (key, mouse, text, resize, expose, ...) marks the picture dirty."""
        if event_type not in _NOT_INPUT:
            self._set_rate(self.pacer.poke())
            if event_type not in _INPUT:
                self.whole_frame = True
        return super().dispatch_event(event_type, *args)

    def show_view(self, new_view: arcade.View) -> None:
        """Switch screens (always redrawn, whole)."""
        super().show_view(new_view)
        self.whole_frame = True
        self.request_redraw()

    def draw(self, dt: float) -> None:
        """Draw and present a frame only when wanted; otherwise leave the shown picture alone.

        A view with a ``frame_time`` (seconds, e.g. a race's 1/30) is drawn at most that often while nothing but
        time changes it; input still draws the next tick."""
        view = self.current_view
        now = time.perf_counter()
        if self.pacer.too_soon(now, getattr(view, "frame_time", 0.0)):
            self.frames_skipped += 1
            return
        ask = getattr(view, "needs_redraw", None)
        draw, rate = self.pacer.frame(True if ask is None else bool(ask()), now)
        self._set_rate(rate)
        if not draw:
            self.frames_skipped += 1
            return
        self.frames_drawn += 1
        parts = self._parts(view)
        if parts is None:
            super().draw(dt)  # flip() shows it
            return
        self.switch_to()
        for rect in parts:
            view.draw_part(rect)  # type: ignore[union-attr]
        self.ctx.gc()
        assert self.presenter is not None
        self.presenter.show(parts)

    def _parts(self, view: arcade.View | None) -> list[Rect] | None:
        """The rectangles to draw this frame in (software GL, a screen that knows what changed), or None: whole."""
        whole, self.whole_frame = self.whole_frame, False
        if whole or self.presenter is None or not self.presenter.enabled or not isinstance(view, PartialFrames):
            return None
        damage = view.damage()
        if damage is None:
            return None
        width, height = self.get_framebuffer_size()
        return [r for r in (clip_rect(d, width, height) for d in merge_rects(damage)) if r is not None]

    def flip(self) -> None:
        """Show the frame: swapped whole, or with partial frames on, copied whole from a back buffer that is never
        swapped (so it always holds the last frame for the next partial one)."""
        if self.presenter is None or not self.presenter.enabled:
            super().flip()
            return
        if self.presenter.resized(self.get_framebuffer_size()):
            # Only a real swap makes software GL give the back buffer the window's new size (copying rectangles
            # never does): the frame just drawn went to the old one.  Swap, then draw the next frame whole again.
            super().flip()
            self.whole_frame = True
            self.request_redraw()
            return
        self.ctx.gc()
        self.presenter.show(None)


def fit_to_screen(wanted: tuple[int, int], screen: tuple[int, int], minimum: tuple[int, int] = (MIN_WIDTH, MIN_HEIGHT),
                  margin: int = SCREEN_MARGIN) -> tuple[int, int]:
    """The window size, in pixels, for a window that would like ``wanted`` on a screen of ``screen`` pixels.

    Each side is ``wanted``'s, shrunk to leave ``margin`` pixels of the screen free (its title bar and
    taskbar) but never below ``minimum`` (the smallest size the screens are laid out for) and never beyond
    the screen itself: 1280x800 stays 1280x800 on 1920x1080, becomes 1280x704 on a 1366x768 laptop and
    800x600 on an 800x600 screen. A screen smaller than ``minimum`` gets the screen's size. Sizes are
    positive; a non-positive screen side (a display that says nothing) leaves that side as wanted.
    """
    out = []
    for want, have, least in zip(wanted, screen, minimum, strict=True):
        if have <= 0:
            out.append(want)
            continue
        out.append(min(have, max(min(want, have - margin), least)))
    return out[0], out[1]


def screen_rect() -> tuple[int, int, int, int] | None:
    """The default screen's ``(x, y, width, height)`` in pixels (pyglet's display), or None when no display
    answers (then the window keeps its wanted size and the window manager places it)."""
    import pyglet

    try:
        screen = pyglet.display.get_display().get_default_screen()
        return int(screen.x), int(screen.y), int(screen.width), int(screen.height)
    except Exception:  # no display, or a backend without screens
        return None


def create_window(visible: bool = True) -> arcade.Window:
    """The game window (not shown until :func:`arcade.run` when ``visible``).

    No multisampling: on software GL (Mesa's llvmpipe: a remote desktop, a VM, a machine without a GPU driver)
    4× MSAA made every frame about 8× dearer (an empty 1280x800 frame 27 ms of CPU instead of 3.4 ms: clearing
    and resolving four samples a pixel), and the picture is the one the headless tests check (they never
    multisample).  Text is drawn from anti-aliased glyph textures either way."""
    rect = screen_rect()
    width, height = fit_to_screen((WIDTH, HEIGHT), rect[2:] if rect else (0, 0))
    window = GameWindow(width, height, TITLE, resizable=True, visible=visible, vsync=True, antialiasing=False)
    try:
        window.set_minimum_size(min(MIN_WIDTH, width), min(MIN_HEIGHT, height))
        if rect:
            window.set_location(rect[0] + (rect[2] - width) // 2, rect[1] + (rect[3] - height) // 2)
    except Exception:  # headless windows cannot
        pass
    return window


def first_view(ctx: Context, request: WindowRequest | None = None) -> arcade.View:
    """The view to start with for a window subcommand's ``request`` (the main menu, offering the guided start on
    a first launch, for None)."""
    if request is None:
        return routes.menu(ctx, greet=True)
    return COMMANDS[request.command](ctx, request.code)


def code_view(ctx: Context, code: str) -> arcade.View:
    """The view for any code (maze, race, ghost, puzzle, level), or the code screen showing the decoder's
    sentence."""
    from engine.codes import CodeError

    try:
        return routes.open_code(ctx, code)
    except CodeError as exc:
        return routes.code_entry(ctx, code, error=str(exc))


def run(request: WindowRequest | None = None) -> int:
    """Create the window, show the first view of ``request`` (None: the main menu) and run the event loop until
    it closes; returns the exit code (0)."""
    window = create_window()
    ctx = Context(window)
    ctx.pads.start()  # game controllers, hot-plugged (none without an input backend)
    if ctx.store.setting("fullscreen") == "1":
        try:
            window.set_fullscreen(True)
        except Exception:
            pass
    window.show_view(first_view(ctx, request))
    settle_startup()  # full garbage collections skip what start-up made (no 50 ms pause mid-frame)
    arcade.run()
    ctx.store.close()
    return 0
