"""Golden picture puzzle codes: code -> SHA-256 of the tiles, pinned once.  NEVER regenerate them.

Each picture code is the twin of a plain code pinned in tests/test_golden_v2.py
(same size, form and seed): the digests below are the twins' digests, so a
picture changes what the tiles show, never the position.  The codes themselves
are pinned too (spelling and check characters).
"""

from __future__ import annotations

import hashlib

import pytest

from engine.codes import decode_any

PICTURE_V2 = [  # (picture code, picture, plain twin, SHA-256 of repr(tiles))
    ("P2.3X3.U.IDEFAULT#B-MF", "default", "P2.3X3.U#B-CF",
     "6154facdae80f2b150a937ded4cdf8c3dad451015189868538b9f7ad00e67787"),
    ("P2.4X4.U.IMOSAIC#1KA-MU", "mosaic", "P2.4X4.U#1KA-DO",
     "a7adc271bd6767c9f1da75923942f6bd4a4f235d7e8f921c7c8953a02aedc90f"),
    ("P2.5X3.K80.IMAZE#7-KM", "maze", "P2.5X3.K80#7-DR",
     "d500bd777b1beb5581c4ae854d959d64b4e680c33053e59f66bf6960c687e14e"),
    ("P2.8X8.K1000.IDEFAULT#2R-S7", "default", "P2.8X8.K1000#2R-I3",
     "d340159c96809aaf7c1d8052d2d4ac1ad061d0140c051e543de68cbeaeb6c04f"),
    ("P2.4X4.IMAZE:39DVVV05V-PB", "maze", "P2.4X4:39DVVV05V-J1",
     "a7adc271bd6767c9f1da75923942f6bd4a4f235d7e8f921c7c8953a02aedc90f"),
]


@pytest.mark.parametrize("code, picture, twin, digest", PICTURE_V2)
def test_picture_codes_are_pinned_and_keep_their_twins_position(code, picture, twin, digest):
    pc = decode_any(code)
    assert pc.KIND == "puzzle" and pc.code() == code and pc.picture == picture
    assert hashlib.sha256(repr(pc.board.tiles).encode()).hexdigest() == digest
    plain = decode_any(twin)
    assert plain.picture is None and plain.board == pc.board
    assert pc.with_picture(None).code() == twin and plain.with_picture(picture).code() == code
    assert decode_any(code.lower()).code() == code
