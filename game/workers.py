"""Background tasks for views: one thread, progress, cancel, result polled each frame.

A View must never run long work inside ``on_update``/``on_draw`` (the window
would freeze).  Instead it starts a :class:`Task` and polls it every frame::

    self.task = Task(lambda progress, cancelled: build(progress=progress, cancel=cancelled),
                     name="pattern databases")
    ...
    def on_update(self, dt):
        if self.task and self.task.done:
            try:
                value = self.task.result()   # re-raises the work's exception
            ...

The work function receives two callables, ``progress(fraction, message)``
(fraction in 0..1, clamped; thread-safe) and ``cancelled() -> bool``, which
match :data:`engine.puzzle.result.ProgressFn` / ``CancelFn`` so engine
functions can take them directly.  Nothing here imports arcade: tasks are
plain threads, usable from any view or from tests.

Two flavours:

* :class:`Task` runs the work in a thread.  Fine for short or numpy-heavy work,
  but pure-Python work holds the GIL: every GL call of the drawing thread
  releases and re-takes the GIL, and each re-take can wait a whole switch
  interval (5 ms), so a long pure-Python search drops the frame rate a lot
  (measured: ~14 frames/s while the A* solver runs).
* :class:`ProcessTask` runs a picklable module-level function in a child
  process (``forkserver``: a clean process, no GL state, fast to fork) and
  keeps only a waiting thread in the game process, so the window keeps its
  frame rate.  Progress comes back through a queue; cancel is an event the
  child polls (the child is terminated if it does not stop within
  :data:`KILL_AFTER` seconds).  ``TESSERA_*`` environment variables of the
  caller are passed to the child.

:class:`game.stream_worker.Worker` is the third: one persistent child process
that runs jobs in turn and streams their snapshots back, polled each frame.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import queue as queue_mod
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")

ProgressFn = Callable[[float, str], None]
CancelledFn = Callable[[], bool]
WorkFn = Callable[[ProgressFn, CancelledFn], T]


class TaskCancelled(Exception):
    """Raised by :meth:`Task.result` when the task was cancelled before it finished."""


class Task(Generic[T]):
    """Run ``work(progress, cancelled)`` in a daemon thread, starting at once.

    Args:
        work: the function to run; its return value becomes :meth:`result`.
            It should poll ``cancelled()`` and stop early (returning or raising)
            when it turns True.
        name: shown in messages and the thread name.
        start: False to create the task without starting it (call :meth:`start`).

    Attributes (read from any thread):
        fraction: last reported progress, 0..1.
        message: last reported progress message.
        started_at: ``time.perf_counter()`` when the thread started (seconds).
    """

    def __init__(self, work: WorkFn[T], name: str = "task", *, start: bool = True) -> None:
        self.name = name
        self._work = work
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None
        self.fraction = 0.0
        self.message = ""
        self.started_at = 0.0
        self.finished_at = 0.0
        self._thread: threading.Thread | None = None
        if start:
            self.start()

    # -- control -------------------------------------------------------------
    def start(self) -> None:
        """Start the thread (once).

        Raises:
            RuntimeError: if already started.
        """
        if self._thread is not None:
            raise RuntimeError(f"The task {self.name!r} was already started.")
        self.started_at = time.perf_counter()
        self._thread = threading.Thread(target=self._run, name=f"tessera-{self.name}", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Ask the work to stop (it sees ``cancelled() == True`` on its next poll)."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block up to ``timeout`` seconds (None: forever); True if finished. For tests and shutdown."""
        return self._done.wait(timeout)

    # -- state ---------------------------------------------------------------
    @property
    def done(self) -> bool:
        """True once the work returned or raised."""
        return self._done.is_set()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._cancel.is_set()

    @property
    def elapsed(self) -> float:
        """Seconds since start (frozen when finished); 0 before start."""
        if not self.started_at:
            return 0.0
        end = self.finished_at if self.done else time.perf_counter()
        return end - self.started_at

    def progress(self) -> tuple[float, str]:
        """The last ``(fraction, message)`` reported by the work."""
        with self._lock:
            return self.fraction, self.message

    def result(self) -> T:
        """The work's return value.

        Raises:
            RuntimeError: the task has not finished yet.
            TaskCancelled: it was cancelled and returned nothing useful
                (cancelled work that still returned a value gives that value).
            Exception: whatever the work raised, re-raised here.
        """
        if not self.done:
            raise RuntimeError(f"The task {self.name!r} has not finished.")
        if self._error is not None:
            raise self._error
        if self._value is None and self.cancelled:
            raise TaskCancelled(f"The task {self.name!r} was cancelled.")
        return self._value  # type: ignore[return-value]

    @property
    def error(self) -> BaseException | None:
        """The exception the work raised, if any (after :attr:`done`)."""
        return self._error

    # -- thread side -----------------------------------------------------------
    def _report(self, fraction: float, message: str = "") -> None:
        with self._lock:
            self.fraction = min(1.0, max(0.0, float(fraction)))
            self.message = message

    def _run(self) -> None:
        try:
            self._value = self._work(self._report, self._cancel.is_set)
        except BaseException as exc:  # handed to the polling side
            self._error = exc
        finally:
            self.finished_at = time.perf_counter()
            self._done.set()


