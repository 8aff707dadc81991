"""Dark mazes in the game (headless window): fog pixels, the goal appears once seen, idle costs nothing."""

from __future__ import annotations

import arcade
import pytest

from engine.maze.recipe import MazeSpec
from engine.modes.fog import IN_SIGHT, SEEN, UNSEEN
from game import routes
from game.render.fog_layer import dim_amount, fog_colour
from tests.test_game_views import frame, open_spec, play_with_keys, run_until


def _pixel(window, view, cell: int) -> tuple[int, int, int]:
    x, y = view.cam.world_to_screen(*view.session.centers[cell])
    img = arcade.get_image(0, 0, window.width, window.height)
    return img.getpixel((int(x), window.height - 1 - int(y)))[:3]


def _close(a, b, tol: int = 12) -> bool:
    return all(abs(int(p) - int(q)) <= tol for p, q in zip(a, b, strict=False))


def _dim(colour, fog, k):
    return tuple(round(c + (f - c) * k) for c, f in zip(colour[:3], fog[:3], strict=False))


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_unseen_cells_are_fog_seen_cells_dimmed_in_sight_normal(window, ctx, theme):
    ctx.set_theme(theme)
    spec = MazeSpec("square", 10, 8, "backtracker", {}, 0, 3, dark=True)
    view = open_spec(window, ctx, spec)
    s, fog, t = view.session, view.fog, ctx.theme
    assert fog is not None
    trail = {s.start}
    unseen = [c for c in range(s.maze.grid.n) if fog.levels[c] == UNSEEN]
    assert s.goal in unseen
    fc = fog_colour(t)
    assert _close(_pixel(window, view, s.goal), fc)  # the goal is hidden
    assert all(_close(_pixel(window, view, c), fc) for c in unseen[:12])
    far = next(c for c in range(s.maze.grid.n) if fog.levels[c] == IN_SIGHT and c not in trail
               and c not in s.adj[s.start] and c != s.start) if len(fog.visible) > 5 else s.adj[s.start][0]
    assert _close(_pixel(window, view, far), t.floor)  # in sight: the floor as usual
    # walk away until some cell is only remembered
    from engine.maze.solvers.bfs import shortest_path

    path = shortest_path(s.adj, s.start, s.goal)
    for nxt in path[1:]:
        s.walk_to(nxt)
        run_until(view, lambda n=nxt: s.cell == n and not s.moving)
        trail.add(nxt)
        remembered = [c for c in range(s.maze.grid.n) if fog.levels[c] == SEEN and c not in trail]
        if remembered:
            break
    frame(window, 2)
    dimmed = _dim(t.floor, fc, dim_amount(t))
    assert not _close(dimmed, fc) and not _close(dimmed, t.floor)  # a third shade, told apart from both
    assert _close(_pixel(window, view, remembered[0]), dimmed)
    ctx.set_theme("dark")


def test_the_goal_is_drawn_once_seen_and_a_dark_level_can_be_won(window, ctx):
    from engine.maze.solvers.bfs import shortest_path
    from game.shell.win import WinView

    spec = MazeSpec("hex", 7, 5, "backtracker", {}, 0, 2, dark=True)
    view = open_spec(window, ctx, spec)
    s = view.session
    path = shortest_path(s.adj, s.start, s.goal)
    seen_goal_pixel = None
    for nxt in path[1:-1]:
        s.walk_to(nxt)
        run_until(view, lambda n=nxt: s.cell == n and not s.moving)
        frame(window)
        if view.fog.goal_known:
            seen_goal_pixel = _pixel(window, view, s.goal)
            break
        assert _close(_pixel(window, view, s.goal), fog_colour(ctx.theme))
    assert seen_goal_pixel is not None and _close(seen_goal_pixel, ctx.theme.goal, 20)
    for nxt in path[path.index(s.cell) + 1:]:
        s.walk_to(nxt)
        run_until(view, lambda n=nxt: s.cell == n and not s.moving or s.finished)
    run_until(view, lambda: isinstance(window.current_view, WinView))
    assert ctx.store.best(spec.code()).best_moves == s.shortest


def test_keys_play_a_dark_level(window, ctx):
    spec = MazeSpec("triangle", 8, 5, "prim", {}, 0, 6, dark=True)
    view = open_spec(window, ctx, spec)
    play_with_keys(window, view)
    assert view.session.finished and view.fog.goal_known


