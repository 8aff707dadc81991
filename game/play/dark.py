"""Game-side settings of dark mazes (the rule itself is :mod:`engine.modes.fog`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.store import SaveStore

#: The store setting that shows the faint goal-direction hint in dark mazes ("1" on, anything else off).
GOAL_HINT_SETTING = "dark_goal_hint"


def goal_hint_on(store: SaveStore) -> bool:
    """Whether the player asked for the goal-direction hint in dark mazes."""
    return str(store.setting(GOAL_HINT_SETTING)) == "1"
