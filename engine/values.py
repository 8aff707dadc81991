"""Checks for values typed by a user: sizes, whole numbers, decimal numbers, dates.

One size parser for every command line (``tessera ...``) and anything else that
reads text from a person, and the engine's one seed range (``parse_seed``, ``check_seed``; :mod:`engine.rng`
re-exports them).  Every check accepts ASCII
only (``str.isdigit`` also accepts '²' and '٣', which ``int`` then rejects or
silently reads), bounds the length of what it converts, and raises
:class:`ValueError` with one line that quotes the bad input and names the
allowed range.  Output files go through :mod:`engine.output`; nothing else of the engine is
imported, nor argparse: the argparse adapters (``OneLineParser``, ``arg_type``) are in :mod:`engine.cli.parsing`.
"""

from __future__ import annotations

import datetime
import math
import re

from engine.sanitise import one_line

_UINT = re.compile(r"[0-9]+")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
_MAX_DIGITS = 40

#: Every seed the engine accepts (maze, race, ghost and puzzle codes): 0..2**64-1 (here, not in :mod:`engine.rng`,
#: so a command line's parser checks seeds without importing numpy).
SEED_MIN = 0
SEED_MAX = (1 << 64) - 1


def quote(text: object, limit: int = 60) -> str:
    """``text`` in single quotes, shortened to ``limit`` characters, with unprintable characters escaped."""
    s = str(text)
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return "'" + one_line(s) + "'"


def parse_uint(text: str, *, what: str, lo: int = 0, hi: int | None = None) -> int:
    """A whole number written in ASCII decimal digits, in ``lo..hi`` (``hi`` None: no upper bound).

    Raises:
        ValueError: not ASCII digits (signs, spaces inside, '²', '1e3', '2**70' are all refused),
            more than 40 digits, or outside the range; the message names ``what`` and the range.
    """
    s = str(text).strip()
    span = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
    if s.startswith("-") and _UINT.fullmatch(s[1:]) and len(s) <= _MAX_DIGITS + 1:
        raise ValueError(f"{what} must be in {span}, got {s}")
    if not _UINT.fullmatch(s) or len(s) > _MAX_DIGITS:
        raise ValueError(f"{what} {quote(text)} is not a whole number in {span}")
    value = int(s)
    if value < lo or (hi is not None and value > hi):
        raise ValueError(f"{what} must be in {span}, got {value}")
    return value


def parse_size(text: str, *, what: str = "size", example: str = "20x15") -> tuple[int, int]:
    """``"WxH"`` (ASCII digits, ``x`` or ``X``, spaces around the parts allowed) as ``(W, H)``.

    Only the form is checked here; each caller checks the range of its own grid
    (for example :func:`engine.maze.grids.check_grid_size`).

    Raises:
        ValueError: ``"<what> '<text>' is not of the form WxH (for example <example>)"``.
    """
    w, sep, h = str(text).lower().partition("x")
    w, h = w.strip(), h.strip()
    if not sep or not _UINT.fullmatch(w) or not _UINT.fullmatch(h) or len(w) > 9 or len(h) > 9:
        raise ValueError(f"{what} {quote(text)} is not of the form WxH (for example {example})")
    return int(w), int(h)


def parse_day(text: str, *, what: str = "date") -> datetime.date:
    """A calendar date written ``YYYY-MM-DD`` (ASCII digits).

    Raises:
        ValueError: another form, or no such day (one line quoting the text).
    """
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):
        raise ValueError(f"{what} {quote(text)} is not of the form YYYY-MM-DD")
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError as exc:
        raise ValueError(f"{what} {quote(text)} is not a calendar date ({exc})") from None


def parse_number(text: str, *, what: str, lo: float, hi: float, lo_open: bool = False) -> float:
    """A finite decimal number (ASCII: ``0.25``, ``1e-3``) in ``lo..hi`` (``(lo..hi]`` when ``lo_open``).

    Raises:
        ValueError: not a plain decimal number (``nan``, ``inf``, '٣' refused), or outside the range.
    """
    s = str(text).strip()
    span = f"above {_num(lo)} and at most {_num(hi)}" if lo_open else f"in {_num(lo)}..{_num(hi)}"
    if not _FLOAT.fullmatch(s) or len(s) > _MAX_DIGITS:
        raise ValueError(f"{what} {quote(text)} is not a number {span}")
    value = float(s)
    if not math.isfinite(value) or value < lo or value > hi or (lo_open and value <= lo):
        raise ValueError(f"{what} must be {span}, got {s}")
    return value


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else str(v)


# -- the seed range: every seed a code or a command line accepts --------------------------
def parse_seed(text: str, *, what: str = "seed") -> int:
    """A seed in the engine's one range, :data:`SEED_MIN`..:data:`SEED_MAX` (0..2**64-1), ASCII decimal.

    Raises:
        ValueError: naming the range.
    """
    return parse_uint(text, what=what, lo=SEED_MIN, hi=SEED_MAX)


def check_seed(seed: int, *, what: str = "seed") -> int:
    """``seed`` itself if it lies in the engine's seed range.

    Raises:
        ValueError: naming the range.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not SEED_MIN <= seed <= SEED_MAX:
        raise ValueError(f"{what} must be in {SEED_MIN}..{SEED_MAX}, got {seed!r}")
    return seed
