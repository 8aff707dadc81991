"""The maze editor screen in the headless window: walls by click, drag and keys, start/goal, try it, layout."""

from __future__ import annotations

import sys
from pathlib import Path

import arcade
import numpy as np
import pytest
from arcade import key

from engine.maze.recipe import MazeSpec
from engine.modes.editor import EditorSession

sys.path.insert(0, str(Path(__file__).parent))
from layout_check import check_layout, set_window_size  # noqa: E402

from game import routes


def keypress(window, symbol: int, modifiers: int = 0) -> None:
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)


def click(window, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    window.dispatch_event("on_mouse_press", int(x), int(y), button, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), button, 0)


def drag(window, points: list[tuple[float, float]], button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    (x0, y0), rest = points[0], points[1:]
    window.dispatch_event("on_mouse_press", int(x0), int(y0), button, 0)
    px, py = x0, y0
    for x, y in rest:
        window.dispatch_event("on_mouse_drag", int(x), int(y), int(x - px), int(y - py), button, 0)
        px, py = x, y
    window.dispatch_event("on_mouse_release", int(px), int(py), button, 0)


def open_editor(window, ctx, session: EditorSession | None = None):
    from game.editor.view import EditorView

    view = EditorView(ctx, session or EditorSession.blank("square", 6, 5))
    window.show_view(view)
    view.on_draw()
    return view


def screen_of(view, x: float, y: float) -> tuple[float, float]:
    return view.viewport.world_to_screen(x, y)


def wall_middle(view, a: int, b: int) -> tuple[float, float]:
    g = view.session.grid
    (x0, y0), (x1, y1) = g.walls[g.edge_between(a, b)].tolist()
    return screen_of(view, (x0 + x1) / 2, (y0 + y1) / 2)


def test_the_route_and_the_menu_open_the_editor(window, ctx):
    from game.editor.view import EditorView

    view = ctx.go(routes.editor)
    assert isinstance(view, EditorView) and not view.session.passage.any()
    spec = MazeSpec.create("hex", 8, 7, "backtracker", seed=3)
    view = routes.editor(ctx, spec.code().lower())
    assert np.array_equal(view.session.passage, spec.build().passage)
    view = routes.editor(ctx, "M2.NOT-A-CODE")
    assert view.message and not view.session.passage.any()
    from game.shell.menu import MENU_ENTRIES

    assert any(e.label == "Editor" and e.opens is routes.editor for e in MENU_ENTRIES)


def test_tessera_edit_opens_the_editor(window, ctx):
    from engine.cli import WindowRequest
    from game.app import first_view
    from game.editor.view import EditorView

    spec = MazeSpec.create("square", 5, 4, "backtracker", seed=1)
    view = first_view(ctx, WindowRequest("edit", spec.code()))
    assert isinstance(view, EditorView) and view.session.passage.sum() == spec.build().passage.sum()
    assert isinstance(first_view(ctx, WindowRequest("edit")), EditorView)


def test_click_toggles_the_nearest_wall_and_undo_takes_it_back(window, ctx):
    view = open_editor(window, ctx)
    s = view.session
    x, y = wall_middle(view, 0, 1)
    click(window, x + 2, y + 1)  # a few pixels off the wall still picks it
    e = s.edge_between(0, 1)
    assert s.is_open(e) and int(s.passage.sum()) == 1
    view.on_draw()
    click(window, x, y)
    assert not s.is_open(e)
    keypress(window, key.Z)
    assert s.is_open(e)
    keypress(window, key.Y)
    assert not s.is_open(e)
    cx, cy = screen_of(view, *s.grid.centers[0])
    click(window, cx, cy)  # the middle of a big cell is no wall's
    assert not s.passage.any()


def test_drag_toggles_each_wall_crossed_once_as_one_stroke(window, ctx):
    view = open_editor(window, ctx)
    s = view.session
    g = s.grid
    row = [c for c in range(g.n) if g.row[c] == 2]  # a row across the middle
    pts = [screen_of(view, *g.centers[c]) for c in row]
    back_and_forth = pts + pts[::-1][1:]  # crossing each wall twice in one stroke toggles it once
    drag(window, back_and_forth)
    opened = {tuple(sorted(map(int, g.edges[e]))) for e in np.flatnonzero(s.passage)}
    assert opened == {tuple(sorted((a, b))) for a, b in zip(row, row[1:], strict=False)}
    keypress(window, key.Z)  # one undo takes the whole stroke back
    assert not s.passage.any()
    view.on_draw()


def test_right_drag_pans_and_changes_no_wall(window, ctx):
    view = open_editor(window, ctx)
    x0 = view.viewport.cam.x
    view.viewport.cam.zoom_at(300, 300, 2.0)
    x1 = view.viewport.cam.x
    drag(window, [(300, 300), (340, 300), (380, 300)], arcade.MOUSE_BUTTON_RIGHT)
    assert view.viewport.cam.x != x1 or x0 != x1
    assert not view.session.passage.any()


def test_keyboard_moves_the_cursor_and_toggles_walls(window, ctx):
    view = open_editor(window, ctx)
    s = view.session
    start = s.start
    keypress(window, key.D)  # the wall right of the cursor (on the start)
    right = s.neighbour_toward(start, (1.0, 0.0))
    assert s.is_open(s.edge_between(start, right))
    keypress(window, key.RIGHT)
    assert view.cursor == right
    keypress(window, key.DOWN, key.MOD_SHIFT)
    below = s.neighbour_toward(right, (0.0, -1.0))
    assert s.is_open(s.edge_between(right, below))
    keypress(window, key.DOWN)
    keypress(window, key.KEY_2)  # the goal at the cursor
    assert s.goal == below
    keypress(window, key.LEFT)
    keypress(window, key.KEY_1)
    assert s.start == view.cursor != start
    keypress(window, key.W)  # the top wall of the start cell... the cursor's row is the top one but one
    keypress(window, key.Z)
    keypress(window, key.Z)
    assert s.start == start
    view.on_draw()


@pytest.mark.parametrize("shape", ["hex", "triangle", "polar", "upsilon"])
def test_keys_pick_the_neighbour_closest_in_angle_on_every_shape(window, ctx, shape):
    view = open_editor(window, ctx, EditorSession.blank(shape, 6, 5))
    s = view.session
    for symbol in (key.D, key.A, key.W, key.S):
        keypress(window, symbol)
    assert 1 <= int(s.passage.sum()) <= 4
    for symbol in (key.RIGHT, key.DOWN, key.LEFT, key.UP):
        keypress(window, symbol)
    view.on_draw()


def test_start_and_goal_modes_place_by_click(window, ctx):
    view = open_editor(window, ctx)
    s = view.session
    view.set_mode("goal")
    x, y = screen_of(view, *s.grid.centers[7])
    click(window, x, y)
    assert s.goal == 7 and view.mode == "walls"
    view.set_mode("start")
    x, y = screen_of(view, *s.grid.centers[8])
    click(window, x, y)
    assert s.start == 8 and not s.passage.any()


def test_the_panel_says_the_live_check(window, ctx):
    view = open_editor(window, ctx, EditorSession.blank("square", 4, 3, open_walls=True))
    assert "loops" in view.hud.status.text and "shortest" in view.hud.status.text
    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=4)
    view = open_editor(window, ctx, EditorSession.from_recipe(spec))
    assert view.hud.status.text.startswith("all one piece · no loops · shortest way")
    blank = open_editor(window, ctx)
    assert "the goal cannot be reached" in blank.hud.status.text
    assert blank.hud.status.color == ctx.theme.error


