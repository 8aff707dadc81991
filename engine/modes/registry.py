"""The modes of the game in one table: what code kind each plays, its screens, its menu label and help section.

One :class:`ModeInfo` per mode in :data:`MODES`.  The game reads it: the code
screen's kind -> route table (``game/codes.py`` ``VIEW_ROUTES``), the main menu's
mode buttons (``game/shell/menu.py``) and the order of the help screen's mode
sections (``game/shell/help.py``).  Route names are the string values of
``game.routes.Route`` (the engine does not import the game; ``tests/test_modes_registry.py``
checks every name).  A new mode is one entry here (plus its session, route, view and
help lines).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ModeInfo:
    """One mode of the game.

    Attributes:
        name: its key in :data:`MODES` (``play``, ``race``...).
        kind: the code kind it plays (a :class:`engine.codes.CodeKind` name: ``maze``, ``race``,
            ``ghost``, ``puzzle``, ``level``), or None when no code kind opens it.
        route: the route (a ``game.routes.Route`` value) of its screen; called with a code of ``kind``.
        label: its main-menu button, or None when the menu has none (reached from another screen).
        menu_route: the route its menu button takes (a setup or list screen), or None without a button.
        menu_order: where its button sits in the menu (lower first; the menu's other entries use the same scale).
        help: the key of its section on the help screen (modes may share one).
    """

    name: str
    kind: str | None
    route: str
    label: str | None
    menu_route: str | None
    menu_order: int
    help: str


#: Every mode, in the order of their help sections.
MODES: dict[str, ModeInfo] = {m.name: m for m in (
    ModeInfo("play", "maze", "play-code", "Campaign", "levels", 10, "maze"),
    ModeInfo("play-level", "level", "play-code", None, None, 0, "maze"),
    ModeInfo("race", "race", "race-code", "Race", "race-setup", 20, "race"),
    ModeInfo("ghost", "ghost", "race-code", None, None, 0, "race"),
    ModeInfo("two-players", None, "race-duo", None, None, 0, "two-players"),
    ModeInfo("puzzle", "puzzle", "puzzle", "Sliding Puzzle", "puzzle", 30, "puzzle"),
    ModeInfo("lab", None, "lab", "Lab", "lab-setup", 40, "lab"),
    ModeInfo("editor", None, "editor", "Editor", "editor", 50, "editor"),
    ModeInfo("daily", None, "daily", "Dailies", "dailies", 70, "maze"),
)}


def kind_routes() -> dict[str, str]:
    """Code kind -> the route that plays it (every mode with a kind)."""
    return {m.kind: m.route for m in MODES.values() if m.kind is not None}


def menu_modes() -> list[ModeInfo]:
    """The modes with a main-menu button, in menu order."""
    return sorted((m for m in MODES.values() if m.label is not None and m.menu_route is not None),
                  key=lambda m: m.menu_order)


def help_keys() -> list[str]:
    """The modes' help section keys, each once, in the order of :data:`MODES`."""
    return list(dict.fromkeys(m.help for m in MODES.values()))
