"""Where a solve lost moves (:func:`engine.puzzle.analysis.analyse`): seconds to the first loss and to the whole
analysis of 150-move 4x4 solves, old code against new in one run, and the win screen's frames while it runs.

The solves (``bench/data/analysis_solves_4x4.txt``, made once by ``--record``) stand in for a person's: a uniform
4x4 shuffle (seeded), 20 random moves (no undo), then the fast layered A* (no boost: row by row, as people solve)
from there, with detours (a slide and its way back) slipped in at random moves until the solve has 150 moves.

Each checkout (``--old`` and the new one, this file's) is run in its own fresh process per solve, old and new
interleaved, each importing its own ``engine`` (``bench/bench_analysis.py --worker``, tables loaded first and not
timed). Each solve is analysed *warm* (the start's optimum known: the win has it from the meter or the daily) and
*cold* (nothing known). Timed from the call: the first ``update`` that holds a loss (what the win screen can show
first) and the return, in CPU seconds of the analysing thread and wall seconds. Both checkouts' distances and
losses are compared: they must be identical (and the losses sum to the moves minus the optimum).

``--frames`` instead opens the real win screen of the first solve in a window (under its own Xvfb unless
``--display``) in each checkout (``bench/analysis_frames_driver.py``) and logs every frame's duration while the
analysis runs: worst and p99.

The new code is also run as the game runs it (unless ``--no-split``): two analysis workers
(``game.puzzle.tasks.analysis_worker``: child processes at the game's niceness + 10, both warm), one forward from the
start and one backward from the solved end, their states merged until every position is proven; wall seconds to the
first loss and to the end, and both workers' CPU seconds.

Run (one command each; ``TESSERA_HOME`` / ``TESSERA_CACHE`` as for the game: the 4x4 tables are built there once):
``python bench/bench_analysis.py --old /tmp/old-analysis [--boards 6] [--out FILE]`` (writes
``bench/results/analysis.md``), ``python bench/bench_analysis.py --old /tmp/old-analysis --frames [--repeats 2]``
(``bench/results/analysis_frames.md``; the frames bench keeps its own home and cache).  ``--new-env
TESSERA_ANALYSIS_WORKERS=1`` (one worker, no backward one) or ``--new-env TESSERA_ANALYSIS_NICE=0`` (the workers at
the window's priority) try the new code's variants in the window.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOLVES = ROOT / "bench" / "data" / "analysis_solves_4x4.txt"
LENGTH = 150


def make_solves(count: int) -> list[tuple[int, tuple[int, ...], str, int]]:
    """``count`` (seed, start tiles, moves, optimum) solves of :data:`LENGTH` moves (module docstring)."""
    sys.path.insert(0, str(ROOT))
    from engine.puzzle.astar import solve_fast
    from engine.puzzle.board import INVERSE, random_walk, shuffle_uniform
    from engine.puzzle.optimal import solve_optimal
    from engine.rng import Rng

    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = Rng(seed)
        start = shuffle_uniform(4, 4, rng)
        wander = random_walk(start, 20, rng)
        moves = wander + solve_fast(start.apply(wander), boost=False, timeout=30).moves
        if len(moves) > LENGTH:
            continue
        while len(moves) < LENGTH:
            at = rng.below(len(moves) - 1)  # a detour before a move that is not the last (never past solved)
            b = start.apply(moves[:at])
            x = b.legal_moves()[rng.below(len(b.legal_moves()))]
            moves = moves[:at] + x + INVERSE[x] + moves[at:]
        assert start.apply(moves).is_solved()
        out.append((seed, start.tiles, moves, solve_optimal(start).length))
    return out


def read_solves(path: Path = SOLVES) -> list[tuple[int, tuple[int, ...], str, int]]:
    """The recorded solves: one a line, ``seed;tiles (space-separated, row-major, 0 = blank);moves;optimum``."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            seed, tiles, moves, best = line.split(";")
            out.append((int(seed), tuple(int(t) for t in tiles.split()), moves, int(best)))
    return out


# -- the worker: runs inside one checkout -------------------------------------------------------------------------
def worker(seed: int) -> dict[str, object]:
    """Analyse recorded solve ``seed`` warm and cold with the checkout on ``sys.path[0]``; what was measured."""
    from engine.puzzle.analysis import SolveAnalysis, analyse
    from engine.puzzle.board import Board
    from engine.puzzle.optimal import prepare

    prepare(4, 4)
    (row,) = [s for s in read_solves() if s[0] == seed]
    _, tiles, moves, best = row
    start = Board(4, 4, tiles)
    out: dict[str, object] = {"seed": seed, "moves": len(moves), "optimal": best}
    for name, known in (("warm", {start.tiles: best}), ("cold", {})):
        first: list[float] = []
        t0, c0 = time.perf_counter(), time.thread_time()

        def update(a: SolveAnalysis, first: list[float] = first, t0: float = t0, c0: float = c0) -> None:
            if not first and a.losses():
                first.extend((time.perf_counter() - t0, time.thread_time() - c0))

        a = analyse(start, moves, known=known, update=update)
        wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
        out[name] = {
            "first_wall": first[0] if first else wall, "first_cpu": first[1] if first else cpu,
            "wall": wall, "cpu": cpu, "lost": a.lost, "distances": a.distances,
            "losses": [[x.move, x.lost] for x in a.losses()],
        }
    return out


