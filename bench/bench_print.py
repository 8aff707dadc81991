"""Printing workbooks: whole-process time and peak memory of ``tessera print``, as a user gets them.

Cases (each a fresh ``python -m engine.cli print`` process, run ``--runs`` times, medians reported):

* 100 pages of 30×30 square mazes (backtracker) with their answer keys at the end (the issue's target:
  ≤ 10 s and ≤ 300 MB);
* the same on hexagons (more wall segments per maze);
* ``--big``: a 1000-maze workbook (1,167 pages), to show it streams: memory stays near the 100-page figure.

Wall seconds from the parent's monotonic clock around the process; CPU seconds and peak RSS from
``os.wait4`` (that process alone). Prints a table and the load average.

Run: ``python bench/bench_print.py [--runs 3] [--big]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = {
    "100 square 30x30 + answers": ["--count", "100", "--shape", "square", "--algo", "backtracker", "--size", "30x30"],
    "100 hex 30x30 + answers": ["--count", "100", "--shape", "hex", "--algo", "backtracker", "--size", "30x30"],
}
BIG = {"1000 square 30x30 + answers": ["--count", "1000", "--shape", "square", "--algo", "backtracker",
                                       "--size", "30x30"]}


def one(args: list[str], out: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MB) of one print process."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "print", *args, "-o", str(out)], cwd=ROOT,
                            stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"print failed with exit code {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--big", action="store_true", help="also the 1000-maze workbook (one run)")
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("| workbook | wall s (median) | CPU s | peak RSS MB | PDF MB |")
    print("|---|---:|---:|---:|---:|")
    cases = dict(CASES, **(BIG if args.big else {}))
    with tempfile.TemporaryDirectory() as tmp:
        for name, case in cases.items():
            out = Path(tmp) / "w.pdf"
            runs = [one(case, out) for _ in range(1 if name in BIG else args.runs)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            print(f"| {name} | {wall:.2f} | {cpu:.2f} | {max(r[2] for r in runs):.0f} | "
                  f"{out.stat().st_size / 1e6:.1f} |")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
