"""Benchmark every maze generator.

* every generator x supported shape at about 10,000 cells (median of 5 runs);
* square 1000 x 1000 (median of 3 runs, 1 for the slow ones);
* the price of the step form in the fast form: each core is re-compiled with
  its ``if rec is not None:`` blocks stripped (via ``ast``) and timed against the
  real fast form on square 100 x 100 (median of 7, interleaved).

Prints a markdown table and writes it to ``bench/results/generators.md``.
Run: ``python bench/bench_generators.py [--quick]`` (``--quick`` skips 1000 x 1000).
"""

from __future__ import annotations

import ast
import inspect
import os
import pathlib
import platform
import statistics
import sys
import textwrap
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.generators import GENERATORS, division, eller, growing_tree, kruskal, prim, rows, walks  # noqa: E402
from engine.grids import SHAPES, make_grid  # noqa: E402
from engine.rng import Rng  # noqa: E402

TARGET_CELLS = 10_000
SLOW_AT_MILLION = {"aldous-broder", "growing-tree", "hunt-and-kill", "prim", "kruskal", "prim-simple", "wilson"}
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


def median_ms(fn, reps: int) -> float:
    ts = []
    for i in range(reps):
        t = time.perf_counter()
        fn(i)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts) * 1000


class _StripRec(ast.NodeTransformer):
    def visit_If(self, node: ast.If) -> ast.AST | None:
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
    quick = "--quick" in sys.argv
    lines = [
        "# Generator benchmark",
        "",
        f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}; "
        "times in ms, medians; grid construction and `Grid.lists()` excluded (cached).",
        f"Load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
        "(the machine is shared: compare rows of one run, not runs).",
        "",
    ]
    sizes = {shape: size_for(shape, TARGET_CELLS) for shape in SHAPES}
    grids = {shape: make_grid(shape, *wh) for shape, wh in sizes.items()}
    for g in grids.values():
        g.lists()
    head = " | ".join(f"{s} {w}x{h} ({grids[s].n})" for s, (w, h) in sizes.items())
    lines += [f"## ~{TARGET_CELLS:,} cells, median of 5", "", f"| generator | {head} |",
              "|---|" + "---:|" * len(sizes)]
    for name, info in GENERATORS.items():
        cells = []
        for shape in SHAPES:
            if shape not in info.shapes:
                cells.append("n/a")
                continue
            g = grids[shape]
            info.run(g, Rng(999), {})  # warm caches (row structure)
            cells.append(f"{median_ms(lambda i, g=g, info=info: info.run(g, Rng(i), {}), 5):.1f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)

    lines += ["", "## Step-form price: fast form vs. the same core with recording stripped, square 100x100, "
              "median of 7", "", "| generator | fast form | stripped | ratio |", "|---|---:|---:|---:|"]
    g = grids["square"]
    for name, (module, fname, extra) in CORES.items():
        real = getattr(module, fname)
        bare = stripped_core(module, fname)
        tr, tb = [], []
        for i in range(7):
            for fn, acc in ((real, tr), (bare, tb)):
                t = time.perf_counter()
                fn(g, Rng(i), *extra, None)
                acc.append(time.perf_counter() - t)
        a, b = statistics.median(tr) * 1000, statistics.median(tb) * 1000
        lines.append(f"| {name} | {a:.1f} | {b:.1f} | {a / b:.2f} |")
        print(lines[-1], flush=True)

    if not quick:
        big = make_grid("square", 1000, 1000)
        big.lists()
        lines += ["", "## square 1000x1000 (1,000,000 cells), median of 3 (1 for the slow ones)", "",
                  "| generator | ms |", "|---|---:|"]
        for name, info in GENERATORS.items():
            reps = 1 if name in SLOW_AT_MILLION else 3
            if reps == 3:
                info.run(big, Rng(999), {})  # warm the row structure cache
            lines.append(f"| {name} | {median_ms(lambda i, info=info: info.run(big, Rng(i), {}), reps):.0f} |")
            print(lines[-1], flush=True)

    lines += ["", f"Load average at end: {os.getloadavg()[0]:.1f}."]
    text = "\n".join(lines) + "\n"
    out = ROOT / "bench" / "results" / "generators.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print()
    print(text)


if __name__ == "__main__":
    main()
