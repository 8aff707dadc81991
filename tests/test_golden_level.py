"""Golden level codes (tag L): five codes, one per shape, pinned to the SHA-256 of their passages.

A level code carries the maze itself, so these pin the format (shape letters, sizes, the
31-bit chunks, start/goal/dark fields) rather than any generator.  Never regenerate them:
a change that breaks one changes every shared level code.  (Made from generated mazes,
seed 2026, some with another start and goal, some dark.)
"""

from __future__ import annotations

import pytest

from engine.codes import decode_any
from engine.level import Level
from engine.maze.level_code import LevelCode

GOLDEN = [
    ("L2.S12X9:LI1BSFSYR2P7Q7J7TEID3BZZPH0X62FUO9V15F-JC",
     "b6e897ee674b27e3ab2871b3df323f19e71a645d71ca151e75f8de0ded49f767", (96, 11, False)),
    ("L2.H9X7.A5.Z14.D:5UPZRY6NE6RQCRK6JH9AS0OKPJM6O24-KB",
     "c915628883dc360a387789f79fe33c0227be94781bd4d89cecf9a3250215a103", (5, 40, True)),
    ("L2.T10X8.A0.Z27:ZHWN9BV2NMGDB3JPO7AYJ-7C",
     "be8896c946e3ead63f0e57e8d50b17aa8a78ff6304a15112c0b3ac3a879f93ad", (0, 79, False)),
    ("L2.P6X5.D:WXHLZXUJLFM0AE8HW2USBLEOTY38OJ1CRZ-FA",
     "28c4cbc1ace5ddef10b9e1a5f1f0d7352a9346ffa7084c81109233903f9de5a6", None),
    ("L2.U6X5.A3.Z19:7XGVFFK0349H0MMFI93FR6O97-B2",
     "1936b691a0f53af82baa4ff41f036a4e0371a64e064190e6a3c3b9c4de7f6846", (3, 45, False)),
]


def test_one_golden_code_per_shape():
    assert sorted(decode_any(code).shape for code, _, _ in GOLDEN) == ["hex", "polar", "square", "triangle",
                                                                       "upsilon"]


@pytest.mark.parametrize(("code", "digest", "fields"), GOLDEN, ids=[c[:6] for c, _, _ in GOLDEN])
def test_golden_level_code(code, digest, fields):
    held = decode_any(code)
    assert isinstance(held, LevelCode) and held.code() == code
    assert held.digest() == digest
    level = Level.from_code(code)
    assert level.recipe is None and level.maze.digest() == digest and level.code() == code
    if fields is not None:
        assert (held.start, held.goal, held.dark) == fields
    else:
        assert (held.start, held.goal, held.dark) == (held.grid.start, held.grid.goal, True)
