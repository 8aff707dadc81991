"""Bad input to the commands that landed with sharing and records: ``share``, ``puzzle daily``, ``records``.

Every vector goes through the console script's entry point (:func:`tests.test_cli_fuzz.run_entry_point`) and must
give one ``tessera: error:`` line and exit code 2, never a traceback: codes and links that are broken (odd
escapes, 10,000 characters, control characters, other schemes), ``--qr`` to a folder, to a missing folder, below a
file or with another suffix, bad dates and sizes for the puzzle daily, unwritable ``--csv`` paths, and a
``mimeapps.list`` that is not text (left as it is).  Nothing is written where it should not be.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import quote

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_cli_fuzz import (  # noqa: E402
    BAD_CODES,
    BAD_DATES,
    BAD_PUZZLE_CODES,
    ODD,
    _bad_paths,
    classify,
    run_entry_point,
)

GOOD = "M1.S4X4.BT#1-L"
ODD_LINKS = [
    "tessera://",
    "tessera:",
    "tessera:///",
    "TESSERA://%",
    "tessera://%2",
    "tessera://%ZZ",
    "tessera://M1.S4X4.BT%2",
    "tessera://M1.S4X4.BT%231-L%",
    "tessera://M1.S4X4.BT%25231-L",  # %25 decodes to a '%': not a code character
    "tessera://M1.S4X4.BT%00%231-L",
    "tessera://%E2%98%83",
    "tessera://%FF%FE%FD",
    "tessera://%C3%28",  # not UTF-8
    "tessera://%u0041",
    "tessera://" + "%23" * 5000,
    "tessera://" + "A" * 10_000,
    "tessera://M" + "1" * 10_000,
    "tessera://M1.S4X4.BT%231-L?x=1",
    "tessera://M1.S4X4.BT%231-L#frag",
    "tessera://user@M1.S4X4.BT%231-L",
    "https://example.invalid/M1.S4X4.BT%231-L",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "tessera:/\\M1",
    "<tessera://>",
    '"tessera://"',
    "tessera://\u202eM1.S4X4.BT%231-L",
    "M" * 10_000,
    "P2." + "9" * 10_000,
]


def share_vectors(tmp: Path) -> list[list[str]]:
    """``tessera share`` command lines that must be refused."""
    codes = [c for c in dict.fromkeys(BAD_CODES + BAD_PUZZLE_CODES + ODD) if c != GOOD]
    out = [["share", c] for c in codes]
    out += [["share", "tessera://" + quote(c, safe="")] for c in codes if c.strip()]
    out += [["share", link] for link in ODD_LINKS]
    out += [["share", GOOD, "--qr", p] for p in _bad_paths(tmp)]
    out += [["share", GOOD, "--qr", str(tmp / name)] for name in ("x.gif", "x.jpg", "x", "x.png.txt", ".png", "x.")]
    out += [
        ["share"],
        ["share", GOOD, GOOD],
        ["share", GOOD, "--qr"],
        ["share", GOOD, "--format", "xml"],
        ["share", "--register", GOOD],
        ["share", "--unregister", "--qr", str(tmp / "x.png")],
        ["share", "--register", "--unregister"],
    ]
    return out


def daily_vectors() -> list[list[str]]:
    """``tessera puzzle daily`` command lines that must be refused (all before any proof starts)."""
    out = [["puzzle", "daily", "--date", d] for d in BAD_DATES]
    out += [["puzzle", "daily", "--size", s] for s in ("", "2", "5", "4x4", "3x3", "٣", "-3", "Z" * 5000)]
    out += [["puzzle", "daily", "--date"], ["puzzle", "daily", "2026-11-26"], ["puzzle", "daily", "--format", "csv"]]
    return out


def records_vectors(tmp: Path) -> list[list[str]]:
    """``tessera records`` command lines that must be refused (a missing save is fine: see the next test)."""
    out = [["records", "--csv", p] for p in _bad_paths(tmp)]
    out += [["records", "--csv", p, "--runs"] for p in _bad_paths(tmp)]
    out += [["records", "--runs"], ["records", "--csv"], ["records", "x"], ["records", "--frobnicate"]]
    return out


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # --register never touches the real desktop
    return tmp_path


@pytest.mark.parametrize("which", ["share", "daily", "records"])
def test_bad_input_is_one_line_and_exit_2(home, which):
    _bad_paths(home)  # the file in the way, for every kind
    vectors = {"share": share_vectors, "daily": lambda _: daily_vectors(), "records": records_vectors}[which](home)
    assert len(vectors) >= 20
    failures = []
    for argv in vectors:
        code, _, err = run_entry_point(argv)
        if classify(code, err) != "clean":
            failures.append(f"{[a[:40] for a in argv]!r} -> {code!r}: {err[-300:]!r}")
    assert not failures, "\n".join(failures[:10])
    assert (home / "a-file.txt").read_text() == "keep me\n"  # the file in the way is untouched
    assert not (home / "home" / "tessera.db").exists()  # refusing never creates a save


def test_qr_errors_name_the_folder_problem(home):
    code, _, err = run_entry_point(["share", GOOD, "--qr", str(home)])
    assert code == 2 and "is a folder" in err
    code, _, err = run_entry_point(["share", GOOD, "--qr", str(home / "missing" / "x.png")])
    assert code == 2 and "does not exist" in err and not (home / "missing").exists()


def test_records_without_a_save_says_so_and_creates_nothing(home):
    code, out, err = run_entry_point(["records"])
    assert code == 0 and "No records yet" in out and err == "note: no saved games yet\n"
    csv = home / "r.csv"
    code, out, _ = run_entry_point(["records", "--csv", str(csv)])
    assert code == 0 and csv.read_text(encoding="utf-8").startswith("kind,key,")
    assert not (home / "home" / "tessera.db").exists()


def test_register_leaves_a_mimeapps_list_that_is_not_text_alone(home):
    apps = home / "xdg" / "applications"
    apps.mkdir(parents=True)
    garbage = b"\xff\xfe not text\n[Default Applications\n"
    (apps / "mimeapps.list").write_bytes(garbage)
    code, out, err = run_entry_point(["share", "--register"])
    assert code == 2 and "mimeapps.list" in err and "not UTF-8" in err and err.count("\n") == 1
    assert (apps / "mimeapps.list").read_bytes() == garbage
    assert sorted(p.name for p in apps.iterdir()) == ["mimeapps.list"]  # no entry written either


def test_register_below_a_file_is_one_line(home, monkeypatch):
    a_file = home / "a-file"
    a_file.write_text("keep me\n")
    monkeypatch.setenv("XDG_DATA_HOME", str(a_file))
    code, _, err = run_entry_point(["share", "--register"])
    assert code == 2 and err.startswith("tessera: error: cannot register") and "not a directory" in err
    assert "Errno" not in err and a_file.read_text() == "keep me\n"


def test_records_reads_an_old_or_damaged_save_without_touching_it(home):
    """``tessera records`` only reads: an old save is not migrated, a damaged one not set aside."""
    from test_store import legacy_db

    folder = home / "home"
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / "tessera.db"
    legacy_db(save)
    before = save.read_bytes()
    code, out, err = run_entry_point(["records"])
    assert code == 0 and save.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["tessera.db"]
    save.write_bytes(b"this is not a database" * 100)
    code, out, err = run_entry_point(["records"])
    assert code == 2 and len(err.strip().splitlines()) == 1 and "cannot be read" in err
    assert save.read_bytes() == b"this is not a database" * 100
    assert sorted(p.name for p in folder.iterdir()) == ["tessera.db"]  # nothing renamed aside, nothing new
