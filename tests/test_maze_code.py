"""Maze level codes: round trip, typos, robustness, determinism across processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codes import CodeError
from engine.maze.generators import GENERATORS
from engine.maze.grids import SHAPES
from engine.maze.recipe import MazeSpec

ROOT = Path(__file__).resolve().parents[1]


def all_specs() -> list[MazeSpec]:
    specs = []
    for gen in GENERATORS.values():
        for shape in gen.shapes:
            specs.append(MazeSpec.create(shape, 7, 5, gen.name, seed=len(specs) * 7919))
    return specs


@pytest.mark.parametrize("spec", all_specs(), ids=lambda s: f"{s.shape}-{s.algorithm}")
def test_code_round_trip_every_generator_and_shape(spec):
    code = spec.code()
    assert MazeSpec.from_code(code) == spec
    assert MazeSpec.from_code(code.lower()) == spec
    assert MazeSpec.from_code(f"  '{code}' ") == spec
    maze = MazeSpec.from_code(code).build()
    assert maze.is_perfect()


def test_options_and_braid_round_trip():
    spec = MazeSpec.create("hex", 12, 9, "growing-tree", {"rule": "newest:3, random"}, braid=0.25, seed=2**64 - 1)
    assert spec.options == {"rule": "newest:3,random:1"} and spec.braid == 25
    again = MazeSpec.from_code(spec.code())
    assert again == spec
    assert again.build().digest() == spec.build().digest()


def test_mistyped_character_is_caught():
    code = MazeSpec.create("square", 20, 15, "wilson", seed=123456).code()
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for i, ch in enumerate(code):
        if ch not in alphabet:
            continue
        other = alphabet[(alphabet.index(ch) + 1) % 36]
        with pytest.raises(CodeError):
            MazeSpec.from_code(code[:i] + other + code[i + 1 :])


@pytest.mark.parametrize("version", ["M1", "M2"])
@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("M9.S5X5.WI#0", "format"),
        ("X1.S5X5.WI#0", "not a maze code"),
        ("M1.Q5X5.WI#0", "shape letter"),
        ("M1.S5Y5.WI#0", "size"),
        ("M1.S1X5.WI#0", "outside"),
        ("M1.S5X5.ZZ#0", "algorithm"),
        ("M1.H5X5.DV#0", "does not run"),
        ("M1.S5X5.WI.B0#0", "braid"),
        ("M1.S5X5.WI.B101#0", "braid"),
        ("M1.S5X5.GT.X#0", "rule"),
        ("M1.S5X5.WI.FOO#0", "not understood"),
        ("M1.S5X5.WI", "seed"),
    ],
)
def test_bad_codes_name_the_problem(version, body, needle):
    from engine.codes import seal

    if body.startswith("M1"):  # the same field errors in both formats
        body = version + body[2:]
    with pytest.raises(CodeError) as info:
        MazeSpec.from_code(seal(body))
    assert needle in str(info.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="M1.SHTPUX0123456789ABGTWIDVKRNOQ#-:_ ", max_size=40))
def test_random_strings_never_crash_and_decoded_codes_build(text):
    try:
        spec = MazeSpec.from_code(text)
    except CodeError:
        return
    if spec.width * spec.height <= 2500:
        assert spec.build().grid.n > 0


@given(st.text(max_size=60))
def test_arbitrary_text_never_crashes(text):
    try:
        MazeSpec.from_code(text)
    except CodeError:
        pass


def test_same_code_in_other_processes_with_other_hash_seeds():
    codes = [s.code() for s in all_specs()[::3]]
    script = (
        "import sys\nfrom engine.maze.recipe import MazeSpec\n"
        "for c in sys.argv[1:]: print(MazeSpec.from_code(c).build().digest())"
    )
    outs = []
    for hs in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        proc = subprocess.run([sys.executable, "-c", script, *codes], capture_output=True, text=True, env=env,
                              cwd=str(ROOT), check=True)
        outs.append(proc.stdout)
    assert outs[0] == outs[1]
    assert outs[0].split() == [MazeSpec.from_code(c).build().digest() for c in codes]


def test_every_shape_has_a_letter():
    from engine.maze.recipe import SHAPE_LETTERS

    assert set(SHAPE_LETTERS) == set(SHAPES)


def test_a_recipe_refuses_a_percentage_it_could_not_write():
    """``MazeSpec(..., braid=1.0)`` once wrote ``B1.0``, a code the parser refuses: whole percentages only."""
    for bad in ({"braid": 1.0}, {"braid": 101}, {"weave": -1}, {"braid": True}):
        with pytest.raises(ValueError, match="whole percentage"):
            MazeSpec("square", 5, 4, "backtracker", {}, seed=1, **bad)
    ok = MazeSpec("square", 5, 4, "backtracker", {}, braid=25, seed=1)
    assert MazeSpec.from_code(ok.code()) == ok
