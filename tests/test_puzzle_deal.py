"""Dealing a puzzle (one shuffle per deal): the dealt boards and codes are pinned to what the old
two-shuffle deal produced for the same seeds (computed before the change)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.puzzle.deal import Deal, deal_board, deal_session, seed_code, session_from_code

# (deal, dealt tiles, position code, seed code), computed with the deal that shuffled twice
PINNED = [
    (Deal(4, 4, "uniform", seed=5),
     (7, 8, 4, 11, 3, 5, 6, 12, 2, 10, 0, 1, 15, 14, 13, 9), "P2.4X4:3GYROH90N-JA", "P2.4X4.U#5-C6"),
    (Deal(5, 3, "moves", 40, seed=9),
     (12, 1, 2, 10, 4, 13, 11, 3, 8, 5, 0, 7, 6, 9, 14), "P2.5X3:DFTLDRZI-HC", "P2.5X3.K40#9-EK"),
    (Deal(3, 3, "uniform", seed=1, picture="default"),
     (4, 2, 7, 5, 0, 8, 6, 3, 1), "P2.3X3:3RAN-DC", "P2.3X3.U.IDEFAULT#1-LP"),
    (Deal(10, 10, seed=1),
     (93, 61, 75, 9, 36, 39, 85, 55, 96, 31, 16, 2, 48, 70, 28, 87, 91, 54, 52, 18, 83, 66, 81, 43, 19, 94, 60, 27,
      21, 65, 14, 4, 89, 12, 88, 98, 92, 17, 7, 95, 73, 5, 15, 38, 59, 71, 22, 45, 46, 0, 30, 37, 11, 26, 8, 74, 42,
      34, 32, 97, 67, 40, 62, 80, 76, 50, 90, 63, 25, 99, 20, 47, 10, 82, 33, 51, 13, 53, 68, 49, 86, 78, 6, 84, 64,
      44, 41, 56, 57, 58, 79, 72, 35, 77, 3, 1, 24, 69, 29, 23),
     "P2.10X10:5OPKMVVF50210XESVXUJZCRQVDFFRSENJHGBOS5MSLSBYZASUL27TI4QXWSV64P66F3PVRJQ8HT8IQQGJO6P2QG93RWKZAIHP6Q0NN-LG",
     "P2.10X10.U#1-EO"),
    (Deal(2, 2, "moves", 7, seed=123456789), (2, 3, 0, 1), "P2.2X2:G-9N", "P2.2X2.K7#21I3V9-J8"),
    (Deal(6, 4, "uniform", seed=(1 << 64) - 1, picture="mosaic"),
     (21, 2, 4, 7, 11, 23, 5, 15, 16, 18, 9, 22, 13, 20, 6, 17, 0, 10, 19, 14, 1, 3, 8, 12),
     "P2.6X4:2GSQY10B9FKYK3ZC-QB", "P2.6X4.U.IMOSAIC#3W5E11264SGSF-Y7"),
]


@pytest.mark.parametrize(("deal", "tiles", "code", "seed"), PINNED)
def test_deal_is_the_same_as_before(deal: Deal, tiles: tuple[int, ...], code: str, seed: str) -> None:
    s = deal_session(deal)
    assert s.start.tiles == tiles and s.board == s.start
    assert s.code == code and s.seed_code == seed
    assert deal_board(deal).tiles == tiles and seed_code(deal) == seed
    again, back = session_from_code(seed)
    assert again.start.tiles == tiles and again.code == code and again.seed_code == seed and back == deal


def test_a_deal_shuffles_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.puzzle.codes as codes

    calls: list[tuple[object, ...]] = []
    real = codes.shuffle_code

    def counted(*args: Any, **kwargs: Any) -> codes.PuzzleCode:  # passed through
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(codes, "shuffle_code", counted)
    deal_session(Deal(4, 4, "uniform", seed=5))
    assert len(calls) == 1


def test_win_records_and_news() -> None:
    from engine.puzzle.board import Board
    from engine.puzzle.deal import WinRecord, win_news, win_records
    from engine.puzzle.session import PuzzleSession

    s = PuzzleSession(Board.goal(3, 3).apply("UL"), code="P2.3X3:X-00")
    assert win_records(s) == []  # not won
    s.act("R")
    s.act("D")
    s.elapsed = 4.5
    assert s.counts_for_bests
    puzzle, size = win_records(s)
    assert puzzle == WinRecord("P2.3X3:X-00", 4.5, 2, False, "3x3")
    assert size == WinRecord("puzzle-size:3x3", 4.5, 2, True, "3x3")
    assert win_news(puzzle, True, True) == ["new best time for this puzzle", "fewest moves for this puzzle"]
    assert win_news(puzzle, False, True) == ["fewest moves for this puzzle"]
    assert win_news(size, True, True) == ["best 3x3 time"] and win_news(size, False, True) == []

    helped = PuzzleSession(Board.goal(3, 3).apply("L"))
    helped.hint_now()
    helped.act("R")
    assert helped.won and win_records(helped) == []
