"""Old code against new on every shape, side by side in one run, as a user sees it.

Each case runs ``python -m engine.cli generate ... --format json -o FILE`` in fresh
processes, old and new interleaved (old, new, old, new, ...) so machine load hits
both alike, and reads the JSON's ``seconds`` field (wall time) (building the grid, cutting it to a
mask, carving: what the CLI times).  Old and new must write the same maze (the JSON
without ``seconds``, hashed); a difference stops the run.  Medians over ``--repeats``; beside
them the whole process's CPU time (imports and JSON writing included), steadier on a shared machine.

``--cpu`` measures the same cases' ``MazeSpec.build()`` (exactly what ``seconds`` covers) in fresh
processes as main-thread CPU time (``time.thread_time``) beside its wall time, and checks the mazes'
digests: on a shared machine CPU time is the fair comparison.

``--small`` measures instead every generator on every shape at 100x100 (and the heart
mask on the square grid) in-process: the median over seeds 0..4 of ``MazeSpec.build()`` (main-thread CPU
time: the machine is shared)
on a grid already built once (generation of the 10,000-cell mazes; the first build
pays for imports and tables and is not counted).

Each case runs seeds 1, 2, 3 in turn (``--repeats`` runs in all; 3 gives each seed once).  ``--both`` adds
the build's main-thread CPU (as ``--cpu`` measures it) to the CLI table, in the same interleaved run.
``--only`` takes comma-separated label texts.  The load average before and after heads the results file.

Usage::

    git worktree add /tmp/old <commit>     # or: git archive <commit> | tar -x -C /tmp/old
    python bench/bench_shapes_old_new.py --old /tmp/old [--new /tmp/new] [--repeats 3] [--small | --cpu | --both]
        [--only TEXT,TEXT] [--out NAME.md]

Writes ``bench/results/shapes_old_new.md`` (``shapes_cpu_old_new.md``, ``shapes_small_old_new.md``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile

NEW = pathlib.Path(__file__).resolve().parents[1]
CASES = [
    ("hex", "backtracker", "1000x1000", []),
    ("hex", "hunt-and-kill", "1000x1000", []),
    ("triangle", "backtracker", "1000x1000", []),
    ("polar", "backtracker", "480x480", []),
    ("upsilon", "backtracker", "700x700", []),
    ("square", "backtracker", "1000x1000", ["--mask", "heart"]),
    ("square", "backtracker", "1000x1000", ["--weave", "0.5"]),
    ("hex", "backtracker", "1000x1000", ["--weave", "0.5"]),
]
SMALL = """
import json, statistics, sys, time
sys.path.insert(0, '.')
from engine.maze.generators import GENERATORS
from engine.maze.masks import Mask
from engine.maze.recipe import MazeSpec
out = {}
for shape in ("square", "hex", "triangle", "polar", "upsilon", "heart"):
    sh = "square" if shape == "heart" else shape
    for name, info in GENERATORS.items():
        if sh not in info.shapes or (shape == "heart" and not info.masks):
            continue
        kw = dict(mask=Mask.builtin("heart")) if shape == "heart" else {}
        MazeSpec.create(sh, 100, 100, name, seed=99, **kw).build()
        ts = []
        for seed in range(5):
            spec = MazeSpec.create(sh, 100, 100, name, seed=seed, **kw)
            t = time.thread_time()
            spec.build()
            ts.append(time.thread_time() - t)
        out[shape + " " + name] = statistics.median(ts)
print(json.dumps(out))
"""


BUILD = """
import hashlib, json, sys, time
sys.path.insert(0, '.')
from engine.maze.masks import Mask
from engine.maze.recipe import MazeSpec
shape, algo, size, extra = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
w, h = (int(v) for v in size.split('x'))
kw = {}
if extra[:1] == ['--mask']:
    kw['mask'] = Mask.builtin(extra[1])
if extra[:1] == ['--weave']:
    kw['weave'] = float(extra[1])
