"""The sliding-puzzle screen in a headless window: hints, auto-solve, clicks, codes, responsiveness."""

from __future__ import annotations

import time

import pytest

from engine.puzzle.astar import solve_fast
from engine.puzzle.board import Board
from engine.puzzle.codes import encode_board
from engine.puzzle.deal import Deal, deal_session
from engine.puzzle.session import PuzzleSession
from game.puzzle.settings import PuzzleSettings

KEY_FOR_TILE_MOVE = {"U": "DOWN", "D": "UP", "L": "RIGHT", "R": "LEFT"}  # blank move -> arrow (tile mode)


def make_view(ctx, session, deal=None, **settings):
    from game.puzzle.view import PuzzleView

    st = PuzzleSettings(animate=False, **settings)
    view = PuzzleView(ctx, session, deal=deal, settings=st)
    ctx.window.show_view(view)
    view.on_update(1 / 60)
    view.on_draw()
    return view


def press(window, name, modifiers=0):
    from arcade import key

    sym = getattr(key, name)
    window.dispatch_event("on_key_press", sym, modifiers)
    window.dispatch_event("on_key_release", sym, modifiers)


def wait_task(view, attr, timeout=20.0):
    """Run frames (update + draw) until the view's task ``attr`` has been collected; returns frames drawn."""
    frames = 0
    end = time.perf_counter() + timeout
    while getattr(view, attr) is not None:
        assert time.perf_counter() < end, f"{attr} did not finish"
        frames += frame(view)
    return frames


def frame(view):
    """One frame as the real loop runs it (update, draw, then sleep to at most 60 frames per second)."""
    t0 = time.perf_counter()
    view.on_update(1 / 60)
    view.on_draw()
    time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    return 1


def click_cell(window, view, cell):
    from arcade import MOUSE_BUTTON_LEFT

    x, y = view.board.cell_center(cell)
    window.dispatch_event("on_mouse_press", int(x), int(y), MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), MOUSE_BUTTON_LEFT, 0)


# the 4x4 game is 16 random moves from solved (a uniform deal took 78 hints, each re-laying out the panel: 35 s
# under load); clicks on 4x4 and keys on 3x3 follow the hints either way
@pytest.mark.parametrize("size, shuffle, use_keys", [((3, 3), "uniform", True), ((4, 4), "moves", False)])
def test_hints_followed_one_by_one_solve_the_puzzle(ctx, size, shuffle, use_keys):
    deal = Deal(size[0], size[1], shuffle, 16, seed=11)
    session = deal_session(deal)
    view = make_view(ctx, session, deal=deal)
    for _ in range(400):
        if session.solved:
            break
        press(ctx.window, "H")
        wait_task(view, "hint_task")
        hint = session.current_hint()
        assert hint is not None, view.message
        assert view.message.startswith("Hint: slide tile") and ctx.audio.played[-1] == "hint"
        before = session.moves
        if use_keys:
            press(ctx.window, KEY_FOR_TILE_MOVE[hint.move])
        else:
            click_cell(ctx.window, view, hint.tile_cell)
        assert session.moves == before + 1
    assert session.solved and session.won_assisted
    assert "Solved with help" in view.message


def test_auto_solve_plays_to_the_goal_then_undo_returns_to_start(ctx):
    deal = Deal(4, 4, "moves", 24, seed=3)  # a short plan: each undo below re-lays out the panel
    session = deal_session(deal)
    start = session.board
    view = make_view(ctx, session, deal=deal, advanced=True)  # the statistics are in the Advanced panel
    press(ctx.window, "S")
    wait_task(view, "solve_task")
    result = view.last_result
    assert result is not None and result.moves
    # statistics shown are the solver's own report
    stats = view.t_stats.text
    assert f"Nodes expanded: {result.nodes:,}" in stats
    assert f"Solution length: {result.length} moves" in stats
    assert f"Random boosts: {result.boosts}" in stats and f"Layers locked: {result.layers}" in stats
    assert "Proven optimal: no" in stats
    # pause, step, resume
    press(ctx.window, "SPACE")
    assert session.playback is not None and session.playback.paused
    press(ctx.window, "PERIOD")
    assert session.moves == 1
    press(ctx.window, "SPACE")
    for _ in range(10 * len(result.moves) + 100):
        if session.playback is None:
            break
        view.on_update(0.2)
    assert session.solved and session.won_assisted
    assert session.path == result.moves
    assert view.board.flash > 0 and view.t_banner.text == "Solved!"
    for _ in range(len(result.moves)):
        press(ctx.window, "Z")
    assert session.board == start and not session.can_undo()
    view.on_draw()


