"""Rerun issue 24's hardening campaign at a smaller scale: codes, CLI vectors, player images, tables, output paths.

Run from the repository root: ``python tools/fuzz_inputs.py [--codes N] [--edits N] [--seed N]``.

Families (each case classified; a *crash* is an exception other than the expected one-line
refusal, an exit code other than 0/2 or an ``internal error`` line; a *hang* is no answer within
the family's time-out; *over limit* is an answer slower or larger than the issue's bounds):

- ``codes``: single-character edits (substitution, insertion, deletion, swap) of fresh v2 maze,
  race, ghost and puzzle codes through ``tessera show``'s describer; each must be refused with a
  ``CodeError`` (or be another valid code) within 1 s, the process staying under 300 MB.
- ``cli``: the bad argument vectors of ``tests/test_cli_fuzz.py`` through :func:`engine.cli.main`:
  exit code 2 and exactly one line on stderr, no control character.
- ``images``: generated player images (decompression bombs, 16-bit grey, palette with
  transparency, LA, CMYK, truncated, junk, empty, a FIFO, a folder, a name too long) through
  ``Mask.parse`` and the puzzle's own-picture check: read, or one ``ValueError`` line naming the file.
- ``tables``: puzzle tables with one entry changed and the CRC recomputed: the forgery must never
  be used (the table is rebuilt with a message) and 3x3 answers must stay optimal.
- ``outputs``: ``tessera generate -o`` (every format), ``puzzle bench --out`` and ``pack new -o`` to odd paths (FIFO
  without a reader, ``/dev/full``, a name too long, a folder, below a file, ``/sys``): fresh
  processes, exit 2 ending in one error line (the benchmark logs its progress before it), no hang,
  no partial file left behind.
- ``owned`` (issue 46): every output option (``generate -o``, ``print -o``, ``records --csv``, ``pack new -o``,
  ``share --qr``) aimed at the game's own files, spelt directly, with ``..``, through a symbolic or hard link, in
  capitals: the save, its ``-wal``/``-shm``/``-journal`` before they exist, a pack in ``levels/``, the tables' key,
  the puzzle-table folder: exit 2, one line, the data folder byte for byte as it was.
- ``streams`` (issue 46): ``-`` (and ``/dev/stdout``) as every output (exit 0, the output on stdout, no file named
  ``-``, no status line in it); every printing command into ``/dev/full`` (exit 2, one line) and into a pipe
  closed after one byte (exit 0 or 141, nothing on stderr).

- ``sources`` (issue 46): ``print --codes`` on every kind of source through the one reader: arguments over 255
  bytes (a long level code is printed, junk is one line), a pack ``pack new`` wrote, a codes file with a UTF-8 BOM
  (printed), a level code of 50,000 cells in a file, a world file and a pack with a level over the page limit, a
  file with NUL bytes, an empty file, a NUL in the argument: exit 0 or exit 2 with one line, under the limits.

- ``reads`` (first, issue 32): files a player hands over that are not what they seem, through fresh
  processes (``pack check``, ``encode FILE``, ``generate --mask``, ``print``, ``share --qr``, ``puzzle bench
  --out``): a FIFO, ``/dev/zero`` and a link to it, TOML nested 100,000 deep (arrays, inline tables),
  JSON nested as deep, a 20,000-part dotted key, a name too long, a folder, a kernel file as output:
  exit 2 and one line, under 2 s CPU and
  300 MB (the command's own ``getrusage``), never a hang.
- ``saves`` (second, issue 32): ``tessera records`` on a closed save, one the game holds open (WAL), one
  another program locks (rollback journal), a foreign SQLite file, junk, a FIFO, a read-only folder (not
  as root): one line when refused, within 2 s CPU, and the data folder byte for byte as it was.

Prints one line per family (tried / ok / crash / hang / over limit) and the totals.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests"))

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from engine.codes import CodeError  # noqa: E402
from engine.describe import describe_code  # noqa: E402

Counts = dict[str, int]


class Hang(Exception):
    """A case ran past its time-out."""


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Raise :class:`Hang` in the block after ``seconds`` (SIGALRM; the main thread only)."""

    def fire(_sig: int, _frame: object) -> None:
        raise Hang

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def new_counts() -> Counts:
    return {"tried": 0, "ok": 0, "crash": 0, "hang": 0, "over limit": 0}


def one_line(text: str) -> bool:
    return text.count("\n") == 1 and text.endswith("\n") and all(c.isprintable() for c in text[:-1])


