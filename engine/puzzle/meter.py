"""The distance meter: how many moves the current position is from solved (proven optimal), move by move.

A :class:`DistanceMeter` remembers every distance it learnt during one game and answers at once when it can: the
goal (0), a position met before, or any position on an optimal solution it found (the player following it gets each
reading without a search); :meth:`DistanceMeter.ahead` names the neighbours to measure before the player moves
there, while the current position is on screen. For any other position it writes a :class:`MeterQuery` -- a search
bounded by what the positions met before prove: a position ``k`` moves back along the game's path at distance ``d``
puts the current one in ``d - k .. d + k`` (same parity), so one move after a known position is a single IDA* bound
(``d - 1`` or, failing, ``d + 1``) instead of a whole proof.  Every query carries what the meter knows, which the
search reads instead of searching past it (``known`` of :func:`engine.puzzle.optimal.solve_optimal`): proving a move
off the optimal line goes the long way (``d + 1``) never searches the move back to the measured position (about half
of that proof's work on hard 4x4 positions), and a search that reaches a known optimal line within its bound stops
there.  :func:`measure` runs a query (in the background: the game hands it to a thread) and
:meth:`DistanceMeter.learn` takes the answer.

Pure: no threads, no window; the game's line is ``game.puzzle.meter``.  Boards of at most 16 cells (3x3 answers
from the exact table; 4x4 needs the optimal solver's tables, built once).

Boards of 5x5 and larger have no exact distance in reach: :class:`BandMeter` gives honest bounds instead, "between
88 and 97 moves" -- a proven lower bound (the pattern databases' estimate,
:func:`engine.puzzle.analysis.lower_bound_fn`) and the shortest solution known (the near-optimal solver's, from any
position the game walked through, plus the moves since; :func:`band_job` finds one), never shown as exact unless the
two meet.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import dataclass, field

from engine.puzzle.board import INVERSE, Board
from engine.puzzle.result import CancelFn, ProgressFn, SolverStopped

BAND_TIMEOUT = 10.0
"""Seconds at most for one near-optimal solve of the band meter."""

MAX_TRAIL = 400
"""Moves walked back along the game's path looking for a position whose distance is known."""


def meter_available(width: int, height: int) -> bool:
    """True for the sizes the meter measures (those of the optimal solver: at most 16 cells)."""
    from engine.puzzle.optimal import can_solve_optimally

    return can_solve_optimally(width, height)


@dataclass(frozen=True)
class MeterQuery:
    """One search to run: the position and what the game so far proves about its distance (moves).

    Attributes:
        board: the position.
        at_least: a proven lower bound (0: none).
        at_most: a proven upper bound, or None; when the search finds nothing shorter, this is the distance.
        known: exact distances of other positions (tiles -> moves; the meter's, copied): the search reads them
            instead of searching past them (the move back to a measured neighbour costs nothing), and stops at
            the first one it reaches within its bound.
    """

    board: Board
    at_least: int = 0
    at_most: int | None = None
    known: Mapping[tuple[int, ...], int] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class MeterAnswer:
    """A measured distance: ``board`` is ``distance`` moves from solved; ``path`` the start of an optimal
    solution: all of it, or up to a position whose distance was known (``""`` when the distance followed from the
    bounds without one)."""

    board: Board
    distance: int
    path: str = ""


def measure(query: MeterQuery, cancel: CancelFn | None = None, progress: ProgressFn | None = None) -> MeterAnswer:
    """Run ``query``: the exact distance of its position (the search stops early when its bounds allow).

    ``progress`` receives the tables' build progress ``(fraction, message)`` when they are (re)built first: missing,
    or in the cache but not this installation's (their digest does not match; see ``engine.puzzle.tables.key``).

    Raises:
        SolverStopped: ``cancel`` returned True (``"cancelled"``).
        ValueError: a board over 16 cells.
    """
    from engine.puzzle.optimal import solve_optimal

    q = query
    if q.at_most is not None and q.at_most <= q.at_least:
        return MeterAnswer(q.board, q.at_most)
    within = None if q.at_most is None else q.at_most - 2
    try:
        res = solve_optimal(
            q.board, cancel=cancel, progress=progress, at_least=q.at_least, at_most=within, known=q.known
        )
    except SolverStopped as stop:
        if stop.reason != "bound" or q.at_most is None:
            raise
        return MeterAnswer(q.board, q.at_most)  # nothing within at_most - 2: parity leaves at_most
    return MeterAnswer(q.board, res.length + int(res.extra.get("rest", 0)), res.moves)


