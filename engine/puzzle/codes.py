"""Puzzle codes (``P2...``): share a position or a shuffle as one short string.

Forms (case-insensitive, check characters from :func:`engine.codes.seal`)::

    P2.<W>X<H>:<rank>-<check>        the position itself; <rank> is the Lehmer
                                     rank of the tiles in base 36
    P2.<W>X<H>.U#<seed>-<check>      a uniform random solvable position from <seed>
    P2.<W>X<H>.K<k>#<seed>-<check>   the goal scrambled by <k> random moves (decimal)

Any form may name a built-in picture (:mod:`engine.puzzle.pictures`) as an
optional last field before ``:`` or ``#``: ``.I<NAME>``, e.g.
``P2.4X4.U.IMOSAIC#1KA-<check>`` or ``P2.3X3.IDEFAULT:<rank>-<check>``.  Without
it the tiles are plain numbers and the code is spelled exactly as before.

``<seed>`` is base 36 (0..2**64-1).  Version 1 (``P1...``, one check character)
has the same fields and is still read.  Decoding validates everything (size,
rank range, solvability) and raises :class:`engine.codes.CodeError` with one
plain sentence, never anything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import factorial
from typing import Any, ClassVar, Final

from engine.code_frame import (
    ALPHABET,
    CURRENT_VERSION,
    CodeError,
    CodeKind,
    Frame,
    decode_int,
    decode_kind,
    encode_int,
    parse_size,
    seal,
)
from engine.puzzle.board import MAX_SIDE, MIN_SIDE, Board, shuffle_moves, shuffle_uniform
from engine.puzzle.pictures import PICTURES, check_picture, known_pictures
from engine.rng import Rng

TAG: Final = "P"
VERSIONS = (1, 2)
VERSION = CURRENT_VERSION
MAX_SHUFFLE_MOVES = 100_000


def rank_tiles(tiles: tuple[int, ...]) -> int:
    """Lehmer rank of a permutation of ``0..n-1`` (0 .. n!-1)."""
    n = len(tiles)
    rest = list(range(n))
    r = 0
    for i, t in enumerate(tiles):
        j = rest.index(t)
        r += j * factorial(n - 1 - i)
        rest.pop(j)
    return r


def unrank_tiles(rank: int, n: int) -> tuple[int, ...]:
    """Inverse of :func:`rank_tiles` (``rank`` in ``0..n!-1``)."""
    rest = list(range(n))
    out = []
    for i in range(n):
        f = factorial(n - 1 - i)
        j, rank = divmod(rank, f)
        out.append(rest.pop(j))
    return tuple(out)


@dataclass(frozen=True)
class PuzzleCode:
    """A decoded (or to-be-encoded) puzzle code.

    Attributes:
        width, height: board size (2..MAX_SIDE each).
        kind: ``"board"`` (position given), ``"uniform"`` or ``"moves"`` (shuffles).
        seed: shuffle seed (0..2**64-1), None for ``"board"``.
        moves: number of random moves for ``"moves"``, else None.
        board: the position (for shuffles, the one the seed produces).
        version: the code format it is written in (not part of the position).
        picture: a built-in picture name the tiles show, or None (numbered tiles).
    """

    KIND: ClassVar[str] = "puzzle"

    width: int
    height: int
    kind: str
    seed: int | None
    moves: int | None
    board: Board
    version: int = field(default=VERSION, compare=False)
    picture: str | None = None

    def code(self) -> str:
        """The canonical code string in :attr:`version`."""
        size = f"{TAG}{self.version}.{self.width}X{self.height}"
        pic = f".I{self.picture.upper()}" if self.picture else ""
        if self.kind == "board":
            return seal(f"{size}{pic}:{encode_int(rank_tiles(self.board.tiles))}")
        assert self.seed is not None
        mode = "U" if self.kind == "uniform" else f"K{self.moves}"
        return seal(f"{size}.{mode}{pic}#{encode_int(self.seed)}")

    def with_picture(self, picture: str | None) -> PuzzleCode:
        """The same puzzle showing built-in ``picture`` (None: numbered tiles).

        Raises:
            ValueError: an unknown picture name (the sentence names the known ones).
        """
        return replace(self, picture=None if picture is None else check_picture(picture))

    def upgraded(self) -> PuzzleCode:
        """The same puzzle written in the current code version."""
        return replace(self, version=VERSION)

    def describe(self) -> dict[str, Any]:
        """Every field by name: size, form, seed and moves (shuffles), the board, solvable."""
        return {
            "width": self.width,
            "height": self.height,
            "form": self.kind,
            "seed": self.seed,
            "shuffle_moves": self.moves,
            "board": list(self.board.tiles),
            "solvable": self.board.is_solvable(),
            "picture": self.picture,
        }

    # -- what the code is (its kind's behaviour, :class:`engine.codes.Decoded`) ------------
    def facts(self, full: bool = False) -> dict[str, Any]:
        """Nothing more: a puzzle has no maze (its fields, :meth:`describe`, say all)."""
        return {}

    def label(self) -> str:
        """``4×4 sliding puzzle``."""
        return f"{self.width}×{self.height} sliding puzzle"

    def line(self) -> str:
        """``puzzle: 4×4 sliding puzzle, shuffled`` (``, picture cat`` with a picture)."""
        form = {"board": "a given position", "uniform": "shuffled", "moves": f"{self.moves} random moves"}
        picture = f", picture {self.picture}" if self.picture else ""
        return f"puzzle: {self.width}×{self.height} sliding puzzle, {form[self.kind]}{picture}"

    def list_text(self) -> str:
        """``puzzle · 4×4``."""
        return f"puzzle · {self.width}×{self.height}"

    def dark_twin(self) -> PuzzleCode:
        """Itself: a sliding puzzle is never dark."""
        return self

    def maze_recipe(self) -> None:
        """None: a puzzle has no maze."""
        return None

    def made_level(self) -> None:
        """None: a puzzle is not a maze level."""
        return None


def encode_board(board: Board, picture: str | None = None) -> str:
    """The ``params:desc`` code of a position (showing built-in ``picture``, if given).

    Raises:
        ValueError: an unknown picture name.
    """
    return PuzzleCode(board.width, board.height, "board", None, None, board).with_picture(picture).code()


def shuffle_code(width: int, height: int, seed: int, moves: int | None = None) -> PuzzleCode:
    """Make the shuffle for ``seed`` (uniform, or ``moves`` random moves) with its code.

    Raises:
        ValueError: size out of range, seed outside 0..2**64-1, moves outside 1..100000.
    """
    if not 0 <= seed < (1 << 64):
        raise ValueError(f"The seed must be in 0..2**64-1, got {seed}.")
    if moves is None:
        board = shuffle_uniform(width, height, Rng(seed))
        return PuzzleCode(width, height, "uniform", seed, None, board)
    if not 1 <= moves <= MAX_SHUFFLE_MOVES:
        raise ValueError(f"The number of shuffle moves must be in 1..{MAX_SHUFFLE_MOVES}, got {moves}.")
    board = shuffle_moves(width, height, moves, Rng(seed))
    return PuzzleCode(width, height, "moves", seed, moves, board)


def decode(code: str) -> PuzzleCode:
    """Decode any puzzle code (``P1`` or ``P2``; see :func:`engine.codes.decode_any`).

    Raises:
        CodeError: one plain sentence naming what is wrong (frame, check
            characters, tag/version, size, rank, seed, move count, unsolvable).
    """
    return decode_kind(code, PUZZLE_CODES)


def _decode(frame: Frame) -> PuzzleCode:
    rest = frame.rest
    if not rest.startswith("."):
        raise CodeError(f"The puzzle code has no board size after 'P{frame.version}.'.")
    rest = rest[1:]
    if ":" in rest:
        params, _, desc = rest.partition(":")
        kind = "board"
    elif "#" in rest:
        params, _, desc = rest.partition("#")
        kind = "seed"
    else:
        raise CodeError("The puzzle code needs ':' followed by a position or '#' followed by a seed.")
    if "#" in desc or ":" in desc or "." in desc or "_" in desc:
        raise CodeError("The puzzle code has unexpected characters after its position or seed.")
    size_text, _, mode = params.partition(".")
    mode, picture = _split_picture(mode)
    w, h = parse_size(size_text, what="board size")
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise CodeError(f"The board size {w}x{h} is out of range (each side {MIN_SIDE} to {MAX_SIDE}).")
    n = w * h
    if kind == "board":
        if mode:
            raise CodeError("A puzzle position code has nothing but a picture (.I<NAME>) between the size and ':'.")
        if not desc or any(c not in ALPHABET for c in desc):
            raise CodeError("The position after ':' is not a number in base 36.")
        limit = factorial(n)
        if len(desc) > len(encode_int(limit)) + 1:
            raise CodeError("The position after ':' is too long for this board size.")
        rank = int(desc, 36)
        if rank >= limit:
            raise CodeError(f"The position number is too large for a {w}x{h} board.")
        tiles = unrank_tiles(rank, n)
        board = Board(w, h, tiles)
        if not board.is_solvable():
            raise CodeError("This position is unsolvable: no sequence of slides reaches the goal.")
        return PuzzleCode(w, h, "board", None, None, board, frame.version, picture)
    seed = decode_int(desc, what="seed")
    if mode == "U":
        return replace(shuffle_code(w, h, seed), version=frame.version, picture=picture)
    if mode.startswith("K") and mode[1:].isdigit() and len(mode) <= 7:
        k = int(mode[1:])
        if not 1 <= k <= MAX_SHUFFLE_MOVES:
            raise CodeError(f"The number of shuffle moves must be 1 to {MAX_SHUFFLE_MOVES}, got {k}.")
        return replace(shuffle_code(w, h, seed, k), version=frame.version, picture=picture)
    raise CodeError(f"The shuffle kind '{mode[:20]}' is unknown (use U for uniform or K<moves>, e.g. K80).")


def _split_picture(mode: str) -> tuple[str, str | None]:
    """(the mode without its picture field, the picture name or None) of the text between size and ':'/'#'."""
    head, dot, last = mode.rpartition(".")
    if not dot:
        head, last = "", mode
        if not last.startswith("I"):
            return mode, None
    if not last.startswith("I"):
        raise CodeError(f"The puzzle code has an unknown field '{last[:20]}' (a picture is written .I<NAME>).")
    name = last[1:].lower()
    if name not in PICTURES:
        raise CodeError(
            f"The puzzle code names a picture '{last[1:21]}' this version does not know (known: {known_pictures()})."
        )
    return head, name


#: The puzzle code kind (tag ``P``): one entry in :data:`engine.codes.KINDS`.
PUZZLE_CODES: Final = CodeKind[PuzzleCode](TAG, "puzzle", dict.fromkeys(VERSIONS, _decode))
