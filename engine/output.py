"""The one writer of every file a CLI command writes (``generate -o``, ``print -o``, ``records --csv``,
``share --qr``, ``puzzle bench --out``, ``pack new -o``).

One rule for every output:

- **Never over a file the game owns** (:func:`engine.owned.owned_file`): the save (``tessera.db`` in the data
  folder) and every file SQLite keeps beside it (``-wal``, ``-shm``, ``-journal``, also before they exist), the
  puzzle tables' key, a level pack in the data folder's ``levels/`` and anything in the puzzle-table folder
  (:mod:`engine.paths` says where), whatever the spelling: ``..``, symbolic links (the resolved path) and hard
  links (``st_dev``/``st_ino``).
- **Whole or not at all**: a regular file, new or existing, is written to a temporary file beside it, flushed to
  the disk and renamed over it at the end (``os.replace``); the old file stays whole until then, also on Ctrl-C,
  SIGTERM or SIGHUP: the temporary file is removed, then Ctrl-C is a ``KeyboardInterrupt`` as always and the
  other two end the process by their signal, as they would have at once (:class:`Terminated`).  An existing file
  is replaced (:data:`REPLACES`), keeping its permission bits; a symbolic link is written through.
- **``-`` is standard output** (:data:`STDOUT`; ``/dev/stdout``, ``/dev/fd/N`` write into the open descriptor
  itself).  Status lines ("wrote ...") belong on standard error then (:func:`named` names the output).
- :func:`check_output_path` proves a path can be written *before* long work starts, without blocking: it looks
  with ``os.stat`` first and opens only regular files and character devices, non-blocking.  A FIFO is opened
  non-blocking (no program reading it is an error, never a hang) and written in place, like a character device;
  block devices, sockets and folders are refused, and so are the kernel's files (``/proc``, ``/sys``).
- :func:`output_error` is the one-line reason for an ``OSError`` (``ENAMETOOLONG``, ``ENOSPC``, ``EACCES``, a
  missing folder...), computed from the errno alone (it never touches the disk, so it cannot fail itself).

Every failure is a ``ValueError`` with one line naming the path (the CLI prints it, exit code 2).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import signal
import stat
import sys
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import BinaryIO, TextIO, TypeVar, cast

from engine.owned import owned_file
from engine.sanitise import one_line

#: The output name meaning standard output (``-o -``).
STDOUT = "-"
#: What every output option's ``--help`` says about an existing file (one rule for every command).
REPLACES = ("an existing file is replaced whole once the work is done (never one of the game's own files); "
            "- is standard output")

_REASONS = {
    errno.ENAMETOOLONG: "the file name is too long",
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "the disk quota is exceeded",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the file system is read-only",
    errno.EISDIR: "it is a folder; give a file name",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ENOENT: "its folder does not exist",
    errno.ENXIO: "it is a pipe no program is reading",
    errno.EPIPE: "the program reading it stopped",
    errno.ELOOP: "too many symbolic links",
    errno.EFBIG: "the file is too large",
    errno.EIO: "an input/output error",
    errno.EBADF: "it is not open",
}


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived while an output was being written: once the temporary file is removed, the
    process ends by that signal as it would have at once (:func:`_die_by`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


#: FIFOs opened by :func:`check_output_path` (path -> descriptor), handed to :func:`open_output`.
_HELD: dict[str, int] = {}


def is_stdout(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` means standard output (``-``)."""
    return os.fspath(path) == STDOUT


def named(path: str | os.PathLike[str]) -> str:
    """``path`` for a status line: ``standard output`` for ``-``, else the path as given (one line)."""
    return "standard output" if is_stdout(path) else one_line(os.fspath(path))


def shown(path: str | os.PathLike[str], limit: int = 60) -> str:
    """``path`` quoted for a message: one line, control characters escaped, a long one kept by its end."""
    text = one_line(os.fspath(path))
    return "'" + (text if len(text) <= limit else "…" + text[-(limit - 1) :]) + "'"


