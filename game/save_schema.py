"""The save file's SQLite side: tables, schema versions and migrations, error kinds, retries.

:mod:`game.save_file` opens, recovers and writes the file through these; see its
docstring for how a busy, damaged, read-only or newer file is treated.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, TypeVar

DB_NAME = "tessera.db"
SCHEMA_VERSION = 6
"""Current ``PRAGMA user_version``.  1: the first store (meta table, no ghosts); 2: + ``ghosts``;
3: saved level codes rewritten in today's spelling (v2 codes, :func:`engine.codes.upgrade_key`);
4: + ``my_levels`` (the player's own levels: name and code); 5: + ``runs`` (the history of finished games,
:class:`engine.records.Run`; the maze dailies won before it are carried over from ``best``); 6: + ``runs.replay`` and
``runs.analysis`` (a puzzle solve's replay code and its analysis summary, kept with the run)."""
BUSY_TIMEOUT_S = 5.0
"""How long one statement waits for another process's lock (seconds)."""
WRITE_ATTEMPTS = 4
"""Tries of a write transaction that met a busy/locked database (each waits up to the busy timeout)."""
OPEN_ATTEMPTS = 2
"""Tries of each step of opening that met a busy/locked database."""
SIDE_SUFFIXES = ("-wal", "-shm", "-journal")
SQLITE_HEADER = b"SQLite format 3\x00"
"""SQLite's companion files, moved together with a damaged database."""

_TABLES_V1 = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS progress (
    level_id TEXT PRIMARY KEY,
    unlocked INTEGER NOT NULL DEFAULT 1,
    completed INTEGER NOT NULL DEFAULT 0,
    stars INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS best (
    code TEXT PRIMARY KEY,
    best_time REAL,
    best_moves INTEGER,
    plays INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
_TABLES_V2 = """
CREATE TABLE IF NOT EXISTS ghosts (
    maze_code TEXT PRIMARY KEY,
    ghost_code TEXT NOT NULL,
    seconds REAL NOT NULL
);
"""
_TABLES_V4 = """
CREATE TABLE IF NOT EXISTS my_levels (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    code TEXT NOT NULL,
    created TEXT,
    updated TEXT
);
"""
_TABLES_V5 = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    mode TEXT NOT NULL,
    key TEXT NOT NULL,
    code TEXT NOT NULL DEFAULT '',
    seconds REAL NOT NULL,
    moves INTEGER NOT NULL,
    par INTEGER,
    daily TEXT NOT NULL DEFAULT '',
    finished TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS runs_daily ON runs(daily);
"""
_COLUMNS_V6 = """
ALTER TABLE runs ADD COLUMN replay TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN analysis TEXT NOT NULL DEFAULT '';
"""
DAILY_FIRST = "2026-11-01"
"""No maze daily was played before this day (the game did not exist): the v5 migration looks from here."""
# Columns each version needs, per table.
_COLUMNS: dict[int, dict[str, set[str]]] = {
    1: {
        "meta": {"key", "value"},
        "progress": {"level_id", "unlocked", "completed", "stars"},
        "best": {"code", "best_time", "best_moves", "plays", "wins"},
        "settings": {"key", "value"},
    },
}
_COLUMNS[2] = {**_COLUMNS[1], "ghosts": {"maze_code", "ghost_code", "seconds"}}
_COLUMNS[3] = _COLUMNS[2]
_COLUMNS[4] = {**_COLUMNS[3], "my_levels": {"id", "name", "code", "created", "updated"}}
_COLUMNS[5] = {**_COLUMNS[4], "runs": {"id", "mode", "key", "code", "seconds", "moves", "par", "daily", "finished"}}
_COLUMNS[6] = {**_COLUMNS[5], "runs": _COLUMNS[5]["runs"] | {"replay", "analysis"}}

NAME_MAX = 60
"""Longest name of one of the player's own levels (characters, after trimming)."""
CODE_MAX = 100_000
"""Longest code kept for one of the player's own levels (the longest code the decoder reads)."""

LEGACY_GHOST_PREFIX = "ghost:"
"""Settings key prefix under which ghosts were kept before the ``ghosts`` table (``ghost:<race code>``)."""

DEFAULT_SETTINGS: dict[str, str] = {"theme": "dark", "volume": "0.7", "mute": "0", "fullscreen": "0"}

# SQLite primary result codes (https://sqlite.org/rescode.html).
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_CORRUPT, _SQLITE_NOTADB = 5, 6, 11, 26

T = TypeVar("T")


@dataclass(frozen=True)
class Best:
    """Personal best for one level code (time in seconds)."""

    best_time: float | None
    best_moves: int | None
    plays: int
    wins: int


@dataclass(frozen=True)
class WinResult:
    """What :meth:`Store.record_win` changed."""

    new_best_time: bool
    new_best_moves: bool
    best: Best


@dataclass(frozen=True)
class MyLevel:
    """One of the player's own levels (``created``/``updated``: UTC ISO 8601 text of its saving and last change)."""

    id: int
    name: str
    code: str
    created: str | None
    updated: str | None


def level_name(name: object) -> str:
    """``name`` trimmed, checked to hold 1 to :data:`NAME_MAX` characters.

    Raises:
        ValueError: one sentence saying what is wrong.
    """
    if not isinstance(name, str):
        raise ValueError(f"A level name must be text, not {type(name).__name__}.")
    trimmed = name.strip()
    if not trimmed:
        raise ValueError("A level name needs at least one character other than spaces.")
    if len(trimmed) > NAME_MAX:
        raise ValueError(f"A level name can have at most {NAME_MAX} characters (this one has {len(trimmed)}).")
    if not trimmed.isprintable():
        raise ValueError("A level name cannot hold line breaks or other control characters.")
    return trimmed


def check_saved_code(code: object) -> str:
    """``code`` trimmed, checked to be text of 1 to :data:`CODE_MAX` characters (not decoded: a code that no
    longer decodes is still kept).

    Raises:
        ValueError: one sentence saying what is wrong.
    """
    if not isinstance(code, str) or not code.strip():
        raise ValueError("A level needs its code (text) to be saved.")
    trimmed = code.strip()
    if len(trimmed) > CODE_MAX:
        raise ValueError(f"A level code can have at most {CODE_MAX} characters (this one has {len(trimmed)}).")
    return trimmed


class SavedGhost(NamedTuple):
    """A recorded ghost: the best run kept for one maze (``seconds`` > 0)."""

    maze_code: str
    ghost_code: str
    seconds: float


# -- what went wrong while opening -------------------------------------------------
class OpenProblem(Exception):
    """Opening the file read-write did not work; ``str()`` is the reason in plain words."""


class Damaged(OpenProblem):
    """Proven damage: not a database, failed integrity check, or not Tessera's tables."""


class Busy(OpenProblem):
    """Another process held the lock for longer than the retries."""


class Unwritable(OpenProblem):
    """No permission, read-only, cannot create, I/O error: not damage."""


class Newer(OpenProblem):
    """Made by a newer version of Tessera."""


def error_kind(exc: sqlite3.Error) -> str:
    """Classify an SQLite error: ``"busy"``, ``"damaged"`` or ``"other"``.

    Uses the result code (Python 3.11+), falling back to the message text.
    """
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary = code & 0xFF
        if primary in (_SQLITE_BUSY, _SQLITE_LOCKED):
            return "busy"
        if primary in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
            return "damaged"
        return "other"
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return "busy"
    if "not a database" in text or "malformed" in text:
        return "damaged"
    return "other"


def problem(exc: sqlite3.Error) -> OpenProblem:
    kind = error_kind(exc)
    if kind == "busy":
        return Busy(str(exc))
    if kind == "damaged":
        return Damaged(str(exc))
    return Unwritable(str(exc))


def retry(fn: Callable[[], T], attempts: int) -> T:
    """``fn()``, tried again (with a short growing pause) while SQLite says busy/locked."""
    for attempt in range(attempts):
        try:
            return fn()
        except sqlite3.Error as exc:
            if error_kind(exc) != "busy" or attempt == attempts - 1:
                raise
            time.sleep(0.05 * 2**attempt)
    raise AssertionError("unreachable")  # pragma: no cover


def _table_columns(conn: sqlite3.Connection) -> dict[str, dict[str, tuple[bool, bool]]]:
    """``{table: {column: (not_null, has_default)}}`` for every user table."""
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    out: dict[str, dict[str, tuple[bool, bool]]] = {}
    for name in names:
        cols = conn.execute(f"PRAGMA table_info(\"{name.replace(chr(34), chr(34) * 2)}\")").fetchall()
        # table_info rows: cid, name, type, notnull, dflt_value, pk
        out[name] = {c[1]: (bool(c[3]) and not c[5], c[4] is not None) for c in cols}
    return out


def schema_version(conn: sqlite3.Connection) -> int:
    """The schema version of an open database (0: empty), checking its tables.

    Raises:
        Newer: made by a newer version (``user_version`` or the old ``meta.schema``).
        Damaged: its tables or columns are not Tessera's.
        sqlite3.Error: the file could not be read.
    """
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise Newer(f"schema {version}; this version reads up to {SCHEMA_VERSION}")
    tables = _table_columns(conn)
    if version == 0:
        if not tables:
            return 0
        if "meta" not in tables or "key" not in tables["meta"] or "value" not in tables["meta"]:
            raise Damaged("its tables are not Tessera's")
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        try:
            legacy = int(row[0]) if row else 1
        except (TypeError, ValueError):
            raise Damaged(f"its schema number {row[0]!r} is not a number") from None
        if legacy > SCHEMA_VERSION:
            raise Newer(f"schema {legacy}; this version reads up to {SCHEMA_VERSION}")
        version = max(legacy, 1)
    for table, needed in _COLUMNS[version].items():
        have = tables.get(table)
        if have is None:
            raise Damaged(f"its table '{table}' is missing")
        missing = needed - set(have)
        if missing:
            raise Damaged(f"its table '{table}' lacks the column(s) {', '.join(sorted(missing))}")
        strict = [c for c, (not_null, has_default) in have.items() if c not in needed and not_null and not has_default]
        if strict:
            raise Damaged(f"its table '{table}' has unknown required column(s) {', '.join(sorted(strict))}")
    return version


def migrate(conn: sqlite3.Connection, attempts: int = OPEN_ATTEMPTS) -> None:
    """Bring an open, writable database to :data:`SCHEMA_VERSION` in one transaction.

    The version is read again inside the transaction (another process may have
    migrated meanwhile).  Raises like :func:`schema_version`, or ``sqlite3.Error``
    (the transaction is rolled back).
    """

    def run() -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = schema_version(conn)
            if version < SCHEMA_VERSION:
                if version < 1:  # (statement by statement: executescript would COMMIT our transaction)
                    for stmt in _statements(_TABLES_V1):
                        conn.execute(stmt)
                if version < 2:
                    for stmt in _statements(_TABLES_V2):
                        conn.execute(stmt)
                if version < 3:
                    _upgrade_saved_codes(conn)
                if version < 4:
                    for stmt in _statements(_TABLES_V4):
                        conn.execute(stmt)
                if version < 5:
                    for stmt in _statements(_TABLES_V5):
                        conn.execute(stmt)
                    _carry_dailies_over(conn)
                if version < 6:
                    for stmt in _statements(_COLUMNS_V6):
                        conn.execute(stmt)
                conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                schema_version(conn)  # the result must be Tessera's tables, or nothing is kept
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    retry(run, attempts)


def _upgrade_saved_codes(conn: sqlite3.Connection) -> None:
    """Rewrite every saved code key in today's spelling (v1 codes became v2), inside the caller's transaction.

    ``best`` rows of one level under two spellings are merged (the better time
    and moves, plays and wins added); ghost settings ``ghost:<code>`` and the
    ``ghosts`` table follow their codes.  Keys that hold no code stay as they are.
    """
    def upgrade_key(key: str) -> str:  # the decoders are imported for the first saved key (a new save has none)
        from engine.codes import upgrade_key as upgrade

        return upgrade(key)

    rows = conn.execute("SELECT code, best_time, best_moves, plays, wins FROM best").fetchall()
    for code, best_time, best_moves, plays, wins in rows:
        new = upgrade_key(code)
        if new == code:
            continue
        conn.execute("DELETE FROM best WHERE code = ?", (code,))
        conn.execute(
            "INSERT INTO best(code, best_time, best_moves, plays, wins) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(code) DO UPDATE SET "
            "best_time = min(coalesce(best_time, excluded.best_time), coalesce(excluded.best_time, best_time)), "
            "best_moves = min(coalesce(best_moves, excluded.best_moves), coalesce(excluded.best_moves, best_moves)), "
            "plays = plays + excluded.plays, wins = wins + excluded.wins",
            (new, best_time, best_moves, plays, wins),
        )
    for key, value in conn.execute("SELECT key, value FROM settings WHERE key LIKE ?",
                                   (LEGACY_GHOST_PREFIX + "%",)).fetchall():
        new_key, new_value = upgrade_key(key), upgrade_key(value)
        if (new_key, new_value) != (key, value):
            conn.execute("DELETE FROM settings WHERE key = ?", (key,))
            conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (new_key, new_value))
    for maze_code, ghost_code, seconds in conn.execute("SELECT maze_code, ghost_code, seconds FROM ghosts").fetchall():
        new_maze, new_ghost = upgrade_key(maze_code), upgrade_key(ghost_code)
        if (new_maze, new_ghost) == (maze_code, ghost_code):
            continue
        conn.execute("DELETE FROM ghosts WHERE maze_code = ?", (maze_code,))
        old = conn.execute("SELECT seconds FROM ghosts WHERE maze_code = ?", (new_maze,)).fetchone()
        if old is None or seconds < old[0]:
            conn.execute("INSERT OR REPLACE INTO ghosts(maze_code, ghost_code, seconds) VALUES (?, ?, ?)",
                         (new_maze, new_ghost, seconds))


def _carry_dailies_over(conn: sqlite3.Connection) -> None:
    """Add to ``runs`` one run per maze daily the ``best`` table shows won (its best time and moves, the day it
    was the daily, no finish time), inside the caller's transaction, so the calendar and streaks start with the
    days played before the history existed.  ``best`` is left as it is."""
    import datetime as dt

    from engine.modes.daily import daily_code, utc_today

    wins = {code: (t, m) for code, t, m in conn.execute(
        "SELECT code, best_time, best_moves FROM best WHERE wins > 0 AND best_time IS NOT NULL "
        "AND best_moves IS NOT NULL")}
    if not wins:
        return
    day, last = dt.date.fromisoformat(DAILY_FIRST), utc_today()
    while day <= last:
        code = daily_code(day)
        if code in wins:
            t, m = wins[code]
            conn.execute("INSERT INTO runs(mode, key, code, seconds, moves, daily) VALUES ('maze', ?, ?, ?, ?, ?)",
                         (code, code, float(t), int(m), f"maze:{day.isoformat()}"))
        day += dt.timedelta(days=1)


def _decode(raw: bytes) -> str:
    """Text from the file; bytes that are not UTF-8 (a flipped bit) become U+FFFD instead of raising."""
    return raw.decode("utf-8", "replace")


def connect(target: Path | str, uri: bool = False, timeout: float = BUSY_TIMEOUT_S) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit) that never raises on bad text."""
    conn = sqlite3.connect(target, timeout=timeout, isolation_level=None, uri=uri)
    conn.text_factory = _decode
    return conn


def identity(st: os.stat_result) -> tuple[int, int, int, int]:
    """Which file this is and whether it changed (device, inode, size, mtime in ns)."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]


def legacy_ghost(ghost_code: str) -> SavedGhost | None:
    """A ghost kept the old way as ``(maze code, ghost code, seconds of the run)``, read through the decoder
    door without building the maze (None if it does not decode as a ghost)."""
    from engine.codes import CodeError, decode_any
    from engine.modes.clock import TICKS_PER_SECOND
    from engine.modes.ghost import GhostCode

    try:
        got = decode_any(ghost_code)
    except CodeError:
        return None
    if not isinstance(got, GhostCode):
        return None
    level = got.spec if got.spec is not None else got.held  # a ghost of a hand-made level: its level code
    if level is None:
        return None
    return SavedGhost(level.code(), ghost_code, got.finish_tick / TICKS_PER_SECOND)
