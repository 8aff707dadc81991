"""The daily challenge: one maze per UTC day, the same for everyone.

The seed is derived from the date by SHA-256 (stable everywhere); the shape,
algorithm and size rotate by weekday.  One day in three (the seed divisible by 3,
on weekdays whose generator carves shaped grids, from :data:`SHAPED_FROM` on) the
maze is cut to a built-in shape (:data:`DAILY_MASKS`, picked by the seed).  Days
before :data:`SHAPED_FROM` keep the challenge they had when they were played.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.maze.recipe import MazeSpec

# Monday .. Sunday: (shape, width, height, algorithm, braid percent)
ROTATION: tuple[tuple[str, int, int, str, int], ...] = (
    ("square", 24, 16, "backtracker", 0),
    ("hex", 20, 14, "prim", 0),
    ("triangle", 30, 14, "kruskal", 0),
    ("polar", 8, 10, "growing-tree", 0),
    ("upsilon", 18, 12, "wilson", 0),
    ("hex", 24, 16, "hunt-and-kill", 20),
    ("square", 30, 20, "eller", 10),
)


#: The shapes a daily challenge may be cut to.
DAILY_MASKS = ("circle", "heart", "star", "diamond", "ring", "cross", "moon")
#: The first day that may be shaped (earlier days' challenges never change).
SHAPED_FROM = dt.date(2026, 12, 1)


def utc_today() -> dt.date:
    """Today's date in UTC."""
    return dt.datetime.now(dt.UTC).date()


