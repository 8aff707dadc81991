"""Shaped mazes in the game (headless window): drawn inside the shape only, playable from a code and the
campaign, the note when a mask fell apart, the Lab and a race on a shaped code."""

from __future__ import annotations

import arcade
import numpy as np

from engine.cli import WindowRequest
from engine.level import Level, NamedLevel
from engine.maze.masks import Mask
from engine.maze.recipe import MazeSpec
from engine.modes.campaign import load_campaign
from engine.modes.race import RaceSpec
from game.app import first_view
from tests.test_game_views import frame, play_with_keys


def _pixel(window, view, xy) -> tuple[int, int, int]:
    x, y = view.cam.world_to_screen(*xy)
    img = arcade.get_image(0, 0, window.width, window.height)
    return img.getpixel((int(x), window.height - 1 - int(y)))[:3]


def _close(a, b, tol: int = 12) -> bool:
    return all(abs(int(p) - int(q)) <= tol for p, q in zip(a, b, strict=False))


def test_the_shapes_world_is_in_the_campaign_and_plays_from_its_codes(ctx, window):
    from game.play.view import PlayView

    camp = load_campaign()
    shaped = [lv for lv in camp.levels if lv.world == "Shapes"]
    assert len(shaped) >= 5 and len({lv.recipe.shape for lv in shaped}) == 5
    assert {lv.recipe.mask.kind for lv in shaped} == {"builtin", "text"}
    for lv in shaped[:3]:
        view = first_view(ctx, WindowRequest("play", lv.code()))
        assert isinstance(view, PlayView) and view.maze.grid.masked
        assert view.maze.digest() == lv.recipe.build().digest()


def test_a_shaped_maze_is_drawn_inside_its_shape_only_and_can_be_won(ctx, window):
    from game.play.view import PlayView
    from game.shell.win import WinView

    spec = MazeSpec.create("square", 12, 12, "backtracker", seed=5, mask=Mask.builtin("diamond"))
    maze = spec.build()
    view = PlayView(ctx, NamedLevel(Level(maze), spec.code(), "diamond"))
    window.show_view(view)
    view.cam.following = False
    view.on_update(1 / 60)
    frame(window, 2)
    t = ctx.theme
    base = maze.grid.base
    outside = np.setdiff1d(np.arange(base.n), maze.grid.cells)
    corner = base.centers[outside[0]]  # the bottom-left corner cell: cut away
    assert _close(_pixel(window, view, corner), t.background)
    inner = [c for c in range(maze.grid.n) if c not in (maze.start, maze.goal)]
    assert _close(_pixel(window, view, maze.grid.centers[inner[len(inner) // 2]]), t.floor)
    assert view.help_line.startswith("Arrows")  # nothing was dropped: the usual key help
    play_with_keys(window, view)
    for _ in range(120):
        view.on_update(1 / 60)
        if isinstance(window.current_view, WinView):
            break
    assert isinstance(window.current_view, WinView)


def test_the_play_screen_says_when_a_mask_fell_apart(ctx, window):
    from game.play.view import PlayView

    spec = MazeSpec.create("square", 12, 6, "kruskal", mask=Mask.text("KXZ"))
    maze = spec.build()
    assert maze.grid.dropped > 0
    view = PlayView(ctx, NamedLevel(Level(maze), spec.code(), "pieces"))
    window.show_view(view)
    frame(window, 1)
    assert "largest connected part" in view.help_line and view.hud_help.text


def test_lab_and_race_open_on_shaped_codes(ctx, window):
    from game.lab.view import LabView
    from game.race.view import RaceView

    spec = MazeSpec.create("hex", 14, 12, "wilson", seed=3, mask=Mask.builtin("heart"))
    lab = first_view(ctx, WindowRequest("lab", spec.code()))
    assert isinstance(lab, LabView) and lab.run.grid.masked
    ctx.show(lab)
    for _ in range(5):
        lab.on_update(1 / 60)
    frame(window, 1)
    race = first_view(ctx, WindowRequest("play", RaceSpec.create(spec, "wall-follower").code()))
    assert isinstance(race, RaceView) and race.maze.grid.masked
    ctx.show(race)
    for _ in range(30):
        race.on_update(1 / 60)
    frame(window, 1)


def test_the_enter_code_screen_plays_a_shaped_code_lit_and_dark(ctx, window):
    from game.play.view import PlayView
    from game.shell.code_entry import CodeEntryView

    spec = MazeSpec.create("triangle", 24, 12, "prim", seed=8, mask=Mask.builtin("circle"))
    for dark in (False, True):
        entry = CodeEntryView(ctx)
        ctx.show(entry)
        entry.field.text = spec.code()
        if dark:
            entry.toggle_dark()
        entry.submit()
        view = window.current_view
        assert isinstance(view, PlayView) and view.maze.grid.masked
        assert view.maze.digest() == spec.build().digest() and (view.fog is not None) is dark
        frame(window, 1)
