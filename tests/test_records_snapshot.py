"""``tessera records`` reads one consistent snapshot while the game writes, and reports damage as it is
(issue 46, item 3): every run while another process writes hundreds of times a second has exactly the rows,
never "No records yet", never a note of a move; a save that opens but fails SQLite's check is one line, exit 2,
and nothing is moved."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from game import launcher
from game.save_snapshot import snapshot_store
from game.store import Store

ROOT = Path(__file__).resolve().parents[1]
BESTS = 40

#: Writes as the game does (its own Store, WAL, one transaction each) as fast as it can: settings, big ghosts
#: (the WAL is checkpointed into the database file and restarts again and again), finished games.
WRITER = """
import sys
from engine.records import Run
from game.store import Store
s = Store(sys.argv[1])
s.conn.execute("PRAGMA wal_autocheckpoint = 20")  # checkpoints (and a restarted WAL) all the time
n = 0
print("writing", flush=True)
while True:
    n += 1
    s.set_setting("volume", str(n % 10 / 10))
    s.record_ghost("M2.S2X2.BT#9UQ0-I%d" % (n % 200), "x" * 4000, 10_000.0 - n)
    if n % 5 == 0:
        s.record_run(Run("maze", "k", "", 1.0, 3))
"""


def run_records(home: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("TESSERA_HOME", str(home))
    out, err = io.StringIO(), io.StringIO()
    code = main(["records", *args], out=out, err=err, open_records=launcher.open_records)
    return code, out.getvalue(), err.getvalue()


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    store = Store(folder / "tessera.db")
    for i in range(BESTS):
        store.record_win(f"M2.S2X2.BT#9UQ0-J{i}", 3.5 + i, 7)
    store.close()
    return folder


def test_records_csv_while_another_process_writes_has_every_row_every_time(home, monkeypatch):
    conn = sqlite3.connect(home / "tessera.db")  # years of play: a copy of the file takes a while
    conn.executemany("INSERT INTO runs(mode, key, code, seconds, moves, finished) VALUES ('maze', 'k', ?, 1.0, 3, '')",
                     [("c" * 100,)] * 5_000)
    conn.commit()
    conn.close()
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(home / "tessera.db")], stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
        seen_runs = 0
        for _ in range(10):
            code, out, err = run_records(home, monkeypatch, "--csv", "-")
            assert code == 0, err
            assert "moved" not in err and "fresh save" not in err and "No records yet" not in out + err, err
            assert out.count("\n") == 1 + BESTS, (out, err)  # the header and every best, each time
            code, out, err = run_records(home, monkeypatch, "--csv", "-", "--runs")
            assert code == 0 and "moved" not in err, err
            rows = out.count("\n") - 1
            assert rows >= seen_runs  # never fewer finished games than a moment before
            seen_runs = rows
        assert writer.poll() is None  # it was writing all along
    finally:
        writer.kill()
        writer.wait(timeout=30)


def _swap_first_cells(path: Path) -> None:
    """Forge damage that SQLite opens but ``quick_check`` finds: the first two cells of the first table leaf
    page with several rows swapped (their row ids then run backwards)."""
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    for start in range(size, len(data), size):  # page 2 on
        if data[start] == 0x0D and int.from_bytes(data[start + 3:start + 5], "big") >= 2:
            a, b = data[start + 8:start + 10], data[start + 10:start + 12]
            data[start + 8:start + 10], data[start + 10:start + 12] = b, a
            path.write_bytes(bytes(data))
            return
    raise AssertionError("no table leaf page with two cells")


def test_a_save_that_opens_but_fails_the_integrity_check_is_reported_as_damaged_and_nothing_moves(home, monkeypatch):
    save = home / "tessera.db"
    _swap_first_cells(save)
    conn = sqlite3.connect(save)
    assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0  # it opens...
    assert conn.execute("PRAGMA quick_check").fetchone()[0] != "ok"  # ...and SQLite finds the damage
    conn.close()
    before = files(home)
    for args in ((), ("--csv", "-")):
        code, out, err = run_records(home, monkeypatch, *args)
        assert code == 2 and out == "" and err.count("\n") == 1, (out, err)
        assert "cannot be read (integrity check" in err and "nothing was moved" in err, err
        assert "moved to" not in err and "fresh save" not in err, err
        assert files(home) == before


def test_a_snapshot_never_sets_anything_aside_and_writes_reach_only_memory(home):
    before = files(home)
    store = snapshot_store(home / "tessera.db")
    try:
        assert store.message is None and len(store.bests()) == BESTS
        store.record_win("M2.S2X2.BT#9UQ0-K1", 1.0, 3)
        assert len(store.bests()) == BESTS + 1
    finally:
        store.close()
    assert files(home) == before
