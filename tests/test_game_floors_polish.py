"""Mazes with floors, the finishing touches: the stairs sound in play, race and two players, the race HUD's
floor, stair marks in the dark, the campaign map's info line and the question before leaving a race."""

from __future__ import annotations

import pytest
from arcade import key

from engine.maze.floors import open_stairs
from engine.maze.recipe import MazeSpec
from tests.test_game_views import keypress, open_spec

SPEC = MazeSpec.create("square", 8, 6, "backtracker", seed=4, floors=3)


def _lower_upper() -> tuple[int, int]:
    lower, upper = open_stairs(SPEC.build()).tolist()[0]
    return int(lower), int(upper)


def test_taking_a_stair_in_play_sounds_the_stairs(window, ctx):
    view = open_spec(window, ctx, SPEC)
    s = view.session
    lower, upper = _lower_upper()
    s.cell = s.anim_from = lower
    keypress(window, key.E)
    view.on_update(1 / 60)
    assert s.cell == upper and ctx.audio.played[-1] == "stairs"


def test_taking_a_stair_in_a_race_sounds_the_stairs(ctx, window):
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    race = RaceSession.for_level(SPEC.level(), "wall", "easy", countdown=0)
    view = RaceView(ctx, race)
    ctx.show(view)
    view.on_update(1 / 60)
    lower, upper = _lower_upper()
    race.player.cell = race.player.anim_from = lower
    keypress(window, key.PAGEUP)
    for _ in range(3):
        view.on_update(1 / 60)
    assert race.player.cell == upper and "stairs" in ctx.audio.played


def test_taking_a_stair_with_two_players_sounds_the_stairs(ctx, window):
    from engine.modes.race.duo import DuoSession
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(SPEC.level(), countdown=0))
    ctx.show(view)
    view.on_update(1 / 60)
    lower, upper = _lower_upper()
    for r in view.duo.racers:
        r.play.cell = r.play.anim_from = lower
    keypress(window, key.E)
    for _ in range(3):
        view.on_update(1 / 60)
    assert view.duo.racers[0].play.cell == upper and "stairs" in ctx.audio.played


def test_the_two_player_countdown_ends_with_the_race_start_sound(ctx, window):
    from engine.modes.race.duo import DuoSession
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(SPEC.level(), countdown=2))
    ctx.show(view)
    for _ in range(3 * 60):
        view.on_update(1 / 60)
    assert ctx.audio.played.count("race_start") == 1


def test_the_race_hud_names_the_players_floor(ctx, window):
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    race = RaceSession.for_level(SPEC.level(), "wall", "easy", countdown=0)
    view = RaceView(ctx, race)
    ctx.show(view)
    view.on_update(1 / 60)
    view.update_texts()
    assert view.t_info.text.startswith("floor 1/3 · you 0 moves")
    lower, upper = _lower_upper()
    race.player.cell = race.player.anim_from = lower
    keypress(window, key.PAGEUP)
    for _ in range(10):
        view.on_update(1 / 60)
    view.update_texts()
    assert race.player_floor() == 1 and view.t_info.text.startswith("floor 2/3")


def test_a_flat_race_hud_has_no_floor(ctx, window):
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    flat = MazeSpec.create("square", 8, 6, "backtracker", seed=4)
    view = RaceView(ctx, RaceSession.for_level(flat.level(), "wall", "easy", countdown=0))
    ctx.show(view)
    view.update_texts()
    assert view.t_info.text.startswith("you 0 moves")
    race = view.race
    start = race.player_position()
    for direction in ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)):  # one step, any open way
        race.press(direction, direction)
        for _ in range(30):
            view.on_update(1 / 60)
        if race.player_position() != start:
            break
    view.update_texts()
    assert view.t_info.text.startswith("you 1 move  ·"), view.t_info.text  # one move, not "1 moves"


