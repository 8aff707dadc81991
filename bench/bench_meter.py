"""The distance meter and the 4x4 puzzle daily: time per move, time per day's proof.

* meter: random 4x4 positions (uniform shuffles), then random player moves (no immediate undo); for each move
  the time the meter takes (:func:`engine.puzzle.meter.measure` of the query the meter writes, bounded by the
  previous position) and, side by side, a full proof of the same position (``solve_optimal``), median / p90 /
  worst and the ratio;
* daily: ``puzzle_daily(day, 4)`` (choosing the position and proving its optimum) for consecutive days from
  2026-11-26, median / worst seconds and the optimal lengths.

Tables are built (or loaded) first and not timed.  Run: ``python bench/bench_meter.py [--boards 12] [--moves 15]
[--days 30]``; writes ``bench/results/meter.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def meter_times(boards: int, moves: int) -> tuple[list[float], list[float]]:
    from engine.puzzle.board import INVERSE, legal_moves_at
    from engine.puzzle.codes import shuffle_code
    from engine.puzzle.meter import DistanceMeter, measure
    from engine.puzzle.optimal import solve_optimal
    from engine.rng import Rng

    meter_s, full_s = [], []
    for i in range(boards):
        board = shuffle_code(4, 4, 9000 + i).board
        meter = DistanceMeter()
        meter.learn(measure(meter.query(board)))  # the dealt position: a full proof (not counted per move)
        rng, path, last = Rng(i), "", ""
        for _ in range(moves):
            legal = [m for m in legal_moves_at(board.blank, 4, 4) if m != INVERSE.get(last)]
            last = legal[rng.below(len(legal))]
            board, path = board.move(last), path + last
            t0 = time.perf_counter()
            if meter.reading(board) is None:
                meter.learn(measure(meter.query(board, path)))
            meter_s.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            full = solve_optimal(board).length
            full_s.append(time.perf_counter() - t0)
            assert full == meter.reading(board), (i, path)
        print(f"board {i}: median so far {statistics.median(meter_s) * 1000:.0f} ms", file=sys.stderr, flush=True)
    return meter_s, full_s


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
    ap.add_argument("--days", type=int, default=30)
    args = ap.parse_args()
    from engine.puzzle.optimal import prepare

    t0 = time.perf_counter()
    prepare(4, 4)
    tables = time.perf_counter() - t0
    meter_s, full_s = meter_times(args.boards, args.moves)
    days = daily_times(args.days)
    ms = [t * 1000 for t in meter_s]
    fs = [t * 1000 for t in full_s]
    secs = [d[3] for d in days]
    lines = [
        "# Distance meter and 4x4 puzzle daily",
        "",
        f"4x4 tables ready in {tables:.1f} s (built or loaded; not counted below).",
        "",
        f"## Meter: {len(ms)} moves ({args.boards} uniform 4x4 deals x {args.moves} random moves)",
        "",
        "| per move | median ms | p90 ms | worst ms |",
        "|---|---|---|---|",
        f"| meter (bounded by the previous position) | {statistics.median(ms):.0f} | {quantile(ms, 0.9):.0f} | "
        f"{max(ms):.0f} |",
        f"| full proof of the same position | {statistics.median(fs):.0f} | {quantile(fs, 0.9):.0f} | {max(fs):.0f} |",
        "",
        f"Median ratio full / meter: {statistics.median(fs) / max(statistics.median(ms), 1e-9):.1f}x.",
        "",
        f"## 4x4 puzzle daily: {len(days)} days from 2026-11-26 (choose + prove)",
        "",
        f"median {statistics.median(secs):.2f} s, worst {max(secs):.2f} s; optimal lengths "
        f"{min(d[1] for d in days)}..{max(d[1] for d in days)}; seeds passed over per day: median "
        f"{statistics.median(d[2] for d in days):g}, most {max(d[2] for d in days)}.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    out = ROOT / "bench" / "results" / "meter.md"
    out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
