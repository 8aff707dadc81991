"""Build the standalone Tessera folder (Python, the game, its data and dependencies) with PyInstaller.

    pip install -e ".[release]"
    python tools/bundle.py                 # -> dist/tessera/tessera  (+ dist/tessera-<version>-<os>-<arch>.tar.gz)
    python tools/bundle.py --check         # then run the bundle with no Python on PATH

One folder, not one file: a one-file build unpacks itself on every start (seconds to a minute) and
trips antivirus heuristics. The same command builds on Windows (``dist\\tessera\\tessera.exe``) and
macOS (``dist/tessera/tessera``); PyInstaller cannot cross-build, so build on the system you ship
for. Only Linux is built and checked here.

What goes in: the ``game`` and ``engine`` packages, ``levels/``, ``assets/`` (sounds, pictures, their
licence), ``bench/data`` (``tessera puzzle bench``), arcade's system resources (fonts, shaders, GUI
images: arcade's own PyInstaller hook adds them; the game uses none of ``:resources:/assets``, so
``--collect-all arcade`` and its 20 MB are left out) and the package metadata ``--version`` reads.
``engine.paths.shipped_dir`` finds the data beside the frozen modules, exactly as in a checkout.

After PyInstaller: arcade's ``VERSION`` file is put back as a file (arcade's own hook collects it as a
folder of that name, and every start then printed an error), Tessera's ``LICENSE`` and
``THIRD_PARTY_NOTICES.txt`` (the Python runtime, every bundled distribution's licence texts from its
metadata, the fonts) go beside the executable, and binaries are stripped (:func:`strip_binaries`); setuptools and
numpy's tests are left out.

``--check`` runs ``--version``, ``generate`` and a window under the current ``DISPLAY`` (e.g. Xvfb)
from a fresh environment (``env -i``, a PATH with no Python) and prints the folder's size and the
time from start to the menu's first frame; it fails when any of them writes an error or a warning on
standard error.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NAME = "tessera"

ENTRY = '''"""The bundle's entry point: the ``tessera`` console script."""
import sys

from game.launcher import main

