"""Issue 46 (hardening round 3): one rule for every output (engine.output).

Nothing the game owns is ever written over (the save and its companions, a pack in the data folder's levels/,
the puzzle tables, their key), however the path is spelt; a regular file is replaced whole or not at all (also on
Ctrl-C and SIGTERM); ``-`` is standard output with the status lines on standard error; an existing file is
replaced by every command alike; a full standard output is one line and exit code 2, a closed pipe a quiet 141.
"""

from __future__ import annotations

import hashlib
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.cli import main
from engine.output import REPLACES, check_output_path, open_output, owned_file, write_output

ROOT = Path(__file__).resolve().parent.parent
CODE = "M2.S2X2.BT#9UQ0-I3"
MAZE = ["generate", "--shape", "square", "--size", "6x6", "--algo", "kruskal", "--seed", "1"]
requires_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder with a game-written save (one best time), a pack, a table-key and a puzzle table."""
    from engine.puzzle.tables import key
    from game.store import Store

    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("TESSERA_HOME", str(folder))
    monkeypatch.delenv("TESSERA_CACHE", raising=False)
    store = Store(folder / "tessera.db")
    store.record_win(CODE, 3.5, 7)
    store.close()
    (folder / "levels").mkdir()
    (folder / "levels" / "mine.toml").write_text("# the player's pack\n", encoding="utf-8")
    (folder / "table-key").write_bytes(b"k" * 32)
    (folder / "cache" / "puzzle").mkdir(parents=True)
    (folder / "cache" / "puzzle" / "exact-3x3.pdb").write_bytes(b"table")
    key.forget_key()
    yield folder
    key.forget_key()


def run(argv: list[str], out: io.TextIOBase | None = None) -> tuple[int, str, str]:
    from game import launcher

    stdout = out if out is not None else io.StringIO()
    err = io.StringIO()
    code = main(argv, out=stdout, err=err, open_records=launcher.open_records)  # type: ignore[arg-type]
    return code, stdout.getvalue() if isinstance(stdout, io.StringIO) else "", err.getvalue()


def refused(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("tessera: error: cannot write") and "internal" not in err, err
    for w in words:
        assert w in err, err


# -- 1. the game's own files ------------------------------------------------------------------------------------
def test_the_save_name_is_the_games():
    from engine.paths import SAVE_NAME
    from game.save_schema import DB_NAME

    assert DB_NAME == SAVE_NAME


def test_no_output_lands_on_the_save_however_it_is_spelt(home, tmp_path):
    save = home / "tessera.db"
    before = digest(save)
    (tmp_path / "link.db").symlink_to(save)
    os.link(save, tmp_path / "hard.db")
    (tmp_path / "sub").mkdir()
    spellings = [str(save), str(tmp_path / "sub" / ".." / "home" / "tessera.db"), str(tmp_path / "link.db"),
                 str(tmp_path / "hard.db"), str(home / "TESSERA.DB")]
    for target in spellings:
        for argv in (["records", "--csv", target], ["records", "--csv", target, "--runs"],
                     MAZE + ["-o", target], MAZE + ["--format", "png", "-o", target],
                     ["print", "--codes", CODE, "-o", target], ["pack", "new", "P", CODE, "-o", target, "--force"]):
            code, _, err = run(argv)
            refused(code, err, "Tessera's save")
    os.link(save, tmp_path / "hard.png")
    (tmp_path / "link.svg").symlink_to(save)
    for target in (str(tmp_path / "hard.png"), str(tmp_path / "link.svg")):
        code, _, err = run(["share", CODE, "--qr", target])  # the QR writer's sentence ends in a full stop
        assert code == 2 and "Tessera's save" in err and err.count("\n") == 1, err
    assert digest(save) == before and sorted(p.name for p in home.iterdir()) == [
        "cache", "levels", "table-key", "tessera.db"]


@pytest.mark.parametrize("name", ["tessera.db-wal", "tessera.db-shm", "tessera.db-journal", "tessera.db.damaged-1"])
def test_a_companion_of_the_save_is_refused_before_it_exists(home, name):
    code, _, err = run(["records", "--csv", str(home / name)])
    refused(code, err, "belongs to Tessera's save")
    code, _, err = run(MAZE + ["-o", str(home / name)])
    refused(code, err, "belongs to Tessera's save")
    assert not (home / name).exists()


def test_packs_tables_and_the_key_are_refused_but_a_new_pack_may_go_into_levels(home):
    pack, table, key = home / "levels" / "mine.toml", home / "cache" / "puzzle" / "exact-3x3.pdb", home / "table-key"
    kept = {p: p.read_bytes() for p in (pack, table, key)}
    code, _, err = run(["pack", "new", "P", CODE, "-o", str(pack)])
    refused(code, err, "level pack in Tessera's levels folder")
    code, _, err = run(MAZE + ["-o", str(table)])
    refused(code, err, "puzzle-table folder")
    code, _, err = run(MAZE + ["-o", str(home / "cache" / "puzzle" / "new.txt")])  # nothing new there either
    refused(code, err, "puzzle-table folder")
    code, _, err = run(["records", "--csv", str(key)])
    refused(code, err, "key of Tessera's puzzle tables")
    assert {p: p.read_bytes() for p in kept} == kept
    code, _, err = run(["pack", "new", "P", CODE, "-o", str(home / "levels" / "new.toml")])  # how packs get there
    assert code == 0 and (home / "levels" / "new.toml").exists(), err


def test_owned_file_compares_inodes(home, tmp_path):
    os.link(home / "levels" / "mine.toml", tmp_path / "copy.toml")
    assert owned_file(tmp_path / "copy.toml") == "it is a level pack in Tessera's levels folder"
    assert owned_file(tmp_path / "other.toml") is None
    with pytest.raises(ValueError, match="Tessera's save"):
        check_output_path(home / "tessera.db-wal")


def test_standard_output_that_is_the_save_is_refused(home):
    save = home / "tessera.db"
    before = digest(save)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TESSERA_HOME": str(home)}
    with open(save, "ab") as sink:  # `tessera generate -o - >> tessera.db`
        proc = subprocess.run([sys.executable, "-m", "engine.cli", *MAZE, "-o", "-"], stdout=sink,
                              stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, timeout=120, check=False)
    assert proc.returncode == 2 and "Tessera's save" in proc.stderr and proc.stderr.count("\n") == 1
    assert digest(save) == before


def test_the_records_screens_export_refuses_the_games_files(home):
    from game.records import export_records
    from game.store import Store

    store = Store(home / "tessera.db")
    try:
        path = export_records(store)  # the usual place: a new file in exports/
        assert path.parent == home / "exports" and path.read_text(encoding="utf-8").startswith("kind,key,")
        link = home / "odd-exports"
        link.symlink_to(home / "cache" / "puzzle")
        with pytest.raises(OSError, match="puzzle-table folder"):
            export_records(store, link)
    finally:
        store.close()
    assert sorted(p.name for p in (home / "cache" / "puzzle").iterdir()) == ["exact-3x3.pdb"]


# -- 2. whole or not at all -------------------------------------------------------------------------------------
def test_an_interrupted_write_leaves_the_old_file_whole(tmp_path):
    target = tmp_path / "book.pdf"
    target.write_bytes(b"old pdf")
    with pytest.raises(KeyboardInterrupt):
        with open_output(target) as f:
            f.write("half of a new one")
            assert target.read_bytes() == b"old pdf"  # not truncated while the work runs
            raise KeyboardInterrupt
    assert target.read_bytes() == b"old pdf" and [p.name for p in tmp_path.iterdir()] == ["book.pdf"]


def test_a_replaced_file_keeps_its_mode_and_a_link_is_written_through(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old")
    real.chmod(0o640)
    (tmp_path / "link.txt").symlink_to(real)
    write_output(tmp_path / "link.txt", "new")
    assert (tmp_path / "link.txt").is_symlink() and real.read_text() == "new"
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_a_failed_rename_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    from engine import output

    target = tmp_path / "m.svg"
    target.write_text("old")

    def full(*_a: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, "replace", full)
    code, _, err = run(MAZE + ["--format", "svg", "-o", str(target)])
    refused(code, err, "no space left")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["m.svg"]


@pytest.mark.parametrize("sig, exit_code, word", [(signal.SIGTERM, -signal.SIGTERM, ""),  # killed by it, as ever
                                                  (signal.SIGINT, 130, "interrupted")])
def test_a_signal_during_print_leaves_the_old_pdf_whole(tmp_path, sig, exit_code, word):
    target = tmp_path / "existing.pdf"
    target.write_bytes(b"%PDF-1.4 the player's old workbook\n%%EOF\n")
    before = target.read_bytes()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TESSERA_HOME": str(tmp_path / "home")}
    argv = [sys.executable, "-m", "engine.cli", "print", "--shape", "square", "--algo", "kruskal", "--size",
            "60x60", "--count", "400", "-o", str(target)]
    # A job started in the background by a non-interactive shell (a CI runner may be one) inherits SIGINT
    # ignored, and Python then never turns it into KeyboardInterrupt: the child gets the default back, as a
    # terminal's Ctrl-C would find it.
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not any(p.name.endswith(".tmp") for p in tmp_path.iterdir()):
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        time.sleep(0.3)  # pages are being written into the temporary file
        assert target.read_bytes() == before  # the old file is whole while the work runs
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == exit_code and err == (f"tessera: error: {word}\n" if word else ""), err
    assert target.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["existing.pdf"]


# -- 3. `-` is standard output -----------------------------------------------------------------------------------
def binary_out() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8")


@pytest.mark.parametrize("fmt", ["ascii", "svg", "json", "jsonl"])
def test_generate_dash_is_standard_output(tmp_path, monkeypatch, fmt):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(MAZE + ["--format", fmt, "-o", "-"])
    assert code == 0 and out and err == "", err
    assert not (tmp_path / "-").exists()
    _, plain, _ = run(MAZE + ["--format", fmt])
    if fmt != "json" and fmt != "jsonl":  # JSON holds the seconds the maze took
        assert out == plain


def test_binary_outputs_go_to_standard_output_and_status_lines_to_stderr(home, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sink = binary_out()
    code, _, err = run(MAZE + ["--format", "png", "-o", "-"], out=sink)
    sink.flush()
    assert code == 0 and sink.buffer.getvalue().startswith(b"\x89PNG"), err  # type: ignore[attr-defined]
    sink = binary_out()
    code, _, err = run(["print", "--codes", CODE, "-o", "-"], out=sink)
    sink.flush()
    pdf = sink.buffer.getvalue()  # type: ignore[attr-defined]
    assert code == 0 and pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF") and b"wrote" not in pdf
    assert err == "wrote standard output: 1 maze on 2 pages\n", err
    code, out, err = run(["records", "--csv", "-"])
    assert code == 0 and out.startswith("kind,key,") and err == "wrote 1 records to standard output\n", err
    code, out, err = run(["pack", "new", "P", CODE, "-o", "-"])
    assert code == 0 and out.startswith("# A Tessera level pack") and err.startswith("wrote the pack to standard")
    code, out, err = run(["share", CODE, "--qr", "-"])
    assert code == 0 and "<svg" in out and "tessera://" not in out and "tessera://" in err, err
    assert not (tmp_path / "-").exists()


def test_dev_stdout_into_a_file_holds_only_the_pdf(tmp_path):
    target = tmp_path / "f.pdf"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TESSERA_HOME": str(tmp_path / "home")}
    with open(target, "wb") as sink:  # `tessera print ... -o /dev/stdout > f.pdf`
        proc = subprocess.run([sys.executable, "-m", "engine.cli", "print", "--codes", CODE, "-o", "/dev/stdout"],
                              stdout=sink, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, timeout=120,
                              check=False)
    data = target.read_bytes()
    assert proc.returncode == 0 and proc.stderr.startswith("wrote /dev/stdout"), proc.stderr
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF") and b"wrote" not in data


def test_puzzle_bench_out_dash_prints_the_table_once(monkeypatch, capsys):
    import engine.cli.benchmark as bench

    monkeypatch.setattr(bench, "load_korf", lambda *_a, **_k: [])
    monkeypatch.setattr(bench, "run_benchmark", lambda **_k: "| table |")
    out, err = io.StringIO(), io.StringIO()
    assert main(["puzzle", "bench", "--quick", "--out", "-"], out=out, err=err) == 0
    assert out.getvalue() == "| table |\n", err.getvalue()


# -- 4. one rule for an existing file ----------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [["generate"], ["print"], ["records"], ["pack", "new"], ["share"],
                                  ["puzzle", "bench"]])
def test_every_output_option_says_the_rule_in_its_help(argv):
    code, out, _ = run([*argv, "--help"])
    assert code == 0 and " ".join(REPLACES.split()) in " ".join(out.split())


def test_every_command_replaces_an_existing_file(home, tmp_path):
    cases = {"m.svg": MAZE + ["--format", "svg"], "b.pdf": ["print", "--codes", CODE], "r.csv": ["records", "--csv"],
             "p.toml": ["pack", "new", "P", CODE], "q.png": ["share", CODE, "--qr"]}
    for name, argv in cases.items():
        target = tmp_path / name
        target.write_text("the player's old file\n")
        flag = [] if argv[-1] in ("--csv", "--qr") else ["-o"]
        code, _, err = run([*argv, *flag, str(target)])
        assert code == 0 and target.read_bytes() != b"the player's old file\n", (name, err)


# -- 5. a full standard output, a closed pipe ---------------------------------------------------------------------
def entry_point(argv: list[str], home: Path, **kw: object) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # a player's shell buffers stdout
    env.update(PYTHONPATH=str(ROOT), TESSERA_HOME=str(home))
    return subprocess.Popen([sys.executable, "-m", "game.launcher", *argv], cwd=ROOT, env=env,
                            stderr=subprocess.PIPE, **kw)  # type: ignore[call-overload]


@requires_full
@pytest.mark.parametrize("argv", [["--version"], ["list"], ["show", CODE], MAZE, ["share", CODE], ["daily"],
                                  ["pack", "check", "LEVELS"], ["records"]])
def test_a_full_standard_output_is_one_line_and_exit_2(home, argv):
    argv = [str(home / "levels" / "ok.toml") if a == "LEVELS" else a for a in argv]
    if "pack" in argv:
        from engine.modes.packs import PackEntry, write_pack

        write_pack(home / "levels" / "ok.toml", "P", "", [PackEntry("A", CODE)])
    with open("/dev/full", "wb") as full:
        proc = entry_point(argv, home, stdout=full)
        _, err = proc.communicate(timeout=120)
    text = err.decode()
    assert proc.returncode == 2 and text == "tessera: error: cannot write to standard output: no space left on the " \
                                           "device\n", text


@pytest.mark.parametrize("argv", [["list"], MAZE[:4] + ["300x300"] + MAZE[5:]])
def test_a_closed_pipe_ends_quietly(home, argv):
    proc = entry_point(argv, home, stdout=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.read(1)
    proc.stdout.close()  # `| head -c1`
    _, err = proc.communicate(timeout=120)
    assert proc.returncode in (0, 141) and err == b"", err


def test_pack_new_writes_through_a_link_and_keeps_it(tmp_path):
    from engine.modes.packs import load_pack

    real = tmp_path / "real.toml"
    real.write_text("# old\n")
    (tmp_path / "link.toml").symlink_to(real)
    code, _, err = run(["pack", "new", "P", CODE, "-o", str(tmp_path / "link.toml")])
    assert code == 0 and (tmp_path / "link.toml").is_symlink() and load_pack(real).name == "P", err
