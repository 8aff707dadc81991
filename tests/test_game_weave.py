"""Weave mazes in the game (headless window): bridges are drawn, and drawn over a player in the tunnel."""

from __future__ import annotations

import arcade
import pytest

from engine.maze.recipe import MazeSpec
from game.render.maze_layer import deck_colour
from tests.test_game_views import frame, open_spec


def _pixel_at(window, view, x: float, y: float) -> tuple[int, int, int]:
    sx, sy = view.cam.world_to_screen(x, y)
    img = arcade.get_image(0, 0, window.width, window.height)
    px = img.convert("RGB").getpixel((int(sx), window.height - 1 - int(sy)))
    assert isinstance(px, tuple)
    return (int(px[0]), int(px[1]), int(px[2]))


def _close(a, b, tol: int = 12) -> bool:
    return all(abs(int(p) - int(q)) <= tol for p, q in zip(a, b, strict=False))


@pytest.mark.parametrize(("shape", "dark", "theme"),
                         [("square", False, "dark"), ("hex", False, "light"), ("square", True, "dark")])
def test_the_bridge_covers_a_player_in_the_tunnel_but_not_one_on_it(window, ctx, shape, dark, theme):
    ctx.set_theme(theme)
    spec = MazeSpec.create(shape, 10, 8, "backtracker", seed=1, weave=1.0, dark=dark)
    view = open_spec(window, ctx, spec)
    s, t = view.session, ctx.theme
    x, a, b = s.maze.crossings[0].tolist()
    cx, cy = s.centers[x]
    if not dark:
        assert _close(_pixel_at(window, view, cx, cy), deck_colour(t))  # an empty bridge shows its deck
    # in the tunnel, half way: the player is right under the crossing cell's centre
    s.cell, s.anim_from, s.moving, s.progress = b, a, True, 0.5
    s.fog and s.fog.look(x, {x, a, b})
    view.sync_fog()
    assert s.tunnel() == x
    frame(window, 2)
    px, py = s.display_position()
    assert abs(px - cx) < 1e-6 and abs(py - cy) < 1e-6
    assert _close(_pixel_at(window, view, cx, cy), deck_colour(t))  # the deck hides the player
    # on the bridge: standing on the crossing cell, the player is drawn on top
    s.cell = s.anim_from = x
    s.moving = False
    frame(window, 2)
    assert s.tunnel() == -1
    assert _close(_pixel_at(window, view, cx, cy), t.player)
    ctx.set_theme("dark")


@pytest.mark.parametrize("player", [0, 1])
def test_in_a_two_player_race_the_bridge_covers_a_player_in_its_tunnel(window, ctx, player):
    from engine.modes.race.duo import DuoSession
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(MazeSpec.create("square", 10, 8, "backtracker", seed=1, weave=1.0).level()))
    ctx.show(view)
    view.on_resize(window.width, window.height)
    s = view.duo.racers[player].play
    x, a, b = s.maze.crossings[0].tolist()
    cx, cy = s.centers[x]
    s.cell, s.anim_from, s.moving, s.progress = b, a, True, 0.5  # half way through the tunnel: under the centre
    assert s.tunnel() == x
    frame(window, 2)
    assert _close(_pixel_at(window, view, cx, cy), deck_colour(ctx.theme))  # the deck hides the player


def test_opening_a_weave_code_in_the_lab_says_why_not(window, ctx):
    from game.lab.open import open_lab
    from game.lab.setup import LabSetupView

    code = MazeSpec.create("hex", 8, 6, "wilson", seed=2, weave=0.5).code()
    view = open_lab(ctx, code)
    assert isinstance(view, LabSetupView)
    assert "weave" in view.message.text and view.field.text == code
    setup = LabSetupView(ctx)
    setup.field.text = code
    setup.submit_code()
    assert "weave" in setup.message.text


def test_a_weave_race_runs_to_the_result_and_its_ghost_replays(ctx, window):
    from engine.maze.solvers.bfs import shortest_path
    from engine.modes.ghost import Ghost
    from engine.modes.race import RaceSpec
    from engine.modes.race.session import RaceSession
    from game.race.result import RaceResultView
    from game.race.view import RaceView
    from tests.test_game_race import _walk_whole_path

    spec = RaceSpec.create(MazeSpec.create("square", 12, 10, "backtracker", seed=3, weave=1.0), "runner", "easy")
    session = RaceSession.for_spec(spec)
    view = RaceView(ctx, session)
    ctx.show(view)
    for _ in range(180):
        view.on_update(1 / 60)
    view.on_draw()
    path = shortest_path(view.maze.open_lists(), view.maze.start, view.maze.goal)
    under = {frozenset((a, b)) for _, a, b in view.maze.crossings.tolist()}
    assert any(frozenset(p) in under for p in zip(path, path[1:], strict=False))
    _walk_whole_path(view)
    seen_tunnel = False
    for _ in range(6000):
        view.on_update(1 / 60)
        if isinstance(window.current_view, RaceView):
            seen_tunnel |= session.player.tunnel() >= 0 or session.opponent_tunnel() >= 0
            view.on_draw()
        if isinstance(window.current_view, RaceResultView):
            break
    assert seen_tunnel
    result_view = window.current_view
    assert isinstance(result_view, RaceResultView) and result_view.result.winner == "player"
    [saved] = ctx.store.ghosts()
    assert ".W100" in saved.maze_code
    assert Ghost.from_code(saved.ghost_code).path == path
