"""Idle screens draw (almost) nothing: count the frames each screen asks for over many quiet ticks (no timing).

Also the menu's carving background: it moves on once per ``TICK_SECONDS`` at most, and not at all with
reduced motion.
"""

from __future__ import annotations

import pytest

from game import routes
from game.app import IDLE_RATE
from game.render.backdrop import TICK_SECONDS, CarvingBackdrop

TICK = IDLE_RATE  # the window's idle tick
IDLE_SECONDS = 12.0


def idle_draws(window, view, seconds: float = IDLE_SECONDS) -> int:
    """Frames ``view`` asks for over ``seconds`` of quiet idle ticks, after settling (two frames drawn)."""
    for _ in range(2):
        view.on_update(TICK)
        view.needs_redraw()
        view.on_draw()
    draws = 0
    for _ in range(round(seconds / TICK)):
        view.on_update(TICK)
        if view.needs_redraw():
            draws += 1
            view.on_draw()
    return draws


@pytest.mark.parametrize("route", [routes.levels, routes.help_screen, routes.settings, routes.my_levels],
                         ids=["levels", "help", "settings", "my-levels"])
def test_static_screens_draw_nothing_when_idle(window, ctx, route):
    view = ctx.go(route)
    assert idle_draws(window, view) == 0


def test_menu_redraws_only_for_its_slow_background(window, ctx):

    view = ctx.go(routes.menu)
    draws = idle_draws(window, view)
    assert 1 <= draws <= IDLE_SECONDS / TICK_SECONDS + 1
    assert view.backdrop.carved > 0


def test_menu_with_reduced_motion_is_static(window, ctx):

    ctx.store.set_setting("reduced_motion", "1")
    view = ctx.go(routes.menu)
    assert idle_draws(window, view) == 0
    assert view.backdrop.carved == view.backdrop.total  # the maze is there, finished, and still


def test_code_entry_caret_stops_blinking(window, ctx):
    from game.ui import CARET_BLINK_FOR, CARET_BLINK_PERIOD

    view = ctx.go(routes.code_entry)
    draws = idle_draws(window, view)
    assert draws <= CARET_BLINK_FOR / CARET_BLINK_PERIOD + 2


def test_backdrop_carves_a_whole_maze_then_starts_another(ctx):
    b = CarvingBackdrop(ctx.theme)
    b.place(800, 600)
    assert b.total == 0 and not b.update(TICK_SECONDS)  # nothing is built before the first frame
    b.draw()
    assert not b.update(0.0)  # the first tick after it builds the maze: no line yet, nothing to redraw
    assert b.total > 100 and b.carved == 0
    assert not b.update(TICK_SECONDS / 2)
    assert b.update(TICK_SECONDS / 2)
    first = b.carved
    assert 0 < first < b.total
    changes = 0
    for _ in range(2000):
        changes += b.update(TICK_SECONDS)
        if b.carved == b.total:
            break
    assert b.carved == b.total and b.head is None
    seed = b.seed
    for _ in range(20):
        b.update(TICK_SECONDS)
    assert b.seed == seed + 1 and b.carved < b.total  # held, then a new maze
    b.place(800, 600)
    assert b.seed == seed + 1 and b.total > 100  # the same size keeps it
    b.place(1280, 800)
    assert b.carved == b.total == 0 and not b.shapes  # a new size drops the old lines at once
    assert b.update(TICK_SECONDS) is False and b.total > 100  # and builds the new maze on the next tick


def test_play_screen_rests_before_the_first_move_and_after_its_pulse(window, ctx):
    from game.play.screen import PULSE_TIME

    view = ctx.go(routes.play_code, "M2.S8X5.GT.O#2-GD")
    pulse = idle_draws(window, view, PULSE_TIME + 1.0)
    assert pulse >= 5  # the opening pulse is animated
    assert idle_draws(window, view) == 0  # then nothing moves: the clock waits for the first move


def _settle_after_one_step(view) -> None:
    """One step from the start (the clock starts), then let the move, the camera and the pulse finish."""
    s = view.session
    assert s.walk_to(s.level.maze.open_lists()[s.cell][0])
    for _ in range(round(3.0 / TICK)):
        view.on_update(TICK)
    assert not s.finished and s.elapsed > 0


@pytest.mark.parametrize("size", [20, 100])
def test_a_level_with_its_clock_running_redraws_once_a_second(window, ctx, size):
    from engine.maze.recipe import MazeSpec

    view = ctx.go(routes.play_code, MazeSpec.create("square", size, size, "backtracker", seed=1).code())
    _settle_after_one_step(view)
    draws = idle_draws(window, view)
    assert IDLE_SECONDS - 1 <= draws <= IDLE_SECONDS + 1  # the clock's whole seconds, nothing else
    assert view.clock_text() == view.hud_time.text  # the clock shown is the clock running


def pacer_draws(view, seconds: float, rate: float = 1 / 60) -> int:
    """Frames :class:`game.app.FramePacer` lets ``view`` draw over ``seconds`` of ticks at ``rate`` (the window's
    own rule, with the view's ``frame_time``), each tick updating the view first."""
    from game.app import FramePacer

    pacer, now, draws = FramePacer(), 0.0, 0
    pacer.frame(True, now)
    for _ in range(round(seconds / rate)):
        now += rate
        view.on_update(rate)
        if pacer.too_soon(now, getattr(view, "frame_time", 0.0)):
            continue
        draw, _ = pacer.frame(view.needs_redraw(), now)
        if draw:
            draws += 1
            view.on_draw()
    return draws


def test_a_running_race_draws_at_most_thirty_frames_a_second(window, ctx):
    from engine.maze.recipe import MazeSpec
    from engine.modes.race import RaceSpec
    from engine.modes.race.session import RaceSession
    from game.race.screen import RACE_FRAME_TIME
    from game.race.view import RaceView

    spec = RaceSpec.create(MazeSpec.create("square", 30, 30, "backtracker", seed=1), "runner", "normal")
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    for _ in range(200):  # the countdown, then the runner sets off
        view.on_update(1 / 60)
    assert RACE_FRAME_TIME == pytest.approx(1 / 30)
    draws = pacer_draws(view, 4.0)
    assert view.race.opponent_moves > 10  # the runner ran all along
    assert 100 <= draws <= 4 * 30 + 2
    layer = view.layer
    assert layer.image_renders == 1  # the whole maze fits: its still picture was made once, then copied
