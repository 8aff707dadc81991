"""My levels (game/shell/my_levels.py, engine/modes/packs.py): the list, rename, delete, play, export, layout."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
from arcade import key

from engine.codes import dark_code
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.ghost import Ghost
from engine.modes.packs import MAX_LEVELS, export_levels, load_pack
from engine.modes.race.code import RaceSpec
from engine.output import toml_string
from engine.puzzle.codes import shuffle_code
from game import routes

sys.path.insert(0, str(Path(__file__).parent))
from layout_check import check_layout, set_window_size  # noqa: E402

MAZE = MazeSpec.create("hex", 9, 7, "backtracker", seed=21)
BROKEN = "M2.S20X15.BT#1-00"  # the check characters do not match


def ghost_code() -> str:
    spec = MazeSpec.create("square", 6, 4, "backtracker", seed=11)
    maze = spec.build()
    cells = shortest_path(maze.open_lists(), maze.start, maze.goal)
    return Ghost.record(spec.level(maze), [(i * 6, c) for i, c in enumerate(cells[1:])]).code(spec.level(maze))


def keypress(window, symbol: int, modifiers: int = 0) -> None:
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)


def click(window, button) -> None:
    import arcade

    x, y = int(button.rect.center_x), int(button.rect.center_y)
    window.dispatch_event("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)


def show_my_levels(window, ctx):

    view = ctx.go(routes.my_levels)
    view.on_draw()
    view.on_draw()
    return view


def current(window):
    window.current_view.on_draw()
    return window.current_view


@pytest.fixture
def saved(ctx, tmp_path, monkeypatch):
    """Four levels in the store (oldest first: a maze, a puzzle, a code that no longer decodes, a race)."""
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "home"))
    names = ["Warm-up", "Sliding \"quote\" \\ back", "Broken one", "Race me"]
    codes = [MAZE.code(), shuffle_code(4, 4, 7).code(), BROKEN, RaceSpec.create(MAZE, "runner", "easy").code()]
    for name, code in zip(names, codes, strict=True):
        ctx.store.save_my_level(name, code)
    return list(zip(reversed(names), reversed(codes), strict=True))  # as the list shows them: newest first


# -- engine: the pack file ------------------------------------------------------------------
@pytest.mark.parametrize("value", ["", "plain", 'a "quote"', "back\\slash", "tab\tnew\nline", "\x00\x1f\x7f",
                                   "ünïcødé · ✓ 🧩", "'single' and '''triple'''"])
def test_toml_strings_read_back(value):
    assert tomllib.loads(f"x = {toml_string(value)}")["x"] == value


def test_export_writes_valid_packs_of_at_most_12_and_leaves_out_what_a_pack_cannot_hold(tmp_path):
    mazes = [(f"Maze {i}", MazeSpec("square", 4 + i % 5, 3 + i // 5, "backtracker", seed=i).code()) for i in range(14)]
    levels = [*mazes[:3], ("Puzzle", shuffle_code(3, 3, 1).code()), ("Again", mazes[0][1]), ("Bad", BROKEN),
              ("Maze 1", mazes[5][1]), *mazes[3:5], *mazes[6:]]
    done = export_levels(tmp_path / "levels", "mine", "My levels", levels)
    assert [p.name for p in done.paths] == ["mine.toml", "mine-2.toml"] and done.written == 14
    assert [name for name, _ in done.skipped] == ["Puzzle", "Again", "Bad"]
    assert "not a maze level" in done.skipped[0][1] and "already" in done.skipped[1][1]
    first, second = (load_pack(p) for p in done.paths)  # both read back valid: no broken world on the map
    assert (first.name, second.name) == ("My levels", "My levels 2")
    assert len(first.levels) == MAX_LEVELS and len(second.levels) == 2
    assert [lv.name for lv in first.levels][:5] == ["Maze 0", "Maze 1", "Maze 2", "Maze 1 (2)", "Maze 3"]
    assert sorted(p.name for p in done.paths[0].parent.iterdir()) == ["mine-2.toml", "mine.toml"]  # no temp file
    again = export_levels(tmp_path / "levels", "mine", "My levels", mazes[:1])
    assert [p.name for p in again.paths] == ["mine-3.toml"]  # never overwrites


def test_export_of_nothing_playable_writes_no_file(tmp_path):
    done = export_levels(tmp_path / "levels", "mine", "My levels", [("Puzzle", shuffle_code(3, 3, 1).code())])
    assert done.paths == () and done.written == 0 and len(done.skipped) == 1
    assert list((tmp_path / "levels").iterdir()) == []


# -- the summary of a code ------------------------------------------------------------------
def test_summaries_read_kind_shape_and_size_and_never_raise():
    from game.format import summarize

    assert summarize(MAZE.code()).text == "maze · hexagon 9×7"
    assert summarize(dark_code(MAZE.code())).text == "maze · hexagon 9×7, dark"
    assert summarize(RaceSpec.create(MAZE, "runner", "easy").code()).text == "race · hexagon 9×7 vs runner"
    assert summarize(ghost_code()).text.startswith("ghost · square 6×4, ")
    assert summarize(shuffle_code(4, 4, 7).code()).text == "puzzle · 4×4"
    for bad in (BROKEN, "", "not a code at all", "Z9.X#1-00", "M2." + "A" * 200_000):
        s = summarize(bad)
        assert s.kind == "" and s.text == "code does not decode" and s.error


def test_a_hand_made_level_is_named_by_its_grid_and_size_in_players_words():
    """A level code (a level made by hand) says its grid and size, as players name them, not just "level"."""
    from game.format import summarize

    hand = MazeSpec.create("hex", 8, 6, "wilson", seed=3).level().passages_code()
    said = summarize(hand)
    assert said.kind == "level" and said.text == "hand-made · hexagon 8×6"
    circle = MazeSpec.create("polar", 6, 4, "wilson", seed=3).level().with_dark().passages_code()
    assert summarize(circle).text == "hand-made · circle 6×4, dark"
    octagon = MazeSpec.create("upsilon", 5, 4, "backtracker", seed=1).level().passages_code()
    assert summarize(octagon).text == "hand-made · octagon 5×4"
    floors = MazeSpec.create("square", 5, 4, "backtracker", seed=1, floors=2).level().passages_code()
    assert summarize(floors).text == "hand-made · square 5×4, 2 floors"
    for code in (hand, circle, octagon):
        assert not {"hex ", "polar", "upsilon", "tessellation"} & set(summarize(code).text.split(" ")), code


# -- the screen -----------------------------------------------------------------------------
def test_the_list_shows_saved_levels_newest_first(window, ctx, saved):
    view = show_my_levels(window, ctx)
    assert [t.text for t in view.row_names] == [name for name, _ in saved]
    kinds = [t.text for t in view.row_kinds]
    assert kinds[0].startswith("race · hexagon 9×7") and kinds[2] == "puzzle · 4×4" and kinds[3] == "maze · hexagon 9×7"
    assert kinds[1] == "code does not decode"
    assert "4 saved levels" in view.count.text
    assert view.info.text.startswith("Race me") and view.detail.text == saved[0][1]
    keypress(window, key.DOWN)
    view.on_draw()
    assert view.selected == 1 and view.focus == 1
    assert view.info.text.startswith("Broken one  —  code does not decode")
    assert "check" in view.detail.text.lower()  # the decoder's sentence, not a crash


def test_rename_with_the_field_and_a_refused_name(window, ctx, saved):
    view = show_my_levels(window, ctx)
    keypress(window, key.DOWN)
    keypress(window, key.F2)
    assert view.mode == "rename" and view.field.visible and view.field.text == "Broken one" and view.typing()
    view.field.text = "x" * 61
    keypress(window, key.ENTER)
    assert view.mode == "rename" and "at most 60 characters" in view.status.text
    view.field.text = "  Mended  "
    keypress(window, key.ENTER)
    renamed = current(window)
    assert renamed is not view and renamed.selected == 1
    assert [lv.name for lv in ctx.store.my_levels()][1] == "Mended"
    assert renamed.row_names[1].text == "Mended" and "Renamed to “Mended”" in renamed.status.text
    keypress(window, key.F2)  # Esc cancels and changes nothing
    renamed.field.text = "Never"
    keypress(window, key.ESCAPE)
    assert renamed.mode == "list" and current(window) is renamed
    assert [lv.name for lv in ctx.store.my_levels()][1] == "Mended"


def test_rename_and_delete_by_mouse_asks_first(window, ctx, saved):
    view = show_my_levels(window, ctx)
    click(window, view.rows[2])  # choose the puzzle
    assert view.selected == 2
    click(window, view.slots[2])  # Delete
    assert view.mode == "confirm" and view.slots[0].text == "Yes, delete" and view.slots[1].text == "No, keep it"
    assert not view.slots[2].visible and view.focus == len(view.rows) + 1  # the safe choice is focused
    view.on_draw()
    assert view.info.text.startswith("Delete “Sliding")
    click(window, view.slots[1])  # No, keep it
    assert view.mode == "list" and len(ctx.store.my_levels()) == 4
    click(window, view.slots[2])
    click(window, view.slots[0])  # Yes, delete
    after = current(window)
    assert [lv.name for lv in ctx.store.my_levels()] == ["Race me", "Broken one", "Warm-up"]
    assert "Deleted “Sliding" in after.status.text and after.selected == 2


def test_delete_by_keys_y_and_n(window, ctx, saved):
    view = show_my_levels(window, ctx)
    keypress(window, key.DELETE)
    keypress(window, key.N)
    assert view.mode == "list" and len(ctx.store.my_levels()) == 4
    keypress(window, key.DELETE)
    keypress(window, key.Y)
    assert [lv.name for lv in ctx.store.my_levels()] == ["Broken one", "Sliding \"quote\" \\ back", "Warm-up"]


def test_play_opens_a_view_and_a_broken_code_says_why(window, ctx, saved):
    from game.play.view import PlayView
    from game.shell.my_levels import MyLevelsView

    view = show_my_levels(window, ctx)
    keypress(window, key.DOWN)  # the code that does not decode
    keypress(window, key.ENTER)
    assert window.current_view is view and "cannot be played" in view.status.text
    view.select(3)  # the maze
    keypress(window, key.ENTER)
    assert isinstance(window.current_view, PlayView)
    assert window.current_view.code == saved[3][1]
    view = show_my_levels(window, ctx)
    view.select(2)
    click(window, view.slots[0])  # Play: the puzzle
    assert not isinstance(window.current_view, MyLevelsView)
    assert type(window.current_view).__name__ == "PuzzleView"


def test_export_writes_a_pack_that_reads_back_without_the_puzzle_race_and_broken_code(window, ctx, saved, tmp_path):
    view = show_my_levels(window, ctx)
    keypress(window, key.E)
    first = tmp_path / "home" / "levels" / "my-levels.toml"
    said = view.status.text  # cut in the middle when long: the start and the file's name stay
    assert first.exists() and said.startswith("Exported 1 level (left out 3") and said.endswith("my-levels.toml")
    pack = load_pack(first)
    maze = [(name, code) for name, code in saved if code == MAZE.code()]
    assert [(lv.name, lv.code()) for lv in pack.levels] == maze
    click(window, view.slots[4])  # Export pack again: a new file, the first one kept
    assert (tmp_path / "home" / "levels" / "my-levels-2.toml").read_text() == first.read_text()


def test_copy_code_never_raises(window, ctx, saved):
    view = show_my_levels(window, ctx)
    keypress(window, key.C, key.MOD_CTRL)
    assert "Copied the code" in view.status.text or "clipboard is not available" in view.status.text


def test_empty_list_says_so_and_its_buttons_are_off(window, ctx):
    from game.shell.menu import MenuView

    view = show_my_levels(window, ctx)
    assert "No levels saved yet" in view.count.text and view.rows == []
    assert [b.disabled for b in view.slots] == [True, True, True, True, True, False]
    keypress(window, key.ENTER)  # Back has the focus
    assert isinstance(window.current_view, MenuView)


def test_the_menu_opens_my_levels_and_esc_comes_back(window, ctx, saved):
    from game.shell.menu import MenuView, group_entries
    from game.shell.my_levels import MyLevelsView

    menu = MenuView(ctx)
    window.show_view(menu)
    menu.open_group("create")  # My levels sits in the Create group
    menu.on_draw()
    index = [e.label for e in group_entries("create")].index("My levels")
    click(window, menu.buttons[index])
    assert isinstance(window.current_view, MyLevelsView)
    keypress(window, key.ESCAPE)
    assert isinstance(window.current_view, MenuView)


def test_long_lists_scroll_to_the_chosen_level(window, ctx, saved):
    for i in range(40):
        ctx.store.save_my_level(f"Level {i:02d} with a rather long name to cut", MAZE.code())
    view = show_my_levels(window, ctx)
    assert 1 <= view.shown_rows < 44
    for _ in range(43):
        keypress(window, key.DOWN)
    assert view.selected == 43 and view.rows[43].visible and not view.rows[0].visible
    keypress(window, key.DOWN)  # past the list: the buttons
    assert view.focus == len(view.rows)
    view.on_mouse_scroll(10, 10, 0, 100)
    assert view.first_row == 0 and view.rows[0].visible


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_my_levels_fits_at_every_size(window, ctx, saved, theme):

    ctx.set_theme(theme)
    for i in range(25):
        ctx.store.save_my_level(f"Level {i:02d} " + "with a very long name " * 2, MAZE.code())
    problems: list[str] = []

    def renaming():
        view = routes.my_levels(ctx, status="A status line that says what happened " * 4)
        view.start_rename()
        return view

    def confirming():
        view = routes.my_levels(ctx, focus=26)
        view.ask_delete()
        return view

    try:
        for make in (lambda: routes.my_levels(ctx), renaming, confirming):
            view = make()
            for w, h in [(800, 600), (1280, 800), (1920, 1080)]:
                problems += [f"{view.mode}: {p}" for p in check_layout(window, view, w, h)]
        for store_levels in ctx.store.my_levels():
            ctx.store.delete_my_level(store_levels.id)
        empty = routes.my_levels(ctx)
        for w, h in [(800, 600), (1920, 1080)]:
            problems += [f"empty: {p}" for p in check_layout(window, empty, w, h)]
    finally:
        set_window_size(window, 1280, 800)
    assert problems == []


def test_export_makes_any_name_one_printable_line_and_writes_codes_as_the_game_does(tmp_path):
    """A name with line breaks, tabs, NUL or a lone surrogate (a save edited by hand) no longer stops the whole
    export; a link or a lower-case code is written as its code."""
    from engine.share.links import link_for

    codes = [MazeSpec.create("hex", 6, 5, "prim", seed=s).code() for s in range(1, 6)]
    levels = [
        ("new\nline\ttab\x00nul\x7f", codes[0]),
        ("\ud800 lone surrogate", codes[1]),
        ("\n\t ", codes[2]),
        ("link", link_for(codes[3])),
        ("lower", codes[4].lower()),
    ]
    done = export_levels(tmp_path / "levels", "mine", "My levels", levels)
    assert done.written == 5 and done.skipped == ()
    pack = load_pack(done.paths[0])
    assert [lv.name for lv in pack.levels] == ["new line tab nul", "lone surrogate", "Level", "link", "lower"]
    text = done.paths[0].read_text(encoding="utf-8")
    assert "tessera://" not in text and all(f'"{c}"' in text for c in codes)


def test_a_frame_lays_out_no_text_again_and_the_lines_are_cut_as_ellipsize_cuts(window, ctx, saved):
    """The chosen level's lines are refitted on every frame: measured, so an unchanged frame lays nothing out; and
    they end where :func:`game.ui.ellipsize` (trying each cut on the text) ends them."""
    import arcade
    from pyglet.text.layout import base

    from game.ui import FONT, ellipsize
    from game.ui.textfit import fit_line

    for i in range(3):
        ctx.store.save_my_level(f"Level {i:02d} " + "with a very long name " * 2, MAZE.code())
    view = show_my_levels(window, ctx)
    calls = []
    real = base.TextLayout._update
    base.TextLayout._update = lambda self: (calls.append(self) if self._update_enabled else None, real(self))[1]
    try:
        view.on_draw()
        view.on_draw()
    finally:
        base.TextLayout._update = real
    assert view.info.text and not calls
    for width in (40, 150, 333.5, 2000):
        a = arcade.Text("", 0, 0, font_size=14, font_name=FONT)
        b = arcade.Text("", 0, 0, font_size=11, font_name=FONT)
        value = "Level 07 with a very long name — maze · hexagon 9×7"
        ellipsize(a, value, width, middle=width > 100)
        fit_line(b, value, width, 14, middle=width > 100)
        assert (b.text, b.font_size) == (a.text, a.font_size), width
