"""Puzzle mazes in the game window (headless): keys, Space to wait, U to undo, H for a hint, the win.

A square puzzle maze with one-way passages, keys and doors, a hunter and switches is opened by its code and won
by the exact solver's optimal actions sent as arrow keys and Space: the win screen shows three stars.  On every
grid a move into the hunter's reach is caught, and U (or Ctrl+Z) takes it back.  The elements are drawn at
800×600 and 1920×1080 in every theme.
"""

from __future__ import annotations

import pytest
from arcade import key

from engine.codes import decode_any
from engine.maze.rules.draw import rule_marks
from engine.maze.rules.solver import solution_of
from engine.modes.rules_play import RuleGame
from tests.test_game_views import keys_for_step, run_until

ALL_RULES = "M2.S7X6.BT.QOKPSM#2W-NT"
HUNTED = ["M2.S7X6.BT.QPH#2U-KH", "M2.H6X6.PR.QP20#31-L7", "M2.T9X5.BT.QPM#38-JI", "M2.P5X4.WI.QPE#3F-JK",
          "M2.U5X5.BT.QPM#3M-JZ"]


def open_puzzle(window, ctx, code: str):
    """Open a code's play screen and close the new rules' screen a fresh player sees first (any key)."""
    from game.play.open import open_code

    view = open_code(ctx, code)
    window.show_view(view)
    if view.intro.visible:
        window.dispatch_event("on_key_press", key.RETURN, 0)
    assert not view.intro.visible and view.session.moves == 0
    return view


def idle(view) -> None:
    """Frames until the player and the hunter stand still (or the win screen took over)."""
    s = view.session
    run_until(view, lambda: s.finished or (not s.moving and s.hunter_t >= 2.0 and not s.queue), 3000)


def send(window, view, action: int | None) -> None:
    """One action as a player sends it: Space for a wait; a move as the arrow key toward the cell on a square
    grid, elsewhere as a stick pushed toward it (the direction an arrow chord gives)."""
    s = view.session
    if action is not None and view.maze.grid.kind != "square":  # a stick pushed toward the cell
        (ax, ay), (bx, by) = s.centers[s.cell], s.centers[action]
        norm = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        s.press(((bx - ax) / norm, (by - ay) / norm))
        idle(view)
        assert s.cell == action
        return
    combo = [key.SPACE] if action is None else keys_for_step(s, action)
    for k in combo:
        window.dispatch_event("on_key_press", k, 0)
    for k in combo:
        window.dispatch_event("on_key_release", k, 0)
    idle(view)
    assert action is None or s.cell == action


def test_the_optimal_actions_as_keys_win_with_three_stars(window, ctx):
    """tessera play CODE of a square maze with every rule: arrows and Space along the solver's actions win;
    the win screen shows three stars and moves equal to the proven fewest."""
    from game.shell.win import WinView

    view = open_puzzle(window, ctx, ALL_RULES)
    sol = solution_of(view.session.maze)
    assert view.session.rules is not None and view.session.par_moves == sol.length
    for action in sol.actions:
        send(window, view, action)
    run_until(view, lambda: isinstance(window.current_view, WinView), 600)
    win = window.current_view
    assert view.session.stars == 3 and view.session.moves == sol.length
    assert isinstance(win, WinView) and win.stars == 3
    win.on_draw()
    # the finished maze shows the elements the best way went round (a newcomer missed them there)
    import game.render.rule_marks as painter

    drawn: list[str] = []
    real = painter.draw_mark
    painter.draw_mark = lambda mark, *a, **k: (drawn.append(mark.kind), real(mark, *a, **k))[1]  # type: ignore
    try:
        win.on_draw()
    finally:
        painter.draw_mark = real
    assert set(drawn) == {m.kind for m in rule_marks(view.session.maze)} and len(drawn) == len(win.map.marks)


def losing_move(code: str) -> tuple[list[int | None], int | None]:
    """The fewest actions, then one more that gets caught (a breadth-first search with the engine's rules)."""
    from collections import deque

    maze = decode_any(code).build()
    queue: deque[list[int | None]] = deque([[]])
    seen = set()
    while queue:
        done = queue.popleft()
        game = RuleGame(maze)
        for b in done:
            game.act(b)
        pos = game.position
        if pos in seen or game.over:
            continue
        seen.add(pos)
        for cand in [*game.open_from(), None]:
            trial = RuleGame(maze)
            for b in done:
                trial.act(b)
            if trial.act(cand).kind == "caught":
                return done, cand
            queue.append([*done, cand])
    raise AssertionError("the hunter never catches anyone here")


@pytest.mark.parametrize("code", HUNTED)
def test_caught_then_undo_on_every_grid(window, ctx, code):
    """A move into the hunter's reach is caught (the footer says how to go on), U undoes it; Ctrl+Z and
    Backspace too."""
    before, bad = losing_move(code)
    view = open_puzzle(window, ctx, code)
    s = view.session
    for a in before:
        send(window, view, a)
    moves = s.moves
    send(window, view, bad)
    assert s.caught and "Caught" in view.footer_line
    window.dispatch_event("on_key_press", key.U, 0)
    assert not s.caught and s.moves == moves
    send(window, view, bad)
    assert s.caught
    window.dispatch_event("on_key_press", key.Z, key.MOD_CTRL)
    assert not s.caught and s.moves == moves
    send(window, view, bad)
    window.dispatch_event("on_key_press", key.BACKSPACE, 0)
    assert not s.caught and s.moves == moves


