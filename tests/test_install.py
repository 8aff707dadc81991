"""Installs other than the checkout: ``pip install --user`` finds the campaign; the sdist carries tests that run.

The wheel and the sdist are built once for this file (pip's and ``build``'s isolated builds, as
``tools/wheel_smoke.py`` does); every command runs outside the checkout, without ``PYTHONPATH``, so what
it imports is what the install put there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

import pytest

from engine.modes.campaign import load_campaign
from engine.paths import APP, data_roots

ROOT = Path(__file__).resolve().parent.parent
#: Test files run inside the unpacked sdist (a few seconds of CPU): they read conftest, a helper
#: (maze_helpers), tests/data (modes.json), docs/, pyproject, LICENSE and the changelog.
SDIST_SAMPLE = ("tests/test_version.py", "tests/test_architecture_doc.py", "tests/test_modes_registry.py",
                "tests/test_analysis.py")


def _clean_env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONUSERBASE")}
    env["TESSERA_HOME"] = str(tmp / "home")
    return env


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{cmd} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)], out, _clean_env(out))
    return next(out.glob("tessera_mazes-*.whl"))


def test_every_scheme_data_folder_is_found_from_where_the_package_sits(tmp_path):
    """For each install scheme, a package in that scheme's library folder leads to that scheme's data folder."""
    checked = 0
    for scheme in sysconfig.get_scheme_names():
        variables = {"base": str(tmp_path / "b"), "platbase": str(tmp_path / "b"), "userbase": str(tmp_path / "u"),
                     "installed_base": str(tmp_path / "b"), "installed_platbase": str(tmp_path / "b")}
        try:
            paths = sysconfig.get_paths(scheme, vars=variables)
        except KeyError:
            continue
        if not Path(paths["purelib"]).is_relative_to(paths["data"]):
            continue
        assert data_roots(Path(paths["purelib"]))[0] == Path(paths["data"]), scheme
        checked += 1
    assert checked >= 2  # at least the prefix and the user scheme


def test_pip_install_user_plays_the_campaign(wheel, tmp_path):
    """``pip install --user`` into a fresh user base: ``tessera list --levels`` lists the whole campaign."""
    env = _clean_env(tmp_path)
    env["PYTHONUSERBASE"] = str(tmp_path / "userbase")
    # a virtual environment hides the user site (CI runs in one): a throwaway one that shows it, without pip of
    # its own (the base interpreter's pip is seen through its system site-packages)
    base = getattr(sys, "_base_executable", sys.executable)
    _run([base, "-m", "venv", "--system-site-packages", "--without-pip", str(tmp_path / "venv")], tmp_path, env)
    python = str(tmp_path / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python")
    _run([python, "-m", "pip", "install", "--user", "--no-deps", "--no-index", "-q",
          "--no-warn-script-location", str(wheel)], tmp_path, env)
    shipped = tmp_path / "userbase" / "share" / APP / "levels"
    assert sorted(shipped.glob("*.toml")), "the wheel's levels are not in the user base"
    where = _run([python, "-c", "import engine, engine.paths as p; print(engine.__file__); "
                  "print(p.shipped_dir('levels'))"], tmp_path, env).splitlines()
    assert Path(where[0]).is_relative_to(tmp_path / "userbase"), where
    assert Path(where[1]) == shipped
    tessera = Path(sysconfig.get_path("scripts", f"{os.name}_user", vars={"userbase": env["PYTHONUSERBASE"]}))
    listed = json.loads(_run([str(tessera / "tessera"), "list", "--levels", "--format", "json"], tmp_path, env))
    expected = load_campaign()
    assert len(expected) > 0
    assert [lv["id"] for lv in listed["levels"]] == [lv.id for lv in expected.levels]


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    """The sdist built by ``python -m build --sdist`` and unpacked: its top folder."""
    out = tmp_path_factory.mktemp("sdist")
    _run([sys.executable, "-m", "build", "--sdist", "--outdir", str(out / "dist"), str(ROOT)], out, _clean_env(out))
    archive = next((out / "dist").glob("tessera_mazes-*.tar.gz"))
    with tarfile.open(archive) as tar:
        tar.extractall(out / "unpacked", filter="data")
    return next((out / "unpacked").iterdir())


def test_the_sdist_carries_its_tests_docs_tools_and_changelog(sdist):
    for name in ("tests/conftest.py", "tests/maze_helpers.py", "tests/layout_check.py", "tests/data",
                 "CHANGELOG.md", "LICENSE", "docs/ARCHITECTURE.md", "tools/wheel_smoke.py", "levels", "assets"):
        assert (sdist / name).exists(), name
    ours = {p.relative_to(ROOT / "tests") for p in (ROOT / "tests").rglob("*") if p.is_file()
            and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    theirs = {p.relative_to(sdist / "tests") for p in (sdist / "tests").rglob("*") if p.is_file()}
    assert ours <= theirs, sorted(ours - theirs)[:5]


def test_a_sample_of_the_tests_passes_inside_the_unpacked_sdist(sdist, tmp_path):
    env = _clean_env(tmp_path)
    env["PYTHONPATH"] = str(sdist)
    where = _run([sys.executable, "-c", "import engine; print(engine.__file__)"], sdist, env)
    assert Path(where.strip()).is_relative_to(sdist)
    out = _run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-rA", *SDIST_SAMPLE],
               sdist, env)
    passed = {line.split()[1].split("::")[0] for line in out.splitlines() if line.startswith("PASSED ")}
    assert passed == set(SDIST_SAMPLE), out[-2000:]


def test_the_wheel_says_what_it_is_on_a_package_index(wheel):
    """Version (a development one between releases), keywords, classifiers, no home page that does not exist."""
    import zipfile
    from email.parser import Parser

    from engine import __version__

    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(zf.read(name).decode("utf-8"))
    assert meta["Version"] == __version__ and f"-{__version__}-" in wheel.name
    assert {"maze", "sliding puzzle"} <= {k.strip() for k in meta["Keywords"].split(",")}
    classifiers = meta.get_all("Classifier")
    assert "Topic :: Games/Entertainment :: Puzzle Games" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert meta["Requires-Python"] == ">=3.11" and meta["License-Expression"] == "MIT"
    assert not meta.get_all("Project-URL") and not meta["Home-page"]
