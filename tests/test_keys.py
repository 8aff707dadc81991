"""Key remapping: the one binding table (game/ui/input.py) and the Settings → Keys page, headless.

Remapped keys reach the screens (a maze moves on the new key, two players each on theirs, menus, puzzle),
a key used by another action where both are live is refused with a message naming it, Reset brings back
the defaults, and the changes survive closing and reopening the store.
"""

from __future__ import annotations

import pytest
from arcade import key

from engine.level import Level, NamedLevel
from engine.maze.recipe import MazeSpec
from game import routes
from game.ui.input import ACTIONS, BINDINGS, CONTEXTS, RESERVED, BindingError, Bindings, key_name

SPEC = MazeSpec.create("square", 6, 5, "backtracker", seed=4)


def press(window, symbol, modifiers=0):
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)


def test_defaults_have_no_clash_and_every_context_has_actions():
    table = Bindings()
    for act in ACTIONS:
        assert act.context in CONTEXTS and 1 <= len(act.keys) <= 2
        for sym in act.keys:
            assert sym not in RESERVED
            assert table.user_of(act.context, sym, besides=act.id) is None, (act.id, key_name(sym))
    assert len({a.id for a in ACTIONS}) == len(ACTIONS)
    assert table.action("maze", key.W) == "up" and table.action("maze", key.UP) == "up"
    assert table.action("camera", key.NUM_ADD) == "zoom_in" and table.action("camera", key.PLUS) == "zoom_in"
    assert table.action("menu", key.NUM_ENTER) == "confirm"  # a keypad twin counts as its main key


def test_bind_refuses_a_clash_naming_it_and_reserved_keys():
    table = Bindings()
    with pytest.raises(BindingError, match=r"D is already Move right"):
        table.bind("maze.up", 0, key.D)
    with pytest.raises(BindingError, match=r"F is already Fit the maze \(Camera\)"):
        table.bind("maze.pause", 0, key.F)  # the camera keys are live on the maze screens
    with pytest.raises(BindingError, match="Esc is kept for Back"):
        table.bind("duo.p1_up", 0, key.ESCAPE)
    with pytest.raises(BindingError, match="modifier"):
        table.bind("puzzle.hint", 0, key.LSHIFT)
    assert table.keys("maze.up") == (key.UP, key.W)  # nothing changed
    table.bind("puzzle.hint", 0, key.D)  # D is free in the puzzle context (it moves in mazes)
    assert table.action("puzzle", key.D) == "hint" and table.action("maze", key.D) == "right"
    with pytest.raises(BindingError, match="needs a key"):
        table.clear("maze.pause", 0)


def test_saved_text_round_trips_and_bad_text_keeps_defaults():
    table = Bindings()
    table.bind("maze.up", 0, key.I)
    table.bind("duo.p2_left", 0, key.J)
    again = Bindings.loads(table.dumps())
    assert again.keys("maze.up") == (key.I, key.W) and again.keys("duo.p2_left") == (key.J,)
    assert Bindings.loads("not json").dumps() == "{}"
    assert Bindings.loads('{"maze.up": [100]}').keys("maze.up") == (key.UP, key.W)  # D clashes: default
    assert Bindings.loads('{"nope.x": [1], "maze.up": "x", "maze.down": [65307]}').dumps() == "{}"
    # A swap (reachable by steps on the Keys page) loads whole even though each half clashes with a default.
    swap = Bindings({"maze.pause": (letter := key.R,), "maze.restart": (key.P,)})
    assert Bindings.loads(swap.dumps()).keys("maze.pause") == (letter,)


