"""Where Tessera keeps its files.

``TESSERA_HOME`` (environment) overrides everything: data in ``$TESSERA_HOME``,
cache in ``$TESSERA_HOME/cache`` (tests and portable installs).  ``TESSERA_CACHE``
overrides the cache directory alone.  Otherwise the platform's user data and
cache directories (platformdirs) are used.  Directories are created on demand.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP = "tessera"


def data_dir() -> Path:
    """The directory for saved progress and settings (created if missing)."""
    home = os.environ.get("TESSERA_HOME")
    path = Path(home) if home else Path(platformdirs.user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """The directory for rebuildable caches such as pattern databases (created if missing)."""
    cache = os.environ.get("TESSERA_CACHE")
    if cache:
        path = Path(cache)
    elif os.environ.get("TESSERA_HOME"):
        path = Path(os.environ["TESSERA_HOME"]) / "cache"
    else:
        path = Path(platformdirs.user_cache_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def shipped_dir(name: str) -> Path:
    """A directory the game ships (``levels`` or ``assets``).

    From a source checkout (``pip install -e .``) it is the repository's top-level
    folder; from a wheel it is installed as data under ``<prefix>/share/tessera``.
    """
    repo = Path(__file__).resolve().parent.parent / name
    if repo.is_dir():
        return repo
    return Path(sys.prefix) / "share" / APP / name
