"""Benchmark every maze generator, as a user sees it and warm.

Two figures per cell, side by side:

* **user**: a fresh ``python -m engine.cli generate --format json`` process, its
  ``seconds`` field (building the grid, its per-grid tables and the maze: what a
  user waits for; interpreter start-up excluded), median of 3 (1 at a million cells);
* **warm**: the generator alone in one process on a grid whose per-grid tables are
  already built (a second maze on the same grid), median of 5 (1 at a million cells).

Sections: every generator x shape at about 10,000 cells (100x100 where the shape
allows); every generator x shape at its largest size near a million cells
(square/hex/triangle 1000x1000, polar 480x480, upsilon 700x700); the price of the
step form in the fast form (each core re-compiled with its ``if rec is not None:``
blocks stripped via ``ast``, square 100x100, median of 7, interleaved).

Writes ``bench/results/generators.md``.
Run: ``python bench/bench_generators.py [--quick] [--big-shapes square hex ...]``
(``--quick`` skips the million-cell section).
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.maze.generators import GENERATORS, division, eller, growing_tree, kruskal, prim, rows, walks  # noqa: E402
from engine.maze.grids import SHAPES, make_grid  # noqa: E402
from engine.rng import Rng  # noqa: E402

TARGET_CELLS = 10_000
CORES = {
    "growing-tree": (growing_tree, "growing_tree_core", (growing_tree.parse_rule(growing_tree.DEFAULT_RULE),)),
    "backtracker": (growing_tree, "backtracker_core", ()),
    "prim": (prim, "prim_core", ()),
    "prim-simple": (prim, "prim_simple_core", ()),
    "aldous-broder": (walks, "aldous_broder_core", ()),
    "wilson": (walks, "wilson_core", ()),
    "hunt-and-kill": (walks, "hunt_and_kill_core", ()),
    "kruskal": (kruskal, "kruskal_core", ()),
    "binary-tree": (rows, "binary_tree_core", ()),
    "sidewinder": (rows, "sidewinder_core", ()),
    "eller": (eller, "eller_core", ()),
    "division": (division, "division_core", ()),
}


def size_for(shape: str, target: int) -> tuple[int, int]:
    """Square-ish ``(s, s)`` whose cell count is closest to ``target``."""
    info = SHAPES[shape]
    lo, hi = info.min_size, info.max_size
    while lo < hi:
        mid = (lo + hi) // 2
        if make_grid(shape, mid, mid).n < target:
            lo = mid + 1
        else:
            hi = mid
    best = min((s for s in (lo - 1, lo) if s >= info.min_size),
               key=lambda s: abs(make_grid(shape, s, s).n - target))
    return best, best


BIG = {"square": 1000, "hex": 1000, "triangle": 1000, "polar": 480, "upsilon": 700}


def user_ms(shape: str, name: str, w: int, h: int, reps: int) -> float:
    """Median ``seconds`` (as ms) of ``reps`` fresh ``engine.cli generate --format json`` processes."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.json")
        for i in range(reps):
            subprocess.run([sys.executable, "-m", "engine.cli", "generate", "--shape", shape, "--algo", name,
                            "--size", f"{w}x{h}", "--seed", str(100 + i), "--format", "json", "-o", out],
                           cwd=ROOT, check=True)
            with open(out, encoding="utf-8") as f:
                times.append(json.load(f)["seconds"])
    return statistics.median(times) * 1000


def fmt_ms(ms: float) -> str:
    return f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"


def median_ms(fn, reps: int) -> float:
    ts = []
    for i in range(reps):
        t = time.perf_counter()
        fn(i)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts) * 1000


class _StripRec(ast.NodeTransformer):
    def visit_If(self, node: ast.If) -> ast.AST | list[ast.stmt] | None:
        self.generic_visit(node)
        t = node.test
        if (isinstance(t, ast.Compare) and isinstance(t.left, ast.Name) and t.left.id == "rec"
                and isinstance(t.ops[0], ast.IsNot)):
            return node.orelse or ast.Pass()
        return node


def stripped_core(module, fname: str):
    """The core function re-compiled without its recording blocks."""
    src = textwrap.dedent(inspect.getsource(getattr(module, fname)))
    tree = ast.fix_missing_locations(_StripRec().visit(ast.parse(src)))
    ns = dict(vars(module))
    exec(compile(tree, f"<stripped {fname}>", "exec"), ns)
    return ns[fname]


