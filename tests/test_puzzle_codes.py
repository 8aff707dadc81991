"""Puzzle codes: round trips, validation, fuzzing (only CodeError ever escapes)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codes import CodeError, seal
from engine.puzzle.board import Board, shuffle_uniform
from engine.puzzle.codes import decode, encode_board, rank_tiles, shuffle_code, unrank_tiles
from engine.rng import Rng


def test_round_trips():
    rng = Rng(1)
    for w, h in [(2, 2), (3, 3), (4, 4), (5, 3), (10, 10), (12, 12)]:
        b = shuffle_uniform(w, h, rng)
        code = encode_board(b)
        assert code.startswith(f"P2.{w}X{h}:")
        assert decode(code).board == b
        assert decode(code.lower()).board == b
        pc = shuffle_code(w, h, 12345)
        assert decode(pc.code()).board == pc.board and decode(pc.code()).kind == "uniform"
        pk = shuffle_code(w, h, 99, 80)
        d = decode(pk.code())
        assert d.board == pk.board and d.moves == 80 and d.seed == 99
        assert pk.code().startswith(f"P2.{w}X{h}.K80#")


def test_rank_unrank():
    for t in [(0, 1, 2, 3), (3, 2, 1, 0), (1, 2, 3, 4, 5, 6, 7, 8, 0)]:
        assert unrank_tiles(rank_tiles(t), len(t)) == t


def test_rejections_are_sentences():
    b = Board(2, 2, (2, 1, 3, 0))  # unsolvable
    bad_codes = [
        "", "P1.4X4", "M1.4X4:0-0", seal("P9.4X4:0"), seal("P1.4X4:ZZZZZZZZZZZZZZ"), seal("P1.1X4:0"),
        seal("P1.4X4.Q#1"), seal("P1.4X4.K0#1"), seal("P1.4X4"), seal("P1.99X4:1"), encode_board(b),
    ]
    for c in bad_codes:
        with pytest.raises(CodeError) as e:
            decode(c)
        msg = str(e.value)
        assert msg.endswith(".") and "\n" not in msg
    with pytest.raises(CodeError, match="unsolvable"):
        decode(encode_board(b))
    good = encode_board(Board.goal(4, 4).apply("UL"))
    typo = good[:-3] + ("0" if good[-3] != "0" else "1") + good[-2:]
    with pytest.raises(CodeError):
        decode(typo)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_random_strings_never_crash(s):
    try:
        decode(s)
    except CodeError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="P1.X0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:#-", max_size=30))
def test_random_sealed_bodies_never_crash(body):
    try:
        decode(seal(body.upper()))
    except CodeError:
        pass
