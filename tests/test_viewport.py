"""MazeViewport in the headless window: fit, wheel zoom at the cursor, drag to pan, clicks, keys, layers, drawing."""

from __future__ import annotations

import arcade
import pytest
from arcade import key

from engine.maze.recipe import MazeSpec
from engine.modes.fog import Fog
from game.render.camera import MARGIN
from game.render.fog_layer import DarkMazeLayer
from game.render.maze_layer import MazeLayer
from game.ui.input import Bindings
from game.ui.viewport import DRAG_THRESHOLD, WHEEL_ZOOM, MazeViewport

HUD, FOOTER = 52.0, 26.0


@pytest.fixture(scope="module")
def maze():
    return MazeSpec("square", 30, 20, "backtracker", {}, 0, 4).build()


@pytest.fixture
def viewport(window, ctx, maze):
    return MazeViewport.for_maze(window, maze, ctx.theme, None, HUD, FOOTER, keys=ctx.keys)


def test_fit_shows_the_whole_maze_between_the_hud_and_the_footer(viewport, maze):
    cam = viewport.cam
    assert (cam.width, cam.height) == (1280, 800)
    assert cam.zoom == pytest.approx(cam.fit_zoom) and not cam.zoomed_in and cam.following
    x0, y0, x1, y1 = maze.grid.bounds()
    sx0, sy0 = viewport.world_to_screen(x0, y0)
    sx1, sy1 = viewport.world_to_screen(x1, y1)
    eps = 1e-6
    assert MARGIN - eps <= sx0 < sx1 <= 1280 - MARGIN + eps
    assert FOOTER + MARGIN - eps <= sy0 < sy1 <= 800 - HUD - MARGIN + eps
    # one side touches its margins: the maze is as big as it fits
    assert sx1 - sx0 == pytest.approx(1280 - 2 * MARGIN) or sy1 - sy0 == pytest.approx(800 - HUD - FOOTER - 2 * MARGIN)


def test_the_wheel_zooms_keeping_the_point_under_the_cursor(viewport):
    cam = viewport.cam
    fit = cam.zoom
    x, y = 400, 300
    before = viewport.screen_to_world(x, y)
    assert viewport.scroll(x, y, 2)
    assert cam.zoom == pytest.approx(fit * WHEEL_ZOOM ** 2) and cam.zoomed_in
    assert viewport.world_to_screen(*before) == pytest.approx((x, y))
    assert viewport.scroll(x, y, -1)
    assert cam.zoom == pytest.approx(fit * WHEEL_ZOOM)
    assert viewport.world_to_screen(*before) == pytest.approx((x, y))
    assert not viewport.scroll(x, y, 0) and cam.zoom == pytest.approx(fit * WHEEL_ZOOM)  # a sideways scroll


def test_a_drag_pans_with_the_mouse(viewport):
    cam = viewport.cam
    viewport.scroll(640, 400, 4)  # zoomed in, so the view can move
    grabbed = viewport.screen_to_world(600, 400)
    viewport.press(600, 400)
    assert not viewport.drag(602, 401, 2, 1)  # still a press: under the threshold
    assert viewport.screen_to_world(600, 400) == pytest.approx(grabbed)
    assert viewport.drag(640, 410, 38, 9)  # a drag now: the first pan makes up the whole way from the press
    assert viewport.dragging and not cam.following
    assert viewport.world_to_screen(*grabbed) == pytest.approx((640, 410))
    assert viewport.drag(660, 410, 20, 0)
    assert viewport.world_to_screen(*grabbed) == pytest.approx((660, 410))
    assert not viewport.release()  # a drag is not a click
    assert viewport.press_at is None and not viewport.dragging
    assert not viewport.drag(700, 410, 40, 0)  # no button down: nothing moves
    assert viewport.world_to_screen(*grabbed) == pytest.approx((660, 410))


