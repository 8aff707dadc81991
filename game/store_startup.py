"""Opening the save at start-up without waiting: the menu first, a locked save retried in the background.

:func:`open_store` opens :class:`game.store.Store` with a short busy timeout
(:data:`QUICK_BUSY_S`), so a save another program holds never delays the first screen (it took
5-12 s).  When the file opened, its connection then waits the usual
:data:`game.save_schema.BUSY_TIMEOUT_S` for later writes.  When the lock kept it from opening,
the game plays from a copy in memory inside a :class:`RetryingStore`, which tries the file again
in the background every :data:`RETRY_EVERY_S` seconds: once it is free, the next call opens it
(on the game's thread), replays the settings, progress, bests and ghosts recorded meanwhile, and
saves from then on.  Its :attr:`RetryingStore.message` says what is going on (the menu shows it).
Changes to the player's own levels made meanwhile are not replayed (their ids belong to the copy):
the game then keeps the copy and says that nothing is being saved.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import sqlite3
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.save_schema import BUSY_TIMEOUT_S, Best, MyLevel, SavedGhost, WinResult
from game.store import SaveStore, Store

if TYPE_CHECKING:
    from engine.records import Run

QUICK_BUSY_S = 0.2  # seconds the first opening waits for another program's lock
RETRY_EVERY_S = 2.0  # seconds between background tries of a locked save
RETRY_FOR_S = 600.0  # seconds the background keeps trying

WAITING = "Saved progress is in use by another program; saving resumes once it is free."
BACK = "Saved progress was in use by another program; it is free again and saving has resumed."

#: Writes replayed on the file once it is free (their meaning does not depend on row ids).
_REPLAYED = {"set_setting", "complete_level", "record_win", "record_ghost", "record_run"}


def open_store(
    path: Path | str | None = None, *, retry_every: float = RETRY_EVERY_S, retry_for: float = RETRY_FOR_S
) -> SaveStore:
    """The save, opened without waiting on another program's lock (see the module docstring)."""
    store = Store(path, busy_timeout=QUICK_BUSY_S)
    if store.saving:
        store.set_busy_timeout(BUSY_TIMEOUT_S)
        return store
    if not store.busy:
        return store  # read-only, newer, unusable folder...: its own message, as before
    return RetryingStore(store, retry_every, retry_for)