def test_optimal_solver_on_3x3_is_proven_and_shown(ctx):
    session = PuzzleSession(Board.goal(3, 3).apply("LLUURDDLURRD"))
    view = make_view(ctx, session, solver="optimal", advanced=True)
    press(ctx.window, "S")
    wait_task(view, "solve_task")
    r = view.last_result
    assert r is not None and r.optimal
    assert "Proven optimal: yes" in view.t_stats.text
    assert f"Solution length: {r.length} moves" in view.t_stats.text
    # Stop during playback keeps the played moves (undoable)
    view.on_update(0.2)
    press(ctx.window, "X")
    assert session.playback is None and session.moves == 1


def test_click_in_the_blank_row_slides_the_right_tiles(ctx):
    board = Board.goal(4, 4)  # blank bottom-right (cell 15)
    session = PuzzleSession(board)
    view = make_view(ctx, session)
    click_cell(ctx.window, view, 13)  # two tiles (14, 15) slide right
    assert session.board.tiles[12:] == (13, 0, 14, 15)
    assert session.moves == 2 and session.history == ["LL"]
    click_cell(ctx.window, view, 1)  # column of the blank: tiles 2, 6, 10 slide down
    assert [session.board.tiles[c] for c in (1, 5, 9, 13)] == [0, 2, 6, 10]
    assert session.moves == 5
    click_cell(ctx.window, view, 0)  # not in line with the blank at (0, 1)?  it is: same row
    assert session.board.tiles[0] == 0 and session.board.tiles[1] == 1
    click_cell(ctx.window, view, 15)  # not in the blank's row or column: nothing
    assert session.moves == 6
    press(ctx.window, "Z", 0)
    assert session.moves == 5
    press(ctx.window, "Y", 0)
    assert session.moves == 6
    # drawn tiles sit where the board says
    spr = view.board.sprite_of[1]
    assert (spr.center_x, spr.center_y) == view.board.cell_center(1)


def test_unsolvable_pasted_code_is_refused_with_a_message(ctx):
    from game.puzzle.open import open_puzzle
    from game.puzzle.setup import PuzzleSetupView
    from game.puzzle.view import PuzzleView

    tiles = list(Board.goal(3, 3).tiles)
    tiles[0], tiles[1] = tiles[1], tiles[0]
    bad = encode_board(Board(3, 3, tuple(tiles)))
    view = open_puzzle(ctx, bad)
    assert isinstance(view, PuzzleSetupView)
    assert "unsolvable" in view.error
    view.on_draw()
    # typing a broken code into the setup field and pressing Enter stays with a message
    view.field = ""
    for ch in "P1.3X3:ZZ-0":
        ctx.window.dispatch_event("on_text", ch)
    press(ctx.window, "ENTER")
    ctx.window.dispatch_event("on_text", "\r")  # a real Enter also types "\r"
    assert ctx.window.current_view is view and "check character" in view.error
    # a good code opens the puzzle on that position
    good = Board.goal(3, 3).apply("LU")
    shown = open_puzzle(ctx, encode_board(good).lower())
    assert isinstance(shown, PuzzleView) and shown.session.board == good
    from engine.codes import CodeError
    from game.puzzle.open import open_code

    with pytest.raises(CodeError, match="unsolvable"):
        open_code(ctx, bad)


