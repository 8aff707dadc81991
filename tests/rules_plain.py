"""A deliberately plain, independent checker for puzzle mazes (the rules on a maze graph).

It reads only the JSON that ``tessera generate --format json`` writes for a puzzle maze (and, optionally, what
``tessera solve --format json`` adds: ``actions``, ``length``, ``unique``, ``states``), and imports nothing from
the project: only the standard library.  Tests use it to confirm the real solver's optimal length, its count of
optimal solutions and its count of states.  Speed is no goal here; every step is spelled out so that it can be
read against the rules:

* The player stands on a cell.  An action is a move to a neighbour across an edge passable for the player, or
  ``"wait"`` (always legal; without a pursuer it leads back to the same state, so it is never on a shortest path).
* An edge (a, b) is passable for the player from a to b iff its passage is open; it is not a one-way edge listed
  as [b, a]; for each door on it the player holds that door's key colour; and each gate on it is open.
* Keys: entering a key's cell adds its colour to the held set (kept forever); a key on the start cell is held
  from the start.
* Switches: one global state, off at the start; a move onto a switch cell flips it (waiting does not, the start
  does not).  A gate [a, b, open] is open iff ``open == 1`` XOR the state is on.
* Pursuer: after each player action that did not end the game it takes two greedy steps toward the player's
  cell (Euclidean distance between centres), never through a door, respecting one-way edges and the gates as
  they are after the player's action; ties within 1e-9 go to the lowest cell id, and it moves only if that
  brings it closer by more than 1e-9.
* Order within an action: move; onto the pursuer's cell = lost; else onto the goal = won; else pick up keys and
  flip the switch; then the pursuer's two steps, each of which catches the player (lost) if it lands on them.

The state is (player cell, frozenset of key colours held, pursuer cell or None, switch on).
"""

from __future__ import annotations

import json
import math
from collections import deque
from dataclasses import dataclass
from typing import Any

WAIT = "wait"
EPS = 1e-9
WON = "won"
LOST = "lost"
ILLEGAL = "illegal"
UNFINISHED = "unfinished"

# (player cell, key colours held, pursuer cell or None, switch on)
State = tuple[int, frozenset[int], int | None, bool]
# A cell moved to, or the string "wait".
Action = int | str


@dataclass(frozen=True)
class Verdict:
    """What the plain breadth-first search found about one puzzle (and, if given, one solution)."""

    length: int | None  # fewest actions to win; None when no win is reachable
    count: int  # number of distinct optimal action sequences, capped at ``cap`` (0 when unsolvable)
    unique: bool  # exactly one optimal action sequence
    states: int  # distinct non-terminal states reachable from the start (the start included)
    valid: bool | None  # whether the given solution agrees (None when none was given)
    problem: str  # why the solution is not valid; "" otherwise


@dataclass(frozen=True)
class Maze:
    """A puzzle read from its JSON dict: the graph, the centres and the rules, in plain lookup tables."""

    cells: int
    start: int
    goal: int
    centres: list[tuple[float, float]]
    neighbours: list[list[tuple[int, int]]]  # per cell: (neighbour, edge index), in increasing neighbour order
    open_passage: list[bool]  # per edge index
    oneway: set[tuple[int, int]]  # (a, b): that edge may be walked only from a to b
    doors: dict[int, set[int]]  # edge index -> door colours on it
    gates: dict[int, list[bool]]  # edge index -> the "open" flag of each gate listed on it
    keys_at: dict[int, set[int]]  # cell -> key colours lying there
    switches: set[int]  # switch cells
    pursuer: int | None  # the pursuer's start cell


def _cell(value: Any, cells: int, what: str) -> int:
    """Return ``value`` as a cell id, or raise ValueError if it is not an int in range."""
    if type(value) is not int or not 0 <= value < cells:
        raise ValueError(f"{what}: {value!r} is not a cell id (0..{cells - 1})")
    return value


def _colour(value: Any, what: str) -> int:
    """Return ``value`` as a key/door colour, or raise ValueError if it is not 0..3."""
    if type(value) is not int or not 0 <= value <= 3:
        raise ValueError(f"{what}: colour {value!r} is not 0..3")
    return value