class RetryingStore:
    """A :class:`game.store.SaveStore` playing from a copy while another program holds the save.

    Args:
        copy: the store opened from the copy (``busy`` True).
        retry_every, retry_for: seconds between background tries, and for how long.
    """

    def __init__(self, copy: Store, retry_every: float = RETRY_EVERY_S, retry_for: float = RETRY_FOR_S) -> None:
        self.path = copy.path
        self.current: Store = copy
        self.free = threading.Event()
        self.stop = threading.Event()
        self.saving = False
        self.replay: list[tuple[str, tuple[Any, ...]]] = []
        self.replayable = True
        self._note = WAITING
        self.thread = threading.Thread(
            target=self._watch, args=(retry_every, retry_for), daemon=True, name="save-retry"
        )
        self.thread.start()

    def _watch(self, every: float, lasting: float) -> None:
        """Background: try the file every ``every`` s; set :attr:`free` when a write lock can be had."""
        tries = max(1, int(lasting / max(every, 0.01)))
        for _ in range(tries):
            if self.stop.wait(every):
                return
            probe = Store(self.path, busy_timeout=QUICK_BUSY_S)
            ok = probe.saving
            probe.close()
            if ok:
                self.free.set()
                return

    def _store(self) -> Store:
        """The store to use now: the file once it is free (opened here, on the caller's thread)."""
        if self.free.is_set() and not self.saving and self.replayable:
            real = Store(self.path)
            if real.saving:
                for name, args in self.replay:
                    getattr(real, name)(*args)
                self.replay.clear()
                self.current.close()
                self.current, self.saving, self._note = real, True, BACK
            else:
                real.close()
                self.free.clear()
        return self.current

    def _write(self, name: str, *args: Any) -> Any:  # the store method's own result
        store = self._store()
        if not self.saving:
            if name in _REPLAYED:
                self.replay.append((name, args))
            else:
                self.replayable = False
                self._note = "Saved progress is in use by another program: changes made now are not saved."
                self.stop.set()
        return getattr(store, name)(*args)

    # -- SaveStore ------------------------------------------------------------------
    @property
    def message(self) -> str | None:
        """The note for the menu (waiting, or saving again), or the store's own sentence."""
        self._store()
        own = self.current.message if self.saving else None
        return own or self._note

    def setting(self, key: str) -> str:
        """See :meth:`game.store.SaveStore.setting`."""
        return self._store().setting(key)

    def set_setting(self, key: str, value: object) -> None:
        """See :meth:`game.store.SaveStore.set_setting`."""
        self._write("set_setting", key, value)

    def unlocked(self) -> set[str]:
        """See :meth:`game.store.SaveStore.unlocked`."""
        return self._store().unlocked()

    def stars(self) -> dict[str, int]:
        """See :meth:`game.store.SaveStore.stars`."""
        return self._store().stars()

    def complete_level(self, level_id: str, stars: int, next_id: str | None) -> None:
        """See :meth:`game.store.SaveStore.complete_level`."""
        self._write("complete_level", level_id, stars, next_id)

    def best(self, code: str) -> Best:
        """See :meth:`game.store.SaveStore.best`."""
        return self._store().best(code)

    def record_win(self, code: str, seconds: float, moves: int) -> WinResult:
        """See :meth:`game.store.SaveStore.record_win`."""
        result: WinResult = self._write("record_win", code, seconds, moves)
        return result

    def record_ghost(self, maze_code: str, ghost_code: str, seconds: float) -> bool:
        """See :meth:`game.store.SaveStore.record_ghost`."""
        return bool(self._write("record_ghost", maze_code, ghost_code, seconds))

    def ghosts(self) -> list[SavedGhost]:
        """See :meth:`game.store.SaveStore.ghosts`."""
        return self._store().ghosts()

    def save_my_level(self, name: str, code: str) -> int:
        """See :meth:`game.store.SaveStore.save_my_level`."""
        return int(self._write("save_my_level", name, code))

    def my_levels(self) -> list[MyLevel]:
        """See :meth:`game.store.SaveStore.my_levels`."""
        return self._store().my_levels()

    def rename_my_level(self, level_id: int, name: str) -> bool:
        """See :meth:`game.store.SaveStore.rename_my_level`."""
        return bool(self._write("rename_my_level", level_id, name))

    def delete_my_level(self, level_id: int) -> bool:
        """See :meth:`game.store.SaveStore.delete_my_level`."""
        return bool(self._write("delete_my_level", level_id))

    def record_run(self, run: Run) -> None:
        """See :meth:`game.store.SaveStore.record_run`."""
        self._write("record_run", run)

    def runs(self) -> list[Run]:
        """See :meth:`game.store.SaveStore.runs`."""
        return self._store().runs()

    def bests(self) -> list[tuple[str, float | None, int | None, int]]:
        """See :meth:`game.store.SaveStore.bests`."""
        return self._store().bests()

    def close(self) -> None:
        """Stop trying and close (safe to call twice)."""
        self.stop.set()
        self.current.close()


#: Seconds ``tessera records`` waits for another program's exclusive lock on the save before giving up.
LOCK_WAIT_S = 2.0
#: The largest save ``tessera records`` copies (bytes); a save of years of play is a few MB.
MAX_SAVE_BYTES = 2_000_000_000
#: The files a save is made of: the database, then what SQLite left beside it (its journal or its WAL).
_COMPANIONS = ("", "-wal", "-journal")


def _identities(src: Path) -> list[tuple[int, int] | None]:
    """(size, mtime ns) of the save and its companions, None for a missing one: equal before and after a copy
    means no writer changed them meanwhile."""
    out: list[tuple[int, int] | None] = []
    for suffix in _COMPANIONS:
        try:
            st = os.stat(src.with_name(src.name + suffix))
            out.append((st.st_size, st.st_mtime_ns))
        except OSError:
            out.append(None)
    return out