def worker_split(seed: int) -> dict[str, object]:
    """Recorded solve ``seed``, warm, as the game measures it (this checkout only): two analysis workers
    (``game.puzzle.tasks.analysis_worker``, both warmed first and not timed), forward and backward, their states
    merged (``engine.puzzle.analysis_stream.merge_states``) until finished; wall seconds to the first loss and to the
    end, both children's CPU seconds, the distances and losses."""
    from engine.puzzle.analysis import SolveAnalysis
    from engine.puzzle.analysis_stream import analyse_streamed, merge_states, warm_exact
    from engine.puzzle.board import Board
    from game.puzzle.tasks import analysis_worker

    (row,) = [s for s in read_solves() if s[0] == seed]
    _, tiles, moves, best = row
    start = Board(4, 4, tiles)
    workers = [analysis_worker(0), analysis_worker(1)]
    for w in workers:
        w.warm(warm_exact, 4, 4).join(60)
    while not all(w.warmed for w in workers):
        for w in workers:
            w.pump(0.05)
    cpu0 = [_child_cpu(w.process.pid) for w in workers]
    base = SolveAnalysis(start, moves, True)
    known = {start.tiles: best}
    t0 = time.perf_counter()
    runs = {"forward": workers[0].run(analyse_streamed, start, moves, known),
            "backward": workers[1].run(analyse_streamed, start, moves, known, backward=True)}
    states: dict[str, object] = {}
    first = None
    while True:
        for k, t in runs.items():
            got = t.take()
            if got is None and t.done and t.error is None:
                got = t.result()
            if got is not None:
                states[k] = got
        if states:
            a = base.with_state(merge_states(base, list(states.values())))  # type: ignore[arg-type]
            if first is None and a.losses():
                first = time.perf_counter() - t0
            if a.finished:
                break
        time.sleep(0.005)
    wall = time.perf_counter() - t0
    for t in runs.values():
        t.cancel()
    for t in runs.values():
        t.wait(10)
    cpu = [_child_cpu(w.process.pid) - c for w, c in zip(workers, cpu0, strict=True)]
    for w in workers:
        w.close()
    return {"first_wall": first if first is not None else wall, "wall": wall, "cpu": sum(cpu),
            "cpu_each": cpu, "distances": a.distances, "losses": [[x.move, x.lost] for x in a.losses()],
            "lost": a.lost}


