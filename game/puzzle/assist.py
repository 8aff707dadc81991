"""The puzzle screen's help commands: hint, auto-solve, playback control, and what a win shows.

:class:`AssistCommands` is mixed into :class:`game.puzzle.view.PuzzleView`:
each command asks the session (the rules) and the run manager (the child
processes), then says what happened in the status line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade

from engine.puzzle.session import PuzzleSession
from game.context import Context
from game.format import count, format_time
from game.puzzle.board import FLASH_SECONDS, BoardLayer
from game.puzzle.panel import PuzzlePanel, stats_text
from game.puzzle.settings import PuzzleSettings, record_win
from game.puzzle.tasks import JobEvent, PuzzleJobs, describe


class AssistCommands:
    """H, S, Space, ``.``, +/-, X and the win, over the attributes the view provides."""

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
    _set_message: Callable[..., None]  # provided by the view: (text, error=False)
    _refresh_best: Callable[[], None]  # provided by the view

    def request_hint(self) -> None:
        """H: the hint the session knows, else a planner run in the background."""
        s = self.session
        if s.solved:
            self._set_message("Already solved.")
        elif s.known_hint() is not None:
            self._show_hint_message()
        else:
            self.jobs.start_hint(s.board)

    def _show_hint_message(self) -> None:
        h = self.session.current_hint()
        if h is not None:
            tile = self.session.board.tiles[h.tile_cell]
            self._set_message(f"Hint: slide tile {tile} into the gap (from {h.source}).")

    def request_solve(self) -> None:
        """S: start the solver runs the session asks for (the first plan plays at once)."""
        if self.session.solved:
            self._set_message("Already solved.")
        elif not self.jobs.solving:
            self._set_message(self.jobs.solve(self.session, self.settings.solver == "optimal"))

    def _on_job_event(self, ev: JobEvent) -> None:
        self._dirty = True
        if ev.kind == "solve" and ev.result is not None and (not ev.stopped or self.last_result is None
                                                                or self.last_stop):
            self.last_result, self.last_stop = ev.result, ev.stopped
            self.panel.set(stats=stats_text(ev.result, ev.stopped))
        if ev.kind == "hint" and ev.hint is not None and not ev.error:
            self._show_hint_message()
            return
        said = describe(ev, playing=self.session.playback is not None)
        if said is not None:
            self._set_message(*said)

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
        if self.session.playback_step():
            self.board.sync()
            self.ctx.audio.play("step")

    def change_speed(self, step: int) -> None:
        """+/-: playback speed one step faster/slower."""
        speed = self.session.change_speed(step)
        pb = self.session.playback
        rest = f", {pb.remaining_seconds:.0f} s to go" if pb is not None else ""
        self._set_message(f"Playback speed: {speed:g} moves per second{rest}.")

    def stop(self) -> None:
        """X: stop the playback (moves played stay, undoable) and any solver run."""
        if self.session.playback is None and not self.jobs.solving:
            return
        playing = self.session.playback is not None
        self.jobs.cancel_solves()
        self.session.cancel_solve()
        self.session.stop_playback()
        self._set_message("Solution stopped; Z undoes its moves one by one." if playing else "Solver cancelled.")

    def _on_solved(self, session: PuzzleSession) -> None:
        self.board.flash = FLASH_SECONDS
        self.ctx.audio.play("win")
        self.t_banner.text = "Solved!"
        moves, secs = session.moves, session.elapsed
        if not session.counts_for_bests:
            self._set_message(
                f"Solved with help in {moves} moves, {format_time(secs)} (assisted: not counted for bests). "
                "N deals a new one."
            )
            return
        news = record_win(self.ctx.store, session)
        self._refresh_best()
        extra = f" — {', '.join(news)}!" if news else ""
        self._set_message(f"Solved in {count(moves, 'move')}, {format_time(secs)}{extra} N deals a new one.")
