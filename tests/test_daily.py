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


# -- the puzzle daily ------------------------------------------------------------------------------------------------
def test_puzzle_daily_optimal_is_what_the_optimal_solver_says():
    """The CLI's daily (3x3) gives a code whose ``puzzle solve --solver optimal`` length is the daily's optimum."""
    import io
    import json

    from engine.cli import main
    from engine.modes.daily import PUZZLE_BANDS, puzzle_daily

    for day in (dt.date(2026, 11, 23), dt.date(2027, 2, 28)):
        out = io.StringIO()
        assert main(["puzzle", "daily", "--date", day.isoformat(), "--format", "json"], out=out) == 0
        got = json.loads(out.getvalue())
        assert got["code"] == puzzle_daily(day, 3).code and got["size"] == "3x3"
        solved = io.StringIO()
        assert main(["puzzle", "solve", "--code", got["code"], "--solver", "optimal", "--format", "json"],
                    out=solved) == 0
        assert json.loads(solved.getvalue())["length"] == got["optimal"]
        lo, hi = PUZZLE_BANDS[3]
        assert lo <= got["optimal"] <= hi


def test_puzzle_daily_is_fixed_per_day_and_passes_over_positions_outside_the_band():
    from engine.modes.daily import PUZZLE_BANDS, puzzle_daily, puzzle_seed
    from engine.puzzle.codes import shuffle_code
    from engine.puzzle.optimal import solve_optimal

    days = [dt.date(2026, 11, 20) + dt.timedelta(days=i) for i in range(12)]
    dailies = [puzzle_daily(d, 3) for d in days]
    assert [puzzle_daily(d, 3) for d in days] == dailies
    assert len({p.code for p in dailies}) == len(days)
    lo, hi = PUZZLE_BANDS[3]
    assert any(p.candidate > 0 for p in dailies)
    for p in dailies:
        for i in range(p.candidate):  # every seed passed over really was outside the band
            skipped = solve_optimal(shuffle_code(3, 3, puzzle_seed(p.day, 3, i)).board).length
            assert not lo <= skipped <= hi


def test_puzzle_daily_refuses_other_sizes_in_one_line():
    import io

    import pytest

    from engine.cli import main
    from engine.modes.daily import puzzle_daily

    with pytest.raises(ValueError, match="3x3 or 4x4"):
        puzzle_daily(dt.date(2026, 1, 1), 5)
    for argv in (["--size", "5"], ["--size", "３"], ["--date", "2026-02-30"], ["--date", "tomorrow"]):
        err = io.StringIO()
        assert main(["puzzle", "daily", *argv], err=err) == 2
        assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()
