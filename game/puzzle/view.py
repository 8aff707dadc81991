"""The sliding-puzzle screen: maps keys and clicks to session calls and draws what the session reports.

Arrows slide a tile into the blank (or move the blank: setting A); a click slides
every tile between the clicked one and the blank.  :meth:`PuzzleView.key_actions`
is the key map (undo/redo, restart, new deal, hint, solve and playback, copies,
the Advanced panel's settings); F1 lists the keys.  Esc cancels a run, else leaves.

The game's rules (moves, undo, the hint planner, which solver runs to make and what their answers do, playback,
wins and bests) are :class:`engine.puzzle.session.PuzzleSession`'s; long runs go to child processes through
:class:`game.puzzle.tasks.PuzzleJobs`.  The board is drawn by :class:`~game.puzzle.board.BoardLayer`, the side
panel by :class:`~game.puzzle.panel.PuzzlePanel`.  :meth:`PuzzleView.needs_redraw` says whether a frame would
differ from the last one (idle screens draw nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
import pyglet
from arcade import key

from engine.modes.daily import PuzzleDaily
from engine.puzzle.deal import Deal, code_to_copy, deal_session
from engine.puzzle.session import PuzzlePhase, PuzzleSession
from game import routes
from game.bases.screen import Screen, common_key
from game.context import Context
from game.puzzle.assist import PuzzleAssist
from game.puzzle.board import BoardLayer
from game.puzzle.meter import MeterLine
from game.puzzle.panel import ACTIONS, SETTINGS, PuzzlePanel, panel_width, ui_scale
from game.puzzle.picture_rewards import own_choice
from game.puzzle.pictures import builtin_of, choice_label
from game.puzzle.settings import PuzzleSettings
from game.puzzle.tasks import WIDEST_PROGRESS, PuzzleJobs
from game.puzzle.widgets import ProgressArea, fit_block
from game.ui import FONT, needs_render
from game.ui.clipboard import copy_to_clipboard
from game.ui.qr import ShareKeys
from game.ui.textfit import measure, set_text
from game.workers import Task

if TYPE_CHECKING:
    from game.puzzle.speed_play import SpeedPlay

#: Panel buttons whose key-table action has another name (the rest share theirs; settings are both).
BUTTON_ACTIONS = {"pause": "playback"}


class PuzzleView(ProgressArea, Screen):
    """Play one sliding puzzle.

    Args:
        ctx: the shared game context (store, audio, theme).
        session: the game to play.
        deal: how the game was dealt (``N`` deals another like it); None for pasted codes.
        settings: solver/input settings (default: loaded from the store).
        picture: the built-in picture the code names (it wins over the deal's and the setting's), or None.
        daily: the puzzle daily this game is (its proven optimum is the par for the stars), or None.
        own: the player's own game (dealt on the setup screen): the tiles show the player's picture and numbers
            choice (Settings' ``puzzle.picture`` / ``puzzle.numbers``) unless the code names a picture.  False
            for a friend's code and a daily: they open as the code says (its picture or numbered tiles, numbers
            on), and I changes this game only (the player's choice stays for their own games).
        speed: the speed run this screen plays (:class:`game.puzzle.speed_play.SpeedPlay`: it deals the boards,
            keeps their solves and shows the mode's win), or None.
    """

    key_context = "puzzle"

    music: str | None = "maze"

    def __init__(
        self, ctx: Context, session: PuzzleSession, deal: Deal | None = None, settings: PuzzleSettings | None = None,
        picture: str | None = None, daily: PuzzleDaily | None = None, own: bool = True,
        speed: SpeedPlay | None = None,
    ) -> None:
        super().__init__(ctx)
        self.daily = daily
        self.speed = speed
        self.meter = MeterLine()  # the distance line (3x3, 4x4)
        #: hint, auto-solve and playback commands, and what a win shows (a collaborator over this screen)
        self.assist = PuzzleAssist(self)
        self.ctx = ctx
        self.theme = t = ctx.theme
        self.share = ShareKeys(t, "", copy_key=key.L)  # Q: the QR code of the puzzle's link; L: the share line
        self.settings = settings if settings is not None else PuzzleSettings.load(ctx.store)
        self.deal = deal
        self.session = session
        self.background_color = t.background
        self.jobs = PuzzleJobs(self.settings)
        self.board = BoardLayer(session, t, animate=self.settings.animate)
        #: the player's own game (its look is the player's saved choice) or a code's / a daily's (the code's look)
        self.own = own and daily is None
        #: what the tiles show (a picture choice, game.puzzle.pictures): the code's picture, the deal's, or (own
        #: games only) the setting
        self.picture = (picture or (deal.picture if deal is not None else None)
                        or (own_choice(ctx.wallet, self.settings.picture) if self.own else ""))
        #: numbers over picture tiles: the saved choice in own games, on (the default look) in a code's
        self.numbers = self.settings.numbers if self.own else True
        self.board.set_picture(self.picture, self.numbers)
        self.panel = PuzzlePanel(t, self._button_actions())
        self.panel.fold(self.settings.advanced)
        self.t_stats = self.panel.t_stats
        self.batch = pyglet.graphics.Batch()
        self.t_help = arcade.Text("", 0, 0, t.text_dim, 10, font_name=FONT, anchor_y="bottom", multiline=True,
                                  width=600, batch=self.batch)
        self.t_progress = arcade.Text("", 0, 0, t.text, 11, font_name=FONT, anchor_y="bottom", multiline=True,
                                      width=600, batch=self.batch)
        self.t_banner = arcade.Text("", 0, 0, t.star, 40, font_name=FONT, bold=True, anchor_x="center",
                                    anchor_y="center")
        self.progress_bar: tuple[float, float, float, float] | None = None  # l, r, b, t of the bar
        self.progress_room = float("inf")  # pixels for the progress line (set by _layout)
        self.progress_frac = 0.0
        self._progress_drawn: tuple[bool, int] = (False, -1)  # _progress_shown() of the last frame drawn
        self.message = ""
        self.clipboard = ""  # last text copied (tests read it)
        self.last_result: Any = None
        self.last_stop = ""
        self.frames = 0
        self._dirty = True
        self._layout_size = (0, 0)
        self._attach(session)

    # -- the runs out (tests and the bench wait on these) -----------------------------
    @property
    def hint_task(self) -> Task[Any] | None:
        """The running hint run, or None."""
        return self.jobs.hint_task

    @property
    def solve_task(self) -> Task[Any] | None:
        """A running solver run, or None."""
        return self.jobs.solve_task()

    # -- construction -----------------------------------------------------------------
    def _button_actions(self) -> dict[str, Any]:
        """Each panel button's action (the key table's, :meth:`named_actions`), with the click sound."""
        named = self.named_actions() | {"back": self.back}
        buttons = (*SETTINGS, *(name for name, _label in ACTIONS))
        return {name: self._with_click(named[BUTTON_ACTIONS.get(name, name)]) for name in buttons}

    def _with_click(self, action: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            self.ctx.audio.play("click")
            self._dirty = True
            action()

        return run

    def _attach(self, session: PuzzleSession) -> None:
        """Play ``session`` (a new game): drop runs, build tiles, reset texts."""
        self.jobs.cancel()
        self.session = session
        self.settings.meter = False  # help is one game's choice: a new game starts without the distance line
        self.meter.attach(session)
        self.panel.set(meter="")
        session.arrows = self.settings.arrows
        session.on_solved = self.assist.on_solved
        self.board.attach(session)
        self.shown_code = code_to_copy(session, "puzzle", builtin_of(self.picture))[0]  # the code the panel shows
        self.last_result = None
        self.last_stop = ""
        self.t_banner.text = ""
        b = session.board
        d = self.daily if self.daily is not None and self.daily.code == session.seed_code else None
        self.daily = d
        self.panel.set(title=f"Daily {b.width}x{b.height} · {d.day.isoformat()} · par {d.optimal}" if d else
                       f"Sliding Puzzle {b.width}x{b.height}",
                       stats="Press S to solve: the statistics of the solver's run appear here.")
        self._refresh_best()
        self._set_message("Slide the tiles into order: 1, 2, 3, ... with the gap last." if not self.picture else
                          f"Slide the tiles until the picture ({choice_label(self.picture)}) is whole, gap last.")
        self._layout_size = (0, 0)
        if self.speed is not None:
            self.speed.attach(self, session)
        if self.window is not None:
            self._layout()

    def toggle_numbers(self) -> None:
        """I: numbers over the picture tiles on/off (saved in the player's own games; a code's or a daily's game
        changes only itself)."""
        self.numbers = not self.numbers
        if self.own:
            self.settings.numbers = self.numbers
            self.settings.save(self.ctx.store)
        self.board.set_picture(self.picture, self.numbers)
        self._layout()
        if self.picture:
            self._set_message(f"Numbers on the picture: {'on' if self.numbers else 'off'} (I).")

    def toggle_advanced(self) -> None:
        """V: open or fold the Advanced panel (solver settings and statistics; saved)."""
        self.settings.advanced = not self.settings.advanced
        self.settings.save(self.ctx.store)
        self.panel.fold(self.settings.advanced)
        self._set_message("Advanced panel: solver settings (O T B E A) and statistics; V folds it." if
                          self.settings.advanced else "Advanced panel folded (V opens it; O T B E A still work).")

    # -- layout -------------------------------------------------------------------------
    def _layout(self) -> None:
        """Place the board, the panel and the texts under the board for the current window size."""
        w, h = self.window.width, self.window.height
        self._layout_size = (w, h)
        k = ui_scale(w, h)
        margin = 16 * k
        area_l, area_r = margin, w - panel_width(w, h) - margin
        set_text(self.t_help, size=10 * k, width=int(area_r - area_l))  # one layout, none when unchanged
        self.t_help.position = (area_l, 4 * k)
        self._refresh_help()
        help_h = self.t_help.content_height
        set_text(self.t_progress, size=11 * k, width=int(area_r - area_l))
        prog_y = 4 * k + help_h + 6 * k
        self.t_progress.position = (area_l, prog_y)
        line = self.t_progress.font_size * 1.5
        # room for the widest line at this width (a narrow window wraps it): measured, not laid out
        self.progress_room = max(2 * line, measure(self.t_progress, WIDEST_PROGRESS)[1])
        self.t_progress.text = self._progress_label = ""  # the next frame shows (and fits) the current line
        bar_y = prog_y + self.progress_room + 4 * k
        self.progress_bar = (area_l, area_r, bar_y, bar_y + 6 * k)
        self.board.place(area_l, bar_y + 16 * k, area_r, h - margin)
        self.share.qr.layout(w, h, k)
        if self.board.picture_error and self.message != self.board.picture_error + " Showing numbers.":
            self._set_message(self.board.picture_error + " Showing numbers.", error=True)
        bw, bh = self.board.size_px
        ox, oy = self.board.origin
        self.t_banner.position = (ox + bw / 2, oy + bh / 2)
        set_text(self.t_banner, size=max(16, min(48 * k, bw // 9)))
        self.panel.layout(w, h)
        self._dirty = True

    def _refresh_help(self) -> None:
        arrows = "a tile into the gap" if self.settings.arrows == "tile" else "the gap"
        value = (f"Arrows move {arrows} · click a tile in the gap's row or column: slide them all "
                 "(1 move per tile) · green tiles are home" + (" · I numbers on the picture" if self.picture else "")
                 + " · F1 lists every key")
        fit_block(self.t_help, value, 3.2 * self.t_help.font_size * 1.3)

    # -- view lifecycle -------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Lay out for the current window."""
        super().on_show_view()
        self.background_color = self.theme.background
        self.panel.ui.enable()
        self._layout()

    def on_hide_view(self) -> None:
        """Stop background work when leaving the screen."""
        self.panel.ui.disable()
        self.jobs.cancel()
        self.meter.cancel()
        self.session.cancel_solve()
        self.session.frame_at = None  # the clock stands while away: a move before the next frame is timed at it

    def on_resize(self, width: int, height: int) -> None:
        """Re-layout (tile textures are re-rendered at the new size)."""
        self._layout()

    def needs_redraw(self) -> bool:
        """True when the next frame would differ from the last one drawn: input arrived, a slide or the win flash
        runs, a solution plays, the texts changed, or a background run's progress line or bar changed (a few times
        a second, :meth:`PuzzleJobs.shown`).  An idle screen (also one showing a hint) returns False."""
        s = self.session
        return (self._dirty or self.board.animating or s.phase is PuzzlePhase.PLAYBACK
                or (self.jobs.busy and self._progress_shown() != self._progress_drawn) or needs_render(self.panel.ui))

    def progress_changed_alone(self) -> bool:
        """True when the next frame differs from the last only in the progress line or bar."""
        s = self.session
        busy = (self._dirty or self.board.animating or s.phase is PuzzlePhase.PLAYBACK or needs_render(self.panel.ui)
                or self.share.qr.shown)  # the QR code's overlay may cover the bar
        return not busy and self.jobs.busy and self._progress_shown() != self._progress_drawn

    def clock(self) -> float:
        """The input clock (seconds, the game's :attr:`game.context.Context.clock`: ``time.perf_counter``; a test's
        stands still): a move is timed when its key or click arrives, not at the frame
        (:class:`engine.puzzle.session.PuzzleSession`'s input times)."""
        return self.ctx.clock.now()

    # -- frame --------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        """Animations, solution playback, timer, background runs and texts."""
        if self._layout_size != (self.window.width, self.window.height):
            self._layout()
        dt = min(delta_time, 0.25)
        if self.speed is not None:
            self.speed.before_frame(self, dt)
        self.board.advance(dt)
        pb = self.session.playback
        played = self.session.update(dt, busy=bool(self.board.anim), now=self.clock())
        if played:
            self.board.sync(animate=pb is not None and pb.animated and len(played) == 1)
            self._dirty = True
        for event in self.jobs.poll(self.session):
            self.assist.on_job_event(event)
        self.assist.tick(dt)  # the distance line; a win's screen once its moment has played
        self._refresh_texts()
        if self.speed is not None:
            self.speed.after_frame(self, dt)

    def on_draw(self) -> None:
        """Board, overlays, panel and texts."""
        self.frames += 1
        self._dirty = False
        self.clear()
        if self._layout_size != (self.window.width, self.window.height):
            self._layout()
        self.board.draw(self.t_banner)
        self.panel.draw(self.window.height, self.window.width)
        self._draw_progress()
        self.batch.draw()
        self.t_banner.draw()
        self.share.qr.draw(self.window.width, self.window.height)

    # -- texts ----------------------------------------------------------------------------
    def _set_message(self, text: str, error: bool = False) -> None:
        self.message = text
        self.panel.set_status_color(error)
        if self.panel.set(status=text) and self._layout_size != (0, 0):
            self.panel.layout(*self._layout_size)
        self._dirty = True

    def _refresh_texts(self) -> None:
        if self.t_banner.text and not (self.session.solved and self.board.flash):  # the band goes with the flash
            self.t_banner.text = ""
            self._dirty = True
        can_deal = self.deal is not None or self.speed is not None
        if self.panel.show(self.session, self.settings, self.jobs.solving, can_deal, self.shown_code):
            self._dirty = True

    def _refresh_best(self) -> None:
        if self.speed is not None:
            self.speed.show_best(self)
        else:
            self.panel.show_bests(self.session, self.ctx.store)

    # -- input ----------------------------------------------------------------------------
    def named_actions(self, ctrl: bool = False, shift: bool = False) -> dict[str, Callable[[], Any]]:
        """Every "puzzle" action of the key table (:mod:`game.ui.input`) -> what it does with these modifiers."""
        actions: dict[str, Callable[[], Any]] = {d: partial(self.slide, d) for d in ("up", "down", "left", "right")}
        actions |= {w: partial(self._change, w) for w in SETTINGS}
        actions |= {
            "faster": partial(self.assist.change_speed, 1), "slower": partial(self.assist.change_speed, -1),
            "redo": self.redo, "restart": self.restart, "new": self.new_game, "hint": self.assist.request_hint,
            "solve": self.assist.request_solve, "playback": self.assist.toggle_pause, "step": self.assist.step,
            "stop": self.assist.stop, "copy_seed": lambda: self.copy_code("seed"), "numbers": self.toggle_numbers,
            "advanced": self.toggle_advanced, "undo": self.redo if ctrl and shift else self.undo,
            "meter": self.assist.toggle_meter, "copy": lambda: self.copy_code("current" if shift else "puzzle"),
        }
        return actions if self.speed is None else self.speed.actions(self, actions)

    def key_actions(self, ctrl: bool = False, shift: bool = False) -> dict[int, Callable[[], Any]]:
        """Every key of this screen as bound now (F1/F11 are :func:`common_key`'s) -> its action."""
        named = self.named_actions(ctrl, shift).items()
        return {sym: act for name, act in named for sym in self.ctx.keys.keys(f"puzzle.{name}")} | {
            key.ESCAPE: self.escape}

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Keyboard controls (see the module docstring and :meth:`key_actions`)."""
        self._dirty = True
        if common_key(self.ctx, symbol, modifiers) or self.share_key(symbol):  # F1 help, F11 fullscreen; Q, L
            return True
        name = "escape" if symbol == key.ESCAPE else self.ctx.keys.action("puzzle", symbol)
        mods = bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND)), bool(modifiers & key.MOD_SHIFT)
        action = (self.named_actions(*mods) | {"escape": self.escape}).get(name or "")
        if action is None:
            return None
        action()
        return True

    def share_key(self, symbol: int) -> bool:
        """Q: the QR code of the dealt puzzle's link; L: copy the share line of a puzzle solved without help."""
        s, w, h = self.session, self.window.width, self.window.height
        if not self.share.qr.shown:
            self.share.qr.set_code(code_to_copy(s, "puzzle", builtin_of(self.picture))[0])
            self.share.line = self.assist.result_line() if s.solved and s.counts_for_bests else ""
        said = self.share.on_key(symbol, self.window)
        if said:
            self._set_message(said)
        self.share.qr.layout(w, h, ui_scale(w, h))
        return said is not None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        """Slide the tiles between the clicked tile and the gap (the panel's UI manager takes button clicks)."""
        self._dirty = True
        cell = self.board.cell_at(x, y)
        if cell is None:
            return None
        at = self.clock()
        if self.speed is not None:
            self.speed.before_move(self, at)
        self.play_moves(self.session.click(cell, at))
        return True

    # -- actions ------------------------------------------------------------------------
    def slide(self, direction: str) -> None:
        """An arrow key: slide toward ``direction`` (a tile or the gap, as the arrows setting says)."""
        at = self.clock()
        if self.speed is not None:
            self.speed.before_move(self, at)
        self.play_moves(self.session.press(direction, at))

    def play_moves(self, moves: str) -> None:
        """React to moves the session just played (animation, sound, hint text)."""
        if not moves:
            self.ctx.audio.play("bump")
            return
        self.board.sync()
        if not self.session.won or not self.session.solved:
            self.ctx.audio.play("step")
        if self.message.startswith("Hint"):
            self._set_message("")

    def undo(self) -> None:
        """Undo the last action (a whole click-slide, or one solution step)."""
        self.play_moves(self.session.undo(self.clock()))

    def redo(self) -> None:
        """Redo the last undone action."""
        self.play_moves(self.session.redo(self.clock()))

    def restart(self) -> None:
        """Back to the dealt position, timer and counters reset (a speed run: a new run of its mode)."""
        if self.speed is not None:
            self.speed.new_run(self)
            return
        self.jobs.cancel()
        self.session.restart()
        meter, self.settings.meter = self.settings.meter, False  # a fresh attempt is unassisted: no help left on
        self.panel.set(meter="")
        self.board.flash = 0.0
        self.t_banner.text = ""
        self.board.sync()
        self._set_message("Restarted from the dealt position." + (" The distance line is off (M shows it)."
                                                                   if meter else ""))

    def new_game(self) -> None:
        """Deal another puzzle with the same size and shuffle kind (new seed)."""
        if self.deal is None:
            self._set_message("This puzzle came from a code: use the setup screen (Esc) for a new one.")
            return
        self.deal = self.deal.reseeded()
        self._attach(deal_session(self.deal))

    def back(self) -> None:
        """To the setup screen, or the Dailies for a daily (a playing solution and every run stop)."""
        self.jobs.cancel()
        self.session.cancel_solve()
        self.session.stop_playback()
        if self.speed is not None:
            self.speed.stop()
            self.ctx.go(routes.puzzle_setup, speed=self.speed.run.setup)
        elif self.daily is not None:  # a daily goes back to the Dailies (its calendar)
            self.ctx.go(routes.dailies)
        else:
            self.ctx.go(routes.puzzle_setup, deal=self.deal)

    def escape(self) -> None:
        """Esc: leave to the setup screen (stopping a playing solution and its runs); while a run is out
        with nothing playing (a hint, a solve or a table build being waited for), cancel it instead."""
        if self.session.playback is None and (self.jobs.hint_task is not None or self.jobs.solving):
            self.jobs.cancel()
            self.session.cancel_solve()
            self._set_message("Cancelled; nothing was changed.")
        else:
            self.back()

    def copy_code(self, which: str = "puzzle") -> None:
        """Copy ``"puzzle"`` (the dealt position, C), ``"current"`` (Shift+C) or ``"seed"`` (G) code."""
        text, what = code_to_copy(self.session, which, builtin_of(self.picture))
        self.clipboard = text
        shown = text if len(text) <= 44 else f"({len(text)} characters)"
        if not copy_to_clipboard(self.window, text):  # no clipboard (headless, no X selection owner)
            self._set_message(f"No clipboard here; {what} is {text}")
            return
        self._set_message(f"Copied {what} {shown}. Paste it in the puzzle setup or run: tessera play CODE")

    # settings ------------------------------------------------------------------------
    def _change(self, what: str) -> None:
        """Change one setting (see :meth:`PuzzleSettings.change`), save it and show the result."""
        b = self.session.board
        note = self.settings.change(what, b.width, b.height)
        self.session.arrows = self.settings.arrows
        self.settings.save(self.ctx.store)
        if note:
            self._set_message(note)
        self._refresh_help()
        self._refresh_texts()
