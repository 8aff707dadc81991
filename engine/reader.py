"""The one reader of every file a player hands the program: level packs, JSON mazes, code lists, pictures.

- Only regular files are read: a folder, FIFO, device or socket (``levels/f.toml`` made with ``mkfifo``, a
  link to ``/dev/zero``) is refused after an ``os.stat`` and before any ``open`` that could block; the file
  is then opened non-blocking and checked again (``fstat``), so a file swapped in between cannot hang us.
- A byte limit is checked before reading (the size) and while reading (a file that grows), so nothing
  balloons: a pack is at most :data:`MAX_PACK_BYTES`.
- TOML and JSON are scanned before parsing: nesting deeper than :data:`MAX_DEPTH` or a key of more than
  :data:`MAX_KEY_PARTS` dotted parts is refused (a 100,000-deep array made ``tomllib`` raise RecursionError;
  a 20,000-part key cost 2.3 GB).

Every refusal is a :class:`ReadError` (a ``ValueError``) with one line naming the file.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

from engine.sanitise import one_line

__all__ = ["MAX_DEPTH", "MAX_JSON_BYTES", "MAX_KEY_PARTS", "MAX_PACK_BYTES", "ReadError", "check_nesting", "copy_file",
           "read_head",
           "load_json", "load_toml", "parse_json", "parse_toml", "read_bytes", "read_text"]

#: The largest level pack read (bytes); the campaign's biggest file is under 10 KB.
MAX_PACK_BYTES = 1_000_000
#: The largest JSON maze read (bytes): a 1000 x 1000 maze's JSON is about 40 MB.
MAX_JSON_BYTES = 200_000_000
#: The deepest nesting of arrays and tables (TOML) or arrays and objects (JSON) accepted.
MAX_DEPTH = 32
#: The most parts one dotted TOML key may have (``a.b.c`` has 3).
MAX_KEY_PARTS = 32

_REASONS = {
    errno.ENOENT: "does not exist",
    errno.EACCES: "cannot be read (permission denied)",
    errno.EPERM: "cannot be read (permission denied)",
    errno.ENAMETOOLONG: "has a name that is too long",
    errno.ENOTDIR: "has a part of its path that is not a folder",
    errno.ELOOP: "has too many symbolic links",
    errno.EIO: "cannot be read (an input/output error)",
}


class ReadError(ValueError):
    """A file that cannot be read as asked; the message is one line naming it."""

    @property
    def reason(self) -> str:
        """The sentence without its leading quoted file name (``is a pipe (FIFO), not a file...``), for
        callers whose messages name the file their own way."""
        message = str(self)
        head, sep, rest = message.partition("' ")
        return rest if sep and head.startswith("'") else message


def _name(path: str | os.PathLike[str], limit: int = 60) -> str:
    text = one_line(os.fspath(path))
    return "'" + (text if len(text) <= limit else "…" + text[-(limit - 1) :]) + "'"


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in a player's words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: str | os.PathLike[str], *, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (symbolic links followed), at most ``limit`` of them.

    Raises:
        ReadError: a missing or unreadable file, a folder, pipe, device or socket (never opened, never
            waited on), or a file larger than ``limit`` bytes (checked before and while reading).
    """
    p = os.fspath(path)
    try:
        st = os.stat(p)
        kind = _kind(st.st_mode)
        if kind is not None:
            raise ReadError(f"{_name(p)} is {kind}, not a file that can be read")
        if st.st_size > limit:
            raise ReadError(f"{_name(p)} is too big ({st.st_size:,} bytes; at most {limit:,})")
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise ReadError(f"{_name(p)} {_REASONS.get(exc.errno or 0, f'cannot be read ({exc.strerror})')}") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind is not None:  # swapped for something else between stat and open
            raise ReadError(f"{_name(p)} is {kind}, not a file that can be read")
        chunks: list[bytes] = []
        got = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            if got > limit:
                raise ReadError(f"{_name(p)} is too big (more than {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise ReadError(f"{_name(p)} cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def read_head(path: str | os.PathLike[str], size: int) -> bytes:
    """The first ``size`` bytes (or fewer) of the regular file ``path``, whatever its length.

    Raises:
        ReadError: as :func:`read_bytes` for a missing or unreadable file, a pipe, a device, a folder.
    """
    p = os.fspath(path)
    try:
        kind = _kind(os.stat(p).st_mode)
        if kind is not None:
            raise ReadError(f"{_name(p)} is {kind}, not a file that can be read")
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise ReadError(f"{_name(p)} {_REASONS.get(exc.errno or 0, f'cannot be read ({exc.strerror})')}") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise ReadError(f"{_name(p)} is {kind}, not a file that can be read")
        return os.read(fd, size)
    except OSError as exc:
        raise ReadError(f"{_name(p)} cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def copy_file(path: str | os.PathLike[str], dest: str | os.PathLike[str], *, limit: int) -> bool:
    """Copy the regular file ``path`` (links followed) to a new file ``dest``, at most ``limit`` bytes.

    ``path`` is only read (opened read-only, non-blocking; never locked, never written).

    Returns:
        False when there is no file at ``path`` (nothing is created), True when it was copied.

    Raises:
        ReadError: as :func:`read_bytes` (a pipe, device, folder, too big, unreadable), or ``dest`` cannot be
            written (one line).
    """
    p = os.fspath(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise ReadError(f"{_name(p)} {_REASONS.get(exc.errno or 0, f'cannot be read ({exc.strerror})')}") from None
    kind = _kind(st.st_mode)
    if kind is not None:
        raise ReadError(f"{_name(p)} is {kind}, not a file that can be read")
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise ReadError(f"{_name(p)} {_REASONS.get(exc.errno or 0, f'cannot be read ({exc.strerror})')}") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise ReadError(f"{_name(p)} is {kind}, not a file that can be read")
        with open(dest, "xb") as out:
            got = 0
            while chunk := os.read(fd, 1 << 20):
                got += len(chunk)
                if got > limit:
                    raise ReadError(f"{_name(p)} is too big (more than {limit:,} bytes)")
                out.write(chunk)
        return True
    except OSError as exc:
        raise ReadError(f"{_name(p)} cannot be copied ({exc.strerror})") from None
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike[str], *, limit: int) -> str:
    """:func:`read_bytes` as UTF-8 text (a byte-order mark is dropped).

    Raises:
        ReadError: as :func:`read_bytes`, or the bytes are not UTF-8.
    """
    raw = read_bytes(path, limit=limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ReadError(f"{_name(path)} is not UTF-8 text") from None


#: TOML tokens that matter for nesting: strings and comments (skipped whole), brackets, dots, key ends.
_TOML_TOKENS = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*'
                          r"|[\[\]{}.=,\n]")
_JSON_TOKENS = re.compile(r'"(?:\\.|[^"\\])*"|[\[\]{}]')


def check_nesting(text: str, what: str, *, toml: bool) -> None:
    """Refuse ``text`` (TOML when ``toml``, else JSON) nested deeper than :data:`MAX_DEPTH`, or (TOML) with a
    key of more than :data:`MAX_KEY_PARTS` parts, before a parser spends its stack or memory on it.

    A linear scan over the structural characters only (strings and comments are skipped whole).

    Raises:
        ReadError: one line naming ``what`` and the limit.
    """
    depth = 0
    dots = 0
    for m in (_TOML_TOKENS if toml else _JSON_TOKENS).finditer(text):
        tok = m.group()
        if tok in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise ReadError(f"{what} is nested more than {MAX_DEPTH} levels deep")
        elif tok in ("]", "}"):
            depth = max(0, depth - 1)
        if not toml:
            continue
        if tok == ".":
            dots += 1
            if dots >= MAX_KEY_PARTS:
                raise ReadError(f"{what} has a key of more than {MAX_KEY_PARTS} dotted parts")
        elif tok[0] not in "\"'#":
            dots = 0


def parse_toml(text: str, what: str) -> dict[str, Any]:
    """``tomllib.loads(text)`` after :func:`check_nesting`.

    Raises:
        ReadError: too deep, a key too long, or not valid TOML (one line naming ``what``).
    """
    check_nesting(text, what, toml=True)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ReadError(f"{what} is not valid TOML: {one_line(str(exc))}") from None
    except RecursionError:  # pragma: no cover - check_nesting refuses what could get here
        raise ReadError(f"{what} is nested too deeply") from None


def load_toml(path: str | os.PathLike[str], *, limit: int = MAX_PACK_BYTES) -> dict[str, Any]:
    """A player's TOML file (a level pack) through :func:`read_text` and :func:`parse_toml`."""
    return parse_toml(read_text(path, limit=limit), Path(path).name)


def parse_json(text: str, what: str) -> Any:  # JSON is any of its types
    """``json.loads(text)`` after :func:`check_nesting`.

    Raises:
        ReadError: too deep or not valid JSON (one line naming ``what``).
    """
    check_nesting(text, what, toml=False)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReadError(f"{what} is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:  # pragma: no cover - check_nesting refuses what could get here
        raise ReadError(f"{what} is nested too deeply") from None


def load_json(path: str | os.PathLike[str], *, limit: int = MAX_JSON_BYTES) -> Any:  # JSON
    """A player's JSON file through :func:`read_text` and :func:`parse_json`."""
    return parse_json(read_text(path, limit=limit), _name(path))
