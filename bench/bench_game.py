"""Game rendering benchmark (headless software GL): frame times and level load time.

Measures, side by side in one run:

* an empty frame (a View that only clears) vs. the play view on a 100×100 hex
  maze (static walls built once; player, trail and HUD drawn per frame);
  target: maze frame <= 2 × empty frame;
* the time from choosing a campaign level to its first frame on screen
  (build the maze, build the GPU layer, draw once, glFinish), for every level;
  target: the largest level <= 100 ms.

Run:  ``python bench/bench_game.py [--frames 120]``; the table is printed and
written to ``bench/results/game.md``.
"""

from __future__ import annotations

import argparse
import os
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
from game.audio import Audio  # noqa: E402
from game.context import Context  # noqa: E402
from game.play.open import open_level  # noqa: E402
from game.play.view import PlayView  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "game.md"


class EmptyView(arcade.View):
    """Clears the screen and nothing else."""

    def on_draw(self) -> None:
        self.clear()


def frame_ms(window, view, n: int) -> list[float]:
    """Per-frame wall time (ms) of ``view.on_draw`` + glFinish, ``n`` frames."""
    window.show_view(view)
    out = []
    for _ in range(n):
        t = time.perf_counter()
        view.on_draw()
        window.ctx.finish()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=120, help="frames per measurement round")
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds (medians over all)")
    args = ap.parse_args()

    window = arcade.Window(1280, 800, "bench", visible=False, vsync=False, antialiasing=False)
    ctx = Context(window, audio=Audio(enabled=False))
    spec = MazeSpec("hex", 100, 100, "backtracker", {}, 0, 1)
    t0 = time.perf_counter()
    maze = spec.build()
    t_build = (time.perf_counter() - t0) * 1000
    play = PlayView(ctx, NamedLevel(Level(maze), spec.code(), "bench"))
    for c in maze.open_lists()[0][:1]:
        play.session.walk_to(c)
    empty = EmptyView()
    e_all: list[float] = []
    m_all: list[float] = []
    for _ in range(args.rounds):  # alternate so both see the same machine noise
        e_all += frame_ms(window, empty, args.frames)
        m_all += frame_ms(window, play, args.frames)
    e_med, m_med = statistics.median(e_all), statistics.median(m_all)
    rows = [
        ("empty frame (clear only)", f"{e_med:.2f}", ""),
        (f"play view, hex 100x100 ({play.layer.wall_count} wall segments)", f"{m_med:.2f}",
         f"{m_med / e_med:.2f}x empty"),
    ]

    loads: list[tuple[float, str, int]] = []
    for lv in ctx.campaign.levels:
        window.ctx.finish()
        t = time.perf_counter()
        v = open_level(ctx, lv)
        window.show_view(v)
        v.on_draw()
        window.ctx.finish()
        loads.append(((time.perf_counter() - t) * 1000, lv.id, lv.recipe.build().grid.n))
    largest = max(loads, key=lambda r: r[2])
    slowest = max(loads)

    lines = [
        "# Game rendering benchmark",
        "",
        f"Headless arcade {arcade.__version__} (EGL, Mesa software GL), 1280x800, AA off, "
        f"{args.rounds} x {args.frames} frames each, alternating; medians.",
        "",
        "| what | ms / frame | ratio |",
        "|---|---|---|",
        *[f"| {a} | {b} | {c} |" for a, b, c in rows],
        "",
        f"hex 100x100 generation (backtracker): {t_build:.0f} ms (not part of the frame).",
        "",
        "| level load (select -> first frame) | ms |",
        "|---|---|",
        f"| largest campaign level {largest[1]} ({largest[2]} cells) | {largest[0]:.1f} |",
        f"| slowest campaign level {slowest[1]} | {slowest[0]:.1f} |",
        f"| median over {len(loads)} levels | {statistics.median(r[0] for r in loads):.1f} |",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text, encoding="utf-8")
    window.close()


if __name__ == "__main__":
    main()
