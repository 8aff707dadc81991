"""A schema-4 save full of play opens as schema 5 with nothing lost, and its records show everywhere.

Row for row, every table a schema-4 save had (progress, settings, best, ghosts, my_levels, meta but its schema
number) is the same after the migration; the maze dailies won before the history existed become runs (and only
they: a won non-daily maze, a played-but-lost daily, a daily with no time, puzzle bests stay bests only); the
Records screen, the Dailies screen (calendar and streak) and ``tessera records --csv`` show them; opening the save
again adds nothing; the new runs table keeps what is added after.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from test_store import LEGACY_V4, MAZE, v3_db_script  # noqa: E402

from engine.modes.daily import daily_code, utc_today  # noqa: E402
from engine.records import Run  # noqa: E402
from game import routes
from game.save_schema import DB_NAME, SCHEMA_VERSION  # noqa: E402
from game.store import Store  # noqa: E402

V4_TABLES = ("progress", "settings", "best", "ghosts", "my_levels", "meta")


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the schema-4 tables, sorted (meta without its schema number)."""
    conn = sqlite3.connect(path)
    try:
        out = {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in V4_TABLES}
    finally:
        conn.close()
    out["meta"] = [row for row in out["meta"] if row[0] != "schema"]
    return out


def full_v4_save(path: Path) -> dict[str, object]:
    """A schema-4 save with data in every table: three won maze dailies in a row up to yesterday, a lost daily,
    a won daily without a time, a won ordinary maze, puzzle-size bests, a ghost, two own levels."""
    today = utc_today()
    won = [daily_code(today - dt.timedelta(days=d)) for d in (1, 2, 3)]
    lost = daily_code(today - dt.timedelta(days=5))
    timeless = daily_code(today - dt.timedelta(days=6))
    v3_db_script(path, LEGACY_V4)
    conn = sqlite3.connect(path)
    for i, code in enumerate(won):
        conn.execute("INSERT INTO best VALUES (?, ?, ?, ?, ?)", (code, 60.0 + i, 100 + i, 2, 1))
    conn.execute("INSERT INTO best VALUES (?, NULL, NULL, 3, 0)", (lost,))
    conn.execute("INSERT INTO best VALUES (?, NULL, 90, 1, 1)", (timeless,))
    conn.execute("INSERT INTO best VALUES (?, 33.25, 77, 4, 2)", (MAZE,))
    conn.execute("INSERT INTO best VALUES ('puzzle-size:4x4', 95.0, 180, 3, 3)")
    conn.execute("INSERT INTO best VALUES ('puzzle-size:3x3', 12.5, 24, 9, 7)")
    conn.execute("INSERT INTO my_levels VALUES (7, 'Mine', ?, '2026-11-20T10:00:00+00:00', NULL)", (MAZE,))
    conn.execute(
        "INSERT INTO my_levels VALUES (9, 'Named ★ “quoted”', ?, '2026-11-21T10:00:00+00:00', "
        "'2026-11-22T10:00:00+00:00')",
        (won[0],),
    )
    conn.commit()
    conn.close()
    return {"today": today, "won": won}


def test_every_v4_row_survives_and_only_won_dailies_become_runs(tmp_path):
    path = tmp_path / DB_NAME
    info = full_v4_save(path)
    before = dump(path)
    assert sum(len(rows) for rows in before.values()) >= 15
    st = Store(path)
    assert st.message is None and st.saving
    runs = st.runs()
    st.close()
    assert dump(path) == before  # nothing changed, lost or added in the old tables
    today, won = info["today"], info["won"]
    assert sorted((r.code, r.seconds, r.moves, r.daily) for r in runs) == sorted(
        (code, 60.0 + i, 100 + i, f"maze:{(today - dt.timedelta(days=i + 1)).isoformat()}")
        for i, code in enumerate(won)
    )
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    conn.close()
    st = Store(path)  # again: nothing carried over twice; a new run is kept after the carried ones
    assert st.runs() == runs
    st.record_run(Run("puzzle", "3x3", "P2.X", 11.0, 22, 22, f"puzzle-3x3:{today.isoformat()}"))
    st.close()
    st = Store(path)
    assert st.runs()[:3] == runs and st.runs()[3].moves == 22 and len(st.runs()) == 4
    st.close()
    assert dump(path) == before


def test_the_migrated_records_show_on_every_screen_and_in_the_csv(ctx, tmp_path, monkeypatch):
    from game.launcher import main

    home = tmp_path / "home"
    home.mkdir()
    path = home / DB_NAME
    info = full_v4_save(path)
    monkeypatch.setenv("TESSERA_HOME", str(home))
    out = tmp_path / "records.csv"
    assert main(["records", "--csv", str(out)]) == 0
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    keys = {(r[0], r[1]) for r in rows[1:]}
    assert {("puzzle-size", "puzzle-size:4x4"), ("puzzle-size", "puzzle-size:3x3"), ("maze", MAZE)} <= keys
    assert all(("maze", code) in keys for code in info["won"])

    ctx.store.close()
    ctx.store = Store(path)
    records = routes.records(ctx)
    sizes = {row[0]: row for row in records.puzzle[1:]}
    assert sizes["4x4"][2] == "1:35.00" and sizes["4x4"][3] == "180"  # the kept bests, no history needed
    assert sizes["3x3"][2] == "0:12.50" and sizes["3x3"][3] == "24"
    levels = {row[3]: row for row in records.levels[1:]}
    assert levels[MAZE][1] == "0:33.25" and all(code in levels for code in info["won"])
    dailies = routes.dailies(ctx)
    assert "Maze streak: 3 days (longest 3)" in dailies.streak.text
    assert dailies.columns_text[1].text.split("\n")[1:6] == ["·", "done", "done", "done", "·"]
