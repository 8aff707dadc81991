"""Shareable codes: the common frame, the check characters, and the one decoder door.

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

**The door.**  :func:`decode_any` takes any object and returns the decoded level
(a :data:`Decoded`: the union ``MazeSpec | RaceSpec | GhostCode | PuzzleCode | LevelCode``, so
callers dispatch with ``match decoded: case MazeSpec(): ...``) or raises
:class:`CodeError` with one plain sentence, never another exception.  Given a
``tag`` (``"M"``, ``"R"``, ``"G"``, ``"P"``, ``"L"``) it returns that kind's type.
Kinds register themselves here (:func:`register`) from their own modules
(:data:`KIND_MODULES`); each module parses its own fields.  Decoding never builds
a maze: every field is checked against its range first.  This module imports the
kind modules only when it first decodes (and for type checking), never at import
time: they import it.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import operator
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, TypeAlias, overload, runtime_checkable

from engine import args
from engine.share.links import LinkError, code_from_link_or_code

if TYPE_CHECKING:
    from engine.maze.level_code import LevelCode
    from engine.maze.recipe import MazeSpec
    from engine.modes.ghost import GhostCode
    from engine.modes.race.code import RaceSpec
    from engine.puzzle.codes import PuzzleCode

ALPHABET = string.digits + string.ascii_uppercase  # 36 symbols, value = index
#: The 41 symbols a code body may contain; the v2 check weighs each by its index.
SYMBOLS = ALPHABET + ".#:-_"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_SYMBOL_VALUE = {c: i for i, c in enumerate(SYMBOLS)}
_ALLOWED = frozenset(SYMBOLS)
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
    s = sum(map(operator.mul, itertools.cycle(_WEIGHTS), values))
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
    bad = sorted({c for c in text if c not in _ALLOWED})
    if bad:
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
        return args.parse_size(text, what=what)
    except ValueError:
        raise bad from None


# -- the registry and the door --------------------------------------------------------
@runtime_checkable
class CodeLevel(Protocol):
    """What every kind's decoded level has (each member of :data:`Decoded` is one).

    Attributes:
        KIND: the kind's name (``maze``, ``race``, ``ghost``, ``puzzle``, ``level``).
        version: the format version it was decoded from (new objects: :data:`CURRENT_VERSION`).
    """

    KIND: ClassVar[str]

    @property
    def version(self) -> int:
        """The format version it was decoded from (new objects: :data:`CURRENT_VERSION`)."""
        ...

    def code(self) -> str:
        """The canonical code in :attr:`version` (decode -> code gives the input back)."""
        ...

    def describe(self) -> dict[str, Any]:
        """Every field, by name, without building anything big (for ``tessera show``)."""
        ...

    def upgraded(self) -> Any:
        """The same level written in :data:`CURRENT_VERSION`."""
        ...


#: What :func:`decode_any` returns: a decoded level of one kind.  At run time
#: ``engine.codes.Decoded`` is the same union of the five classes (built on first
#: use, see ``__getattr__`` below), so ``isinstance(x, Decoded)`` works.
if TYPE_CHECKING:
    Decoded: TypeAlias = "MazeSpec | RaceSpec | GhostCode | PuzzleCode | LevelCode"


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


Decoder = Callable[[Frame], CodeLevel]


@dataclass
class CodeKind:
    """One kind of code in the registry.

    Attributes:
        tag: its letter (``M``).
        name: its name (``maze``), also the :attr:`CodeLevel.KIND` of what it decodes to.
        what: its name in messages (``maze code``).
        max_length: the longest valid code of this kind, in characters.
        decoders: format version -> decoder (a :class:`Frame` -> a :data:`Decoded`,
            raising :class:`CodeError`).
    """

    tag: str
    name: str
    what: str
    max_length: int = MAX_CODE_LENGTH
    decoders: dict[int, Decoder] = field(default_factory=dict)

    def versions(self) -> str:
        """``M1, M2`` for messages."""
        return ", ".join(f"{self.tag}{v}" for v in sorted(self.decoders))


#: tag -> kind; filled by :func:`register` from the modules in :data:`KIND_MODULES`.
KINDS: dict[str, CodeKind] = {}
#: The modules that register a kind (imported on the first decode).  A new kind is
#: one module calling :func:`register` plus one line here.
KIND_MODULES = ("engine.maze.recipe", "engine.modes.race.code", "engine.modes.ghost", "engine.puzzle.codes",
                "engine.maze.level_code")
_loaded = False


def register(tag: str, name: str, version: int, decoder: Decoder, *, what: str | None = None,
             max_length: int = MAX_CODE_LENGTH) -> None:
    """Register ``decoder`` for version ``version`` of the kind ``tag``.

    Raises:
        ValueError: ``tag`` is not one upper-case letter, is used by another kind,
            or the version is already registered.
    """
    if len(tag) != 1 or tag not in string.ascii_uppercase:
        raise ValueError(f"a code tag is one upper-case letter, got {tag!r}")
    kind = KINDS.get(tag)
    if kind is None:
        kind = KINDS[tag] = CodeKind(tag, name, what or f"{name} code", max_length)
    elif kind.name != name:
        raise ValueError(f"code tag {tag!r} is already used by {kind.name} codes")
    if version in kind.decoders and kind.decoders[version] is not decoder:
        raise ValueError(f"{kind.what} version {version} is registered twice")
    kind.decoders[version] = decoder
    kind.max_length = max(kind.max_length, max_length)


def _load_kinds() -> None:
    global _loaded
    if not _loaded:
        for module in KIND_MODULES:
            importlib.import_module(module)
        _loaded = True


def known_kinds() -> str:
    """``M (maze), R (race), ...`` for messages."""
    _load_kinds()
    return ", ".join(f"{k.tag} ({k.name})" for k in KINDS.values())


def open_frame(code: object, *, tag: str | None = None) -> tuple[CodeKind, Frame]:
    """Check the frame of any code: text, characters, kind, version, check characters.

    Args:
        tag: when given, the code must be of this kind.

    Raises:
        CodeError: one plain sentence naming the first thing that is wrong.
    """
    _load_kinds()
    want = KINDS[tag] if tag is not None else None
    what = want.what if want is not None else "code"
    text = normalize_checked(code, what=what, max_length=want.max_length if want else MAX_ANY_LENGTH)
    head = text.split(".", 1)[0].split("#", 1)[0].split(":", 1)[0].split("-", 1)[0]
    kind = KINDS.get(head[:1])
    if want is not None and kind is not want:
        raise CodeError(f"This is not a {want.what} ({want.what}s start with '{want.tag}').")
    if kind is None:
        raise CodeError(f"This is not a Tessera code: codes start with {known_kinds()}.")
    if len(text) > kind.max_length:
        raise CodeError(f"The {kind.what} is too long ({len(text)} characters, at most {kind.max_length}).")
    digits = head[1:]
    version = int(digits) if digits.isdigit() and len(digits) <= 3 and digits[0] != "0" else None
    if version is None or version not in kind.decoders:
        shown = head if len(head) <= 8 else head[:8] + "..."
        raise CodeError(f"The {kind.what} format '{shown}' is not known to this version (it reads {kind.versions()}).")
    body, sep, check = text.rpartition("-")
    _verify_check(body if sep else "", check, version, kind.what)
    return kind, Frame(text, kind.tag, version, body, body[len(head):])


@overload
def decode_any(code: object, *, tag: Literal["M"]) -> MazeSpec: ...
@overload
def decode_any(code: object, *, tag: Literal["R"]) -> RaceSpec: ...
@overload
def decode_any(code: object, *, tag: Literal["G"]) -> GhostCode: ...
@overload
def decode_any(code: object, *, tag: Literal["P"]) -> PuzzleCode: ...
@overload
def decode_any(code: object, *, tag: Literal["L"]) -> LevelCode: ...
@overload
def decode_any(code: object, *, tag: str | None = None) -> Decoded: ...
def decode_any(code: object, *, tag: str | None = None) -> Decoded:
    """The one decoder door: any object in, a decoded level or :class:`CodeError` out.

    Args:
        code: anything (a code is text; surrounding spaces and quotes and case are ignored).
        tag: when given, only codes of this kind are accepted (``M``, ``R``, ``G``, ``P``, ``L``).

    Returns:
        A :data:`Decoded` (``MazeSpec``, ``RaceSpec``, ``GhostCode``, ``PuzzleCode`` or
        ``LevelCode``; with ``tag``, that kind's class).
        Nothing big is built: a maze is generated only by its ``build()`` (a level code
        builds its grid, bounded by the code's length, to check its goal can be reached).

    Raises:
        CodeError: one plain sentence, for every input that is not a valid code
            in its one canonical spelling.
    """
    kind, frame = open_frame(code, tag=tag)
    decoded = kind.decoders[frame.version](frame)
    again = decoded.code()
    if again != frame.text:
        raise CodeError(
            f"The {kind.what} is not written the way Tessera writes it (for example a number with a leading "
            f"zero); the same level is {again}." if len(again) <= 80 else
            f"The {kind.what} is not written the way Tessera writes it (for example a number with a leading zero)."
        )
    return decoded  # type: ignore[return-value]  # the registry holds exactly the kinds of Decoded


def upgrade_code(code: object) -> str:
    """The current-version spelling of any valid code (a version-1 code gives its version-2 twin).

    Useful to move saved keys (best times per code) from old to new codes.

    Raises:
        CodeError: the code does not decode.
    """
    return decode_any(code).upgraded().code()


def upgrade_key(key: str) -> str:
    """A saved key (a code, or ``prefix:code`` such as ``vs-ghost:M1...``) with its code in today's format.

    Keys that hold no valid code (``puzzle-size:4x4``, settings) come back unchanged; never raises.
    """
    candidates = [("", key)]
    if ":" in key:
        head, rest = key.split(":", 1)
        candidates.append((head + ":", rest))
    for prefix, rest in candidates:
        try:
            return prefix + upgrade_code(rest)
        except CodeError:
            continue
    return key


#: The classes of :data:`Decoded` as ``(module, class)``; the run-time union is built from them on first use.
DECODED_CLASSES = (
    ("engine.maze.recipe", "MazeSpec"),
    ("engine.modes.race.code", "RaceSpec"),
    ("engine.modes.ghost", "GhostCode"),
    ("engine.puzzle.codes", "PuzzleCode"),
    ("engine.maze.level_code", "LevelCode"),
)
_decoded_union: object = None

if not TYPE_CHECKING:  # for the type checker ``Decoded`` is the alias above, never this
    def __getattr__(name: str) -> object:
        """``Decoded`` at run time: the union of :data:`DECODED_CLASSES` (their modules imported on first use)."""
        global _decoded_union
        if name != "Decoded":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        if _decoded_union is None:
            classes = [getattr(importlib.import_module(m), c) for m, c in DECODED_CLASSES]
            _decoded_union = functools.reduce(operator.or_, classes)
        return _decoded_union
