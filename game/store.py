"""Saved progress, settings and ghosts: the queries the screens use, and their protocol.

:class:`SaveStore` is what a screen may ask of saved data (``ctx.store``): settings,
campaign progress, bests per code and recorded ghosts.  :class:`Store` is the real one,
an SQLite file (:class:`game.save_file.SaveFile`: opening, recovery from a busy,
damaged, read-only or newer file, transactions); tests may pass any object with these
methods (an in-memory fake).  No public method raises when the file misbehaves:
:attr:`Store.message` holds the one sentence for the game to show.
"""

from __future__ import annotations

import sqlite3
from typing import Protocol

from game.save_file import SaveFile
from game.save_schema import (
    DEFAULT_SETTINGS,
    LEGACY_GHOST_PREFIX,
    SCHEMA_VERSION,
    Best,
    SavedGhost,
    WinResult,
    legacy_ghost,
)

__all__ = ["SCHEMA_VERSION", "Best", "SaveStore", "SavedGhost", "Store", "WinResult"]


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
