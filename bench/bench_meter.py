"""The distance meter and the 4x4 puzzle daily: the wait per move, old and new side by side; time per day's proof.

* meter: random 4x4 positions (uniform shuffles), then random player moves (no immediate undo); for each move
  the wait for its reading, in CPU seconds of the search: old = the search bounded by the previous position
  (:func:`engine.puzzle.meter.measure` of the query the meter writes) run after the move; new = the same meter
  with :meth:`engine.puzzle.meter.DistanceMeter.ahead` measuring the neighbours while the player looks at each
  reading for ``--pace`` seconds (simulated timeline, see :func:`meter_times`); ``--full`` adds a full proof of
  every position.  Median / p90 / worst; both meters' readings are checked equal.
* daily: ``puzzle_daily(day, 4)`` (choosing the position and proving its optimum) for consecutive days from
  2026-11-26, median / worst seconds and the optimal lengths.

``--old DIR`` (a checkout of an older commit, e.g. ``git worktree add --detach DIR main``) measures that code's
look-ahead meter on the same walks in the same run, board by board in turn with this one (each in a child
process running this file with ``--code``), and checks both give the same readings.

Tables are built (or loaded) first and not timed.  Run: ``python bench/bench_meter.py [--boards 12] [--moves 15]
[--pace 0.5] [--full] [--days 30] [--old DIR] [--out FILE]`` (12 x 15 = the 180-move walk); writes
``bench/results/meter.md`` (or FILE).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[1]
CODE = ROOT
if "--code" in sys.argv:  # a child measuring another checkout: its engine first on the path
    CODE = Path(sys.argv[sys.argv.index("--code") + 1]).resolve()
sys.path.insert(0, str(CODE))

if TYPE_CHECKING:
    from engine.puzzle.meter import MeterAnswer, MeterQuery


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def cpu() -> float:
    return time.thread_time()


def timed(query: MeterQuery, budget: float | None = None) -> tuple[MeterAnswer | None, float]:
    """``measure(query)`` and its CPU seconds; with ``budget``, stopped (None) once it has used that many."""
    from engine.puzzle.meter import measure
    from engine.puzzle.result import SolverStopped

    t0 = cpu()
    try:
        answer = measure(query, cancel=None if budget is None else (lambda: cpu() - t0 > budget))
    except SolverStopped:
        return None, cpu() - t0
    return answer, cpu() - t0


def meter_times(
    boards: int | range, moves: int, pace: float, full: bool, ahead_only: bool = False
) -> tuple[list[float], list[float], list[float], list[int]]:
    """Per move: the old meter's wait (a bounded search after the move), the new one's (with the look-ahead,
    a player moving ``pace`` seconds after each reading), and a full proof's (only with ``full``), CPU seconds;
    and the readings.  ``boards``: how many (from 0) or which; ``ahead_only``: the old meter is not run.

    The new meter's timeline is simulated: its one background search runs while the player thinks; a search
    still out when the player moves on is cancelled unless it measures the new position (then the player waits
    for the rest of it).  Both meters' readings are checked equal.
    """
    from engine.puzzle.board import INVERSE, legal_moves_at
    from engine.puzzle.codes import shuffle_code
    from engine.puzzle.meter import DistanceMeter
    from engine.puzzle.optimal import solve_optimal
    from engine.rng import Rng

    old_s: list[float] = []
    new_s: list[float] = []
    full_s: list[float] = []
    readings: list[int] = []
    for i in range(boards) if isinstance(boards, int) else boards:
        board = shuffle_code(4, 4, 9000 + i).board
        old, new = DistanceMeter(), DistanceMeter()
        first, _ = timed(new.query(board))  # the dealt position: a full proof (not counted per move)
        assert first is not None
        old.learn(first)
        new.learn(first)
        rng, path, last = Rng(i), "", ""
        for _ in range(moves):
            # the new meter looks ahead while the player thinks for `pace` seconds
            left, pending = pace, None
            while left > 0 and (q := new.ahead(board)) is not None:
                answer, used = timed(q, left)
                if answer is None:
                    pending = (q, used)
                    break
                new.learn(answer)
                left -= used
            legal = [m for m in legal_moves_at(board.blank, 4, 4) if m != INVERSE.get(last)]
            last = legal[rng.below(len(legal))]
            board, path = board.move(last), path + last
            # old: a bounded search now
            wait = 0.0
            if not ahead_only and old.reading(board) is None:
                answer, wait = timed(old.query(board, path))
                assert answer is not None
                old.learn(answer)
            if not ahead_only:
                old_s.append(wait)
            # new: the rest of the look-ahead on this position, or a search now, or nothing
            wait = 0.0
            if new.reading(board) is None:
                if pending is not None and pending[0].board == board:
                    answer, used = timed(pending[0])
                    wait = max(0.0, used - pending[1])
                else:
                    answer, wait = timed(new.query(board, path))
                assert answer is not None
                new.learn(answer)
            new_s.append(wait)
            if wait > 0.3:
                print(f"  slow: board {i} move {len(path)} d={new.reading(board)} wait {wait:.2f} s "
                      f"({'pending' if pending is not None and pending[0].board == board else 'fresh'})",
                      file=sys.stderr, flush=True)
            got = new.reading(board)
            assert got is not None and (ahead_only or got == old.reading(board)), (i, path)
            readings.append(got)
            if full:
                t0 = cpu()
                proof = solve_optimal(board).length
                full_s.append(cpu() - t0)
                assert proof == got, (i, path)
        print(f"board {i} ({CODE.name}): median so far new {statistics.median(new_s) * 1000:.0f} ms",
              file=sys.stderr, flush=True)
    return old_s, new_s, full_s, readings


def other_times(old: Path, board: int, moves: int, pace: float) -> tuple[list[float], list[int]]:
    """The look-ahead meter's waits and readings of the checkout ``old`` on walk ``board`` (a child process)."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--code", str(old), "--board", str(board),
           "--moves", str(moves), "--pace", str(pace)]
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True, cwd=old).stdout
    data = json.loads(out.strip().splitlines()[-1])
    return data["waits"], data["readings"]


