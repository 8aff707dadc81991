"""The win of a speed run (:class:`game.bases.win_screen.WinScreen`, the shape of every win): the last board on the
left; in the panel the mode's time against its personal best, the mode's statistics (a relay: each leg's time; a
marathon: the mean, Ao5 and Ao12 where it has 5 / 12 solves, the best single and, over more than 5, the best Ao5;
blindfold: the memo and the solve), moves and tiles per second, and where the chosen solve lost moves (measured in
the background, :class:`game.puzzle.solve_notes.SolveNotes`).

Buttons: "Again" (new boards, focused), "Copy replay" (the chosen solve's replay code to the clipboard), "Watch
replay" (:class:`game.puzzle.replay_view.ReplayView`), "Back" (the setup).  ← → choose the solve of a relay or
marathon (the line under the results says so until a copy says more).  An idle win draws nothing: it redraws when a
summary arrives or the choice changes.
"""

from __future__ import annotations

import json

from engine.puzzle.speed import BLINDFOLD, MARATHON, RELAY, SpeedSolve
from engine.records import format_time
from game import routes
from game.bases.win_screen import WinScreen
from game.bases.won import WonPuzzle, WonSpeed, shown_again
from game.context import Context
from game.format import count
from game.records import SpeedWinFacts
from game.ui.clipboard import copy_to_clipboard


def _time(seconds: float | None) -> str:
    return "—" if seconds is None else format_time(seconds)


def note_words(note: dict[str, object]) -> str:
    """A solve's analysis summary (:func:`engine.puzzle.replay.analysis_note`) in a few words: ``14 moves lost in 6
    places``, ``no moves lost (optimal 24)``."""
    lost, places = int(str(note["lost"])), int(str(note["places"]))
    if not places:
        return f"no moves lost (optimal {note['optimal']})" if note["exact"] else "no lost moves proven"
    least = "" if note["exact"] else "at least "
    return f"{least}{count(lost, 'move')} lost in {count(places, 'place')}"


def speed_lines(speed: WonSpeed, facts: SpeedWinFacts) -> list[str]:
    """The result lines of a finished run (see the module docstring)."""
    run = speed.run
    stats = run.stats()
    if not facts.counted:
        best = "assisted: not kept as a best"
    elif facts.best is None:
        best = "personal best (your first)"
    elif facts.new_best:
        best = f"new personal best! (was {format_time(facts.best)})"
    else:
        best = f"your best {format_time(facts.best)}"
    lines = [f"Time {format_time(run.clock)}  ·  {best}"]
    mode = run.setup.mode
    if mode == RELAY:
        lines.append("  ·  ".join(f"{s.width}×{s.height} {format_time(s.seconds)}" for s in run.solves))
    elif mode == MARATHON:  # an average only where the marathon has enough solves for it
        averages = [f"{name} {format_time(v)}" for name, v in (("Ao5", stats.ao5), ("Ao12", stats.ao12))
                    if v is not None]
        lines.append("  ·  ".join([f"Mean {_time(stats.mean)}", *averages]))
        best_ao5 = [] if stats.best_ao5 is None or stats.count == 5 else [f"best Ao5 {format_time(stats.best_ao5)}"]
        lines.append("  ·  ".join([f"Best single {_time(stats.best)}", *best_ao5]))
    elif mode == BLINDFOLD:
        lines.append(f"Memo {format_time(run.memo)}  ·  blind solve {format_time(run.clock)}")
    moves = sum(s.moves for s in run.solves)
    lines.append(f"{count(moves, 'move')}  ·  {stats.tiles_per_second:.2f} tiles per second")
    return lines


