"""Benchmark shaped (masked) maze generation beside plain generation, as a user sees it.

For each shape x generator x mask (none, ``heart``, text ``TESSERA``) at 100x100 and
1000x1000: a fresh ``python -m engine.cli generate --format json -o FILE`` process.
Two figures per run:

* **seconds**: the JSON's ``seconds`` field (for a shaped maze: cutting the grid to
  the mask, its far-apart start and goal, and carving; interpreter start-up and
  writing the file excluded) -- what ``tessera generate`` reports;
* **CPU s**: the whole process's user + system CPU time (start-up, cutting,
  carving, writing the JSON).

Median of 3 runs at 100x100, one run at 1000x1000; masked and plain runs are
interleaved so machine load hits both alike.  Writes ``bench/results/masks.md``.
Run: ``python bench/bench_masks.py [--quick]`` (``--quick``: 100x100 only).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
MASKS = [("plain", []), ("heart", ["--mask", "heart"]), ("text TESSERA", ["--mask-text", "TESSERA"])]
CASES = [("square", "backtracker"), ("square", "kruskal"), ("hex", "wilson")]


def run_once(shape: str, algo: str, size: int, extra: list[str]) -> tuple[float, float, int]:
    """``(seconds field, process CPU seconds, cells)`` of one fresh ``generate`` process."""
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "maze.json"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [sys.executable, "-m", "engine.cli", "generate", "--shape", shape, "--size", f"{size}x{size}",
             "--algo", algo, "--seed", "7", "--format", "json", "-o", str(out), *extra],
            cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        data = json.loads(out.read_text())
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return float(data["seconds"]), cpu, int(data["cells"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="100x100 only")
    args = ap.parse_args()
    sizes = [(100, 3)] if args.quick else [(100, 3), (1000, 1)]
    rows = []
    for size, reps in sizes:
        for shape, algo in CASES:
            runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name, _ in MASKS}
            for _ in range(reps):  # interleaved: plain, heart, text, plain, ...
                for name, extra in MASKS:
                    runs[name].append(run_once(shape, algo, size, extra))
            plain_secs = statistics.median(r[0] for r in runs["plain"])
            for name, _ in MASKS:
                secs = statistics.median(r[0] for r in runs[name])
                cpu = statistics.median(r[1] for r in runs[name])
                cells = runs[name][0][2]
                rows.append((f"{size}x{size}", shape, algo, name, cells, secs, cpu, secs / plain_secs))
                print(rows[-1], flush=True)
    lines = [
        "# Shaped (masked) maze generation beside plain",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} with `python bench/bench_masks.py`"
        f"{' --quick' if args.quick else ''}; Python {platform.python_version()}, {os.cpu_count()} cores "
        "(shared with other work: read the ratios, measured side by side, more than the absolute times).",
        "",
        "`seconds`: the `seconds` field of `tessera generate --format json` (a shaped maze: cutting the grid,",
        "start/goal, carving); `CPU s`: the whole process (start-up, JSON writing included).",
        "Median of 3 at 100x100, one run at 1000x1000, plain and masked interleaved.",
        "",
        "| size | shape | generator | mask | cells | seconds | CPU s | seconds / plain |",
        "|---|---|---|---|---:|---:|---:|---:|",
    ]
    for size, shape, algo, name, cells, secs, cpu, ratio in rows:
        lines.append(f"| {size} | {shape} | {algo} | {name} | {cells:,} | {secs:.3f} | {cpu:.2f} | {ratio:.2f} |")
    out = ROOT / "bench" / "results" / "masks.md"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