def ends_in_one_error(text: str) -> bool:
    """The last line is the one ``tessera: error:`` line (a benchmark may log progress lines before it)."""
    lines = text.splitlines()
    return (
        bool(lines)
        and lines[-1].startswith("tessera: error: ")
        and one_line(lines[-1] + "\n")
        and all(not ln.startswith("tessera: error") for ln in lines[:-1])
    )


# -- codes ----------------------------------------------------------------------------------
def fuzz_codes(n_codes: int, n_edits: int, rng: random.Random, examples: list[str]) -> Counts:
    from test_codes import ghost_runs, maze_specs, puzzle_codes, race_specs, single_edits

    fresh = [s.code() for s in maze_specs(n_codes)] + [r.code() for r in race_specs(n_codes)]
    fresh += [g.code() for g, _ in ghost_runs(n_codes)] + puzzle_codes(n_codes)
    c = new_counts()
    for code in fresh:
        edits = sorted(single_edits(code) - {code})
        for text in rng.sample(edits, min(n_edits, len(edits))):
            c["tried"] += 1
            t = time.perf_counter()
            try:
                with deadline(10):
                    describe_code(text)
                ok = True  # another valid code: fine
            except CodeError:
                ok = True
            except Hang:
                c["hang"] += 1
                examples.append(f"codes: hang on {text!r}")
                continue
            except Exception as exc:  # noqa: BLE001 - what the fuzz looks for
                c["crash"] += 1
                examples.append(f"codes: {type(exc).__name__} on {text!r}")
                continue
            if time.perf_counter() - t > 1.0:
                c["over limit"] += 1
                examples.append(f"codes: {time.perf_counter() - t:.2f} s on {text!r}")
            elif ok:
                c["ok"] += 1
    if resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 > 300:
        c["over limit"] += 1
        examples.append("codes: the process went over 300 MB")
    return c


# -- CLI vectors ----------------------------------------------------------------------------
def fuzz_cli(tmp: Path, examples: list[str]) -> Counts:
    from test_cli_fuzz import bad_vectors

    from engine.cli import main

    c = new_counts()
    for argv in bad_vectors(tmp):
        c["tried"] += 1
        out, err = io.StringIO(), io.StringIO()
        try:
            with deadline(60):
                code = main(argv, out=out, err=err)
        except Hang:
            c["hang"] += 1
            examples.append(f"cli: hang on {argv!r}")
            continue
        except Exception as exc:  # noqa: BLE001
            c["crash"] += 1
            examples.append(f"cli: {type(exc).__name__} on {argv!r}")
            continue
        e = err.getvalue()
        if code not in (0, 2) or "internal error" in e:
            c["crash"] += 1
            examples.append(f"cli: exit {code} on {argv!r}: {e.strip()[:120]}")
        elif code == 2 and not one_line(e):
            c["over limit"] += 1  # not one clean line
            examples.append(f"cli: not one line on {argv!r}: {e!r}"[:200])
        else:
            c["ok"] += 1
    return c


# -- player images --------------------------------------------------------------------------
def _png_declaring(path: Path, width: int, height: int) -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    )


