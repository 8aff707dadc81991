"""The puzzle screen's distance line: "N moves from solved (optimal)" while playing, "you took M, optimal was N"
at the end (3x3 and 4x4, the optimal solver's sizes).

The rules are :class:`engine.puzzle.meter.DistanceMeter`'s; this keeps one background search at a time
(:class:`game.workers.Task`, a thread: the search is numpy batches) and never waits for it: until an answer
arrives the line says "computing…", or the two values the last reading leaves ("62 or 64 moves from solved
(checking…)": a move changes the distance by one, so the distance is one of them).  The dealt position is measured
first (it gives the end line and the par a win keeps); with the live line on, each new position is measured next,
bounded by the ones before, and while the player looks at a measured position its neighbours are measured ahead
(a look-ahead that is no longer the position on screen or one of its neighbours is cancelled: the player went
elsewhere).  A search for a position the player has walked through since the last measured one is kept, not
restarted at each move: its answer bounds the position on screen more tightly than anything known, and a player
who keeps moving (or slides several tiles per click, so no move lands on a measured neighbour) would otherwise
never get a reading while each new search is dropped before it ends.  A search that fails (not cancelled) is not
asked again for that position: the line says so instead of searching the same position in a loop.  While
the search out builds tables (none in the cache, or cached ones this installation cannot trust), the line says so
too, not a bare "computing…" for a minute.  The 4x4
tables are never built just for the end line: without them it waits until the live line is turned on (a 3x3
board's exact table, about a second to build, is).

On 5x5 and larger (no exact distance in reach) the live line is a band, "between 88 and 97 moves from solved (not
proven)": below, the pattern databases' proven lower bound; above, the shortest solution known
(:class:`engine.puzzle.meter.BandMeter`: the near-optimal solver's, run in the background from where the player
stands whenever that position has none of its own, one at a time, plus the moves made since).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.puzzle.board import INVERSE, Board
from engine.puzzle.meter import (
    MAX_TRAIL,
    BandMeter,
    DistanceMeter,
    MeterAnswer,
    MeterQuery,
    band_available,
    band_job,
    measure,
    meter_available,
)
from engine.puzzle.optimal import tables_ready
from engine.puzzle.result import SolverStopped
from engine.puzzle.session import PuzzleSession
from engine.puzzle.tables.pdb import MAX_EXACT_CELLS
from game.workers import Task

COMPUTING = "computing…"
CHECKING = "checking…"


def pending_text(at_least: int, at_most: int | None) -> str:
    """The line while a reading is out: the two values bounds ``at_least .. at_most`` (moves, the same parity)
    leave, e.g. ``"62 or 64 moves from solved (checking…)"``; :data:`COMPUTING` when they leave more."""
    if at_most is None or at_most - at_least != 2:
        return COMPUTING
    return f"{at_least} or {at_most} moves from solved ({CHECKING})"


def band_text(low: int, high: int | None) -> str:
    """The band line: ``"between 88 and 97 moves from solved (not proven)"``; the two equal: proven."""
    if high is None:
        return f"at least {low} moves from solved (finding a solution…)"
    if high <= low:
        return f"{high} move{'' if high == 1 else 's'} from solved (optimal)"
    return f"between {low} and {high} moves from solved (not proven)"


def failed_text(why: str) -> str:
    """The line for a position whose search failed: ``why`` is the solver's stop reason (``"limit"``: more
    positions than memory allows) or the error's type."""
    return f"Distance not found ({why})."


