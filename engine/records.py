"""Records and daily history from the list of finished games (pure: the save file is the game's).

A :class:`Run` is one finished game as the save keeps it (``game.store.Store.runs``).  From a list of runs this
module works out the records the game shows and ``tessera records`` prints:

* per sliding-puzzle size (:func:`puzzle_records`): solves, best time, fewest moves, the averages of the last 5
  and 12 solves (Ao5, Ao12: the best and the worst time of those dropped, the mean of the rest, as speedcubers
  count them) and the best tiles per second (moves / seconds; a move slides one tile);
* the dailies (:func:`day_marks`, :func:`streaks`): which days each daily was done, at par or not, and the current
  and longest runs of consecutive days.

Runs kept before the history existed (a save of schema 4) are not here; their bests stay in the ``best`` table
and :func:`best_rows` turns those into record rows for the CSV export.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The kinds of daily: the maze daily, and the puzzle dailies by size.
DAILY_KINDS = ("maze", "puzzle-3x3", "puzzle-4x4")
PUZZLE = "puzzle"
MAZE = "maze"
#: A race the player won (the history keeps race wins only: a loss is no record).
RACE = "race"


@dataclass(frozen=True)
class Run:
    """One finished game.

    Attributes:
        mode: ``"puzzle"``, ``"maze"`` or ``"race"`` (a race won).
        key: what the run is counted under: the puzzle size ``"WxH"``, the maze's level code, or a race's
            bests key (its race code, or ``vs-ghost:<code>``).
        code: the level code played (``""`` when it had none).
        seconds: the time of the game (> 0).
        moves: moves made (puzzle: tiles slid; maze: steps).
        par: the fewest moves possible when known (puzzle: proven optimal; maze: the shortest path), else None.
        daily: the daily's kind (:data:`DAILY_KINDS`) and UTC date ``"YYYY-MM-DD"`` when the game was a daily,
            as ``"maze:2026-11-26"``; else ``""``.
        finished: when it ended, UTC ISO 8601 (``""`` for runs carried over from before the history).
        replay: a puzzle solve's replay code (:mod:`engine.puzzle.replay`), ``""`` when none was kept.
        analysis: the summary of where the solve lost moves (:func:`engine.puzzle.replay.analysis_note`, JSON),
            ``""`` until it is measured.
    """

    mode: str
    key: str
    code: str
    seconds: float
    moves: int
    par: int | None = None
    daily: str = ""
    finished: str = ""
    replay: str = ""
    analysis: str = ""

    @property
    def daily_kind(self) -> str:
        """The daily's kind (``"maze"``, ``"puzzle-4x4"``, ...), or ``""``."""
        return self.daily.partition(":")[0] if self.daily else ""

    @property
    def daily_day(self) -> dt.date | None:
        """The daily's date, or None (also for a damaged value)."""
        if not self.daily:
            return None
        try:
            return dt.date.fromisoformat(self.daily.partition(":")[2])
        except ValueError:
            return None

    @property
    def at_par(self) -> bool:
        """The run matched the fewest moves possible (False when that is unknown)."""
        return self.par is not None and self.moves <= self.par

    @property
    def stars(self) -> int | None:
        """The stars the run earned on the game's one scale, None when its par was not kept.

        A puzzle: :func:`puzzle_stars` against the proven optimum.  A maze: :func:`maze_stars` against the
        default pars of its shortest path (:func:`engine.modes.play.default_par_moves`, ``default_par_time``):
        the pars of a daily and of every maze opened by its code (a campaign level's own pars are not kept here).
        """
        if self.par is None:
            return None
        if self.mode == PUZZLE:
            return puzzle_stars(self.moves, self.par)
        return maze_stars(self.moves, self.seconds, default_par_moves(self.par), default_par_time(self.par))

    @property
    def tiles_per_second(self) -> float:
        """Moves per second (a puzzle move slides one tile); 0 for a zero time."""
        return self.moves / self.seconds if self.seconds > 0 else 0.0


def daily_tag(kind: str, day: dt.date) -> str:
    """The :attr:`Run.daily` value of a daily of ``kind`` on ``day``.

    Raises:
        ValueError: ``kind`` is not one of :data:`DAILY_KINDS`.
    """
    if kind not in DAILY_KINDS:
        raise ValueError(f"A daily is one of {', '.join(DAILY_KINDS)}; got {kind!r}.")
    return f"{kind}:{day.isoformat()}"


