"""The game's side of records and dailies: what a win adds to the history, read back for the screens.

Every finished game that counts (a maze won, an unassisted puzzle win) is one :class:`engine.records.Run` in the
save (:meth:`game.store.Store.record_run`).  A store without a history (a test's fake) is read as empty and
written to not at all.  The rules (averages, streaks, marks, stars) are :mod:`engine.records`.
"""

from __future__ import annotations

import datetime as dt
import errno
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.records import MAZE, PUZZLE, RACE, Run, daily_tag, done_days, puzzle_stars, streaks

if TYPE_CHECKING:
    from engine.modes.daily import PuzzleDaily
    from engine.modes.play import PlaySession
    from engine.puzzle.session import PuzzleSession
    from engine.puzzle.speed import SpeedRun
    from game.save_schema import WinResult
    from game.store import SaveStore


def keep_run(store: SaveStore | Any, run: Run) -> None:  # any store; fakes may lack the history
    """Add ``run`` to the store's history (nothing when the store keeps none)."""
    record = getattr(store, "record_run", None)
    if record is not None:
        record(run)


def history(store: SaveStore | Any) -> list[Run]:  # any store; fakes may lack the history
    """The store's history, oldest first (empty when it keeps none)."""
    runs = getattr(store, "runs", None)
    return list(runs()) if runs is not None else []


def kept_bests(store: SaveStore | Any) -> list[tuple[str, float | None, int | None, int]]:
    """Every best the store keeps as ``(key, time, moves, wins)`` (empty when it cannot list them)."""
    bests = getattr(store, "bests", None)
    return list(bests()) if bests is not None else []


def todays_maze_daily(code: str, today: dt.date | None = None) -> dt.date | None:
    """``today`` (default: UTC today) when ``code`` is that day's maze daily, else None."""
    from engine.modes.daily import daily_code, utc_today

    day = today or utc_today()
    return day if code and code == daily_code(day) else None


def record_maze_win(store: SaveStore, code: str, session: PlaySession) -> WinResult | None:
    """Save a won maze: its bests under ``code`` and a run in the history (a daily when ``code`` is today's).

    Nothing is kept for a level without a code (returns None).
    """
    if not code:
        return None
    result = store.record_win(code, session.elapsed, session.moves)
    day = todays_maze_daily(code)
    keep_run(
        store,
        Run(MAZE, code, code, session.elapsed, session.moves, session.shortest, daily_tag("maze", day) if day else ""),
    )
    return result


def record_race_win(store: SaveStore, key: str, code: str, seconds: float, moves: int, shortest: int) -> None:
    """Add a race the player won to the history (Records lists race wins); nothing without a bests ``key``
    (a level made by hand, no code)."""
    if key:
        keep_run(store, Run(RACE, key, code, seconds, moves, shortest))


def record_puzzle_run(
    store: SaveStore, session: PuzzleSession, par: int | None, daily: PuzzleDaily | None = None
) -> None:
    """Add an unassisted puzzle win to the history (nothing for assisted games); ``par`` is the proven optimum
    of the dealt position when known, ``daily`` the challenge it was."""
    if not session.counts_for_bests:
        return
    tag = daily_tag(f"puzzle-{daily.size}x{daily.size}", daily.day) if daily is not None else ""
    if daily is not None:
        par = daily.optimal
    keep_run(store, Run(PUZZLE, session.size_label, session.code or "", session.elapsed, session.moves, par, tag,
                        replay=replay_code(session)))


def replay_code(session: PuzzleSession) -> str:
    """The replay code of a puzzle game's moves (``""`` for a game without a code)."""
    from engine.puzzle.speed import session_replay

    replay = session_replay(session)
    return "" if replay is None else replay.code()


def note_analysis(store: SaveStore | Any, replay: str, analysis: str) -> None:  # any store; fakes may lack it
    """Keep a solve's analysis summary with the run of its replay code (nothing when the store keeps no history)."""
    note = getattr(store, "note_analysis", None)
    if note is not None and replay:
        note(replay, analysis)


@dataclass(frozen=True)
class SpeedWinFacts:
    """What the win of a speed run shows (:func:`record_speed_run`).

    Attributes:
        title: the run in players' words (``Relay 3×3→5×5``).
        best: the mode's personal best for this setup before this run (seconds), None before the first.
        new_best: this run beat it (or is the first).
        counted: the run counts for bests (no hint or solver used).
        single_bests: ``(size, best single time)`` of each size played in the run, from the history (this run in).
    """

    title: str
    best: float | None
    new_best: bool
    counted: bool
    single_bests: tuple[tuple[str, float], ...] = ()


def record_speed_run(store: SaveStore | Any, run: SpeedRun) -> SpeedWinFacts:
    """Save a finished speed run (nothing when it was assisted): the whole run under its mode and setup's key, and
    for a relay or marathon each solve under ``<mode>-solve`` and its size, each with its replay code."""
    from engine.records import SOLVE_SUFFIX, speed_bests

    setup = run.setup
    before = speed_bests(history(store)).get((setup.mode, setup.key))
    if run.assisted or not run.done:
        return SpeedWinFacts(setup.label(), before.best if before else None, False, False)
    moves = sum(s.moves for s in run.solves)
    whole = run.solves[0].replay.code() if len(run.solves) == 1 else ""
    keep_run(store, Run(setup.mode, setup.key, run.codes[0], run.clock, moves, replay=whole))
    if len(run.solves) > 1:
        for solve in run.solves:
            keep_run(store, Run(setup.mode + SOLVE_SUFFIX, solve.size, run.codes[solve.index], solve.seconds,
                                solve.moves, replay=solve.replay.code()))
    after = speed_bests(history(store))
    sizes = dict.fromkeys(s.size for s in run.solves)
    singles = tuple((size, b.best) for size in sizes if (b := after.get((setup.mode + SOLVE_SUFFIX, size)))
                    is not None)
    new = before is None or run.clock < before.best
    return SpeedWinFacts(setup.label(), before.best if before else None, new, True, singles)


