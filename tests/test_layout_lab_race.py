"""Lab and race screens at 800x600, 1280x800 and 1920x1080, the three themes: texts inside the window, no overlap."""

from __future__ import annotations

import pytest
from layout_check import layout_problems

from engine.maze.recipe import MazeSpec
from engine.modes.race import RaceSpec
from engine.modes.race.session import RaceSession

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


def _at_size(window, view, size):
    window.set_size(*size)
    view.on_resize(*size)
    view.on_draw()
    return layout_problems(view.texts(), *size)


def _themes(ctx, name):
    ctx.set_theme(name)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("theme", ["dark", "light", "contrast"])
def test_lab_screens_fit(ctx, window, size, theme):
    from game.lab.setup import LabSetupView
    from game.lab.view import LabView

    _themes(ctx, theme)
    setup = LabSetupView(ctx)
    ctx.show(setup)
    assert _at_size(window, setup, size) == []
    view = LabView(ctx, MazeSpec.create("hex", 16, 12, "wilson", braid=0.25, seed=5))
    ctx.show(view)
    view.on_update(1 / 60)
    assert _at_size(window, view, size) == []  # carving
    view.run_to_end()
    view.solve()
    view.run_to_end()
    view.export()  # a long "Saved: <path>" message
    import time

    for _ in range(2000):  # the statistics panel, which must end above the message
        view.on_update(1 / 60)
        if view.stats is not None:
            break
        time.sleep(0.005)
    assert view.stats is not None
    assert _at_size(window, view, size) == []  # solved


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_race_screens_fit(ctx, window, size):
    from game.race.result import RaceResultView
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView

    setup = RaceSetupView(ctx)
    ctx.show(setup)
    assert _at_size(window, setup, size) == []
    spec = RaceSpec.create(MazeSpec.create("upsilon", 12, 10, "growing-tree", {"rule": "newest:3,random:1"},
                                           braid=0.25, seed=77), "wall", "hard")
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    for _ in range(240):
        view.on_update(1 / 60)
    assert _at_size(window, view, size) == []  # running
    view.race.player.walk_to(view.maze.goal, explored_only=False)
    for _ in range(3000):
        view.on_update(1 / 60)
        if isinstance(window.current_view, RaceResultView):
            break
    result = window.current_view
    assert isinstance(result, RaceResultView) and result.ghost_code
    assert _at_size(window, result, size) == []
    ghost_race = RaceView(ctx, RaceSession.from_code(result.ghost_code))  # long ghost subtitle
    ctx.show(ghost_race)
    ghost_race.on_update(1 / 60)
    assert _at_size(window, ghost_race, size) == []
    # the fullest setup: a recorded ghost (its row and action), shape and weave rows, and a choice problem said
    full = RaceSetupView(ctx)
    assert "ghost" in full.choice_buttons and {"mask", "weave"} <= set(full.choice_buttons)
    full.choices.shape = "triangle"
    full.choice_buttons["weave"].on_click(None)
    assert full.message.text.startswith("Weave mazes need a square or hex grid")
    assert _at_size(window, full, size) == []
    window.set_size(1280, 800)
