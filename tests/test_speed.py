"""The speed modes' engine sessions (engine/puzzle/speed.py): relay, marathon and blindfold played through, their one
clock, each solve's replay, the statistics (the WCA average: best and worst dropped) and the personal bests."""

from __future__ import annotations

import pytest

from engine.puzzle.astar import solve_fast
from engine.puzzle.replay import decode
from engine.puzzle.speed import (
    SpeedPhase,
    SpeedRun,
    SpeedSetup,
    best_average,
    session_replay,
    solve_stats,
    speed_label,
)
from engine.records import Run, average_of, speed_bests


def play_board(run: SpeedRun, gap: float = 0.2, think: float = 0.0) -> None:
    """Solve the current board: ``think`` seconds before the first move, then one move every ``gap`` seconds."""
    s = run.session
    run.advance(think)
    s.update(think)
    for m in solve_fast(s.board).moves:
        run.before_move()
        s.act(m)
        run.advance(gap)
        s.update(gap)
    run.check_solved()


def test_the_wca_average_drops_the_best_and_the_worst():
    times = [10.0, 12.0, 11.0, 30.0, 9.0]
    assert average_of(times, 5) == pytest.approx((10 + 12 + 11) / 3)  # 9 and 30 dropped
    twelve = [float(t) for t in range(1, 13)]
    assert average_of(twelve, 12) == pytest.approx(sum(range(2, 12)) / 10)
    assert average_of(times[:4], 5) is None
    st = solve_stats(times, [10, 10, 10, 10, 10])
    assert st.mean == pytest.approx(72 / 5) and st.best == 9 and st.ao5 == pytest.approx(11) and st.ao12 is None
    assert st.tiles_per_second == pytest.approx(50 / 72) and st.total == 72
    assert best_average([50.0, *times, 50.0], 5) == pytest.approx(11.0)  # the best window of five
    with pytest.raises(ValueError):
        best_average(times, 2)
    with pytest.raises(ValueError):
        solve_stats([1.0], [])
    assert solve_stats([], []).mean is None


def test_a_relay_deals_3x3_up_to_its_size_on_one_clock():
    run = SpeedRun(SpeedSetup("relay", 5), seed=3)
    assert [b.width for b in run._boards] == [3, 4, 5] and run.legs == 3
    play_board(run, think=1.0)  # the first board's clock starts with its first move: thinking is free
    first = run.solves[0]
    assert first.replay.times[0] == 0 and run.session.board.width == 4
    play_board(run, think=1.0)  # the next boards' clock runs from the moment they appear
    assert run.solves[1].replay.times[0] == 1000
    assert run.clock == pytest.approx(first.seconds + run.solves[1].seconds)
    play_board(run)
    assert run.done and run.phase is SpeedPhase.DONE and len(run.solves) == 3
    assert run.clock == pytest.approx(sum(s.seconds for s in run.solves))
    for s in run.solves:
        r = decode(s.replay.code())
        assert r.solved and r.seconds == pytest.approx(s.seconds, abs=0.001) and r.start.width == s.width
    assert run.check_solved() is None  # over: nothing more


def test_the_same_seed_deals_the_same_boards():
    a, b = SpeedRun(SpeedSetup("marathon", 4, 3), 9), SpeedRun(SpeedSetup("marathon", 4, 3), 9)
    assert a.codes == b.codes and len(set(a.codes)) == 3
    assert SpeedRun(SpeedSetup("marathon", 4, 3), 10).codes != a.codes


def test_a_marathon_is_n_solves_in_a_row_with_their_statistics():
    run = SpeedRun(SpeedSetup("marathon", 3, 5), seed=1)
    for i in range(5):
        assert run.leg == i and not run.done
        play_board(run, gap=0.1 + 0.05 * i)
    assert run.done and [s.width for s in run.solves] == [3] * 5
    st = run.stats()
    times = [s.seconds for s in run.solves]
    assert st.count == 5 and st.ao5 == pytest.approx(average_of(times, 5)) and st.best == min(times)
    assert st.tiles_per_second == pytest.approx(sum(s.moves for s in run.solves) / sum(times))


def test_blindfold_memorises_with_the_numbers_shown_then_times_the_hidden_solve():
    run = SpeedRun(SpeedSetup("blindfold", 3), seed=2)
    assert run.phase is SpeedPhase.MEMORISE and run.shows_numbers
    run.advance(4.0)
    run.session.update(4.0)
    assert run.memo == 4.0 and run.clock == 0  # memorising is not the solve's time
    assert run.hide() and not run.shows_numbers and run.phase is SpeedPhase.SOLVING
    assert not run.hide()  # once
    play_board(run, think=0.5)  # time after hiding counts, before the first move too
    solve = run.solves[0]
    assert run.done and solve.memo == 4.0 and solve.replay.times[0] == 500
    assert run.shows_numbers  # solved: shown again


def test_a_blindfolds_first_move_hides_the_numbers():
    run = SpeedRun(SpeedSetup("blindfold", 3), seed=2)
    play_board(run)
    assert run.done and run.solves[0].replay.times[0] == 0 and run.memo == 0


