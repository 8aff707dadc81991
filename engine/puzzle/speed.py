"""Speed modes of the sliding puzzle, as speed-solvers play them offline: relay, marathon and blindfold.

* **Relay**: 3×3, then 4×4, then 5×5 ... up to the size chosen, on one clock: each next board appears the moment the
  last is solved and its time runs at once (the relay's time is the sum of its legs).
* **Marathon**: N solves of one size in a row, on one clock in the same way.
* **Blindfold**: one board, memorised with its numbers shown (the clock stands), then the numbers hide and stay
  hidden until it is solved.  The clock starts when the numbers hide: the player hides them (H) or the first move
  hides them.  Why then: what is timed is the solve done without seeing the numbers, as a speed-solver's timer
  starts when the solve starts; starting it at the first move instead would let a player hide the numbers and
  then think, unseen and untimed.  The memorisation is timed too and shown beside the solve (``memo``), as
  blindfold solvers report their memo time; it is not part of the mode's time.

:class:`SpeedRun` is the engine session: it deals each board (:class:`engine.puzzle.session.PuzzleSession`, the
puzzle's one game model, so moves, undo and the win are the puzzle's), runs the mode's clock, keeps each solve
(:class:`SpeedSolve`: its time, moves and replay code) and says when the run is over.  :func:`solve_stats` is the
statistics of a list of solves: the mean, Ao5 and Ao12 (best and worst dropped, :func:`engine.records.average_of`)
and tiles per second.  Pure: no window, no threads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from engine.puzzle.board import MAX_SIDE, MIN_SIDE
from engine.puzzle.codes import PuzzleCode, shuffle_code
from engine.puzzle.replay import Replay
from engine.puzzle.session import PuzzleSession
from engine.records import SOLVE_SUFFIX, average_of, best_average
from engine.rng import Rng

RELAY, MARATHON, BLINDFOLD = "relay", "marathon", "blindfold"
#: The speed modes, in the order the setup offers them.
MODES = (RELAY, MARATHON, BLINDFOLD)
#: What players call each mode (the setup's and the win's words).
MODE_NAMES = {RELAY: "Relay", MARATHON: "Marathon", BLINDFOLD: "Blindfold"}
#: The most solves in one marathon.
MAX_MARATHON = 100
#: The relay's largest last size (its boards grow one side at a time from 3×3).
MAX_RELAY_SIDE = 8


class SpeedPhase(Enum):
    """Where a speed run is (:attr:`SpeedRun.phase`)."""

    MEMORISE = "memorise"  # blindfold: the numbers are shown, the clock stands
    SOLVING = "solving"  # a board is being solved (blindfold: numbers hidden)
    DONE = "done"  # every board is solved


@dataclass(frozen=True)
class SpeedSetup:
    """A speed run as chosen.

    Attributes:
        mode: :data:`RELAY`, :data:`MARATHON` or :data:`BLINDFOLD`.
        size: the board's side (marathon, blindfold: 2..:data:`MAX_SIDE`; relay: its last size,
            4..:data:`MAX_RELAY_SIDE`: at least two boards).
        count: the marathon's solves (1..:data:`MAX_MARATHON`); 1 for the others.

    Raises:
        ValueError: (on construction) an unknown mode, or a size or count out of range (one sentence).
    """

    mode: str
    size: int = 4
    count: int = 1

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"The speed mode must be one of {', '.join(MODES)}; got {self.mode!r}.")
        lo, hi = (4, MAX_RELAY_SIDE) if self.mode == RELAY else (MIN_SIDE, MAX_SIDE)
        if not lo <= self.size <= hi:
            raise ValueError(f"A {self.mode}'s board size must be {lo} to {hi}, got {self.size}.")
        top = MAX_MARATHON if self.mode == MARATHON else 1
        if not 1 <= self.count <= top:
            raise ValueError(f"A {self.mode} has 1 to {top} solves, got {self.count}.")

    @property
    def sides(self) -> tuple[int, ...]:
        """The board side of each solve in order (relay: 3, 4, ... size)."""
        if self.mode == RELAY:
            return tuple(range(3, self.size + 1))
        return (self.size,) * self.count

    @property
    def key(self) -> str:
        """What its personal bests are kept under: ``3x3-5x5`` (relay), ``4x4 x12`` (marathon), ``4x4`` (blindfold)."""
        n = self.size
        if self.mode == RELAY:
            return f"3x3-{n}x{n}"
        return f"{n}x{n} x{self.count}" if self.mode == MARATHON else f"{n}x{n}"

    def label(self) -> str:
        """In players' words: ``Relay 3×3→5×5``, ``Marathon of 12, 4×4``, ``Blindfold 3×3``."""
        n = self.size
        if self.mode == RELAY:
            return f"Relay 3×3→{n}×{n}"
        if self.mode == MARATHON:
            return f"Marathon of {self.count}, {n}×{n}"
        return f"Blindfold {n}×{n}"

    @classmethod
    def from_key(cls, mode: str, key: str) -> SpeedSetup | None:
        """The setup :attr:`key` names for ``mode`` (``relay`` and ``3x3-5x5``...), None for text that names none
        (a damaged save: never raises)."""
        text = key.strip().lower()
        try:
            if mode == RELAY and text.startswith("3x3-"):
                w, _, h = text[4:].partition("x")
                setup = cls(mode, int(w)) if w == h else None
            elif mode == MARATHON:
                size, _, n = text.partition(" x")
                w, _, h = size.partition("x")
                setup = cls(mode, int(w), int(n)) if w == h else None
            else:
                w, _, h = text.partition("x")
                setup = cls(mode, int(w)) if w == h else None
        except ValueError:
            return None
        return setup if setup is not None and setup.key == text else None


