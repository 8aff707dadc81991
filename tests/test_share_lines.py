"""Share lines give no route away: a function of (level summary, seconds, moves, shortest) only."""

from __future__ import annotations

import dataclasses
import datetime as dt
import inspect

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codes import decode_any
from engine.level import Level
from engine.maze.generators import GENERATORS
from engine.maze.grids import player_name
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.daily import daily_code
from engine.share.lines import (
    LIT,
    STARS,
    UNLIT,
    ShareSummary,
    daily_date,
    efficiency,
    share_line,
    star_row,
)
from tests.test_codes import valid_codes
from tests.test_level_code import typo_codes


def test_the_line_can_only_see_the_summary_and_three_numbers():
    assert list(inspect.signature(share_line).parameters) == ["summary", "seconds", "moves", "shortest", "stars"]
    fields = [f.name for f in dataclasses.fields(ShareSummary)]
    # nothing about passages, seed or code (a level's name is what the game calls it: no route in it)
    assert fields == ["kind", "shape", "width", "height", "dark", "date", "name"]


SHAPES = {"square": (3, 9), "hex": (3, 9), "triangle": (3, 9), "upsilon": (3, 9), "polar": (4, 8)}


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(SHAPES)),
    st.integers(0, 5),
    st.integers(0, 5),
    st.integers(0, 2**64 - 1),
    st.integers(0, 2**64 - 1),
    st.floats(0, 10_000, allow_nan=False),
    st.integers(0, 40),
    st.booleans(),
)
def test_two_different_mazes_of_one_shape_and_size_give_the_same_line(
    shape, dw, dh, seed_a, seed_b, secs, extra, daily
):
    """The line of a run cannot tell one maze from another of the same shape and size: it holds no route."""
    lo, _ = SHAPES[shape]
    w, h = lo + dw, lo + dh
    algos = [g.name for g in GENERATORS.values() if shape in g.shapes]
    a = MazeSpec.create(shape, w, h, algos[seed_a % len(algos)], seed=seed_a).level()
    b = MazeSpec.create(shape, w, h, algos[seed_b % len(algos)], seed=seed_b).level()
    day = dt.date(2026, 11, 26) if daily else None
    shortest = len(shortest_path(a.maze.open_lists(), a.start, a.goal)) - 1
    line_a = share_line(ShareSummary.of_level(a, day), secs, shortest + extra, shortest)
    line_b = share_line(ShareSummary.of_level(b, day), secs, shortest + extra, shortest)
    assert line_a == line_b
    assert a.code() not in line_a and MazeSpec.create(shape, w, h, algos[0], seed=seed_a).code() not in line_a
    assert f"{player_name(shape)} {w}×{h}" in line_a and (day is None) == ("daily" not in line_a)


def test_the_line_by_example():
    summary = ShareSummary("maze", "hex", 20, 14, False, dt.date(2026, 11, 26))
    assert share_line(summary, 83.45, 41, 38, 2) == (
        f"Tessera daily 2026-11-26 · hexagon 20×14 · 1:23.45 · 41 moves, shortest 38 (92%) {LIT * 2}{UNLIT}"
    )
    assert share_line(summary, 83.45, 41, 38).endswith("(92%)")  # no stars given: none shown (a race)
    assert share_line(ShareSummary.of_puzzle(4, 4), 41.0, 57, None) == "Tessera puzzle · 4×4 · 0:41.00 · 57 moves"
    dark = ShareSummary("maze", "square", 10, 10, dark=True)
    assert share_line(dark, 3723.45, 38, 38).startswith("Tessera · square 10×10, dark · 62:03.45 · 38 moves")
    with pytest.raises(ValueError):
        share_line(dark, 1.0, -1, 3)


@given(st.integers(0, 10_000), st.integers(0, 10_000), st.integers(-2, 5))
def test_efficiency_and_the_one_star_scale(moves, shortest, stars):
    pct = efficiency(moves, shortest)
    assert 0 <= pct <= 100
    assert (pct == 100) == (moves <= shortest or shortest * 100 // moves == 100)
    row = star_row(stars)
    assert len(row) == STARS == 3 and set(row) <= {LIT, UNLIT} and row.count(LIT) == max(0, min(3, stars))
    line = share_line(ShareSummary.of_puzzle(3, 3), 1.0, moves, shortest, stars)
    assert line.endswith(row) and line.count(LIT) + line.count(UNLIT) == STARS  # one scale: the win's three


def test_a_daily_is_known_by_its_code():
    day = dt.date(2026, 11, 20)
    assert daily_date(daily_code(day), today=day + dt.timedelta(days=3)) == day
    assert daily_date(daily_code(day), today=day - dt.timedelta(days=1)) == day  # played a time zone ahead
    assert daily_date(daily_code(day), today=day + dt.timedelta(days=30)) is None
    assert daily_date("M2.S4X2.BT#1-E4", today=day) is None


@pytest.mark.parametrize("kind", ["maze", "race", "ghost", "puzzle", "level"])
def test_every_kind_has_a_one_line_description(kind):
    code = (typo_codes() if kind == "level" else valid_codes(kind))[2]
    line = decode_any(code).line()
    assert line.startswith(f"{kind}: ") and "\n" not in line and len(line) < 200


def test_levels_made_by_hand_summarise_alike():
    spec = MazeSpec.create("square", 5, 4, "wilson", seed=3)
    hand = Level(spec.build(), False, recipe=None)
    assert ShareSummary.of_level(hand) == ShareSummary.of_level(spec.level()) == ShareSummary("maze", "square", 5, 4)
