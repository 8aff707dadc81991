"""Per-grid tables with a fast path for one tessellation equal the general construction."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from engine.maze.generators._common import (
    Hops,
    _build_hops,
    _build_rows,
    _build_walk_table,
    _square_hops,
    _square_rows,
    _square_walk_table,
    hops,
    rows_of,
)
from engine.maze.grids import make_grid


@pytest.mark.parametrize(("w", "h"), [(2, 2), (3, 7), (7, 3), (10, 10), (31, 17), (200, 150)])
def test_square_rows_equal_the_general_rows(w: int, h: int) -> None:
    g = make_grid("square", w, h)
    fast, general = _square_rows(g), _build_rows(g)
    for f in dataclasses.fields(fast):
        a, b = getattr(fast, f.name), getattr(general, f.name)
        if isinstance(b, np.ndarray):
            assert a.dtype == b.dtype and np.array_equal(a, b), f.name
        else:
            assert a == b, f.name
    assert rows_of(g).east is rows_of(g).east  # memoised


@pytest.mark.parametrize(("w", "h"), [(2, 2), (2, 5), (5, 2), (3, 3), (10, 10), (31, 17), (120, 95)])
def test_square_hops_and_walk_table_equal_the_general_ones(w: int, h: int) -> None:
    g = make_grid("square", w, h)
    fast, general = _square_hops(g), _build_hops(g)
    for f in dataclasses.fields(fast):
        if f.name != "visit":  # functions: compared by what they do, below
            assert getattr(fast, f.name) == getattr(general, f.name), f.name
    for c in range(g.n):
        assert visited(fast, c) == visited(general, c) == looped(general, c)
    assert _square_walk_table(g) == _build_walk_table(g)


def visited(h: Hops, c: int) -> bytes:
    """The slot masks after ``h.visit[c]`` on a table of all-set masks (with room to wrap)."""
    um = bytearray(b"\xff" * (len(h.full) * 3))
    h.visit[c](um, c)
    return bytes(um)


def looped(h: Hops, c: int) -> bytes:
    """The same by the loop :class:`Hops` documents."""
    um = bytearray(b"\xff" * (len(h.full) * 3))
    for o, q in zip(h.step[c], h.clear[c], strict=True):
        um[c + o] &= q
    return bytes(um)


@pytest.mark.parametrize(("shape", "w", "h"), [("hex", 7, 5), ("triangle", 9, 6), ("polar", 6, 5), ("upsilon", 7, 6)])
def test_each_cells_visit_clears_what_the_loop_clears(shape: str, w: int, h: int) -> None:
    g = make_grid(shape, w, h)
    tables = hops(g)
    assert len(tables.visit) == g.n
    for c in range(g.n):
        assert visited(tables, c) == looped(tables, c)


@pytest.mark.parametrize(("shape", "w", "h"), [("polar", 4, 4), ("polar", 6, 30), ("polar", 50, 20), ("triangle", 9, 7),
                                               ("upsilon", 7, 5), ("hex", 6, 5)])
def test_csr_hops_equal_the_row_tables(shape: str, w: int, h: int) -> None:
    """The tables by pattern key straight from the CSR equal the ones through the row table, function for function."""
    from engine.maze.generators.visits import csr_hops

    g = make_grid(shape, w, h)
    fast, general = csr_hops(g), _build_hops(g)
    for f in dataclasses.fields(fast):
        if f.name != "visit":
            assert getattr(fast, f.name) == getattr(general, f.name), f.name
    for c in range(g.n):
        assert visited(fast, c) == visited(general, c) == looped(general, c)