KILL_AFTER = 2.0  # seconds a cancelled child process gets before it is terminated
PROGRESS_EVERY = 0.05  # seconds between progress messages sent by a child
_MP_CONTEXT: Any = None
_PRELOAD: list[str] = ["numpy"]


def preload(*modules: str) -> None:
    """Modules the fork server imports once, so children start without importing them.

    Effective only before the first :class:`ProcessTask` starts the server;
    modules must not import arcade (children have no window).
    """
    for m in modules:
        if m not in _PRELOAD:
            _PRELOAD.append(m)


def _context() -> Any:
    """The multiprocessing context for :class:`ProcessTask` (forkserver where available, else spawn)."""
    global _MP_CONTEXT
    if _MP_CONTEXT is None:
        methods = mp.get_all_start_methods()
        _MP_CONTEXT = mp.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            _MP_CONTEXT.set_forkserver_preload(list(_PRELOAD))
    return _MP_CONTEXT


def start_child(proc: Any) -> None:
    """Start ``proc`` (a process of :func:`_context`) without the child re-running the game's ``__main__``.

    multiprocessing re-runs the parent's main module in a fresh child to find functions defined there (ours
    live in modules): ``__main__``'s ``__file__``/``__spec__`` are hidden while the child starts and put back
    afterwards, whatever happens, so a window-opening script without an ``if __name__ == "__main__"`` guard is
    not started again and children stay light (no arcade import). See :meth:`ProcessTask.start`.
    """
    main = sys.modules.get("__main__")
    hidden = {k: main.__dict__.pop(k) for k in ("__file__",) if main is not None and k in main.__dict__}
    spec = getattr(main, "__spec__", None)
    try:
        if main is not None:
            main.__spec__ = None
        proc.start()
    finally:
        if main is not None:
            main.__dict__.update(hidden)
            main.__spec__ = spec


def _child_main(
    fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], env: dict[str, str], q: Any, cancel: Any
) -> None:
    """Body of a :class:`ProcessTask` child: run ``fn`` and send ``("progress"|"done"|"error", ...)`` messages."""
    for k in [k for k in os.environ if k.startswith("TESSERA_") and k not in env]:
        del os.environ[k]
    os.environ.update(env)
    last = [0.0]

    def progress(fraction: float, message: str = "") -> None:
        now = time.perf_counter()
        if now - last[0] >= PROGRESS_EVERY or fraction >= 1.0:
            last[0] = now
            q.put(("progress", float(fraction), str(message)))

    try:
        value = fn(*args, progress=progress, cancel=cancel.is_set, **kwargs)
        q.put(("done", value))
    except BaseException as exc:  # handed to the parent
        try:
            pickle.loads(pickle.dumps(exc))
            q.put(("error", exc))
        except Exception:  # exceptions whose constructor takes other arguments
            q.put(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))


