"""Fuzz the save file (game/store.py, game/save_file.py): damaged saves, kill -9 during writes, two writers, held locks.

Run from the repository root: ``python tools/fuzz_saves.py [--seed N] [--rounds N]``.
Every case runs ``Store`` in a child process (crash = exception or exit != 0,
hang = no answer in 60 s).  "Data lost" means one of:

- the file was set aside but the aside copy (or one of its companions) is not
  byte-identical to what was there before;
- the store plays without saving but any file in the folder changed;
- the store saves, but a record that could be read from the file before is gone;
- a write the child reported committed is missing after kill -9, or any of the
  two writers' records is missing.

"Wrong verdict": no data lost, but a case that must be set aside was not (or the
reverse), or a save that must only be read (read-only, newer version) was written.

Families of issue 46:

- ``hostile columns``: every column of every table given a value no game writes (wrong type, huge text, JSON
  nested 1,000 deep, NUL, negative, NaN, infinity; ``tests/hostile_save.py``), one column per case: the child
  opens the store, uses every read and ``records --csv``; "wrong verdict" when the save was set aside or not
  used (a bad value is not damage) or ``records`` did not exit 0.
- ``records while writing``: another process writes as the game does, hundreds of times a second (checkpoints
  and a restarted WAL all the time), while ``tessera records --csv -`` runs: "wrong verdict" for a run with other
  rows than the save holds, "No records yet" or a note of a move; then a forged damaged save (it opens, fails
  ``quick_check``): exit 2, one line, nothing moved.

Prints one line per scenario family and a total: tried / clean / wrong verdict / crash / hang / data lost.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD_TIMEOUT = 60.0


def child_open(path: str) -> dict:
    """In the child: open the store, use every public method, report what happened."""
    sys.path.insert(0, str(ROOT))
    from game.store import Store

    st = Store(path)
    out = {"message": st.message, "saving": st.saving}
    st.set_setting("fuzz", "1")
    st.complete_level("fuzz-level", 2, "fuzz-next")
    st.record_win("fuzz-code", 3.0, 5)
    st.record_ghost("M1.FUZZ", "G1.FUZZ", 3.0)
    mine = st.save_my_level("fuzz level", "M2.FUZZ")
    st.rename_my_level(mine, "fuzz level renamed")
    st.stars(), st.unlocked(), st.best("fuzz-code"), st.ghosts(), st.setting("theme"), st.my_levels()
    st.delete_my_level(mine)
    st.close()
    return out


def child_writer(path: str, tag: str, rounds: int) -> None:
    """In the child: write rounds, printing each index once its transaction committed."""
    sys.path.insert(0, str(ROOT))
    from game.store import Store

    st = Store(path)
    if not st.saving:
        print(f"NOSAVE {st.message}", flush=True)
        return
    for i in range(rounds):
        st.complete_level(f"{tag}-{i}", 1, None)
        if st.message is not None:
            print(f"FAIL {st.message}", flush=True)
            return
        print(i, flush=True)
    st.close()


def child_hostile(path: str) -> dict:
    """In the child: every read of the store and ``records --csv`` on a save with a hostile value."""
    import io

    sys.path.insert(0, str(ROOT))
    sys.path.insert(1, str(ROOT / "tests"))
    from hostile_save import SETTINGS

    from engine.cli import main as cli
    from game import launcher
    from game.store import Store

    st = Store(path)
    out = {"message": st.message, "saving": st.saving}
    for name in SETTINGS:
        st.setting(name)
    st.unlocked(), st.stars(), st.ghosts(), st.runs(), st.bests(), st.my_levels(), st.best("M2.S2X2.BT#9UQ0-I3")
    st.record_win("M2.S2X2.BT#9UQ0-I3", 2.0, 5), st.record_ghost("M2.S2X2.BT#9UQ0-I3", "G2.x", 1.0)
    st.close()
    os.environ["TESSERA_HOME"] = str(Path(path).parent)
    csv_out, csv_err = io.StringIO(), io.StringIO()
    out["records"] = cli(["records", "--csv", "-"], out=csv_out, err=csv_err, open_records=launcher.open_records)
    out["records_err"] = csv_err.getvalue()[-200:]
    return out


# -- parent helpers ---------------------------------------------------------------------
def digest(folder: Path) -> dict[str, str]:
    """Relative name -> SHA-256 of every file under ``folder``."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def readable_settings(path: Path) -> set[tuple[str, str]] | None:
    """Settings rows SQLite can read from ``path`` right now, without changing it (None: none readable)."""
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?immutable=1", uri=True)
        conn.text_factory = bytes
        try:
            return set(conn.execute("SELECT key, value FROM settings").fetchall())
        finally:
            conn.close()
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        if isinstance(exc, UnicodeDecodeError) and os.environ.get("FUZZ_KEEP"):
            shutil.copy(path, os.environ["FUZZ_KEEP"])
        return None