def _child_cpu(pid: int) -> float:
    """CPU seconds (user + system) of process ``pid`` so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_split(seed: int) -> dict[str, object]:
    """:func:`worker_split` in a fresh process (this checkout)."""
    code = (f"import sys, json; sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(1, {str(ROOT / 'bench')!r});"
            f"import bench_analysis as b; print(json.dumps(b.worker_split({seed})))")
    done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=str(ROOT),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def run_worker(checkout: Path, seed: int) -> dict[str, object]:
    """:func:`worker` in a fresh process importing ``checkout``'s code (this file's recorded solves)."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    code = (f"import sys, json; sys.path.insert(0, {str(checkout)!r}); sys.path.insert(1, {str(ROOT / 'bench')!r});"
            f"import bench_analysis as b; print(json.dumps(b.worker({seed})))")
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=str(checkout), capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def load() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def compare(old_dir: Path, boards: int, out: Path, with_split: bool = True) -> int:
    """The timing table, old and new interleaved per solve (module docstring)."""
    rows, sums = [], {(c, n): {"first_cpu": [], "cpu": [], "first_wall": [], "wall": []}
                      for c in ("old", "new") for n in ("warm", "cold")}
    loads = [load()]
    same = True
    split: list[dict[str, Any]] = []
    for seed, _, moves, best in read_solves()[:boards]:
        got: dict[str, Any] = {"old": run_worker(old_dir, seed), "new": run_worker(ROOT, seed)}
        two: dict[str, Any] | None = run_split(seed) if with_split else None
        line = f"| {seed} | {len(moves)} | {best} |"
        for name in ("warm", "cold"):
            o, n = got["old"][name], got["new"][name]  # type: ignore[index]
            ok = o["distances"] == n["distances"] and o["losses"] == n["losses"] and n["lost"] == len(moves) - best
            same = same and ok
            for c, r in (("old", o), ("new", n)):
                for k in sums[(c, name)]:
                    sums[(c, name)][k].append(r[k])
            line += (f" {o['first_cpu']:.2f} → {n['first_cpu']:.2f} | {o['cpu']:.2f} → {n['cpu']:.2f} |"
                     f" {'same' if ok else 'DIFFERENT'} |")
        if two is not None:
            n = got["new"]["warm"]
            ok = two["distances"] == n["distances"] and two["losses"] == n["losses"]
            same = same and ok
            split.append(two)
            line += (f" {two['first_wall']:.2f} | {two['wall']:.2f} ({two['cpu']:.2f}) |"
                     f" {'same' if ok else 'DIFFERENT'} |")
        rows.append(line)
        loads.append(load())
        print(line, file=sys.stderr)
    head = ["| seed | moves | optimal | warm: first loss CPU s, old → new | warm: whole CPU s | warm: result "
            "| cold: first loss CPU s | cold: whole CPU s | cold: result |"
            + (" new, two workers (warm): first loss wall s | whole wall s (CPU s of both) | result |"
               if with_split else ""),
            "|---|---|---|---|---|---|---|---|---|" + ("---|---|---|" if with_split else "")]
    tail = []
    if split:
        walls = [float(x["wall"]) for x in split]
        firsts = [float(x["first_wall"]) for x in split]
        cpus = [float(x["cpu"]) for x in split]
        tail.append(f"- new, two workers (the game's way), warm: first loss wall median "
                    f"{statistics.median(firsts):.2f} s, worst {max(firsts):.2f} s; whole wall median "
                    f"{statistics.median(walls):.2f} s, worst {max(walls):.2f} s; CPU of both median "
                    f"{statistics.median(cpus):.2f} s, worst {max(cpus):.2f} s")
    for name in ("warm", "cold"):
        for c in ("old", "new"):
            s = sums[(c, name)]
            tail.append(f"- {name}, {c}: first loss CPU median {statistics.median(s['first_cpu']):.2f} s, worst "
                        f"{max(s['first_cpu']):.2f} s (wall {statistics.median(s['first_wall']):.2f} / "
                        f"{max(s['first_wall']):.2f} s); whole CPU median {statistics.median(s['cpu']):.2f} s, worst "
                        f"{max(s['cpu']):.2f} s (wall {statistics.median(s['wall']):.2f} / {max(s['wall']):.2f} s)")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    text = "\n".join(["# Analysis of 150-move 4x4 solves, old against new (bench/bench_analysis.py)", "",
                      f"Measured {when}; old = {old_dir}; load average (1 / 5 / 15 min) at each solve: "
                      + ", ".join(loads), "", *head, *rows, "", *tail, "",
                      "Distances and losses identical in both: " + ("yes" if same else "NO"), ""])
    out.write_text(text, encoding="utf-8")
    print(text)
    return 0 if same else 1


# -- frames ---------------------------------------------------------------------------------------------------------
def frames(old_dir: Path, display: str | None, out: Path, seconds: float, repeats: int,
           new_env: dict[str, str] | None = None) -> int:
    """The win screen's frame times while the analysis runs, each checkout in its own window (module docstring)."""
    xvfb = None
    if display is None:
        display = next(f":{n}" for n in range(120, 160) if not Path(f"/tmp/.X{n}-lock").exists())
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
    driver = ROOT / "bench" / "analysis_frames_driver.py"
    new_env = new_env or {}
    key = _bench_tables()
    seed = read_solves()[0][0]
    rows = []
    try:
        for rep in range(repeats):
            for name, checkout in (("old", old_dir), ("new", ROOT)):
                with tempfile.TemporaryDirectory(prefix="tessera-frames-") as home:
                    res = Path(home) / "out.json"
                    shutil.copy(key, Path(home) / key.name)  # the bench's own table key: its cache is trusted
                    env = dict(os.environ, DISPLAY=display, PYTHONPATH=str(checkout), TESSERA_HOME=home,
                               TESSERA_CACHE=str(BENCH_HOME / "cache"))
                    if name == "new":
                        env.update(new_env)
                    env.pop("ARCADE_HEADLESS", None)
                    before = load()
                    subprocess.run([sys.executable, str(driver), str(seed), str(res), str(seconds)], env=env,
                                   cwd=str(checkout), check=True, timeout=900)
                    got = json.loads(res.read_text(encoding="utf-8"))
                ms = sorted(got["frames_ms"])
                idle = sorted(got["after_ms"]) or [0.0]
                n = len(ms)
                draws = sorted(got["draw_ms"][:n])
                cpu = sorted(got["draw_cpu_ms"][:n])
                idle_s = got.get("idle_seconds", 0.0) or 1.0
                rows.append(f"| {rep + 1} | {name} | {n} | {statistics.median(ms):.0f} | {_p99(ms):.0f} | "
                            f"{ms[-1]:.0f} | {sum(m > 50 for m in ms)} | {statistics.median(draws):.0f} / "
                            f"{statistics.median(cpu):.1f} | {statistics.median(idle):.0f} / {idle[-1]:.0f} | "
                            f"{got['first_loss']:.2f} | {got['finished']:.1f} | {got['cpu']:.1f} / "
                            f"{got.get('child_cpu', 0.0):.1f} | {got.get('idle_cpu', 0.0) / idle_s:.3f} / "
                            f"{got.get('idle_child_cpu', 0.0) / idle_s:.3f} | {before} |")
                print(rows[-1], file=sys.stderr)
    finally:
        if xvfb is not None:
            xvfb.terminate()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    text = "\n".join([
        "# The win screen's frames while a 150-move 4x4 solve is analysed (bench/bench_analysis.py --frames)", "",
        f"Measured {when}; old = {old_dir}; new with {new_env or 'its defaults'}; Xvfb 1280x800, Mesa llvmpipe; "
        f"solve seed {seed}. Frame = time between "
        "consecutive on_draw calls while the analysis runs (the window asks for 60 frames a second).", "",
        "| run | code | frames | median ms | p99 ms | worst ms | over 50 ms | on_draw median ms, wall / CPU | "
        "after it, median / worst ms | first loss shown, s | finished, s | CPU s while it ran: window process / "
        "analysis worker | idle puzzle screen CPU s per s: window / worker | load (1/5/15 min) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|", *rows, "",
        "*after it*: the same screen's frames in the second after the analysis finished (nothing running behind it), "
        "the control for what the machine's load alone costs a frame. *idle puzzle screen*: the 4x4 puzzle screen "
        "before the solve, left alone for 3 s once the analysis worker (new code only) had loaded its tables.", ""])
    out.write_text(text, encoding="utf-8")
    print(text)
    return 0


