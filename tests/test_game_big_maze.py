"""Big mazes on the play screen (headless): opening zoomed on the player, F, the minimap, the opaque bands, the
opening pulse, and a camera that eases and then lets the screen idle."""

from __future__ import annotations

import arcade
import pytest
from arcade import key

from engine.level import Level, NamedLevel
from engine.maze.recipe import MazeSpec
from game.ui.viewport import MIN_CELL_PX


@pytest.fixture(scope="module")
def big():
    spec = MazeSpec("square", 100, 100, "backtracker", {}, 0, 21)
    return spec, spec.build()


def _open(window, ctx, spec, maze, dark=False):
    from game.play.view import PlayView

    view = PlayView(ctx, NamedLevel(Level(maze, dark), spec.code(), "big"))
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


# -- issue 29 item 15: a cell size that suits the window, a minimap out of the way, a findable player ----------
@pytest.fixture(scope="module")
def huge():
    spec = MazeSpec("square", 300, 300, "backtracker", {}, 0, 5)
    return spec, spec.build()


@pytest.mark.parametrize("size, cell", [((1920, 1080), 27.0), ((800, 600), 16.0), ((3840, 2160), 54.0)])
def test_a_big_maze_opens_at_a_cell_size_that_suits_the_window(window, ctx, huge, size, cell):
    from layout_check import set_window_size

    spec, maze = huge
    set_window_size(window, *size)
    view = _open(window, ctx, spec, maze)
    assert view.viewport.cell_pixels() == pytest.approx(cell)  # 2.5 % of the height, never under 16 px
    assert view.disc_radius() * view.cam.zoom >= 0.25 * cell  # the player is a disc you see, not a dot


def _overlap(r, box) -> float:
    left, bottom, right, top = box
    return max(0.0, min(r.right, right) - max(r.left, left)) * max(0.0, min(r.top, top) - max(r.bottom, bottom))


def test_the_minimap_sits_in_free_margin_and_never_over_the_player(window, ctx, big):
    from layout_check import set_window_size

    spec, maze = big
    set_window_size(window, 1920, 1080)
    view = _open(window, ctx, spec, maze)
    window.dispatch_event("on_key_press", key.F, 0)  # fitted: about 400 px free either side of the maze
    view.on_draw()
    mini = view.minimap
    x0, y0, x1, y1 = maze.grid.bounds()
    (ml, mb), (mr, mt) = view.viewport.world_to_screen(x0, y0), view.viewport.world_to_screen(x1, y1)
    assert _overlap(mini.rect, (ml, mb, mr, mt)) == 0  # in the margin, over none of the maze
    assert mini.rect.right <= window.width and mini.rect.top <= window.height - view.hud_height
    # Zoomed in (the maze fills the window): never over the player, wherever the player stands on screen.
    view.viewport.open_on(*view.session.display_position())  # as the level opened: zoomed in on the player
    (ml, mb), (mr, mt) = view.viewport.world_to_screen(x0, y0), view.viewport.world_to_screen(x1, y1)
    assert mr - ml > window.width  # the maze is now wider than the window: no margin to sit in
    for corner in ((window.width - 30, window.height - view.hud_height - 30), (30, view.footer_height + 30),
                   (30, window.height - view.hud_height - 30), (window.width - 30, view.footer_height + 30)):
        mini.arrange(corner, view.cam)
        r = mini.rect
        assert not (r.left - 8 <= corner[0] <= r.right + 8 and r.bottom - 8 <= corner[1] <= r.top + 8), corner


def test_a_300x300_minimap_shows_the_shape_start_and_goal_not_mush(window, ctx, huge):
    from game.render.minimap import Minimap

    spec, maze = huge
    dense = Minimap(maze, ctx.theme)
    assert dense.dense
    small = MazeSpec("square", 45, 45, "backtracker", {}, 0, 2)
    assert not Minimap(small.build(), ctx.theme).dense  # few enough cells: the passages themselves
    from PIL import Image

    picture = Image.fromarray(dense.picture).convert("RGB")
    colours = picture.getcolors(1 << 16)
    assert colours is not None
    top = sorted(colours, reverse=True)[:1][0][0]
    assert top > 0.9 * picture.width * picture.height  # one calm colour (the maze's area), not a speckle


def test_after_fit_a_small_player_gets_a_ring(window, ctx, huge):
    spec, maze = huge
    view = _open(window, ctx, spec, maze)  # 1280x800: a headless window draws only at its own size
    window.dispatch_event("on_key_press", key.F, 0)
    view.on_draw()
    assert view.disc_radius() * view.cam.zoom < 6  # a tiny disc ...
    sx, sy = view.viewport.world_to_screen(*view.session.display_position())
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    k = 1.0  # ui_scale at 1280x800
    player = tuple(ctx.theme.player[:3])
    ring = [image.getpixel((int(sx + dx), int(window.height - 1 - (sy + dy))))
            for dx, dy in ((16 * k, 0), (-16 * k, 0), (0, 16 * k), (0, -16 * k))
            if 0 <= sx + dx < window.width and 0 <= sy + dy < window.height]
    near = [p for p in ring if sum(abs(a - b) for a, b in zip(p, player, strict=True)) < 60]
    assert len(near) >= 2  # ... with a ring around it in the player's colour
