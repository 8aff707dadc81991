"""Shareable codes: the common frame (normalisation, check character, errors).

Every code in Tessera is one case-insensitive string of the form::

    <TAG><VERSION>.<params...>(#<seed> | :<desc>)-<CHECK>

``TAG`` names the mode (``M`` maze, ``R`` race, ``P`` puzzle, ``G`` ghost),
``VERSION`` the format version.  ``CHECK`` is one character from ``0-9A-Z``
computed with the Luhn mod-36 algorithm over every letter and digit before it;
it catches every single mistyped character and most swaps of neighbours.

Decoding either raises :class:`CodeError` with one plain sentence naming what
is wrong, or succeeds completely.  Format-specific parsing lives beside each
mode (:mod:`engine.maze_code`, :mod:`engine.puzzle.codes`, ...).
"""

from __future__ import annotations

import string

ALPHABET = string.digits + string.ascii_uppercase  # 36 symbols, value = index
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_ALLOWED = set(ALPHABET) | set(".#:-_")
MAX_CODE_LENGTH = 512


class CodeError(ValueError):
    """A code that cannot be decoded; the message is one plain sentence."""


def luhn36(text: str) -> str:
    """The Luhn mod-36 check character of the letters and digits of ``text``.

    Other characters (separators) are skipped.  ``text`` must be upper case.
    """
    factor = 2
    total = 0
    for ch in reversed(text):
        v = _VALUE.get(ch)
        if v is None:
            continue
        addend = factor * v
        factor = 1 if factor == 2 else 2
        total += addend // 36 + addend % 36
    return ALPHABET[(36 - total % 36) % 36]


def normalize(code: str) -> str:
    """Upper-case ``code`` and strip surrounding white space and quotes."""
    return code.strip().strip("'\"`").strip().upper()


def seal(body: str) -> str:
    """Append the check character to an upper-case code body: ``body-CHECK``."""
    return f"{body}-{luhn36(body)}"


def normalize_checked(code: str, *, what: str = "code", max_length: int = MAX_CODE_LENGTH) -> str:
    """:func:`normalize` ``code`` after checking it is text of allowed characters.

    Raises:
        CodeError: not text, empty, longer than ``max_length``, or bad characters.
    """
    if not isinstance(code, str):
        raise CodeError(f"The {what} must be text.")
    text = normalize(code)
    if not text:
        raise CodeError(f"The {what} is empty.")
    if len(text) > max_length:
        raise CodeError(f"The {what} is too long ({len(text)} characters, at most {max_length}).")
    bad = sorted({c for c in text if c not in _ALLOWED})
    if bad:
        shown = " ".join(repr(c) for c in bad[:5])
        raise CodeError(f"The {what} contains characters that cannot appear in a code: {shown}.")
    return text


def unseal(code: str, *, what: str = "code") -> str:
    """Validate the frame and check character; return the body without it.

    Raises:
        CodeError: empty, too long, bad characters, missing or wrong check.
    """
    text = normalize_checked(code, what=what)
    body, sep, check = text.rpartition("-")
    if not sep or len(check) != 1 or not body:
        raise CodeError(
            f"The {what} has no check character at its end (it should end with '-' and one letter or digit)."
        )
    if luhn36(body) != check:
        raise CodeError(f"The {what} has a typo: its check character does not match (copy it again).")
    return body


def open_code(code: str, *, tag: str, version: int, what: str) -> tuple[list[str], str]:
    """Unseal a ``<TAG><VERSION>.<field>.<field>...#<seed>`` code and check its tag and version.

    Args:
        tag: the code's letter (``M``, ``R``, ...).
        version: the format version this program reads.
        what: the code's name in messages (``maze code``).

    Returns:
        ``(fields, seed_text)``: the dot-separated fields after the head, and
        the text after ``#``.

    Raises:
        CodeError: a bad frame or check character, no seed, another tag or version.
    """
    body = unseal(code, what=what)
    params, sep, seed_text = body.partition("#")
    if not sep:
        raise CodeError(f"The {what} has no seed (the part after '#').")
    fields = params.split(".")
    head = fields[0]
    if not head.startswith(tag):
        raise CodeError(f"This is not a {what} ({what}s start with '{tag}').")
    if head != f"{tag}{version}":
        raise CodeError(f"The {what} format '{head}' is not known to this version (it reads {tag}{version}).")
    return fields[1:], seed_text


def encode_int(value: int) -> str:
    """A non-negative integer in base 36 (upper case)."""
    if value < 0:
        raise ValueError(f"value must be >= 0, got {value}")
    if value == 0:
        return "0"
    out = []
    while value:
        value, r = divmod(value, 36)
        out.append(ALPHABET[r])
    return "".join(reversed(out))


def decode_int(text: str, *, what: str, max_value: int = (1 << 64) - 1) -> int:
    """Parse a base-36 integer field, naming ``what`` in the error.

    Raises:
        CodeError: empty, not base 36, or above ``max_value``.
    """
    if not text or any(c not in _VALUE for c in text):
        raise CodeError(f"The {what} '{text}' is not a number in base 36.")
    if len(text) > 40:
        raise CodeError(f"The {what} is too long.")
    value = int(text, 36)
    if value > max_value:
        raise CodeError(f"The {what} is too large (at most {encode_int(max_value)}).")
    return value


def parse_size(text: str, *, what: str = "size") -> tuple[int, int]:
    """Parse ``WxH`` (decimal, case-insensitive ``x``).

    Raises:
        CodeError: not of the form ``WxH`` with positive decimal integers.
    """
    w, sep, h = text.upper().partition("X")
    if not sep or not w.isdigit() or not h.isdigit() or len(w) > 5 or len(h) > 5:
        raise CodeError(f"The {what} '{text}' is not of the form WxH (for example 20x15).")
    return int(w), int(h)
