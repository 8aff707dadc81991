"""The sliding-puzzle game state behind the puzzle screen (no arcade here).

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

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.puzzle.board import INVERSE, Board, move_delta
from engine.puzzle.result import SolveResult

if TYPE_CHECKING:
    from engine.puzzle.codes import PuzzleCode

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


# -- settings ---------------------------------------------------------------------------
TIMEOUTS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
SOLVER_KINDS = ("fast", "optimal")


@dataclass
class PuzzleSettings:
    """The puzzle screen's solver and input settings (saved in the store as ``puzzle.*``).

    Attributes:
        solver: ``"fast"`` (the seed's A* with edges tie-breaking) or ``"optimal"``
            (pattern-database search, boards of at most 16 cells).
        timeout: solver time budget in seconds, one of :data:`TIMEOUTS`.
        boost: random boost on (fast solver).
        heuristic: the fast solver's heuristic, one of :func:`heuristics`.
        arrows: ``"tile"`` or ``"blank"`` (see :class:`PuzzleSession`).
        animate: slide animations on (tests turn them off).
    """

    solver: str = "fast"
    timeout: float = 2.0
    boost: bool = True
    heuristic: str = ""
    arrows: str = "tile"
    animate: bool = True

    def __post_init__(self) -> None:
        if not self.heuristic:
            self.heuristic = heuristics()[0]

    @classmethod
    def load(cls, store: object | None) -> PuzzleSettings:
        """Read from a :class:`game.store.Store` (bad or missing values fall back to defaults)."""
        s = cls()
        get = getattr(store, "setting", None)
        if get is None:
            return s
        solver = get("puzzle.solver")
        if solver in SOLVER_KINDS:
            s.solver = solver
        try:
            t = float(get("puzzle.timeout") or s.timeout)
            s.timeout = t if t in TIMEOUTS else s.timeout
        except ValueError:
            pass
        s.boost = get("puzzle.boost") != "0"
        h = get("puzzle.heuristic")
        if h in heuristics():
            s.heuristic = h
        if get("puzzle.arrows") in ARROW_MODES:
            s.arrows = get("puzzle.arrows")
        return s

    def save(self, store: object | None) -> None:
        """Write to a :class:`game.store.Store` (no-op without one)."""
        put = getattr(store, "set_setting", None)
        if put is None:
            return
        put("puzzle.solver", self.solver)
        put("puzzle.timeout", self.timeout)
        put("puzzle.boost", "1" if self.boost else "0")
        put("puzzle.heuristic", self.heuristic)
        put("puzzle.arrows", self.arrows)

    def cycle_timeout(self) -> float:
        """Next timeout of :data:`TIMEOUTS` (wrapping); returns it."""
        i = TIMEOUTS.index(self.timeout) if self.timeout in TIMEOUTS else 0
        self.timeout = TIMEOUTS[(i + 1) % len(TIMEOUTS)]
        return self.timeout

    def cycle_heuristic(self) -> str:
        """Next heuristic (wrapping); returns it."""
        hs = heuristics()
        i = hs.index(self.heuristic) if self.heuristic in hs else -1
        self.heuristic = hs[(i + 1) % len(hs)]
        return self.heuristic


def format_time(seconds: float) -> str:
    """``m:ss.t`` (tenths), e.g. ``1:03.2``; hours roll into minutes."""
    tenths = int(seconds * 10 + 1e-9)
    m, rest = divmod(tenths, 600)
    return f"{m}:{rest // 10:02d}.{rest % 10}"


# -- engine adapter --------------------------------------------------------------------------
# Everything the puzzle screen asks of engine.puzzle goes through these functions.

SHUFFLES = ("uniform", "moves")
HINT_BUDGET = 1.0  # seconds at most for a hint (less if the solver timeout is shorter)
HINT_OPTIMAL_MANHATTAN = 34  # hints try the optimal solver only this close to the goal (it is quick there)
HINT_SOURCES = {
    "optimal": "the optimal solver",
    "fast": "the fast A* solver",
    "greedy": "a greedy guess (the solvers ran out of time)",
    "solved": "nothing (already solved)",
}
MAX_CUSTOM_SIDE = 10


def heuristics() -> tuple[str, ...]:
    """Names of the fast solver's heuristic settings, default first.

    Each is one of :data:`engine.puzzle.astar.HEURISTICS`, with ``"+edges"``
    when the seed's edges tie-break (layers: top row and left column first) is on.
    """
    from engine.puzzle.astar import HEURISTICS

    return tuple(f"{h}+edges" for h in HEURISTICS) + tuple(HEURISTICS)


def split_heuristic(name: str) -> tuple[str, bool]:
    """``"manhattan+edges"`` -> ``("manhattan", True)``."""
    base, plus, _ = name.partition("+edges")
    return base, bool(plus)


def optimal_available(width: int, height: int) -> bool:
    """True when the optimal solver handles this size (at most 16 cells)."""
    from engine.puzzle.optimal import can_solve_optimally

    return can_solve_optimally(width, height)


def solver_label(kind: str) -> str:
    """A short name for a solver kind as shown on screen."""
    return {"fast": "fast A* (seed)", "optimal": "optimal (pattern DBs)", "table": "optimal (exact table)"}.get(
        kind, kind
    )


def solve_position(
    board: Board,
    settings: PuzzleSettings,
    *,
    progress: Callable[[float, str], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> SolveResult:
    """Solve ``board`` with the solver ``settings.solver`` names (blocking; run it in a Task).

    Raises:
        SolverStopped: timeout, cancel or size limit (statistics attached).
        ValueError: unsolvable board or a size the solver does not handle.
    """
    if settings.solver == "optimal" and optimal_available(board.width, board.height):
        from engine.puzzle.optimal import solve_optimal

        return solve_optimal(board, timeout=settings.timeout, cancel=cancel, progress=progress)
    from engine.puzzle import astar

    heuristic, edges = split_heuristic(settings.heuristic)
    return astar.solve_fast(
        board, timeout=settings.timeout, boost=settings.boost, heuristic=heuristic, edges=edges, cancel=cancel
    )


def hint_plan(
    board: Board,
    settings: PuzzleSettings,
    *,
    progress: Callable[[float, str], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> tuple[str, str]:
    """A plan for a hint: moves from ``board`` (a whole solution when one is found) and who made it.

    Within :data:`HINT_BUDGET` seconds (or the solver timeout if shorter):
    the optimal solver when its tables are already built (no long build
    starts) and the board is near the goal (Manhattan distance at most
    :data:`HINT_OPTIMAL_MANHATTAN`; far away it rarely finishes in time),
    then the fast solver with the screen's heuristic and boost settings, then
    :func:`engine.puzzle.hint.hint` (a partial plan or a greedy move) for one move.

    Returns:
        ``(moves, source)``: ``moves`` non-empty for an unsolved board; ``source``
        is a phrase for the player (see :data:`HINT_SOURCES`).

    Raises:
        ValueError: unsolvable board.
    """
    from engine.puzzle import astar
    from engine.puzzle.hint import hint
    from engine.puzzle.optimal import solve_optimal, tables_ready
    from engine.puzzle.result import SolverStopped

    budget = max(0.05, min(settings.timeout, HINT_BUDGET))
    start = time.perf_counter()
    if board.is_solved():
        return "", HINT_SOURCES["solved"]
    near = board.manhattan() <= HINT_OPTIMAL_MANHATTAN
    if near and optimal_available(board.width, board.height) and tables_ready(board.width, board.height):
        try:
            res = solve_optimal(board, timeout=0.4 * budget, cancel=cancel)
            if res.moves:
                return res.moves, HINT_SOURCES["optimal"]
        except SolverStopped:
            pass
    left = budget - (time.perf_counter() - start)
    if left > 0.01:
        heuristic, edges = split_heuristic(settings.heuristic)
        try:
            res = astar.solve_fast(
                board, timeout=left, boost=settings.boost, heuristic=heuristic, edges=edges, cancel=cancel
            )
            if res.moves:
                return res.moves, HINT_SOURCES["fast"]
        except SolverStopped:
            pass
    move, source = hint(board, 0.05)
    return move, HINT_SOURCES.get(source, source)


@dataclass(frozen=True)
class Stopped:
    """A solver run that ended without a solution (what :class:`SolverStopped` carries, picklable).

    Attributes:
        reason: ``"timeout"``, ``"cancelled"`` or ``"limit"``.
        result: the statistics gathered so far.
    """

    reason: str
    result: SolveResult


def solve_job(
    board: Board,
    settings: PuzzleSettings,
    *,
    progress: Callable[[float, str], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> SolveResult | Stopped:
    """:func:`solve_position` for a child process: a stop is returned as :class:`Stopped`, not raised.

    Raises:
        ValueError: as :func:`solve_position`.
    """
    from engine.puzzle.result import SolverStopped

    try:
        return solve_position(board, settings, progress=progress, cancel=cancel)
    except SolverStopped as stop:
        return Stopped(stop.reason, stop.result)


@dataclass(frozen=True)
class Deal:
    """How to deal a new puzzle.

    Attributes:
        width, height: 2..10 each.
        shuffle: ``"uniform"`` (uniformly random solvable position) or
            ``"moves"`` (``mix`` random moves from the goal, as the seed's "mix").
        mix: number of random moves for ``"moves"`` (>= 1).
        seed: the shuffle's seed (0 <= seed < 2**64).
    """

    width: int
    height: int
    shuffle: str = "uniform"
    mix: int = 100
    seed: int = 0

    def reseeded(self, seed: int | None = None) -> Deal:
        """The same deal with another seed (default: a fresh random one)."""
        return Deal(self.width, self.height, self.shuffle, self.mix, new_seed() if seed is None else seed)


def new_seed() -> int:
    """A fresh random seed for a deal (0 <= seed < 2**40, short in codes)."""
    import secrets

    return secrets.randbelow(1 << 40)


def deal_board(deal: Deal) -> Board:
    """The position a deal produces (deterministic in the deal; the same as its seed code gives).

    Raises:
        ValueError: size out of range, unknown shuffle, mix outside 1..100000, seed outside 0..2**64-1.
    """
    return _shuffle_code(deal).board


def _shuffle_code(deal: Deal) -> PuzzleCode:
    from engine.puzzle.codes import shuffle_code

    if deal.shuffle not in SHUFFLES:
        raise ValueError(f"The shuffle must be one of {', '.join(SHUFFLES)}; got {deal.shuffle!r}.")
    return shuffle_code(deal.width, deal.height, deal.seed, deal.mix if deal.shuffle == "moves" else None)


def position_code(board: Board) -> str:
    """The code of a position (``P1.WxH:rank-check``)."""
    from engine.puzzle.codes import encode_board

    return encode_board(board)


def seed_code(deal: Deal) -> str:
    """The code that regenerates a deal (``P1.WxH.U#seed-check`` or ``...K<mix>#seed-check``)."""
    return _shuffle_code(deal).code()


def deal_session(deal: Deal, arrows: str = "tile") -> PuzzleSession:
    """A new game from ``deal`` with its position and seed codes.

    Raises:
        ValueError: a bad deal (see :func:`deal_board`).
    """
    board = deal_board(deal)
    return PuzzleSession(board, code=position_code(board), seed_code=seed_code(deal), arrows=arrows)


def session_from_code(code: str) -> tuple[PuzzleSession, Deal | None]:
    """A game for a pasted code: a position code, or a seed code (which deals).

    Returns:
        The session and, for seed codes, the deal (None for position codes).

    Raises:
        engine.codes.CodeError (a ValueError): the code does not decode, is not a
            puzzle code, or names an unsolvable position.
    """
    from engine.puzzle.codes import decode

    pc = decode(code)
    if pc.kind == "board":
        return PuzzleSession(pc.board, code=position_code(pc.board)), None
    assert pc.seed is not None
    deal = Deal(pc.width, pc.height, pc.kind, pc.moves or 100, pc.seed)
    return PuzzleSession(pc.board, code=position_code(pc.board), seed_code=pc.code()), deal
