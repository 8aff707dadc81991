"""The modes: the engine's registry (engine.modes.registry) names real code kinds, and the game's side of each mode
(game.ui.modes: the screen of its codes, its menu button, its help) is keyed on the same names."""

from __future__ import annotations

import pytest

from engine.codes import KINDS, CodeError, known_kinds
from engine.modes.registry import MODES
from game import routes
from game.ui.modes import GAME_MODES, MAZE_HELP, Opener, help_sections, kind_openers, menu_buttons


def test_every_engine_mode_has_its_game_side_and_no_more() -> None:
    assert list(GAME_MODES) == list(MODES)
    assert all(name == mode.name for name, mode in GAME_MODES.items())


def test_every_mode_names_the_session_that_runs_it() -> None:
    for mode in MODES.values():
        assert isinstance(mode.session, type) and mode.session.__module__.startswith("engine."), mode.name
    assert {m.session.__name__ for m in MODES.values()} == {
        "PlaySession", "RaceSession", "DuoSession", "PuzzleSession", "LabRun", "EditorSession"}


def test_reading_the_modes_imports_no_session_class() -> None:
    import subprocess
    import sys

    probe = ("import sys; from engine.modes.registry import MODES; from game.ui.modes import kind_openers; "
             "kind_openers(); print(sorted(m for m in ('engine.puzzle.session', 'engine.modes.race.session', "
             "'engine.modes.editor', 'engine.modes.lab', 'engine.modes.race.duo') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"  # opening a maze code never loads the puzzle's solvers


def test_every_registered_code_kind_has_a_mode_and_a_screen() -> None:
    known_kinds()  # loads every kind module
    kinds = {k.name for k in KINDS.values()}
    assert kinds == {"maze", "race", "ghost", "puzzle", "level"}
    assert {m.kind for m in MODES.values()} - {None} == kinds
    assert set(kind_openers()) == kinds
    for name, info in MODES.items():  # a mode opens codes exactly when it has a kind
        assert (GAME_MODES[name].opens is None) == (info.kind is None), name


def test_an_opener_takes_its_own_kind_only(ctx) -> None:
    from engine.maze.recipe import MazeSpec
    from engine.puzzle.codes import shuffle_code

    opener = Opener(lambda: MazeSpec, routes.play_code)  # the kind is imported when a code is opened
    with pytest.raises(CodeError, match="This puzzle code cannot be played here"):
        opener(ctx, shuffle_code(3, 3, 5))  # another kind: refused with a sentence, not a crash
    with pytest.raises(CodeError):
        kind_openers()["puzzle"](ctx, MazeSpec.create("square", 4, 4, "backtracker", seed=1))


def test_the_menu_and_help_come_from_the_modes_table() -> None:
    from game.shell.help import SECTIONS
    from game.shell.menu import MENU_ENTRIES, quit_game

    assert [(b.label, b.opens, b.order) for b in menu_buttons()] == [
        ("Campaign", routes.levels, 10), ("Race", routes.race_setup, 20), ("Sliding Puzzle", routes.puzzle, 30),
        ("Lab", routes.lab_setup, 40), ("Editor", routes.editor, 50), ("Dailies", routes.dailies, 70)]
    menu = [(e.label, e.opens, e.order) for e in sorted(MENU_ENTRIES, key=lambda e: e.order)]
    assert menu == [("Campaign", routes.levels, 10), ("Race", routes.race_setup, 20),
                    ("Sliding Puzzle", routes.puzzle, 30), ("Lab", routes.lab_setup, 40),
                    ("Editor", routes.editor, 50), ("My levels", routes.my_levels, 55),
                    ("Enter code", routes.code_entry, 60),
                    ("Dailies", routes.dailies, 70), ("Records", routes.records, 75),
                    ("Settings", routes.settings, 80), ("Help", routes.help_screen, 90), ("Quit", quit_game, 99)]
    assert help_sections()[0] is MAZE_HELP and len(help_sections()) == 6  # shared sections once
    assert [heading for heading, _ in SECTIONS] == [
        "Everywhere", "Walking a maze (campaign, codes, daily maze)", "Floors, bridges and the dark", "Race",
        "Two players (Race setup: Players 2)", "Sliding puzzle", "Dailies", "Records", "Maze editor",
        "My levels and codes", "Lab (watch mazes being made)"]
