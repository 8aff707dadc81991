"""Clicking a ``tessera://`` link opens the game: the Linux desktop handler (``tessera share --register``).

:func:`register` writes one desktop entry, ``$XDG_DATA_HOME/applications/tessera-link.desktop``
(``XDG_DATA_HOME`` defaults to ``~/.local/share``), whose ``Exec`` line plays the clicked link
(``tessera play %u``) and whose ``MimeType`` is ``x-scheme-handler/tessera``, and makes it the default
for that type in ``$XDG_DATA_HOME/applications/mimeapps.list`` (read by ``xdg-open``, ``xdg-mime``
and GLib's ``gio``), unless another handler is already the default there.  The entry remembers what
it added (``X-Tessera-*`` keys), so :func:`unregister` removes exactly that: the entry, and the
``mimeapps.list`` line only while it still names the entry (the file itself only when register created
it and nothing else is in it).  Nothing else is touched; every file is replaced as a whole.

Other systems (macOS, Windows) are described in ``docs/SHARING.md``.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["DESKTOP_FILE", "MIME_TYPE", "data_home", "default_command", "desktop_entry", "register", "unregister"]

#: The desktop entry's file name (in ``$XDG_DATA_HOME/applications``).
DESKTOP_FILE = "tessera-link.desktop"
#: The MIME type of ``tessera://`` links in the freedesktop.org specifications.
MIME_TYPE = "x-scheme-handler/tessera"
MIMEAPPS = "mimeapps.list"
DEFAULTS = "[Default Applications]"
_MARK_DEFAULT = "X-Tessera-Set-Default"
_MARK_CREATED = "X-Tessera-Created-Mimeapps"
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` when it is an absolute path (the specification ignores relative ones), else
    ``~/.local/share``."""
    value = (os.environ if env is None else env).get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def default_command() -> list[str]:
    """What plays a link: the ``tessera`` command when it is on ``PATH``, else this Python running
    ``-m game.launcher``; ``play`` follows (the link is appended)."""
    found = shutil.which("tessera")
    return [found, "play"] if found else [sys.executable, "-m", "game.launcher", "play"]


def _exec_arg(arg: str) -> str:
    """One argument of an ``Exec`` key: quoted when it holds a reserved character, ``%`` doubled, and the
    desktop-file string escape applied (a backslash written twice)."""
    if any(c in _RESERVED for c in arg):
        inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
        arg = f'"{inner}"'
    return arg.replace("%", "%%").replace("\\", "\\\\")


