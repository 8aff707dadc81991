"""Mazes with floors on the command line: generate (JSON, SVG, PNG; ASCII refused), solve, show, stats."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from engine.maze.export import to_svg
from engine.maze.floors import open_stairs, stair_marks
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import solve


def _cli(*argv: str) -> tuple[int, str, str]:
    from engine.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


MAZE = ("--shape", "hex", "--algo", "wilson", "--size", "9x7", "--seed", "4")


def test_generate_json_has_floors_cell_floor_and_the_stairs_among_the_passages():
    rc, out, _ = _cli("generate", *MAZE, "--floors", "3", "--stairs", "0.2", "--format", "json")
    obj = json.loads(out)
    assert rc == 0 and obj["floors"] == 3 and obj["stairs_share"] == 20 and ".F3S20" in obj["code"]
    assert obj["cell_floor"] == [0] * 63 + [1] * 63 + [2] * 63 and obj["cells"] == 189
    maze = MazeSpec.from_code(obj["code"]).build()
    assert maze.passage.astype(int).tolist() == obj["passages"]
    assert obj["stairs"] == open_stairs(maze).tolist() and obj["stairs"]
    for a, b in obj["stairs"]:  # each stair is one of the passages, between a cell and the one above it
        i = obj["edges"].index([a, b])
        assert obj["passages"][i] == 1 and b - a == 63
    rc, jsonl, _ = _cli("generate", *MAZE, "--floors", "3", "--stairs", "0.2", "--format", "jsonl")
    line = json.loads(jsonl)
    assert {k: line[k] for k in ("floors", "cell_floor", "stairs")} == {
        k: obj[k] for k in ("floors", "cell_floor", "stairs")
    }


def test_generate_pictures_draw_floors_side_by_side_with_stair_marks(tmp_path):
    rc, out, _ = _cli("generate", *MAZE, "--floors", "2", "--format", "svg", "--solution")
    assert rc == 0 and 'class="stairs-up"' in out and 'class="stairs-down"' in out
    maze = MazeSpec.create("hex", 9, 7, "wilson", seed=4, floors=2).build()
    assert out.count('class="path"') == 1 + len({tuple(p) for p in _stairs_on_path(maze)})
    one_floor = to_svg(MazeSpec.create("hex", 9, 7, "wilson", seed=4).build())
    assert float(out.split('width="')[1].split('"')[0]) > 1.9 * float(one_floor.split('width="')[1].split('"')[0])
    up, down = stair_marks(maze)
    assert len(up) == len(down) == len(open_stairs(maze))
    assert np.all(up[:, 0, 1] > down[:, 0, 1] - 1)  # an up mark's tip is above, a down mark's below
    png = tmp_path / "f.png"
    rc, _, _ = _cli("generate", *MAZE, "--floors", "2", "-o", str(png))
    assert rc == 0 and png.read_bytes()[:4] == b"\x89PNG"


def _stairs_on_path(maze):
    path = solve(maze).path
    fl = maze.grid.floor_of
    return [(a, b) for a, b in zip(path, path[1:], strict=False) if fl[a] != fl[b]]


def test_closed_stair_candidates_draw_no_wall():
    maze = MazeSpec.create("square", 6, 5, "backtracker", seed=2, floors=2).build()
    svg = to_svg(maze)
    plain = to_svg(MazeSpec.create("square", 6, 5, "backtracker", seed=2).build())
    g = maze.grid
    walls = int((~maze.passage[: g.stair_start]).sum()) + len(g.boundary)
    assert svg.split('class="walls" d="')[1].split('"')[0].count("M") == walls
    assert plain.count("stairs") == 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--floors", "3", "--format", "ascii"), "ASCII art cannot show floors"),
        (("--floors", "9"), "floors must be in 1..8"),
        (("--stairs", "0.2"), "--stairs needs --floors"),
        (("--floors", "2", "--stairs", "0"), "stairs must be in 0.01..1"),
        (("--floors", "2", "--algo", "sidewinder"), "cannot carve a maze with floors"),
        (("--floors", "2", "--shape", "triangle"), "square or hex"),
        (("--floors", "2", "--weave", "0.3"), "floors and weave"),
        (("--floors", "2", "--mask", "heart"), "floors and a shape"),
    ],
)
def test_generate_refuses_bad_floors_in_one_line(argv, words):
    base = {"--shape": "square", "--algo": "backtracker", "--size": "8x8"}
    for k, v in zip(argv[::2], argv[1::2], strict=True):
        base[k] = v
    rc, out, err = _cli("generate", *[x for kv in base.items() for x in kv])
    assert rc == 2 and words in err and err.count("\n") == 1 and out == ""


def test_ascii_refuses_a_level_code_with_floors_too():
    code = MazeSpec.create("square", 6, 5, "backtracker", seed=4, floors=2).level().passages_code()
    rc, _, err = _cli("generate", "--code", code, "--format", "ascii")
    assert rc == 2 and "ASCII art cannot show floors" in err
    rc, out, _ = _cli("generate", "--code", code)  # without a format: SVG, which draws every floor
    assert rc == 0 and out.startswith("<?xml")
    rc, out, _ = _cli("generate", "--code", code, "--format", "json")
    assert rc == 0 and json.loads(out)["floors"] == 2


def test_solve_show_and_stats_work_across_floors():
    spec = MazeSpec.create("square", 10, 8, "backtracker", seed=5, floors=3)
    rc, out, _ = _cli("solve", "--code", spec.code(), "--format", "json")
    path = json.loads(out)["path"]
    g = spec.build().grid
    assert rc == 0 and path[0] == g.start and path[-1] == g.goal and g.floor_of[path[-1]] == 2
    rc, out, _ = _cli("show", spec.code(), "--format", "json")
    info = json.loads(out)
    assert rc == 0 and info["floors"] == 3 and info["open_stairs"] == len(open_stairs(spec.build()))
    rc, out, _ = _cli(
        "stats", "--shape", "hex", "--algo", "all", "--size", "8x8", "--runs", "1", "--floors", "2", "--format", "json"
    )
    rows = json.loads(out)
    assert rc == 0 and {r["algorithm"] for r in rows} == {
        "growing-tree",
        "backtracker",
        "prim",
        "prim-simple",
        "aldous-broder",
        "wilson",
        "hunt-and-kill",
        "kruskal",
    }
    assert all(r["dead_ends"] > 0 for r in rows)
    rc, out, _ = _cli("list")
    assert "floors (--floors 2..8" in out
