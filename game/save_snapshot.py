"""Reading the save for a command that only reads (``tessera records``): one consistent snapshot, nothing changed.

:func:`snapshot_store` gives a :class:`game.store.Store` over an in-memory image of the save as last committed,
taken in one read transaction while the game may be writing (hundreds of writes a second):

* a WAL save the game has open (its ``-wal`` and ``-shm`` beside it) is read by SQLite itself through a read-only
  connection that also keeps the ``-shm`` read-only (``mode=ro&readonly_shm=1``): one statement
  (``serialize``) copies every page of one snapshot, so no checkpoint or new write can tear it;
* a rollback-journal save is read the same way under SQLite's shared lock (a program holding it exclusively for
  longer than :data:`LOCK_WAIT_S` seconds: one line, nothing read);
* a closed WAL save (no ``-wal``), a WAL save held in exclusive locking mode (no ``-shm``) or a journal left by
  a program that stopped (which a read-only connection may not roll back) is copied byte for byte into a
  private folder while the database file and the WAL's header (its salts change when a checkpoint restarts it)
  stay the same during the copy; SQLite then replays the WAL or rolls the journal back in that folder.
  A copy that keeps changing for :data:`LOCK_WAIT_S` seconds is refused, never used torn.

The image is then checked (``PRAGMA quick_check``, Tessera's tables).  A damaged save is reported as it is, one
line, and nothing anywhere is moved, renamed or started afresh: only :class:`game.save_file.SaveFile` (the game)
ever sets a save aside.  Nothing in the player's folder is opened for writing.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from engine.sanitise import one_line
from game.save_schema import SCHEMA_VERSION, SQLITE_HEADER, Damaged, Newer, connect, error_kind, migrate, schema_version
from game.store import Store

#: Seconds ``tessera records`` waits for another program's exclusive lock (or for a copy that stays still).
LOCK_WAIT_S = 2.0
#: The largest save read (bytes); a save of years of play is a few MB.
MAX_SAVE_BYTES = 2_000_000_000
#: Characters of SQLite's own words about damage quoted in the one line.
REASON_CHARS = 120


#: What every refusal adds: the reader never moves, renames or starts afresh anything.
UNTOUCHED = "no records were read, and the file was left as it is (nothing was moved or changed)"


def damaged(name: str, reason: str) -> ValueError:
    """The one line for a save that cannot be read (``reason``: SQLite's words, shortened to one line)."""
    first = " ".join(reason.split())
    return ValueError(f"the save {name} cannot be read ({one_line(first, REASON_CHARS)}): {UNTOUCHED}")


def _is_wal(head: bytes | bytearray) -> bool:
    return len(head) >= 20 and head[18:20] == b"\x02\x02"


def _serialize(uri: str, lock_wait: float) -> bytes:
    """Every page of one snapshot of the database at ``uri``: one read transaction, begun by a query (whose
    error says why when it cannot be: ``serialize`` alone only says it failed), then copied page by page.

    Raises:
        sqlite3.Error: SQLite's own error (busy, damaged, cannot open).
    """
    conn = sqlite3.connect(uri, uri=True, timeout=lock_wait, isolation_level=None)
    try:
        conn.execute("BEGIN")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn.serialize()
    finally:
        conn.close()


def _stamp(src: Path) -> tuple[object, ...]:
    """What must stay the same while the files are copied: the database file (size, time, inode), the WAL's
    header (a checkpoint that restarts the WAL changes its salts; frames added at its end are fine: the copy
    ends at its last whole commit) and the journal (size, time)."""
    from engine.reader import ReadError, read_head

    out: list[object] = []
    for suffix in ("", "-journal"):
        try:
            st = os.stat(src.with_name(src.name + suffix))
            out.append((st.st_ino, st.st_size, st.st_mtime_ns))
        except OSError:
            out.append(None)
    wal = src.with_name(src.name + "-wal")
    try:
        out.append(read_head(wal, 32) if wal.exists() else None)
    except ReadError:
        out.append(None)
    return tuple(out)


def _copied_image(src: Path, lock_wait: float) -> bytes:
    """The save as last committed, from a byte copy of it and its ``-wal``/``-journal`` (see the module docstring).

    Raises:
        ValueError: the files kept changing for ``lock_wait`` seconds, or cannot be read.
    """
    from engine.reader import ReadError, copy_file

    folder = Path(tempfile.mkdtemp(prefix="tessera-read-"))
    try:
        deadline = time.monotonic() + lock_wait
        while True:
            before = _stamp(src)
            for suffix in ("", "-wal", "-journal"):
                (folder / (src.name + suffix)).unlink(missing_ok=True)
                copy_file(src.with_name(src.name + suffix), folder / (src.name + suffix), limit=MAX_SAVE_BYTES)
            if _stamp(src) == before:
                break
            if time.monotonic() > deadline:
                raise ValueError(
                    f"the save {src.name} changed all the time for {lock_wait:g} s while it was read; try again "
                    "(nothing was read or changed)"
                )
            time.sleep(0.02)
        # replays the WAL or rolls the journal back, in the private folder
        return _serialize((folder / src.name).resolve().as_uri(), lock_wait)
    except ReadError as exc:
        raise ValueError(f"the save cannot be read: {exc}") from None
    finally:
        shutil.rmtree(folder, True)


def read_image(src: Path, lock_wait: float = LOCK_WAIT_S) -> bytes:
    """One consistent image of the save at ``src`` as last committed (``b""`` for an empty file).

    Raises:
        ValueError: one line: the save is not a database or SQLite calls it damaged, is held locked by another
            program for more than ``lock_wait`` seconds, is not a regular file, or cannot be read.
    """
    from engine.reader import ReadError, read_head

    try:
        head = read_head(src, 100)
    except ReadError as exc:
        raise ValueError(f"the save cannot be read: {exc}") from None
    if not head:
        return b""
    if len(head) < 100 or not head.startswith(SQLITE_HEADER):
        raise damaged(src.name, "it is not a database")
    side = {s: src.with_name(src.name + s).exists() for s in ("-wal", "-shm", "-journal")}
    uri = src.resolve().as_uri()
    try:
        if _is_wal(head) and side["-wal"] and side["-shm"]:
            try:
                return _serialize(f"{uri}?mode=ro&readonly_shm=1", lock_wait)
            except sqlite3.Error as exc:
                if error_kind(exc) == "damaged":
                    raise
            return _copied_image(src, lock_wait)  # held in exclusive locking mode: its files are still
        if _is_wal(head):
            return _copied_image(src, lock_wait)
        try:
            return _serialize(f"{uri}?mode=ro", lock_wait)
        except sqlite3.Error as exc:
            if error_kind(exc) == "busy":
                raise ValueError(
                    f"the save {src.name} is in use by another program (locked for more than {lock_wait:g} s); "
                    "try again once it is closed (nothing was read or changed)"
                ) from None
            if error_kind(exc) == "damaged":
                raise
        return _copied_image(src, lock_wait)  # a journal a read-only connection may not roll back: in the copy
    except sqlite3.Error as exc:
        raise damaged(src.name, str(exc)) from None


def open_image(image: bytes, name: str) -> tuple[sqlite3.Connection, str | None]:
    """An in-memory database holding ``image`` (checked and brought to today's schema there), and a note.

    Raises:
        ValueError: the image fails SQLite's check or does not hold Tessera's tables (one line, from
            :func:`damaged`).
    """
    mem = connect(":memory:")
    try:
        if image:
            data = bytearray(image)
            if _is_wal(data):
                data[18:20] = b"\x01\x01"  # an image in memory has no WAL
            mem.deserialize(bytes(data))
        rows = mem.execute("PRAGMA quick_check").fetchall()
        if [r[0] for r in rows] != ["ok"]:
            raise damaged(name, "integrity check: " + "; ".join(str(r[0]) for r in rows[:3]))
        note = None
        try:
            if schema_version(mem) < SCHEMA_VERSION:
                migrate(mem, 1)
        except Newer:
            note = f"the save {name} was made by a newer version of Tessera: it was read and left as it is"
        return mem, note
    except Damaged as exc:
        mem.close()
        raise damaged(name, str(exc)) from None
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        mem.close()
        raise damaged(name, str(exc)) from None
    except ValueError:
        mem.close()
        raise


def snapshot_store(path: Path | str, *, lock_wait: float = LOCK_WAIT_S) -> Store:
    """A store over one consistent in-memory snapshot of the save at ``path`` (see the module docstring).

    Its :attr:`~game.store.Store.message` is None or a note in the player's words; writes to it reach only the
    memory.

    Raises:
        ValueError: one line (:func:`read_image`, :func:`open_image`); the save is then left as it was.
    """
    src = Path(path)
    conn, note = open_image(read_image(src, lock_wait), src.name)
    return Store.over(conn, src, note)


__all__ = ["LOCK_WAIT_S", "MAX_SAVE_BYTES", "damaged", "open_image", "read_image", "snapshot_store"]
