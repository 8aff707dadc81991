"""The sliding puzzle board: positions, moves, solvability and shuffles.

A board is ``width`` x ``height`` cells (each side 2..:data:`MAX_SIDE`), stored
row-major.  Tiles are ``1 .. width*height-1`` and ``0`` is the blank.  The goal
has the tiles in order with the blank in the bottom-right cell.

A move is one of the letters ``U``, ``D``, ``L``, ``R`` naming the direction
the *blank* travels (``U``: the blank goes one row up, so the tile above it
slides down).  A move string is any sequence of those letters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from engine.rng import Rng
from engine.values import parse_size

MIN_SIDE = 2
MAX_SIDE = 12
MOVES = "UDLR"
INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}
_INT = re.compile(r"-?[0-9]+")  # a tile in Board.parse: ASCII digits only


def check_board_size(width: int, height: int) -> None:
    """Validate a board size.

    Raises:
        ValueError: if a side is outside ``MIN_SIDE..MAX_SIDE``.
    """
    for name, v in (("width", width), ("height", height)):
        if not isinstance(v, int) or not MIN_SIDE <= v <= MAX_SIDE:
            raise ValueError(f"The board {name} must be between {MIN_SIDE} and {MAX_SIDE}, got {v}.")


def goal_tiles(width: int, height: int) -> tuple[int, ...]:
    """The solved position: ``1 .. n-1`` row-major, blank (0) last."""
    n = width * height
    return tuple(range(1, n)) + (0,)


def move_delta(move: str, width: int) -> int:
    """The change of the blank's cell index for ``move`` on a board ``width`` wide."""
    return {"U": -width, "D": width, "L": -1, "R": 1}[move]