def test_idle_dark_view_asks_for_no_frames_and_writes_no_fog(window, ctx, monkeypatch):
    spec = MazeSpec("polar", 6, 6, "wilson", {}, 0, 4, dark=True)
    view = open_spec(window, ctx, spec)
    writes = []
    monkeypatch.setattr(view.dark_layer, "update_fog", lambda cells: writes.append(list(cells)))
    for _ in range(30):
        view.on_update(1 / 60)
        if view.needs_redraw():
            frame(window)
    assert not view.needs_redraw() and writes == []
    s = view.session
    s.walk_to(s.adj[s.cell][0])
    run_until(view, lambda: not s.moving)
    assert writes and view.needs_redraw()


def test_goal_hint_setting_reaches_the_session(window, ctx):
    from game.play.dark import GOAL_HINT_SETTING
    from game.play.open import play_spec

    spec = MazeSpec("upsilon", 8, 6, "prim", {}, 0, 1, dark=True)
    assert play_spec(ctx, spec, spec.code(), "t").session.fog.goal_hint is False
    ctx.store.set_setting(GOAL_HINT_SETTING, "1")
    view = play_spec(ctx, spec, spec.code(), "t")
    window.show_view(view)
    frame(window)
    assert view.session.fog.goal_direction(view.session.start) is not None
    assert play_spec(ctx, spec.with_dark(False), spec.code(), "t").session.fog is None


def test_play_dark_toggle_on_the_code_screen_adds_the_flag(window, ctx):
    from game.play.view import PlayView
    from game.shell.code_entry import CodeEntryView

    spec = MazeSpec.create("hex", 7, 6, "wilson", seed=12)
    entry = CodeEntryView(ctx)
    ctx.show(entry)
    entry.field.text = spec.code()
    assert entry.dark_btn.text == "Play dark: off"
    entry.activate(entry.buttons.index(entry.dark_btn))
    assert entry.dark and entry.dark_btn.text == "Play dark: on"
    entry.submit()
    view = window.current_view
    assert isinstance(view, PlayView) and view.fog is not None and view.code == spec.with_dark().code()
    entry = CodeEntryView(ctx)  # off: the same code is played lit
    ctx.show(entry)
    entry.field.text = spec.code()
    entry.submit()
    assert window.current_view.fog is None


def test_a_dark_code_opens_dark_and_a_dark_campaign_level_keeps_its_pars(window, ctx):

    level = next(lv for lv in ctx.campaign.levels if lv.recipe.dark)
    view = routes.play_code(ctx, level.code())
    assert view.fog is not None and view.level == level and view.session.par_moves == level.par_moves
    view = routes.play_code(ctx, level.recipe.with_dark(False).code())
    assert view.fog is None and view.level is None


def test_goal_hint_switch_in_the_settings_applies_when_coming_back(window, ctx):
    from game.shell.settings import SettingsView

    spec = MazeSpec("square", 9, 7, "prim", {}, 0, 2, dark=True)
    view = open_spec(window, ctx, spec)
    assert view.fog.goal_direction(view.session.cell) is None
    settings = SettingsView(ctx, back_to=view)
    ctx.show(settings)
    assert settings.hint_btn.text.endswith("off")
    settings.activate(settings.buttons.index(settings.hint_btn))
    assert settings.hint_btn.text.endswith("on")
    settings.back()
    assert window.current_view is view and view.fog.goal_direction(view.session.cell) is not None
    frame(window)


def test_a_dark_layer_builds_only_its_own_gpu_buffers(window, ctx):
    """The dark layer draws floor, start, goal, trail and walls from its own buffers: it must not also
    build the plain layer's (twice the GPU memory on a big dark level)."""
    from engine.modes.fog import Fog
    from game.render.fog_layer import DarkMazeLayer
    from game.render.maze_layer import MazeLayer

    maze = MazeSpec.create("hex", 12, 9, "backtracker", seed=4).build()
    stats = window.ctx.stats

    def buffers_made(build) -> int:
        before = stats.buffer[0]
        build()
        return stats.buffer[0] - before

    plain = buffers_made(lambda: MazeLayer(window.ctx, maze, ctx.theme))
    dark = buffers_made(lambda: DarkMazeLayer(window.ctx, maze, ctx.theme, Fog(maze)))
    assert plain >= 5 and dark == plain
