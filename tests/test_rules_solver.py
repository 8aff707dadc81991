"""The exact puzzle-maze solver against the deliberately plain checker (tests/rules_plain.py), and its rules.

Thousands of random small puzzles on every grid: random mazes with loops, random one-way passages, doors and
keys, a hunter, switches and gates, alone and combined.  The solver's optimal length, count of optimal
solutions (up to the checker's cap) and count of reachable states must equal the plain breadth-first search's,
reading only the JSON export; and its chosen actions must win when replayed by the plain rules.
"""

from __future__ import annotations

import numpy as np
import pytest
from rules_plain import check, replay

from engine.maze import export
from engine.maze.generators.braid import braid
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.maze.rules import Rules, RulesError
from engine.maze.rules.solver import UNSOLVABLE, solve
from engine.rng import Rng

#: Small grids of every kind (12 to 60 cells) and how many random puzzles each gets.
GRIDS = [("square", 4, 3, 700), ("square", 5, 4, 700), ("hex", 4, 3, 700), ("triangle", 6, 3, 700),
         ("polar", 4, 4, 280), ("upsilon", 3, 3, 700)]
CAP = 50


def random_rules(maze: Maze, rng: Rng, families: str) -> Rules:
    """Random elements of ``families`` (letters O K P S) on ``maze``'s open passages, one per edge and cell."""
    g = maze.grid
    open_edges = [int(e) for e in np.flatnonzero(maze.passage)]
    rng.shuffle(open_edges)
    edges = g.edges
    cells = [c for c in range(g.n) if c not in (maze.start,)]
    rng.shuffle(cells)
    oneway, doors, gates = [], [], []
    keys: list[tuple[int, int]] = []
    switches: list[int] = []
    pursuer = None
    if "O" in families:
        for _ in range(1 + rng.below(3)):
            if open_edges:
                a, b = edges[open_edges.pop()].tolist()
                oneway.append((a, b) if rng.below(2) else (b, a))
    if "K" in families:
        for colour in range(1 + rng.below(2)):
            if open_edges:
                a, b = edges[open_edges.pop()].tolist()
                doors.append((a, b, colour))
            keys.append((cells.pop(), colour))
    if "S" in families:
        switches.append(cells.pop())
        for _ in range(1 + rng.below(3)):
            if open_edges:
                a, b = edges[open_edges.pop()].tolist()
                gates.append((a, b, bool(rng.below(2))))
    if "P" in families:
        pursuer = cells.pop()
    return Rules(tuple(oneway), tuple(doors), tuple(keys), pursuer, tuple(switches), tuple(gates))


def random_puzzle(shape: str, w: int, h: int, seed: int, families: str) -> Maze:
    """A backtracker maze with about half its dead ends braided away, and random rules."""
    rng = Rng(seed)
    base = MazeSpec(shape, w, h, "backtracker", seed=seed).build()
    passage = braid(base.grid, base.passage, 0.5, rng)
    maze = Maze(base.grid, passage, base.start, base.goal)
    return Maze(base.grid, passage, base.start, base.goal, rules=random_rules(maze, rng, families))


FAMILY_SETS = ["O", "K", "P", "S", "OK", "PS", "OKPS"]


@pytest.mark.parametrize(("shape", "w", "h", "runs"), GRIDS)
def test_the_solver_agrees_with_the_plain_search_on_random_puzzles(shape: str, w: int, h: int, runs: int) -> None:
    """3,780 random puzzles in all: length, count (capped) and states agree; the chosen actions win."""
    unique = solvable = hunted_solved = 0
    for i in range(runs):
        families = FAMILY_SETS[i % len(FAMILY_SETS)]
        maze = random_puzzle(shape, w, h, 1000 * i + 7, families)
        assert maze.rules is not None
        sol = solve(maze, maze.rules)
        data = export.to_json(maze)
        plain = check(data, cap=CAP)
        assert sol.length == plain.length, (shape, i, families)
        assert min(sol.count, CAP) == plain.count, (shape, i, families)
        assert sol.unique == plain.unique
        assert sol.states == plain.states, (shape, i, families)
        if sol.length is not None:
            solvable += 1
            unique += sol.unique
            hunted_solved += maze.rules.pursuer is not None
            actions = ["wait" if a is None else a for a in sol.actions]
            assert len(actions) == sol.length
            assert replay(data, actions) == "won"
        else:
            assert sol.actions == () and sol.count == 0
    # the sample is not degenerate: solvable and unsolvable, unique and not, hunted wins among them
    assert runs // 7 < solvable < runs and 5 < unique < solvable and hunted_solved > 5


def corridor(length: int, start: int, goal: int) -> Maze:
    """A square ``length``×2 grid whose bottom row (cells 0..length-1) is one open corridor."""
    from engine.maze.grids import make_grid

    grid = make_grid("square", length, 2)
    passage = np.zeros(grid.num_edges, dtype=bool)
    for c in range(length - 1):
        passage[grid.edge_between(c, c + 1)] = True
    return Maze(grid, passage, start, goal)