def desktop_entry(command: Sequence[str], extra: Mapping[str, str] | None = None) -> str:
    """The desktop entry text that runs ``command`` followed by the clicked link (``%u``)."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Name=Tessera",
        "Comment=Open tessera:// level links in the Tessera maze and puzzle game",
        "Exec=" + " ".join([*(_exec_arg(a) for a in command), "%u"]),
        "Terminal=false",
        "NoDisplay=true",
        f"MimeType={MIME_TYPE};",
        "Categories=Game;",
        *(f"{k}={v}" for k, v in (extra or {}).items()),
    ]
    return "\n".join(lines) + "\n"


def _write(path: Path, text: str) -> None:
    """Replace ``path`` as a whole (a temporary file beside it, then a rename)."""
    from engine.output import write_atomically

    write_atomically(path, text)


def _read_lines(path: Path) -> list[str]:
    """The lines of ``path`` (UTF-8), which is left untouched when it is not text.

    Raises:
        OSError: it cannot be read, or is not UTF-8 text (``filename`` names it).
    """
    from engine.reader import ReadError, read_text

    try:  # the one reader: a regular file of at most 1 MB (a FIFO there is refused, never waited on)
        return read_text(path, limit=1_000_000).splitlines()
    except ReadError as exc:
        if not os.path.exists(path):
            raise FileNotFoundError(2, "No such file or directory", str(path)) from None
        raise OSError(0, f"it {exc.reason} (left as it is)", str(path)) from None


def _default_of(lines: list[str]) -> tuple[int, str | None]:
    """(index of the ``x-scheme-handler/tessera=`` line in ``[Default Applications]`` or -1, its value)."""
    group = ""
    for i, line in enumerate(lines):
        s = line.strip()
        if s.startswith("["):
            group = s
        elif group == DEFAULTS and s.partition("=")[0].strip() == MIME_TYPE:
            return i, s.partition("=")[2].strip()
    return -1, None


def _with_default(lines: list[str]) -> list[str]:
    """``lines`` with ``x-scheme-handler/tessera=tessera-link.desktop;`` added to ``[Default Applications]``."""
    entry = f"{MIME_TYPE}={DESKTOP_FILE};"
    for i, line in enumerate(lines):
        if line.strip() == DEFAULTS:
            return [*lines[: i + 1], entry, *lines[i + 1 :]]
    return [*lines, *([""] if lines and lines[-1].strip() else []), DEFAULTS, entry]


def register(command: Sequence[str] | None = None, home: Path | None = None) -> list[str]:
    """Install the link handler; returns what was done, one sentence per line.

    Args:
        command: what plays a link (default :func:`default_command`); the link is appended.
        home: the XDG data folder (default :func:`data_home`).

    Raises:
        OSError: a file cannot be written (nothing half-written stays: each file is replaced whole).
    """
    apps = (home or data_home()) / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    done = []
    mimeapps = apps / MIMEAPPS
    existed = mimeapps.exists()
    lines = _read_lines(mimeapps) if existed else []
    index, current = _default_of(lines)
    marks: dict[str, str] = {}
    if index < 0:
        _write(mimeapps, "\n".join(_with_default(lines)) + "\n")
        marks[_MARK_DEFAULT] = "true"
        if not existed:
            marks[_MARK_CREATED] = "true"
        done.append(f"made {DESKTOP_FILE} the default for {MIME_TYPE} in {mimeapps}")
    elif current is not None and current.split(";")[0] == DESKTOP_FILE:
        old = _read_marks(apps / DESKTOP_FILE)
        marks = {k: v for k, v in old.items() if k in (_MARK_DEFAULT, _MARK_CREATED)}
        done.append(f"{DESKTOP_FILE} was already the default for {MIME_TYPE} in {mimeapps}")
    else:
        done.append(f"left {mimeapps} as it is: {(current or '').rstrip(';')} is the default for {MIME_TYPE} there")
    entry = apps / DESKTOP_FILE
    _write(entry, desktop_entry(list(command or default_command()), marks))
    done.insert(0, f"wrote {entry}")
    return done


def _read_marks(entry: Path) -> dict[str, str]:
    """The ``X-Tessera-*`` keys of our desktop entry (empty when it is missing or unreadable)."""
    from engine.reader import ReadError, read_text

    try:
        text = read_text(entry, limit=1_000_000)
    except ReadError:
        return {}
    pairs = (line.partition("=") for line in text.splitlines())
    return {k.strip(): v.strip() for k, sep, v in pairs if sep and k.strip().startswith("X-Tessera-")}


def unregister(home: Path | None = None) -> list[str]:
    """Remove what :func:`register` installed, and nothing else; returns what was done, one sentence per line.

    Raises:
        OSError: a file cannot be written or removed.
    """
    apps = (home or data_home()) / "applications"
    entry = apps / DESKTOP_FILE
    if not entry.exists():
        return [f"nothing to remove: {entry} is not there"]
    marks = _read_marks(entry)
    done = []
    mimeapps = apps / MIMEAPPS
    if marks.get(_MARK_DEFAULT) == "true" and mimeapps.exists():
        lines = _read_lines(mimeapps)
        index, current = _default_of(lines)
        if index >= 0 and current is not None and current.split(";")[0] == DESKTOP_FILE:
            del lines[index]
            rest = [s.strip() for s in lines if s.strip() and s.strip() != DEFAULTS]
            if marks.get(_MARK_CREATED) == "true" and not rest:
                mimeapps.unlink()
                done.append(f"removed {mimeapps} (it held only the Tessera line)")
            else:
                _write(mimeapps, "\n".join(lines) + "\n")
                done.append(f"removed the {MIME_TYPE} line from {mimeapps}")
    entry.unlink()
    done.insert(0, f"removed {entry}")
    return done
