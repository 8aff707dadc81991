"""The Lab's frame time while it animates the carving of a 100x100 maze.

Headless software GL, 1280x800: median wall time of ``on_update(1/60)`` +
``on_draw`` + glFinish per frame while the Lab carves a square 100x100
growing-tree maze at its default speed (about 8 s for the whole carving),
against an empty frame (clear only), alternating rounds.

Run: ``python bench/bench_lab.py``; writes ``bench/results/lab.md``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("TESSERA_HOME", tempfile.mkdtemp(prefix="tessera-bench-"))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import arcade  # noqa: E402

from engine.maze.recipe import MazeSpec  # noqa: E402
from game.audio import Audio  # noqa: E402
from game.context import Context  # noqa: E402
from game.lab.view import STEP_RATES, LabView  # noqa: E402
from game.ui import gui  # noqa: E402, F401 - headless arcade.gui shim


class EmptyView(arcade.View):
    """Clears the screen and nothing else."""

    def on_draw(self) -> None:
        self.clear()


def frames(window: arcade.Window, view: arcade.View, n: int) -> list[float]:
    window.show_view(view)
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        view.on_update(1 / 60)
        view.on_draw()
        window.ctx.finish()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    win = arcade.Window(1280, 800, "bench", visible=False, vsync=False, antialiasing=False)
    win._enable_event_queue = False
    ctx = Context(win, audio=Audio(enabled=False))
    spec = MazeSpec.create("square", 100, 100, "growing-tree", seed=7)
    lab = LabView(ctx, spec)
    empty = EmptyView()
    lab_ms: list[float] = []
    empty_ms: list[float] = []
    frames(win, lab, 5)  # first frames build the GPU buffers
    for _ in range(5):
        empty_ms += frames(win, empty, 60)
        lab_ms += frames(win, lab, 60)
    rate = STEP_RATES[lab.rate_index]
    load = os.getloadavg()[0]
    text = "\n".join([
        "# Lab animation frame time", "",
        f"Headless software GL, 1280x800; square 100x100 growing tree carved at {rate:,} steps/s; "
        f"5 x 60 frames alternating; medians; load average {load:.1f} on {os.cpu_count()} cores.", "",
        "| what | ms / frame |", "|---|---:|",
        f"| empty frame (clear only) | {statistics.median(empty_ms):.2f} |",
        f"| Lab carving 100x100 (update + draw) | {statistics.median(lab_ms):.2f} |",
        f"| Lab carving, worst frame | {max(lab_ms):.2f} |",
    ]) + "\n"
    (ROOT / "bench" / "results").mkdir(exist_ok=True)
    (ROOT / "bench" / "results" / "lab.md").write_text(text, encoding="utf-8")
    print(text)
    win.close()


if __name__ == "__main__":
    main()