sys.exit(main())
'''

#: Data folders copied into the bundle (source, destination inside it).
DATA = (("levels", "levels"), ("assets", "assets"), ("bench/data", "bench/data"))

#: Never needed at run time, yet pulled in by the analysis (build tools, numpy's own tests).
EXCLUDE = ("setuptools", "pkg_resources", "distutils", "numpy.tests", "numpy._core.tests",
           "numpy._core._multiarray_tests", "numpy.f2py", "numpy.distutils", "pytest", "hypothesis")
#: Fonts bundled with arcade (no licence file ships with them), and their licences.
FONTS = (("Liberation fonts (arcade/resources/system/fonts/ttf/Liberation)", "SIL Open Font License 1.1"),
         ("Kenney fonts (arcade/resources/system/fonts/ttf/Kenney)", "CC0 1.0 (public domain), by Kenney"))
#: Words on standard error that fail ``--check``.
STDERR_ALARMS = ("error", "traceback", "warning", "exception")

#: Imported lazily or by name, so PyInstaller's analysis would not see them.
HIDDEN = ("arcade.gl.backends.opengl", "arcade.gl.backends.opengl.provider", "pyglet.window.xlib",
          "game.app", "engine.cli.show", "engine.cli.encode", "engine.cli.puzzle")


def version() -> str:
    """The game's version (engine/__init__.py, the one place it is written)."""
    sys.path.insert(0, str(ROOT))
    from engine import __version__

    return __version__


def build(clean: bool) -> Path:
    """Run PyInstaller; returns the bundle's folder ``dist/tessera``."""
    sep = os.pathsep
    work = Path(tempfile.mkdtemp(prefix="tessera-bundle-"))
    entry = work / "tessera_main.py"
    entry.write_text(ENTRY, encoding="utf-8")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--onedir", "--name", NAME,
           "--distpath", str(DIST), "--workpath", str(work / "build"), "--specpath", str(work),
           "--paths", str(ROOT), "--collect-submodules", "game",
           "--collect-submodules", "engine", "--copy-metadata", "arcade", "--copy-metadata", "numpy",
           "--copy-metadata", "pyglet", "--log-level", "WARN"]
    if clean:
        cmd.append("--clean")
    for mod in HIDDEN:
        cmd += ["--hidden-import", mod]
    for mod in EXCLUDE:
        cmd += ["--exclude-module", mod]
    for src, dst in DATA:
        cmd += ["--add-data", f"{ROOT / src}{sep}{dst}"]
    cmd.append(str(entry))
    subprocess.run(cmd, check=True, cwd=work)
    shutil.rmtree(work, ignore_errors=True)
    folder = DIST / NAME
    repair_arcade_version(folder)
    if os.name != "nt":
        strip_binaries(folder)
    shutil.copyfile(ROOT / "LICENSE", folder / "LICENSE")
    (folder / "THIRD_PARTY_NOTICES.txt").write_text(third_party_notices(), encoding="utf-8")
    return folder


def strip_binaries(folder: Path) -> None:
    """``strip --strip-unneeded`` every ELF file of the bundle except the libraries wheels vendor in ``*.libs``
    folders (auditwheel rewrote them with patchelf; stripping one, numpy's OpenBLAS, left it unloadable, which
    is why PyInstaller's own ``--strip`` is not used). A file strip refuses is left as it is."""
    if shutil.which("strip") is None:
        print("strip: not installed, binaries left as they are")
        return
    for path in folder.rglob("*"):
        if not path.is_file() or path.is_symlink() or any(part.endswith(".libs") for part in path.parts):
            continue
        with path.open("rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
        subprocess.run(["strip", "--strip-unneeded", str(path)], capture_output=True)


def repair_arcade_version(folder: Path) -> None:
    """arcade's PyInstaller hook collects ``arcade/VERSION`` as a folder holding the file (its destination names
    the file): put the file back where arcade reads it."""
    for wrong in folder.rglob("arcade/VERSION"):
        if wrong.is_dir() and (wrong / "VERSION").is_file():
            moved = wrong.with_name("VERSION.file")
            (wrong / "VERSION").rename(moved)
            wrong.rmdir()
            moved.rename(wrong)


def _requirements(name: str, seen: set[str]) -> None:
    """Every distribution ``name`` needs at run time (no extras, environment markers honoured), into ``seen``."""
    import re
    from importlib import metadata

    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return
    key = re.sub(r"[-_.]+", "-", dist.metadata["Name"]).lower()
    if key in seen:
        return
    seen.add(key)
    from packaging.requirements import Requirement

    for text in dist.requires or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate({"extra": ""}):
            _requirements(req.name, seen)


def third_party_notices() -> str:
    """THIRD_PARTY_NOTICES.txt: what the bundle redistributes, each with its licence and licence texts (from the
    installed distributions' metadata and files), Python's licence, and the fonts'."""
    from importlib import metadata

    parts = ["Third-party software in this Tessera bundle", "=" * 44, "",
             "Tessera itself: MIT licence (LICENSE). Its sounds, music and puzzle pictures: CC0 (assets/LICENSE.md).",
             ""]
    import tomllib

    from packaging.requirements import Requirement

    seen: set[str] = set()
    for text in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]:
        _requirements(Requirement(text).name, seen)
    for name in sorted(seen):
        dist = metadata.distribution(name)
        meta = dist.metadata
        field = (meta.get("License-Expression") or meta.get("License") or "").strip()
        licence = [field] if field and "\n" not in field and len(field) < 100 else []  # not a whole licence text
        classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
        parts += [f"{meta['Name']} {meta['Version']}", "-" * 60,
                  f"Licence: {(licence[0] if licence else '') or ', '.join(classifiers) or 'see below'}"]
        for file in dist.files or []:
            base = file.name.upper()
            if base.startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE")) and file.suffix not in (".py", ".pyc"):
                text = Path(str(file.locate())).read_text(encoding="utf-8", errors="replace").strip()
                parts += ["", f"[{file}]", text]
        parts.append("")
    lib = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    python_licence = Path(sys.base_prefix) / "lib" / lib / "LICENSE.txt"
    parts += [f"Python {platform.python_version()}", "-" * 60]
    parts.append(python_licence.read_text(encoding="utf-8", errors="replace").strip() if python_licence.is_file()
                 else "Python Software Foundation License (https://docs.python.org/3/license.html)")
    parts += ["", "Fonts", "-" * 60] + [f"{what}: {licence}" for what, licence in FONTS]
    return "\n".join(parts) + "\n"


def folder_size(path: Path) -> int:
    """Bytes in every file under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def archive(folder: Path) -> Path:
    """``dist/tessera-<version>-<os>-<arch>.tar.gz`` of the folder (what a player downloads)."""
    out = DIST / f"{NAME}-{version()}-{platform.system().lower()}-{platform.machine().lower()}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(folder, arcname=NAME)
    return out


def check(folder: Path) -> None:
    """Run the bundle from a bare environment: ``--version``, ``generate``, and the window's first frame."""
    exe = folder / (NAME + (".exe" if os.name == "nt" else ""))
    home = Path(tempfile.mkdtemp(prefix="tessera-bundle-home-"))
    empty_bin = home / "bin"
    empty_bin.mkdir()
    env = {"HOME": str(home), "PATH": str(empty_bin), "TESSERA_HOME": str(home / "data")}
    for name in ("DISPLAY", "XAUTHORITY"):  # xvfb-run's display needs its authority file too
        if name in os.environ:
            env[name] = os.environ[name]
    for args in (["--version"], ["generate", "--shape", "hex", "--algo", "backtracker", "--size", "6x5", "--seed",
                                 "1", "--format", "json"]):
        proc = subprocess.run([str(exe), *args], env=env, capture_output=True, text=True, timeout=120, cwd=home)
        line = (proc.stdout.strip().splitlines() or [proc.stderr.strip()])[0]
        bad = alarming(proc.stderr)
        print(f"{'ok' if proc.returncode == 0 and not bad else 'FAILED'} {' '.join(args[:1])}: {line[:100]}")
        if proc.returncode != 0 or bad:
            raise SystemExit(f"bundle: {args[0]} wrote on standard error: {bad}" if bad else 1)
    if "DISPLAY" not in env:
        print("window: skipped (no DISPLAY; run under Xvfb)")
        return
    start = time.perf_counter()
    proc = subprocess.Popen([str(exe)], env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        took = first_frame(start, timeout=60.0)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    bad = alarming(err.decode("utf-8", "replace"))
    if bad:
        raise SystemExit(f"bundle: the window wrote on standard error: {bad}")
    if took is None:
        raise SystemExit("bundle: the window drew nothing within 60 s")
    print(f"ok window: the menu drawn {took:.2f} s after start, nothing on standard error")


def alarming(stderr: str) -> str:
    """The first line of ``stderr`` that reports an error or a warning (:data:`STDERR_ALARMS`), or ""."""
    return next((line.strip() for line in stderr.splitlines() if any(w in line.lower() for w in STDERR_ALARMS)), "")


def first_frame(start: float, timeout: float) -> float | None:
    """Seconds from ``start`` until a visible "Tessera" window shows a picture (not one flat colour), by
    polling ``xdotool`` and ``xwd`` every 50 ms; None on timeout. Needs xdotool, xwd and netpbm."""
    while time.perf_counter() - start < timeout:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Tessera"], capture_output=True,
                               text=True)
        wid = found.stdout.split()[0] if found.stdout.split() else None
        if wid is not None:
            shot = subprocess.run(f"xwd -id {wid} -silent | xwdtopnm 2>/dev/null", shell=True, capture_output=True)
            if _varied(shot.stdout):
                return time.perf_counter() - start
        time.sleep(0.05)
    return None


def _varied(ppm: bytes) -> bool:
    """True when a binary PPM (P6) holds more than a handful of colours (something was drawn)."""
    if not ppm.startswith(b"P6"):
        return False
    fields = ppm.split(maxsplit=4)
    if len(fields) < 5:
        return False
    pixels = fields[4]
    sample = {pixels[i:i + 3] for i in range(0, len(pixels) - 2, 3 * 97)}
    return len(sample) > 8


def main() -> int:
    """Build (unless ``--check-only``), archive, optionally check; prints size and where it went."""
    ap = argparse.ArgumentParser(description="Build the standalone Tessera folder with PyInstaller.")
    ap.add_argument("--check", action="store_true", help="run the bundle from a bare environment afterwards")
    ap.add_argument("--check-only", action="store_true", help="check the existing dist/tessera, do not build")
    ap.add_argument("--clean", action="store_true", help="drop PyInstaller's cache first")
    ap.add_argument("--no-archive", action="store_true", help="do not write the .tar.gz")
    args = ap.parse_args()
    if args.check_only:
        folder = DIST / NAME
    else:
        if shutil.which("pyinstaller") is None and not _has_pyinstaller():
            sys.stderr.write("bundle: PyInstaller is not installed (pip install -e \".[release]\")\n")
            return 2
        start = time.perf_counter()
        folder = build(args.clean)
        print(f"built {folder} in {time.perf_counter() - start:.0f} s: {folder_size(folder) / 1e6:.0f} MB")
        if not args.no_archive:
            out = archive(folder)
            print(f"archive {out} ({out.stat().st_size / 1e6:.0f} MB)")
    if args.check or args.check_only:
        check(folder)
    return 0


def _has_pyinstaller() -> bool:
    try:
        import PyInstaller  # noqa: F401

        return True
    except ImportError:
        return False


if __name__ == "__main__":
    sys.exit(main())
