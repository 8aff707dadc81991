"""The one decoder door over every kind of shareable code.

The frame every code shares (check characters, base 36, normalising) is
:mod:`engine.code_frame`, below the kinds; its names are re-exported here for the
modules above the kinds.  Each kind's module describes its code once: a
:class:`~engine.code_frame.CodeKind` (tag, name, decoders) and a class whose methods
carry the kind's behaviour (:class:`Decoded`).  :data:`KINDS` lists every kind once: a new
kind is its module plus one line there.

**The door.**  :func:`decode_any` takes any object and returns the decoded level (a
:class:`Decoded`) or raises :class:`CodeError` with one plain sentence, never another
exception.  Callers never switch on the decoded type: they call its methods.  To accept one
kind only, :func:`engine.code_frame.decode_kind` takes the kind (``MAZE_CODES``...), typed by it.
Decoding never builds a maze: every field is checked against its range first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from engine.code_frame import (
    ALPHABET,
    CURRENT_VERSION,
    MAX_ANY_LENGTH,
    MAX_CODE_LENGTH,
    SYMBOLS,
    CodeError,
    CodeKind,
    Frame,
    check2,
    check_for,
    check_frame,
    code_head,
    decode_int,
    decode_kind,
    encode_int,
    luhn36,
    normalize,
    normalize_checked,
    parse_size,
    seal,
    unseal,
)
from engine.level import Level, NamedLevel, read_codes_with
from engine.maze.level_code import LEVEL_CODES, LevelCode
from engine.maze.recipe import MAZE_CODES, MazeSpec
from engine.modes.ghost import GHOST_CODES
from engine.modes.race.code import RACE_CODES
from engine.puzzle.codes import PUZZLE_CODES
from engine.puzzle.replay import REPLAY_CODES

__all__ = [
    "ALPHABET", "CURRENT_VERSION", "KINDS", "KIND_MODES", "MAX_ANY_LENGTH", "MAX_CODE_LENGTH", "SYMBOLS", "CodeError",
    "CodeKind", "Decoded", "Frame", "KindMode", "check2", "check_for", "dark_code", "decode_any", "decode_int",
    "decode_spelled",
    "decode_kind", "encode_int", "kind_table", "known_kinds", "level_of_code", "luhn36", "mode_of", "mode_table",
    "normalize", "normalize_checked", "open_frame", "parse_size", "seal", "unseal", "upgrade_code", "upgrade_key",
]


@runtime_checkable
class Decoded(Protocol):
    """A decoded level of any kind: what :func:`decode_any` returns.  Each kind's class carries its own
    behaviour here, so no caller switches on the kind.

    Attributes:
        KIND: the kind's name (``maze``, ``race``, ``ghost``, ``puzzle``, ``level``; its :class:`CodeKind`'s name).
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

    def upgraded(self) -> Decoded:
        """The same level written in :data:`CURRENT_VERSION`."""
        ...

    def describe(self) -> dict[str, Any]:
        """Every field, by name, without building anything big (for ``tessera show``)."""
        ...

    def facts(self, full: bool = False) -> dict[str, Any]:
        """What ``tessera show`` adds about the maze (cells, shortest path...): :mod:`engine.maze.facts`;
        a big recipe is built only when ``full``.

        Raises:
            CodeError: (ghost) a move that is not legal in its maze.
        """
        ...

    def label(self) -> str:
        """A short human description of its level (``hex 20×15, wilson``), for a screen's title."""
        ...

    def line(self) -> str:
        """What the code is, in one line, building nothing (``maze: hex 8×6, wilson``): ``tessera share``."""
        ...

    def list_text(self) -> str:
        """The short text of a list of saved levels, in players' words (``maze · hexagon 9×7, dark``)."""
        ...

    def dark_twin(self) -> Decoded:
        """The same level played in the dark (maze and level codes), or itself for a kind whose screen
        decides about the dark (race, ghost) or has none (puzzle)."""
        ...

    def maze_recipe(self) -> MazeSpec | None:
        """The maze recipe it builds its maze from (maze, race, ghost of a recipe), else None."""
        ...

    def made_level(self) -> Level | None:
        """The level it carries ready-made (a level code: the maze itself), else None."""
        ...