def _copy_save(src: Path, folder: Path, lock_wait: float) -> Path:
    """Copy the save ``src`` and its ``-wal`` or ``-journal`` into ``folder``; returns the copy's path.

    The player's files are only read (plain reads, no SQLite connection that could leave ``-wal``/``-shm``
    beside them or need a writable folder).  A rollback-journal save is read under a shared lock taken
    through a read-only connection (no files of its own), waiting at most ``lock_wait`` seconds for a program
    that holds it exclusively; a WAL save needs no lock (the WAL's checksums end it where a writer is), and the
    files are copied again (for up to ``lock_wait`` s) when their size or time changed during the copy.
    The copy, opened alone, replays the WAL or rolls the journal back: it is the save as last committed.

    Raises:
        ValueError: the save is locked longer than ``lock_wait``, is not a regular file, or cannot be read.
    """
    from engine.reader import ReadError, copy_file, read_head

    try:
        head = read_head(src, 100)
    except ReadError as exc:
        raise ValueError(f"the save cannot be read: {exc}") from None
    lock: sqlite3.Connection | None = None
    if len(head) == 100 and head.startswith(b"SQLite format 3\x00") and head[18:20] != b"\x02\x02":
        try:  # rollback journal: a shared lock keeps a writer from changing the file while it is copied
            lock = sqlite3.connect(f"{src.resolve().as_uri()}?mode=ro", uri=True, timeout=lock_wait,
                                   isolation_level=None)
            lock.execute("BEGIN")
            lock.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as exc:
            if lock is not None:
                lock.close()
                lock = None
            if "locked" in str(exc) or "busy" in str(exc):
                raise ValueError(
                    f"the save {src.name} is in use by another program (locked for more than {lock_wait:g} s); "
                    "try again once it is closed (nothing was read or changed)"
                ) from None
        except sqlite3.Error:  # not a database after all: the copy says what it is
            if lock is not None:
                lock.close()
                lock = None
    try:
        deadline = time.monotonic() + lock_wait
        while True:  # copied again while a writer changed the files during the copy (a WAL save), for lock_wait s
            before = _identities(src)
            for suffix in _COMPANIONS:
                (folder / (src.name + suffix)).unlink(missing_ok=True)
                copy_file(src.with_name(src.name + suffix), folder / (src.name + suffix), limit=MAX_SAVE_BYTES)
            if _identities(src) == before or time.monotonic() > deadline:
                break
            time.sleep(0.05)
    except ReadError as exc:
        raise ValueError(f"the save cannot be read: {exc}") from None
    finally:
        if lock is not None:
            lock.close()
    return folder / src.name


def _about_copy(message: str | None, src: Path) -> str | None:
    """The store's sentence about the copy, said of the player's save (which nothing touched)."""
    if message is None:
        return None
    damaged = re.match(r"Saved progress (?:was|is) damaged \((.*?)\)[;: ]", message)
    if damaged:
        return (f"the save {src.name} cannot be read ({damaged.group(1)}): no records were read, and the file "
                "was left as it is (nothing was moved or changed)")
    if "newer version" in message:
        return f"the save {src.name} was made by a newer version of Tessera: it was read and left as it is"
    return message


def snapshot_store(path: Path | str, *, lock_wait: float = LOCK_WAIT_S) -> Store:
    """A store over a private copy of the save at ``path``, for commands that only read (``tessera records``).

    The copy (:func:`_copy_save`: the file and its WAL or journal, read, never opened by SQLite there) lives in
    a temporary folder removed at exit: the player's folder is left byte for byte as it was, even when it is
    read-only, the save is old or damaged, or the game has it open.  The store's :attr:`message` says what was
    found in the player's words.

    Raises:
        ValueError: the save is locked by another program for more than ``lock_wait`` seconds, cannot be
            read, or is damaged or not Tessera's (one line naming it and saying that nothing was moved).
    """
    src_path = Path(path)
    folder = Path(tempfile.mkdtemp(prefix="tessera-read-"))
    atexit.register(shutil.rmtree, folder, True)
    try:
        copy = _copy_save(src_path, folder, lock_wait)
    except ValueError:
        shutil.rmtree(folder, True)
        raise
    store = Store(copy)
    message = _about_copy(store.message, src_path)
    if message is not None and message.startswith(f"the save {src_path.name} cannot be read"):
        store.close()
        shutil.rmtree(folder, True)
        raise ValueError(message)
    store.message = message
    return store


__all__ = ["LOCK_WAIT_S", "QUICK_BUSY_S", "RETRY_EVERY_S", "RetryingStore", "open_store", "snapshot_store"]
