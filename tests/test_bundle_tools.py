"""tools/bundle.py's steps that need no PyInstaller build: the arcade VERSION repair, the stderr alarm of
``--check`` and the third-party notices."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bundle_tool", ROOT / "tools" / "bundle.py")
assert _spec is not None and _spec.loader is not None
bundle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bundle)


def test_arcade_version_collected_as_a_folder_becomes_the_file(tmp_path):
    wrong = tmp_path / "_internal" / "arcade" / "VERSION"
    wrong.mkdir(parents=True)
    (wrong / "VERSION").write_text("3.3.3\n")
    bundle.repair_arcade_version(tmp_path)
    assert wrong.is_file() and wrong.read_text() == "3.3.3\n"
    bundle.repair_arcade_version(tmp_path)  # a second run leaves the file alone
    assert wrong.is_file()


def test_check_fails_on_an_error_or_warning_line_on_stderr():
    assert bundle.alarming("ERROR: Unable to load version number via '/x/arcade/VERSION': Is a directory\n")
    assert bundle.alarming("ok\nUserWarning: something\n") == "UserWarning: something"
    assert bundle.alarming("") == "" and bundle.alarming("Loaded exact-3x3.pdb from the cache.\n") == ""


def test_the_notices_name_every_dependency_python_and_the_fonts():
    text = bundle.third_party_notices()
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    heads = {line.split()[0].lower().replace("_", "-") for line in text.splitlines()
             if len(line.split()) == 2 and line.split()[1][:1].isdigit()}
    assert {Requirement(d).name.lower() for d in deps} <= heads
    assert "pyglet" in heads and "Python 3." in text and "SIL Open Font License" in text
    assert "Permission is hereby granted" in text  # licence texts themselves, not only names