def test_window_keeps_drawing_during_a_database_build_and_a_slow_solve(ctx, tmp_path, monkeypatch):
    from engine.puzzle.tables import pdb
    from game.puzzle import tasks as puzzle_tasks

    # a fresh cache: the 3x4 pattern databases are built now (0.3-2 s, machine-dependent) with a
    # progress bar; the spinner delay is lifted so a fast build still shows its label on some frame
    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(puzzle_tasks, "SPINNER_AFTER", 0.0)
    pdb.clear_memory_cache()
    session = PuzzleSession(Board.goal(3, 4).apply("LLUURDLUURRDLLDRUL"))
    view = make_view(ctx, session, solver="optimal", timeout=30.0)
    press(ctx.window, "S")
    start = time.perf_counter()
    saw_progress = False
    frames = 0
    while view.solve_task is not None:
        frames += frame(view)
        saw_progress |= "table" in view.t_progress.text or "pattern" in view.t_progress.text
        assert time.perf_counter() - start < 30
    elapsed = time.perf_counter() - start
    print(f"3x4 build+solve {elapsed:.2f} s, {frames / elapsed:.1f} frames/s")
    assert view.last_result is not None and view.last_result.optimal
    assert saw_progress
    assert frames >= 5 * elapsed  # at least 5 frames per second while building
    pdb.clear_memory_cache()

    # a solve that runs into its timeout: frames keep coming, the stop is reported with statistics
    deal = Deal(8, 8, "uniform", seed=2)
    session = deal_session(deal)
    view = make_view(ctx, session, deal=deal, heuristic="manhattan", timeout=1.0, advanced=True)
    press(ctx.window, "S")
    start = time.perf_counter()
    frames = wait_task(view, "solve_task")
    elapsed = time.perf_counter() - start
    print(f"8x8 timed-out solve {elapsed:.2f} s, {frames / elapsed:.1f} frames/s")
    assert elapsed >= 0.9 and frames >= 5 * elapsed
    assert view.last_stop == "timeout"
    assert f"Nodes expanded: {view.last_result.nodes:,}" in view.t_stats.text
    assert "stopped (timeout)" in view.t_stats.text and "longer timeout" in view.message


def test_unassisted_win_records_bests_and_copy_code(ctx):
    start = Board.goal(3, 3).apply("LLUR")
    session = PuzzleSession(start, code=encode_board(start))
    view = make_view(ctx, session)
    moves = solve_fast(start, timeout=5).moves
    for m in moves:
        press(ctx.window, KEY_FOR_TILE_MOVE[m])
    assert session.won and not session.won_assisted
    best = ctx.store.best(session.code)
    assert best.best_moves == len(moves) and best.wins == 1
    assert "Solved in" in view.message
    press(ctx.window, "C")
    assert view.clipboard == session.code
    press(ctx.window, "R")
    assert session.board == start and session.moves == 0


def test_setup_screen_deals_the_chosen_size(ctx):
    from game.puzzle.setup import PuzzleSetupView
    from game.puzzle.view import PuzzleView

    setup = PuzzleSetupView(ctx)
    ctx.window.show_view(setup)
    setup.on_draw()
    press(ctx.window, "KEY_5")
    press(ctx.window, "RIGHT")  # 6 wide x 5 high
    press(ctx.window, "M")  # random moves
    press(ctx.window, "ENTER")
    view = ctx.window.current_view
    assert isinstance(view, PuzzleView)
    b = view.session.board
    assert (b.width, b.height) == (6, 5) and view.deal.shuffle == "moves"
    assert view.session.seed_code and "#" in view.session.seed_code
    view.on_draw()
    press(ctx.window, "N")  # a new deal of the same kind
    assert ctx.window.current_view.deal.shuffle == "moves"


def test_idle_screen_reports_nothing_to_redraw(ctx):
    """needs_redraw(): False on an idle board (also with a hint shown), True after input and while solving."""
    start = Board.goal(4, 4).apply("LLUURD")
    session = PuzzleSession(start)
    view = make_view(ctx, session)
    for _ in range(3):
        view.on_update(1 / 60)
    view.on_draw()
    view.on_update(1 / 60)
    assert not view.needs_redraw()
    press(ctx.window, "H")
    assert view.needs_redraw()
    wait_task(view, "hint_task")
    assert session.current_hint() is not None
    view.on_draw()
    view.on_update(1 / 60)
    assert not view.needs_redraw()  # a hint shown is a still picture
    press(ctx.window, "S")
    assert view.needs_redraw()
    wait_task(view, "solve_task")
    assert session.playback is not None and view.needs_redraw()
    while session.playback is not None:
        view.on_update(0.2)
    view.on_draw()
    for _ in range(200):  # the win flash fades, then nothing changes
        view.on_update(1 / 60)
        if not view.needs_redraw():
            break
        view.on_draw()
    assert session.won and not view.needs_redraw()


