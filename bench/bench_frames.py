"""Frame cost of the game window, old code against new, side by side under Xvfb (issue 31).

One command prints the table (and writes ``bench/results/frames.md``)::

    python bench/bench_frames.py --old /work/wt/base-frames [--new .] [--repeats 2] [--display :117]

It starts its own Xvfb (1280x800, 24 bit; Mesa's llvmpipe draws, so drawing is charged to the game process)
unless ``--display`` names a running one, then runs each scenario of ``bench/frames_driver.py`` in fresh
processes, old and new interleaved (old, new, old, new, ...), each checkout importing its own code:

* **CPU share** of one core (process CPU over wall seconds, all threads) of: a race running (30x30, the runner,
  after the countdown), an idle level with its clock running (20x20, 100x100, 300x300 square, after one step),
  walking a 100x100 maze (click-to-walk to the goal), the puzzle screen while the 4x4 optimal solver's tables
  build (the builder is a child process: not counted; its wall time against the CLI's
  ``puzzle solve --solver optimal`` with an empty cache);
* **frame times** while walking (intervals between presented frames: median, p90, max);
* **first frames** against a bare arcade window (a 1280x800 window filling half of itself) in the same run:
  launch -> menu drawn, ``tessera play`` of a 300x300 hex maze -> maze drawn, and Enter on the code screen with
  that code -> the first frame after the key and the maze's first frame.

The load average is printed with the table: the machine is shared, compare the columns of one run.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

NEW = pathlib.Path(__file__).resolve().parents[1]
DRIVER = NEW / "bench" / "frames_driver.py"
RESULTS = NEW / "bench" / "results" / "frames.md"
SCENARIOS = ("bare", "menu", "play300", "open300", "idle20", "idle100", "idle300", "walk100", "race", "progress4")


def pycache(checkout: pathlib.Path) -> str:
    """Where the bytecode of ``checkout`` is kept for the bench (an installed game has its ``.pyc`` files; this
    machine's ``PYTHONDONTWRITEBYTECODE`` would make every launch compile ~300 modules, about a second)."""
    return str(pathlib.Path(tempfile.gettempdir()) / "tessera-frames-pycache" / checkout.resolve().name)


def compile_all(checkout: pathlib.Path) -> None:
    """Byte-compile ``checkout``'s code and the installed packages into :func:`pycache` (before any timing)."""
    env = dict(os.environ, PYTHONPYCACHEPREFIX=pycache(checkout))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-c", "import arcade, pyglet, numpy, PIL, game.app, game.context, "
                    "game.routes, engine.maze.recipe"], cwd=checkout, env=env, capture_output=True, check=False)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "game", "engine"], cwd=checkout, env=env,
                   capture_output=True, check=False)


def run_driver(checkout: pathlib.Path, scenario: str, display: str, timeout: float = 240) -> dict[str, object]:
    """One scenario in a fresh process inside ``checkout``; the driver's JSON plus ``popen`` (launch time)."""
    home = tempfile.mkdtemp(prefix="tessera-frames-")
    out = pathlib.Path(home) / "out.json"
    env = dict(os.environ, DISPLAY=display, TESSERA_HOME=home, PYTHONPYCACHEPREFIX=pycache(checkout))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("ARCADE_HEADLESS", None)
    env.pop("TESSERA_CACHE", None)
    log = pathlib.Path(home) / "stderr.txt"
    t = time.time()
    with open(log, "w", encoding="utf-8") as err:  # a file, not a pipe: a child the game started may outlive it
        proc = subprocess.Popen([sys.executable, str(DRIVER), scenario, str(out)], cwd=checkout, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    try:
        data: dict[str, object] = json.loads(out.read_text())
    except (OSError, ValueError):
        print(f"{checkout} {scenario}: no result; stderr:\n{log.read_text()[-1500:]}", file=sys.stderr)
        data = {}
    data["popen"] = t
    shutil.rmtree(home, ignore_errors=True)
    return data


def cli_build_seconds(checkout: pathlib.Path) -> float:
    """Wall seconds of ``puzzle solve --solver optimal`` of the bench's 4x4 deal with an empty table cache."""
    home = tempfile.mkdtemp(prefix="tessera-frames-cli-")
    env = dict(os.environ, TESSERA_HOME=home)
    env.pop("TESSERA_CACHE", None)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "engine.cli", "puzzle", "solve", "--code", "P2.4X4.U#1-C7",
                    "--solver", "optimal", "--timeout", "600"], cwd=checkout, env=env, capture_output=True,
                   timeout=900, check=False)
    shutil.rmtree(home, ignore_errors=True)
    return time.perf_counter() - t


def first_frame(data: dict[str, object], view: str | None = None, since: str | None = None) -> float | None:
    """Seconds from launch (or the mark ``since``) to the first presented frame (of a view class ``view``)."""
    frames = data.get("frames") or []
    t0 = data["marks"].get(since) if since else data.get("popen")  # type: ignore[union-attr]
    if t0 is None:
        return None
    for t, name in frames:  # type: ignore[union-attr]
        if t >= t0 and (view is None or name == view):
            return float(t - t0)  # type: ignore[operator]
    return None


def share(data: dict[str, object]) -> float | None:
    """CPU seconds per wall second of the measured stretch."""
    if "cpu" not in data:
        return None
    return float(data["cpu"]) / max(1e-9, float(data["wall"]))  # type: ignore[arg-type]


def walk_frames(data: dict[str, object]) -> list[float]:
    """Intervals (ms) between frames presented during the measured walk."""
    t0 = data.get("t0")
    if t0 is None:
        return []
    t1 = float(t0) + float(data.get("wall", 0))  # type: ignore[arg-type]
    ts = [float(t) for t, _name in data.get("frames", []) if float(t0) <= float(t) <= t1]  # type: ignore[union-attr]
    return [1000 * (b - a) for a, b in zip(ts, ts[1:], strict=False)]