def test_a_corridor_with_a_door_needs_its_key() -> None:
    """Corridor 0-1-2-3, start 0, goal 3, a red door between 1 and 2: with the red key on the start (held
    from the start) the way is 1, 2, 3; with the key beyond the door the maze is unsolvable."""
    maze = corridor(4, 0, 3)
    held = solve(maze, Rules(doors=((1, 2, 0),), keys=((0, 0),)))
    assert (held.length, held.actions, held.unique) == (3, (1, 2, 3), True)
    locked = solve(maze, Rules(doors=((1, 2, 0),), keys=((3, 0),)))
    assert locked.length is None and locked.verdict() == UNSOLVABLE


def test_the_hunter_on_a_corridor() -> None:
    """Corridor 0..4: the hunter two cells behind a player one step from the goal loses the race (the goal
    wins before it moves); a hunter standing on the goal cannot be passed; one right behind catches."""
    assert solve(corridor(5, 3, 4), Rules(pursuer=0)).actions == (4,)
    assert solve(corridor(3, 0, 2), Rules(pursuer=2)).length is None
    # start 1, goal 4, hunter on 0: after the move to 2 it steps 0 -> 1 -> 2 and catches the player
    assert solve(corridor(5, 1, 4), Rules(pursuer=0)).length is None


def test_one_way_passages_and_gates() -> None:
    """A one-way passage against the way makes the corridor unsolvable; a gate shut at the start opens once
    the switch is stepped on (the switch behind the player: the way there and back)."""
    assert solve(corridor(3, 0, 2), Rules(oneway=((2, 1),))).length is None
    assert solve(corridor(3, 0, 2), Rules(oneway=((1, 2),))).actions == (1, 2)
    sol = solve(corridor(4, 1, 3), Rules(switches=(0,), gates=((2, 3, False),)))
    assert sol.actions == (0, 1, 2, 3) and sol.unique


def test_rules_are_checked_against_their_maze() -> None:
    """A door on a wall, an element twice on one edge, a key off the grid: one sentence each."""
    maze = corridor(2, 0, 1)  # cell 2 is above cell 0, behind a wall
    with pytest.raises(RulesError, match="on a wall"):
        solve(maze, Rules(doors=((0, 2, 0),)))
    with pytest.raises(RulesError, match="both"):
        solve(maze, Rules(oneway=((0, 1),), doors=((0, 1, 1),)))
    with pytest.raises(RulesError, match="outside"):
        solve(maze, Rules(keys=((9, 0),)))
    with pytest.raises(RulesError, match="start"):
        solve(maze, Rules(pursuer=0))
    with pytest.raises(RulesError, match="no switch"):
        solve(maze, Rules(gates=((0, 1, True),)))


def test_rules_needed_tells_a_used_rule_from_a_wall() -> None:
    """A door passed with its key is needed; a door that only shuts a short cut (never passed) is a wall; an
    arrow that only blocks is not needed; a gate a switch opened and then passed is needed."""
    from engine.maze.grids import make_grid
    from engine.maze.rules.solver import rule_costs, rules_needed

    grid = make_grid("square", 4, 2)  # cells 0..3 below, 4..7 above; start 0, goal 3
    lookup = grid.edge_lookup()

    def maze(rules: Rules, shut: tuple[tuple[int, int], ...] = ()) -> Maze:
        passage = np.ones(grid.edges.shape[0], dtype=bool)
        for a, b in shut:
            passage[lookup[(a, b)]] = False
        return Maze(grid, passage, 0, 3, rules=rules)

    # the goal only through the door 2-3; its key off the straight way (above, at 5): fetched, then passed
    keyed = maze(Rules(doors=((2, 3, 0),), keys=((5, 0),)), shut=((3, 7),))
    assert rule_costs(keyed) == {"keys": 2} and rules_needed(keyed) == {"keys": True}
    # the door only shuts the short cut: its key (at 4, reached only the long way) is not worth it: a wall
    walled = maze(Rules(doors=((2, 3, 0),), keys=((4, 0),)), shut=((0, 4),))
    assert rule_costs(walled) == {"keys": 2} and rules_needed(walled) == {"keys": False}
    # an arrow against the player (2 -> 1 only): the way goes round, the arrow is never walked
    against = maze(Rules(oneway=((2, 1),)))
    assert rule_costs(against) == {"oneway": 2} and rules_needed(against) == {"oneway": False}
    # the goal only through the gate 2-3, shut until the switch (at 5) is on: flipped, then passed
    gated = maze(Rules(switches=(5,), gates=((2, 3, False),)), shut=((3, 7),))
    assert rule_costs(gated) == {"switches": 2} and rules_needed(gated) == {"switches": True}
    with pytest.raises(ValueError, match="no rule family"):
        Rules().without("lava")
