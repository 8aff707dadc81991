"""Golden shaped-maze codes: code -> (SHA-256 of the passages, cells, start, goal), pinned once.

The digest is the same function as in tests/test_golden.py (``Maze.digest``); the
cell count, start and goal pin the cut itself (which cells the mask keeps and the
far-apart start and goal).  They were computed once when the ``K`` field was
fixed.  NEVER regenerate them to make a test pass: a failure means shared shaped
codes changed; fix the change instead.
"""

from __future__ import annotations

import pytest

from engine.codes import decode_any

MASK_GOLDEN = [
    ("M2.S20X16.WI.KHEART#1KA-QJ", "34d147f28937e792edfc40bfe37537da754061f7de3fb10197c765f0e84c34b9", 230, 219, 22),
    ("M2.H18X14.BT.KSTAR#25-ON", "e9dcdbf60b3e96af0905752e49a16a69e072e4cdefb577da1929eb2eb9c5e8d2", 92, 80, 0),
    ("M2.T36X16.KR.KTHI#5-LP", "e02f2ccddf2ff907f410f31ee5a7da3dd8a663c42ee2eb55415338edafc6b626", 256, 240, 255),
    ("M2.P8X8.PR.KRING#2N9C-O8", "83e63cb7bf2c2cdd791de4495c9e5debc7e49ed1ae6d7d635892f37507324975", 224, 0, 192),
    ("M2.U12X10.GT.N3R.B30.KDIAMOND#9-0S", "fb284e17d5d2088241ed67bfe699a08d2697c561e890d6f181c24445b376156d",
     119, 39, 0),
    ("M2.S24X24.HK.KB8X8_4NNML0DY22O#V-26", "42b09ccbcf4bd19abcb0ffafd801533d99abba0610121ebae87077f935101088",
     270, 233, 0),
    ("M2.S48X10.AB.KTMAZE_1.D#8-TD", "cb436f70d896e1501eee3586a25fa800d7c94251e80feeddb56526471ac7117a", 204, 182, 180),
    ("M2.H16X16.PS.KMOON#14-O3", "be8741090440eba163fd4042ae86f9be13073f4721b78f5676349f39c5425f5b", 100, 99, 16),
    ("R2.S16X16.WI.KCROSS.TN#3-RZ", "94efaad7585488eb521efb51cb19bb179b14a0df0e73b3228ce12723c5e285ff", 156, 125, 0),
]


@pytest.mark.parametrize(("code", "digest", "cells", "start", "goal"), MASK_GOLDEN, ids=[g[0] for g in MASK_GOLDEN])
def test_mask_golden(code, digest, cells, start, goal):
    decoded = decode_any(code)
    assert decoded.code() == code
    spec = decoded.maze if decoded.KIND == "race" else decoded
    assert spec.mask is not None
    maze = spec.build()
    assert maze.digest() == digest
    assert (maze.grid.n, maze.start, maze.goal) == (cells, start, goal)


def test_mask_golden_covers_every_shape_and_mask_kind():
    specs = [decode_any(g[0]) for g in MASK_GOLDEN]
    specs = [s.maze if s.KIND == "race" else s for s in specs]
    assert {s.shape for s in specs} == {"square", "hex", "triangle", "polar", "upsilon"}
    assert {s.mask.kind for s in specs} == {"builtin", "text", "image"}