@dataclass
class DistanceMeter:
    """What one game has learnt about distances to solved (moves), by position."""

    known: dict[tuple[int, ...], int] = field(default_factory=dict)

    def reading(self, board: Board) -> int | None:
        """The distance of ``board`` if known without a search, else None."""
        if board.is_solved():
            return 0
        return self.known.get(board.tiles)

    def learn(self, answer: MeterAnswer) -> None:
        """Keep ``answer`` and, along its optimal solution, the distance of every position on it."""
        b = answer.board
        self.known[b.tiles] = answer.distance
        for i, m in enumerate(answer.path):
            b = b.move(m)
            self.known[b.tiles] = answer.distance - i - 1

    def ahead(self, board: Board, skip: Container[tuple[int, ...]] = ()) -> MeterQuery | None:
        """The next search worth running before the player moves: a neighbour of ``board`` whose distance is
        unknown, bounded by ``board``'s (``d - 1 .. d + 1``); None when ``board``'s distance is unknown or every
        neighbour's is known (or in ``skip``: tiles of positions not to measure, e.g. whose search failed).

        Measured while the player looks at ``board``, the next move's reading is there at once: the neighbour on
        the known optimal line is known already, the move back too, so at most two searches per position (a 4x4
        move off the line costs one bound ``d - 1`` proof without the move back, up to about two CPU seconds at
        distance 64, which no longer waits for the move).
        """
        d = self.reading(board)
        if d is None:
            return None
        for m in board.legal_moves():
            nb = board.move(m)
            if self.reading(nb) is None and nb.tiles not in skip:
                return MeterQuery(nb, max(0, d - 1), d + 1, dict(self.known))
        return None

    def query(self, board: Board, path: str = "") -> MeterQuery:
        """The search that measures ``board``, the position reached by the moves ``path`` (UDLR, the blank's).

        The nearest position with a known distance walking back along ``path`` (at most :data:`MAX_TRAIL`
        moves) bounds the search; without one it is a full proof.
        """
        b = board
        for k, m in enumerate(reversed(path[-MAX_TRAIL:]), start=1):
            b = b.move(INVERSE[m])
            d = self.known.get(b.tiles)
            if d is not None:
                return MeterQuery(board, max(0, d - k), d + k, dict(self.known))
        return MeterQuery(board, known=dict(self.known))


def band_available(width: int, height: int) -> bool:
    """True for the sizes the band meter bounds (those of the near-optimal solver, 5x5 and up, beyond the
    exact meter's)."""
    from engine.puzzle.near.solver import near_available

    return near_available(width, height) and not meter_available(width, height)


def band_job(board: Board, cancel: CancelFn | None = None, progress: ProgressFn | None = None) -> tuple[Board, str]:
    """A short solution of ``board`` (the near-optimal solver's, at most :data:`BAND_TIMEOUT` seconds) for
    :meth:`BandMeter.learn`; run it in the background (the first use builds the 5x5 tables, about 10 s).

    Raises:
        SolverStopped: cancelled, or no solution in time.
        ValueError: a size the near-optimal solver does not handle.
    """
    from engine.puzzle.near.solver import solve_near_optimal

    return board, solve_near_optimal(board, timeout=BAND_TIMEOUT, cancel=cancel, progress=progress).moves


@dataclass
class BandMeter:
    """What one game on a board without exact distances knows: the shortest solution found from each position
    (moves; an upper bound of its distance)."""

    high: dict[tuple[int, ...], int] = field(default_factory=dict)

    def learn(self, board: Board, moves: str) -> None:
        """Keep the solution ``moves`` of ``board``: every position on it is at most that many moves from solved."""
        b, n = board, len(moves)
        self._keep(b, n)
        for i, m in enumerate(moves, start=1):
            b = b.move(m)
            self._keep(b, n - i)

    def _keep(self, board: Board, moves: int) -> None:
        old = self.high.get(board.tiles)
        if old is None or moves < old:
            self.high[board.tiles] = moves

    def upper(self, board: Board, path: str = "") -> int | None:
        """The shortest solution known from ``board``, reached by the blank's moves ``path``: a known one from a
        position ``k`` moves back along the path (at most :data:`MAX_TRAIL`) gives ``k`` more; None: none known."""
        if board.is_solved():
            return 0
        best = self.high.get(board.tiles)
        b = board
        for k, m in enumerate(reversed(path[-MAX_TRAIL:]), start=1):
            b = b.move(INVERSE[m])
            h = self.high.get(b.tiles)
            if h is not None and (best is None or h + k < best):
                best = h + k
        return best
