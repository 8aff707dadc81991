"""The maze editor's rules: a level made by hand, one wall at a time (no drawing here).

An :class:`EditorSession` holds one grid, the open/closed state of every wall between two
cells (the grid's edges: the outer boundary is not an edge, so it can never be opened),
a start and a goal.  It starts from

- a blank grid of any shape and size, every wall standing or every wall open
  (:meth:`EditorSession.blank`),
- a generated maze, a :class:`engine.maze.recipe.MazeSpec` (:meth:`EditorSession.from_recipe`),
- any :class:`engine.level.Level` (:meth:`EditorSession.from_level`).

Every edit (a wall, the start, the goal, a resize) is undoable; the edits between
:meth:`EditorSession.begin_stroke` and :meth:`EditorSession.end_stroke` (a drag of the mouse)
are undone and redone as one.  :meth:`EditorSession.check` reports what the level is like
now (:class:`EditorCheck`) and :meth:`EditorSession.level` hands it to play: a
:class:`engine.level.Level` without a recipe.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.level import Level
from engine.maze.grids import canonical_shape, make_grid
from engine.maze.grids.base import Grid
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.maze.rules import Rules
from engine.maze.rules.edit import live_rules, use_tool
from engine.maze.solvers import distances
from engine.undo import UndoStack
from engine.words import count

#: Shapes whose cells keep their place when the grid grows or shrinks: a (row, column)
#: names the same cell at any size.  Polar keeps it only while the inner ring's width is
#: the same (then only the number of rings changes); upsilon's small squares share the
#: (row, column) of an octagon, so it always starts blank.
_STABLE_SHAPES = ("square", "hex", "triangle")


@dataclass(frozen=True)
class EditorCheck:
    """What the edited level is like now.

    Attributes:
        connected: every cell can be reached from the start.
        goal_reachable: the goal can be reached from the start (the level is playable).
        loops: independent loops, ``open walls - cells + parts`` (0 and connected: perfect).
        shortest: moves on the shortest way from start to goal, None when unreachable.
        dead_ends: cells with exactly one open wall.
        parts: connected parts of the maze (1: connected).
    """

    connected: bool
    goal_reachable: bool
    loops: int
    shortest: int | None
    dead_ends: int
    parts: int
    best: int | None = None  # a puzzle maze: the proven fewest moves under its rules (None: none, or no rules)
    best_ways: int = 0  # ... and how many sequences are that short (capped); 0 without rules
    rules_on: bool = False  # the level has puzzle elements

    @property
    def perfect(self) -> bool:
        """Connected without loops: exactly one way between any two cells."""
        return self.connected and self.loops == 0

    def summary(self) -> str:
        """One line for the screen in a player's words, e.g. ``all one piece · no loops · shortest way 42 steps ·
        17 dead ends`` or ``the maze has 80 separate pieces · ... · the goal cannot be reached``."""
        bits = ["all one piece" if self.connected else f"the maze has {self.parts} separate pieces"]
        bits.append("no loops" if self.loops == 0 else count(self.loops, "loop"))
        if self.shortest is None:
            bits.append("the goal cannot be reached")
        else:
            bits.append(f"shortest way {count(self.shortest, 'step')}")
        bits.append(count(self.dead_ends, "dead end"))
        if self.rules_on:
            if self.best is None:
                bits.append("cannot be solved under its rules")
            else:
                how = "the only best way" if self.best_ways == 1 else f"{min(self.best_ways, 999):,} best ways"
                bits.append(f"solvable in {count(self.best, 'move')}, {how}")
        return " · ".join(bits)


_State = tuple[Grid, np.ndarray, int, int]  # grid, passage, start, goal


@dataclass(frozen=True)
class _Edit:
    """One undoable edit: ``wall`` (toggle edge ``new``), ``start``/``goal`` (``old`` -> ``new``
    cell), ``grid`` (a resize: ``before`` -> ``after``) or ``rules`` (the puzzle elements ``was`` -> ``now``)."""

    kind: str
    old: int = 0
    new: int = 0
    before: _State | None = None
    after: _State | None = None
    was: Rules | None = None
    now: Rules | None = None

    def inverse(self) -> _Edit:
        if self.kind == "wall":
            return self
        return _Edit(self.kind, self.new, self.old, self.after, self.before, self.now, self.was)


class EditorSession:
    """One level being edited (see the module docstring).

    Attributes:
        dark: the level is played in the dark (kept from the level it started from).
        version: counts changes of the maze (walls, start, goal, size); a view redraws
            when it moves.
    """

    def __init__(self, maze: Maze, dark: bool = False) -> None:
        self._grid = maze.grid
        self._passage = np.array(maze.passage, dtype=bool)
        self._start = int(maze.start)
        self._goal = int(maze.goal)
        self.dark = bool(dark)
        self._rules = maze.rules or Rules()
        self.version = 0
        self._maze: Maze | None = None
        self._check: EditorCheck | None = None
        self._edits: UndoStack[list[_Edit]] = UndoStack()
        self._stroke: list[_Edit] | None = None
        #: The recipe the maze was generated from (:meth:`from_recipe`), else None: what :meth:`name` says.
        self.recipe: MazeSpec | None = None
        self._first: tuple[object, ...] = ()  # the generated maze as it came (see _as_made)

    # -- ways in -------------------------------------------------------------
    @classmethod
    def blank(cls, shape: str, width: int, height: int, open_walls: bool = False) -> EditorSession:
        """A grid of ``shape`` and size with every wall standing (or, ``open_walls``, none).

        Raises:
            ValueError: unknown shape or a size out of the shape's range.
        """
        grid = make_grid(canonical_shape(shape), width, height)
        passage = np.full(grid.num_edges, bool(open_walls))
        return cls(Maze(grid, passage, grid.start, grid.goal))

    @classmethod
    def from_recipe(cls, spec: MazeSpec) -> EditorSession:
        """The maze ``spec`` generates, ready to change (dark when the recipe is); :meth:`name` says it was
        generated."""
        session = cls.from_level(spec.level())
        session.recipe = spec
        session._first = session._as_made()
        return session

    @classmethod
    def from_level(cls, level: Level) -> EditorSession:
        """Any level: its maze (copied), start, goal and dark flag.

        A weave maze is edited without its crossings (the editor has no bridges): the
        plain grid's walls keep their state, the tunnels under bridges are gone.
        """
        maze = level.maze
        if maze.is_weave:
            g = maze.grid
            grid = make_grid(g.kind, g.width, g.height)
            maze = Maze(grid, maze.passage[: grid.num_edges], maze.start, maze.goal)
        return cls(maze, level.dark)

    # -- what it is ----------------------------------------------------------
    @property
    def grid(self) -> Grid:
        """The grid being edited (a new one after :meth:`resize`)."""
        return self._grid

    @property
    def passage(self) -> np.ndarray:
        """``(E,)`` bool, True where the wall of the edge is open (read only: edit through the methods)."""
        return np.lib.stride_tricks.as_strided(self._passage, writeable=False)

    @property
    def start(self) -> int:
        """The start cell."""
        return self._start

    @property
    def goal(self) -> int:
        """The goal cell."""
        return self._goal

    @property
    def can_undo(self) -> bool:
        """There is an edit to undo."""
        return self._edits.can_undo

    @property
    def can_redo(self) -> bool:
        """There is an undone edit to redo."""
        return self._edits.can_redo

    def maze(self) -> Maze:
        """The maze as it is now, with the puzzle elements that fit it (shared until the next edit: do not
        change it)."""
        if self._maze is None:
            plain = Maze(self._grid, self._passage.copy(), self._start, self._goal)
            live = live_rules(self._rules, plain) if not self._rules.empty else None
            self._maze = plain if live is None else Maze(plain.grid, plain.passage, plain.start, plain.goal,
                                                         rules=live)
        return self._maze

    @property
    def rules(self) -> Rules:
        """The puzzle elements placed (some may wait on a closed wall: :meth:`maze` holds those that fit)."""
        return self._rules

    def use_tool(self, tool: str, cell: int, other: int | None = None) -> bool:
        """Place, turn or remove a puzzle element (:func:`engine.maze.rules.edit.use_tool`): one undoable edit.

        Returns:
            False when nothing changed, or for a passage tool on a wall (open the wall first).

        Raises:
            ValueError: an unknown tool, or cells outside the grid.
        """
        n = self._grid.n
        for c in (cell, other):
            if c is not None and not 0 <= c < n:
                raise ValueError(f"cell {c} is outside 0..{n - 1}")
        if other is not None:
            e = self.edge_between(cell, other)
            if e < 0 or not self._passage[e]:
                return False
        after = use_tool(self._rules, tool, int(cell), None if other is None else int(other))
        if after == self._rules:
            return False
        self._do(_Edit("rules", was=self._rules, now=after))
        return True

    def is_open(self, edge: int) -> bool:
        """True when the wall of ``edge`` is open."""
        return bool(self._passage[self._edge(edge)])

    def edge_between(self, a: int, b: int) -> int:
        """The edge between cells ``a`` and ``b``, or -1 when they are not neighbours."""
        n = self._grid.n
        if not (0 <= a < n and 0 <= b < n) or a == b:
            return -1
        return self._grid.edge_between(a, b)

    def neighbour_toward(self, cell: int, direction: tuple[float, float]) -> int | None:
        """The neighbour of ``cell`` (open wall or not) closest in angle to ``direction`` (x right, y up),
        as a player's step picks it (:func:`engine.modes.play.pick_neighbour`); None when none is near it."""
        from engine.modes.play import pick_neighbour

        g = self._grid
        centers = g.centers
        origin = (float(centers[cell][0]), float(centers[cell][1]))
        candidates = [(int(d), (float(centers[d][0]), float(centers[d][1]))) for d in g.neighbors(cell).tolist()]
        return pick_neighbour(origin, candidates, direction)

    # -- edits ---------------------------------------------------------------
    def toggle(self, edge: int) -> bool:
        """Open the wall of ``edge`` when it stands, close it when open; returns True when now open.

        Raises:
            ValueError: ``edge`` is not an edge of the grid (the outer wall has none).
        """
        e = self._edge(edge)
        self._do(_Edit("wall", e, e))
        return bool(self._passage[e])

    def toggle_between(self, a: int, b: int) -> bool:
        """Toggle the wall between neighbour cells ``a`` and ``b``; returns True when now open.

        Raises:
            ValueError: ``a`` and ``b`` are not neighbours.
        """
        e = self.edge_between(a, b)
        if e < 0:
            raise ValueError(f"cells {a} and {b} are not neighbours")
        return self.toggle(e)

    def set_start(self, cell: int) -> bool:
        """Put the start on ``cell``; False (nothing changes) when it is the goal or already the start.

        Raises:
            ValueError: ``cell`` is not a cell of the grid.
        """
        return self._move("start", cell)

    def set_goal(self, cell: int) -> bool:
        """Put the goal on ``cell``; False (nothing changes) when it is the start or already the goal.

        Raises:
            ValueError: ``cell`` is not a cell of the grid.
        """
        return self._move("goal", cell)

    def resize(self, width: int, height: int) -> bool:
        """Make the grid ``width`` × ``height`` (same shape); False when that is its size already.

        On square, hex and triangle grids (and polar ones whose inner ring keeps its width:
        only the number of rings changes) every cell that still exists keeps its open walls
        towards neighbours that still exist, and the start and goal stay where they were
        when their cells remain; when either cell is gone both are reset to the new grid's
        own start and goal (reset, not clamped: a clamped pair could land on one cell).
        Other shapes, shaped (masked) grids and every other case start blank: every wall
        standing, the grid's own start and goal.  One undoable edit (undo brings back the
        old grid, walls, start and goal).

        Raises:
            ValueError: a size out of the shape's range.
        """
        old = self._grid
        if (width, height) == (old.width, old.height) and not old.masked:
            return False
        grid = make_grid(old.kind, width, height)
        passage = np.zeros(grid.num_edges, dtype=bool)
        start, goal = grid.start, grid.goal
        if self._keeps_cells(old, grid):
            index = {(int(r), int(c)): i for i, (r, c) in enumerate(zip(grid.row, grid.col, strict=True))}
            where = [index.get((int(r), int(c)), -1) for r, c in zip(old.row, old.col, strict=True)]
            for a, b in old.edges[self._passage].tolist():
                na, nb = where[a], where[b]
                if na >= 0 and nb >= 0:
                    e = grid.edge_between(na, nb)
                    if e >= 0:
                        passage[e] = True
            ns, ng = where[self._start], where[self._goal]
            if ns >= 0 and ng >= 0:
                start, goal = ns, ng
        before: _State = (old, self._passage.copy(), self._start, self._goal)
        after: _State = (grid, passage, start, goal)
        stroke = self._stroke is None
        if stroke:
            self.begin_stroke()
        if not self._rules.empty:  # the elements name cells of the old grid: a new grid starts without them
            self._do(_Edit("rules", was=self._rules, now=Rules()))
        self._do(_Edit("grid", before=before, after=after))
        if stroke:
            self.end_stroke()
        return True

    @staticmethod
    def _keeps_cells(old: Grid, new: Grid) -> bool:
        stable = old.kind in _STABLE_SHAPES or (old.kind == "polar" and old.width == new.width)
        return stable and not (old.masked or new.masked)

    # -- strokes, undo and redo ----------------------------------------------
    def begin_stroke(self) -> None:
        """Start gathering edits into one undoable stroke (a drag); ends an open stroke first."""
        self.end_stroke()
        self._stroke = []

    def end_stroke(self) -> None:
        """Close the open stroke (an empty stroke leaves nothing to undo)."""
        stroke, self._stroke = self._stroke, None
        if stroke:
            self._edits.push(stroke)

    def undo(self) -> bool:
        """Take back the last edit or stroke; False when there is none."""
        self.end_stroke()
        edits = self._edits.undo()
        if edits is None:
            return False
        for edit in reversed(edits):
            self._apply(edit.inverse())
        return True

    def redo(self) -> bool:
        """Do again the last undone edit or stroke; False when there is none."""
        self.end_stroke()
        edits = self._edits.redo()
        if edits is None:
            return False
        for edit in edits:
            self._apply(edit)
        return True

    # -- what it makes -------------------------------------------------------
    def check(self) -> EditorCheck:
        """The live check of the level as it is now (cached until the next edit)."""
        if self._check is None:
            self._check = _check(self.maze())
        return self._check

    @property
    def playable(self) -> bool:
        """The goal can be reached from the start."""
        return self.check().goal_reachable

    def _as_made(self) -> tuple[object, ...]:
        """What makes the maze what it is now (grid, open walls, start, goal, dark, puzzle elements)."""
        return (self._grid, self._passage.tobytes(), self._start, self._goal, self.dark, self._rules)

    def name(self) -> str:
        """What the level is, in players' words, to keep it under: ``hexagon maze 12×9`` for a generated maze
        as it came, ``hexagon maze 12×9, generated, then edited`` once changed, ``hexagon maze 12×9, made by
        hand`` for one begun on a blank grid (see :meth:`engine.level.Level.title`)."""
        if self.recipe is None:
            return self.level().title()
        title = self.recipe.title()
        same = self._first == self._as_made()
        return title if same else self.level().title().replace(", made by hand", ", generated, then edited", 1)

    def level(self) -> Level:
        """The level as it is now: a hand-made :class:`engine.level.Level` (no recipe, so no code yet)."""
        return Level(self.maze(), self.dark)

    # -- inside --------------------------------------------------------------
    def _edge(self, edge: int) -> int:
        e = int(edge)
        if not 0 <= e < self._grid.num_edges:
            raise ValueError(f"edge {edge} is outside 0..{self._grid.num_edges - 1} (the outer wall has no edge)")
        return e

    def _move(self, which: str, cell: int) -> bool:
        c = int(cell)
        if not 0 <= c < self._grid.n:
            raise ValueError(f"cell {cell} is outside 0..{self._grid.n - 1}")
        old = self._start if which == "start" else self._goal
        other = self._goal if which == "start" else self._start
        if c in (old, other):
            return False
        self._do(_Edit(which, old, c))
        return True

    def _do(self, edit: _Edit) -> None:
        self._apply(edit)
        if self._stroke is not None:
            self._stroke.append(edit)
        else:
            self._edits.push([edit])

    def _apply(self, edit: _Edit) -> None:
        if edit.kind == "wall":
            self._passage[edit.new] = not self._passage[edit.new]
        elif edit.kind == "start":
            self._start = edit.new
        elif edit.kind == "goal":
            self._goal = edit.new
        elif edit.kind == "rules":
            self._rules = edit.now or Rules()
        elif edit.after is not None:
            grid, passage, start, goal = edit.after
            self._grid, self._passage, self._start, self._goal = grid, passage.copy(), start, goal
        self._maze = None
        self._check = None
        self.version += 1


