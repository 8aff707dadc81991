"""Fuzz the command line: hundreds of generated bad argument vectors, each one line on stderr and exit 2.

Every vector is a valid, small command line with one thing broken (a bad name,
size, seed, braid, count, option, format, path, code, board, date; unicode
digits, empty strings, huge numbers, nan; an argument dropped, doubled or
unknown).  Each runs in-process through the console script's entry point
(:func:`game.launcher.main`), so a traceback anywhere would show.  Vectors fail
before any maze is built, so the whole run takes seconds.

Run ``python tests/test_cli_fuzz.py`` from the repository root for the counts (tried / exit 2 with one
line / traceback / other).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

GOOD_MAZE_CODE = "M1.S4X4.BT#1-L"

# -- bad values, by the kind of slot they go into ------------------------------------------
ODD = ["", " ", "\x00", "\n", "-", "--", "é", "²", "٣", "５", "\u202e", "nan", "inf", "-1", "Z" * 5000, "1e999"]
BAD_NAMES = ODD + ["hexx", "SQUARE;", "squ are", "square\nhex", "bfs2", "wall_up", "all?"]
BAD_SIZES = ODD + ["²x5", "5x²", "٣x٣", "５x５", "5", "x", "5x", "x5", "0x5", "5x0", "1x5", "-5x5", "5x-5", "5.5x5",
                   "1e3x5", "99999999999x5", "5x5x5", "5by5", "5 5", "10000x10000", "0x0", "5×5", "0x10x5",
                   "9" * 400 + "x5"]
BAD_SEEDS = ODD + ["2**70", str(1 << 64), str(1 << 70), "1e3", "0x10", "1.5", "9" * 100, "+5", "5 5", "١٢", "-0x1",
                   "18446744073709551616"]
BAD_COUNTS = ODD + ["0", "100001", "1.5", "+2", "9" * 60, "1e2", "0x2"]
BAD_RUNS = ODD + ["0", "10001", "1.5", "+2", "9" * 60]
BAD_BRAIDS = ODD + ["-inf", "-0.1", "1.5", "1.0000001", "0x1", "two", "½", "1e5", "0..5", "50%"]
BAD_TIMEOUTS = ODD + ["0", "-0", "-inf", "86401", "1e999", "0x1", "1 s", "NaN", "Infinity", "1_0", "0.0"]
BAD_OPTIONS = ["rule", "=x", "rule=", "rule=newest:3,newest:4", "rule=newest:0", "rule=newest:1001",
               "rule=newest:٣", "rule=newest:+3", "colour=red", "rule=sideways", "rule=newest:3,,random:1",
               "rule=a=b", "=", "", "rule=newest,newest", "rule=mostly-newest,mostly-newest", "RULE=newest:2,Newest:3",
               "rule=newest:1e3", "rule=" + "newest:1," * 2000 + "newest:1", "rule=newest:²"]
BAD_FORMATS = ["", "txt", "PNG", "Json", "ascii ", "svg\n", "²", "jsonl2"]
BAD_CODES = ["", " ", "hello", "M1", "M1.", "M1.S5X5.WI#0-0", "M1.S4X4.BT#1-M", "M1.S4X4.BT#2-L", "M2.S4X4.BT#1-L",
             "m1.s4x4.bt#1-", "M1.S4X4.BT#1", "M1.S4X4.XX#1-L", "M1.S99999X4.BT#1-L", "P1.3X3.U#5-0",
             "R1.S4X4.BT#1-L", "G1.S6X2.WI.B25#6B9W:32RS317231U71672R:S71U32RS-0", "\x00", "Z" * 10000,
             "M1.S²X4.BT#1-L",
             "M1.S4X4.BT#" + "Z" * 200 + "-L", "#", "-", "M1.S4X4.BT.B101#1-L"]
BAD_PUZZLE_CODES = ["", " ", "hello", "P1", "P1.3X3", "P1.3X3:", "P1.3X3.U#5-0", "P1.99X99.U#5-0", "M1.S4X4.BT#1-L",
                    "P1.3X3:ZZZZZZZZZZZZZZ-0", "P1.²X3.U#5-0", "P9.3X3.U#5-0", "\x00", "P" * 5000]
BAD_BOARDS = ["", " ", ",", "¹ 2 3 4 5 6 7 8 0", "1 2 3 4 5 6 7 8 ⁰", "1 2 3", "1 1 2 0", "2 1 3 0", "a b c d",
              "1,2,,3", "-1 2 3 0", "1 2 3 4 5 6 7 8 99999999999999999999", "0 0 0 0", "1 2 3 4 5 6 0 7 8 9",
              "1 2 3 4 5 6 0 7 8\x00", "1 2 3 4 5 6 0 7 ８", "1.0 2 3 0", "1e0 2 3 0", "0x1 2 3 0",
              " ".join(str(i) for i in range(1, 200)) + " 0"]
BAD_PATHS_STATIC = ["", "/nonexistent-tessera-dir/x.svg", "/nonexistent-tessera-dir/sub/x.png"]
BAD_DATES = ["", " ", "2026-13-01", "2026-02-30", "23.11.2026", "２０２６-11-23", "2026-1-1", "26-11-23", "0000-01-01",
             "2026-11-23T00:00", "20261123", "nan", "2026-11-23\n\n2026", "9999-99-99"]
BAD_SUBCOMMANDS = ["frobnicate", "", "GENERATE", "gen", "puzzles", "show-me", "-", "²", "help"]


def _bad_paths(tmp: Path) -> list[str]:
    """Output paths that cannot be written: missing folder, a folder, below a file, and a real read-only place."""
    a_file = tmp / "a-file.txt"
    a_file.write_text("keep me\n")
    paths = [*BAD_PATHS_STATIC, str(tmp), str(tmp) + os.sep, str(a_file / "x.svg"), str(tmp / "missing" / "x.json")]
    if Path("/sys").is_dir() and not _writable("/sys/tessera-fuzz-probe"):
        paths.append("/sys/tessera-fuzz.out")  # sysfs refuses new files even to root: a real "permission denied"
    return paths


def _writable(path: str) -> bool:
    try:
        with open(path, "xb"):
            pass
    except OSError:
        return False
    os.unlink(path)
    return True


# -- valid small command lines, as (argv, {slot index: kind}) --------------------------------
def _bases() -> list[tuple[list[str], dict[str, list[str]]]]:
    """Valid command lines (all cheap) and the bad values each option may take."""
    gen = ["generate", "--shape", "square", "--algo", "backtracker", "--size", "4x4", "--seed", "1"]
    return [
        (gen, {"--shape": BAD_NAMES, "--algo": BAD_NAMES, "--size": BAD_SIZES, "--seed": BAD_SEEDS}),
        (gen + ["--braid", "0.5"], {"--braid": BAD_BRAIDS}),
        (gen + ["--count", "2", "--format", "jsonl"], {"--count": BAD_COUNTS, "--format": BAD_FORMATS}),
        (["generate", "--shape", "square", "--algo", "growing-tree", "--size", "4x4", "--option",
          "rule=newest:3,random:1"], {"--option": BAD_OPTIONS}),
        (["generate", "--code", GOOD_MAZE_CODE], {"--code": BAD_CODES}),
        (["solve", "--shape", "triangle", "--algo", "prim", "--size", "4x4", "--solver", "bfs"],
         {"--shape": BAD_NAMES, "--algo": BAD_NAMES, "--size": BAD_SIZES, "--solver": BAD_NAMES}),
        (["solve", "--code", GOOD_MAZE_CODE, "--format", "json"], {"--code": BAD_CODES, "--format": BAD_FORMATS}),
        (["stats", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--runs", "1", "--seed", "3"],
         {"--shape": BAD_NAMES, "--algo": BAD_NAMES, "--size": BAD_SIZES, "--runs": BAD_RUNS, "--seed": BAD_SEEDS}),
        (["stats", "--shape", "square", "--algo", "growing-tree", "--size", "4x4", "--runs", "1", "--option",
          "rule=newest"], {"--option": BAD_OPTIONS}),
        (["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--timeout", "5", "--seed", "1"],
         {"--board": BAD_BOARDS, "--timeout": BAD_TIMEOUTS, "--seed": BAD_SEEDS}),
        (["puzzle", "solve", "--board", "1 2 3 0", "--size", "2x2"], {"--size": BAD_SIZES}),
        (["puzzle", "solve", "--code", "P1.3X3.U#5-7"], {"--code": BAD_PUZZLE_CODES}),
        (["puzzle", "shuffle", "--size", "3x3", "--seed", "5", "--moves", "10"],
         {"--size": BAD_SIZES, "--seed": BAD_SEEDS, "--moves": BAD_COUNTS}),
        (["daily", "--date", "2026-11-23"], {"--date": BAD_DATES}),
    ]


def _output_bases(tmp: Path) -> Iterator[list[str]]:
    """Every output format, each to every unwritable path."""
    for fmt in ("ascii", "svg", "png", "json", "jsonl"):
        for path in _bad_paths(tmp):
            yield ["generate", "--shape", "square", "--algo", "backtracker", "--size", "4x4", "--format", fmt,
                   "-o", path]
    for path in _bad_paths(tmp):
        yield ["generate", "--shape", "hex", "--algo", "wilson", "--size", "4x3", "-o", path]  # format from name
        yield ["puzzle", "bench", "--quick", "--korf", "1", "--out", path]


def bad_vectors(tmp: Path) -> list[list[str]]:
    """All the generated bad argument vectors (deterministic order, no duplicates)."""
    out: list[list[str]] = []
    for argv, slots in _bases():
        for flag, bad_values in slots.items():
            i = argv.index(flag)
            for bad in bad_values:
                out.append(argv[: i + 1] + [bad] + argv[i + 2:])  # the value replaced
            out.append(argv[:i] + argv[i + 2:] + [flag])  # the value missing at the end
        if argv[0] == "stats":  # its names are required (generate and solve default to square, backtracker, 20x15)
            for flag in ("--shape", "--algo", "--size"):
                j = argv.index(flag)
                out.append(argv[:j] + argv[j + 2:])
        out.append(argv + ["--frobnicate"])  # unknown option
        out.append(argv + ["extra"])  # stray positional
        out.append(argv + [""])  # empty argument
        out.append(argv + ["--seed"])  # option without its value
    out.extend(_output_bases(tmp))
    # structure: unknown or malformed subcommands, options of another subcommand, conflicts
    for name in BAD_SUBCOMMANDS:
        out.append([name])
        out.append([name, "--size", "4x4"])
    out += [
        ["--size", "4x4"], ["generate", "--solver", "bfs"], ["solve", "--count", "2"], ["puzzle"], ["puzzle", "x"],
        ["puzzle", "solve"], ["puzzle", "solve", "--board", "1 2 3 0", "--code", "P1.3X3.U#5-7"],
        ["puzzle", "solve", "--code", "P1.3X3.U#5-7", "--size", "3x3"],
        ["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--solver", "perfect"],
        ["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--heuristic", "euclid"],
        ["puzzle", "solve", "--board", " ".join(map(str, range(1, 25))) + " 0", "--solver", "optimal"],
        ["puzzle", "shuffle", "--size", "13x13"], ["puzzle", "shuffle", "--size", "1x40"],
        ["puzzle", "bench", "--korf", "0"], ["puzzle", "bench", "--korf", "101"], ["puzzle", "bench", "--korf", "²"],
        ["puzzle", "bench", "--data", "/nonexistent-tessera-dir"], ["puzzle", "bench", "--data", str(tmp)],
        ["generate", "--code", GOOD_MAZE_CODE, "--shape", "square"],
        ["generate", "--code", GOOD_MAZE_CODE, "--seed", "3"],
        ["generate", "--code", GOOD_MAZE_CODE, "--braid", "0.2"],
        ["generate", "--code", GOOD_MAZE_CODE, "--option", "rule=newest"],
        ["generate", "--shape", "hex", "--algo", "division", "--size", "4x4"],
        ["generate", "--shape", "hex", "--algo", "wilson", "--size", "4x4", "--format", "ascii"],  # square only
        ["generate", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--format", "png"],  # needs -o
        ["generate", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--count", "2", "--format", "json"],
        ["generate", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--option", "rule=newest"],
        ["generate", "--shape", "square", "--algo", "growing-tree", "--size", "4x4", "--option", "rule=newest",
         "--option", "rule=random"],
        ["stats", "--shape", "hex", "--algo", "division", "--size", "4x4"],
        ["stats", "--shape", "square", "--algo", "all", "--size", "4x4", "--seed", str((1 << 64) - 1)],
        ["solve", "--shape", "square", "--algo", "wilson", "--size", "4x4", "--format", "svg"],
        ["daily", "--date"], ["daily", "2026-11-23"],
        ["play", "CODE", "extra"], ["play", "--frobnicate"], ["lab", "CODE", "extra"], ["lab", "--size", "4x4"],
        ["play", "--", "a", "b"],
    ]
    seen: set[tuple[str, ...]] = set()
    unique = []
    for v in out:
        if tuple(v) not in seen:
            seen.add(tuple(v))
            unique.append(v)
    return unique


def run_entry_point(argv: list[str]) -> tuple[int | str | None, str, str]:
    """Run the console script's entry point in-process: (exit code, stdout, stderr)."""
    from game.launcher import main as entry_point

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code: int | str | None = entry_point(argv)
        except SystemExit as exc:
            code = exc.code
        except BaseException as exc:  # counted as a traceback
            import traceback

            err.write("Traceback (escaped the entry point)\n" + "".join(traceback.format_exception(exc)))
            code = "raised"
    return code, out.getvalue(), err.getvalue()


