"""The code frame: what every Tessera code shares, below every kind.

Every code in Tessera is one case-insensitive string of the form::

    <TAG><VERSION>.<params...>(#<seed> | :<desc>)-<CHECK>

``TAG`` names the kind (``M`` maze, ``R`` race, ``G`` ghost, ``P`` puzzle, ``L`` level:
the maze itself, :mod:`engine.maze.level_format`),
``VERSION`` the format version.  The *body* is everything before the final
``-``; ``CHECK`` protects it against typos:

* **version 2** (every code written today): two characters ``0-9A-Z`` holding
  ``(L mod 31) * 41 + S`` in base 36, where ``L`` is the length of the body and
  ``S = sum(w_i * v_i) mod 41`` over the body's characters, ``v_i`` the
  character's index in the 41 symbols ``0-9A-Z.#:-_`` and ``w_i = 1 + (i mod 40)``.
  41 is prime and every weight is non-zero, so any single substituted character
  changes ``S``; neighbours have weights that differ (by 1, or by 39 at the wrap),
  so any swap of two different neighbours changes ``S``; a missing or extra
  character changes ``L`` by one.  Every single mistyped, missing, extra or
  swapped-neighbour character is therefore caught (tests check it exhaustively).
* **version 1** (older codes, still read): one Luhn mod-36 character over the
  letters and digits only, which misses some swaps, insertions and deletions.

Each level has exactly one spelling: a decoded code is written again and must
give back the input (up to case and surrounding spaces), so ``#0G61Y`` is
refused where ``#G61Y`` is meant.

This module holds the check characters, base 36, normalising, the :class:`Frame` of a
code and the :class:`CodeKind` a kind's module describes itself with; :func:`decode_kind`
decodes one known kind.  It imports no kind: grids, masks and every kind module may
import it.  The door over all kinds (:func:`engine.codes.decode_any`) sits above the
kinds, in :mod:`engine.codes`.
"""

from __future__ import annotations

import itertools
import operator
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from engine.share.links import LinkError, code_from_link_or_code
from engine.values import parse_size as parse_size_text

ALPHABET = string.digits + string.ascii_uppercase  # 36 symbols, value = index
#: The 41 symbols a code body may contain; the v2 check weighs each by its index.
SYMBOLS = ALPHABET + ".#:-_"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_SYMBOL_VALUE = {c: i for i, c in enumerate(SYMBOLS)}
_ALLOWED = frozenset(SYMBOLS)
_HEAD = re.compile(r"[^.#:-]*")  # a code's head: the text up to its first separator
MAX_CODE_LENGTH = 512
#: No code of any kind is longer than this (ghost codes carry one character per move).
MAX_ANY_LENGTH = 100_000
#: The version every code is written in today.
CURRENT_VERSION = 2
_PRIME = 41
_LENGTH_MOD = 31
#: Byte -> its symbol's value (0..40); bytes that are not symbols count as 0.
_SYMBOL_TABLE = bytes(_SYMBOL_VALUE.get(chr(b), 0) for b in range(256))
#: The v2 weights ``1 + (i mod 40)``, one period.
_WEIGHTS = tuple(range(1, 41))


class CodeError(ValueError):
    """A code that cannot be decoded; the message is one plain sentence."""


