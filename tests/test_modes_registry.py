"""The mode registry (engine.modes.registry): its kinds are real code kinds, its sessions real session classes, its
route names real routes, and the game reads it."""

from __future__ import annotations

from engine.codes import KINDS, known_kinds
from engine.modes.registry import GAME_FACING, MODES, help_keys, kind_routes, menu_modes
from game.routes import ROUTES, Route


def test_every_mode_route_is_a_game_route() -> None:
    assert list(GAME_FACING) == list(MODES)
    for name, mode in GAME_FACING.items():
        assert Route(mode.route) in ROUTES, name
        if mode.menu_route is not None:
            assert Route(mode.menu_route) in ROUTES, name
        assert (mode.label is None) == (mode.menu_route is None), name


def test_every_mode_names_the_session_that_runs_it() -> None:
    for mode in MODES.values():
        assert isinstance(mode.session, type) and mode.session.__module__.startswith("engine."), mode.name
    assert {m.session.__name__ for m in MODES.values()} == {
        "PlaySession", "RaceSession", "DuoSession", "PuzzleSession", "LabRun", "EditorSession"}


def test_every_registered_code_kind_has_a_mode() -> None:
    known_kinds()  # loads every kind module
    kinds = {k.name for k in KINDS.values()}
    assert kinds == {"maze", "race", "ghost", "puzzle", "level"}
    assert set(kind_routes()) == kinds
    assert {m.kind for m in MODES.values()} - {None} == kinds


def test_the_game_tables_come_from_the_registry_unchanged() -> None:
    from game.codes import VIEW_ROUTES
    from game.shell.help import MODE_HELP, SECTIONS
    from game.shell.menu import MENU_ENTRIES

    assert VIEW_ROUTES == {"maze": Route.PLAY_CODE, "race": Route.RACE_CODE, "ghost": Route.RACE_CODE,
                           "puzzle": Route.PUZZLE, "level": Route.PLAY_CODE}
    menu = [(e.label, e.route, e.order) for e in sorted(MENU_ENTRIES, key=lambda e: e.order)]
    assert menu == [("Campaign", Route.LEVELS, 10), ("Race", Route.RACE_SETUP, 20),
                    ("Sliding Puzzle", Route.PUZZLE, 30), ("Lab", Route.LAB_SETUP, 40),
                    ("Editor", Route.EDITOR, 50), ("My levels", Route.MY_LEVELS, 55),
                    ("Enter code", Route.CODE_ENTRY, 60),
                    ("Dailies", Route.DAILIES, 70), ("Records", Route.RECORDS, 75),
                    ("Settings", Route.SETTINGS, 80), ("Help", Route.HELP, 90), ("Quit", "quit", 99)]
    assert [m.name for m in menu_modes()] == ["play", "race", "puzzle", "lab", "editor", "daily"]
    assert set(help_keys()) == set(MODE_HELP)
    assert [heading for heading, _ in SECTIONS] == [
        "Everywhere", "Walking a maze (campaign, codes, daily maze)", "Floors, bridges and the dark", "Race",
        "Two players (Race setup: Players 2)", "Sliding puzzle", "Dailies", "Records", "Maze editor",
        "My levels and codes", "Lab (watch mazes being made)"]