def main() -> None:
    ap = argparse.ArgumentParser(description="generator benchmark (user-visible and warm)")
    ap.add_argument("--quick", action="store_true", help="skip the million-cell section")
    ap.add_argument("--big-shapes", nargs="*", default=list(BIG), help="shapes for the million-cell section")
    ap.add_argument("--only", nargs="*", help="limit to these generators")
    ap.add_argument("--small-shapes", nargs="*", default=list(SHAPES), help="shapes for the ~10,000-cell section")
    ap.add_argument("--out", default="generators.md", help="file name under bench/results/")
    args = ap.parse_args()
    gens = {k: v for k, v in GENERATORS.items() if not args.only or k in args.only}
    lines = [
        "# Generator benchmark",
        "",
        f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}; times in ms, medians. "
        "Each cell is **user / warm**: user = a fresh `python -m engine.cli generate --format json` process, its "
        "`seconds` field (grid, per-grid tables and maze built: what a user waits for); warm = the generator "
        "alone on a grid whose tables are already built (a second maze on the same grid).",
        f"Load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
        "(the machine is shared: compare cells of one run, not runs).",
        "",
    ]
    sizes = {shape: size_for(shape, TARGET_CELLS) for shape in SHAPES if shape in args.small_shapes}
    grids = {shape: make_grid(shape, *wh) for shape, wh in sizes.items()}
    head = " | ".join(f"{s} {w}x{h} ({grids[s].n})" for s, (w, h) in sizes.items())
    if sizes:
        lines += [f"## ~{TARGET_CELLS:,} cells: user (median of 3) / warm (median of 5)", "",
                  f"| generator | {head} |", "|---|" + "---:|" * len(sizes)]
    for name, info in gens.items() if sizes else ():
        cells = []
        for shape in sizes:
            if shape not in info.shapes:
                cells.append("n/a")
                continue
            g = grids[shape]
            info.run(g, Rng(999), {})  # warm the grid's tables
            warm = median_ms(lambda i, g=g, info=info: info.run(g, Rng(i), {}), 5)
            user = user_ms(shape, name, *sizes[shape], 3)
            cells.append(f"{fmt_ms(user)} / {fmt_ms(warm)}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)

    if not args.quick and args.big_shapes:
        shapes = [s for s in SHAPES if s in args.big_shapes]
        head = " | ".join(f"{s} {BIG[s]}x{BIG[s]}" for s in shapes)
        lines += ["", "## About a million cells: user / warm, one run each", "",
                  f"| generator | {head} |", "|---|" + "---:|" * len(shapes)]
        for name, info in gens.items():
            cells = []
            for shape in shapes:
                if shape not in info.shapes:
                    cells.append("n/a")
                    continue
                user = user_ms(shape, name, BIG[shape], BIG[shape], 1)
                big = make_grid(shape, BIG[shape], BIG[shape])
                info.run(big, Rng(999), {})  # warm the grid's tables
                warm = median_ms(lambda i, big=big, info=info: info.run(big, Rng(i), {}), 1)
                del big
                cells.append(f"{fmt_ms(user)} / {fmt_ms(warm)}")
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
            print(lines[-1], flush=True)

    lines += ["", "## Step-form price: fast form vs. the same core with recording stripped, square 100x100, "
              "median of 7", "", "| generator | fast form | stripped | ratio |", "|---|---:|---:|---:|"]
    g = make_grid("square", 100, 100)
    for name, (module, fname, extra) in CORES.items():
        if name not in gens:
            continue
        real = getattr(module, fname)
        bare = stripped_core(module, fname)
        tr: list[float] = []
        tb: list[float] = []
        for i in range(7):
            for fn, acc in ((real, tr), (bare, tb)):
                t = time.perf_counter()
                fn(g, Rng(i), *extra, None)
                acc.append(time.perf_counter() - t)
        a, b = statistics.median(tr) * 1000, statistics.median(tb) * 1000
        lines.append(f"| {name} | {a:.1f} | {b:.1f} | {a / b:.2f} |")
        print(lines[-1], flush=True)

    lines += ["", f"Load average at end: {os.getloadavg()[0]:.1f}."]
    text = "\n".join(lines) + "\n"
    out = ROOT / "bench" / "results" / args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print()
    print(text)


if __name__ == "__main__":
    main()
