"""The 5x5 pattern databases of the near-optimal solver: which groups, building or loading them, readiness.

The 24 tiles are split into four compact 5-tile groups and one of 4 tiles
(:data:`FIVE_BY_FIVE`); each group's additive table comes from
:func:`engine.puzzle.tables.pdb.pattern_table` (base-25 index: 9.3 MiB a 5-tile table,
0.4 MiB the 4-tile one, 38 MiB in all) and lives in the project's table cache.
From an empty cache the five tables take about 10 s of CPU to build (progress
is reported); afterwards they load in a fraction of a second.  The ``quick``
effort uses them.

The ``strong`` and ``max`` efforts use Korf & Felner's 6-6-6-6 partition
(:data:`SIX_TABLES`, :data:`SIX_READINGS`, :func:`six_by_six`): two 6-tile tables
held modulo 4 (:mod:`engine.puzzle.tables.modular`, 61 MB each, about a minute of
CPU each to build; once checked, later processes map them instead of reading them),
read through board symmetries for all four groups and the transposed view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

import numpy as np

from engine.puzzle.near.heuristics import Heuristic, ModularPatternHeuristic, PatternHeuristic
from engine.puzzle.result import CancelFn, ProgressFn
from engine.puzzle.tables.pdb import is_cached, pattern_name, pattern_table

SIDE = 5  # the board the tables are for; larger boards are peeled down to it

FIVE_BY_FIVE: tuple[tuple[int, ...], ...] = (
    (1, 2, 3, 6, 7),
    (4, 5, 8, 9, 10),
    (11, 12, 16, 17, 21),
    (13, 14, 15, 18, 19),
    (20, 22, 23, 24),
)
"""The tile groups of the 5x5 tables (goal: 1..24 row by row, blank last); read straight and transposed."""

SIX_TABLES: tuple[tuple[int, ...], ...] = ((1, 2, 3, 6, 7, 8), (13, 18, 19, 20, 23, 24))
"""The two tables of Korf & Felner's 6-6-6-6 partition (turned half a turn: their blank is top left, ours
bottom right): the 2x3 block at the top left, whose quarter turns are the 3x2 blocks at the top right
and bottom left, and the six tiles round the blank.  61 MB each (two bits an entry)."""

SIX_READINGS: tuple[tuple[tuple[int, str], ...], ...] = (
    ((0, "id"), (0, "cw"), (0, "ccw"), (1, "id")),
    ((0, "transpose"), (0, "transpose-cw"), (0, "transpose-ccw"), (1, "transpose")),
)
"""The two views: the partition straight and through the main diagonal (each reading: a table and the
symmetry that moves its group there; ``transpose-cw`` is a quarter turn, then the reflection)."""


def six_groups(view: int = 0) -> list[tuple[int, ...]]:
    """The tile groups of one view of the 6-6-6-6 partition (sorted tiles), for tests and documents."""
    return [tuple(sorted(int(_symmetry(name)[t - 1]) + 1 for t in SIX_TABLES[k])) for k, name in SIX_READINGS[view]]


def _symmetry(name: str) -> np.ndarray:
    """A named cell symmetry of the 5x5 board; ``a-b`` is ``b`` first, then ``a``."""
    from engine.puzzle.near.heuristics import square_symmetry

    out = np.arange(SIDE * SIDE, dtype=np.int64)
    for part in reversed(name.split("-")):
        out = square_symmetry(SIDE, part)[out]
    return out


_HEURISTIC: dict[tuple[str, tuple[int, ...]], Heuristic] = {}


def tables_ready() -> bool:
    """True when every 5x5 table is in memory or in the cache (no long build needed)."""
    return all(is_cached(pattern_name(SIDE, SIDE, g)) for g in FIVE_BY_FIVE)


def six_tables_ready() -> bool:
    """True when every 6-6-6-6 table is in memory or in the cache (no build of minutes needed)."""
    from engine.puzzle.tables.modular import modular_name

    return all(is_cached(modular_name(g)) for g in SIX_TABLES)


def six_by_six(progress: ProgressFn | None = None, cancel: CancelFn | None = None) -> Heuristic:
    """The 6-6-6-6 heuristic (straight and transposed), its tables loaded from the cache or built.

    The first build takes minutes (two tables, about 70 s of CPU each, 600 MB while one is built);
    ``progress(fraction, message)`` follows it table by table.

    Raises:
        engine.puzzle.tables.pdb.BuildCancelled: ``cancel()`` returned True during a build.
    """
    from engine.puzzle.tables.modular import modular_table

    tables = _tables(SIX_TABLES, lambda g, sub: modular_table(g, progress=sub, cancel=cancel), progress)
    views = [[(k, _symmetry(name)) for k, name in view] for view in SIX_READINGS]
    return _heuristic("six", tables, lambda: ModularPatternHeuristic(SIX_TABLES, tables, views))


def _tables(
    groups: Sequence[tuple[int, ...]],
    load: Callable[[tuple[int, ...], ProgressFn], np.ndarray],
    progress: ProgressFn | None,
) -> list[np.ndarray]:
    """Each group's table from ``load(group, progress)``, the progress told "table i of n: ..."."""
    tables = []
    count = len(groups)
    for i, group in enumerate(groups):

        def sub(frac: float, msg: str, i: int = i) -> None:
            if progress:
                progress((i + frac) / count, f"table {i + 1} of {count}: {msg}")

        tables.append(load(group, sub))
    return tables


H = TypeVar("H", bound=Heuristic)


def _heuristic(kind: str, tables: list[np.ndarray], make: Callable[[], H]) -> H:
    """The heuristic of ``kind`` made on ``tables`` once, kept while the cache holds these very arrays."""
    key = (kind, tuple(id(t) for t in tables))  # the cache's own arrays: new ones after a reload or rebuild
    heuristic = _HEURISTIC.get(key)
    if heuristic is None:
        for old in [k for k in _HEURISTIC if k[0] == kind]:
            del _HEURISTIC[old]  # this kind's older tables (the other kind stays)
        heuristic = _HEURISTIC[key] = make()
    return cast(H, heuristic)


def five_by_five(progress: ProgressFn | None = None, cancel: CancelFn | None = None) -> PatternHeuristic:
    """The 5x5 heuristic, its tables loaded from the cache or built (about 10 s the first time).

    ``progress(fraction, message)`` follows the builds and loads, table by table.

    Raises:
        engine.puzzle.tables.pdb.BuildCancelled: ``cancel()`` returned True during a build.
    """
    tables = _tables(FIVE_BY_FIVE, lambda g, sub: pattern_table(SIDE, SIDE, g, progress=sub, cancel=cancel), progress)
    return _heuristic("five", tables, lambda: PatternHeuristic(SIDE, SIDE, FIVE_BY_FIVE, tables))
