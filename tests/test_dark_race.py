"""Dark races: the player's fog, who knows the map, the opponent seen only in sight, setup toggle, views."""

from __future__ import annotations

from engine.maze.recipe import MazeSpec
from engine.modes.base import Phase
from engine.modes.race import RaceSpec
from engine.modes.race.session import RaceSession

MAZE = MazeSpec.create("square", 12, 9, "backtracker", seed=8)


def _race(opponent: str, dark: bool = True) -> RaceSession:
    return RaceSession.for_spec(RaceSpec.create(MAZE.with_dark(dark), opponent, "normal"), countdown=0)


def test_a_dark_race_gives_the_player_fog_and_says_who_knows_the_map():
    runner, wall, lit = _race("runner"), _race("wall"), _race("runner", dark=False)
    assert runner.dark and runner.player.fog is not None and not lit.dark and lit.player.fog is None
    assert "knows the map" in runner.info.note and "no map" in wall.info.note
    assert "map" not in lit.info.note
    assert ".D." in runner.info.code


def test_the_opponent_is_seen_only_while_in_sight():
    race = _race("runner")
    lit = _race("runner", dark=False)
    states = set()
    for _ in range(600):
        race.advance(1 / 60)
        lit.advance(1 / 60)
        fog = race.player.fog
        assert fog is not None
        seen = race.opponent_in_sight()
        trail = race.opponent_trail()
        if seen:
            assert any(c in fog.visible for c in trail[-2:])
        else:
            assert trail[-1] not in fog.visible
        states.add(seen)
        assert lit.opponent_in_sight()
        if race.phase is Phase.OVER:
            break
    assert states == {True, False}  # in sight at the start, then it runs out of sight


def test_a_ghost_of_a_dark_race_is_dark():
    race = _race("wall")
    race.player.walk_to(race.maze.goal, explored_only=False)
    for _ in range(6000):
        race.advance(1 / 60)
        if race.phase is Phase.OVER:
            break
    ghost = race.ghost_of_run()
    assert ghost is not None and ghost.spec.dark
    again = RaceSession.for_ghost(ghost)
    assert again.dark


def test_setup_toggle_makes_the_race_dark_and_labels_the_map_knowledge():
    from game.race.setup import RaceChoices

    r = RaceChoices()
    assert r.labels()["dark"] == "Dark: off" and "map" not in r.labels()["opponent"]
    r.cycle_dark(1)
    assert r.dark and r.race_spec(MAZE).maze.dark and r.labels()["dark"].startswith("Dark: on")
    assert "knows the map" in r.labels()["opponent"]
    r.cycle_opponent(1)
    assert "no map" in r.labels()["opponent"]
    r.cycle_dark(1)
    assert not r.race_spec(MAZE).maze.dark


def test_dark_race_view_draws_the_fog_and_starts_from_the_setup(ctx, window):
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView
    from game.render.fog_layer import DarkMazeLayer

    setup = RaceSetupView(ctx)
    ctx.show(setup)
    setup.on_draw()
    setup.choice_buttons["dark"].on_click(None)
    assert setup.race.dark and setup.choice_labels["dark"]().startswith("Dark: on")
    setup.start()
    view = window.current_view
    assert isinstance(view, RaceView) and isinstance(view.layer, DarkMazeLayer) and view.race.dark
    view.on_draw()
    race = view.race
    for _ in range(200):  # through the countdown
        view.on_update(1 / 60)
    version = view.layer.fog_version
    race.player.walk_to(race.player.adj[race.player.cell][0])
    for _ in range(30):
        view.on_update(1 / 60)
    view.on_draw()
    assert view.layer.fog_version != version  # the texture followed the step
    lit = RaceView(ctx, _race("tremaux", dark=False))
    assert not isinstance(lit.layer, DarkMazeLayer)
