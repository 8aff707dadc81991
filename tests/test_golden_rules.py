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
    ('M2.S7X6.BT.QOE#2S-KA', 'afc8d0331754f23ba8f9a532c66cc68c', 15),
    ('M2.S7X6.BT.QKM#2T-K5', 'c420974a0977f36b29d51170fdd1e353', 15),
    ('M2.S7X6.BT.QPH#2U-KH', '6c7248662e395529f7ebc35ee9e6330c', 29),
    ('M2.S7X6.BT.QS20#2V-LK', '0a6aa66150fbb80b6fd2251b509c6e68', 25),
    ('M2.S7X6.BT.QOKPSM#2W-NT', 'b6d3b72dead0c544ee31416165512385', 19),
    ('M2.H6X6.PR.QOM#2Z-KB', '46b51ccc66af3c1ea78883d3433fbdfe', 14),
    ('M2.H6X6.PR.QKH#30-K7', 'e4ea1e77bb9e577bbffcf60919d60dcd', 22),
    ('M2.H6X6.PR.QP20#31-L7', 'b4e4c28a7bbfbd0b069a936f1b755e11', 21),
    ('M2.H6X6.PR.QSM#32-KA', '7af8ba035d58973a4391640e70f804c9', 19),
    ('M2.H6X6.PR.QOKPSE#33-N4', '6f81ac321a43225eb7e1dd833ef41d98', 12),
    ('M2.T9X5.BT.QOH#36-JO', '3e222dcfcd830eda18376529a06aae9e', 22),
    ('M2.T9X5.BT.QK20#37-L0', '38aff10c04fe0a33721e296c1dee3dd2', 24),
    ('M2.T9X5.BT.QPM#38-JI', 'ddc07c447aa6158e5999d5d943c77f68', 16),
    ('M2.T9X5.BT.QSE#39-K8', 'c0818b777b7dfcac525b6985750304bc', 14),
    ('M2.T9X5.BT.QOKPSM#3A-NP', 'c40dc61c7f8a45027cdef4c044fd63cb', 18),
    ('M2.P5X4.WI.QO20#3D-KR', 'aa262e027f1ec6920d726d76ed68fa02', 20),
    ('M2.P5X4.WI.QKM#3E-KE', 'f6879b29a8b154d7a80134d8a1649a06', 26),
    ('M2.P5X4.WI.QPE#3F-JK', 'a8bd4b5aca49b3ef7897565a6d362267', 13),
    ('M2.P5X4.WI.QSM#3G-JO', 'a8a99bcf28812f8de77ae9256e0a87b6', 27),
    ('M2.P5X4.WI.QOKPSH#3H-MT', '0a390a744ff32e3845598131da6d108d', 29),
    ('M2.U5X5.BT.QOM#3K-JT', '187b2ece72045826a293963530a51d0e', 14),
    ('M2.U5X5.BT.QKE#3L-KA', '28f7b838ca0943e218ea5850e7af4082', 26),
    ('M2.U5X5.BT.QPM#3M-JZ', '49da3971d0b1ca5a7161a8f12cb755af', 16),
    ('M2.U5X5.BT.QSH#3N-JL', '673d272243957524ccb81820b63f02d2', 20),
    ('M2.U5X5.BT.QOKPS20#3O-OI', 'c95d1856ab4cc685207ad84b257ff6fa', 21),
]

#: Level codes of five easy puzzle mazes (one per grid, every rule), each the level code of the recipe beside it.
LEVELS = [
    ("L2.S6X5.RO091U_D2G_K1C_PR_S8_G1J1O25:YD090Z3H1B-J2", "M2.S6X5.BT.QOKPSE#B-MM"),
    ("L2.H5X5.RO0W0Y_D2O_K18_PA_S9_G151E1T:9Z96V6AKCVN-JU", "M2.H5X5.BT.QOKPSE#B-ME"),
    ("L2.T8X4.RO051K_D28_K1C_PT_S9_G171E1V:ZIGGS7AN-G6", "M2.T8X4.BT.QOKPSE#B-LO"),
    ("L2.P4X4.RO1T313H3T3X4J_D4W_K2O_P0H_S0K_G495X:7J8XMHWPR9Y2G23DZ30I56O-72", "M2.P4X4.BT.QOKPSE#B-LT"),
    ("L2.U4X4.RO011L2P2R2T2U_D1W_K00_PK_S1_G1E2Y:7DQ58P7BG7IT-RK", "M2.U4X4.BT.QOKPSE#B-MD"),
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