def run_child(args: list[str]) -> tuple[str, dict | None, str]:
    """('ok'|'crash'|'hang', report, stderr)."""
    try:
        proc = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                              timeout=CHILD_TIMEOUT, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return "hang", None, ""
    if proc.returncode != 0:
        return "crash", None, proc.stderr[-2000:]
    return "ok", json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr


def make_save(folder: Path, n_settings: int = 400) -> Path:
    """A save made by the current code, with known settings, closed (everything in the main file)."""
    sys.path.insert(0, str(ROOT))
    from game.store import Store

    path = folder / "tessera.db"
    Store(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany("INSERT INTO settings VALUES (?, ?)", [(f"k{i}", f"v{i}" * 5) for i in range(n_settings)])
        conn.execute("INSERT INTO progress VALUES ('w1-01', 1, 1, 3)")
    conn.close()
    return path


def chattr(path: Path, flag: str) -> bool:
    return shutil.which("chattr") is not None and subprocess.run(
        ["chattr", flag, str(path)], capture_output=True).returncode == 0


# -- damaged-save scenarios ---------------------------------------------------------------
def damage_cases(rng: random.Random, rounds: int) -> list[tuple[str, object]]:
    cases: list[tuple[str, object]] = []
    for size in (1, 16, 50, 99, 100, 512, 4096, 100_000):
        cases.append(("garbage", size))
    for _ in range(rounds):
        cases.append(("truncate", rng.random()))
        cases.append(("flip", rng.choice([1, 8, 64, 512])))
        cases.append(("zero_page", rng.randrange(0, 20)))
    for name in ("stray_wal", "stray_journal", "stray_shm", "wrong_tables", "missing_column", "newer_user_version",
                 "meta_99", "meta_text", "legacy_v1", "empty_file", "home_is_file", "ro_file", "ro_folder",
                 "ro_folder_damaged", "extra_not_null", "db_is_dir"):
        cases.append((name, None))
    return cases


# Whether the case must be set aside (True) or must not be moved (False); others may go either way.
MUST_MOVE = {
    "garbage": True, "wrong_tables": True, "missing_column": True, "extra_not_null": True, "meta_text": True,
    "empty_file": False, "home_is_file": False, "ro_file": False, "ro_folder": False, "ro_folder_damaged": False,
    "newer_user_version": False, "meta_99": False, "legacy_v1": False, "db_is_dir": False,
}
MUST_NOT_SAVE = {"db_is_dir", "home_is_file", "ro_file", "ro_folder", "ro_folder_damaged", "newer_user_version",
                 "meta_99"}


def apply_damage(folder: Path, kind: str, arg: object, rng: random.Random) -> tuple[Path, list[Path]]:
    """Prepare the case; returns (database path, paths to un-chattr afterwards)."""
    path = folder / "tessera.db"
    frozen: list[Path] = []
    if kind == "garbage":
        path.write_bytes(rng.randbytes(int(arg)))  # type: ignore[call-overload]
        return path, frozen
    if kind == "empty_file":
        path.write_bytes(b"")
        return path, frozen
    if kind == "db_is_dir":
        path.mkdir()
        (path / "inside").write_text("keep me")
        return path, frozen
    if kind == "home_is_file":
        (folder / "home").write_text("a file")
        return folder / "home" / "tessera.db", frozen
    if kind in ("legacy_v1", "meta_99", "meta_text"):
        conn = sqlite3.connect(path)
        conn.executescript(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "CREATE TABLE progress (level_id TEXT PRIMARY KEY, unlocked INTEGER NOT NULL DEFAULT 1,"
            " completed INTEGER NOT NULL DEFAULT 0, stars INTEGER NOT NULL DEFAULT 0);"
            "CREATE TABLE best (code TEXT PRIMARY KEY, best_time REAL, best_moves INTEGER,"
            " plays INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0);"
            "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        )
        value = {"legacy_v1": "1", "meta_99": "99", "meta_text": "abc"}[kind]
        conn.execute("INSERT INTO meta VALUES ('schema', ?)", (value,))
        conn.executemany("INSERT INTO settings VALUES (?, ?)", [(f"k{i}", "v") for i in range(50)])
        conn.commit()
        conn.close()
        return path, frozen
    make_save(folder)
    data = bytearray(path.read_bytes())
    if kind == "truncate":
        path.write_bytes(bytes(data[: max(1, int(len(data) * float(arg)))]))  # type: ignore[arg-type]
    elif kind == "flip":
        for _ in range(int(arg)):  # type: ignore[call-overload]
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
    elif kind == "zero_page":
        page = 4096
        start = int(arg) * page % len(data)  # type: ignore[call-overload]
        data[start:start + page] = bytes(min(page, len(data) - start))
        path.write_bytes(bytes(data))
    elif kind in ("stray_wal", "stray_journal", "stray_shm"):
        suffix = "-" + kind.split("_")[1]
        (folder / f"tessera.db{suffix}").write_bytes(rng.randbytes(rng.choice([10, 1000, 40_000])))
    elif kind in ("wrong_tables", "missing_column", "newer_user_version", "extra_not_null"):
        conn = sqlite3.connect(path)
        if kind == "wrong_tables":
            conn.executescript("DROP TABLE best; CREATE TABLE invoices (id INTEGER);")
        elif kind == "missing_column":
            conn.executescript("ALTER TABLE progress DROP COLUMN stars;")
        elif kind == "extra_not_null":
            conn.executescript("CREATE TABLE s2 (a TEXT NOT NULL); DROP TABLE settings;"
                               "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, o TEXT NOT NULL);")
        else:
            conn.execute("PRAGMA user_version = 99")
        conn.commit()
        conn.close()
    elif kind == "ro_file":
        if chattr(path, "+i"):
            frozen.append(path)
    elif kind in ("ro_folder", "ro_folder_damaged"):
        if kind == "ro_folder_damaged":
            path.write_bytes(rng.randbytes(5000))
        if chattr(folder, "+i"):
            frozen.append(folder)
    return path, frozen


def run_damage(rng: random.Random, rounds: int) -> Counter:
    tally: Counter = Counter()
    for kind, arg in damage_cases(rng, rounds):
        with tempfile.TemporaryDirectory(prefix="fuzz-save-") as tmp:
            folder = Path(tmp)
            path, frozen = apply_damage(folder, kind, arg, rng)
            before = digest(folder)
            rows_before = readable_settings(path) if path.exists() else None
            status, report, err = run_child(["--child-open", str(path)])
            for p in frozen:
                chattr(p, "-i")
            tally["tried"] += 1
            if status != "ok":
                tally[status] += 1
                print(f"  {status}: {kind} {arg}: {err.strip().splitlines()[-1] if err.strip() else ''}")
                continue
            assert report is not None
            after = digest(folder)
            lost = False
            asides = [n for n in after if ".damaged-" in n]
            if asides:
                mains = [n for n in asides if not n.endswith(("-wal", "-shm", "-journal"))]
                for n in asides:
                    base = next(m for m in mains if n.startswith(m))
                    original = "tessera.db" + n[len(base):]
                    if before.get(original) != after[n]:
                        lost = True
            elif not report["saving"]:
                lost = after != before
            elif rows_before:
                rows_after = readable_settings(path) or set()
                lost = not rows_before <= rows_after
            must = MUST_MOVE.get(kind)
            wrong = must is not None and must != bool(asides) or (kind in MUST_NOT_SAVE and report["saving"])
            tally["data lost" if lost else "wrong verdict" if wrong else "clean"] += 1
            if lost or wrong:
                print(f"  {'data lost' if lost else 'wrong verdict'}: {kind} {arg}: {report}")
    return tally


# -- kill -9 during writes ------------------------------------------------------------------
def run_kill9(rng: random.Random, rounds: int) -> Counter:
    tally: Counter = Counter()
    for _ in range(rounds):
        with tempfile.TemporaryDirectory(prefix="fuzz-kill-") as tmp:
            path = Path(tmp) / "tessera.db"
            if rng.random() < 0.5:
                make_save(Path(tmp), 50)
            proc = subprocess.Popen([sys.executable, __file__, "--child-writer", str(path), "k", "100000"],
                                    stdout=subprocess.PIPE, text=True, cwd=ROOT)
            assert proc.stdout is not None
            first = proc.stdout.readline()  # the first write committed: the store is open
            time.sleep(rng.uniform(0.0, 0.5))
            os.kill(proc.pid, signal.SIGKILL)
            rest = proc.stdout.read()
            proc.wait()
            lines = (first + rest).split()
            committed = [int(x) for x in lines if x.isdigit()]
            tally["tried"] += 1
            status, report, err = run_child(["--child-open", str(path)])
            if status != "ok":
                tally[status] += 1
                continue
            conn = sqlite3.connect(path)
            have = {r[0] for r in conn.execute("SELECT level_id FROM progress")}
            conn.close()
            missing = [i for i in committed if f"k-{i}" not in have]
            moved = any(".damaged-" in p.name for p in Path(tmp).iterdir())
            ok = not missing and not moved and report is not None and report["message"] is None
            tally["clean" if ok else "data lost"] += 1
            if not ok:
                print(f"  kill -9: {len(missing)} committed writes missing, moved={moved}, {report}")
    return tally


# -- two writers ----------------------------------------------------------------------------
def run_two(rounds: int, writes: int) -> Counter:
    tally: Counter = Counter()
    for _ in range(rounds):
        with tempfile.TemporaryDirectory(prefix="fuzz-two-") as tmp:
            path = Path(tmp) / "tessera.db"
            procs = [subprocess.Popen([sys.executable, __file__, "--child-writer", str(path), tag, str(writes)],
                                      stdout=subprocess.PIPE, text=True, cwd=ROOT) for tag in ("a", "b")]
            outs = [p.communicate(timeout=600)[0] for p in procs]
            tally["tried"] += 1
            conn = sqlite3.connect(path)
            have = {r[0] for r in conn.execute("SELECT level_id FROM progress")}
            conn.close()
            expected = {f"{t}-{i}" for t in "ab" for i in range(writes)}
            moved = any(".damaged-" in p.name for p in Path(tmp).iterdir())
            failed = [line for out in outs for line in out.splitlines() if not line.isdigit()]
            ok = expected <= have and not moved and not failed and all(p.returncode == 0 for p in procs)
            tally["clean" if ok else "data lost"] += 1
            if not ok:
                print(f"  two writers: {len(expected - have)} missing, moved={moved}, {failed[:2]}")
    return tally


# -- a lock held by another process ---------------------------------------------------------
HOLD = ("import sqlite3, sys\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('BEGIN EXCLUSIVE')\nprint('locked', flush=True)\nsys.stdin.readline()\n")


def run_locks(rng: random.Random, rounds: int) -> Counter:
    tally: Counter = Counter()
    for r in range(rounds):
        with tempfile.TemporaryDirectory(prefix="fuzz-lock-") as tmp:
            folder = Path(tmp)
            path = make_save(folder, 100)
            if r % 2:  # a rollback-journal save (as the first release made them)
                conn = sqlite3.connect(path)
                conn.execute("PRAGMA journal_mode = DELETE")
                conn.close()
            rows = readable_settings(path)
            holder = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True)
            assert holder.stdout is not None and holder.stdin is not None
            holder.stdout.readline()
            env_timeout = str(rng.choice([0.1, 0.5]))
            status, report, _ = run_child(["--child-open-timeout", str(path), env_timeout])
            holder.stdin.write("\n")
            holder.stdin.flush()
            holder.wait()
            tally["tried"] += 1
            if status != "ok":
                tally[status] += 1
                continue
            moved = any(".damaged-" in p.name for p in folder.iterdir())
            ok = not moved and rows is not None and rows <= (readable_settings(path) or set())
            tally["clean" if ok else "data lost"] += 1
            if not ok:
                print(f"  lock: moved={moved} {report}")
    return tally


# -- hostile values in every column (issue 46) -----------------------------------------------------------------
def run_hostile(rng: random.Random, rounds: int) -> Counter:
    sys.path.insert(1, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT))
    from hostile_save import COLUMNS, HOSTILE_VALUES, base_save, write_hostile

    from engine.modes.campaign import load_campaign

    level_code = load_campaign().levels[0].code()
    tally: Counter = Counter()
    with tempfile.TemporaryDirectory(prefix="fuzz-hostile-") as tmp:
        base = Path(tmp) / "base.db"
        base_save(base, level_code)
        for _ in range(rounds):
            for column in COLUMNS:
                value = rng.choice(HOSTILE_VALUES)
                folder = Path(tempfile.mkdtemp(dir=tmp))
                path = folder / "tessera.db"
                shutil.copyfile(base, path)
                write_hostile(path, {column: value})
                status, report, err = run_child(["--child-hostile", str(path)])
                tally["tried"] += 1
                label = f"{column} = {repr(value)[:40]}"
                if status != "ok" or report is None:
                    tally[status if status != "ok" else "crash"] += 1
                    print(f"  hostile {status}: {label}: {err.strip()[-200:]}")
                    continue
                moved = any(".damaged-" in p.name for p in folder.iterdir())
                if moved or not report["saving"] or report["records"] != 0:
                    tally["wrong verdict"] += 1
                    print(f"  hostile: {label}: moved={moved} saving={report['saving']} "
                          f"records={report['records']} {report['records_err']!r}")
                else:
                    tally["clean"] += 1
    return tally


