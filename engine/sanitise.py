"""The one sanitiser of every message that quotes player input (``tessera show``, CLI errors, file names).

:func:`one_line` makes any text safe to print on a terminal: control characters (C0, DEL, C1,
and the Unicode line/paragraph separators) are shown escaped — ``\\n``, ``\\r``, ``\\t``,
``\\x1b``, ``\\u2028`` — so the result is always one line and never an escape sequence; a
backslash stays as it is.  ``limit`` shortens long input with an ellipsis.
"""

from __future__ import annotations

import unicodedata

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    o = ord(ch)
    if o < 0x100:
        return f"\\x{o:02x}"
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def _unsafe(ch: str) -> bool:
    """True for characters a terminal may act on or that break a line (Unicode category C*, Zl, Zp)."""
    cat = unicodedata.category(ch)
    return cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") and ch != "\u200d"


def one_line(text: object, limit: int | None = None) -> str:
    """``text`` (any object, through ``str``) with every control character escaped: always one line.

    Args:
        text: what to quote.
        limit: the most characters of *input* shown (None = all); longer input ends in ``…``.
    """
    s = str(text)
    cut = limit is not None and len(s) > limit
    if cut:
        assert limit is not None
        s = s[: max(0, limit - 1)]
    out = "".join(_escape(c) if (c < " " or c == "\x7f" or (c > "~" and _unsafe(c))) else c for c in s)
    return out + "…" if cut else out


__all__ = ["one_line"]
