"""The maze answers every touch (headless, a fake clock): a step glides, a wall bump nudges and lights the wall,
the goal is a moment before the win screen, a star chimes as it lands, the puzzle rules are heard; each is a
visible change within 100 ms and a sound, and with reduced motion each is still but visible.  Then the screen
rests again (no frames asked for)."""

from __future__ import annotations

import math

import pytest
from arcade import key

from engine.level import NamedLevel
from engine.maze.recipe import MazeSpec
from engine.modes.base import EventKind
from game.play.feel import FLASH_TIME, GOAL_TIME, NUDGE_TIME, SKIP_AFTER, START_SPEED, facing_edge, glide_curve
from tests.test_game_idle import idle_draws
from tests.test_game_views import DIRECTION_KEYS, KEY_VECTORS, keypress, run_until

CODE = "M2.S8X5.GT.O#2-GD"


@pytest.fixture(params=[False, True], ids=["moving", "reduced-motion"])
def still(request, ctx):
    ctx.set_reduced_motion(request.param)
    yield request.param
    ctx.set_reduced_motion(False)


def open_play(window, ctx, code: str = CODE):
    """The play screen of ``code`` shown, its opening pulse over, two frames drawn."""
    from game.play.view import PlayView

    spec = MazeSpec.from_code(code)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "test"))
    window.show_view(view)
    view.pulse_left = 0.0
    for _ in range(2):
        view.on_update(1 / 60)
        view.on_draw()
    return view


def drawn(view) -> bool:
    """Whether the screen asks for a frame; draws it if so."""
    if view.needs_redraw():
        view.on_draw()
        return True
    return False


def test_the_glide_curves_ease_out_from_rest_and_keep_a_runs_pace():
    assert glide_curve(0.0, START_SPEED, 0.0) == 0.0 and glide_curve(1.0, START_SPEED, 0.0) == pytest.approx(1.0)
    assert glide_curve(0.5, START_SPEED, 0.0) == pytest.approx(0.75)  # from rest: three quarters at half time
    assert all(glide_curve(p / 10, 1.0, 1.0) == pytest.approx(p / 10) for p in range(11))  # a run: one pace
    for v0 in (1.0, START_SPEED):
        for v1 in (0.0, 1.0):
            values = [glide_curve(p / 50, v0, v1) for p in range(51)]
            assert values == sorted(values) and values[-1] == pytest.approx(1.0)  # never back, always there
            end = (glide_curve(1.0, v0, v1) - glide_curve(0.98, v0, v1)) / 0.02
            assert end == pytest.approx(v1, abs=0.05)  # it arrives at the speed asked for


def test_a_step_glides_or_jumps_and_sounds(window, ctx, still):
    view = open_play(window, ctx)
    s = view.session
    start = s.centers[s.cell]
    open_key = next(k for k in DIRECTION_KEYS if s.pick(KEY_VECTORS[k]) is not None)
    target = s.centers[s.pick(KEY_VECTORS[open_key])]
    keypress(window, open_key)
    view.on_update(0.05)
    assert "step" in ctx.audio.played
    assert drawn(view)  # a visible change within 100 ms
    x, y = view.drawn_position()
    if still:
        assert (x, y) == target  # at once on the cell reached
    else:
        part = math.dist((x, y), start) / math.dist(target, start)
        assert 0.55 < part < 0.95  # eased out from rest: well past half way at half time, not there yet
    run_until(view, lambda: not s.moving)
    view.on_update(1 / 60)
    assert view.drawn_position() == target


def test_a_clicked_walk_glides_at_one_pace_and_eases_into_its_last_cell(window, ctx):
    view = open_play(window, ctx)
    s = view.session
    way = s.shortest_way[:4]
    assert s.walk_to(way[3], explored_only=False)
    speeds: dict[int, tuple[float, float]] = {}
    for _ in range(120):
        view.on_update(1 / 120)
        view.drawn_position()
        if s.moving:
            speeds.setdefault(s.moves, (view.glide.v0, view.glide.v1))
    assert s.cell == way[3] and not s.moving
    assert speeds == {1: (1.0, 1.0), 2: (1.0, 1.0), 3: (1.0, 0.0)}  # one pace, then into the last cell


def test_goes_on_says_when_a_move_follows_at_once():
    from engine.modes.play import PlaySession

    s = PlaySession(MazeSpec.from_code(CODE).level())
    assert not s.goes_on(None)  # at rest
    way = s.shortest_way[:4]
    assert s.walk_to(way[3], explored_only=False)
    seen: dict[int, bool] = {}
    for _ in range(100):
        if s.moving:
            seen.setdefault(s.moves, s.goes_on(None))
        s.advance(0.02)
    assert s.cell == way[3] and not s.moving
    assert seen == {1: True, 2: True, 3: False}  # two cells glide on into the next, the last eases to a stop
    s.reset()
    s.press(KEY_VECTORS[next(k for k in DIRECTION_KEYS if s.pick(KEY_VECTORS[k]) is not None)])
    assert s.moving and not s.goes_on(None)  # a tap
    s.press(KEY_VECTORS[DIRECTION_KEYS[0]])
    assert s.goes_on(None)  # a press typed ahead follows at once


