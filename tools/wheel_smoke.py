"""Build Tessera's wheel and prove it works from a clean venv outside the checkout.

    python tools/wheel_smoke.py            # build, install, run the checks (about a minute)
    python tools/wheel_smoke.py --keep     # leave the temporary folder for a look

Steps: ``pip wheel`` builds the wheel from this checkout; a new venv in a temporary folder (outside
the checkout, with none of its packages) installs it; from that folder the installed ``tessera``
runs ``--version``, ``generate``, ``puzzle solve`` and ``show``, and a headless window (EGL) opens
the menu and draws it, with the campaign, sounds and pictures found in the installed data, not in
the checkout. Every step prints one line; the first failure exits 1 naming the step.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run inside the installed venv: opens a hidden window, draws the menu, checks the shipped data.
WINDOW_CHECK = r"""
import os, sys
os.environ.setdefault("ARCADE_HEADLESS", "1")
from pathlib import Path
import engine, game
from engine.paths import shipped_dir
root = Path(sys.argv[1])
for mod in (engine, game):
    assert root not in Path(mod.__file__).resolve().parents, f"{mod.__name__} imported from the checkout"
levels = sorted(shipped_dir("levels").glob("*.toml"))
sounds = sorted((shipped_dir("assets") / "sounds").glob("*.wav"))
pictures = sorted((shipped_dir("assets") / "pictures").glob("*.png"))
korf = shipped_dir("bench/data") / "korf100_goal_blank_last.txt"
assert levels and sounds and pictures and korf.is_file(), (len(levels), len(sounds), len(pictures), korf)
from engine.modes.campaign import load_campaign
campaign = load_campaign()
assert len(campaign) > 0 and not campaign.broken, "the campaign did not load"
from game.app import create_window, first_view
from game.context import Context
window = create_window(visible=False)
ctx = Context(window)
window.show_view(first_view(ctx))
window.dispatch_events()
window.on_draw()
ctx.store.close()
window.close()
print(f"window: menu drawn; {len(levels)} level files, {len(sounds)} sounds, {len(pictures)} pictures, "
      f"{len(campaign)} campaign levels from {shipped_dir('levels')}")
"""


def step(name: str, cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    """Run ``cmd``; print ``ok <name>: <first output line>`` or exit 1 with its output."""
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        sys.stderr.write(f"wheel smoke: {name} failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}\n")
        raise SystemExit(1)
    first = (proc.stdout.strip().splitlines() or [""])[-1]
    print(f"ok {name}: {first[:110]}")
    return proc.stdout


def main() -> int:
    """Build, install into a clean venv, run the checks; 0 when all pass."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tessera-wheel-"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["TESSERA_HOME"] = str(tmp / "home")
    try:
        step("build wheel", [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "dist"),
                             str(ROOT)], tmp, env)
        wheel = next((tmp / "dist").glob("tessera_mazes-*.whl"))
        print(f"ok wheel: {wheel.name} ({wheel.stat().st_size // 1024} KB)")
        venv.EnvBuilder(with_pip=True, clear=True).create(tmp / "venv")
        py = str(tmp / "venv" / "bin" / "python")
        tessera = str(tmp / "venv" / "bin" / "tessera")
        step("install", [py, "-m", "pip", "install", "-q", str(wheel)], tmp, env)
        step("tessera --version", [tessera, "--version"], tmp, env)
        step("generate", [tessera, "generate", "--shape", "square", "--algo", "backtracker", "--size", "8x6",
                          "--seed", "3", "--format", "ascii"], tmp, env)
        step("puzzle solve", [tessera, "puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--solver", "optimal"],
             tmp, env)
        step("show", [tessera, "show", "M2.S2X2.BT#9UQ0-I3"], tmp, env)
        step("window", [py, "-c", WINDOW_CHECK, str(ROOT)], tmp, env)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print("wheel smoke: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
