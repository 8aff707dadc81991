"""``tessera --version``: one line naming the game's version (written once, in engine/__init__.py)."""

from __future__ import annotations

import io
import re
import tomllib
from datetime import date
from pathlib import Path

from packaging.version import Version

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


def _changelog_heads() -> list[str]:
    return [line for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("## ")]


def test_the_changelog_starts_with_this_version():
    """A release's version heads the changelog's released sections; a development version (``X.Y.Z.devN``,
    between releases) has an Unreleased section first and is newer than every released one."""
    heads = _changelog_heads()
    released = [h for h in heads if h != "## [Unreleased]"]
    newest = Version(released[0].split("]")[0].removeprefix("## ["))
    version = Version(__version__)
    if version.is_devrelease:
        assert heads[0] == "## [Unreleased]"
        assert version.release > newest.release  # 0.3.0.dev0 comes before 0.3.0, after 0.2.0
    else:
        assert newest == version
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_changelog_keeps_a_changelog():
    """Keep a Changelog: ``## [Unreleased]`` or ``## [X.Y.Z] - YYYY-MM-DD`` newest first; only its six
    section names under them; no link references unless a public home exists (there is none)."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = _changelog_heads()
    assert heads[0] == "## [Unreleased]"
    versions = []
    for head in heads[1:]:
        match = re.fullmatch(r"## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})", head)
        assert match, head
        date.fromisoformat(match[2])
        versions.append(Version(match[1]))
    assert versions == sorted(versions, reverse=True) and versions
    sections = {line for line in text.splitlines() if line.startswith("### ")}
    assert sections and sections <= {f"### {n}" for n in ("Added", "Changed", "Deprecated", "Removed", "Fixed",
                                                           "Security")}, sections
    assert not re.search(r"^\[[^\]]+\]: ", text, re.M)