def speed_label(mode: str, key: str) -> str:
    """A speed mode's history row in players' words: a whole run's setup (:meth:`SpeedSetup.label`: ``Relay
    3×3→5×5``) or a relay's or marathon's single solves (``Relay 4×4 boards``); the mode and key as kept for what
    names neither."""
    base = mode.removesuffix(SOLVE_SUFFIX)
    name = MODE_NAMES.get(base, base)
    if mode != base:
        w, _, h = key.partition("x")
        return f"{name} {w}×{h} boards" if w.isdigit() and h.isdigit() else f"{name} {key} boards"
    setup = SpeedSetup.from_key(mode, key)
    return setup.label() if setup is not None else f"{name} {key}".strip()


@dataclass(frozen=True)
class SpeedSolve:
    """One solved board of a speed run.

    Attributes:
        index: its place in the run, 0 first.
        width, height: the board's size.
        seconds: its time (from when its clock started to the solving move).
        moves: tiles moved on its path (an undo takes its move back, as the puzzle counts).
        replay: its replay (every move made, undos included, with its time on the solve's clock).
        path: the blank's moves of its path from the start (undone moves taken out: what the analysis measures,
            as a puzzle win's).
        memo: seconds spent memorising (blindfold), else 0.
        assisted: a hint or the solver was used.
    """

    index: int
    width: int
    height: int
    seconds: float
    moves: int
    replay: Replay
    path: str = ""
    memo: float = 0.0
    assisted: bool = False

    @property
    def size(self) -> str:
        """``"WxH"``."""
        return f"{self.width}x{self.height}"

    @property
    def tiles_per_second(self) -> float:
        """Moves per second (0 for a zero time)."""
        return self.moves / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class SolveStats:
    """The statistics of a list of solves (seconds; None when there are too few solves for it).

    Attributes:
        count: solves.
        total: their times summed (a relay's or marathon's time).
        mean: the plain mean of every time.
        best: the fastest single.
        ao5, ao12: the average of the last 5 / 12 (the best and the worst of those dropped).
        best_ao5: the best average of 5 consecutive solves.
        tiles_per_second: every move over every second.
    """

    count: int
    total: float
    mean: float | None
    best: float | None
    ao5: float | None
    ao12: float | None
    best_ao5: float | None
    tiles_per_second: float


def solve_stats(times: Sequence[float], moves: Sequence[int]) -> SolveStats:
    """The statistics of solves of ``times`` (seconds, in order) and ``moves`` (tiles moved each).

    Raises:
        ValueError: not one move count per time.
    """
    if len(times) != len(moves):
        raise ValueError(f"one move count per time: {len(times)} times, {len(moves)} move counts")
    total = float(sum(times))
    return SolveStats(
        len(times), total, total / len(times) if times else None, min(times) if times else None,
        average_of(times, 5), average_of(times, 12), best_average(times, 5),
        sum(moves) / total if total > 0 else 0.0,
    )


def session_replay(session: PuzzleSession) -> Replay | None:
    """The replay of a puzzle game's moves so far (every move made, with its time) from the shuffle's seed code,
    else the position's; None for a game without a code or without a move."""
    code = session.seed_code or session.code
    if code is None or not session.log:
        return None
    return Replay.of_solve(code, session.log)


