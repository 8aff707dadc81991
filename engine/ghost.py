"""Ghosts: recorded runs that can be shared as a code and raced.

A ghost is a maze level plus the player's moves with the tick (1/60 s, see
:mod:`engine.race`) at which each move began.  Its code is::

    G1.<maze params>#<seed>:<moves>-<check>

where ``<maze params>#<seed>`` is the level's ``M1`` code without its head and
check character, and ``<moves>`` packs one character per move:

* the value of the character (``0-9A-Z`` = 0..35) is ``4 * k + t`` where ``k``
  (0..8) is the index of the entered cell among the current cell's neighbours
  (counter-clockwise, as :attr:`engine.grids.base.Grid.nbr` lists them) and ``t``
  says how long after the previous move this one began:
  ``0`` the same gap as the previous move (a run at a steady pace costs
  nothing), ``1`` one tick longer, ``2`` one tick shorter, ``3`` an explicit
  gap follows: one digit ``L`` (1..9) then ``L`` base-36 digits;
* the first move's gap is counted from tick 0 (the start signal) and the
  "previous gap" starts at :data:`engine.race.MOVE_TICKS`.

The check character is Luhn mod 36 over everything before it, as for every
code (:mod:`engine.codes`).  Decoding checks it, then replays every move and
rejects one that goes through a wall or leaves the grid, a run that does not
end at the goal, and bad timing, each with one sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.codes import ALPHABET, CodeError, encode_int, luhn36, normalize_checked, seal
from engine.maze import Maze
from engine.maze_code import MazeSpec
from engine.race import MOVE_TICKS, Timeline

GHOST_VERSION = 1
#: Ghost codes carry one character per move, so they may be much longer than level codes.
MAX_GHOST_CODE_LENGTH = 100_000
MAX_NEIGHBOURS = 9
_VALUE = {c: i for i, c in enumerate(ALPHABET)}


@dataclass(frozen=True)
class Ghost:
    """A recorded run.

    Attributes:
        spec: the maze level.
        start: the start cell (the maze's start).
        moves: ``(tick, cell)``: the tick each move began (ticks >= 0, strictly
            increasing) and the cell entered.
        move_ticks: ticks one move takes when replayed.
    """

    spec: MazeSpec
    start: int
    moves: tuple[tuple[int, int], ...]
    move_ticks: int = MOVE_TICKS

    @classmethod
    def record(cls, spec: MazeSpec, maze: Maze, moves: list[tuple[int, int]]) -> Ghost:
        """A ghost of ``moves`` made in ``maze`` (built from ``spec``).

        Raises:
            ValueError: an illegal move or bad timing (see :func:`validate_moves`).
        """
        ghost = cls(spec, int(maze.start), tuple((int(t), int(c)) for t, c in moves))
        validate_moves(maze, ghost.moves, require_goal=False)
        return ghost

    # -- derived ------------------------------------------------------------
    @property
    def path(self) -> list[int]:
        """Every cell stepped on, start first."""
        return [self.start] + [c for _, c in self.moves]

    @property
    def finish_tick(self) -> int:
        """The tick the last move completes (0 for an empty ghost)."""
        return self.moves[-1][0] + self.move_ticks if self.moves else 0

    @property
    def seconds(self) -> float:
        """Run time in seconds."""
        from engine.race import ticks_to_seconds

        return ticks_to_seconds(self.finish_tick)

    def timeline(self) -> Timeline:
        """The ghost as a race opponent timeline."""
        return Timeline.from_moves(self.start, list(self.moves), self.move_ticks)

    # -- codes ----------------------------------------------------------------
    def code(self, maze: Maze | None = None) -> str:
        """The ghost code (upper case, check character last).

        Args:
            maze: the built maze (built from :attr:`spec` when omitted).

        Raises:
            ValueError: if a move does not go to a neighbour, or ticks decrease.
        """
        grid = (maze or self.spec.build()).grid
        nb, _ = grid.lists()
        out: list[str] = []
        prev_tick = 0
        prev_gap = self.move_ticks
        cell = self.start
        for i, (tick, nxt) in enumerate(self.moves):
            try:
                k = nb[cell].index(nxt)
            except ValueError:
                msg = f"move {i + 1} goes from cell {cell} to cell {nxt}, which is not a neighbour"
                raise ValueError(msg) from None
            if k >= MAX_NEIGHBOURS:
                raise ValueError(f"cell {cell} has more than {MAX_NEIGHBOURS} neighbours")
            gap = tick - prev_tick
            if gap < (0 if i == 0 else 1):
                raise ValueError(f"move {i + 1} begins at tick {tick}, not after the previous move")
            if gap == prev_gap:
                out.append(ALPHABET[4 * k])
            elif gap == prev_gap + 1:
                out.append(ALPHABET[4 * k + 1])
            elif gap == prev_gap - 1:
                out.append(ALPHABET[4 * k + 2])
            else:
                digits = encode_int(gap)
                out.append(ALPHABET[4 * k + 3] + str(len(digits)) + digits)
            prev_tick, prev_gap, cell = tick, gap, nxt
        level = ".".join([f"G{GHOST_VERSION}", *self.spec.code_fields()])
        return seal(f"{level}#{self.spec.seed_text()}:{''.join(out)}")

    @classmethod
    def from_code(cls, code: str, maze: Maze | None = None) -> Ghost:
        """Decode and validate a ghost code.

        Args:
            maze: the already built maze of the code's level (built when omitted).

        Raises:
            CodeError: one plain sentence: wrong check character (typo or
                tampering), truncated code, bad maze part, a move through a
                wall, bad timing, or a run that does not reach the goal.
        """
        text = normalize_checked(code, what="ghost code", max_length=MAX_GHOST_CODE_LENGTH)
        body, sep, check = text.rpartition("-")
        if not sep or len(check) != 1 or not body:
            raise CodeError("The ghost code has no check character at its end (it may be cut short; copy it again).")
        if luhn36(body) != check:
            raise CodeError("The ghost code has a typo or was changed: its check character does not match.")
        level, sep, packed = body.partition(":")
        if not sep:
            raise CodeError("The ghost code has no moves (the part after ':').")
        head, _, params = level.partition(".")
        if not head.startswith("G"):
            raise CodeError("This is not a ghost code (ghost codes start with 'G').")
        if head != f"G{GHOST_VERSION}":
            raise CodeError(f"The ghost code format '{head}' is not known to this version (it reads G{GHOST_VERSION}).")
        fields, sep, seed_text = params.partition("#")
        if not sep:
            raise CodeError("The maze code has no seed (the part after '#').")
        spec = MazeSpec.from_fields(fields.split("."), seed_text)
        if maze is None:
            maze = spec.build()
        moves = _unpack_moves(maze, packed)
        try:
            validate_moves(maze, moves, require_goal=True)
        except ValueError as exc:
            raise CodeError(f"The ghost code is not a valid run: {exc}.") from None
        return cls(spec, int(maze.start), tuple(moves))


def _unpack_moves(maze: Maze, packed: str) -> list[tuple[int, int]]:
    nb, _ = maze.grid.lists()
    moves: list[tuple[int, int]] = []
    cell = maze.start
    tick = 0
    gap = MOVE_TICKS
    i = 0
    n = len(packed)
    while i < n:
        v = _VALUE.get(packed[i])
        if v is None:
            raise CodeError(f"The ghost moves contain '{packed[i]}', which is not a letter or digit.")
        i += 1
        k, t = divmod(v, 4)
        if t == 0:
            pass
        elif t == 1:
            gap += 1
        elif t == 2:
            gap -= 1
        else:
            if i >= n or not packed[i].isdigit() or packed[i] == "0":
                raise CodeError(f"The ghost move {len(moves) + 1} has a broken time field.")
            length = int(packed[i])
            digits = packed[i + 1 : i + 1 + length]
            if len(digits) != length:
                raise CodeError("The ghost code is cut short inside a time field.")
            gap = int(digits, 36)
            i += 1 + length
        if gap < (0 if not moves else 1):
            raise CodeError(f"The ghost move {len(moves) + 1} begins before the previous one.")
        if k >= len(nb[cell]):
            raise CodeError(f"The ghost move {len(moves) + 1} leaves the maze (cell {cell} has {len(nb[cell])} sides).")
        tick += gap
        cell = nb[cell][k]
        moves.append((tick, cell))
    return moves


def validate_moves(
    maze: Maze, moves: tuple[tuple[int, int], ...] | list[tuple[int, int]], *, require_goal: bool
) -> None:
    """Check that ``moves`` is a legal run in ``maze`` from its start.

    Raises:
        ValueError: a move through a wall or to a non-neighbour (message names
            the move number), ticks negative or not strictly increasing, moves
            after the goal, or (``require_goal``) a run that does not end at the goal.
    """
    adj = maze.open_lists()
    cell = maze.start
    prev = -1
    for i, (tick, nxt) in enumerate(moves):
        if cell == maze.goal:
            raise ValueError(f"move {i + 1} comes after the goal was reached")
        if tick <= prev or tick < 0:
            raise ValueError(f"move {i + 1} begins at tick {tick}, not after the previous move")
        if nxt not in adj[cell]:
            raise ValueError(f"move {i + 1} from cell {cell} to cell {nxt} goes through a wall")
        cell, prev = nxt, tick
    if require_goal and cell != maze.goal:
        raise ValueError("the run does not reach the goal")