def kind_table(*kinds: CodeKind[Any]) -> dict[str, CodeKind[Any]]:
    """tag -> kind for ``kinds``.

    Raises:
        ValueError: two kinds share a tag or a name.
    """
    table: dict[str, CodeKind[Any]] = {}
    for kind in kinds:
        other = table.get(kind.tag)
        if other is not None:
            raise ValueError(f"code tag {kind.tag!r} is already used by {other.name} codes")
        if any(k.name == kind.name for k in table.values()):
            raise ValueError(f"two code kinds are named {kind.name!r}")
        table[kind.tag] = kind
    return table


#: A decoded code's class (one kind's).
DT = TypeVar("DT", bound=Decoded)


@dataclass(frozen=True, eq=False)
class KindMode(Generic[DT]):
    """The engine side of the mode one code kind opens (one per kind, in :data:`KIND_MODES`).

    Attributes:
        kind: the code kind (its module's :class:`CodeKind`, e.g. ``MAZE_CODES``): the key of both sides of the mode.
        session_at: where the session class that plays its codes is, ``"module:Class"`` (imported by
            :attr:`session` only: a puzzle's solvers load when a puzzle is played, not when a code is read).
        level: how a decoded code becomes the one :class:`Level` it plays (generated from its recipe, or carried
            ready-made), or None for a kind that is not one level (a race, a ghost's run, a puzzle).  A kind with
            a level and no screen of its own opens on the game's play screen.
        titled: the title its screen shows for a decoded code (None: its ``label()``).
    """

    kind: CodeKind[DT]
    session_at: str
    level: Callable[[DT], Level] | None = None
    titled: Callable[[DT], str] | None = None

    @property
    def session(self) -> type:
        """The class whose objects run the mode (rules, clock, outcome), imported on first use."""
        module, _, name = self.session_at.partition(":")
        found: type = getattr(import_module(module), name)
        return found

    def title(self, decoded: DT) -> str:
        """What its screen calls ``decoded``."""
        return self.titled(decoded) if self.titled is not None else decoded.label()

    def bests_key(self, decoded: DT) -> str:
        """The key its bests are kept under: the code that was typed, in its one spelling (never another kind's).
        Written from ``decoded``; a code just read has it already (:func:`decode_spelled`, :meth:`named`)."""
        return decoded.code()

    def named(self, decoded: DT, code: str | None = None) -> NamedLevel:
        """The one :class:`NamedLevel` a decoded code of this kind plays: its level (:attr:`level`), under
        ``code`` (the code that was typed, its one spelling: never written again; default :meth:`bests_key`)
        and :meth:`title`.

        Raises:
            CodeError: a kind that is not one level (race, ghost, puzzle).
        """
        if self.level is None:
            raise CodeError(f"This {self.kind.name} code is not one level to play.")
        return NamedLevel(self.level(decoded), self.bests_key(decoded) if code is None else code, self.title(decoded))


def mode_table(*modes: KindMode[Any]) -> dict[CodeKind[Any], KindMode[Any]]:
    """kind -> its mode, for ``modes`` (in order).

    Raises:
        ValueError: two modes of one kind, or two kinds that share a tag or a name (:func:`kind_table`).
    """
    kind_table(*(m.kind for m in modes))
    table = {m.kind: m for m in modes}
    if len(table) != len(modes):
        raise ValueError("two modes name the same code kind")
    return table


def _made(code: LevelCode) -> Level:
    return code.level()


def _made_title(code: LevelCode) -> str:
    return code.level().title()


_PLAY = "engine.modes.play:PlaySession"
_RACE = "engine.modes.race.session:RaceSession"