class MeterLine:
    """One game's distance readings and the text of its line.

    Attributes:
        text: the live line ("" when off or for other sizes).
        meter: what the game learnt (distances by position).
    """

    def __init__(self) -> None:
        self.meter = DistanceMeter()
        self.task: Task[MeterAnswer] | None = None
        self.asked: Board | None = None  # the position the search out measures
        self.start: Board | None = None
        self.available = False
        self.ready = False  # the size's tables are in memory or the cache
        self.text = ""
        self._pending: tuple[Board, str] = (Board.goal(2, 2), COMPUTING)  # a position out and its line
        self.failed: dict[tuple[int, ...], str] = {}  # positions whose search failed: the error, not asked again
        self.banded = False  # 5x5 and up: bounds, not distances
        self.band = BandMeter()
        self.band_task: Task[tuple[Board, str]] | None = None
        self.band_failed: set[tuple[int, ...]] = set()
        self._estimate: Callable[[Board], int] = Board.manhattan

    def attach(self, session: PuzzleSession) -> None:
        """A new game: forget the old one (its search is cancelled)."""
        self.cancel()
        self.meter = DistanceMeter()
        self.failed = {}
        self.start = session.start
        w, h = session.start.width, session.start.height
        self.available = meter_available(w, h)
        self.banded = band_available(w, h)
        self.band = BandMeter()
        self.band_failed = set()
        self._estimate = Board.manhattan  # the pattern databases' once a solve has loaded them
        # A small board's exact table takes about a second, once: built for the end line and the par too.
        self.ready = self.available and (tables_ready(w, h) or w * h <= MAX_EXACT_CELLS)
        self.text = ""

    def cancel(self) -> None:
        """Stop the search out, if any (leaving the screen, a new game)."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
        if self.band_task is not None:
            self.band_task.cancel()
            self.band_task = None

    @property
    def shows(self) -> bool:
        """The line has something for this size: distances (3x3, 4x4) or bands (5x5 and up)."""
        return self.available or self.banded

    @property
    def busy(self) -> bool:
        """A search is out (the screen keeps drawing its line)."""
        return self.task is not None or self.band_task is not None

    def optimal(self) -> int | None:
        """The proven fewest moves of the dealt position, once measured."""
        return self.meter.reading(self.start) if self.start is not None else None

    def _collect(self) -> None:
        task = self.task
        if task is None or not task.done:
            return
        self.task = None
        try:
            self.meter.learn(task.result())
            self.ready = True
        except Exception as exc:  # a cancelled search is dropped before it is collected
            if self.asked is not None:  # not asked again: the same search would fail the same way, in a loop
                self.failed[self.asked.tiles] = exc.reason if isinstance(exc, SolverStopped) else type(exc).__name__

    def _ask(self, query: MeterQuery) -> None:
        self.asked = query.board
        self.task = Task(lambda progress, cancelled: measure(query, cancel=cancelled, progress=progress),
                         name="distance meter")

    def poll(self, session: PuzzleSession, live: bool) -> bool:
        """Take a finished answer, start the next search, update :attr:`text`; True when the text changed."""
        before = self.text
        if self.banded and self.start is not None:
            self._poll_band(session, live)
            return before != self.text
        if not self.available or self.start is None:
            self.text = ""
            return before != self.text
        self._collect()
        w, h = self.start.width, self.start.height
        d = self.meter.reading(session.board)
        if live and self.task is not None and not self._useful(self.asked, session.board, session.path):
            self.cancel()  # a look-ahead the player did not take: measure where they are (or ahead of it) instead
        failed = self.failed.get(session.board.tiles) if d is None else None
        if self.task is None and (live or self.ready):
            if self.optimal() is None:
                if self.start.tiles not in self.failed:
                    self._ask(self.meter.query(self.start))
            elif live and d is None:
                if failed is None:
                    self._ask(self.meter.query(session.board, session.path))
            elif live and (ahead := self.meter.ahead(session.board, skip=self.failed)) is not None:
                self._ask(ahead)  # the next move's reading, measured while the player looks at this one
        if not live:
            self.text = ""
        elif d is not None:
            self.text = f"{d} move{'' if d == 1 else 's'} from solved (optimal)"
        elif failed is not None:
            self.text = failed_text(failed)
        elif not self.ready or (self.task is not None and self.task.progress()[1]):
            # the tables are missing, or the search out is (re)building them: files in the cache that are not
            # this installation's (their digest does not match its key) are rebuilt, about a minute in the game
            self.text = f"{COMPUTING} (building the {w}x{h} tables, once)"
        else:
            if self._pending[0] != session.board:
                q = self.meter.query(session.board, session.path)
                self._pending = (session.board, pending_text(q.at_least, q.at_most))
            self.text = self._pending[1]
        return before != self.text

    def _poll_band(self, session: PuzzleSession, live: bool) -> None:
        """The band line (5x5 and up): take a finished solve, start the next, set :attr:`text`."""
        task = self.band_task
        if task is not None and task.done:
            self.band_task = None
            try:
                board, moves = task.result()
            except Exception:  # no solution in time, or cancelled: that position is not asked again
                if self.asked is not None:
                    self.band_failed.add(self.asked.tiles)
            else:
                self.band.learn(board, moves)
                if self._estimate is Board.manhattan:  # the solve loaded the tables: reading them is cheap now
                    from engine.puzzle.analysis import lower_bound_fn

                    self._estimate = lower_bound_fn(board.width, board.height)
        if not live:
            self.text = ""
            return
        b = session.board
        if self.band_task is None and b.tiles not in self.band.high and b.tiles not in self.band_failed \
                and not b.is_solved():
            self.asked = b
            self.band_task = Task(lambda progress, cancelled: band_job(b, cancel=cancelled, progress=progress),
                                  name="distance bounds")
        high = self.band.upper(b, session.path)
        low = 0 if b.is_solved() else self._estimate(b)
        if high is None and self.band_task is not None and self.band_task.progress()[1]:
            self.text = f"{COMPUTING} (building the {b.width}x{b.height} tables, once)"
        else:
            self.text = band_text(low, high)

    def _useful(self, asked: Board | None, board: Board, path: str) -> bool:
        """The search out still serves the player at ``board``, reached by the blank's moves ``path``: it measures
        the dealt position, ``board`` or one of its neighbours, or a position walking back along ``path`` before the
        first one whose distance is known (its answer bounds ``board`` more tightly than anything known)."""
        if asked is None or asked in (board, self.start):
            return True
        if any(board.move(m) == asked for m in board.legal_moves()):
            return True
        b = board
        for m in reversed(path[-MAX_TRAIL:]):
            b = b.move(INVERSE[m])
            if b == asked:
                return True
            if self.meter.reading(b) is not None:
                return False
        return False

    def end_text(self, moves: int) -> str:
        """``"You took M, optimal was N."`` once the dealt position is measured, else ``""``."""
        best = self.optimal()
        return "" if best is None else f"You took {moves}, optimal was {best}."
