"""The modes of the game, engine side, in one table: each mode's name, the code kind it plays and its session.

One :class:`ModeInfo` per mode in :data:`MODES`: what the mode *is* (the engine's rules: a session class
that runs it, and the code kind, :data:`engine.codes.KINDS`, whose codes open it).  How the game *shows* a
mode (its screen, main-menu button and help section) is the game's, keyed on the same names; until the
game's own table takes them, :data:`GAME_FACING` keeps those route names and labels here (the engine
never imports the game: ``tests/test_modes_registry.py`` checks every name).

A new mode with a code kind: its kind module (the decoded class with its behaviour and its
:class:`~engine.code_frame.CodeKind`), one line in :data:`engine.codes.KINDS`, its session, and one entry
here (docs/ARCHITECTURE.md walks it through).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.modes.editor import EditorSession
from engine.modes.lab import LabRun
from engine.modes.play import PlaySession
from engine.modes.race.duo import DuoSession
from engine.modes.race.session import RaceSession
from engine.puzzle.session import PuzzleSession


@dataclass(frozen=True)
class ModeInfo:
    """One mode, engine side.

    Attributes:
        name: its key in :data:`MODES` (``play``, ``race``...); the game's table uses the same names.
        kind: the code kind it plays (a :class:`engine.code_frame.CodeKind` name in :data:`engine.codes.KINDS`:
            ``maze``, ``race``, ``ghost``, ``puzzle``, ``level``), or None when no code kind opens it.
        session: the class whose objects run it (the rules, the clock, the outcome).
    """

    name: str
    kind: str | None
    session: type


#: Every mode, in the order of their help sections.
MODES: dict[str, ModeInfo] = {m.name: m for m in (
    ModeInfo("play", "maze", PlaySession),
    ModeInfo("play-level", "level", PlaySession),
    ModeInfo("race", "race", RaceSession),
    ModeInfo("ghost", "ghost", RaceSession),
    ModeInfo("two-players", None, DuoSession),
    ModeInfo("puzzle", "puzzle", PuzzleSession),
    ModeInfo("lab", None, LabRun),
    ModeInfo("editor", None, EditorSession),
    ModeInfo("daily", None, PlaySession),
)}


@dataclass(frozen=True)
class GameFacing:
    """How the game shows one mode, until the game keeps it in its own table (keyed on :attr:`ModeInfo.name`).

    Attributes:
        route: the route (a ``game.routes.Route`` value) of its screen; called with a code of the mode's kind.
        label: its main-menu button, or None when the menu has none (reached from another screen).
        menu_route: the route its menu button takes (a setup or list screen), or None without a button.
        menu_order: where its button sits in the menu (lower first; the menu's other entries use the same scale).
        help: the key of its section on the help screen (modes may share one).
    """

    route: str
    label: str | None
    menu_route: str | None
    menu_order: int
    help: str


#: Mode name -> how the game shows it (every name of :data:`MODES`, in its order).
GAME_FACING: dict[str, GameFacing] = {
    "play": GameFacing("play-code", "Campaign", "levels", 10, "maze"),
    "play-level": GameFacing("play-code", None, None, 0, "maze"),
    "race": GameFacing("race-code", "Race", "race-setup", 20, "race"),
    "ghost": GameFacing("race-code", None, None, 0, "race"),
    "two-players": GameFacing("race-duo", None, None, 0, "two-players"),
    "puzzle": GameFacing("puzzle", "Sliding Puzzle", "puzzle", 30, "puzzle"),
    "lab": GameFacing("lab", "Lab", "lab-setup", 40, "lab"),
    "editor": GameFacing("editor", "Editor", "editor", 50, "editor"),
    "daily": GameFacing("daily", "Dailies", "dailies", 70, "maze"),
}


@dataclass(frozen=True)
class MenuMode:
    """A mode with a main-menu button: its name and how the game shows it."""

    name: str
    label: str
    menu_route: str
    menu_order: int


def kind_routes() -> dict[str, str]:
    """Code kind -> the route that plays it (every mode with a kind)."""
    return {m.kind: GAME_FACING[m.name].route for m in MODES.values() if m.kind is not None}


def menu_modes() -> list[MenuMode]:
    """The modes with a main-menu button, in menu order."""
    return sorted((MenuMode(name, g.label, g.menu_route, g.menu_order) for name, g in GAME_FACING.items()
                   if g.label is not None and g.menu_route is not None), key=lambda m: m.menu_order)


def help_keys() -> list[str]:
    """The modes' help section keys, each once, in the order of :data:`MODES`."""
    return list(dict.fromkeys(GAME_FACING[name].help for name in MODES))
