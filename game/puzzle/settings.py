"""The puzzle screens' settings and adapters over :mod:`engine.puzzle` (no arcade here).

The game itself (:class:`engine.puzzle.session.PuzzleSession`: board, moves,
undo/redo, hint flow, auto-solve, playback, wins and bests) lives in the engine.
This module keeps what belongs to the game: the screen's settings saved in the
store (:class:`PuzzleSettings`, including the picture choice), deals and codes, and the
module-level functions the screen runs in child processes (:func:`solve_job`,
:func:`hint_job`), which only translate the settings into engine calls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.puzzle.board import Board
from engine.puzzle.hint import HintPlan
from engine.puzzle.pictures import PICTURES
from engine.puzzle.result import SolveResult
from engine.puzzle.session import ARROW_MODES, PuzzleSession, SolveJob

if TYPE_CHECKING:
    from engine.puzzle.codes import PuzzleCode
    from game.store import Store


# -- settings ---------------------------------------------------------------------------
TIMEOUTS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
SOLVER_KINDS = ("fast", "optimal")


@dataclass
class PuzzleSettings:
    """The puzzle screen's solver and input settings (saved in the store as ``puzzle.*``).

    Attributes:
        solver: ``"fast"`` (the seed's A* with edges tie-breaking) or ``"optimal"``
            (pattern-database search, boards of at most 16 cells).
        timeout: solver time budget in seconds, one of :data:`TIMEOUTS` (the optimal
            search of an auto-solve gets at least
            :data:`engine.puzzle.session.OPTIMAL_BACKGROUND_S`; table builds are not counted).
        boost: random boost on (fast solver).
        heuristic: the fast solver's heuristic, one of :func:`heuristics`.
        arrows: ``"tile"`` or ``"blank"`` (see :class:`PuzzleSession`).
        animate: slide animations on (tests turn them off).
        picture: the tiles' picture choice (:mod:`game.puzzle.pictures`): ``""`` numbers, a
            built-in name, or ``"file:<path>"`` (the player's image); a code naming a
            picture overrides it for that game.
        numbers: numbers drawn over picture tiles.
    """

    solver: str = "fast"
    timeout: float = 2.0
    boost: bool = True
    heuristic: str = ""
    arrows: str = "tile"
    animate: bool = True
    picture: str = ""
    numbers: bool = True

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
        picture = get("puzzle.picture") or ""
        if picture in PICTURES or picture.startswith("file:"):  # a file is checked when it is shown
            s.picture = picture
        s.numbers = get("puzzle.numbers") != "0"
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
        put("puzzle.picture", self.picture)
        put("puzzle.numbers", "1" if self.numbers else "0")

    def cycle_timeout(self) -> float:
        """Next timeout of :data:`TIMEOUTS` (wrapping); returns it."""
        i = TIMEOUTS.index(self.timeout) if self.timeout in TIMEOUTS else 0
        self.timeout = TIMEOUTS[(i + 1) % len(TIMEOUTS)]
        return self.timeout

    def change(self, what: str, width: int, height: int) -> str:
        """Change one setting as its key does on a ``width`` × ``height`` board; returns a note ("" if none).

        ``what``: ``"solver"`` (fast/optimal; boards over 16 cells stay fast),
        ``"timeout"``, ``"boost"``, ``"heuristic"`` or ``"arrows"``.

        Raises:
            ValueError: an unknown setting name.
        """
        if what == "solver":
            if not optimal_available(width, height):
                self.solver = "fast"
                return "The optimal solver handles boards of up to 16 cells (4x4); this one uses fast A*."
            self.solver = "optimal" if self.solver == "fast" else "fast"
        elif what == "timeout":
            self.cycle_timeout()
        elif what == "boost":
            self.boost = not self.boost
        elif what == "heuristic":
            self.cycle_heuristic()
        elif what == "arrows":
            self.arrows = "blank" if self.arrows == "tile" else "tile"
        else:
            raise ValueError(f"Unknown puzzle setting {what!r} (known: solver, timeout, boost, heuristic, arrows).")
        return ""

    def cycle_heuristic(self) -> str:
        """Next heuristic (wrapping); returns it."""
        hs = heuristics()
        i = hs.index(self.heuristic) if self.heuristic in hs else -1
        self.heuristic = hs[(i + 1) % len(hs)]
        return self.heuristic


# -- engine adapter --------------------------------------------------------------------------
# Everything the puzzle screen asks of engine.puzzle goes through these functions.

SHUFFLES = ("uniform", "moves")
HINT_BUDGET = 1.0  # seconds at most for a hint (less if the solver timeout is shorter)
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


def hint_job(
    board: Board,
    settings: PuzzleSettings,
    *,
    progress: Callable[[float, str], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> HintPlan:
    """The H key's planner run (:func:`engine.puzzle.hint.plan_hint`) with the screen's fast-solver settings.

    The budget is :data:`HINT_BUDGET` seconds, or the solver timeout if shorter.

    Raises:
        ValueError: unsolvable board.
    """
    from engine.puzzle.hint import plan_hint

    heuristic, edges = split_heuristic(settings.heuristic)
    budget = max(0.05, min(settings.timeout, HINT_BUDGET))
    return plan_hint(board, budget, heuristic=heuristic, edges=edges, boost=settings.boost, cancel=cancel)


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
    job: SolveJob | Board,
    settings: PuzzleSettings,
    *,
    progress: Callable[[float, str], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> SolveResult | Stopped:
    """Run one auto-solve job in a child process: a stop is returned as :class:`Stopped`, not raised.

    ``job`` is a :class:`SolveJob` from :meth:`PuzzleSession.begin_solve` (its
    solver kind and timeout override ``settings``), or a board solved as
    ``settings`` say.

    Raises:
        ValueError: as :func:`solve_position`.
    """
    from dataclasses import replace

    from engine.puzzle.result import SolverStopped

    if isinstance(job, SolveJob):
        board = job.origin
        settings = replace(settings, solver=job.kind.value, timeout=job.timeout)
    else:
        board = job
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
        picture: a built-in picture name its seed code carries, or None.
    """

    width: int
    height: int
    shuffle: str = "uniform"
    mix: int = 100
    seed: int = 0
    picture: str | None = None

    def reseeded(self, seed: int | None = None) -> Deal:
        """The same deal with another seed (default: a fresh random one)."""
        return Deal(self.width, self.height, self.shuffle, self.mix, new_seed() if seed is None else seed,
                    self.picture)


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
    pc = shuffle_code(deal.width, deal.height, deal.seed, deal.mix if deal.shuffle == "moves" else None)
    return pc.with_picture(deal.picture)


def code_to_copy(session: PuzzleSession, which: str, picture: str | None = None) -> tuple[str, str]:
    """``(code, what it is)`` for C (``"puzzle"``), Shift+C (``"current"``) and G (``"seed"``).

    ``"seed"`` falls back to the puzzle code for pasted positions.  A built-in
    ``picture`` name goes into position codes (seed codes carry their deal's).
    """
    from engine.puzzle.codes import encode_board

    if which == "current":
        return encode_board(session.board, picture), "the current position's code"
    if which == "seed" and session.seed_code:
        return session.seed_code, "the shuffle's seed code"
    return encode_board(session.start, picture), "the puzzle code"


def record_win(store: Store, session: PuzzleSession) -> list[str]:
    """Write an unassisted win under the session's best keys; returns what is new (phrases for the player).

    Nothing is written for assisted games (:attr:`PuzzleSession.counts_for_bests` is False).
    """
    if not session.counts_for_bests:
        return []
    news = []
    keys = session.best_keys()
    for k in keys:
        r = store.record_win(k, session.elapsed, session.moves)
        if k == keys[-1]:  # the per-size key
            if r.new_best_time:
                news.append(f"best {session.size_label} time")
        else:
            if r.new_best_time:
                news.append("new best time for this puzzle")
            if r.new_best_moves:
                news.append("fewest moves for this puzzle")
    return news


def position_code(board: Board) -> str:
    """The code of a position (``P1.WxH:rank-check``)."""
    from engine.puzzle.codes import encode_board

    return encode_board(board)


def code_picture(code: str) -> str | None:
    """The built-in picture a puzzle code names, or None (also for codes that do not decode)."""
    from engine.codes import CodeError
    from engine.puzzle.codes import decode

    try:
        return decode(code).picture
    except CodeError:
        return None


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
    deal = Deal(pc.width, pc.height, pc.kind, pc.moves or 100, pc.seed, pc.picture)
    return PuzzleSession(pc.board, code=position_code(pc.board), seed_code=pc.code()), deal