def _where(path: str | os.PathLike[str]) -> str:
    return "to standard output" if is_stdout(path) else shown(path)


def output_error(path: str | os.PathLike[str], exc: OSError) -> str:
    """The one-line message for ``path`` that could not be written because of ``exc`` (no disk access)."""
    reason = _REASONS.get(exc.errno or 0)
    if reason is None:
        text = exc.strerror or type(exc).__name__
        reason = text[:1].lower() + text[1:]
    return f"cannot write {_where(path)}: {reason}"


def _stat(path: str) -> os.stat_result | None:
    """``os.stat`` of ``path`` (following links), None when nothing is there.

    Raises:
        ValueError: the path cannot even be looked at (too long, a file used as a folder, no access).
    """
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(output_error(path, exc)) from None


def _refuse_owned(p: str, st: os.stat_result | None) -> None:
    what = owned_file(p, st)
    if what is not None:
        raise ValueError(f"cannot write {_where(p)}: {what}; choose another file (nothing was written)")


def _refuse_owned_fd(label: str, fd: int) -> None:
    """Refuse an open descriptor (standard output, ``/dev/fd/N``) that is one of the game's files."""
    proc = f"/proc/self/fd/{fd}"
    try:
        st = os.fstat(fd)
    except OSError as exc:
        raise ValueError(output_error(label, exc)) from None
    what = owned_file(proc, st) if os.path.exists(proc) else owned_file(label, st)
    if what is not None and stat.S_ISREG(st.st_mode):
        raise ValueError(f"cannot write {_where(label)}: {what}; choose another file (nothing was written)")


#: ``/dev/stdout``, ``/dev/fd/3``, ``/proc/self/fd/3``: an open descriptor, written in place.
_DESCRIPTOR = re.compile(r"/(?:dev/fd|proc/self/fd|proc/(\d+)/fd)/(\d+)")


def _descriptor(p: str) -> int | None:
    """The descriptor number ``p`` names (``/dev/stdout`` is 1), else None."""
    a = os.path.normpath(os.path.abspath(p))
    if a in ("/dev/stdout", "/dev/stderr"):
        return 1 if a == "/dev/stdout" else 2
    m = _DESCRIPTOR.fullmatch(a)
    if m is None or (m.group(1) is not None and int(m.group(1)) != os.getpid()):
        return None
    return int(m.group(2))


#: File systems whose "files" are the kernel's (``/proc/version``): opening one for writing may succeed (root)
#: while writing fails, so they are refused before the work.
_KERNEL_FILE_SYSTEMS = frozenset({"proc", "sysfs", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs",
                                  "configfs", "pstore", "bpf", "efivarfs", "fusectl", "binfmt_misc"})


def _file_system(path: str) -> str | None:
    """The type of the file system holding ``path`` (Linux ``/proc/self/mountinfo``), None when unknown."""
    try:
        real = os.path.realpath(path)
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as fh:  # the system's, not a player's
            mounts = fh.read(4_000_000).splitlines()
    except OSError:
        return None
    best, kind = "", None
    for line in mounts:
        fields, _, tail = line.partition(" - ")
        parts = fields.split()
        if len(parts) < 5 or not tail:
            continue
        point = parts[4].replace("\\040", " ")
        inside = real == point or real.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, kind = point, tail.split()[0]
    return kind


def _refuse_kind(path: str, st: os.stat_result) -> None:
    """Refuse what is neither a regular file, a FIFO nor a character device, and the kernel's own files."""
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        raise ValueError(f"cannot write {shown(path)}: it is a folder; give a file name")
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
        raise ValueError(f"cannot write {shown(path)}: it is a device or socket, not a file")
    if stat.S_ISREG(mode) and _file_system(path) in _KERNEL_FILE_SYSTEMS:
        raise ValueError(f"cannot write {shown(path)}: it is a file of the system ({_file_system(path)}), not a "
                         "file to write to")