def test_a_click_without_a_drag_does_not_pan(viewport):
    cam = viewport.cam
    viewport.scroll(640, 400, 4)
    where = (cam.x, cam.y, cam.zoom)
    viewport.press(500, 300)
    viewport.drag(503, 302, 3, 2)  # a hand's tremble, under the threshold
    assert viewport.release()  # a click
    assert (cam.x, cam.y, cam.zoom) == where and cam.following
    assert not viewport.release()  # a release without a press is no click


def test_threshold_zero_pans_from_the_first_move(window, maze):
    viewport = MazeViewport(maze.grid.bounds(), 900, 800, HUD, FOOTER, keys=Bindings(), drag_threshold=0)
    viewport.scroll(300, 400, 4)
    x = viewport.cam.x
    viewport.press(300, 400)
    assert viewport.drag(301, 400, 1, 0) and viewport.cam.x < x
    assert DRAG_THRESHOLD > 1  # the default would have waited


def test_cell_under_the_mouse(viewport, maze):
    for cell in (0, maze.grid.n // 2, maze.grid.n - 1):
        assert viewport.cell_at(*viewport.world_to_screen(*maze.grid.centers[cell])) == cell
    assert viewport.cell_at(2, 2) == -1  # the margin
    assert MazeViewport(maze.grid.bounds(), 100, 100, keys=Bindings()).cell_at(50, 50) == -1  # no grid: no picking


def test_keys_fit_and_zoom_on_the_focus(viewport, maze):
    cam = viewport.cam
    fit = cam.zoom
    focus = tuple(float(v) for v in maze.grid.centers[maze.grid.n - 1])
    on_screen = viewport.world_to_screen(*focus)
    assert viewport.handle_key(key.PLUS, focus) and cam.zoom == pytest.approx(fit * 1.25)
    assert viewport.world_to_screen(*focus) == pytest.approx(on_screen)  # + zooms in on the player
    assert viewport.handle_key(key.MINUS, focus) and cam.zoom == pytest.approx(fit * 1.25 * 0.8)
    viewport.press(600, 400)
    viewport.drag(700, 400, 100, 0)
    viewport.release()
    assert viewport.handle_key(key.F, focus) and cam.zoom == pytest.approx(fit) and cam.following
    assert not viewport.handle_key(key.A, focus)


def test_the_camera_keys_are_the_table_passed_in(window, maze):
    """The viewport answers the key table it was given (the player's, from ``ctx.keys``), not a global one."""
    mine = Bindings({"camera.fit": [key.G]})
    viewport = MazeViewport(maze.grid.bounds(), 900, 800, HUD, FOOTER, keys=mine)
    viewport.scroll(300, 400, 4)
    focus = (0.0, 0.0)
    assert not viewport.handle_key(key.F, focus)  # F is not fit in this table
    assert viewport.handle_key(key.G, focus) and viewport.cam.zoom == pytest.approx(viewport.cam.fit_zoom)
    assert not MazeViewport(maze.grid.bounds(), 900, 800, keys=Bindings()).handle_key(key.G, focus)


def test_resizing_refits(window, viewport):
    viewport.scroll(640, 400, 3)
    viewport.match_window(900, 600, HUD * 0.8, FOOTER * 0.8)
    cam = viewport.cam
    assert (cam.width, cam.height, cam.hud) == (900, 600, HUD * 0.8) and not cam.zoomed_in
    viewport.fit_area(700, 600)  # a panel on the right
    assert cam.width == 700 and viewport.camera.viewport_width == 700
    assert viewport.contains(699, 10) and not viewport.contains(700, 10)


def test_the_layer_is_dark_with_a_fog_and_takes_its_changes(window, ctx, maze, monkeypatch):
    lit = MazeViewport.for_maze(window, maze, ctx.theme, keys=ctx.keys)
    assert isinstance(lit.layer, MazeLayer) and lit.dark_layer is None
    lit.sync_fog()  # nothing to do
    fog = Fog(maze)
    dark = MazeViewport.for_maze(window, maze, ctx.theme, fog, HUD, FOOTER, keys=ctx.keys)
    assert isinstance(dark.layer, DarkMazeLayer) and dark.dark_layer is dark.layer and dark.layer.fog is fog
    writes: list[list[int]] = []
    monkeypatch.setattr(dark.layer, "update_fog", lambda cells: writes.append(list(cells)))
    changed = fog.look(int(maze.start), [])
    dark.sync_fog()
    dark.sync_fog()  # nothing new: no upload
    assert writes == [changed]


def test_drawing_directly_and_from_the_cached_image_gives_the_same_picture(window, ctx, viewport, maze):
    size = (window.width, window.height)
    points = [viewport.world_to_screen(*maze.grid.centers[c]) for c in (0, maze.grid.n // 3, maze.grid.n - 1)]
    points += [(5.0, 5.0), (640.0, 400.0)]

    def picture(cached: tuple[int, int] | None) -> list[tuple[int, ...]]:
        window.clear(color=ctx.theme.background)
        viewport.draw(cached=cached)
        img = arcade.get_image(0, 0, *size)
        window.default_camera.use()
        return [img.getpixel((int(x), size[1] - 1 - int(y)))[:3] for x, y in points]

    direct = picture(None)
    assert direct[0] != direct[3]  # the maze is there, the margin is background
    assert picture(size) == direct  # a new camera: drawn straight to the screen
    assert picture(size) == direct  # the camera stood still: from the offscreen image


@pytest.fixture(scope="module")
def big_maze():
    return MazeSpec("square", 100, 100, "backtracker", {}, 0, 7).build()


def test_a_big_maze_opens_zoomed_on_the_player_and_f_fits(window, ctx, big_maze, maze):
    from game.ui.viewport import MIN_CELL_PX

    view = MazeViewport.for_maze(window, big_maze, ctx.theme, None, HUD, FOOTER, keys=ctx.keys)
    start = tuple(big_maze.grid.centers[big_maze.start].tolist())
    view.match_window(1280, 800, HUD, FOOTER, focus=start)
    assert view.cell_pixels() >= MIN_CELL_PX and view.cam.zoomed_in and view.cam.following
    sx, sy = view.world_to_screen(*start)
    assert 0 <= sx <= 1280 and FOOTER <= sy <= 800 - HUD  # the player is on screen, between the bands
    assert view.handle_key(key.F, start)
    assert view.cam.zoom == pytest.approx(view.cam.fit_zoom) and view.cell_pixels() < MIN_CELL_PX
    small = MazeViewport.for_maze(window, maze, ctx.theme, None, HUD, FOOTER, keys=ctx.keys)
    small.match_window(1280, 800, HUD, FOOTER, focus=(0.5, 0.5))
    assert small.cam.zoom == pytest.approx(small.cam.fit_zoom)  # a maze that fits with big cells just fits


def test_the_camera_eases_after_the_player_and_then_stays_still(window, ctx, big_maze):
    view = MazeViewport.for_maze(window, big_maze, ctx.theme, None, HUD, FOOTER, keys=ctx.keys)
    view.match_window(1280, 800, HUD, FOOTER, focus=(50.0, 50.0))
    cam = view.cam
    x0 = cam.x
    player = (x0 + 400 / cam.zoom, cam.y)  # right of the middle part of the view
    box_edge = 1280 * 0.75

    def gap():
        return view.world_to_screen(*player)[0] - box_edge

    before = gap()
    assert before > 50
    view.follow(*player, 1 / 60)
    assert 0 < gap() < before * 0.95  # part of the way, not a jump
    halves = MazeViewport.for_maze(window, big_maze, ctx.theme, None, HUD, FOOTER, keys=ctx.keys)
    halves.match_window(1280, 800, HUD, FOOTER, focus=(50.0, 50.0))
    halves.follow(*player, 1 / 120)
    halves.follow(*player, 1 / 120)
    assert halves.cam.x == pytest.approx(cam.x, abs=1e-3 / cam.zoom * 100)  # the same glide at any frame rate
    for _ in range(59):
        view.follow(*player, 1 / 60)
    assert abs(gap()) < 0.5  # after a second it has arrived
    settled = view.view_key()
    for _ in range(10):
        view.follow(*player, 1 / 60)
    assert view.view_key() == settled  # and then keeps exactly still
