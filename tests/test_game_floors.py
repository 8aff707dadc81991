"""Mazes with floors in the game (headless window): stair keys climb, the HUD names the floor, stair marks
are drawn, and a maze is won on its top floor."""

from __future__ import annotations

import arcade
import pytest
from arcade import key

from engine.maze.floors import stair_marks
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import solve
from tests.test_game_views import frame, keypress, open_spec

SPEC = MazeSpec.create("square", 8, 6, "backtracker", seed=4, floors=3)
ARROWS = {(1, 0): key.RIGHT, (-1, 0): key.LEFT, (0, 1): key.UP, (0, -1): key.DOWN}


def _walk(window, view, path) -> None:
    """Play ``path`` with the keys: arrows on a floor, E / PgDn on the stairs."""
    s = view.session
    fl = s.floor_of
    for a, b in zip(path, path[1:], strict=False):
        if fl[b] > fl[a]:
            keypress(window, key.E)
        elif fl[b] < fl[a]:
            keypress(window, key.PAGEDOWN)
        else:
            (ax, ay), (bx, by) = s.centers[a], s.centers[b]
            keypress(window, ARROWS[(round(bx - ax), round(by - ay))])
        for _ in range(8):
            view.on_update(1 / 60)
        assert s.cell == b


def test_win_on_the_top_floor_with_the_stair_keys(window, ctx):
    view = open_spec(window, ctx, SPEC)
    s = view.session
    assert "E/PgUp up a stair" in view.hud_help.text
    frame(window)
    assert view.hud_moves.text.startswith("floor 1/3")
    path = solve(s.maze).path
    _walk(window, view, path[: next(i for i, c in enumerate(path) if s.floor_of[c] == 1) + 1])
    assert s.floor == 1
    frame(window)
    assert view.hud_moves.text.startswith("floor 2/3")
    _walk(window, view, path[path.index(s.cell) :])
    assert s.finished and s.floor == 2 and s.result() is not None


def test_a_stair_key_where_there_is_no_stair_bumps(window, ctx):
    view = open_spec(window, ctx, SPEC)
    keypress(window, key.Q)
    view.on_update(1 / 60)
    assert view.session.moves == 0 and view.session.bumps == 1


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_stair_marks_are_drawn(window, ctx, theme):
    ctx.set_theme(theme)
    view = open_spec(window, ctx, SPEC)
    frame(window, 2)
    up, _ = stair_marks(view.session.maze)
    cx, cy = up[0].mean(axis=0)
    sx, sy = view.cam.world_to_screen(float(cx), float(cy))
    img = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    got = img.getpixel((int(sx), window.height - 1 - int(sy)))
    want = ctx.theme.accent
    assert all(abs(int(p) - int(q)) <= 12 for p, q in zip(got, want[:3], strict=False))


def test_two_players_climb_with_their_own_keys(ctx, window):
    from engine.maze.floors import open_stairs
    from engine.modes.race.duo import DuoSession
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(SPEC.level(), countdown=0))
    ctx.show(view)
    view.on_update(1 / 60)
    lower, upper = open_stairs(SPEC.build()).tolist()[0]
    for r in view.duo.racers:
        r.play.cell = r.play.anim_from = lower
    keypress(window, key.E)  # player 1 up
    for _ in range(10):
        view.on_update(1 / 60)
    assert view.duo.racers[0].play.cell == upper and view.duo.racers[1].play.cell == lower
    keypress(window, key.PAGEUP)  # player 2 up
    keypress(window, key.PAGEDOWN)  # buffered: player 2 down again
    for _ in range(20):
        view.on_update(1 / 60)
    assert view.duo.racers[1].play.cell == lower and view.duo.moves(1) == 2 and view.duo.floor(0) == 1


def test_a_trail_is_cut_at_the_stairs():
    from game.render.geometry import trail_strips

    maze = SPEC.build()
    path = solve(maze).path
    fl = maze.grid.floor_of
    end = maze.grid.centers[path[-1]]
    strips = trail_strips(maze, path, (float(end[0]), float(end[1])), int(fl[path[-1]]))
    assert len(strips) == 1 + sum(int(fl[a] != fl[b]) for a, b in zip(path, path[1:], strict=False))
    assert sum(len(s) for s in strips) == len(path) + 1  # every cell once, and the live position
    plain = MazeSpec.create("square", 8, 6, "backtracker", seed=4).build()
    p = solve(plain).path
    assert len(trail_strips(plain, p, (0.0, 0.0))) == 1


def test_a_race_on_floors_names_the_stair_keys_and_climbs_with_them(ctx, window):
    from engine.maze.floors import open_stairs
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    race = RaceSession.for_level(SPEC.level(), "wall", "easy", countdown=0)
    view = RaceView(ctx, race)
    ctx.show(view)
    view.on_update(1 / 60)
    assert view.help_line.startswith("PgUp/PgDn take a stair")
    lower, upper = open_stairs(SPEC.build()).tolist()[0]
    race.player.cell = race.player.anim_from = lower
    keypress(window, key.PAGEUP)
    for _ in range(10):
        view.on_update(1 / 60)
    assert race.player.cell == upper and race.player_floor() == 1


def test_the_floors_the_player_is_not_on_are_veiled(window, ctx):
    from engine.maze.floors import open_stairs

    view = open_spec(window, ctx, SPEC)
    s = view.session
    view.on_update(1 / 60)
    assert view.viewport.focus_floor() == 0
    lower, upper = next((a, b) for a, b in open_stairs(s.maze).tolist() if s.floor_of[a] == 0)
    frame(window, 2)
    g = s.maze.grid
    x, y = g.centers[lower + g.n // 3]  # the cell straight above a stair's lower end, on floor 1
    sx, sy = view.cam.world_to_screen(float(x), float(y))
    img = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    veiled = img.getpixel((int(sx), window.height - 1 - int(sy)))
    s.cell = s.anim_from = lower
    assert s.climb(1)
    for _ in range(10):
        view.on_update(1 / 60)
    assert s.cell == upper and view.viewport.focus_floor() == 1
    frame(window, 2)
    img = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    bright = img.getpixel((int(sx), window.height - 1 - int(sy)))
    assert sum(bright) != sum(veiled)  # the veil moved off the player's new floor
