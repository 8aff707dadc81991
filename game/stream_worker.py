"""A persistent background process for views: jobs run one at a time in one child, their snapshots streamed back.

:class:`Worker` is one child process (``forkserver``, as :class:`game.workers.ProcessTask`) that runs jobs one at a
time and streams each job's *snapshots* (plain picklable values, e.g. a partial analysis) back through a queue that
the game polls once a frame (:class:`StreamTask`: no thread in the game process).  Started ahead of need, it can load
what its jobs read (a solver's tables) before the first job; idle, it blocks on its queue and costs no CPU.  Nothing
here imports arcade.
"""

from __future__ import annotations

import os
import pickle
import queue as queue_mod
import threading
import time
from collections.abc import Callable
from typing import Any

from game.workers import KILL_AFTER, PROGRESS_EVERY, TaskCancelled, _context, start_child


class StreamTask:
    """One job of a :class:`Worker`: its snapshots, progress, cancel and result, polled from the game's thread.

    The interface of :class:`Task` (``done``, ``result()``, ``error``, ``progress()``, ``cancel()``,
    ``cancelled``, ``wait()``, ``elapsed``) plus :meth:`take`, the newest snapshot the job emitted.  Nothing
    runs in the game process: every read first takes the worker's waiting messages (:meth:`Worker.pump`).

    Attributes:
        name: shown in messages.
        job: the worker's number for this job (1, 2, ...).
        started_at / finished_at: ``time.perf_counter()`` when asked and when its answer arrived (seconds; 0
            until then).
    """

    def __init__(self, worker: Worker, job: int, name: str) -> None:
        self.worker = worker
        self.job = job
        self.name = name
        self.started_at = time.perf_counter()
        self.finished_at = 0.0
        self._cancelled_at = 0.0
        self._snapshot: Any = None
        self._fresh = False
        self._finished = False
        self._value: Any = None
        self._error: BaseException | None = None
        self.fraction = 0.0
        self.message = ""

    # -- control -------------------------------------------------------------
    def cancel(self) -> None:
        """Ask the job to stop (the child sees it on its next poll; one never started is skipped)."""
        if not self._cancelled_at:
            self._cancelled_at = time.perf_counter()
            self.worker._cancel(self)

    def wait(self, timeout: float | None = None) -> bool:
        """Block up to ``timeout`` seconds (None: forever) taking the worker's messages; True once finished.
        For tests and shutdown: a screen polls :attr:`done` instead."""
        end = None if timeout is None else time.perf_counter() + timeout
        while not self._finished:
            left = 0.1 if end is None else min(0.1, end - time.perf_counter())
            if left <= 0:
                break
            self.worker.pump(left)
        return self._finished

    # -- state ---------------------------------------------------------------
    @property
    def done(self) -> bool:
        """True once the job's answer (value or error) arrived."""
        self.worker.pump()
        return self._finished

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return bool(self._cancelled_at)

    @property
    def elapsed(self) -> float:
        """Seconds since it was asked (frozen when finished)."""
        end = self.finished_at if self._finished else time.perf_counter()
        return end - self.started_at

    def progress(self) -> tuple[float, str]:
        """The last ``(fraction, message)`` the job reported."""
        self.worker.pump()
        return self.fraction, self.message

    def take(self) -> Any:
        """The newest snapshot the job emitted since the last call, or None when none came."""
        self.worker.pump()
        if not self._fresh:
            return None
        self._fresh = False
        return self._snapshot

    def result(self) -> Any:
        """The job's return value.

        Raises:
            RuntimeError: not finished yet, or the worker died without an answer.
            TaskCancelled: cancelled before it finished.
            Exception: whatever the job raised, re-raised here.
        """
        if not self.done:
            raise RuntimeError(f"The task {self.name!r} has not finished.")
        if self._error is not None:
            raise self._error
        return self._value

    @property
    def error(self) -> BaseException | None:
        """The exception the job raised (or why it has no answer), if any, once :attr:`done`."""
        return self._error

    # -- fed by the worker ---------------------------------------------------------------
    def _finish(self, value: Any = None, error: BaseException | None = None) -> None:
        if self._finished:
            return
        self._value, self._error = value, error
        self._finished = True
        self.finished_at = time.perf_counter()


ORPHAN_CHECK = 1.0
"""Seconds between an idle :class:`Worker` child's checks that the game process still runs (it ends itself when
not: a game killed, or ended by ``os._exit``, runs no clean-up that would end it)."""