def average_of(times: Sequence[float], n: int) -> float | None:
    """The average of the last ``n`` times (seconds): best and worst dropped, mean of the rest; None if fewer.

    Raises:
        ValueError: ``n`` < 3 (nothing would be left).
    """
    if n < 3:
        raise ValueError(f"An average of n drops the best and the worst: n must be at least 3, got {n}.")
    if len(times) < n:
        return None
    last = sorted(times[-n:])[1:-1]
    return sum(last) / len(last)


def best_average(times: Sequence[float], n: int) -> float | None:
    """The best :func:`average_of` ``n`` over every ``n`` consecutive times (seconds); None if fewer.

    Raises:
        ValueError: ``n`` < 3.
    """
    if n < 3:
        average_of(times, n)  # raises its one message
    found = [average_of(times[i : i + n], n) for i in range(len(times) - n + 1)]
    values = [a for a in found if a is not None]
    return min(values) if values else None


@dataclass(frozen=True)
class SizeRecord:
    """The records of one puzzle size (times in seconds; None when not enough solves)."""

    size: str
    solves: int
    best_time: float
    fewest_moves: int
    ao5: float | None
    ao12: float | None
    best_tps: float
    last: str


@dataclass(frozen=True)
class RaceWins:
    """The wins of one race (one race code, or one maze raced against a ghost): how many, the fastest, the
    fewest moves, and when the last was (UTC ISO 8601)."""

    key: str
    code: str
    wins: int
    best_time: float
    fewest_moves: int
    last: str


def race_wins(runs: Iterable[Run]) -> list[RaceWins]:
    """One :class:`RaceWins` per race won, the most recently won first."""
    by_key: dict[str, list[Run]] = {}
    for r in runs:
        if r.mode == RACE:
            by_key.setdefault(r.key, []).append(r)
    out = [RaceWins(k, rs[-1].code, len(rs), min(r.seconds for r in rs), min(r.moves for r in rs),
                    max(r.finished for r in rs)) for k, rs in by_key.items()]
    order = {k: i for i, k in enumerate(r.key for r in runs if r.mode == RACE)}  # the last win's place
    return sorted(out, key=lambda w: -order[w.key])


def size_order(size: str) -> tuple[int, int, str]:
    """Sort key of a ``"WxH"`` size: smaller boards first (text that is not a size last)."""
    w, _, h = size.partition("x")
    return (int(w) * int(h), int(w), size) if w.isdigit() and h.isdigit() else (1 << 30, 0, size)


def puzzle_records(runs: Iterable[Run]) -> list[SizeRecord]:
    """One :class:`SizeRecord` per puzzle size played, smallest board first (runs in the order played)."""
    by_size: dict[str, list[Run]] = {}
    for r in runs:
        if r.mode == PUZZLE:
            by_size.setdefault(r.key, []).append(r)
    out = []
    for size in sorted(by_size, key=size_order):
        rs = by_size[size]
        times = [r.seconds for r in rs]
        out.append(
            SizeRecord(
                size,
                len(rs),
                min(times),
                min(r.moves for r in rs),
                average_of(times, 5),
                average_of(times, 12),
                max(r.tiles_per_second for r in rs),
                max((r.finished for r in rs), default=""),
            )
        )
    return out


# -- speed modes -------------------------------------------------------------------------------------------------
#: The speed modes' history modes (:mod:`engine.puzzle.speed`): a whole run is kept under its mode and its setup's
#: key (``relay`` / ``3x3-5x5``); each solve of a relay or marathon under ``<mode>-solve`` and its size.
SPEED_MODES = ("relay", "marathon", "blindfold")
SOLVE_SUFFIX = "-solve"


@dataclass(frozen=True)
class SpeedBest:
    """A personal best of one speed mode and size (seconds).

    Attributes:
        mode: the history mode (``relay``, ``marathon``, ``blindfold``; ``relay-solve``... for single solves).
        key: the setup's key (``3x3-5x5``, ``4x4 x12``, ``3x3``) or a single solve's size (``4x4``).
        runs: how many were finished.
        best: the fastest.
        last: when the last was finished (UTC ISO 8601).
        moves: the fastest's moves (tiles slid).
        tiles_per_second: the fastest's moves per second.
        ao5, ao12: the best average of 5 / 12 finished in a row (:func:`best_average`: the best and the worst of
            those dropped), None with fewer.
    """

    mode: str
    key: str
    runs: int
    best: float
    last: str
    moves: int = 0
    tiles_per_second: float = 0.0
    ao5: float | None = None
    ao12: float | None = None