class ProcessTask(Task[T]):
    """Run ``fn(*args, progress=..., cancel=..., **kwargs)`` in a child process.

    ``fn`` must be a module-level function and ``args``/``kwargs``/its return
    value picklable.  Same interface as :class:`Task` (``done``, ``result()``,
    ``progress()``, ``cancel()``, ``elapsed``).  Exceptions that cannot be
    pickled come back as ``RuntimeError`` with their text.

    Raises (from :meth:`result`):
        RuntimeError: also when the child died without an answer.
    """

    def __init__(self, fn: Callable[..., T], *args: Any, name: str = "task", start: bool = True, **kwargs: Any) -> None:
        self._fn = fn
        self._args = args
        self._kwargs = kwargs
        self.process: Any = None
        super().__init__(self._supervise, name=name, start=start)

    def start(self) -> None:
        """Start the child process (from the calling thread), then the thread that waits for it.

        The child must not re-run the parent's ``__main__`` module (:func:`start_child`).
        """
        ctx = _context()
        self._queue = q = ctx.Queue()
        self._event = ev = ctx.Event()
        env = {k: v for k, v in os.environ.items() if k.startswith("TESSERA_")}
        proc = ctx.Process(
            target=_child_main, args=(self._fn, self._args, self._kwargs, env, q, ev), name=f"tessera-{self.name}",
            daemon=True,
        )
        self.process = proc
        start_child(proc)
        super().start()

    def _supervise(self, progress: ProgressFn, cancelled: CancelledFn) -> T:
        proc, q, ev = self.process, self._queue, self._event
        cancel_at = 0.0
        try:
            while True:
                if cancelled() and not ev.is_set():
                    ev.set()
                    cancel_at = time.perf_counter()
                if cancel_at and time.perf_counter() - cancel_at > KILL_AFTER:
                    proc.terminate()
                    raise TaskCancelled(f"The task {self.name!r} was cancelled (terminated).")
                try:
                    msg = q.get(timeout=0.05)
                except queue_mod.Empty:
                    if not proc.is_alive():
                        try:  # a last message may still be in flight
                            msg = q.get(timeout=0.2)
                        except queue_mod.Empty:
                            raise RuntimeError(
                                f"The background process of {self.name!r} ended without an answer "
                                f"(exit code {proc.exitcode})."
                            ) from None
                    else:
                        continue
                kind = msg[0]
                if kind == "progress":
                    progress(msg[1], msg[2])
                elif kind == "done":
                    value: T = msg[1]
                    return value
                else:
                    raise msg[1]
        finally:
            proc.join(timeout=1.0)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=1.0)
            q.close()


#: Frames per second of a progress screen's spinner: what it shows changes this often, so a screen that redraws
#: only when its progress line changes redraws a few times a second, not at the window's 60.
PROGRESS_FPS = 4.0


def spinner(elapsed: float, frames: str = "|/-\\", fps: float = PROGRESS_FPS) -> str:
    """A text spinner frame for ``elapsed`` seconds (cycles ``frames`` at ``fps``, :data:`PROGRESS_FPS`)."""
    return frames[int(elapsed * fps) % len(frames)]


def run_sync(work: Callable[..., Any], *args: Any, **kwargs: Any) -> Task[Any]:
    """Run ``work(*args, **kwargs)`` as a finished task in this thread (tests; no progress)."""
    task: Task[Any] = Task(lambda p, c: work(*args, **kwargs), name=getattr(work, "__name__", "sync"), start=False)
    task.started_at = time.perf_counter()
    task._run()
    return task
