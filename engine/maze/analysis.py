"""Maze statistics (the seed-000 comparison): per maze, aggregated over runs, as a table.

Terms, for a cell's *degree* = its number of open passages:

* **dead end**: degree 1.  **junction**: degree >= 3, counted per degree (square
  mazes have 3- and 4-way junctions; hex, upsilon and polar cells can have more).
* **straight** / **turn**: a degree-2 cell whose two passages are (not) opposite.
  "Opposite" is geometric so it works on every tessellation: the two directions
  from the cell's centre to its neighbours' centres are more than
  :data:`STRAIGHT_ANGLE` (150°) apart.  Square: 180° straight vs 90° turn; hex:
  180° vs 120°; upsilon octagons: 180° vs 135° or less; polar: a radial pass
  through a ring is ~165-180°; triangles have no opposite sides, so every
  triangle corridor cell is a turn.
* **horizontal / vertical straight**: a straight whose axis lies within 30° of the
  x / y axis (square: exactly the east-west / north-south corridor cells).  Not
  defined on polar grids, where rows are rings (``None``).
* **dead-end length**: cells in the blind alley that ends in a dead end: the moves
  from the dead end to the first cell of degree other than 2 (a junction, or the
  far end of a maze that is one single corridor).
* **corridor**: a maximal chain of degree-2 cells; its length is its number of cells.
* **solution length**: BFS moves from the maze's start to its goal.
* **diameter**: the longest shortest path, found by two BFS passes from the start's
  component (exact on perfect mazes, a lower bound on braided ones).
"""

from __future__ import annotations

import csv
import io
import json
import math
import time
from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from engine.maze.grids.base import Grid
from engine.maze.model import Maze
from engine.maze.solvers import distances
from engine.rng import Rng

STRAIGHT_ANGLE = 150.0
"""Degrees between the two passage directions above which a degree-2 cell is a straight."""

_AXIS_SIN = 0.5  # sin(30°): an axis within 30° of x (or y) is horizontal (vertical)

#: Keys copied from the first run by :func:`aggregate` instead of averaged.
CONSTANT_KEYS = ("shape", "width", "height", "cells")