def _p99(sorted_ms: list[float]) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(0.99 * len(sorted_ms)))]


BENCH_HOME = Path(tempfile.gettempdir()) / "tessera-bench-analysis"
"""The frames bench's own home and table cache (never the player's: a table's digest is keyed by the home's key,
so another home's tables would not be trusted, and would be rebuilt over them)."""


def _bench_tables() -> Path:
    """Build the 4x4 tables once into :data:`BENCH_HOME` (its own key); the key file's path."""
    from_home = BENCH_HOME / "home"
    env = dict(os.environ, TESSERA_HOME=str(from_home), TESSERA_CACHE=str(BENCH_HOME / "cache"),
               PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-c", "from engine.puzzle.optimal import prepare; prepare(4, 4)"], env=env,
                   cwd=str(ROOT), check=True)
    sys.path.insert(0, str(ROOT))
    from engine.paths import KEY_NAME

    return from_home / KEY_NAME


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", help="the old checkout (e.g. a worktree of main at the base commit)")
    ap.add_argument("--boards", type=int, default=6)
    ap.add_argument("--out", help="the results file (default bench/results/analysis.md or analysis_frames.md)")
    ap.add_argument("--frames", action="store_true", help="measure the win screen's frames instead")
    ap.add_argument("--display", help="a running X display for --frames (default: start an Xvfb)")
    ap.add_argument("--seconds", type=float, default=60.0, help="--frames: longest a window waits for the analysis")
    ap.add_argument("--repeats", type=int, default=1, help="--frames: old/new pairs")
    ap.add_argument("--new-env", action="append", default=[], metavar="KEY=VALUE",
                    help="--frames: an environment variable for the new checkout's window (e.g. "
                         "TESSERA_ANALYSIS_WORKERS=1, TESSERA_ANALYSIS_NICE=0)")
    ap.add_argument("--no-split", action="store_true", help="skip the new code's two-worker run (the game's way)")
    ap.add_argument("--record", type=int, metavar="N", help="record N solves to the data file and stop")
    args = ap.parse_args(argv)
    if args.record:
        lines = ["# seed;start tiles (row-major, 0 = blank);the blank's moves;optimum (bench/bench_analysis.py)"]
        lines += [f"{s};{' '.join(map(str, t))};{m};{b}" for s, t, m, b in make_solves(args.record)]
        SOLVES.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return 0
    if not args.old:
        ap.error("give --old CHECKOUT (e.g. git worktree add --detach /tmp/old-analysis 8e806b2)")
    old = Path(args.old).resolve()
    if args.frames:
        out = Path(args.out or ROOT / "bench" / "results" / "analysis_frames.md")
        extra = dict(kv.split("=", 1) for kv in args.new_env)
        return frames(old, args.display, out, args.seconds, args.repeats, extra)
    return compare(old, args.boards, Path(args.out or ROOT / "bench" / "results" / "analysis.md"),
                   not args.no_split)


if __name__ == "__main__":
    sys.exit(main())
