"""Two players on one keyboard in the headless window: setup (remembered), keys per player, pause, restart,
result with both times and ghost codes, dark shared fog, help, and the screens' layout at three sizes."""

from __future__ import annotations

import pytest
from arcade import key
from layout_check import check_layout, layout_problems, set_window_size

from engine.maze.recipe import MazeSpec
from engine.modes.base import Phase
from engine.modes.ghost import Ghost
from engine.modes.race.duo import DuoSession

SPEC = MazeSpec.create("hex", 8, 7, "backtracker", seed=3)
SIZES = [(800, 600), (1280, 800), (1920, 1080)]


def _through_countdown(view) -> None:
    for _ in range(181):
        view.on_update(1 / 60)


def _finish_both(view, window, second_delay: int = 20):
    """Both players walk the shortest path (player 2 a little later); returns the view shown after the end."""
    from game.race.duo_result import DuoResultView

    duo = view.duo
    duo.racers[0].play.walk_to(duo.maze.goal, explored_only=False)
    for i in range(6000):
        if i == second_delay:
            duo.racers[1].play.walk_to(duo.maze.goal, explored_only=False)
        view.on_update(1 / 60)
        if isinstance(window.current_view, DuoResultView):
            break
    return window.current_view


def test_setup_offers_two_players_and_remembers_it_and_dark(ctx, window):
    from game.race.duo import DuoView
    from game.race.setup import RaceSetupView

    setup = RaceSetupView(ctx)
    ctx.show(setup)
    setup.on_draw()
    assert setup.race.players == 1 and setup.choice_buttons["players"].text.startswith("Players: 1")
    setup.choice_buttons["players"].on_click(None)
    setup.choice_buttons["dark"].on_click(None)
    assert setup.race.players == 2 and setup.race.dark
    assert setup.choice_buttons["opponent"].disabled and setup.choice_buttons["difficulty"].disabled
    assert "WASD" in setup.about.text
    # Remembered between sessions: a new setup screen (as after a restart of the game) reads the store.
    again = RaceSetupView(ctx)
    assert again.race.players == 2 and again.race.dark
    assert ctx.store.setting("race.players") == "2" and ctx.store.setting("race.dark") == "1"
    again.choice_buttons["players"].on_click(None)
    assert RaceSetupView(ctx).race.players == 1 and RaceSetupView(ctx).race.dark
    ctx.store.set_setting("race.players", "banana")  # a bad saved value gives the default
    assert RaceSetupView(ctx).race.players == 1
    setup.start()
    view = window.current_view
    assert isinstance(view, DuoView) and view.duo.dark and view.duo.fog is view.dark_layer.fog
    view.on_draw()


def test_code_field_with_two_players_races_maze_codes_race_and_ghost_codes_as_they_say(ctx, window):
    """A remembered "Players: 2" makes a pasted maze code a two-player race; a friend's race code is still
    one player against the code's opponent, and a ghost code one player against the ghost."""
    from engine.modes.race import RaceSpec
    from game.race.duo import DuoView
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView

    ctx.store.set_setting("race.players", "2")  # remembered from an earlier two-player race
    setup = RaceSetupView(ctx)
    assert setup.race.players == 2
    ctx.show(setup)
    setup.field.text = SPEC.code()
    setup.submit_code()
    assert isinstance(window.current_view, DuoView) and window.current_view.duo.spec == SPEC
    ctx.show(setup)
    race = RaceSpec.create(SPEC, "wall", "easy")
    setup.field.text = race.code()
    setup.submit_code()
    view = window.current_view
    assert isinstance(view, RaceView) and not view.is_ghost and view.race.info.race_spec == race
    maze = SPEC.build()
    ghost = Ghost.record(SPEC.level(maze), [(0, maze.open_lists()[maze.start][0])])
    ctx.show(setup)
    setup.field.text = "G2.nonsense-00"
    setup.submit_code()
    assert window.current_view is setup and setup.message.text
    from engine.maze.solvers.bfs import shortest_path

    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    ghost = Ghost.record(SPEC.level(maze), [(7 * i, c) for i, c in enumerate(path[1:])])
    setup.field.text = ghost.code(SPEC.level(maze))
    setup.submit_code()
    assert isinstance(window.current_view, RaceView) and window.current_view.is_ghost


