"""The puzzle screen's game-side adapters over :mod:`engine.puzzle.session` (no arcade here).

The play model (:class:`engine.puzzle.session.PuzzleSession`: board, moves,
undo/redo, clicks, hints, playback, solved/assisted state) lives in the engine.
This module keeps what belongs to the game: the screen's settings saved in the
store (:class:`PuzzleSettings`), time formatting, and the functions the screen
runs in worker threads or child processes to solve, hint and deal.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.puzzle.board import Board
from engine.puzzle.result import SolveResult
from engine.puzzle.session import ARROW_MODES, PuzzleSession

if TYPE_CHECKING:
    from engine.puzzle.codes import PuzzleCode


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