def test_remapped_key_moves_the_player_and_the_old_ones_no_longer_do(window, ctx):
    from engine.maze.solvers import solve
    from game.play.view import PlayView

    maze = SPEC.build()
    first = solve(maze, "bfs").path[1]
    (x0, y0), (x1, y1) = maze.grid.centers[maze.start], maze.grid.centers[first]
    name = ("right" if x1 > x0 else "left") if abs(x1 - x0) > abs(y1 - y0) else ("up" if y1 > y0 else "down")
    old = ctx.keys.keys(f"maze.{name}")
    ctx.keys.bind(f"maze.{name}", 0, key.L)
    ctx.keys.clear(f"maze.{name}", 1)
    view = PlayView(ctx, NamedLevel(Level(maze), SPEC.code(), "keys"))
    window.show_view(view)
    session = view.session
    for sym in old:  # the default keys of that direction do nothing now
        press(window, sym)
        for _ in range(15):
            view.on_update(1 / 60)
    assert session.cell == maze.start and session.moves == 0
    press(window, key.L)
    for _ in range(15):
        view.on_update(1 / 60)
    assert session.cell == first and session.moves == 1


def test_two_players_each_on_their_remapped_keys(window, ctx):
    from engine.modes.race.duo import DuoSession
    from game.race.duo import DuoView

    ctx.keys.bind("duo.p2_up", 0, key.I)
    ctx.keys.bind("duo.p1_up", 0, key.T)
    view = DuoView(ctx, DuoSession(SPEC.level()))
    window.show_view(view)
    assert view.keys[0].vectors[key.T] == (0.0, 1.0) and key.W not in view.keys[0].vectors
    assert view.keys[1].vectors[key.I] == (0.0, 1.0) and key.UP not in view.keys[1].vectors
    from game.race.duo import duo_help

    assert duo_help(ctx.keys).startswith("Player 1: T/A/S/D (disc) · Player 2: I/Left/Down/Right (diamond)")


def test_keys_page_remaps_refuses_resets_and_saves(window, ctx):
    from game.shell.keys import KeysView

    view = KeysView(ctx, lambda: routes.show_menu(ctx))
    window.show_view(view)
    view.on_draw()
    assert view.context() == "menu" and view.buttons[0].text.startswith("<")
    press(window, key.RIGHT)  # the page button: next page
    assert view.context() == "maze"
    assert [a.id for a in view.rows][:1] == ["maze.up"]
    press(window, key.DOWN)  # the first row's first slot (Up)
    assert view.slot_of[view.focus] == ("maze.up", 0)
    press(window, key.ENTER)
    assert view.waiting == ("maze.up", 0) and "press a key" in view.buttons[view.focus].text
    press(window, key.D)  # taken by Move right
    assert view.waiting is None and view.error and "D is already Move right" in view.message.text
    assert ctx.keys.keys("maze.up") == (key.UP, key.W)
    press(window, key.ENTER)
    press(window, key.I)
    assert ctx.keys.keys("maze.up") == (key.I, key.W) and not view.error
    assert view.buttons[view.focus].text == "I"
    assert '"maze.up": [105, 119]' in ctx.store.setting("keys")
    press(window, key.ENTER)
    press(window, key.F1)  # reserved: refused, F1 does not open the help while waiting
    assert view.error and "F1 is kept for Help" in view.message.text and window.current_view is view
    view.reset()
    assert ctx.keys.keys("maze.up") == (key.UP, key.W) and ctx.store.setting("keys") == "{}"
    press(window, key.ESCAPE)
    assert window.current_view is not view


def test_remapped_keys_survive_reopening_the_store(window, tmp_path):
    from game.audio import Audio
    from game.context import Context
    from game.store import Store

    path = tmp_path / "keys.db"
    first = Context(window, store=Store(path), audio=Audio(enabled=False))
    first.keys.bind("puzzle.hint", 0, key.J)
    first.save_keys()
    first.store.close()
    BINDINGS.reset()
    second = Context(window, store=Store(path), audio=Audio(enabled=False))
    try:
        assert second.keys.action("puzzle", key.J) == "hint" and second.keys.action("puzzle", key.H) is None
    finally:
        second.store.close()
        BINDINGS.reset()


def test_menus_follow_remapped_keys(window, ctx):
    ctx.keys.bind("menu.down", 0, key.J)
    ctx.keys.clear("menu.down", 1)
    menu = ctx.go(routes.menu)
    menu.focus = 0
    press(window, key.J)
    assert menu.focus == 1
    press(window, key.DOWN)
    assert menu.focus == 1  # Down was replaced by J
    BINDINGS.reset()