def speed_bests(runs: Iterable[Run]) -> dict[tuple[str, str], SpeedBest]:
    """``(mode, key)`` -> the personal best of every speed mode and size played (runs in the order played)."""
    by: dict[tuple[str, str], list[Run]] = {}
    for r in runs:
        if r.mode.removesuffix(SOLVE_SUFFIX) in SPEED_MODES:
            by.setdefault((r.mode, r.key), []).append(r)
    out = {}
    for k, rs in by.items():
        times = [r.seconds for r in rs]
        fastest = min(rs, key=lambda r: r.seconds)
        out[k] = SpeedBest(k[0], k[1], len(rs), fastest.seconds, max(r.finished for r in rs), fastest.moves,
                           fastest.tiles_per_second, best_average(times, 5), best_average(times, 12))
    return out


# -- dailies -----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DayMark:
    """One day of the calendar: per daily kind, ``None`` (not done), else the most stars a run of that daily
    earned that day (:attr:`Run.stars`; 0: done, its stars not known)."""

    day: dt.date
    marks: dict[str, int | None]


def day_marks(runs: Iterable[Run], today: dt.date, days: int = 14) -> list[DayMark]:
    """The last ``days`` days up to ``today`` (newest first) with what was done of each daily."""
    best: dict[tuple[str, dt.date], int] = {}
    for r in runs:
        day = r.daily_day
        if day is None:
            continue
        k = (r.daily_kind, day)
        best[k] = max(best.get(k, 0), r.stars or 0)
    return [
        DayMark(d, {kind: best.get((kind, d)) for kind in DAILY_KINDS})
        for d in (today - dt.timedelta(days=i) for i in range(days))
    ]


def done_days(runs: Iterable[Run], kinds: Sequence[str]) -> set[dt.date]:
    """The days on which a daily of one of ``kinds`` was finished."""
    return {d for r in runs if r.daily_kind in kinds and (d := r.daily_day) is not None}


def streaks(days: Iterable[dt.date], today: dt.date) -> tuple[int, int]:
    """``(current, longest)`` runs of consecutive days in ``days``.

    The current streak ends today, or yesterday while today's is not done yet (it is still alive); days after
    ``today`` are ignored.
    """
    have = {d for d in days if d <= today}
    longest = 0
    for d in have:
        if d - dt.timedelta(days=1) in have:
            continue  # not the first day of a run
        n = 1
        while d + dt.timedelta(days=n) in have:
            n += 1
        longest = max(longest, n)
    end = today if today in have else today - dt.timedelta(days=1)
    current = 0
    while end - dt.timedelta(days=current) in have:
        current += 1
    return current, longest


def default_par_moves(shortest: int) -> int:
    """Par moves for a maze whose shortest start-goal path has ``shortest`` steps."""
    return max(1, math.ceil(1.15 * shortest))


def default_par_time(shortest: int) -> int:
    """Par time in whole seconds: animation time plus thinking time."""
    return max(5, math.ceil(0.3 * shortest + 5))


def maze_stars(moves: int, seconds: float, par_moves: int, par_time: float) -> int:
    """Stars of a maze run (1..3): one for the goal, one for moves <= ``par_moves``, one for ``seconds`` <=
    ``par_time`` (the time as :func:`format_time` shows it: a run shown at par is at par)."""
    at_time = _units(seconds, RECORD_DECIMALS) <= _units(par_time, RECORD_DECIMALS)
    return 1 + int(moves <= par_moves) + int(at_time)


def puzzle_stars(moves: int, optimal: int) -> int:
    """Stars of a puzzle daily: 3 matching the proven optimum, 2 within twice it, else 1."""
    if moves <= optimal:
        return 3
    return 2 if moves <= 2 * optimal else 1


# -- export --------------------------------------------------------------------------------------------------------
RECORD_COLUMNS = (
    "kind",
    "key",
    "solves",
    "best_time_s",
    "fewest_moves",
    "ao5_s",
    "ao12_s",
    "best_tiles_per_s",
    "last_finished",
)
#: The runs CSV's columns (:func:`runs_csv`); new columns go at the end, so a script that reads the older ones by
#: place still reads them.
RUN_COLUMNS = ("finished", "mode", "key", "code", "seconds", "moves", "par", "daily", "replay")


