"""The one writer of every file a CLI command writes (``generate -o``, ``solve -o``, ``puzzle bench --out``,
``pack new -o``).

- :func:`check_output_path` proves a path can be written *before* long work starts, without blocking:
  it looks with ``os.stat`` first and opens only regular files and character devices, non-blocking.
- :func:`open_output` is a context manager giving a text or binary file; :func:`write_output` writes
  a whole string or bytes.  A FIFO is opened non-blocking (no program reading it is an error, never a
  hang); block devices, sockets and folders are refused.  When writing fails (``ENOSPC`` on
  ``/dev/full``, ``EPIPE``, ``EACCES``...) or the work is interrupted, a file the writer created is
  removed again; a file that existed before is said to be incomplete.
- :func:`output_error` is the one-line reason for an ``OSError`` (``ENAMETOOLONG``, ``ENOSPC``,
  ``EACCES``, a missing folder...), computed from the errno alone (it never touches the disk, so it
  cannot fail itself).

Every failure is a ``ValueError`` with one line naming the path (the CLI prints it, exit code 2).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, TextIO, TypeVar

from engine.sanitise import one_line

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
}


#: FIFOs opened by :func:`check_output_path` (path -> descriptor), handed to :func:`open_output`.
_HELD: dict[str, int] = {}


def shown(path: str | os.PathLike[str], limit: int = 60) -> str:
    """``path`` quoted for a message: one line, control characters escaped, a long one kept by its end."""
    text = one_line(os.fspath(path))
    return "'" + (text if len(text) <= limit else "…" + text[-(limit - 1) :]) + "'"


def output_error(path: str | os.PathLike[str], exc: OSError) -> str:
    """The one-line message for ``path`` that could not be written because of ``exc`` (no disk access)."""
    reason = _REASONS.get(exc.errno or 0)
    if reason is None:
        text = exc.strerror or type(exc).__name__
        reason = text[:1].lower() + text[1:]
    return f"cannot write {shown(path)}: {reason}"


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


def check_output_path(path: str | os.PathLike[str]) -> Path:
    """Make sure a file can be written at ``path`` before any long work starts; never blocks.

    An existing regular file or character device is opened for appending, non-blocking (its content is
    kept); a FIFO is opened non-blocking too (no program reading it is an error now, not after the work)
    and kept open for :func:`open_output` (closing it would end the reader's input); a new file is
    created and removed again.  This is a real test, so it also works for root, for whom permission bits say nothing.

    Raises:
        ValueError: one line naming the path and why it cannot be written.
    """
    p = _check(path)
    st = _stat(p)
    try:
        if st is None:
            os.close(os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666))
            os.unlink(p)
        else:
            _refuse_kind(p, st)
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


def _open_fd(p: str) -> tuple[int, bool]:
    """Open ``p`` for writing without blocking; returns (file descriptor, created by us)."""
    held = _HELD.pop(p, None)
    if held is not None:  # a FIFO checked earlier: its reader is still there
        fcntl.fcntl(held, fcntl.F_SETFL, fcntl.fcntl(held, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        return held, False
    st = _stat(p)
    flags = os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC
    if st is None:
        fd, created = os.open(p, flags | os.O_CREAT | os.O_EXCL, 0o666), True
    else:
        _refuse_kind(p, st)
        fd, created = os.open(p, flags | (os.O_TRUNC if stat.S_ISREG(st.st_mode) else 0)), False
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)  # writes may wait for a reader
    return fd, created


@contextlib.contextmanager
def open_output(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A context manager writing text to ``path`` (UTF-8, ``\\n`` lines).

    On any failure or interruption inside the block, or when closing fails, a file created here is removed.

    Raises:
        ValueError: the path cannot be opened or written (one line naming it; see :func:`output_error`).
    """
    fd, created, p = _open(path)
    with _cleanup(os.fdopen(fd, "w", encoding="utf-8", newline="\n"), p, created) as f:
        yield f


@contextlib.contextmanager
def open_output_bytes(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Like :func:`open_output`, for bytes."""
    fd, created, p = _open(path)
    with _cleanup(os.fdopen(fd, "wb"), p, created) as f:
        yield f


def _open(path: str | os.PathLike[str]) -> tuple[int, bool, str]:
    p = _check(path)
    try:
        fd, created = _open_fd(p)
    except OSError as exc:
        raise ValueError(output_error(p, exc)) from None
    return fd, created, p


F = TypeVar("F", TextIO, BinaryIO)


@contextlib.contextmanager
def _cleanup(f: F, p: str, created: bool) -> Iterator[F]:
    """Yield ``f``; close it at the end; on failure remove ``p`` when ``created`` and say so in one line."""
    try:
        yield f
        f.close()
    except BaseException as exc:
        with contextlib.suppress(OSError):
            f.close()
        if created:
            with contextlib.suppress(OSError):
                os.unlink(p)
        if isinstance(exc, OSError):
            note = "" if created or not _is_regular(p) else " (the file is incomplete)"
            raise ValueError(output_error(p, exc) + note) from None
        raise


def _is_regular(p: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(p).st_mode)
    except OSError:
        return False


def write_output(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through :func:`open_output`.

    Raises:
        ValueError: one line naming the path and why it could not be written.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with open_output_bytes(path) as f:
        f.write(raw)


def write_atomically(target: str | os.PathLike[str], data: str | bytes | Sequence[bytes], *,
                     mode: int = 0o666) -> None:
    """Replace ``target`` whole or not at all: a new temporary file beside it, written, then renamed over it.

    The one atomic writer (level packs, the desktop entry, puzzle tables): a reader of ``target`` sees the old
    file or the new one, never half of one.

    Args:
        target: the file to write (its folder must exist).
        data: text (written as UTF-8 with ``\n`` line ends as given), bytes, or a sequence of byte strings
            written one after another (a header and a large table without joining them).
        mode: the permission bits of the new file (before the umask): 0o600 keeps it private.

    Raises:
        OSError: the temporary file cannot be created, written or renamed (it is removed again; ``target`` is
            as it was).
    """
    path = Path(target)
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


__all__ = ["check_output_path", "new_pack_path", "toml_string", "write_pack_atomically",
           "open_output", "open_output_bytes", "output_error", "shown", "write_atomically",
           "write_output"]
