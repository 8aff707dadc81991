"""Saved progress, settings, ghosts and the player's own levels: the queries the screens use, and their protocol.

:class:`SaveStore` is what a screen may ask of saved data (``ctx.store``): settings,
campaign progress, bests per code, recorded ghosts and the player's own levels
("My levels": a name and a code each).  :class:`Store` is the real one,
an SQLite file (:class:`game.save_file.SaveFile`: opening, recovery from a busy,
damaged, read-only or newer file, transactions); tests may pass any object with these
methods (an in-memory fake).  No public method raises when the file misbehaves:
:attr:`Store.message` holds the one sentence for the game to show.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Protocol

from engine.records import Run
from game.save_file import SaveFile
from game.save_schema import (
    DEFAULT_SETTINGS,
    LEGACY_GHOST_PREFIX,
    SCHEMA_VERSION,
    Best,
    MyLevel,
    SavedGhost,
    WinResult,
    check_saved_code,
    legacy_ghost,
    level_name,
)

__all__ = ["SCHEMA_VERSION", "Best", "MyLevel", "SaveStore", "SavedGhost", "Store", "WinResult"]


def utc_now() -> str:
    """The time now in UTC, ISO 8601 to the microsecond (``2026-05-01T12:00:00.123456+00:00``)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


class SaveStore(Protocol):
    """What the screens ask of saved data (``Context.store``); :class:`Store` is the SQLite one.

    Attributes:
        message: one sentence for the player when saving is not as it should be, else None.
    """

    @property
    def message(self) -> str | None:
        """One sentence for the player when saving is not as it should be, else None."""
        ...

    def setting(self, key: str) -> str:
        """A setting's value (text), falling back to :data:`game.save_schema.DEFAULT_SETTINGS`."""
        ...

    def set_setting(self, key: str, value: object) -> None:
        """Store a setting (converted to text)."""
        ...

    def unlocked(self) -> set[str]:
        """Ids of unlocked levels."""
        ...

    def stars(self) -> dict[str, int]:
        """Best stars per completed level id."""
        ...

    def complete_level(self, level_id: str, stars: int, next_id: str | None) -> None:
        """Mark ``level_id`` completed with at least ``stars`` and unlock ``next_id``."""
        ...

    def best(self, code: str) -> Best:
        """Personal best for a level code (None fields when never won)."""
        ...

    def record_win(self, code: str, seconds: float, moves: int) -> WinResult:
        """Record a finished run; returns whether it beat the previous bests."""
        ...

    def record_ghost(self, maze_code: str, ghost_code: str, seconds: float) -> bool:
        """Keep ``ghost_code`` as the ghost of ``maze_code`` if faster; True when kept."""
        ...

    def ghosts(self) -> list[SavedGhost]:
        """The best ghost per maze code, sorted by maze code."""
        ...

    def save_my_level(self, name: str, code: str) -> int:
        """Keep a level of the player's own under ``name``; its id (0 when it could not be saved).

        Raises:
            ValueError: the name is not 1 to 60 characters once trimmed, or the code is empty.
        """
        ...

    def my_levels(self) -> list[MyLevel]:
        """The player's own levels, newest first."""
        ...

    def rename_my_level(self, level_id: int, name: str) -> bool:
        """Rename one of the player's levels; True when it was found and renamed.

        Raises:
            ValueError: the name is not 1 to 60 characters once trimmed.
        """
        ...

    def delete_my_level(self, level_id: int) -> bool:
        """Forget one of the player's levels; True when it was found and deleted."""
        ...

    def record_run(self, run: Run) -> None:
        """Add a finished game to the history."""
        ...

    def runs(self) -> list[Run]:
        """The history of finished games, oldest first."""
        ...

    def bests(self) -> list[tuple[str, float | None, int | None, int]]:
        """Every kept best as ``(key, best time s, best moves, wins)``, sorted by key."""
        ...

    def close(self) -> None:
        """Close the store (safe to call twice)."""
        ...


