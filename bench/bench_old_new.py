"""Old code against new, side by side in one run: grids and user-visible generation.

For each case both checkouts run in fresh processes, interleaved (old, new, old,
new, ...), so machine load hits both alike.  Figures (medians over ``--repeats``):

* ``make_grid``: CPU seconds of the main thread (``time.thread_time``: numpy's
  OpenBLAS starts a worker thread that spins for ~50 ms after ``import numpy``,
  which process CPU time would count), in a process that imported the package first;
* generation, the CPU way: main-thread CPU of ``make_grid`` + ``generate`` (exactly
  what the CLI's ``seconds`` field covers) in a fresh process;
* generation, the user's way: ``python -m engine.cli generate --format json -o FILE``:
  its ``seconds`` field (wall), and the whole process's wall time and CPU time
  (interpreter start-up, imports and writing the JSON included).

Every generation case also checks that old and new wrote the same maze (the JSON
without its ``seconds`` field, hashed).  ``--memory`` measures instead the peak
resident memory of ``generate --format json`` at square 1000×1000 per generator, old
and new (the child's ``ru_maxrss``, in its own short-lived parent, as
``bench/bench_memory.py`` does), into ``bench/results/old_new_memory.md``.

Usage::

    git worktree add /tmp/old 34d3069   # or: git archive 34d3069 | tar -x -C /tmp/old
    python bench/bench_old_new.py --old /tmp/old [--repeats 3] [--quick] [--memory]

Writes ``bench/results/old_new.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pathlib
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

NEW = pathlib.Path(__file__).resolve().parents[1]
GRIDS = [("square", 1000, 1000), ("hex", 1000, 1000), ("triangle", 1000, 1000), ("polar", 480, 480),
         ("upsilon", 700, 700)]
GENS = ["binary-tree", "sidewinder", "eller", "division", "backtracker", "hunt-and-kill", "prim", "kruskal",
        "growing-tree", "wilson", "aldous-broder", "prim-simple"]
GRID_SNIPPET = """
import sys, time, json
sys.path.insert(0, '.')
from engine.maze.grids import make_grid
t = time.thread_time()
make_grid(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
print(json.dumps(time.thread_time() - t))
"""
GEN_SNIPPET = """
import sys, time, json
sys.path.insert(0, '.')
from engine.maze.generators import generate
from engine.maze.grids import make_grid
from engine.rng import Rng
t = time.thread_time()
generate(make_grid('square', int(sys.argv[2]), int(sys.argv[2])), sys.argv[1], Rng(int(sys.argv[3])), {})
print(json.dumps(time.thread_time() - t))
"""


def run_snippet(root: pathlib.Path, snippet: str, *args: str) -> float:
    out = subprocess.run([sys.executable, "-c", snippet, *args], cwd=root, capture_output=True, text=True,
                         check=True).stdout
    return float(json.loads(out))


def run_cli(root: pathlib.Path, algo: str, size: int, seed: int, out: str) -> tuple[float, float, float, str]:
    """``(seconds field, process wall, process CPU, maze digest)`` of one CLI run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "engine.cli", "generate", "--shape", "square", "--algo", algo, "--size",
                    f"{size}x{size}", "--seed", str(seed), "--format", "json", "-o", out], cwd=root, check=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    text = pathlib.Path(out).read_text(encoding="utf-8")
    seconds = float(json.loads(text)["seconds"])
    digest = hashlib.sha256(re.sub(r'"seconds": [0-9.e+-]+', "", text).encode()).hexdigest()
    return seconds, wall, cpu, digest


PROBE = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def peak_mb(root: pathlib.Path, algo: str, out: str) -> int:
    """Peak RSS (MB) of ``generate --format json`` square 1000x1000 run from ``root``."""
    cmd = [sys.executable, "-m", "engine.cli", "generate", "--shape", "square", "--algo", algo, "--size",
           "1000x1000", "--seed", "5", "--format", "json", "-o", out]
    got = subprocess.run([sys.executable, "-c", PROBE, *cmd], cwd=root, capture_output=True, text=True, check=True)
    return int(got.stdout) // 1024