def p90(values: list[float]) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(0.9 * len(s)))] if s else float("nan")


def med(values: list[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", type=pathlib.Path, required=True, help="checkout of the old code")
    ap.add_argument("--new", type=pathlib.Path, default=NEW, help="checkout of the new code (default: this one)")
    ap.add_argument("--repeats", type=int, default=2, help="runs of each scenario per checkout (medians)")
    ap.add_argument("--display", help="a running X display (default: start Xvfb on a free one)")
    ap.add_argument("--only", nargs="*", choices=SCENARIOS, help="run only these scenarios")
    ap.add_argument("--build-timeout", type=float, default=1200,
                    help="seconds a table build may take before its run is stopped (its window share is kept)")
    ap.add_argument("--no-cli", action="store_true", help="skip the CLI table build (the progress row's baseline)")
    a = ap.parse_args()
    xvfb = None
    display = a.display
    if display is None:
        n = next(n for n in range(120, 200) if not pathlib.Path(f"/tmp/.X{n}-lock").exists())
        display = f":{n}"
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
    load0 = os.getloadavg()
    runs: dict[tuple[str, str], list[dict[str, object]]] = {}
    scenarios = a.only or list(SCENARIOS)
    for checkout in (a.old, a.new):
        compile_all(checkout)
    try:
        for scenario in scenarios:
            for _ in range(a.repeats):
                for name, checkout in (("old", a.old), ("new", a.new)):
                    if scenario == "bare" and name == "new":
                        continue  # the bare window is the same code in both
                    limit = a.build_timeout if scenario == "progress4" else 240
                    runs.setdefault((scenario, name), []).append(run_driver(checkout, scenario, display, limit))
        cli = None if a.no_cli or "progress4" not in scenarios else cli_build_seconds(a.new)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)
    load1 = os.getloadavg()

    def col(scenario: str, name: str, fn: object) -> float | None:
        return med([fn(d) for d in runs.get((scenario, name), [])])  # type: ignore[operator]

    bare = col("bare", "old", lambda d: first_frame(d))
    rows: list[tuple[str, str, str, str]] = []

    def pct(v: float | None) -> str:
        return "—" if v is None else f"{100 * v:.1f} %"

    def sec(v: float | None, ref: float | None = None, of: str = "bare") -> str:
        if v is None:
            return "—"
        return f"{v:.2f} s" + (f" ({v / ref:.2f}× {of})" if ref else "")

    for scenario, label, target in (("race", "a race running (30x30, runner)", "≤ 25 %"),
                                    ("idle20", "idle 20x20 level, clock running", "≤ 2 %"),
                                    ("idle100", "idle 100x100 level, clock running", "≤ 2 %"),
                                    ("idle300", "idle 300x300 level, clock running", "≤ 2 %"),
                                    ("walk100", "walking a 100x100 maze", "—"),
                                    ("progress4", "puzzle screen while 4x4 tables build (first seconds)", "≤ 5 %")):
        if scenario in scenarios:
            rows.append((label, pct(col(scenario, "old", share)), pct(col(scenario, "new", share)), target))
    if "walk100" in scenarios:
        for stat, fn in (("median", statistics.median), ("p90", p90), ("max", max)):
            def frame_stat(d: dict[str, object], fn: object = fn) -> float | None:
                w = walk_frames(d)
                return float(fn(w)) if w else None  # type: ignore[operator]
            o, n = col("walk100", "old", frame_stat), col("walk100", "new", frame_stat)
            rows.append((f"walk 100x100: {stat} frame", "—" if o is None else f"{o:.1f} ms",
                         "—" if n is None else f"{n:.1f} ms", "p90 ≤ 20 ms" if stat == "p90" else ""))
    if "progress4" in scenarios:
        o, n = col("progress4", "old", lambda d: d.get("build")), col("progress4", "new", lambda d: d.get("build"))
        ref = f"CLI {cli:.1f} s" if cli else "CLI not run"
        rows.append((f"4x4 tables build + solve, wall ({ref})", sec(o, cli, "CLI"), sec(n, cli, "CLI"), "≤ 1.3× CLI"))
    if bare is not None:
        rows.append(("bare arcade window: launch -> first frame", sec(bare), sec(bare), ""))
    for scenario, label, view, since, target in (
            ("menu", "launch -> menu drawn", None, None, "≤ 1.5× bare"),
            ("play300", "`play` 300x300 hex -> maze drawn", "PlayView", None, "≤ 2.0× bare"),
            ("open300", "Enter on the code -> its first frame", None, "key", "≤ 0.3 s"),
            ("open300", "Enter on the code -> maze drawn", "PlayView", "key", "")):
        if scenario in scenarios:
            def ff(d: dict[str, object], view: str | None = view, since: str | None = since) -> float | None:
                return first_frame(d, view, since)
            ref = bare if since is None else None
            rows.append((label, sec(col(scenario, "old", ff), ref), sec(col(scenario, "new", ff), ref), target))
    lines = [f"Frame cost, old ({a.old}) -> new ({a.new}), Xvfb 1280x800 llvmpipe, medians of {a.repeats} "
             f"interleaved runs; load average {load0[0]:.2f} at the start, {load1[0]:.2f} at the end "
             f"({os.cpu_count()} cores)", "",
             "| what | old | new | target |", "|---|---|---|---|"]
    lines += [f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} |" for r in rows]
    text = "\n".join(lines)
    print(text)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("# " + text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