class Store(SaveFile):
    """The player's saved data in SQLite (a :class:`SaveStore`; the file handling is :class:`SaveFile`).

    Args:
        path: the database file (default ``data_dir() / "tessera.db"``).
        busy_timeout: seconds one statement waits for another process's lock.

    Attributes:
        path: the database file.
        message: one sentence for the player when something is not as it should be, else None.
        saving: True when changes reach the file; False when playing from memory.
    """

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

        def body(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO progress(level_id, unlocked, completed, stars) VALUES (?, 1, 1, ?) "
                "ON CONFLICT(level_id) DO UPDATE SET unlocked = 1, completed = 1, "
                "stars = max(stars, excluded.stars)",
                (level_id, int(stars)),
            )
            if next_id is not None:
                conn.execute(
                    "INSERT INTO progress(level_id, unlocked) VALUES (?, 1) "
                    "ON CONFLICT(level_id) DO UPDATE SET unlocked = 1",
                    (next_id,),
                )

        self._transaction(body)

    # -- bests -------------------------------------------------------------
    @staticmethod
    def _best_in(conn: sqlite3.Connection, code: str) -> Best:
        row = conn.execute("SELECT best_time, best_moves, plays, wins FROM best WHERE code = ?", (code,)).fetchone()
        if row is None:
            return Best(None, None, 0, 0)
        t, m, p, w = row
        return Best(t, m, int(p), int(w))

    def best(self, code: str) -> Best:
        """Personal best for a level code (None fields when never won)."""
        rows = self._read("SELECT best_time, best_moves, plays, wins FROM best WHERE code = ?", (code,))
        if not rows:
            return Best(None, None, 0, 0)
        t, m, p, w = rows[0]
        return Best(t, m, int(p), int(w))

    def record_win(self, code: str, seconds: float, moves: int) -> WinResult:
        """Record a finished run (one transaction); returns whether it beat the previous bests."""

        def body(conn: sqlite3.Connection) -> tuple[Best, Best]:
            old = self._best_in(conn, code)
            conn.execute(
                "INSERT INTO best(code, best_time, best_moves, plays, wins) VALUES (?, ?, ?, 1, 1) "
                "ON CONFLICT(code) DO UPDATE SET best_time = min(coalesce(best_time, excluded.best_time), "
                "excluded.best_time), best_moves = min(coalesce(best_moves, excluded.best_moves), "
                "excluded.best_moves), plays = plays + 1, wins = wins + 1",
                (code, float(seconds), int(moves)),
            )
            return old, self._best_in(conn, code)

        done = self._transaction(body)
        old, new = done if done is not None else (self.best(code), self.best(code))
        return WinResult(
            old.best_time is None or seconds < old.best_time,
            old.best_moves is None or moves < old.best_moves,
            new,
        )

    def bests(self) -> list[tuple[str, float | None, int | None, int]]:
        """Every kept best as ``(key, best time s, best moves, wins)``, sorted by key."""
        rows = self._read("SELECT code, best_time, best_moves, wins FROM best ORDER BY code")
        return [(str(k), t, m, int(w)) for k, t, m, w in rows]

    # -- history -------------------------------------------------------------
    def record_run(self, run: Run) -> None:
        """Add a finished game to the history (``finished`` filled with the time now when empty)."""
        self._write(
            "INSERT INTO runs(mode, key, code, seconds, moves, par, daily, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (run.mode, run.key, run.code, float(run.seconds), int(run.moves), run.par, run.daily,
             run.finished or utc_now()),
        )

    def runs(self) -> list[Run]:
        """The history of finished games, oldest first (rows of another shape are skipped, never deleted)."""
        out = []
        for mode, key, code, t, m, par, daily, fin in self._read(
            "SELECT mode, key, code, seconds, moves, par, daily, finished FROM runs ORDER BY id"
        ):
            try:
                out.append(Run(str(mode), str(key), str(code or ""), float(t), int(m),
                               None if par is None else int(par), str(daily or ""), str(fin or "")))
            except (TypeError, ValueError):
                continue
        return out

    # -- ghosts ------------------------------------------------------------
    def record_ghost(self, maze_code: str, ghost_code: str, seconds: float) -> bool:
        """Keep ``ghost_code`` as the ghost of ``maze_code`` if it is faster than the one kept.

        Returns True when it was kept (False: slower, or not saved).
        """

        def body(conn: sqlite3.Connection) -> bool:
            row = conn.execute("SELECT seconds FROM ghosts WHERE maze_code = ?", (maze_code,)).fetchone()
            if row is not None and row[0] <= seconds:
                return False
            conn.execute("INSERT OR REPLACE INTO ghosts(maze_code, ghost_code, seconds) VALUES (?, ?, ?)",
                         (maze_code, ghost_code, float(seconds)))
            return True

        return bool(self._transaction(body))

    def ghosts(self) -> list[SavedGhost]:
        """The best ghost per maze code, sorted by maze code.

        Includes ghosts kept the old way (settings ``ghost:<race code>``, timed by
        the run they hold); an entry that does not decode is skipped, never deleted.
        """
        best: dict[str, SavedGhost] = {}

        def offer(g: SavedGhost) -> None:
            if g.maze_code not in best or g.seconds < best[g.maze_code].seconds:
                best[g.maze_code] = g

        for maze_code, ghost_code, seconds in self._read("SELECT maze_code, ghost_code, seconds FROM ghosts"):
            offer(SavedGhost(maze_code, ghost_code, float(seconds)))
        for (value,) in self._read("SELECT value FROM settings WHERE key LIKE ?", (LEGACY_GHOST_PREFIX + "%",)):
            old = legacy_ghost(value)
            if old is not None:
                offer(old)
        return [best[k] for k in sorted(best)]

    # -- my levels ---------------------------------------------------------
    def save_my_level(self, name: str, code: str) -> int:
        """Keep a level of the player's own under ``name`` (trimmed), in one transaction.

        Returns its id, or 0 when it could not be saved (:attr:`message` says why).
        The code is kept as given (trimmed), not decoded: the list shows a code that
        no longer decodes as such.

        Raises:
            ValueError: the name is not 1 to 60 characters once trimmed (or holds control
                characters), or the code is empty.
        """
        clean_name, clean_code = level_name(name), check_saved_code(code)
        now = utc_now()

        def body(conn: sqlite3.Connection) -> int:
            cur = conn.execute("INSERT INTO my_levels(name, code, created, updated) VALUES (?, ?, ?, ?)",
                               (clean_name, clean_code, now, now))
            return int(cur.lastrowid or 0)

        return self._transaction(body) or 0

    def my_levels(self) -> list[MyLevel]:
        """The player's own levels, newest first (by creation time, then id)."""
        rows = self._read("SELECT id, name, code, created, updated FROM my_levels "
                          "ORDER BY coalesce(created, '') DESC, id DESC")
        return [MyLevel(int(i), str(n), str(c), cr, up) for i, n, c, cr, up in rows]

    def rename_my_level(self, level_id: int, name: str) -> bool:
        """Give one of the player's levels a new name (trimmed); True when it was found and renamed.

        Raises:
            ValueError: the name is not 1 to 60 characters once trimmed (or holds control characters).
        """
        clean = level_name(name)
        now = utc_now()

        def body(conn: sqlite3.Connection) -> bool:
            cur = conn.execute("UPDATE my_levels SET name = ?, updated = ? WHERE id = ?", (clean, now, int(level_id)))
            return cur.rowcount > 0

        return bool(self._transaction(body))

    def delete_my_level(self, level_id: int) -> bool:
        """Forget one of the player's levels; True when it was found and deleted."""

        def body(conn: sqlite3.Connection) -> bool:
            return conn.execute("DELETE FROM my_levels WHERE id = ?", (int(level_id),)).rowcount > 0

        return bool(self._transaction(body))
