"""Race opponents: who they are, how fast they run, and the route each one walks.

Opponents differ in what they know:

* ``runner`` knows the map and takes the shortest path;
* ``wall`` does not know the map and keeps its left hand on the wall; in a
  braided maze (with loops) it can circle forever, so when it notices it is
  back where it has already been it switches to Trémaux, as a clever person
  would (the ``wall-left`` solver's ``fallback``);
* ``tremaux`` explores without a map, marking passages (Trémaux's rule).

An opponent's route is its physical walk (every cell it steps on, in order).
The difficulty sets its speed in cells per second; speeds are stored in tenths
of a cell per second so that all timing is integer arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.maze.model import Maze
from engine.maze.solvers.bfs import shortest_path

#: Custom speeds in tenths of a cell per second (0.5 .. 30 cells/s).
MIN_SPEED10 = 5
MAX_SPEED10 = 300


@dataclass(frozen=True)
class OpponentInfo:
    """An AI opponent kind.

    Attributes:
        name: registry name (``runner``, ``wall``, ``tremaux``).
        letter: its letter in race codes.
        title: a short name for menus.
        summary: one sentence on what it knows.
        solver: the :mod:`engine.maze.solvers` solver whose ``walk`` is its route.
        speeds: difficulty -> speed in tenths of a cell per second.
    """

    name: str
    letter: str
    title: str
    summary: str
    solver: str
    speeds: dict[str, int]

    @property
    def noun(self) -> str:
        """The title inside a sentence: ``runner``, ``wall follower``, ``Trémaux explorer``."""
        return self.title if self.title.startswith("Trémaux") else self.title.lower()


#: One pace scale for every opponent, in tenths of a cell per second: how fast a person's feet move.  The
#: player's own cap is 10 cells/s (:data:`engine.modes.play.MOVE_TIME`, 0.1 s a cell, a held key).  A new
#: player, pausing at junctions and taking wrong turns, makes about 2.5-3 cells of the shortest path a second;
#: an expert holding the keys through a known maze about 7.  So ``easy`` (2 cells/s) is slower than a new
#: player, ``normal`` (4) a close race for one who knows the controls, ``hard`` (7) an expert's pace.  An
#: opponent without a map walks farther (the explorers 2-8 times the shortest path) at the same pace, as a
#: person would: how close a race against it is depends on the maze, which is its character.
PACES: dict[str, int] = {"easy": 20, "normal": 40, "hard": 70}

OPPONENTS: dict[str, OpponentInfo] = {
    "runner": OpponentInfo(
        "runner", "R", "Runner", "Knows the map and runs the shortest path.", "bfs", PACES,
    ),
    "wall": OpponentInfo(
        "wall", "W", "Wall follower",
        "Has no map: keeps its left hand on the wall, switching to Trémaux if it walks in circles.",
        "wall-left", PACES,
    ),
    "tremaux": OpponentInfo(
        "tremaux", "T", "Trémaux explorer", "Has no map: explores and marks every passage it takes.", "tremaux",
        PACES,
    ),
}
_LETTER_OPPONENTS = {o.letter: o.name for o in OPPONENTS.values()}

DIFFICULTIES: dict[str, str] = {"easy": "E", "normal": "N", "hard": "H", "custom": ""}
_LETTER_DIFFICULTIES = {v: k for k, v in DIFFICULTIES.items() if v}


def get_opponent(name: str) -> OpponentInfo:
    """The opponent registered as ``name``.

    Raises:
        ValueError: unknown name (the message lists the known ones).
    """
    key = name.strip().lower().replace("_", "-")
    if key in ("wall-left", "wall-follower", "follower"):
        key = "wall"
    info = OPPONENTS.get(key)
    if info is None:
        raise ValueError(f"unknown opponent '{name}' (known: {', '.join(OPPONENTS)})")
    return info


def physical_walk(maze: Maze, walk: list[int]) -> list[int]:
    """Make ``walk`` a walk of single open steps starting at ``maze.start``.

    Repeated cells in a row are dropped; a jump between cells that are not
    open neighbours (a solver that "teleports" back to a junction) is filled
    with the shortest open path between them, which is how a body would move.

    Raises:
        ValueError: if the walk cannot be completed (cells not connected).
    """
    adj = maze.open_lists()
    out = [maze.start]
    for c in walk:
        c = int(c)
        last = out[-1]
        if c == last:
            continue
        if c in adj[last]:
            out.append(c)
            continue
        bridge = shortest_path(adj, last, c)
        if not bridge:
            raise ValueError(f"the walk jumps from cell {last} to cell {c}, which is not reachable")
        out.extend(bridge[1:])
    return out


def rules_walk(maze: Maze) -> list[int]:
    """A puzzle maze's proven best moves as a walk: the cells stepped on, a wait standing on its cell for one
    step (start and goal included).

    Raises:
        ValueError: the maze cannot be solved under its rules.
    """
    from engine.maze.rules.solver import solution_of

    sol = solution_of(maze)
    if sol.length is None:
        raise ValueError("this puzzle maze cannot be solved under its rules")
    walk = [int(maze.start)]
    for a in sol.actions:
        walk.append(walk[-1] if a is None else int(a))
    return walk


def opponent_route(maze: Maze, opponent: str) -> tuple[list[int], str | None]:
    """The physical walk of ``opponent`` from ``maze.start`` to ``maze.goal``.

    Returns:
        ``(walk, fallback)``: the cells stepped on in order (start and goal
        included) and the solver's fallback (``"tremaux"`` when a wall follower
        noticed it was walking in circles), else None.

    Raises:
        ValueError: unknown opponent, or the goal cannot be reached.
    """
    from engine.maze.solvers import solve

    info = get_opponent(opponent)
    if maze.rules is not None:  # a puzzle maze: every opponent plays by its rules, the exact solver's best moves
        return rules_walk(maze), None
    res = solve(maze, info.solver)
    walk = list(res.walk) if res.walk else list(res.path)
    walk = physical_walk(maze, walk)
    if walk[-1] != maze.goal:
        raise ValueError(f"the {info.noun} does not reach the goal")
    return walk, res.fallback
