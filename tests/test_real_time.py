"""Time and input a player can trust (issue 29, items 4 and 9): a level's, a race's, a ghost's and two
players' times are real playing time on an injected clock at any frame rate (slow 0.3 s frames counted in
full, pauses left out), and a tap whose key-up comes within 0.2 s moves exactly one cell (late key-ups and
stalled frames included) while a longer hold runs."""

from __future__ import annotations

import pytest
from arcade import key

from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.base import Phase
from engine.modes.clock import FakeClock, PlayClock
from engine.modes.editor import EditorSession
from engine.modes.race.duo import DuoSession
from engine.modes.race.session import RaceSession

SPEC = MazeSpec.create("square", 6, 5, "backtracker", seed=4)
ARROWS = {(1, 0): key.RIGHT, (-1, 0): key.LEFT, (0, 1): key.UP, (0, -1): key.DOWN}


def _arrow(centers, a: int, b: int) -> int:
    (ax, ay), (bx, by) = centers[a], centers[b]
    dx, dy = bx - ax, by - ay
    return ARROWS[(int(round(dx / max(abs(dx), abs(dy)))), int(round(dy / max(abs(dx), abs(dy)))))]


def _tap(window, clock: FakeClock, view, symbol: int, frame: float, down: float = 0.05) -> None:
    """Key down, ``down`` seconds later key up (delivered before the next frame), then one ``frame``."""
    window.dispatch_event("on_key_press", symbol, 0)
    clock.advance(down)
    window.dispatch_event("on_key_release", symbol, 0)
    clock.advance(frame - down)
    view.on_update(frame)


def test_play_clock_counts_slow_frames_in_full_and_leaves_pauses_out():
    clock = FakeClock()
    frames = PlayClock(clock)
    assert frames.step(1 / 60) == pytest.approx(1 / 60)  # the first frame: only what the window says
    clock.advance(0.3)
    assert frames.step(0.1) == pytest.approx(0.3)  # the window said 0.1 (a capped frame): the clock knows better
    clock.advance(0.05)
    frames.pause()
    clock.advance(5.0)
    assert frames.step(5.05) == pytest.approx(0.05)  # the play before the pause, none of the pause
    clock.advance(1.0)
    frames.resume()
    clock.advance(0.02)
    assert frames.step(1.02) == pytest.approx(0.02)  # the frame's own time less the paused part
    clock.advance(0.01)
    assert frames.split() == pytest.approx(0.01)  # a key in the middle of a frame
    clock.advance(0.02)
    assert frames.step(0.03) == pytest.approx(0.02)  # the rest of the frame only
    assert frames.now() == pytest.approx(1 / 60 + 0.3 + 0.05 + 0.02 + 0.03)


@pytest.mark.parametrize("frame, told", [(0.3, 0.3), (0.43, 0.1)])
def test_a_level_records_the_real_time_under_slow_frames(ctx, window, frame, told):
    """Slow frames (0.3 s; and 0.43 s frames the window reports as 0.1 s, the 4K case): the recorded time,
    the best and the stars follow the real (fake) clock from the first key to the goal."""
    from engine.level import Level, NamedLevel
    from game.play.view import PlayView
    from game.shell.win import WinView

    clock = ctx.clock
    maze = SPEC.build()
    view = PlayView(ctx, NamedLevel(Level(maze), SPEC.code(), "slow"))
    ctx.show(view)
    s = view.session
    path = shortest_path(s.adj, s.start, s.goal)
    view.on_update(1 / 60)
    t0 = clock.now()
    for a, b in zip(path, path[1:], strict=False):
        window.dispatch_event("on_key_press", _arrow(s.centers, a, b), 0)
        clock.advance(0.05)
        window.dispatch_event("on_key_release", _arrow(s.centers, a, b), 0)
        clock.advance(frame - 0.05)
        view.on_update(told)
    assert s.finished and s.moves == len(path) - 1
    # The last move began at its key press and took 0.1 s: the goal was reached then.
    real = clock.now() - t0 - (frame - 0.1)
    assert s.elapsed == pytest.approx(real, abs=1e-6)
    for _ in range(40):
        clock.advance(frame)
        view.on_update(told)
    assert isinstance(ctx.window.current_view, WinView)
    assert ctx.store.best(SPEC.code()).best_time == pytest.approx(real, abs=1e-6)


def test_pause_and_the_leave_question_stop_the_level_clock_and_a_kept_level_keeps_its_time(ctx, window):
    from engine.level import NamedLevel
    from game.play.view import PlayView

    clock = ctx.clock
    view = PlayView(ctx, NamedLevel(SPEC.level(), SPEC.code(), "pause"))
    ctx.show(view)
    s = view.session
    view.on_update(1 / 60)
    direction = next(sym for sym in ARROWS.values() if s.pick(
        {key.RIGHT: (1.0, 0.0), key.LEFT: (-1.0, 0.0), key.UP: (0.0, 1.0), key.DOWN: (0.0, -1.0)}[sym]) is not None)
    _tap(window, clock, view, direction, 0.3)
    assert s.elapsed == pytest.approx(0.3)
    window.dispatch_event("on_key_press", key.P, 0)  # pause: 10 s pass
    for _ in range(10):
        clock.advance(1.0)
        view.on_update(1.0)
    window.dispatch_event("on_key_press", key.P, 0)
    clock.advance(0.2)
    view.on_update(0.2)
    assert s.elapsed == pytest.approx(0.5)
    window.dispatch_event("on_key_press", key.ESCAPE, 0)  # "Leave this level?": the clock stands
    assert view.asking()
    clock.advance(3.0)
    view.on_update(3.0)
    assert s.elapsed == pytest.approx(0.5)
    view.ask.choose(0)  # Leave: the place and its time are kept
    again = PlayView(ctx, NamedLevel(SPEC.level(), SPEC.code(), "pause"))
    ctx.show(again)
    assert again.asking()  # Resume or Restart
    again.ask.on_key_press(key.RETURN, 0)  # Resume (the first choice)
    assert again.session.elapsed == pytest.approx(0.5, abs=1e-3) and again.session.moves == 1
    clock.advance(0.3)
    again.on_update(0.3)
    assert again.session.elapsed == pytest.approx(0.8, abs=1e-3)


