"""The sliding puzzle's win screen in a real window while its "where you lost moves" runs (issue 45), one checkout.

Run by ``bench/bench_analysis.py --frames`` as ``python bench/analysis_frames_driver.py SEED OUT.json SECONDS`` with
the checkout as the working directory (its ``game``/``engine`` are imported), ``DISPLAY`` set and a fresh
``TESSERA_HOME`` (the tables' cache passed in ``TESSERA_CACHE``).  Opens the game's window, plays recorded solve
``SEED`` of ``bench/data/analysis_solves_4x4.txt`` on the puzzle screen by keys (no animation; the distance line
off, as a new game has it), waits for the win screen and, from the first frame it draws, asks for every frame (as
the stars' animation and any mouse movement do) and logs each frame's time: the interval between consecutive
``on_draw`` calls of the win view.  Stops when the analysis has finished and 1 s more has been drawn (or after
SECONDS).  Writes JSON: ``frames_ms`` (each interval while the analysis runs), ``after_ms`` (after it finished: the
same screen idle, for comparison), ``first_loss`` and ``finished`` (wall seconds from the win's
first frame until a loss was shown / the analysis was done), ``cpu`` (process CPU seconds over the stretch),
``child_cpu`` (the analysis workers' CPU seconds over it, when the checkout has them: ``game.puzzle.tasks``; a
worker started during the stretch counts from its start).

Before playing, the puzzle screen is left idle: until the checkout's analysis worker has loaded its tables (at most
:data:`WARM_WAIT` s; a person's 150-move solve takes far longer), then :data:`IDLE` s more, over which the window
process's and the worker's CPU are measured (``idle_cpu``, ``idle_child_cpu``: the idle screen's cost).
"""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.getcwd())
WARM_WAIT = 20.0
"""Most seconds the puzzle screen waits for the analysis worker's warm-up before the solve is played."""

IDLE = 3.0
"""Seconds the idle puzzle screen's CPU is measured before the solve is played."""

KEY_FOR_TILE_MOVE = {"U": "DOWN", "D": "UP", "L": "RIGHT", "R": "LEFT"}  # blank move -> arrow (tile mode)


def main() -> None:
    seed, out_path, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    import arcade
    from arcade import key

    from engine.puzzle.board import Board
    from engine.puzzle.optimal import prepare
    from engine.puzzle.session import PuzzleSession
    from game.app import create_window
    from game.context import Context
    from game.puzzle.view import PuzzleView
    from game.puzzle.win import PuzzleWinView

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(1, here)
    from bench_analysis import read_solves  # type: ignore[import-not-found]

    (row,) = [s for s in read_solves() if s[0] == seed]
    _, tiles, moves, _ = row
    prepare(4, 4)  # the tables in memory already (the game had them for the meter or loads them once)
    window = create_window()
    ctx = Context(window)
    try:  # as game.app.run does once the first screen is up (none in older code)
        from game.memory import settle_startup
    except ImportError:
        pass
    else:
        settle_startup()
    view = PuzzleView(ctx, PuzzleSession(Board(4, 4, tiles)))
    view.settings.animate = False
    window.show_view(view)
    record: dict[str, object] = {"seed": seed, "frames_ms": []}
    frames: list[float] = record["frames_ms"]  # type: ignore[assignment]
    record["after_ms"] = []
    record["draw_ms"], record["draw_cpu_ms"] = [], []
    after: list[float] = record["after_ms"]  # type: ignore[assignment]
    state: dict[str, float] = {}

    def finish() -> None:
        with open(out_path, "w", encoding="utf-8") as fh:
            json.dump(record, fh)
        os._exit(0)  # noqa: SLF001 - no teardown: threads, children and GL are the OS's to clean

    try:
        from game.puzzle.tasks import analysis_worker  # the checkout's analysis worker (none in older code)
    except ImportError:
        analysis_worker = None

    def child_cpu() -> float:
        """The analysis workers' CPU seconds so far (forward and backward; 0 without them)."""
        total = 0.0
        for index in (0, 1) if analysis_worker is not None else ():
            proc = analysis_worker(index).process
            if proc is None or proc.pid is None:
                continue
            try:
                fields = open(f"/proc/{proc.pid}/stat", encoding="ascii").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def warm(_dt: float) -> None:
        waited = time.perf_counter() - state["shown"]
        if analysis_worker is not None and not analysis_worker().warmed and waited < WARM_WAIT:
            analysis_worker().pump()
            return
        arcade.unschedule(warm)
        record["warm_wait"] = waited
        state["idle0"], state["idle_child0"] = time.process_time(), child_cpu()
        arcade.schedule_once(idled, IDLE)

    def idled(_dt: float) -> None:
        record["idle_cpu"] = time.process_time() - state["idle0"]
        record["idle_child_cpu"] = child_cpu() - state["idle_child0"]
        record["idle_seconds"] = IDLE
        play(0.0)

    def play(_dt: float) -> None:
        for m in moves:
            sym = getattr(key, KEY_FOR_TILE_MOVE[m])
            window.dispatch_event("on_key_press", sym, 0)
            window.dispatch_event("on_key_release", sym, 0)
        arcade.schedule(watch, 1 / 120)

    def watch(_dt: float) -> None:
        if isinstance(window.current_view, PuzzleWinView):
            arcade.unschedule(watch)
            window.request_redraw()

    draw = PuzzleWinView.on_draw

    def timed_draw(win: PuzzleWinView) -> None:
        now = time.perf_counter()
        if "t0" not in state:
            state["t0"], state["cpu0"], state["child0"] = now, time.process_time(), child_cpu()
        else:
            (frames if "finished" not in record else after).append((now - state["last"]) * 1000.0)
        state["last"] = now
        c = time.thread_time()
        draw(win)
        record["draw_ms"].append((time.perf_counter() - now) * 1000.0)  # type: ignore[union-attr]
        record["draw_cpu_ms"].append((time.thread_time() - c) * 1000.0)  # type: ignore[union-attr]
        shown = win.lost_moves.shown
        t = now - state["t0"]
        if shown is not None and shown.losses() and "first_loss" not in record:
            record["first_loss"] = t
        if shown is not None and shown.finished and "finished" not in record:
            record["finished"] = t
        if ("finished" in record and t > record["finished"] + 1.0) or t > seconds:  # type: ignore[operator]
            record.setdefault("first_loss", -1.0)
            record.setdefault("finished", -1.0)
            record["cpu"] = time.process_time() - state["cpu0"]
            record["child_cpu"] = child_cpu() - state["child0"]
            finish()
        window.request_redraw()  # the next frame too (as the stars' animation or a moving mouse ask)

    PuzzleWinView.on_draw = timed_draw  # type: ignore[method-assign]  # before the win exists: arcade binds it
    state["shown"] = time.perf_counter()
    arcade.schedule(warm, 0.1)
    arcade.run()


if __name__ == "__main__":
    main()
