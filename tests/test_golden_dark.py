"""Golden dark codes: code -> (SHA-256 of the maze, the dark flag), pinned once.

The ``.D`` field makes a level dark and changes nothing else: each digest below
was computed ONCE from the maze its non-dark twin builds (the same digests as in
tests/test_golden_v2.py).  NEVER regenerate them to make a test pass.
"""

from __future__ import annotations

import pytest

from engine.codes import decode_any

DARK_GOLDEN = [
    ("M2.H16X12.GT.O.B20.D#25-QS", "49d3b07bed157c12dab3189d0b92e59eb345a04a6cc005ff0d6b70b8b53a1fb1", True),
    ("M2.P6X7.WI.D#1KK-IV", "ef5bd51940b51e891d59872169ccde4b59a29916b161a3ebd534858fe211cf38", True),
    ("M2.T14X9.PR.D#144-JQ", "374d2a4c314d2b7c0f94f1028d76dd5478ba5c0c672b8950350da9d0f7af8c83", True),
    ("M2.U11X11.KR.B35.D#4-ND", "525416fa5d5b25bdc5d7e5979e4eac991488d0e1ec4fa2d9bcbda0e2247ef20b", True),
    ("M2.S12X9.EL.D#232-K9", "b7df6d5c608b34469965695f7d22f6d378568ff68aaaf2e3c04f51d7e6284afb", True),
    ("R2.T14X9.BT.D.WN#YZ-MK", "79a6bf36dbe04295482e563e135d6295335cc3be653c2c88f76f5dc6fb216c73", True),
]


@pytest.mark.parametrize(("code", "digest", "dark"), DARK_GOLDEN, ids=[c for c, _, _ in DARK_GOLDEN])
def test_dark_golden(code, digest, dark):
    decoded = decode_any(code)
    assert decoded.code() == code
    spec = decoded.maze if decoded.KIND == "race" else decoded
    assert spec.dark is dark
    assert spec.build().digest() == digest
    light = spec.with_dark(False)  # the same maze without the flag
    assert light.build().digest() == digest and ".D" not in light.code()
