"""Big mazes on the play screen (headless): opening zoomed on the player, F, the minimap, the opaque bands, the
opening pulse, and a camera that eases and then lets the screen idle."""

from __future__ import annotations

import arcade
import pytest
from arcade import key

from engine.maze.recipe import MazeSpec
from game.ui.viewport import MIN_CELL_PX


@pytest.fixture(scope="module")
def big():
    spec = MazeSpec("square", 100, 100, "backtracker", {}, 0, 21)
    return spec, spec.build()


def _open(window, ctx, spec, maze, dark=False):
    from game.play.view import PlayView

    view = PlayView(ctx, maze, spec.code(), "big", dark=dark)
    window.show_view(view)
    view.on_update(1 / 60)
    view.on_draw()
    return view


def _settle(view, seconds=1.5):
    for _ in range(round(seconds * 60)):
        view.on_update(1 / 60)
    view.on_draw()


def test_a_100x100_maze_opens_zoomed_on_the_player_and_f_fits(window, ctx, big):
    spec, maze = big
    view = _open(window, ctx, spec, maze)
    assert view.viewport.cell_pixels() >= MIN_CELL_PX
    sx, sy = view.viewport.world_to_screen(*view.session.display_position())
    assert 0 < sx < window.width and view.footer_height < sy < window.height - view.hud_height
    window.dispatch_event("on_key_press", key.F, 0)
    assert view.cam.zoom == pytest.approx(view.cam.fit_zoom) and not view.cam.zoomed_in
    assert view.viewport.cell_pixels() < MIN_CELL_PX  # the whole maze: small cells


def test_the_minimap_shows_over_40x40_not_under_and_not_in_the_dark(window, ctx, big):
    spec, maze = big
    assert _open(window, ctx, spec, maze).minimap is not None
    small = MazeSpec("square", 40, 40, "backtracker", {}, 0, 2)
    assert _open(window, ctx, small, small.build()).minimap is None
    dark = MazeSpec("square", 100, 100, "backtracker", {}, 0, 21, dark=True)
    assert _open(window, ctx, dark, dark.build(), dark=True).minimap is None


def test_a_click_on_the_minimap_pans_there_and_a_key_glides_back(window, ctx, big):
    spec, maze = big
    view = _open(window, ctx, spec, maze)
    mini = view.minimap
    r = mini.rect
    before = (view.cam.x, view.cam.y)
    x, y = r.left + r.width * 0.9, r.bottom + r.height * 0.9
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert (view.cam.x, view.cam.y) != before and not view.cam.following
    assert view.session.moves == 0  # the click panned; it did not walk


def test_the_footer_and_hud_bands_are_opaque_over_a_zoomed_maze(window, ctx, big):
    spec, maze = big
    view = _open(window, ctx, spec, maze)
    _settle(view, 0.2)
    t = ctx.theme
    band = tuple(t.panel[:3])
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")  # top-left origin
    h = window.height
    rows = range(1, int(view.footer_height))
    footer = [image.getpixel((x, h - 1 - y)) for x in range(0, window.width, 3) for y in rows]
    hud = [image.getpixel((x, y)) for x in range(0, window.width, 7) for y in range(1, int(view.hud_height) - 1)]
    for pixels in (footer, hud):
        assert sum(p == band for p in pixels) > 0.6 * len(pixels)  # mostly the band; the rest is text on it
        assert tuple(t.wall[:3]) not in pixels and tuple(t.floor[:3]) not in pixels  # never the maze
    # just above the footer the zoomed maze is drawn (walls and floor), so the band is what hides it there
    above = [image.getpixel((x, h - 1 - int(view.footer_height) - 4)) for x in range(0, window.width, 2)]
    assert tuple(t.floor[:3]) in above


def test_the_opening_pulse_then_stillness_and_reduced_motion(window, ctx, big):
    spec, maze = big
    view = _open(window, ctx, spec, maze)
    assert view.pulse_left > 0 and view.needs_redraw()
    _settle(view)
    assert view.pulse_left == 0
    view.on_update(1 / 60)
    assert view.needs_redraw() is False  # settled: the idle screen draws nothing
    ctx.store.set_setting("reduced_motion", "1")
    assert _open(window, ctx, spec, maze).pulse_left == 0


def test_the_camera_eases_after_a_run_and_the_screen_stops_redrawing(window, ctx, big):
    spec, maze = big
    view = _open(window, ctx, spec, maze)
    _settle(view)
    cam = view.cam
    settled = cam.x
    cam.x += 400 / cam.zoom  # as if panned away from the player, then following again
    cam.following = True
    view.on_update(1 / 60)
    back = settled + 400 / cam.zoom - cam.x
    assert 0 < back < 0.5 * 400 / cam.zoom  # part of the way after one small dt, not a jump
    assert view.needs_redraw()
    _settle(view, 1.0)
    assert abs(cam.x - settled) * cam.zoom < 0.5  # arrived after a second
    sx, sy = view.viewport.world_to_screen(*view.session.display_position())
    assert 0 < sx < window.width and view.footer_height < sy < window.height - view.hud_height
    view.on_update(1 / 60)
    assert view.needs_redraw() is False  # and the screen idles once the camera has settled
