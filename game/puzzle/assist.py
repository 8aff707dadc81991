"""The puzzle screen's help commands: hint, auto-solve, playback control, and what a win shows.

:class:`AssistCommands` is mixed into :class:`game.puzzle.view.PuzzleView`:
each command asks the session (the rules) and the run manager (the child
processes), then says what happened in the status line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import arcade

from engine.puzzle.session import PuzzlePhase, PuzzleSession, SolveKind
from game.bases.won import WonPuzzle
from game.context import Context
from game.format import count, record_time
from game.puzzle.board import FLASH_SECONDS, BoardLayer
from game.puzzle.meter import MeterLine
from game.puzzle.panel import PuzzlePanel, stats_text
from game.puzzle.settings import PuzzleSettings, record_win
from game.puzzle.tasks import JobEvent, PuzzleJobs, describe
from game.records import PuzzleWinFacts, puzzle_win_facts, record_puzzle_run
from game.routes import puzzle_win

if TYPE_CHECKING:
    from engine.modes.daily import PuzzleDaily


#: Seconds from the winning slide to the win screen (the tiles settle, the picture shows whole, the flash plays).
WIN_DELAY = 1.0


class AssistHost(WonPuzzle, Protocol):
    """What the assist reads and writes on the puzzle screen it serves (and its win returns to: :class:`WonPuzzle`)."""

    ctx: Context
    session: PuzzleSession
    settings: PuzzleSettings
    jobs: PuzzleJobs
    board: BoardLayer
    panel: PuzzlePanel
    t_banner: arcade.Text
    last_result: Any
    last_stop: str
    _dirty: bool
    meter: MeterLine
    daily: PuzzleDaily | None

    def _set_message(self, text: str, error: bool = False) -> None: ...

    def _refresh_best(self) -> None: ...


class PuzzleAssist:
    """H, S, Space, ``.``, +/-, X and the win, for the puzzle screen ``host``.

    Args:
        host: the screen served (its session, jobs, board, panel and status line).
    """

    def __init__(self, host: AssistHost) -> None:
        self.host = host
        self.win: PuzzleWinFacts | None = None  # a win waiting for its screen (after WIN_DELAY)
        self.win_wait = 0.0

    def request_hint(self) -> None:
        """H: the session decides (:meth:`PuzzleSession.begin_hint`): the hint it knows, shown now, or the planner
        run it asks for, run in the background."""
        s = self.host.session
        if s.solved:
            self.host._set_message("Already solved.")
        elif (job := s.begin_hint()) is not None:
            self.host.jobs.start_hint(job)
        else:
            self.show_hint_message()

    def show_hint_message(self) -> None:
        """Say the hint the session knows in the status line (nothing when there is none)."""
        h = self.host.session.current_hint()
        if h is not None:
            self.host.ctx.audio.play("hint")
            tile = self.host.session.board.tiles[h.tile_cell]
            self.host._set_message(f"Hint: slide tile {tile} into the gap (from {h.source}).")

    def request_solve(self) -> None:
        """S: start the solver runs the session asks for (the first plan plays at once)."""
        if self.host.session.solved:
            self.host._set_message("Already solved.")
        elif not self.host.jobs.solving:
            self.host._set_message(self.host.jobs.solve(self.host.session, self.host.settings.solver == "optimal"))

    def on_job_event(self, ev: JobEvent) -> None:
        self.host._dirty = True
        if ev.kind == "solve" and ev.result is not None and (not ev.stopped or self.host.last_result is None
                                                                or self.host.last_stop):
            self.host.last_result, self.host.last_stop = ev.result, ev.stopped
            self.host.panel.set(stats=stats_text(ev.result, ev.stopped))
        if ev.kind == "hint" and ev.hint is not None and not ev.error:
            self.show_hint_message()
            return
        said = describe(ev, playing=self.host.session.playback is not None,
                        optimal_pending=SolveKind.OPTIMAL in self.host.jobs.solves)
        if said is not None:
            self.host._set_message(*said)

    def toggle_pause(self) -> None:
        """Pause / resume the solution playback."""
        if self.host.session.playback is None:
            return
        paused = self.host.session.toggle_pause()
        self.host._set_message("Paused: Space resumes, '.' steps, X stops." if paused else "Playing the solution...")

    def step(self) -> None:
        """Play one solution move now (pauses the playback)."""
        pb = self.host.session.playback
        if pb is None:
            return
        pb.paused = True
        if self.host.session.playback_step():
            self.host.board.sync()
            self.host.ctx.audio.play("step")

    def change_speed(self, step: int) -> None:
        """+/-: playback speed one step faster/slower."""
        speed = self.host.session.change_speed(step)
        pb = self.host.session.playback
        rest = f", {pb.remaining_seconds:.0f} s to go" if pb is not None else " for the next solution (S plays it)"
        self.host._set_message(f"Playback speed: {speed:g} moves per second{rest}.")

    def stop(self) -> None:
        """X: stop the playback (moves played stay, undoable) and any solver run."""
        if self.host.session.playback is None and not self.host.jobs.solving:
            return
        playing = self.host.session.playback is not None
        self.host.jobs.cancel_solves()
        self.host.session.cancel_solve()
        self.host.session.stop_playback()
        self.host._set_message("Solution stopped; Z undoes its moves one by one." if playing else "Solver cancelled.")

    # -- the distance meter -----------------------------------------------------------
    def toggle_meter(self) -> None:
        """M: the live distance line on/off for this game (never saved: a new game starts without it); with it
        on, the game is assisted (it is help).  A daily never shows it (its par is the answer it would give
        away)."""
        st = self.host.settings
        if self.host.daily is not None:
            self.host._set_message("No distance line in a daily: it would give the par away (M works in "
                                   "other games).")
            return
        st.meter = not st.meter
        if not self.host.meter.shows:
            b = self.host.session.board
            self.host._set_message(f"The distance line is for 3x3, 4x4 and from 5x5 up (this one is {b.width}x"
                                   f"{b.height}); it is now {'on' if st.meter else 'off'} for them.")
        elif st.meter and self.host.meter.banded:
            self.host._set_message("Distance line on (M): at least the proven lower bound, at most the shortest "
                                   "solution found. It is help: this game no longer counts for bests.")
        elif st.meter:
            self.host._set_message("Distance line on (M): the moves left by the optimal solver. It is help: this "
                                   "game no longer counts for bests.")
        else:
            self.host._set_message("Distance line off (M).")
        self.poll_meter()

    def poll_meter(self) -> None:
        """Each frame: the meter's answers and line (a live line shown during play makes the game assisted)."""
        h, s = self.host, self.host.session
        live = h.settings.meter and h.meter.shows and h.daily is None  # a daily: never (see toggle_meter)
        if live and not s.won and not s.assisted and (s.moves or s.started):
            s.assisted = True
        if h.meter.poll(s, live) and h.panel.update(meter=h.meter.text):
            h._dirty = True

    def result_line(self) -> str:
        """The share line of the game won (the win screen's stars: against the optimum, a daily's par)."""
        from engine.records import puzzle_stars
        from engine.share.lines import ShareSummary, share_line

        s, daily = self.host.session, self.host.daily
        optimal = daily.optimal if daily is not None else self.host.meter.optimal()
        summary = ShareSummary.of_puzzle(s.board.width, s.board.height, daily.day if daily is not None else None)
        stars = puzzle_stars(s.moves, optimal) if optimal is not None else None
        return share_line(summary, s.elapsed, s.moves, optimal, stars)

    def win_extra(self, session: PuzzleSession) -> str:
        """What a win adds: the daily's stars, and "you took M, optimal was N" when the optimum is known."""
        from engine.records import puzzle_stars
        from game.format import star_text

        daily = self.host.daily
        if daily is not None:
            stars = puzzle_stars(session.moves, daily.optimal)
            return f" Daily {star_text(stars)}: you took {session.moves}, optimal was {daily.optimal}."
        end = self.host.meter.end_text(session.moves)
        return f" {end}" if end else ""

    def on_solved(self, session: PuzzleSession) -> None:
        self.host.board.flash = FLASH_SECONDS
        self.host.ctx.audio.play("win")
        self.host.t_banner.text = "Solved!"
        moves, secs = session.moves, session.elapsed
        if not session.counts_for_bests:
            stopped = ""
            if self.host.jobs.solving:  # a fast plan finished first: the optimal search is of no use now
                self.host.jobs.cancel_solves()
                session.cancel_solve()
                stopped = " The fast plan (not proven shortest) ended before the optimal search; that search stopped."
            end = self.host.meter.end_text(moves)
            self.host._set_message(
                f"Solved with help in {count(moves, 'move')}, {record_time(secs)} (assisted: not counted for bests)."
                f"{stopped} "
                f"{end + ' ' if end else ''}N deals a new one."
            )
            return
        store = self.host.ctx.store
        news = record_win(store, session)
        record_puzzle_run(store, session, self.host.meter.optimal(), self.host.daily)
        self.host._refresh_best()
        extra = f" — {', '.join(news)}!" if news else ""
        self.host._set_message(f"Solved in {count(moves, 'move')}, {record_time(secs)}{extra}"
                               f"{self.win_extra(session)} N deals a new one, L copies a share line, "
                               "Q shows the QR code.")
        self.win = puzzle_win_facts(store, session, self.host.meter.optimal(), self.host.daily, news)
        self.win_wait = WIN_DELAY

    def tick(self, dt: float) -> None:
        """Each frame: the distance line (:meth:`poll_meter`), and a win's screen once its moment has played."""
        self.poll_meter()
        if self.win is None:
            return
        s = self.host.session
        if s.phase is not PuzzlePhase.WON:  # undone (or restarted) before the win screen came
            self.win = None
            return
        self.win_wait -= dt
        if self.win_wait <= 0:
            facts, self.win = self.win, None
            ctx = self.host.ctx
            ctx.show(puzzle_win(ctx, self.host, facts))
