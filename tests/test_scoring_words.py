"""One scoring language: one time format (m:ss.cc, one truncation) on every screen, in share lines and in the
CSV; one star scale (the Dailies calendar shows the win's stars); the win says which star was missed and by how
much; a puzzle win's best is this board's."""

from __future__ import annotations

import re
from pathlib import Path

from engine.puzzle.board import Board
from engine.puzzle.codes import encode_board
from engine.puzzle.session import PuzzleSession
from engine.records import format_time, running_time, seconds_text, time_gap
from engine.share.lines import ShareSummary, share_line
from game.format import moves_over, time_over

ROOT = Path(__file__).resolve().parents[1]
#: Float-formatted times left on purpose: how long a wait or a solver's search took (not a play's time).
WAITS = (
    "self.task.elapsed:.0f} s",  # loading screens: seconds spent loading
    "task.elapsed:.0f} s",  # the Lab's progress line
    "{elapsed:.0f} s{after}",  # the puzzle's table-build progress
    "remaining_seconds:.0f} s to go",  # the solver's time budget left
    "r.seconds * 1000:.0f} ms",  # the solver's search time (Details)
    "Time: {r.seconds:.1f} s",  # the solver's search time (Details)
)
TIME_FLOAT = re.compile(r"\{[^{}]*(seconds|elapsed|margin|_time|time)\b[^{}]*:[^{}]*f\}")


def test_one_format_one_truncation():
    assert format_time(83.459) == "1:23.45" and format_time(0) == "0:00.00" and format_time(-2) == "0:00.00"
    assert format_time(12.89) == "0:12.89"  # binary rounding does not show 12.88
    assert running_time(83.459) == "1:23" and format_time(75 * 60) == "75:00.00"
    assert seconds_text(83.459) == "83.45"  # the CSV's seconds: the same cut as the screen's
    assert time_gap(12.809, 12) == "0:00.80" and time_gap(11, 12) == "0:00.00"
    line = share_line(ShareSummary.of_puzzle(4, 4), 83.459, 57, 51, 2)
    assert " 1:23.45 " in line


def test_no_screen_writes_a_time_another_way():
    """Every play time goes through engine.records.format_time / running_time: no f-string formats a time as a
    float (only waits and solver searches do, listed in WAITS), and nothing asks format_time for other digits."""
    found = []
    for path in sorted([*ROOT.joinpath("game").rglob("*.py"), *ROOT.joinpath("engine").rglob("*.py")]):
        if path.name == "benchmark.py" or "cli" in path.parts:  # the CLI's solver reports (Details of a search)
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TIME_FLOAT.search(line) and not any(w in line for w in WAITS):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
            if re.search(r"format_time\([^()]*,\s*\d\)", line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []


def test_the_star_missed_and_by_how_much():
    assert moves_over(23, 20) == "  ·  3 moves over" and moves_over(21, 20) == "  ·  1 move over"
    assert moves_over(20, 20) == "" and moves_over(19, 20) == ""
    assert time_over(12.8, 12) == "  ·  0:00.80 over" and time_over(12.004, 12) == ""  # shown at par: at par
    assert time_over(11, 12) == ""


def test_the_maze_win_names_the_missed_stars(window, ctx):
    from game.play.view import PlayView
    from game.shell.win import WinView
    from tests.test_game_share import SPEC
    from tests.test_game_views import open_spec, play_with_keys, run_until

    view = open_spec(window, ctx, SPEC)
    s = view.session
    s.par_moves = s.shortest - 2  # both stars out of reach: the win must say by how much
    s.par_time = 0.0
    play_with_keys(window, view)
    run_until(view, lambda: not isinstance(window.current_view, PlayView))
    win = window.current_view
    assert isinstance(win, WinView) and win.stars == 1
    time_line, moves_line = win.line_values[:2]
    assert time_line.endswith(f"par 0:00.00  ·  {format_time(s.elapsed)} over"), time_line
    assert "·  2 moves over  ·" in moves_line, moves_line


def _won(start: Board, seconds: float) -> PuzzleSession:
    from engine.puzzle.astar import solve_fast

    session = PuzzleSession(start, code=encode_board(start))
    session.act(solve_fast(start, timeout=5).moves)
    session.elapsed = seconds
    assert session.won and session.counts_for_bests
    return session


def _win_lines(store, session) -> list[str]:
    from game.puzzle.settings import record_win
    from game.puzzle.win import win_lines
    from game.records import puzzle_win_facts

    news = record_win(store, session)
    return win_lines(puzzle_win_facts(store, session, None, None, news))


def test_a_puzzle_win_compares_with_this_boards_best_only(ctx):
    short = Board.goal(3, 3).apply("LLUR")  # 4 moves
    other = Board.goal(3, 3).apply("LLUURDDLURRD")
    first = _win_lines(ctx.store, _won(short, 5.25))
    assert "Best on this board 0:05.25 and 4 moves" in first and "(new best!)" not in " ".join(first)
    s = _won(other, 9.0)
    lines = _win_lines(ctx.store, s)
    assert f"Best on this board 0:09.00 and {s.moves} moves" in lines  # not the other board's 4 moves
    assert not any("new best" in x or "your best" in x for x in lines)  # a first win of the board; slower
    again = _win_lines(ctx.store, _won(other, 4.0))
    assert f"Best on this board 0:04.00 and {s.moves} moves (new best!)" in again
    assert "Time 0:04.00  ·  your best 3×3 time" in again  # faster than every 3×3 so far
    slower = _win_lines(ctx.store, _won(other, 8.0))
    assert not any("new best" in x for x in slower)


def test_the_calendar_shows_the_stars_earned():
    from game.shell.dailies import mark_text

    assert [mark_text(x) for x in (None, 0, 1, 2, 3)] == ["·", "done", "★☆☆", "★★☆", "★★★"]
