"""Playing mazes with floors: climbing stairs, keys and clicks stay on a floor, fog, races, two players, ghosts."""

from __future__ import annotations

import pytest

from engine.maze.floors import open_stairs
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import SOLVERS, solve
from engine.modes.base import EventKind, Phase
from engine.modes.ghost import Ghost
from engine.modes.play import PlaySession
from engine.modes.race.agents import OPPONENTS
from engine.modes.race.duo import DuoSession
from engine.modes.race.session import RaceSession

SPEC = MazeSpec.create("square", 8, 6, "backtracker", seed=4, floors=3)


def _play_path(session, path, advance) -> list:
    """Drive a session along ``path`` with arrow presses and climbs; returns every event."""
    events = []
    fl = session.floor_of
    for a, b in zip(path, path[1:], strict=False):
        if fl[a] != fl[b]:
            assert session.stairs_here() == (fl[b] < fl[a], fl[b] > fl[a])
            assert session.climb(fl[b] - fl[a])
        else:
            (ax, ay), (bx, by) = session.centers[a], session.centers[b]
            session.press((bx - ax, by - ay))
        events += advance()
        assert session.cell == b
    return events


def test_climbing_the_stairs_wins_on_the_top_floor():
    level = SPEC.level()
    play = PlaySession(level)
    path = solve(level.maze).path
    fl = level.grid.floor_of
    assert fl[path[-1]] == 2 and play.floor == 0
    events = _play_path(play, path, lambda: play.advance(0.2))
    steps = [e for e in events if e.kind is EventKind.STEP]
    climbs = [e.value for e in steps if e.value]
    assert climbs and set(climbs) <= {1, -1} and sum(climbs) == 2
    assert [e.value for e in steps] == [int(fl[b] - fl[a]) for a, b in zip(path, path[1:], strict=False)]
    assert play.phase is Phase.OVER and play.floor == 2
    res = play.result()
    assert res is not None and res.moves == len(path) - 1 and res.stars >= 2


def test_climbing_where_there_is_no_stair_bumps():
    play = PlaySession(SPEC.level())
    here = play.cell
    assert play.stair_target(-1) is None and not play.climb(-1)
    events = play.advance(0.01)
    assert [e.kind for e in events] == [EventKind.BUMP] and play.cell == here and play.moves == 0


def test_a_climb_pressed_while_moving_is_buffered_and_displayed_on_one_floor_at_a_time():
    level = SPEC.level()
    play = PlaySession(level)
    lower, upper = next((a, b) for a, b in open_stairs(level.maze).tolist() if level.grid.floor_of[a] == 0)
    path = solve(level.maze, start=level.start, goal=lower).path if lower != level.start else [lower]
    play.walk_to(lower, explored_only=False)
    for _ in range(len(path) * 10):
        play.advance(0.01)
        if play.cell == lower and play.moving:
            break
    assert play.climb(1)  # the cell being reached has a stair up: buffered
    for _ in range(30):
        play.advance(0.01)
        if play.climbing():
            break
    assert play.climbing() == 1 and play.cell == upper
    assert play.display_floor() == 0 and play.display_position() == play.centers[lower]
    play.advance(0.06)
    assert play.display_floor() == 1 and play.display_position() == play.centers[upper]


def test_arrows_held_keys_and_clicks_never_take_a_stair():
    level = SPEC.level()
    grid = level.grid
    fl = grid.floor_of
    for lower, upper in open_stairs(level.maze).tolist():
        play = PlaySession(level)
        play.cell = lower
        for direction in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
            nxt = play.pick(direction)
            assert nxt is None or fl[nxt] == fl[lower]
        assert upper not in play.flat[lower] and upper in play.adj[lower]
        assert play.walk_to(upper, explored_only=False)  # a click on the stair's far end climbs it
        events = play.advance(0.2)
        assert play.cell == upper and [e.value for e in events if e.kind is EventKind.STEP] == [1]
        play.cell = play.anim_from = lower - 1 if fl[lower - 1] == fl[lower] else lower + 1
        assert not play.walk_to(upper, explored_only=False)  # from anywhere else a click does not climb
        play.cell = play.anim_from = lower
        # Held: running along a corridor stops where its only way on is a stair.
        play.prev = -1
        assert play.run_on((1.0, 0.0)) != upper
    # A click on a cell of the player's floor walks there on that floor.
    play = PlaySession(level)
    target = next(c for c in range(grid.n) if fl[c] == 0 and c != play.cell)
    if play.walk_to(target, explored_only=False):
        for _ in range(400):
            play.advance(0.05)
        assert all(fl[c] == 0 for c in play.visited)


def test_sight_and_fog_stop_at_stairs():
    level = SPEC.with_dark().level()
    play = PlaySession(level)
    fl = level.grid.floor_of
    lower, upper = open_stairs(level.maze).tolist()[0]
    play.cell = lower
    seen = play.in_sight()
    assert upper in seen and all(fl[c] == fl[lower] for c in seen - {upper})
    assert play.fog is not None
    play.fog.look(lower, seen)
    beyond = set(play.adj[upper]) - {lower}
    assert not any(play.fog.is_seen(c) for c in beyond)  # nothing past the stair's far end
    hint = PlaySession(level, goal_hint=True).fog
    assert hint is not None
    base = level.grid.n // 3
    straight_below = level.goal - 2 * base
    assert hint.goal_direction(straight_below) is None  # the goal is right above: no direction in the plane