def read_maze(puzzle: dict[str, Any]) -> Maze:
    """Read a puzzle's JSON dict into a Maze; raise ValueError on anything the rules leave undefined.

    Undefined (rejected): a rule naming a pair of cells that is not an edge, a repeated or self-loop edge,
    the start on the goal, and the pursuer starting on the player.  Unknown keys are ignored.
    """
    cells = puzzle["cells"]
    if type(cells) is not int or cells < 1:
        raise ValueError(f"cells: {cells!r}")
    edges = puzzle["edges"]
    passages = puzzle["passages"]
    if len(passages) != len(edges):
        raise ValueError("passages and edges differ in length")
    start = _cell(puzzle["start"], cells, "start")
    goal = _cell(puzzle["goal"], cells, "goal")
    if start == goal:
        raise ValueError("the start is the goal (the rules only win by moving onto the goal)")
    centres = [(float(x), float(y)) for x, y in puzzle["centres"]]
    if len(centres) != cells:
        raise ValueError("one centre per cell expected")

    edge_of: dict[tuple[int, int], int] = {}
    neighbours: list[list[tuple[int, int]]] = [[] for _ in range(cells)]
    for index, (a, b) in enumerate(edges):
        a = _cell(a, cells, "edge")
        b = _cell(b, cells, "edge")
        pair = (min(a, b), max(a, b))
        if a == b or pair in edge_of:
            raise ValueError(f"edge {[a, b]} is a self-loop or repeated")
        edge_of[pair] = index
        neighbours[a].append((b, index))
        neighbours[b].append((a, index))
    for row in neighbours:
        row.sort()
    open_passage = [p == 1 for p in passages]

    def edge_index(a: Any, b: Any, what: str) -> int:
        """The index of the edge between cells a and b (named in either order)."""
        a = _cell(a, cells, what)
        b = _cell(b, cells, what)
        pair = (min(a, b), max(a, b))
        if pair not in edge_of:
            raise ValueError(f"{what}: {[a, b]} is not an edge")
        return edge_of[pair]

    rules = puzzle.get("rules") or {}
    oneway: set[tuple[int, int]] = set()
    for a, b in rules.get("oneway") or []:
        edge_index(a, b, "oneway")
        oneway.add((a, b))
    doors: dict[int, set[int]] = {}
    for a, b, colour in rules.get("doors") or []:
        doors.setdefault(edge_index(a, b, "door"), set()).add(_colour(colour, "door"))
    keys_at: dict[int, set[int]] = {}
    for cell, colour in rules.get("keys") or []:
        keys_at.setdefault(_cell(cell, cells, "key"), set()).add(_colour(colour, "key"))
    switch_rules = rules.get("switches") or {}
    switches = {_cell(cell, cells, "switch") for cell in switch_rules.get("cells") or []}
    gates: dict[int, list[bool]] = {}
    for a, b, is_open in switch_rules.get("gates") or []:
        if is_open not in (0, 1):
            raise ValueError(f"gate {[a, b]}: open flag {is_open!r} is not 0/1")
        gates.setdefault(edge_index(a, b, "gate"), []).append(is_open == 1)
    pursuer = rules.get("pursuer")
    if pursuer is not None:
        pursuer = _cell(pursuer, cells, "pursuer")
        if pursuer == start:
            raise ValueError("the pursuer starts on the player")
    return Maze(cells, start, goal, centres, neighbours, open_passage, oneway, doors, gates, keys_at, switches,
                pursuer)


def gate_open(maze: Maze, edge: int, switch_on: bool) -> bool:
    """Whether every gate on ``edge`` is open under the switch state (True when the edge has no gate)."""
    return all(starts_open != switch_on for starts_open in maze.gates.get(edge, []))


def player_can_cross(maze: Maze, a: int, b: int, edge: int, keys: frozenset[int], switch_on: bool) -> bool:
    """Whether the player may walk from a to b across ``edge`` holding ``keys`` under the switch state."""
    if not maze.open_passage[edge]:
        return False
    if (b, a) in maze.oneway:
        return False
    for colour in maze.doors.get(edge, set()):
        if colour not in keys:
            return False
    return gate_open(maze, edge, switch_on)


def pursuer_can_cross(maze: Maze, a: int, b: int, edge: int, switch_on: bool) -> bool:
    """Whether the pursuer may walk from a to b across ``edge``: never through a door, whatever keys are held."""
    if not maze.open_passage[edge]:
        return False
    if (b, a) in maze.oneway:
        return False
    if edge in maze.doors:
        return False
    return gate_open(maze, edge, switch_on)


def distance(maze: Maze, x: int, y: int) -> float:
    """Euclidean distance between the centres of cells x and y."""
    return math.dist(maze.centres[x], maze.centres[y])


def pursuer_step(maze: Maze, pursuer: int, player: int, switch_on: bool) -> int:
    """One greedy pursuer step toward ``player``: the cell it stands on afterwards."""
    candidates: list[tuple[int, float]] = []
    for q, edge in maze.neighbours[pursuer]:
        if pursuer_can_cross(maze, pursuer, q, edge, switch_on):
            candidates.append((q, distance(maze, q, player)))
    if not candidates:
        return pursuer
    smallest = min(d for _, d in candidates)
    tied = [q for q, d in candidates if d <= smallest + EPS]
    choice = min(tied)
    if distance(maze, choice, player) < distance(maze, pursuer, player) - EPS:
        return choice
    return pursuer


def start_state(maze: Maze) -> State:
    """The state before the first action: keys on the start cell held, switch off."""
    return (maze.start, frozenset(maze.keys_at.get(maze.start, set())), maze.pursuer, False)


def legal_actions(maze: Maze, state: State) -> list[Action]:
    """Every action the player may take in ``state``: "wait" and each neighbour reachable across a passable edge."""
    player, keys, _pursuer, switch_on = state
    actions: list[Action] = [WAIT]
    for b, edge in maze.neighbours[player]:
        if player_can_cross(maze, player, b, edge, keys, switch_on):
            actions.append(b)
    return actions


