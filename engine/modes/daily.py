"""The daily challenge: one maze per UTC day, the same for everyone.

The seed is derived from the date by SHA-256 (stable everywhere); the shape,
algorithm and size rotate by weekday.  One day in three (the seed divisible by 3,
on weekdays whose generator carves shaped grids, from :data:`SHAPED_FROM` on) the
maze is cut to a built-in shape (:data:`DAILY_MASKS`, picked by the seed).  Days
before :data:`SHAPED_FROM` keep the challenge they had when they were played.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

# Monday .. Sunday: (shape, width, height, algorithm, braid percent)
ROTATION: tuple[tuple[str, int, int, str, int], ...] = (
    ("square", 24, 16, "backtracker", 0),
    ("hex", 20, 14, "prim", 0),
    ("triangle", 30, 14, "kruskal", 0),
    ("polar", 8, 10, "growing-tree", 0),
    ("upsilon", 18, 12, "wilson", 0),
    ("hex", 24, 16, "hunt-and-kill", 20),
    ("square", 30, 20, "eller", 10),
)


#: The shapes a daily challenge may be cut to.
DAILY_MASKS = ("circle", "heart", "star", "diamond", "ring", "cross", "moon")
#: The first day that may be shaped (earlier days' challenges never change).
SHAPED_FROM = dt.date(2026, 12, 1)


def utc_today() -> dt.date:
    """Today's date in UTC."""
    return dt.datetime.now(dt.UTC).date()


def daily_seed(day: dt.date) -> int:
    """A 64-bit seed for ``day``."""
    digest = hashlib.sha256(f"tessera-daily-{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def daily_spec(day: dt.date | None = None) -> Any:
    """The :class:`engine.maze.recipe.MazeSpec` of the challenge of ``day`` (default: today, UTC)."""
    from engine.maze.generators import get_generator
    from engine.maze.masks import Mask
    from engine.maze.recipe import MazeSpec

    day = day or utc_today()
    shape, w, h, algo, braid = ROTATION[day.weekday()]
    seed = daily_seed(day)
    mask = None
    if day >= SHAPED_FROM and seed % 3 == 0 and get_generator(algo).masks:
        names = [m for m in DAILY_MASKS if not (shape == "polar" and m == "circle")]  # a polar grid is a disc
        mask = Mask.builtin(names[(seed // 3) % len(names)])
    return MazeSpec(shape, w, h, algo, {}, braid, seed, mask=mask)


def daily_code(day: dt.date | None = None) -> str:
    """The level code of the daily challenge."""
    return str(daily_spec(day).code())