def test_wasd_moves_player_1_arrows_player_2_both_at_once(ctx, window):
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(SPEC.level()))
    ctx.show(view)
    window.dispatch_event("on_key_press", key.D, 0)  # refused during the countdown
    window.dispatch_event("on_key_release", key.D, 0)
    _through_countdown(view)
    assert view.duo.moves(0) == view.duo.moves(1) == 0
    duo = view.duo
    moved = {0: 0, 1: 0}
    for _ in range(12):  # every direction key of each player, both players in the same frame
        for sym1, sym2 in ((key.D, key.RIGHT), (key.S, key.DOWN), (key.A, key.LEFT), (key.W, key.UP)):
            before = (duo.moves(0), duo.moves(1))
            window.dispatch_event("on_key_press", sym1, 0)
            window.dispatch_event("on_key_press", sym2, 0)
            window.dispatch_event("on_key_release", sym1, 0)
            window.dispatch_event("on_key_release", sym2, 0)
            for _ in range(10):
                view.on_update(1 / 60)
            moved[0] += duo.moves(0) - before[0]
            moved[1] += duo.moves(1) - before[1]
    assert moved[0] > 0 and moved[1] > 0
    # Only player 1's keys: player 2 stays where it is.
    cell2, moves2 = duo.racers[1].play.cell, duo.moves(1)
    for sym in (key.D, key.S, key.A, key.W) * 3:
        window.dispatch_event("on_key_press", sym, 0)
        window.dispatch_event("on_key_release", sym, 0)
        for _ in range(10):
            view.on_update(1 / 60)
    assert duo.racers[1].play.cell == cell2 and duo.moves(1) == moves2
    view.on_draw()


def test_a_key_held_by_one_player_never_blocks_the_other(ctx, window):
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(SPEC.level()))
    ctx.show(view)
    _through_countdown(view)
    duo = view.duo
    d1, _ = _open_dir_key(duo, 0, (key.D, key.S, key.A, key.W))
    window.dispatch_event("on_key_press", d1, 0)  # player 1 holds its key: runs along the corridor
    moves2 = 0
    for arrow in (key.RIGHT, key.DOWN, key.LEFT, key.UP) * 4:
        before = duo.moves(1)
        window.dispatch_event("on_key_press", arrow, 0)
        window.dispatch_event("on_key_release", arrow, 0)
        for _ in range(10):
            view.on_update(1 / 60)
        moves2 += duo.moves(1) - before
    assert duo.moves(0) >= 1 and moves2 >= 2  # both moved while player 1's key stayed down
    window.dispatch_event("on_key_release", d1, 0)


def _open_dir_key(duo, player, keys):
    """The first of ``keys`` (right, down, left, up) that leads player ``player`` into an open neighbour."""
    play = duo.racers[player].play
    for sym, d in zip(keys, ((1.0, 0.0), (0.0, -1.0), (-1.0, 0.0), (0.0, 1.0)), strict=True):
        if play.pick(d) is not None:
            return sym, d
    raise AssertionError("no open direction")


def test_pause_stops_the_one_clock_restart_starts_over(ctx, window):
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(SPEC.level()))
    ctx.show(view)
    _through_countdown(view)
    for _ in range(30):
        view.on_update(1 / 60)
    tick = view.duo.tick
    window.dispatch_event("on_key_press", key.P, 0)
    assert view.paused
    for _ in range(60):
        view.on_update(1 / 60)
    view.on_draw()
    assert view.duo.tick == tick  # no time passes while paused
    assert "End race" in view.pause.labels
    window.dispatch_event("on_key_press", key.ESCAPE, 0)  # Esc resumes too
    assert not view.paused
    view.on_update(1 / 60)
    assert view.duo.tick == tick + 1
    old = view.duo
    window.dispatch_event("on_key_press", key.R, 0)
    assert view.duo is not old and view.duo.phase is Phase.READY and view.duo.maze is old.maze


def test_race_to_the_result_with_both_times_and_ghost_codes(ctx, window):
    from game.race.duo import DuoView
    from game.race.duo_result import DuoResultView

    view = DuoView(ctx, DuoSession(SPEC.level()))
    ctx.show(view)
    _through_countdown(view)
    result = _finish_both(view, window)
    assert isinstance(result, DuoResultView)
    res = result.result
    assert res.winner == 0 and res.margin == pytest.approx(20 / 60)
    texts = [t.text for t in result.texts()]
    assert texts[0] == "Player 1 wins!" and "won by 0:00.33" in texts[1]
    assert any(t.startswith("Player 1 (WASD, blue disc): 0:") for t in texts)
    assert any(t.startswith("Player 2 (arrows, orange diamond): 0:") for t in texts)
    for i in (0, 1):
        code = result.ghost_codes[i]
        assert Ghost.from_code(code, view.duo.level).path == view.duo.trail(i)
    # The faster run is kept as the maze's ghost (listed in the race setup).
    assert [g[1] for g in ctx.store.ghosts()] == [result.ghost_codes[0]]
    result.on_draw()
    for _ in range(5):  # after the first frames (widgets rendered once), nothing redraws by itself
        result.needs_redraw()
        result.on_draw()
    assert not result.needs_redraw()
    result.copy_ghost(1)
    assert result.status.text in ("Player 2's ghost code copied.", "No clipboard here.")
    result.again()
    assert isinstance(window.current_view, DuoView) and window.current_view.duo.phase is Phase.READY