def test_try_it_plays_and_esc_comes_back_to_the_same_editor(window, ctx):
    from game.play.view import PlayView

    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=4)
    view = open_editor(window, ctx, EditorSession.from_recipe(spec))
    x, y = wall_middle(view, 0, 1)
    was_open = view.session.is_open(view.session.edge_between(0, 1))
    click(window, x, y)
    keypress(window, key.T)
    play = window.current_view
    assert isinstance(play, PlayView) and play.code.startswith("L2.") and play.session.level.recipe is None
    assert play.maze.is_open(0, 1) != was_open  # the edit is in the level played
    play.on_draw()
    keypress(window, key.ESCAPE)
    assert window.current_view is view
    assert view.session.is_open(view.session.edge_between(0, 1)) != was_open  # edits kept
    view.on_draw()


def test_try_it_refuses_an_unplayable_level(window, ctx):
    view = open_editor(window, ctx)
    keypress(window, key.T)
    assert window.current_view is view and "cannot be reached" in view.message


def test_winning_a_hand_made_level_keeps_its_best_under_its_level_code(window, ctx):
    from engine.maze.solvers import solve
    from game import routes

    session = EditorSession.from_recipe(MazeSpec.create("square", 4, 3, "backtracker", seed=2))
    editor = open_editor(window, ctx, session)
    play = routes.play_level(ctx, session.level(), back=lambda: ctx.show(editor))
    window.show_view(play)
    for cell in solve(play.maze).path[1:]:
        play.session.walk_to(cell)
        for _ in range(60):
            play.on_update(1 / 30)
            if play.session.cell == cell or window.current_view is not play:
                break
    for _ in range(60):
        if window.current_view is not play:
            break
        play.on_update(1 / 30)
    win = window.current_view
    code = session.level().code()
    assert code.startswith("L2.") and ctx.store.best(code).wins == 1 and win.code == code  # under Share
    win.on_draw()
    win.back()
    assert window.current_view is editor


