"""Race views in the headless window: setup, countdown, racing with walk-to clicks, result, ghost."""

from __future__ import annotations

import arcade
import pytest
from arcade import key

from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.ghost import Ghost
from engine.modes.race import RaceSpec
from engine.modes.race.session import RaceSession
from engine.records import format_time
from game import routes


def _walk_whole_path(view) -> None:
    """Drive the player along the shortest path with the session's walk-to (as a click would)."""
    maze = view.maze
    view.session.walk_to(maze.goal, explored_only=False)


def test_setup_cycles_choices_and_starts_a_race(ctx, window):
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView

    view = RaceSetupView(ctx)
    ctx.show(view)
    view.on_draw()
    before = view.choices.shape
    view.choice_buttons["shape"].on_click(None)
    assert view.choices.shape != before
    view.choice_buttons["opponent"].on_click(None)
    assert view.race.opponent == "wall"
    view.race.difficulty = "normal"
    view.start()
    assert isinstance(window.current_view, RaceView)
    window.current_view.on_draw()


def test_setup_races_shaped_and_woven_mazes_and_says_what_cannot_be_combined(ctx, window):
    from engine.maze.masks import BUILTIN
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView

    view = RaceSetupView(ctx)
    ctx.show(view)
    c = view.choices
    assert view.choice_buttons["mask"].text == "Shape: whole grid" and view.choice_buttons["weave"].text == "Weave: off"
    seen = []
    for _ in BUILTIN:  # every built-in shape is offered, then back to the whole grid
        view.choice_buttons["mask"].on_click(None)
        seen.append(c.mask)
    view.choice_buttons["mask"].on_click(None)
    assert seen == list(BUILTIN) and c.mask == "none"
    c.shape, c.algorithm, c.size = "square", "backtracker", 0
    view.choice_buttons["mask"].on_click(None)
    view.choice_buttons["mask"].on_click(None)
    assert view.choice_labels["mask"]() == "Shape: heart" and view.message.text == ""
    assert view.choice_buttons["mask"].text == "<  Shape: heart  >"  # focused by the click: a selector
    view.race.players = 1
    view.start()
    race = window.current_view
    assert isinstance(race, RaceView) and race.race.info.maze_spec.mask is not None
    assert race.race.info.maze_spec.mask.name == "heart"
    # weave: a choice the engine refuses is said at once (and Start says it again), then a woven race starts
    ctx.show(view)
    view.choice_buttons["weave"].on_click(None)
    assert "cannot be both woven" in view.message.text
    view.start()
    assert window.current_view is view and "cannot be both woven" in view.message.text
    c.mask = "none"
    c.algorithm = "binary-tree"
    view.choice_buttons["weave"].on_click(None)  # 25 -> 50
    assert c.weave == 50 and "cannot weave" in view.message.text
    c.algorithm = "backtracker"
    view.start()
    race = window.current_view
    assert isinstance(race, RaceView) and race.race.info.maze_spec.weave == 50 and race.maze.is_weave


def test_bad_code_shows_one_sentence(ctx):
    from game.race.setup import RaceSetupView

    view = RaceSetupView(ctx)
    ctx.show(view)
    from engine.codes import luhn36

    good = luhn36("R1.S10X10.BT.RN#5")
    view.field.text = "R1.S10X10.BT.RN#5-" + ("1" if good == "0" else "0")
    view.submit_code()
    assert "check character" in view.message.text
    assert ctx.window.current_view is view


@pytest.mark.parametrize("opponent", ["runner", "wall", "tremaux"])
def test_race_runs_to_the_result_screen(ctx, window, opponent):
    from game.race.result import RaceResultView
    from game.race.view import RaceView

    spec = RaceSpec.create(MazeSpec.create("hex", 8, 7, "backtracker", seed=3), opponent, "easy")
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    # Countdown: moves are refused.
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    window.dispatch_event("on_key_release", key.RIGHT, 0)
    for _ in range(180):
        view.on_update(1 / 60)
    assert view.sim.tick == 0 and view.sim.player_moves == []
    assert ctx.audio.played[-3:] == ["click", "click", "race_start"]  # 2, 1, GO
    view.on_draw()
    _walk_whole_path(view)
    for _ in range(6000):
        view.on_update(1 / 60)
        if isinstance(window.current_view, RaceResultView):
            break
    result_view = window.current_view
    assert isinstance(result_view, RaceResultView)
    res = result_view.result
    assert res.winner == "player"  # walk-to runs at 10 cells/s, faster than any easy opponent
    assert res.player_steps == res.shortest
    result_view.on_draw()
    # Best and ghost saved; the ghost replays the exact path.
    assert ctx.store.best(spec.code()).wins == 1
    [saved] = ctx.store.ghosts()
    assert saved.maze_code == spec.maze.code()
    ghost = Ghost.from_code(saved.ghost_code)
    assert ghost.path == shortest_path(view.maze.open_lists(), view.maze.start, view.maze.goal)
    from game.shell.records import RecordsView

    who = {"runner": "Runner", "wall": "Wall follower", "tremaux": "Trémaux explorer"}[opponent]
    rows = [row for row in RecordsView(ctx).levels[1:] if row[-1] == spec.code()]
    assert [r[0] for r in rows] == [f"race · {who}, easy · hexagon 8×7 (1 win)"]  # race wins are in Records
    assert rows[0][1] == format_time(res.player_seconds) and rows[0][2] == str(res.shortest)
    result_view.race_ghost()
    assert isinstance(window.current_view, RaceView) and window.current_view.is_ghost
    window.current_view.on_draw()


