"""What a win screen returns to, as it sees it: the finished play screen (:class:`WonMaze`) or puzzle screen
(:class:`WonPuzzle`), typed by what the win reads and calls, so a win never names the screen's class (screens never
import screens) and the routes that hand one over (:func:`game.routes.win`, :func:`game.routes.puzzle_win`) are
typed end to end.

Nothing here imports the router or a screen (the router names these protocols for type checking).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import arcade

if TYPE_CHECKING:
    from engine.level import NamedLevel
    from engine.modes.play import PlaySession
    from engine.puzzle.deal import Deal
    from engine.puzzle.session import PuzzleSession
    from engine.puzzle.speed import SpeedRun
    from game.puzzle.meter import MeterLine
    from game.puzzle.solve_notes import SolveNotes
    from game.render.maze_layer import MazeLayer


class WonScreen(Protocol):
    """A finished screen a win returns to: "Play again" starts it again, Esc leaves as it would."""

    def restart(self) -> None:
        """Start the same game again."""
        ...

    def back(self) -> None:
        """Leave as the screen itself would."""
        ...


class WonMaze(WonScreen, Protocol):
    """The finished maze screen (:class:`game.play.view.PlayView`) as its win reads it."""

    @property
    def session(self) -> PlaySession:
        """The finished session (time, moves, stars, the player's way)."""
        ...

    @property
    def named(self) -> NamedLevel:
        """The level played, whole: its code (bests, share) and title."""
        ...

    @property
    def layer(self) -> MazeLayer:
        """The maze as drawn (the win draws its map from it)."""
        ...


class PuzzleBoard(Protocol):
    """The finished board as the puzzle's win draws it."""

    def place(self, left: float, bottom: float, right: float, top: float) -> None:
        """Fit the board into the rectangle."""
        ...

    def draw(self, banner: arcade.Text | None = None) -> None:
        """Draw it (``banner`` None: nothing over it)."""
        ...


class ResultLine(Protocol):
    """What says a puzzle's result in one line (the assist: hints and auto-solve used)."""

    def result_line(self) -> str:
        """The share line's result."""
        ...


class WonPuzzle(WonScreen, Protocol):
    """The finished sliding-puzzle screen (:class:`game.puzzle.view.PuzzleView`) as its win reads it."""

    @property
    def session(self) -> PuzzleSession:
        """The finished session."""
        ...

    @property
    def board(self) -> PuzzleBoard:
        """The finished board."""
        ...

    @property
    def deal(self) -> Deal | None:
        """The deal it came from (None: a code's position: no new puzzle like it)."""
        ...

    @property
    def picture(self) -> str:
        """The picture choice (a built-in picture's name, a player's file, or numbers)."""
        ...

    @property
    def assist(self) -> ResultLine:
        """The puzzle's assist (its result line)."""
        ...

    @property
    def meter(self) -> MeterLine:
        """The distance meter's line (what it proved: the win's analysis of the moves reads it)."""
        ...

    def new_game(self) -> None:
        """Another puzzle like this one."""
        ...


class WonSpeed(Protocol):
    """A finished speed run as its win reads it (:class:`game.puzzle.speed_play.SpeedPlay`): the run and the
    analyses of its solves."""

    @property
    def run(self) -> SpeedRun:
        """The finished run."""
        ...

    @property
    def notes(self) -> SolveNotes:
        """Its solves' analyses."""
        ...


def shown_again(screen: WonScreen) -> arcade.View:
    """``screen`` as the view it is, to show it again (every screen a win returns to is one).

    Raises:
        TypeError: ``screen`` is not a view.
    """
    if not isinstance(screen, arcade.View):
        raise TypeError(f"a win returns to a screen, not {type(screen).__name__}")
    return screen
