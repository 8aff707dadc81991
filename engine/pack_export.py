"""The file side of writing level packs: TOML strings, whole-or-nothing writes, new file names.

:func:`engine.modes.packs.write_pack` (checked packs, ``tessera pack new``) and
:func:`engine.modes.packs.export_levels` (the "Export" of My levels) write through these.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["new_pack_path", "toml_string", "write_atomically"]

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


def write_atomically(target: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``target`` whole or not at all, private to the player (mode 0600, as packs
    always were): :func:`engine.output.write_atomically`, the one atomic writer.

    Raises:
        OSError: the temporary file cannot be written or renamed (nothing is left behind).
    """
    from engine.output import write_atomically as write_whole

    write_whole(target, text, mode=0o600)


def new_pack_path(folder: Path, stem: str) -> Path:
    """A file in ``folder`` for a new pack that overwrites nothing: ``<stem>.toml``, ``<stem>-2.toml``, ..."""
    path, n = folder / f"{stem}.toml", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.toml"
    return path