def daily_seed(day: dt.date) -> int:
    """A 64-bit seed for ``day``."""
    digest = hashlib.sha256(f"tessera-daily-{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def daily_spec(day: dt.date | None = None) -> MazeSpec:
    """The :class:`engine.maze.recipe.MazeSpec` of the challenge of ``day`` (default: today, UTC)."""
    from engine.maze.generators import get_generator
    from engine.maze.masks import Mask
    from engine.maze.recipe import MazeSpec

    day = day or utc_today()
    shape, w, h, algo, braid = ROTATION[day.weekday()]
    seed = daily_seed(day)
    mask = None
    if day >= SHAPED_FROM and seed % 3 == 0 and get_generator(algo).masks:
        names = [m for m in DAILY_MASKS if not (shape == "polar" and m == "circle")]  # a polar grid is a disc
        mask = Mask.builtin(names[(seed // 3) % len(names)])
    return MazeSpec(shape, w, h, algo, {}, braid, seed, mask=mask)


def daily_code(day: dt.date | None = None) -> str:
    """The level code of the daily challenge."""
    return daily_spec(day).code()


# -- the puzzle maze daily ---------------------------------------------------------------------------------------
#: The daily puzzle maze by weekday (Monday first): grid, size, generator and rules (:mod:`engine.maze.rules`);
#: medium difficulty.  Its par is its proven optimum (:func:`engine.maze.rules.solver.solution_of`).
PUZZLE_MAZE_ROTATION: tuple[tuple[str, int, int, str, str], ...] = (
    ("square", 8, 8, "backtracker", "oneway"),
    ("hex", 8, 7, "backtracker", "keys"),
    ("triangle", 12, 6, "backtracker", "pursuer"),
    ("polar", 6, 5, "backtracker", "switches"),
    ("upsilon", 6, 6, "backtracker", "oneway,keys"),
    ("hex", 8, 7, "backtracker", "pursuer,switches"),
    ("square", 9, 8, "backtracker", "all"),
)


def puzzle_maze_daily(day: dt.date | None = None) -> MazeSpec:
    """The daily puzzle maze of ``day`` (default: today, UTC): a recipe with rules, the same for every player."""
    from engine.maze.recipe import MazeSpec
    from engine.maze.rules import PuzzleRecipe

    day = day or utc_today()
    shape, w, h, algo, rules = PUZZLE_MAZE_ROTATION[day.weekday()]
    seed = int.from_bytes(hashlib.sha256(f"tessera-puzzle-maze-{day.isoformat()}".encode()).digest()[:8], "big")
    return MazeSpec(shape, w, h, algo, {}, 0, seed, puzzle=PuzzleRecipe.parse(rules, "medium"))


# -- the puzzle daily --------------------------------------------------------------------------------------------
#: Puzzle daily sizes (square boards) and the band of optimal lengths a day's position is drawn from (moves):
#: positions are dealt from the date's seeds until one's proven optimum lies in the band.  The 4x4 band stops
#: at 50 because proofs grow fast with the length (4x4 optima of 60+ can take 20 s); choosing and proving a
#: day took 0.55 s median, 1.65 s worst over 30 days (docs/BENCHMARKS.md); the bounded search rejects a longer
#: position without proving it.
PUZZLE_BANDS: dict[int, tuple[int, int]] = {3: (20, 28), 4: (40, 50)}
PUZZLE_SIZES = tuple(PUZZLE_BANDS)
MAX_CANDIDATES = 200
"""Seeds tried for one day before giving up (never reached in practice: about 1 in 3 positions fits the band)."""


@dataclass(frozen=True)
class PuzzleDaily:
    """One day's sliding-puzzle challenge.

    Attributes:
        day: the UTC date.
        size: the board side (3 or 4).
        code: the puzzle's seed code (``P2.<n>X<n>.U#<seed>-<check>``), the same for everyone that day.
        optimal: the proven fewest moves (the par: matching it gives three stars).
        candidate: how many seeds were passed over before this one (0 = the first).
    """

    day: dt.date
    size: int
    code: str
    optimal: int
    candidate: int


def puzzle_seed(day: dt.date, size: int, candidate: int) -> int:
    """The shuffle seed of ``candidate`` (0, 1, ...) for the ``size`` x ``size`` daily of ``day`` (< 2**40)."""
    text = f"tessera-puzzle-daily-{day.isoformat()}-{size}x{size}-{candidate}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:5], "big")


def check_puzzle_size(size: int) -> int:
    """``size`` if a puzzle daily exists for it.

    Raises:
        ValueError: any other size (the sentence names the sizes).
    """
    if size not in PUZZLE_BANDS:
        raise ValueError(f"The puzzle daily is {' or '.join(f'{n}x{n}' for n in PUZZLE_SIZES)}; got {size}x{size}.")
    return size


def puzzle_daily(
    day: dt.date | None = None,
    size: int = 3,
    *,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[float, str], None] | None = None,
) -> PuzzleDaily:
    """The ``size`` x ``size`` puzzle daily of ``day`` (default: today, UTC) with its proven optimum.

    Candidates ``puzzle_seed(day, size, 0)``, ``1``, ... are dealt (uniform shuffles) and the first whose optimal
    length lies in :data:`PUZZLE_BANDS` is taken.  The choice depends only on the lengths (a search bounded by
    the band's top, never by time), so every machine picks the same one.  4x4 needs the optimal solver's tables
    (built once, about 15 s, reported through ``progress``).

    Raises:
        ValueError: a size without a daily.
        SolverStopped: ``cancel`` returned True.
        RuntimeError: no candidate fitted (not expected: see :data:`MAX_CANDIDATES`).
    """
    from engine.puzzle.codes import shuffle_code
    from engine.puzzle.optimal import prepare, solve_optimal
    from engine.puzzle.result import SolverStopped

    day = day or utc_today()
    lo, hi = PUZZLE_BANDS[check_puzzle_size(size)]
    prepare(size, size, progress=progress, cancel=cancel)
    for i in range(MAX_CANDIDATES):
        pc = shuffle_code(size, size, puzzle_seed(day, size, i))
        try:
            res = solve_optimal(pc.board, cancel=cancel, at_most=hi)
        except SolverStopped as stop:
            if stop.reason != "bound":
                raise
            continue
        if res.length >= lo:
            return PuzzleDaily(day, size, pc.code(), res.length, i)
    raise RuntimeError(f"no {size}x{size} position of {day} fitted the band {lo}..{hi}")  # pragma: no cover
