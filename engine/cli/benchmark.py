"""The puzzle benchmark (``tessera puzzle bench`` and ``bench/bench_puzzle.py``): a Markdown table.

Fast solver on uniformly random boards of several sizes and on Korf's 100
4x4 instances (length against the optimal), optimal solver on random 3x3 and on
Korf's 100 (every length checked against the published optimum), and the
pattern database build time.  Times are wall clock on this machine.
"""

from __future__ import annotations

import os
import platform
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from engine.paths import shipped_dir
from engine.puzzle.astar import solve_fast
from engine.puzzle.board import Board, shuffle_uniform
from engine.puzzle.optimal import prepare, solve_optimal
from engine.puzzle.result import SolverStopped
from engine.puzzle.tables import pdb
from engine.rng import Rng

KORF_FILE = "korf100_goal_blank_last.txt"


def default_data_dir() -> Path:
    """The repository's ``bench/data`` (see its README for the source of the positions)."""
    return shipped_dir("bench/data")


def load_korf(data_dir: str | Path | None = None) -> list[tuple[Board, int]]:
    """Korf's 100 instances (goal blank last) with their optimal lengths.

    Args:
        data_dir: the folder holding ``korf100_goal_blank_last.txt`` (default :func:`default_data_dir`).

    Raises:
        ValueError: the file is missing or malformed (one line naming the path).
    """
    folder = Path(data_dir) if data_dir is not None else default_data_dir()
    path = folder / KORF_FILE
    from engine.reader import ReadError, read_text

    try:
        lines = read_text(path, limit=1_000_000).split("\n")
    except ReadError:
        where = "" if data_dir is not None else (
            " (the benchmark positions ship with the source repository's bench/data/, not with an installed "
            "package: run from a clone of the repository)")
        raise ValueError(f"cannot read the benchmark positions {path}{where}; give their folder with --data") from None
    out = []
    for number, line in enumerate(lines, 1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) != 17 or not all(f.isascii() and f.isdigit() for f in fields):
            raise ValueError(f"{path} line {number}: expected 16 tiles and an optimal length, got {line[:60]!r}")
        v = [int(x) for x in fields]
        out.append((Board.from_tiles(v[:16], 4, 4), v[16]))
    if not out:
        raise ValueError(f"{path} holds no positions")
    return out


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def _fast_row(label: str, boards: list[Board], timeout: float) -> tuple[str, list[int]]:
    times, lengths, boosts, solved = [], [], 0, 0
    for b in boards:
        try:
            r = solve_fast(b, timeout=timeout)
        except SolverStopped:
            times.append(timeout)
            continue
        assert b.apply(r.moves).is_solved()
        solved += 1
        times.append(r.seconds)
        lengths.append(r.length)
        boosts += r.boosts
    mean_len = statistics.mean(lengths) if lengths else float("nan")
    row = (f"| fast | {label} | {len(boards)} | {100 * solved / len(boards):.1f}% | "
           f"{1000 * statistics.median(times):.1f} ms | {1000 * _pct(times, 0.99):.0f} ms | "
           f"{1000 * max(times):.0f} ms | {mean_len:.1f} | {boosts} |")
    return row, lengths


def _korf_optimal_row(instances: list[tuple[Board, int]], log: Callable[[str], None]) -> str:
    """Solve Korf instances with the optimal solver (tables already built) and return the table row."""
    korf_n = len(instances)
    tk, nodes, ok, stopped = [], [], 0, 0
    for i, (b, opt) in enumerate(instances):
        try:
            r = solve_optimal(b, timeout=600)
        except SolverStopped as e:
            stopped += 1
            tk.append(e.result.seconds)
            log(f"  korf {i + 1}: stopped ({e.reason})")
            continue
        assert b.apply(r.moves).is_solved()
        ok += r.length == opt
        tk.append(r.seconds)
        nodes.append(r.nodes)
        log(f"  korf {i + 1}: {r.length} (optimal {opt}) {r.seconds:.2f} s, {r.nodes:,} nodes")
    return (f"| optimal (PDB 2 x 6-6-3 + mirror, batched IDA*) | 4x4 Korf 1..{korf_n} | {korf_n} | "
            f"{ok}/{korf_n}{f' ({stopped} stopped)' if stopped else ''} | {statistics.median(tk):.2f} s | "
            f"{max(tk):.1f} s | {sum(tk):.1f} s | {statistics.mean(nodes) if nodes else 0:,.0f} |")


