"""Opening a big level and walking in it, old code against new (headless software GL, 1280x800).

For each checkout, in fresh processes interleaved old, new, old, new:

* **open**: a 300x300 backtracker maze (``--shape``, default hex) chosen -> first frame: build the maze,
  build the play view (session, GPU layer, minimap), draw once, ``glFinish``; wall and process CPU
  milliseconds (a small level is opened first so imports and shader compiles are not counted);
* **walk**: 240 frames of the play view on a 100x100 (``--walk-size``) maze while arrow keys are held
  (a new direction every 30 frames): update, draw, ``glFinish``; median and 90th percentile ms.

Usage::

    python bench/bench_game_open.py --old /tmp/old [--new .] [--repeats 3] [--shape hex]

Writes ``bench/results/game_open.md``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import subprocess
import sys

NEW = pathlib.Path(__file__).resolve().parents[1]
SNIPPET = """
import json, os, statistics, sys, tempfile, time
os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ["TESSERA_HOME"] = tempfile.mkdtemp(prefix="tessera-bench-")
sys.path.insert(0, ".")
import arcade
from engine.maze.recipe import MazeSpec
from game.audio import Audio
from game.context import Context
from engine.level import NamedLevel
from game.play.view import PlayView
shape, size, walk = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
window = arcade.Window(1280, 800, "bench", visible=False, vsync=False, antialiasing=False)
ctx = Context(window, audio=Audio(enabled=False))
warm = MazeSpec.create(shape, 10, 10, "backtracker", seed=3)
v = PlayView(ctx, NamedLevel(warm.level(), warm.code(), "warm"))
window.show_view(v)
v.on_draw()
window.ctx.finish()
spec = MazeSpec.create(shape, size, size, "backtracker", seed=1)
t, c = time.perf_counter(), time.process_time()
v = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "bench"))
window.show_view(v)
v.on_draw()
window.ctx.finish()
open_ms, open_cpu = (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000
spec = MazeSpec.create(shape, walk, walk, "backtracker", seed=1)
v = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "bench"))
window.show_view(v)
v.on_draw()
window.ctx.finish()
keys = [arcade.key.RIGHT, arcade.key.DOWN, arcade.key.LEFT, arcade.key.UP]
ft = []
for i in range(240):
    if i % 30 == 0:
        for k in keys:
            v.on_key_release(k, 0)
        v.on_key_press(keys[(i // 30) % 4], 0)
    t = time.perf_counter()
    v.on_update(1 / 60)
    v.on_draw()
    window.ctx.finish()
    ft.append((time.perf_counter() - t) * 1000)
ft.sort()
print(json.dumps([open_ms, open_cpu, statistics.median(ft), ft[int(0.9 * len(ft))]]))
"""


def run(root: pathlib.Path, shape: str, size: int, walk: int) -> list[float]:
    out = subprocess.run(
        [sys.executable, "-c", SNIPPET, shape, str(size), str(walk)],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    got: list[float] = json.loads(out.strip().splitlines()[-1])
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, type=pathlib.Path)
    ap.add_argument("--new", type=pathlib.Path, default=NEW)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--shape", default="hex")
    ap.add_argument("--size", type=int, default=300)
    ap.add_argument("--walk-size", type=int, default=100)
    args = ap.parse_args()
    runs: dict[str, list[list[float]]] = {"old": [], "new": []}
    for _ in range(args.repeats):
        for key, root in (("old", args.old), ("new", args.new)):
            runs[key].append(run(root, args.shape, args.size, args.walk_size))
    names = [
        f"open {args.shape} {args.size}x{args.size}: select -> first frame, wall ms",
        "the same, process CPU ms",
        f"walking {args.shape} {args.walk_size}x{args.walk_size}: frame median ms",
        "the same, 90th percentile frame ms",
    ]
    rows = ["| what | old | new |", "|---|---:|---:|"]
    for i, name in enumerate(names):
        o = statistics.median(r[i] for r in runs["old"])
        n = statistics.median(r[i] for r in runs["new"])
        rows.append(f"| {name} | {o:.1f} | {n:.1f} |")
    text = "\n".join(rows) + "\n"
    print(text)
    (NEW / "bench" / "results" / "game_open.md").write_text(text)


if __name__ == "__main__":
    main()