def test_copy_code_and_save_say_why_not_yet(window, ctx):
    view = open_editor(window, ctx)
    keypress(window, key.C)
    assert "cannot be reached" in view.message  # an unplayable level has no code
    keypress(window, key.S, key.MOD_CTRL)
    assert "cannot be reached" in view.message  # an unplayable level is not kept
    assert not view.session.passage.any()  # Ctrl+S is not the S wall key


def test_save_keeps_the_level_in_my_levels(window, ctx, monkeypatch):
    from game.editor.saving import save_level

    saved = []
    monkeypatch.setattr(ctx.store, "save_my_level", lambda name, code: saved.append((name, code)) or 1)
    spec = MazeSpec.create("square", 4, 3, "backtracker", seed=2)
    assert save_level(ctx, spec.level()).startswith("Saved")
    assert saved == [(spec.label(), spec.code())]
    assert "cannot be reached" in save_level(ctx, EditorSession.blank("square", 3, 3).level())
    monkeypatch.undo()
    level = EditorSession.from_recipe(spec).level()
    assert save_level(ctx, level).startswith("Saved")
    assert [(lv.name, lv.code) for lv in ctx.store.my_levels()] == [(level.label(), level.code())]


def test_new_screen_gives_the_editor_a_new_level(window, ctx):
    from game.editor.new import EditorNewView

    view = open_editor(window, ctx)
    keypress(window, key.N)
    new = window.current_view
    assert isinstance(new, EditorNewView)
    new.choices.cycle("shape")  # hex
    new.blank(True)
    assert window.current_view is view and view.session.grid.kind == "hex" and view.session.passage.all()
    view.on_draw()
    keypress(window, key.N)
    window.current_view.generate()
    assert view.session.check().perfect
    view.on_draw()
    keypress(window, key.N)
    keypress(window, key.ESCAPE)
    assert window.current_view is view


def test_the_layer_is_rewritten_only_when_the_maze_changed(window, ctx):
    view = open_editor(window, ctx)
    uploads = view.layer.uploads
    view.on_draw()
    view.on_draw()
    assert view.layer.uploads == uploads
    view.session.toggle(0)
    view.on_draw()
    assert view.layer.uploads == uploads + 1
    assert view.layer.walls._tessera_count == 6 * (view.session.grid.num_edges - 1 + len(view.session.grid.boundary))


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_layout_at_every_size(window, ctx, theme):
    ctx.set_theme(theme)
    problems: list[str] = []
    try:
        for session in (EditorSession.blank("square", 10, 8), EditorSession.blank("polar", 8, 10, True)):
            view = open_editor(window, ctx, session)
            view.say("This level was made by hand and has no code yet (only generated levels have one).")
            for w, h in [(800, 600), (1280, 800), (1920, 1080)]:
                problems += check_layout(window, view, w, h)
        from game.editor.new import EditorNewView

        new = EditorNewView(ctx, lambda s: None)
        for w, h in [(800, 600), (1280, 800), (1920, 1080)]:
            problems += check_layout(window, new, w, h)
    finally:
        set_window_size(window, 1280, 800)
    assert not problems, "\n".join(problems)