def classify(code: int | str | None, err: str) -> str:
    """``clean`` (exit 2, one line, no traceback), ``traceback`` or ``other``."""
    if "Traceback" in err:
        return "traceback"
    if code == 2 and err.count("\n") == 1 and err.endswith("\n") and err.startswith("tessera: error: "):
        return "clean"
    return "other"


def fuzz(tmp: Path) -> tuple[dict[str, int], list[tuple[list[str], object, str]]]:
    """Run every vector: counts per class, and the failures (argv, exit code, stderr)."""
    counts = {"tried": 0, "clean": 0, "traceback": 0, "other": 0}
    failures = []
    for argv in bad_vectors(tmp):
        code, _, err = run_entry_point(argv)
        kind = classify(code, err)
        counts["tried"] += 1
        counts[kind] += 1
        if kind != "clean":
            failures.append((argv, code, err))
    return counts, failures


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "home"))
    return tmp_path


def test_at_least_500_distinct_bad_vectors(tmp_path):
    vectors = bad_vectors(tmp_path)
    assert len(vectors) >= 500
    assert len({tuple(v) for v in vectors}) == len(vectors)


def test_every_bad_vector_is_one_line_and_exit_2(home):
    counts, failures = fuzz(home)
    shown = "\n".join(f"{argv!r} -> {code!r}: {err[-300:]!r}" for argv, code, err in failures[:10])
    assert not failures, f"{counts}\n{shown}"
    assert counts["clean"] == counts["tried"] >= 500
    # Nothing was written where it should not be, and the file in the way is untouched.
    assert (home / "a-file.txt").read_text() == "keep me\n"


if __name__ == "__main__":  # pragma: no cover - the figures for the report
    import time

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout, not an installed copy

    with tempfile.TemporaryDirectory() as d:
        os.environ["TESSERA_HOME"] = str(Path(d) / "home")
        t0 = time.perf_counter()
        counts, failures = fuzz(Path(d))
        secs = time.perf_counter() - t0
    for argv, code, err in failures:
        print(repr(argv), code, repr(err[-200:]), file=sys.stderr)
    print(f"tried {counts['tried']}, exit 2 with one line {counts['clean']}, traceback {counts['traceback']}, "
          f"other {counts['other']} ({secs:.1f} s)")
