"""game.stream_worker.Worker: one persistent child process that runs jobs in turn, streams their snapshots back
through a queue polled by the caller (no thread in the caller), keeps what a warm-up loaded, cancels, reports errors,
survives a job that kills its process, and costs no CPU while idle."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from game.stream_worker import StreamTask, Worker
from game.workers import TaskCancelled

_STATE: dict[str, Any] = {}  # the child's module state: what a warm-up leaves for the jobs after it


def remember(key: str, value: Any) -> None:
    """A warm-up: keep ``value`` in the child."""
    _STATE[key] = value


def count_job(n: int, *, progress: Any, cancel: Any, emit: Any) -> tuple[int, Any, int]:
    """Emit 0 .. n-1; the count, what the warm-up kept, the child's pid."""
    for i in range(n):
        emit(i)
    progress(1.0, "counted")
    return n, _STATE.get("tables"), os.getpid()


def until_cancelled(*, progress: Any, cancel: Any, emit: Any) -> str:
    """Emit once, then wait for the cancel (at most 30 s)."""
    emit("started")
    end = time.monotonic() + 30
    while not cancel() and time.monotonic() < end:
        time.sleep(0.01)
    raise RuntimeError("stopped") if cancel() else AssertionError("never cancelled")


def fails(*, progress: Any, cancel: Any, emit: Any) -> None:
    raise ValueError("a bad solve")


def dies(*, progress: Any, cancel: Any, emit: Any) -> None:
    os._exit(3)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_warm(w: Worker, count: int, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while len(w.warmed) < count and time.monotonic() < end:
        w.pump(0.05)
    assert len(w.warmed) >= count, "the warm-up never came back"


@pytest.fixture
def worker():
    w = Worker("test-stream")
    yield w
    w.close()


def test_a_job_streams_its_snapshots_and_reads_what_the_warm_up_kept(worker):
    worker.warm(remember, "tables", [1, 2, 3]).join(30)
    _wait_warm(worker, 1)
    assert worker.warmed == {1: None}
    t = worker.run(count_job, 50)
    assert isinstance(t, StreamTask) and t.wait(30)
    assert t.result()[:2] == (50, [1, 2, 3])
    assert t.take() == 49  # only the newest snapshot is kept
    assert t.take() is None  # and taken once
    assert t.progress() == (1.0, "counted") and t.error is None and not t.cancelled
    again = worker.run(count_job, 3)
    assert again.wait(30) and again.result()[2] == t.result()[2]  # the same child, kept between jobs


def test_cancel_stops_a_running_job_and_the_next_one_runs(worker):
    t = worker.run(until_cancelled)
    end = time.monotonic() + 30
    while t.take() != "started" and time.monotonic() < end:
        time.sleep(0.02)
    t.cancel()
    assert t.wait(10) and t.cancelled
    assert isinstance(t.error, TaskCancelled)
    with pytest.raises(TaskCancelled):
        t.result()
    nxt = worker.run(count_job, 2)
    assert nxt.wait(30) and nxt.result()[0] == 2


def test_a_new_job_cancels_the_one_before_it(worker):
    first = worker.run(until_cancelled)
    second = worker.run(count_job, 4)
    assert second.wait(30) and second.result()[0] == 4
    assert first.done and first.cancelled and isinstance(first.error, TaskCancelled)


def test_errors_come_back_and_a_dead_child_is_replaced(worker):
    bad = worker.run(fails)
    assert bad.wait(30)
    with pytest.raises(ValueError, match="a bad solve"):
        bad.result()
    gone = worker.run(dies)
    assert gone.wait(30)
    assert isinstance(gone.error, RuntimeError) and "ended without an answer" in str(gone.error)
    assert not worker.alive
    back = worker.run(count_job, 1)
    assert back.wait(60) and back.result()[0] == 1


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_an_idle_worker_costs_no_cpu(worker):
    worker.warm(remember, "tables", None).join(30)
    _wait_warm(worker, 1)
    pid = worker.process.pid
    before = _cpu_seconds(pid)
    time.sleep(1.0)
    assert _cpu_seconds(pid) - before < 0.05


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_child_ends_itself_when_the_game_process_is_gone_without_clean_up():
    import subprocess
    import sys

    game = ("import os, sys, time; sys.path.insert(0, os.getcwd()); from game.stream_worker import Worker;"
            "from tests.test_workers_stream import remember, _wait_warm; w = Worker('orphan', nice=5);"
            "w.warm(remember, 'k', 1).join(30); _wait_warm(w, 1); print(w.process.pid, flush=True); os._exit(0)")
    out = subprocess.run([sys.executable, "-c", game], capture_output=True, text=True, timeout=120, check=True)
    pid = int(out.stdout.split()[-1])  # read to the end: the child (and the fork server) let go of the game's pipe
    end = time.monotonic() + 10
    while Path(f"/proc/{pid}").exists() and time.monotonic() < end:
        stat = Path(f"/proc/{pid}/stat").read_text() if Path(f"/proc/{pid}/stat").exists() else ""
        if stat.rsplit(")", 1)[-1].split()[:1] == ["Z"]:  # ended, not yet reaped
            break
        time.sleep(0.1)
    else:
        assert not Path(f"/proc/{pid}").exists(), "the worker outlived its game"


def test_the_child_runs_at_the_niceness_asked():
    w = Worker("nice", nice=7)
    try:
        t = w.run(niceness)
        assert t.wait(60) and t.result() == os.nice(0) + 7
    finally:
        w.close()


def niceness(*, progress: Any, cancel: Any, emit: Any) -> int:
    return os.nice(0)
