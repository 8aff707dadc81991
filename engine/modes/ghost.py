"""Ghosts: recorded runs that can be shared as a code and raced.

A ghost is a maze level plus the player's moves with the tick (1/60 s, see
:mod:`engine.modes.race`) at which each move began.  Its code is::

    G2.<maze fields>#<seed>:<moves>-<check>

where ``<maze fields>#<seed>`` is the level's maze code without its head and
check characters, and ``<moves>`` packs one character per move:

* the value of the character (``0-9A-Z`` = 0..35) is ``4 * k + t`` where ``k``
  (0..8) is the index of the entered cell among the current cell's neighbours
  (counter-clockwise, as :attr:`engine.maze.grids.base.Grid.nbr` lists them) and ``t``
  says how long after the previous move this one began:
  ``0`` the same gap as the previous move (a run at a steady pace costs
  nothing), ``1`` one tick longer, ``2`` one tick shorter, ``3`` an explicit
  gap follows: one digit ``L`` (1..6) then ``L`` base-36 digits;
* the first move's gap is counted from tick 0 (the start signal) and the
  "previous gap" starts at :data:`engine.modes.race.MOVE_TICKS`;
* in a puzzle maze with a hunter (:mod:`engine.maze.rules`) a run may also wait a turn: its direction ``k`` is
  one past every side a cell of the shape can have (:func:`wait_direction`; a weave maze's under-edge
  counted), and the move stays on its cell.  A ghost replays its waits, and its run is checked under the
  maze's rules (doors, one-way passages, gates, the hunter).

Version 1 (``G1...``, one check character) packs moves the same way and is
still read.

Decoding (:meth:`GhostCode.from_code`, :func:`engine.codes.decode_any`) checks
everything that needs no maze: the frame, the level's fields, every move's
direction against the most sides a cell of that shape has, and the timing
(ticks increase, the run ends before :data:`MAX_TICK`).  It builds nothing.
Whether each move is legal (no wall, stops at the goal, reaches it) needs the
maze: :meth:`GhostCode.check_moves` / :meth:`GhostCode.resolve` do that in the
built level (an :class:`engine.level.Level`), raising :class:`CodeError` with one sentence.

A ghost of a level made by hand (no recipe, but a level code: :mod:`engine.maze.level_format`)
carries the level itself instead of the recipe::

    G2.<S><W>X<H>[.A<start>][.Z<goal>][.D]:<passages>:<moves>-<check>

``.<S><W>X<H>...:<passages>`` is the level code without its head and check characters,
``<moves>`` as above.  The two forms are told apart by the ``#`` of the seed: a ghost
code with a recipe has one before its first ``:``, one carrying its level has none.
Decoding is bounded as the level code's: the header's size is checked and the passages'
length worked out before the grid is built (see :func:`engine.maze.level_format.parse`).
Only version 2 has this form.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final

from engine.code_frame import (
    ALPHABET,
    CURRENT_VERSION,
    CodeError,
    CodeKind,
    Frame,
    decode_kind,
    encode_int,
    seal,
    split_level,
)
from engine.level import NO_CODE, Level
from engine.maze import level_format as fmt
from engine.maze.level_code import LevelCode
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec, recipe_of
from engine.modes.clock import MOVE_TICKS, Timeline, ticks_to_seconds
from engine.records import format_time
from engine.words import count

TAG: Final = "G"
VERSIONS = (1, 2)
GHOST_VERSION = CURRENT_VERSION
#: Ghost codes carry one character per move, so they may be much longer than level codes.
MAX_GHOST_CODE_LENGTH = 100_000
MAX_NEIGHBOURS = 9
#: The latest tick a ghost's move may begin (about 414 days; ticks fit in 32 bits).
MAX_TICK = (1 << 31) - 1
#: The most neighbours a cell has, per shape (a move's direction ``k`` is below it).
MAX_SIDES = {"square": 4, "hex": 6, "triangle": 3, "polar": 5, "upsilon": 8}
_VALUE = {c: i for i, c in enumerate(ALPHABET)}


def wait_direction(shape: str, weave: bool = False) -> int:
    """The direction ``k`` that stands for a wait in a ghost code: one past the most sides a cell of ``shape``
    has (and past its under-edge on a weave maze); at most 8 (the hunter is never on floors)."""
    return MAX_SIDES.get(shape, MAX_NEIGHBOURS - 1) + int(weave)


def _hunted(maze: Maze) -> bool:
    """Whether a run in ``maze`` may wait: a puzzle maze with a hunter."""
    return maze.rules is not None and maze.rules.pursuer is not None
_MAX_GAP_DIGITS = len(encode_int(MAX_TICK))


@dataclass(frozen=True)
class Ghost:
    """A recorded run, resolved in its maze.

    Attributes:
        spec: the recipe of the level it was run in (its maze code), or None for a run in a
            level made by hand (no recipe: its code carries the level, see :attr:`held`).
        start: the start cell (the maze's start).
        moves: ``(tick, cell)``: the tick each move began (ticks >= 0, strictly
            increasing) and the cell entered (the cell it stands on for a wait, in a maze with a hunter).
        move_ticks: ticks one move takes when replayed.
        version: the code format it is written in (not part of the run).
        held: for a ghost decoded from a code that carries its level (no recipe), that level's
            code (None otherwise; not part of the run).
    """

    spec: MazeSpec | None
    start: int
    moves: tuple[tuple[int, int], ...]
    move_ticks: int = MOVE_TICKS
    version: int = field(default=GHOST_VERSION, compare=False)
    held: LevelCode | None = field(default=None, compare=False, repr=False)

    @classmethod
    def record(cls, level: Level, moves: list[tuple[int, int]]) -> Ghost:
        """A ghost of ``moves`` (``(tick, cell)``) made in ``level`` (its recipe, if any, becomes :attr:`spec`).

        Raises:
            ValueError: an illegal move or bad timing (see :func:`validate_moves`).
        """
        ghost = cls(recipe_of(level), level.start, tuple((int(t), int(c)) for t, c in moves))
        validate_moves(level.maze, ghost.moves, require_goal=False)
        if ghost.moves and ghost.moves[-1][0] > MAX_TICK:
            raise ValueError(f"the run is too long to share (moves must begin before tick {MAX_TICK})")
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
        return ticks_to_seconds(self.finish_tick)

    def timeline(self) -> Timeline:
        """The ghost as a race opponent timeline."""
        return Timeline.from_moves(self.start, list(self.moves), self.move_ticks)

    def level(self) -> Level:
        """The level of :attr:`spec`, built (or the level of :attr:`held` for a ghost of a hand-made level).

        Raises:
            CodeError: the ghost was run in a level made by hand and holds no level code.
        """
        if self.spec is not None:
            return self.spec.level()
        if self.held is not None:
            return self.held.level()
        raise CodeError(NO_CODE)

    # -- codes ----------------------------------------------------------------
    def steps(self, level: Level | None = None) -> tuple[tuple[int, int], ...]:
        """The moves as ``(tick, k)``: ``k`` the entered cell's index among the current cell's neighbours.

        Args:
            level: the level the run was made in (built from :attr:`spec` when omitted).

        Raises:
            ValueError: if a move does not go to a neighbour.
            CodeError: no level given and no recipe to build it from.
        """
        level = level or self.level()
        grid = level.grid
        nb, _ = grid.lists()
        wait = wait_direction(grid.kind, level.maze.is_weave) if _hunted(level.maze) else -1
        out: list[tuple[int, int]] = []
        cell = self.start
        for i, (tick, nxt) in enumerate(self.moves):
            if nxt == cell and wait >= 0:
                out.append((tick, wait))
                continue
            try:
                k = nb[cell].index(nxt)
            except ValueError:
                msg = f"move {i + 1} goes from cell {cell} to cell {nxt}, which is not a neighbour"
                raise ValueError(msg) from None
            out.append((tick, k))
            cell = nxt
        return tuple(out)

    def code(self, level: Level | None = None) -> str:
        """The ghost code in :attr:`version` (upper case, check characters last).

        A run in a level without a recipe gets the form that carries the level (its level code).

        Args:
            level: the built level (built from :attr:`spec` or :attr:`held` when omitted).

        Raises:
            ValueError: if a move does not go to a neighbour, or ticks decrease.
            CodeError: the run was made in a level without a recipe that has no level code
                (shaped or weave), no level was given for it, or the code would be too long.
        """
        if self.spec is not None:
            return GhostCode(self.spec, self.steps(level), self.version).code()
        if level is None and self.held is None:
            raise CodeError(NO_CODE)
        held = self.held if level is None else LevelCode.from_level(level)
        code = GhostCode(None, self.steps(level), GHOST_VERSION, held=held).code()
        if len(code) > MAX_GHOST_CODE_LENGTH:
            raise CodeError(
                f"This run is too long to share as a ghost code ({len(code)} characters, "
                f"at most {MAX_GHOST_CODE_LENGTH})."
            )
        return code

    @classmethod
    def from_code(cls, code: str, level: Level | None = None) -> Ghost:
        """Decode a ghost code and check every move in its maze.

        Args:
            level: the already built level of the code's recipe (built when omitted).

        Raises:
            CodeError: one plain sentence: wrong check characters (typo or
                tampering), truncated code, bad maze part, bad timing, a move
                through a wall, or a run that does not reach the goal.
        """
        return GhostCode.from_code(code).resolve(level)


@dataclass(frozen=True)
class GhostCode:
    """A decoded ghost code: the level and the moves as directions, not yet checked in the maze.

    Exactly one of :attr:`spec` and :attr:`held` is set.

    Attributes:
        spec: the maze level's recipe (None for a code that carries a hand-made level).
        steps: ``(tick, k)`` per move: the tick it began (>= 0, strictly increasing,
            at most :data:`MAX_TICK`) and the index ``k`` of the entered cell among
            the current cell's neighbours (below :data:`MAX_SIDES` of the shape).
        version: the code format it was written in.
        held: the level itself (its level code), for a run in a level made by hand (no recipe).
    """

    KIND: ClassVar[str] = "ghost"

    spec: MazeSpec | None
    steps: tuple[tuple[int, int], ...]
    version: int = field(default=GHOST_VERSION, compare=False)
    move_ticks: int = MOVE_TICKS
    held: LevelCode | None = None

    def __post_init__(self) -> None:
        if (self.spec is None) == (self.held is None):
            raise ValueError("a ghost code has a recipe or a level, exactly one of them")
        if self.held is not None and self.version < 2:
            raise ValueError("a ghost code that carries its level is written in version 2 or later")

    @classmethod
    def from_code(cls, code: str) -> GhostCode:
        """Decode a ghost code (any version) without building its maze.

        Raises:
            CodeError: one plain sentence naming what is wrong.
        """
        return decode_kind(code, GHOST_CODES)

    def code(self) -> str:
        """The ghost code in :attr:`version`."""
        moves = pack_steps(self.steps, self.move_ticks)
        if self.spec is None:
            held = _held(self)
            level = fmt.body(held.grid, held.passage, held.start, held.goal, held.dark, rules=held.rules)
            return seal(f"{TAG}{self.version}{level[len(fmt.TAG) + 1 :]}:{moves}")
        level = ".".join([f"{TAG}{self.version}", *self.spec.code_fields()])
        return seal(f"{level}#{self.spec.seed_text()}:{moves}")

    def upgraded(self) -> GhostCode:
        """The same run written in the current code version."""
        if self.spec is None:
            return replace(self, version=GHOST_VERSION)
        return replace(self, spec=self.spec.upgraded(), version=GHOST_VERSION)

    @property
    def finish_tick(self) -> int:
        """The tick the last move completes."""
        return self.steps[-1][0] + self.move_ticks if self.steps else 0

    @property
    def seconds(self) -> float:
        """Run time in seconds."""
        return ticks_to_seconds(self.finish_tick)

    def describe(self) -> dict[str, Any]:
        """Every field by name (nothing is built; a code carrying its level holds its grid already)."""
        fields = self.spec.describe() if self.spec is not None else {"level": "made by hand", **_held(self).describe()}
        return {**fields, "moves": len(self.steps), "seconds": self.seconds}

    def label(self) -> str:
        """A short human description of the level, e.g. ``hex 8×6 level, dark``."""
        return self.spec.label() if self.spec is not None else _held(self).label()

    # -- what the code is (its kind's behaviour, :class:`engine.codes.Decoded`) ------------
    def facts(self, full: bool = False) -> dict[str, Any]:
        """Cells and shortest path of the ghost's maze, its moves checked in it; a recipe's maze is built only
        when cheap or ``full``, a carried level always.

        Raises:
            CodeError: a move that is not legal in the maze.
        """
        from engine.maze.facts import path_facts, recipe_facts

        def build() -> Maze:
            maze = self.build()
            self.check_moves(self.level(maze))
            return maze

        if self.spec is None:
            return path_facts(build())
        return recipe_facts(self.spec.width, self.spec.height, build, full, "; the moves are checked in it")

    def line(self) -> str:
        """``ghost: a run of 12 moves in 0:03.4 on hex 8×6, wilson``."""
        from engine.share.lines import clock

        moves = len(self.steps)
        return f"ghost: a run of {count(moves, 'move')} in {clock(self.seconds)} on {self.label()}"

    def list_text(self) -> str:
        """``ghost · hexagon 8×6, 12.3 s``."""
        what = self.spec.grid_text() if self.spec is not None else _held(self).list_text().removeprefix("hand-made · ")
        return f"ghost · {what}, {format_time(self.seconds)}"

    def dark_twin(self) -> GhostCode:
        """Itself: the race screens decide whether a ghost is raced in the dark."""
        return self

    def maze_recipe(self) -> MazeSpec | None:
        """The recipe of the ghost's maze (None for a run in a hand-made level)."""
        return self.spec

    def made_level(self) -> None:
        """None: a ghost code is a run, not a level to play alone."""
        return None

    def build(self) -> Maze:
        """The ghost's maze (see :meth:`MazeSpec.build`); check the run with :meth:`check_moves`."""
        return self.spec.build() if self.spec is not None else _held(self).maze()

    def level(self, maze: Maze | None = None) -> Level:
        """The ghost's level (``maze``: its already built maze, for a recipe)."""
        if self.spec is not None:
            return self.spec.level(maze)
        return _held(self).level()

    def check_moves(self, level: Level) -> tuple[tuple[int, int], ...]:
        """Replay the moves in ``level``'s maze (built from :attr:`spec`); returns them as ``(tick, cell)``.

        Raises:
            CodeError: ``The ghost code is not a valid run: ...`` naming the move that
                leaves the maze, goes through a wall or comes after the goal, or
                saying the run does not reach the goal.
        """
        maze = level.maze
        g = maze.grid
        # CSR arrays, scalar look-ups: no per-cell Python lists (hundreds of MB on a million cells)
        indptr, nbr, open_entry = g.indptr, g.nbr, maze.passage[g.edge_id]
        cell = int(maze.start)
        goal = int(maze.goal)
        wait = wait_direction(g.kind, maze.is_weave) if _hunted(maze) else -1
        out: list[tuple[int, int]] = []
        for i, (tick, k) in enumerate(self.steps):
            if cell == goal:
                raise CodeError(f"The ghost code is not a valid run: move {i + 1} comes after the goal was reached.")
            if k == wait:
                out.append((tick, cell))
                continue
            first, sides = int(indptr[cell]), int(indptr[cell + 1] - indptr[cell])
            if k >= sides:
                raise CodeError(
                    f"The ghost code is not a valid run: move {i + 1} leaves the maze (cell {cell} has {sides} sides)."
                )
            nxt = int(nbr[first + k])
            if not open_entry[first + k]:
                raise CodeError(
                    f"The ghost code is not a valid run: move {i + 1} from cell {cell} to cell {nxt} "
                    "goes through a wall."
                )
            out.append((tick, nxt))
            cell = nxt
        if cell != goal:
            raise CodeError("The ghost code is not a valid run: the run does not reach the goal.")
        if maze.rules is not None:
            _check_rules(maze, out)
        return tuple(out)

    def resolve(self, level: Level | None = None) -> Ghost:
        """The :class:`Ghost` in ``level`` (built from :attr:`spec` or :attr:`held` when omitted), every move checked.

        Raises:
            CodeError: see :meth:`check_moves`.
        """
        if level is None:
            level = self.level()
        moves = self.check_moves(level)
        return Ghost(self.spec, level.start, moves, self.move_ticks, self.version, held=self.held)


def _check_rules(maze: Maze, moves: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> None:
    """Replay a run's moves (a wait stays on its cell) under ``maze``'s rules.

    Raises:
        CodeError: ``The ghost code is not a valid run: ...`` naming the move the rules refuse or the one the
            hunter catches.
    """
    try:
        _replay_rules(maze, moves)
    except ValueError as exc:
        raise CodeError(f"The ghost code is not a valid run: {exc}.") from None


def _held(ghost: GhostCode) -> LevelCode:
    if ghost.held is None:  # never: __post_init__ sets one of spec and held
        raise CodeError(NO_CODE)
    return ghost.held


def pack_steps(steps: tuple[tuple[int, int], ...] | list[tuple[int, int]], move_ticks: int = MOVE_TICKS) -> str:
    """The moves part of a ghost code for ``(tick, k)`` steps.

    Raises:
        ValueError: a direction above 8, or a tick not after the previous one.
    """
    out: list[str] = []
    prev_tick = 0
    prev_gap = move_ticks
    for i, (tick, k) in enumerate(steps):
        if not 0 <= k < MAX_NEIGHBOURS:
            raise ValueError(f"move {i + 1} has direction {k}; directions are 0..{MAX_NEIGHBOURS - 1}")
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
        prev_tick, prev_gap = tick, gap
    return "".join(out)


def unpack_steps(
    packed: str, shape: str, move_ticks: int = MOVE_TICKS, weave: bool = False, floors: bool = False,
    waits: bool = False,
) -> tuple[tuple[int, int], ...]:
    """Inverse of :func:`pack_steps`, checking everything that needs no maze.

    Args:
        packed: the moves part of a ghost code (upper case).
        shape: the level's tessellation (bounds each move's direction).
        weave: a weave level: a cell may also have one under-edge, listed among its neighbours.
        floors: a level of several floors: a cell may also have a stair down and a stair up, listed last.
        waits: a puzzle maze with a hunter: :func:`wait_direction` is a wait.

    Raises:
        CodeError: no moves, a character that is not a letter or digit, a
            direction no cell of ``shape`` has, a broken or cut time field, a
            move not after the previous one, or a run past :data:`MAX_TICK`.
    """
    if not packed:
        raise CodeError("The ghost code has no moves after ':'.")
    sides = MAX_SIDES.get(shape, MAX_NEIGHBOURS) + (1 if weave else 0) + (2 if floors else 0) + int(waits)
    steps: list[tuple[int, int]] = []
    tick = 0
    gap = move_ticks
    i = 0
    n = len(packed)
    while i < n:
        number = len(steps) + 1
        v = _VALUE.get(packed[i])
        if v is None:
            raise CodeError(f"The ghost moves contain '{packed[i]}', which is not a letter or digit.")
        i += 1
        k, t = divmod(v, 4)
        if k >= sides:
            raise CodeError(
                f"The ghost move {number} leaves the maze (cells of a {shape} maze have at most {sides} sides)."
            )
        if t == 1:
            gap += 1
        elif t == 2:
            gap -= 1
        elif t == 3:
            if i >= n or packed[i] not in "123456789":
                raise CodeError(f"The ghost move {number} has a broken time field.")
            length = int(packed[i])
            digits = packed[i + 1 : i + 1 + length]
            if len(digits) != length:
                raise CodeError("The ghost code is cut short inside a time field.")
            if length > _MAX_GAP_DIGITS or any(c not in _VALUE for c in digits):
                raise CodeError(f"The ghost move {number} has a broken time field.")
            gap = int(digits, 36)
            i += 1 + length
        if gap < (0 if not steps else 1):
            raise CodeError(f"The ghost move {number} begins before the previous one.")
        tick += gap
        if tick > MAX_TICK:
            raise CodeError(f"The ghost move {number} begins too late (a run may last about 414 days at most).")
        steps.append((tick, k))
    return tuple(steps)


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
    waits = _hunted(maze)
    for i, (tick, nxt) in enumerate(moves):
        if cell == maze.goal:
            raise ValueError(f"move {i + 1} comes after the goal was reached")
        if tick <= prev or tick < 0:
            raise ValueError(f"move {i + 1} begins at tick {tick}, not after the previous move")
        if nxt not in adj[cell] and not (waits and nxt == cell):
            raise ValueError(f"move {i + 1} from cell {cell} to cell {nxt} goes through a wall")
        cell, prev = nxt, tick
    if require_goal and cell != maze.goal:
        raise ValueError("the run does not reach the goal")
    if maze.rules is not None:
        _replay_rules(maze, moves)


def _replay_rules(maze: Maze, moves: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> None:
    """Play ``(tick, cell)`` moves under ``maze``'s rules (a move that stays is a wait).

    Raises:
        ValueError: see :func:`engine.modes.rules_play.replay_actions`.
    """
    from engine.modes.rules_play import replay_actions

    cell = int(maze.start)
    actions: list[int | None] = []
    for _, nxt in moves:
        actions.append(None if nxt == cell else nxt)
        cell = nxt
    replay_actions(maze, actions)


def _decode(frame: Frame) -> GhostCode:
    level, sep, packed = frame.rest.partition(":")
    if not sep:
        raise CodeError("The ghost code has no moves (the part after ':').")
    if "#" not in level:
        return _decode_held(frame, level, packed)
    fields, seed_text = split_level(level, "ghost code")
    spec = MazeSpec.from_fields(fields, seed_text, frame.version)
    hunted = spec.puzzle is not None and "pursuer" in spec.puzzle.families
    steps = unpack_steps(packed, spec.shape, weave=bool(spec.weave), floors=spec.floors > 1, waits=hunted)
    return GhostCode(spec, steps, frame.version)


def _decode_held(frame: Frame, header: str, rest: str) -> GhostCode:
    """A ghost code that carries its level: ``.<S><W>X<H>[...]`` then ``<passages>:<moves>``."""
    if frame.version < 2:
        raise CodeError("The ghost code has no seed (the part after '#').")
    passages, sep, packed = rest.partition(":")
    if not sep:
        raise CodeError("The ghost code of a hand-made level has no moves (the part after its second ':').")
    try:
        f = fmt.parse(f"{header}:{passages}")  # the header's size is checked before the grid is built
    except CodeError as exc:
        why = str(exc)
        raise CodeError(f"The ghost code's level is not valid: {why[:1].lower()}{why[1:]}") from None
    held = LevelCode(f.grid, f.passage, f.start, f.goal, f.dark, rules=f.rules)
    hunted = f.rules is not None and f.rules.pursuer is not None
    steps = unpack_steps(packed, held.shape, floors=held.floors > 1, waits=hunted)
    return GhostCode(None, steps, frame.version, held=held)


#: The ghost code kind (tag ``G``): one entry in :data:`engine.codes.KINDS`.
GHOST_CODES: Final = CodeKind[GhostCode](TAG, "ghost", dict.fromkeys(VERSIONS, _decode),
                                         max_length=MAX_GHOST_CODE_LENGTH)
