"""Where a solve lost moves (:func:`engine.puzzle.analysis.analyse`): seconds to the first loss and to the whole
analysis of 4x4 solves of about 150 moves.

The solves, 150 moves each, stand in for a person's: a uniform 4x4 shuffle (seeded), 20 random moves (no undo), then
the fast layered A* (:func:`engine.puzzle.astar.solve_fast`, no boost: row by row, as people solve) from there, with
detours (a slide and its way back) slipped in at random moves until the solve has 150 moves. Each is analysed twice
in one process: *warm*, the start's optimum already known (the win screen passes what the game's meter or the daily
proved), and *cold*, nothing known (the start's proof included). Timed from the call: the first ``update`` that
holds a loss (what the win screen can show first) and the return; wall seconds and CPU seconds of the thread. Every
analysis is checked: its losses sum to the moves minus the optimum.

Tables are loaded first and not timed. Run: ``python bench/bench_analysis.py [--boards 6] [--out FILE]``; writes
``bench/results/analysis.md`` (or FILE).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


LENGTH = 150


def solves(count: int) -> list[tuple[int, object, str, int]]:
    """``count`` (seed, start, moves, optimum) solves of :data:`LENGTH` moves (module docstring)."""
    from engine.puzzle.astar import solve_fast
    from engine.puzzle.board import INVERSE, random_walk, shuffle_uniform
    from engine.puzzle.optimal import solve_optimal
    from engine.rng import Rng

    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = Rng(seed)
        start = shuffle_uniform(4, 4, rng)
        wander = random_walk(start, 20, rng)
        moves = wander + solve_fast(start.apply(wander), boost=False, timeout=30).moves
        if len(moves) > LENGTH:
            continue
        while len(moves) < LENGTH:
            at = rng.below(len(moves) - 1)  # a detour before a move that is not the last (never past solved)
            b = start.apply(moves[:at])
            x = b.legal_moves()[rng.below(len(b.legal_moves()))]
            moves = moves[:at] + x + INVERSE[x] + moves[at:]
        assert start.apply(moves).is_solved()
        out.append((seed, start, moves, solve_optimal(start).length))
    return out


def timed(start: object, moves: str, known: dict[tuple[int, ...], int]) -> tuple[float, float, float, float, int]:
    """(wall and CPU seconds to the first loss, wall and CPU seconds of the whole, moves lost) of one analysis."""
    from engine.puzzle.analysis import SolveAnalysis, analyse

    first: list[float] = []
    first_cpu: list[float] = []
    t0, c0 = time.perf_counter(), time.thread_time()

    def update(a: SolveAnalysis) -> None:
        if not first and a.losses():
            first.append(time.perf_counter() - t0)
            first_cpu.append(time.thread_time() - c0)

    a = analyse(start, moves, known=known, update=update)  # type: ignore[arg-type]
    wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
    return (first[0] if first else wall), (first_cpu[0] if first_cpu else cpu), wall, cpu, a.lost


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=6)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "analysis.md"))
    args = ap.parse_args(argv)
    from engine.puzzle.optimal import prepare

    prepare(4, 4)
    rows = []
    sums: dict[str, list[list[float]]] = {"warm": [[], [], [], []], "cold": [[], [], [], []]}
    for seed, start, moves, best in solves(args.boards):
        line = [f"| {seed} | {len(moves)} | {best} |"]
        for name, known in (("warm", {start.tiles: best}), ("cold", {})):  # type: ignore[attr-defined]
            first, first_cpu, wall, cpu, lost = timed(start, moves, known)
            assert lost == len(moves) - best, (seed, name, lost)
            for k, v in enumerate((first, first_cpu, wall, cpu)):
                sums[name][k].append(v)
            line.append(f" {first:.2f} / {first_cpu:.2f} | {wall:.2f} / {cpu:.2f} |")
        rows.append("".join(line))
        print(rows[-1], file=sys.stderr)
    head = ["| seed | moves | optimal | warm: first loss, wall / CPU s | warm: whole, wall / CPU s "
            "| cold: first loss, wall / CPU s | cold: whole, wall / CPU s |", "|---|---|---|---|---|---|---|"]
    tail = []
    for name in ("warm", "cold"):
        f, fc, w, c = sums[name]
        tail.append(f"{name}: first loss CPU median {statistics.median(fc):.2f} s, worst {max(fc):.2f} s (wall "
                    f"{statistics.median(f):.2f} / {max(f):.2f} s); whole CPU median {statistics.median(c):.2f} s, "
                    f"worst {max(c):.2f} s (wall {statistics.median(w):.2f} / {max(w):.2f} s)")
    text = "\n".join(["# Analysis of 4x4 solves (bench/bench_analysis.py)", "", *head, *rows, "", *tail, ""])
    Path(args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