#: Every kind of code with the engine side of the mode it opens, keyed by the kind: the one list (the door, the
#: game's modes, ``known_kinds`` and ``tessera show`` read it).
KIND_MODES: dict[CodeKind[Any], KindMode[Any]] = mode_table(
    KindMode(MAZE_CODES, _PLAY, MazeSpec.level, MazeSpec.title),
    KindMode(RACE_CODES, _RACE),
    KindMode(GHOST_CODES, _RACE),
    KindMode(PUZZLE_CODES, "engine.puzzle.session:PuzzleSession"),
    KindMode(LEVEL_CODES, _PLAY, _made, _made_title),
    KindMode(REPLAY_CODES, "engine.puzzle.replay:ReplayPlayer"),
)
#: Every kind of code, tag -> kind (read from :data:`KIND_MODES`).
KINDS: dict[str, CodeKind[Any]] = kind_table(*KIND_MODES)
_BY_NAME: dict[str, KindMode[Any]] = {m.kind.name: m for m in KIND_MODES.values()}


def mode_of(decoded: object) -> KindMode[Any]:
    """The mode of a decoded code's kind (its :attr:`Decoded.KIND` is its kind's name).

    Raises:
        CodeError: a decoded object of no listed kind.
    """
    mode = _BY_NAME.get(getattr(decoded, "KIND", ""))
    if mode is None:
        raise CodeError(f"This {getattr(decoded, 'KIND', type(decoded).__name__)} code is not a kind Tessera reads.")
    return mode


def known_kinds() -> str:
    """``M (maze), R (race), ...`` for messages."""
    return ", ".join(f"{k.tag} ({k.name})" for k in KINDS.values())


def open_frame(code: object) -> tuple[CodeKind[Any], Frame]:
    """Check the frame of any code: text, characters, kind, version, check characters.

    Raises:
        CodeError: one plain sentence naming the first thing that is wrong.
    """
    text = normalize_checked(code, what="code", max_length=MAX_ANY_LENGTH)
    kind = KINDS.get(code_head(text)[:1])
    if kind is None:
        raise CodeError(f"This is not a Tessera code: codes start with {known_kinds()}.")
    return kind, check_frame(kind, text)


def decode_any(code: object) -> Decoded:
    """The one decoder door: any object in, a decoded level or :class:`CodeError` out.

    Args:
        code: anything (a code is text; surrounding spaces and quotes and case are ignored).

    Returns:
        A :class:`Decoded` (a ``MazeSpec``, ``RaceSpec``, ``GhostCode``, ``PuzzleCode``, ``LevelCode`` or ``Replay``).
        Nothing big is built: a maze is generated only by its ``build()`` (a level code
        builds its grid, bounded by the code's length, to check its goal can be reached).

    Raises:
        CodeError: one plain sentence, for every input that is not a valid code
            in its one canonical spelling.
    """
    return decode_spelled(code)[0]


def decode_spelled(code: object) -> tuple[Decoded, str]:
    """:func:`decode_any` and the code's one spelling as it was typed (normalised: the text the decoder checked
    is the canonical code), so what the code is known by (a bests key, a title's code) is never written again.

    Raises:
        CodeError: as :func:`decode_any`.
    """
    kind, frame = open_frame(code)
    decoded: Decoded = kind.decode(frame)
    return decoded, frame.text


def dark_code(text: object) -> str:
    """The code of the same level played in the dark: a maze or level code gets its dark flag
    (``.D``); race, ghost and puzzle codes come back unchanged (their screens decide about the dark).

    Raises:
        CodeError: the text is not a valid code (one plain sentence).
    """
    return decode_any(text).dark_twin().code()


def level_of_code(code: object) -> Level:
    """The level of a code whose kind is one level (:attr:`KindMode.level`: a maze code generated from its
    recipe, a level code's maze itself): :meth:`engine.level.Level.from_code`.

    Raises:
        CodeError: not a valid code, or a kind that is not one level (race, ghost, puzzle).
    """
    decoded = decode_any(code)
    level = mode_of(decoded).level
    if level is None:
        raise CodeError(f"This is not a {MAZE_CODES.what} ({MAZE_CODES.what}s start with '{MAZE_CODES.tag}').")
    made: Level = level(decoded)
    return made


read_codes_with(level_of_code)


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
