"""``tessera --version``: one line naming the game's version (written once, in engine/__init__.py)."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

from engine import DISTRIBUTION, __version__
from engine.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_version_prints_one_line_with_the_version_and_exits_0():
    out, err = io.StringIO(), io.StringIO()
    assert main(["--version"], out=out, err=err) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and err.getvalue() == ""
    assert lines[0].startswith(f"tessera {__version__} (arcade ")
    assert "numpy " in lines[0] and "Python 3." in lines[0]


def test_the_version_is_written_once_and_the_distribution_name_is_ours():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "engine.__version__"}
    assert project["project"]["name"] == DISTRIBUTION
    assert project["project"]["scripts"] == {"tessera": "game.launcher:main"}


def test_the_changelog_starts_with_this_version():
    """Its newest released section is this version's (an "Unreleased" section may come first: what main has since)."""
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = [line for line in changelog.splitlines() if line.startswith("## ")]
    first = heads[1] if heads[0] == "## Unreleased" else heads[0]
    assert first.startswith(f"## {__version__} ")
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