#: The puzzle dailies' kinds (their days make one streak).
PUZZLE_DAILIES = ("puzzle-3x3", "puzzle-4x4")


@dataclass(frozen=True)
class PuzzleWinFacts:
    """What a puzzle win shows (:func:`puzzle_win_facts`).

    Attributes:
        title: what was won (``"Sliding puzzle 4×4"``, ``"Daily 3×3 · 2026-11-28"``).
        moves, seconds: the game's.
        optimal: the proven fewest moves of the dealt position (a daily's par), None when not known.
        stars: 1..3 against ``optimal`` (:func:`engine.records.puzzle_stars`); 0 when ``optimal`` is unknown.
        daily: True for a puzzle daily.
        news: what the win beat (``"best 4x4 time"``...).
        best: ``(seconds, moves)`` of this board's best (the same position, dealt the same way: its code's; a
            board without a code: the size's time alone, moves 0), None before any.
        board: True when ``best`` is this board's own (False: the size's, a board without a code).
        new_best: the win beat this board's best (a second or later win of it; the first is no "new best").
        size_best: True when the win beat the best time of its size (a second or later win of the size).
        size: the board's size in players' words (``"4×4"``).
        streak: ``(current, longest)`` days of puzzle dailies (dailies only; ``(0, 0)`` otherwise).
    """

    title: str
    moves: int
    seconds: float
    optimal: int | None
    stars: int
    daily: bool
    news: tuple[str, ...] = ()
    best: tuple[float, int] | None = None
    streak: tuple[int, int] = (0, 0)
    board: bool = True
    new_best: bool = False
    size_best: bool = False
    size: str = ""


def puzzle_win_facts(store: SaveStore | Any, session: PuzzleSession, optimal: int | None,
                     daily: PuzzleDaily | None, news: list[str]) -> PuzzleWinFacts:
    """The facts of an unassisted puzzle win already recorded (:func:`record_puzzle_run`): stars against the
    optimum (the daily's par), the size's best, and for a daily the puzzle streak from the history."""
    from engine.modes.daily import utc_today

    b = session.board
    if daily is not None:
        optimal = daily.optimal
    stars = puzzle_stars(session.moves, optimal) if optimal is not None else 0
    keys = session.best_keys()
    board = len(keys) > 1  # the position's code first, the size's key last
    best = store.best(keys[0])
    kept = ((float(best.best_time), int(best.best_moves or 0) if board else 0)
            if best.best_time is not None else None)
    from engine.puzzle.deal import BOARD_NEWS

    per_board = [n for n in news if n in BOARD_NEWS]
    per_size = [n for n in news if n not in BOARD_NEWS]
    new_best = bool(per_board if board else per_size) and best.wins > 1
    size_best = bool(per_size) and store.best(keys[-1]).wins > 1
    streak = (0, 0)
    if daily is not None:
        streak = streaks(done_days(history(store), PUZZLE_DAILIES), max(utc_today(), daily.day))
    title = (f"Daily {b.width}×{b.height} · {daily.day.isoformat()}" if daily is not None
             else f"Sliding puzzle {b.width}×{b.height}")
    return PuzzleWinFacts(title, session.moves, session.elapsed, optimal, stars, daily is not None, tuple(news),
                          kept, streak, board, new_best, size_best, f"{b.width}×{b.height}")


def export_records(store: SaveStore | Any, folder: Path | None = None) -> Path:  # any store
    """Write the records CSV (as ``tessera records --csv`` does) to a new file in ``folder`` (default:
    ``<Documents>/Tessera``, :func:`engine.paths.exports_path`), never over an existing one nor onto one of the
    game's own files (:func:`engine.output.owned_file`, the rule of every output: the save, a pack, the puzzle
    tables); returns its path.

    Raises:
        OSError: the folder or the file cannot be written.
    """
    from engine.output import owned_file
    from engine.paths import exports_path
    from engine.records import puzzle_records, records_csv

    folder = folder if folder is not None else exports_path("documents")
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"tessera-records-{dt.datetime.now(dt.UTC).strftime('%Y-%m-%d')}"
    text = records_csv(puzzle_records(history(store)), kept_bests(store))
    for n in range(1, 1000):
        path = folder / (f"{stem}.csv" if n == 1 else f"{stem}-{n}.csv")
        what = owned_file(path)
        if what is not None:  # e.g. an exports folder that is a link into the game's puzzle tables
            raise PermissionError(errno.EPERM, f"{what}, so nothing was written", str(path))
        try:
            with path.open("x", encoding="utf-8", newline="") as f:
                f.write(text)
            return path
        except FileExistsError:
            continue
    raise OSError(f"too many exports in {folder} today")