def test_key_lines_name_the_remapped_keys(window, ctx):
    from game.play.view import HELP_LINE, PlayView

    view = PlayView(ctx, NamedLevel(SPEC.level(), SPEC.code(), "keys"))
    assert view.help_line == HELP_LINE  # the default keys: the usual line
    for name, sym in (("up", key.I), ("left", key.J), ("down", key.K), ("right", key.L)):
        ctx.keys.bind(f"maze.{name}", 1, sym)  # in place of WASD
    ctx.keys.bind("maze.pause", 0, key.O)
    view = PlayView(ctx, NamedLevel(SPEC.level(), SPEC.code(), "keys"))
    assert view.help_line.startswith("Up/Left/Down/Right or I/J/K/L move") and "O pause" in view.help_line


def test_the_clash_check_knows_the_built_in_stair_keys_of_every_mode(window, ctx):
    """Issue 29 item 14: Pause = Q was accepted, then Q paused instead of going down a stair."""
    from game.shell.keys import KeysView
    from game.ui.input import BUILT_IN, built_in_use

    table = Bindings()
    with pytest.raises(BindingError, match=r"Q is already Down a stair .*\(built in\)"):
        table.bind("maze.pause", 0, key.Q)
    with pytest.raises(BindingError, match=r"Q is already Down a stair"):
        table.bind("maze.up", 1, key.Q)
    with pytest.raises(BindingError, match=r"PgUp is already Player 2 up a stair"):
        table.bind("duo.pause", 0, key.PAGEUP)
    with pytest.raises(BindingError, match=r"Q is already Look a floor down"):
        table.bind("lab.solve", 0, key.Q)
    with pytest.raises(BindingError, match=r"Q is already QR code"):
        table.bind("puzzle.hint", 0, key.Q)
    with pytest.raises(BindingError, match=r"Q is already (Down a stair|Player 1 down)"):
        table.bind("camera.fit", 0, key.Q)  # camera keys are live on the maze and two-player screens
    table.bind("menu.confirm", 1, key.Q)  # menus have no stairs: fine
    for act in ACTIONS:  # no default key is a built-in key where it is live (E: the race's own)
        assert all(built_in_use(act, sym) is None for sym in act.keys), act.id
    assert set(BUILT_IN) <= set(CONTEXTS)
    # A saved table that gives Pause the Q key (an old save) keeps the default Pause.
    assert Bindings.loads('{"maze.pause": [113]}').keys("maze.pause") == (key.P,)
    # On the Keys page: refused with the clash named, nothing changed.
    view = KeysView(ctx, lambda: routes.show_menu(ctx))
    window.show_view(view)
    view.on_draw()
    press(window, key.RIGHT)  # the maze page
    assert view.context() == "maze"
    pause = next(i for i, slot in view.slot_of.items() if slot == ("maze.pause", 0))
    view.focus = pause
    press(window, key.ENTER)
    press(window, key.Q)
    assert view.error and "Q is already Down a stair" in view.message.text
    assert ctx.keys.keys("maze.pause") == (key.P,)


def test_turning_the_keys_pages_keeps_only_the_shown_page_labels(window, ctx):
    from game.shell.keys import KeysView

    view = KeysView(ctx, lambda: routes.show_menu(ctx))
    window.show_view(view)
    view.on_draw()
    first = len(view.made_texts)
    for _ in range(12):  # round every context and part, more than once
        view.turn(1)
        view.on_draw()
        shown = set(map(id, view.labels))
        assert len(view.made_texts) <= first + len(view.labels)  # the old pages' labels are gone...
        assert shown <= set(map(id, view.made_texts))  # ...the shown ones are the screen's (snapped, text size)
        labels = [t for t in view.made_texts if t.text in {a.label for a in view.rows}]
        assert len(labels) == len(view.rows)
