"""Puzzle mazes on the command line: ``generate --rules`` and ``solve``, checked from the JSON alone.

For every grid and every rule family (and all of them at once), the JSON of ``generate --format json`` and
of ``solve --format json`` are handed to the deliberately plain checker (tests/rules_plain.py), which knows
nothing of the engine: it must find the same optimal length, the same uniqueness and the same count of
states, and the printed actions must win.
"""

from __future__ import annotations

import io
import json

import pytest
from rules_plain import check

from engine.cli import main

GRIDS = [("square", "7x6"), ("hex", "6x6"), ("triangle", "9x5"), ("polar", "5x4"), ("upsilon", "5x5")]
FAMILIES = ["oneway", "keys", "pursuer", "switches", "oneway,keys,pursuer,switches"]


def run(*argv: str) -> tuple[int, str, str]:
    """``tessera ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("shape", "size"), GRIDS)
@pytest.mark.parametrize("rules", FAMILIES)
def test_generate_and_solve_json_agree_with_the_plain_checker(shape: str, size: str, rules: str) -> None:
    """The puzzle, its proven optimum and uniqueness, and the solve command's actions, from the JSON alone."""
    args = ["--shape", shape, "--size", size, "--algo", "backtracker", "--seed", "5", "--rules", rules,
            "--difficulty", "easy"]
    code, text, err = run("generate", *args, "--format", "json")
    assert code == 0, err
    puzzle = json.loads(text)
    assert "puzzle:" in err and puzzle["rules"] is not None and len(puzzle["centres"]) == puzzle["cells"]
    code, text, err = run("solve", "--code", puzzle["code"], "--format", "json")
    assert code == 0, err
    answer = json.loads(text)
    verdict = check(puzzle, answer)
    assert verdict.valid, verdict.problem
    assert (verdict.length, verdict.unique, verdict.states) == (answer["length"], answer["unique"],
                                                                answer["states"])
    assert puzzle["puzzle"]["length"] == answer["length"] and puzzle["puzzle"]["unique"] == answer["unique"]
    families = rules.split(",")
    assert set(puzzle["puzzle"]["rules"]) == set(families)


def test_ascii_draws_the_elements_with_a_key() -> None:
    """Square puzzle mazes in ASCII: the art, then a key of the symbols and a sentence per element."""
    code, text, _ = run("generate", "--shape", "square", "--size", "7x6", "--algo", "backtracker", "--seed", "5",
                        "--rules", "all")
    assert code == 0
    assert "Key: > < ^ v one-way" in text and "Dark star: the hunter" in text
    assert any(ch in text for ch in "><^v")


@pytest.mark.parametrize(("argv", "says"), [
    (["--rules", "lava"], "unknown rule 'lava'"),
    (["--rules", ""], "--rules needs at least one"),
    (["--rules", "keys", "--difficulty", "insane"], "--difficulty must be easy, medium, hard"),
    (["--rules", "keys", "--difficulty", "0"], "1..999"),
    (["--difficulty", "hard"], "--difficulty needs --rules"),
    (["--rules", "keys", "--size", "50x50"], "at most 1,600 cells"),
])
def test_bad_rules_and_difficulties_are_one_line_and_exit_2(argv: list[str], says: str) -> None:
    """Each bad value: exit 2, one line naming it, no traceback."""
    base = ["generate", "--shape", "square", "--size", "8x8", "--algo", "backtracker"]
    if "--size" in argv:
        base = base[:3] + base[5:]
    code, out, err = run(*base, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err, err


def test_solve_refuses_a_plain_solver_on_a_puzzle_maze() -> None:
    """The wall followers ignore the rules: asked for one on a puzzle maze, one line and exit 2."""
    code, _, err = run("solve", "--shape", "square", "--size", "6x6", "--algo", "backtracker", "--rules", "keys",
                       "--solver", "wall-left")
    assert code == 2 and "exact rules solver" in err


def test_show_describes_the_rules_in_players_words() -> None:
    """``show`` of a puzzle code: the rules, the proven best number of moves, no engine words on those lines."""
    code, text, _ = run("generate", "--shape", "hex", "--size", "6x6", "--algo", "prim", "--rules", "pursuer",
                        "--format", "json")
    puzzle_code = json.loads(text)["code"]
    code, text, err = run("show", puzzle_code)
    assert code == 0, err
    assert "hunter" in text and "best moves" in text



def test_encode_turns_a_puzzle_mazes_json_into_a_level_code_with_its_elements(tmp_path) -> None:
    """generate JSON -> encode -> a level code whose maze, rules and proven optimum are the recipe's."""
    code, text, _ = run("generate", "--shape", "hex", "--size", "6x6", "--algo", "prim", "--seed", "2",
                        "--rules", "keys,pursuer", "--format", "json")
    puzzle = json.loads(text)
    path = tmp_path / "pz.json"
    path.write_text(text, encoding="utf-8")
    code, text, err = run("encode", str(path))
    assert code == 0, err
    level = text.strip()
    assert level.startswith("L2.H6X6.R")
    code, text, err = run("generate", "--code", level, "--format", "json")
    again = json.loads(text)
    assert again["rules"] == puzzle["rules"] and again["passages"] == puzzle["passages"]
    assert again["puzzle"]["length"] == puzzle["puzzle"]["length"]


def test_a_difficulty_out_of_reach_is_said_in_one_line() -> None:
    """A target no placement reaches on a tiny maze: the puzzle is still written, and one note says so."""
    code, text, err = run("generate", "--shape", "square", "--size", "3x3", "--algo", "backtracker",
                          "--rules", "keys", "--difficulty", "200", "--format", "json")
    assert code == 0 and json.loads(text)["puzzle"]["reached"] is False
    notes = [line for line in err.splitlines() if "difficulty not reached" in line]
    assert len(notes) == 1 and "aimed at 200" in notes[0]