def test_a_wall_bump_nudges_or_lights_the_wall_and_sounds(window, ctx, still):
    view = open_play(window, ctx)
    s = view.session
    centre = s.centers[s.cell]
    wall_key = next(k for k in DIRECTION_KEYS if s.pick(KEY_VECTORS[k]) is None)
    way = KEY_VECTORS[wall_key]
    keypress(window, wall_key)
    view.on_update(0.05)
    assert s.bumps == 1 and ctx.audio.played[-1] == "bump"
    assert drawn(view)  # a visible change within 100 ms
    x, y = view.drawn_position()
    assert view.nudge.flash_left > 0  # the wall's edge is lit
    x0, y0, x1, y1 = view.nudge.edge
    mid = ((x0 + x1) / 2 - centre[0], (y0 + y1) / 2 - centre[1])
    assert mid[0] * way[0] + mid[1] * way[1] > 0.9 * math.hypot(*mid)  # the edge lit is the wall bumped
    if still:
        assert (x, y) == centre  # the disc stays still
    else:
        push = (x - centre[0]) * way[0] + (y - centre[1]) * way[1]
        assert push > 0.3 * view.disc_radius()  # toward the wall
    for _ in range(round(max(NUDGE_TIME, FLASH_TIME) / (1 / 60)) + 2):
        view.on_update(1 / 60)
        drawn(view)
    assert view.drawn_position() == centre and view.nudge.flash_left == 0
    assert idle_draws(window, view, 3.0) == 0  # then the screen rests (the clock waits for a first move)


def test_a_refused_click_rings_the_disc(window, ctx):
    view = open_play(window, ctx)
    s = view.session
    far = max(range(s.maze.grid.n), key=lambda c: math.dist(s.centers[c], s.centers[s.cell]))
    sx, sy = view.viewport.world_to_screen(*s.centers[far])
    window.dispatch_event("on_mouse_press", int(sx), int(sy), 1, 0)
    window.dispatch_event("on_mouse_release", int(sx), int(sy), 1, 0)
    view.on_update(1 / 60)
    assert ctx.audio.played[-1] == "bump" and s.cell == s.start
    assert view.nudge.flash_left > 0 and view.nudge.edge is None and view.nudge.left == 0


def test_facing_edge_picks_the_side_a_step_runs_into():
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    assert facing_edge(square, (0.5, 0.5), (1.0, 0.0)) == (1.0, 0.0, 1.0, 1.0)
    assert facing_edge(square, (0.5, 0.5), (0.0, -2.0)) == (0.0, 0.0, 1.0, 0.0)


def walk_to_goal(view) -> None:
    s = view.session
    assert s.walk_to(s.goal, explored_only=False)
    run_until(view, lambda: s.finished, 3000)


def test_the_goal_is_a_moment_in_the_maze_then_the_win(window, ctx, still):
    from game.shell.win import WinView

    view = open_play(window, ctx)
    walk_to_goal(view)
    view.on_update(1 / 60)
    assert view.goal_moment.on and ctx.audio.played[-1] == "win"
    assert window.current_view is view  # not the win screen yet
    assert drawn(view)
    view.on_update(0.05)
    assert drawn(view) is (not still)  # rings burst (within 100 ms); reduced motion: one still ring, shown
    assert view.goal_moment.on
    run_until(view, lambda: isinstance(window.current_view, WinView), round(GOAL_TIME * 60) + 5)
    assert not view.goal_moment.on


def test_any_key_skips_the_goals_moment(window, ctx):
    from game.shell.win import WinView

    view = open_play(window, ctx)
    walk_to_goal(view)
    view.on_update(1 / 60)
    assert view.goal_moment.on
    window.dispatch_event("on_key_press", key.RIGHT, 0)  # a key typed ahead on the way in: the moment goes on
    assert window.current_view is view and view.goal_moment.on
    view.on_update(SKIP_AFTER)
    window.dispatch_event("on_key_press", key.SPACE, 0)
    assert isinstance(window.current_view, WinView)


def test_each_star_chimes_and_shows_as_it_lands(window, ctx, still):
    from game.shell.win import STAR_DELAY, STAR_GAP, WinView

    view = open_play(window, ctx)
    walk_to_goal(view)
    run_until(view, lambda: isinstance(window.current_view, WinView), 200)
    win = window.current_view
    win.on_draw()
    assert win.stars >= 1
    chimes = ctx.audio.played.count("star")
    t, dt = 0.0, 0.05
    for n in range(1, win.stars + 1):
        due = STAR_DELAY + STAR_GAP * (n - 1)
        while t + dt < due:
            win.on_update(dt)
            t += dt
        assert win.shown_stars == n - 1
        win.on_update(dt)  # the star lands within these 50 ms
        t += dt
        assert win.shown_stars == n and ctx.audio.played.count("star") == chimes + n
        assert win.needs_redraw()  # shown: a visible change (reduced motion: lit, not popped)
        win.on_draw()


