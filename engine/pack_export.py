"""Write a level pack: a small TOML file of named level codes (the "Export as pack" of My levels).

The format (read back by :mod:`tomllib`)::

    [pack]
    name = "My levels"
    author = ""
    [[level]]
    name = "Warm-up"
    code = "M2...."

Codes are written as given (not decoded).  When the level-pack module
(``engine.modes.packs.write_pack``) is present, :func:`export_pack` is the one place to
make it delegate to it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

__all__ = ["export_pack", "new_pack_path", "pack_text", "toml_string", "write_atomically"]

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


def pack_text(name: str, levels: Iterable[tuple[str, str]], author: str = "") -> str:
    """The TOML text of a pack called ``name`` holding ``levels`` ((name, code) pairs, in order)."""
    lines = ["[pack]", f"name = {toml_string(name)}", f"author = {toml_string(author)}"]
    for level_name, code in levels:
        lines += ["", "[[level]]", f"name = {toml_string(level_name)}", f"code = {toml_string(code)}"]
    return "\n".join(lines) + "\n"


def export_pack(path: Path | str, name: str, levels: Iterable[tuple[str, str]]) -> Path:
    """Write the pack ``name`` of ``levels`` ((name, code) pairs) to ``path`` (UTF-8; folders created).

    The file is written whole or not at all (a temporary file renamed over ``path``).

    Raises:
        OSError: the folder cannot be created or the file written.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, pack_text(name, levels))
    return target


def write_atomically(target: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``target`` whole or not at all: a temporary file beside it, renamed over it.

    Raises:
        OSError: the temporary file cannot be written or renamed (nothing is left behind).
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def new_pack_path(folder: Path, stem: str) -> Path:
    """A file in ``folder`` for a new pack that overwrites nothing: ``<stem>.toml``, ``<stem>-2.toml``, ..."""
    path, n = folder / f"{stem}.toml", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.toml"
    return path