def player_images(tmp: Path) -> list[Path]:
    """Odd and ordinary images a player might give, generated in ``tmp``."""
    d = tmp / "images"
    d.mkdir()
    yy, xx = np.mgrid[0:64, 0:64]
    disc = (xx - 32) ** 2 + (yy - 32) ** 2 < 400
    out: list[Path] = []

    def save(name: str, im: Image.Image, **kw: object) -> None:
        im.save(d / name, **kw)  # type: ignore[arg-type]
        out.append(d / name)

    for side in (100_000, 65_000, 30_000, 5_000):
        _png_declaring(d / f"bomb{side}.png", side, side)
        out.append(d / f"bomb{side}.png")
    small = io.BytesIO()
    Image.new("RGB", (16, 16)).save(small, "JPEG")
    data = bytearray(small.getvalue())
    sof = data.index(b"\xff\xc0")
    data[sof + 5 : sof + 9] = struct.pack(">HH", 65000, 65000)
    (d / "bomb.jpg").write_bytes(bytes(data))
    out.append(d / "bomb.jpg")
    save("grey16.png", Image.fromarray(np.where(disc, 32 * 257, 65535).astype(np.uint16)))
    save("grey8.png", Image.fromarray(np.where(disc, 30, 255).astype(np.uint8)))
    rgba = np.zeros((64, 64, 4), np.uint8)
    rgba[disc] = (10, 10, 10, 255)
    save("clear.png", Image.fromarray(rgba))
    save("la.png", Image.fromarray(rgba[:, :, [0, 3]]))
    pal = Image.fromarray(np.where(disc, 1, 0).astype(np.uint8)).convert("P")
    pal.putpalette([0, 0, 0, 5, 5, 5] + [0] * 762)
    save("palette.png", pal, transparency=0)
    save("cmyk.jpg", Image.fromarray(np.where(disc, 240, 0).astype(np.uint8)).convert("CMYK"))
    save("photo.jpg", Image.fromarray(rgba[:, :, :3]))
    save("pic.bmp", Image.fromarray(rgba[:, :, :3]))
    save("anim.gif", Image.fromarray(np.where(disc, 0, 255).astype(np.uint8)))
    save("float.tiff", Image.fromarray(np.where(disc, 0.1, 1.0).astype(np.float32)))
    good = (d / "grey8.png").read_bytes()
    for name, raw in (
        ("cut.png", good[: len(good) // 2]),
        ("junk.png", b"not a picture"),
        ("empty.png", b""),
        ("head.png", good[:40]),
    ):
        (d / name).write_bytes(raw)
        out.append(d / name)
    os.mkfifo(d / "pipe.png")
    (d / "folder.png").mkdir()
    out += [d / "pipe.png", d / "folder.png", d / ("a" * 300 + ".png"), d / "missing.png"]
    return out


def fuzz_images(tmp: Path, examples: list[str]) -> Counts:
    from engine.maze.masks import Mask
    from game.puzzle.pictures import check_image_file

    loaders: list[tuple[str, Callable[[str], object]]] = [("mask", Mask.parse), ("picture", check_image_file)]
    c = new_counts()
    for path in player_images(tmp):
        for what, load in loaders:
            c["tried"] += 1
            t = time.perf_counter()
            try:
                with deadline(20):
                    load(str(path))
                ok = True
            except ValueError as exc:
                msg = str(exc)
                ok = "\n" not in msg and path.name[:20] in msg or "No file" in msg
                if not ok:
                    examples.append(f"images: {what} {path.name[:30]}: {msg[:120]!r}")
            except Hang:
                c["hang"] += 1
                examples.append(f"images: {what} hangs on {path.name[:30]}")
                continue
            except Exception as exc:  # noqa: BLE001
                c["crash"] += 1
                examples.append(f"images: {what} {type(exc).__name__} on {path.name[:30]}")
                continue
            if time.perf_counter() - t > 5.0:
                c["over limit"] += 1
            elif ok:
                c["ok"] += 1
            else:
                c["over limit"] += 1
    return c


# -- forged tables --------------------------------------------------------------------------
def fuzz_tables(tmp: Path, rng: random.Random, forgeries: int, examples: list[str]) -> Counts:
    from engine.puzzle.board import Board
    from engine.puzzle.optimal import solve_optimal
    from engine.puzzle.tables import pdb

    os.environ["TESSERA_CACHE"] = str(tmp / "cache")
    c = new_counts()
    cases: list[tuple[str, Callable[[], np.ndarray], str]] = [
        ("exact 2x3", lambda: pdb.exact_table(2, 3), pdb.exact_name(2, 3)),
        ("exact 3x3", lambda: pdb.exact_table(3, 3), pdb.exact_name(3, 3)),
        ("pattern 4x4 1-2-3-5", lambda: pdb.pattern_table(4, 4, (1, 2, 3, 5)), pdb.pattern_name(4, 4, (1, 2, 3, 5))),
    ]
    for label, load, name in cases:
        pdb.clear_memory_cache()
        good = load().copy()
        path = tmp / "cache" / "puzzle" / name
        reachable = np.flatnonzero((good != pdb.UNSEEN) & (good > 0))
        for _ in range(forgeries):
            c["tried"] += 1
            i = int(reachable[rng.randrange(reachable.size)])
            raw = path.read_bytes()
            end = raw.index(b"\n", len(pdb.MAGIC))
            header = json.loads(raw[len(pdb.MAGIC) : end])
            body = bytearray(raw[end + 1 :])
            body[i] = max(1, min(254, body[i] + rng.choice((-2, 2, 4, 6))))
            header["crc32"] = zlib.crc32(bytes(body))
            path.write_bytes(pdb.MAGIC + json.dumps(header, sort_keys=True).encode("ascii") + b"\n" + bytes(body))
            pdb.clear_memory_cache()
            try:
                with deadline(120):
                    table = load()
                    caught = bool(np.array_equal(table, good)) and any("rebuilt" in m for m in pdb.cache_messages())
                    if label == "exact 3x3":
                        for seed in range(3):
                            tiles = list(range(9))
                            random.Random(seed).shuffle(tiles)
                            board = Board.from_tiles(tiles, 3, 3, require_solvable=False)
                            if not board.is_solvable():
                                tiles[0], tiles[1] = tiles[1], tiles[0]
                                board = Board.from_tiles(tiles, 3, 3)
                            res = solve_optimal(board)
                            true = int(good[pdb.rank_permutations(np.array([tiles], np.int8))[0]])
                            caught = caught and res.optimal and res.length == true
            except Hang:
                c["hang"] += 1
                continue
            except Exception as exc:  # noqa: BLE001
                c["crash"] += 1
                examples.append(f"tables: {label}: {type(exc).__name__}: {exc}")
                continue
            if caught:
                c["ok"] += 1
            else:
                c["over limit"] += 1  # a forgery used
                examples.append(f"tables: {label}: entry {i} forged and used")
    pdb.clear_memory_cache()
    del os.environ["TESSERA_CACHE"]
    return c


# -- odd output paths -----------------------------------------------------------------------
def fuzz_outputs(tmp: Path, examples: list[str]) -> Counts:
    d = tmp / "out"
    d.mkdir()
    os.mkfifo(d / "fifo.out")
    (d / "a-file").write_text("keep\n")
    paths = [
        str(d / "fifo.out"),
        str(d / ("a" * 300 + ".out")),
        str(d),
        str(d / "a-file" / "x.out"),
        str(d / "missing" / "x.out"),
    ]
    if os.path.exists("/dev/full"):
        paths.append("/dev/full")
    if os.path.isdir("/sys"):
        paths.append("/sys/tessera-fuzz.out")
    gen = ["generate", "--shape", "square", "--algo", "kruskal", "--size", "5x5", "--seed", "1"]
    vectors = [
        gen + ["--format", f, *(["--count", "3"] if f == "jsonl" else []), "-o", p]
        for f in ("ascii", "svg", "png", "json", "jsonl")
        for p in paths
    ]
    vectors += [["puzzle", "bench", "--quick", "--korf", "1", "--out", p] for p in paths]
    vectors += [["pack", "new", "P", "M2.S4X4.BT#1-00", "-o", p, "--force"] for p in paths]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TESSERA_HOME": str(tmp / "home")}
    c = new_counts()
    for argv in vectors:
        c["tried"] += 1
        before = set(os.listdir(d))
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "engine.cli", *argv],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=600 if argv[0] == "puzzle" else 60,  # the bench itself runs a while before it writes
                check=False,
            )
        except subprocess.TimeoutExpired:
            c["hang"] += 1
            examples.append(f"outputs: hang on {argv[-1][:40]} ({argv[0]})")
            continue
        left = set(os.listdir(d)) - before
        if proc.returncode not in (0, 2) or "internal error" in proc.stderr or "Traceback" in proc.stderr:
            c["crash"] += 1
            examples.append(f"outputs: exit {proc.returncode} on {argv}: {proc.stderr.strip()[-160:]}")
        elif proc.returncode == 2 and not ends_in_one_error(proc.stderr):
            c["over limit"] += 1
            examples.append(f"outputs: not one line on {argv[-1][:40]}: {proc.stderr!r}"[:200])
        elif left:
            c["over limit"] += 1
            examples.append(f"outputs: left {sorted(left)} for {argv[-1][:40]}")
        else:
            c["ok"] += 1
    return c


