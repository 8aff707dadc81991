r"""The "fast" solver: layered A* with the edges tie-break and random boost (seed 002).

The idea, as a person solves the puzzle:

* **Layers.** The unsolved part of the board is a sub-board (rows ``r0..``,
  columns ``c0..``).  Its *layer* is its top row plus its left column.  The
  layer's tiles are brought home a few at a time (each step is one A* search
  whose goal is "these tiles and the ones already placed in this layer are
  home"); once the whole layer is home it is *locked*: the blank never enters
  it again and the search continues on the smaller sub-board.  Thin boards
  lock one column (height 2) or one row (width 2); once the sub-board is 3x3
  or smaller a last A* finishes it.
* **A\* with f = g + h.**  ``h`` counts the Manhattan distance (optionally
  plus pairwise linear conflicts) of the step's tiles, multiplied by a weight
  that grows with the sub-board (1 for 3x3 and 4x4: shortest sub-steps;
  larger boards favour speed), plus the blank's distance to the nearest tile
  it must move.  Positions are compared on the tiles that matter in this step
  only (the others are interchangeable), so the closed set is small.
* **Edges tie-break.**  Among equal ``f`` the position with more of the current
  layer home is expanded first (then smaller ``h``).  Unlike the original it
  never outranks ``f``.
* **Random boost.**  When ``boost_budget`` expansions pass without a new best
  ``h``, the search jumps to the best position found, makes a short burst of
  random moves there (reproducible from ``seed``) and starts afresh from the
  result.
* A closed set keyed by ``bytes``, parent pointers and move bytes (no string
  paths), a wall-clock ``timeout``.

With ``edges=False`` there are no layers and no tie-break: one A* over the
whole board (fine for 3x3, usually hopeless beyond).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Sequence
from functools import lru_cache

from engine.puzzle.board import Board, blank_moves, legal_moves_at
from engine.puzzle.result import CancelFn, SolveResult, SolverStopped
from engine.rng import Rng

HEURISTICS = ("manhattan", "linear-conflict")
OTHER = 255
_MOVES = "UDLR"
_INV = {0: 1, 1: 0, 2: 3, 3: 2}


class _Search:
    """Shared state of one solve: the real position, the moves made, counters, limits."""

    def __init__(
        self,
        board: Board,
        heuristic: str,
        edges: bool,
        boost: bool,
        timeout: float | None,
        seed: int,
        boost_budget: int,
        weight: float | None,
        cancel: CancelFn | None,
    ) -> None:
        if heuristic not in HEURISTICS:
            raise ValueError(f"Unknown heuristic {heuristic!r}; known: {', '.join(HEURISTICS)}.")
        self.w, self.h = board.width, board.height
        self.tiles = list(board.tiles)
        self.blank = board.blank
        self.moves: list[str] = []
        self.lc = heuristic == "linear-conflict"
        self.edges = edges
        self.boost = boost
        self.rng = Rng(seed)
        self.boost_budget = boost_budget
        self.weight = weight
        self.cancel = cancel
        self.start = time.perf_counter()
        self.deadline = None if timeout is None else self.start + timeout
        self.nodes = 0
        self.boosts = 0
        self.layers = 0

    # -- bookkeeping ---------------------------------------------------------
    def stats(self) -> SolveResult:
        """Counters so far; ``extra["partial_moves"]`` holds the moves already committed (a solution prefix)."""
        return SolveResult(
            "fast",
            "",
            self.nodes,
            time.perf_counter() - self.start,
            False,
            boosts=self.boosts,
            layers=self.layers,
            extra={"partial_moves": "".join(self.moves)},
        )

    def check(self) -> None:
        if self.cancel is not None and self.cancel():
            raise SolverStopped("cancelled", self.stats())
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SolverStopped("timeout", self.stats())

    def play(self, moves: Sequence[int]) -> None:
        w = self.w
        t = self.tiles
        b = self.blank
        for m in moves:
            q = b + (-w, w, -1, 1)[m]
            t[b], t[q] = t[q], 0
            b = q
            self.moves.append(_MOVES[m])
        self.blank = b

    # -- one A* step ---------------------------------------------------------
    def step(self, r0: int, c0: int, targets: Sequence[int], layer: frozenset[int], weight: float) -> None:
        """Bring every tile of ``targets`` home with the blank kept inside rows ``r0..``, columns ``c0..``."""
        while not self._astar(r0, c0, targets, layer, weight):
            pass

    def _astar(self, r0: int, c0: int, targets: Sequence[int], layer: frozenset[int], weight: float) -> bool:
        """One A* run; True when the goal was reached, False after a boost (the caller runs again)."""
        W, H = self.w, self.h
        tset = set(targets)
        goal_cell = {t: t - 1 for t in targets}
        # md[t][cell], row/col of cells, neighbour lists restricted to the region
        md = {t: _distances(W, H, t - 1) for t in targets}
        goals = tuple(t - 1 for t in targets)
        dist = [_distances(W, H, c) for c in range(W * H)]
        nbrs = blank_moves(W, H, r0, c0)
        lc = self.lc

        def line_pairs(state: bytes | bytearray, t: int, cell: int) -> int:
            """Pairwise linear conflicts of tile ``t`` standing at ``cell`` with the other target tiles."""
            r, c = divmod(cell, W)
            gr, gc = divmod(t - 1, W)
            n = 0
            if r == gr:
                base = r * W
                for x in range(c0, W):
                    u = state[base + x]
                    if u != t and u in tset and (u - 1) // W == r:
                        uc = (u - 1) % W
                        if (x < c) != (uc < gc) and x != c:
                            n += 1
            if c == gc:
                for y in range(r0, H):
                    u = state[y * W + c]
                    if u != t and u in tset and (u - 1) % W == c:
                        ur = (u - 1) // W
                        if (y < r) != (ur < gr) and y != r:
                            n += 1
            return n

        state = bytearray(OTHER if (x and x not in tset) else x for x in self.tiles)
        blank = self.blank
        pos = {t: self.tiles.index(t) for t in targets}
        h_md = sum(md[t][pos[t]] for t in targets)
        if lc:
            h_md += sum(line_pairs(state, t, pos[t]) for t in targets)
        if h_md == 0:
            return True
        done = sum(1 for t in targets if t in layer and pos[t] == goal_cell[t])

        def blank_term(bl: int, ps: dict[int, int]) -> int:
            best = 99
            br, bc = divmod(bl, W)
            for t, p in ps.items():
                if p != goal_cell[t]:
                    d = abs(p // W - br) + abs(p % W - bc) - 1
                    if d < best:
                        best = d
            return 0 if best == 99 else best

        root = bytes(state)
        # node arrays: parent, move, blank, g, hmd, positions of targets (tuple)
        par = [-1]
        mv = [-1]
        g_of = {root: 0}
        closed: set[bytes] = set()
        keys = [root]
        blanks = [blank]
        gs = [0]
        tpos = [tuple(pos[t] for t in targets)]
        tindex = {t: i for i, t in enumerate(targets)}
        heap: list[tuple[float, int, int, int, int]] = []
        f0 = weight * h_md + blank_term(blank, pos)
        counter = 0
        heap.append((f0, -done if self.edges else 0, h_md, counter, 0))
        best_h = h_md
        best_node = 0
        since = 0
        edges = self.edges
        budget = self.boost_budget if self.boost else None
        push = heapq.heappush
        pop = heapq.heappop
        while heap:
            _, negdone, hcur, _, node = pop(heap)
            key = keys[node]
            if key in closed:
                continue
            closed.add(key)
            self.nodes += 1
            since += 1
            if (self.nodes & 1023) == 0:
                self.check()
            if hcur == 0:
                self.play(self._path(par, mv, node))
                return True
            if hcur < best_h:
                best_h, best_node, since = hcur, node, 0
            elif budget is not None and since > budget:
                self._boost(par, mv, best_node, r0, c0)
                return False
            bl = blanks[node]
            g1 = gs[node] + 1
            lastm = mv[node]
            ps = tpos[node]
            for m, q in nbrs[bl]:
                if lastm >= 0 and m == _INV[lastm]:
                    continue
                t = key[q]
                ba = bytearray(key)
                ba[bl] = t
                ba[q] = 0
                nk = bytes(ba)
                if nk in closed:
                    continue
                old = g_of.get(nk)
                if old is not None and old <= g1:
                    continue
                g_of[nk] = g1
                hn = hcur
                dn = -negdone
                nps = ps
                if t != OTHER:
                    mdt = md[t]
                    hn += mdt[bl] - mdt[q]
                    if lc:
                        hn += line_pairs(ba, t, bl) - line_pairs(key, t, q)
                    if t in layer:
                        gc = goal_cell[t]
                        dn += (bl == gc) - (q == gc)
                    i = tindex[t]
                    lst = list(ps)
                    lst[i] = bl
                    nps = tuple(lst)
                # blank term: distance from the blank (now at q) to the nearest misplaced target
                bt = 99
                dq = dist[q]
                for p, gp in zip(nps, goals, strict=True):
                    if p != gp:
                        d = dq[p] - 1
                        if d < bt:
                            bt = d
                if bt == 99:
                    bt = 0
                counter += 1
                par.append(node)
                mv.append(m)
                keys.append(nk)
                blanks.append(q)
                gs.append(g1)
                tpos.append(nps)
                push(heap, (g1 + weight * hn + bt, -dn if edges else 0, hn, counter, counter))
        raise SolverStopped("limit", self.stats())  # pragma: no cover - a solvable step always ends

    @staticmethod
    def _path(par: list[int], mv: list[int], node: int) -> list[int]:
        out = []
        while par[node] >= 0:
            out.append(mv[node])
            node = par[node]
        out.reverse()
        return out

    def _boost(self, par: list[int], mv: list[int], best: int, r0: int, c0: int) -> None:
        """Go to the best position found, then make a burst of random moves inside the region."""
        self.play(self._path(par, mv, best))
        W, H = self.w, self.h
        span = max(H - r0, W - c0)
        k = 2 * span + 2
        last = -1
        burst = []
        b = self.blank
        moves_in = blank_moves(W, H, r0, c0)
        for _ in range(k):
            opts = list(moves_in[b])
            opts = [o for o in opts if last < 0 or o[0] != _INV[last]]
            m, b = opts[self.rng.below(len(opts))]
            burst.append(m)
            last = m
        self.play(burst)
        self.boosts += 1


#: Sub-board weights on boards of more than 36 cells (7x7 and up), by sub-board size: (at most 16 cells,
#: at most 25, at most 36, more).  Greedier steps there: 8x8 and 10x10 deals expand about 5-10x fewer
#: positions (7-12 thousand) for plans about 1-3 % longer, so the game's default solve never waits long.
BIG_BOARD_WEIGHTS = (2.0, 3.0, 4.0, 6.0)


@lru_cache(maxsize=4096)
def _distances(width: int, height: int, cell: int) -> tuple[int, ...]:
    """Manhattan distances from ``cell`` to every cell of a ``width`` x ``height`` board (cached)."""
    r, c = divmod(cell, width)
    return tuple(abs(x // width - r) + abs(x % width - c) for x in range(width * height))


def _default_weight(cells: int, board_cells: int = 0) -> float:
    """Heuristic weight for a sub-board of ``cells`` cells on a board of ``board_cells`` cells.

    Up to 36 board cells: 1 (shortest steps) up to 16 sub-board cells, 2 up to 36, then 3.  Larger
    boards use :data:`BIG_BOARD_WEIGHTS`.
    """
    if board_cells > 36:
        lo16, lo25, lo36, more = BIG_BOARD_WEIGHTS
        return lo16 if cells <= 16 else lo25 if cells <= 25 else lo36 if cells <= 36 else more
    if cells <= 16:
        return 1.0
    if cells <= 36:
        return 2.0
    return 3.0


def _layer_plan(w: int, r0: int, c0: int, width: int, height: int) -> tuple[list[list[int]], int, int]:
    """Tile groups for the layer of the sub-board at ``(r0, c0)`` and the next sub-board origin."""
    hs, ws = height - r0, width - c0
    row = [r0 * width + c + 1 for c in range(c0, width)]
    col = [r * width + c0 + 1 for r in range(r0 + 1, height)]
    if hs == 2:  # lock the left column only
        col2 = [r0 * width + c0 + 1, (r0 + 1) * width + c0 + 1]
        return [col2], r0, c0 + 1
    if ws == 2:  # lock the top row only
        return [row], r0 + 1, c0

    def chunks(line: list[int]) -> list[list[int]]:
        out = [[t] for t in line[:-2]]
        out.append(line[-2:])
        return out

    return chunks(row) + chunks(col), r0 + 1, c0 + 1


def solve_fast(
    board: Board,
    *,
    heuristic: str = "manhattan",
    edges: bool = True,
    boost: bool = True,
    timeout: float | None = 10.0,
    seed: int = 0,
    boost_budget: int = 20_000,
    weight: float | None = None,
    cancel: CancelFn | None = None,
) -> SolveResult:
    """Solve ``board`` quickly (not optimally) with the layered A* of seed 002.

    Args:
        heuristic: ``"manhattan"`` or ``"linear-conflict"`` (Manhattan plus pairwise conflicts).
        edges: layers + the edges tie-break (True), or one plain A* over the whole board.
        boost: random boost when ``boost_budget`` expansions pass without progress.
        timeout: seconds (wall clock) before giving up; ``None`` for no limit.
        seed: seed of the boost's random moves (0..2**128-1); same seed, same answer.
        boost_budget: expansions without a new best ``h`` that count as a stall (>= 1).
        weight: heuristic weight override (>= 1); default depends on the sub-board size.
        cancel: polled every 1024 expansions; True stops the search.

    Returns:
        :class:`SolveResult` (``solver="fast"``, ``optimal=False``) with
        ``nodes`` (expanded), ``boosts``, ``layers`` (locked) and ``seconds``.

    Raises:
        ValueError: unsolvable board, bad heuristic name or parameters.
        SolverStopped: ``"timeout"`` or ``"cancelled"``.
    """
    if not board.is_solvable():
        raise ValueError("This position is unsolvable.")
    if boost_budget < 1:
        raise ValueError(f"boost_budget must be >= 1, got {boost_budget}.")
    if weight is not None and weight < 1:
        raise ValueError(f"weight must be >= 1, got {weight}.")
    s = _Search(board, heuristic, edges, boost, timeout, seed, boost_budget, weight, cancel)
    W, H = board.width, board.height
    if board.is_solved():
        return _finish(s)
    if not edges:
        allt = [t for t in range(1, W * H)]
        s.step(0, 0, allt, frozenset(), weight or 1.0)
        return _finish(s)
    r0 = c0 = 0
    while (H - r0) > 3 or (W - c0) > 3:
        groups, nr, nc = _layer_plan(W, r0, c0, W, H)
        layer = frozenset(t for grp in groups for t in grp)
        wgt = weight or _default_weight((H - r0) * (W - c0), W * H)
        placed: list[int] = []
        for grp in groups:
            placed = placed + grp
            s.step(r0, c0, placed, layer, wgt)
        r0, c0 = nr, nc
        s.layers += 1
    rest = [r * W + c + 1 for r in range(r0, H) for c in range(c0, W) if r * W + c != W * H - 1]
    s.step(r0, c0, rest, frozenset(rest), weight or 1.0)
    return _finish(s)


def _finish(s: _Search) -> SolveResult:
    res = s.stats()
    res.moves = "".join(s.moves)
    res.extra = {}
    res.seconds = time.perf_counter() - s.start
    return res


__all__ = ["HEURISTICS", "solve_fast", "legal_moves_at"]
