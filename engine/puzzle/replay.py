"""Replay codes (``S2...``): a sliding-puzzle solve, its start and every blank move with the time it was made.

Form (case-insensitive, the check characters of :func:`engine.codes.seal`)::

    S2<puzzle>:<moves>-<check>

``<puzzle>`` is the puzzle code of the start without its head and check characters (``.4X4:<rank>``,
``.4X4.U#<seed>``, ``.3X3.K80.IMOSAIC#<seed>``...: every form of :mod:`engine.puzzle.codes`, written in its version
2), so a solve of a shuffle names the shuffle and a solve of a pasted position the position.  ``<moves>`` packs
each blank move with its time, one to nine characters a move:

* a first character of value ``4 * g + k`` (``0-9A-Z`` = 0..35): ``k`` the blank's move (0..3: ``U D L R``),
  ``g`` (0..8) how many base-36 digits of the gap follow;
* ``g`` = 0: the move was made at the same millisecond as the one before (a click that slides three tiles makes
  three moves at once; the first move: at 0 ms); else the next ``g`` characters are the gap in milliseconds since
  the previous move (the first move: since the clock started), without leading zeros.

A move's time is therefore the sum of the gaps up to it, in milliseconds from the clock's start (0 .. about
24 days, :data:`MAX_MS`); the solve's time is its last move's.  A typical human move takes three characters (a gap
of 36 ms to 1.3 s).

Decoding checks everything: the frame and check characters (every single typo is refused, as every v2 code's), the
puzzle part (its own rules: size, rank, seed, solvable), each move on the board (no move leaves it) and the times.
It raises :class:`engine.codes.CodeError` with one plain sentence, never anything else.  A replay need not end
solved (:attr:`Replay.solved` says whether it does).

:class:`ReplayPlayer` plays a replay back on its own clock: the same moves at the same times.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final

from engine.code_frame import ALPHABET, CURRENT_VERSION, CodeError, CodeKind, Frame, decode_kind, encode_int, seal
from engine.puzzle.board import MOVES, Board
from engine.puzzle.codes import TAG as PUZZLE_TAG
from engine.puzzle.codes import PuzzleCode
from engine.puzzle.codes import decode as decode_puzzle
from engine.records import format_time

if TYPE_CHECKING:
    from engine.puzzle.analysis import SolveAnalysis

TAG: Final = "S"
VERSIONS = (2,)
VERSION = CURRENT_VERSION
#: The longest replay code read (about 30,000 moves at three characters each).
MAX_REPLAY_LENGTH = 100_000
#: The latest time a move may be made, in milliseconds from the clock's start (about 24.8 days).
MAX_MS = (1 << 31) - 1
_MAX_DIGITS = len(encode_int(MAX_MS))  # 6
_VALUE = {c: i for i, c in enumerate(ALPHABET)}


def pack_moves(moves: str, times: tuple[int, ...] | list[int]) -> str:
    """The moves part of a replay code for blank ``moves`` (``UDLR``) made at ``times`` (ms from the clock's start).

    Raises:
        ValueError: not one time per move, a letter that is not a move, a time below 0, above :data:`MAX_MS` or
            before the previous move's.
    """
    if len(moves) != len(times):
        raise ValueError(f"a replay has one time per move: {len(moves)} moves, {len(times)} times")
    out: list[str] = []
    prev = 0
    for i, (m, t) in enumerate(zip(moves, times, strict=True), start=1):
        k = MOVES.find(m)
        if k < 0:
            raise ValueError(f"move {i} is {m!r}; moves are the blank's U, D, L, R")
        if not prev <= t <= MAX_MS:
            raise ValueError(f"move {i} is made at {t} ms, before the previous move or past {MAX_MS} ms")
        gap = t - prev
        digits = encode_int(gap) if gap else ""
        out.append(ALPHABET[4 * len(digits) + k] + digits)
        prev = t
    return "".join(out)


def unpack_moves(packed: str) -> tuple[str, tuple[int, ...]]:
    """Inverse of :func:`pack_moves`: ``(moves, times)``, checking the characters and the times (not the board).

    Raises:
        CodeError: no moves, a character that is not a letter or digit, a gap cut short or written with a leading
            zero, or a time past :data:`MAX_MS`.
    """
    if not packed:
        raise CodeError("The replay code has no moves after its last ':'.")
    moves: list[str] = []
    times: list[int] = []
    t = 0
    i, n = 0, len(packed)
    while i < n:
        number = len(moves) + 1
        v = _VALUE.get(packed[i])
        if v is None:
            raise CodeError(f"The replay's moves contain '{packed[i]}', which is not a letter or digit.")
        g, k = divmod(v, 4)
        digits = packed[i + 1 : i + 1 + g]
        if len(digits) != g:
            raise CodeError("The replay code is cut short inside a move's time.")
        if g > _MAX_DIGITS or any(c not in _VALUE for c in digits) or digits[:1] == "0":
            raise CodeError(f"The replay's move {number} has a broken time.")
        t += int(digits, 36) if digits else 0
        if t > MAX_MS:
            raise CodeError(f"The replay's move {number} is made too late (a replay lasts about 24 days at most).")
        moves.append(MOVES[k])
        times.append(t)
        i += 1 + g
    return "".join(moves), tuple(times)


@dataclass(frozen=True)
class Replay:
    """One solve: the start (its puzzle code), the blank's moves and the time of each.

    Attributes:
        puzzle: the start's puzzle code (a position, or the shuffle that deals it; its picture, if any).
        moves: the blank's moves, ``UDLR``, as made (an undo is the move back); at least one.
        times: milliseconds from the clock's start at which each move was made (non-decreasing, 0..:data:`MAX_MS`).
        version: the code format it is written in (not part of the solve).
    """

    KIND: ClassVar[str] = "replay"

    puzzle: PuzzleCode
    moves: str
    times: tuple[int, ...]
    version: int = field(default=VERSION, compare=False)

    def __post_init__(self) -> None:
        if len(self.moves) != len(self.times):
            raise ValueError(f"a replay has one time per move: {len(self.moves)} moves, {len(self.times)} times")
        if not self.moves:
            raise ValueError("a replay has at least one move")

    @classmethod
    def of_solve(cls, puzzle: PuzzleCode | str, log: list[tuple[int, str]] | tuple[tuple[int, str], ...]) -> Replay:
        """The replay of ``log`` (``(ms, move)`` per blank move, as :attr:`PuzzleSession.log` keeps it) from
        ``puzzle`` (a puzzle code or its text).

        Raises:
            ValueError: a puzzle code that does not decode (:class:`CodeError`), no move, a move off the board or
                bad times.
        """
        pc = decode_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
        replay = cls(pc.upgraded(), "".join(m for _, m in log), tuple(int(t) for t, _ in log))
        pack_moves(replay.moves, replay.times)  # the times' checks
        replay.boards_end()
        return replay

    # -- the solve -------------------------------------------------------------------------------------------
    @property
    def start(self) -> Board:
        """The position the solve starts from."""
        return self.puzzle.board

    @property
    def seconds(self) -> float:
        """The solve's time: its last move's (0 for no move)."""
        return self.times[-1] / 1000 if self.times else 0.0

    def boards_end(self) -> Board:
        """The board after every move.

        Raises:
            ValueError: a move that takes the blank off the board (names the move).
        """
        b = self.start
        for i, m in enumerate(self.moves, start=1):
            if m not in b.legal_moves():
                raise ValueError(f"The replay's move {i} ({m}) would take the blank off the board.")
            b = b.move(m)
        return b

    @property
    def solved(self) -> bool:
        """True when the moves end on the goal."""
        return self.boards_end().is_solved()

    @property
    def tiles_per_second(self) -> float:
        """Moves per second over the solve (0 for a zero time)."""
        return len(self.moves) / self.seconds if self.seconds > 0 else 0.0

    # -- the code (its kind's behaviour, :class:`engine.codes.Decoded`) ------------------------------------------
    def code(self) -> str:
        """The canonical replay code in :attr:`version`."""
        body = self.puzzle.upgraded().code().rpartition("-")[0]  # P2.<fields>
        return seal(f"{TAG}{self.version}{body[len(PUZZLE_TAG) + 1:]}:{pack_moves(self.moves, self.times)}")

    def upgraded(self) -> Replay:
        """The same replay in the current code version."""
        return replace(self, version=VERSION)

    def describe(self) -> dict[str, Any]:
        """Every field by name: the start (its puzzle code's fields), the moves, their times, the time, solved."""
        return {
            **self.puzzle.describe(),
            "puzzle_code": self.puzzle.upgraded().code(),
            "moves": self.moves,
            "times_ms": list(self.times),
            "seconds": self.seconds,
            "ends_solved": self.solved,
        }

    def facts(self, full: bool = False) -> dict[str, Any]:
        """Nothing more: a replay has no maze (:meth:`describe` says all)."""
        return {}

    def label(self) -> str:
        """``replay of a 4×4 solve``."""
        return f"replay of a {self.puzzle.width}×{self.puzzle.height} solve"

    def line(self) -> str:
        """``replay: a 4×4 solve, 52 moves in 0:14.20`` (``, unfinished`` when it does not end solved)."""
        tail = "" if self.solved else ", unfinished"
        moves = f"{len(self.moves)} move" + ("" if len(self.moves) == 1 else "s")
        return f"replay: a {self.puzzle.width}×{self.puzzle.height} solve, {moves} in {format_time(self.seconds)}{tail}"

    def list_text(self) -> str:
        """``replay · 4×4, 0:14.20``."""
        return f"replay · {self.puzzle.width}×{self.puzzle.height}, {format_time(self.seconds)}"

    def dark_twin(self) -> Replay:
        """Itself: a sliding puzzle is never dark."""
        return self

    def maze_recipe(self) -> None:
        """None: a replay has no maze."""
        return None

    def made_level(self) -> None:
        """None: a replay is not a maze level."""
        return None


def decode(code: object) -> Replay:
    """Decode a replay code (see the module docstring).

    Raises:
        CodeError: one plain sentence naming what is wrong.
    """
    return decode_kind(code, REPLAY_CODES)


def looks_like_replay(text: str) -> bool:
    """True when ``text`` (stripped, any case) starts like a replay code (``S`` and a digit), not move letters."""
    t = text.strip().strip("'\"`").upper()
    return len(t) >= 2 and t[0] == TAG and t[1].isdigit()


def _decode(frame: Frame) -> Replay:
    rest = frame.rest
    puzzle_rest, sep, packed = rest.rpartition(":")
    if not sep or not puzzle_rest:
        raise CodeError("The replay code has no moves (the part after its last ':').")
    try:
        puzzle = decode_puzzle(seal(f"{PUZZLE_TAG}{frame.version}{puzzle_rest}"))
    except CodeError as exc:
        why = str(exc)
        raise CodeError(f"The replay's start is not valid: {why[:1].lower()}{why[1:]}") from None
    moves, times = unpack_moves(packed)
    replay = Replay(puzzle, moves, times, frame.version)
    try:
        replay.boards_end()
    except ValueError as exc:
        raise CodeError(str(exc)) from None
    return replay


#: The replay code kind (tag ``S``, a solve): one entry in :data:`engine.codes.KINDS`.
REPLAY_CODES: Final = CodeKind[Replay](TAG, "replay", dict.fromkeys(VERSIONS, _decode), max_length=MAX_REPLAY_LENGTH)


def analysis_note(a: SolveAnalysis) -> str:
    """The summary of a solve's analysis kept with its run (compact JSON): ``optimal`` (the start's proven fewest
    moves, or null), ``bounds`` (``[low, high]`` of the start), ``moves``, ``lost`` (moves lost in all), ``places``
    (how many moves lost them), ``exact`` (distances proven at this size) and ``summary`` (the headline in players'
    words, :func:`engine.puzzle.analysis_text.summary`)."""
    from engine.puzzle.analysis_text import summary

    losses = a.losses()
    return json.dumps({
        "optimal": a.optimal, "bounds": list(a.bounds(0)), "moves": a.count, "lost": sum(x.lost for x in losses),
        "places": len(losses), "exact": a.exact, "summary": summary(a),
    }, separators=(",", ":"))


# -- playing a replay back ---------------------------------------------------------------------------------------
@dataclass
class ReplayPlayer:
    """A replay played back: the same moves at the same times, on its own clock.

    Args:
        replay: what to play.
        speed: how fast the clock runs (1.0: as the solve was made; 0.25 .. 8).

    Attributes:
        board: the position now.
        clock: seconds of the solve played so far (the solve's own time, whatever the speed).
        played: moves made so far (index of the next move).
        paused: the clock stands.
    """

    replay: Replay
    speed: float = 1.0
    board: Board = field(init=False)
    clock: float = 0.0
    played: int = 0
    paused: bool = False

    def __post_init__(self) -> None:
        if not 0.25 <= self.speed <= 8:
            raise ValueError(f"The replay speed must be 0.25 to 8, got {self.speed}.")
        self.board = self.replay.start

    @property
    def done(self) -> bool:
        """Every move has been played."""
        return self.played >= len(self.replay.moves)

    @property
    def next_at(self) -> float | None:
        """The time (s, on the solve's clock) of the next move, None when done."""
        return None if self.done else self.replay.times[self.played] / 1000

    def advance(self, dt: float) -> str:
        """Run the clock ``dt`` seconds (times the speed) and make every move that falls due; returns them."""
        if self.paused or self.done:
            return ""
        self.clock = min(self.clock + max(0.0, dt) * self.speed, self.replay.seconds)
        out = []
        times, moves = self.replay.times, self.replay.moves
        while self.played < len(moves) and times[self.played] <= self.clock * 1000 + 1e-6:
            out.append(moves[self.played])
            self.played += 1
        if out:
            self.board = self.board.apply("".join(out))
        return "".join(out)

    def restart(self) -> None:
        """Back to the start, clock 0."""
        self.board = self.replay.start
        self.clock = 0.0
        self.played = 0
