"""Start-up never waits on a locked save: the menu first, the save retried in the background."""

from __future__ import annotations

import sqlite3

from test_store import exclusive_lock, legacy_db, saved_store

from engine.records import Run
from game.store import Store
from game.store_startup import QUICK_BUSY_S, RetryingStore, open_store


def test_a_free_save_opens_quickly_then_waits_patiently_for_writes(tmp_path):
    path = tmp_path / "tessera.db"
    saved_store(path)
    st = open_store(path)
    assert isinstance(st, Store) and st.saving
    assert st.busy_timeout > QUICK_BUSY_S
    assert st.conn is not None and st.conn.execute("PRAGMA busy_timeout").fetchone()[0] == int(st.busy_timeout * 1000)
    st.close()


def test_a_locked_save_plays_from_a_copy_and_saves_once_free(tmp_path):
    path = tmp_path / "tessera.db"
    legacy_db(path)  # rollback journal: the lock blocks even reading, as in the issue
    with exclusive_lock(path):
        st = open_store(path, retry_every=0.05, retry_for=60)
        assert isinstance(st, RetryingStore) and not st.saving
        assert st.message is not None and "once it is free" in st.message
        st.set_setting("theme", "dark")  # kept in the copy, replayed later
        st.complete_level("w1-03", 2, None)
        st.record_run(Run("puzzle", "4x4", "P2.4X4.K14#7-00", 31.5, 60, 52, "", "2026-11-26T06:00:00+00:00"))
        assert st.setting("theme") == "dark" and [r.moves for r in st.runs()] == [60]
    assert st.free.wait(30), "the background retry never saw the save free"
    assert st.setting("theme") == "dark" and st.saving  # the next call switched to the file
    assert st.message is not None and "saving has resumed" in st.message
    st.set_setting("volume", "0.3")
    st.close()
    conn = sqlite3.connect(path)
    try:
        settings = dict(conn.execute("SELECT key, value FROM settings").fetchall())
    finally:
        conn.close()
    assert settings.get("theme") == "dark" and settings.get("volume") == "0.3"
    again = Store(path)
    assert "w1-03" in again.stars() and again.message is None
    assert [(r.key, r.moves, r.par) for r in again.runs()] == [("4x4", 60, 52)]  # the record played meanwhile
    again.close()


def test_own_level_edits_in_the_copy_keep_the_copy_and_say_so(tmp_path):
    path = tmp_path / "tessera.db"
    legacy_db(path)
    with exclusive_lock(path):
        st = open_store(path, retry_every=0.05, retry_for=60)
        assert isinstance(st, RetryingStore)
        st.save_my_level("Mine", "M2.S4X4.BT#1-00")
        assert st.message is not None and "not saved" in st.message
    assert not st.saving and st.setting("theme") in ("dark", "light")
    st.close()
