"""Peak memory and time of the maze commands as a user runs them: one fresh process each.

For every tessellation at about 100x100 and at its largest size near a million
cells (square, hex, triangle 1000x1000; polar 480x480; upsilon 700x700), runs
``python -m engine.cli`` for ``generate`` (json, svg, png; ascii on square),
``solve`` and ``stats --runs 1`` and reads the child's peak resident memory
(``resource.getrusage(RUSAGE_CHILDREN)`` after each child: the largest so far,
so every command runs in its own short-lived parent, see :func:`measure`) and
its wall time.

Usage::

    python bench/bench_memory.py [--algo backtracker] [--shapes square hex] [--small-only]

Writes ``bench/results/memory.md``.  Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BIG = {"square": 1000, "hex": 1000, "triangle": 1000, "polar": 480, "upsilon": 700}
SMALL = {"square": 100, "hex": 100, "triangle": 100, "polar": 48, "upsilon": 71}

_PROBE = (
    "import resource, subprocess, sys, time\n"
    "t = time.perf_counter()\n"
    "rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode\n"
    "t = time.perf_counter() - t\n"
    "print(rc, t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def measure(cmd: list[str]) -> tuple[int, float, int]:
    """``(exit status, wall seconds, peak RSS in KiB)`` of ``cmd`` run in a fresh process.

    A small parent process starts the command and reports its children's peak RSS,
    which is then exactly this command's.
    """
    out = subprocess.run([sys.executable, "-c", _PROBE, *cmd], capture_output=True, text=True, cwd=ROOT, check=True)
    rc, secs, kib = out.stdout.split()
    return int(rc), float(secs), int(kib)


def commands(shape: str, size: int, algo: str, tmp: str) -> list[tuple[str, list[str]]]:
    """The commands measured for one shape and size, as ``(label, argv)``."""
    cli = [sys.executable, "-m", "engine.cli"]
    spec = ["--shape", shape, "--algo", algo, "--size", f"{size}x{size}", "--seed", "7"]
    got = [(f"generate {fmt}", cli + ["generate", *spec, "--format", fmt, "-o", os.path.join(tmp, f"m.{fmt}")])
           for fmt in ("json", "svg", "png")]
    if shape == "square":
        got.append(("generate ascii", cli + ["generate", *spec, "--format", "ascii", "-o", os.path.join(tmp, "m.txt")]))
    got.append(("solve", cli + ["solve", *spec, "--format", "json"]))
    got.append(("stats --runs 1", cli + ["stats", "--shape", shape, "--algo", algo, "--size", f"{size}x{size}",
                                          "--runs", "1", "--seed", "7"]))
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--algo", default="backtracker", help="generator for every command (default backtracker)")
    ap.add_argument("--shapes", nargs="*", default=list(BIG))
    ap.add_argument("--small-only", action="store_true", help="skip the million-cell sizes")
    ap.add_argument("--only", nargs="*", help="limit to commands whose label starts with one of these (e.g. stats)")
    ap.add_argument("--out", default="memory.md", help="file name under bench/results/")
    args = ap.parse_args()
    rows = []
    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        for sizes in ([SMALL] if args.small_only else [SMALL, BIG]):
            for shape in args.shapes:
                size = sizes[shape]
                for label, cmd in commands(shape, size, args.algo, tmp):
                    if args.only and not any(label.startswith(o) for o in args.only):
                        continue
                    rc, secs, kib = measure(cmd)
                    note = "" if rc == 0 else f"exit {rc}"
                    row = (f"{size}x{size}", shape, label, f"{kib / 1024:.0f}", f"{secs:.2f}", note)
                    rows.append(row)
                    print(" | ".join(row), flush=True)
    lines = [
        "# Peak memory of the maze commands (fresh process each)", "",
        f"`python -m engine.cli ...` with `--algo {args.algo} --seed 7`; peak resident memory of the command's "
        f"process (getrusage of the child) and its wall time. Load average {load0:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} cores (shared machine: wall times are noisy, "
        f"memory is not). Measured {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC.", "",
        "| size | shape | command | peak MB | wall s | note |",
        "|---|---|---|---:|---:|---|",
    ]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    text = "\n".join(lines) + "\n"
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / args.out).write_text(text, encoding="utf-8")
    print(json.dumps({"rows": len(rows)}))


if __name__ == "__main__":
    main()