# -- the game's own files as outputs, standard output (issue 46) -------------------------------------------------
def _game_home(tmp: Path) -> Path:
    """A data folder with a game-written save, a pack, the tables' key and a puzzle table."""
    from engine.modes.packs import PackEntry, write_pack
    from game.store import Store

    home = tmp / "owned-home"
    (home / "levels").mkdir(parents=True)
    (home / "cache" / "puzzle").mkdir(parents=True)
    store = Store(home / "tessera.db")
    store.record_win("M2.S2X2.BT#9UQ0-I3", 3.5, 7)
    store.close()
    write_pack(home / "levels" / "mine.toml", "Mine", "", [PackEntry("A", "M2.S2X2.BT#9UQ0-I3")])
    (home / "table-key").write_bytes(b"k" * 32)
    (home / "cache" / "puzzle" / "exact-3x3.pdb").write_bytes(b"table")
    return home


def fuzz_owned(tmp: Path, examples: list[str]) -> Counts:
    """Every output option aimed at the game's own files, however spelt: exit 2, one line, the folder as it was."""
    home = _game_home(tmp)
    aside = tmp / "owned-aside"
    aside.mkdir()
    save = home / "tessera.db"
    (aside / "link.db").symlink_to(save)
    os.link(save, aside / "hard.png")
    (aside / "link.svg").symlink_to(save)
    (aside / "pack.toml").symlink_to(home / "levels" / "mine.toml")
    paths = [str(save), str(aside / ".." / home.name / "tessera.db"), str(aside / "link.db"), str(home / "TESSERA.DB"),
             str(home / "tessera.db-wal"), str(home / "tessera.db-shm"), str(home / "tessera.db-journal"),
             str(home / "levels" / "mine.toml"), str(aside / "pack.toml"), str(home / "table-key"),
             str(home / "cache" / "puzzle" / "exact-3x3.pdb"), str(home / "cache" / "puzzle" / "new.out")]
    gen = ["generate", "--shape", "square", "--algo", "kruskal", "--size", "5x5", "--seed", "1"]
    vectors = [gen + ["--format", f, "-o", p] for f in ("ascii", "png", "jsonl") for p in paths]
    vectors += [["print", "--codes", "M2.S2X2.BT#9UQ0-I3", "-o", p] for p in paths]
    vectors += [["records", "--csv", p, *runs] for p in paths for runs in ([], ["--runs"])]
    vectors += [["pack", "new", "P", "M2.S4X4.BT#1-00", "-o", p, "--force"] for p in paths]
    vectors += [["share", "M2.S2X2.BT#9UQ0-I3", "--qr", str(aside / n)] for n in ("hard.png", "link.svg")]
    before = _listing(home)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TESSERA_HOME": str(home)}
    env.pop("TESSERA_CACHE", None)
    c = new_counts()
    for argv in vectors:
        c["tried"] += 1
        try:
            proc = subprocess.run([sys.executable, "-m", "game.launcher", *argv], cwd=ROOT, env=env,
                                  capture_output=True, text=True, timeout=60, check=False)
        except subprocess.TimeoutExpired:
            c["hang"] += 1
            examples.append(f"owned: hang on {argv}")
            continue
        if proc.returncode not in (0, 2) or "internal error" in proc.stderr or "Traceback" in proc.stderr:
            c["crash"] += 1
            examples.append(f"owned: exit {proc.returncode} on {argv}: {proc.stderr.strip()[-160:]}")
        elif proc.returncode != 2 or not ends_in_one_error(proc.stderr):
            c["over limit"] += 1
            examples.append(f"owned: not refused in one line: {argv}: {proc.stderr!r}"[:200])
        elif _listing(home) != before:
            c["over limit"] += 1
            examples.append(f"owned: the data folder changed after {argv}")
            before = _listing(home)
        else:
            c["ok"] += 1
    return c