def _degree2_geometry(maze: Maze, deg: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For the degree-2 cells: ``(cells, cos of the angle between their passages, axis vectors)``."""
    g = maze.grid
    mask = maze.passage[g.edge_id]
    src = np.repeat(np.arange(g.n, dtype=np.int64), np.diff(g.indptr))[mask]
    dst = g.nbr[mask]
    sel = deg[src] == 2
    src = src[sel]
    dst = dst[sel]
    cells = src[0::2]  # CSR order keeps a cell's two entries together
    a = dst[0::2]
    b = dst[1::2]
    va = g.centers[a] - g.centers[cells]
    vb = g.centers[b] - g.centers[cells]
    norm = np.sqrt((va * va).sum(axis=1) * (vb * vb).sum(axis=1))
    cos = (va * vb).sum(axis=1) / np.where(norm > 0, norm, 1.0)
    if g.floors > 1:  # a corridor that takes a stair turns (up or down): never straight
        fl = g.floor_of
        cos[(fl[a] != fl[cells]) | (fl[b] != fl[cells])] = 0.0
    return cells, cos, g.centers[b] - g.centers[a]


def _two_open_neighbours(maze: Maze) -> tuple[array[int], array[int]]:
    """Per cell, its first and second open neighbour in the grid's order (``-1`` when it has fewer).

    Compact ``array('i')`` columns (8 bytes a cell in all) instead of a Python list per cell:
    the corridor and dead-end walks below only ever step through cells of degree 1 or 2.
    """
    g = maze.grid
    mask = maze.passage[g.edge_id]
    src = np.repeat(np.arange(g.n, dtype=np.int32), np.diff(g.indptr))[mask]
    dst = g.nbr[mask].astype(np.int32)
    del mask
    first = np.ones(src.shape[0], dtype=bool)
    first[1:] = src[1:] != src[:-1]  # CSR order: a cell's open entries are consecutive
    second = np.zeros(src.shape[0], dtype=bool)
    second[1:] = first[:-1] & ~first[1:]
    out = []
    for sel in (first, second):
        col = np.full(g.n, -1, dtype=np.int32)
        col[src[sel]] = dst[sel]
        out.append(array("i", col.tobytes()))
    return out[0], out[1]


def _dead_end_lengths(nb0: array[int], nb1: array[int], deg: bytes, dead: list[int]) -> list[int]:
    """Moves from each dead end to the first cell whose degree is not 2 (``nb0``/``nb1``: see
    :func:`_two_open_neighbours`)."""
    out = []
    for c in dead:
        prev, cur, length = c, nb0[c], 1
        while deg[cur] == 2:
            a = nb0[cur]
            prev, cur = cur, (nb1[cur] if a == prev else a)
            length += 1
        out.append(length)
    return out


def _corridor_lengths(nb0: array[int], nb1: array[int], deg: bytes, cells: list[int]) -> list[int]:
    """Number of cells in every maximal chain of degree-2 cells (a closed ring counts once)."""
    done = bytearray(len(deg))
    out = []
    for c in cells:
        if done[c]:
            continue
        done[c] = 1
        length = 1
        for first in (nb0[c], nb1[c]):
            prev, cur = c, first
            while deg[cur] == 2 and not done[cur]:
                done[cur] = 1
                length += 1
                a = nb0[cur]
                prev, cur = cur, (nb1[cur] if a == prev else a)
        out.append(length)
    return out


def maze_stats(maze: Maze, *, solution: Sequence[int] | None = None, diameter: bool = True) -> dict[str, Any]:
    """Structure statistics of one maze (see the module docstring for the terms).

    Args:
        maze: any maze (perfect or braided, connected or not).
        solution: a start..goal path already known (its length is used instead of a BFS).
        diameter: compute the diameter (two BFS passes, ~1 s per million cells).

    Returns:
        A dict with the keys
        ``shape`` (str), ``width``, ``height``, ``cells``, ``passages`` (int),
        ``perfect`` (bool), ``isolated`` (cells with no passage),
        ``dead_ends`` (int), ``dead_end_share`` (dead ends / cells, 0..1),
        ``junctions`` ({degree: count} for every degree 3..max degree of the grid),
        ``junction_count``, ``junction_share`` (0..1),
        ``turns``, ``straights`` (degree-2 cells), ``straight_horizontal``,
        ``straight_vertical`` (int, ``None`` on polar grids),
        ``dead_end_length_hist`` ({length: count}, ascending), ``dead_end_length_mean``
        (float, 0.0 with no dead ends), ``dead_end_length_max``,
        ``corridors`` (number of chains), ``corridor_length_mean`` (cells, float),
        ``corridor_length_max``, ``solution_length`` (moves, ``None`` if the goal is
        unreachable), ``diameter`` (moves, ``None`` when not asked for).
    """
    g = maze.grid
    n = g.n
    deg_np = maze.open_degree()
    counts = np.bincount(deg_np, minlength=int(g.degree().max(initial=0)) + 1)
    dead_np = np.flatnonzero(deg_np == 1)
    junctions = {k: int(counts[k]) for k in range(3, counts.shape[0])}
    junction_count = sum(junctions.values())

    cells2, cos, axis = _degree2_geometry(maze, deg_np)
    straight = cos < math.cos(math.radians(STRAIGHT_ANGLE))
    n_straight = int(straight.sum())
    if g.kind == "polar":
        horiz = vert = None
    else:
        ax = axis[straight]
        length = np.sqrt((ax * ax).sum(axis=1))
        horiz = int((np.abs(ax[:, 1]) < _AXIS_SIN * length).sum())
        vert = int((np.abs(ax[:, 0]) < _AXIS_SIN * length).sum())

    nb0, nb1 = _two_open_neighbours(maze)
    deg = np.minimum(deg_np, 255).astype(np.uint8).tobytes()  # only 1 and 2 matter below
    dead_lengths = _dead_end_lengths(nb0, nb1, deg, dead_np.tolist())
    hist: dict[int, int] = {}
    for v in sorted(dead_lengths):
        hist[v] = hist.get(v, 0) + 1
    corridors = _corridor_lengths(nb0, nb1, deg, cells2.tolist())
    del nb0, nb1, deg

    passages = int(maze.passage.sum())
    d1 = distances(maze, maze.start)  # also decides connectivity, cheaper than Maze.is_perfect
    perfect = passages == n - 1 and bool((d1 >= 0).all())
    sol_len: int | None
    if solution is not None:
        sol_len = len(solution) - 1
    else:
        sol_len = int(d1[maze.goal]) if d1[maze.goal] >= 0 else None
    diam: int | None = None
    if diameter:
        far = int(np.argmax(d1))
        diam = int(distances(maze, far).max())

    return {
        "shape": g.kind,
        "width": g.width,
        "height": g.height,
        "cells": n,
        "passages": passages,
        "perfect": perfect,
        "isolated": int(counts[0]),
        "dead_ends": int(dead_np.shape[0]),
        "dead_end_share": dead_np.shape[0] / n,
        "junctions": junctions,
        "junction_count": junction_count,
        "junction_share": junction_count / n,
        "turns": int(cells2.shape[0]) - n_straight,
        "straights": n_straight,
        "straight_horizontal": horiz,
        "straight_vertical": vert,
        "dead_end_length_hist": hist,
        "dead_end_length_mean": sum(dead_lengths) / len(dead_lengths) if dead_lengths else 0.0,
        "dead_end_length_max": max(dead_lengths, default=0),
        "corridors": len(corridors),
        "corridor_length_mean": sum(corridors) / len(corridors) if corridors else 0.0,
        "corridor_length_max": max(corridors, default=0),
        "solution_length": sol_len,
        "diameter": diam,
    }


def _mean_std(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0.0 for a single value)."""
    m = sum(values) / len(values)
    if len(values) < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (len(values) - 1)
    return m, math.sqrt(var)


def aggregate(stats_list: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Means and standard deviations of :func:`maze_stats` dicts over several runs.

    Every numeric key ``k`` becomes ``k`` (mean, float) and ``k_std`` (sample
    standard deviation, 0.0 for one run); ``None`` values are left out of both
    (the key is ``None`` if every run had ``None``).  ``junctions`` is flattened to
    ``junctions_3``, ``junctions_4``, ...; ``dead_end_length_hist`` is summed over
    the runs; the keys in :data:`CONSTANT_KEYS` are copied from the first run;
    booleans (``perfect``) become the share of runs where they held
    (``perfect_share``).  ``runs`` is the number of dicts.

    Raises:
        ValueError: if ``stats_list`` is empty.
    """
    if not stats_list:
        raise ValueError("aggregate needs at least one run")
    first = stats_list[0]
    out: dict[str, Any] = {"runs": len(stats_list)}
    for key in CONSTANT_KEYS:
        if key in first:
            out[key] = first[key]
    flat_runs: list[dict[str, Any]] = []
    hist: dict[int, int] = {}
    for st in stats_list:
        flat: dict[str, Any] = {}
        for key, value in st.items():
            if key in CONSTANT_KEYS:
                continue
            if key == "dead_end_length_hist":
                for k, v in value.items():
                    hist[int(k)] = hist.get(int(k), 0) + int(v)
            elif isinstance(value, Mapping):
                for k, v in value.items():
                    flat[f"{key}_{k}"] = v
            else:
                flat[key] = value
        flat_runs.append(flat)
    keys: list[str] = []
    for flat in flat_runs:
        keys.extend(k for k in flat if k not in keys)
    for key in keys:
        values = [f.get(key) for f in flat_runs]
        if any(isinstance(v, bool) for v in values):
            out[f"{key}_share"] = sum(1 for v in values if v) / len(values)
            continue
        nums = [float(v) for v in values if isinstance(v, int | float)]
        if not nums:
            out[key] = None
            out[f"{key}_std"] = None
            continue
        out[key], out[f"{key}_std"] = _mean_std(nums)
    out["dead_end_length_hist"] = dict(sorted(hist.items()))
    return out


def _generate(grid: Any, name: str, rng: Rng, options: dict[str, str]) -> np.ndarray:
    """``engine.maze.generators.generate`` (imported late: the generators need not exist to load this module)."""
    from engine.maze.generators import generate

    return generate(grid, name, rng, options)


def _declared_options(name: str) -> set[str] | None:
    """Option names the generator ``name`` declares, or ``None`` if unknown."""
    try:
        from engine.maze.generators import get_generator

        return set(get_generator(name).options)
    except (ImportError, ValueError):
        return None


def _braid(grid: Any, passage: np.ndarray, factor: float, rng: Rng) -> np.ndarray:
    from engine.maze.generators.braid import braid

    return braid(grid, passage, factor, rng)


AlgorithmSpec = str | tuple[str, Mapping[str, str]]


def compare(
    shape: str,
    width: int,
    height: int,
    algorithms: Sequence[AlgorithmSpec],
    runs: int,
    seed: int,
    *,
    options: Mapping[str, str] | None = None,
    braid: float = 0.0,
    diameter: bool = True,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    mask: Any = None,
    weave: float = 0.0,
    floors: int = 1,
    stairs: float = 0.05,
) -> list[dict[str, Any]]:
    """Generate ``runs`` mazes per algorithm, time them and aggregate their statistics.

    Run ``i`` of every algorithm uses ``Rng(seed + i)``, so the algorithms are
    compared on the same seeds.  Generation is timed alone (not the grid, not the
    statistics).

    Args:
        shape, width, height: the grid, as for ``engine.maze.grids.make_grid``.
        algorithms: generator names, or ``(name, options)`` pairs for per-algorithm options.
        runs: mazes per algorithm, >= 1.
        seed: first seed, >= 0.
        options: generator options applied to every algorithm that declares them
            (with a single algorithm they are passed as given, so a bad one raises).
        braid: share of dead ends to remove (0..1) with ``engine.maze.generators.braid``.
        weave: how often a crossing is allowed (0..1; :mod:`engine.maze.weave`); the time then
            includes placing the crossings.
        diameter: include the diameter (two extra BFS passes per maze).
        progress: called as ``progress(done, total)`` after each maze (``total`` =
            ``len(algorithms) * runs``).
        cancel: polled before each maze; when it returns True the comparison stops
            and the rows gathered so far are returned (algorithms with no finished
            run are left out).
        mask: an :class:`engine.maze.masks.Mask` to cut the grid to (None: the full grid).
        floors: 1..8 floors (:mod:`engine.maze.floors`; a corridor cell on a stair counts as a turn).
        stairs: with floors, the share of stair candidates allowed (0.01..1); the time includes choosing them.

    Returns:
        One row per algorithm: ``algorithm`` (label), ``options``, ``runs``,
        ``gen_ms``, ``gen_ms_std`` (generation milliseconds, mean and sample std),
        then everything :func:`aggregate` gives.

    Raises:
        ValueError: bad shape/size, unknown generator or option, unsupported shape,
            ``runs`` < 1 or ``seed`` < 0, ``braid`` outside 0..1.
    """
    from engine.maze.grids import make_grid

    if runs < 1:
        raise ValueError(f"runs must be at least 1, got {runs}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0, got {seed}")
    if not 0.0 <= braid <= 1.0:
        raise ValueError(f"braid must be in 0..1, got {braid}")
    if mask is not None and weave > 0.0:
        from engine.maze.recipe import NOT_WOVEN_AND_SHAPED

        raise ValueError(NOT_WOVEN_AND_SHAPED)
    if weave > 0.0:  # before any grid is built: a refusal costs nothing
        from engine.maze.generators import get_generator
        from engine.maze.grids import canonical_shape
        from engine.maze.weave import check_weave, generate_weave

        for item in algorithms:
            name = get_generator(item if isinstance(item, str) else item[0]).name
            check_weave(canonical_shape(shape), name, weave, braid)
    if floors > 1:  # before any grid is built: a refusal costs nothing
        from engine.maze.generators import get_generator
        from engine.maze.grids import canonical_shape, check_grid_size
        from engine.maze.recipe import check_floors_recipe

        shape = canonical_shape(shape)
        width, height = check_grid_size(shape, width, height)
        for item in algorithms:
            check_floors_recipe(shape, width, height, get_generator(item if isinstance(item, str) else item[0]),
                                floors, weave=weave > 0.0, mask=mask is not None)
    from engine.maze.grids.floors import FloorGrid, stack_grid

    grid: Grid
    if floors > 1:
        grid = stack_grid(make_grid(shape, width, height), floors)
    elif mask is None:
        grid = make_grid(shape, width, height)
    else:
        from engine.maze.grids import canonical_shape, check_grid_size
        from engine.maze.grids.masked import masked_grid

        shape = canonical_shape(shape)
        grid = masked_grid(shape, *check_grid_size(shape, width, height), mask)
    specs: list[tuple[str, str, dict[str, str]]] = []
    shared = dict(options or {})
    for item in algorithms:
        if isinstance(item, str):
            name, opts = item, dict(shared)
            if len(algorithms) > 1:
                declared = _declared_options(name)
                if declared is not None:
                    opts = {k: v for k, v in opts.items() if k in declared}
        else:
            name, opts = item[0], {**shared, **dict(item[1])}
        label = name if not opts else name + " " + ",".join(f"{k}={v}" for k, v in sorted(opts.items()))
        specs.append((label, name, opts))

    total = len(specs) * runs
    done = 0
    rows: list[dict[str, Any]] = []
    for label, name, opts in specs:
        stats: list[dict[str, Any]] = []
        times: list[float] = []
        for i in range(runs):
            if cancel is not None and cancel():
                break
            rng = Rng(seed + i)
            t0 = time.perf_counter()
            if isinstance(grid, FloorGrid):
                from engine.maze.floors import generate_floors

                maze = generate_floors(grid, name, rng, opts, stairs, braid)
                times.append((time.perf_counter() - t0) * 1000.0)
            elif weave > 0.0:
                maze = generate_weave(grid, name, rng, opts, weave)
                times.append((time.perf_counter() - t0) * 1000.0)
            else:
                passage = _generate(grid, name, rng, opts)
                times.append((time.perf_counter() - t0) * 1000.0)
                if braid > 0.0:
                    passage = _braid(grid, passage, braid, rng)
                maze = Maze(grid, passage, grid.start, grid.goal)
            stats.append(maze_stats(maze, diameter=diameter))
            done += 1
            if progress is not None:
                progress(done, total)
        if stats:
            gen_ms, gen_std = _mean_std(times)
            row: dict[str, Any] = {"algorithm": label, "options": opts}
            agg = aggregate(stats)
            row["runs"] = agg.pop("runs")
            row["gen_ms"] = gen_ms
            row["gen_ms_std"] = gen_std
            row.update(agg)
            rows.append(row)
        if len(stats) < runs:
            break
    return rows


# -- output ------------------------------------------------------------------
_TABLE_COLUMNS: tuple[tuple[str, str, str], ...] = (
    # (row key, header, format: "s" text, "d" integer-ish, "f" one decimal, "%" percent)
    ("algorithm", "algorithm", "s"),
    ("runs", "runs", "d"),
    ("gen_ms", "gen ms", "f"),
    ("dead_end_share", "dead %", "%"),
    ("dead_ends", "dead", "f"),
    ("junctions_3", "3-way", "f"),
    ("junctions_4", "4-way", "f"),
    ("junctions_5", "5-way", "f"),
    ("junctions_6", "6-way", "f"),
    ("junctions_7", "7-way", "f"),
    ("junctions_8", "8-way", "f"),
    ("turns", "turns", "f"),
    ("straights", "straight", "f"),
    ("straight_horizontal", "horiz", "f"),
    ("straight_vertical", "vert", "f"),
    ("dead_end_length_mean", "dead len", "f"),
    ("corridor_length_mean", "corr len", "f"),
    ("corridor_length_max", "corr max", "f"),
    ("solution_length", "solution", "f"),
    ("diameter", "diameter", "f"),
)


def _cell(value: Any, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "s":
        return str(value)
    if kind == "%":
        return f"{100.0 * value:.1f}"
    if kind == "d" or (isinstance(value, float) and value.is_integer() and abs(value) >= 1000):
        return f"{value:.0f}"
    return f"{value:.1f}"


def format_table(rows: Sequence[Mapping[str, Any]], fmt: str = "table") -> str:
    """Render :func:`compare` rows (or any list of flat dicts) as text.

    Args:
        fmt: ``"table"`` (aligned columns of means, the most useful ones, with
            columns nobody has left out), ``"csv"`` (every scalar key, union over
            the rows in first-seen order; dict values are left out) or ``"json"``
            (everything, indented).

    Raises:
        ValueError: for an unknown ``fmt``.
    """
    if fmt == "json":
        return json.dumps(list(rows), indent=2)
    if fmt == "csv":
        keys: list[str] = []
        for row in rows:
            keys.extend(k for k, v in row.items() if k not in keys and not isinstance(v, Mapping))
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(keys)
        for row in rows:
            writer.writerow(["" if row.get(k) is None else row.get(k) for k in keys])
        return buf.getvalue().rstrip("\n")
    if fmt != "table":
        raise ValueError(f"unknown format '{fmt}'; known formats: table, csv, json")
    cols = [c for c in _TABLE_COLUMNS if any(row.get(c[0]) is not None for row in rows)]
    if not cols:
        return "(no rows)"
    grid = [[header for _, header, _ in cols]]
    grid += [[_cell(row.get(key), kind) for key, _, kind in cols] for row in rows]
    widths = [max(len(r[i]) for r in grid) for i in range(len(cols))]
    lines = []
    for r in grid:
        parts = [r[0].ljust(widths[0])] + [v.rjust(w) for v, w in zip(r[1:], widths[1:], strict=True)]
        lines.append("  ".join(parts).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
