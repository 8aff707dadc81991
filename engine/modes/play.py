"""The maze play model: direction picking, player position, buffered moves, timer, stars.

No window code here (pure Python, unit-testable).  Directions are unit-ish vectors
in world coordinates (x right, y up).  On grids whose neighbours do not line up
with the arrow keys (hex, triangle, polar, upsilon) the wanted direction,
including diagonals from two keys held together, picks the open neighbour whose
direction is closest in angle (:func:`pick_neighbour`); the keyboard side
(key codes -> vectors) lives in ``game/ui/input.py``.

A :class:`PlaySession` is driven by :meth:`PlaySession.press`,
:meth:`PlaySession.walk_to` and :meth:`PlaySession.advance` and tested without a
window; it is an :class:`engine.modes.base.Session`.  The view reads
:meth:`PlaySession.display_position` and the :class:`engine.modes.base.Event` s
:meth:`PlaySession.advance` returns (``STEP``, ``BUMP``, ``ARRIVED`` at the goal)
to play sounds and shake the camera; :attr:`PlaySession.phase` is ``READY``
before the first move, ``PLAYING``, then ``OVER`` at the goal.

Mazes with floors (:mod:`engine.maze.floors`): a stair has no direction in the plane, so
arrows, held keys, clicks and sight stay on the player's floor; :meth:`PlaySession.climb`
(+1 up, -1 down) takes the open stair of the cell the player stands on, as one move
(a ``STEP`` event whose ``value`` is the direction).  :attr:`PlaySession.floor`,
:meth:`PlaySession.display_floor`, :meth:`PlaySession.stairs_here` and
:meth:`PlaySession.climbing` tell the view what to show.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from engine.level import Level
from engine.maze.model import Maze
from engine.maze.rules.solver import best_way
from engine.maze.solvers.bfs import shortest_path
from engine.modes.base import Event, EventKind, Phase
from engine.modes.fog import Fog
from engine.modes.reach import up_to_forks
from engine.modes.rules_play import BLOCKED, CAUGHT, MOVED, Hint, RuleGame, rule_stars
from engine.records import default_par_moves as default_par_moves  # (the par rules: engine.records)
from engine.records import default_par_time as default_par_time
from engine.records import maze_stars

Vec = tuple[float, float]

#: A neighbour further than this from the wanted direction is never chosen (degrees).
MAX_ANGLE_DEG = 80.0
#: Largest turn (degrees) between two steps of a straight line of sight (corners are 45 degrees or more;
#: triangle rows, which zigzag by 60 degrees at every step, are followed by row and column instead).
SIGHT_TURN_DEG = 40.0

MOVE_TIME = 0.1  # seconds per cell
#: A kept place's clock is read only below this (seconds, about 116 days): a larger or non-finite one is damage.
PLACE_SECONDS_MAX = 1e7
REPEAT_DELAY = 0.22  # seconds a held key waits at a real fork (or a turn it does not point to) before moving on
#: A continuation this close to a held direction is "straight on": a held key runs past side openings to it.
STRAIGHT_DEG = 20.0
BUFFER_SIZE = 4  # key presses remembered while a move is animating
RULES_BUFFER = 64  # a puzzle maze remembers this many presses (typed ahead while the hunter steps: none dropped)
HUNTER_STEP_TIME = 0.14  # seconds each of the hunter's two steps takes on screen (a puzzle maze)


def _angle_between(a: Vec, b: Vec) -> float:
    """Unsigned angle between two vectors in radians (0..pi)."""
    d = abs(math.atan2(a[1], a[0]) - math.atan2(b[1], b[0]))
    return min(d, 2 * math.pi - d)


def pick_neighbour(
    origin: Vec,
    candidates: Sequence[tuple[int, Vec]],
    direction: Vec,
    prefer: Vec | None = None,
    max_angle_deg: float = MAX_ANGLE_DEG,
    side: float = 1.0,
) -> int | None:
    """The candidate cell whose direction from ``origin`` is closest to ``direction``.

    Args:
        origin: the current cell centre.
        candidates: ``(cell, centre)`` pairs, typically the open neighbours.
        direction: the wanted direction (any length > 0).
        prefer: breaks near-ties (within 1 degree) in favour of the candidate
            closest to this direction (the most recently pressed key).
        max_angle_deg: candidates further off than this are ignored.
        side: the **fork rule** for what is still tied (Up or Down on a hex grid
            between up-left and up-right): the candidate on this side wins
            (> 0 right, < 0 left); a session passes the side of the player's
            last horizontal move (right before any).

    Returns:
        The chosen cell id, or None when no candidate is within ``max_angle_deg``.
    """
    limit = math.radians(max_angle_deg)
    best: tuple[int, float, float, int] | None = None
    for cell, (x, y) in candidates:
        v = (x - origin[0], y - origin[1])
        if v == (0.0, 0.0):
            continue
        ang = _angle_between(v, direction)
        if ang > limit:
            continue
        toward = round(_angle_between(v, prefer), 6) if prefer else 0.0
        key = (round(math.degrees(ang)), toward, -math.copysign(1.0, side) * round(v[0], 6), cell)
        if best is None or key < best:
            best = key
    return None if best is None else best[3]


@dataclass(frozen=True)
class Intent:
    """One buffered key press: the wanted direction and the newest key's direction, or a climb
    (``climb`` +1 up / -1 down a stair; the direction is then unused)."""

    direction: Vec
    prefer: Vec | None = None
    climb: int = 0
    wait: bool = False  # a puzzle maze's wait: the hunter steps, the player stays


@dataclass(frozen=True)
class PlayResult:
    """How a finished maze went: the timer, the moves and the stars (1 to 3)."""

    seconds: float
    moves: int
    stars: int


def shortest_way(maze: Maze) -> list[int]:
    """A shortest way from ``maze``'s start to its goal through open passages: its cells, both ends included
    (``[]`` when the goal cannot be reached), breadth-first over :meth:`Maze.open_lists`; made once per maze
    (:meth:`Maze.memo`: a big level's loading work makes it in the background).  Do not modify the list."""
    return maze.memo("way", lambda: shortest_path(maze.open_lists(), int(maze.start), int(maze.goal)))


class PlaySession:
    """One attempt at one maze.

    Args:
        level: the level (:class:`engine.level.Level`: the maze, dark or not; a recipe is not needed).
        par_time: seconds for the time star (default from the shortest path).
        par_moves: moves for the moves star (default ``ceil(1.15 × shortest)``).
        move_time: animation time per cell in seconds.
        dark: play in the dark: :attr:`fog` (an :class:`engine.modes.fog.Fog`) follows what
            the player sees after every step; None when not dark.  Default (None): the
            level's :attr:`engine.level.Level.dark`.
        goal_hint: in the dark, offer the faint direction hint to the goal.
    """

    def __init__(
        self,
        level: Level,
        par_time: float | None = None,
        par_moves: int | None = None,
        move_time: float = MOVE_TIME,
        dark: bool | None = None,
        goal_hint: bool = False,
    ) -> None:
        self.level = level
        self.maze: Maze = level.maze
        maze = self.maze
        if dark is None:
            dark = level.dark
        self.adj = maze.open_lists()
        xy = maze.grid.centers
        self.centers: list[tuple[float, float]] = list(zip(xy[:, 0].tolist(), xy[:, 1].tolist(), strict=True))
        self.start = int(maze.start)
        self.goal = int(maze.goal)
        #: a shortest way from the start to the goal (cells, both ends included): the win screen reveals it
        self.shortest_way: list[int] = list(shortest_way(maze))
        self.shortest = max(0, len(self.shortest_way) - 1)
        #: a puzzle maze's rules, turn by turn (None for a plain maze): moves go through it
        self.rules: RuleGame | None = RuleGame(maze) if maze.rules is not None else None
        if self.rules is not None and self.rules.optimum is not None:
            if not par_moves:
                par_moves = self.rules.optimum  # a puzzle maze's par is its proven optimum
            # the way to reveal on the win is the proven best solution (its waits leave no mark)
            self.shortest_way = best_way(maze)
            self.shortest = self.rules.optimum
        self.par_moves = int(par_moves) if par_moves else default_par_moves(self.shortest)
        self.par_time = float(par_time) if par_time else float(default_par_time(self.shortest))
        self.move_time = move_time
        self.fog: Fog | None = Fog(maze, goal_hint) if dark else None
        # Weave mazes: an under-edge (two cells apart, under a crossing) -> the crossing cell.
        self.under: dict[tuple[int, int], int] = {}
        #: a puzzle maze's doors, both ways: (cell, neighbour) -> the colour of the key that opens it
        self.doors: dict[tuple[int, int], int] = {}
        for a, b, colour in maze.rules.doors if maze.rules is not None else ():
            self.doors[(a, b)] = self.doors[(b, a)] = colour
        for x, a, b in maze.crossings.tolist():
            self.under[(a, b)] = self.under[(b, a)] = x
        # Floors: the open neighbours on the cell's own floor (keys, clicks, sight), and the open stairs.
        self.floor_of: list[int] = maze.grid.floor_of.tolist()
        self.flat = self.adj
        self.stair_up: dict[int, int] = {}
        self.stair_down: dict[int, int] = {}
        if maze.grid.floors > 1:
            from engine.maze.floors import open_stairs

            fl = self.floor_of
            self.flat = [[d for d in nbs if fl[d] == fl[c]] for c, nbs in enumerate(self.adj)]
            for lower, upper in open_stairs(maze).tolist():
                self.stair_up[lower] = upper
                self.stair_down[upper] = lower
        self.reset()

    # -- state -----------------------------------------------------------
    def reset(self) -> None:
        """Back to the start: position, counters, trail and timer cleared."""
        self.cell = self.start
        self.anim_from = self.start
        self.prev = -1
        self.progress = 1.0
        self.moving = False
        self.moves = 0
        self.bumps = 0
        self.elapsed = 0.0
        self.started = False
        self.finished = False
        self.visited: list[int] = [self.start]
        self.visited_set: set[int] = {self.start}
        #: every cell the player stood on, in order, from the start (a step back repeats a cell): the way taken
        self.trace: list[int] = [self.start]
        self.queue: deque[Intent] = deque()
        self.route: list[int] = []
        self.hold_timer = REPEAT_DELAY
        self._arrived = False
        self._was_held = False  # a held direction came with the last advance (a hold that begins runs at once)
        self._key_driven = False
        self.side = 1.0  # the fork rule: x sign of the last step that moved sideways (right before any)
        self._events: list[Event] = []
        self.caught = False  # a puzzle maze: the hunter caught the player (undo or restart)
        self.hinted = False  # a puzzle maze: a hint was used in this attempt (no third star)
        self.hunter_path: list[int] = []  # the hunter's cells before and after each step of its last turn
        self.hunter_t = 2.0  # how far those steps have been shown (0..2; 2: at rest)
        if self.rules is not None:
            self.rules.restart()
            self.hunter_path = [self.rules.position.hunter]
        if self.fog is not None:
            self.fog.reset()
            self._look()

    def snapshot(self) -> dict[str, object]:
        """Where a half-finished attempt stands, as plain JSON-able values (for :meth:`restore`)."""
        out: dict[str, object] = {"cell": self.cell, "prev": self.prev, "moves": self.moves, "bumps": self.bumps,
                                  "elapsed": round(self.elapsed, 3), "visited": list(self.visited), "side": self.side,
                                  "trace": list(self.trace)}
        if self.rules is not None:  # a puzzle maze: the actions themselves (waits as -1), replayed by restore
            out["actions"] = [-1 if a is None else a for a in self.rules.actions]
            out["hinted"] = self.hinted
        return out

    def restore(self, data: dict[str, object]) -> None:
        """Put the player back where :meth:`snapshot` left it (standing still; the trail and fog follow).

        Raises:
            ValueError: ``data`` does not fit this maze (a cell out of range, a negative count or time); nothing
                is changed then.
        """
        n = len(self.adj)
        try:
            cell, prev = int(_number(data["cell"])), int(_number(data.get("prev", -1)))
            moves, bumps = int(_number(data["moves"])), int(_number(data.get("bumps", 0)))
            elapsed = float(_number(data["elapsed"]))
            visited = [int(_number(c)) for c in _items(data["visited"])]
            side = -1.0 if float(_number(data.get("side", 1.0))) < 0 else 1.0
            trace = [int(_number(c)) for c in _items(data.get("trace", []))]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"The saved place does not fit this maze: {exc}.") from None
        if not (0 <= cell < n and -1 <= prev < n and moves >= 0 and bumps >= 0 and 0 <= elapsed < PLACE_SECONDS_MAX
                and all(0 <= c < n for c in visited) and cell in visited and cell != self.goal):
            raise ValueError("The saved place does not fit this maze.")
        self.reset()
        seen = dict.fromkeys([self.start, *visited])
        self.visited, self.visited_set = list(seen), set(seen)
        if self.fog is not None:
            for c in self.visited:
                self.cell = c
                self._look()
        self.cell = self.anim_from = cell
        self.prev, self.moves, self.bumps, self.elapsed, self.side = prev, moves, bumps, elapsed, side
        # The way taken so far (a place kept before the way was saved: from where the player stands).
        whole = bool(trace) and trace[0] == self.start and trace[-1] == cell and all(0 <= c < n for c in trace)
        self.trace = trace if whole else [cell]
        self.started = moves > 0
        if self.rules is not None:
            self._replay(data)
        self._look()

    def _replay(self, data: dict[str, object]) -> None:
        """:meth:`restore` of a puzzle maze: play the saved actions again (they must all be allowed and end
        where the place says); else back to the start with a ValueError."""
        assert self.rules is not None
        try:
            actions = [int(_number(a)) for a in _items(data.get("actions", []))]
        except (TypeError, ValueError) as exc:
            self.reset()
            raise ValueError(f"The saved place does not fit this maze: {exc}.") from None
        for a in actions[:100_000]:
            if self.rules.act(None if a < 0 else a).kind != MOVED:
                self.reset()
                raise ValueError("The saved place does not fit this puzzle maze.")
        if self.rules.position.cell != self.cell:
            self.reset()
            raise ValueError("The saved place does not fit this puzzle maze.")
        self.moves = len(self.rules.actions)
        self.hinted = bool(data.get("hinted", False))
        self.hunter_path, self.hunter_t = [self.rules.position.hunter], 2.0

    def _look(self) -> None:
        """Dark play: the fog learns what is in sight from the player's cell."""
        if self.fog is not None:
            self.fog.look(self.cell, self.in_sight())

    @property
    def phase(self) -> Phase:
        """``READY`` before the first move (the timer waits for it), ``PLAYING``, ``OVER`` once at the goal."""
        if self.finished:
            return Phase.OVER
        return Phase.PLAYING if self.started else Phase.READY

    def result(self) -> PlayResult | None:
        """The time, moves and stars once the goal is reached; None before."""
        if not self.finished:
            return None
        return PlayResult(self.elapsed, self.moves, self.stars)

    @property
    def stars(self) -> int:
        """0 before the goal; then 1, +1 for moves <= par, +1 for time <= par (a puzzle maze: by moves alone,
        :func:`engine.modes.rules_play.rule_stars`)."""
        if not self.finished:
            return 0
        if self.rules is not None:
            return rule_stars(self.moves, self.rules.optimum, self.hinted)
        return maze_stars(self.moves, self.elapsed, self.par_moves, self.par_time)

    def tunnel(self) -> int:
        """The crossing cell the player is passing under right now (weave mazes), or -1.

        The view draws that crossing's bridge over the player while it is in the tunnel.
        """
        if not self.moving:
            return -1
        return self.under.get((self.anim_from, self.cell), -1)

    @property
    def floor(self) -> int:
        """The floor of the player's cell (0 = the lowest; always 0 without floors).  While a climb
        animates this is already the floor reached; :meth:`display_floor` is the one drawn."""
        return self.floor_of[self.cell]

    def display_floor(self) -> int:
        """The floor the player is drawn on: the one left until half way up or down a stair."""
        if self.moving and self.progress < 0.5:
            return self.floor_of[self.anim_from]
        return self.floor_of[self.cell]

    def climbing(self) -> int:
        """+1 / -1 while the player goes up / down a stair, else 0."""
        if not self.moving:
            return 0
        return self.floor_of[self.cell] - self.floor_of[self.anim_from]

    def stairs_here(self) -> tuple[bool, bool]:
        """``(down, up)``: whether the player's cell has an open stair down / up."""
        return self.cell in self.stair_down, self.cell in self.stair_up

    def stair_target(self, direction: int, cell: int | None = None) -> int | None:
        """The cell the open stair ``direction`` (+1 up, -1 down) leads to from ``cell`` (the player's), or None."""
        at = self.cell if cell is None else cell
        table = self.stair_up if direction == 1 else self.stair_down if direction == -1 else {}
        return table.get(at)

    def display_position(self) -> tuple[float, float]:
        """The player's drawn position in world units (eased between cells while moving; on a stair it stays
        on the cell it leaves until half way, then shows on the cell it reaches: floors are drawn apart)."""
        ax, ay = self.centers[self.anim_from]
        bx, by = self.centers[self.cell]
        if self.moving and self.floor_of[self.anim_from] != self.floor_of[self.cell]:
            return (ax, ay) if self.progress < 0.5 else (bx, by)
        t = 1.0 if not self.moving else min(1.0, self.progress)
        t = t * t * (3 - 2 * t)
        return ax + (bx - ax) * t, ay + (by - ay) * t

    # -- input -----------------------------------------------------------
    def press(self, direction: Vec, prefer: Vec | None = None) -> None:
        """Buffer one key press (dropped only when ``BUFFER_SIZE`` are already waiting; ignored once caught by a
        puzzle maze's hunter: undo or restart first)."""
        if self.finished or self.caught:
            return
        self.route.clear()
        if len(self.queue) < (BUFFER_SIZE if self.rules is None else RULES_BUFFER):
            self.queue.append(Intent(direction, prefer))
        self.hold_timer = REPEAT_DELAY
        if not self.moving:
            self._next(None, 0.0)

    def climb(self, direction: int) -> bool:
        """Take the open stair up (``+1``) or down (``-1``) from the player's cell: one move, a ``STEP`` event
        (``value`` = ``direction``) from :meth:`advance`.  While a move animates it is buffered like a key press
        (the stair of the cell being reached).

        Returns:
            True when the climb starts or is buffered; False (and a ``BUMP`` event) where there is no such
            open stair, or when the maze is finished.
        """
        if self.finished:
            return False
        if self.stair_target(direction) is None:
            self.bumps += 1
            self._events.append(Event(EventKind.BUMP, cell=self.cell, time=self.elapsed))
            return False
        self.route.clear()
        if len(self.queue) < (BUFFER_SIZE if self.rules is None else RULES_BUFFER):
            self.queue.append(Intent((0.0, 0.0), None, climb=direction))
        if not self.moving:
            self._next(None, 0.0)
        return True

    def in_sight(self) -> set[int]:
        """Cells the player sees from where it stands: straight open runs in every open direction.

        A run goes on while the next open cell lies within :data:`SIGHT_TURN_DEG`
        of the previous step's direction (so it follows the curve of a polar ring
        but not a corner), through junctions, until a wall.  On triangle grids a
        run follows its row (the same row, the column moving the same way).  With floors
        runs stay on the player's floor; the cell at the other end of an open stair is
        in sight, nothing beyond it.
        """
        seen: set[int] = {d for d in (self.stair_up.get(self.cell), self.stair_down.get(self.cell)) if d is not None}
        centers, adj = self.centers, self.flat
        grid = self.maze.grid
        rows = grid.row.tolist() if grid.kind == "triangle" else None
        cols = grid.col.tolist() if rows is not None else None
        for first in adj[self.cell]:
            prev, cur = self.cell, first
            while cur not in seen:
                seen.add(cur)
                if rows is not None and cols is not None:
                    step = cols[cur] - cols[prev]
                    nxt = next((n for n in adj[cur] if rows[n] == rows[cur] == rows[prev]
                                and cols[n] - cols[cur] == step), None)
                else:
                    (px, py), (cx, cy) = centers[prev], centers[cur]
                    ahead = [(n, centers[n]) for n in adj[cur] if n != prev]
                    nxt = pick_neighbour((cx, cy), ahead, (cx - px, cy - py), max_angle_deg=SIGHT_TURN_DEG)
                if nxt is None:
                    break
                prev, cur = cur, nxt
        return seen

    def walk_to(self, cell: int, *, explored_only: bool = True) -> bool:
        """Walk along the shortest open path to ``cell``; False if not allowed, unreachable or invalid.

        A click must not solve the maze for the player: with ``explored_only`` (the
        default) the path may only cross cells already visited or in sight
        (:meth:`in_sight`), and in a lit maze (no :attr:`fog`: every cell is in view) also the cells down a
        corridor from them up to the next fork (:func:`engine.modes.reach.up_to_forks`), so the target is such a
        cell or one step beyond them.  The
        path stays on the player's floor; a click on the far end of the stair the player stands
        on climbs it (:meth:`climb`).
        """
        if self.finished or self.caught or not 0 <= cell < len(self.adj):
            return False
        for direction in (1, -1):  # a click on the far end of the stair the player stands on climbs it
            if cell == self.stair_target(direction):
                return self.climb(direction)
        ways = self.flat if self.rules is None else [self.rules.open_from(c) for c in range(len(self.adj))]
        allowed: set[int] | None = None
        if explored_only:
            allowed = self.visited_set | self.in_sight()
            if self.fog is None:
                allowed = up_to_forks(ways, allowed)
        path = shortest_path(ways, self.cell, cell, allowed)  # on the player's floor: stairs are climbed
        if not path:
            return False
        self.queue.clear()
        self.route = path[1:]
        self._key_driven = False
        if not self.moving:
            self._next(None, 0.0)
        return True

    def open_here(self, cell: int | None = None) -> list[int]:
        """The neighbours open from ``cell`` (default: the player's) on its floor; a puzzle maze's rules decide
        for the player's own cell (doors, one-way arrows, gates)."""
        cell = self.cell if cell is None else cell
        if self.rules is not None and cell == self.rules.position.cell:
            return self.rules.open_from(cell)
        return self.flat[cell]

    def goes_on(self, held: Vec | None) -> bool:
        """True when the move under way will be followed at once, as it ends, by another: a press buffered, a
        clicked route going on, or ``held`` (the direction of the keys held) running on from the cell being
        reached, as :meth:`advance` will decide then; a view glides such a move on at full speed instead of
        easing it to a stop.  False at rest, into the goal, and in a puzzle maze while the hunter's turn follows.
        Reads the state only."""
        if not self.moving or self.cell == self.goal or self.caught or self.hunter_t < 2.0:
            return False
        if self.queue or self.route:
            return True
        if held is None or not self._key_driven:
            return False
        open_here = self.open_here()
        if len(open_here) == 2 and self.prev in open_here:  # a corridor: the run follows it
            return self._runs_into(open_here[0] if open_here[1] == self.prev else open_here[1])
        return self.run_on(held) is not None

    def pick(self, direction: Vec, prefer: Vec | None = None) -> int | None:
        """The open neighbour of the current cell in ``direction``, or None (a wall)."""
        cands = [(d, self.centers[d]) for d in self.open_here()]
        return pick_neighbour(self.centers[self.cell], cands, direction, prefer, side=self.side)

    def run_on(self, held: Vec) -> int | None:
        """Where a held key runs on without stopping at the cell just reached, or None (stop there).

        The continuations are the open neighbours other than the cell the player came from.  The run goes on
        to the one straight on (within :data:`STRAIGHT_DEG` of ``held``, and no other that close), or to the
        only continuation within the pick angle (:data:`MAX_ANGLE_DEG`).  It stops where two or more
        continuations lie near the held direction (a real fork: the player chooses) and where none does (a
        dead end, or a turn the key does not point to).
        """
        here = self.centers[self.cell]
        near: list[tuple[float, int]] = []
        for n in self.open_here():
            if n == self.prev:
                continue
            (x, y) = self.centers[n]
            v = (x - here[0], y - here[1])
            if v == (0.0, 0.0):
                continue
            ang = math.degrees(_angle_between(v, held))
            if ang <= MAX_ANGLE_DEG:
                near.append((ang, n))
        if len(near) == 1:
            return near[0][1] if self._runs_into(near[0][1]) else None
        straight = [n for ang, n in near if ang <= STRAIGHT_DEG]
        return straight[0] if len(straight) == 1 and self._runs_into(straight[0]) else None

    def _runs_into(self, nxt: int) -> bool:
        """A run (held key, corridor) may go on into ``nxt``: always in a plain maze; in a puzzle maze not
        through a door, a one-way passage or a gate, not onto a key or a switch, and never into the hunter's
        reach (the player decides those steps one by one)."""
        if self.rules is None:
            return True
        rules = self.rules.rules
        pair = {self.cell, nxt}
        if any({a, b} == pair for a, b in rules.oneway) or any({a, b} == pair for a, b, _ in rules.doors) \
                or any({a, b} == pair for a, b, _ in rules.gates):
            return False
        if nxt in rules.switches or any(c == nxt for c, _ in rules.keys):
            return False
        return not self.rules.threatened(nxt)

    # -- time ------------------------------------------------------------
    def advance(self, dt: float, held: Vec | None = None) -> list[Event]:
        """Advance by ``dt`` seconds; ``held`` is the direction of the keys held now (or None).

        Returns:
            What happened since the last call, in order (moves that presses and clicks
            started at once come first).
        """
        self._update(dt, held)
        events, self._events = self._events, []
        return events

    def _update(self, dt: float, held: Vec | None) -> None:
        if self.finished:
            return
        fresh = held is not None and not self._was_held  # the screen says a hold has just begun
        self._was_held = held is not None
        if self.started and not self.caught:
            self.elapsed += dt  # real seconds: the timer is the sum of the screen's real frame times
        if not self.moving and self.hunter_t < 2.0:  # the hunter's turn is shown step by step
            before = int(self.hunter_t)
            self.hunter_t = min(2.0, self.hunter_t + dt / HUNTER_STEP_TIME)
            for k in range(before + 1, int(self.hunter_t) + 1):
                if k < len(self.hunter_path):
                    self._events.append(Event(EventKind.HUNTER, cell=self.hunter_path[k], value=k,
                                              time=self.elapsed))
            if self.hunter_t >= 2.0 and self.caught:
                self._events.append(Event(EventKind.CAUGHT, cell=self.cell, time=self.elapsed))
            if self.hunter_t < 2.0:
                return
        if self.moving:
            step_time = self.move_time  # a tunnel move is one move too: the same time as a step (races stay fair)
            self.progress += dt / step_time
            if self.progress < 1.0 - 1e-9:  # six 1/60 s frames make a 0.1 s move (rounding made it seven)
                return
            leftover = (self.progress - 1.0) * step_time  # seconds of this step left after the arrival
            self._arrive()
            if self.finished:  # the goal was reached part way through this time step: stop the timer there
                self.elapsed = max(0.0, self.elapsed - leftover)
                return
            self._next(held, 0.0)
            if self.moving:
                self.progress = min(0.99, leftover / self.move_time)
            return
        self._next(held, dt, fresh)

    # -- internals -------------------------------------------------------
    def _step(self, nxt: int) -> None:
        if self.rules is not None and not self._rule_step(nxt):
            return
        dx = self.centers[nxt][0] - self.centers[self.cell][0]
        climb = self.floor_of[nxt] - self.floor_of[self.cell]
        if abs(dx) > 1e-6 and not climb:
            self.side = 1.0 if dx > 0 else -1.0
        self.started = True
        self.prev = self.cell
        self.anim_from = self.cell
        self.cell = nxt
        self._look()  # dark: what the player will see from there shows as it sets off
        self.moving = True
        self.progress = 0.0
        self.moves += 1
        self.trace.append(nxt)
        if nxt not in self.visited_set:
            self.visited_set.add(nxt)
            self.visited.append(nxt)
        self._events.append(Event(EventKind.STEP, cell=nxt, value=climb, time=self.elapsed))

    def _rule_step(self, nxt: int | None) -> bool:
        """A puzzle maze's action through its rules (None: a wait): False (and a ``BUMP``) when not allowed.

        Events for a key picked up, the switch flipped and a wait; the hunter's steps are shown after the
        player's move (:meth:`_update`), and a catch is reported once they are.
        """
        assert self.rules is not None
        hunter_before = self.rules.position.hunter
        out = self.rules.act(nxt)
        if out.kind == BLOCKED:
            self.bumps += 1
            self.queue.clear()
            self.route.clear()
            self._events.append(Event(EventKind.BUMP, cell=self.cell, time=self.elapsed))
            return False
        at = self.cell if nxt is None else nxt
        door = self.doors.get((self.cell, at))
        if door is not None:
            self._events.append(Event(EventKind.DOOR, cell=at, value=door, time=self.elapsed))
        for colour in out.keys:
            self._events.append(Event(EventKind.KEY, cell=at, value=colour, time=self.elapsed))
        if out.flipped:
            self._events.append(Event(EventKind.SWITCH, cell=at, value=self.rules.position.switch, time=self.elapsed))
        if out.waited:
            self.started = True
            self.moves += 1
            self._events.append(Event(EventKind.WAIT, cell=at, time=self.elapsed))
        self.hunter_path = [hunter_before, *out.hunter] if out.hunter else [self.rules.position.hunter]
        self.hunter_t = 0.0 if out.hunter else 2.0
        if out.kind == CAUGHT:
            self.caught = True
            self.queue.clear()
            self.route.clear()
            if not out.hunter:  # stepped onto the hunter: caught at once
                self._events.append(Event(EventKind.CAUGHT, cell=at, time=self.elapsed))
        return True

    # -- puzzle mazes ------------------------------------------------------
    def wait(self) -> bool:
        """A puzzle maze with a hunter: wait one turn (buffered like a key press; the hunter takes its steps).

        Returns:
            False (and a ``BUMP``) in a maze without a hunter, when caught or finished.
        """
        if self.rules is None or self.rules.position.hunter < 0 or self.finished or self.caught:
            if not self.finished:
                self.bumps += 1
                self._events.append(Event(EventKind.BUMP, cell=self.cell, time=self.elapsed))
            return False
        self.route.clear()
        if len(self.queue) < (BUFFER_SIZE if self.rules is None else RULES_BUFFER):
            self.queue.append(Intent((0.0, 0.0), None, wait=True))
        if not self.moving:
            self._next(None, 0.0)
        return True

    def undo(self) -> bool:
        """A puzzle maze: take the last action back (also after being caught); False when there is none."""
        if self.rules is None or self.finished or not self.rules.undo():
            return False
        self.queue.clear()
        self.route.clear()
        self.moving, self.progress = False, 1.0
        pos = self.rules.position
        self.cell = self.anim_from = pos.cell
        self.trace = [self.start, *(a for a in self.rules.actions if a is not None)]
        self.prev = self.trace[-2] if len(self.trace) > 1 else -1
        self.moves = len(self.rules.actions)
        self.caught = False
        self.hunter_path, self.hunter_t = [pos.hunter], 2.0
        self._look()
        return True

    def hint(self) -> Hint | None:
        """A puzzle maze: the next action of an optimal solution from here (the exact solver), or None (a plain
        maze, over, caught, or no win from here).  Using one costs the third star."""
        if self.rules is None or self.finished or self.caught or self.moving or self.hunter_t < 2.0:
            return None
        got = self.rules.hint()
        if got is not None:
            self.hinted = True
        return got

    def hunter_position(self) -> tuple[float, float] | None:
        """Where the hunter is drawn (world units), stepping along its last turn; None without a hunter."""
        if self.rules is None or self.rules.position.hunter < 0:
            return None
        path = self.hunter_path
        k = min(int(self.hunter_t), len(path) - 1)
        if k >= len(path) - 1:
            return self.centers[path[-1]]
        t = self.hunter_t - k
        t = t * t * (3 - 2 * t)
        (ax, ay), (bx, by) = self.centers[path[k]], self.centers[path[k + 1]]
        return ax + (bx - ax) * t, ay + (by - ay) * t

    def _arrive(self) -> None:
        self.moving = False
        self.progress = 1.0
        self.anim_from = self.cell
        self._arrived = True
        if self.cell == self.goal:
            self.finished = True
            self.queue.clear()
            self.route.clear()
            self._events.append(Event(EventKind.ARRIVED, cell=self.cell, value=1, time=self.elapsed))

    def _next(self, held: Vec | None, dt: float, fresh: bool = False) -> None:
        """Start the next move: a buffered press, the next cell of a clicked route, or the held key's way on.

        ``fresh``: the hold has just begun (the key was held long enough to count as a hold, not a tap): the
        run goes on from the cell the tap reached as if the player had just arrived there.
        """
        if self.caught or self.hunter_t < 2.0:  # a puzzle maze: the hunter's turn first (presses wait)
            return
        arrived, self._arrived = self._arrived or fresh, False
        while self.queue:
            intent = self.queue.popleft()
            if intent.wait:
                self._rule_step(None)
                return
            if intent.climb:
                nxt = self.stair_target(intent.climb)
            else:
                nxt = self.pick(intent.direction, intent.prefer)
            if nxt is None:
                self.bumps += 1
                self._events.append(Event(EventKind.BUMP, cell=self.cell, time=self.elapsed))
                continue
            self._key_driven = not intent.climb  # a held arrow key waits for a new press after a climb
            self._step(nxt)
            return
        if self.route:
            nxt = self.route.pop(0)
            if self.rules is not None and (nxt not in self.open_here() or self.rules.threatened(nxt)):
                self.route.clear()  # a click's walk stops before a shut door or the hunter's reach
                self.bumps += 1
                self._events.append(Event(EventKind.BUMP, cell=self.cell, time=self.elapsed))
                return
            self._step(nxt)
            return
        if held is None or not self._key_driven:
            self.hold_timer = REPEAT_DELAY
            return
        open_here = self.open_here()
        if arrived and len(open_here) == 2 and self.prev in open_here:
            ahead = open_here[0] if open_here[1] == self.prev else open_here[1]
            if self._runs_into(ahead):
                self._step(ahead)  # corridor: keep running
            return
        if arrived:
            nxt = self.run_on(held)
            if nxt is not None:  # the way goes on where the key points: no pause at a side opening
                self._step(nxt)
                return
            self.hold_timer = REPEAT_DELAY  # a real fork, a turn or a dead end: pause before going on
            return
        if self.rules is not None:  # a puzzle maze: where a run stops, the next step takes a new press
            return
        self.hold_timer -= dt
        if self.hold_timer > 0:
            return
        self.hold_timer = REPEAT_DELAY
        nxt = self.pick(held)
        if nxt is not None:
            self._step(nxt)


def _number(value: object) -> int | float | str:
    """``value`` if ``int()`` and ``float()`` may read it (a number or text), for :meth:`PlaySession.restore`.

    Raises:
        TypeError: anything else (a list, None...).
    """
    if isinstance(value, (int, float, str)):
        return value
    raise TypeError(f"{type(value).__name__} is not a number")


def _items(value: object) -> list[object]:
    """``value`` as a list of items (a list or tuple), for :meth:`PlaySession.restore`.

    Raises:
        TypeError: not a list.
    """
    if isinstance(value, (list, tuple)):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not a list")
