"""Honest bounds where no exact distance is in reach (engine.puzzle.meter.BandMeter, the game's 5x5 line): the
shortest solution known along the path above, a proven lower bound below, never shown as exact unless they meet."""

from __future__ import annotations

from engine.puzzle.board import INVERSE, Board, random_walk
from engine.puzzle.meter import BandMeter, band_available
from engine.rng import Rng
from game.puzzle.meter import band_text


def test_a_solution_bounds_every_position_on_it_and_the_moves_since():
    walk = random_walk(Board.goal(5, 5), 30, Rng(4))
    start = Board.goal(5, 5).apply(walk)
    solution = "".join(INVERSE[m] for m in reversed(walk))  # the walk back: a solution of 30 moves
    band = BandMeter()
    assert band.upper(start) is None  # nothing known yet
    band.learn(start, solution)
    assert band.upper(start) == 30
    on = start.apply(solution[:10])
    assert band.upper(on) == 20  # on the solution: its rest
    away = next(m for m in start.legal_moves() if m != solution[0])
    off = start.move(away)
    assert band.upper(off, away) == 31  # one move off it: the move back, then the solution
    assert band.upper(Board.goal(5, 5)) == 0
    band.learn(start, solution)  # the same again: kept
    assert band.upper(start) == 30


def test_the_band_is_for_5x5_and_up_and_reads_in_players_words():
    assert band_available(5, 5) and band_available(6, 5) and not band_available(4, 4) and not band_available(4, 5)
    assert band_text(88, 97) == "between 88 and 97 moves from solved (not proven)"
    assert band_text(40, 40) == "40 moves from solved (optimal)"  # the bounds meet: proven
    assert band_text(12, None).startswith("at least 12 moves from solved")


def test_the_game_line_on_5x5_is_a_band_between_a_proven_bound_and_the_solution_found():
    import re
    import time

    from engine.puzzle.deal import Deal, deal_session
    from engine.puzzle.near.solver import solve_near_optimal
    from game.puzzle.meter import MeterLine

    session = deal_session(Deal(5, 5, seed=3))
    line = MeterLine()
    line.attach(session)
    assert line.shows and line.banded and not line.available
    end = time.perf_counter() + 600  # the first use builds the 5x5 tables (not a speed check: a guard)
    while not line.text.startswith("between"):
        assert time.perf_counter() < end, line.text
        line.poll(session, True)
        time.sleep(0.02)
    low, high = map(int, re.findall(r"\d+", line.text))
    assert high == len(solve_near_optimal(session.board).moves)  # the near-optimal solver's (deterministic)
    assert session.board.manhattan() <= low < high and "not proven" in line.text
    line.poll(session, False)
    assert line.text == ""
    line.cancel()