def fuzz_streams(tmp: Path, examples: list[str]) -> Counts:
    """``-`` as every output (exit 0, something on stdout, no file named ``-``), every command into a full
    standard output (exit 2, one line) and into a pipe closed after one byte (exit 0 or 141, nothing on stderr)."""
    home = _game_home(tmp / "streams")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env.update(PYTHONPATH=str(ROOT), TESSERA_HOME=str(home))
    code = "M2.S2X2.BT#9UQ0-I3"
    gen = ["generate", "--shape", "square", "--algo", "kruskal", "--size", "5x5", "--seed", "1"]
    dashes = [gen + ["--format", f, *(["--count", "3"] if f == "jsonl" else []), "-o", "-"]
              for f in ("ascii", "svg", "png", "json", "jsonl")]
    dashes += [["print", "--codes", code, "-o", "-"], ["records", "--csv", "-"], ["records", "--csv", "-", "--runs"],
               ["pack", "new", "P", code, "-o", "-"], ["share", code, "--qr", "-"], gen + ["-o", "/dev/stdout"]]
    quiet = [["--version"], ["list"], ["show", code], gen, ["share", code], ["daily"], ["records"],
             ["pack", "check", str(home / "levels" / "mine.toml")], ["puzzle", "shuffle", "--size", "4x4"]]
    c = new_counts()

    def launch(argv: list[str], stdout: object) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", "game.launcher", *argv], cwd=tmp, env=env,
                                stdout=stdout, stderr=subprocess.PIPE)  # type: ignore[arg-type]

    cases: list[tuple[str, list[str]]] = [("dash", a) for a in dashes] + [("full", a) for a in quiet]
    cases += [("pipe", a) for a in quiet + [gen[:6] + ["400x400"] + gen[7:]]]
    for kind, argv in cases:
        if kind == "full" and not os.path.exists("/dev/full"):
            continue
        c["tried"] += 1
        try:
            if kind == "dash":
                proc = launch(argv, subprocess.PIPE)
                out, err = proc.communicate(timeout=60)
                good = proc.returncode == 0 and bool(out) and not (tmp / "-").exists() and b"wrote" not in out
            elif kind == "full":
                with open("/dev/full", "wb") as full:
                    proc = launch(argv, full)
                    _, err = proc.communicate(timeout=60)
                good = proc.returncode == 2 and err.decode().endswith("no space left on the device\n") and \
                    err.count(b"\n") == 1
            else:
                proc = launch(argv, subprocess.PIPE)
                assert proc.stdout is not None
                proc.stdout.read(1)
                proc.stdout.close()
                _, err = proc.communicate(timeout=60)
                good = proc.returncode in (0, 141) and err == b""
        except subprocess.TimeoutExpired:
            proc.kill()
            c["hang"] += 1
            examples.append(f"streams: hang on {kind} {argv}")
            continue
        if b"Traceback" in err or b"internal error" in err:
            c["crash"] += 1
            examples.append(f"streams: {kind} {argv}: {err.decode(errors='replace').strip()[-160:]}")
        elif not good:
            c["over limit"] += 1
            examples.append(f"streams: {kind} {argv}: exit {proc.returncode}, {err[-160:]!r}")
        else:
            c["ok"] += 1
    return c


