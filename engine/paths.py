"""Where Tessera keeps its files.

``TESSERA_HOME`` (environment) overrides everything: data in ``$TESSERA_HOME``,
cache in ``$TESSERA_HOME/cache`` (tests and portable installs).  ``TESSERA_CACHE``
overrides the cache directory alone.  Otherwise the platform's user data and
cache directories (platformdirs) are used.  Directories are created on demand.

The files the game owns there (:func:`engine.output.owned_file` refuses to write over them): the save
(:data:`SAVE_NAME` and its SQLite companions, :data:`SAVE_SIDECARS`), the puzzle tables' key
(:data:`KEY_NAME`), the level packs in :func:`packs_path` and the puzzle tables in :func:`tables_path`.
The ``*_path`` functions only say where; they create nothing.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from pathlib import Path

import platformdirs

APP = "tessera"

#: The save's file name in :func:`data_dir` (the game's ``game.save_schema.DB_NAME`` is this name).
SAVE_NAME = "tessera.db"
#: The files SQLite keeps beside the save while it is open (``tessera.db-wal``...).
SAVE_SIDECARS = ("-wal", "-shm", "-journal")
#: The puzzle tables' secret key in :func:`data_dir` (:mod:`engine.puzzle.tables.key`).
KEY_NAME = "table-key"
#: The folder of the player's level packs in :func:`data_dir`.
PACKS_FOLDER = "levels"
#: The folder of the puzzle tables in :func:`cache_dir`.
TABLES_FOLDER = "puzzle"


def data_path() -> Path:
    """Where the directory for saved progress and settings is (not created)."""
    home = os.environ.get("TESSERA_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def data_dir() -> Path:
    """The directory for saved progress and settings (created if missing)."""
    path = data_path()
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_path() -> Path:
    """Where the directory for rebuildable caches such as pattern databases is (not created)."""
    cache = os.environ.get("TESSERA_CACHE")
    if cache:
        return Path(cache)
    if os.environ.get("TESSERA_HOME"):
        return Path(os.environ["TESSERA_HOME"]) / "cache"
    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def cache_dir() -> Path:
    """The directory for rebuildable caches such as pattern databases (created if missing)."""
    path = cache_path()
    path.mkdir(parents=True, exist_ok=True)
    return path


def packs_path() -> Path:
    """Where the game looks for the player's level packs (``data_dir()/levels``; not created)."""
    return data_path() / PACKS_FOLDER


def tables_path() -> Path:
    """Where the puzzle tables are kept (``cache_dir()/puzzle``; not created)."""
    return cache_path() / TABLES_FOLDER


def data_roots(package_dir: Path | None = None) -> list[Path]:
    """Where an installer may have put the wheel's data files (``share/tessera/...``), most likely first.

    pip puts a wheel's data under the install scheme's ``data`` path, which is not always ``sys.prefix``:
    ``pip install --user`` uses the user base (``~/.local``, ``%APPDATA%\\Python``, ``$PYTHONUSERBASE``),
    ``--prefix``/``--home`` their own folder. Every :mod:`sysconfig` scheme says where its ``purelib``
    and ``platlib`` sit inside its ``data`` folder; the scheme whose library folder ends the way the folder
    holding this package (``package_dir``, default: the one ``engine`` was imported from) ends gives the
    data folder the same install used. Then the interpreter's own schemes (default and user) and
    ``sys.prefix``, for installs that moved the package. Duplicates removed; nothing need exist.
    """
    site = (package_dir or Path(__file__).resolve().parent.parent).resolve()
    roots: list[Path] = []
    for scheme in sysconfig.get_scheme_names():
        try:
            paths = sysconfig.get_paths(scheme)
        except KeyError:  # a scheme this platform cannot expand
            continue
        data = Path(paths["data"])
        for key in ("purelib", "platlib"):
            try:
                rel = Path(paths[key]).relative_to(data)
            except ValueError:
                continue
            if rel.parts and site.parts[-len(rel.parts):] == rel.parts:
                roots.append(Path(*site.parts[: len(site.parts) - len(rel.parts)]))
    roots.append(Path(sysconfig.get_path("data")))
    try:
        roots.append(Path(sysconfig.get_path("data", f"{os.name}_user")))
    except KeyError:
        pass
    roots.append(Path(sys.prefix))
    return list(dict.fromkeys(roots))


#: The folder, inside the player's Documents and Pictures folders, that prints and exports go to.
EXPORTS_FOLDER = "Tessera"


def exports_path(kind: str) -> Path:
    """Where what the game makes for the player goes (not created): ``kind`` ``"documents"`` (PDF prints, the
    records CSV) is ``<Documents>/Tessera``, ``"pictures"`` (PNG and SVG exports) ``<Pictures>/Tessera``
    (platformdirs' user folders, where a player looks for them, not the hidden data folder). With
    ``TESSERA_HOME`` set (tests, portable installs): ``$TESSERA_HOME/exports`` for both.

    Raises:
        ValueError: another ``kind``.
    """
    if kind not in ("documents", "pictures"):
        raise ValueError(f"no exports folder of kind {kind!r}")
    home = os.environ.get("TESSERA_HOME")
    if home:
        return Path(home) / "exports"
    user = platformdirs.user_documents_dir() if kind == "documents" else platformdirs.user_pictures_dir()
    return Path(user) / EXPORTS_FOLDER


def shown_path(path: Path | str) -> str:
    """``path`` whole, as a player reads it: the home folder written ``~`` (``~/Documents/Tessera/x.pdf``)."""
    text = str(path)
    home = str(Path.home())
    if home not in ("", "/") and (text == home or text.startswith(home + os.sep)):
        return "~" + text[len(home):]
    return text


def shipped_dir(name: str) -> Path:
    """A directory the game ships (``levels``, ``assets`` or ``bench/data``).

    From a source checkout (``pip install -e .``) or the bundle it is the top-level folder beside the
    packages; from a wheel it is installed as data under ``<data>/share/tessera``, where ``<data>`` is the
    install scheme's data folder (:func:`data_roots`: a venv, the system, ``pip install --user``...).
    The first that exists is the answer; when none does, the one under ``sys.prefix`` (so a message can
    still name where the files were looked for).
    """
    repo = Path(__file__).resolve().parent.parent / name
    if repo.is_dir():
        return repo
    for root in data_roots():
        found = root / "share" / APP / name
        if found.is_dir():
            return found
    return Path(sys.prefix) / "share" / APP / name