# -- records while the game writes (issue 46) ------------------------------------------------------------------
WRITER = """
import sys
sys.path.insert(0, sys.argv[2])
from engine.records import Run
from game.store import Store
s = Store(sys.argv[1])
s.conn.execute("PRAGMA wal_autocheckpoint = 20")
n = 0
print("writing", flush=True)
while True:
    n += 1
    s.set_setting("volume", str(n % 10 / 10))
    s.record_ghost("M2.S2X2.BT#9UQ0-I%d" % (n % 200), "x" * 4000, 10_000.0 - n)
    if n % 5 == 0:
        s.record_run(Run("maze", "k", "", 1.0, 3))
"""


def _records(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TESSERA_HOME": str(folder)}
    return subprocess.run([sys.executable, "-m", "game.launcher", "records", "--csv", "-", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT, check=False)


def run_records_writing(rounds: int) -> Counter:
    sys.path.insert(0, str(ROOT))
    from game.store import Store

    tally: Counter = Counter()
    bests = 40
    with tempfile.TemporaryDirectory(prefix="fuzz-records-") as tmp:
        folder = Path(tmp)
        store = Store(folder / "tessera.db")
        for i in range(bests):
            store.record_win(f"M2.S2X2.BT#9UQ0-J{i}", 3.5 + i, 7)
        store.close()
        conn = sqlite3.connect(folder / "tessera.db")
        conn.executemany("INSERT INTO runs(mode, key, code, seconds, moves) VALUES ('maze', 'k', ?, 1.0, 3)",
                         [("c" * 100,)] * 20_000)
        conn.commit()
        conn.close()
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(folder / "tessera.db"), str(ROOT)],
                                  stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None
        writer.stdout.readline()
        seen = 0
        try:
            for _ in range(rounds):
                for args in ((), ("--runs",)):
                    tally["tried"] += 1
                    try:
                        proc = _records(folder, *args)
                    except subprocess.TimeoutExpired:
                        tally["hang"] += 1
                        continue
                    rows = proc.stdout.count("\n") - 1
                    false = "moved" in proc.stderr or "fresh save" in proc.stderr or "No records" in proc.stdout
                    if proc.returncode not in (0, 2) or "internal error" in proc.stderr:
                        tally["crash"] += 1
                        print(f"  records while writing: exit {proc.returncode}: {proc.stderr.strip()[-200:]}")
                    elif proc.returncode != 0 or false or (rows != bests if not args else rows < seen):
                        tally["wrong verdict"] += 1
                        print(f"  records while writing: exit {proc.returncode}, {rows} rows: {proc.stderr[:200]!r}")
                    else:
                        tally["clean"] += 1
                        seen = rows if args else seen
        finally:
            writer.kill()
            writer.wait()
        damaged = folder / "damaged"  # a forged save that opens but fails quick_check: the rows of a leaf swapped
        damaged.mkdir()
        shutil.copyfile(folder / "tessera.db", damaged / "tessera.db")
        conn = sqlite3.connect(damaged / "tessera.db")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.close()
        data = bytearray((damaged / "tessera.db").read_bytes())
        size = int.from_bytes(data[16:18], "big")
        for start in range(size, len(data), size):
            if data[start] == 0x0D and int.from_bytes(data[start + 3:start + 5], "big") >= 2:
                a, b = data[start + 8:start + 10], data[start + 10:start + 12]
                data[start + 8:start + 10], data[start + 10:start + 12] = b, a
                break
        (damaged / "tessera.db").write_bytes(bytes(data))
        before = digest(damaged)
        proc = _records(damaged)
        tally["tried"] += 1
        ok = (proc.returncode == 2 and proc.stderr.count("\n") == 1 and "nothing was moved" in proc.stderr
              and digest(damaged) == before)
        tally["clean" if ok else "wrong verdict"] += 1
        if not ok:
            print(f"  records of a damaged save: exit {proc.returncode}: {proc.stderr[:200]!r}")
    return tally


KINDS = ("tried", "clean", "wrong verdict", "crash", "hang", "data lost")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child-open":
        print(json.dumps(child_open(sys.argv[2])))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--child-open-timeout":
        sys.path.insert(0, str(ROOT))
        from game import store

        store.BUSY_TIMEOUT_S = float(sys.argv[3])
        store.Store.__init__.__defaults__ = (None, float(sys.argv[3]))
        print(json.dumps(child_open(sys.argv[2])))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--child-hostile":
        print(json.dumps(child_hostile(sys.argv[2])))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--child-writer":
        child_writer(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--only", nargs="+", metavar="FAMILY",
                        help="run only these families: damaged, kill9, two, locks, hostile, records")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    total: Counter = Counter()
    families: list[tuple[str, str, Callable[[], Counter]]] = [
        ("damaged", "damaged saves", lambda: run_damage(rng, args.rounds)),
        ("kill9", "kill -9 during writes", lambda: run_kill9(rng, args.rounds * 3)),
        ("two", "two processes x 400 writes", lambda: run_two(max(1, args.rounds // 2), 400)),
        ("locks", "lock held by another process", lambda: run_locks(rng, args.rounds)),
        ("hostile", "hostile columns", lambda: run_hostile(rng, max(1, args.rounds // 5))),
        ("records", "records while writing", lambda: run_records_writing(args.rounds)),
    ]
    for key, name, run in families:
        if args.only and key not in args.only:
            continue
        tally = run()
        total.update(tally)
        print(f"{name}: " + " / ".join(f"{k} {tally[k]}" for k in KINDS))
    print("total: " + " / ".join(f"{k} {total[k]}" for k in KINDS))


if __name__ == "__main__":
    main()
