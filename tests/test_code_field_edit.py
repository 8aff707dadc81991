"""Issue 29 item 17: the race setup's code field — Ctrl+A selects all (typing replaces the old code, one
Backspace clears it), an old error clears once the code is fixed; the resume question's plural."""

from __future__ import annotations

from arcade import key

from engine.level import NamedLevel
from engine.maze.recipe import MazeSpec


def _focus_field(window, view) -> None:
    from game.ui import focus

    focus(view.field)
    assert view.typing()


def test_ctrl_a_selects_all_so_typing_replaces_and_backspace_clears(ctx, window):
    from game.race.setup import RaceSetupView

    view = RaceSetupView(ctx)
    window.show_view(view)
    view.on_draw()
    _focus_field(window, view)
    long_code = "G2." + "A" * 200  # a ghost code needs about 200 Backspaces without select-all
    view.field.text = long_code
    window.dispatch_event("on_key_press", key.A, key.MOD_CTRL)
    window.dispatch_event("on_text_motion", key.MOTION_BEGINNING_OF_LINE)  # what some systems also send
    window.dispatch_event("on_text", "M")
    assert view.field.text == "M"  # replaced, not typed in front of the old code
    view.field.text = long_code
    window.dispatch_event("on_key_press", key.A, key.MOD_CTRL)
    window.dispatch_event("on_text_motion", key.MOTION_BACKSPACE)
    assert view.field.text == ""


def test_home_and_end_put_the_caret_at_the_ends_of_the_code(ctx, window):
    from game.race.setup import RaceSetupView

    view = RaceSetupView(ctx)
    window.show_view(view)
    view.on_draw()
    _focus_field(window, view)
    view.field.text = "M2.S20X15.WI#1KA-IC"
    window.dispatch_event("on_text_motion", key.MOTION_END_OF_LINE)
    assert view.field.caret.position == len(view.field.text)
    window.dispatch_event("on_key_press", key.HOME, 0)
    window.dispatch_event("on_text_motion", key.MOTION_BEGINNING_OF_LINE)
    window.dispatch_event("on_key_release", key.HOME, 0)
    assert view.field.caret.position == 0
    window.dispatch_event("on_text", "X")
    assert view.field.text == "XM2.S20X15.WI#1KA-IC"  # typed at the start, not after the first character
    window.dispatch_event("on_text_motion_select", key.MOTION_END_OF_LINE)  # Shift+End selects to the end
    window.dispatch_event("on_text_motion", key.MOTION_BACKSPACE)
    assert view.field.text == "X"


def test_an_old_error_clears_once_the_code_is_fixed(ctx, window):
    from engine.codes import luhn36
    from game.race.setup import RaceSetupView

    view = RaceSetupView(ctx)
    window.show_view(view)
    good = luhn36("R1.S10X10.BT.RN#5")
    view.field.text = "R1.S10X10.BT.RN#5-" + ("1" if good == "0" else "0")
    view.submit_code()
    assert "check character" in view.message.text
    view.on_update(1 / 60)
    view.field.text = view.field.text[:-1]  # still wrong (no check character): the error stays
    view.on_update(1 / 60)
    assert view.message.text
    view.field.text = MazeSpec.create("square", 6, 5, "backtracker", seed=4).code()  # fixed
    view.on_update(1 / 60)
    assert view.message.text == ""


def test_the_resume_question_says_1_move_not_1_moves(ctx, window):
    from game.play.keep import save_place
    from game.play.view import PlayView

    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=4)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "plural"))
    s = view.session
    first = s.flat[s.start][0]
    s.walk_to(first)
    for _ in range(20):
        s.advance(1 / 60)
    assert s.moves == 1
    save_place(ctx.store, spec.code(), s)
    again = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "plural"))
    window.show_view(again)
    assert again.ask is not None
    assert "after 1 move and" in again.ask.line_value and "1 moves" not in again.ask.line_value


def test_a_ghost_race_header_and_its_result_give_one_time_the_same_way():
    """Item 17: the header said 18.27 s, the result 0:18.26: one format (a stopwatch, truncated) everywhere."""
    from engine.maze.solvers.bfs import shortest_path
    from engine.modes.ghost import Ghost
    from engine.modes.race.session import RaceSession
    from engine.records import record_time
    from game.format import format_time

    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=4)
    level = spec.level()
    race = RaceSession.for_level(level, "runner", "easy")
    p = race.player
    path = shortest_path(p.adj, p.start, p.goal)
    ghost = Ghost.record(level, [(7 + 7 * i, c) for i, c in enumerate(path[1:])])
    assert format_time(ghost.seconds) == record_time(ghost.seconds)
    note = RaceSession.for_ghost(ghost, level).info.note
    assert f"ghost time {format_time(ghost.seconds)}," in note
    assert format_time(18.269) == "0:18.26" and format_time(75 * 60) == "75:00.00"


def test_the_enter_code_subtitle_wraps_at_200_percent_instead_of_being_cut(ctx, window):
    from layout_check import check_layout

    from game.shell.code_entry import CodeEntryView

    try:
        for percent in (100, 200):
            ctx.set_text_size(percent)
            for size in ((1280, 800), (800, 600)):
                view = CodeEntryView(ctx)
                assert check_layout(window, view, *size) == []
                assert "…" not in view.hint.text and view.hint.text.split() == view.hint_value.split()
    finally:
        ctx.set_text_size(100)