def test_plus_minus_change_the_playback_speed(ctx):
    session = PuzzleSession(Board.goal(4, 4).apply("LLUURDLURRDD"))
    view = make_view(ctx, session)
    session.start_playback(solve_fast(session.board, timeout=5).moves)
    before = session.playback.speed
    press(ctx.window, "PLUS")
    assert session.playback.speed > before and "moves per second" in view.message
    press(ctx.window, "MINUS")
    press(ctx.window, "MINUS")
    assert session.playback.speed < before


def test_optimal_auto_solve_plays_the_fast_plan_at_once_then_switches(ctx, tmp_path, monkeypatch):
    """O then S on 3x4 with tables (said) ready: the fast plan plays at once; the optimal solution takes over."""
    from engine.puzzle.tables import optimal_tables, pdb

    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))  # fresh cache: the tables build now ...
    monkeypatch.setattr(optimal_tables, "tables_ready", lambda *a, **k: True)  # ... but the screen is told not
    pdb.clear_memory_cache()
    deal = Deal(4, 3, "uniform", seed=21)
    session = deal_session(deal)
    start = session.board
    view = make_view(ctx, session, deal=deal, solver="optimal", timeout=2.0)
    press(ctx.window, "S")
    end = time.perf_counter() + 60
    while session.playback is None:  # the fast plan arrives first
        assert time.perf_counter() < end, view.message
        frame(view)
    assert "fast solver's" in view.message and "not proven shortest" in view.message
    for _ in range(8):
        press(ctx.window, "MINUS")  # slowest speed: the optimal answer arrives mid-playback
    assert session.playback.source == "fast" and view.jobs.solving
    while view.jobs.solving:
        assert time.perf_counter() < end, view.message
        frame(view)
    assert view.last_result is not None and view.last_result.optimal
    pb = session.playback
    assert pb is not None and pb.source == "optimal" and pb.origin == start, view.message
    assert "optimal solution arrived" in view.message
    pb.speed = 1000.0
    while session.playback is not None:
        view.on_update(0.1)
    assert session.solved and session.path == view.last_result.moves
    pdb.clear_memory_cache()


def test_setup_screen_redraws_only_after_a_change(ctx):
    from game.puzzle.setup import PuzzleSetupView

    setup = PuzzleSetupView(ctx)
    ctx.window.show_view(setup)
    setup.on_draw()
    assert not setup.needs_redraw()
    press(ctx.window, "RIGHT")
    assert setup.needs_redraw() and setup.width_ == 5
    setup.on_draw()
    assert not setup.needs_redraw()


