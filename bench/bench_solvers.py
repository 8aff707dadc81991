"""Benchmark the maze solvers: shortest path (BFS) and every other solver.

Times ``engine.maze.solvers.solve`` on square backtracker mazes of 100x100 (median
of 15) and 1000x1000 (median of 3), with the maze's open-passage lists built
inside the timing (cold: what a caller pays the first time) and outside it
(warm).  Also times ``distances`` and ``analysis.maze_stats``.  Writes
``bench/results/solvers.md``.

Run: ``python bench/bench_solvers.py [--quick]`` (``--quick`` skips 1000x1000).
"""

from __future__ import annotations

import os
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.maze.analysis import maze_stats  # noqa: E402
from engine.maze.model import Maze  # noqa: E402
from engine.maze.recipe import MazeSpec  # noqa: E402
from engine.maze.solvers import SOLVERS, distances, solve  # noqa: E402


def timed(fn, maze: Maze, repeats: int, cold: bool) -> float:
    times = []
    for _ in range(repeats):
        if cold:
            maze.invalidate()
        t0 = time.perf_counter()
        fn(maze)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def fmt(sec: float) -> str:
    return f"{sec * 1000:.1f} ms" if sec < 1 else f"{sec:.2f} s"


def main() -> None:
    quick = "--quick" in sys.argv
    sizes = [(100, 15)] + ([] if quick else [(1000, 3)])
    rows = []
    for size, reps in sizes:
        maze = MazeSpec.create("square", size, size, "backtracker", seed=7).build()
        for name in SOLVERS:
            cold = timed(lambda m, n=name: solve(m, n), maze, reps, cold=True)
            warm = timed(lambda m, n=name: solve(m, n), maze, reps, cold=False)
            rows.append((f"{size}x{size}", name, fmt(cold), fmt(warm)))
            print(" | ".join(rows[-1]), flush=True)
        rows.append((f"{size}x{size}", "distances (BFS field)", fmt(timed(lambda m: distances(m, m.start), maze, reps,
                                                                           True)), "-"))
        rows.append((f"{size}x{size}", "maze_stats", fmt(timed(maze_stats, maze, max(1, reps // 3), True)), "-"))
    load = os.getloadavg()[0]
    lines = ["# Solver benchmark", "",
             f"Square backtracker mazes; medians; load average at end {load:.1f} on {os.cpu_count()} cores.",
             "cold = open-passage lists rebuilt inside the timing; warm = already built.", "",
             "| size | solver | cold | warm |", "|---|---|---:|---:|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    text = "\n".join(lines) + "\n"
    (ROOT / "bench" / "results").mkdir(exist_ok=True)
    (ROOT / "bench" / "results" / "solvers.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