def press_button(view, label: str) -> None:
    index = next(i for i, b in enumerate(view.buttons) if b.text == label)
    view.actions[index]()


def test_keys_resize_and_undo_brings_back_the_old_size_and_walls(window, ctx):
    view = open_editor(window, ctx)  # square 6x5
    s = view.session
    s.toggle_between(0, 1)
    walls, old_grid, old_layer = s.passage.copy(), s.grid, view.layer
    keypress(window, key.BRACKETRIGHT)  # wider
    assert (s.grid.width, s.grid.height) == (7, 5) and int(s.passage.sum()) == 1
    assert view.layer is not old_layer and view.layer.maze.grid is s.grid  # a new layer for the new grid
    assert view.viewport.grid is s.grid and "7×5" in view.hud.title.text and "7×5" in view.message
    view.on_draw()
    keypress(window, key.PERIOD)  # taller
    keypress(window, key.COMMA)  # shorter
    keypress(window, key.BRACKETLEFT)  # narrower
    keypress(window, key.BRACKETLEFT)
    assert (s.grid.width, s.grid.height) == (5, 5)
    for _ in range(5):
        keypress(window, key.Z)  # each resize is one step
    assert s.grid is old_grid and np.array_equal(s.passage, walls)
    assert view.layer.maze.grid is old_grid and "6×5" in view.hud.title.text
    keypress(window, key.Y)
    assert (s.grid.width, s.grid.height) == (7, 5)
    assert 0 <= view.cursor < s.grid.n
    view.on_draw()


def test_size_buttons_resize_and_keep_start_and_goal_inside(window, ctx):
    view = open_editor(window, ctx)
    s = view.session
    s.set_goal(s.grid.n - 1)  # the far corner: gone when the grid shrinks
    press_button(view, "Shorter (,)")
    assert (s.grid.width, s.grid.height) == (6, 4)
    assert (s.start, s.goal) == (s.grid.start, s.grid.goal)  # reset to the new grid's own
    assert 0 <= s.start < s.grid.n and 0 <= s.goal < s.grid.n and 0 <= view.cursor < s.grid.n
    press_button(view, "Taller (.)")
    press_button(view, "Wider (])")
    press_button(view, "Narrower ([)")
    assert (s.grid.width, s.grid.height) == (6, 5)
    keypress(window, key.Z)
    assert (s.grid.width, s.grid.height) == (7, 5)
    view.on_draw()


def test_a_size_out_of_range_is_refused_with_one_line(window, ctx):
    from engine.maze.grids import SHAPES

    view = open_editor(window, ctx, EditorSession.blank("square", 2, 2))
    s = view.session
    grid = s.grid
    keypress(window, key.BRACKETLEFT)
    assert s.grid is grid and not s.can_undo
    assert "Cannot resize" in view.message and "2..1000" in view.message and "\n" not in view.message
    press_button(view, "Shorter (,)")
    assert s.grid is grid and "high" in view.message
    polar = open_editor(window, ctx, EditorSession.blank("polar", SHAPES["polar"].max_size, 4))
    keypress(window, key.BRACKETRIGHT)
    assert polar.session.grid.width == SHAPES["polar"].max_size and "4..480" in polar.message


