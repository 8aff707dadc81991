"""Saved data (game/store.py): busy is not damage, only damage moves a file, read-only plays from memory.

Read-only files and folders: the tests run as root here, where ``chmod`` does not
stop writes, so :func:`frozen` uses ``chattr +i`` (immutable: even root cannot
write, create or rename inside), checks that it really bites, and skips
otherwise; as a normal user it falls back to ``chmod``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import multiprocessing
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.ghost import Ghost
from game import save_schema
from game.store import SCHEMA_VERSION, SavedGhost, Store

# The tables exactly as the first store (meta.schema = '1', no user_version) made them.
LEGACY_V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE progress (level_id TEXT PRIMARY KEY, unlocked INTEGER NOT NULL DEFAULT 1,
    completed INTEGER NOT NULL DEFAULT 0, stars INTEGER NOT NULL DEFAULT 0);
CREATE TABLE best (code TEXT PRIMARY KEY, best_time REAL, best_moves INTEGER,
    plays INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES ('schema', '1');
"""


def digest(folder: Path) -> dict[str, str]:
    """Name -> SHA-256 of every file in ``folder`` (to prove nothing was changed, moved or deleted)."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def aside_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)


def saved_store(path: Path) -> None:
    """A database made by the current code with some progress in it (closed again)."""
    st = Store(path)
    assert st.message is None and st.saving
    st.complete_level("w1-01", 3, "w1-02")
    st.set_setting("theme", "light")
    st.record_win("M1.CODE", 12.5, 40)
    st.close()


def assert_saved_data(st: Store) -> None:
    assert st.stars() == {"w1-01": 3}
    assert st.unlocked() == {"w1-01", "w1-02"}
    assert st.setting("theme") == "light"
    assert st.best("M1.CODE").best_time == 12.5


def legacy_db(path: Path, schema: str = "1") -> None:
    """A database as the first store wrote it (rollback journal, meta.schema), with progress."""
    conn = sqlite3.connect(path)
    conn.executescript(LEGACY_V1)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (schema,))
    conn.execute("INSERT INTO progress VALUES ('w1-01', 1, 1, 3), ('w1-02', 1, 0, 0)")
    conn.execute("INSERT INTO settings VALUES ('theme', 'light')")
    conn.execute("INSERT INTO best VALUES ('M1.CODE', 12.5, 40, 1, 1)")
    conn.commit()
    conn.close()


@contextlib.contextmanager
def frozen(path: Path) -> Iterator[None]:
    """Make a file or folder unwritable for this process (even as root), or skip the test."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("running as root without chattr: cannot make a file read-only")
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
            pytest.skip("chattr +i is not permitted here")
        try:
            probe = path / "probe" if path.is_dir() else path
            try:
                with open(probe, "a"):
                    pass
            except PermissionError:
                pass
            else:
                pytest.skip("chattr +i did not make the path read-only")
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)


# -- the basics (moved from test_game_logic.py) -------------------------------------------
def test_store_progress_bests_settings_and_damage(tmp_path):
    path = tmp_path / "tessera.db"
    st = Store(path)
    assert st.message is None and st.setting("theme") == "dark"
    st.set_setting("theme", "light")
    st.complete_level("a", 2, "b")
    st.complete_level("a", 1, "b")  # stars never go down
    r1 = st.record_win("CODE", 12.5, 30)
    r2 = st.record_win("CODE", 14.0, 28)
    assert r1.new_best_time and not r2.new_best_time and r2.new_best_moves
    assert st.best("CODE").best_time == 12.5 and st.best("CODE").best_moves == 28
    assert st.unlocked() == {"a", "b"} and st.stars() == {"a": 2}
    st.close()
    assert Store(path).setting("theme") == "light"  # persisted
    path.write_bytes(b"this is not a database" * 200)
    st2 = Store(path)
    assert st2.message and "damaged" in st2.message
    assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert st2.stars() == {} and st2.setting("theme") == "dark"
    st2.set_setting("volume", "0.3")
    assert sqlite3.connect(path).execute("select value from settings").fetchone() == ("0.3",)


def test_new_database_is_wal_and_versioned(tmp_path):
    path = tmp_path / "tessera.db"
    Store(path).close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


# -- busy is not damage ------------------------------------------------------------------
HOLD_LOCK = textwrap.dedent("""
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    print("locked", flush=True)
    sys.stdin.readline()
    conn.execute("ROLLBACK")
""")