def _check(path: str | os.PathLike[str]) -> str:
    p = os.fspath(path)
    if not p.strip():
        raise ValueError("the output file name is empty")
    return p


def _stdout_fd() -> int | None:
    try:
        return sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # a StringIO (tests), a closed stream
        return None


def check_output_path(path: str | os.PathLike[str]) -> Path:
    """Make sure a file can be written at ``path`` before any long work starts; never blocks.

    Refuses the game's own files (:func:`owned_file`).  For an existing regular file a temporary file is made
    and removed beside it (it will be replaced through one; its content is kept); a character device is opened
    for appending, non-blocking; a FIFO is opened non-blocking too (no program reading it is an error now, not
    after the work) and kept open for :func:`open_output` (closing it would end the reader's input); a new file
    is created and removed again.  This is a real test, so it also works for root, for whom permission bits say
    nothing.  ``-`` (standard output) is checked not to be one of the game's files.

    Raises:
        ValueError: one line naming the path and why it cannot be written.
    """
    p = _check(path)
    if is_stdout(p) or _descriptor(p) is not None:
        fd = _stdout_fd() if is_stdout(p) else _descriptor(p)
        if fd is not None:
            _refuse_owned_fd(p, fd)
        return Path(p)
    st = _stat(p)
    _refuse_owned(p, st)
    try:
        if st is None:
            os.close(os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666))
            os.unlink(p)
            return Path(p)
        _refuse_kind(p, st)
        if stat.S_ISREG(st.st_mode):
            fd, temp = _temp_beside(os.path.realpath(p))
            os.close(fd)
            os.unlink(temp)
            return Path(p)
        fd = os.open(p, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO: ENXIO, no reader
        if stat.S_ISFIFO(st.st_mode):  # closing would end the reader's input: kept for open_output
            old = _HELD.pop(p, None)
            if old is not None:
                os.close(old)
            _HELD[p] = fd
        else:
            os.close(fd)
    except OSError as exc:
        raise ValueError(output_error(p, exc)) from None
    return Path(p)


def _temp_beside(final: str, st: os.stat_result | None = None) -> tuple[int, str]:
    """A new temporary file in ``final``'s folder (the replaced file's permission bits when ``st`` is given).

    Raises:
        OSError: it cannot be made (the folder is missing or not writable...).
    """
    folder, name = os.path.split(final)
    for attempt in range(100):
        temp = os.path.join(folder, f".{name[:40]}.{os.getpid()}-{attempt}.tmp")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - a hundred stale temporary files of this very process
        raise FileExistsError(errno.EEXIST, "no free temporary name", final)
    if st is not None:
        with contextlib.suppress(OSError):
            os.fchmod(fd, stat.S_IMODE(st.st_mode))
        if (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
            with contextlib.suppress(OSError):
                os.fchown(fd, st.st_uid, st.st_gid)
    return fd, temp


def _name_fits(final: str) -> None:
    """Raise ENAMETOOLONG now (not at the rename after the work) for a file name the folder cannot hold."""
    folder, name = os.path.split(final)
    try:
        limit = os.pathconf(folder or ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        return
    if len(os.fsencode(name)) > limit:
        raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), final)


@dataclass
class _Target:
    """An opened output: its descriptor, and for a regular file the temporary file renamed over ``final``."""

    fd: int
    temp: str | None = None
    final: str | None = None


def _open_target(p: str) -> _Target:
    """Open ``p`` for writing without blocking.

    Raises:
        ValueError: one of the game's files, a folder, a socket, a kernel file.
        OSError: the system's refusal.
    """
    held = _HELD.pop(p, None)
    if held is not None:  # a FIFO checked earlier: its reader is still there
        fcntl.fcntl(held, fcntl.F_SETFL, fcntl.fcntl(held, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        return _Target(held)
    number = _descriptor(p)
    if number is not None:  # /dev/stdout: the open descriptor itself, as the shell set it up
        _refuse_owned_fd(p, number)
        return _Target(os.dup(number))
    st = _stat(p)
    _refuse_owned(p, st)
    if st is None or stat.S_ISREG(st.st_mode):
        if st is not None:
            _refuse_kind(p, st)
        final = os.path.realpath(p)  # a symbolic link is written through
        _name_fits(final)
        fd, temp = _temp_beside(final, st)
        return _Target(fd, temp, final)
    _refuse_kind(p, st)
    fd = os.open(p, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)  # writes may wait for a reader
    return _Target(fd)


def _raise_terminated(signum: int, _frame: FrameType | None) -> None:
    raise Terminated(signum)


def _die_by(signum: int) -> None:
    """End the process by ``signum`` with its default action (what it would have done without our handler)."""
    with contextlib.suppress(OSError, ValueError):
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)


@contextlib.contextmanager
def _terminations_raise() -> Iterator[None]:
    """While an output is written (main thread only): SIGTERM and SIGHUP raise :class:`Terminated` instead of
    ending the process at once, so the temporary file is removed first.  Handlers someone else set are kept."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    changed: list[signal.Signals] = []
    for sig in (signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(OSError, ValueError):
            if signal.getsignal(sig) is signal.SIG_DFL:
                signal.signal(sig, _raise_terminated)
                changed.append(sig)
    try:
        yield
    finally:
        for sig in changed:
            with contextlib.suppress(OSError, ValueError):
                signal.signal(sig, signal.SIG_DFL)


@contextlib.contextmanager
def open_output(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A context manager writing text to ``path`` (UTF-8, ``\\n`` lines); ``-`` is standard output.

    A regular file appears (or is replaced) only when the block ends well; on any failure or interruption
    (Ctrl-C, SIGTERM) the temporary file is removed and an existing file is left whole.

    Raises:
        ValueError: the path cannot be opened or written (one line naming it; see :func:`output_error`).
    """
    p = _check(path)
    if is_stdout(p):
        with _stdout(binary=False) as text:
            yield cast(TextIO, text)
        return
    target = _open(p)
    with _finished(os.fdopen(target.fd, "w", encoding="utf-8", newline="\n"), p, target) as f:
        yield f


@contextlib.contextmanager
def open_output_bytes(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Like :func:`open_output`, for bytes (standard output refuses bytes when it is a terminal)."""
    p = _check(path)
    if is_stdout(p):
        with _stdout(binary=True) as raw:
            yield cast(BinaryIO, raw)
        return
    target = _open(p)
    with _finished(os.fdopen(target.fd, "wb"), p, target) as f:
        yield f


@contextlib.contextmanager
def _stdout(*, binary: bool) -> Iterator[TextIO | BinaryIO]:
    """Standard output as it is now (``sys.stdout``, which the CLI points at its ``out``), flushed, never closed.

    A closed pipe stays a ``BrokenPipeError`` (the CLI ends quietly); any other failure is one line.
    """
    stream = sys.stdout
    fd = _stdout_fd()
    if fd is not None:
        _refuse_owned_fd(STDOUT, fd)
    try:
        if binary:
            raw = getattr(stream, "buffer", None)
            if raw is None:
                raise ValueError("cannot write bytes to standard output here: give -o FILE")
            if stream.isatty():
                raise ValueError("standard output is a terminal: send it to a file or a program (> FILE, | ...), "
                                 "or give -o FILE")
            stream.flush()
            yield raw
            raw.flush()
        else:
            yield stream
            stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise ValueError(output_error(STDOUT, exc)) from None


def _open(p: str) -> _Target:
    try:
        return _open_target(p)
    except OSError as exc:
        raise ValueError(output_error(p, exc)) from None


F = TypeVar("F", TextIO, BinaryIO)


@contextlib.contextmanager
def _finished(f: F, p: str, target: _Target) -> Iterator[F]:
    """Yield ``f``; at the end flush it to the disk, close it and rename the temporary file over the target.

    On any failure or interruption the temporary file is removed (the target is as it was) and an ``OSError``
    becomes one line.
    """
    try:
        with _terminations_raise():
            yield f
            f.flush()
            if target.temp is not None:
                with contextlib.suppress(OSError):  # a file system without fsync (EINVAL): the rename still holds
                    os.fsync(f.fileno())
            f.close()
            if target.temp is not None and target.final is not None:
                os.replace(target.temp, target.final)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            f.close()
        if target.temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(target.temp)
        if isinstance(exc, Terminated):  # the old file is whole, the temporary one gone: end as the signal asked
            _die_by(exc.signum)
        if isinstance(exc, OSError):
            raise ValueError(output_error(p, exc)) from None
        raise
    if target.final is not None:
        _sync_folder(os.path.dirname(target.final))


def _sync_folder(folder: str) -> None:
    """Make a rename in ``folder`` last (best effort: not every system can open a folder)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder or ".", os.O_RDONLY | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_output(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through :func:`open_output` (``-``: standard output).

    Raises:
        ValueError: one line naming the path and why it could not be written.
    """
    if isinstance(data, str):
        with open_output(path) as text:
            text.write(data)
        return
    with open_output_bytes(path) as f:
        f.write(data)


def write_atomically(target: str | os.PathLike[str], data: str | bytes | Sequence[bytes], *,
                     mode: int = 0o666) -> None:
    """Replace ``target`` whole or not at all: a new temporary file beside it, written, then renamed over it.

    The one atomic writer (level packs, the desktop entry, puzzle tables): a reader of ``target`` sees the old
    file or the new one, never half of one.  A symbolic link is written through (the link stays).

    Args:
        target: the file to write (its folder must exist).
        data: text (written as UTF-8 with ``\n`` line ends as given), bytes, or a sequence of byte strings
            written one after another (a header and a large table without joining them).
        mode: the permission bits of the new file (before the umask): 0o600 keeps it private.

    Raises:
        OSError: the temporary file cannot be created, written or renamed (it is removed again; ``target`` is
            as it was).
    """
    path = Path(os.path.realpath(target))  # a symbolic link is written through, as by every output
    parts = [data.encode("utf-8")] if isinstance(data, str) else [data] if isinstance(data, bytes) else data
    for attempt in range(100):
        tmp = path.with_name(f".{path.name}.{os.getpid()}-{attempt}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - a hundred stale temporary files of this very process
        raise FileExistsError(errno.EEXIST, "no free temporary name", str(path))
    try:
        with os.fdopen(fd, "wb") as f:
            for part in parts:
                f.write(part)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# -- level pack files (engine.modes.packs writes through these) ------------------------------------------------
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def toml_string(value: str) -> str:
    """``value`` as a TOML basic string (quoted; backslash, quote and control characters escaped)."""
    out = []
    for ch in value:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def write_pack_atomically(target: Path, text: str) -> None:
    """Write a pack's ``text`` (UTF-8) to ``target`` whole or not at all, private to the player (mode 0600, as
    packs always were) through :func:`write_atomically`.

    Raises:
        OSError: the temporary file cannot be written or renamed (nothing is left behind).
    """
    write_atomically(target, text, mode=0o600)


def new_pack_path(folder: Path, stem: str) -> Path:
    """A file in ``folder`` for a new pack that overwrites nothing: ``<stem>.toml``, ``<stem>-2.toml``, ..."""
    path, n = folder / f"{stem}.toml", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.toml"
    return path


__all__ = ["REPLACES", "STDOUT", "Terminated", "check_output_path", "is_stdout", "named", "new_pack_path",
           "open_output", "open_output_bytes", "output_error", "owned_file", "shown", "toml_string",
           "write_atomically", "write_output", "write_pack_atomically"]
