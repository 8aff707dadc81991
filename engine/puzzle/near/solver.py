"""The near-optimal solver: beam search on pattern databases for 5x5, peeling larger boards down to 5x5.

* **5x5**: one :func:`engine.puzzle.near.beam.beam_search`, ranked by 5x5 pattern
  databases (:mod:`engine.puzzle.near.tables`); the *effort* (:data:`EFFORTS`) picks
  the tables and the positions kept a level: ``quick`` (the default: the 5-5-5-5-4
  tables, :data:`BEAM_WIDTH`), ``strong`` and ``max`` (Korf & Felner's 6-6-6-6 tables,
  wider beams, and two of them side by side: :data:`VARIANTS`, the shorter answer kept).
* **Larger boards** (both sides at least 5): while the unsolved part is larger
  than 5x5, its top row (when it has at least as many rows as columns) or its
  left column is brought home by a beam search ranked by those tiles' Manhattan
  distance (:data:`PEEL_WIDTH` positions a level; positions that differ only in
  the other tiles count as one), with the blank kept inside the unsolved part;
  that line is then never touched again.  The last 5x5 is renumbered as a 5x5
  board and solved as above.

Solutions are usually not shortest (``optimal`` is False); the same position
always gives the same moves.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.puzzle.board import Board, goal_tiles
from engine.puzzle.near.beam import BeamRun, beam_search
from engine.puzzle.near.heuristics import Heuristic, ManhattanHeuristic
from engine.puzzle.near.tables import SIDE, five_by_five, six_by_six
from engine.puzzle.result import CancelFn, ProgressFn, SolveResult, SolverStopped

BEAM_WIDTH = 2000  # 5x5 positions per level (Korf & Felner's 50: 3000 gave 1.117x optimal, 2000 1.121x, 2/3 the time)
PEEL_WIDTH = 3000  # positions per level while peeling a line of a larger board
NAME = "near-optimal"


@dataclass(frozen=True)
class Effort:
    """How hard the 5x5 search tries: which tables rank it and how many positions a level it keeps.

    Attributes:
        tables: ``"five"`` (the 5-5-5-5-4 tables, 38 MB, built in seconds) or ``"six"`` (Korf & Felner's
            6-6-6-6, 122 MB, built in minutes the first time).
        beam_width: positions kept per level (the node budget: the answer depends on it, not on a clock).
        beams: 5x5 searches run side by side (:data:`VARIANTS`: the board as given, then transposed), each
            ``beam_width`` wide, in their own processes when the system can fork; the shortest answer is kept
            (equal lengths: the earlier variant), so the answer does not depend on which finishes first.
        portable: of children that are the same position, the first generated is kept, so the moves are the
            same on every machine (:func:`engine.puzzle.near.beam.beam_search`); every effort is portable (without
            it the choice follows numpy's default sort, whose kernel differs between processors).
    """

    tables: str
    beam_width: int
    beams: int = 1
    portable: bool = True


EFFORTS: dict[str, Effort] = {
    # quick: hints, auto-solve and the game's bands, a fraction of a second
    "quick": Effort("five", BEAM_WIDTH),
    # strong: about 2.3 s a 5x5 position, whole process, two free cores (Korf & Felner's 50: 1.048x; docs/BENCHMARKS.md)
    "strong": Effort("six", 30_000, beams=2, portable=True),
    # max: about 20 s a position (Korf & Felner's 50: 1.030x, all within 30 s, 525 MiB), one beam (a second
    # never gave a shorter answer at 150,000 and would double the memory; 300,000 went over 30 s: docs/BENCHMARKS.md)
    "max": Effort("six", 240_000, portable=True),
}
"""The efforts players choose (``tessera puzzle solve --effort``); ``quick`` is the default."""
DEFAULT_EFFORT = "quick"


def near_available(width: int, height: int) -> bool:
    """True when the near-optimal solver handles this size (both sides at least 5)."""
    return width >= SIDE and height >= SIDE


def solve_near_optimal(
    board: Board,
    *,
    timeout: float | None = None,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    beam_width: int | None = None,
    peel_width: int = PEEL_WIDTH,
    effort: str = DEFAULT_EFFORT,
) -> SolveResult:
    """Solve ``board`` (both sides >= 5) with the near-optimal beam search; see the module docstring.

    Args:
        timeout: search seconds (the tables' first build not counted), None for no limit.
        progress: told about table builds and loads.
        effort: a key of :data:`EFFORTS` (its tables and 5x5 beam width).
        beam_width: the 5x5 positions kept per level instead of the effort's (>= 1).
        peel_width: positions kept per level while peeling a larger board (>= 1); wider is slower and
            usually shorter.

    Raises:
        ValueError: a side below 5, a width below 1, or an unknown effort.
        SolverStopped: timeout, cancel or depth limit.
        engine.puzzle.tables.pdb.BuildCancelled: cancelled while the tables were built.
    """
    if not near_available(board.width, board.height):
        raise ValueError(
            f"The near-optimal solver handles boards of {SIDE}x{SIDE} and larger; "
            f"{board.width}x{board.height} is smaller (use the optimal or fast solver)."
        )
    if effort not in EFFORTS:
        raise ValueError(f"The effort is one of {', '.join(EFFORTS)}; got {effort!r}.")
    chosen = EFFORTS[effort]
    beam_width = chosen.beam_width if beam_width is None else beam_width
    if beam_width < 1 or peel_width < 1:
        raise ValueError("The beam widths must be at least 1.")
    heuristic = (six_by_six if chosen.tables == "six" else five_by_five)(progress, cancel)
    start = time.perf_counter()
    deadline = None if timeout is None else start + timeout
    w, h = board.width, board.height
    tiles = board.tiles
    moves: list[str] = []
    nodes = 0
    row0 = col0 = 0
    layers = 0
    beams: list[dict[str, object]] = []
    try:
        while h - row0 > SIDE or w - col0 > SIDE:
            if h - row0 >= w - col0:
                line = [row0 * w + c + 1 for c in range(col0, w)]
                nxt = (row0 + 1, col0)
            else:
                line = [r * w + col0 + 1 for r in range(row0, h)]
                nxt = (row0, col0 + 1)
            run = beam_search(
                tiles,
                w,
                h,
                ManhattanHeuristic(w, h, line),
                peel_width,
                region=(row0, col0),
                tracked=line,
                cancel=cancel,
                deadline=deadline,
                portable=True,
            )
            moves.append(run.moves)
            nodes += run.nodes
            tiles = run.tiles
            row0, col0 = nxt
            layers += 1
        sub = _sub_board(tiles, w, row0, col0)
        run, beams = _side_by_side(sub, heuristic, beam_width, chosen.beams, cancel, deadline, chosen.portable)
        moves.append(run.moves)
        nodes += run.nodes
    except SolverStopped as stop:
        stop.result.seconds = time.perf_counter() - start
        stop.result.nodes += nodes
        raise
    return SolveResult(
        NAME,
        "".join(moves),
        nodes,
        time.perf_counter() - start,
        False,
        layers=layers,
        extra={"beam_width": beam_width, "peel_width": peel_width, "effort": effort, "beams": beams},
    )


def _sub_board(tiles: tuple[int, ...], width: int, row0: int, col0: int) -> list[int]:
    """The 5x5 corner from ``(row0, col0)`` as a 5x5 position (tiles renumbered 1..24 by their homes there).

    Every tile in it belongs there (the lines above and to the left are home); the blank's moves on
    it are the same letters on the whole board.
    """
    cells = [(row0 + r) * width + col0 + c for r in range(SIDE) for c in range(SIDE)]
    rename = {0: 0}
    for i, cell in enumerate(cells[:-1]):
        rename[cell + 1] = i + 1  # the tile whose home is that cell
    return [rename[tiles[c]] for c in cells]


VARIANTS = ("as given", "transposed, high ties")
"""The 5x5 searches an effort can run side by side.  The goal is its own transpose, so the transposed board
(tile ``t`` renamed by its home's mirror image, the blank's moves U/L and D/R swapped back) is the same
puzzle; its beam ranks the same estimates but hashes differently, and among children of equal estimate it
keeps those whose smaller view is the larger (``high_ties`` of :func:`engine.puzzle.near.beam.beam_search`),
so it often ends on another route.  Korf & Felner's 1-20, in-process: width 3000, the first alone 1.102x,
the shorter of the two 1.090x; width 12,000: 1.070x and 1.078x alone, the shorter 1.066x.  The transposed
board with the usual ties is a weaker partner (width 3000: the shorter 1.096x; at 20,000 on 1-17 it never
gave a shorter answer)."""
_SWAP = str.maketrans("UDLR", "LRUD")


def _transposed(tiles: Sequence[int]) -> list[int]:
    """The 5x5 position mirrored on the main diagonal, tiles renamed by their mirrored homes."""
    mirror = [(c % SIDE) * SIDE + c // SIDE for c in range(SIDE * SIDE)]
    out = [0] * (SIDE * SIDE)
    for cell, t in enumerate(tiles):
        out[mirror[cell]] = mirror[t - 1] + 1 if t else 0
    return out


def _variant(
    tiles: Sequence[int],
    heuristic: Heuristic,
    width: int,
    which: int,
    cancel: CancelFn | None,
    deadline: float | None,
    portable: bool = True,
) -> BeamRun:
    """Variant ``which`` of :data:`VARIANTS`, its moves given on the board as given (``portable``: see
    :func:`engine.puzzle.near.beam.beam_search`)."""
    goal = goal_tiles(SIDE, SIDE)
    if which == 0:
        return beam_search(
            tiles, SIDE, SIDE, heuristic, width, cancel=cancel, deadline=deadline, goal=goal, portable=portable
        )
    run = beam_search(
        _transposed(tiles),
        SIDE,
        SIDE,
        heuristic,
        width,
        cancel=cancel,
        deadline=deadline,
        goal=goal,
        high_ties=True,
        portable=portable,
    )
    return BeamRun(run.moves.translate(_SWAP), run.nodes, tuple(_transposed(run.tiles)))


def _side_by_side(
    tiles: Sequence[int],
    heuristic: Heuristic,
    width: int,
    count: int,
    cancel: CancelFn | None,
    deadline: float | None,
    portable: bool = True,
) -> tuple[BeamRun, list[dict[str, object]]]:
    """The shortest of the first ``count`` :data:`VARIANTS` (equal lengths: the earlier one), and each one's
    length, nodes and, for a forked one, peak memory (``peak_kib``, that process's ``ru_maxrss``).

    Variant 0 runs here; the others, where ``os.fork`` exists, in child processes forked after the tables
    are loaded (a mapped table's pages are shared, never copied), their answers sent back through a pipe.
    A child that fails is run again here, so the answer never depends on it.

    Raises:
        SolverStopped: from any variant (the children are then stopped).
    """
    count = max(1, min(count, len(VARIANTS)))
    children: list[tuple[int, int, int]] = []  # variant, pid, read end
    if count > 1 and hasattr(os, "fork"):
        for which in range(1, count):
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: search, send the answer, leave without running the parent's cleanups
                code = 1
                try:
                    os.close(read)
                    got = _variant(tiles, heuristic, width, which, None, deadline, portable)
                    with os.fdopen(write, "w", encoding="ascii") as out:
                        json.dump({"moves": got.moves, "nodes": got.nodes}, out)
                    code = 0
                finally:
                    os._exit(code)
            os.close(write)
            children.append((which, pid, read))
    runs: dict[int, BeamRun | None] = {}
    notes: dict[int, dict[str, object]] = {}
    waiting = list(children)
    try:
        runs[0] = _variant(tiles, heuristic, width, 0, cancel, deadline, portable)
        for which, pid, read in children:
            with os.fdopen(read, "r", encoding="ascii") as inp:
                text = inp.read()
            _, status, usage = os.wait4(pid, 0)
            waiting.remove((which, pid, read))
            notes[which] = {"peak_kib": usage.ru_maxrss}
            runs[which] = _answer(text, tiles) if os.waitstatus_to_exitcode(status) == 0 else None
    finally:
        for _, pid, read in waiting:  # this search stopped: the others are stopped too, not waited for
            try:
                os.close(read)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass
    done: list[BeamRun] = []
    for which in range(count):
        run = runs.get(which)
        done.append(run if run is not None else _variant(tiles, heuristic, width, which, cancel, deadline, portable))
    best = min(range(count), key=lambda w: (len(done[w].moves), w))
    report = [
        {"variant": VARIANTS[w], "length": len(done[w].moves), "nodes": done[w].nodes, **notes.get(w, {})}
        for w in range(count)
    ]
    return BeamRun(done[best].moves, sum(r.nodes for r in done), done[best].tiles), report


def _answer(text: str, tiles: Sequence[int]) -> BeamRun | None:
    """A child's answer (JSON ``moves`` and ``nodes``) if its moves take ``tiles`` to the goal, else None."""
    try:
        got = json.loads(text)
        moves, nodes = got["moves"], got["nodes"]
        if not isinstance(moves, str) or not isinstance(nodes, int):
            return None
        end = Board.from_tiles(tiles, SIDE, SIDE).apply(moves)
    except (ValueError, KeyError, TypeError):
        return None
    return BeamRun(moves, nodes, end.tiles) if end.is_solved() else None
