"""Opening the campaign map as a player gets it: a real window under Xvfb, CPU of the game process.

For each checkout (old, new, interleaved ``--repeats`` times), in a fresh game with a fresh save:

1. launch ``python -m game.launcher`` in an Xvfb window (``--size``, default 1280x800) and wait until the
   menu has settled;
2. **menu**: press the keys that open the campaign map from the menu (``--keys``, default the Play group
   then Campaign), and count the process's CPU ticks (``/proc/PID/stat`` utime + stime, every thread)
   over the 10 s after the last key, less the ticks of 10 s of the map sitting idle right after (on a
   loaded machine a starved process can go a second without a tick in the middle of its work, so a
   "wait until quiet" would stop early: the window is fixed);
3. **again**: Esc back to the menu, and the same keys again (the map opened a second time);
4. **from a level**: Enter on the map opens level 1, Esc comes back to the map.

``idle`` is the map's own 10 idle seconds (subtracted from the three).  Prints and writes
``bench/results/map_open.md`` with the load average.

Usage::

    python bench/bench_map_open.py --old /tmp/map-old [--new .] [--repeats 3] [--display :114]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

NEW = pathlib.Path(__file__).resolve().parents[1]
TICK = 1 / os.sysconf("SC_CLK_TCK")
#: Seconds after the key that are always counted (see :func:`settle`).
WINDOW = 10.0


def ticks(pid: int) -> int:
    """utime + stime of ``pid`` (all its threads), in clock ticks."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def settle(pid: int, quiet: float, at_least: float = 0.0, limit: float = 8.0) -> int:
    """Wait at least ``at_least`` seconds and until ``pid`` used no CPU for ``quiet`` seconds; return the ticks at
    the last busy sample.  On a loaded machine a starved process can go a second without a tick in the middle
    of its work, hence the minimum wait.  The menu's carving backdrop never goes quiet: at most ``limit`` s."""
    start = time.monotonic()
    last, last_change, end = ticks(pid), start, start + limit
    while time.monotonic() < end:
        time.sleep(0.05)
        now = ticks(pid)
        if now != last:
            last, last_change = now, time.monotonic()
        elif time.monotonic() - last_change >= quiet and time.monotonic() - start >= at_least:
            return last
    return last


def keys(display: str, names: list[str]) -> None:
    env = dict(os.environ, DISPLAY=display)
    wid = subprocess.run(["xdotool", "search", "--name", "Tessera"], env=env, capture_output=True, text=True,
                         check=False).stdout.split()
    for name in names:
        cmd = ["xdotool", "key", "--delay", "30"]
        if wid:
            cmd += ["--window", wid[-1]]
        subprocess.run([*cmd, name], env=env, check=True)
        time.sleep(0.15)


def one_run(root: pathlib.Path, display: str, size: str, open_keys: list[str], quiet: float) -> dict[str, float]:
    """The three openings' CPU seconds for the checkout at ``root``: the ticks of the :data:`WINDOW` seconds after
    the key, less the ticks of as many seconds of the map sitting idle afterwards."""
    home = tempfile.mkdtemp(prefix="tessera-bench-map-")
    env = dict(os.environ, DISPLAY=display, TESSERA_HOME=home)
    env.pop("ARCADE_HEADLESS", None)
    w, h = size.split("x")
    proc = subprocess.Popen([sys.executable, "-m", "game.launcher"], cwd=root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def span(names: list[str]) -> float:
        t0 = ticks(proc.pid)
        keys(display, names)
        time.sleep(WINDOW)
        return (ticks(proc.pid) - t0) * TICK

    try:
        time.sleep(4)
        subprocess.run(["xdotool", "search", "--sync", "--name", "Tessera", "windowsize", "%@", w, h],
                       env=env, check=False, timeout=20, capture_output=True)
        keys(display, ["Escape"])  # a first launch may greet: Esc leaves the greeting (or does nothing more)
        settle(proc.pid, quiet, 2.0)
        out = {}
        keys(display, open_keys[:-1])
        settle(proc.pid, quiet, 1.0)
        raw = {"menu": span(open_keys[-1:])}
        idle = span([])  # the map sitting still
        keys(display, ["Escape"])
        settle(proc.pid, quiet, 1.0)
        keys(display, open_keys[:-1])
        settle(proc.pid, quiet, 1.0)
        raw["again"] = span(open_keys[-1:])
        keys(display, ["Return"])  # level 1
        settle(proc.pid, quiet, 2.0)
        raw["from a level"] = span(["Escape"])
        for k, v in raw.items():
            out[k] = max(0.0, v - idle)
        out["idle"] = idle
        return out
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", type=pathlib.Path, required=True)
    ap.add_argument("--new", type=pathlib.Path, default=NEW)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--display", default=":114")
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--keys", default="Down Return Return", help="menu keys that open the map (xdotool names)")
    ap.add_argument("--old-keys", default="Return",
                    help="the same for the old checkout (6502ff7's menu: Campaign was the first entry)")
    ap.add_argument("--quiet", type=float, default=2.5, help="seconds without CPU that count as idle")
    args = ap.parse_args()
    xvfb = None
    if not pathlib.Path(f"/tmp/.X11-unix/X{args.display.lstrip(':')}").exists():
        xvfb = subprocess.Popen(["Xvfb", args.display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
    results: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    try:
        for _ in range(args.repeats):
            for name, root, open_keys in (("old", args.old, args.old_keys), ("new", args.new, args.keys)):
                r = one_run(root.resolve(), args.display, args.size, open_keys.split(), args.quiet)
                results[name].append(r)
                print(name, {k: round(v, 2) for k, v in r.items()}, flush=True)
    finally:
        if xvfb is not None:
            xvfb.terminate()
    load = os.getloadavg()
    lines = [f"# Opening the campaign map ({args.size}, Xvfb, CPU seconds of the game process, median of "
             f"{args.repeats})", "", f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", "",
             "| opening | old | new | new/old |", "|---|---|---|---|"]
    for what in ("menu", "again", "from a level", "idle"):
        old = statistics.median(r[what] for r in results["old"])
        new = statistics.median(r[what] for r in results["new"])
        lines.append(f"| {what} | {old:.2f} | {new:.2f} | {new / old if old else float('nan'):.2f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    out = NEW / "bench" / "results" / "map_open.md"
    out.parent.mkdir(exist_ok=True)
    out.write_text(text)


if __name__ == "__main__":
    main()
