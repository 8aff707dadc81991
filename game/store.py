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
from typing import Protocol, TypeVar

from engine.records import Run
from engine.sanitise import one_line
from game import save_values as check
from game.save_file import SaveFile
from game.save_schema import (
    CODE_MAX,
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

T = TypeVar("T")

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

    def note_analysis(self, replay: str, analysis: str) -> None:
        """Keep a solve's analysis summary with the runs of its replay code."""
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

    # -- every value read is checked (game.save_values): a bad one is set aside, said once, left in the file --
    def _value_aside(self, refused: check.Refused) -> None:
        """Say (once, the first problem) that a saved value was set aside."""
        self._say(f"A value in the save was set aside ({one_line(refused, 160)})",
                  "the game uses its default; the file still holds it.")

    def _ok(self, value: T | check.Refused) -> T | None:
        """``value``, or None (said) when it was refused."""
        if isinstance(value, check.Refused):
            self._value_aside(value)
            return None
        return value

    def _best_row(self, code: object, t: object, m: object, p: object, w: object) -> Best:
        """A ``best`` row checked: a bad time or move count reads as none, bad plays or wins as 0."""
        what = f"best of {one_line(code, 40)}"
        return Best(
            None if t is None else self._ok(check.seconds(t, what + " (time)")),
            None if m is None else self._ok(check.count(m, what + " (moves)")),
            self._ok(check.count(p, what + " (plays)")) or 0,
            self._ok(check.count(w, what + " (wins)")) or 0,
        )

    # -- settings ----------------------------------------------------------
    def setting(self, key: str) -> str:
        """A setting's value (text), falling back to :data:`DEFAULT_SETTINGS` (also for a value set aside)."""
        rows = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        value = self._ok(check.setting(key, rows[0][0])) if rows else None
        return DEFAULT_SETTINGS.get(key, "") if value is None else value

    def set_setting(self, key: str, value: object) -> None:
        """Store a setting (converted to text)."""
        self._write("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, str(value)))

    # -- campaign ----------------------------------------------------------
    def unlocked(self) -> set[str]:
        """Ids of unlocked levels (the first level is always playable; callers add it)."""
        ids = (self._ok(check.short(r[0], "unlocked level id", empty=False))
               for r in self._read("SELECT level_id FROM progress WHERE unlocked = 1"))
        return {i for i in ids if i}

    def stars(self) -> dict[str, int]:
        """Best stars per completed level id."""
        out = {}
        for level_id, stars in self._read("SELECT level_id, stars FROM progress WHERE completed = 1"):
            lid = self._ok(check.short(level_id, "completed level id", empty=False))
            n = self._ok(check.whole(stars, 0, 3, f"stars of level {one_line(level_id, 40)}"))
            if lid and n is not None:
                out[lid] = n
        return out

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
    def _best_in(self, conn: sqlite3.Connection, code: str) -> Best:
        row = conn.execute("SELECT best_time, best_moves, plays, wins FROM best WHERE code = ?", (code,)).fetchone()
        return Best(None, None, 0, 0) if row is None else self._best_row(code, *row)

    def best(self, code: str) -> Best:
        """Personal best for a level code (None fields when never won, or when the saved value was set aside)."""
        rows = self._read("SELECT best_time, best_moves, plays, wins FROM best WHERE code = ?", (code,))
        return self._best_row(code, *rows[0]) if rows else Best(None, None, 0, 0)

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
        out = []
        for k, t, m, p, w in self._read("SELECT code, best_time, best_moves, plays, wins FROM best ORDER BY code"):
            key = self._ok(check.code(k, "a best's code"))
            if key is not None:
                b = self._best_row(key, t, m, p, w)
                out.append((key, b.best_time, b.best_moves, b.wins))
        return out

    # -- history -------------------------------------------------------------
    def record_run(self, run: Run) -> None:
        """Add a finished game to the history (``finished`` filled with the time now when empty)."""
        self._write(
            "INSERT INTO runs(mode, key, code, seconds, moves, par, daily, finished, replay, analysis) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (run.mode, run.key, run.code, float(run.seconds), int(run.moves), run.par, run.daily,
             run.finished or utc_now(), run.replay, run.analysis),
        )

    def note_analysis(self, replay: str, analysis: str) -> None:
        """Keep ``analysis`` (a solve's analysis summary) with the runs whose replay code is ``replay``."""
        if replay:
            self._write("UPDATE runs SET analysis = ? WHERE replay = ?", (analysis, replay))

    def runs(self) -> list[Run]:
        """The history of finished games, oldest first (rows of another shape are skipped, never deleted)."""
        out = []
        for mode, key, code, t, m, par, daily, fin, replay, analysis in self._read(
            "SELECT mode, key, code, seconds, moves, par, daily, finished, replay, analysis FROM runs ORDER BY id"
        ):
            got = (check.short(mode, "a game's mode", empty=False), check.code(key, "a game's key"),
                   check.text(code or "", CODE_MAX, "a game's code"), check.seconds(t, "a game's time"),
                   check.count(m, "a game's moves"), None if par is None else check.count(par, "a game's par"),
                   check.short(daily, "a game's daily"), check.short(fin, "a game's finish time"),
                   check.text(replay or "", CODE_MAX, "a solve's replay"),
                   check.text(analysis or "", CODE_MAX, "a solve's analysis"))
            refused = next((g for g in got if isinstance(g, check.Refused)), None)
            if refused is not None:
                self._value_aside(refused)
                continue
            g_mode, g_key, g_code, g_t, g_m, g_par, g_daily, g_fin, g_replay, g_analysis = got
            assert isinstance(g_t, float) and isinstance(g_m, int) and (g_par is None or isinstance(g_par, int))
            out.append(Run(str(g_mode), str(g_key), str(g_code), g_t, g_m, g_par, str(g_daily), str(g_fin),
                           str(g_replay), str(g_analysis)))
        return out

    # -- ghosts ------------------------------------------------------------
    def record_ghost(self, maze_code: str, ghost_code: str, seconds: float) -> bool:
        """Keep ``ghost_code`` as the ghost of ``maze_code`` if it is faster than the one kept.

        Returns True when it was kept (False: slower, or not saved).
        """

        def body(conn: sqlite3.Connection) -> bool:
            row = conn.execute("SELECT seconds FROM ghosts WHERE maze_code = ?", (maze_code,)).fetchone()
            kept = None if row is None else self._ok(check.seconds(row[0], "a ghost's time"))
            if kept is not None and kept <= seconds:
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
            m, g = self._ok(check.code(maze_code, "a ghost's maze code")), self._ok(check.code(ghost_code, "a ghost"))
            t = self._ok(check.seconds(seconds, "a ghost's time"))
            if m is not None and g is not None and t is not None:
                offer(SavedGhost(m, g, t))
        for key, raw in self._read("SELECT key, value FROM settings WHERE key LIKE ?", (LEGACY_GHOST_PREFIX + "%",)):
            value = self._ok(check.setting(str(key), raw))
            old = legacy_ghost(value) if value else None
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
        out = []
        for i, n, c, cr, up in rows:
            what = f"my level {one_line(i, 20)}"
            got_id, got_code = self._ok(check.whole(i, 1, 2**63 - 1, what)), self._ok(check.code(c, what + " (code)"))
            got_name = self._ok(check.name(n, what + " (name)"))
            if got_id is None or got_code is None or got_name is None:
                continue
            created = None if cr is None else self._ok(check.short(cr, what + " (saved)"))
            updated = None if up is None else self._ok(check.short(up, what + " (changed)"))
            out.append(MyLevel(got_id, got_name, got_code, created, updated))
        return out

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