# -- check characters -----------------------------------------------------------
def luhn36(text: str) -> str:
    """The version-1 check character: Luhn mod 36 over the letters and digits of ``text``.

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


def check2(body: str) -> str:
    """The version-2 check: two characters ``0-9A-Z`` over every character of ``body``.

    Args:
        body: upper-case text of :data:`SYMBOLS` (other characters count as 0).

    Returns:
        ``ALPHABET[value // 36] + ALPHABET[value % 36]`` with
        ``value = (len(body) % 31) * 41 + S`` (0..1270), see the module docstring.
    """
    values = body.encode("ascii", "replace").translate(_SYMBOL_TABLE)
    if len(values) <= 320:
        s = sum(map(operator.mul, _WEIGHTS if len(values) <= 40 else itertools.cycle(_WEIGHTS), values))
    else:  # long bodies: weight i's characters are every 40th from i - 1, summed in C
        s = sum(w * sum(values[w - 1 :: 40]) for w in _WEIGHTS)
    value = (len(body) % _LENGTH_MOD) * _PRIME + s % _PRIME
    return ALPHABET[value // 36] + ALPHABET[value % 36]


def check_for(version: int, body: str) -> str:
    """The check characters of ``body`` in format ``version`` (1: Luhn, 2 and later: :func:`check2`)."""
    return luhn36(body) if version == 1 else check2(body)


def _head_version(body: str) -> int | None:
    head = body.partition(".")[0]
    digits = head[1:]
    if len(head) >= 2 and head[0] in string.ascii_uppercase and digits.isdigit() and len(digits) <= 3:
        return int(digits)
    return None


def seal(body: str) -> str:
    """Append the check characters to an upper-case code body: ``body-CHECK``.

    The scheme follows the version in the body's head (``M1...`` Luhn, ``M2...``
    two characters); a body without a readable head gets the version-1 character.
    """
    version = _head_version(body) or 1
    return f"{body}-{check_for(version, body)}"


# -- text -------------------------------------------------------------------------
def normalize(code: str) -> str:
    """Upper-case ``code`` and strip surrounding white space and quotes; a ``tessera://`` link gives its code.

    Never raises: a link that holds no readable code comes back upper-cased for the decoder to refuse.
    """
    try:
        code = str(code_from_link_or_code(code))
    except LinkError:
        pass
    return code.strip().strip("'\"`").strip().upper()


def normalize_checked(code: object, *, what: str = "code", max_length: int = MAX_CODE_LENGTH) -> str:
    """:func:`normalize` ``code`` after checking it is text of allowed characters.

    A ``tessera://`` link (:mod:`engine.share.links`) is read as the code it holds, so every
    decoder takes links wherever it takes codes.

    Raises:
        CodeError: not text, empty, longer than ``max_length``, or bad characters; a broken link.
    """
    if not isinstance(code, str):
        raise CodeError(f"The {what} must be text.")
    if len(code) > 4 * max_length + 64:  # far too long even with spaces around: do not scan it
        raise CodeError(f"The {what} is too long ({len(code)} characters, at most {max_length}).")
    try:
        code = str(code_from_link_or_code(code))
    except LinkError as exc:
        raise CodeError(str(exc)) from None
    text = code.strip().strip("'\"`").strip()
    if not text:
        raise CodeError(f"The {what} is empty.")
    if len(text) > max_length:
        raise CodeError(f"The {what} is too long ({len(text)} characters, at most {max_length}).")
    if not text.isascii():
        shown = " ".join(repr(c) for c in sorted({c for c in text if not c.isascii()})[:5])
        raise CodeError(f"The {what} contains characters that cannot appear in a code: {shown}.")
    text = text.upper()
    if not _ALLOWED.issuperset(text):
        bad = sorted({c for c in text if c not in _ALLOWED})
        shown = " ".join(repr(c) for c in bad[:5])
        raise CodeError(f"The {what} contains characters that cannot appear in a code: {shown}.")
    return text


def unseal(code: str, *, what: str = "code") -> str:
    """Validate the frame and check characters (scheme by the head's version); return the body.

    Raises:
        CodeError: empty, too long, bad characters, missing or wrong check.
    """
    text = normalize_checked(code, what=what)
    body, sep, check = text.rpartition("-")
    version = _head_version(body) or 1
    _verify_check(body if sep else "", check, version, what)
    return body


def _verify_check(body: str, check: str, version: int, what: str) -> None:
    want = 1 if version == 1 else 2
    if not body or len(check) != want:
        chars = "one letter or digit" if want == 1 else "two letters or digits"
        raise CodeError(
            f"The {what} has no check characters at its end (it should end with '-' and {chars}; "
            "it may be cut short, copy it again)."
            if want == 2
            else f"The {what} has no check character at its end (it should end with '-' and {chars})."
        )
    if check_for(version, body) != check:
        noun = "check character does" if want == 1 else "check characters do"
        raise CodeError(f"The {what} has a typo: its {noun} not match (copy it again).")


# -- numbers ------------------------------------------------------------------------
def encode_int(value: int) -> str:
    """A non-negative integer in base 36 (upper case, no leading zeros)."""
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
        raise CodeError(f"The {what} '{text[:20]}' is not a number in base 36.")
    if len(text) > len(encode_int(max_value)) + 1:
        raise CodeError(f"The {what} is too long.")
    value = int(text, 36)
    if value > max_value:
        raise CodeError(f"The {what} is too large (at most {encode_int(max_value)}).")
    return value


def parse_size(text: str, *, what: str = "size") -> tuple[int, int]:
    """Parse ``WxH`` (decimal, case-insensitive ``x``).

    Raises:
        CodeError: not of the form ``WxH`` with decimal integers of at most 5 digits.
    """
    bad = CodeError(f"The {what} '{text[:20]}' is not of the form WxH (for example 20x15).")
    w_text, _, h_text = text.lower().partition("x")
    if any(ch.isspace() for ch in text) or len(w_text) > 5 or len(h_text) > 5:  # a code's canonical form
        raise bad
    try:
        return parse_size_text(text, what=what)
    except ValueError:
        raise bad from None


def split_level(rest: str, what: str) -> tuple[list[str], str]:
    """Split ``.<field>.<field>...#<seed>`` (a frame's rest) into fields and seed text.

    Raises:
        CodeError: no seed, or not starting with ``.``.
    """
    params, sep, seed_text = rest.partition("#")
    if not sep:
        raise CodeError(f"The {what} has no seed (the part after '#').")
    if not params.startswith("."):
        raise CodeError(f"The {what} is missing its size or its algorithm.")
    return params[1:].split("."), seed_text


@dataclass(frozen=True)
class Frame:
    """A code whose frame and check characters are valid.

    Attributes:
        text: the normalised code (upper case, check included).
        tag: the kind's letter.
        version: the format version.
        body: everything before the final ``-`` (head included).
        rest: the body after ``<TAG><VERSION>`` (starts with ``.``, ``:`` or ``#`` or is empty).
    """

    text: str
    tag: str
    version: int
    body: str
    rest: str


class Spelled(Protocol):
    """What a decoder returns: something that writes its one canonical code."""

    def code(self) -> str:
        """The canonical code (decode -> code gives the input back)."""
        ...


T = TypeVar("T", bound=Spelled)


@dataclass(frozen=True, eq=False)
class CodeKind(Generic[T]):
    """One kind of code: its letter, its names and its decoders; each kind's module defines one.

    The door (:mod:`engine.codes`) lists every kind once, with its mode; :func:`decode_kind` decodes one.  A kind
    is one object, compared and hashed by identity (the modes' tables are keyed by it).

    Attributes:
        tag: its letter (``M``), one upper-case letter.
        name: its name (``maze``), also the ``KIND`` of what it decodes to.
        decoders: format version -> decoder (a :class:`Frame` -> the decoded level, raising :class:`CodeError`).
        what: its name in messages (default ``<name> code``).
        max_length: the longest valid code of this kind, in characters.

    Raises:
        ValueError: (on construction) a tag that is not one upper-case letter, or no decoder.
    """

    tag: str
    name: str
    decoders: Mapping[int, Callable[[Frame], T]] = field(default_factory=dict)
    what: str = ""
    max_length: int = MAX_CODE_LENGTH

    def __post_init__(self) -> None:
        if len(self.tag) != 1 or self.tag not in string.ascii_uppercase:
            raise ValueError(f"a code tag is one upper-case letter, got {self.tag!r}")
        if not self.decoders:
            raise ValueError(f"the {self.name} code kind has no decoder")
        if not self.what:
            object.__setattr__(self, "what", f"{self.name} code")

    def versions(self) -> str:
        """``M1, M2`` for messages."""
        return ", ".join(f"{self.tag}{v}" for v in sorted(self.decoders))

    def decode(self, frame: Frame) -> T:
        """Decode a checked frame of this kind and check it is the code's one spelling.

        Raises:
            CodeError: a field out of range, or not the canonical spelling.
        """
        decoded = self.decoders[frame.version](frame)
        again = decoded.code()
        if again != frame.text:
            raise CodeError(
                f"The {self.what} is not written the way Tessera writes it (for example a number with a leading "
                f"zero); the same level is {again}." if len(again) <= 80 else
                f"The {self.what} is not written the way Tessera writes it (for example a number with a leading "
                "zero)."
            )
        return decoded


def code_head(text: str) -> str:
    """``<TAG><VERSION>`` of a normalised code: everything before the first ``.``, ``#``, ``:`` or ``-``."""
    head = _HEAD.match(text)  # matches every text (maybe empty)
    return head.group() if head else ""


def check_frame(kind: CodeKind[T], text: str) -> Frame:
    """The :class:`Frame` of normalised ``text`` (upper case, allowed characters) known to be of ``kind``.

    Raises:
        CodeError: too long for the kind, an unknown version, missing or wrong check characters.
    """
    if len(text) > kind.max_length:
        raise CodeError(f"The {kind.what} is too long ({len(text)} characters, at most {kind.max_length}).")
    head = code_head(text)
    digits = head[1:]
    version = int(digits) if digits.isdigit() and len(digits) <= 3 and digits[0] != "0" else None
    if version is None or version not in kind.decoders:
        shown = head if len(head) <= 8 else head[:8] + "..."
        raise CodeError(f"The {kind.what} format '{shown}' is not known to this version (it reads {kind.versions()}).")
    body, sep, check = text.rpartition("-")
    _verify_check(body if sep else "", check, version, kind.what)
    return Frame(text, kind.tag, version, body, body[len(head):])


def decode_kind(code: object, kind: CodeKind[T]) -> T:
    """Decode ``code`` as a code of ``kind`` (any object in: a code is text; case, spaces, quotes and a
    ``tessera://`` link around it are ignored).

    Raises:
        CodeError: one plain sentence: not text, bad characters, another kind, an unknown version,
            a typo (check characters), a field out of range, or not the code's one spelling.
    """
    text = normalize_checked(code, what=kind.what, max_length=kind.max_length)
    if code_head(text)[:1] != kind.tag:
        raise CodeError(f"This is not a {kind.what} ({kind.what}s start with '{kind.tag}').")
    return kind.decode(check_frame(kind, text))
