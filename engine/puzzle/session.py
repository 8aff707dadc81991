"""The sliding-puzzle play model behind the puzzle screen (pure: no window, no game/ imports).

:class:`PuzzleSession` owns one game: the dealt position, the current board,
the undo/redo stacks, the move counter, the timer and whether help was used.
The view forwards input to it (arrow keys, clicks, undo/redo, hint moves,
solution playback) and draws what it says.

Conventions (also shown on screen and in the README):

* Moves are counted **one per tile moved**: clicking a tile three cells away
  from the blank slides three tiles and counts 3 moves.  The counter is the
  length of the current path from the dealt position, so an undo takes its
  moves back.
* One player action is one undo step: a click that slid three tiles is undone
  at once.  Every step of an auto-solve is its own undo step, so the player can
  walk back through a solution.
* Arrow keys move **a tile into the blank** by default (Up slides the tile
  below the blank up, like Tatham's Fifteen); the ``"blank"`` mode moves the
  blank instead.
* A game in which a hint was shown or the solver played is *assisted*: it is
  celebrated but does not count for best times and fewest moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.puzzle.board import INVERSE, Board, move_delta

ARROW_MODES = ("tile", "blank")
DIRECTIONS = {"up": "U", "down": "D", "left": "L", "right": "R"}


@dataclass
class Playback:
    """An auto-solve being played on the board, one move per step.

    Attributes:
        moves: the blank's moves of the solution (``UDLR`` string).
        index: how many of them have been played (0..len(moves)).
        paused: True while paused (steps only through :meth:`PuzzleSession.playback_step`).
        interval: seconds between automatic steps (> 0).
        origin: the board the solution starts from (playback stops if the board
            no longer matches the expected position).
    """

    moves: str
    origin: Board
    index: int = 0
    paused: bool = False
    interval: float = 0.18
    clock: float = 0.0

    @property
    def finished(self) -> bool:
        """True when every move has been played."""
        return self.index >= len(self.moves)

    def expected(self) -> Board:
        """The position the board should hold before the next step."""
        return self.origin.apply(self.moves[: self.index])


@dataclass
class Hint:
    """A suggested next move for one position.

    Attributes:
        move: the blank's move (``U``/``D``/``L``/``R``).
        source: which solver produced it (free text, shown to the player).
        tiles: the position it belongs to (the hint is dropped when the board changes).
        tile_cell: the cell of the tile that should slide into the blank.
    """

    move: str
    source: str
    tiles: tuple[int, ...]
    tile_cell: int


@dataclass
class PuzzleSession:
    """One sliding-puzzle game.

    Args:
        start: the dealt position (validated, solvable).
        code: the position code of ``start`` (``P1...:desc``), or None.
        seed_code: the code that regenerates the shuffle (``P1...#seed``), or None.
        arrows: ``"tile"`` (arrows move a tile into the blank) or ``"blank"``.

    Attributes:
        board: the current position.
        history: undo stack, one ``UDLR`` string per player action.
        future: redo stack (top last).
        elapsed: seconds of play; starts with the first move, stops when solved.
        assisted: a hint or the solver was used in this game.
        won: the goal was reached (set once; the timer stops).
        won_assisted: help had been used when the goal was reached.
        playback: the auto-solve being played, or None.
        hint: the hint shown for the current board, or None.
        on_solved: called once with the session when the goal is reached.
        plan: position -> (next move, source) of solutions seen (see :meth:`learn_plan`).
    """

    start: Board
    code: str | None = None
    seed_code: str | None = None
    arrows: str = "tile"
    board: Board = field(init=False)
    history: list[str] = field(default_factory=list)
    future: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    started: bool = False
    assisted: bool = False
    won: bool = False
    won_assisted: bool = False
    playback: Playback | None = None
    hint: Hint | None = None
    on_solved: Callable[[PuzzleSession], None] | None = field(default=None, repr=False)
    plan: dict[tuple[int, ...], tuple[str, str]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.arrows not in ARROW_MODES:
            raise ValueError(f"The arrow mode must be one of {', '.join(ARROW_MODES)}; got {self.arrows!r}.")
        self.board = self.start

    # -- queries ----------------------------------------------------------------
    @property
    def moves(self) -> int:
        """Tiles moved on the current path from the dealt position (>= 0)."""
        return sum(len(a) for a in self.history)

    @property
    def path(self) -> str:
        """Every blank move from the dealt position to the current board."""
        return "".join(self.history)

    @property
    def solved(self) -> bool:
        """True when the current board is the goal."""
        return self.board.is_solved()

    @property
    def size_label(self) -> str:
        """``"WxH"``."""
        return f"{self.board.width}x{self.board.height}"

    def can_undo(self) -> bool:
        """True when there is an action to undo."""
        return bool(self.history)

    def can_redo(self) -> bool:
        """True when there is an undone action to redo."""
        return bool(self.future)

    def current_hint(self) -> Hint | None:
        """The hint for the current board, or None (stale hints are dropped)."""
        if self.hint is not None and self.hint.tiles != self.board.tiles:
            self.hint = None
        return self.hint

    # -- input -> moves ----------------------------------------------------------
    def arrow_move(self, direction: str) -> str:
        """The blank's move for an arrow key (``"up"``/``"down"``/``"left"``/``"right"``).

        In ``"tile"`` mode the tile moves in the arrow's direction, so the blank
        moves the opposite way.  Returns ``""`` for an unknown direction.
        """
        m = DIRECTIONS.get(direction, "")
        if not m:
            return ""
        return INVERSE[m] if self.arrows == "tile" else m

    def press(self, direction: str) -> str:
        """Apply an arrow key; returns the move played or ``""`` if none was legal."""
        m = self.arrow_move(direction)
        if not m or m not in self.board.legal_moves():
            return ""
        return self.act(m)

    def click(self, cell: int) -> str:
        """Slide every tile between ``cell`` and the blank (same row or column).

        Returns the moves played (one letter per tile moved), ``""`` when the
        cell is the blank or not in the blank's row or column.

        Raises:
            IndexError: ``cell`` outside ``0..W*H-1``.
        """
        if not 0 <= cell < self.board.size:
            raise IndexError(f"Cell {cell} is outside the {self.size_label} board.")
        return self.act(self.board.slide_tile(cell))

    def act(self, moves: str, *, assisted: bool = False) -> str:
        """Play ``moves`` as one undoable action (player moves clear the redo stack).

        A player action (``assisted=False``) stops a running solution playback.
        Returns ``moves``; ``""`` plays nothing.

        Raises:
            ValueError: an illegal move (nothing is changed).
        """
        if not moves:
            return ""
        new = self.board.apply(moves)
        if not assisted:
            self.playback = None
        else:
            self.assisted = True
        self.board = new
        self.history.append(moves)
        self.future.clear()
        self.started = True
        self._after_change()
        return moves

    def undo(self) -> str:
        """Take back the last action; returns the moves that were played to undo it (``""`` if none)."""
        if not self.history:
            return ""
        self.playback = None
        action = self.history.pop()
        back = "".join(INVERSE[m] for m in reversed(action))
        self.board = self.board.apply(back)
        self.future.append(action)
        self._after_change()
        return back

    def redo(self) -> str:
        """Play the last undone action again; returns its moves (``""`` if none)."""
        if not self.future:
            return ""
        self.playback = None
        action = self.future.pop()
        self.board = self.board.apply(action)
        self.history.append(action)
        self._after_change()
        return action

    def restart(self) -> None:
        """Back to the dealt position as a fresh attempt: no history, timer 0, not assisted."""
        self.board = self.start
        self.history.clear()
        self.future.clear()
        self.elapsed = 0.0
        self.started = False
        self.assisted = False
        self.won = False
        self.won_assisted = False
        self.playback = None
        self.hint = None

    # -- hints ----------------------------------------------------------------------
    def set_hint(self, move: str, source: str, tiles: tuple[int, ...] | None = None) -> Hint | None:
        """Show a hint for the position ``tiles`` (default: the current one); marks the game assisted.

        Returns the hint, or None when ``tiles`` is no longer the current board
        (a late answer) or the move is not legal here.
        """
        tiles = self.board.tiles if tiles is None else tiles
        if tiles != self.board.tiles or move not in self.board.legal_moves():
            return None
        self.assisted = True
        cell = self.board.blank + move_delta(move, self.board.width)
        self.hint = Hint(move, source, tiles, cell)
        return self.hint

    def learn_plan(self, origin: Board, moves: str, source: str) -> None:
        """Remember a solution from ``origin``: every position along it maps to its next move.

        Hints then follow one consistent plan (re-solving each position from
        scratch with a non-optimal solver can walk in circles).  The newest plan
        wins, and within a plan a position's *last* visit wins (random-boost
        solutions can revisit positions), so following the map always moves
        strictly forward along one plan and reaches the goal.
        """
        b = origin
        for m in moves:
            self.plan[b.tiles] = (m, source)
            b = b.move(m)

    def plan_move(self) -> tuple[str, str] | None:
        """``(move, source)`` of a remembered plan for the current board, or None."""
        return self.plan.get(self.board.tiles)

    # -- solution playback -----------------------------------------------------------
    def start_playback(self, moves: str, origin: Board | None = None, interval: float = 0.18) -> bool:
        """Begin playing a solution found for ``origin`` (default: the current board).

        Returns False (and plays nothing) if the board has changed since the
        solve started or ``moves`` is empty.

        Raises:
            ValueError: ``moves`` is not legal from ``origin``.
        """
        origin = self.board if origin is None else origin
        if origin.tiles != self.board.tiles or not moves:
            return False
        origin.apply(moves)  # validates
        self.playback = Playback(moves, origin, interval=interval)
        self.assisted = True
        return True

    def playback_step(self) -> str:
        """Play the next solution move now (paused or not); returns it (``""`` when none)."""
        pb = self.playback
        if pb is None or pb.finished:
            self.playback = None
            return ""
        if pb.expected().tiles != self.board.tiles:
            self.playback = None
            return ""
        m = pb.moves[pb.index]
        pb.index += 1
        self.act(m, assisted=True)
        pb.clock = 0.0
        if pb.finished:
            self.playback = None
        return m

    def toggle_pause(self) -> bool:
        """Pause or resume the playback; returns the new paused state (False when none runs)."""
        if self.playback is None:
            return False
        self.playback.paused = not self.playback.paused
        return self.playback.paused

    def stop_playback(self) -> None:
        """Stop the solution where it is (the moves already played stay, undoable)."""
        self.playback = None

    # -- time ---------------------------------------------------------------------------
    def update(self, dt: float, *, busy: bool = False) -> str:
        """Advance the timer by ``dt`` seconds and the playback clock.

        ``busy`` (an animation is still running) holds the playback back.
        Returns the playback move played during this update, or ``""``.
        """
        if self.started and not self.won:
            self.elapsed += dt
        pb = self.playback
        if pb is None or pb.paused:
            return ""
        pb.clock += dt
        if busy or pb.clock < pb.interval:
            return ""
        return self.playback_step()

    def _after_change(self) -> None:
        self.current_hint()
        if not self.won and self.board.is_solved() and self.history:
            self.won = True
            self.won_assisted = self.assisted
            if self.on_solved is not None:
                self.on_solved(self)
