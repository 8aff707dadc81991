"""The files the game owns, which no output may replace (:func:`owned_file`; :mod:`engine.output` asks it).

The save (:data:`engine.paths.SAVE_NAME` in the data folder) and anything named like its companions there
(``-wal``, ``-shm``, ``-journal``, ``.damaged-...``, also before they exist), the puzzle tables' key
(:data:`engine.paths.KEY_NAME`), an existing file in the data folder's ``levels/`` (a *new* pack may go there) and
anything in the puzzle-table folder: compared by the resolved path (``..``, symbolic links, case-blind) and by
``st_dev``/``st_ino`` (hard links).  The places come from :mod:`engine.paths`; the game is never imported.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from engine.sanitise import one_line

__all__ = ["owned_file"]

#: At most this many entries of each of the game's folders are compared by inode (bounded work).
_MAX_ENTRIES = 5000


def _folder_id(folder: str) -> tuple[int, int] | None:
    try:
        st = os.stat(folder)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _same_folder(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one folder (by name, or by ``st_dev``/``st_ino``: a bind mount, a case-blind
    file system)."""
    if a == b:
        return True
    ida = _folder_id(a)
    return ida is not None and ida == _folder_id(b)


def _inside(real: str, folder: str) -> bool:
    """Whether the resolved path ``real`` is in ``folder`` or below it."""
    parent = os.path.dirname(real)
    while True:
        if _same_folder(parent, folder):
            return True
        up = os.path.dirname(parent)
        if up == parent:
            return False
        parent = up


_SAVE = "it is Tessera's save (your progress)"
_TABLES = "it is in Tessera's puzzle-table folder"
_KEY = "it is the key of Tessera's puzzle tables"
_PACK = "it is a level pack in Tessera's levels folder"


def _save_part(name: str) -> str | None:
    """What ``name`` is in the data folder: the save, a file kept with it (``tessera.db-wal``, a set-aside
    ``tessera.db.damaged-...``), the tables' key, or None.  Compared case-blind (macOS, Windows)."""
    from engine import paths

    fold, save = name.casefold(), paths.SAVE_NAME.casefold()
    if fold == save:
        return _SAVE
    if fold.startswith(save) and fold[len(save)] in "-.":
        return f"it belongs to Tessera's save ({one_line(name)[:40]})"
    if fold == paths.KEY_NAME.casefold():
        return _KEY
    return None


def _owned_entries() -> Iterator[tuple[str, str]]:
    """``(path, what)`` of every file the game owns now (bounded: :data:`_MAX_ENTRIES` a folder)."""
    from engine import paths

    folders = ((paths.data_path(), None), (paths.packs_path(), _PACK), (paths.tables_path(), _TABLES))
    for folder, what in folders:
        with contextlib.suppress(OSError), os.scandir(folder) as it:
            for n, entry in enumerate(it):
                if n >= _MAX_ENTRIES:
                    break
                kind = what if what is not None else _save_part(entry.name)
                if kind is not None:
                    yield entry.path, kind


def owned_file(path: str | os.PathLike[str], st: os.stat_result | None = None) -> str | None:
    """Why ``path`` is one of the files the game owns (``"it is Tessera's save (your progress)"``...), or None.

    By the resolved path (``..`` and symbolic links followed; the save's companions also before they exist,
    anything in the puzzle-table folder, an existing file in the packs folder) and by ``st_dev``/``st_ino`` (a
    hard link).  ``st`` is ``os.stat(path)`` when the caller has it (None: nothing there, or not looked at).
    Never raises.
    """
    from engine import paths

    p = os.fspath(path)
    try:
        real = os.path.realpath(p)
        if st is None:
            with contextlib.suppress(OSError):
                st = os.stat(p)
        folder, name = os.path.split(real)
        if _same_folder(folder, os.path.realpath(paths.data_path())):
            what = _save_part(name)
            if what is not None:
                return what
        if _inside(real, os.path.realpath(paths.tables_path())):
            return _TABLES
        if st is not None and _same_folder(folder, os.path.realpath(paths.packs_path())):
            return _PACK
        if st is not None:
            for other, what in _owned_entries():
                with contextlib.suppress(OSError):
                    o = os.stat(other)
                    if (o.st_dev, o.st_ino) == (st.st_dev, st.st_ino):
                        return what
    except (OSError, ValueError):  # a path the system cannot even resolve is refused by the writer itself
        return None
    return None