def _check(maze: Maze) -> EditorCheck:
    n = maze.grid.n
    from_start = distances(maze, maze.start)
    seen = from_start >= 0
    parts = 1
    if not seen.all():
        labels = np.where(seen, 0, -1)
        parts = _count_parts(maze, labels)
    open_walls = int(maze.passage.sum())
    dead_ends = int((maze.open_degree() == 1).sum())
    shortest = int(from_start[maze.goal]) if from_start[maze.goal] >= 0 else None
    best, ways = None, 0
    if maze.rules is not None:  # the one exact solver: solvable, the fewest moves, unique or not
        from engine.maze.rules.solver import solve

        sol = solve(maze, maze.rules)
        best, ways = sol.length, sol.count
    return EditorCheck(
        connected=bool(seen.all()),
        goal_reachable=shortest is not None and (maze.rules is None or best is not None),
        loops=open_walls - n + parts,
        shortest=shortest,
        dead_ends=dead_ends,
        parts=parts,
        best=best,
        best_ways=ways,
        rules_on=maze.rules is not None,
    )


def _count_parts(maze: Maze, labels: np.ndarray) -> int:
    """Connected parts given the start's part marked 0 and the rest -1."""
    ip, nb = maze.open_adjacency()
    lab, parts = labels.tolist(), 1
    for root in range(len(lab)):
        if lab[root] >= 0:
            continue
        lab[root] = parts
        stack = [root]
        while stack:
            c = stack.pop()
            for d in nb[ip[c] : ip[c + 1]]:
                if lab[d] < 0:
                    lab[d] = parts
                    stack.append(d)
        parts += 1
    return parts


