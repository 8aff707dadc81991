"""The save file: opening, recovering and writing the SQLite database (``data_dir() / "tessera.db"``).

:class:`SaveFile` holds the connection and the rules below; :class:`game.store.Store` adds
the queries the screens use (settings, campaign progress, bests, ghosts).

How the file is treated:

- **Busy is not damage.**  The database runs in WAL mode with a busy timeout
  (:data:`BUSY_TIMEOUT_S`); every write is one ``BEGIN IMMEDIATE`` transaction,
  retried when another process holds the lock.  A lock held for longer than the
  retries last never moves the file: the game then plays from a copy in memory.
- **Only proven damage moves the file.**  A file SQLite calls "not a database" or
  "malformed", one failing ``PRAGMA quick_check``, or one whose tables/columns are
  not Tessera's is renamed ``tessera.db.damaged-<timestamp>`` together with its
  ``-wal``/``-shm``/``-journal`` files, and a fresh database is started.  Nothing
  is ever deleted.
- **Cannot write** (read-only file or folder, a data folder that cannot be
  created, a database locked for too long, a schema from a newer version): the
  game plays from an in-memory copy of what could be read (or a fresh one), saves
  nothing, and nothing on disk is changed.
- **Schema version** lives in ``PRAGMA user_version`` (:data:`SCHEMA_VERSION`).
  The first store wrote no user_version but ``meta(schema='1')``: that is version 1.
  Older versions are migrated in one transaction; newer ones are only read.

:attr:`SaveFile.message` holds the one sentence for the game to show (the first
problem met); no public method raises on any of the above.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Self

from engine.paths import data_dir
from game.save_schema import (
    BUSY_TIMEOUT_S,
    DB_NAME,
    OPEN_ATTEMPTS,
    SCHEMA_VERSION,
    SIDE_SUFFIXES,
    SQLITE_HEADER,
    WRITE_ATTEMPTS,
    Busy,
    Damaged,
    Newer,
    OpenProblem,
    T,
    Unwritable,
    connect,
    error_kind,
    identity,
    migrate,
    problem,
    retry,
    schema_version,
)


class SaveFile:
    """The player's save file: the connection, and what to do when the file is busy, damaged or read-only.

    Args:
        path: the database file (default ``data_dir() / "tessera.db"``).
        busy_timeout: seconds one statement waits for another process's lock.

    Attributes:
        path: the database file.
        message: one sentence for the player when something is not as it should be, else None.
        saving: True when changes reach the file; False when playing from memory.
        busy: True when opening met another program's lock and the game plays from a copy.
    """

    def __init__(self, path: Path | str | None = None, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
        self.message: str | None = None
        self.saving = False
        self.busy = False  # opening met another program's lock (playing from a copy)
        self.busy_timeout = busy_timeout
        self.conn: sqlite3.Connection | None = None
        self._checked: tuple[int, int, int, int] | None = None  # the file whose header was checked
        if path is None:
            try:
                path = data_dir() / DB_NAME
            except OSError as exc:
                folder = Path(str(exc.filename)) if exc.filename else Path(os.environ.get("TESSERA_HOME", "."))
                self.path = folder / DB_NAME
                self._play_from_memory(None)
                self._say(f"The data folder {folder} cannot be created ({exc.strerror or exc})")
                return
        self.path = Path(path)
        self._start()

    @classmethod
    def over(cls, conn: sqlite3.Connection, path: Path | str, message: str | None = None) -> Self:
        """A store over ``conn`` alone (a snapshot in memory): nothing it does reaches ``path``, which only names
        the save in messages; it never sets anything aside.  ``message``: its note, or None."""
        self = cls.__new__(cls)
        self.message, self.saving, self.busy, self.busy_timeout = message, False, False, BUSY_TIMEOUT_S
        self.conn, self._checked, self.path = conn, None, Path(path)
        return self

    # -- opening -----------------------------------------------------------
    def _say(self, why: str, tail: str = "playing without saving; nothing on disk was changed.") -> None:
        if self.message is None:
            self.message = f"{why}: {tail}"

    def _start(self, again: bool = True) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._play_from_memory(None)
            self._say(f"The data folder {self.path.parent} cannot be created ({exc.strerror or exc})")
            return
        try:
            self._check_header()
            self._check_permissions()
            self.conn = self._open_rw()
            self.saving = True
        except Damaged as exc:
            self._set_aside(str(exc), again)
        except Newer as exc:
            self._play_from_memory(self.path)
            self._say(
                f"Saved progress was made by a newer version of Tessera ({exc}); it is left untouched",
                "playing without saving.",
            )
        except Busy as exc:
            self.busy = True
            self._play_from_memory(self.path)
            self._say(f"Saved progress is in use by another program ({exc})")
        except Unwritable as exc:
            self._play_from_memory(self.path)
            self._say(f"Progress cannot be saved ({exc})")

    def _check_header(self) -> None:
        """Raise :class:`Damaged` for a non-empty file that is not an SQLite database.

        Checked before SQLite opens it, so SQLite never plays a stray journal into
        it or deletes a ``-wal`` that belongs to it.  (SQLite itself would take a
        file shorter than its 100-byte header for an empty database and overwrite it.)
        """
        from engine.reader import ReadError, read_head

        try:  # the one reader: a FIFO or a device named like the save is refused unopened, never waited on
            head = read_head(self.path, 100)
            self._checked = identity(os.stat(self.path))
        except (ReadError, OSError) as exc:
            if not os.path.exists(self.path):
                return
            raise Unwritable(exc.reason if isinstance(exc, ReadError) else exc.strerror or str(exc)) from None
        if head and (len(head) < 100 or not head.startswith(SQLITE_HEADER)):
            raise Damaged("it is not a database")

    def _check_permissions(self) -> None:
        """Raise :class:`Unwritable` before SQLite leaves ``-wal``/``-shm`` files next to a file it cannot write."""
        if self.path.exists() and not os.access(self.path, os.R_OK | os.W_OK):
            raise Unwritable("the file is read-only")
        if not os.access(self.path.parent, os.W_OK | os.X_OK):
            raise Unwritable("its folder is read-only")

    def _open_rw(self) -> sqlite3.Connection:
        """Open, check, set WAL and migrate; raises an :class:`OpenProblem`."""
        try:
            conn = connect(self.path, timeout=self.busy_timeout)
        except sqlite3.Error as exc:
            raise problem(exc) from None
        except OSError as exc:  # pragma: no cover - sqlite reports these as sqlite3 errors
            raise Unwritable(exc.strerror or str(exc)) from None
        try:
            row = retry(lambda: conn.execute("PRAGMA quick_check").fetchone(), OPEN_ATTEMPTS)
            if not row or row[0] != "ok":
                raise Damaged(f"integrity check: {row[0] if row else 'no answer'}")
            version = retry(lambda: schema_version(conn), OPEN_ATTEMPTS)
            if version < SCHEMA_VERSION:
                migrate(conn, OPEN_ATTEMPTS)
            else:
                self._probe_write(conn)
            try:  # after migrating: a failed migration leaves the file exactly as it was
                retry(lambda: conn.execute("PRAGMA journal_mode = WAL").fetchone(), OPEN_ATTEMPTS)
            except sqlite3.Error as exc:
                if error_kind(exc) != "busy":
                    raise
                # Someone holds a write lock: the file is writable; keep its journal mode for now.
        except OpenProblem:
            conn.close()
            raise
        except sqlite3.Error as exc:
            conn.close()
            raise problem(exc) from None
        except UnicodeDecodeError:  # SQLite's own error text quotes garbled bytes of the schema
            conn.close()
            raise Damaged("its schema text is garbled") from None
        return conn

    def _probe_write(self, conn: sqlite3.Connection) -> None:
        """Raise ``sqlite3.Error`` (READONLY, CANTOPEN...) when the file cannot be written.

        A busy lock proves someone writes it, so busy passes.
        """
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            if error_kind(exc) == "busy":
                return
            raise
        try:
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        finally:
            conn.execute("ROLLBACK")

    def _play_from_memory(self, source: Path | None) -> None:
        """Use an in-memory database holding a copy of ``source`` if it can be read, else a fresh one.

        The copy is read with ``immutable=1`` (no locks, no ``-wal``/``-shm``
        created) when no ``-wal``/``-journal`` is beside it, else with ``mode=ro``.
        An older copy is migrated in memory; a newer one is used as it is (reads
        that fail give defaults).
        """
        self.saving = False
        mem = None
        if source is not None and source.exists():
            mem = self._copy_into_memory(source)
        if mem is not None:
            try:
                if schema_version(mem) < SCHEMA_VERSION:
                    migrate(mem, 1)
            except Newer:
                pass
            except (sqlite3.Error, UnicodeDecodeError, OpenProblem):  # a copy we cannot use: start afresh
                mem.close()
                mem = None
        if mem is None:
            mem = connect(":memory:")
            migrate(mem, 1)
        self.conn = mem

    def _copy_into_memory(self, source: Path) -> sqlite3.Connection | None:
        uri = source.absolute().as_uri()
        # No -wal/-journal: no WAL connection is open and no hot journal waits, so reading the
        # file as immutable is exact and creates nothing next to it.
        quiet = not any(source.with_name(source.name + s).exists() for s in ("-wal", "-journal"))
        modes = ("immutable=1", "mode=ro") if quiet else ("mode=ro", "immutable=1")
        for mode in modes:
            try:
                # serialize(), not backup(): backup() retries a busy source for ever.
                src = connect(f"{uri}?{mode}", uri=True, timeout=min(self.busy_timeout, 1.0))
                try:
                    image = bytearray(src.serialize())
                finally:
                    src.close()
                if len(image) >= 20 and image[18:20] == b"\x02\x02":  # WAL mode: no WAL in memory
                    image[18:20] = b"\x01\x01"
                mem = connect(":memory:")
                mem.deserialize(bytes(image))
                mem.execute("SELECT count(*) FROM sqlite_master").fetchone()
                return mem
            except (sqlite3.Error, UnicodeDecodeError):
                continue
        return None

    def _set_aside(self, reason: str, again: bool = True) -> None:
        """Rename the damaged file and its companions aside, then start fresh (or play from memory).

        If the file is no longer the one found damaged (another Tessera set it aside
        and started a fresh one meanwhile), it is opened instead (once).
        """
        try:
            current = identity(os.stat(self.path))
        except OSError:
            current = None
        if again and current != self._checked:
            self._start(again=False)
            return
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        try:
            self.path.replace(aside)
        except OSError as exc:
            self._play_from_memory(None)
            self._say(f"Saved progress is damaged ({reason}) and could not be moved aside ({exc.strerror or exc})")
            return
        moved_all = True
        for suffix in SIDE_SUFFIXES:
            side = self.path.with_name(self.path.name + suffix)
            try:
                if side.exists():
                    side.replace(aside.with_name(aside.name + suffix))
            except OSError:
                moved_all = False
        if not moved_all:  # a stale -wal next to a fresh file could be replayed into it
            self._play_from_memory(None)
            self._say(
                f"Saved progress was damaged ({reason}); it was moved to {aside.name}, but its journal "
                "files could not be moved"
            )
            return
        try:
            self.conn = self._open_rw()
            self.saving = True
            self.message = (
                f"Saved progress was damaged ({reason}); it was moved to {aside.name} and a fresh save was started."
            )
        except OpenProblem as exc:
            self._play_from_memory(None)
            self._say(
                f"Saved progress was damaged ({reason}); it was moved to {aside.name}, and a fresh save "
                f"could not be started ({exc})",
                "playing without saving.",
            )

    def set_busy_timeout(self, seconds: float) -> None:
        """Wait up to ``seconds`` for another program's lock from now on (opened quickly, then patient)."""
        self.busy_timeout = seconds
        if self.conn is not None:
            self.conn.execute(f"PRAGMA busy_timeout = {max(0, int(seconds * 1000))}")

    def close(self) -> None:
        """Close the database (safe to call twice)."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    # -- transactions --------------------------------------------------------
    def _transaction(self, body: Callable[[sqlite3.Connection], T]) -> T | None:
        """Run ``body(conn)`` in one ``BEGIN IMMEDIATE`` transaction, retried while busy.

        Returns None (and says so once in :attr:`message`) when it could not be done.
        """
        conn = self.conn
        if conn is None:
            return None
        for attempt in range(WRITE_ATTEMPTS):
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    result = body(conn)
                    conn.execute("COMMIT")
                    return result
                except BaseException:
                    if conn.in_transaction:
                        try:
                            conn.execute("ROLLBACK")
                        except sqlite3.Error:
                            pass
                    raise
            except (sqlite3.Error, UnicodeDecodeError) as exc:
                if isinstance(exc, sqlite3.Error) and error_kind(exc) == "busy" and attempt < WRITE_ATTEMPTS - 1:
                    time.sleep(0.05 * 2**attempt)
                    continue
                self._say(f"Progress could not be saved ({exc})", "some changes may be lost.")
                return None
        return None  # pragma: no cover

    def _write(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        self._transaction(lambda conn: conn.execute(sql, params))

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        conn = self.conn
        if conn is None:
            return []
        try:
            return retry(lambda: conn.execute(sql, params).fetchall(), WRITE_ATTEMPTS)
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            self._say(f"Saved progress could not be read ({exc})", "showing defaults.")
            return []
