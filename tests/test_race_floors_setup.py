"""The Race setup's Floors choice: 1..4 floors, the refused combinations in one line, remembered, raced."""

from __future__ import annotations

from engine.maze.floors import NOT_WITH_MASK, NOT_WITH_WEAVE
from game.ui.maze_choices import FLOORS, MazeChoices


def test_maze_choices_cycle_floors_and_build_a_stacked_spec():
    c = MazeChoices(shape="square", algorithm="backtracker", seed=5)
    assert c.floors == 1 and c.labels()["floors"] == "Floors: 1" and c.spec().floors == 1
    seen = []
    for _ in FLOORS:
        c.cycle("floors")
        seen.append(c.floors)
    assert seen == [2, 3, 4, 1]
    c.cycle("floors", -1)
    assert c.floors == 4 and c.spec().floors == 4 and ".F4" in c.spec().code()
    assert c.labels()["floors"] == "Floors: 4 (joined by stairs)" and c.problem() == ""
    c.weave = 25
    assert c.problem() == NOT_WITH_WEAVE
    c.weave, c.mask = 0, "heart"
    assert c.problem() == NOT_WITH_MASK
    c.mask, c.shape = "none", "triangle"
    assert c.problem() and "\n" not in c.problem()
    other = MazeChoices()
    other.adopt(MazeChoices(shape="hex", algorithm="prim", floors=3, seed=9).spec())
    assert other.floors == 3 and other.shape == "hex"


def test_the_race_setup_offers_floors_says_refusals_in_one_line_remembers_and_races_them(ctx, window):
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView

    view = RaceSetupView(ctx)
    ctx.show(view)
    c = view.choices
    c.shape, c.algorithm, c.size = "square", "backtracker", 0
    assert view.choice_buttons["floors"].text == "Floors: 1"
    view.choice_buttons["floors"].on_click(None)
    view.choice_buttons["floors"].on_click(None)
    assert c.floors == 3 and "Floors: 3" in view.choice_buttons["floors"].text and view.message.text == ""
    view.choice_buttons["weave"].on_click(None)  # floors + weave: said at once, one line, and Start refuses
    assert view.message.text.lower() == NOT_WITH_WEAVE and "\n" not in view.message.text
    view.start()
    assert window.current_view is view
    c.weave = 0
    view.choice_buttons["mask"].on_click(None)  # floors + a shape
    assert view.message.text.lower() == NOT_WITH_MASK
    c.mask = "none"
    again = RaceSetupView(ctx)  # remembered in the store
    assert again.choices.floors == 3 and "Floors: 3" in again.choice_buttons["floors"].text
    view.race.players = 1
    view.start()
    race = window.current_view
    assert isinstance(race, RaceView) and race.race.info.maze_spec.floors == 3 and race.maze.grid.floors == 3
    race.on_draw()


def test_the_race_setup_with_floors_and_recorded_ghosts_fits_at_800x600_and_1920x1080(ctx, window):
    from layout_check import layout_problems

    from engine.maze.recipe import MazeSpec
    from engine.maze.solvers.bfs import shortest_path
    from engine.modes.ghost import Ghost
    from game.race.setup import RaceSetupView

    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=2)
    maze = spec.build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    ghost = Ghost.record(spec.level(maze), [(9 * i, c) for i, c in enumerate(path[1:])]).code(spec.level(maze))
    ctx.store.set_setting("ghost:R1.one", ghost)  # a recorded ghost adds a choice and an action: ten rows
    view = RaceSetupView(ctx)
    ctx.show(view)
    assert "ghost" in view.choice_buttons and "floors" in view.choice_buttons
    view.choice_buttons["floors"].on_click(None)
    try:
        for size in ((800, 600), (1920, 1080)):
            window.set_size(*size)
            view.on_resize(*size)
            view.on_draw()
            assert layout_problems(view.texts(), *size) == []
            rects = [b.rect for b in view.choice_buttons.values()]
            assert all(r.bottom >= 0 and r.top <= size[1] for r in rects), size
    finally:
        window.set_size(1280, 800)