def _game_gone(game: int, parent: int) -> bool:
    """True when the game process ``game`` has ended (or the child's parent, the fork server, changed)."""
    if os.getppid() != parent:
        return True
    try:
        os.kill(game, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # pragma: no cover - a pid taken by another user's process
        return True
    try:  # ended but not yet reaped by its parent (a zombie answers kill(pid, 0) too)
        with open(f"/proc/{game}/stat", encoding="ascii", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[-1].split()[:1] == ["Z"]
    except OSError:  # no /proc here (not Linux): the signal's answer stands
        return False


def _worker_main(requests: Any, replies: Any, wanted: Any, game: int, nice: int) -> None:
    """Body of a :class:`Worker`'s child: take jobs (and warm-ups) in order until ``None`` or the game process
    ``game`` ended; run each with ``progress``, ``cancel`` (True once ``wanted`` names another job) and ``emit``
    (a snapshot to the game).  ``nice``: raised CPU niceness (0: as the game's)."""
    if nice:
        try:
            os.nice(nice)
        except OSError:  # pragma: no cover - not allowed here: the game's priority, then
            pass
    parent = os.getppid()
    while True:
        try:
            msg = requests.get(timeout=ORPHAN_CHECK)
        except queue_mod.Empty:
            if _game_gone(game, parent):
                return
            continue
        if msg is None:
            return
        kind, job, fn, args, kwargs, env = msg
        for k in [k for k in os.environ if k.startswith("TESSERA_") and k not in env]:
            del os.environ[k]
        os.environ.update(env)
        if kind == "warm":
            try:
                fn(*args, **kwargs)
                replies.put(("warm", job, None))
            except BaseException as exc:  # a warm-up that failed only means the first job does it
                replies.put(("warm", job, f"{type(exc).__name__}: {exc}"))
            continue
        if wanted.value != job:
            replies.put(("error", job, TaskCancelled("cancelled before it started")))
            continue
        last = [0.0]

        def progress(fraction: float, message: str = "", job: int = job, last: list[float] = last) -> None:
            now = time.perf_counter()
            if now - last[0] >= PROGRESS_EVERY or fraction >= 1.0:
                last[0] = now
                replies.put(("progress", job, (float(fraction), str(message))))

        def cancel(job: int = job) -> bool:
            return bool(wanted.value != job)

        def emit(value: Any, job: int = job) -> None:
            replies.put(("snapshot", job, value))

        try:
            value = fn(*args, progress=progress, cancel=cancel, emit=emit, **kwargs)
            replies.put(("done", job, value))
        except BaseException as exc:  # handed to the game
            try:
                pickle.loads(pickle.dumps(exc))
                replies.put(("error", job, exc))
            except Exception:  # exceptions whose constructor takes other arguments
                replies.put(("error", job, RuntimeError(f"{type(exc).__name__}: {exc}")))


class Worker:
    """One persistent child process that runs jobs one at a time and streams their snapshots back.

    ``fn`` of :meth:`run` must be a module-level function called as ``fn(*args, progress=..., cancel=...,
    emit=..., **kwargs)``, its arguments, snapshots and return value picklable.  The child (``forkserver``, see
    :class:`ProcessTask`) starts on the first :meth:`warm` or :meth:`run` and then waits on its queue, idle (no
    CPU), keeping what its jobs loaded (module state, e.g. a solver's tables) for the next.  A new job cancels the
    one before it.  A cancelled job that has not stopped after :data:`KILL_AFTER` seconds ends the child (started
    again by the next job).  ``TESSERA_*`` environment variables are sent with each job.

    Idle, the child wakes every :data:`ORPHAN_CHECK` seconds to end itself if the game has gone (a few
    microseconds of CPU).

    Args:
        name: the child's name (``tessera-NAME``) and the jobs' default name.
        nice: how much lower the child's CPU priority is than the game's (``os.nice``; 0: the same).  A
            background job on a machine with few cores then takes a core the window's drawing wants only when
            the drawing does not: the frames keep their time, the job gets every idle cycle.
    """

    def __init__(self, name: str, *, nice: int = 0) -> None:
        self.name = name
        self.nice = nice
        self.process: Any = None
        self._jobs = 0
        self._live: dict[int, StreamTask] = {}
        self._lock = threading.RLock()
        self.warmed: dict[int, str | None] = {}  # warm-up number -> None (done) or the error's text

    @property
    def alive(self) -> bool:
        """True while the child runs."""
        return self.process is not None and self.process.is_alive()

    def _ensure(self) -> None:
        if self.alive:
            return
        self._drop("The background process of {name!r} ended without an answer (exit code {code}).")
        ctx = _context()
        self._requests = ctx.Queue()
        self._replies = ctx.Queue()
        self._wanted = ctx.RawValue("q", 0)
        proc = ctx.Process(target=_worker_main, name=f"tessera-{self.name}", daemon=True,
                           args=(self._requests, self._replies, self._wanted, os.getpid(), self.nice))
        start_child(proc)
        self.process = proc

    def _send(self, kind: str, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
        with self._lock:
            self._ensure()
            self._jobs += 1
            job = self._jobs
            if kind == "job":
                self._wanted.value = job
            env = {k: v for k, v in os.environ.items() if k.startswith("TESSERA_")}
            self._requests.put((kind, job, fn, args, kwargs, env))
            return job

    def warm(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> threading.Thread:
        """Start the child if needed and have it run ``fn(*args, **kwargs)`` before the next job (e.g. load the
        tables the jobs read); its answer is ignored, its outcome lands in :attr:`warmed` (by number: 1, 2, ...).

        Returns at once: a short thread starts the child (the fork server's first start waits for its imports,
        about 0.4 s, which a frame must not) and sends the warm-up; a :meth:`run` meanwhile waits for it.
        """
        thread = threading.Thread(target=self._send, args=("warm", fn, args, kwargs), name=f"tessera-{self.name}-start",
                                  daemon=True)
        thread.start()
        return thread

    def run(self, fn: Callable[..., Any], *args: Any, name: str = "", **kwargs: Any) -> StreamTask:
        """Run ``fn`` in the child (after what it is doing: a running job is cancelled first)."""
        with self._lock:
            for other in list(self._live.values()):
                other.cancel()
            job = self._send("job", fn, args, kwargs)
            task = StreamTask(self, job, name or self.name)
            self._live[job] = task
            return task

    def _cancel(self, task: StreamTask) -> None:
        with self._lock:
            if self.process is not None and self._wanted.value == task.job:
                self._wanted.value = 0

    def pump(self, timeout: float = 0.0) -> None:
        """Take the child's waiting messages (waiting up to ``timeout`` seconds for the first) and hand them to
        their jobs; notice a child that died or a cancelled job that did not stop."""
        got = self._lock.acquire(timeout=timeout) if timeout > 0 else self._lock.acquire(blocking=False)
        if not got:
            return  # the child is being started (by warm's thread): nothing has come yet
        try:
            self._pump(timeout)
        finally:
            self._lock.release()

    def _pump(self, timeout: float) -> None:
        if self.process is None:
            return
        q = self._replies
        wait = timeout
        while True:
            try:
                msg = q.get(timeout=wait) if wait > 0 else q.get_nowait()
            except queue_mod.Empty:
                break
            except (OSError, EOFError, ValueError):  # the queue went with the child
                break
            wait = 0.0
            kind, job, value = msg
            if kind == "warm":
                self.warmed[job] = value
                continue
            task = self._live.get(job)
            if task is None:
                continue
            if kind == "snapshot":
                task._snapshot, task._fresh = value, True
            elif kind == "progress":
                task.fraction, task.message = min(1.0, max(0.0, value[0])), value[1]
            else:
                del self._live[job]
                if kind == "done":
                    task._finish(value)
                elif task.cancelled:
                    task._finish(error=TaskCancelled(f"The task {task.name!r} was cancelled."))
                else:
                    task._finish(error=value)
        now = time.perf_counter()
        stuck = any(t._cancelled_at and now - t._cancelled_at > KILL_AFTER for t in self._live.values())
        if stuck or not self.process.is_alive():
            self._stop()

    def _drop(self, why: str) -> None:
        """Every job still out fails (the child is gone): cancelled ones as cancelled, others with ``why``."""
        code = None if self.process is None else self.process.exitcode
        for task in self._live.values():
            task._finish(error=TaskCancelled(f"The task {task.name!r} was cancelled (terminated).") if task.cancelled
                         else RuntimeError(why.format(name=task.name, code=code)))
        self._live.clear()

    def _stop(self) -> None:
        proc = self.process
        if proc is not None and proc.is_alive():
            proc.terminate()
            proc.join(timeout=1.0)
        self._drop("The background process of {name!r} ended without an answer (exit code {code}).")
        self.process = None

    def close(self) -> None:
        """Cancel the jobs and end the child (started again by the next job)."""
        with self._lock:
            for task in list(self._live.values()):
                task.cancel()
            if self.alive:
                self._wanted.value = 0
                self._requests.put(None)
                self.process.join(timeout=KILL_AFTER)
            self._stop()
