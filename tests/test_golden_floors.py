"""Golden codes of mazes with floors: code -> SHA-256 of the maze (``Maze.digest``), pinned once.

A maze with floors covers every floor's edges and then every stair candidate (open where
the maze has a stair), so the digest pins the stairs too.  These were computed ONCE when
the ``F`` field was introduced.  NEVER regenerate them to make a test pass: a change that
breaks one changes every shared code with floors.
"""

from __future__ import annotations

import pytest

from engine.codes import decode_any
from engine.maze.floors import open_stairs, stair_problems
from engine.maze.level_code import LevelCode
from engine.modes.ghost import GhostCode

FLOORS_GOLDEN = [
    ("M2.S20X15.BT.F2#1-JY", "f0baaee6b2af0cf32a59d12a33d1cbb788a9d280363ae8f7cbf88b249514f507"),
    ("M2.H16X12.WI.F3#M-JE", "2608aa8c4c5074b04c4eadda03e026db6ec8768ab5f19e024922288e5693c570"),
    ("M2.S12X12.GT.N3R.F4#7-O3", "80937c1b5cc969a1ffa6cb98a793b0ae7ce5f82a4f10ac69899c38070474cad6"),
    ("M2.H10X10.KR.F2S20.D#RS-QC", "101a5f34453e18bbf0f5428b91e4a22560201eedd928950fc60ae1af709e440a"),
    ("M2.S25X20.PS.B25.F3#5-NZ", "f7c05aebd826142823ef4c1100a40a9f2c730585a2bcaa3924650891c6726949"),
    ("M2.H14X9.HK.F5S10#9-M7", "acf44b00ca698befe49d1b345a8d9beef8dec8eb8c17ce4f8b1ab505af8f9919"),
    ("M2.S8X8.AB.F8S100#3-LW", "d5ff0e20d27c24d338b286624c5cc3704d112527266f1d51b4d63a839423a546"),
    ("M2.S30X20.PR.F2S2#B-LT", "96c02a1eb5443f27bde9d65d27baa4aae25b21f6ac2374a3b248932abe80d061"),
    ("R2.H14X10.BT.F3.TH#8-MT", "b241b2a2b58dd656baedab15cede67c87432a81999467a8e8895921f8ea168f0"),
    ("G2.S6X5.BT.F2#4:31031648404G4400-28", "ea0cc74d1cb4173ddb08a4c078eea7d91c1f361b6db22161a899a940548e1a2c"),
]

LEVEL_GOLDEN = [
    (
        "L2.H7X5.F3.D:Y9S85L5OUUT4U5DZOKDLU2FZE5SQ684IIY3CHU9HZG7YQ610018Y680JZ6RK00-F6",
        "416e343fd750b8e45d1afa075ed5bd2e9022748159b162674c202478e90af1af",
    ),
    (
        "L2.H7X5.F3.A3.Z28:Y9S85L5OUUT4U5DZOKDLU2FZE5SQ684IIY3CHU9HZG7YQ610018Y680JZ6RK00-L3",
        "416e343fd750b8e45d1afa075ed5bd2e9022748159b162674c202478e90af1af",
    ),
]
GHOST_OF_A_LEVEL = "G2.H7X5.F3.A3.Z28:Y9S85L5OUUT4U5DZOKDLU2FZE5SQ684IIY3CHU9HZG7YQ610018Y680JZ6RK00:310B16GGOS44-0K"


@pytest.mark.parametrize(("code", "digest"), FLOORS_GOLDEN, ids=[c for c, _ in FLOORS_GOLDEN])
def test_floors_golden(code, digest):
    decoded = decode_any(code)
    assert decoded.code() == code
    spec = decoded.maze if decoded.KIND == "race" else decoded.spec if decoded.KIND == "ghost" else decoded
    assert spec.floors > 1
    maze = spec.build()
    assert maze.digest() == digest
    assert maze.grid.floors == spec.floors
    assert stair_problems(maze) == []
    assert len(open_stairs(maze)) >= spec.floors - 1
    assert maze.is_perfect() == (spec.braid == 0) and maze.connected()
    if isinstance(decoded, GhostCode):
        ghost = decoded.resolve()
        assert ghost.path[-1] == maze.goal
        assert len({int(maze.grid.floor_of[c]) for c in ghost.path}) == 2  # the run takes a stair


@pytest.mark.parametrize(("code", "digest"), LEVEL_GOLDEN, ids=[c[:14] for c, _ in LEVEL_GOLDEN])
def test_floors_golden_level_codes(code, digest):
    held = decode_any(code)
    assert isinstance(held, LevelCode) and held.code() == code
    assert held.digest() == digest and held.floors == 3
    level = held.level()
    assert level.floors == 3 and level.grid.floor_of[level.goal] in (0, 1, 2)


def test_floors_golden_ghost_of_a_level():
    decoded = decode_any(GHOST_OF_A_LEVEL)
    assert decoded.code() == GHOST_OF_A_LEVEL and decoded.spec is None
    ghost = decoded.resolve()
    assert (ghost.path[0], ghost.path[-1]) == (3, 80)  # A3, Z28 in base 36


def test_codes_without_floors_keep_their_spelling():
    for code in ("M2.S20X15.BT#1-GH", "M2.H16X12.WI#M-G1"):
        spec = decode_any(code)
        assert spec.floors == 1 and spec.code() == code
