"""Sliding puzzle benchmark: writes bench/results/puzzle.md.

    python bench/bench_puzzle.py [--quick] [--korf N] [--data DIR] [--fresh-only]
                                 [--reference DIR] [--reference-korf N] [--hard N]

Two parts:

* the in-process tables of :func:`engine.cli.benchmark.run_benchmark` (fast
  solver, optimal 3x3, table build); with ``--fresh-only`` they are skipped;
* **user-visible** optimal 4x4 figures, each from a *fresh process* with an
  *empty* table cache (a temporary ``TESSERA_CACHE``): table build time, every
  Korf instance solved with the CLI's default timeout (30 s), and the peak
  resident memory of the whole process (``ru_maxrss``: build and searches).
  ``--reference DIR`` runs the same worker on another checkout's ``engine``
  (e.g. ``git archive <commit> engine | tar -x -C DIR``) on the first
  ``--reference-korf`` instances, in the same run, so ratios are fair on a
  shared machine.  ``--hard N`` also solves the first N of the 80-move
  positions (timeout 300 s each).

Data files: ``--data DIR`` (default ``bench/data``) holding
``korf100_goal_blank_last.txt`` and ``hard80_15puzzle_goal_blank_last.txt``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KORF_FILE = "korf100_goal_blank_last.txt"
HARD_FILE = "hard80_15puzzle_goal_blank_last.txt"
CLI_TIMEOUT = 30.0


def _read_instances(path: Path, count: int) -> list[tuple[list[int], int]]:
    out = []
    for line in path.read_text().splitlines():
        v = [int(x) for x in line.split()]
        if v:
            out.append((v[:16], v[16]))
    return out[:count]


def worker(data: Path, count: int, timeout: float) -> None:
    """Run in a fresh process: build the 4x4 tables, solve ``count`` instances, print JSON lines."""
    from engine.puzzle.board import Board
    from engine.puzzle.optimal import prepare, solve_optimal
    from engine.puzzle.result import SolverStopped

    t0 = time.perf_counter()
    cpu = time.process_time()
    prepare(4, 4)
    print(json.dumps({"build": time.perf_counter() - t0, "build_cpu": time.process_time() - cpu,
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), flush=True)
    for i, (tiles, opt) in enumerate(_read_instances(data, count)):
        b = Board.from_tiles(tiles, 4, 4)
        cpu = time.process_time()
        try:
            r = solve_optimal(b, timeout=timeout)
        except SolverStopped as e:
            print(json.dumps({"i": i + 1, "opt": opt, "stopped": e.reason, "seconds": e.result.seconds,
                              "cpu": time.process_time() - cpu, "nodes": e.result.nodes}), flush=True)
            continue
        ok = b.apply(r.moves).is_solved() and r.length == opt
        print(json.dumps({"i": i + 1, "opt": opt, "length": r.length, "ok": ok, "seconds": r.seconds,
                          "cpu": time.process_time() - cpu, "nodes": r.nodes}), flush=True)
    print(json.dumps({"rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), flush=True)


def run_fresh(engine_root: Path, data: Path, count: int, timeout: float, label: str) -> dict:
    """Run :func:`worker` in a new process importing ``engine`` from ``engine_root``, with an empty cache."""
    with tempfile.TemporaryDirectory(prefix="tessera-bench-cache-") as cache:
        env = dict(os.environ, TESSERA_CACHE=cache, PYTHONPATH=str(engine_root))
        code = ("import sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2]);"
                "import bench_puzzle as b; b.worker(__import__('pathlib').Path(sys.argv[3]), int(sys.argv[4]),"
                " float(sys.argv[5]))")
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", code, str(engine_root), str(Path(__file__).parent),
                                 str(data), str(count), str(timeout)], env=env, cwd=engine_root,
                                stdout=subprocess.PIPE, text=True)
        rows = []
        assert proc.stdout is not None
        for line in proc.stdout:
            rows.append(json.loads(line))
            r = rows[-1]
            if "i" in r:
                print(f"  {label} #{r['i']}: {r.get('length', r.get('stopped'))} (optimal {r['opt']}) "
                      f"{r['seconds']:.2f} s", file=sys.stderr, flush=True)
        proc.wait()
        wall = time.perf_counter() - t0
    solved = [r for r in rows if "i" in r]
    return {"label": label, "build": rows[0]["build"], "build_cpu": rows[0]["build_cpu"],
            "build_rss": rows[0]["rss_mb"], "rss": rows[-1]["rss_mb"],
            "rows": solved, "wall": wall}


def _summary(res: dict) -> str:
    rows = res["rows"]
    t = [r["seconds"] for r in rows]
    ok = sum(1 for r in rows if r.get("ok"))
    worst = max(rows, key=lambda r: r["seconds"])
    cpu = [r["cpu"] for r in rows]
    nodes = statistics.mean(r["nodes"] for r in rows)
    return (f"| {res['label']} | {len(rows)} | {ok}/{len(rows)} | {res['build']:.1f} s ({res['build_cpu']:.1f}) | "
            f"{statistics.median(t):.2f} s | {worst['seconds']:.1f} s (#{worst['i']}) | {sum(t):.1f} s | "
            f"{max(cpu):.1f} s / {sum(cpu):.1f} s | {nodes:,.0f} | {res['rss']:.0f} MB |")


def fresh_section(data: Path, korf: int, reference: Path | None, ref_korf: int, hard: int) -> str:
    """The user-visible part of the report (fresh processes, empty caches)."""
    lines = ["## Optimal 4x4 as a user gets it (fresh process, empty table cache)", "",
             f"Each row is one new Python process with an empty `TESSERA_CACHE`: it builds the tables, then solves "
             f"the instances one by one with the CLI's default timeout ({CLI_TIMEOUT:.0f} s).  Peak memory is the "
             "whole process (`ru_maxrss`), tables and searches included.", "",
             "Wall-clock seconds are what the user waits on this shared machine; CPU seconds (worst / total, the "
             "process's own CPU time) are what a quiet machine would take, near enough (numpy runs on one core "
             "here).  Table build: wall (CPU).", "",
             "| code | instances | optimal within timeout | table build | median | worst | total | CPU worst / total "
             "| mean nodes | peak memory |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    print("fresh process: this checkout ...", file=sys.stderr, flush=True)
    new = run_fresh(ROOT, data / KORF_FILE, korf, CLI_TIMEOUT, "this checkout")
    lines.append(_summary(new))
    if reference is not None:
        print("fresh process: reference ...", file=sys.stderr, flush=True)
        ref = run_fresh(reference, data / KORF_FILE, ref_korf, CLI_TIMEOUT, f"reference ({reference.name})")
        lines.append(_summary(ref))
        common = {r["i"]: r for r in new["rows"]}
        pairs = [(common[r["i"]], r) for r in ref["rows"] if r["i"] in common]
        if pairs:
            a, b = sum(p[0]["seconds"] for p in pairs), sum(p[1]["seconds"] for p in pairs)
            ca, cb = sum(p[0]["cpu"] for p in pairs), sum(p[1]["cpu"] for p in pairs)
            stopped = sum(1 for p in pairs if "stopped" in p[1])
            capped = f"; the reference hit the timeout {stopped} times, so its figures are capped" if stopped else ""
            lines += ["", f"Same run, instances 1..{len(pairs)}: this checkout {a:.1f} s wall / {ca:.1f} s CPU, "
                      f"reference {b:.1f} s / {cb:.1f} s (x{b / a:.1f} wall, x{cb / ca:.1f} CPU"
                      f"{capped}"
                      f"); peak memory {new['rss']:.0f} MB vs {ref['rss']:.0f} MB; "
                      f"build {new['build']:.1f} s vs {ref['build']:.1f} s wall, "
                      f"{new['build_cpu']:.1f} s vs {ref['build_cpu']:.1f} s CPU."]
    lines += ["", "Slowest instances (this checkout): " + ", ".join(
        f"#{r['i']} {r['seconds']:.1f} s" for r in sorted(new["rows"], key=lambda r: -r["seconds"])[:5]) + "."]
    if hard:
        print("fresh process: 80-move positions ...", file=sys.stderr, flush=True)
        h = run_fresh(ROOT, data / HARD_FILE, hard, 300.0, "80-move positions")
        lines += ["", "80-move positions (the hardest 4x4 positions known), timeout 300 s each:", "",
                  "| position | length | seconds | nodes |", "|---:|---:|---:|---:|"]
        for r in h["rows"]:
            lines.append(f"| {r['i']} | {r.get('length', r.get('stopped'))} | {r['seconds']:.1f} ({r['cpu']:.1f} CPU) "
                         f"| {r['nodes']:,} |")
        lines += ["", f"Peak memory of that process: {h['rss']:.0f} MB."]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--korf", type=int, default=None, help="Korf instances (default 100, quick 10)")
    ap.add_argument("--data", type=Path, default=ROOT / "bench" / "data")
    ap.add_argument("--fresh-only", action="store_true", help="only the fresh-process optimal 4x4 part")
    ap.add_argument("--reference", type=Path, default=None, help="another checkout's root (holding engine/)")
    ap.add_argument("--reference-korf", type=int, default=20)
    ap.add_argument("--hard", type=int, default=0, help="how many 80-move positions to solve")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "puzzle.md",
                    help="result file; a bare file name goes to bench/results/ like the other benches'")
    args = ap.parse_args()
    if args.out.parent == Path("."):
        args.out = ROOT / "bench" / "results" / args.out
    if not (args.data / KORF_FILE).is_file():
        sys.exit(f"bench_puzzle: {args.data / KORF_FILE} not found; give the data folder with --data.")
    korf = args.korf if args.korf is not None else (10 if args.quick else 100)
    parts = []
    if not args.fresh_only:
        sys.path.insert(0, str(ROOT))
        from engine.cli.benchmark import run_benchmark

        parts.append(run_benchmark(quick=args.quick, data_dir=args.data, korf=0,
                                   log=lambda m: print(m, file=sys.stderr, flush=True)))
    else:
        parts.append("# Sliding puzzle benchmark\n")
    parts.append(f"Run: {time.strftime('%Y-%m-%d %H:%M')}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs "
                 f"(shared, load average {os.getloadavg()[0]:.1f} at the start).\n")
    parts.append(fresh_section(args.data, korf, args.reference, args.reference_korf, args.hard))
    text = "\n".join(parts)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
