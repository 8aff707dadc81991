"""Navigation: every screen has a route name; views switch screens through :meth:`Context.go`.

Views never import each other.  A view that wants another screen calls
``self.ctx.go(Route.RACE_SETUP)`` (or ``ctx.view_for(...)`` to build one without
showing it).  The one table below maps each route to ``"module:factory"``; the
factory is imported when the route is first taken, so the static import graph
of ``game/`` points only downwards (views -> widgets/render -> context -> engine).

A factory is called as ``factory(ctx, *args, **kwargs)`` and returns an
``arcade.View`` (or ``None`` to stay on the current screen).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from enum import StrEnum
from typing import Any


class Route(StrEnum):
    """Every screen of the game (values are stable names, also used in tests)."""

    MENU = "menu"
    LEVELS = "levels"
    LEVEL = "level"  # play one campaign level: (level)
    PLAY_CODE = "play-code"  # play a maze code: (code)
    DAILY = "daily"
    WIN = "win"
    RACE_SETUP = "race-setup"
    RACE_CODE = "race-code"  # a race or ghost code: (code, ...)
    RACE_DUO = "race-duo"  # two players on one keyboard: (maze code, back=None)
    PUZZLE_SETUP = "puzzle-setup"
    PUZZLE = "puzzle"  # (code=None)
    LAB_SETUP = "lab-setup"
    LAB = "lab"  # (code=None)
    LAB_COMMAND = "lab-command"  # ``tessera lab [args]``: (args)
    CODE_ENTRY = "code-entry"  # (code="")
    OPEN_CODE = "open-code"  # any code kind: (code) -> the view that plays it
    SETTINGS = "settings"  # (back_to=None): Esc returns to that view, else the menu
    HELP = "help"  # (back_to=None, mode=None): controls per mode


#: route -> "module:factory".  The only place that knows which module draws which screen.
ROUTES: dict[Route, str] = {
    Route.MENU: "game.shell.menu:MenuView",
    Route.LEVELS: "game.shell.levels:LevelsView",
    Route.LEVEL: "game.play.open:open_level",
    Route.PLAY_CODE: "game.play.open:open_code",
    Route.DAILY: "game.play.open:open_daily",
    Route.WIN: "game.shell.win:WinView",
    Route.RACE_SETUP: "game.race.view:open_race_setup",
    Route.RACE_CODE: "game.race.view:open_race_code",
    Route.RACE_DUO: "game.race.duo:open_duo",
    Route.PUZZLE_SETUP: "game.puzzle.setup:PuzzleSetupView",
    Route.PUZZLE: "game.puzzle.view:puzzle_view",
    Route.LAB_SETUP: "game.lab.open:open_lab_setup",
    Route.LAB: "game.lab.open:open_lab",
    Route.LAB_COMMAND: "game.lab.open:lab_command",
    Route.CODE_ENTRY: "game.shell.code_entry:CodeEntryView",
    Route.OPEN_CODE: "game.codes:open_any_code",
    Route.SETTINGS: "game.shell.settings:SettingsView",
    Route.HELP: "game.shell.help:HelpView",
}

_resolved: dict[Route, Callable[..., Any]] = {}


def factory(route: Route | str) -> Callable[..., Any]:
    """The factory for ``route`` (imported on first use).

    Raises:
        ValueError: ``route`` is not a known route name.
    """
    try:
        key = Route(route)
    except ValueError:
        known = ", ".join(r.value for r in Route)
        raise ValueError(f"unknown route {route!r} (known: {known})") from None
    got = _resolved.get(key)
    if got is None:
        module, _, name = ROUTES[key].partition(":")
        got = getattr(importlib.import_module(module), name)
        _resolved[key] = got
    return got