def click_button(window, button):
    from arcade import MOUSE_BUTTON_LEFT

    x, y = int(button.rect.center_x), int(button.rect.center_y)
    window.dispatch_event("on_mouse_press", x, y, MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", x, y, MOUSE_BUTTON_LEFT, 0)


def test_puzzle_buttons_are_the_games_buttons_clicked_through_the_ui_manager(ctx):
    from game.ui import ActionButton

    deal = Deal(3, 3, "uniform", seed=4)
    session = deal_session(deal)
    view = make_view(ctx, session, deal=deal)
    assert all(isinstance(b, ActionButton) for b in view.panel.buttons.values())
    start = tuple(session.board.tiles)
    cell = next(c for c in range(9) if session.click(c))  # one move away from the deal
    view.board.sync(animate=False)
    assert list(session.board.tiles) != list(start)
    undo = view.panel.buttons["undo"]
    view.on_update(1 / 60)
    assert not undo.disabled
    click_button(ctx.window, undo)
    assert list(session.board.tiles) == list(start), cell
    view.on_update(1 / 60)
    assert view.panel.buttons["undo"].disabled and view.panel.buttons["step"].disabled
    click_button(ctx.window, view.panel.buttons["step"])  # disabled: nothing happens
    assert list(session.board.tiles) == list(start)
    view.on_draw()
    assert not view.needs_redraw()  # idle again after the button's press/release frames were drawn


def test_setup_buttons_click_and_f1_opens_help_on_both_puzzle_screens(ctx):
    from game.puzzle.setup import PuzzleSetupView
    from game.shell.help import HelpView

    setup = PuzzleSetupView(ctx)
    ctx.window.show_view(setup)
    setup.on_draw()
    click_button(ctx.window, setup.preset_buttons[3])  # 6x6
    assert (setup.width_, setup.height_) == (6, 6) and setup.preset_buttons[3].active
    assert not setup.preset_buttons[1].active
    press(ctx.window, "F1")
    assert isinstance(ctx.window.current_view, HelpView)
    view = make_view(ctx, deal_session(Deal(3, 3, seed=2)))
    press(ctx.window, "F1")
    assert isinstance(ctx.window.current_view, HelpView)
    assert view.panel.ui._enabled is False  # the hidden screen's buttons take no clicks


def test_help_names_every_key_of_the_puzzle_screen(ctx):
    """F1's puzzle section names each key the screen's key map handles."""
    import re

    from pyglet.window import key

    from game.modes import PUZZLE_HELP

    text = " ".join(PUZZLE_HELP.lines)
    view = make_view(ctx, deal_session(Deal(3, 3, seed=2)))
    spoken = {"SPACE": "Space", "ESCAPE": "Esc", "PERIOD": ".", "NUM_DECIMAL": ".", "PLUS": "+", "EQUAL": "+",
              "NUM_ADD": "+", "MINUS": "-", "NUM_SUBTRACT": "-", "UP": "Arrows", "DOWN": "Arrows",
              "LEFT": "Arrows", "RIGHT": "Arrows"}
    missing = []
    for sym in view.key_actions():
        name = key.symbol_string(sym)
        word = spoken.get(name, name)
        if not (re.search(rf"\b{word}\b", text) if word.isalpha() else word in text):
            missing.append(name)
    assert not missing, missing
    for combo in ("Shift+C", "Ctrl+Shift+Z", "Ctrl+Y"):
        assert combo in text


def test_advanced_panel_folds_by_default_toggles_with_v_and_its_button_and_is_saved(ctx):
    from game.puzzle.view import PuzzleView

    view = PuzzleView(ctx, deal_session(Deal(3, 3, seed=3)))  # settings from the (empty) store
    ctx.window.show_view(view)
    view.on_update(1 / 60)
    view.on_draw()
    settings_buttons = [view.panel.buttons[n] for n in ("solver", "timeout", "boost", "heuristic", "arrows")]
    assert not view.settings.advanced and not any(b in view.panel.shown_buttons() for b in settings_buttons)
    assert view.panel.t_stats.text == "" and view.panel.t_settings_head.text == ""
    assert "Moves" in view.panel.t_moves.text and "playback" in view.panel.t_speed.text
    solver = view.settings.solver
    press(ctx.window, "O")  # the settings keys work folded too
    assert view.settings.solver != solver
    press(ctx.window, "V")
    view.on_update(1 / 60)
    view.on_draw()
    assert view.settings.advanced and all(b in view.panel.shown_buttons() for b in settings_buttons)
    assert view.panel.buttons["advanced"].active and "Press S" in view.panel.t_stats.text
    assert PuzzleSettings.load(ctx.store).advanced  # saved
    click_button(ctx.window, view.panel.buttons["advanced"])
    view.on_update(1 / 60)
    assert not view.settings.advanced and not PuzzleSettings.load(ctx.store).advanced
    assert not any(b in view.panel.shown_buttons() for b in settings_buttons) and view.panel.t_stats.text == ""
    click_button(ctx.window, settings_buttons[0])  # a folded-away button takes no clicks
    assert view.settings.solver != solver


def test_speed_set_before_a_solve_is_the_playback_speed(ctx):
    session = PuzzleSession(Board.goal(3, 3).apply("LLUURDLURRDD"))
    view = make_view(ctx, session)
    faster = view.panel.buttons["faster"]
    assert not faster.disabled and not view.panel.buttons["slower"].disabled  # idle: speed can be set
    for _ in range(3):
        press(ctx.window, "MINUS")
    assert session.speed == 2.0 and "next solution" in view.message
    view.on_update(1 / 60)
    assert "2 moves/s" in view.panel.t_speed.text
    click_button(ctx.window, faster)
    assert session.speed == 4.0
    press(ctx.window, "S")
    end = time.perf_counter() + 20
    while session.playback is None:
        assert time.perf_counter() < end, view.message
        frame(view)
    assert session.playback.speed == 4.0


def test_esc_during_playback_leaves_the_screen_and_stops_everything(ctx):
    from game.puzzle.setup import PuzzleSetupView

    session = PuzzleSession(Board.goal(4, 4).apply("LLUURDLURRDDLUL"))
    view = make_view(ctx, session)
    session.start_playback(solve_fast(session.board, timeout=5).moves)
    press(ctx.window, "X")  # X only stops
    assert session.playback is None and ctx.window.current_view is view
    session.start_playback(solve_fast(session.board, timeout=5).moves)
    press(ctx.window, "ESCAPE")
    assert isinstance(ctx.window.current_view, PuzzleSetupView)
    assert session.playback is None and not view.jobs.busy and session.solve is None


def test_optimal_solve_without_tables_waits_for_them_with_progress_then_plays_the_optimal_plan(
        ctx, tmp_path, monkeypatch):
    """O then S on 3x4 with no tables yet: no fast plan plays; "Building tables N %" shows; X cancels; the
    optimal (proven shortest) solution plays once they are built."""
    from engine.puzzle.tables import pdb
    from game.puzzle import tasks as puzzle_tasks

    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))  # fresh cache: the tables build now
    monkeypatch.setattr(puzzle_tasks, "SPINNER_AFTER", 0.0)
    pdb.clear_memory_cache()
    deal = Deal(4, 3, "uniform", seed=21)
    session = deal_session(deal)
    view = make_view(ctx, session, deal=deal, solver="optimal", timeout=2.0)
    press(ctx.window, "S")
    assert set(view.jobs.solves) == {"optimal"} and "builds its tables first" in view.message
    end = time.perf_counter() + 30
    while "%" not in view.t_progress.text:
        assert time.perf_counter() < end and view.jobs.solving, view.t_progress.text
        frame(view)
    assert "Building the optimal solver's tables" in view.t_progress.text and "Esc cancels" in view.t_progress.text
    assert session.playback is None
    press(ctx.window, "X")
    assert not view.jobs.solving and session.playback is None and session.moves == 0
    assert "cancelled" in view.message
    press(ctx.window, "S")
    saw_building = False
    while session.playback is None:
        assert time.perf_counter() < end + 30, view.message
        frame(view)
        saw_building |= "tables" in view.t_progress.text
    pb = session.playback
    assert pb.source == "optimal" and view.last_result.optimal and not view.jobs.solving
    assert "proven optimal" in view.message, view.message
    pdb.clear_memory_cache()


