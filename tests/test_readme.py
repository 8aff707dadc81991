"""The README's example codes (and docs/LEVELS.md's) and its test command stay true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.codes import decode_any

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The README's codes and the examples it sends players to (docs/LEVELS.md).
EXAMPLES = README + (ROOT / "docs" / "LEVELS.md").read_text(encoding="utf-8")
CODES = sorted(set(re.findall(r"\b[MRGP][12]\.[A-Z0-9.#:]+-[A-Z0-9]{1,2}\b", EXAMPLES)))


def test_the_readme_shows_codes():
    assert len(CODES) >= 6
    assert {c[0] for c in CODES} == set("MRGP") and all(c[1] == "2" for c in CODES)


@pytest.mark.parametrize("code", CODES)
def test_every_code_in_the_readme_decodes(code):
    decoded = decode_any(code)
    assert decoded.code() == code
    if decoded.KIND == "ghost":
        decoded.resolve()  # every move legal in its maze


def test_ci_runs_the_readme_test_command():
    quick_start = README.split("## Quick start", 1)[1].split("```", 2)[1]
    commands = [line for line in quick_start.splitlines() if line.strip()]
    assert len(commands) == 2
    ci = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    assert "pytest" in commands[1] and "grep -m1 -E '^pip install -e \"\\.\\[test\\]\"' README.md" in ci
    assert commands[1].startswith('pip install -e ".[test]"')


def test_the_readme_stays_within_2500_words():
    """The README is for players; detail lives in docs/ (the limit is the product's promise)."""
    assert len(README.split()) <= 2500


def test_the_pack_example_in_the_docs_is_a_valid_pack(tmp_path):
    from engine.modes.packs import load_pack

    levels_doc = (Path(__file__).resolve().parents[1] / "docs" / "LEVELS.md").read_text(encoding="utf-8")
    example = levels_doc.split("```toml", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.toml"
    path.write_text(example, encoding="utf-8")
    pack = load_pack(path)
    assert pack.name == "Teacher's Hex Set" and [lv.name for lv in pack.levels] == ["Warm-up"]
