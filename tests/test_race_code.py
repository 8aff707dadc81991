"""Race codes (engine.modes.race.code): round trip, versions, bad fields named in one sentence."""

from __future__ import annotations

import pytest

from engine.codes import CodeError, decode_any, seal
from engine.maze.recipe import MazeSpec
from engine.modes.race.code import RaceSpec


def test_race_codes_round_trip():
    specs = [
        RaceSpec.create(MazeSpec.create("square", 20, 15, "growing-tree", {"rule": "newest:3,random"}, 0.25, 99)),
        RaceSpec.create(MazeSpec.create("hex", 12, 12, "wilson", seed=7), "tremaux", speed=6.5),
        RaceSpec.create(MazeSpec.create("polar", 8, 6, "backtracker", seed=2**64 - 1), "wall", "hard"),
    ]
    for spec in specs:
        code = spec.code()
        assert code.startswith("R2.")
        again = RaceSpec.from_code(code.lower())
        assert again == spec and again.maze.options == spec.maze.options
        assert again.speed10 == spec.speed10
    assert specs[1].code().split("#")[0].endswith(".T65")
    # A maze code raced with the default opponent (what parse_race_or_maze_code did): the runner at normal.
    assert RaceSpec(decode_any(specs[0].maze.code())).opponent == "runner"


@pytest.mark.parametrize(
    ("mutate", "phrase"),
    [
        (lambda c: c[:-1] + ("0" if c[-1] != "0" else "1"), "check character"),
        (lambda c: c.replace("R2.", "M2."), None),
        (lambda c: c[:-2], "check character"),
    ],
)
def test_bad_race_codes_raise_one_sentence(mutate, phrase):
    code = RaceSpec.create(MazeSpec.create("square", 10, 10, "backtracker", seed=5), "runner").code()
    with pytest.raises(CodeError) as err:
        RaceSpec.from_code(mutate(code))
    msg = str(err.value)
    assert msg.endswith(".") and "\n" not in msg
    if phrase:
        assert phrase in msg


@pytest.mark.parametrize("version", ["R1", "R2"])
def test_bad_race_fields_are_named(version):
    with pytest.raises(CodeError, match="opponent letter"):
        RaceSpec.from_code(seal(f"{version}.S10X10.BT.QN#5"))
    with pytest.raises(CodeError, match="difficulty"):
        RaceSpec.from_code(seal(f"{version}.S10X10.BT.RZ#5"))
    with pytest.raises(CodeError, match="speed"):
        RaceSpec.from_code(seal(f"{version}.S10X10.BT.R999#5"))
    with pytest.raises(CodeError, match="missing"):
        RaceSpec.from_code(seal(f"{version}.RN#5"))
    with pytest.raises(ValueError, match="speed"):
        RaceSpec.create(MazeSpec.create("square", 10, 10, "backtracker"), "runner", speed=100)
    with pytest.raises(ValueError, match="known"):
        RaceSpec.create(MazeSpec.create("square", 10, 10, "backtracker"), "ghostly")
