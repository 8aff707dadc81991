"""Golden puzzle mazes: recipe codes with rules (the ``.Q`` field) and level codes with hand-placed elements
(the ``R`` field), pinned when they were introduced and never regenerated.

A recipe code re-derives its elements from the seed (:func:`engine.maze.rules.placer.place`), so these pin the
placer: any change that moves an element, opens another wall or changes the search fails here.  Each row:
the code, the first 32 hex digits of SHA-256 over the passages (0/1 bytes) followed by the rules' JSON
(sorted keys), and the proven optimal length.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from test_codes import single_edits

from engine.code_frame import CodeError
from engine.codes import decode_any
from engine.maze.level_code import LevelCode
from engine.maze.recipe import MazeSpec
from engine.maze.rules.solver import solution_of

GOLDEN = [
    ('M2.S7X6.BT.QOE#2S-KA', 'f72492ade25cf4c746bcd05592fba247', 13),
    ('M2.S7X6.BT.QKM#2T-K5', 'a4406b6d2475b3f22af5f495017c798b', 17),
    ('M2.S7X6.BT.QPH#2U-KH', '6c7248662e395529f7ebc35ee9e6330c', 29),
    ('M2.S7X6.BT.QS20#2V-LK', '3f1587366e3fa0f2bfc97a82183b635a', 29),
    ('M2.S7X6.BT.QOKPSM#2W-NT', 'b6d3b72dead0c544ee31416165512385', 19),
    ('M2.H6X6.PR.QOM#2Z-KB', '75127880b94ca064468e55dd32c3102d', 14),
    ('M2.H6X6.PR.QKH#30-K7', '2a9cbc62d2e20877fef00d1c74cb9fc0', 18),
    ('M2.H6X6.PR.QP20#31-L7', 'b4e4c28a7bbfbd0b069a936f1b755e11', 21),
    ('M2.H6X6.PR.QSM#32-KA', 'f8fb42e02b2476b1a7bc3ccc883df1d5', 19),
    ('M2.H6X6.PR.QOKPSE#33-N4', '02ac95572c9b5f8555b4d93d57113226', 16),
    ('M2.T9X5.BT.QOH#36-JO', '4ee7800e7aff17c24af143c244a4665e', 28),
    ('M2.T9X5.BT.QK20#37-L0', '320488c19171f8a064c90dcd23f0f118', 22),
    ('M2.T9X5.BT.QPM#38-JI', 'ddc07c447aa6158e5999d5d943c77f68', 16),
    ('M2.T9X5.BT.QSE#39-K8', '6d0cc9fcbac31bc3bdd8d9239725646c', 38),
    ('M2.T9X5.BT.QOKPSM#3A-NP', 'a1014e919b882cd9c7ead23d6ba4604b', 26),
    ('M2.P5X4.WI.QO20#3D-KR', '27efd56171af3ccd123aae13b7f6941f', 22),
    ('M2.P5X4.WI.QKM#3E-KE', '12acc29cbc3283a85f921c1a9565e622', 22),
    ('M2.P5X4.WI.QPE#3F-JK', 'a8bd4b5aca49b3ef7897565a6d362267', 13),
    ('M2.P5X4.WI.QSM#3G-JO', 'ccc32b27e26a47e185db415f7a5fbe34', 21),
    ('M2.P5X4.WI.QOKPSH#3H-MT', '9b2fb7ac6e4637728c7e2d5295909571', 29),
    ('M2.U5X5.BT.QOM#3K-JT', 'bd9b52e634daca35011851af2ed49897', 15),
    ('M2.U5X5.BT.QKE#3L-KA', '28f7b838ca0943e218ea5850e7af4082', 26),
    ('M2.U5X5.BT.QPM#3M-JZ', '49da3971d0b1ca5a7161a8f12cb755af', 16),
    ('M2.U5X5.BT.QSH#3N-JL', 'cc4d836e5090755d8dee91b79b1e3d8a', 32),
    ('M2.U5X5.BT.QOKPS20#3O-OI', '8794447aa9b5fcbb203074a44eacdbbb', 25),
]

#: Level codes of five easy puzzle mazes (one per grid, every rule), each the level code of the recipe beside it.
LEVELS = [
    ('L2.S6X5.RO091N1V_D1S_K1C_PL_SA_G25:YD090Z3H1B-H1', 'M2.S6X5.BT.QOKPSE#B-MM'),
    ('L2.H5X5.RO1A1Z_D50_K2O_PC_SG_G0Z1T:9ZKFEQCZG37-I2', 'M2.H5X5.BT.QOKPSE#B-ME'),
    ('L2.T8X4.RO051K_D28_K1C_PT_S9_G171E1V:ZIGGS7AN-G6', 'M2.T8X4.BT.QOKPSE#B-LO'),
    ('L2.P4X4.RO3P_DB4_K68_P11_S07_G4961:7J5RNDWPR9Y2G23DZ30KYBK-UZ', 'M2.P4X4.BT.QOKPSE#B-LT'),
    ('L2.U4X4.RO132E2Q_D28_K2C_P2_S8_G2P3B:78NIMH7DY3V8-LI', 'M2.U4X4.BT.QOKPSE#B-MD'),
]


def fingerprint(maze) -> str:
    """The pinned digest of a puzzle maze (passages, then rules)."""
    rules = json.dumps(maze.rules.to_json(), sort_keys=True).encode()
    return hashlib.sha256(maze.passage.astype("uint8").tobytes() + rules).hexdigest()[:32]


@pytest.mark.parametrize(("code", "digest", "length"), GOLDEN)
def test_golden_puzzle_maze(code: str, digest: str, length: int) -> None:
    """Every grid, every rule family and the combination, every difficulty: the same maze, rules and optimum."""
    spec = decode_any(code)
    assert isinstance(spec, MazeSpec) and spec.puzzle is not None and spec.code() == code
    maze = spec.build()
    assert fingerprint(maze) == digest
    assert solution_of(maze).length == length


@pytest.mark.parametrize(("level", "recipe"), LEVELS)
def test_golden_level_codes_carry_the_elements(level: str, recipe: str) -> None:
    """A level code holds the puzzle maze itself: the recipe's passages and rules, read back equal."""
    held = decode_any(level)
    assert isinstance(held, LevelCode) and held.code() == level
    built = decode_any(recipe).build()
    assert held.maze().rules == built.rules
    assert (held.passage == built.passage).all()
    assert LevelCode.from_maze(built).code() == level


