"""Golden weave codes: code -> SHA-256 of the maze (``Maze.digest``, as in tests/test_golden.py), pinned once.

A weave maze's passages cover the base grid's edges and then one under-edge per
crossing, so the digest pins the crossings too.  These were computed ONCE when the
``W`` field was introduced.  NEVER regenerate them to make a test pass: a change that
breaks one changes every shared weave code.
"""

from __future__ import annotations

import pytest

from engine.codes import decode_any
from engine.maze.weave import crossing_problems

WEAVE_GOLDEN = [
    ("M2.S20X15.BT.W30#1-L7", "a0686242c1c2ece523b951a475e480559880ee0d5b0897ac1b408bb810b1bd76"),
    ("M2.H16X12.WI.W50#16-MA", "212d6d0bd6be34d49f20059e2b9e3e43a4906b55bae98c1a5251bd28138932d4"),
    ("M2.S24X18.GT.N3R.W100#7-QB", "703a72e626513998aed4cde7100b65571e54635cf5bfeae8e90037ce5a44b4ee"),
    ("M2.H12X12.KR.W100.D#1KA-QB", "09d8fcc7d65d967f9c44da3a1bfd1f5c7f718ce5dceebd518029049b5a197560"),
    ("M2.S30X20.PS.W20#5-LA", "a8381ae40e5da4dae41ae5257fd08f85669de4dd803546780ad19916ab8d68db"),
    ("M2.H18X10.HK.W75#9-KY", "6358380215920777046db4efc6bcdbaf1c7f4cde347b60d48bb25dba354f7e04"),
    ("M2.S10X10.AB.W60#3-LG", "e4e49a233e83390854f0b86f31cf0d1d1d2e53a402bfbd50cafd2856f17544a0"),
    ("M2.S40X30.PR.W45#B-KJ", "71aea240e277c7e365917819fa15ef0165f54b816794696ab391608927e11855"),
    ("R2.H14X10.BT.W40.TH#8-O9", "6e13892a28d895fabbeb8b05e61584005be516ca501ce69edfb00a0aa1bdfc92"),
]


@pytest.mark.parametrize(("code", "digest"), WEAVE_GOLDEN, ids=[c for c, _ in WEAVE_GOLDEN])
def test_weave_golden(code, digest):
    decoded = decode_any(code)
    assert decoded.code() == code
    spec = decoded.maze if decoded.KIND == "race" else decoded
    assert spec.weave > 0
    maze = spec.build()
    assert maze.digest() == digest
    assert maze.is_perfect() and maze.is_weave and crossing_problems(maze) == []
