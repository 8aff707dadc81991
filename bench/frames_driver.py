"""One scenario of :mod:`bench.bench_frames` in a real window, run inside a checkout (old or new code).

Run by ``bench/bench_frames.py`` as ``python bench/frames_driver.py SCENARIO OUT.json`` with the checkout as the
working directory (its ``game``/``engine`` are imported), ``DISPLAY`` set to an Xvfb display and a fresh
``TESSERA_HOME``.  Uses only what old and new code share (``game.app``, ``game.context``, routes by name,
sessions), drives the game from inside (timers of pyglet's clock, ``window.dispatch_event`` for keys) and writes
what it measured as JSON:

* ``launched``: ``time.time()`` when this script started; ``frames``: ``[time.time(), view class]`` after each
  presented frame (the window's ``flip``), the first few and every frame of a measured walk;
* ``cpu``: process CPU seconds (all threads: Mesa's llvmpipe workers draw for the process) over ``wall``
  seconds of the measured stretch; ``draws``: frames presented in it;
* ``build`` (``progress4``): seconds from the solve's start until the tables were built and the solve ended;
* ``marks``: named moments (``time.time()``), e.g. the key press that opens a level.

Scenarios: ``bare`` (a plain arcade window filling half of itself), ``menu``, ``play300`` (``tessera play`` of a
300x300 hex maze), ``open300`` (Enter on the code screen with that code), ``idle20``/``idle100``/``idle300``
(one step, then the clock runs), ``race`` (a race running), ``walk100`` (walking a 100x100 maze),
``progress4`` (the 4x4 optimal solver's tables build behind the puzzle screen's progress bar).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

LAUNCHED = time.time()
sys.path.insert(0, os.getcwd())

HEX300 = ("hex", 300, 300)
#: The code of ``spec(*HEX300)`` (golden codes never change): ``play300`` starts the way ``tessera play CODE`` does,
#: with nothing decoded before the window opens.
HEX300_CODE = "M2.H300X300.BT#1-II"
SETTLE = 2.0  # seconds after the scenario's start before the measured stretch
MEASURE = float(os.environ.get("BENCH_FRAMES_SECONDS", "8"))


def spec(shape: str, w: int, h: int) -> Any:  # noqa: ANN401 - old and new code's MazeSpec
    from engine.maze.recipe import MazeSpec  # here: the menu's launch imports only what the game does

    return MazeSpec.create(shape, w, h, "backtracker", seed=1)


def main() -> None:
    scenario, out_path = sys.argv[1], sys.argv[2]
    if scenario != "bare":
        try:  # new code: what the launcher does before it imports arcade (game.launcher.open_window)
            from game.audio import quicker_media_start
        except ImportError:
            pass
        else:
            quicker_media_start()
    if scenario == "play300":
        try:  # new code: what `tessera play CODE` does before it imports arcade (game.launcher.open_window)
            from game.play.early import start as start_early
        except ImportError:
            pass
        else:
            start_early("play", HEX300_CODE)
    import arcade

    record: dict[str, object] = {"scenario": scenario, "launched": LAUNCHED, "frames": [], "marks": {}}
    frames: list[list[object]] = record["frames"]  # type: ignore[assignment]
    record["cpu_frames"] = []  # per frame in ``frames``: CPU seconds of the process and of the window's thread
    cpu: list[list[float]] = record["cpu_frames"]  # type: ignore[assignment]
    marks: dict[str, float] = record["marks"]  # type: ignore[assignment]
    state = {"keep_all": False}

    def finish() -> None:
        with open(out_path, "w", encoding="utf-8") as fh:
            json.dump(record, fh)
        os._exit(0)  # noqa: SLF001 - no teardown: child processes and GL are the OS's to clean

    def hook(window: arcade.Window) -> None:
        flip = window.flip

        def flipped() -> None:
            flip()
            if state["keep_all"] or len(frames) < 50:
                view = window.current_view
                frames.append([time.time(), type(view).__name__ if view is not None else ""])
                cpu.append([time.process_time(), time.thread_time()])

        window.flip = flipped  # type: ignore[method-assign]

    if scenario == "bare":
        class Half(arcade.View):
            def on_draw(self) -> None:
                self.clear()
                arcade.draw_lrbt_rectangle_filled(0, 640, 0, 800, arcade.color.BLUE)

        window = arcade.Window(1280, 800, "Tessera bare", vsync=True)
        hook(window)
        window.show_view(Half())
        arcade.schedule_once(lambda _dt: finish(), 1.5)
        arcade.run()
        return

    from game.app import create_window, first_view
    from game.context import Context

    window = create_window()
    hook(window)
    ctx = Context(window)

    def start_view(argv: list[str]) -> arcade.View:
        """``first_view`` of old code (an argument list) or new code (a typed ``WindowRequest``, None: the menu)."""
        try:
            from engine.cli.parser import WindowRequest
        except ImportError:
            return first_view(ctx, argv)  # type: ignore[arg-type]
        return first_view(ctx, WindowRequest(argv[0], argv[1]) if argv else None)  # type: ignore[arg-type]

    def route(name: str, *args: object) -> arcade.View:
        """The view of route ``name``: old code's ``ctx.view_for(name)``, new code's typed ``routes`` function."""
        if hasattr(ctx, "view_for"):
            return ctx.view_for(name, *args)  # type: ignore[no-any-return]
        from game import routes

        return getattr(routes, name.replace("-", "_"))(ctx, *args)  # type: ignore[no-any-return]

    def measure(after: float, then: object = None) -> None:
        """Measure CPU and frames from ``after`` seconds on for MEASURE seconds, then write and exit."""
        def start(_dt: float) -> None:
            record["cpu0"], record["t0"], record["n0"] = time.process_time(), time.time(), window.frames_drawn
            arcade.schedule_once(stop, MEASURE)

        def stop(_dt: float) -> None:
            record["cpu"] = time.process_time() - record["cpu0"]  # type: ignore[operator]
            record["wall"] = time.time() - record["t0"]  # type: ignore[operator]
            record["draws"] = window.frames_drawn - record["n0"]  # type: ignore[operator]
            finish()

        arcade.schedule_once(start, after)

    if scenario == "menu":
        window.show_view(start_view([]))
        arcade.schedule_once(lambda _dt: finish(), 3.0)
    elif scenario == "play300":
        window.show_view(start_view(["play", HEX300_CODE]))

        def wait_maze(_dt: float) -> None:
            if any(name == "PlayView" for _t, name in frames) or time.time() - LAUNCHED > 60:
                finish()

        arcade.schedule(wait_maze, 0.2)
    elif scenario == "open300":
        window.show_view(route("code-entry", spec(*HEX300).code()))

        def press(_dt: float) -> None:
            state["keep_all"] = True
            marks["key"] = time.time()
            window.dispatch_event("on_key_press", arcade.key.ENTER, 0)
            window.dispatch_event("on_key_release", arcade.key.ENTER, 0)

        def wait_maze(_dt: float) -> None:
            if "key" in marks and (any(name == "PlayView" for _t, name in frames) or time.time() - marks["key"] > 60):
                finish()

        arcade.schedule_once(press, 2.5)
        arcade.schedule(wait_maze, 0.2)
    elif scenario.startswith("idle") or scenario == "walk100":
        size = 100 if scenario == "walk100" else int(scenario[4:])
        s = spec("square", size, size)
        window.show_view(start_view(["play", s.code()]))

        def step(_dt: float) -> None:
            view = window.current_view
            session = getattr(view, "session", None)
            if session is None or "step" in marks:  # a big level's loading screen is still up (or done)
                return
            if scenario == "walk100":
                state["keep_all"] = True
                session.walk_to(session.level.maze.goal if hasattr(session.level, "maze") else len(session.adj) - 1,
                                explored_only=False)
            else:
                session.walk_to(session.level.maze.open_lists()[session.cell][0])
            marks["step"] = time.time()
            measure(SETTLE)

        arcade.schedule_once(lambda _dt: arcade.schedule(step, 0.2), 3.0)
    elif scenario == "race":
        from engine.level import Level

        level = Level.from_recipe(spec("square", 30, 30))
        from game import routes

        window.show_view(routes.race_level(ctx, level, "runner", "normal"))
        measure(4.5)  # after the 3-2-1 countdown
    elif scenario == "progress4":
        view = route("puzzle", "P2.4X4.U#1-C7")
        window.show_view(view)

        def solve(_dt: float) -> None:
            view.settings.solver = "optimal"  # type: ignore[attr-defined]
            view.assist.request_solve()  # type: ignore[attr-defined]
            record["cpu0"], record["t0"], record["n0"] = time.process_time(), time.time(), window.frames_drawn

        def wait_built(_dt: float) -> None:
            if "t0" not in record:
                return
            if "cpu" not in record and time.time() - record["t0"] >= 2.5 * MEASURE:  # type: ignore[operator]
                # the window's share over the first 20 seconds of the build, kept even if it never ends
                record["cpu"] = time.process_time() - record["cpu0"]  # type: ignore[operator]
                record["wall"] = time.time() - record["t0"]  # type: ignore[operator]
                record["draws"] = window.frames_drawn - record["n0"]  # type: ignore[operator]
                with open(out_path, "w", encoding="utf-8") as fh:
                    json.dump(record, fh)
            if not view.jobs.busy:  # type: ignore[attr-defined]
                record["build"] = time.time() - record["t0"]  # type: ignore[operator]
                finish()

        arcade.schedule_once(solve, 2.0)
        arcade.schedule(wait_built, 0.1)
    else:
        raise SystemExit(f"unknown scenario {scenario!r}")
    arcade.run()


if __name__ == "__main__":
    main()