def best_kind(key: str) -> str:
    """What a ``best`` table key is: ``puzzle-size``, ``puzzle``, ``maze`` or ``other`` (races, ghosts)."""
    if key.startswith("puzzle-size:"):
        return "puzzle-size"
    if "/" in key or key.lower().startswith("vs-"):
        return "other"
    return {"P": "puzzle", "M": "maze", "L": "maze"}.get(key[:1].upper(), "other")


#: Digits after the point of every recorded time (the win, the map, Records, the CSV): hundredths.
RECORD_DECIMALS = 2


def _units(seconds: float, decimals: int) -> int:
    """``seconds`` (negative: 0) in units of 10^-``decimals`` s, truncated like a stopwatch (a clock never shows
    a time not yet reached; the 1e-9 keeps 12.89 from reading 12.88 through binary rounding)."""
    return int(max(0.0, seconds) * 10**decimals + 1e-9)


def format_time(seconds: float) -> str:
    """The one way the game writes a time: ``m:ss.cc`` (minutes, seconds, hundredths: ``1:03.29``).

    Every time a player reads is written by this function or :func:`running_time` (the win, the par, the
    resume line, the race's margin, the guide's banner, Records, the CSV's seconds, share lines).  Truncates
    like a stopwatch (:data:`RECORD_DECIMALS` digits); negative times show as 0; hours roll into minutes
    (``75:00.00``).
    """
    minutes, rest = divmod(_units(seconds, RECORD_DECIMALS), 60 * 10**RECORD_DECIMALS)
    whole, frac = divmod(rest, 10**RECORD_DECIMALS)
    return f"{minutes}:{whole:02d}.{frac:0{RECORD_DECIMALS}d}"


def running_time(seconds: float) -> str:
    """A clock while it runs: :func:`format_time` without its hundredths (``1:03`` for ``1:03.29``; one redraw
    a second, not a hundred).  A stopped clock shows :func:`format_time`."""
    return format_time(seconds)[: -(RECORD_DECIMALS + 1)]


def time_gap(seconds: float, reference: float) -> str:
    """How far ``seconds`` is past ``reference`` as the two :func:`format_time` readings differ (``0:00.80``
    for 12.80 against 12.00; 0 when not past)."""
    gap = _units(seconds, RECORD_DECIMALS) - _units(reference, RECORD_DECIMALS)
    return format_time(max(0, gap) / 10**RECORD_DECIMALS)


#: :func:`format_time` by the name older screens call it (a recorded time).
record_time = format_time


def seconds_text(seconds: float | None) -> str:
    """A recorded time in seconds for the CSV, cut like the screen's :func:`record_time`: ``12.89`` for the
    run shown as ``0:12.89`` (``""`` for None)."""
    if seconds is None:
        return ""
    whole, frac = divmod(_units(seconds, RECORD_DECIMALS), 10**RECORD_DECIMALS)
    return f"{whole}.{frac:0{RECORD_DECIMALS}d}"


def _num(value: float | None, digits: int = 2) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def records_csv(records: Sequence[SizeRecord], bests: Iterable[tuple[str, float | None, int | None, int]]) -> str:
    """The CSV text of the records: the puzzle sizes from the history, then every best the save keeps.

    Args:
        records: from :func:`puzzle_records`.
        bests: ``(key, best time s, best moves, wins)`` rows of the save's ``best`` table.
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(RECORD_COLUMNS)
    for r in records:
        w.writerow(
            (
                "puzzle-history",
                r.size,
                r.solves,
                seconds_text(r.best_time),
                r.fewest_moves,
                seconds_text(r.ao5),
                seconds_text(r.ao12),
                _num(r.best_tps),
                r.last,
            )
        )
    for key, t, m, wins in bests:
        w.writerow((best_kind(key), key, wins, seconds_text(t), "" if m is None else m, "", "", "", ""))
    return buf.getvalue()


def runs_csv(runs: Iterable[Run]) -> str:
    """The CSV text of the history, one finished game per row (oldest first), :data:`RUN_COLUMNS`: when it ended
    (UTC ISO 8601), its mode, key and code, its time (:func:`seconds_text`), moves, par (empty when not known), daily
    tag, and the replay code of a puzzle solve that kept one (:attr:`Run.replay`; empty otherwise)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(RUN_COLUMNS)
    for r in runs:
        w.writerow(
            (r.finished, r.mode, r.key, r.code, seconds_text(r.seconds), r.moves, "" if r.par is None else r.par,
             r.daily, r.replay)
        )
    return buf.getvalue()