def test_a_race_and_its_ghost_run_on_real_time_under_slow_frames(ctx, window):
    from game.race.view import RaceView

    clock = ctx.clock
    race = RaceSession.for_level(SPEC.level(), "wall", "easy")
    view = RaceView(ctx, race)
    ctx.show(view)
    while race.phase is Phase.READY:
        clock.advance(0.3)
        view.on_update(0.3)
    go = race.clock  # seconds since the start signal after the frame that passed it
    t_go = clock.now() - go
    p = race.player
    path = shortest_path(p.adj, p.start, p.goal)
    for a, b in zip(path, path[1:], strict=False):
        _tap(window, clock, view, _arrow(p.centers, a, b), 0.3)
        assert race.clock == pytest.approx(clock.now() - t_go, abs=1 / 60 + 1e-9)
    ghost = race.ghost_of_run()
    assert ghost is not None
    # The ghost's time is when the player really reached the goal: the last key press plus one move.
    real = clock.now() - 0.3 - t_go + 0.1
    assert ghost.seconds == pytest.approx(real, abs=2 / 60)


def test_two_players_clock_is_real_time_and_stands_while_paused(ctx, window):
    from game.race.duo import DuoView

    clock = ctx.clock
    view = DuoView(ctx, DuoSession(SPEC.level()))
    ctx.show(view)
    while view.duo.phase is Phase.READY:
        clock.advance(0.3)
        view.on_update(0.3)
    before = view.duo.clock
    for _ in range(5):
        clock.advance(0.3)
        view.on_update(0.3)
    assert view.duo.clock - before == pytest.approx(1.5, abs=1 / 60)
    window.dispatch_event("on_key_press", key.P, 0)
    for _ in range(5):
        clock.advance(1.0)
        view.on_update(1.0)
    window.dispatch_event("on_key_press", key.P, 0)
    clock.advance(0.3)
    view.on_update(0.3)
    assert view.duo.clock - before == pytest.approx(1.8, abs=1 / 60)


# -- tap or hold ------------------------------------------------------------------------------------------------
def _corridor(ctx, window):
    """A straight 10-cell corridor (start at the left end), in a PlayView on the test's fake clock."""
    from engine.level import NamedLevel
    from game.play.view import PlayView

    ed = EditorSession.blank("square", 10, 2)  # every wall standing; then one row opened end to end
    for c in range(9):
        ed.toggle_between(c, c + 1)
    ed.set_start(0)
    ed.set_goal(9)
    level = ed.level()
    view = PlayView(ctx, NamedLevel(level, "", "corridor"))
    ctx.show(view)
    view.on_update(1 / 60)
    return view


def _run_frames(view, clock: FakeClock, seconds: float, frame: float = 1 / 60) -> None:
    t = 0.0
    while t < seconds - 1e-9:
        clock.advance(frame)
        view.on_update(frame)
        t += frame


@pytest.mark.parametrize("down", [0.03, 0.11, 0.15, 0.18, 0.199])
def test_a_tap_within_0_2_s_moves_exactly_one_cell(ctx, window, down):
    view = _corridor(ctx, window)
    clock = ctx.clock
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    _run_frames(view, clock, down)
    window.dispatch_event("on_key_release", key.RIGHT, 0)
    _run_frames(view, clock, 1.0)
    assert view.session.cell == 1 and view.session.moves == 1


def test_a_late_key_up_after_a_stalled_frame_is_still_one_cell(ctx, window):
    view = _corridor(ctx, window)
    clock = ctx.clock
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    clock.advance(0.3)  # one stalled frame between key-down and key-up
    view.on_update(0.3)
    window.dispatch_event("on_key_release", key.RIGHT, 0)
    _run_frames(view, clock, 1.0)
    assert view.session.moves == 1
    # A loaded machine: 0.1 s frames, the key-up of a 30 ms tap delivered two frames late.
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    for _ in range(2):
        clock.advance(0.1)
        view.on_update(0.1)
    window.dispatch_event("on_key_release", key.RIGHT, 0)
    _run_frames(view, clock, 1.0, 0.1)
    assert view.session.moves == 2


def test_a_hold_runs_only_after_0_2_s_and_follows_the_corridor(ctx, window):
    view = _corridor(ctx, window)
    clock = ctx.clock
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    _run_frames(view, clock, 0.19)
    assert view.session.moves == 1  # a hold not yet known: one cell
    _run_frames(view, clock, 0.41)
    window.dispatch_event("on_key_release", key.RIGHT, 0)
    _run_frames(view, clock, 0.5)
    assert view.session.moves >= 4  # held 0.6 s: it ran
