"""The speed modes on the puzzle screen: :class:`SpeedPlay`, the collaborator that makes the puzzle screen
(:class:`game.puzzle.view.PuzzleView`: the same board, keys and clicks) drive an :class:`engine.puzzle.speed.SpeedRun`
instead of one game (as :class:`game.puzzle.assist.PuzzleAssist` serves its hints).

Each solved board is kept by the run and the next appears at once (relay, marathon: one clock); after the last the
mode's win shows (:func:`game.routes.speed_win`).  Blindfold: the numbers show until H or the first move hides them
(the clock starts then) and stay hidden until the board is solved.  Hints, the auto-solve and the distance line are
not part of a speed run: their keys say so.  N starts a new run of the same mode, R the same boards again; Esc leaves
to the setup.  The side panel's title is the mode, the board's number and the mode's clock (one redraw a second:
:func:`engine.records.running_time`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from engine.puzzle.deal import new_seed
from engine.puzzle.session import PuzzleSession
from engine.puzzle.speed import BLINDFOLD, SpeedRun, SpeedSolve
from engine.records import format_time, running_time
from game import routes
from game.bases.won import WonPuzzle
from game.context import Context
from game.format import count
from game.puzzle.assist import WIN_DELAY
from game.puzzle.board import FLASH_SECONDS, BoardLayer
from game.puzzle.panel import ACTIONS, PuzzlePanel
from game.puzzle.solve_notes import SolveNotes
from game.records import SpeedWinFacts, record_speed_run

#: The keys a speed run does not take (help would make its times meaningless).
NO_HELP = ("solve", "meter", "step", "playback", "stop", "faster", "slower")
#: The H button's label: a blindfold's (H hides the numbers), the other modes' (kept off: no hints).
HIDE_LABEL = "Hide  H"  # as short as the other labels: "Hide numbers  H" was shrunk at 800×600
HINT_LABEL = dict(ACTIONS)["hint"]


class SpeedHost(WonPuzzle, Protocol):
    """What the speed run reads and writes on the puzzle screen it drives."""

    ctx: Context
    board: BoardLayer
    panel: PuzzlePanel
    _dirty: bool

    def _set_message(self, text: str, error: bool = False) -> None: ...

    def clock(self) -> float:
        """The input clock (seconds): moves are timed when their input arrives."""
        ...

    def _attach(self, session: PuzzleSession) -> None: ...

    def _layout(self) -> None: ...

    @property
    def t_banner(self) -> Any:
        """The band over the board ("Solved!")."""
        ...


class SpeedPlay:
    """A speed run on the puzzle screen (module docstring).

    Args:
        run: the run to play (its first board).
        store: the save (the solves' analyses are kept with their runs).

    Attributes:
        run: the run.
        notes: the analyses of its solves (:class:`game.puzzle.solve_notes.SolveNotes`).
        win_facts: what the finished run recorded (None before).
        win_wait: seconds until the win shows (< 0: none due).
    """

    def __init__(self, run: SpeedRun, store: Any) -> None:
        self.run = run
        self.store = store
        self.notes = SolveNotes(store)
        self.leg_won = False
        self.won_at: float | None = None  # the input clock when the last board was solved
        self.win_wait = -1.0
        self.win_facts: SpeedWinFacts | None = None

    # -- the puzzle screen's hooks ------------------------------------------------------------------
    def attach(self, host: SpeedHost, session: PuzzleSession) -> None:
        """After the screen attached ``session`` (a board of the run): the win comes here, the numbers show or
        hide, the title and the message say where the run is."""
        session.on_solved = lambda _s: self._on_leg_solved(host)
        host.board.hide(self.run.hidden)
        host.panel.held = {"moves", "speed"}  # the run's: its one clock, the board's number
        self.hint_button(host)
        self.title(host)
        run = self.run
        n = session.board.width
        if run.setup.mode == BLINDFOLD and not run.hidden:
            host._set_message("Memorise the board. H hides the numbers and starts the clock (so does your first "
                              "move); they stay hidden until it is solved.")
        elif run.leg == 0:
            host._set_message(f"{run.setup.label()}: the clock starts with your first move.")
        else:
            host._set_message(f"Board {run.leg + 1} of {run.legs}: {n}×{n}. The clock runs on.")

    def hint_button(self, host: SpeedHost) -> None:
        """The buttons a speed run keeps off (help, pause); the H button says what H does: a blindfold's "Hide"
        (the numbers) while they show (then off: they stay hidden until solved), else "Hint" kept off (no hints)."""
        blind = self.run.setup.mode == BLINDFOLD
        memorising = blind and not self.run.hidden and not self.run.done
        host.panel.off = set(NO_HELP) | {"pause"} | (set() if memorising else {"hint"})
        host.panel.label("hint", HIDE_LABEL if blind else HINT_LABEL, enabled=memorising)

    def title(self, host: SpeedHost) -> bool:
        """The panel's title (the mode), its moves line with the mode's moves and clock (over every board), and the
        line under it: the board's number, its own moves and time (a blindfold: the memo while memorising)."""
        run, s = self.run, self.run.session
        clock = format_time(run.clock) if run.done else running_time(run.clock)
        board = format_time(s.elapsed) if s.won else running_time(s.elapsed)
        moves = sum(x.moves for x in run.solves) + (0 if run.done else s.moves)
        if run.setup.mode == BLINDFOLD and not run.hidden and not run.done:
            line = f"Memorising {running_time(run.memo)}  ·  H hides the numbers"
        elif run.legs > 1:
            line = f"Board {min(run.leg + 1, run.legs)} of {run.legs}  ·  {count(s.moves, 'move')} in {board}"
        else:
            line = f"Memo {format_time(run.memo)}" if run.setup.mode == BLINDFOLD else ""
        return host.panel.update(title=run.setup.label(), moves=f"Moves {moves}   Time {clock}", speed=line)

    def show_best(self, host: SpeedHost) -> None:
        """The panel's bests: this mode's personal best for this setup, from the history."""
        from engine.records import speed_bests
        from game.records import history

        setup = self.run.setup
        best = speed_bests(history(self.store)).get((setup.mode, setup.key))
        text = (f"Your best {setup.label()}: {format_time(best.best)} ({count(best.runs, 'run')})" if best else
                f"No {setup.label()} finished yet.")  # a speed run has no hints or solver: every finished one counts
        host.panel.update(best=text)

    def before_frame(self, host: SpeedHost, dt: float) -> None:
        """Each frame, before the screen's: the memo clock; the next board when one was solved (outside its move)."""
        self.run.advance(dt)
        if self.leg_won:
            self.leg_won = False
            self._next_board(host)

    def after_frame(self, host: SpeedHost, dt: float) -> None:
        """Each frame, after the screen's: the analyses (once the run is over), the title, and the win once its moment
        has played."""
        if self.run.done:
            self.notes.poll()
        if self.title(host):
            host._dirty = True
        if self.win_wait >= 0 and self.win_facts is not None:
            self.win_wait -= dt
            if self.win_wait < 0:
                host.board.flash = 0.0  # the win draws the board still
                host.ctx.show(routes.speed_win(host.ctx, host, self, self.win_facts))

    def actions(self, host: SpeedHost, actions: dict[str, Callable[[], Any]]) -> dict[str, Callable[[], Any]]:
        """The screen's key actions, less help (:data:`NO_HELP`); H hides a blindfold's numbers; N a new run, R the
        same boards again."""
        out = dict(actions)
        for name in NO_HELP:
            out[name] = lambda: self._no_help(host)
        return out | {"hint": lambda: self.hide_numbers(host), "new": lambda: self.new_run(host),
                      "restart": lambda: self.restart_run(host)}

    def before_move(self, host: SpeedHost, at: float | None = None) -> None:
        """Before the player's move (its input at ``at`` on :attr:`SpeedHost.clock`): a blindfold's first move hides
        the numbers (and starts the clock then)."""
        if not self.run.done and not self.leg_won and self.run.setup.mode == BLINDFOLD and not self.run.hidden:
            self.hide_numbers(host, at)

    def stop(self) -> None:
        """The screen is left: what is still measuring stops, no win is due."""
        self.notes.cancel()
        self.win_wait = -1.0

    # -- the run -------------------------------------------------------------------------------------
    def _on_leg_solved(self, host: SpeedHost) -> None:
        """The session's win, inside its move (its input's time kept: the next board's clock starts then): handled on
        the next frame."""
        self.leg_won = True
        self.won_at = host.clock()

    def _next_board(self, host: SpeedHost) -> None:
        solve = self.run.check_solved(self.won_at)
        if solve is None:
            return
        host.board.flash = FLASH_SECONDS
        host.ctx.audio.play("win" if self.run.done else "star")
        self.notes.add(solve.replay, solve.path)
        if not self.run.done:
            host._attach(self.run.session)
            return
        host.board.hide(False)
        self.hint_button(host)
        host._layout()
        self.win_facts = record_speed_run(self.store, self.run)
        if self.win_facts.counted:
            self.notes.recorded()
        host.t_banner.text = "Solved!"
        self.win_wait = WIN_DELAY
        host._set_message(solve_line(solve))
        self.title(host)

    def _no_help(self, host: SpeedHost) -> None:
        host._set_message("No hints or solver in a speed run: it is all yours.")

    def hide_numbers(self, host: SpeedHost, at: float | None = None) -> None:
        """H: a blindfold's numbers hide and its clock starts (at ``at``, default now on :attr:`SpeedHost.clock`;
        the other modes have no hints)."""
        if self.run.setup.mode != BLINDFOLD:
            self._no_help(host)
            return
        if self.run.hide(host.clock() if at is None else at):
            host.board.hide(True)
            self.hint_button(host)
            host._layout()
            host._set_message("Numbers hidden: the clock runs. Solve it from memory.")
        elif at is None and self.run.hidden:  # H again
            host._set_message("The numbers stay hidden until the board is solved.")

    def _fresh(self, host: SpeedHost, seed: int) -> None:
        self.notes.cancel()
        self.notes = SolveNotes(self.store)
        self.run = SpeedRun(self.run.setup, seed)
        self.win_wait, self.win_facts, self.leg_won, self.won_at = -1.0, None, False, None
        host.board.flash = 0.0
        host.t_banner.text = ""
        host._attach(self.run.session)

    def new_run(self, host: SpeedHost) -> None:
        """N (and the win's "Again"): a new run of the same mode, new boards."""
        self._fresh(host, new_seed())

    def restart_run(self, host: SpeedHost) -> None:
        """R: the same boards again from the first, a fresh clock."""
        self._fresh(host, self.run.seed)


def solve_line(solve: SpeedSolve) -> str:
    """``Board 3: 212 moves in 0:55.50.``"""
    return f"Board {solve.index + 1}: {count(solve.moves, 'move')} in {format_time(solve.seconds)}."
