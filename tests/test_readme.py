"""The README's example codes and its test command stay true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.maze_code import MazeSpec
from engine.puzzle.codes import decode as decode_puzzle
from engine.race import RaceSpec

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
CODES = sorted(set(re.findall(r"\b[MRP]1\.[A-Z0-9.#:]+-[A-Z0-9]\b", README)))
DECODERS = {"M": MazeSpec.from_code, "R": RaceSpec.from_code, "P": decode_puzzle}


def test_the_readme_shows_codes():
    assert len(CODES) >= 6


@pytest.mark.parametrize("code", CODES)
def test_every_code_in_the_readme_decodes(code):
    DECODERS[code[0]](code)


def test_ci_runs_the_readme_test_command():
    quick_start = README.split("## Quick start", 1)[1].split("```", 2)[1]
    commands = [line for line in quick_start.splitlines() if line.strip()]
    assert len(commands) == 2
    ci = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    assert "pytest" in commands[1] and "grep -m1 -E '^pip install -e \"\\.\\[test\\]\"' README.md" in ci
    assert commands[1].startswith('pip install -e ".[test]"')
