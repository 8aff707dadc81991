"""Game-side settings of dark mazes (the rule itself is :mod:`engine.modes.fog`)."""

from __future__ import annotations

from typing import Any

#: The store setting that shows the faint goal-direction hint in dark mazes ("1" on, anything else off).
GOAL_HINT_SETTING = "dark_goal_hint"


def goal_hint_on(store: Any) -> bool:
    """Whether the player asked for the goal-direction hint in dark mazes (``store``: a :class:`game.store.Store`)."""
    return str(store.setting(GOAL_HINT_SETTING)) == "1"
