"""The ``puzzle`` CLI subcommands (through the module's own main)."""

from __future__ import annotations

import json

from engine.puzzle.board import Board
from engine.puzzle.cli import main


def test_solve_json(capsys):
    assert main(["puzzle", "solve", "--board", "1,2,3,4,5,6,0,7,8", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["length"] == len(out["moves"]) and set(out) >= {"solver", "moves", "length", "nodes", "seconds",
                                                                "optimal"}
    assert Board.parse("1 2 3 4 5 6 0 7 8").apply(out["moves"]).is_solved()
    assert main(["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--solver", "optimal", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["optimal"] is True and out["length"] == 2


def test_shuffle_and_solve_code(capsys):
    assert main(["puzzle", "shuffle", "--size", "3x3", "--seed", "5"]) == 0
    text = capsys.readouterr().out
    code = [ln.split()[-1] for ln in text.splitlines() if ln.startswith("code:")][0]
    assert main(["puzzle", "solve", "--code", code]) == 0


def test_bad_input_exit_2(capsys):
    for argv in (
        ["puzzle", "solve", "--board", "1 2 3"],
        ["puzzle", "solve", "--board", "1 1 2 0"],
        ["puzzle", "solve", "--board", "2 1 3 0"],
        ["puzzle", "shuffle", "--size", "1x9"],
        ["puzzle", "shuffle", "--size", "junk"],
        ["puzzle", "solve", "--board", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0",
         "--solver", "optimal"],
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
