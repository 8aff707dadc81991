"""The one check of every value read from the save, as of input typed by a stranger (a save can be hand-edited).

SQLite keeps any type in any column (``best_time`` may hold text, ``settings.value`` a blob), so each value the
store reads passes through one of these before a screen sees it: its type, its range, its size and (for JSON
text) its nesting.  A value that fails is *set aside*: the store uses the default (or skips that row), says so
once in its :attr:`~game.save_file.SaveFile.message`, and leaves the file as it is (nothing is deleted).
Every function here is pure and never raises; each returns the checked value, or None with the reason in
:class:`Refused`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.reader import MAX_DEPTH, ReadError, check_nesting
from game.save_schema import CODE_MAX, NAME_MAX

#: Longest setting value (characters): a kept place of the largest maze is well under this.
SETTING_MAX = 2_000_000
#: Deepest nesting of JSON a setting holds (the kept places and keys are 2 or 3 deep): the one reader's limit.
DEPTH_MAX = MAX_DEPTH
#: Longest level id, daily tag or time stamp kept (characters).
SHORT_MAX = 200
#: Longest time kept (seconds: about 115 days) and most moves, plays or wins counted.
SECONDS_MAX = 1e7
COUNT_MAX = 2**31 - 1
#: A folder path: at most this many bytes, each of its names at most :data:`PATH_PART_MAX` bytes (Linux's limits).
PATH_MAX = 4096
PATH_PART_MAX = 255
#: Settings holding a folder path.
PATH_SETTINGS = frozenset({"export_dir"})


@dataclass(frozen=True)
class Refused:
    """Why a saved value was set aside: ``what`` names it (``"settings 'keys'"``), ``why`` says what is wrong."""

    what: str
    why: str

    def __str__(self) -> str:
        return f"{self.what}: {self.why}"


def _kind(value: object) -> str:
    return {bytes: "bytes", int: "a whole number", float: "a number", str: "text"}.get(type(value), "nothing")


def text(value: object, limit: int, what: str) -> str | Refused:
    """``value`` if it is text of at most ``limit`` characters without NUL, else why not."""
    if not isinstance(value, str):
        return Refused(what, f"{_kind(value)} where text belongs")
    if len(value) > limit:
        return Refused(what, f"{len(value):,} characters, more than {limit:,}")
    if "\x00" in value:
        return Refused(what, "it holds a NUL character")
    return value


def number(value: object, lo: float, hi: float, what: str, *, lo_open: bool = False) -> float | Refused:
    """``value`` as a float if it is a finite number in ``lo..hi`` (above ``lo`` when ``lo_open``), else why not."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return Refused(what, f"{_kind(value)} where a number belongs")
    v = float(value)
    if not math.isfinite(v) or v < lo or v > hi or (lo_open and v <= lo):
        return Refused(what, f"{v!r} is outside {'above ' if lo_open else ''}{lo:g}..{hi:g}")
    return v


def whole(value: object, lo: int, hi: int, what: str) -> int | Refused:
    """``value`` if it is a whole number in ``lo..hi`` (a float with no fraction counts), else why not."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        return Refused(what, f"{_kind(value)} where a whole number belongs")
    if not lo <= value <= hi:
        return Refused(what, f"{value} is outside {lo}..{hi}")
    return value


def path_text(value: str, what: str) -> str | Refused:
    """``value`` if it can name a folder on this system (bytes and name lengths), else why not."""
    raw = value.encode("utf-8", "surrogatepass")
    if len(raw) > PATH_MAX:
        return Refused(what, f"a path of {len(raw):,} bytes, more than {PATH_MAX:,}")
    longest = max((len(p) for p in raw.split(b"/")), default=0)
    if longest > PATH_PART_MAX:
        return Refused(what, f"a folder name of {longest:,} bytes, more than {PATH_PART_MAX}")
    return value


def setting(key: str, value: object) -> str | Refused:
    """A setting's saved value checked: text (a number is read as its text) within :data:`SETTING_MAX`
    characters, JSON nested at most :data:`DEPTH_MAX` deep (:func:`engine.reader.check_nesting`), and a folder
    path the system can use."""
    what = f"settings '{key[:40]}'"
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    got = text(value, SETTING_MAX, what)
    if isinstance(got, Refused):
        return got
    if "[" in got or "{" in got:
        try:
            check_nesting(got, "it", toml=False)
        except ReadError as exc:
            return Refused(what, str(exc))
    if key in PATH_SETTINGS:
        return path_text(got, what)
    return got


def code(value: object, what: str) -> str | Refused:
    """A saved level, maze or ghost code (or a best's key): text of 1 to :data:`CODE_MAX` characters."""
    got = text(value, CODE_MAX, what)
    if isinstance(got, str) and not got:
        return Refused(what, "it is empty")
    return got


def short(value: object, what: str, *, empty: bool = True) -> str | Refused:
    """A level id, daily tag or time stamp: text of at most :data:`SHORT_MAX` characters (None reads as ``""``
    when ``empty``)."""
    if value is None and empty:
        return ""
    return text(value, SHORT_MAX, what)


def seconds(value: object, what: str) -> float | Refused:
    """A time kept: a finite number of seconds above 0 and at most :data:`SECONDS_MAX`."""
    return number(value, 0.0, SECONDS_MAX, what, lo_open=True)


def count(value: object, what: str) -> int | Refused:
    """Moves, plays, wins, stars: a whole number in 0..:data:`COUNT_MAX`."""
    return whole(value, 0, COUNT_MAX, what)


def name(value: object, what: str) -> str | Refused:
    """A level's name as saved: the first :data:`NAME_MAX` characters of its text, line breaks and other control
    characters as spaces (a longer or garbled name still shows its level; only a name that is not text is
    refused)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return Refused(what, f"{_kind(value)} where text belongs")
    head = value[: NAME_MAX + 1]
    clean = "".join(c if c.isprintable() else " " for c in head).strip()
    if len(clean) > NAME_MAX or len(value) > len(head):
        clean = clean[: NAME_MAX - 1].rstrip() + "…"
    return clean or "(no name)"


__all__ = ["DEPTH_MAX", "SETTING_MAX", "Refused", "code", "count", "name", "number", "path_text", "seconds",
           "setting", "short", "text", "whole"]