class SpeedWinView(WinScreen):
    """Shown when a speed run is over.

    Args:
        ctx: shared context.
        puzzle: the finished run's puzzle screen (its board; "Again" shows it again, "Back" leaves through it).
        speed: the run on it (its solves and their analyses).
        facts: what the run recorded (:func:`game.records.record_speed_run`).
    """

    music: str | None = None
    #: A dense panel (up to five result lines and four buttons): larger text sizes than this are capped here.
    max_text_scale: float = 1.5

    def __init__(self, ctx: Context, puzzle: WonPuzzle, speed: WonSpeed, facts: SpeedWinFacts) -> None:
        super().__init__(ctx, facts.title, 0)
        self.puzzle = puzzle
        self.speed = speed
        self.facts = facts
        self.chosen = len(speed.run.solves) - 1  # the solve whose replay is copied or watched
        self.clipboard = ""  # the last text copied (tests read it)
        self.ui.add(self.make_button("Again", self.again))
        self.ui.add(self.make_button("Copy replay", self.copy_replay))
        self.ui.add(self.make_button("Watch replay", self.watch))
        self.ui.add(self.make_button("Back", self.back))
        self.set_lines([*speed_lines(speed, facts), ""])
        self._note_shown = ""
        self._show_note()
        if len(speed.run.solves) > 1:  # under the results until a copy says more
            self.say("← → choose the board to copy or watch.")

    @property
    def solve(self) -> SpeedSolve:
        """The chosen solve."""
        return self.speed.run.solves[self.chosen]

    def _note_text(self) -> str:
        solves = self.speed.run.solves
        which = f"Board {self.chosen + 1}" if len(solves) > 1 else "Your solve"
        code = self.solve.replay.code()
        note = self.speed.notes.notes.get(code)
        if note is not None:
            return f"{which}: {note_words(json.loads(note))}"
        if code in self.speed.notes.failed:
            return f"{which}: lost moves not measured"
        return f"{which}: measuring lost moves…"

    def _show_note(self) -> bool:
        many = len(self.speed.run.solves) > 1
        text = self._note_text()
        if text == self._note_shown:
            return False
        self._note_shown = text
        if many:
            self.buttons[1].text = f"Copy replay of board {self.chosen + 1}"
            self.buttons[2].text = f"Watch board {self.chosen + 1}"
        self.line_values[-1] = text
        self.lines[-1].text = text
        if self.window is not None:
            self.relayout()
        return True

    # -- frames ------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """The panel (:class:`WinScreen`), the last board fitted left of it."""
        super().layout(width, height)
        self.puzzle.board.place(*self.picture)

    def draw_picture(self) -> None:
        """The last board, solved."""
        self.puzzle.board.draw(None)

    def on_update(self, delta_time: float) -> None:
        """The stars (none); the analyses' progress (a redraw only when a summary arrives)."""
        super().on_update(delta_time)
        self.speed.notes.poll()
        if self._show_note():
            self.request_redraw()

    def menu_action(self, action: str | None) -> bool | None:
        """← → choose the solve; the rest as every menu."""
        if action in ("left", "right"):
            n = len(self.speed.run.solves)
            self.chosen = (self.chosen + (1 if action == "right" else -1)) % n
            if self._show_note():
                self.request_redraw()
            return True
        return super().menu_action(action)

    # -- actions -----------------------------------------------------------------------------
    def again(self) -> None:
        """New boards, the same mode."""
        self.puzzle.restart()
        self.ctx.show(shown_again(self.puzzle))

    def copy_replay(self) -> None:
        """The chosen solve's replay code to the clipboard (anyone can paste it in Enter code and watch)."""
        code = self.solve.replay.code()
        self.clipboard = code
        if not copy_to_clipboard(self.window, code):  # no clipboard (headless, no X selection owner)
            self.say(f"No clipboard here; the replay code is {code}")
            return
        self.say("Copied: paste it in Enter code to watch.")  # short: it must fit the panel at 800×600

    def watch(self) -> None:
        """Play the chosen solve back (Esc comes back here)."""
        self.ctx.show(routes.replay(self.ctx, self.solve.replay, back_to=self))

    def on_hide_view(self) -> None:
        """Stop taking clicks (the analyses go on: the win may show again)."""
        super().on_hide_view()

    def back(self) -> None:
        """To the setup."""
        self.puzzle.back()
