"""Puzzle mazes: how fast the generator reaches its difficulty, and how fast the exact solver is.

``generation`` runs ``python -m engine.cli generate --rules R --difficulty medium --format json`` as a fresh
process per grid (about 100 cells: square 10x10, hexagon 10x10, triangle 14x7, circle 8x5, octagon 7x7;
backtracker), rule family (each alone and all four) and seed, and reports the whole-process wall time (median,
95th percentile), the optimal length, the detour over the plain shortest walk and how many reached a unique
solution of at least 30 moves.  ``sizes`` reports the lengths and detours reached at 6x6, 10x10 and 16x16 (the
grids' nearest sizes).  ``solver`` times :func:`engine.maze.rules.solver.solve` (forward search, and with the
backward analysis) per 10,000 reachable states and its peak memory per state (tracemalloc).

Usage: ``python bench/bench_rules.py generation|sizes|solver [--seeds N] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GRIDS = [("square", "10x10"), ("hex", "10x10"), ("triangle", "14x7"), ("polar", "8x5"), ("upsilon", "7x7")]
FAMILIES = ["oneway", "keys", "pursuer", "switches", "all"]
SIZES = {"square": ["6x6", "10x10", "16x16"], "hex": ["6x6", "10x10", "16x16"], "triangle": ["8x4", "14x7", "22x11"],
         "polar": ["6x4", "8x5", "10x8"], "upsilon": ["5x5", "7x7", "11x11"]}


def generate(shape: str, size: str, rules: str, seed: int, difficulty: str = "medium") -> dict[str, object]:
    """One fresh ``generate`` process: its wall time (s) and the puzzle facts of its JSON."""
    argv = [sys.executable, "-m", "engine.cli", "generate", "--shape", shape, "--size", size, "--algo", "backtracker",
            "--seed", str(seed), "--rules", rules, "--difficulty", difficulty, "--format", "json"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    wall = time.perf_counter() - t0
    facts = json.loads(done.stdout)["puzzle"]
    return {"wall": wall, **facts}


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered) + 0.5)) - 1))]


def generation(seeds: int) -> str:
    """The generation table (Markdown)."""
    lines = ["| grid | rules | median s | p95 s | length min / median | detour min / median | unique ≥ 30 |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for shape, size in GRIDS:
        for rules in FAMILIES:
            rows = [generate(shape, size, rules, seed) for seed in range(seeds)]
            walls = [float(r["wall"]) for r in rows]  # type: ignore[arg-type]
            lengths = [int(r["length"] or 0) for r in rows]  # type: ignore[call-overload]
            detours = [int(r["detour"]) for r in rows]  # type: ignore[call-overload]
            good = sum(1 for r in rows if r["unique"] and int(r["length"] or 0) >= 30)  # type: ignore[call-overload]
            lines.append(f"| {shape} {size} | {rules} | {statistics.median(walls):.2f} | {pct(walls, 0.95):.2f} | "
                         f"{min(lengths)} / {statistics.median(lengths):g} | {min(detours)} / "
                         f"{statistics.median(detours):g} | {good}/{seeds} |")
            print(lines[-1], flush=True)
    return "\n".join(lines)


def sizes(seeds: int) -> str:
    """Lengths and detours reached per grid size (medium, all four rules), Markdown."""
    lines = ["| grid | size | cells | target | length median (min-max) | detour median | reached | median s |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    from engine.maze.grids import cell_count
    from engine.values import parse_size

    for shape, options in SIZES.items():
        for size in options:
            rows = [generate(shape, size, "all", seed) for seed in range(seeds)]
            lengths = [int(r["length"] or 0) for r in rows]  # type: ignore[call-overload]
            w, h = parse_size(size)
            lines.append(f"| {shape} | {size} | {cell_count(shape, w, h)} | {rows[0]['target']} | "
                         f"{statistics.median(lengths):g} ({min(lengths)}-{max(lengths)}) | "
                         f"{statistics.median(int(r['detour']) for r in rows):g} | "  # type: ignore[call-overload]
                         f"{sum(1 for r in rows if r['reached'])}/{seeds} | "
                         f"{statistics.median(float(r['wall']) for r in rows):.2f} |")  # type: ignore[arg-type]
            print(lines[-1], flush=True)
    return "\n".join(lines)


def solver(_: int) -> str:
    """Milliseconds per 10,000 reachable states and bytes per state, on puzzles of growing state counts."""
    from engine.maze.recipe import MazeSpec
    from engine.maze.rules import PuzzleRecipe
    from engine.maze.rules.solver import solve

    lines = ["| puzzle | states | forward ms | ms / 10k states | with analysis ms | peak bytes / state |",
             "|---|---:|---:|---:|---:|---:|"]
    cases = [("square", 10, 10, "keys"), ("square", 10, 10, "pursuer"), ("hex", 16, 16, "pursuer"),
             ("square", 20, 20, "pursuer"), ("square", 30, 30, "pursuer,keys"), ("square", 40, 40, "pursuer")]
    for shape, w, h, rules in cases:
        spec = MazeSpec.create(shape, w, h, "backtracker", seed=3, braid=0.5)
        maze = spec.build()
        from engine.maze.rules.placer import _Search
        from engine.rng import Rng

        search = _Search(maze, PuzzleRecipe.parse(rules, "medium"), Rng(7))
        m, r = search.build(search.fresh())
        solve(m, r)  # warm the imports
        best = min(_timed(lambda m=m, r=r: solve(m, r)) for _ in range(5))
        sol = solve(m, r)
        full = min(_timed(lambda m=m, r=r: solve(m, r, analyse=True)) for _ in range(3))
        tracemalloc.start()
        solve(m, r)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        lines.append(f"| {shape} {w}x{h} {rules} | {sol.states:,} | {best * 1000:.1f} | "
                     f"{best * 1000 * 10_000 / max(sol.states, 1):.1f} | {full * 1000:.1f} | "
                     f"{peak / max(sol.states, 1):.0f} |")
        print(lines[-1], flush=True)
    return "\n".join(lines)


def _timed(fn: object) -> float:
    t0 = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["generation", "sizes", "solver"])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--grid", help="only this grid (square, hex, triangle, polar, upsilon)")
    parser.add_argument("--out", help="also write the table to this Markdown file")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    if args.grid:
        GRIDS[:] = [g for g in GRIDS if g[0] == args.grid]
        for name in [k for k in SIZES if k != args.grid]:
            del SIZES[name]
    table = {"generation": generation, "sizes": sizes, "solver": solver}[args.what](args.seeds)
    text = f"{table}\n\n(load {load:.1f} before, {os.getloadavg()[0]:.1f} after; {args.seeds} seeds)\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
