"""Benchmark the near-optimal solver: Korf & Felner's fifty 5x5 positions, and 6x6 / 8x8 against the fast solver.

Every solve is a whole CLI process (``python -m engine.cli puzzle solve --solver ... --format json``, run through
a two-line wrapper that reports its peaks at exit), run from this checkout, timed by wall clock (CPU seconds:
``os.wait4`` of that process, which counts the processes it waited for: the second beam of strong and max),
with its peak memory: the CLI process's own ``ru_maxrss`` plus the largest of the processes it forked (the
second beam; they share the mapped tables' pages, so the sum counts those twice).
Each solution is replayed to the goal before it is counted.

* ``--first-use``: for each effort, one 5x5 solve with the tables it needs not yet cached (built; the stderr
  progress updates counted), then the rest with the tables cached.
* 5x5: per position the near-optimal length, the optimal length (from the data file), the ratio, seconds and
  peak memory; then the mean ratio, the largest seconds and memory, and the fast solver's mean ratio on the
  same positions (``--fast``).
* ``--big N``: N random 6x6 and N random 8x8 positions (``shuffle_uniform``, seeds 1..N): near-optimal and
  fast lengths and seconds.

Run: ``python bench/bench_near_optimal.py [--count 50] [--first 1] [--efforts quick,strong,max] [--fast] [--big 5]
[--first-use] [--cache DIR] [--out FILE]`` (each effort runs on every position in the same run: old and new side
by side).
(figures in docs/BENCHMARKS.md).
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.puzzle.board import Board, shuffle_uniform  # noqa: E402
from engine.rng import Rng  # noqa: E402

DATA = ROOT / "bench" / "data" / "korf_felner_24puzzle50_goal_blank_last.txt"
WRAP = (  # python -m engine.cli ..., then its own peak and its forked processes' largest, KiB, as the last stderr line
    "import atexit, resource, runpy, sys\n"
    "atexit.register(lambda: sys.stderr.write('PEAK %d %d\\n' % (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "
    "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)))\n"
    "sys.argv[0] = 'engine.cli'; runpy.run_module('engine.cli', run_name='__main__', alter_sys=True)"
)


def load_positions(path: Path = DATA) -> list[tuple[Board, int]]:
    """The 5x5 positions and their optimal lengths."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        v = [int(x) for x in line.split()]
        if v:
            out.append((Board.from_tiles(v[:25], 5, 5), v[25]))
    return out