def test_end_race_from_the_pause_gives_a_result_with_an_unfinished_player(ctx, window):
    from game.race.duo import DuoView
    from game.race.duo_result import DuoResultView

    view = DuoView(ctx, DuoSession(SPEC.level()))
    ctx.show(view)
    _through_countdown(view)
    duo = view.duo
    duo.racers[1].play.walk_to(duo.maze.goal, explored_only=False)
    for _ in range(3000):
        view.on_update(1 / 60)
        if duo.decided:
            break
    view.on_update(1 / 60)
    view.on_draw()
    assert "Player 2 reached the goal first" in view.t_banner.text
    window.dispatch_event("on_key_press", key.ESCAPE, 0)
    view.pause.activate(view.pause.labels.index("End race"))
    result = window.current_view
    assert isinstance(result, DuoResultView)
    assert result.result.winner == 1 and result.ghost_codes[0] == "" and result.ghost_codes[1]
    assert "did not finish" in result.texts()[1].text


def test_dark_two_player_race_lights_what_either_player_sees(ctx, window):
    from game.race.duo import DuoView

    view = DuoView(ctx, DuoSession(SPEC.with_dark().level()))
    ctx.show(view)
    _through_countdown(view)
    version = view.dark_layer.fog_version
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    window.dispatch_event("on_key_release", key.RIGHT, 0)
    window.dispatch_event("on_key_press", key.LEFT, 0)
    window.dispatch_event("on_key_release", key.LEFT, 0)
    for _ in range(20):
        view.on_update(1 / 60)
    duo = view.duo
    if duo.moves(0) + duo.moves(1):
        assert view.dark_layer.fog_version != version
    fog = duo.fog
    p0, p1 = duo.racers[0].play, duo.racers[1].play
    assert fog.visible == fog.sight(p0.cell, p0.in_sight()) | fog.sight(p1.cell, p1.in_sight())
    view.on_draw()


def test_help_lists_the_two_player_keys(ctx):
    from game.shell.help import HelpView

    view = HelpView(ctx)
    values = [value for _, value, _, _ in view.rows]
    assert any("W A S D" in v and "arrow keys" in v for v in values)
    assert any("clicks do not walk" in v for v in values)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("theme", ["dark", "light"])
def test_two_player_screens_fit(ctx, window, size, theme):
    from game.race.duo import DuoView
    from game.race.duo_result import DuoResultView
    from game.race.setup import RaceSetupView

    ctx.set_theme(theme)
    setup = RaceSetupView(ctx)
    setup.race.players = 2
    setup.race.dark = True
    setup.refresh()
    assert check_layout(window, setup, *size) == []
    spec = MazeSpec.create("upsilon", 12, 10, "growing-tree", {"rule": "newest:3,random:1"}, braid=0.25, seed=77)
    view = DuoView(ctx, DuoSession(spec.with_dark().level()))
    ctx.show(view)
    for _ in range(100):
        view.on_update(1 / 60)
    assert check_layout(window, view, *size) == []  # countdown
    _through_countdown(view)
    view.duo.racers[0].play.walk_to(view.duo.maze.goal, explored_only=False)
    for _ in range(3000):
        view.on_update(1 / 60)
        if view.duo.decided:
            break
    view.on_update(1 / 60)
    assert check_layout(window, view, *size) == []  # decided: the long banner
    assert "reached the goal first" in view.t_banner.text
    window.dispatch_event("on_key_press", key.P, 0)
    assert check_layout(window, view, *size) == []  # paused
    view.pause.activate(view.pause.labels.index("End race"))
    result = window.current_view
    assert isinstance(result, DuoResultView)
    assert check_layout(window, result, *size) == []
    assert layout_problems(result.texts(), *size) == []
    set_window_size(window, 1280, 800)  # the shared window's size for the tests after this one
    ctx.set_theme("dark")
