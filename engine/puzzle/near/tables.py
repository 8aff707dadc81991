"""The 5x5 pattern databases of the near-optimal solver: which groups, building or loading them, readiness.

The 24 tiles are split into four compact 5-tile groups and one of 4 tiles
(:data:`FIVE_BY_FIVE`); each group's additive table comes from
:func:`engine.puzzle.pdb.pattern_table` (base-25 index: 9.3 MiB a 5-tile table,
0.4 MiB the 4-tile one, 38 MiB in all) and lives in the project's table cache.
From an empty cache the five tables take about 10 s of CPU to build (progress
is reported); afterwards they load in a fraction of a second.
"""

from __future__ import annotations

from engine.puzzle.near.heuristics import PatternHeuristic
from engine.puzzle.pdb import is_cached, pattern_name, pattern_table
from engine.puzzle.result import CancelFn, ProgressFn

SIDE = 5  # the board the tables are for; larger boards are peeled down to it

FIVE_BY_FIVE: tuple[tuple[int, ...], ...] = (
    (1, 2, 3, 6, 7),
    (4, 5, 8, 9, 10),
    (11, 12, 16, 17, 21),
    (13, 14, 15, 18, 19),
    (20, 22, 23, 24),
)
"""The tile groups of the 5x5 tables (goal: 1..24 row by row, blank last); read straight and transposed."""

_HEURISTIC: dict[tuple[int, ...], PatternHeuristic] = {}


def tables_ready() -> bool:
    """True when every 5x5 table is in memory or in the cache (no long build needed)."""
    return all(is_cached(pattern_name(SIDE, SIDE, g)) for g in FIVE_BY_FIVE)


def five_by_five(progress: ProgressFn | None = None, cancel: CancelFn | None = None) -> PatternHeuristic:
    """The 5x5 heuristic, its tables loaded from the cache or built (about 10 s the first time).

    ``progress(fraction, message)`` follows the builds and loads, table by table.

    Raises:
        engine.puzzle.pdb.BuildCancelled: ``cancel()`` returned True during a build.
    """
    tables = []
    count = len(FIVE_BY_FIVE)
    for i, group in enumerate(FIVE_BY_FIVE):

        def sub(frac: float, msg: str, i: int = i) -> None:
            if progress:
                progress((i + frac) / count, f"table {i + 1} of {count}: {msg}")

        tables.append(pattern_table(SIDE, SIDE, group, progress=sub, cancel=cancel))
    key = tuple(id(t) for t in tables)  # the cache's own arrays: new ones after a reload or rebuild
    heuristic = _HEURISTIC.get(key)
    if heuristic is None:
        _HEURISTIC.clear()
        heuristic = _HEURISTIC[key] = PatternHeuristic(SIDE, SIDE, FIVE_BY_FIVE, tables)
    return heuristic