def test_the_two_player_hud_names_each_players_floor(ctx, window):
    from engine.modes.race.duo import DuoSession
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(SPEC.level(), countdown=0))
    ctx.show(view)
    view.on_update(1 / 60)
    lower, upper = _lower_upper()
    for r in view.duo.racers:
        r.play.cell = r.play.anim_from = lower
    keypress(window, key.E)
    for _ in range(10):
        view.on_update(1 / 60)
    f0, f1 = view.duo.floor(0) + 1, view.duo.floor(1) + 1
    assert f0 == f1 + 1
    assert f"floor {f0}/3" in view.player_line(0) and f"floor {f1}/3" in view.player_line(1)


def _pixel(window, view, xy) -> tuple[int, int, int]:
    import arcade

    sx, sy = view.cam.world_to_screen(float(xy[0]), float(xy[1]))
    img = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    return img.getpixel((int(sx), window.height - 1 - int(sy)))


def _near(got, want, tol: int = 12) -> bool:
    return all(abs(int(p) - int(q)) <= tol for p, q in zip(got, want[:3], strict=False))


def _dark_view_at_a_stair(window, ctx):
    from engine.maze.floors import stair_marks

    dark = MazeSpec.create("square", 8, 6, "backtracker", seed=4, floors=3, dark=True)
    view = open_spec(window, ctx, dark)
    s = view.session
    lower, _ = _lower_upper()
    up = stair_marks(s.maze)[0][0].mean(axis=0)
    return view, s, lower, up


def test_stair_marks_are_drawn_in_the_dark_once_seen(window, ctx):
    from tests.test_game_views import frame

    view, s, lower, up = _dark_view_at_a_stair(window, ctx)
    assert s.fog is not None and s.fog.levels[lower] == 0  # the stair is far from the start: unseen
    frame(window, 2)
    assert not _near(_pixel(window, view, up), ctx.theme.accent)
    s.fog.look(lower, [])  # the stair's cell comes in sight (the player stays put: its disc would hide the mark)
    view.sync_fog()
    frame(window, 2)
    assert s.fog.levels[lower] == 2 and _near(_pixel(window, view, up), ctx.theme.accent)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_campaign_map_says_a_tower_levels_floors(window, ctx, size):
    from layout_check import set_window_size

    from game.routes import Route

    set_window_size(window, *size)
    view = ctx.go(Route.LEVELS)
    tower = next(i for i, lv in enumerate(view.levels) if lv.recipe is not None and lv.recipe.floors > 1)
    lv = view.levels[tower]
    view.focus = tower
    view.on_draw()
    assert f"{lv.recipe.floors} floors" in view.info.text  # in a player's words: no generator name
    assert lv.recipe.algorithm not in view.info.text
    assert "\n" not in view.info.text and "…" not in view.info.text
    assert view.info.content_width <= window.width - 24


def _racing(ctx, window, countdown: int = 0):
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    view = RaceView(ctx, RaceSession.for_level(SPEC.level(), "wall", "easy", countdown=countdown))
    ctx.show(view)
    view.on_update(1 / 60)
    return view


def test_esc_in_a_race_asks_before_leaving_and_stay_goes_on(ctx, window):
    view = _racing(ctx, window)
    clock = view.race.clock
    keypress(window, key.ESCAPE)
    assert window.current_view is view and view.asking() and view.ask.title_value == "Leave this race?"
    for _ in range(30):
        view.on_update(1 / 60)
    assert view.race.clock == clock  # the race waits for the answer
    view.on_draw()
    keypress(window, key.ESCAPE)  # Esc answers Stay
    assert not view.asking() and window.current_view is view
    view.on_update(1 / 60)
    assert view.race.clock > clock and not view.race.sim.gave_up


def test_leave_gives_the_race_up_and_shows_the_result(ctx, window):
    from game.race.result import RaceResultView

    view = _racing(ctx, window)
    keypress(window, key.ESCAPE)
    keypress(window, key.ENTER)  # Leave has the focus
    assert isinstance(window.current_view, RaceResultView) and view.race.sim.gave_up


def test_esc_before_the_start_leaves_without_asking(ctx, window):
    view = _racing(ctx, window, countdown=3)
    keypress(window, key.ESCAPE)
    assert window.current_view is not view and view.ask is None
