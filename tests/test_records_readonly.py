"""``tessera records`` only reads (issue 32, items 7, 8, 9, 11): the data folder is byte for byte as it was
(game-written WAL saves, a lock held by another program, a foreign SQLite file, a read-only folder), a held
lock is given up after a bounded wait with one line, and a foreign file is said to be left as it is."""

from __future__ import annotations

import hashlib
import io
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.cli import main
from game import launcher
from game.save_snapshot import LOCK_WAIT_S
from game.store import Store

CODE = "M2.S2X2.BT#9UQ0-I3"
ROOT = Path(__file__).resolve().parents[1]


def listing(folder: Path) -> dict[str, tuple[int, str, int, int]]:
    """Every file under ``folder``: name -> (size, sha256, mtime ns, mode)."""
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        digest = hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else ""
        out[str(p.relative_to(folder))] = (st.st_size, digest, st.st_mtime_ns, st.st_mode)
    st = folder.stat()
    out["."] = (0, "", st.st_mtime_ns, st.st_mode)
    return out


def records(home: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setenv("TESSERA_HOME", str(home))
    out, err = io.StringIO(), io.StringIO()
    code = main(["records"], out=out, err=err, open_records=launcher.open_records)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder with a game-written save holding one best time (closed: no -wal left)."""
    folder = tmp_path / "home"
    folder.mkdir()
    store = Store(folder / "tessera.db")
    store.record_win(CODE, 3.5, 7)
    store.close()
    return folder


def test_records_leaves_a_closed_save_byte_for_byte(home, monkeypatch):
    before = listing(home)
    code, out, err = records(home, monkeypatch)
    assert code == 0 and "1 levels with a best time" in out and err == "", (out, err)
    assert listing(home) == before


GAME = """
import sys
from game.store import Store
game = Store(sys.argv[1])
game.record_win("M2.S2X2.BT#9UQ0-I4", 1.0, 3)
print("held", flush=True)
sys.stdin.read()
game.close()
"""


def test_records_while_the_game_has_the_save_open_reads_its_wal_and_leaves_no_files(home, monkeypatch):
    # The game running in its own process (as it does: SQLite shares one process's -shm between its
    # connections): its -wal and -shm are there, a new best only in the WAL.
    game = subprocess.Popen([sys.executable, "-c", GAME, str(home / "tessera.db")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert game.stdout is not None and game.stdout.readline() == "held\n"
        assert (home / "tessera.db-wal").exists()
        before = listing(home)
        code, out, err = records(home, monkeypatch)
        assert code == 0 and "2 levels with a best time" in out, (out, err)  # the WAL's best was read
        assert listing(home) == before  # no -wal/-shm of our own, nothing checkpointed, nothing touched
    finally:
        assert game.stdin is not None
        game.stdin.close()
        game.wait(timeout=30)


HOLD = """
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA journal_mode=DELETE")
c.execute("BEGIN EXCLUSIVE")
c.execute("INSERT INTO settings(key, value) VALUES ('held', '1')")
print("held", flush=True)
sys.stdin.read()
c.execute("ROLLBACK")
"""


def test_a_lock_held_by_another_program_is_given_up_after_a_bounded_wait_in_one_line(home, monkeypatch):
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(home / "tessera.db")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        before = listing(home)
        t0 = time.monotonic()
        code, out, err = records(home, monkeypatch)
        waited = time.monotonic() - t0
        assert code == 2 and out == "", (out, err)
        assert err.count("\n") == 1 and "in use by another program" in err and "nothing was read or changed" in err
        assert f"{LOCK_WAIT_S:g} s" in err and LOCK_WAIT_S <= 2.0
        assert waited < 20, waited  # a hang guard (it waited as long as the lock was held: over 50 s)
        assert listing(home) == before
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    code, out, err = records(home, monkeypatch)  # the lock gone: read as usual
    assert code == 0 and "1 levels" in out, (out, err)


def test_a_foreign_sqlite_file_is_said_to_be_left_as_it_is(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    folder.mkdir()
    con = sqlite3.connect(folder / "tessera.db")
    con.execute("CREATE TABLE photos(x)")
    con.commit()
    con.close()
    before = listing(folder)
    code, out, err = records(folder, monkeypatch)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "cannot be read" in err and "nothing was moved" in err and "moved to" not in err, err
    assert "fresh save" not in err
    assert listing(folder) == before


def test_a_fifo_as_the_save_is_one_line_and_never_waits(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    folder.mkdir()
    os.mkfifo(folder / "tessera.db")
    code, out, err = records(folder, monkeypatch)
    assert code == 2 and err.count("\n") == 1 and "pipe" in err, err


def _is_write(flags: int) -> bool:
    return bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND))


_AUDIT: list[tuple[str, tuple[object, ...]]] | None = None


def _hook(event: str, args: tuple[object, ...]) -> None:
    if _AUDIT is not None and event in ("open", "sqlite3.connect", "os.remove", "os.rename", "os.chmod",
                                        "os.utime", "os.truncate", "shutil.rmtree"):
        _AUDIT.append((event, args))


sys.addaudithook(_hook)


def test_nothing_in_the_data_folder_is_opened_for_writing(home, monkeypatch):
    """The proof that holds for every user (root ignores a read-only folder's permission bits): every file
    opened in the data folder is opened read-only, and SQLite opens nothing there but read-only."""
    global _AUDIT
    game = Store(home / "tessera.db")
    game.record_win("M2.S2X2.BT#9UQ0-I4", 1.0, 3)  # a WAL too
    monkeypatch.setenv("TESSERA_HOME", str(home))
    _AUDIT = []
    try:
        code, out, err = records(home, monkeypatch)
        seen = list(_AUDIT)
    finally:
        _AUDIT = None
        game.close()
    assert code == 0, err
    inside = str(home.resolve())
    touched = []
    for event, args in seen:
        path = args[0]
        if not isinstance(path, str | bytes | os.PathLike):
            continue
        text = os.fsdecode(path)
        text = text.removeprefix("file:").split("?")[0]
        if not os.path.abspath(text).startswith(inside + os.sep):
            continue
        if event == "open":
            mode, flags = args[1], args[2]
            if isinstance(mode, str) and ("r" in mode and "+" not in mode):
                continue
            if mode is None and isinstance(flags, int) and not _is_write(flags):
                continue
        if event == "sqlite3.connect" and "mode=ro" in os.fsdecode(path):
            continue
        touched.append((event, args))
    assert touched == []
    assert any(e == "open" for e, a in seen if os.fsdecode(a[0]).startswith(inside))  # the save was read


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes through chmod; "
                    "test_nothing_in_the_data_folder_is_opened_for_writing is the proof for root")
def test_records_reads_a_save_in_a_read_only_folder(home, monkeypatch):
    game = Store(home / "tessera.db")
    game.record_win("M2.S2X2.BT#9UQ0-I4", 1.0, 3)
    game.close()
    (home / "tessera.db").chmod(0o444)
    home.chmod(0o555)
    try:
        before = listing(home)
        code, out, err = records(home, monkeypatch)
        assert code == 0 and "2 levels" in out and err == "", (out, err)
        assert listing(home) == before
    finally:
        home.chmod(0o755)


HOLD_WAL = """
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA locking_mode=EXCLUSIVE")
c.execute("BEGIN EXCLUSIVE")
c.execute("INSERT INTO settings(key, value) VALUES ('held', '1')")
print("held", flush=True)
sys.stdin.read()
"""


def test_a_wal_save_locked_exclusively_is_read_as_last_committed_without_waiting(home, monkeypatch):
    holder = subprocess.Popen([sys.executable, "-c", HOLD_WAL, str(home / "tessera.db")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        before = listing(home)
        code, out, err = records(home, monkeypatch)
        assert code == 0 and "1 levels" in out and err == "", (out, err)
        assert listing(home) == before
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
