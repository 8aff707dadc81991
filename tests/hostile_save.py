"""A save with something in every table, and hostile values written into its columns (issue 46, item 4): shared
by ``tests/test_hostile_saves.py`` and ``tools/fuzz_saves.py``."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

from engine.records import Run
from game.save_schema import _COLUMNS, SCHEMA_VERSION
from game.store import Store

CODE = "M2.S2X2.BT#9UQ0-I3"
DEEP = "[" * 1000 + "]" * 1000
HUGE = "n" * 1_000_000

#: Every column of the current schema, as (table, column).
COLUMNS = sorted((t, c) for t, cols in _COLUMNS[SCHEMA_VERSION].items() for c in cols)
#: Columns SQLite itself keeps whole numbers in (an ``INTEGER PRIMARY KEY``): nothing else can be written there.
ROWIDS = {("my_levels", "id"), ("runs", "id")}
#: Key columns: a hostile value is added as one more row (all rows cannot share one key).
KEYS = {("meta", "key"), ("progress", "level_id"), ("best", "code"), ("settings", "key"), ("ghosts", "maze_code")}
#: Settings the screens read (each is given the hostile value).
SETTINGS = ("theme", "volume", "music_volume", "mute", "fullscreen", "keys", "text_size", "export_dir",
            "reduced_motion", "rules_seen", "dark_goal_hint", "race.floors", "puzzle.solver", "puzzle.timeout",
            "puzzle.picture", "guide_seen", "ghost:" + CODE)

def base_save(path: Path, level_code: str) -> None:
    """A save with something in every table: a best, a kept place, a ghost, a level of the player's own, a run."""
    store = Store(path)
    store.record_win(CODE, 3.5, 7)
    store.record_win(level_code, 9.0, 30)
    store.complete_level("w1-1", 2, "w1-2")
    store.record_ghost(CODE, "G2.notaghost", 12.0)
    store.save_my_level("Mine", CODE)
    store.record_run(Run("maze", CODE, CODE, 3.5, 7, 5, "maze:2026-11-26"))
    store.record_run(Run("puzzle", "3x3", "", 20.0, 40, 22))
    for name in SETTINGS:
        store.set_setting(name, "1")
    store.set_setting("resume:" + level_code, '{"moves": 1, "elapsed": 2.0}')
    store.close()


def write_hostile(path: Path, values: dict[tuple[str, str], object]) -> None:
    """Put each ``values[(table, column)]`` into its column: every row's value, or one more row for a key."""
    conn = sqlite3.connect(path, isolation_level=None)
    for (table, column), value in values.items():
        if (table, column) in ROWIDS:
            continue
        cols = sorted(_COLUMNS[SCHEMA_VERSION][table] - {column, "id"})
        try:
            if (table, column) in KEYS:
                conn.execute(f"INSERT OR REPLACE INTO {table}({column}, {', '.join(cols)}) "
                             f"SELECT ?, {', '.join(cols)} FROM {table} LIMIT 1", (value,))
            elif table == "settings":
                for name in (*SETTINGS, *[k for (k,) in conn.execute("SELECT key FROM settings WHERE key LIKE "
                                                                      "'resume:%'")]):
                    conn.execute("UPDATE settings SET value = ? WHERE key = ?", (value, name))
            else:
                conn.execute(f"UPDATE {table} SET {column} = ?", (value,))
        except sqlite3.IntegrityError:  # NOT NULL and the like: SQLite refuses it, so no save can hold it
            pass
    conn.close()


#: Values no save written by the game holds: wrong types, huge text, deep JSON, NUL, negative, NaN, infinity.
HOSTILE_VALUES: list[object] = [
    None, -1, -1e300, 0, 1e300, math.inf, -math.inf, math.nan, 2**63 - 1, "", "abc", "\x00", "a\x00b", DEEP,
    "{" * 40 + "}" * 40, HUGE, b"\xff\x00blob", "1e999", "-5", "/" + "x" * 300, '{"moves": 1, "elapsed": 1e999}',
    '{"moves": -3, "elapsed": -1, "trace": "x"}', '{"moves": "1", "elapsed": null}', "[1, 2]",
]
