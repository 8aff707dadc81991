"""The `tessera` command line: public JSON fields, formats and exit code 2 on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from engine.cli import WindowRequest, main
from engine.maze.recipe import MazeSpec


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_list_names_every_shape_generator_and_solver():
    code, out, _ = run("list")
    assert code == 0
    for name in (
        "square",
        "hex",
        "triangle",
        "polar",
        "upsilon",
        "growing-tree",
        "backtracker",
        "prim",
        "prim-simple",
        "aldous-broder",
        "wilson",
        "hunt-and-kill",
        "kruskal",
        "binary-tree",
        "sidewinder",
        "eller",
        "division",
        "bfs",
        "astar",
        "wall-left",
        "wall-right",
        "tremaux",
        "dead-end-filling",
    ):
        assert name in out


def test_generate_json_fields():
    code, out, err = run(
        "generate", "--shape", "hex", "--algo", "wilson", "--size", "6x5", "--seed", "3", "--format", "json"
    )
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
    _, by_opts, _ = run(
        "generate",
        "--shape",
        "square",
        "--algo",
        "growing-tree",
        "--size",
        "8x6",
        "--seed",
        "11",
        "--braid",
        "0.3",
        "--option",
        "rule=newest:3,random:1",
        "--format",
        "json",
    )
    a, b = json.loads(by_code), json.loads(by_opts)
    assert a["passages"] == b["passages"] and a["code"] == b["code"]


def test_generate_jsonl_count_uses_consecutive_seeds():
    code, out, err = run(
        "generate",
        "--shape",
        "square",
        "--algo",
        "backtracker",
        "--size",
        "5x5",
        "--seed",
        "40",
        "--count",
        "3",
        "--format",
        "jsonl",
    )
    assert code == 0, err
    lines = [json.loads(x) for x in out.splitlines()]
    assert [MazeSpec.from_code(o["code"]).seed for o in lines] == [40, 41, 42]


def test_generate_ascii_svg_png(tmp_path):
    code, out, _ = run("generate", "--shape", "square", "--algo", "kruskal", "--size", "4x3")
    assert code == 0 and out.count("\n") >= 7
    svg = tmp_path / "m.svg"
    assert (
        run("generate", "--shape", "polar", "--algo", "prim", "--size", "6x4", "--format", "svg", "-o", str(svg))[0]
        == 0
    )
    assert svg.read_text().lstrip().startswith("<")
    png = tmp_path / "m.png"
    assert run("generate", "--shape", "upsilon", "--algo", "wilson", "--size", "5x5", "-o", str(png))[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_solve_json_fields():
    code, out, err = run(
        "solve",
        "--shape",
        "triangle",
        "--algo",
        "backtracker",
        "--size",
        "8x6",
        "--solver",
        "wall-left",
        "--format",
        "json",
    )
    assert code == 0, err
    obj = json.loads(out)
    assert obj["solver"] == "wall-left"
    assert obj["length"] == len(obj["path"]) - 1 and obj["visited"] >= len(obj["path"])
    _, bfs, _ = run("solve", "--shape", "triangle", "--algo", "backtracker", "--size", "8x6", "--format", "json")
    assert json.loads(bfs)["length"] == obj["length"]


def test_stats_table_and_json():
    code, out, err = run(
        "stats", "--shape", "square", "--algo", "all", "--size", "6x6", "--runs", "2", "--format", "json"
    )
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
    proc = subprocess.run(
        [sys.executable, "-m", "game.launcher", "generate", "--code", "M1.S5X5.ZZ#0-0"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


def test_puzzle_subcommands_through_the_main_cli():
    code, out, err = run("puzzle", "solve", "--board", "1,2,3,4,5,6,0,7,8", "--solver", "optimal", "--format", "json")
    assert code == 0, err
    obj = json.loads(out)
    assert obj["moves"] == "RR" and obj["length"] == 2 and obj["optimal"] is True
    code, out, err = run("puzzle", "shuffle", "--size", "3x3", "--seed", "5")
    assert code == 0 and "P2.3X3" in out
    for bad in (
        ["puzzle", "solve", "--board", "1 2 3 4 5 6 8 7 0"],
        ["puzzle", "solve", "--board", "1 2 3"],
        ["puzzle", "solve", "--board", "1 1 3 4 5 6 0 7 8"],
        ["puzzle", "shuffle", "--size", "1x40"],
    ):
        code, _, err = run(*bad)
        assert code == 2 and err.count("\n") == 1, bad


def test_game_without_a_display_says_so_in_one_line():
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["ARCADE_HEADLESS"] = ""  # a real window is asked for, and there is no display
    proc = subprocess.run([sys.executable, "-m", "game.launcher"], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.startswith("tessera: error: cannot open a window") and proc.stderr.count("\n") == 1


def test_daily_prints_the_same_code_as_the_game():
    import datetime as dt

    from engine.modes.daily import daily_code

    code, out, _ = run("daily", "--date", "2026-11-23")
    assert code == 0 and out.split()[0] == daily_code(dt.date(2026, 11, 23))
    assert MazeSpec.from_code(out.split()[0]).code() == out.split()[0]
    assert run("daily", "--date", "23.11.2026")[0] == 2


# -- errors a user can cause: one line, exit 2 (issue 9 point 4) ----------------------------------
FORMATS = ("ascii", "svg", "png", "json", "jsonl")


def _gen_to(path: str, fmt: str) -> tuple[int, str, str]:
    return run("generate", "--shape", "square", "--algo", "backtracker", "--size", "4x4", "--format", fmt, "-o", path)


def _one_error_line(code: int, err: str) -> str:
    assert code == 2 and "Traceback" not in err
    assert err.startswith("tessera: error: ") and err.count("\n") == 1 and err.endswith("\n"), err
    return err


@pytest.mark.parametrize("fmt", FORMATS)
def test_output_to_a_missing_folder_or_a_folder(tmp_path, fmt):
    err = _one_error_line(*_gen_to(str(tmp_path / "missing" / f"m.{fmt}"), fmt)[::2])
    assert "does not exist" in err and "missing" in err
    err = _one_error_line(*_gen_to(str(tmp_path), fmt)[::2])
    assert "is a folder" in err
    (tmp_path / "file").write_text("keep")
    _one_error_line(*_gen_to(str(tmp_path / "file" / f"m.{fmt}"), fmt)[::2])
    assert (tmp_path / "file").read_text() == "keep"


@pytest.mark.parametrize("fmt", FORMATS)
def test_output_to_a_read_only_folder_simulated(tmp_path, monkeypatch, fmt):
    # Tests run as root, whom permission bits do not stop: refuse every os.open() below `locked` instead
    # (engine.output, the one writer, opens files with os.open).
    import os

    locked = tmp_path / "locked"
    locked.mkdir()
    real_open = os.open

    def refusing_open(file, *args, **kwargs):
        if str(file).startswith(str(locked)):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing_open)
    err = _one_error_line(*_gen_to(str(locked / f"m.{fmt}"), fmt)[::2])
    assert "permission denied" in err
    assert list(locked.iterdir()) == []


@pytest.mark.skipif(not __import__("os").path.isdir("/sys"), reason="needs sysfs")
@pytest.mark.parametrize("fmt", FORMATS)
def test_output_to_a_really_unwritable_place(fmt):
    import os

    try:  # sysfs refuses new files even to root; if it does not here, there is nothing to test
        fd = os.open("/sys/tessera-test-probe", os.O_CREAT | os.O_WRONLY | os.O_EXCL)
    except OSError:
        pass
    else:
        os.close(fd)
        os.unlink("/sys/tessera-test-probe")
        pytest.skip("/sys is writable here")
    _one_error_line(*_gen_to(f"/sys/tessera-test.{fmt}", fmt)[::2])


def test_output_checked_before_the_maze_is_built(tmp_path, monkeypatch):
    from engine.maze.recipe import MazeSpec as Spec

    def no_build(self):
        raise AssertionError("built a maze for an output that cannot be written")

    monkeypatch.setattr(Spec, "build", no_build)
    _one_error_line(*_gen_to(str(tmp_path / "missing" / "m.svg"), "svg")[::2])


def test_output_written_when_the_path_is_fine(tmp_path):
    for fmt in FORMATS:
        target = tmp_path / f"m.{fmt}"
        code, out, err = _gen_to(str(target), fmt)
        assert code == 0 and out == "" and err == ""
        assert target.stat().st_size > 0


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["stats", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--seed", "2**70"],
            "0..18446744073709551615",
        ),
        (
            ["stats", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--seed", str(1 << 70)],
            "0..18446744073709551615",
        ),
        (
            ["generate", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--seed", str(1 << 64)],
            "0..18446744073709551615",
        ),
        (
            ["generate", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--seed", "-1"],
            "0..18446744073709551615",
        ),
        (["puzzle", "shuffle", "--seed", str(1 << 64)], "0..18446744073709551615"),
        (["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--seed", "٣"], "0..18446744073709551615"),
        (
            ["stats", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--seed", str((1 << 64) - 1)],
            "must stay in 0..18446744073709551615",
        ),
        (["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--timeout", "nan"], "timeout"),
        (["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--timeout", "inf"], "timeout"),
        (["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--timeout", "-1"], "timeout"),
        (["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--timeout", "0"], "timeout"),
        (["generate", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--braid", "nan"], "braid"),
        (
            [
                "generate",
                "--shape",
                "square",
                "--algo",
                "growing-tree",
                "--size",
                "4x4",
                "--option",
                "rule=newest:3,newest:4",
            ],
            "names 'newest' twice",
        ),
        (
            ["generate", "--shape", "square", "--algo", "growing-tree", "--size", "4x4", "--option", "rule=newest:٣"],
            "weight",
        ),
        (
            [
                "generate",
                "--shape",
                "square",
                "--algo",
                "growing-tree",
                "--size",
                "4x4",
                "--option",
                "rule=newest",
                "--option",
                "rule=random",
            ],
            "given twice",
        ),
        (["generate", "--shape", "square", "--algo", "wilson", "--size", "²x5"], "not of the form WxH"),
        (["generate", "--shape", "square", "--algo", "wilson", "--size", "٣x5"], "not of the form WxH"),
        (["stats", "--shape", "square", "--algo", "wilson", "--size", "²x5"], "not of the form WxH"),
        (["puzzle", "shuffle", "--size", "²x3"], "not of the form WxH"),
        (["generate", "--shape", "hexx"], "unknown shape 'hexx' (known: square, hex, triangle, polar, upsilon)"),
        (["generate", "--shape", "hexx", "--algo", "wilson", "--size", "4x4"], "unknown shape 'hexx'"),
        (["generate", "--count", "٣", "--shape", "square", "--algo", "wilson", "--size", "4x4"], "count"),
        (["generate", "--code", "M1.S4X4.BT#1-L", "--seed", "3"], "--code"),
        (["puzzle", "solve", "--code", ""], "empty"),
        (["puzzle", "solve", "--board", "¹ 2 3 4 5 6 7 8 0"], "tile '¹'"),
        (["puzzle", "solve", "--board", ""], "empty"),
        (["puzzle", "bench", "--korf", "0"], "1..100"),
        (["daily", "--date", "２０２６-11-23"], "YYYY-MM-DD"),
        (["play", "--frobnicate"], "unrecognized arguments"),
    ],
)
def test_user_errors_name_what_is_wrong(argv, says):
    code, _, err = run(*argv)
    assert says in _one_error_line(code, err)


def test_bench_out_unwritable_is_refused_before_the_benchmark(tmp_path, monkeypatch):
    import engine.cli.benchmark as benchmark

    def no_run(**kwargs):
        raise AssertionError("ran the benchmark for an output that cannot be written")

    monkeypatch.setattr(benchmark, "run_benchmark", no_run)
    err = _one_error_line(*run("puzzle", "bench", "--quick", "--out", str(tmp_path / "no" / "b.md"))[::2])
    assert "does not exist" in err
    _one_error_line(*run("puzzle", "bench", "--quick", "--out", str(tmp_path))[::2])


def test_internal_errors_are_one_line_exit_1_but_never_user_errors(monkeypatch):
    # A bug (not bad input) still gives one line, with exit code 1 so the fuzz test's "exit 2" would catch it.
    import engine.cli as cli

    def broken(args, out):
        raise KeyError("oops")

    monkeypatch.setitem(cli.COMMANDS, "list", broken)
    code, _, err = run("list")
    assert code == 1 and err.startswith("tessera: error: internal error") and err.count("\n") == 1
    monkeypatch.setenv("TESSERA_DEBUG", "1")
    with pytest.raises(KeyError):
        run("list")


# -- window subcommands: in --help, and their own --help never opens a window ----------------------
def test_help_lists_every_subcommand_including_the_window_ones():
    import argparse

    from engine.cli import build_parser

    code, out, _ = run("--help")
    assert code == 0
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    names = list(sub.choices)
    assert {"play", "lab", "generate", "puzzle"} <= set(names)  # and `show` once it is registered
    for name in names:
        assert f"\n    {name} " in out, name


@pytest.mark.parametrize(
    "argv", [["play", "--help"], ["lab", "--help"], ["play", "-h"], ["lab", "M1.S4X4.BT#1-L", "--help"]]
)
def test_window_subcommand_help_opens_no_window(monkeypatch, capsys, argv):
    import game.launcher as launcher

    def no_window(args):
        raise AssertionError(f"opened a window for {args}")

    monkeypatch.setattr(launcher, "open_window", no_window)
    assert launcher.main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: tessera {argv[0]}") and "CODE" in out


def test_window_subcommands_open_the_window_with_their_code(monkeypatch):
    import game.launcher as launcher

    opened = []
    monkeypatch.setattr(launcher, "open_window", lambda request: opened.append(request) or 0)
    assert launcher.main(["play", "M1.S4X4.BT#1-L"]) == 0
    assert launcher.main(["lab"]) == 0
    assert launcher.main([]) == 0
    assert opened == [WindowRequest("play", "M1.S4X4.BT#1-L"), WindowRequest("lab"), None]
    assert run("play", "M1.S4X4.BT#1-L")[0] == 2  # engine.cli alone has no window to open


def test_play_with_two_players_opens_a_duo_race_on_the_maze_of_a_maze_or_race_code(monkeypatch, capsys):
    import game.launcher as launcher
    from engine.modes.ghost import Ghost
    from engine.modes.race import RaceSpec

    opened = []
    monkeypatch.setattr(launcher, "open_window", lambda request: opened.append(request) or 0)
    spec = MazeSpec.create("hex", 6, 5, "backtracker", seed=4, dark=True)
    assert launcher.main(["play", spec.code().lower(), "--players", "2"]) == 0
    assert launcher.main(["play", RaceSpec.create(spec, "wall", "easy").code(), "--players", "2"]) == 0
    assert opened == [WindowRequest("duo", spec.code()), WindowRequest("duo", spec.code())]
    maze = spec.build()
    ghost = Ghost.record(spec.level(maze), [(0, maze.open_lists()[maze.start][0])]).code(spec.level(maze))
    for argv, words in (
        (["play", "--players", "2"], "needs a maze or race code"),
        (["play", ghost, "--players", "2"], "is a ghost code"),
        (["play", "M2.nonsense-00", "--players", "2"], ""),
        (["play", spec.code(), "--players", "3"], "invalid choice"),
    ):
        capsys.readouterr()
        assert launcher.main(argv) == 2, argv
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert len(opened) == 2


# -- engine.values and engine.rng: the one size parser and seed range ---------------------------------------------
def test_parse_size_ascii_only():
    from engine.values import parse_size

    assert parse_size("20x15") == (20, 15) and parse_size(" 4 X 3 ") == (4, 3)
    for bad in ("²x5", "5x²", "٣x٣", "５x５", "5", "x5", "5x", "-5x5", "5.0x5", "1e3x5", "5x5x5", "", "9999999999x5"):
        with pytest.raises(ValueError, match="not of the form WxH"):
            parse_size(bad)


def test_seed_range_is_the_engines():
    from engine.maze.recipe import SEED_MAX as MAZE_SEED_MAX
    from engine.rng import SEED_MAX, check_seed, new_seed, parse_seed

    assert SEED_MAX == MAZE_SEED_MAX == (1 << 64) - 1
    assert parse_seed("0") == 0 and parse_seed(str(SEED_MAX)) == SEED_MAX
    for bad in ("-1", str(SEED_MAX + 1), "2**70", "1e3", "0x10", "+5", "١", "", "nan", "9" * 100):
        with pytest.raises(ValueError, match=str(SEED_MAX)):
            parse_seed(bad)
    with pytest.raises(ValueError):
        check_seed(SEED_MAX + 1)
    assert all(0 <= new_seed() < 1 << 40 for _ in range(50))


def test_parse_number_refuses_nan_inf_and_unicode():
    from engine.values import parse_number

    assert parse_number("0.25", what="braid", lo=0, hi=1) == 0.25
    assert parse_number("1e-3", what="t", lo=0, hi=10, lo_open=True) == 0.001
    for bad in ("nan", "inf", "-inf", "Infinity", "١.٥", "1_0", "0x1", "", "2", "-0.5"):
        with pytest.raises(ValueError):
            parse_number(bad, what="braid", lo=0, hi=1)
    with pytest.raises(ValueError):
        parse_number("0", what="t", lo=0, hi=10, lo_open=True)


def test_error_lines_escape_line_breaks():
    code, _, err = run("generate", "--shape", "hex\nagon", "--algo", "wilson", "--size", "4x4")
    assert code == 2 and err.count("\n") == 1 and "\\n" in err