def test_every_single_typo_of_a_puzzle_code_is_refused() -> None:
    """Every single substitution, insertion, deletion and neighbour swap of the new codes is a CodeError."""
    tried = 0
    for code in [c for c, _, _ in GOLDEN] + [lv for lv, _ in LEVELS]:
        for typo in single_edits(code):
            tried += 1
            with pytest.raises(CodeError):
                decode_any(typo)
    assert tried > 30 * 500


@pytest.mark.parametrize("code", [
    "M1.S7X6.BT.QOE#2S",       # version 1 codes have no puzzle field
    "M2.S7X6.BT.QKOM#2S",      # families out of order
    "M2.S7X6.BT.QOX#2S",       # no such difficulty
    "M2.S7X6.BT.Q#2S",         # no family
    "M2.S7X6.BT.QO0#2S",       # a target of 0
    "M2.S7X6.BT.QO1000#2S",    # a target over 999
    "M2.S7X6.BT.QOE.QKE#2S",   # twice
    "M2.S7X6.BT.D.QOE#2S",     # after the dark field
    "M2.S60X60.BT.QOE#2S",     # too many cells
    "M2.S6X6.BT.F2.QPE#2S",    # a hunter on floors
])
def test_bad_puzzle_fields_are_refused_in_one_sentence(code: str) -> None:
    """Well-sealed codes whose puzzle field is wrong: one CodeError sentence, nothing built."""
    from engine.code_frame import seal

    with pytest.raises(CodeError) as err:
        decode_any(seal(code))
    assert "\n" not in str(err.value) and str(err.value).endswith(".")


def test_codes_without_rules_keep_their_spelling() -> None:
    """A plain recipe writes no puzzle field, so every existing code is unchanged."""
    spec = MazeSpec.create("square", 7, 6, "backtracker", seed=100)
    assert spec.code() == "M2.S7X6.BT#2S-FI" and spec.puzzle is None
