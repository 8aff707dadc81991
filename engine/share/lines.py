"""One-line texts for sharing: how a run went (:func:`share_line`); what a code is, its kind says
(:meth:`engine.codes.Decoded.line`).

A **share line** is spoiler-free by construction: :func:`share_line` is a function of a
:class:`ShareSummary` (the kind of play, shape, size, dark flag and a daily's date: nothing about the
passages), the time, the moves and the shortest number of moves, and of nothing else, so it cannot
give a route away.  For example::

    Tessera daily 2026-11-26 · hexagon 20×14 · 1:23.45 · 41 moves, shortest 38 (92%) ★★☆
    Tessera · 12. Braided Gardens · 0:41.07 · 57 moves, shortest 51 (89%) ★★☆
    Tessera puzzle 4×4 · 0:41.00 · 57 moves, shortest 51 (89%) ★★☆

A level with a name (a campaign level, a level of My levels) is named by it; the grid and its size are said only
for a level without one and for a daily (whose name is its date and grid).

The percentage is ``shortest / moves`` (100% = a shortest route), rounded down.  The stars are the ones the
game gave the run (:data:`STARS` of them, the win screen's: a maze's par stars, a puzzle's stars against its
optimum), so a line never shows a second star scale; a run without stars (a race) has none.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.level import Level

__all__ = ["STARS", "ShareSummary", "daily_date", "efficiency", "share_line", "star_row"]

#: Stars a run can earn: the one scale of the game (win screens, the campaign map, share lines).
STARS = 3
#: A lit and an unlit star of the bar (the game's font draws both).
LIT, UNLIT = "\u2605", "\u2606"
#: How many past days :func:`daily_date` looks back (a daily played late, or from another time zone).
DAILY_LOOKBACK = 7


@dataclass(frozen=True)
class ShareSummary:
    """All a share line may say about a level.

    Attributes:
        kind: ``"maze"`` or ``"puzzle"``.
        shape: the tessellation (``square``, ``hex``, ...); ``""`` for a puzzle.
        width, height: the size in cells (maze) or tiles (puzzle), >= 1.
        dark: a dark maze (the player saw only what was in sight).
        date: the day of a daily challenge, else None.
        name: the level's name as the game shows it (``12. Braided Gardens``), else ``""`` (then the line says
            the grid and size).
    """

    kind: str
    shape: str
    width: int
    height: int
    dark: bool = False
    date: dt.date | None = None
    name: str = ""

    @classmethod
    def of_level(cls, level: Level, date: dt.date | None = None, name: str = "") -> ShareSummary:
        """The summary of a maze level (shape, size, dark), for a daily its date, else its ``name`` if it has
        one."""
        return cls("maze", level.shape, level.width, level.height, level.dark, date, "" if date else name)

    @classmethod
    def of_puzzle(cls, width: int, height: int, date: dt.date | None = None) -> ShareSummary:
        """The summary of a sliding puzzle of ``width`` × ``height`` tiles."""
        return cls("puzzle", "", width, height, False, date)

    def title(self) -> str:
        """``Tessera daily 2026-11-26 · hexagon 20×14``, ``Tessera · 12. Braided Gardens``, ``Tessera · square
        10×10, dark``, ``Tessera puzzle · 4×4`` (grids in a player's words: :func:`engine.maze.grids.player_name`)."""
        head = "Tessera puzzle" if self.kind == "puzzle" else "Tessera"
        parts = [f"{head} daily {self.date.isoformat()}" if self.date is not None else head]
        size = f"{self.width}×{self.height}"
        if self.name and self.kind != "puzzle":
            dark = ", dark" if self.dark and "dark" not in self.name.lower() else ""
            parts.append(f"{self.name}{dark}")
        elif self.kind == "puzzle":
            parts.append(size)
        else:
            from engine.maze.grids import player_name

            parts.append(f"{player_name(self.shape)} {size}{', dark' if self.dark else ''}")
        return " · ".join(parts)


def efficiency(moves: int, shortest: int) -> int:
    """``shortest / moves`` in whole percent, rounded down, 0..100 (100 when ``moves <= shortest``).

    Raises:
        ValueError: a negative count.
    """
    if moves < 0 or shortest < 0:
        raise ValueError(f"moves and shortest must be >= 0, got {moves} and {shortest}")
    if moves <= shortest:
        return 100
    return shortest * 100 // moves


def star_row(stars: int) -> str:
    """``★★☆``: ``stars`` (clamped to 0..:data:`STARS`) lit of :data:`STARS`."""
    lit = max(0, min(STARS, stars))
    return LIT * lit + UNLIT * (STARS - lit)


def clock(seconds: float) -> str:
    """The run's time as every screen shows a recorded time (:func:`engine.records.record_time`: ``1:23.45``)."""
    from engine.records import record_time

    return record_time(seconds)


def share_line(
    summary: ShareSummary, seconds: float, moves: int, shortest: int | None, stars: int | None = None
) -> str:
    """The spoiler-free line of a finished run (see the module docstring).

    Args:
        summary: what the line may say about the level.
        seconds: the run's time (>= 0).
        moves: the moves the player made (>= 0).
        shortest: the fewest moves the level takes (a maze's shortest path, a puzzle's proven
            optimum), or None when not known (then the line has no percentage).
        stars: the stars the game gave the run (0..:data:`STARS`, the win screen's), or None for none shown.

    Raises:
        ValueError: a negative count.
    """
    if moves < 0:
        raise ValueError(f"moves must be >= 0, got {moves}")
    from engine.words import count

    run = f"{clock(seconds)} · {count(moves, 'move')}"
    if shortest is not None:
        run += f", shortest {shortest} ({efficiency(moves, shortest)}%)"
    return f"{summary.title()} · {run}" + (f" {star_row(stars)}" if stars is not None else "")


def daily_date(code: str, today: dt.date | None = None) -> dt.date | None:
    """The day whose daily challenge ``code`` is (today, tomorrow or the :data:`DAILY_LOOKBACK` days before,
    UTC), or None."""
    from engine.modes.daily import daily_code, utc_today

    base = today or utc_today()
    for delta in range(-1, DAILY_LOOKBACK + 1):
        day = base - dt.timedelta(days=delta)
        if daily_code(day) == code:
            return day
    return None
