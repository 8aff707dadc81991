"""Your recorded ghosts (best run per maze) for the race setup, as cycling choices (no arcade).

The store lists them with ``SaveStore.ghosts()`` -> ``[(maze code, ghost code,
seconds)]`` (best per maze, ghosts saved by older versions included).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.format import format_time

if TYPE_CHECKING:
    from game.store import SaveStore


@dataclass(frozen=True)
class RecordedGhost:
    """One saved run: its level's maze code, the ghost code and the time in seconds."""

    maze_code: str
    code: str
    seconds: float

    def label(self) -> str:
        """``hexagon 8×7 · 0:12.35``: the level in players' words (:func:`game.shell.records.level_name`: no generator,
        no code; a hand-made level ``…, hand-made``), then the time."""
        from game.shell.records import level_name

        return f"{level_name(self.maze_code)} · {format_time(self.seconds)}"


def recorded_ghosts(store: SaveStore, limit: int = 50) -> list[RecordedGhost]:
    """The player's ghosts, best per maze, fastest first (at most ``limit``)."""
    rows = [(str(m), str(g), float(sec)) for m, g, sec in store.ghosts()]
    best: dict[str, RecordedGhost] = {}
    for maze_code, code, seconds in rows:
        old = best.get(maze_code)
        if old is None or seconds < old.seconds:
            best[maze_code] = RecordedGhost(maze_code, code, seconds)
    return sorted(best.values(), key=lambda g: (g.seconds, g.maze_code))[:limit]



class GhostChoices:
    """Cycle through recorded ghosts (a setup-screen choice)."""

    def __init__(self, items: list[RecordedGhost]) -> None:
        self.items = items
        self.index = 0

    def current(self) -> RecordedGhost | None:
        """The chosen ghost (None when there are none)."""
        return self.items[self.index] if self.items else None

    def cycle(self, step: int) -> None:
        """Next/previous ghost (wraps around)."""
        if self.items:
            self.index = (self.index + step) % len(self.items)

    def label(self) -> str:
        """The button caption."""
        g = self.current()
        if g is None:
            return "Your ghosts: none yet"
        return f"Ghost {self.index + 1}/{len(self.items)}: {g.label()}"