def run_cli(
    board: Board, solver: str, env: dict[str, str], effort: str = "quick"
) -> tuple[dict[str, object], float, float, float, str]:
    """Solve ``board`` in a fresh CLI process: (its JSON answer, wall seconds, CPU seconds, peak MiB, stderr)."""
    size = f"{board.width}x{board.height}"
    argv = [sys.executable, "-c", WRAP, "puzzle", "solve", "--solver", solver, "--board", board.text(),
            "--size", size, "--format", "json", "--timeout", "3600"]  # fmt: skip
    if solver == "near-optimal":
        argv += ["--effort", effort]
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.stdout.read(), proc.stderr.read()  # type: ignore[union-attr]
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{solver} failed on {board.text()}: {err.decode()[-300:]}")
    answer = json.loads(out)
    if not board.apply(str(answer["moves"])).is_solved():
        raise RuntimeError(f"{solver} gave a wrong solution for {board.text()}")
    text = err.decode()
    tail = text.rstrip("\n").rsplit("\n", 1)[-1]
    if not tail.startswith("PEAK "):
        raise RuntimeError(f"no peak memory line from {solver}: {text[-300:]}")
    own, forked = (int(x) for x in tail.split()[1:3])
    text = text[: text.rindex("PEAK ")]
    return answer, wall, usage.ru_utime + usage.ru_stime, (own + forked) / 1024, text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=50, help="how many of the 50 5x5 positions")
    ap.add_argument("--first", type=int, default=1, help="the first position (1..50)")
    ap.add_argument("--efforts", default="quick", help="near-optimal efforts, comma-separated (quick,strong,max)")
    ap.add_argument("--fast", action="store_true", help="also run the fast solver on the 5x5 positions")
    ap.add_argument("--big", type=int, default=0, help="random 6x6 and 8x8 positions each")
    ap.add_argument("--first-use", action="store_true", help="first solve of each effort with an empty table cache")
    ap.add_argument("--cache", default=None, help="a table cache folder to use (default: a new empty one)")
    ap.add_argument("--out", default=None, help="also write the Markdown to this file")
    args = ap.parse_args()
    efforts = args.efforts.split(",")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    lines: list[str] = []

    def say(text: str) -> None:
        print(text, flush=True)
        lines.append(text)

    say(f"Load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)\n")
    with tempfile.TemporaryDirectory() as fresh:
        cache = args.cache or fresh
        env["TESSERA_CACHE"] = cache
        positions = load_positions()[args.first - 1 : args.first - 1 + args.count]
        for effort in efforts:
            board, opt = positions[0]
            ans, wall, cpu, mib, err = run_cli(board, "near-optimal", env, effort)  # builds the tables if missing
            if args.first_use:
                say(
                    f"First use of {effort} (empty cache: its tables built): {wall:.1f} s ({cpu:.1f} s CPU), peak "
                    f"{mib:.0f} MiB, {err.count(chr(13)) + err.count(chr(10))} progress updates on stderr; "
                    f"{ans['length']} moves (optimal {opt}).\n"
                )
        head = "| # | optimal |" + "".join(f" {e} | ratio | s | CPU s | MiB |" for e in efforts)
        say(head + (" fast | fast ratio |" if args.fast else ""))
        say("|---|---|" + "---|---|---|---|---|" * len(efforts) + ("---|---|" if args.fast else ""))
        ratios: dict[str, list[float]] = {e: [] for e in efforts}
        walls: dict[str, list[float]] = {e: [] for e in efforts}
        cpus: dict[str, list[float]] = {e: [] for e in efforts}
        mems: dict[str, list[float]] = {e: [] for e in efforts}
        fast_ratios: list[float] = []
        for i, (board, opt) in enumerate(positions, args.first):
            row = f"| {i} | {opt} |"
            for effort in efforts:
                ans, wall, cpu, mib, _ = run_cli(board, "near-optimal", env, effort)
                length = int(str(ans["length"]))
                ratios[effort].append(length / opt)
                walls[effort].append(wall)
                cpus[effort].append(cpu)
                mems[effort].append(mib)
                row += f" {length} | {length / opt:.3f} | {wall:.2f} | {cpu:.2f} | {mib:.0f} |"
            if args.fast:
                fans = run_cli(board, "fast", env)[0]
                flen = int(str(fans["length"]))
                fast_ratios.append(flen / opt)
                row += f" {flen} | {flen / opt:.3f} |"
            say(row)
        say("")
        for effort in efforts:
            r, w, c, m = ratios[effort], walls[effort], cpus[effort], mems[effort]
            say(
                f"5x5 {effort}, {len(positions)} positions: mean ratio {statistics.mean(r):.4f} (max {max(r):.3f}), "
                f"seconds median {statistics.median(w):.2f} max {max(w):.2f} (CPU median "
                f"{statistics.median(c):.2f} max {max(c):.2f}), peak memory max {max(m):.0f} MiB"
            )
        if fast_ratios:
            say(f"fast solver mean ratio {statistics.mean(fast_ratios):.3f}")
        if args.big:
            say("")
            say("| size | seed | near-optimal | seconds | fast | seconds | fast / near |")
            say("|---|---|---|---|---|---|---|")
            for w in (6, 8):
                near_l, fast_l = [], []
                for seed in range(1, args.big + 1):
                    board = shuffle_uniform(w, w, Rng(seed))
                    ans, wall = run_cli(board, "near-optimal", env)[:2]
                    fans, fwall = run_cli(board, "fast", env)[:2]
                    n, f = int(str(ans["length"])), int(str(fans["length"]))
                    near_l.append(n)
                    fast_l.append(f)
                    say(f"| {w}x{w} | {seed} | {n} | {wall:.2f} | {f} | {fwall:.2f} | {f / n:.2f} |")
                mean_n, mean_f = statistics.mean(near_l), statistics.mean(fast_l)
                say(f"| {w}x{w} | mean | {mean_n:.1f} | | {mean_f:.1f} | | {mean_f / mean_n:.2f} |")
    say(f"\nLoad average at the end: {os.getloadavg()[0]:.1f}")
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
