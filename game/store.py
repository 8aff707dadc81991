"""Saved progress and settings in SQLite (``engine.paths.data_dir() / "tessera.db"``).

Every write is one transaction.  A damaged file (not a database, failing the
integrity check, or an unreadable schema) is renamed aside as
``tessera.db.damaged-<timestamp>`` and a fresh database is started;
:attr:`Store.message` then holds a sentence for the game to show.  No method
raises on a damaged or read-only database: the game keeps running without
saving and says so.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from engine.paths import data_dir

DB_NAME = "tessera.db"
SCHEMA_VERSION = 1
_SCHEMA = """
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

DEFAULT_SETTINGS: dict[str, str] = {"theme": "dark", "volume": "0.7", "mute": "0", "fullscreen": "0"}


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


class Store:
    """The player's saved data.

    Args:
        path: the database file (default ``data_dir() / "tessera.db"``).
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / DB_NAME
        self.message: str | None = None
        self.conn: sqlite3.Connection | None = None
        try:
            self.conn = self._open()
        except sqlite3.DatabaseError:
            self._set_aside()
        except OSError as exc:
            self.message = f"Progress cannot be saved ({exc.strerror or exc}); playing without saving."

    # -- opening -----------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=2.0)
        try:
            row = conn.execute("PRAGMA quick_check").fetchone()
            if not row or row[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {row}")
            with conn:
                conn.executescript(_SCHEMA)
                conn.execute(
                    "INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
                )
            # Touch every table so a damaged page shows up now, not in the middle of a game.
            for table in ("meta", "progress", "best", "settings"):
                conn.execute(f"SELECT count(*) FROM {table}").fetchone()
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def _set_aside(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        try:
            self.path.replace(aside)
            for suffix in ("-wal", "-shm", "-journal"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    side.replace(aside.with_name(aside.name + suffix))
            self.conn = self._open()
            self.message = f"Saved progress was damaged; it was moved to {aside.name} and a fresh save was started."
        except (OSError, sqlite3.DatabaseError) as exc:
            self.conn = None
            self.message = f"Saved progress is damaged and could not be replaced ({exc}); playing without saving."

    def close(self) -> None:
        """Close the database (safe to call twice)."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def _write(self, sql: str, params: tuple = ()) -> None:
        if self.conn is None:
            return
        try:
            with self.conn:
                self.conn.execute(sql, params)
        except sqlite3.Error as exc:
            self.message = f"Progress could not be saved ({exc})."

    def _read(self, sql: str, params: tuple = ()) -> list[tuple]:
        if self.conn is None:
            return []
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            self.message = f"Saved progress could not be read ({exc})."
            return []

    # -- settings ----------------------------------------------------------
    def setting(self, key: str) -> str:
        """A setting's value (text), falling back to :data:`DEFAULT_SETTINGS`."""
        rows = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        return rows[0][0] if rows else DEFAULT_SETTINGS.get(key, "")

    def set_setting(self, key: str, value: object) -> None:
        """Store a setting (converted to text)."""
        self._write("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, str(value)))

    # -- campaign ----------------------------------------------------------
    def unlocked(self) -> set[str]:
        """Ids of unlocked levels (the first level is always playable; callers add it)."""
        return {r[0] for r in self._read("SELECT level_id FROM progress WHERE unlocked = 1")}

    def stars(self) -> dict[str, int]:
        """Best stars per completed level id."""
        return {r[0]: int(r[1]) for r in self._read("SELECT level_id, stars FROM progress WHERE completed = 1")}

    def complete_level(self, level_id: str, stars: int, next_id: str | None) -> None:
        """Mark ``level_id`` completed with at least ``stars`` and unlock ``next_id``, in one transaction."""
        if self.conn is None:
            return
        try:
            with self.conn:
                self.conn.execute(
                    "INSERT INTO progress(level_id, unlocked, completed, stars) VALUES (?, 1, 1, ?) "
                    "ON CONFLICT(level_id) DO UPDATE SET unlocked = 1, completed = 1, "
                    "stars = max(stars, excluded.stars)",
                    (level_id, int(stars)),
                )
                if next_id is not None:
                    self.conn.execute(
                        "INSERT INTO progress(level_id, unlocked) VALUES (?, 1) "
                        "ON CONFLICT(level_id) DO UPDATE SET unlocked = 1",
                        (next_id,),
                    )
        except sqlite3.Error as exc:
            self.message = f"Progress could not be saved ({exc})."

    # -- bests -------------------------------------------------------------
    def best(self, code: str) -> Best:
        """Personal best for a level code (None fields when never won)."""
        rows = self._read("SELECT best_time, best_moves, plays, wins FROM best WHERE code = ?", (code,))
        if not rows:
            return Best(None, None, 0, 0)
        t, m, p, w = rows[0]
        return Best(t, m, int(p), int(w))

    def record_win(self, code: str, seconds: float, moves: int) -> WinResult:
        """Record a finished run; returns whether it beat the previous bests."""
        old = self.best(code)
        new_t = old.best_time is None or seconds < old.best_time
        new_m = old.best_moves is None or moves < old.best_moves
        self._write(
            "INSERT INTO best(code, best_time, best_moves, plays, wins) VALUES (?, ?, ?, 1, 1) "
            "ON CONFLICT(code) DO UPDATE SET best_time = min(coalesce(best_time, excluded.best_time), "
            "excluded.best_time), best_moves = min(coalesce(best_moves, excluded.best_moves), excluded.best_moves), "
            "plays = plays + 1, wins = wins + 1",
            (code, float(seconds), int(moves)),
        )
        return WinResult(new_t, new_m, self.best(code))
