"""Issue 32's reproductions (items 1-6, 10, 12 and the odd inputs): each is one line and exit 2 (or the documented
behaviour), measured in a child process: its CPU time and its peak memory (``getrusage``), with a wall-clock
guard against a hang.  The game's campaign map opens with a FIFO, a ``/dev/zero`` link and a 100,000-deep pack in
``levels/``, each a broken tile."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.modes.campaign import BrokenWorld
from engine.modes.packs import load_pack, load_packs
from engine.reader import MAX_DEPTH, ReadError, load_json, load_toml, read_bytes
from game import routes

ROOT = Path(__file__).resolve().parents[1]
CODE = "M2.S2X2.BT#9UQ0-I3"
CPU_LIMIT_S = 2.0
MEMORY_LIMIT_KB = 300_000
DEEP = 100_000

needs_zero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")


#: Runs the command as its own child and writes (exit code, CPU s, peak KB) of that child: a process forked from
#: pytest itself would report pytest's peak memory (Linux keeps the parent's high-water mark across exec).
SPAWN = """
import json, resource, subprocess, sys
code = subprocess.call(sys.argv[2:])
use = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write(json.dumps([code, use.ru_utime + use.ru_stime, use.ru_maxrss]))
"""


def child(args: list[str], cwd: Path, hang_guard_s: float = 60.0) -> tuple[int, str, float, int]:
    """Run ``python -m engine.cli ARGS`` in ``cwd``: (exit code, stderr, CPU seconds, peak memory KB)."""
    err_path, result = cwd / ".stderr", cwd / ".result"
    env = dict(os.environ, PYTHONPATH=str(ROOT), TESSERA_HOME=str(cwd / ".home"), TESSERA_CACHE=str(cwd / ".cache"))
    env.pop("TESSERA_DEBUG", None)
    with open(err_path, "wb") as err, open(os.devnull, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", SPAWN, str(result), sys.executable, "-m", "engine.cli", *args],
                                cwd=cwd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env,
                                start_new_session=True)
    try:
        proc.wait(timeout=hang_guard_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        pytest.fail(f"`tessera {' '.join(a[:40] for a in args)}` did not return in {hang_guard_s} s")
    code, cpu, peak_kb = json.loads(result.read_text())
    return code, err_path.read_text(errors="replace"), cpu, peak_kb


def one_line_exit_2(result: tuple[int, str, float, int], *words: str) -> None:
    code, err, cpu, peak_kb = result
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("tessera: error: ") and "internal error" not in err, err
    for w in words:
        assert w in err, err
    assert cpu < CPU_LIMIT_S, f"{cpu:.2f} s CPU"
    assert peak_kb < MEMORY_LIMIT_KB, f"{peak_kb} KB"


def deep_arrays() -> str:
    return "[pack]\nname = \"Deep\"\nx = " + "[" * DEEP + "]" * DEEP + "\n"


def deep_tables() -> str:
    return "[pack]\nname = \"Deep\"\nx = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n"


def dotted_key() -> str:
    return "[pack]\nname = \"Dots\"\n" + ".".join(["a"] * 20_000) + " = 1\n"


# -- items 1 and 2: share --qr through the one writer ------------------------------------------------------
def test_item_1_share_qr_with_a_name_too_long_is_one_line(tmp_path):
    one_line_exit_2(child(["share", CODE, "--qr", "a" * 300 + ".png"], tmp_path), "too long")
    deep = "/".join(["d" * 200] * 30) + "/x.png"  # longer than PATH_MAX (4096)
    one_line_exit_2(child(["share", CODE, "--qr", deep], tmp_path), "too long")
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == []


def test_item_2_share_qr_to_a_fifo_returns_at_once(tmp_path):
    os.mkfifo(tmp_path / "q.png")
    one_line_exit_2(child(["share", CODE, "--qr", "q.png"], tmp_path), "q.png", "pipe")


# -- items 3, 4, 5: pack check on hostile files ------------------------------------------------------------
@pytest.mark.parametrize("text", [deep_arrays, deep_tables], ids=["arrays", "inline-tables"])
def test_item_3_a_pack_nested_100000_deep_is_one_line(tmp_path, text):
    (tmp_path / "deep.toml").write_text(text())
    one_line_exit_2(child(["pack", "check", "deep.toml"], tmp_path), "deep.toml", f"more than {MAX_DEPTH} levels")


@needs_zero
def test_item_4_pack_check_of_dev_zero_refuses_the_device(tmp_path):
    one_line_exit_2(child(["pack", "check", "/dev/zero"], tmp_path), "device")
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    one_line_exit_2(child(["pack", "check", "zero.toml"], tmp_path), "zero.toml", "device")


def test_item_5_a_20000_part_dotted_key_is_one_line_and_cheap(tmp_path):
    (tmp_path / "dots.toml").write_text(dotted_key())
    assert 39_000 < (tmp_path / "dots.toml").stat().st_size < 41_000
    one_line_exit_2(child(["pack", "check", "dots.toml"], tmp_path), "dots.toml", "dotted parts")


def test_item_6_pack_check_of_a_fifo_never_opens_it(tmp_path):
    os.mkfifo(tmp_path / "f.toml")
    one_line_exit_2(child(["pack", "check", "f.toml"], tmp_path), "f.toml", "pipe")


# -- item 6 and the game: the map's loader with a FIFO, /dev/zero and a deep pack ---------------------------
@pytest.fixture
def hostile_levels(tmp_path, monkeypatch):
    home = tmp_path / "home"
    levels = home / "levels"
    levels.mkdir(parents=True)
    os.mkfifo(levels / "f.toml")
    if os.path.exists("/dev/zero"):
        (levels / "zero.toml").symlink_to("/dev/zero")
    (levels / "deep.toml").write_text(deep_arrays())
    (levels / "dots.toml").write_text(dotted_key())
    monkeypatch.setenv("TESSERA_HOME", str(home))
    return levels


def expected_broken(levels: Path) -> list[str]:
    return sorted(p.name for p in levels.iterdir())


def test_load_packs_returns_with_one_broken_world_per_hostile_file(hostile_levels):
    found: list[object] = []
    worker = threading.Thread(target=lambda: found.extend(load_packs(hostile_levels)), daemon=True)
    worker.start()
    worker.join(30)  # a hang guard: the FIFO kept this from ever returning
    assert not worker.is_alive(), "load_packs blocked"
    assert all(isinstance(b, BrokenWorld) for b in found)
    assert sorted(b.source for b in found if isinstance(b, BrokenWorld)) == expected_broken(hostile_levels)
    reasons = {b.source: b.reason for b in found if isinstance(b, BrokenWorld)}
    assert "pipe" in reasons["f.toml"] and "nested" in reasons["deep.toml"] and "dotted" in reasons["dots.toml"]
    if "zero.toml" in reasons:
        assert "device" in reasons["zero.toml"]
    assert all("\n" not in r for r in reasons.values())


def test_the_game_map_opens_with_hostile_packs_as_broken_tiles(window, ctx, hostile_levels):
    from game.shell.levels import LevelsView

    guard: list[object] = []  # the same loader first, off the test's thread: a regression fails, never hangs
    worker = threading.Thread(target=lambda: guard.extend(load_packs()), daemon=True)
    worker.start()
    worker.join(30)
    assert not worker.is_alive(), "the map's pack loader blocked"
    camp = ctx.campaign
    broken = sorted(b.source for b in camp.broken)
    assert broken == expected_broken(hostile_levels)
    view = ctx.go(routes.levels)
    assert isinstance(view, LevelsView)
    view.on_draw()
    n = len(broken)
    assert f"{n} level packs could not be read" in view.summary_value
    assert [t.state for t in view.tiles[-n:]] == ["broken"] * n
    assert view.column_names()[-n:] == [Path(b).stem for b in broken]
    view.focus = len(view.tiles) - 1
    view.on_draw()
    assert "cannot be read" in view.info.text
    view.activate(view.focus)  # a broken tile does nothing
    assert window.current_view is view


# -- the reader itself --------------------------------------------------------------------------------------
def test_the_reader_refuses_before_reading_and_while_reading(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 2_000)
    with pytest.raises(ReadError, match="too big"):
        read_bytes(big, limit=1_000)
    assert read_bytes(big, limit=2_000) == b"#" * 2_000
    with pytest.raises(ReadError, match="folder"):
        read_bytes(tmp_path, limit=10)
    with pytest.raises(ReadError, match="does not exist"):
        load_toml(tmp_path / "none.toml")
    (tmp_path / "deep.json").write_text("[" * DEEP + "]" * DEEP)
    with pytest.raises(ReadError, match="nested"):
        load_json(tmp_path / "deep.json")
    (tmp_path / "ok.json").write_text("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert load_json(tmp_path / "ok.json") is not None
    (tmp_path / "bad.toml").write_bytes(b"\xff\xfe= 1")
    with pytest.raises(ReadError, match="not UTF-8"):
        load_toml(tmp_path / "bad.toml")


def test_a_string_with_brackets_and_dots_is_not_nesting(tmp_path):
    (tmp_path / "s.toml").write_text('[pack]\nname = "' + "[{." * 200 + '"\n# ' + "[" * 200 + "\n")
    assert load_toml(tmp_path / "s.toml")["pack"]["name"].startswith("[{.")


# -- item 10: encode takes generate --floors JSON and round-trips ----------------------------------------------
def run(argv: list[str], stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_item_10_the_issue_s_command_round_trips(monkeypatch):
    gen = ["generate", "--shape", "square", "--algo", "backtracker", "--size", "6x5", "--floors", "3"]
    code, text, err = run(gen + ["--format", "json"])
    assert code == 0, err
    code, level, err = run(["encode", "-"], stdin=text, monkeypatch=monkeypatch)
    assert code == 0 and level.startswith("L2.") and ".F3:" in level, err
    code, again, err = run(["generate", "--code", level.strip(), "--format", "json"])
    assert code == 0, err
    first, second = json.loads(text), json.loads(again)
    for key in ("size", "floors", "passages", "start", "goal", "edges"):
        assert first[key] == second[key], key


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shape=st.sampled_from(["square", "hex"]), floors=st.integers(2, 4), width=st.integers(2, 7),
       height=st.integers(2, 6), seed=st.integers(0, 10_000), algo=st.sampled_from(["backtracker", "kruskal", "prim"]))
def test_item_10_floors_json_encode_then_generate_code_is_the_same_maze(monkeypatch, shape, floors, width, height,
                                                                        seed, algo):
    gen = ["generate", "--shape", shape, "--algo", algo, "--size", f"{width}x{height}", "--floors", str(floors),
           "--seed", str(seed), "--format", "json"]
    code, text, err = run(gen)
    assert code == 0, err
    code, level, err = run(["encode", "-"], stdin=text, monkeypatch=monkeypatch)
    assert code == 0, err
    code, again, err = run(["generate", "--code", level.strip(), "--format", "json"])
    assert code == 0, err
    first, second = json.loads(text), json.loads(again)
    assert first["floors"] == second["floors"] == floors
    for key in ("size", "passages", "start", "goal", "edges"):
        assert first[key] == second[key], key


# -- the odd inputs: edges as strings, -o "", par_moves 2^63-1, /proc outputs, links ---------------------------
def test_edges_given_as_strings_are_refused(monkeypatch):
    code, text, err = run(["generate", "--shape", "square", "--algo", "kruskal", "--size", "3x3", "--format", "json"])
    obj = json.loads(text)
    obj["edges"] = [[str(a), str(b)] for a, b in obj["edges"]]
    code, out, err = run(["encode", "-"], stdin=json.dumps(obj), monkeypatch=monkeypatch)
    assert code == 2 and err.count("\n") == 1 and "whole numbers" in err, err
    obj["edges"] = [[bool(a % 2), b] for a, b in json.loads(text)["edges"]]
    code, out, err = run(["encode", "-"], stdin=json.dumps(obj), monkeypatch=monkeypatch)
    assert code == 2 and err.count("\n") == 1, err


def test_an_empty_output_name_is_refused():
    code, out, err = run(["generate", "--shape", "square", "--algo", "kruskal", "--size", "3x3", "-o", ""])
    assert code == 2 and err.count("\n") == 1 and "empty" in err, err


def test_par_moves_no_player_writes_is_refused(tmp_path):
    from engine.maze.recipe import MazeSpec

    code = MazeSpec("square", 4, 4, "prim", {}, 0, 3).code()
    path = tmp_path / "p.toml"
    path.write_text(f'[pack]\nname = "P"\n[[level]]\nname = "A"\ncode = "{code}"\npar_moves = {2**63 - 1}\n')
    with pytest.raises(ValueError, match="at most 10,000,000 moves") as info:
        load_pack(path)
    assert "\n" not in str(info.value)
    path.write_text(f'[pack]\nname = "P"\n[[level]]\nname = "A"\ncode = "{code}"\npar_moves = 10000000\n')
    assert load_pack(path).levels[0].par_moves == 10_000_000


@pytest.mark.skipif(not os.path.exists("/proc/version"), reason="needs Linux /proc")
def test_item_12_a_kernel_file_as_output_is_refused_before_the_work(tmp_path):
    one_line_exit_2(child(["puzzle", "bench", "--quick", "--korf", "1", "--out", "/proc/version"], tmp_path),
                    "/proc/version", "system")


@pytest.mark.parametrize("link", ["tessera://%20" + CODE.replace("#", "%23"), "tessera://" + CODE.replace("#", "%23")
                                  + "%0A", " tessera://" + CODE.replace("#", "%23") + "%0D%0A/ ",
                                  "tessera://%09" + CODE.replace("#", "%23") + "%20%20"])
def test_white_space_around_a_code_in_a_link_is_trimmed(link):
    from engine.codes import decode_any

    assert decode_any(link) == decode_any(CODE)


@pytest.mark.parametrize("link", ["tessera://M2.S2X2.BT%20%239UQ0-I3", "tessera://%20%0A", "tessera://M2.S2X2%0A.BT%239UQ0-I3"])
def test_white_space_inside_a_link_s_code_is_refused(link):
    from engine.codes import CodeError, decode_any

    with pytest.raises(CodeError) as info:
        decode_any(link)
    assert "\n" not in str(info.value)


# -- pictures and masks through the one reader; the one atomic writer ------------------------------------------
def test_a_fifo_or_device_as_mask_or_picture_is_one_line_never_a_wait(tmp_path):
    from engine.images import load_image

    os.mkfifo(tmp_path / "m.png")
    targets = [tmp_path / "m.png"] + ([Path("/dev/zero")] if os.path.exists("/dev/zero") else [])
    for target in targets:
        one_line_exit_2(child(["generate", "--shape", "square", "--algo", "kruskal", "--size", "8x8", "--mask",
                               str(target)], tmp_path), "mask")
        with pytest.raises(ValueError) as info:
            load_image(target, "picture", max_pixels=1000)
        assert "\n" not in str(info.value) and "picture" in str(info.value)


def test_write_atomically_is_whole_or_nothing_and_keeps_the_mode(tmp_path, monkeypatch):
    from engine.output import write_atomically

    target = tmp_path / "t.bin"
    write_atomically(target, [b"ab", b"cd"])
    assert target.read_bytes() == b"abcd"
    write_atomically(target, "é\n", mode=0o600)
    assert target.read_bytes() == "é\n".encode() and target.stat().st_mode & 0o777 == 0o600

    def fail(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        write_atomically(target, b"new")
    assert target.read_bytes() == "é\n".encode() and sorted(p.name for p in tmp_path.iterdir()) == ["t.bin"]


def test_show_stdin_from_an_endless_stream_is_one_line_and_bounded():
    from engine.cli.show import run_show

    class Zeros:  # /dev/zero: one endless line
        read = 0

        def readline(self, size: int = -1) -> bytes:
            assert 0 < size < 1_000_000  # never an unbounded read
            if self.read > 100_000_000:
                raise AssertionError("read on and on")
            self.read += size
            return b"\0" * size

    zeros = Zeros()
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(ValueError, match="longer than") as info:
        run_show([], True, "text", out, err, stdin=zeros)
    assert "\n" not in str(info.value) and zeros.read < 70_000_000


def test_encode_from_an_endless_stream_reads_only_its_start(monkeypatch):
    class Zeros:
        read_total = 0

        def read(self, size: int = -1) -> bytes:
            assert 0 < size <= 1_000_000
            self.read_total += size
            return b"\0" * size

    zeros = Zeros()
    monkeypatch.setattr(sys, "stdin", zeros)
    out, err = io.StringIO(), io.StringIO()
    code = main(["encode", "-"], out=out, err=err)
    text = err.getvalue()
    assert code == 2 and text.count("\n") == 1 and "not a JSON object" in text, text
    assert zeros.read_total <= 65_536
