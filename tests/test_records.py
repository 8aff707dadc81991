"""Records and daily history (engine.records): averages, streaks, calendar marks, CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest

from engine.records import (
    RECORD_COLUMNS,
    Run,
    average_of,
    best_kind,
    daily_tag,
    day_marks,
    done_days,
    puzzle_records,
    puzzle_stars,
    records_csv,
    runs_csv,
    streaks,
)

D = dt.date(2026, 11, 26)


def test_average_of_drops_best_and_worst():
    assert average_of([10, 20, 30, 40], 5) is None
    assert average_of([10, 20, 30, 40, 100], 5) == pytest.approx(30.0)
    # only the last n count
    assert average_of([1, 10, 20, 30, 40, 100], 5) == pytest.approx(30.0)
    times = [float(t) for t in range(1, 13)]
    assert average_of(times, 12) == pytest.approx(sum(range(2, 12)) / 10)
    with pytest.raises(ValueError, match="at least 3"):
        average_of(times, 2)


def test_puzzle_records_per_size():
    runs = [Run("puzzle", "4x4", "", t, m) for t, m in [(60, 120), (50, 150), (70, 90), (40, 100), (55, 130)]]
    runs += [Run("puzzle", "3x3", "", 8.0, 24), Run("maze", "M2...", "M2...", 5.0, 30)]
    recs = puzzle_records(runs)
    assert [r.size for r in recs] == ["3x3", "4x4"]
    four = recs[1]
    assert (four.solves, four.best_time, four.fewest_moves) == (5, 40, 90)
    assert four.ao5 == pytest.approx((50 + 55 + 60) / 3) and four.ao12 is None
    assert four.best_tps == pytest.approx(150 / 50)
    assert recs[0].ao5 is None


def test_streaks_current_and_longest():
    days = [D - dt.timedelta(days=i) for i in (1, 2, 3)] + [D - dt.timedelta(days=i) for i in (10, 11, 12, 13, 14)]
    assert streaks(days, D) == (3, 5)  # today not done yet: yesterday's streak is still alive
    assert streaks([*days, D], D) == (4, 5)
    assert streaks(days, D + dt.timedelta(days=1)) == (0, 5)  # a day missed
    assert streaks([], D) == (0, 0)
    assert streaks([D + dt.timedelta(days=3)], D) == (0, 0)  # days after today do not count


def test_day_marks_and_done_days():
    runs = [
        Run("maze", "M", "M", 30, 50, 40, daily_tag("maze", D)),  # 50 > par 46 moves, 30 s > par 17 s: one star
        Run("maze", "M", "M", 17, 46, 40, daily_tag("maze", D)),  # a second win at both pars: three
        Run("maze", "M", "M", 17.01, 40, 40, daily_tag("maze", D - dt.timedelta(days=3))),  # the time star missed
        Run("puzzle", "4x4", "P", 90, 60, 48, daily_tag("puzzle-4x4", D - dt.timedelta(days=1))),
        Run("puzzle", "3x3", "P", 9, 21, 21, daily_tag("puzzle-3x3", D - dt.timedelta(days=2))),
        Run("puzzle", "3x3", "P", 9, 21, 21, "puzzle-3x3:garbled"),
    ]
    marks = day_marks(runs, D, days=4)
    assert [m.day for m in marks] == [D - dt.timedelta(days=i) for i in range(4)]
    assert marks[0].marks == {"maze": 3, "puzzle-3x3": None, "puzzle-4x4": None}
    assert marks[1].marks["puzzle-4x4"] == 2 and marks[2].marks["puzzle-3x3"] == 3  # 60 of 48: within twice
    assert marks[3].marks == {"maze": 2, "puzzle-3x3": None, "puzzle-4x4": None}
    assert [r.stars for r in runs[:3]] == [1, 3, 2] and Run("puzzle", "3x3", "P", 9, 21).stars is None
    assert done_days(runs, ("puzzle-3x3", "puzzle-4x4")) == {D - dt.timedelta(days=1), D - dt.timedelta(days=2)}
    with pytest.raises(ValueError, match="daily"):
        daily_tag("race", D)


def test_puzzle_stars():
    assert [puzzle_stars(m, 20) for m in (20, 21, 40, 41)] == [3, 2, 2, 1]


def test_csv_export_reads_back():
    runs = [Run("puzzle", "3x3", "P2.3X3.U#1-AB", 9.5, 22, 21, "", "2026-11-26T10:00:00+00:00")] * 5
    text = records_csv(
        puzzle_records(runs),
        [
            ("puzzle-size:3x3", 9.5, 22, 5),
            ("M2.S8X8.BT#1-XY", 3.0, 14, 2),
            ("M2.S8X8.BT#1-XY/wall/2", 4.0, 14, 1),
            ("P2.3X3:12-AB", None, None, 0),
        ],
    )
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == RECORD_COLUMNS
    assert rows[1][:3] == ["puzzle-history", "3x3", "5"] and rows[1][5] == "9.50"
    assert [r[0] for r in rows[2:]] == ["puzzle-size", "maze", "other", "puzzle"]
    history = list(csv.reader(io.StringIO(runs_csv(runs))))
    assert len(history) == 6 and history[1][2:6] == ["3x3", "P2.3X3.U#1-AB", "9.50", "22"]
    assert best_kind("L2.S4X4:ABC-12") == "maze" and best_kind("vs-ghost:M2.x") == "other"


def test_records_command_reads_the_save_through_the_store(tmp_path, monkeypatch, capsys):
    """``tessera records --csv FILE`` writes what the save holds; bad input is one line and exit 2."""
    from game.launcher import main
    from game.store import Store

    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "home"))
    assert main(["records"]) == 0 and "No records yet" in capsys.readouterr().out
    assert not (tmp_path / "home" / "tessera.db").exists()  # reading never creates a save
    st = Store(tmp_path / "home" / "tessera.db")
    for t in (30.0, 25.0, 40.0, 35.0, 28.0):
        st.record_run(Run("puzzle", "4x4", "", t, 100))
    st.record_win("M2.S8X8.BT#1-XY", 12.0, 40)
    st.close()
    out = tmp_path / "records.csv"
    assert main(["records", "--csv", str(out)]) == 0
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[1][:4] == ["puzzle-history", "4x4", "5", "25.00"] and rows[1][5] == f"{(28 + 30 + 35) / 3:.2f}"
    assert rows[2][:2] == ["maze", "M2.S8X8.BT#1-XY"]
    assert main(["records", "--csv", str(tmp_path / "runs.csv"), "--runs"]) == 0
    assert len((tmp_path / "runs.csv").read_text(encoding="utf-8").splitlines()) == 6
    capsys.readouterr()
    assert main(["records"]) == 0
    assert "puzzle 4x4: 5 solves, best 25.00 s" in capsys.readouterr().out
    for argv in (["records", "--runs"], ["records", "--csv", str(tmp_path / "no" / "x.csv")], ["records", "x"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("tessera: error:")


def test_a_won_maze_is_kept_in_the_history_as_a_daily_when_it_is_todays(tmp_path):
    from types import SimpleNamespace

    from engine.modes.daily import daily_code, utc_today
    from game.records import history, keep_run, record_maze_win
    from game.store import Store

    st = Store(tmp_path / "tessera.db")
    won = SimpleNamespace(elapsed=42.5, moves=130, shortest=120)
    today = daily_code(utc_today())
    assert record_maze_win(st, today, won).best.best_time == 42.5
    record_maze_win(st, "M2.S8X8.BT#1-XY", won)
    assert record_maze_win(st, "", won) is None  # a level without a code keeps nothing
    runs = history(st)
    assert [(r.key, r.daily, r.par) for r in runs] == [
        (today, daily_tag("maze", utc_today()), 120),
        ("M2.S8X8.BT#1-XY", "", 120),
    ]
    keep_run(object(), runs[0])  # a store without a history: nothing, no error
    assert history(object()) == []
    st.close()


def test_runs_csv_keeps_each_runs_replay_code_in_a_last_column():
    """The runs CSV's ninth column is the replay code of a run that kept one (empty otherwise); the eight older
    columns keep their order and meaning, and the code read back from the CSV plays the same solve."""
    from engine.puzzle.codes import shuffle_code
    from engine.puzzle.replay import Replay
    from engine.puzzle.replay import decode as decode_replay

    start = shuffle_code(3, 3, 7)
    board, moves = start.board, []
    for m in "UDLR" * 40:  # any legal wander of the blank: a replay need not end solved
        if m in board.legal_moves():
            board, moves = board.move(m), [*moves, m]
    replay = Replay(start, "".join(moves), tuple(250 * i for i in range(len(moves))))
    runs = [Run("puzzle", "4x4", "", 30.5, 100, 50, "puzzle-4x4:2026-11-26", "2026-11-26T10:00:00+00:00"),
            Run("blindfold", "3x3", start.code(), 12.0, len(moves), finished="2026-11-27T10:00:00+00:00",
                replay=replay.code())]
    rows = list(csv.reader(io.StringIO(runs_csv(runs))))
    assert rows[0] == ["finished", "mode", "key", "code", "seconds", "moves", "par", "daily", "replay"]
    assert rows[1] == ["2026-11-26T10:00:00+00:00", "puzzle", "4x4", "", "30.50", "100", "50",
                       "puzzle-4x4:2026-11-26", ""]
    assert rows[2][:8] == ["2026-11-27T10:00:00+00:00", "blindfold", "3x3", start.code(), "12.00",
                           str(len(moves)), "", ""]
    back = decode_replay(rows[2][8])
    assert back == replay and back.times == replay.times


def test_records_runs_csv_from_the_save_has_the_replay(tmp_path, monkeypatch, capsys):
    """``tessera records --csv FILE --runs`` writes the replay code the save kept with a run."""
    from engine.puzzle.codes import shuffle_code
    from engine.puzzle.replay import Replay
    from game.launcher import main
    from game.store import Store

    start = shuffle_code(3, 3, 11)
    m = start.board.legal_moves()[0]
    code = Replay(start, m, (420,)).code()
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "home"))
    st = Store(tmp_path / "home" / "tessera.db")
    st.record_run(Run("puzzle", "4x4", "", 30.0, 100))
    st.record_run(Run("blindfold", "3x3", start.code(), 0.42, 1, replay=code))
    st.close()
    out = tmp_path / "runs.csv"
    assert main(["records", "--csv", str(out), "--runs"]) == 0
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[0][-1] == "replay" and [r[-1] for r in rows[1:]] == ["", code]
    assert [r[1] for r in rows[1:]] == ["puzzle", "blindfold"]
    capsys.readouterr()
