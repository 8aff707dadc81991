"""The sliding puzzle's win: the finished board (the picture whole), moves against the optimum (a daily's par),
stars, the time, the size's best and, for a daily, the puzzle streak (:class:`game.bases.win_screen.WinScreen`, the
shape of every win).  Under the board, where the player lost moves (:mod:`game.puzzle.lost_moves`, measured in the
background while the win shows; ← → step through the places; its summary is kept with the run, beside the solve's
replay code).  The first button is focused: "New puzzle", or
"Dailies" for a daily; Esc leaves as the puzzle screen does (a daily to the Dailies).  The code, the result line
and the QR code are under "Share".
"""

from __future__ import annotations

from engine.puzzle.deal import code_to_copy
from game import routes
from game.bases.win_screen import WinScreen
from game.bases.won import WonPuzzle, shown_again
from game.context import Context
from game.format import count, moves_over, record_time
from game.puzzle.lost_moves import LostMoves
from game.puzzle.pictures import builtin_of
from game.records import PuzzleWinFacts, note_analysis, replay_code


def _days(n: int) -> str:
    return count(n, "day")


def win_lines(facts: PuzzleWinFacts) -> list[str]:
    """The result lines: moves against the optimum or par, time, best, streak (a daily)."""
    word = "par" if facts.daily else "optimal"
    moves = (f"Moves {facts.moves}  ·  {word} {facts.optimal}" + moves_over(facts.moves, facts.optimal)
             if facts.optimal is not None else f"Moves {facts.moves}  ·  the fewest is not known at this size")
    size = facts.size
    lines = [moves, f"Time {record_time(facts.seconds)}" + (f"  ·  your best {size} time" if facts.size_best else "")]
    if facts.best is not None:
        new = " (new best!)" if facts.new_best else ""
        if facts.board:
            lines.append(f"Best on this board {record_time(facts.best[0])} and {count(facts.best[1], 'move')}{new}")
        else:
            lines.append(f"Best {size} time {record_time(facts.best[0])}{new}")
    if facts.daily:
        lines.append(f"Puzzle streak: {_days(facts.streak[0])} (longest {facts.streak[1]})")
    return lines


class PuzzleWinView(WinScreen):
    """Shown after an unassisted puzzle win (assisted wins stay on the puzzle screen: they keep no record).

    Args:
        ctx: shared context.
        puzzle: the puzzle screen won (a :class:`game.puzzle.view.PuzzleView`, as a win reads it,
            :class:`game.bases.won.WonPuzzle`: its ``session``, ``board``,
            ``deal``, ``picture``, ``assist``, ``restart()``, ``new_game()`` and ``back()``).
        facts: what the win recorded (:func:`game.records.puzzle_win_facts`).
    """

    music: str | None = None  # the puzzle's music goes on

    def __init__(self, ctx: Context, puzzle: WonPuzzle, facts: PuzzleWinFacts) -> None:
        super().__init__(ctx, facts.title, facts.stars)
        self.puzzle = puzzle
        self.facts = facts
        s = puzzle.session
        if facts.daily:
            self.ui.add(self.make_button("Dailies", lambda: ctx.go(routes.dailies)))
        elif puzzle.deal is not None:
            self.ui.add(self.make_button("New puzzle", self.new_puzzle))
        self.ui.add(self.make_button("Play again", self.replay))
        self.ui.add(self.make_button("Share", self.open_share))
        if not facts.daily:
            self.ui.add(self.make_button("Back", self.back))
        self.set_lines(win_lines(facts))
        self.line = puzzle.assist.result_line()
        self.code = code_to_copy(s, "puzzle", builtin_of(puzzle.picture))[0]
        known = dict(puzzle.meter.meter.known)
        if facts.optimal is not None:
            known[s.start.tiles] = facts.optimal  # proven (the meter's, or the daily's)
        self.lost_moves = LostMoves(self, ctx.theme, s.start, s.path, known)
        self.replay_code = replay_code(s)  # the run's key: its analysis summary is kept with it once measured
        self.noted = False

    def layout(self, width: int, height: int) -> None:
        """The panel (:class:`WinScreen`), the board fitted left of it, where moves were lost under the board."""
        super().layout(width, height)
        left, bottom, right, top = self.picture
        strip = self.lost_moves.strip_height(top - bottom, self.scale)
        board = (left, bottom + strip + 10 * self.scale, right, top)
        self.lost_moves.layout((left, bottom, right, bottom + strip), board, self.scale)
        self.puzzle.board.place(*board)

    def draw_picture(self) -> None:
        """The finished board (a picture puzzle: the whole picture), no band over it; while a place where moves
        were lost is selected, the board before it."""
        if not self.lost_moves.draw_board():
            self.puzzle.board.draw(None)

    def draw_extra(self) -> None:
        """The panel's texts, then the timeline of lost moves."""
        super().draw_extra()
        self.lost_moves.draw()

    def on_show_view(self) -> None:
        """Lay out, and measure the moves in the background (once)."""
        super().on_show_view()
        self.lost_moves.begin()

    def on_hide_view(self) -> None:
        """Stop measuring while hidden (Share shows the win again and measuring starts over)."""
        super().on_hide_view()
        self.lost_moves.cancel()

    def on_update(self, delta_time: float) -> None:
        """The stars; the newest measurements of the moves."""
        super().on_update(delta_time)
        if self.lost_moves.poll():
            self.request_redraw()
        shown = self.lost_moves.shown
        if not self.noted and shown is not None and shown.finished:
            from engine.puzzle.replay import analysis_note

            note_analysis(self.ctx.store, self.replay_code, analysis_note(shown))
            self.noted = True

    def menu_action(self, action: str | None) -> bool | None:
        """Left and right step through the places where moves were lost; the rest as every menu."""
        if action in ("left", "right"):
            if self.lost_moves.step(1 if action == "right" else -1):
                self.request_redraw()
            return True
        return super().menu_action(action)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """A click on the timeline selects the place nearest to it."""
        if self.lost_moves.click(x, y):
            self.request_redraw()

    def new_puzzle(self) -> None:
        """Another puzzle like this one."""
        self.puzzle.new_game()
        self.ctx.show(shown_again(self.puzzle))

    def replay(self) -> None:
        """The same position again."""
        self.puzzle.restart()
        self.ctx.show(shown_again(self.puzzle))

    def open_share(self) -> None:
        """Share: the result line, the puzzle's code and its QR code (Esc comes back here)."""
        self.ctx.show(routes.share(self.ctx, self.code, self.line, self))

    def back(self) -> None:
        """Esc: where the puzzle screen leaves to (the setup; a daily: the Dailies)."""
        self.puzzle.back()