def test_a_fast_plan_that_ends_first_stops_the_optimal_search_and_says_so(ctx, tmp_path, monkeypatch):
    from engine.puzzle.tables import optimal_tables, pdb
    from game.puzzle import tasks as puzzle_tasks

    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))  # the 4x4 tables would take ~15 s to build
    monkeypatch.setattr(optimal_tables, "tables_ready", lambda *a, **k: True)
    monkeypatch.setattr(puzzle_tasks, "SPINNER_AFTER", 0.0)  # the progress line at once, however fast the plan came
    pdb.clear_memory_cache()
    deal = Deal(4, 4, "uniform", seed=5)
    session = deal_session(deal)
    view = make_view(ctx, session, deal=deal, solver="optimal")
    press(ctx.window, "S")
    end = time.perf_counter() + 20
    while session.playback is None:
        assert time.perf_counter() < end, view.message
        frame(view)
    assert session.playback.source == "fast" and "takes over if it ends before" in view.message
    view.on_draw()
    assert "it takes over if it ends before the fast plan" in view.t_progress.text
    session.playback.speed = 1000.0
    while session.playback is not None:
        view.on_update(0.1)
    assert session.solved and not view.jobs.solving and session.solve is None
    assert "ended before the optimal search; that search stopped" in view.message
    pdb.clear_memory_cache()


def test_a_fast_solve_does_not_promise_an_optimal_one(ctx):
    session = PuzzleSession(Board.goal(3, 3).apply("LLUURDLURRDD"))
    view = make_view(ctx, session)  # fast solver
    press(ctx.window, "S")
    end = time.perf_counter() + 20
    while session.playback is None:
        assert time.perf_counter() < end, view.message
        frame(view)
    assert view.message.startswith("Playing the fast solver's") and "takes over" not in view.message
