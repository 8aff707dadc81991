"""The Lab's memory on a million-cell maze, as a player sees it: the game in a real X window (Xvfb).

Two fresh game processes, one after the other:

1. ``python -m game.launcher lab`` -- the Lab setup screen alone (the baseline a
   player returns to);
2. ``python -m game.launcher lab CODE`` -- the Lab building ``CODE`` (default
   ``M2.H1000X1000.WI#1-KW``, a 1000x1000 hex Wilson maze) in the background and
   computing its statistics; once the process is idle, Esc back to the Lab setup.

For each, ``/proc/PID/status`` is read: ``VmRSS`` (resident now) and ``VmHWM``
(peak resident so far).  "Idle" means the process used under 5 % of one core over
one second (the Lab redraws nothing once built), at least ``--settle`` seconds
after the last step.

Run: ``python bench/bench_lab_memory.py [--code CODE] [--before OLD_TREE] [--out FILE]``
(default ``bench/results/lab_memory.md``); ``--before`` measures another copy of the game first.
Needs Debian's xvfb and xdotool.  Not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = "M2.H1000X1000.WI#1-KW"


def status_mb(pid: int) -> tuple[float, float]:
    """``(VmRSS, VmHWM)`` of process ``pid`` in MB (10^6 bytes)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) * 1024 / 1e6
    return fields["VmRSS"], fields["VmHWM"]


def cpu_ticks(pid: int) -> int:
    """User + system clock ticks used by ``pid``."""
    f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(f[11]) + int(f[12])


def wait_idle(pid: int, settle: float, limit: float = 150.0) -> str:
    """Wait at least ``settle`` s, then until ``pid`` uses < 5 % of a core over 1 s (at most ``limit`` s).

    Returns:
        ``"idle after N s"``, or ``"busy after N s"`` when the limit passed first (a screen that
        keeps redrawing: read its figures once its memory stopped changing, see the log).
    """
    t0 = time.time()
    time.sleep(settle)
    tick = os.sysconf("SC_CLK_TCK")
    while time.time() - t0 < limit:
        c0 = cpu_ticks(pid)
        time.sleep(1.0)
        share = (cpu_ticks(pid) - c0) / tick
        rss, hwm = status_mb(pid)
        print(f"  {time.time() - t0:5.0f} s  cpu {share:4.0%}  resident/peak {rss:.0f}/{hwm:.0f} MB", file=sys.stderr)
        if share < 0.05:
            return f"idle after {time.time() - t0:.0f} s"
    return f"busy after {time.time() - t0:.0f} s"


class Game:
    """The game under a private Xvfb; ``with Game(args) as g:``."""

    def __init__(self, args: list[str], repo: Path = ROOT) -> None:
        self.args = args
        self.repo = repo

    def __enter__(self) -> Game:
        display = next(f":{n}" for n in range(50, 90) if not Path(f"/tmp/.X{n}-lock").exists())
        self.xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        self.env = dict(os.environ, DISPLAY=display, TESSERA_HOME=tempfile.mkdtemp(prefix="tessera-labmem-"))
        self.env.pop("ARCADE_HEADLESS", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "game.launcher", *self.args], cwd=self.repo, env=self.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.wid = ""
        for _ in range(120):
            ids = self._x("xdotool", "search", "--onlyvisible", "--name", "Tessera").split()
            if ids:
                self.wid = ids[0]
                break
            time.sleep(0.5)
        if not self.wid:
            self.__exit__()
            raise SystemExit("no game window")
        return self

    def _x(self, *args: str) -> str:
        return subprocess.run(list(args), env=self.env, capture_output=True, text=True, timeout=20).stdout

    def key(self, name: str) -> None:
        """Tap one key in the game window."""
        self._x("xdotool", "keydown", "--window", self.wid, name)
        time.sleep(0.03)
        self._x("xdotool", "keyup", "--window", self.wid, name)

    def __exit__(self, *exc: object) -> None:
        for p in (self.proc, self.xvfb):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--code", default=CODE)
    ap.add_argument("--settle", type=float, default=4.0, help="seconds to wait before looking for idle")
    ap.add_argument("--before", type=Path,
                    help="also measure the game in this folder (e.g. an older commit's `git archive`), first")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "lab_memory.md"))
    a = ap.parse_args()
    runs = [("before", a.before), ("now", ROOT)] if a.before else [("now", ROOT)]
    rows = []
    for label, repo in runs:
        with Game(["lab"], repo) as g:
            wait_idle(g.proc.pid, a.settle)
            setup = status_mb(g.proc.pid)
        with Game(["lab", a.code], repo) as g:
            built_s = wait_idle(g.proc.pid, a.settle)
            built = status_mb(g.proc.pid)
            g.key("Escape")
            wait_idle(g.proc.pid, a.settle)
            left = status_mb(g.proc.pid)
        rows += [
            f"| {label} | Lab setup screen, fresh game | {setup[0]:.0f} | {setup[1]:.0f} |",
            f"| {label} | Lab showing the maze, statistics done ({built_s}) | {built[0]:.0f} | "
            f"{built[1]:.0f} |",
            f"| {label} | after Esc back to the Lab setup | {left[0]:.0f} | {left[1]:.0f} |",
        ]
    load = os.getloadavg()[0]
    text = "\n".join([
        "# The Lab's memory on a million-cell maze", "",
        f"The game under Xvfb (1280x800), `/proc/PID/status` VmRSS (resident) and VmHWM (peak); `{a.code}`; "
        f"load average {load:.1f} on {os.cpu_count()} cores. `python bench/bench_lab_memory.py`.", "",
        "| code | moment | resident MB | peak so far MB |", "|---|---|---:|---:|", *rows,
    ]) + "\n"
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
