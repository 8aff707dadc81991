"""Where a solve lost moves: the distance to solved after each move, the moves that went further, the better move.

A solve is a start board and the blank's moves (``UDLR``, as ``tessera puzzle solve`` writes them).  Position ``i``
is the board after the first ``i`` moves (position 0 is the start); ``d[i]`` its distance to solved (fewest moves).
Every move changes the distance by exactly one (a move is reversible, and a board's distance has the parity of its
Manhattan distance), so move ``i`` *loses* ``lost = d[i] - d[i-1] + 1`` moves: 0 for a move towards the goal, 2 for
a move away from it (one to go there, one to come back).  Summed over a solve, ``sum(lost) = moves - d[0] + d[n]``:
for a solve that ends solved, exactly the player's moves minus the optimum.  Each loss names a *better move*: a
move from the position before it that lowers the distance.

Exact sizes (at most 16 cells: 3x3, 4x4, 3x4, ...) read every distance from the one optimal solver
(:func:`engine.puzzle.meter.measure`, :func:`engine.puzzle.optimal.solve_optimal`; 3x3 from its exact table).  The
analysis goes forward from the start, so the first losses are known first, and reuses all it learns on the way:

* the solve is a graph of its distinct positions (a detour's way back, or any loop, returns to a position already
  met, which is measured once); each has a proven band ``lo .. hi`` (``lo`` at first the pattern databases'
  estimate, :func:`engine.puzzle.optimal.lower_bounds`), carried along the moves: neighbours' distances differ by
  exactly one, so a measured position bounds every other by the moves between them, and the player's own moves
  bound them from above (the solve ends solved);
* every position on an optimal solution found is known at once (a player following it costs no search);
* one move after a measured position (distance ``d``) is one bounded search (is ``d - 1`` reachable?), never a
  whole proof; before it, a *probe* looks ahead: if the solve goes straight towards solved for ``k`` more moves
  (detours left out), the position ``k`` moves on is exactly ``d - k`` away, and one search that finds a solution of
  ``d - k`` there proves every position between.  Probes go 4, 8, 16, ... moves ahead while they succeed; a failed
  one (an exhausted bound, cheaper than the search it would spare) raises that position's ``lo`` and, where the
  solve wanders, makes the next probes wait (1, 2, 4 ... positions, at most :data:`MAX_BACKOFF`);
* the searches read the known distances instead of searching past them (``known`` of the optimal solver).

Larger boards have no exact distance in reach: each position gets a *band* ``low .. high``: ``low`` the pattern
databases' admissible estimate (5x5: the near-optimal solver's tables when they are ready; else the Manhattan
distance), ``high`` the shortest solution known (the player's own rest of the solve, and near-optimal solutions from
some positions, the start first), both carried along the path by the one-move rule above.  A move is named a loss
there only when the bands prove it (the band after it lies wholly above the band before it, less one).

:class:`SolveAnalysis` is the state, readable while it grows; :func:`analyse` fills it, position by position,
calling ``update`` after each and polling ``cancel``, so a screen can run it in the background and show the first
losses while the rest is still being measured.  Pure: no threads, no window.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.puzzle.board import MOVES, Board
from engine.puzzle.result import CancelFn, ProgressFn, SolveResult, SolverStopped

UPPER_EVERY = 20
"""On boards without exact distances: a near-optimal (or fast) solution is searched from every this many positions
(after the start's), for the bands' upper bounds."""

UPPER_TIMEOUT = 5.0
"""Seconds at most for each upper-bound solve of a board without exact distances."""


@dataclass(frozen=True)
class Loss:
    """A move that took the player further from solved.

    Attributes:
        move: which move, 1 .. the number of moves.
        lost: moves it cost (2 on exact sizes: one away, one back; at least 2 where bands prove it).
        better: a blank move (``UDLR``) from the position before it that lowers the distance, or ``""`` when
            none is known (the position before it was solved, or a band's size).
    """

    move: int
    lost: int
    better: str = ""


@dataclass
class SolveAnalysis:
    """What is known so far about one solve's distances (see the module docstring).

    Attributes:
        start: position 0.
        moves: the blank's moves (``UDLR``), one per position after the start.
        exact: True on sizes whose distances are proven (then ``low[i] == high[i]`` once position ``i`` is done).
        low: a proven lower bound of each position's distance (moves), positions 0 .. len(moves).
        high: the shortest solution known from each position (moves), or None when none is known yet.
        better: position index -> a blank move from it that lowers its distance.
        done: positions 0 .. done - 1 are final (exact: measured; bands: as tight as the analysis gets them).
        finished: the whole solve is analysed.
    """

    start: Board
    moves: str
    exact: bool
    low: list[int] = field(default_factory=list)
    high: list[int | None] = field(default_factory=list)
    better: dict[int, str] = field(default_factory=dict)
    done: int = 0
    finished: bool = False

    @property
    def count(self) -> int:
        """The number of moves."""
        return len(self.moves)

    def distance(self, i: int) -> int | None:
        """Position ``i``'s distance (moves) when proven, else None."""
        hi = self.high[i]
        return hi if hi is not None and hi == self.low[i] else None

    @property
    def distances(self) -> list[int | None]:
        """Each position's proven distance (None where not proven yet, or only a band is known)."""
        return [self.distance(i) for i in range(self.count + 1)]

    @property
    def optimal(self) -> int | None:
        """The start's proven fewest moves, or None."""
        return self.distance(0)

    def bounds(self, i: int = 0) -> tuple[int, int | None]:
        """Position ``i``'s band: proven lower bound and shortest known solution (None: none yet)."""
        return self.low[i], self.high[i]

    def loss_at(self, i: int) -> int:
        """Moves lost by move ``i`` (1..count) as far as proven: ``d[i] - d[i-1] + 1`` (0 when not proven)."""
        hi_before = self.high[i - 1]
        if hi_before is None:
            return 0
        if self.exact:
            a, b = self.distance(i - 1), self.distance(i)
            return 0 if a is None or b is None else max(0, b - a + 1)
        # bands: d[i] >= low[i] and d[i-1] <= high[i-1]; a move changes the distance by one, so d[i] >= low[i] >
        # high[i-1] - 1 means it went up
        return 2 if self.low[i] >= hi_before + 1 else 0

    def losses(self) -> list[Loss]:
        """The moves proven to lose moves so far, in order."""
        out = []
        for i in range(1, self.count + 1):
            k = self.loss_at(i)
            if k:
                out.append(Loss(i, k, self.better.get(i - 1, "")))
        return out

    @property
    def lost(self) -> int:
        """Moves lost in all (proven so far)."""
        return sum(loss.lost for loss in self.losses())

    def copy(self) -> SolveAnalysis:
        """A snapshot another thread can read while this one grows."""
        return SolveAnalysis(self.start, self.moves, self.exact, list(self.low), list(self.high), dict(self.better),
                             self.done, self.finished)

    def state(self) -> AnalysisState:
        """What grows, as plain data (lists, a dict, ints: cheap to pickle; another process's snapshot)."""
        return AnalysisState(list(self.low), list(self.high), dict(self.better), self.done, self.finished)

    def with_state(self, state: AnalysisState) -> SolveAnalysis:
        """This solve's analysis at ``state`` (:meth:`state`, e.g. sent by a child process); a new object.

        Raises:
            ValueError: ``state`` has not one band per position of this solve.
        """
        if len(state.low) != self.count + 1 or len(state.high) != self.count + 1:
            raise ValueError(f"The analysis state has {len(state.low)} positions; this solve has {self.count + 1}.")
        return SolveAnalysis(self.start, self.moves, self.exact, list(state.low), list(state.high),
                             dict(state.better), state.done, state.finished)


@dataclass(frozen=True)
class AnalysisState:
    """The growing part of a :class:`SolveAnalysis` (its fields of the same names), plain picklable data."""

    low: list[int]
    high: list[int | None]
    better: dict[int, str]
    done: int
    finished: bool


def positions(start: Board, moves: str) -> list[Board]:
    """Positions 0 .. len(moves) of a solve.

    Raises:
        ValueError: a letter that is not a move, or a move off the board (one line naming it).
    """
    out = [start]
    b = start
    for i, m in enumerate(moves, start=1):
        if m not in MOVES:
            raise ValueError(f"Move {i} is {m!r}; moves are the blank's U, D, L, R.")
        if m not in b.legal_moves():
            raise ValueError(f"Move {i} ({m}) would take the blank off the board.")
        b = b.move(m)
        out.append(b)
    return out


def parse_moves(text: str) -> str:
    """A move string from text: the letters ``UDLR`` in either case, spaces and commas ignored.

    Raises:
        ValueError: any other character (one line naming it).
    """
    out = "".join(text.split()).replace(",", "")
    bad = next((c for c in out if c.upper() not in MOVES), None)
    if bad is not None:
        raise ValueError(f"The moves are the blank's letters U, D, L, R; got {bad!r}.")
    return out.upper()


def _parity(board: Board) -> int:
    return board.manhattan() % 2


def lower_bound_fn(width: int, height: int, progress: ProgressFn | None = None,
                   cancel: CancelFn | None = None) -> Callable[[Board], int]:
    """A proven lower bound (moves) for boards of this size without exact distances, raised to the distance's
    parity: the 5x5 pattern databases (largest of their views and the Manhattan distance) when their tables are in
    the cache or in memory (loaded here: call it off the window's thread the first time), else the Manhattan
    distance."""
    if (width, height) == (5, 5):
        from engine.puzzle.near.tables import five_by_five, tables_ready

        if tables_ready():
            h = five_by_five(progress, cancel)

            def pdb(board: Board) -> int:
                return _parity_floor(max(int(board.manhattan()), int(h.start(board.tiles)[1].max())), board)

            return pdb
    return Board.manhattan


def _spread(low: list[int], high: list[int | None]) -> None:
    """Carry the bounds along the path: neighbours' distances differ by exactly one (in place)."""
    n = len(low)
    for i in range(1, n):
        low[i] = max(low[i], low[i - 1] - 1)
        hp = high[i - 1]
        hi = high[i]
        if hp is not None and (hi is None or hp + 1 < hi):
            high[i] = hp + 1
    for i in range(n - 2, -1, -1):
        low[i] = max(low[i], low[i + 1] - 1)
        hn = high[i + 1]
        hi = high[i]
        if hn is not None and (hi is None or hn + 1 < hi):
            high[i] = hn + 1


def analyse(
    start: Board,
    moves: str,
    *,
    known: Mapping[tuple[int, ...], int] | None = None,
    cancel: CancelFn | None = None,
    progress: ProgressFn | None = None,
    update: Callable[[SolveAnalysis], None] | None = None,
    backward: bool = False,
) -> SolveAnalysis:
    """Analyse the solve ``moves`` from ``start`` (see the module docstring).

    Args:
        known: exact distances already proven (``Board.tiles`` -> moves, e.g. the game's distance meter's); a
            wrong one gives a wrong analysis.
        cancel: polled between searches (and inside them); True stops the analysis (``SolverStopped``).
        progress: the tables' build progress ``(fraction, message)``, when they are built first.
        update: called with the analysis after each position is done (the same object, growing).
        backward: on exact sizes, measure from the last position back to the start instead (one bounded search
            per position from the one after it, no probes ahead): what a second process does beside a forward
            run, the two meeting in the middle (:func:`engine.puzzle.analysis_stream.merge_states`).  ``done``
            stays 0 until the end (it counts final positions from the start); the losses' better moves are found
            as both sides of a move are known.  Needs a solve that ends solved (else the last position's is a
            whole proof).

    Returns:
        The finished analysis (``finished`` True).

    Raises:
        ValueError: an unsolvable start or a bad move (one line).
        SolverStopped: ``cancel`` returned True (``"cancelled"``), or a search gave up (``"limit"``).
    """
    if not start.is_solvable():
        raise ValueError("This position is unsolvable: no sequence of slides reaches the goal.")
    from engine.puzzle.optimal import can_solve_optimally

    boards = positions(start, moves)
    exact = can_solve_optimally(start.width, start.height)  # the sizes whose distances are proven
    a = SolveAnalysis(start, moves, exact)
    if exact and backward:
        _analyse_backward(a, boards, dict(known or {}), cancel, progress, update)
    elif exact:
        _analyse_exact(a, boards, dict(known or {}), cancel, progress, update)
    else:
        _analyse_bands(a, boards, cancel, progress, update)
    a.finished = True
    if update is not None:
        update(a)
    return a


def _start_walk(
    a: SolveAnalysis,
    boards: list[Board],
    known: dict[tuple[int, ...], int],
    cancel: CancelFn | None,
    progress: ProgressFn | None,
) -> _Walk:
    """The walk over ``boards`` on the pattern databases' lower bounds, its first bands published into ``a``."""
    from engine.puzzle.optimal import lower_bounds

    walk = _Walk(boards, known, lower_bounds(a.start.width, a.start.height, cancel, progress))
    walk.publish(a)
    return walk


def _analyse_exact(
    a: SolveAnalysis,
    boards: list[Board],
    known: dict[tuple[int, ...], int],
    cancel: CancelFn | None,
    progress: ProgressFn | None,
    update: Callable[[SolveAnalysis], None] | None,
) -> None:
    """Every position's distance from the optimal solver, forward from the start (module docstring)."""
    n = len(boards) - 1
    walk = _start_walk(a, boards, known, cancel, progress)
    for i in range(n + 1):
        if cancel is not None and cancel():
            raise SolverStopped("cancelled", _no_result())
        u = walk.node_of[i]
        if not walk.decided(u):
            if i and walk.wait == 0:
                walk.gallop(i, cancel)
            elif walk.wait:
                walk.wait -= 1
            if not walk.decided(u):
                walk.direct(u, cancel, progress)
        walk.publish(a)
        if i and a.loss_at(i) and (i - 1) not in a.better:
            before = boards[i - 1]
            a.better[i - 1] = walk.nexts.get(before.tiles) or _better_move(before, a.low[i - 1], walk.known, cancel)
        a.done = i + 1
        if update is not None:
            update(a)


def _analyse_backward(
    a: SolveAnalysis,
    boards: list[Board],
    known: dict[tuple[int, ...], int],
    cancel: CancelFn | None,
    progress: ProgressFn | None,
    update: Callable[[SolveAnalysis], None] | None,
) -> None:
    """Every position's distance, from the last back to the start (``analyse(backward=True)``)."""
    n = len(boards) - 1
    walk = _start_walk(a, boards, known, cancel, progress)
    for i in range(n, -1, -1):
        if cancel is not None and cancel():
            raise SolverStopped("cancelled", _no_result())
        u = walk.node_of[i]
        if not walk.decided(u):
            walk.direct(u, cancel, progress)
        walk.publish(a)
        if i < n and a.loss_at(i + 1) and i not in a.better:
            a.better[i] = walk.nexts.get(boards[i].tiles) or _better_move(boards[i], a.low[i], walk.known, cancel)
        if update is not None:
            update(a)
    a.done = n + 1


PROBE_FIRST = 4
"""Moves ahead (along the solve, its detours left out) of the first probe of :meth:`_Walk.gallop`."""

MAX_BACKOFF = 8
"""Most positions searched one by one after gallops that failed in a row (1, 2, 4, ... up to this), where the
solve wanders (its distance going up and down) and probes ahead would fail."""


class _Walk:
    """The solve as a graph of its distinct positions (a detour's way back is the position it left), with a proven
    band ``lo .. hi`` of each one's distance, carried along the moves (neighbours' distances differ by one).

    A position's distance is *decided* when its band is one value; the decided ones join ``known`` (what every
    search reads), and ``nexts`` keeps, for positions on an optimal solution found, that solution's next move.
    """

    def __init__(self, boards: list[Board], known: dict[tuple[int, ...], int],
                 estimate: Callable[[Board], int]) -> None:
        self.known = known
        self.nexts: dict[tuple[int, ...], str] = {}
        index: dict[tuple[int, ...], int] = {}
        self.boards: list[Board] = []
        self.node_of: list[int] = []
        for b in boards:
            v = index.get(b.tiles)
            if v is None:
                v = index[b.tiles] = len(self.boards)
                self.boards.append(b)
            self.node_of.append(v)
        pairs = {(min(u, v), max(u, v)) for u, v in zip(self.node_of, self.node_of[1:], strict=False)}
        self.edges = sorted(pairs, key=lambda e: (e[1], e[0]))
        self.near: list[list[int]] = [[] for _ in self.boards]
        for u, v in self.edges:
            self.near[u].append(v)
            self.near[v].append(u)
        self.wait = 0  # gallops skipped before the next (backing off after failed ones)
        self._backoff = 1
        self.lo = [0 if b.is_solved() else estimate(b) for b in self.boards]
        self.hi: list[int | None] = [0 if b.is_solved() else None for b in self.boards]
        self._absorb()

    def decided(self, v: int) -> bool:
        """True when position ``v``'s distance is proven."""
        return self.hi[v] is not None and self.hi[v] == self.lo[v]

    def publish(self, a: SolveAnalysis) -> None:
        """Write every position's band into ``a``."""
        a.low = [self.lo[v] for v in self.node_of]
        a.high = [self.hi[v] for v in self.node_of]

    def _absorb(self) -> None:
        """Take the known distances, carry the bands along the moves until nothing changes, and add the positions
        that became decided to ``known``."""
        for v, b in enumerate(self.boards):
            d = self.known.get(b.tiles)
            if d is not None:
                self.lo[v] = self.hi[v] = d
        lo, hi = self.lo, self.hi
        changed = True
        while changed:
            changed = False
            for edges in (self.edges, [(v, u) for u, v in reversed(self.edges)]):
                for u, v in edges:
                    for x, y in ((u, v), (v, u)):
                        if lo[x] - 1 > lo[y]:
                            lo[y] = lo[x] - 1
                            changed = True
                        hx, hy = hi[x], hi[y]
                        if hx is not None and (hy is None or hx + 1 < hy):
                            hi[y] = hx + 1
                            changed = True
        for v, b in enumerate(self.boards):
            if self.decided(v):
                self.known.setdefault(b.tiles, lo[v])

    def _learn(self, board: Board, distance: int, path: str) -> None:
        """``board`` is ``distance`` moves from solved and ``path`` starts an optimal solution of it."""
        self.known[board.tiles] = distance
        b = board
        for k, m in enumerate(path):
            self.nexts.setdefault(b.tiles, m)
            b = b.move(m)
            self.known[b.tiles] = distance - k - 1
        self._absorb()

    def direct(self, v: int, cancel: CancelFn | None, progress: ProgressFn | None) -> None:
        """Measure position ``v`` within its band (one bounded search when the band is ``d - 1 .. d + 1``)."""
        from engine.puzzle.meter import MeterQuery, measure

        answer = measure(MeterQuery(self.boards[v], self.lo[v], self.hi[v], self.known), cancel=cancel,
                         progress=progress)
        self._learn(answer.board, answer.distance, answer.path)

    def _distances(self, v: int) -> list[int]:
        """Moves from position ``v`` to each position along the solve's moves (breadth first)."""
        far = [-1] * len(self.boards)
        far[v] = 0
        todo = [v]
        for x in todo:
            for y in self.near[x]:
                if far[y] < 0:
                    far[y] = far[x] + 1
                    todo.append(y)
        return far

    def gallop(self, i: int, cancel: CancelFn | None) -> None:
        """Try to decide the position after move ``i`` (its predecessor's distance ``d`` proven) and many after it
        with few searches: if the solve goes straight on towards solved from there for ``k`` moves (detours left
        out), the position ``k`` moves on is exactly ``d - k`` away, and one search proving a solution of ``d - k``
        from it proves every position between (their bands meet).  Probes go 4, 8, 16, ... moves ahead while they
        succeed; a probe that fails (no solution of ``d - k``, an exhausted bound: cheaper than the search it
        spares) ends it, and leaves its position's lower bound raised."""
        from engine.puzzle.optimal import solve_optimal

        p, u = self.node_of[i - 1], self.node_of[i]
        d = self.lo[p]
        if self.lo[u] != d - 1:
            return
        from_p, from_u = self._distances(p), self._distances(u)
        cands: list[tuple[int, int]] = []  # (moves from p, node): u on a shortest way there, the band allows it
        seen = {u, p}
        for j in range(i + 1, len(self.node_of)):
            w = self.node_of[j]
            if w in seen:
                continue
            seen.add(w)
            k = from_p[w]
            if from_u[w] == k - 1 and k <= d and not self.decided(w):
                cands.append((k, w))
        step = PROBE_FIRST
        while cands:
            if cancel is not None and cancel():
                raise SolverStopped("cancelled", _no_result())
            fit = [c for c in cands if c[0] <= step]
            if not fit:
                step *= 2
                continue
            k, w = fit[-1]
            cands = [c for c in cands if c[0] > k]
            want = d - k
            if self.lo[w] > want:
                return  # a loss lies before it: the straight way ends there
            if self.decided(w):
                continue
            try:
                res = solve_optimal(self.boards[w], at_least=want, at_most=want, known=self.known, cancel=cancel)
            except SolverStopped as stop:
                if stop.reason != "bound":
                    raise
                self.lo[w] = max(self.lo[w], want + 2)
                self._absorb()
                if not self.decided(u):  # nothing gained: wait longer before the next try
                    self.wait, self._backoff = self._backoff, min(2 * self._backoff, MAX_BACKOFF)
                return
            self._learn(self.boards[w], res.length + int(res.extra.get("rest", 0)), res.moves)
            self._backoff = 1
            step = 2 * max(step, k)


def _parity_floor(value: int, board: Board) -> int:
    """``value`` raised to the parity of ``board``'s distance (its Manhattan distance's)."""
    return value + ((value - _parity(board)) % 2)


def _better_move(board: Board, d: int, known: dict[tuple[int, ...], int], cancel: CancelFn | None) -> str:
    """A blank move from ``board`` (distance ``d``) that lowers its distance; ``""`` when ``d`` is 0."""
    if d == 0:
        return ""
    for m in board.legal_moves():
        if known.get(board.move(m).tiles) == d - 1:
            return m
    from engine.puzzle.optimal import solve_optimal

    res = solve_optimal(board, at_least=d, at_most=d, known=known, cancel=cancel)
    return res.moves[:1]


def _no_result() -> SolveResult:
    return SolveResult("analysis", "", 0, 0.0, False)


def _analyse_bands(
    a: SolveAnalysis,
    boards: list[Board],
    cancel: CancelFn | None,
    progress: ProgressFn | None,
    update: Callable[[SolveAnalysis], None] | None,
) -> None:
    """Bands on boards without exact distances: estimates below, solutions known above (module docstring)."""
    w, h = a.start.width, a.start.height
    estimate = lower_bound_fn(w, h, progress, cancel)
    n = len(boards) - 1
    a.low = [_parity_floor(estimate(b), b) for b in boards]
    a.high = [None] * (n + 1)
    if boards[-1].is_solved():
        a.high[-1] = 0
    _spread(a.low, a.high)
    a.done = 0
    if update is not None:
        update(a)
    for k, i in enumerate(range(0, n + 1, UPPER_EVERY)):
        if cancel is not None and cancel():
            raise SolverStopped("cancelled", _no_result())
        b = boards[i]
        if not b.is_solved():
            sol = _upper_solution(b, cancel, progress)
            hi = a.high[i]
            if sol is not None and (hi is None or len(sol) < hi):
                a.high[i] = len(sol)
                if sol:
                    a.better.setdefault(i, sol[0])
        _spread(a.low, a.high)
        a.done = min(n + 1, (k + 1) * UPPER_EVERY)
        if update is not None:
            update(a)
    a.done = n + 1


def _upper_solution(board: Board, cancel: CancelFn | None, progress: ProgressFn | None) -> str | None:
    """A short solution of ``board`` (near-optimal on 5x5 and larger, else the fast solver), or None if none
    was found within :data:`UPPER_TIMEOUT`."""
    from engine.puzzle.near.solver import near_available, solve_near_optimal

    try:
        if near_available(board.width, board.height):
            return solve_near_optimal(board, timeout=UPPER_TIMEOUT, cancel=cancel, progress=progress).moves
        from engine.puzzle.astar import solve_fast

        return solve_fast(board, timeout=UPPER_TIMEOUT, cancel=cancel).moves
    except SolverStopped as stop:
        if stop.reason == "cancelled":
            raise
        return None


def slid(board: Board, move: str) -> str:
    """The tile a blank move slides and which way, in players' words: ``"7 left"`` (the tile beside the blank
    moves the other way from the blank)."""
    from engine.puzzle.board import move_delta

    tile = board.tiles[board.blank + move_delta(move, board.width)]
    return f"{tile} {_WAY[move]}"


_WAY = {"U": "down", "D": "up", "L": "right", "R": "left"}


def slide_words(board: Board, move: str) -> str:
    """A blank move in players' words: ``"slide 7 left"``."""
    return f"slide {slid(board, move)}"


__all__ = [
    "Loss",
    "SolveAnalysis",
    "AnalysisState",
    "analyse",
    "lower_bound_fn",
    "parse_moves",
    "positions",
    "slid",
    "slide_words",
]
