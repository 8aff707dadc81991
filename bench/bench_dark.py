"""Dark mazes: what the fog costs, lit vs dark side by side (headless software GL).

For each maze (a 30×20 square campaign-sized level, 100×100 hex, 300×300 square):

* **open** — building the play view (session + GPU layer) for an already built maze, ms;
* **step** — the fog's work per step: the sight lines from the new cell, the
  levels, and the texture rows written (``PlaySession._look`` + ``sync_fog``), ms;
* **moving frame** — one frame while the camera moves (the maze drawn directly), ms;
* **still frame** — one frame with nothing moving (the cached picture), ms.

Run: ``python bench/bench_dark.py [--frames 60]``; writes ``bench/results/dark.md``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("TESSERA_HOME", tempfile.mkdtemp(prefix="tessera-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arcade  # noqa: E402

from engine.level import Level, NamedLevel  # noqa: E402
from engine.maze.recipe import MazeSpec  # noqa: E402
from engine.maze.solvers.bfs import shortest_path  # noqa: E402
from game.audio import Audio  # noqa: E402
from game.context import Context  # noqa: E402
from game.play.view import PlayView  # noqa: E402
from game.store import Store  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "dark.md"
MAZES = [("square", 30, 20), ("hex", 100, 100), ("square", 300, 300)]


def _frames(window: arcade.Window, view: PlayView, n: int, moving: bool) -> float:
    out = []
    for i in range(n):
        if moving:
            view.cam.x += 0.01 * (1 if i % 2 else -1)
        t = time.perf_counter()
        view.on_draw()
        window.ctx.finish()
        out.append((time.perf_counter() - t) * 1000)
    return statistics.median(out)


def _steps(view: PlayView, n: int) -> float:
    s = view.session
    path = shortest_path(s.adj, s.start, s.goal)[: n + 1]
    times = []
    for cell in path[1:]:
        s.cell = cell
        t = time.perf_counter()
        s._look()  # noqa: SLF001 - the fog's work of one step
        view.sync_fog()
        view.window.ctx.finish()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times) if times else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=60)
    args = ap.parse_args()
    window = arcade.Window(1280, 720, "bench", visible=False, vsync=False, antialiasing=False)
    ctx = Context(window, store=Store(Path(tempfile.mkdtemp()) / "t.db"), audio=Audio(enabled=False))
    rows = []
    warm = MazeSpec("square", 5, 5, "backtracker", {}, 0, 1).build()
    for dark in (False, True):  # shaders, fonts: first-use costs out of the timed rows
        warm_view = PlayView(ctx, NamedLevel(Level(warm, dark), "warm", "warm"))
        window.show_view(warm_view)
        warm_view.on_draw()
    window.hide_view()
    for shape, w, h in MAZES:
        maze = MazeSpec(shape, w, h, "backtracker", {}, 0, 7).build()
        cells = maze.grid.n
        res = {}
        for dark in (False, True):
            t = time.perf_counter()
            view = PlayView(ctx, NamedLevel(Level(maze, dark), "bench", "bench"))
            window.show_view(view)
            view.on_draw()
            window.ctx.finish()
            open_ms = (time.perf_counter() - t) * 1000
            moving = _frames(window, view, args.frames, moving=True)
            _frames(window, view, 2, moving=False)
            still = _frames(window, view, args.frames, moving=False)
            step = _steps(view, 40) if dark else 0.0
            res[dark] = (open_ms, step, moving, still)
            window.hide_view()
        (lo, _, lm, ls), (do, ds, dm, dst) = res[False], res[True]
        rows.append(f"| {shape} {w}×{h} | {cells:,} | {lo:.0f} / {do:.0f} | {ds:.2f} | {lm:.1f} / {dm:.1f} | "
                    f"{ls:.1f} / {dst:.1f} |")
        print(rows[-1], flush=True)
    head = [
        "# Dark mazes: cost of the fog (lit / dark, side by side)",
        "",
        f"Headless software GL (Mesa llvmpipe), 1280×720, {platform.python_version()}, "
        f"{os.cpu_count()} cores shared with other work; medians of {args.frames} frames, 40 steps.",
        "",
        "| maze | cells | open ms (lit / dark) | fog per step ms | moving frame ms (lit / dark) "
        "| still frame ms (lit / dark) |",
        "|---|---|---|---|---|---|",
    ]
    RESULTS.write_text("\n".join(head + rows) + "\n", encoding="utf-8")
    print(f"written {RESULTS}")


if __name__ == "__main__":
    main()