# -- picking walls by position (world units; the game converts pixels) ----------------
def nearest_edge(grid: Grid, x: float, y: float, reach: float) -> int:
    """The edge whose wall segment passes closest to point ``(x, y)``, or -1 when none is within ``reach``.

    A stair (a maze with floors) has no wall in the plane and is never picked."""
    seg = grid.walls[: grid.stair_start]
    if not len(seg):
        return -1
    a, b = seg[:, 0], seg[:, 1]
    ab = b - a
    p = np.array([x, y], dtype=np.float64)
    t = np.clip(((p - a) * ab).sum(axis=1) / np.maximum((ab * ab).sum(axis=1), 1e-12), 0.0, 1.0)
    d = np.hypot(*(a + ab * t[:, None] - p).T)
    best = int(np.argmin(d))
    return best if d[best] <= reach else -1


def crossed_edges(grid: Grid, x0: float, y0: float, x1: float, y1: float) -> list[int]:
    """The edges whose wall segment the line from ``(x0, y0)`` to ``(x1, y1)`` crosses, in the order met."""
    seg = grid.walls
    if not len(seg) or (x0, y0) == (x1, y1):
        return []
    p = np.array([x0, y0], dtype=np.float64)
    r = np.array([x1 - x0, y1 - y0], dtype=np.float64)
    a = seg[:, 0]
    s = seg[:, 1] - a
    denom = r[0] * s[:, 1] - r[1] * s[:, 0]
    qp = a - p
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (qp[:, 0] * s[:, 1] - qp[:, 1] * s[:, 0]) / denom  # along the line
        u = (qp[:, 0] * r[1] - qp[:, 1] * r[0]) / denom  # along the wall
    hit = (np.abs(denom) > 1e-12) & (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
    idx = np.flatnonzero(hit)
    return [int(e) for e in idx[np.argsort(t[idx], kind="stable")]]
