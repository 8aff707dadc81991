"""`tessera show` stays bounded: big mazes are built only with --full (saying so); checks stay exact."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest

from engine.cli import main
from engine.codes import CodeError, decode_any
from engine.describe import CHEAP_CELLS, describe_code
from engine.maze.grids import masked
from engine.maze.masks import Mask
from engine.maze.recipe import MazeSpec
from engine.modes.ghost import Ghost, GhostCode
from engine.modes.race.code import RaceSpec

RACE = "R2.T1000X1000.AB.KT7L90VPYLEN.TN#3OOA0R2O9KZHL-HR"


def _no_build(monkeypatch):
    def refuse(self):
        raise AssertionError("show built a big maze without --full")

    monkeypatch.setattr(MazeSpec, "build", refuse)


def test_show_of_the_big_race_builds_nothing_and_says_so(monkeypatch):
    _no_build(monkeypatch)
    out, err = io.StringIO(), io.StringIO()
    assert main(["show", RACE], out=out, err=err) == 0
    text = out.getvalue()
    assert "not built (1000x1000 grid: --full builds it" in text and "shortest path" not in text.split("maze")[0]
    info = describe_code(RACE)
    assert "cells" not in info and "shortest_path" not in info and info["maze"].startswith("not built")


def test_full_builds_the_maze(monkeypatch):
    spec = MazeSpec.create("square", 250, 250, "kruskal", seed=5)
    assert 250 * 250 > CHEAP_CELLS
    calls = []
    real = MazeSpec.build

    def counting(self):
        calls.append(1)
        return real(self)

    monkeypatch.setattr(MazeSpec, "build", counting)
    assert "maze" in describe_code(spec.code()) and not calls
    info = describe_code(spec.code(), full=True)
    assert calls and info["cells"] == 250 * 250 and info["shortest_path"] > 0 and "maze" not in info


def test_small_mazes_are_still_built_and_ghost_moves_checked():
    spec = MazeSpec.create("hex", 30, 20, "wilson", seed=9)
    level = spec.level()
    from engine.maze.solvers import solve

    path = solve(level.maze, "bfs").path
    ghost = Ghost.record(level, [(i * 6, c) for i, c in enumerate(path[1:])])
    info = describe_code(ghost.code())
    assert info["shortest_path"] == len(path) - 1 and info["cells"] == level.maze.grid.n
    gc = GhostCode.from_code(ghost.code())
    steps = list(gc.steps)
    g, maze, at = level.maze.grid, level.maze, path[len(steps) // 2]
    lo, hi = int(g.indptr[at]), int(g.indptr[at + 1])
    walled = next(k for k in range(hi - lo) if not maze.passage[g.edge_id[lo + k]])
    steps[len(steps) // 2] = (steps[len(steps) // 2][0], walled)
    broken = GhostCode(gc.spec, tuple(steps), gc.version, gc.move_ticks).code()
    with pytest.raises(CodeError, match="goes through a wall"):
        describe_code(broken)


def test_show_full_flag_on_the_command_line():
    spec = MazeSpec.create("square", 210, 210, "backtracker", seed=1)
    out, err = io.StringIO(), io.StringIO()
    assert main(["show", "--full", spec.code()], out=out, err=err) == 0
    assert "shortest path" in out.getvalue() and "not built" not in out.getvalue()


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "polar", "upsilon"])
def test_the_quick_picture_mask_check_agrees_with_cutting(shape):
    rng = random.Random(17)
    for trial in range(40):
        side = 2 + rng.randrange(5)
        density = [0.02, 0.1, 0.5][trial % 3]
        bits = np.array([[rng.random() < density for _ in range(side)] for _ in range(side)], dtype=bool)
        if not bits.any():
            bits[0, 0] = True
        mask = Mask.from_bitmap(bits, "t.png")
        size = 4 + rng.randrange(8)
        w, h = (size + 4, size) if shape != "polar" else (size, size)
        try:
            masked.cut_grid(*_base_and_inside(shape, w, h, mask))
            cut_ok = True
        except ValueError as exc:
            cut_ok, cut_msg = False, str(exc)
        try:
            masked.check_cut(shape, w, h, mask)
            quick_ok = True
        except ValueError as exc:
            quick_ok, quick_msg = False, str(exc)
        assert cut_ok == quick_ok, (shape, w, h, bits)
        if not cut_ok:
            assert cut_msg == quick_msg


def _base_and_inside(shape, w, h, mask):
    from engine.maze.grids import make_grid
    from engine.maze.masks import inside_cells

    base = make_grid(shape, w, h)
    return base, inside_cells(mask, base.centers, masked.grid_box(base)), mask.label()


def test_a_big_picture_mask_code_is_checked_without_cutting(monkeypatch):
    yy, xx = np.mgrid[0:40, 0:40]
    mask = Mask.from_bitmap((xx - 19.5) ** 2 + (yy - 19.5) ** 2 < 19**2, "disc.png")
    code = MazeSpec.create("square", 1000, 1000, "kruskal", seed=3, mask=mask).code()

    def refuse(*args, **kwargs):
        raise AssertionError("decoding cut a million-cell grid")

    monkeypatch.setattr(masked, "cut_grid", refuse)
    assert decode_any(code).mask == mask


def test_race_codes_are_described_without_their_outcome():
    info = describe_code(RaceSpec(MazeSpec.create("square", 8, 8, "kruskal", seed=2)).code())
    assert info["kind"] == "race" and info["cells"] == 64
