"""Every CLI command that writes a file goes through engine.output: odd paths are one line and exit 2."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest

from engine.cli import main
from engine.output import check_output_path, open_output, write_output

MAZE = ["generate", "--shape", "square", "--size", "6x6", "--algo", "kruskal", "--seed", "1"]
LONG = "a" * 300

requires_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, err=err)
    return code, err.getvalue()


def one_line_error(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and "internal error" not in err, err
    for w in words:
        assert w in err, err


@pytest.mark.parametrize(
    "argv",
    [
        MAZE + ["--format", "svg"],
        MAZE + ["--format", "json"],
        MAZE + ["--format", "png"],
        MAZE + ["--format", "ascii"],
        MAZE + ["--format", "jsonl", "--count", "2"],
    ],
)
def test_a_file_name_too_long_is_one_line(tmp_path, argv):
    code, err = run(argv + ["-o", str(tmp_path / (LONG + ".out"))])
    one_line_error(code, err, "too long")


def test_puzzle_bench_and_pack_new_refuse_a_name_too_long(tmp_path):
    code, err = run(["puzzle", "bench", "--quick", "--out", str(tmp_path / (LONG + ".md"))])
    one_line_error(code, err, "too long")
    code, err = run(["pack", "new", "P", "M2.S4X4.BT#1-00", "-o", str(tmp_path / (LONG + ".toml"))])
    one_line_error(code, err, "too long")


@requires_full
@pytest.mark.parametrize("fmt", ["jsonl", "json", "svg", "png", "ascii"])
def test_a_full_disk_is_one_line(fmt):
    extra = ["--count", "2"] if fmt == "jsonl" else []
    code, err = run(MAZE + ["--format", fmt, *extra, "-o", "/dev/full"])
    one_line_error(code, err, "/dev/full", "no space left")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes everywhere")
def test_permission_denied_is_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    code, err = run(MAZE + ["--format", "svg", "-o", str(locked / "m.svg")])
    one_line_error(code, err, "permission denied")


def test_permission_denied_message_names_the_path(tmp_path):
    from engine.output import output_error

    msg = output_error(tmp_path / "x\nname.svg", PermissionError(13, "Permission denied"))
    assert msg.endswith("permission denied") and "\\n" in msg and "\n" not in msg


def test_a_fifo_without_a_reader_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "f.svg"
    os.mkfifo(fifo)
    result: list[tuple[int, str]] = []
    worker = threading.Thread(target=lambda: result.append(run(MAZE + ["--format", "svg", "-o", str(fifo)])))
    worker.daemon = True
    worker.start()
    worker.join(60)
    if worker.is_alive():  # unblock the writer, then fail
        with open(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK), closefd=True):
            pass
        pytest.fail("writing to a FIFO nobody reads hung")
    one_line_error(*result[0], "pipe")
    assert fifo.exists()  # the player's FIFO is left as it was


def test_a_fifo_with_a_reader_gets_the_maze(tmp_path):
    fifo = tmp_path / "f.txt"
    os.mkfifo(fifo)
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with open_output(fifo) as f:
            f.write("hello\n")
        assert os.read(fd, 100) == b"hello\n"
    finally:
        os.close(fd)


def test_a_block_device_or_socket_is_refused(tmp_path):
    import socket

    sock_path = tmp_path / "s"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(sock_path))
    try:
        with pytest.raises(ValueError, match="device or socket"):
            check_output_path(sock_path)
    finally:
        s.close()


@requires_full
def test_a_partial_file_the_writer_created_is_removed(tmp_path):
    target = tmp_path / "part.txt"
    with pytest.raises(RuntimeError):
        with open_output(target) as f:
            f.write("half")
            raise RuntimeError("stopped midway")
    assert not target.exists()
    # a failure at close (ENOSPC): /dev/full stays, the message is one line
    with pytest.raises(ValueError, match="no space left"):
        write_output("/dev/full", "x" * 100_000)


def test_a_partial_jsonl_file_is_removed_when_the_run_fails(tmp_path, monkeypatch):
    import engine.cli.maze_commands as mc

    calls = {"n": 0}
    real = mc._timed_build

    def failing(spec):  # the second maze fails after the first line was written
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        return real(spec)

    monkeypatch.setattr(mc, "_timed_build", failing)
    target = tmp_path / "m.jsonl"
    code, err = run(MAZE + ["--format", "jsonl", "--count", "3", "-o", str(target)])
    one_line_error(code, err, "no space left")
    assert not target.exists()


def test_an_existing_file_is_kept_when_the_check_runs(tmp_path):
    target = tmp_path / "keep.svg"
    target.write_text("old")
    assert check_output_path(target) == Path(target) and target.read_text() == "old"
    code, err = run(MAZE + ["--format", "svg", "-o", str(target)])
    assert code == 0 and target.read_text().startswith("<svg") or target.read_text().startswith("<?xml")


def test_a_fifo_is_checked_before_the_work_and_its_reader_kept(tmp_path):
    fifo = tmp_path / "bench.md"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="no program is reading"):
        check_output_path(fifo)  # refused before minutes of work, not after
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        check_output_path(fifo)  # opened and kept: closing would end the reader's input
        with pytest.raises(BlockingIOError):  # no data yet, and no end of input either (b"" would be the end)
            os.read(fd, 10)
        write_output(fifo, "table\n")
        assert os.read(fd, 100) == b"table\n"
    finally:
        os.close(fd)
