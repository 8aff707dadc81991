"""Reduced motion (Settings, setting "reduced_motion"): the camera jumps to the player instead of gliding and
never shakes on a bump, puzzle tiles jump instead of sliding, the opening pulse is off; saved and loaded."""

from __future__ import annotations

import pytest

from engine.level import NamedLevel
from engine.maze.recipe import MazeSpec


@pytest.fixture
def still(ctx):
    ctx.set_reduced_motion(True)
    yield ctx
    ctx.set_reduced_motion(False)


def _zoomed_play(window, ctx):
    from game.play.view import PlayView

    spec = MazeSpec("square", 100, 100, "backtracker", {}, 0, 21)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "big"))
    window.show_view(view)
    for _ in range(90):
        view.on_update(1 / 60)
    return view


@pytest.mark.parametrize("reduced", [False, True])
def test_camera_glides_or_jumps(window, ctx, reduced):
    ctx.set_reduced_motion(reduced)
    view = _zoomed_play(window, ctx)
    cam = view.cam
    settled = cam.x
    cam.x += 400 / cam.zoom
    cam.following = True
    view.on_update(1 / 60)
    back = (settled + 400 / cam.zoom - cam.x) * cam.zoom  # pixels travelled in one frame
    if reduced:
        assert back == pytest.approx(400, abs=0.5)
        assert view.pulse_left == 0
    else:
        assert 0 < back < 200
    ctx.set_reduced_motion(False)


def test_a_bump_does_not_shake_the_view(window, still):
    import arcade

    view = _zoomed_play(window, still)
    cam = view.cam
    cam.shake = (6.0, 3.0)  # what a bump sets
    camera = arcade.Camera2D()
    cam.apply(camera)
    assert tuple(camera.position) == pytest.approx((cam.x, cam.y))


def test_puzzle_tiles_jump_and_the_setting_is_saved(window, still):
    from engine.puzzle.deal import Deal, deal_session
    from game.context import Context
    from game.puzzle.settings import PuzzleSettings
    from game.puzzle.view import PuzzleView

    view = PuzzleView(still, deal_session(Deal(3, 3, seed=2)), settings=PuzzleSettings(animate=True))
    window.show_view(view)
    view.on_update(1 / 60)
    view.on_draw()
    for name in ("up", "down", "left", "right"):
        before = view.session.moves
        view.slide(name)
        if view.session.moves > before:
            break
    assert view.session.moves == 1 and not view.board.anim  # moved, no slide animation
    assert still.store.setting("reduced_motion") == "1"
    again = Context(window, store=still.store, audio=still.audio)
    assert again.reduced_motion