@dataclass
class SpeedRun:
    """One speed run (see the module docstring): the boards dealt in turn, the clock, the solves kept.

    Args:
        setup: the mode, size and count.
        seed: the run's seed (0..2**64-1): the boards' shuffles are drawn from it (uniform random positions).

    Attributes:
        session: the board being solved now (the last one once done).
        solves: the boards solved so far, in order.
        phase: :class:`SpeedPhase`.
        memo: seconds memorised so far (blindfold).
        hidden: the numbers are hidden (blindfold, once memorised).
        codes: the seed code of each board in order.
    """

    setup: SpeedSetup
    seed: int = 0
    session: PuzzleSession = field(init=False)
    solves: list[SpeedSolve] = field(default_factory=list)
    phase: SpeedPhase = SpeedPhase.SOLVING
    memo: float = 0.0
    hidden: bool = False
    codes: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        if not 0 <= self.seed < (1 << 64):
            raise ValueError(f"The seed must be in 0..2**64-1, got {self.seed}.")
        rng = Rng(self.seed)
        deals: list[PuzzleCode] = [shuffle_code(n, n, rng.below(1 << 40)) for n in self.setup.sides]
        self.codes = tuple(pc.code() for pc in deals)
        self._boards = deals
        self.phase = SpeedPhase.MEMORISE if self.setup.mode == BLINDFOLD else SpeedPhase.SOLVING
        self.session = self._deal(0)

    def _deal(self, i: int, at: float | None = None, frame_at: float | None = None) -> PuzzleSession:
        pc = self._boards[i]
        from engine.puzzle.deal import position_code

        session = PuzzleSession(pc.board, code=position_code(pc.board), seed_code=self.codes[i])
        if i > 0:  # one clock: the next board's time runs from the moment the last was solved
            session.start_clock(at, frame_at)
        return session

    # -- queries ---------------------------------------------------------------------------------------------
    @property
    def leg(self) -> int:
        """The index of the board being solved (the number solved, once done: the count)."""
        return len(self.solves)

    @property
    def legs(self) -> int:
        """How many boards the run has."""
        return len(self.setup.sides)

    @property
    def done(self) -> bool:
        """Every board is solved."""
        return self.phase is SpeedPhase.DONE

    @property
    def clock(self) -> float:
        """The mode's time so far (seconds): every solve's, plus the current board's while it runs."""
        past = sum(s.seconds for s in self.solves)
        return past if self.done else past + self.session.elapsed

    @property
    def assisted(self) -> bool:
        """A hint or the solver was used on some board (the run keeps no personal best)."""
        return any(s.assisted for s in self.solves) or (not self.done and self.session.assisted)

    @property
    def shows_numbers(self) -> bool:
        """Whether the tiles' numbers are shown now (hidden from the blindfold's hiding until it is solved)."""
        return not self.hidden

    def stats(self) -> SolveStats:
        """:func:`solve_stats` of the solves so far."""
        return solve_stats([s.seconds for s in self.solves], [s.moves for s in self.solves])

    # -- driving ---------------------------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        """``dt`` seconds pass (before the puzzle session's own ``update``): the memorisation clock (blindfold)."""
        if self.phase is SpeedPhase.MEMORISE:
            self.memo += max(0.0, dt)

    def hide(self, at: float | None = None) -> bool:
        """Blindfold: the numbers hide and the clock starts (H, or the first move), at ``at`` on the caller's input
        clock (:class:`engine.puzzle.session.PuzzleSession`'s input times; None: from the next frame).  Returns
        True if they hid now."""
        if self.phase is not SpeedPhase.MEMORISE:
            return False
        self.hidden = True
        self.phase = SpeedPhase.SOLVING
        self.session.start_clock(at)
        return True

    def before_move(self, at: float | None = None) -> None:
        """Call before the player's move (made at ``at``, as :meth:`hide`) reaches the session: a blindfold's first
        move hides the numbers."""
        self.hide(at)

    def check_solved(self, at: float | None = None) -> SpeedSolve | None:
        """After a move: when the current board is won, keep its solve and deal the next (or end the run).  ``at``:
        when the solving move was made on the caller's input clock (as :meth:`hide`): the next board's clock starts
        then (None: from the next frame).

        Returns the solve kept, or None when the board is not solved yet (or the run is over).
        """
        s = self.session
        if self.done or not s.won:
            return None
        replay = session_replay(s)
        assert replay is not None  # a speed run deals every board from a seed code
        solve = SpeedSolve(self.leg, s.board.width, s.board.height, s.elapsed, s.moves, replay, s.path,
                           self.memo if self.setup.mode == BLINDFOLD else 0.0, s.won_assisted)
        self.solves.append(solve)
        if self.leg >= self.legs:
            self.phase = SpeedPhase.DONE
            self.hidden = False  # solved: the numbers show again
        else:
            self.session = self._deal(self.leg, at, s.frame_at)
        return solve


__all__ = [
    "BLINDFOLD", "MARATHON", "MAX_MARATHON", "MAX_RELAY_SIDE", "MODES", "MODE_NAMES", "RELAY", "SolveStats",
    "SpeedPhase", "SpeedRun", "SpeedSetup", "SpeedSolve", "best_average", "session_replay",
    "solve_stats", "speed_label",
]