# -- hostile reads (issue 32) ------------------------------------------------------------------
SPAWN = """
import json, resource, subprocess, sys
code = subprocess.call(sys.argv[2:])
use = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write(json.dumps([code, use.ru_utime + use.ru_stime, use.ru_maxrss]))
"""
CPU_S, PEAK_KB = 2.0, 300_000


def _measured(argv: list[str], cwd: Path, home: Path, guard_s: float = 60.0) -> tuple[int, str, float, int] | None:
    """``python -m game.launcher ARGV`` in a fresh process: (exit code, stderr, CPU s, peak KB), None on a hang.

    Run through a small parent so the peak memory is the command's own (a child forked from this process
    would report this process's high-water mark)."""
    result = cwd / ".result"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TESSERA_HOME": str(home), "TESSERA_CACHE": str(cwd / ".cache")}
    proc = subprocess.Popen([sys.executable, "-c", SPAWN, str(result), sys.executable, "-m", "game.launcher", *argv],
                            cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _, err = proc.communicate(timeout=guard_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None
    code, cpu, peak = json.loads(result.read_text())
    return code, err, cpu, peak


def _judge(family: str, label: str, got: tuple[int, str, float, int] | None, c: Counts, examples: list[str],
           refuse: bool = True) -> None:
    c["tried"] += 1
    if got is None:
        c["hang"] += 1
        examples.append(f"{family}: hang on {label}")
        return
    code, err, cpu, peak = got
    if code not in (0, 2) or "internal error" in err or "Traceback" in err:
        c["crash"] += 1
        examples.append(f"{family}: exit {code} on {label}: {err.strip()[-160:]}")
    elif (refuse and code != 2) or (code == 2 and not ends_in_one_error(err)):
        c["over limit"] += 1
        examples.append(f"{family}: exit {code} / not one line on {label}: {err!r}"[:200])
    elif cpu > CPU_S or peak > PEAK_KB:
        c["over limit"] += 1
        examples.append(f"{family}: {label}: {cpu:.2f} s CPU, {peak // 1024} MB")
    else:
        c["ok"] += 1


def fuzz_reads(tmp: Path, examples: list[str]) -> Counts:
    d = tmp / "reads"
    d.mkdir()
    deep = 100_000
    os.mkfifo(d / "f.toml")
    os.mkfifo(d / "f.json")
    os.mkfifo(d / "f.png")
    os.mkfifo(d / "q.png")
    files = {
        "arrays.toml": '[pack]\nname = "D"\nx = ' + "[" * deep + "]" * deep + "\n",
        "tables.toml": '[pack]\nname = "D"\nx = ' + "{a = " * deep + "1" + "}" * deep + "\n",
        "dots.toml": '[pack]\nname = "D"\n' + ".".join(["a"] * 20_000) + " = 1\n",
        "deep.json": "[" * deep + "]" * deep,
        "deep-object.json": '{"a": ' * deep + "1" + "}" * deep,
        "codes.txt": "M2.S2X2.BT#9UQ0-I3\n",
    }
    for name, text in files.items():
        (d / name).write_text(text)
    devices = [p for p in ("/dev/zero", "/dev/urandom") if os.path.exists(p)]
    for dev in devices:
        for suffix in (".toml", ".json", ".png"):
            (d / f"{Path(dev).name}{suffix}").symlink_to(dev)
    inputs = ["f.toml", "arrays.toml", "tables.toml", "dots.toml", "a" * 300 + ".toml", ".", *devices,
              *(f"{Path(x).name}.toml" for x in devices)]
    vectors = [["pack", "check", p] for p in inputs]
    vectors += [["encode", p] for p in ["f.json", "deep.json", "deep-object.json", "a" * 300 + ".json", *devices,
                                        *(f"{Path(x).name}.json" for x in devices)]]
    mask = ["generate", "--shape", "square", "--algo", "kruskal", "--size", "8x8", "--mask"]
    vectors += [mask + [p] for p in ["f.png", *devices, *(f"{Path(x).name}.png" for x in devices), "arrays.toml"]]
    vectors += [["print", p, "-o", "out.pdf"] for p in ["f.toml", "arrays.toml", *devices]]
    qr = ["share", "M2.S2X2.BT#9UQ0-I3", "--qr"]
    vectors += [qr + [p] for p in ["q.png", "a" * 300 + ".png", "/".join(["d" * 200] * 30) + ".png", "."]]
    if os.path.exists("/proc/version"):
        vectors += [["puzzle", "bench", "--quick", "--korf", "1", "--out", "/proc/version"]]
    c = new_counts()
    for argv in vectors:
        before = sorted(os.listdir(d))
        _judge("reads", " ".join(a[:40] for a in argv), _measured(argv, d, tmp / "reads-home"), c, examples)
        left = set(os.listdir(d)) - set(before) - {".result", ".cache"}
        if left:
            c["over limit"] += 1
            examples.append(f"reads: left {sorted(left)[:3]} for {argv[:3]}")
    return c


HOLD = """
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA journal_mode=DELETE")
c.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()
"""


def _listing(folder: Path) -> list[tuple[str, int, int, int]]:
    return sorted((p.name, p.stat().st_size, zlib.crc32(p.read_bytes()) if p.is_file() else 0, p.stat().st_mtime_ns)
                  for p in folder.iterdir())


def fuzz_saves(tmp: Path, examples: list[str]) -> Counts:
    import sqlite3

    from game.store import Store

    c = new_counts()

    def fresh(name: str) -> Path:
        home = tmp / "saves" / name
        home.mkdir(parents=True)
        store = Store(home / "tessera.db")
        store.record_win("M2.S2X2.BT#9UQ0-I3", 3.5, 7)
        store.close()
        return home

    def check(name: str, home: Path, refuse: bool) -> None:
        before = _listing(home)
        _judge("saves", name, _measured(["records"], tmp, home), c, examples, refuse=refuse)
        if _listing(home) != before:
            c["over limit"] += 1
            examples.append(f"saves: {name}: the data folder changed")

    check("closed save", fresh("closed"), refuse=False)
    home = fresh("open")
    game = Store(home / "tessera.db")
    game.record_win("M2.S2X2.BT#9UQ0-I4", 1.0, 3)
    check("save held open by the game (WAL)", home, refuse=False)
    game.close()
    home = fresh("locked")
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(home / "tessera.db")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdin is not None
    holder.stdout.readline()
    check("save locked by another program", home, refuse=True)
    holder.stdin.close()
    holder.wait(timeout=30)
    home = tmp / "saves" / "foreign"
    home.mkdir(parents=True)
    con = sqlite3.connect(home / "tessera.db")
    con.execute("CREATE TABLE photos(x)")
    con.commit()
    con.close()
    check("foreign SQLite file", home, refuse=True)
    home = tmp / "saves" / "junk"
    home.mkdir(parents=True)
    (home / "tessera.db").write_bytes(b"not a database" * 100)
    check("junk", home, refuse=True)
    home = tmp / "saves" / "fifo"
    home.mkdir(parents=True)
    os.mkfifo(home / "tessera.db")
    check("a FIFO as the save", home, refuse=True)
    if os.geteuid() != 0:  # root reads and writes through chmod
        home = fresh("read-only")
        (home / "tessera.db").chmod(0o444)
        home.chmod(0o555)
        check("read-only folder", home, refuse=False)
        home.chmod(0o755)
    return c


def fuzz_sources(tmp: Path, examples: list[str]) -> Counts:
    """``print --codes`` on codes, files, packs and worlds alike (see the module docstring)."""
    from engine.maze.level_code import LevelCode
    from engine.maze.recipe import MazeSpec

    d = tmp / "sources"
    d.mkdir()
    small = [MazeSpec.create("square", 6, 5, "backtracker", {}, seed=s).code() for s in (1, 2)]

    def level(w: int, h: int) -> str:
        return LevelCode.from_maze(MazeSpec.create("square", w, h, "backtracker", {}, seed=3).build()).code()

    long_code, big_code = level(40, 30), level(250, 200)
    (d / "bom.txt").write_bytes(b"\xef\xbb\xbf" + "\n".join(small).encode() + b"\n")
    (d / "big.txt").write_text(f"{small[0]}\n{big_code}\n")
    (d / "nul.txt").write_bytes(b"M2.S2X2\x00.BT#9UQ0-I3\n")
    (d / "empty.txt").write_bytes(b"")
    (d / "world.toml").write_text('[world]\nname = "Huge"\n\n[[level]]\nid = "h-1"\nname = "Vast"\n'
                                  'shape = "square"\nwidth = 300\nheight = 300\nalgorithm = "backtracker"\n'
                                  "seed = 1\npar_time = 999\npar_moves = 99999\n")
    (d / "neither.toml").write_text('title = "not a pack, not a world"\n')
    (d / "big-pack.toml").write_text(f'[pack]\nname = "Big"\n\n[[level]]\nname = "B"\ncode = "{big_code}"\n')
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TESSERA_HOME": str(tmp / "sources-home")}
    subprocess.run([sys.executable, "-m", "game.launcher", "pack", "new", "Mine", *small, "-o", str(d / "mine.toml")],
                   cwd=d, env=env, capture_output=True, check=True)
    # (argument, printed?)
    cases = [(long_code, True), ("bom.txt", True), ("mine.toml", True), ("X" * 300, False),
             ("a/" + "b" * 300, False), ("M2." + "Q" * 5000, False), ("L2." + "Z" * 70_000, False),
             ("big.txt", False), ("world.toml", False), ("neither.toml", False), ("big-pack.toml", False),
             ("nul.txt", False), ("empty.txt", False), ("x\x00y", False)]
    c = new_counts()
    for arg, printed in cases:
        out = d / "out.pdf"
        out.unlink(missing_ok=True)
        label = f"print --codes {arg[:40]!r}"
        try:
            got = _measured(["print", "--codes", arg, "-o", "out.pdf"], d, tmp / "sources-home")
        except ValueError:  # a NUL in an argument cannot be passed to a process at all
            c["tried"] += 1
            c["ok"] += 1
            continue
        before = c["ok"]
        _judge("sources", label, got, c, examples, refuse=not printed)
        if c["ok"] > before and printed and (got is None or got[0] != 0 or not out.exists()):
            c["ok"] -= 1
            c["over limit"] += 1
            examples.append(f"sources: {label} was not printed: {got}")
    return c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--codes", type=int, default=12, help="fresh codes of each kind (maze, race, ghost, puzzle)")
    ap.add_argument("--edits", type=int, default=150, help="single-character edits tried per code")
    ap.add_argument("--forgeries", type=int, default=4, help="forged entries per table")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--only", nargs="+", metavar="FAMILY", help="run only these families")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    examples: list[str] = []
    os.environ.setdefault("TESSERA_HOME", tempfile.mkdtemp(prefix="tessera-fuzz-home-"))
    totals = new_counts()
    with tempfile.TemporaryDirectory(prefix="tessera-fuzz-") as t:
        tmp = Path(t)
        families: list[tuple[str, Callable[[], Counts]]] = [
            ("reads", lambda: fuzz_reads(tmp, examples)),
            ("saves", lambda: fuzz_saves(tmp, examples)),
            ("codes", lambda: fuzz_codes(args.codes, args.edits, rng, examples)),
            ("cli", lambda: fuzz_cli(tmp, examples)),
            ("images", lambda: fuzz_images(tmp, examples)),
            ("tables", lambda: fuzz_tables(tmp, rng, args.forgeries, examples)),
            ("outputs", lambda: fuzz_outputs(tmp, examples)),
            ("owned", lambda: fuzz_owned(tmp, examples)),
            ("streams", lambda: fuzz_streams(tmp, examples)),
            ("sources", lambda: fuzz_sources(tmp, examples)),
        ]
        if args.only:
            families = [f for f in families if f[0] in args.only]
        print(f"{'family':<8} {'tried':>7} {'ok':>7} {'crash':>6} {'hang':>5} {'over limit':>10}")
        for name, run in families:
            t0 = time.perf_counter()
            c = run()
            for k in totals:
                totals[k] += c[k]
            print(
                f"{name:<8} {c['tried']:>7} {c['ok']:>7} {c['crash']:>6} {c['hang']:>5} {c['over limit']:>10}"
                f"   ({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
    print(
        f"{'total':<8} {totals['tried']:>7} {totals['ok']:>7} {totals['crash']:>6} {totals['hang']:>5} "
        f"{totals['over limit']:>10}"
    )
    for line in examples[:20]:
        print("  " + line)


if __name__ == "__main__":
    main()
