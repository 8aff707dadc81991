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


def shipped_dir(name: str) -> Path:
    """A directory the game ships (``levels`` or ``assets``).

    From a source checkout (``pip install -e .``) it is the repository's top-level
    folder; from a wheel it is installed as data under ``<prefix>/share/tessera``.
    """
    repo = Path(__file__).resolve().parent.parent / name
    if repo.is_dir():
        return repo
    return Path(sys.prefix) / "share" / APP / name
