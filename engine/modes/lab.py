"""One Lab run: carve a maze step by step, braid it, then solve it step by step.

:class:`LabRun` owns the whole pipeline and its state; the Lab screen only maps
keys to calls and draws what the run reports.  Phases are a :class:`LabPhase`:

``CARVE`` (the generator's steps) -> ``BRAID`` (the walls the braid factor
opens, one step each; skipped without braid) -> ``DONE`` -> ``SOLVE`` (the
chosen solver's steps) -> ``SOLVED``.  A solve asked for while carving is
queued and starts as soon as the maze is finished.  A run is stepped by a budget
of animation steps, not a timed game, so it keeps its own phases and is not an
:class:`engine.modes.base.Session`; :attr:`LabPhase.shared` maps each phase onto
the shared :class:`engine.modes.base.Phase` (stepping: ``PLAYING``; ``DONE`` and
``SOLVED``: ``OVER``).

A run on a :class:`engine.level.Level` (``LabRun(level=...)``, e.g. a level made by hand,
which has no recipe to carve from) starts finished, in ``DONE``, on the level's maze:
solving and statistics work as after carving; :attr:`LabRun.carves` is False and
:meth:`LabRun.restart` only clears a solve.

Carving and braiding use one random generator, in the same order as
:meth:`engine.maze.recipe.MazeSpec.build`, so the finished maze is exactly the
level of the code (tests check it).  A spec with floors is carved as
:func:`engine.maze.floors.generate_floors` makes it: the allowed stairs are drawn
first, the generator's steps run on the carving graph (only the allowed stairs)
and every edge they name is mapped onto the full stacked grid, braid too; the
other stair candidates stay closed (a floor, drawn as nothing).
:meth:`LabRun.focus_cell` / :meth:`LabRun.focus_floor` say where the carving or
solving cursor is, so a screen can show the floor it works on.

State for drawing lives in two ``bytearray``\\ s the step loop writes directly
(thousands of steps per frame): :attr:`LabRun.cells` (one :data:`UNSEEN` ...
:data:`DEAD` per cell) and :attr:`LabRun.walls` (1 where a wall stands, per
edge).  :attr:`LabRun.version` grows whenever either changes, so a renderer
uploads only when something did.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from enum import Enum
from typing import Any

import numpy as np

from engine.level import Level
from engine.maze.grids.base import Grid
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import MazeSolveResult
from engine.modes.base import Phase
from engine.rng import Rng

UNSEEN, FLOOR, FRONTIER, VISITED, PATH, DEAD = range(6)
#: Steps per second offered by the speed control.
STEP_RATES = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 100_000, 300_000)
SOLVERS = ("bfs", "astar", "wall-left", "wall-right", "tremaux", "dead-end-filling")
#: Bigger mazes are not animated (built in the background and shown as a picture).
ANIMATE_MAX_CELLS = 100_000


class LabPhase(Enum):
    """Where a Lab run is."""

    CARVE = "carving"
    BRAID = "braiding"
    DONE = "finished"
    SOLVE = "solving"
    SOLVED = "solved"

    @property
    def stepping(self) -> bool:
        """True while there are animation steps to apply."""
        return self in (LabPhase.CARVE, LabPhase.BRAID, LabPhase.SOLVE)

    @property
    def shared(self) -> Phase:
        """This phase on the modes' shared :class:`engine.modes.base.Phase`: the stepping phases
        (``CARVE``, ``BRAID``, ``SOLVE``) are ``PLAYING``; ``DONE`` and ``SOLVED``, where nothing changes
        until a solve or a restart is asked for, are ``OVER``.  A Lab run has no ``READY`` (it carves
        from the start) and no ``DECIDED``."""
        return Phase.PLAYING if self.stepping else Phase.OVER


def estimate_cells(spec: MazeSpec) -> int:
    """Roughly the number of cells of ``spec`` (polar rings grow outward; upsilon adds squares)."""
    if spec.shape == "polar":
        return spec.width * spec.height * max(1, spec.height // 3)
    if spec.shape == "upsilon":
        return 2 * spec.width * spec.height
    return spec.width * spec.height


def default_rate_index(cells: int) -> int:
    """The speed at which carving ``cells`` cells takes about 8 seconds (index into :data:`STEP_RATES`)."""
    want = 3 * cells / 8
    return min(range(len(STEP_RATES)), key=lambda i: abs(math.log(STEP_RATES[i] / max(want, 1))))


class LabRun:
    """Carve -> braid -> solve for one maze spec (small enough to animate), or solve a given level.

    Args:
        spec: the maze to carve (None with ``level``).
        grid: the spec's grid when the caller already has it (same shape and size).
        level: a built level to solve instead of carving (the run starts in ``DONE``).

    Raises:
        ValueError: neither or both of ``spec`` and ``level``; a weave spec.

    Attributes:
        cells: ``bytearray`` of cell states, ``grid.n`` long.
        walls: ``bytearray`` per edge, 1 where a wall stands.
        version: grows whenever ``cells`` or ``walls`` changed.
        current: the generator's active cell while carving, the solver's last touched cell while solving, else -1.
        steps_done: steps applied in the current phase.
        solver_index: index into :data:`SOLVERS` of the solver S uses.
        path: the solver's current path while solving; the final path once solved.
        maze: the finished maze (None while carving or braiding).
        solve_result: the solver's result once solved.
        solve_queued: a solve was asked for before the maze was finished.
        walk: Wilson's random walk as it goes, loops erased (its cells are :data:`FRONTIER` in :attr:`cells`):
            the path that is carved when it meets the maze; empty between walks and for other generators.
    """

    def __init__(self, spec: MazeSpec | None = None, grid: Grid | None = None, *, level: Level | None = None) -> None:
        if (spec is None) == (level is None):
            raise ValueError("a Lab run carves a spec or solves a level: give exactly one")
        if spec is not None and spec.weave:
            raise ValueError("the Lab cannot carve weave mazes step by step yet")
        self.spec = spec
        self.level = level
        self.carve_grid: Grid | None = None  # with floors: the graph the generator walks (only the allowed stairs)
        self.edge_map: np.ndarray | None = None  # with floors: the carving graph's edge -> the full grid's edge
        if level is not None:
            self.grid = level.grid
        else:
            assert spec is not None
            self.grid = grid if grid is not None else spec.make_grid()
        self.cells = bytearray(self.grid.n)
        self.walls = bytearray(b"\x01" * self.grid.num_edges)
        self.version = 0
        self.solver_index = 0
        self.rate_index = default_rate_index(self.grid.n)
        self.restart()

    # -- state -------------------------------------------------------------------
    @property
    def phase(self) -> LabPhase:
        """The current phase."""
        return self._phase

    @property
    def carves(self) -> bool:
        """True when the run carves its maze from a spec (False: it solves a given level)."""
        return self.level is None

    @property
    def start(self) -> int:
        """The start cell (the level's, else the grid's)."""
        return self.level.start if self.level is not None else int(self.grid.start)

    @property
    def goal(self) -> int:
        """The goal cell (the level's, else the grid's)."""
        return self.level.goal if self.level is not None else int(self.grid.goal)

    @property
    def solver(self) -> str:
        """The solver S uses."""
        return SOLVERS[self.solver_index]

    @property
    def rate(self) -> int:
        """Animation steps per second."""
        return STEP_RATES[self.rate_index]

    def carved_passage(self) -> np.ndarray:
        """The passages open so far (``(E,)`` bool)."""
        carved: np.ndarray = np.frombuffer(bytes(self.walls), dtype=np.uint8) == 0
        return carved

    # -- control -----------------------------------------------------------------
    def restart(self) -> None:
        """Carve again from the first step (same spec); a run on a level goes back to its finished maze."""
        self.steps_done = 0
        self.current = -1
        self.path: list[int] = []
        self.maze: Maze | None = None
        self.solve_result: MazeSolveResult | None = None
        self.solve_queued = False
        self.acc = 0.0
        self.version += 1
        self.walk: list[int] = []
        self._on_walk: dict[int, int] = {}  # a cell of the walk -> its place in it
        self._walks = self.spec is not None and self.spec.algorithm == "wilson"
        if self.level is not None:
            self._steps: Iterator[tuple[str, int]] = iter(())
            self.maze = self.level.maze
            self.cells[:] = bytes([FLOOR]) * self.grid.n
            self.walls[:] = (~np.asarray(self.maze.passage, dtype=bool)).astype(np.uint8).tobytes()
            self._phase = LabPhase.DONE
            return
        from engine.maze.generators import generate_steps, get_generator

        spec = self.spec
        assert spec is not None
        info = get_generator(spec.algorithm)
        self.rng = Rng(spec.seed)
        if spec.floors > 1:
            self._steps = self._floor_steps(spec)
        else:
            self._steps = generate_steps(self.grid, spec.algorithm, self.rng, dict(spec.options))
        self.cells[:] = bytes([FLOOR if info.initial_open else UNSEEN]) * self.grid.n
        self.walls[:] = (b"\x00" if info.initial_open else b"\x01") * self.grid.num_edges
        self._phase = LabPhase.CARVE

    def _floor_steps(self, spec: MazeSpec) -> Iterator[tuple[str, int]]:
        """The generator's steps over the stacked grid, as :func:`engine.maze.floors.generate_floors` carves:
        stairs drawn first (from :attr:`rng`), the steps computed on the carving graph and their edges mapped onto
        :attr:`grid`'s (:attr:`edge_map`)."""
        from engine.maze.floors import choose_stairs, floor_hops
        from engine.maze.generators import generate_steps
        from engine.maze.grids.floors import FloorGrid, stack_grid

        grid = self.grid
        assert isinstance(grid, FloorGrid)
        base = grid.base_grid
        allowed = choose_stairs(base.n, grid.floors, spec.stairs / 100, self.rng)
        carve = stack_grid(base, grid.floors, allowed, geometry=False)
        carve.memo("generators.hops", lambda: floor_hops(carve))
        s0 = grid.stair_start
        self.carve_grid = carve
        self.edge_map = np.concatenate([np.arange(s0), s0 + np.flatnonzero(allowed.ravel())])
        edge_of = self.edge_map.tolist()
        steps = generate_steps(carve, spec.algorithm, self.rng, dict(spec.options))
        return ((kind, edge_of[x]) if kind in ("open", "close") else (kind, x) for kind, x in steps)

    def with_seed(self, seed: int) -> None:
        """The same choices with another seed, carved from the start.

        Raises:
            ValueError: a run on a level (there is nothing to carve).
        """
        if self.spec is None:
            raise ValueError("a Lab run on a level does not carve, so it has no seed")
        self.spec = self.spec.with_seed(seed)
        self.restart()

    def next_solver(self) -> str:
        """Choose the next solver (used by the next :meth:`solve`); returns its name."""
        self.solver_index = (self.solver_index + 1) % len(SOLVERS)
        return self.solver

    def change_speed(self, step: int) -> int:
        """Move along :data:`STEP_RATES` by ``step`` (clamped); returns the new rate."""
        self.rate_index = max(0, min(len(STEP_RATES) - 1, self.rate_index + step))
        return self.rate

    def solve(self) -> bool:
        """Start animating the chosen solver; before the maze is finished the solve is queued.

        Returns:
            True if solving started now, False if it was queued.
        """
        if self.maze is None:
            self.solve_queued = True
            return False
        from engine.maze.solvers import solve_steps

        self.solve_queued = False
        self.cells[:] = bytes([FLOOR]) * self.grid.n
        self.walls[:] = (~np.asarray(self.maze.passage, dtype=bool)).astype(np.uint8).tobytes()
        self.path = []
        self.solve_result = None
        self.current = -1
        self._steps = solve_steps(self.maze, self.solver)
        self.steps_done = 0
        self._phase = LabPhase.SOLVE
        self.version += 1
        return True

    # -- stepping ----------------------------------------------------------------------
    def advance(self, dt: float) -> int:
        """Apply the steps :attr:`rate` allows in ``dt`` seconds (at most 0.1 s worth); returns how many."""
        if not self._phase.stepping:
            return 0
        self.acc += self.rate * min(max(dt, 0.0), 0.1)
        k = int(self.acc)
        if not k:
            return 0
        self.acc -= k
        return self.step(k)

    def step(self, budget: int = 1) -> int:
        """Apply up to ``budget`` steps of the current phase; returns how many.

        When the phase runs out of steps the run moves on to the next phase
        (its steps start with the next call).
        """
        if self._phase is LabPhase.SOLVE:
            return self._step_solve(budget)
        if self._phase.stepping:
            return self._step_walls(budget)
        return 0

    def run_to_end(self, limit: int = 10**8) -> None:
        """Apply every remaining step (carving, braiding and a queued or running solve)."""
        while self._phase.stepping and limit > 0:
            limit -= self.step(100_000) or 1

    def _step_walls(self, budget: int) -> int:
        cells, walls = self.cells, self.walls
        it = self._steps
        n = 0
        current = self.current
        while n < budget:
            try:
                kind, x = next(it)
            except StopIteration:
                current = -1
                self._end_walls()
                break
            n += 1
            if kind == "open":
                walls[x] = 0
            elif kind == "close":
                walls[x] = 1
            elif kind == "visit":
                cells[x] = FLOOR
            elif kind == "current":
                current = x
                if self._walks:
                    self._walk_to(x)
        self.current = current
        self.steps_done += n
        self.version += 1
        return n

    def _walk_to(self, cell: int) -> None:
        """Wilson's walk stepped onto ``cell``: a cell of the maze ends the walk (its path is carved by the steps
        that follow); a cell already on the walk erases the loop back to it; else the walk grows.  A walk starts
        from the first cell not yet in the maze (in id order, as :func:`engine.maze.generators.wilson` does)."""
        cells, walk, on = self.cells, self.walk, self._on_walk
        if cells[cell] == FLOOR:
            walk.clear()
            on.clear()
            return
        if not walk:
            first = cells.find(UNSEEN)
            walk.append(first)
            on[first] = 0
            cells[first] = FRONTIER
        at = on.get(cell)
        if at is None:
            on[cell] = len(walk)
            walk.append(cell)
            cells[cell] = FRONTIER
            return
        for c in walk[at + 1:]:
            cells[c] = UNSEEN
            del on[c]
        del walk[at + 1:]

    def _end_walls(self) -> None:
        """Carving or braiding ran out of steps: braid next, or finish."""
        self.walk.clear()
        self._on_walk.clear()
        self.cells[:] = bytes([FLOOR]) * self.grid.n
        passage = self.carved_passage()
        if self._phase is LabPhase.CARVE and self.spec is not None and self.spec.braid:
            from engine.maze.generators.braid import braid

            if self.carve_grid is not None and self.edge_map is not None:  # floors: braid the carving graph
                on_carve = passage[self.edge_map]
                braided = braid(self.carve_grid, on_carve, self.spec.braid / 100.0, self.rng)
                opened = self.edge_map[np.flatnonzero(braided & ~on_carve)].tolist()
            else:
                braided = braid(self.grid, passage, self.spec.braid / 100.0, self.rng)
                opened = np.flatnonzero(braided & ~passage).tolist()
            self._steps = iter([("open", int(e)) for e in opened])
            self._phase = LabPhase.BRAID
            return
        self.maze = Maze(self.grid, passage, self.start, self.goal)
        self._phase = LabPhase.DONE
        if self.solve_queued:
            self.solve()

    def _step_solve(self, budget: int) -> int:
        cells = self.cells
        path = self.path
        it = self._steps
        n = 0
        current = self.current
        while n < budget:
            try:
                kind, c = next(it)
            except StopIteration as stop:
                result: Any = stop.value
                self.solve_result = result
                if result is not None:
                    self.path = list(result.path)
                self._phase = LabPhase.SOLVED
                break
            n += 1
            current = c
            if kind == "visit":
                if cells[c] != PATH:
                    cells[c] = VISITED
            elif kind == "push":
                cells[c] = PATH
                path.append(c)
            elif kind == "pop":
                cells[c] = VISITED
                if path:
                    path.pop()
            elif kind == "dead":
                cells[c] = DEAD
        self.current = current
        self.steps_done += n
        self.version += 1
        return n

    def focus_cell(self) -> int:
        """Where the run works now: the generator's current cell while carving; while solving the end of the
        solver's path, or without one (breadth-first, A*, dead-end filling until the end) the cell it touched
        last (:attr:`jumpy_focus`); the path's end once solved; -1 when there is none (braiding, finished, a
        solve not begun)."""
        if self._phase is LabPhase.CARVE:
            return self.current
        if self._phase in (LabPhase.SOLVE, LabPhase.SOLVED) and self.path:
            return self.path[-1]
        return self.current if self._phase is LabPhase.SOLVE else -1

    @property
    def jumpy_focus(self) -> bool:
        """True while :meth:`focus_cell` is a solver's last touched cell rather than a walk's end: it may jump
        between far cells (and floors) from one step to the next, as a breadth-first frontier does."""
        return self._phase is LabPhase.SOLVE and not self.path

    def focus_floor(self) -> int:
        """The floor (0-based) of :meth:`focus_cell`; -1 when there is no such cell (always 0 on one floor)."""
        cell = self.focus_cell()
        return int(self.grid.floor_of[cell]) if cell >= 0 else -1

    def solve_summary(self) -> str:
        """One line on the finished solve (empty before)."""
        r = self.solve_result
        if r is None:
            return ""
        extra = f", fell back to {r.fallback}" if r.fallback else ""
        return f"{r.solver}: path {len(r.path) - 1} moves, walked {len(r.walk) - 1}, visited {r.visited} cells{extra}"