def apply(maze: Maze, state: State, action: Any) -> State | str:
    """The result of ``action`` in the non-terminal ``state``: the next state, or "won", "lost" or "illegal"."""
    player, keys, pursuer, switch_on = state
    if action == WAIT and type(action) is str:
        new = player
        moved = False
    elif type(action) is int and action in legal_actions(maze, state):
        new = action
        moved = True
    else:
        return ILLEGAL
    if pursuer is not None and new == pursuer:
        return LOST
    if new == maze.goal:
        return WON
    if moved:
        keys = keys | frozenset(maze.keys_at.get(new, set()))
        if new in maze.switches:
            switch_on = not switch_on
    if pursuer is not None:
        for _step in range(2):
            pursuer = pursuer_step(maze, pursuer, new, switch_on)
            if pursuer == new:
                return LOST
    return (new, keys, pursuer, switch_on)


def replay_maze(maze: Maze, actions: list[Any]) -> str:
    """Play ``actions`` from the start: "won", "lost", "illegal" (also: an action after the end) or "unfinished"."""
    result: State | str = start_state(maze)
    for action in actions:
        if isinstance(result, str):
            return ILLEGAL  # the game had already ended
        result = apply(maze, result, action)
        if result == ILLEGAL:
            return ILLEGAL
    if isinstance(result, str):
        return result
    return UNFINISHED


def replay(puzzle: dict[str, Any], actions: list[Any]) -> str:
    """Play ``actions`` on the puzzle's JSON dict: "won", "lost", "illegal" or "unfinished"."""
    return replay_maze(read_maze(puzzle), actions)


def explore(maze: Maze, limit: int) -> tuple[int | None, int, int]:
    """Breadth-first search over every reachable state: (fewest actions to win, optimal count capped at limit, states).

    ``ways[s]`` is the number of shortest action sequences from the start to state ``s`` (capped at ``limit``,
    which keeps sums exact up to the cap); a state's count is final when it is dequeued, since every state one
    layer nearer the start is dequeued before it.
    """
    start = start_state(maze)
    depth: dict[State, int] = {start: 0}
    ways: dict[State, int] = {start: 1}
    queue: deque[State] = deque([start])
    length: int | None = None
    wins = 0
    while queue:
        state = queue.popleft()
        d = depth[state]
        for action in legal_actions(maze, state):
            result = apply(maze, state, action)
            if result == WON:
                if length is None:
                    length = d + 1
                if d + 1 == length:
                    wins = min(limit, wins + ways[state])
            elif isinstance(result, str):
                continue  # lost (legal_actions offers no illegal action)
            elif result not in depth:
                depth[result] = d + 1
                ways[result] = ways[state]
                queue.append(result)
            elif depth[result] == d + 1:
                ways[result] = min(limit, ways[result] + ways[state])
    return length, wins, len(depth)


def _judge(maze: Maze, length: int | None, unique: bool, solution: dict[str, Any]) -> str:
    """Why ``solution`` disagrees with the search's ``length``/``unique`` or does not win; "" if it agrees."""
    actions = solution.get("actions")
    claimed = solution.get("length", "missing")
    if length is None:
        if actions:
            return f"unsolvable, yet the solution lists {len(actions)} actions"
    else:
        if not isinstance(actions, list):
            return f"solvable in {length}, yet the solution has no actions list"
        outcome = replay_maze(maze, actions)
        if outcome != WON:
            return f"the actions, replayed, end {outcome}"
        if len(actions) != length:
            return f"the actions win in {len(actions)}, the fewest is {length}"
    length_agrees = claimed is None if length is None else type(claimed) is int and claimed == length
    if not length_agrees:
        return f"the solution says length {claimed!r}, the fewest is {length!r}"
    if type(solution.get("unique")) is not bool or solution["unique"] != unique:
        return f"the solution says unique {solution.get('unique')!r}, the search says {unique!r}"
    return ""


def check(puzzle: dict[str, Any], solution: dict[str, Any] | None = None, cap: int = 1000) -> Verdict:
    """Search the puzzle completely and, if a solution dict is given, judge it.

    The solution is valid when its "actions" win by the rules in exactly the fewest actions and its "length" and
    "unique" agree with the search (an unsolvable puzzle wants "length" null, "unique" false and no actions).
    ``solution`` may be the same dict as ``puzzle`` (what ``solve --format json`` writes holds both).
    ``unique`` is exact even when ``cap`` is 1 (the count is kept up to at least 2 internally).
    """
    if cap < 1:
        raise ValueError("cap must be at least 1")
    maze = read_maze(puzzle)
    length, wins, states = explore(maze, max(cap, 2))
    unique = wins == 1
    count = min(wins, cap)
    if solution is None:
        return Verdict(length, count, unique, states, None, "")
    problem = _judge(maze, length, unique, solution)
    return Verdict(length, count, unique, states, problem == "", problem)


def check_text(puzzle_json: str, solution_json: str | None = None, cap: int = 1000) -> Verdict:
    """``check`` on JSON text (for example a CLI's standard output)."""
    solution = None if solution_json is None else json.loads(solution_json)
    return check(json.loads(puzzle_json), solution, cap)
