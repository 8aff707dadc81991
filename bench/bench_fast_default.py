"""The game's default auto-solve on the big boards: every 8x8 and 10x10 deal, old code against new.

For each size, seeds 0..N-1 of the uniform deal (``Deal(side, side, seed=s)``) are solved by the fast solver
with the game's default settings (``PuzzleSettings()``: heuristic, boost), with no time limit, so the figures
show how long the default search takes and whether it fits in the default time limit (old: 2 s; new:
``DEFAULT_TIMEOUT`` = 10 s, and a solve well under a second).  Old and new run in child processes one after
the other per size, so the load hits both alike; expanded positions are deterministic, seconds are not.

Run: ``python bench/bench_fast_default.py --old DIR [--seeds 50]`` where DIR is a checkout of the old code
(``git archive 6502ff7 | tar -x -C /tmp/old-main``).  Writes ``bench/results/fast_default.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKER = """
import json, sys, time
sys.path.insert(0, '.')
from engine.puzzle.deal import Deal, deal_board
from engine.puzzle.astar import solve_fast
from engine.puzzle.solving import split_heuristic
from game.puzzle.settings import PuzzleSettings
st = PuzzleSettings()
h, edges = split_heuristic(st.heuristic)
side, seeds = int(sys.argv[1]), int(sys.argv[2])
solve_fast(deal_board(Deal(4, 4, seed=0)), timeout=None)  # warm up imports
for s in range(seeds):
    b = deal_board(Deal(side, side, seed=s))
    t = time.perf_counter()
    r = solve_fast(b, timeout=None, heuristic=h, edges=edges, boost=st.boost)
    dt = time.perf_counter() - t
    assert b.apply(r.moves).is_solved()
    print(json.dumps([dt, r.nodes, len(r.moves), st.timeout]), flush=True)
"""


def run(root: Path, side: int, seeds: int) -> list[list[float]]:
    out = subprocess.run([sys.executable, "-c", WORKER, str(side), str(seeds)], cwd=root, capture_output=True,
                         text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def q90(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.9 * len(s)))]


def row(label: str, rows: list[list[float]]) -> str:
    secs, nodes, moves = [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]
    limit = rows[0][3]
    fits = sum(1 for s in secs if s <= limit)
    return (f"| {label} | {limit:g} s | {fits}/{len(rows)} | {statistics.median(secs):.2f} | {q90(secs):.2f} | "
            f"{max(secs):.2f} | {statistics.median(nodes):,.0f} / {max(nodes):,.0f} | {statistics.mean(moves):.0f} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", type=Path, required=True, help="a checkout of the old code")
    ap.add_argument("--seeds", type=int, default=50)
    args = ap.parse_args()
    load = os.getloadavg()
    lines = [
        "# The default fast solve on 8x8 and 10x10 deals, old and new",
        "",
        f"Seeds 0..{args.seeds - 1} of each size; load average at the start {load[0]:.1f} (2 cores). "
        "'fits' = solves within the default time limit.",
        "",
        "| code, size | default limit | fits | median s | p90 s | worst s | positions median / worst | moves |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for side in (8, 10):
        for label, root in (("old", args.old.resolve()), ("new", ROOT)):
            rows = run(root, side, args.seeds)
            lines.append(row(f"{label}, {side}x{side}", rows))
            print(lines[-1], file=sys.stderr, flush=True)
    lines += ["", f"Load average at the end {os.getloadavg()[0]:.1f}.", ""]
    text = "\n".join(lines)
    print(text)
    (ROOT / "bench" / "results" / "fast_default.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
