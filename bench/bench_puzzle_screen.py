"""The sliding-puzzle screen: hint latency and frame rate during a solve.

* hint latency on random 4x4 boards through the path the screen uses (the hint
  planner in a child process, as after pressing H), median and worst;
* frames per second of the puzzle view (headless software GL, 60 fps cap)
  idle and while an 8x8 fast solve runs in the background.

Run: ``python bench/bench_puzzle_screen.py [--boards 30]``; writes
``bench/results/puzzle_screen.md``.
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
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def hint_latency(boards: int) -> tuple[list[float], dict[str, int]]:
    from engine.puzzle.deal import Deal, deal_board
    from engine.puzzle.solving import hint_job
    from game.puzzle.settings import PuzzleSettings
    from game.workers import ProcessTask, preload

    preload("engine.puzzle.board", "engine.puzzle.astar", "engine.puzzle.optimal", "engine.puzzle.hint",
            "engine.puzzle.solving", "game.puzzle.settings")
    settings = PuzzleSettings()
    times, sources = [], {}
    for seed in range(boards):
        board = deal_board(Deal(4, 4, "uniform", seed=1000 + seed))
        t0 = time.perf_counter()
        task = ProcessTask(hint_job, board, settings, name="hint")
        task.wait(30)
        src = task.result().source.value
        times.append(time.perf_counter() - t0)
        sources[src] = sources.get(src, 0) + 1
    return times, sources


def frame_rates() -> tuple[float, float, float, int, float, float]:
    import arcade

    from engine.puzzle.deal import Deal, deal_session
    from game.audio import Audio
    from game.context import Context
    from game.puzzle.settings import PuzzleSettings
    from game.puzzle.view import PuzzleView
    from game.ui import gui  # noqa: F401 - headless arcade.gui shim

    win = arcade.Window(1280, 800, "bench", visible=False, vsync=False, antialiasing=False)
    win._enable_event_queue = False
    ctx = Context(win, audio=Audio(enabled=False))
    deal = Deal(8, 8, "uniform", seed=2)
    view = PuzzleView(ctx, deal_session(deal), deal=deal, settings=PuzzleSettings(heuristic="manhattan", timeout=4.0))
    win.show_view(view)

    def run(seconds: float | None = None, until=None) -> tuple[float, float]:
        n, t0 = 0, time.perf_counter()
        last = t0
        while True:
            f0 = time.perf_counter()
            view.on_update(f0 - last)  # the real time since the last frame, as the window's clock gives it
            last = f0
            view.on_draw()
            win.flip()
            n += 1
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - f0)))
            elapsed = time.perf_counter() - t0
            if (seconds and elapsed >= seconds) or (until and until()):
                return n / elapsed, elapsed

    idle = run(seconds=2)[0]
    view.assist.request_solve()
    busy, secs = run(until=lambda: view.solve_task is None)
    # a long solution played at the automatic speed, frame by frame as the window runs it
    from engine.puzzle.astar import solve_fast

    big = Deal(10, 10, "uniform", seed=3)
    view = PuzzleView(ctx, deal_session(big), deal=big, settings=PuzzleSettings(animate=True))
    win.show_view(view)
    moves = solve_fast(view.session.board, timeout=60).moves
    view.session.start_playback(moves)
    speed = view.session.playback.speed
    play_fps, play_secs = run(until=lambda: view.session.playback is None)
    assert view.session.solved
    win.close()
    return idle, busy, secs, len(moves), play_secs, speed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=30)
    args = ap.parse_args()
    times, sources = hint_latency(args.boards)
    idle, busy, secs, n_moves, play_secs, speed = frame_rates()
    load = os.getloadavg()[0]
    text = "\n".join([
        "# Sliding-puzzle screen", "",
        f"Headless software GL, 1280x800, 60 fps cap; load average {load:.1f} on {os.cpu_count()} cores.", "",
        "| what | figure |", "|---|---|",
        f"| hint latency, {args.boards} random 4x4 boards (child process, as after H) | median "
        f"{statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms |",
        f"| hint sources | {', '.join(f'{k}: {v}' for k, v in sorted(sources.items()))} |",
        f"| frame rate, idle | {idle:.1f} fps |",
        f"| frame rate during an 8x8 fast solve ({secs:.1f} s) | {busy:.1f} fps |",
        f"| playback of a {n_moves}-move 10x10 solution at the automatic speed ({speed:g} moves/s), "
        f"wall clock | {play_secs:.1f} s |",
    ]) + "\n"
    (ROOT / "bench" / "results").mkdir(exist_ok=True)
    (ROOT / "bench" / "results" / "puzzle_screen.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