seed = int(extra.pop()) if extra and extra[-1].isdigit() else 1
spec = MazeSpec.create(shape, w, h, algo, seed=seed, **kw)
t, c = time.perf_counter(), time.thread_time()
maze = spec.build()
print(json.dumps([time.thread_time() - c, time.perf_counter() - t, maze.digest()]))
"""


SEEDS = [1, 2, 3]


def run_build(
    root: pathlib.Path, shape: str, algo: str, size: str, extra: list[str], seed: int = 1
) -> tuple[float, float, str]:
    """``(main-thread CPU s, wall s, maze digest)`` of ``MazeSpec.build()`` (what the CLI's ``seconds`` covers)
    in a fresh process."""
    got = subprocess.run(
        [sys.executable, "-c", BUILD, shape, algo, size, *extra, str(seed)],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    cpu, wall, digest = json.loads(got)
    return float(cpu), float(wall), str(digest)


def cpu_table(old: pathlib.Path, new: pathlib.Path, repeats: int) -> list[str]:
    rows = ["| case | old CPU s | new CPU s | old / new | old wall s | new wall s |", "|---|---:|---:|---:|---:|---:|"]
    for shape, algo, size, extra in CASES:
        o, n, ow, nw = [], [], [], []
        for i in range(repeats):
            seed = SEEDS[i % len(SEEDS)]
            co, wo, do = run_build(old, shape, algo, size, extra, seed)
            cn, wn, dn = run_build(new, shape, algo, size, extra, seed)
            if do != dn:
                raise SystemExit(f"old and new built different mazes: {shape} {algo} {size} {extra}")
            o.append(co)
            n.append(cn)
            ow.append(wo)
            nw.append(wn)
        mo, mn = statistics.median(o), statistics.median(n)
        label = f"{shape} {size} {algo} {' '.join(extra)}".strip()
        rows.append(
            f"| {label} | {mo:.3f} | {mn:.3f} | {mo / mn:.2f} | {statistics.median(ow):.2f} | "
            f"{statistics.median(nw):.2f} |"
        )
        print(rows[-1], flush=True)
    return rows


def run_cli(
    root: pathlib.Path, shape: str, algo: str, size: str, extra: list[str], out: str, seed: int = 1
) -> tuple[float, float, str]:
    """``(seconds field, the process's CPU seconds, maze digest)`` of one fresh ``generate`` process."""
    cmd = [
        sys.executable,
        "-m",
        "engine.cli",
        "generate",
        "--shape",
        shape,
        "--algo",
        algo,
        "--size",
        size,
        "--seed",
        str(seed),
        *extra,
        "--format",
        "json",
        "-o",
        out,
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=root, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    data = json.loads(pathlib.Path(out).read_text())
    secs = float(data.pop("seconds"))
    return secs, cpu, hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def big(old: pathlib.Path, new: pathlib.Path, repeats: int, both: bool = False) -> list[str]:
    """The CLI's ``seconds`` (and with ``both`` the build's main-thread CPU, fresh processes too), old and new
    interleaved, seeds 1, 2, 3 in turn; new / old is the share of the old time the new code takes."""
    head = "| case | old `seconds` | new `seconds` | new / old | old process CPU s | new process CPU s |"
    rule = "|---|---:|---:|---:|---:|---:|"
    if both:
        head += " old build CPU s | new build CPU s | new / old |"
        rule += "---:|---:|---:|"
    rows = [head, rule]
    with tempfile.TemporaryDirectory() as tmp:
        out = str(pathlib.Path(tmp) / "m.json")
        for shape, algo, size, extra in CASES:
            o, n, oc, nc, ob, nb = [], [], [], [], [], []
            for i in range(repeats):
                seed = SEEDS[i % len(SEEDS)]
                so, co, do = run_cli(old, shape, algo, size, extra, out, seed)
                sn, cn, dn = run_cli(new, shape, algo, size, extra, out, seed)
                if do != dn:
                    raise SystemExit(f"old and new wrote different mazes: {shape} {algo} {size} {extra} seed {seed}")
                o.append(so)
                n.append(sn)
                oc.append(co)
                nc.append(cn)
                if both:
                    ob.append(run_build(old, shape, algo, size, extra, seed)[0])
                    nb.append(run_build(new, shape, algo, size, extra, seed)[0])
            mo, mn = statistics.median(o), statistics.median(n)
            label = f"{shape} {size} {algo} {' '.join(extra)}".strip()
            row = (
                f"| {label} | {mo:.3f} | {mn:.3f} | {mn / mo:.2f} | {statistics.median(oc):.2f} | "
                f"{statistics.median(nc):.2f} |"
            )
            if both:
                bo, bn = statistics.median(ob), statistics.median(nb)
                row += f" {bo:.3f} | {bn:.3f} | {bn / bo:.2f} |"
            rows.append(row)
            print(rows[-1], flush=True)
    return rows


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes), for the table's caption."""
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def small(old: pathlib.Path, new: pathlib.Path, repeats: int) -> list[str]:
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for _ in range(repeats):
        for key, root in (("old", old), ("new", new)):
            got = subprocess.run([sys.executable, "-c", SMALL], cwd=root, check=True, capture_output=True, text=True)
            runs[key].append(json.loads(got.stdout))
    rows = ["| shape generator | old ms | new ms | old / new |", "|---|---:|---:|---:|"]
    for case in runs["new"][0]:
        mo = statistics.median(r[case] for r in runs["old"]) * 1000
        mn = statistics.median(r[case] for r in runs["new"]) * 1000
        rows.append(f"| {case} | {mo:.1f} | {mn:.1f} | {mo / mn:.2f} |")
        print(rows[-1], flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, type=pathlib.Path, help="a checkout of the old code")
    ap.add_argument("--new", type=pathlib.Path, default=NEW, help="a checkout of the new code (default: this one)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--small", action="store_true", help="every generator and shape at 100x100, in-process")
    ap.add_argument("--cpu", action="store_true", help="the big cases' MazeSpec.build() CPU time, fresh processes")
    ap.add_argument(
        "--only",
        default="",
        help="only the big cases whose label contains one of these comma-separated texts (e.g. polar,weave)",
    )
    ap.add_argument("--both", action="store_true", help="the CLI's seconds and the build's CPU, in one run")
    ap.add_argument("--out", default="", help="the results file's name in bench/results (default by mode)")
    args = ap.parse_args()
    if args.only:
        wanted = [w for w in args.only.split(",") if w]
        CASES[:] = [c for c in CASES if any(w in f"{c[0]} {c[2]} {c[1]} {' '.join(c[3])}" for w in wanted)]
    before = load()
    print(f"load average before: {before}", flush=True)
    if args.small:
        rows, name = small(args.old, args.new, args.repeats), "shapes_small_old_new.md"
    elif args.cpu:
        rows, name = cpu_table(args.old, args.new, args.repeats), "shapes_cpu_old_new.md"
    else:
        rows, name = big(args.old, args.new, args.repeats, args.both), "shapes_old_new.md"
    after = load()
    print(f"load average after: {after}", flush=True)
    note = f"Load average (1 / 5 / 15 min) before {before}, after {after}; old = {args.old}, seeds {SEEDS}.\n\n"
    (NEW / "bench" / "results" / (args.out or name)).write_text(note + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