def daily_times(days: int) -> list[tuple[str, int, int, float]]:
    """Each day's choose-and-prove time; the optimum is checked against an unbounded proof (not timed)."""
    from engine.modes.daily import puzzle_daily
    from engine.puzzle.codes import decode
    from engine.puzzle.optimal import solve_optimal

    out = []
    for k in range(days):
        day = dt.date(2026, 11, 26) + dt.timedelta(days=k)
        t0 = time.perf_counter()
        p = puzzle_daily(day, 4)
        out.append((day.isoformat(), p.optimal, p.candidate, time.perf_counter() - t0))
        assert solve_optimal(decode(p.code).board).length == p.optimal, day
        print(f"{day}: {p.optimal} moves, candidate {p.candidate}, {out[-1][3]:.2f} s", file=sys.stderr, flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=12)
    ap.add_argument("--moves", type=int, default=15)
    ap.add_argument("--pace", type=float, default=0.5, help="seconds the player looks at each reading")
    ap.add_argument("--full", action="store_true", help="also a full proof of every position")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--old", type=Path, help="a checkout of older code: its look-ahead meter side by side")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "meter.md")
    ap.add_argument("--code", type=Path, help=argparse.SUPPRESS)  # child: this checkout's engine
    ap.add_argument("--board", type=int, help=argparse.SUPPRESS)  # child: one walk, JSON out
    args = ap.parse_args()
    from engine.puzzle.optimal import prepare

    t0 = time.perf_counter()
    prepare(4, 4)
    tables = time.perf_counter() - t0
    if args.board is not None:
        _, waits, _, got = meter_times(range(args.board, args.board + 1), args.moves, args.pace, False, True)
        print(json.dumps({"waits": waits, "readings": got}))
        return
    load0 = os.getloadavg()[0]
    loads = [load0]
    base_s: list[float] = []
    if args.old is None:
        old_s, new_s, full_s, _ = meter_times(args.boards, args.moves, args.pace, args.full)
    else:
        old_s, new_s, full_s = [], [], []
        for i in range(args.boards):
            waits, got_old = other_times(args.old, i, args.moves, args.pace)
            base_s += waits
            loads.append(os.getloadavg()[0])
            _, mine, _, got = meter_times(range(i, i + 1), args.moves, args.pace, False, True)
            assert got == got_old, f"walk {i}: the two checkouts read different distances"
            new_s += mine
            loads.append(os.getloadavg()[0])
    load1 = os.getloadavg()[0]
    days = daily_times(args.days) if args.days else []

    def row(label: str, xs: list[float]) -> str:
        ms = [x * 1000 for x in xs]
        return f"| {label} | {statistics.median(ms):.0f} | {quantile(ms, 0.9):.0f} | {max(ms):.0f} |"

    lines = [
        "# Distance meter and 4x4 puzzle daily",
        "",
        f"4x4 tables ready in {tables:.1f} s (built or loaded; not counted below).",
        "",
        f"## Meter: {len(new_s)} moves ({args.boards} uniform 4x4 deals x {args.moves} random moves), "
        f"load {load0:.1f} -> {load1:.1f} (1-min load average, {min(loads):.1f}..{max(loads):.1f})",
        "",
        "The wait after each move for its reading, in CPU seconds of the search (the machine is shared); the "
        f"player looks at each reading for {args.pace:g} s before the next move.",
        "",
        "| per move | median ms | p90 ms | worst ms |",
        "|---|---|---|---|",
    ]
    if old_s:
        lines.append(row("old: a search bounded by the previous position, after the move", old_s))
    if base_s:
        lines.append(row(f"`{args.old}`: its look-ahead meter, the player looking {args.pace:g} s", base_s))
    lines.append(row(f"this checkout: the look-ahead meter, the player looking {args.pace:g} s", new_s))
    if base_s:

        def ratio(f: Callable[[list[float]], float]) -> str:
            return f"{f(new_s) / f(base_s):.2f}x" if f(base_s) > 0 else "- (old 0)"

        lines += ["", f"Readings identical on every move; this / old: p90 {ratio(lambda xs: quantile(xs, 0.9))}, "
                  f"worst {ratio(max)}."]
    if full_s:
        lines.append(row("a full proof of the same position", full_s))
    lines.append("")
    if days:
        secs = [d[3] for d in days]
        lines += [
            f"## 4x4 puzzle daily: {len(days)} days from 2026-11-26 (choose + prove)",
            "",
            f"median {statistics.median(secs):.2f} s, worst {max(secs):.2f} s; optimal lengths "
            f"{min(d[1] for d in days)}..{max(d[1] for d in days)}; seeds passed over per day: median "
            f"{statistics.median(d[2] for d in days):g}, most {max(d[2] for d in days)}.",
            "",
        ]
    text = "\n".join(lines)
    print(text)
    args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
