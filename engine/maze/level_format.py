"""The text of a level code (tag ``L``): a maze itself, written passage by passage.

A level code carries the maze, not how it was made, so any maze on a full grid has one
(a hand-made level, an edited one, a generated one)::

    L2.<S><W>X<H>[.F<floors>][.A<start>][.Z<goal>][.R<rules>][.D]:<passages>-<check>

for example ``L2.S3X2:2J-BE`` (the maze of ``M2.S3X2.BT#0-ES``):

* ``L2`` — level code, format version 2 (the frame and the two check characters of
  :mod:`engine.codes`; there is no version 1);
* ``S3X2`` — shape letter (S square, H hex, T triangle, P polar, U upsilon, as in maze
  codes) then width × height, each in the shape's range
  (:func:`engine.maze.grids.check_grid_size`);
* ``F<floors>`` — a maze of 2..8 floors (square or hex, :mod:`engine.maze.grids.floors`; the
  grid's edges then include every stair candidate, in its edge order); absent = one floor;
* ``A<cell>`` / ``Z<cell>`` — the start / goal cell in base 36, omitted when it is the
  grid's default (``grid.start`` / ``grid.goal``);
* ``R<rules>`` — a puzzle maze's hand-placed elements (one-way passages, doors and keys, the hunter,
  switches and gates: :mod:`engine.maze.rules.codec`); absent = a plain maze;
* ``D`` — a dark level (as in maze codes);
* ``<passages>`` — one bit per grid edge in the grid's edge order (1 = open), packed 31
  bits to a chunk; a chunk's bits are its number's binary digits, the first edge the
  lowest bit; each chunk is written in base 36 with exactly 6 characters, the last one
  (of ``r`` bits) with the fewest characters that can hold ``2**r - 1``.  So the length
  of the passages follows from the size alone, and every chunk's number must fit its bits
  (bits beyond the last edge are zero): one canonical spelling.

A 30×20 square maze is about 240 characters (1150 edges: 38 chunks; ~2 bits a cell).

This module is the format alone (no :class:`engine.level.Level`, so :mod:`engine.level`
can write codes without an import cycle); the decoded type and its registration are
:mod:`engine.maze.level_code`.

Bounded decoding: the size is range-checked and the number of cells and edges computed
from the header alone (:func:`grid_counts`, no grid built); the passages must then have
exactly the length that many edges take, so the code's length (at most
:data:`MAX_LENGTH`) bounds everything that is built afterwards (the grid, to check that
the goal can be reached).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from engine.code_frame import ALPHABET, MAX_ANY_LENGTH, CodeError, decode_int, encode_int, seal
from engine.maze.grids import SHAPE_LETTERS, SHAPES, make_grid, parse_shape_size
from engine.maze.grids.base import Grid
from engine.maze.model import Maze
from engine.maze.rules import Rules
from engine.maze.rules.codec import LETTER as RULES_LETTER
from engine.maze.rules.codec import decode_rules, encode_rules, rules_of

TAG: Final = "L"
VERSION: Final = 2
START_LETTER: Final = "A"
GOAL_LETTER: Final = "Z"
DARK_FIELD: Final = "D"
FLOORS_LETTER: Final = "F"
#: Bits per chunk and the characters of a full chunk (36**6 > 2**31).
CHUNK_BITS: Final = 31
CHUNK_CHARS: Final = 6
#: The longest level code (every shape at 100×100 fits; a square maze up to about 500×500).
MAX_LENGTH: Final = MAX_ANY_LENGTH
#: Why a shaped or weave maze has no level code (one sentence).
NOT_SHAPED_OR_WEAVE: Final = "Level codes cannot carry shaped or weave mazes yet."

_POW36 = np.array([36**k for k in range(CHUNK_CHARS - 1, -1, -1)], dtype=np.int64)
_LOOKUP = np.full(256, 255, dtype=np.uint8)
for _i, _c in enumerate(ALPHABET):
    _LOOKUP[ord(_c)] = _i
_ALPHA_BYTES = np.frombuffer(ALPHABET.encode("ascii"), dtype=np.uint8)


def tail_chars(bits: int) -> int:
    """The characters of a chunk of ``bits`` bits (1..31): the fewest base-36 digits holding ``2**bits - 1``."""
    k = 1
    while 36**k < (1 << bits):
        k += 1
    return k


def passages_length(num_edges: int) -> int:
    """The characters of the passages of a grid with ``num_edges`` edges."""
    full, rest = divmod(num_edges, CHUNK_BITS)
    return full * CHUNK_CHARS + (tail_chars(rest) if rest else 0)


def grid_counts(shape: str, width: int, height: int, floors: int = 1) -> tuple[int, int]:
    """``(cells, edges)`` of ``make_grid(shape, width, height)`` (stacked into ``floors``) without building it
    (sizes in range).

    Tests check every formula against the built grids.
    """
    if floors > 1:
        cells, edges = grid_counts(shape, width, height)
        return floors * cells, floors * edges + (floors - 1) * cells
    w, h = width, height
    if shape == "square":
        return w * h, h * (w - 1) + (h - 1) * w
    if shape == "hex":
        return w * h, h * (w - 1) + (h - 1) * (2 * w - 1)
    if shape == "triangle":
        # Between rows: every other triangle points across; with an odd width, the rows alternate.
        across = (h - 1) * (w // 2) + ((h - 1) // 2 if w % 2 else 0)
        return w * h, h * (w - 1) + across
    if shape == "upsilon":
        squares = (w - 1) * (h - 1)
        return w * h + squares, h * (w - 1) + (h - 1) * w + 4 * squares
    if shape == "polar":
        from engine.maze.grids.polar import ring_counts, rings_edge_count

        counts = ring_counts(w, h)
        return sum(counts), rings_edge_count(counts)
    raise ValueError(f"unknown shape '{shape}' (known: {', '.join(SHAPES)})")


# -- passages <-> text ---------------------------------------------------------------
def pack_passages(passage: np.ndarray) -> str:
    """The passages text of ``(E,)`` bools (see the module docstring); vectorised, no big ints."""
    bits = np.asarray(passage, dtype=bool)
    e = int(bits.shape[0])
    full, rest = divmod(e, CHUNK_BITS)
    padded = np.zeros((full + (1 if rest else 0)) * CHUNK_BITS, dtype=np.int64)
    padded[:e] = bits
    weights = np.left_shift(np.int64(1), np.arange(CHUNK_BITS, dtype=np.int64))
    values = padded.reshape(-1, CHUNK_BITS) @ weights
    digits = (values[:, None] // _POW36[None, :]) % 36
    text = bytes(_ALPHA_BYTES[digits.ravel()].tobytes()).decode("ascii")
    if rest:
        text = text[: full * CHUNK_CHARS] + text[len(text) - tail_chars(rest):]
    return text


def unpack_passages(text: str, num_edges: int) -> np.ndarray:
    """``(E,)`` bools from a passages text, checking its one canonical spelling.

    Raises:
        CodeError: a wrong length, a character that is not ``0-9A-Z``, or a chunk whose
            number does not fit its bits (bits beyond the last edge must be zero).
    """
    want = passages_length(num_edges)
    if len(text) != want:
        raise CodeError(f"The level code's passages have {len(text)} characters where its size needs {want} "
                        "(it may be cut short, copy it again).")
    full, rest = divmod(num_edges, CHUNK_BITS)
    raw = _LOOKUP[np.frombuffer(text.encode("ascii", "replace"), dtype=np.uint8)]
    if (raw == 255).any():
        raise CodeError("The level code's passages may only hold the letters A-Z and digits.")
    digits = raw.astype(np.int64)
    values = digits[: full * CHUNK_CHARS].reshape(full, CHUNK_CHARS) @ _POW36
    if rest:
        tail = digits[full * CHUNK_CHARS:]
        last = np.array([int(tail @ _POW36[CHUNK_CHARS - len(tail):])], dtype=np.int64)
        if int(last[0]) >> rest:
            raise CodeError("The level code's passages have bits beyond the grid's last edge.")
        values = np.concatenate([values, last])
    if full and int(values[:full].max()) >> CHUNK_BITS:
        raise CodeError("The level code's passages hold a chunk too large for 31 edges.")
    bits = (values[:, None] >> np.arange(CHUNK_BITS, dtype=np.int64)[None, :]) & 1
    return bits.ravel()[:num_edges].astype(bool)


# -- reachability ---------------------------------------------------------------------
def reachable(grid: Grid, passage: np.ndarray, start: int, goal: int) -> bool:
    """True when ``goal`` can be reached from ``start`` through the open passages (vectorised)."""
    from engine.maze.grids.masked import components

    label = components(grid.n, grid.edges[np.asarray(passage, dtype=bool)])
    return bool(label[start] == label[goal])


# -- fields ------------------------------------------------------------------------------
@dataclass(frozen=True)
class LevelFields:
    """What a level code holds, checked (see :func:`parse`); the grid is built.

    Attributes:
        grid: the full grid of the shape and size.
        passage: ``(E,)`` bool in the grid's edge order.
        start, goal: cells, distinct, the goal reachable from the start.
        dark: played in the dark.
        rules: a puzzle maze's elements (checked against the passages), or None.
    """

    grid: Grid
    passage: np.ndarray
    start: int
    goal: int
    dark: bool
    rules: Rules | None = None


def check_codable(maze: Maze) -> None:
    """Refuse a maze a level code cannot carry (shaped or weave), one sentence.

    Raises:
        CodeError: :data:`NOT_SHAPED_OR_WEAVE`.
    """
    from engine.maze.grids.masked import MaskedGrid

    if maze.is_weave or isinstance(maze.grid, MaskedGrid) or maze.grid.kind not in SHAPE_LETTERS:
        raise CodeError(NOT_SHAPED_OR_WEAVE)


def check_playable(grid: Grid, passage: np.ndarray, start: int, goal: int) -> None:
    """Refuse a start equal to the goal, or a goal the start cannot reach (one sentence each).

    Raises:
        CodeError: the level could not be played.
    """
    if start == goal:
        raise CodeError(f"The start and the goal are the same cell ({start}); a level needs two.")
    if not reachable(grid, passage, start, goal):
        raise CodeError(f"The goal (cell {goal}) cannot be reached from the start (cell {start}): "
                        "a level must be playable.")


def body(grid: Grid, passage: np.ndarray, start: int, goal: int, dark: bool, version: int = VERSION,
         rules: Rules | None = None) -> str:
    """The code body (before ``-``) of checked fields."""
    parts = [f"{TAG}{version}", f"{SHAPE_LETTERS[grid.kind]}{grid.width}X{grid.height}"]
    if grid.floors > 1:
        parts.append(f"{FLOORS_LETTER}{grid.floors}")
    if start != grid.start:
        parts.append(START_LETTER + encode_int(start))
    if goal != grid.goal:
        parts.append(GOAL_LETTER + encode_int(goal))
    if rules is not None and not rules.empty:
        parts.append(encode_rules(rules, grid.edges, grid.n))
    if dark:
        parts.append(DARK_FIELD)
    return ".".join(parts) + ":" + pack_passages(passage)


def encode(maze: Maze, dark: bool = False) -> str:
    """The level code of ``maze`` (checked: codable, playable, not too long).

    Raises:
        CodeError: a shaped or weave maze, start equal to goal, goal unreachable, or a
            maze too big for a code (one sentence each).
    """
    check_codable(maze)
    start, goal = int(maze.start), int(maze.goal)
    check_playable(maze.grid, maze.passage, start, goal)
    if maze.rules is not None:
        try:
            maze.rules.check(maze)
        except ValueError as exc:
            raise CodeError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
    code = seal(body(maze.grid, maze.passage, start, goal, dark, rules=maze.rules))
    if len(code) > MAX_LENGTH:
        g = maze.grid
        raise CodeError(f"This {g.kind} {g.width}x{g.height} maze is too big for a level code "
                        f"({len(code)} characters, at most {MAX_LENGTH}).")
    return code


def parse(rest: str) -> LevelFields:
    """Check a level code's fields (a frame's rest: ``.S3X2[.A..][.Z..][.D]:<passages>``).

    Everything is range checked from the header before anything is built; then the
    grid is built (bounded by the code's length) to check that the goal can be reached.

    Raises:
        CodeError: one plain sentence naming the first thing that is wrong.
    """
    params, sep, passages = rest.partition(":")
    if not sep:
        raise CodeError("The level code has no passages (the part after ':').")
    if not params.startswith("."):
        raise CodeError("The level code is missing its size.")
    fields = params[1:].split(".")
    size = fields[0]
    shape, width, height = parse_shape_size(size)
    floors = 1
    parts = fields[1:]
    if parts and parts[0].startswith(FLOORS_LETTER):
        floors = _floors(parts[0], shape, width, height)
        parts = parts[1:]
    cells, num_edges = grid_counts(shape, width, height, floors)
    start: int | None = None
    goal: int | None = None
    dark = False
    raw_rules: dict[str, list[int]] | None = None
    order = (START_LETTER, GOAL_LETTER, RULES_LETTER, DARK_FIELD)
    seen = -1
    for part in parts:
        letter = part[:1]
        where = order.index(letter) if letter in order else -1
        if where < 0 or (letter == DARK_FIELD and part != DARK_FIELD):
            raise CodeError(f"The part '{part[:20]}' of the level code is not understood.")
        if where <= seen:
            raise CodeError(f"The part '{part[:20]}' of the level code is repeated or out of order "
                            "(floors F, start A, goal Z, rules R, dark D).")
        seen = where
        if letter == DARK_FIELD:
            dark = True
            continue
        if letter == RULES_LETTER:
            raw_rules = decode_rules(part, num_edges, cells)
            continue
        what = "start cell" if letter == START_LETTER else "goal cell"
        value = decode_int(part[1:], what=what, max_value=cells - 1)
        if letter == START_LETTER:
            start = value
        else:
            goal = value
    passage = unpack_passages(passages, num_edges)
    grid = make_grid(shape, width, height)
    if floors > 1:
        from engine.maze.grids.floors import stack_grid

        grid = stack_grid(grid, floors)
    if (grid.n, grid.num_edges) != (cells, num_edges):  # a bug in grid_counts, never the user's
        raise CodeError(f"The {shape} grid's size could not be checked (internal mismatch).")
    rules = None if raw_rules is None else rules_of(raw_rules, grid.edges)
    fields_ = LevelFields(grid, passage, grid.start if start is None else start,
                          grid.goal if goal is None else goal, dark, rules)
    check_playable(grid, passage, fields_.start, fields_.goal)
    if rules is not None:
        try:
            rules.check(Maze(grid, passage, fields_.start, fields_.goal))
        except ValueError as exc:
            raise CodeError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
    return fields_


def _floors(part: str, shape: str, width: int, height: int) -> int:
    """The floors of a level code's ``F<floors>`` field, checked (2..8, square or hex, not too many cells).

    Raises:
        CodeError: one sentence.
    """
    from engine.maze.grids.floors import MAX_FLOOR_CELLS, check_floors

    if not part[1:].isdigit() or len(part) != 2 or not 2 <= int(part[1:]) <= 8:
        raise CodeError(f"The floors field '{part[:20]}' of the level code must be F2..F8.")
    floors = int(part[1:])
    try:
        check_floors(shape, floors)
    except ValueError as exc:
        raise CodeError(f"The floors field cannot be used here: {exc}.") from None
    if floors * grid_counts(shape, width, height)[0] > MAX_FLOOR_CELLS:
        raise CodeError(f"The level code has more than {MAX_FLOOR_CELLS:,} cells on its floors.")
    return floors
