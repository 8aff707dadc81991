"""The `tessera` command line: public JSON fields, formats and exit code 2 on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from engine.cli import main
from engine.maze_code import MazeSpec


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_list_names_every_shape_generator_and_solver():
    code, out, _ = run("list")
    assert code == 0
    for name in ("square", "hex", "triangle", "polar", "upsilon", "growing-tree", "backtracker", "prim",
                 "prim-simple", "aldous-broder", "wilson", "hunt-and-kill", "kruskal", "binary-tree",
                 "sidewinder", "eller", "division", "bfs", "astar", "wall-left", "wall-right", "tremaux",
                 "dead-end-filling"):
        assert name in out


def test_generate_json_fields():
    code, out, err = run("generate", "--shape", "hex", "--algo", "wilson", "--size", "6x5", "--seed", "3",
                         "--format", "json")
    assert code == 0, err
    obj = json.loads(out)
    assert obj["shape"] == "hex" and obj["algorithm"] == "wilson" and obj["size"] == [6, 5]
    assert len(obj["edges"]) == len(obj["passages"])
    assert sum(obj["passages"]) == obj["cells"] - 1
    assert 0 <= obj["start"] < obj["cells"] and 0 <= obj["goal"] < obj["cells"]
    assert obj["seconds"] >= 0
    # The code in the output regenerates the same maze.
    again = MazeSpec.from_code(obj["code"]).build()
    assert again.passage.astype(int).tolist() == obj["passages"]


def test_generate_by_code_equals_generate_by_options():
    spec = MazeSpec.create("square", 8, 6, "growing-tree", {"rule": "newest:3,random:1"}, braid=0.3, seed=11)
    _, by_code, _ = run("generate", "--code", spec.code(), "--format", "json")
    _, by_opts, _ = run("generate", "--shape", "square", "--algo", "growing-tree", "--size", "8x6", "--seed", "11",
                        "--braid", "0.3", "--option", "rule=newest:3,random:1", "--format", "json")
    a, b = json.loads(by_code), json.loads(by_opts)
    assert a["passages"] == b["passages"] and a["code"] == b["code"]


def test_generate_jsonl_count_uses_consecutive_seeds():
    code, out, err = run("generate", "--shape", "square", "--algo", "backtracker", "--size", "5x5", "--seed", "40",
                         "--count", "3", "--format", "jsonl")
    assert code == 0, err
    lines = [json.loads(x) for x in out.splitlines()]
    assert [MazeSpec.from_code(o["code"]).seed for o in lines] == [40, 41, 42]


def test_generate_ascii_svg_png(tmp_path):
    code, out, _ = run("generate", "--shape", "square", "--algo", "kruskal", "--size", "4x3")
    assert code == 0 and out.count("\n") >= 7
    svg = tmp_path / "m.svg"
    assert run("generate", "--shape", "polar", "--algo", "prim", "--size", "6x4", "--format", "svg", "-o",
               str(svg))[0] == 0
    assert svg.read_text().lstrip().startswith("<")
    png = tmp_path / "m.png"
    assert run("generate", "--shape", "upsilon", "--algo", "wilson", "--size", "5x5", "-o", str(png))[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_solve_json_fields():
    code, out, err = run("solve", "--shape", "triangle", "--algo", "backtracker", "--size", "8x6", "--solver",
                         "wall-left", "--format", "json")
    assert code == 0, err
    obj = json.loads(out)
    assert obj["solver"] == "wall-left"
    assert obj["length"] == len(obj["path"]) - 1 and obj["visited"] >= len(obj["path"])
    _, bfs, _ = run("solve", "--shape", "triangle", "--algo", "backtracker", "--size", "8x6", "--format", "json")
    assert json.loads(bfs)["length"] == obj["length"]


def test_stats_table_and_json():
    code, out, err = run("stats", "--shape", "square", "--algo", "all", "--size", "6x6", "--runs", "2",
                         "--format", "json")
    assert code == 0, err
    rows = json.loads(out)
    assert len(rows) >= 10
    code, out, err = run("stats", "--shape", "hex", "--algo", "wilson", "--size", "6x6", "--runs", "2")
    assert code == 0 and "wilson" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "--shape", "circle-ish", "--algo", "wilson", "--size", "5x5"],
        ["generate", "--shape", "square", "--algo", "nope", "--size", "5x5"],
        ["generate", "--shape", "square", "--algo", "wilson", "--size", "5by5"],
        ["generate", "--shape", "square", "--algo", "wilson", "--size", "1x5"],
        ["generate", "--shape", "square", "--algo", "wilson", "--size", "5000x5"],
        ["generate", "--shape", "hex", "--algo", "division", "--size", "5x5"],
        ["generate", "--shape", "square", "--algo", "wilson", "--size", "5x5", "--braid", "1.5"],
        ["generate", "--shape", "square", "--algo", "growing-tree", "--size", "5x5", "--option", "rule=sideways"],
        ["generate", "--shape", "square", "--algo", "wilson", "--size", "5x5", "--option", "colour=red"],
        ["generate", "--code", "M1.S5X5.WI#0-0"],
        ["generate", "--code", "hello"],
        ["generate"],
        ["solve", "--shape", "square", "--algo", "wilson", "--size", "5x5", "--solver", "guess"],
        ["stats", "--shape", "square", "--algo", "all", "--size", "5x5", "--runs", "0"],
        ["frobnicate"],
        ["generate", "--seed", "x"],
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(argv):
    code, out, err = run(*argv)
    assert code == 2
    assert err.startswith("tessera: error: ") and err.count("\n") == 1


def test_console_script_exit_code_and_no_traceback():
    proc = subprocess.run([sys.executable, "-m", "game.launcher", "generate", "--code", "M1.S5X5.ZZ#0-0"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


def test_puzzle_subcommands_through_the_main_cli():
    code, out, err = run("puzzle", "solve", "--board", "1,2,3,4,5,6,0,7,8", "--solver", "optimal", "--format", "json")
    assert code == 0, err
    obj = json.loads(out)
    assert obj["moves"] == "RR" and obj["length"] == 2 and obj["optimal"] is True
    code, out, err = run("puzzle", "shuffle", "--size", "3x3", "--seed", "5")
    assert code == 0 and "P2.3X3" in out
    for bad in (["puzzle", "solve", "--board", "1 2 3 4 5 6 8 7 0"], ["puzzle", "solve", "--board", "1 2 3"],
                ["puzzle", "solve", "--board", "1 1 3 4 5 6 0 7 8"], ["puzzle", "shuffle", "--size", "1x40"]):
        code, _, err = run(*bad)
        assert code == 2 and err.count("\n") == 1, bad


def test_game_without_a_display_says_so_in_one_line():
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["ARCADE_HEADLESS"] = ""  # a real window is asked for, and there is no display
    proc = subprocess.run([sys.executable, "-m", "game.launcher"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.startswith("tessera: error: cannot open a window") and proc.stderr.count("\n") == 1


def test_daily_prints_the_same_code_as_the_game():
    import datetime as dt

    from engine.daily import daily_code

    code, out, _ = run("daily", "--date", "2026-11-23")
    assert code == 0 and out.split()[0] == daily_code(dt.date(2026, 11, 23))
    assert MazeSpec.from_code(out.split()[0]).code() == out.split()[0]
    assert run("daily", "--date", "23.11.2026")[0] == 2