@contextlib.contextmanager
def exclusive_lock(path: Path) -> Iterator[None]:
    """Another process holds ``BEGIN EXCLUSIVE`` on ``path`` while the block runs."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        yield
    finally:
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.flush()
        proc.wait(timeout=30)


def test_exclusive_lock_by_another_process_is_not_damage(tmp_path):
    """The issue's repro on a save made by the current code (WAL): nothing moved, data read, writes land later."""
    path = tmp_path / "tessera.db"
    saved_store(path)
    with exclusive_lock(path):
        st = Store(path, busy_timeout=0.3)
        assert aside_files(tmp_path) == []
        assert st.message is None or "damaged" not in st.message
        assert_saved_data(st)  # WAL: readers are not blocked by a writer
    st.set_setting("volume", "0.4")  # the lock is gone: this write reaches the file
    st.close()
    st = Store(path)
    assert st.message is None and st.setting("volume") == "0.4"
    assert_saved_data(st)


def test_exclusive_lock_on_an_old_rollback_journal_save_is_not_damage(tmp_path):
    """Same repro on a save made by the first store (rollback journal: the lock blocks even reading)."""
    path = tmp_path / "tessera.db"
    legacy_db(path)
    before = digest(tmp_path)
    with exclusive_lock(path):
        st = Store(path, busy_timeout=0.2)
        assert st.message is not None and "in use" in st.message and not st.saving
        st.set_setting("theme", "dark")  # in memory only; never raises
        assert st.setting("theme") == "dark"
        st.close()
    assert digest(tmp_path) == before and aside_files(tmp_path) == []
    st = Store(path)
    assert st.message is None and st.saving
    assert_saved_data(st)


def _writer(home: str, tag: str, rounds: int, start: multiprocessing.synchronize.Event) -> None:
    os.environ["TESSERA_HOME"] = home
    start.wait()
    st = Store()
    for i in range(rounds):
        if i % 100 == 99:  # reopen now and then: opening while the other process writes
            st.close()
            st = Store()
        st.complete_level(f"{tag}-{i}", 1 + i % 3, None)
        st.record_win(f"{tag}-code-{i}", 10.0 + i, i)
    if st.message is not None:
        raise SystemExit(f"{tag}: {st.message}")
    st.close()


def test_two_processes_400_writes_each_lose_nothing(tmp_path):
    home = tmp_path / "home"
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    procs = [ctx.Process(target=_writer, args=(str(home), tag, 400, start)) for tag in ("a", "b")]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(timeout=240)
    assert [p.exitcode for p in procs] == [0, 0]
    assert aside_files(home) == []
    st = Store(home / "tessera.db")
    assert st.message is None
    stars = st.stars()
    assert len(stars) == 800
    assert all(stars[f"{t}-{i}"] == 1 + i % 3 for t in "ab" for i in range(400))
    assert all(st.best(f"{t}-code-{i}").best_moves == i for t in "ab" for i in range(400))


def test_a_file_another_game_already_replaced_is_not_set_aside_again(tmp_path, monkeypatch):
    """Two games open one damaged file: the second must not move the fresh save the first just started."""
    path = tmp_path / "tessera.db"
    garbage = b"garbage, not a database " * 400
    path.write_bytes(garbage)
    check = Store._check_header
    raced = []

    def check_then_other_game_replaces_it(self: Store) -> None:
        try:
            check(self)
        finally:
            if not raced:
                raced.append(True)
                other = Store(path)  # finds the same damage, sets it aside, starts fresh and saves
                other.set_setting("theme", "light")
                other.close()

    monkeypatch.setattr(Store, "_check_header", check_then_other_game_replaces_it)
    st = Store(path)
    (aside,) = aside_files(tmp_path)
    assert (tmp_path / aside).read_bytes() == garbage
    assert st.saving and st.setting("theme") == "light"


# -- cannot write: play from memory, change nothing ---------------------------------------
def test_read_only_file_plays_from_memory_and_changes_nothing(tmp_path):
    path = tmp_path / "tessera.db"
    saved_store(path)
    before = digest(tmp_path)
    with frozen(path):
        st = Store(path)
        assert st.message is not None and "cannot be saved" in st.message and not st.saving
        assert_saved_data(st)  # what was saved is still there to play with
        st.complete_level("w1-02", 2, "w1-03")  # lands in memory, never raises
        assert "w1-03" in st.unlocked()
        st.close()
        assert aside_files(tmp_path) == [] and digest(tmp_path) == before
    st = Store(path)
    assert st.message is None and "w1-03" not in st.unlocked()
    assert_saved_data(st)