def test_a_hint_rings_the_next_cell_and_says_why(window, ctx):
    """H: the footer names the reason and the moves to go; the hinted cell is the solver's next action."""
    view = open_puzzle(window, ctx, "M2.S7X6.BT.QKM#2T-K5")
    window.dispatch_event("on_key_press", key.H, 0)
    sol = solution_of(view.session.maze)
    assert view.hint_cell == sol.actions[0]
    assert view.footer_line.startswith("Hint:") and "no third star" in view.footer_line
    assert view.session.hinted


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("theme", ["dark", "light", "contrast"])
def test_the_elements_draw_at_every_size_and_theme(window, ctx, size, theme):
    """Every element drawn (doors, keys, arrows, gates, switch, the hunter) with the HUD's held keys."""
    from game.play.open import open_code

    ctx.store.set_setting("theme", theme)
    view = open_code(ctx, ALL_RULES)
    window.set_size(*size)
    window.show_view(view)
    view.on_resize(*size)
    view.on_draw()
    assert view.rule_marks is not None and len(view.rule_marks.fixed) >= 5
    window.set_size(1280, 800)


def test_a_new_rule_is_shown_once_on_one_short_screen(window, ctx):
    """The first maze with a rule opens with its screen (a picture and one sentence per new rule); a key closes
    it without moving; the next maze with the same rule opens straight into play, a new rule shows its own."""
    from game.play.open import open_code

    view = open_code(ctx, "M2.S7X6.BT.QKM#2T-K5")
    window.show_view(view)
    assert view.intro.visible and view.intro.families == ["keys"]
    view.on_draw()
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    assert not view.intro.visible and view.session.moves == 0
    again = open_code(ctx, "M2.H6X6.PR.QKH#30-K7")
    window.show_view(again)
    assert not again.intro.visible
    both = open_code(ctx, ALL_RULES)
    window.show_view(both)
    assert both.intro.families == ["oneway", "pursuer", "switches"]


def test_the_daily_puzzle_maze_opens_from_the_dailies_with_its_proven_par(window, ctx):
    """Every weekday has a puzzle maze (its rules rotate); the Dailies screen names it and opens it; its par
    is the exact solver's optimum, and Esc comes back to the Dailies."""
    import datetime as dt

    from engine.modes.daily import puzzle_maze_daily
    from game import routes
    from game.shell.dailies import DailiesView

    days = [dt.date(2026, 11, 30) + dt.timedelta(days=i) for i in range(7)]
    specs = [puzzle_maze_daily(d) for d in days]
    assert all(s.puzzle is not None for s in specs) and len({s.shape for s in specs}) == 5
    assert puzzle_maze_daily(days[0]).code() == specs[0].code()
    view = routes.dailies(ctx)
    window.show_view(view)
    assert isinstance(view, DailiesView) and view.rules_btn.text.startswith("Puzzle maze · ")
    play = routes.puzzle_maze_daily(ctx)
    window.show_view(play)
    assert play.session.rules is not None
    assert play.session.par_moves == solution_of(play.session.maze).length
    window.dispatch_event("on_key_press", key.ESCAPE, 0)


def test_the_editor_places_elements_by_clicks_and_its_check_line_asks_the_solver(window, ctx):
    """K steps to the door tool; a click on an open passage places a red door, the next click makes it blue;
    the key tool puts a key on a clicked cell; the panel's check line says whether the level can be solved and
    in how many moves."""
    from engine.modes.editor import EditorSession
    from game.editor.view import EditorView

    session = EditorSession.blank("square", 5, 4, open_walls=True)
    view = EditorView(ctx, session)
    window.show_view(view)
    view.on_draw()
    window.dispatch_event("on_key_press", key.K, 0)
    assert view.mode == "oneway"
    window.dispatch_event("on_key_press", key.K, 0)
    assert view.mode == "door"
    a, b = 0, 1
    mid = (session.grid.centers[a] + session.grid.centers[b]) / 2
    x, y = view.viewport.world_to_screen(float(mid[0]), float(mid[1]))
    view.use_tool(x, y)
    assert session.rules.doors == ((0, 1, 0),)
    view.use_tool(x, y)
    assert session.rules.doors == ((0, 1, 1),)
    for _ in range(2):
        window.dispatch_event("on_key_press", key.K, 0)
    assert view.mode == "key"
    cx, cy = view.viewport.world_to_screen(*(float(v) for v in session.grid.centers[7]))
    view.use_tool(cx, cy)
    assert session.rules.keys == ((7, 0),)
    view._refresh()
    view.on_draw()
    assert "solvable in" in view.hud.values["status"]


def test_a_race_on_a_hunted_puzzle_maze_draws_the_elements_and_says_space_waits(window, ctx):
    """The race screen of a puzzle maze with a hunter: its footer names the wait key and its frame draws the
    elements."""
    from engine.level import Level
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    level = Level.from_recipe(decode_any("M2.S7X6.BT.QPH#2U-KH"))
    race = RaceSession.for_level(level, "runner", "easy", None)
    view = RaceView(ctx, race)
    window.show_view(view)
    assert view.rule_marks is not None and "Space wait" in view.help_line
    view.on_draw()