def run_benchmark(
    *,
    quick: bool = False,
    data_dir: str | Path | None = None,
    korf: int | None = None,
    log: Callable[[str], None] = print,
) -> str:
    """Run everything and return the Markdown report.

    Args:
        quick: small counts (about 1-2 minutes) instead of the full run (~15+ minutes).
        data_dir: folder holding ``korf100_goal_blank_last.txt``.
        korf: Korf instances for the optimal solver (default 100, quick 10; 0 skips them).
    """
    t_all = time.perf_counter()
    n4, n5, n8, n10, n3 = (100, 10, 3, 2, 200) if quick else (1000, 50, 20, 10, 1000)
    korf_n = korf if korf is not None else (10 if quick else 100)
    instances = load_korf(data_dir)
    rows = ["| solver | boards | runs | solved | median | p99 | max | mean length | boosts |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    rng = Rng(2024)
    for (w, h), n, tmo in (((4, 4), n4, 10.0), ((5, 5), n5, 10.0), ((8, 8), n8, 10.0), ((10, 10), n10, 10.0)):
        log(f"fast {w}x{h} x{n} ...")
        boards = [shuffle_uniform(w, h, rng) for _ in range(n)]
        rows.append(_fast_row(f"{w}x{h} uniform", boards, tmo)[0])
    log("fast on Korf's 100 ...")
    row, lengths = _fast_row("4x4 Korf 100", [b for b, _ in instances], 10.0)
    rows.append(row)
    opt_mean = statistics.mean(o for _, o in instances)
    fast_ratio = statistics.mean(lengths) / opt_mean if lengths else float("nan")

    # database build, timed in a fresh cache directory
    log("pattern database build (fresh cache) ...")
    old = os.environ.get("TESSERA_CACHE")
    with tempfile.TemporaryDirectory(prefix="tessera-bench-pdb-") as tmp:
        os.environ["TESSERA_CACHE"] = tmp
        pdb.clear_memory_cache()
        t0 = time.perf_counter()
        prepare(4, 4)
        build_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        prepare(3, 3)
        build3_s = time.perf_counter() - t0
        pdb.clear_memory_cache()
        t0 = time.perf_counter()
        prepare(4, 4)
        load_s = time.perf_counter() - t0
    if old is None:
        os.environ.pop("TESSERA_CACHE", None)
    else:
        os.environ["TESSERA_CACHE"] = old

    log(f"optimal 3x3 x{n3} ...")
    t3 = []
    for _ in range(n3):
        b = shuffle_uniform(3, 3, rng)
        r = solve_optimal(b)
        assert b.apply(r.moves).is_solved()
        t3.append(r.seconds)
    rows2 = ["| solver | boards | runs | all optimal | median | max | total | mean nodes |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    rows2.append(f"| optimal (exact table) | 3x3 uniform | {n3} | yes | {1000 * statistics.median(t3):.2f} ms | "
                 f"{1000 * max(t3):.1f} ms | {sum(t3):.2f} s | - |")
    if korf_n:
        rows2.append(_korf_optimal_row(instances[:korf_n], log))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines = [
        "# Sliding puzzle benchmark",
        "",
        f"Run: {'quick' if quick else 'full'}, {time.strftime('%Y-%m-%d %H:%M')}, Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs (shared, noisy).  Times are wall clock per solve.",
        "",
        "## Fast solver (layered A*, edges tie-break, random boost; Manhattan; timeout 10 s)",
        "",
        *rows,
        "",
        f"Korf's 100: fast mean length {statistics.mean(lengths) if lengths else float('nan'):.1f} against "
        f"optimal mean {opt_mean:.2f} (ratio {fast_ratio:.2f}, target <= 2).",
        "",
        "## Optimal solver",
        "",
        *rows2,
        "",
        f"Pattern databases (4x4: two 6-6-3 partitions, built with numpy BFS): build {build_s:.1f} s from an "
        f"empty cache, load {load_s:.2f} s from the cache; 3x3 exact table build {build3_s:.2f} s.  "
        f"Peak memory of the benchmark process: {peak_mb:.0f} MB.",
        "",
        f"Total benchmark time: {time.perf_counter() - t_all:.0f} s.",
        "",
    ]
    return "\n".join(lines)
