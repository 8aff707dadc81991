"""The command line follows the conventions of CLIs: help pages with a description and examples, defaults
that make something, shell completion and a man page from the one parser, ``python -m`` entry points."""

from __future__ import annotations

import io
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import build_parser, main
from engine.cli.completion import SHELLS
from engine.cli.help_pages import examples_of, subparsers_of

ROOT = Path(__file__).resolve().parent.parent
PARSER = build_parser()
SUBCOMMANDS = subparsers_of(PARSER)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_walk_sees_every_subcommand():
    names = {path for path, _ in SUBCOMMANDS}
    assert {"generate", "puzzle daily", "pack new", "completion", "man", "play"} <= names and len(names) >= 25


@pytest.mark.parametrize(("path", "sub"), SUBCOMMANDS, ids=[p for p, _ in SUBCOMMANDS])
def test_every_help_page_has_a_description_and_examples_that_parse(path, sub):
    text = sub.format_help()
    assert sub.description and len(sub.description.split()) >= 5, path
    assert sub.description.split()[0] in text
    examples = examples_of(sub)
    assert examples, f"{path}: no example"
    assert "examples:\n  tessera " in text  # kept on their own lines (RawDescriptionHelpFormatter)
    for line in examples:
        commands = [shlex.split(part.split(" > ")[0].split(" < ")[0]) for part in line.split(" | ")]
        ours = [argv for argv in commands if argv[0] == "tessera"]
        assert any(argv[1:len(path.split()) + 1] == path.split() for argv in ours), line
        for argv in ours:
            PARSER.parse_args(argv[1:])  # a UsageError fails the test


def test_the_top_help_lists_puzzle_daily_and_says_what_stats_is():
    code, out, _ = run("--help")
    assert code == 0
    puzzle = next(line for line in out.splitlines() if line.strip().startswith("puzzle "))
    assert "daily" in puzzle
    stats = " ".join(out.split("stats", 1)[1].split("daily", 1)[0].split())
    assert "seed-000" not in out and "dead ends" in stats
    assert "python -m game" in out and "python -m engine.cli" in out
    assert "completion" in out and "man" in out


def test_generate_with_no_options_makes_a_square_backtracker_maze_in_text():
    code, out, err = run("generate")
    assert code == 0 and err == ""
    assert out.startswith("+---+") and out.count("\n") >= 15
    _, shown, _ = run("generate", "--format", "json")
    assert '"shape": "square"' in shown.replace('":"', '": "') and "backtracker" in shown


@pytest.mark.parametrize("shape", ["hex", "triangle", "polar", "upsilon"])
def test_generate_on_another_grid_without_a_format_writes_svg(shape):
    code, out, err = run("generate", "--shape", shape, "--size", "8x6")
    assert code == 0 and err == "", err
    assert out.startswith("<?xml") and "<svg" in out


def test_generate_formats_follow_the_file_ending_and_the_count(tmp_path):
    target = tmp_path / "m.svg"
    assert run("generate", "--size", "6x5", "-o", str(target))[0] == 0
    assert target.read_text(encoding="utf-8").startswith("<?xml")
    code, out, _ = run("generate", "--size", "6x5", "--count", "3")
    assert code == 0 and [line[0] for line in out.splitlines()] == ["{"] * 3
    code, out, err = run("generate", "--shape", "hex", "--format", "ascii")
    assert code == 2 and out == "" and "square mazes only" in err  # an asked-for format is still checked


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_prints_a_script_for_each_shell(shell):
    code, out, err = run("completion", shell)
    assert code == 0 and err == ""
    assert "tessera" in out and "_ARGCOMPLETE" in out
    marker = {"bash": "complete -o", "zsh": "#compdef tessera", "fish": "complete --command tessera"}[shell]
    assert marker in out


def test_completion_refuses_another_shell_in_one_line():
    code, out, err = run("completion", "tcsh")
    assert code == 2 and out == "" and err.count("\n") == 1


def _complete(line: str, tmp_path: Path) -> list[str]:
    """What the console script answers a shell's Tab with for ``line`` (argcomplete's protocol)."""
    answer = tmp_path / "completions.txt"
    env = dict(os.environ, _ARGCOMPLETE="1", COMP_LINE=line, COMP_POINT=str(len(line)), _ARGCOMPLETE_IFS="\n",
               _ARGCOMPLETE_STDOUT_FILENAME=str(answer), PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "game.launcher"], env=env, capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    return answer.read_text(encoding="utf-8").split("\n")


def test_tab_completes_commands_subcommands_options_and_choices_from_the_parser(tmp_path):
    assert _complete("tessera gen", tmp_path) == ["generate "]
    assert "daily" in _complete("tessera puzzle ", tmp_path)
    assert _complete("tessera generate --sha", tmp_path) == ["--shape "]
    assert set(_complete("tessera completion ", tmp_path)) >= set(SHELLS)


def test_the_man_page_has_every_command_and_renders_without_warnings(tmp_path):
    code, page, err = run("man")
    assert code == 0 and err == ""
    assert page.startswith(".TH TESSERA 1 ")
    for path, _ in SUBCOMMANDS:
        assert f".SS {path}\n" in page, path
    assert "TESSERA_HOME" in page and "tessera generate \\-\\-shape hex" in page
    if shutil.which("groff") is None:
        pytest.skip("groff is not installed: the page's roff is not rendered")
    proc = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z"], input=page, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr


def test_python_m_game_is_the_tessera_command(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "game", "--version"], env=env, capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("tessera ")
