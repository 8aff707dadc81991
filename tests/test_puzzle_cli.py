"""The ``puzzle`` CLI subcommands (through the module's own main)."""

from __future__ import annotations

import json

from engine.cli.puzzle import main
from engine.puzzle.board import Board


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


def test_solve_text_says_what_the_move_letters_mean(capsys):
    assert main(["puzzle", "solve", "--board", "1 2 3 4 5 6 7 0 8"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moves = next(ln for ln in lines if ln.startswith("moves: ")).split()[1]
    legend = next(ln for ln in lines if ln.startswith("letters: "))
    assert "blank" in legend and all(s in legend for s in ("U up", "D down", "L left", "R right"))
    # ...and what it says is true: each letter is the way the blank travels.
    board = Board.parse("1 2 3 4 5 6 7 0 8")
    step = {"U": -board.width, "D": board.width, "L": -1, "R": 1}
    for letter in moves:
        after = board.apply(letter)
        assert after.blank == board.blank + step[letter]
        board = after
    assert board.is_solved()


def test_solve_json_explains_the_letters_too(capsys):
    assert main(["puzzle", "solve", "--board", "1 2 3 4 5 6 7 0 8", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"] == "R" and "blank" in out["move_letters"]


def test_solved_board_says_so(capsys):
    assert main(["puzzle", "solve", "--board", "1 2 3 0"]) == 0
    assert "already solved" in capsys.readouterr().out


def test_unicode_digits_and_empty_codes_are_one_line(capsys):
    for argv in (["puzzle", "solve", "--board", "¹ 2 3 4 5 6 7 8 0"], ["puzzle", "solve", "--board", "1 2 3 ٠"],
                 ["puzzle", "solve", "--code", ""], ["puzzle", "solve", "--board", "1 2 3 0", "--size", "²x2"],
                 ["puzzle", "shuffle", "--moves", "0"], ["puzzle", "bench", "--korf", "101"]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("tessera: error: ") and err.count("\n") == 1 and "Traceback" not in err, argv


def test_korf_positions_ship_in_the_repository():
    from pathlib import Path

    from engine.cli.benchmark import default_data_dir, load_korf

    repo = Path(__file__).resolve().parents[1]
    assert default_data_dir().resolve() == repo / "bench" / "data"
    korf = load_korf()
    assert len(korf) == 100 and sum(o for _, o in korf) == 5305  # mean optimal 53.05
    assert korf[0] == (Board.parse("13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2"), 57)
    assert all(b.is_solvable() for b, _ in korf)


def test_missing_benchmark_data_is_one_line_naming_where(tmp_path, monkeypatch, capsys):
    import engine.cli.benchmark as benchmark

    # An installed (non-editable) package has no bench/data beside it.
    monkeypatch.setattr(benchmark, "default_data_dir", lambda: tmp_path / "share" / "bench" / "data")
    assert main(["puzzle", "bench", "--quick"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(tmp_path / "share") in err and "source repository" in err
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / benchmark.KORF_FILE).write_text("1 2 3\n")
    assert main(["puzzle", "bench", "--data", str(tmp_path / "bad")]) == 2
    assert "line 1" in capsys.readouterr().err


def test_nothing_in_the_package_reads_outside_the_repository():
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    for package in ("engine", "game"):
        for py in (repo / package).rglob("*.py"):
            text = py.read_text(encoding="utf-8")
            assert "shared/data" not in text and '"shared"' not in text and "/work/" not in text, py