@pytest.mark.parametrize("name", list(SOLVERS))
def test_every_solver_crosses_floors_and_astar_stays_shortest(name):
    maze = MazeSpec.create("hex", 12, 9, "kruskal", seed=6, floors=3, braid=0.4).build()
    shortest = len(solve(maze, "bfs").path)
    res = solve(maze, name)
    assert res.path[0] == maze.start and res.path[-1] == maze.goal
    if name in ("bfs", "astar", "dead-end-filling"):
        assert len(res.path) == shortest


@pytest.mark.parametrize("opponent", list(OPPONENTS))
def test_race_opponents_run_across_floors_and_the_view_learns_their_floor(opponent):
    level = SPEC.level()
    race = RaceSession.for_level(level, opponent, "hard", countdown=0)
    floors = set()
    for _ in range(60 * 120):
        race.advance(1 / 60)
        floors.add(race.opponent_floor())
        if race.sim.opponent_finished:
            break
    assert race.sim.opponent_finished and floors == {0, 1, 2}
    assert race.player_floor() == 0 and not race.climb(-1)


def test_race_player_climbs_and_its_ghost_replays_across_floors():
    level = SPEC.level()
    race = RaceSession.for_level(level, "wall", "easy", countdown=0)
    path = solve(level.maze).path

    def tick():
        out = []
        for _ in range(10):
            out += race.advance(1 / 60)
        return out

    events = _play_path(race.player, path, tick)
    for _ in range(30):
        events += race.advance(1 / 60)
    assert any(e.kind is EventKind.STEP and e.value == 1 for e in events)
    ghost = race.ghost_of_run()
    assert ghost is not None and ghost.path[-1] == level.goal
    back = Ghost.from_code(ghost.code())
    assert back == ghost and len({int(level.grid.floor_of[c]) for c in back.path}) == 3
    vs = RaceSession.for_ghost(back, level, countdown=0)
    while not vs.sim.opponent_finished:
        vs.advance(1 / 60)
    assert vs.opponent_floor() == 2


def test_two_players_climb_on_their_own():
    level = SPEC.level()
    duo = DuoSession(level, countdown=0)
    path = solve(level.maze).path
    play = duo.racers[0].play

    def tick():
        out = []
        for _ in range(10):
            out += duo.advance(1 / 60)
        return out

    fl = play.floor_of
    for a, b in zip(path, path[1:], strict=False):
        if fl[a] != fl[b]:
            assert duo.climb(0, fl[b] - fl[a])
        else:
            (ax, ay), (bx, by) = play.centers[a], play.centers[b]
            duo.press(0, (bx - ax, by - ay))
        tick()
    for _ in range(20):
        duo.advance(1 / 60)
    assert duo.floor(0) == 2 and duo.floor(1) == 0 and duo.winner == 0
    assert not duo.climb(1, -1)


def test_a_campaign_file_may_ask_for_floors(tmp_path):
    from engine.modes.campaign import load_file

    path = tmp_path / "tower.toml"
    level = (
        '[[level]]\nid = "t1"\nname = "Two floors"\nshape = "hex"\nwidth = 8\nheight = 6\n'
        'algorithm = "backtracker"\nseed = 3\npar_time = 40\npar_moves = 60\nfloors = 2\nstairs = 10\n'
    )
    path.write_text('[world]\nname = "Tower"\n' + level, encoding="utf-8")
    (got,) = load_file(path)
    assert got.recipe is not None and got.recipe.floors == 2 and got.recipe.stairs == 10
    assert got.code().startswith("M2.H8X6.BT.F2S10#") and got.level().floors == 2
    path.write_text('[world]\nname = "Tower"\n' + level.replace("floors = 2", "floors = 9"), encoding="utf-8")
    with pytest.raises(ValueError, match="floors"):
        load_file(path)
    path.write_text('[world]\nname = "Tower"\n' + level.replace('"hex"', '"polar"'), encoding="utf-8")
    with pytest.raises(ValueError, match="square or hex"):
        load_file(path)


def test_the_lab_carves_floors_and_solves_a_level_with_floors():
    from engine.modes.lab import LabRun
    from game.lab.setup import lab_refusal

    assert lab_refusal(SPEC) == "" and lab_refusal(MazeSpec.create("square", 8, 6, "wilson")) == ""
    carved = LabRun(SPEC)  # carved as the generator makes it (tests/test_lab_floors.py)
    carved.run_to_end()
    assert carved.maze is not None and (carved.maze.passage == SPEC.build().passage).all()
    run = LabRun(level=SPEC.level())  # a level is solved, not carved: stairs are edges
    run.solve()
    run.run_to_end()
    assert run.path and run.path[-1] == SPEC.level().goal


def test_a_pack_counts_every_floor_against_its_cell_limit(tmp_path):
    from engine.modes.packs import PackError, load_pack

    big = MazeSpec.create("square", 800, 800, "backtracker", seed=1, floors=2).code()  # 1,280,000 cells
    small = SPEC.code()
    path = tmp_path / "p.toml"
    path.write_text(f'[pack]\nname = "P"\n[[level]]\nname = "a"\ncode = "{small}"\n', encoding="utf-8")
    assert load_pack(path).levels[0].level().floors == 3
    path.write_text(f'[pack]\nname = "P"\n[[level]]\nname = "a"\ncode = "{big}"\n', encoding="utf-8")
    with pytest.raises(PackError, match="1,280,000 cells"):
        load_pack(path)


def test_the_editor_never_picks_a_stair_by_position():
    from engine.modes.editor import EditorSession, nearest_edge

    editor = EditorSession.from_recipe(SPEC)
    grid = editor.level().grid
    for c in (0, 7, 20):
        x, y = grid.centers[c]
        e = nearest_edge(grid, float(x), float(y), 0.6)
        assert 0 <= e < grid.stair_start  # the cell's own walls, not the stair candidate at its centre
