"""Tessera's generators side by side with mazelib (PyPI) on the same square sizes.

mazelib runs in its own virtual environment (``bench/.venv-mazelib``, created
on first use with ``python -m venv`` + ``pip install mazelib``), so it never
becomes a dependency of Tessera.  Both sides are timed grid-inclusive, in the same
run: mazelib's ``generate()`` allocates its own grid, so ours builds a fresh grid
(and its per-grid tables) and the maze every time; beside it, the user-visible
figure (the ``seconds`` field of a fresh ``python -m engine.cli generate --format
json`` process: the first maze of a process, first-use costs included) and a warm
column (our generator alone on a grid whose tables are built).  The table reports
medians and the ratios mazelib / Tessera, grid-inclusive and user-visible.

Usage::

    python bench/bench_vs_mazelib.py [--repeats 5] [--big]

``--big`` adds 1000x1000 for the algorithms where mazelib finishes in minutes.
Writes ``bench/results/mazelib.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from engine.maze.generators import generate  # noqa: E402
from engine.maze.grids import make_grid  # noqa: E402
from engine.rng import Rng  # noqa: E402

VENV = HERE / ".venv-mazelib"
SHARED = ["backtracker", "prim", "wilson", "kruskal", "aldous-broder", "binary-tree", "sidewinder",
          "hunt-and-kill", "growing-tree", "division", "eller"]
SLOW_MAZELIB = {"kruskal", "aldous-broder", "growing-tree"}
# mazelib needs minutes or hours beyond these at 1000x1000 (measured: Wilson 101 s, Prim 290 s).
BIG = ["binary-tree", "sidewinder", "division", "backtracker", "hunt-and-kill", "wilson", "prim"]


def ensure_venv() -> Path:
    """The mazelib interpreter, creating its virtual environment if needed."""
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "mazelib", "numpy"], check=True)
    return py


def ours(name: str, size: int, repeats: int) -> tuple[list[float], list[float]]:
    """Tessera's times ``(grid-inclusive, warm)``: a fresh grid and maze per repeat
    (what mazelib's ``generate()`` does), and the generator alone on a grid whose
    per-grid tables are already built."""
    inclusive, warm = [], []
    for i in range(repeats):
        t0 = time.perf_counter()
        grid = make_grid("square", size, size)
        generate(grid, name, Rng(1000 + i))
        inclusive.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        generate(grid, name, Rng(2000 + i))
        warm.append(time.perf_counter() - t0)
        del grid
    return inclusive, warm


def user(name: str, size: int, repeats: int) -> list[float]:
    """The ``seconds`` field of fresh ``engine.cli generate --format json`` processes (square)."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.json")
        for i in range(repeats):
            subprocess.run([sys.executable, "-m", "engine.cli", "generate", "--shape", "square", "--algo", name,
                            "--size", f"{size}x{size}", "--seed", str(3000 + i), "--format", "json", "-o", out],
                           cwd=ROOT, check=True)
            with open(out, encoding="utf-8") as f:
                times.append(float(json.load(f)["seconds"]))
    return times


def theirs(py: Path, names: list[str], size: int, repeats: int, limit: float) -> dict[str, list[float] | str]:
    """mazelib's timings, or a note when it fails or runs past ``limit`` seconds."""
    try:
        proc = subprocess.run([str(py), str(HERE / "mazelib_worker.py"), str(size), str(repeats), *names],
                              capture_output=True, text=True, check=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return {n: f"did not finish within {limit:.0f} s" for n in names}
    return json.loads(proc.stdout)


def fmt(sec: float) -> str:
    return f"{sec * 1000:.1f} ms" if sec < 1 else f"{sec:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--big", action="store_true", help="also 1000x1000 (takes many minutes)")
    ap.add_argument("--only", nargs="*", help="limit to these algorithms")
    ap.add_argument("--limit", type=float, default=900.0, help="seconds before a mazelib run is given up")
    ap.add_argument("--out", default="mazelib.md", help="file name under bench/results/")
    args = ap.parse_args()
    py = ensure_venv()
    rows = []
    keep = (lambda names: [n for n in names if n in args.only]) if args.only else (lambda names: names)
    plan = [(100, keep(SHARED), args.repeats)] + ([(1000, keep(BIG), 1)] if args.big else [])
    for size, names, reps in plan:
        for name in names:
            incl, warm = ours(name, size, reps)
            mine, mine_warm = statistics.median(incl), statistics.median(warm)
            mine_user = statistics.median(user(name, size, reps))
            # mazelib's Kruskal takes about a minute at 100x100: one run is enough to compare.
            got = theirs(py, [name], size, 1 if name in SLOW_MAZELIB else min(reps, 3), args.limit)[name]
            if isinstance(got, str):
                rows.append((f"{size}x{size}", name, fmt(mine_user), fmt(mine), fmt(mine_warm), got, "n/a", "n/a"))
            else:
                other = statistics.median(got)
                rows.append((f"{size}x{size}", name, fmt(mine_user), fmt(mine), fmt(mine_warm), fmt(other),
                             f"{other / mine:.1f}x", f"{other / mine_user:.1f}x"))
            print(" | ".join(rows[-1]), flush=True)
    lines = ["# Tessera vs mazelib", "",
             f"Square grids; medians ({args.repeats} runs of ours; mazelib 3, or 1 for its slow ones and at "
             f"1000x1000); grid-inclusive on both sides (mazelib's generate() allocates its grid; ours builds "
             f"the grid, its tables and the maze), beside it our user-visible time (the `seconds` field of a fresh "
             f"`engine.cli generate --format json` process) and warm time (tables already built); load average "
             f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the end.", "",
             "| size | algorithm | Tessera, user | Tessera, grid included | Tessera, warm | mazelib (median) | "
             "mazelib / Tessera (grid included) | mazelib / Tessera (user) |",
             "|---|---|---|---|---|---|---|---|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    text = "\n".join(lines) + "\n"
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / args.out).write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