def test_read_only_folder_plays_from_memory_and_changes_nothing(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    path = folder / "tessera.db"
    saved_store(path)
    before = digest(folder)
    with frozen(folder):
        st = Store(path)
        assert st.message is not None and "cannot be saved" in st.message and not st.saving
        assert_saved_data(st)
        st.set_setting("theme", "dark")
        assert st.setting("theme") == "dark"
        st.close()
        assert digest(folder) == before


def test_read_only_folder_with_a_damaged_file_moves_nothing(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / "tessera.db").write_bytes(b"garbage " * 500)
    before = digest(folder)
    with frozen(folder):
        st = Store(folder / "tessera.db")
        assert st.message is not None and "could not be moved aside" in st.message and not st.saving
        st.set_setting("theme", "light")
        assert st.setting("theme") == "light"
        st.close()
    assert digest(folder) == before


def test_data_folder_is_a_file(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.write_text("I am a file")
    monkeypatch.setenv("TESSERA_HOME", str(home))
    st = Store()
    assert st.message is not None and "cannot be created" in st.message and not st.saving
    st.record_win("M1.X", 3.0, 7)  # never raises; kept for the session
    assert st.best("M1.X").wins == 1
    st.close()
    assert home.read_text() == "I am a file"


def test_data_folder_cannot_be_created(tmp_path, monkeypatch):
    parent = tmp_path / "locked"
    parent.mkdir()
    monkeypatch.setenv("TESSERA_HOME", str(parent / "tessera-home"))
    with frozen(parent):
        st = Store()
        assert st.message is not None and "cannot be created" in st.message and not st.saving
        st.set_setting("mute", "1")
        assert st.setting("mute") == "1"
        st.close()
    assert list(parent.iterdir()) == []


class _FailingConnection:
    """Stands in for a connection whose every statement fails as SQLite fails on a file gone read-only."""

    in_transaction = False

    def execute(self, *args: object) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    def close(self) -> None:
        pass


def test_writes_failing_mid_game_never_raise_and_say_so_once(tmp_path):
    st = Store(tmp_path / "tessera.db")
    st.conn = _FailingConnection()  # type: ignore[assignment]
    st.set_setting("theme", "light")
    first = st.message
    assert first is not None and "could not be saved" in first
    st.complete_level("a", 1, "b")
    assert st.record_win("M1.X", 3.0, 7).best.wins == 0
    assert not st.record_ghost("M1.X", "G1.X", 3.0)
    assert st.save_my_level("Mine", "M2.X") == 0
    assert not st.rename_my_level(1, "Other") and not st.delete_my_level(1)
    assert st.setting("theme") == "dark" and st.stars() == {} and st.ghosts() == [] and st.my_levels() == []
    assert st.message == first  # said once
    assert aside_files(tmp_path) == []


# -- schema versions --------------------------------------------------------------------
def test_first_store_save_is_migrated_and_keeps_its_data(tmp_path):
    path = tmp_path / "tessera.db"
    legacy_db(path)
    spec = MazeSpec.create("square", 6, 4, "backtracker", seed=11)
    maze = spec.build()
    cells = shortest_path(maze.open_lists(), maze.start, maze.goal)
    ghost = Ghost.record(spec.level(maze), [(i * 6, c) for i, c in enumerate(cells[1:])]).code(spec.level(maze))
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO settings VALUES (?, ?)", ("ghost:R1.RACE", ghost))
    conn.execute("INSERT INTO best VALUES ('R1.RACE', 7.5, 9, 1, 1)")
    conn.execute("INSERT INTO settings VALUES ('ghost:R1.BROKEN', 'G1.NOT-A-CODE')")
    conn.commit()
    conn.close()
    st = Store(path)
    assert st.message is None and st.saving
    assert_saved_data(st)
    st.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("SELECT count(*) FROM ghosts").fetchone()[0] == 0
    conn.close()
    st = Store(path)
    run_seconds = (len(cells) - 1) * 6 / 60  # timed by the run the old ghost holds
    assert st.ghosts() == [SavedGhost(spec.code(), ghost, run_seconds)]
    st.record_ghost(spec.code(), "G1.FASTER", 0.1)  # a faster one in the new table wins
    assert st.ghosts() == [SavedGhost(spec.code(), "G1.FASTER", 0.1)]


def test_migration_is_one_transaction(tmp_path, monkeypatch):
    path = tmp_path / "tessera.db"
    legacy_db(path)
    before = digest(tmp_path)
    # A last statement that fails on this file (w1-01 exists): nothing of the migration may stay.
    failing = "; INSERT INTO progress VALUES ('w1-01', 1, 1, 1)"
    monkeypatch.setattr(save_schema, "_TABLES_V2", save_schema._TABLES_V2 + failing)
    st = Store(path)
    assert not st.saving and st.message is not None
    st.close()
    assert digest(tmp_path) == before
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT stars FROM progress WHERE level_id = 'w1-01'").fetchone() == (3,)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'ghosts'").fetchone()[0] == 0


@pytest.mark.parametrize("how", ["user_version", "meta", "extra_not_null_column"])
def test_newer_schema_is_left_untouched_and_read(tmp_path, how):
    path = tmp_path / "tessera.db"
    if how == "meta":
        legacy_db(path, schema="99")
    else:
        saved_store(path)
        conn = sqlite3.connect(path)
        if how == "extra_not_null_column":
            conn.execute("ALTER TABLE settings ADD COLUMN owner TEXT NOT NULL DEFAULT 'x'")
            conn.execute("CREATE TABLE s2 (key TEXT PRIMARY KEY, value TEXT NOT NULL, owner TEXT NOT NULL)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        conn.commit()
        conn.close()
    before = digest(tmp_path)
    st = Store(path)
    assert st.message is not None and "newer version" in st.message and not st.saving
    assert_saved_data(st)
    st.set_setting("theme", "dark")  # memory only
    st.record_win("M1.CODE", 1.0, 1)
    st.close()
    assert digest(tmp_path) == before and aside_files(tmp_path) == []


@pytest.mark.parametrize("sql", [
    "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)",  # someone else's database
    LEGACY_V1.replace("stars INTEGER NOT NULL DEFAULT 0", "score INTEGER"),  # a column missing
    LEGACY_V1.replace("CREATE TABLE best", "CREATE TABLE other"),  # a table missing
    LEGACY_V1.replace("value TEXT NOT NULL);\nCREATE TABLE progress", "value TEXT NOT NULL, x TEXT NOT NULL);\n"
                      "CREATE TABLE progress").replace("INSERT INTO meta VALUES ('schema', '1')",
                                                       "INSERT INTO meta VALUES ('schema', '1', 'x')"),
])
def test_wrong_tables_are_set_aside(tmp_path, sql):
    path = tmp_path / "tessera.db"
    conn = sqlite3.connect(path)
    conn.executescript(sql)
    conn.close()
    kept = path.read_bytes()
    st = Store(path)
    assert st.message is not None and "damaged" in st.message and st.saving
    (aside,) = aside_files(tmp_path)
    assert (tmp_path / aside).read_bytes() == kept  # renamed, not rewritten
    st.set_setting("theme", "light")
    st.close()
    assert Store(path).setting("theme") == "light"


# -- damaged files ------------------------------------------------------------------------
def test_truncated_file_is_set_aside(tmp_path):
    path = tmp_path / "tessera.db"
    Store(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany("INSERT INTO settings VALUES (?, ?)", [(f"k{i}", "x" * 50) for i in range(3000)])
    conn.close()  # the last connection: everything is checkpointed into the main file, no -wal left
    assert not (tmp_path / "tessera.db-wal").exists()
    data = path.read_bytes()
    assert len(data) > 40_000
    path.write_bytes(data[: len(data) // 2])
    st = Store(path)
    assert st.message is not None and "damaged" in st.message and st.saving
    assert len(aside_files(tmp_path)) == 1
    assert st.setting("k1") == ""


@pytest.mark.parametrize("size", [1, 50, 100, 4096])
def test_short_garbage_files_are_set_aside(tmp_path, size):
    path = tmp_path / "tessera.db"
    path.write_bytes((b"SQLite format 3\x00" + bytes(range(256)) * 20)[:size])
    st = Store(path)
    assert st.message is not None and "damaged" in st.message
    assert len(aside_files(tmp_path)) == 1 and st.saving


def test_empty_file_is_a_new_database_not_damage(tmp_path):
    path = tmp_path / "tessera.db"
    path.write_bytes(b"")
    st = Store(path)
    assert st.message is None and st.saving and aside_files(tmp_path) == []


def test_journal_files_are_moved_with_the_damaged_file(tmp_path):
    path = tmp_path / "tessera.db"
    path.write_bytes(b"not a database at all " * 300)
    sides = {suffix: f"old {suffix} content".encode() for suffix in ("-wal", "-shm", "-journal")}
    for suffix, content in sides.items():
        (tmp_path / f"tessera.db{suffix}").write_bytes(content)
    st = Store(path)
    assert st.message is not None and "damaged" in st.message and st.saving
    main = [n for n in aside_files(tmp_path) if n.count("-") == 2 or not n.endswith(("wal", "shm", "journal"))]
    assert len(main) == 1
    for suffix, content in sides.items():
        assert (tmp_path / f"{main[0]}{suffix}").read_bytes() == content
    st.set_setting("theme", "light")
    st.close()
    assert Store(path).setting("theme") == "light"


def test_corrupted_page_fails_the_check_and_is_set_aside(tmp_path):
    path = tmp_path / "tessera.db"
    Store(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany("INSERT INTO settings VALUES (?, ?)", [(f"k{i}", "y" * 40) for i in range(2000)])
    conn.close()  # the last connection: everything is checkpointed into the main file, no -wal left
    assert not (tmp_path / "tessera.db-wal").exists()
    data = bytearray(path.read_bytes())
    page = 4096
    for i in range(2 * page + 8, 2 * page + 400):  # scribble over a b-tree page (not the header page)
        data[i] = 0xA5
    path.write_bytes(bytes(data))
    st = Store(path)
    assert st.message is not None and "damaged" in st.message
    assert len(aside_files(tmp_path)) == 1


# -- ghosts -------------------------------------------------------------------------------
def test_ghosts_best_per_maze_and_old_settings(tmp_path):
    st = Store(tmp_path / "tessera.db")
    assert st.record_ghost("M1.A", "G1.A:slow", 20.0)
    assert st.record_ghost("M1.A", "G1.A:fast", 12.0)
    assert not st.record_ghost("M1.A", "G1.A:slower", 15.0)
    assert st.record_ghost("M1.B", "G1.B:x", 30.0)
    assert st.ghosts() == [SavedGhost("M1.A", "G1.A:fast", 12.0), SavedGhost("M1.B", "G1.B:x", 30.0)]
    maze_code, ghost_code, seconds = st.ghosts()[0]  # a plain tuple too
    assert (maze_code, ghost_code, seconds) == ("M1.A", "G1.A:fast", 12.0)


# -- the game shows the one sentence ----------------------------------------------------
def test_menu_shows_that_the_game_plays_without_saving(window, tmp_path, monkeypatch):
    from game.audio import Audio
    from game.context import Context
    from game.shell.menu import MenuView

    home = tmp_path / "home"
    home.write_text("not a folder")
    monkeypatch.setenv("TESSERA_HOME", str(home))
    c = Context(window, audio=Audio(enabled=False))
    c.set_theme("light")  # saved in memory only; never raises
    menu = MenuView(c)
    window.show_view(menu)
    window.dispatch_events()
    window.on_draw()
    assert "playing without saving" in menu.notice.text and "cannot be created" in menu.notice.text
    window.hide_view()
    c.store.close()
    assert home.read_text() == "not a folder"


def test_text_that_is_not_utf8_reads_without_raising(tmp_path):
    path = tmp_path / "tessera.db"
    Store(path).close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO settings VALUES ('theme', CAST(x'6c69cc6874' AS TEXT))")  # 'li\xcc ht': a flipped bit
    conn.commit()
    conn.close()
    st = Store(path)
    assert st.setting("theme") == "li\ufffdht" and st.message is None


def test_garbled_schema_text_is_damage_not_a_crash(tmp_path):
    """A flipped bit in the schema: SQLite's error message then quotes bytes that are not UTF-8."""
    path = tmp_path / "tessera.db"
    Store(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = CAST(? AS TEXT) WHERE name = 'progress'",
                 (b"CREATE TAB\xccE progress (level_id TEXT)",))
    conn.commit()
    conn.close()
    kept = path.read_bytes()
    st = Store(path)
    assert st.message is not None and "damaged" in st.message and st.saving
    (aside,) = aside_files(tmp_path)
    assert (tmp_path / aside).read_bytes() == kept


def test_database_path_is_a_folder(tmp_path):
    path = tmp_path / "tessera.db"
    path.mkdir()
    (path / "inside").write_text("keep me")
    st = Store(path)
    assert st.message is not None and "cannot be saved" in st.message and not st.saving
    st.set_setting("theme", "light")
    assert st.setting("theme") == "light"
    st.close()
    assert (path / "inside").read_text() == "keep me" and aside_files(tmp_path) == []


def test_saved_v1_codes_are_rewritten_in_todays_spelling(tmp_path):
    """Bests, old ghost settings and ghosts saved under v1 codes are found under the v2 code after opening."""
    from engine.codes import upgrade_key

    path = tmp_path / "tessera.db"
    legacy_db(path)
    v1 = "M1.S20X15.GT.N4R#1KA-F"
    v2 = upgrade_key(v1)
    assert v2 != v1 and v2.startswith("M2.")
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO best VALUES (?, 30.0, 80, 3, 2)", (v1,))
    conn.execute("INSERT INTO best VALUES (?, 25.0, 90, 1, 1)", (v2,))  # the same level under both spellings
    conn.execute("INSERT INTO best VALUES ('vs-ghost:' || ?, 9.0, 9, 1, 1)", (v1,))
    conn.execute("INSERT INTO best VALUES ('puzzle-size:4x4', 50.0, 60, 1, 1)")  # holds no code: unchanged
    conn.commit()
    conn.close()
    st = Store(path)
    assert st.message is None and st.saving
    merged = st.best(v2)
    assert (merged.best_time, merged.best_moves, merged.plays, merged.wins) == (25.0, 80, 4, 3)
    assert st.best(v1).plays == 0
    assert st.best("vs-ghost:" + v2).best_time == 9.0
    assert st.best("puzzle-size:4x4").best_time == 50.0
    st.close()


# -- my levels (schema 4) ---------------------------------------------------------------
# The tables exactly as schema 3 made them (the first store's, + ghosts), before my_levels.
LEGACY_V3 = LEGACY_V1.replace("'schema', '1'", "'schema', '3'") + """
CREATE TABLE ghosts (maze_code TEXT PRIMARY KEY, ghost_code TEXT NOT NULL, seconds REAL NOT NULL);
PRAGMA user_version = 3;
"""
MAZE = MazeSpec.create("square", 8, 6, "backtracker", seed=4).code()


def v3_db(path: Path) -> None:
    """A save as schema 3 wrote it (rollback journal, user_version 3), with progress, a best and a ghost."""
    conn = sqlite3.connect(path)
    conn.executescript(LEGACY_V3)
    conn.execute("INSERT INTO progress VALUES ('w1-01', 1, 1, 3), ('w1-02', 1, 0, 0)")
    conn.execute("INSERT INTO settings VALUES ('theme', 'light')")
    conn.execute("INSERT INTO best VALUES ('M1.CODE', 12.5, 40, 1, 1)")
    conn.execute("INSERT INTO ghosts VALUES ('M2.MAZE', 'G2.GHOST', 4.5)")
    conn.commit()
    conn.close()


def test_version_3_save_gains_an_empty_my_levels_table_and_keeps_everything(tmp_path):
    path = tmp_path / "tessera.db"
    v3_db(path)
    st = Store(path)
    assert st.message is None and st.saving
    assert_saved_data(st)
    assert st.ghosts() == [SavedGhost("M2.MAZE", "G2.GHOST", 4.5)]
    assert st.my_levels() == []
    st.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("6",)
    cols = {r[1]: (r[2], bool(r[3]), bool(r[5])) for r in conn.execute("PRAGMA table_info(my_levels)")}
    assert cols == {"id": ("INTEGER", False, True), "name": ("TEXT", True, False), "code": ("TEXT", True, False),
                    "created": ("TEXT", False, False), "updated": ("TEXT", False, False)}
    conn.close()
    st = Store(path)
    assert st.save_my_level("Warm-up", MAZE) == 1
    assert [lv.name for lv in st.my_levels()] == ["Warm-up"]
    assert_saved_data(st)


def test_my_levels_migration_is_one_transaction(tmp_path, monkeypatch):
    path = tmp_path / "tessera.db"
    v3_db(path)
    before = digest(tmp_path)
    failing = "; INSERT INTO progress VALUES ('w1-01', 1, 1, 1)"  # fails on this file: nothing may stay
    monkeypatch.setattr(save_schema, "_TABLES_V4", save_schema._TABLES_V4 + failing)
    st = Store(path)
    assert not st.saving and st.message is not None
    st.close()
    assert digest(tmp_path) == before
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'my_levels'").fetchone()[0] == 0


def test_version_3_save_that_cannot_be_written_lists_my_levels_from_memory(tmp_path):
    path = tmp_path / "tessera.db"
    v3_db(path)
    before = digest(tmp_path)
    with frozen(path):
        st = Store(path)
        assert not st.saving and st.my_levels() == []
        assert st.save_my_level("Only for now", MAZE) > 0  # in memory, never raises
        assert [lv.name for lv in st.my_levels()] == ["Only for now"]
        st.close()
    assert digest(tmp_path) == before


def test_newer_save_with_my_levels_is_read_not_written(tmp_path):
    path = tmp_path / "tessera.db"
    st = Store(path)
    st.save_my_level("Kept", MAZE)
    st.close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = digest(tmp_path)
    st = Store(path)
    assert st.message is not None and "newer version" in st.message and not st.saving
    assert [lv.name for lv in st.my_levels()] == ["Kept"]
    st.delete_my_level(st.my_levels()[0].id)  # memory only
    st.close()
    assert digest(tmp_path) == before


def test_my_levels_round_trip_newest_first(tmp_path):
    path = tmp_path / "tessera.db"
    st = Store(path)
    first = st.save_my_level("  Warm-up  ", MAZE)
    second = st.save_my_level("Spiral", "  P2.NOT-CHECKED  ")  # kept as text: decoding is the screen's business
    assert 0 < first < second
    st.close()
    st = Store(path)
    levels = st.my_levels()
    assert [(lv.id, lv.name, lv.code) for lv in levels] == [(second, "Spiral", "P2.NOT-CHECKED"),
                                                            (first, "Warm-up", MAZE)]
    for lv in levels:
        assert lv.created is not None and lv.created == lv.updated
        created = datetime.fromisoformat(lv.created)
        assert created.utcoffset() == timedelta(0)
        assert abs(datetime.now(UTC) - created) < timedelta(minutes=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        levels[0].name = "x"  # type: ignore[misc]


def test_rename_and_delete_my_levels(tmp_path):
    path = tmp_path / "tessera.db"
    st = Store(path)
    a = st.save_my_level("A", MAZE)
    b = st.save_my_level("B", MAZE)
    created = {lv.id: lv.created for lv in st.my_levels()}
    time.sleep(0.002)
    assert st.rename_my_level(a, "  Renamed  ")
    renamed = next(lv for lv in st.my_levels() if lv.id == a)
    assert renamed.name == "Renamed" and renamed.created == created[a]
    assert renamed.updated is not None and renamed.created is not None and renamed.updated > renamed.created
    assert [lv.id for lv in st.my_levels()] == [b, a]  # renaming does not reorder
    assert not st.rename_my_level(999, "Nobody")
    assert st.delete_my_level(b) and not st.delete_my_level(b)
    st.close()
    st = Store(path)
    assert [(lv.id, lv.name) for lv in st.my_levels()] == [(a, "Renamed")]


@pytest.mark.parametrize(("name", "words"), [
    ("", "at least one character"),
    ("   \t ", "at least one character"),
    ("x" * 61, "at most 60 characters (this one has 61)"),
    ("two\nlines", "control characters"),
    (None, "must be text"),
])
def test_bad_level_names_are_refused_with_one_sentence(tmp_path, name, words):
    st = Store(tmp_path / "tessera.db")
    keep = st.save_my_level("Keep", MAZE)
    with pytest.raises(ValueError, match=re.escape(words)):
        st.save_my_level(name, MAZE)
    with pytest.raises(ValueError, match=re.escape(words)):
        st.rename_my_level(keep, name)
    assert [(lv.id, lv.name) for lv in st.my_levels()] == [(keep, "Keep")]
    assert st.message is None


def test_names_of_1_and_60_characters_and_empty_codes(tmp_path):
    st = Store(tmp_path / "tessera.db")
    assert st.save_my_level("x", MAZE) and st.save_my_level(" " + "y" * 60 + " ", MAZE)
    assert sorted(len(lv.name) for lv in st.my_levels()) == [1, 60]
    with pytest.raises(ValueError, match="needs its code"):
        st.save_my_level("No code", "   ")


def _release_after(proc: subprocess.Popen[str], seconds: float) -> threading.Timer:
    def release() -> None:
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.flush()

    timer = threading.Timer(seconds, release)
    timer.start()
    return timer


def test_my_level_saved_while_another_process_holds_the_lock_lands(tmp_path):
    """A lock held for a moment: the write waits and retries (busy is not failure) and nothing is lost."""
    path = tmp_path / "tessera.db"
    saved_store(path)
    st = Store(path, busy_timeout=0.3)
    earlier = st.save_my_level("Before", MAZE)
    proc = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    timer = _release_after(proc, 0.4)
    try:
        new = st.save_my_level("During the lock", MAZE)
    finally:
        timer.join()
        proc.wait(timeout=30)
    assert new > earlier and st.message is None
    st.close()
    st = Store(path)
    assert [lv.name for lv in st.my_levels()] == ["During the lock", "Before"]
    assert_saved_data(st)


def test_my_level_not_saved_while_locked_too_long_says_so_and_loses_nothing(tmp_path):
    path = tmp_path / "tessera.db"
    saved_store(path)
    st = Store(path, busy_timeout=0.1)
    kept = st.save_my_level("Kept", MAZE)
    with exclusive_lock(path):
        assert st.save_my_level("Too late", MAZE) == 0
        assert not st.rename_my_level(kept, "Lost rename") and not st.delete_my_level(kept)
        assert st.message is not None and "could not be saved" in st.message
        assert [lv.name for lv in st.my_levels()] == ["Kept"]  # WAL: still readable
    assert aside_files(tmp_path) == []
    assert st.save_my_level("After", MAZE) > kept  # the lock is gone: writes land again
    st.close()
    st = Store(path)
    assert [lv.name for lv in st.my_levels()] == ["After", "Kept"]
    assert_saved_data(st)


def _my_level_writer(home: str, tag: str, rounds: int, start: multiprocessing.synchronize.Event) -> None:
    os.environ["TESSERA_HOME"] = home
    start.wait()
    st = Store()
    for i in range(rounds):
        if not st.save_my_level(f"{tag}-{i}", MAZE):
            raise SystemExit(f"{tag}-{i}: {st.message}")
        if i % 10 == 9:
            st.rename_my_level(st.my_levels()[-1].id, st.my_levels()[-1].name)  # a read and a write between
    st.close()


def test_two_processes_saving_my_levels_lose_nothing(tmp_path):
    home = tmp_path / "home"
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    procs = [ctx.Process(target=_my_level_writer, args=(str(home), tag, 150, start)) for tag in ("a", "b")]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(timeout=240)
    assert [p.exitcode for p in procs] == [0, 0]
    levels = Store(home / "tessera.db").my_levels()
    assert sorted(lv.name for lv in levels) == sorted(f"{t}-{i}" for t in "ab" for i in range(150))
    assert len({lv.id for lv in levels}) == 300


# -- the history of finished games (schema 5) -----------------------------------------------
LEGACY_V4 = LEGACY_V3.replace("'schema', '3'", "'schema', '4'").replace("PRAGMA user_version = 3;", """
CREATE TABLE my_levels (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT NOT NULL, created TEXT, updated TEXT);
PRAGMA user_version = 4;
""")


def v4_db(path: Path) -> str:
    """A save as schema 4 wrote it, with data in every table: a won maze daily among the bests; its code."""
    import datetime as dt

    from engine.modes.daily import daily_code

    daily = daily_code(dt.date(2026, 11, 24))
    v3_db_script(path, LEGACY_V4)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO best VALUES (?, 61.5, 130, 2, 1)", (daily,))
    conn.execute("INSERT INTO best VALUES ('puzzle-size:4x4', 95.0, 180, 3, 3)")
    conn.execute("INSERT INTO my_levels VALUES (7, 'Mine', ?, '2026-11-20T10:00:00+00:00', NULL)", (MAZE,))
    conn.commit()
    conn.close()
    return daily


def v3_db_script(path: Path, script: str) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(script)
    conn.execute("INSERT INTO progress VALUES ('w1-01', 1, 1, 3), ('w1-02', 1, 0, 0)")
    conn.execute("INSERT INTO settings VALUES ('theme', 'light')")
    conn.execute("INSERT INTO best VALUES ('M1.CODE', 12.5, 40, 1, 1)")
    conn.execute("INSERT INTO ghosts VALUES ('M2.MAZE', 'G2.GHOST', 4.5)")
    conn.commit()
    conn.close()


def test_version_4_save_gains_the_history_and_keeps_everything(tmp_path):
    """Every table's data survives; the won maze daily is carried into the history (calendar and streaks)."""
    from engine.records import Run

    path = tmp_path / "tessera.db"
    daily = v4_db(path)
    st = Store(path)
    assert st.message is None and st.saving
    assert_saved_data(st)
    assert st.ghosts() == [SavedGhost("M2.MAZE", "G2.GHOST", 4.5)]
    assert [(lv.id, lv.name, lv.code) for lv in st.my_levels()] == [(7, "Mine", MAZE)]
    assert st.best(daily).best_time == 61.5 and st.best("puzzle-size:4x4").best_moves == 180
    assert st.runs() == [Run("maze", daily, daily, 61.5, 130, None, "maze:2026-11-24", "")]
    assert ("puzzle-size:4x4", 95.0, 180, 3) in st.bests()
    st.record_run(Run("puzzle", "4x4", "P2.X", 80.0, 150, 48, "puzzle-4x4:2026-11-25"))
    st.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    conn.close()
    st = Store(path)  # opened again: nothing carried over twice, the new run kept with its finish time
    runs = st.runs()
    assert len(runs) == 2 and runs[1].par == 48 and runs[1].daily_kind == "puzzle-4x4" and runs[1].finished
    assert_saved_data(st)
    st.close()


def test_history_migration_is_one_transaction(tmp_path, monkeypatch):
    path = tmp_path / "tessera.db"
    v4_db(path)
    before = digest(tmp_path)
    failing = "; INSERT INTO progress VALUES ('w1-01', 1, 1, 1)"
    monkeypatch.setattr(save_schema, "_TABLES_V5", save_schema._TABLES_V5 + failing)
    st = Store(path)
    assert not st.saving and st.message is not None
    assert st.runs() == []  # read from memory without the table: no crash
    st.close()
    assert digest(tmp_path) == before
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 4
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'runs'").fetchone()[0] == 0
