"""The puzzle screens' saved settings, and the store side of a win (no arcade here).

The game itself (:class:`engine.puzzle.session.PuzzleSession`: board, moves,
undo/redo, hint flow, auto-solve, playback, wins and bests) lives in the engine,
and so do dealing and codes (:mod:`engine.puzzle.deal`) and the solver choice
with the runs the screen makes in child processes (:mod:`engine.puzzle.solving`:
``solve_job`` and ``hint_job`` take a :class:`PuzzleSettings` as their settings).
This module keeps what belongs to the game: the screen's settings saved in the
store (:class:`PuzzleSettings`, including the picture choice) and
:func:`record_win`, which writes what :func:`engine.puzzle.deal.win_records`
says a win records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.puzzle.deal import win_news, win_records
from engine.puzzle.pictures import PICTURES
from engine.puzzle.session import ARROW_MODES, PuzzleSession
from engine.puzzle.solving import heuristics, solver_kinds

if TYPE_CHECKING:
    from game.store import SaveStore


# -- settings ---------------------------------------------------------------------------
TIMEOUTS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
#: The default solver time limit (s): the fast solver solves every 8x8 and 10x10 deal in well under a second
#: (tests/test_puzzle_fast_default.py, bench/bench_fast_default.py), so the limit is only a safety net; a
#: shorter one stays in the Advanced panel (T).
DEFAULT_TIMEOUT = 10.0
SOLVER_KINDS = ("fast", "optimal", "near-optimal")
MAX_CUSTOM_SIDE = 10  # the setup screen's largest custom side


@dataclass
class PuzzleSettings:
    """The puzzle screen's solver and input settings (saved in the store as ``puzzle.*``).

    Attributes:
        solver: ``"fast"`` (the seed's A* with edges tie-breaking), ``"optimal"``
            (pattern-database search, boards of at most 16 cells) or ``"near-optimal"``
            (beam search, 5x5 and larger); a board the chosen solver does not handle uses fast A*.
        timeout: solver time budget in seconds, one of :data:`TIMEOUTS` (default :data:`DEFAULT_TIMEOUT`; the optimal
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
        advanced: the screen's Advanced panel (solver settings and statistics) is open (V; folded by default).
        meter: the live "N moves from solved (optimal)" line is shown on 3x3/4x4 (M).  It is help (a game
            played with it on is assisted), so it is this game's alone: never saved, off in every new game
            and after a restart (:meth:`game.puzzle.view.PuzzleView.restart`).
    """

    solver: str = "fast"
    timeout: float = DEFAULT_TIMEOUT
    boost: bool = True
    heuristic: str = ""
    arrows: str = "tile"
    animate: bool = True
    picture: str = ""
    numbers: bool = True
    advanced: bool = False
    meter: bool = False

    def __post_init__(self) -> None:
        if not self.heuristic:
            self.heuristic = heuristics()[0]

    @classmethod
    def load(cls, store: object | None) -> PuzzleSettings:
        """Read from a :class:`game.store.SaveStore` (bad or missing values fall back to defaults)."""
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
        s.advanced = get("puzzle.advanced") == "1"
        return s

    def save(self, store: object | None) -> None:
        """Write to a :class:`game.store.SaveStore` (no-op without one)."""
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
        put("puzzle.advanced", "1" if self.advanced else "0")

    def cycle_timeout(self) -> float:
        """Next timeout of :data:`TIMEOUTS` (wrapping); returns it."""
        i = TIMEOUTS.index(self.timeout) if self.timeout in TIMEOUTS else 0
        self.timeout = TIMEOUTS[(i + 1) % len(TIMEOUTS)]
        return self.timeout

    def change(self, what: str, width: int, height: int) -> str:
        """Change one setting as its key does on a ``width`` × ``height`` board; returns a note ("" if none).

        ``what``: ``"solver"`` (the next of :func:`engine.puzzle.solving.solver_kinds` for the size:
        fast and optimal up to 4x4, fast and near-optimal from 5x5, fast alone between),
        ``"timeout"``, ``"boost"``, ``"heuristic"`` or ``"arrows"``.

        Raises:
            ValueError: an unknown setting name.
        """
        if what == "solver":
            kinds = solver_kinds(width, height)
            if len(kinds) == 1:
                self.solver = "fast"
                return ("The optimal solver handles boards of up to 16 cells (4x4) and the near-optimal one "
                        "5x5 and larger; this one uses fast A*.")
            i = kinds.index(self.solver) if self.solver in kinds else 0
            self.solver = kinds[(i + 1) % len(kinds)]
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


# -- the store side of a win ---------------------------------------------------------------

def record_win(store: SaveStore, session: PuzzleSession) -> list[str]:
    """Write an unassisted win under the session's best keys; returns what is new (phrases for the player).

    Nothing is written for assisted games (:attr:`PuzzleSession.counts_for_bests` is False); what is
    written and said is :func:`engine.puzzle.deal.win_records` and :func:`engine.puzzle.deal.win_news`.
    """
    news: list[str] = []
    for rec in win_records(session):
        r = store.record_win(rec.key, rec.seconds, rec.moves)
        news.extend(win_news(rec, r.new_best_time, r.new_best_moves))
    return news