def test_a_hint_or_the_solver_makes_a_run_assisted():
    run = SpeedRun(SpeedSetup("marathon", 3, 2), seed=4)
    run.session.act(solve_fast(run.session.board).moves[0], assisted=True)
    assert run.assisted


@pytest.mark.parametrize("args", [("sprint", 3, 1), ("relay", 3, 1), ("relay", 9, 1), ("marathon", 4, 0),
                                  ("marathon", 4, 101), ("blindfold", 1, 1), ("blindfold", 4, 2)])
def test_bad_setups_are_one_sentence(args):
    with pytest.raises(ValueError) as err:
        SpeedSetup(*args)
    assert str(err.value).endswith(".") and "\n" not in str(err.value)


def test_setups_name_their_bests_key_and_label():
    assert SpeedSetup("relay", 5).key == "3x3-5x5" and SpeedSetup("relay", 5).label() == "Relay 3×3→5×5"
    assert SpeedSetup("marathon", 4, 12).key == "4x4 x12" and SpeedSetup("marathon", 4, 12).sides == (4,) * 12
    assert SpeedSetup("marathon", 4, 5).label() == "Marathon of 5, 4×4"
    assert SpeedSetup("blindfold", 3).key == "3x3" and SpeedSetup("blindfold", 3).label() == "Blindfold 3×3"


@pytest.mark.parametrize("setup", [SpeedSetup("relay", 4), SpeedSetup("relay", 8), SpeedSetup("marathon", 4, 12),
                                   SpeedSetup("marathon", 2, 1), SpeedSetup("blindfold", 10)])
def test_a_bests_key_names_its_setup_again(setup):
    assert SpeedSetup.from_key(setup.mode, setup.key) == setup
    assert speed_label(setup.mode, setup.key) == setup.label()


@pytest.mark.parametrize(("mode", "key", "label"), [
    ("relay-solve", "4x4", "Relay 4×4 boards"), ("marathon-solve", "3x3", "Marathon 3×3 boards"),
    ("relay", "3x3-9x9", "Relay 3x3-9x9"), ("relay", "4x4-5x5", "Relay 4x4-5x5"),
    ("marathon", "4x4 x0", "Marathon 4x4 x0"),
    ("marathon", "4x5 x3", "Marathon 4x5 x3"), ("blindfold", "", "Blindfold"), ("blindfold", "x", "Blindfold x"),
    ("blindfold", "03x03", "Blindfold 03x03"), ("relay", "3X3-5X5", "Relay 3×3→5×5"),
])
def test_a_damaged_bests_key_is_shown_as_kept_never_raises(mode, key, label):
    assert speed_label(mode, key) == label


def test_personal_bests_per_mode_and_size_come_from_the_history():
    runs = [Run("relay", "3x3-5x5", "", 80.0, 300), Run("relay", "3x3-5x5", "", 70.0, 280, finished="b"),
            Run("relay-solve", "4x4", "", 20.0, 80), Run("marathon", "4x4 x5", "", 200.0, 500),
            Run("blindfold", "3x3", "", 30.0, 40), Run("puzzle", "3x3", "", 5.0, 30)]
    bests = speed_bests(runs)
    assert bests[("relay", "3x3-5x5")].best == 70 and bests[("relay", "3x3-5x5")].runs == 2
    assert bests[("relay-solve", "4x4")].best == 20 and bests[("blindfold", "3x3")].best == 30
    assert ("puzzle", "3x3") not in bests  # the ordinary puzzle's records are puzzle_records'
    relay = bests[("relay", "3x3-5x5")]
    assert relay.moves == 280 and relay.tiles_per_second == 4.0 and relay.ao5 is None and relay.ao12 is None


def test_a_speed_best_has_the_best_ao5_and_ao12_of_runs_in_a_row():
    times = [40.0, 31.0, 29.5, 40.0, 27.25, 33.0, 30.0, 50.0, 45.0, 44.0, 43.0, 42.0, 41.0]
    runs = [Run("blindfold", "4x4", "", t, 90 + i) for i, t in enumerate(times)]
    best = speed_bests(runs)[("blindfold", "4x4")]
    assert best.runs == 13 and best.best == 27.25 and best.moves == 94
    assert best.ao5 == pytest.approx((29.5 + 33 + 30) / 3)  # runs 3-7: 27.25 and 40 dropped
    assert best.ao12 == best_average(times, 12) and best.ao12 == pytest.approx(sum(sorted(times[:12])[1:-1]) / 10)


def test_a_session_without_a_move_has_no_replay():
    run = SpeedRun(SpeedSetup("marathon", 3, 1), seed=1)
    assert session_replay(run.session) is None


def test_tessera_records_lists_the_speed_bests(tmp_path, monkeypatch, capsys):
    from game.launcher import main
    from game.store import Store

    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "home"))
    st = Store(tmp_path / "home" / "tessera.db")
    for t in (90.0, 80.5):
        st.record_run(Run("relay", "3x3-5x5", "", t, 300))
    st.record_run(Run("relay-solve", "4x4", "", 20.0, 80, replay="S2.X"))
    st.close()
    assert main(["records"]) == 0
    out = capsys.readouterr().out
    assert "relay 3x3-5x5: 2 finished, best 80.50 s" in out and "relay single 4x4: 1 finished, best 20.00 s" in out