def test_layout_after_resizes(window, ctx):
    problems: list[str] = []
    try:
        view = open_editor(window, ctx, EditorSession.blank("hex", 10, 8))
        for symbol in (key.BRACKETRIGHT, key.PERIOD, key.PERIOD):
            keypress(window, symbol)
        keypress(window, key.COMMA)
        view.say("Cannot resize: square mazes are 2..1000 cells wide.")
        for w, h in [(800, 600), (1280, 800), (1920, 1080)]:
            problems += check_layout(window, view, w, h)
            x0, y0, x1, y1 = view.session.grid.bounds()  # the viewport fits the new grid in the maze area
            for x, y in (view.viewport.world_to_screen(x0, y0), view.viewport.world_to_screen(x1, y1)):
                assert -1 <= x and view.in_maze(x - 1, y - 1) and y >= -1
    finally:
        set_window_size(window, 1280, 800)
    assert not problems, "\n".join(problems)


def test_the_key_help_stays_readable_at_800x600(window, ctx):
    """At 800x600 the footer gives a shorter line at >= 8 pt instead of shrinking the long one to 7 pt."""
    from game.editor.panel import HELP, SHORT_HELP

    view = open_editor(window, ctx)
    try:
        for (w, h), wanted in (((800, 600), SHORT_HELP), ((1920, 1080), HELP)):
            set_window_size(window, w, h)
            view.on_resize(w, h)
            view.on_draw()
            help_text = view.hud.help
            assert help_text.text == wanted and help_text.font_size >= 8
    finally:
        set_window_size(window, 1280, 800)


def test_the_editor_opens_a_level_code_and_refuses_other_kinds_in_one_sentence(window, ctx):
    from engine.modes.race import RaceSpec
    from game.editor.open import NOT_A_LEVEL

    spec = MazeSpec.create("square", 6, 5, "prim", seed=2)
    level = spec.level()
    view = routes.editor(ctx, level.passages_code())
    assert np.array_equal(view.session.passage, level.passage) and not view.message
    view = routes.editor(ctx, RaceSpec.create(spec, "runner", "normal").code())
    assert view.message == NOT_A_LEVEL and not view.session.passage.any()


@pytest.mark.parametrize("before", ["", '{"cell":0,"moves":3,"elapsed":4.5}'])
def test_esc_out_of_try_it_keeps_no_place_for_the_level(window, ctx, before):
    """Leaving Try it half-way (Esc, Leave) must not mark the level half-way in My levels or an exported pack: the
    place kept for its code is what it was before Try it (none, or the player's own from playing it elsewhere)."""
    from engine.level import NamedLevel
    from engine.maze.solvers import solve
    from game.play.keep import place_key
    from game.play.view import PlayView

    session = EditorSession.from_recipe(MazeSpec.create("square", 6, 5, "backtracker", seed=4))
    view = open_editor(window, ctx, session)
    code = NamedLevel.of(session.level()).code
    assert code
    if before:
        ctx.store.set_setting(place_key(code), before)
    keypress(window, key.T)
    play = window.current_view
    assert isinstance(play, PlayView)
    play.on_draw()
    if play.asking():  # "Resume or restart?" for the kept place: restart
        play.ask.activate(1)
    assert not play.asking()
    play.session.walk_to(solve(play.maze).path[1])
    for _ in range(30):
        play.on_update(1 / 30)
    assert play.session.started and not play.session.finished
    keypress(window, key.ESCAPE)  # "Leave this level?"
    assert play.asking()
    keypress(window, key.ENTER)  # Leave
    assert window.current_view is view
    assert (ctx.store.setting(place_key(code)) or "") == before


def test_saving_a_generated_maze_names_it_generated(window, ctx, monkeypatch):
    saved = []
    monkeypatch.setattr(ctx.store, "save_my_level", lambda name, code: saved.append(name) or 1)
    view = open_editor(window, ctx, EditorSession.from_recipe(MazeSpec.create("square", 6, 5, "prim", seed=4)))
    keypress(window, key.S, key.MOD_CTRL)
    view.session.toggle(0)
    keypress(window, key.S, key.MOD_CTRL)
    assert saved == ["square maze 6×5", "square maze 6×5, generated, then edited"]
    assert "generated, then edited" in view.message
