"""Tessera's version: the one place it is written (pyproject reads it from here).

``version_line()`` is what ``tessera --version`` prints: the game's version and the versions of the
pieces a bug report needs (arcade, numpy, Python), read from the installed packages' metadata so the
answer needs no window and no heavy import.
"""

from __future__ import annotations

import platform
from importlib import metadata

__all__ = ["DISTRIBUTION", "__version__", "version_line"]

#: The game's version (semantic versioning; CHANGELOG.md says what each one added).
__version__ = "0.2.0"

#: The name on the package index (``pipx install tessera-mazes``); the command stays ``tessera``.
DISTRIBUTION = "tessera-mazes"


def _installed(name: str) -> str:
    """The installed version of distribution ``name``, or ``"not installed"``."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def version_line() -> str:
    """One line: ``tessera 0.2.0 (arcade 3.3.3, numpy 2.1.0, Python 3.11.7)``."""
    return (f"tessera {__version__} (arcade {_installed('arcade')}, numpy {_installed('numpy')}, "
            f"Python {platform.python_version()})")