@lru_cache(maxsize=64)
def blank_moves(width: int, height: int, row0: int = 0, col0: int = 0) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The one blank-move table: for each cell, the ``(move index, cell reached)`` pairs in ``UDLR`` order.

    Move index 0..3 is ``U``, ``D``, ``L``, ``R`` (see :data:`MOVES`).  With
    ``row0``/``col0`` the blank is kept inside rows ``row0..`` and columns
    ``col0..`` (cells outside that region get no moves).  Cached per size.
    """
    out = []
    for cell in range(width * height):
        r, c = divmod(cell, width)
        moves: list[tuple[int, int]] = []
        if r >= row0 and c >= col0:
            if r > row0:
                moves.append((0, cell - width))
            if r < height - 1:
                moves.append((1, cell + width))
            if c > col0:
                moves.append((2, cell - 1))
            if c < width - 1:
                moves.append((3, cell + 1))
        out.append(tuple(moves))
    return tuple(out)


def legal_moves_at(blank: int, width: int, height: int) -> str:
    """The moves the blank can make from cell ``blank`` (in ``UDLR`` order)."""
    return _legal_moves(width, height)[blank]


@lru_cache(maxsize=64)
def _legal_moves(width: int, height: int) -> tuple[str, ...]:
    """:func:`legal_moves_at` of every cell, cached per size (boards ask it at every move)."""
    return tuple("".join(MOVES[m] for m, _ in moves) for moves in blank_moves(width, height))


def permutation_parity(tiles: Sequence[int]) -> int:
    """Parity (0 even, 1 odd) of the permutation taking the goal to ``tiles``.

    ``tiles`` must be a permutation of ``0..n-1``; the blank counts as tile ``n``
    (its goal is the last cell).  Cycle counting: O(n).
    """
    n = len(tiles)
    target = [(t - 1) if t else n - 1 for t in tiles]
    seen = [False] * n
    parity = 0
    for i in range(n):
        if seen[i]:
            continue
        length = 0
        j = i
        while not seen[j]:
            seen[j] = True
            j = target[j]
            length += 1
        parity ^= (length - 1) & 1
    return parity


def is_solvable_tiles(tiles: Sequence[int], width: int, height: int) -> bool:
    """Whether ``tiles`` can reach the goal by sliding.

    Every move swaps the blank with a neighbour: it flips the permutation's
    parity and the parity of the blank's taxicab distance to its goal cell
    together.  Both start at 0 in the goal, so a position is reachable exactly
    when the two parities agree (this holds for odd and even widths alike; the
    usual inversion-count rules are special cases).
    """
    n = width * height
    blank = list(tiles).index(0)
    r, c = divmod(blank, width)
    dist = (height - 1 - r) + (width - 1 - c)
    return n == len(tiles) and permutation_parity(tiles) == dist % 2


@dataclass(frozen=True)
class Board:
    """An immutable puzzle position.

    Attributes:
        width: columns, 2..MAX_SIDE.
        height: rows, 2..MAX_SIDE.
        tiles: row-major cell contents, a permutation of ``0..width*height-1``.

    Construct through :meth:`from_tiles` / :meth:`parse` / :meth:`goal` to get
    validation; the plain constructor trusts its arguments.
    """

    width: int
    height: int
    tiles: tuple[int, ...]

    # -- constructors -----------------------------------------------------
    @classmethod
    def goal(cls, width: int, height: int) -> Board:
        """The solved board of this size.

        Raises:
            ValueError: size out of range.
        """
        check_board_size(width, height)
        return cls(width, height, goal_tiles(width, height))

    @classmethod
    def from_tiles(cls, tiles: Iterable[int], width: int, height: int, *, require_solvable: bool = True) -> Board:
        """A validated board.

        Raises:
            ValueError: size out of range, wrong tile count, not a permutation
                of ``0..n-1``, or (when ``require_solvable``) unsolvable.
        """
        check_board_size(width, height)
        t = tuple(int(x) for x in tiles)
        n = width * height
        if len(t) != n:
            raise ValueError(f"A {width}x{height} board needs {n} tiles, got {len(t)}.")
        if sorted(t) != list(range(n)):
            missing = sorted(set(range(n)) - set(t))
            extra = sorted({x for x in t if not 0 <= x < n} | {x for x in t if t.count(x) > 1})
            raise ValueError(
                f"The tiles must be 0..{n - 1} each exactly once "
                f"(missing {missing[:5]}, wrong or repeated {extra[:5]})."
            )
        board = cls(width, height, t)
        if require_solvable and not board.is_solvable():
            raise ValueError("This position is unsolvable: no sequence of slides reaches the goal (swap two tiles).")
        return board

    @classmethod
    def parse(cls, text: str, size: str | tuple[int, int] | None = None, *, require_solvable: bool = True) -> Board:
        """Parse tiles separated by spaces and/or commas (``"1 2 3 ... 0"``).

        ``size`` is ``"WxH"`` or ``(W, H)``; by default the board is square with
        side ``sqrt(tile count)``.

        Raises:
            ValueError: not integers, no square size, or any :meth:`from_tiles` error.
        """
        parts = [p for p in text.replace(",", " ").split() if p]
        bad = next((p for p in parts if not _INT.fullmatch(p)), None)
        if bad is not None:  # ASCII digits only: int() would take '٣' and refuse '¹'
            raise ValueError(f"The tiles must be integers separated by spaces or commas; got {bad!r}.")
        tiles = [int(p) for p in parts]
        if size is None:
            side = int(round(len(tiles) ** 0.5))
            if side * side != len(tiles) or not tiles:
                raise ValueError(f"{len(tiles)} tiles do not make a square board; give the size as WxH.")
            width = height = side
        elif isinstance(size, str):
            width, height = parse_size(size, what="The size", example="4x4")
        else:
            width, height = size
        return cls.from_tiles(tiles, width, height, require_solvable=require_solvable)

    # -- queries ------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of cells, ``width * height``."""
        return self.width * self.height

    @cached_property
    def blank(self) -> int:
        """Cell index (row-major) of the blank."""
        return self.tiles.index(0)

    def is_solved(self) -> bool:
        """True when the board equals the goal."""
        return self.tiles == goal_tiles(self.width, self.height)

    def is_solvable(self) -> bool:
        """True when the goal can be reached (see :func:`is_solvable_tiles`)."""
        return is_solvable_tiles(self.tiles, self.width, self.height)

    def legal_moves(self) -> str:
        """The blank's possible moves here, in ``UDLR`` order."""
        return legal_moves_at(self.blank, self.width, self.height)

    def manhattan(self) -> int:
        """Sum over tiles of the taxicab distance to the goal cell (moves, >= 0)."""
        w = self.width
        total = 0
        for cell, t in enumerate(self.tiles):
            if t:
                g = t - 1
                total += abs(cell // w - g // w) + abs(cell % w - g % w)
        return total

    # -- moves ---------------------------------------------------------------
    def move(self, move: str) -> Board:
        """The board after the blank moves one step.

        Raises:
            ValueError: unknown letter or the blank would leave the board.
        """
        if move not in MOVES or len(move) != 1:
            raise ValueError(f"A move is one of U, D, L, R; got {move!r}.")
        if move not in self.legal_moves():
            raise ValueError(
                f"The blank cannot move {move} from row {self.blank // self.width + 1}, "
                f"column {self.blank % self.width + 1}."
            )
        b = self.blank
        q = b + move_delta(move, self.width)
        t = list(self.tiles)
        t[b], t[q] = t[q], 0
        return Board(self.width, self.height, tuple(t))

    def apply(self, moves: str) -> Board:
        """The board after a whole move string (upper or lower case).

        Raises:
            ValueError: at the first illegal move (its index is named).
        """
        t = list(self.tiles)
        b = self.blank
        w, h = self.width, self.height
        for i, m in enumerate(moves.upper()):
            if m not in MOVES:
                raise ValueError(f"Move {i + 1} is {m!r}; moves are U, D, L, R.")
            if m not in legal_moves_at(b, w, h):
                raise ValueError(f"Move {i + 1} ({m}) would take the blank off the board.")
            q = b + move_delta(m, w)
            t[b], t[q] = t[q], 0
            b = q
        return Board(w, h, tuple(t))

    def slide_tile(self, cell: int) -> str:
        """The moves that slide the tiles between ``cell`` and the blank (same row or column).

        Returns an empty string when ``cell`` is the blank or not in its row or column.
        """
        w = self.width
        br, bc = divmod(self.blank, w)
        r, c = divmod(cell, w)
        if r == br and c != bc:
            return ("L" if c < bc else "R") * abs(c - bc)
        if c == bc and r != br:
            return ("U" if r < br else "D") * abs(r - br)
        return ""

    # -- text ---------------------------------------------------------------
    def text(self) -> str:
        """Tiles separated by single spaces (the ``--board`` format)."""
        return " ".join(str(t) for t in self.tiles)

    def __str__(self) -> str:
        wid = len(str(self.size - 1))
        rows = []
        for r in range(self.height):
            row = self.tiles[r * self.width : (r + 1) * self.width]
            rows.append(" ".join((str(t) if t else ".").rjust(wid) for t in row))
        return "\n".join(rows)


# -- shuffles -------------------------------------------------------------------
def shuffle_uniform(width: int, height: int, rng: Rng) -> Board:
    """A uniformly random solvable position that is not the goal.

    Draws a random permutation; if it is unsolvable, swaps the tiles in the
    first two cells not holding the blank (an involution between unsolvable and
    solvable permutations, so the result stays uniform).  Redraws on the goal.

    Raises:
        ValueError: size out of range.
    """
    check_board_size(width, height)
    n = width * height
    goal = goal_tiles(width, height)
    while True:
        tiles = [int(x) for x in rng.permutation(n)]
        if not is_solvable_tiles(tiles, width, height):
            i, j = [k for k in range(3) if tiles[k]][:2]
            tiles[i], tiles[j] = tiles[j], tiles[i]
        if tuple(tiles) != goal:
            return Board(width, height, tuple(tiles))


def random_walk(board: Board, k: int, rng: Rng) -> str:
    """``k`` random legal moves from ``board``, never undoing the previous move.

    Raises:
        ValueError: ``k`` < 0.
    """
    if k < 0:
        raise ValueError(f"The number of moves must be >= 0, got {k}.")
    w, h = board.width, board.height
    b = board.blank
    last = ""
    out = []
    for _ in range(k):
        opts = [m for m in legal_moves_at(b, w, h) if m != INVERSE.get(last)]
        m = opts[rng.below(len(opts))]
        out.append(m)
        b += move_delta(m, w)
        last = m
    return "".join(out)


def shuffle_moves(width: int, height: int, k: int, rng: Rng) -> Board:
    """The goal scrambled by ``k`` random moves without immediate undo.

    Raises:
        ValueError: size out of range or ``k`` < 0.
    """
    goal = Board.goal(width, height)
    return goal.apply(random_walk(goal, k, rng))
