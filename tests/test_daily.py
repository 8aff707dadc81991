"""The daily challenge (engine.modes.daily): one fixed code per UTC day."""

from __future__ import annotations

import datetime as dt
import math

from engine.maze.recipe import MazeSpec
from engine.modes.daily import daily_code, daily_spec


def test_daily_is_a_fixed_code_per_day_rotating_by_weekday():
    day = dt.date(2026, 1, 5)
    assert daily_code(day) == daily_code(day)
    assert daily_code(day) != daily_code(day + dt.timedelta(days=1))
    shapes = {daily_spec(day + dt.timedelta(days=i)).shape for i in range(7)}
    assert shapes == {"square", "hex", "triangle", "polar", "upsilon"}
    for i in range(7):
        spec = daily_spec(day + dt.timedelta(days=i))
        assert MazeSpec.from_code(spec.code()) == spec
    assert math.isfinite(daily_spec(day).seed)


def test_about_one_day_in_three_is_shaped():
    from engine.maze.masks import BUILTIN
    from engine.modes.daily import SHAPED_FROM

    day = SHAPED_FROM
    specs = [daily_spec(day + dt.timedelta(days=i)) for i in range(90)]
    shaped = [s for s in specs if s.mask is not None]
    assert 15 <= len(shaped) <= 45 and {s.mask.name for s in shaped} <= set(BUILTIN)
    assert all(s.algorithm != "eller" for s in shaped)
    for s in shaped[:7]:
        assert MazeSpec.from_code(s.code()) == s
        maze = s.build()
        opened = int(maze.passage.sum())
        assert maze.grid.masked and (opened == maze.grid.n - 1 if not s.braid else opened >= maze.grid.n - 1)


def test_days_before_shaped_dailies_keep_their_challenge():
    """Shaped dailies start at SHAPED_FROM; no earlier day's challenge changed."""
    from engine.modes.daily import SHAPED_FROM

    for i in range(1, 200):
        assert daily_spec(SHAPED_FROM - dt.timedelta(days=i)).mask is None
    # A day fixed before masks existed: its code is the one players had (2026-11-23, a Monday).
    assert daily_code(dt.date(2026, 11, 23)) == daily_spec(dt.date(2026, 11, 23)).code()
