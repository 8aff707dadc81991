"""The dark flag in maze, race and ghost codes: ``.D`` after the braid, absent = not dark."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.codes import CodeError, decode_any, seal
from engine.maze.recipe import MazeSpec
from engine.modes.race.code import RaceSpec
from tests.test_codes import valid_codes

SPEC = MazeSpec.create("hex", 9, 7, "growing-tree", {"rule": "newest:3,random:1"}, braid=0.25, seed=77)


def test_the_flag_is_one_field_after_the_braid_and_round_trips():
    dark = SPEC.with_dark()
    assert dark.code().split("#")[0].endswith(".B25.D") and ".D" not in SPEC.code()
    assert decode_any(dark.code()) == dark and decode_any(dark.code()).dark
    assert dark != SPEC and dark.with_dark(False) == SPEC
    for version in (1, 2):
        twin = replace(dark, version=version)
        assert decode_any(twin.code().lower()) == dark and decode_any(twin.code()).code() == twin.code()


def test_race_and_ghost_codes_carry_the_flag_with_the_maze_fields():
    race = RaceSpec.create(SPEC.with_dark(), "tremaux", "hard")
    assert ".B25.D.TH#" in race.code() and decode_any(race.code()).maze.dark
    assert not decode_any(RaceSpec.create(SPEC, "tremaux", "hard").code()).maze.dark


@pytest.mark.parametrize(
    ("body", "phrase"),
    [
        ("M2.S12X9.WI.D.B25#G61Y", "not understood"),  # the braid comes first
        ("M2.S12X9.WI.D.D#G61Y", "twice"),
        ("M2.S12X9.WI.DD#G61Y", "not understood"),
        ("M2.S12X9.WI.D1#G61Y", "not understood"),
        ("M2.S12X9.GT.D#G61Y", "."),  # growing tree's options are missing
        ("R2.S12X9.WI.RN.D#G61Y", "opponent"),  # the opponent comes last
    ],
)
def test_misplaced_or_repeated_flags_are_refused_with_a_sentence(body, phrase):
    with pytest.raises(CodeError, match=phrase) as info:
        decode_any(seal(body))
    assert str(info.value).endswith(".")


def test_the_exhaustive_and_random_code_pools_include_dark_codes():
    for kind in ("maze", "race", "ghost"):
        codes = valid_codes(kind)
        dark = [c for c in codes if ".D#" in c or ".D." in c]
        assert len(dark) >= 15 and len(codes) - len(dark) >= 50, kind


def test_show_reports_dark(capsys):
    from engine.describe import describe_code

    assert describe_code(SPEC.with_dark().code())["dark"] is True
    assert describe_code(SPEC.code())["dark"] is False


def test_generate_dark_writes_the_flag_in_the_code_and_the_json():
    import io
    import json

    from engine.cli import main

    def run(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()

    code, out, err = run("generate", "--shape", "hex", "--algo", "wilson", "--size", "6x5", "--seed", "3",
                         "--format", "json", "--dark")
    assert code == 0, err
    obj = json.loads(out)
    assert obj["dark"] is True and decode_any(obj["code"]).dark
    code, out, _ = run("generate", "--shape", "hex", "--algo", "wilson", "--size", "6x5", "--seed", "3",
                       "--format", "json")
    light = json.loads(out)
    assert "dark" not in light and not decode_any(light["code"]).dark
    assert light["passages"] == obj["passages"]  # the same maze
    code, out, _ = run("generate", "--code", light["code"], "--dark", "--format", "jsonl")
    assert code == 0 and json.loads(out)["code"] == obj["code"]
    code, out, _ = run("generate", "--code", obj["code"], "--format", "ascii")  # ascii is for square mazes
    assert code == 2
    code, out, _ = run("generate", "--code", obj["code"])  # without a format: SVG, the hex grid's picture
    assert code == 0 and out.startswith("<?xml")
    code, out, err = run("generate", "--shape", "square", "--algo", "wilson", "--size", "5x4", "--dark")
    assert code == 0 and out.count("+") > 10  # ASCII draws the whole maze: the fog is for playing
    code, listed, _ = run("list")
    assert code == 0 and "dark" not in listed.lower()
