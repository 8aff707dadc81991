"""``tessera puzzle hint``: the same planner as the game's H key, from a board or a code."""

from __future__ import annotations

import json

from engine.cli.puzzle import main
from engine.puzzle.board import Board
from engine.puzzle.codes import encode_board
from engine.puzzle.hint import plan_hint
from engine.puzzle.session import PuzzleSession


def test_hint_prints_the_planners_move_and_the_tile(capsys):
    from engine.puzzle.optimal import prepare

    prepare(3, 3)  # the exact 3x3 table (about a second): the planner then answers optimally
    board = Board.goal(3, 3).apply("LLUURD")
    assert main(["puzzle", "hint", "--board", board.text(), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    plan = plan_hint(board, 1.0)
    assert out["move"] == plan.move and out["plan"] == plan.moves and out["source"] == plan.source.value == "optimal"
    assert out["complete"] and board.apply(out["plan"]).is_solved()
    # the tile named is the one the game's H key marks
    hint = PuzzleSession(board).hint_now(1.0)
    assert hint is not None and out["tile"] == board.tiles[hint.tile_cell] and hint.move == out["move"]
    assert main(["puzzle", "hint", "--code", encode_board(board)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"Slide tile {out['tile']} into the gap") and "U/D/L/R" in text


def test_hint_on_solved_and_bad_input(capsys):
    assert main(["puzzle", "hint", "--board", "1 2 3 4 5 6 7 8 0"]) == 0
    assert "Already solved" in capsys.readouterr().out
    assert main(["puzzle", "hint", "--board", "1 2 3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "square" in err
    assert main(["puzzle", "hint", "--board", "1 2 3 4 5 6 7 8 0", "--budget", "0"]) == 2
    assert "budget" in capsys.readouterr().err