def test_the_puzzle_rules_are_heard(window, ctx):
    """Keys, doors, the switch and the hunter's steps each have their sound; being caught too."""
    from tests.test_game_rules import ALL_RULES, HUNTED, losing_move, open_puzzle, send

    heard: list[str] = []
    play = ctx.audio.play
    ctx.audio.play = lambda name, volume_scale=1.0: (heard.append(name), play(name, volume_scale))[1]
    view = open_puzzle(window, ctx, ALL_RULES)
    events: list[EventKind] = []
    answer = view.answer
    view.answer = lambda event: (events.append(event.kind), answer(event))[1]
    s = view.session
    for cell in (1, 8, 21, 28):  # the key, the switch, then through the door the key opens
        assert s.walk_to(cell, explored_only=False)
        run_until(view, lambda: not s.route and not s.moving and s.hunter_t >= 2.0)  # noqa: B023
        assert s.cell == cell and not s.caught
    for kind, sound in ((EventKind.KEY, "key"), (EventKind.DOOR, "door"), (EventKind.SWITCH, "switch"),
                        (EventKind.HUNTER, "hunter")):
        assert kind in events and sound in heard, kind
    before, bad = losing_move(HUNTED[0])
    view = open_puzzle(window, ctx, HUNTED[0])
    for a in [*before, bad]:
        send(window, view, a)
    assert view.session.caught and heard[-1] == "caught"


def win_campaign_level(window, ctx, level):
    """Open ``level`` from the campaign and walk its shortest way to the goal; the play screen."""
    from game import routes

    view = ctx.go(routes.level, level)
    s = view.session
    assert s.walk_to(s.goal, explored_only=False)
    run_until(view, lambda: s.finished, 3000)
    run_until(view, lambda: window.current_view is not view, 200)
    return view


def test_a_won_campaign_level_keeps_the_run_and_replays_it_as_a_faint_disc(window, ctx):
    from game import routes
    from game.play.best_run import BEST_RUN_SETTING

    level = ctx.campaign.levels[0]
    won = win_campaign_level(window, ctx, level)
    kept = [g for g in ctx.store.ghosts() if g.maze_code == won.code]
    assert len(kept) == 1 and kept[0].seconds == pytest.approx(won.session.elapsed)
    again = ctx.go(routes.level, level)
    assert again.best_run is not None and again.show_best_run
    s = again.session
    start = again.best_run_position()
    assert start == s.centers[s.start]  # it waits for the player to set off
    keypress(window, next(k for k in DIRECTION_KEYS if s.pick(KEY_VECTORS[k]) is not None))
    for _ in range(30):
        again.on_update(1 / 60)
    assert again.best_run_position() != start  # it runs on the level's timer

    class Dark:  # a dark maze where the player has seen nothing but the start
        def is_seen(self, cell: int) -> bool:
            return cell == s.start

    lit, s.fog = s.fog, Dark()
    assert again.best_run_position() is None  # in the dark it shows only where the player has seen
    s.fog = lit
    ctx.store.set_setting(BEST_RUN_SETTING, "0")  # Settings: hidden (the screen reads it as it shows)
    again.on_show_view()
    assert again.best_run_position() is None
    third = ctx.go(routes.level, level)
    assert third.best_run is not None and not third.show_best_run


def test_settings_switch_the_best_run(window, ctx):
    from game import routes
    from game.play.best_run import best_run_on

    view = ctx.go(routes.settings)
    assert best_run_on(ctx.store) and view.best_btn.text == "My best run: shown"
    view.toggle_best_run()
    assert not best_run_on(ctx.store) and view.best_btn.text == "My best run: hidden"


def test_a_held_run_glides_at_one_pace_across_cells(window, ctx):
    view = open_play(window, ctx)
    s = view.session
    down = next(k for k in DIRECTION_KEYS if s.pick(KEY_VECTORS[k]) is not None)
    window.dispatch_event("on_key_press", down, 0)  # held: a tap's step, then the run
    last, speeds = view.drawn_position(), []
    for _ in range(60):
        view.on_update(1 / 60)
        now = view.drawn_position()
        speeds.append(math.dist(now, last) * 60)
        last = now
    window.dispatch_event("on_key_release", down, 0)
    assert s.moves >= 4
    start = next(i for i in range(1, len(speeds)) if speeds[i - 1] == 0 < speeds[i])  # the run sets off
    run = speeds[start:start + 12]  # two cells' worth of frames
    assert all(v == pytest.approx(run[0]) for v in run)  # no easing at the cell between them
