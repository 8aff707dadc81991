"""The daily challenge (engine.daily): one fixed code per UTC day."""

from __future__ import annotations

import datetime as dt
import math

from engine.daily import daily_code, daily_spec
from engine.maze_code import MazeSpec


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