def test_give_up_and_a_slow_player_loses(ctx, window):
    from game.race.result import RaceResultView
    from game.race.view import RaceView

    spec = RaceSpec.create(MazeSpec.create("square", 8, 6, "backtracker", seed=1), "runner", speed=30)
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    for _ in range(180 + view.sim.opponent.finish_tick + 5):
        view.on_update(1 / 60)
    assert view.sim.winner == "opponent"
    view.on_draw()
    assert "keep going" in view.t_banner.text
    window.dispatch_event("on_key_press", key.ESCAPE, 0)
    assert isinstance(window.current_view, RaceResultView)
    assert window.current_view.result.margin is None
    window.current_view.on_draw()
    from game.shell.records import RecordsView

    assert not any(row[0].startswith("race") for row in RecordsView(ctx).levels[1:])  # a loss is no record


def test_a_given_up_race_says_one_move(ctx, window):
    from game.race.result import RaceResultView
    from game.race.view import RaceView

    spec = RaceSpec.create(MazeSpec.create("square", 8, 6, "backtracker", seed=1), "runner", "normal")
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    for _ in range(185):
        view.on_update(1 / 60)
    assert view.sim.tick > 0
    start = view.maze.start
    assert view.sim.player_move(view.maze.open_lists()[start][0])  # one step, then give up
    for _ in range(10):
        view.on_update(1 / 60)
    view.leave()  # give up ("Leave" of the question Esc asks)
    result = window.current_view
    assert isinstance(result, RaceResultView) and result.result.player_steps == 1
    texts = " ".join(text.text for text, *_ in result.rows)
    assert "(1 move)" in texts and "1 moves" not in texts, texts


def test_ghost_code_opens_a_ghost_race_and_race_codes(ctx, window):
    from engine.codes import CodeError
    from game.race.view import RaceView

    def race_command(ctx, args):
        return routes.race_code(ctx, args[0])

    spec = MazeSpec.create("triangle", 9, 6, "kruskal", seed=8)
    maze = spec.build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    code = Ghost.record(spec.level(maze), [(10 + 7 * i, c) for i, c in enumerate(path[1:])]).code(spec.level(maze))
    view = race_command(ctx, [code])
    assert isinstance(view, RaceView) and view.is_ghost
    ctx.show(view)
    for _ in range(240):
        view.on_update(1 / 60)
    view.on_draw()
    img = arcade.get_image()
    assert img.size[0] > 0
    rc = RaceSpec.create(spec, "tremaux", "hard").code()
    assert isinstance(race_command(ctx, [rc]), RaceView)
    with pytest.raises(CodeError):
        race_command(ctx, ["R1.nonsense-0"])


def test_race_setup_lists_recorded_ghosts_best_per_maze(ctx, window):
    from game.race.ghosts import recorded_ghosts
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView

    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=2)
    maze = spec.build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    slow = Ghost.record(spec.level(maze), [(20 * i, c) for i, c in enumerate(path[1:])]).code(spec.level(maze))
    fast = Ghost.record(spec.level(maze), [(7 * i, c) for i, c in enumerate(path[1:])]).code(spec.level(maze))
    ctx.store.set_setting("ghost:R1.first", slow)
    ctx.store.set_setting("ghost:R1.second", fast)
    ctx.store.set_setting("ghost:R1.broken", "G1.nonsense-0")  # skipped, never deleted
    found = recorded_ghosts(ctx.store)
    assert [g.code for g in found] == [fast]  # best per maze
    assert ctx.store.setting("ghost:R1.broken") == "G1.nonsense-0"
    view = RaceSetupView(ctx)
    ctx.show(view)
    assert "Ghost 1/1" in view.choice_buttons["ghost"].text
    view.race_ghost()
    assert isinstance(window.current_view, RaceView) and window.current_view.is_ghost


@pytest.mark.parametrize("two", [False, True], ids=["vs-runner", "two-players"])
def test_a_race_where_nothing_moves_redraws_once_a_second_and_every_frame_while_a_racer_moves(ctx, window, two):
    from engine.modes.race.duo import DuoSession
    from game.race.duo import DuoView
    from game.race.view import RaceView

    maze = MazeSpec.create("square", 8, 6, "backtracker", seed=4)
    view = DuoView(ctx, DuoSession(maze.level())) if two else RaceView(ctx, RaceSession.for_spec(
        RaceSpec.create(maze, "runner", "hard")))
    ctx.show(view)

    def frames(n: int) -> list[bool]:
        wants = []
        for _ in range(n):
            view.on_update(1 / 60)
            wants.append(view.needs_redraw())
            if wants[-1]:
                view.on_draw()
        return wants

    frames(200)  # the countdown, then the runner sets off
    if not two:
        assert all(frames(20))  # the runner moves: every frame is drawn
        for _ in range(60 * 20):
            view.on_update(1 / 60)
            if view.race.opponent_position() == view.centers[maze.build().goal]:
                break
        view.on_draw()
        view.needs_redraw()
    quiet = frames(120)  # two seconds where nobody moves: the clock's second changes twice at most
    assert 1 <= sum(quiet) <= 3, quiet
    if two:
        view.duo.racers[0].play.walk_to(view.duo.maze.goal, explored_only=False)
        assert sum(frames(30)) >= 28  # player 1 walks: (almost) every frame is drawn