def memory(roots: dict[str, pathlib.Path], gens: list[str]) -> None:
    lines = ["# Old vs new: peak memory", "",
             "Peak resident memory of `python -m engine.cli generate --shape square --size 1000x1000 --format json "
             f"-o FILE` (seed 5), one run each; old = `{roots['old']}`, new = this checkout.", "",
             "| generator | old | new |", "|---|---:|---:|"]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.json")
        for algo in gens:
            lines.append(f"| {algo} | {peak_mb(roots['old'], algo, out)} MB | {peak_mb(roots['new'], algo, out)} MB |")
            print(lines[-1], flush=True)
    (NEW / "bench" / "results" / "old_new_memory.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def fmt(sec: float) -> str:
    return f"{sec * 1000:.1f} ms" if sec < 1 else f"{sec:.2f} s"


def pair(old: list[float], new: list[float]) -> str:
    o, n = statistics.median(old), statistics.median(new)
    return f"{fmt(o)} → {fmt(n)} ({o / n:.1f}×)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, help="a checkout of the old commit")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="skip the million-cell generation rows")
    ap.add_argument("--only", nargs="*", help="limit to these generators")
    ap.add_argument("--out", default="old_new.md", help="file name under bench/results/")
    ap.add_argument("--memory", action="store_true", help="peak memory at 1M cells instead of times")
    args = ap.parse_args()
    roots = {"old": pathlib.Path(args.old).resolve(), "new": NEW}
    gens = [g for g in GENS if not args.only or g in args.only]
    if args.memory:
        memory(roots, gens)
        return
    load0 = os.getloadavg()[0]
    lines = ["# Old vs new, side by side", "",
             f"Old = `{roots['old']}`, new = this checkout; fresh processes, interleaved, medians of "
             f"{args.repeats}; load average {load0:.1f} at start on {os.cpu_count()} cores (shared machine).",
             "CPU = main-thread CPU seconds of the work; `seconds` = the CLI's field (wall: grid, tables, maze); "
             "process = the whole `python -m engine.cli generate --format json -o FILE` process "
             "(start-up, imports and writing the JSON included).", ""]
    lines += ["## make_grid (CPU)", "", "| grid | old → new |", "|---|---|"]
    for shape, w, h in GRIDS:
        got: dict[str, list[float]] = {"old": [], "new": []}
        for _ in range(args.repeats):
            for k, root in roots.items():
                got[k].append(run_snippet(root, GRID_SNIPPET, shape, str(w), str(h)))
        lines.append(f"| {shape} {w}×{h} | {pair(got['old'], got['new'])} |")
        print(lines[-1], flush=True)
    sizes = [100] + ([] if args.quick else [1000])
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.json")
        for size in sizes:
            lines += ["", f"## square {size}×{size} generation", "",
                      "| generator | CPU old → new | `seconds` old → new | process wall old → new | "
                      "process CPU old → new | same maze |", "|---|---|---|---|---|---|"]
            for algo in gens:
                cpu: dict[str, list[float]] = {"old": [], "new": []}
                sec: dict[str, list[float]] = {"old": [], "new": []}
                wall: dict[str, list[float]] = {"old": [], "new": []}
                pcpu: dict[str, list[float]] = {"old": [], "new": []}
                same = True
                for i in range(args.repeats):
                    digests = set()
                    for k, root in roots.items():
                        cpu[k].append(run_snippet(root, GEN_SNIPPET, algo, str(size), str(100 + i)))
                        s, wl, c, d = run_cli(root, algo, size, 100 + i, out)
                        sec[k].append(s)
                        wall[k].append(wl)
                        pcpu[k].append(c)
                        digests.add(d)
                    same = same and len(digests) == 1
                lines.append(f"| {algo} | {pair(cpu['old'], cpu['new'])} | {pair(sec['old'], sec['new'])} | "
                             f"{pair(wall['old'], wall['new'])} | {pair(pcpu['old'], pcpu['new'])} | "
                             f"{'yes' if same else 'NO'} |")
                print(lines[-1], flush=True)
    lines += ["", f"Load average at end: {os.getloadavg()[0]:.1f}."]
    text = "\n".join(lines) + "\n"
    dest = NEW / "bench" / "results" / args.out
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(text, encoding="utf-8")
    print()
    print(text)


if __name__ == "__main__":
    main()
