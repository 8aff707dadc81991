"""A click in a lit maze walks down the corridor the player is in, round its bends, up to the next fork (issue 44,
item 7: a visible cell round a bend said "Too far"); it never passes a fork the player has not taken, and in the
dark the old rule (what was seen, plus one step) stands."""

from __future__ import annotations

import dataclasses

import pytest

from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.play import PlaySession
from engine.modes.reach import FORK, up_to_forks

SPECS = [MazeSpec("square", 8, 6, "kruskal", {}, 0, 9), MazeSpec("square", 12, 9, "backtracker", {}, 0, 3),
         MazeSpec("hex", 9, 7, "backtracker", {}, 0, 5), MazeSpec("triangle", 10, 6, "prim", {}, 0, 4)]


def test_up_to_forks_follows_corridors_and_stops_on_a_fork():
    #  0 - 1 - 2 - 3(fork) - 4 - 5      a line with a fork at 3 branching to 6
    #                  \
    #                   6 - 7
    ways = [[1], [0, 2], [1, 3], [2, 4, 6], [3, 5], [4], [3, 7], [6]]
    assert up_to_forks(ways, {0}) == {0, 1, 2, 3}
    assert up_to_forks(ways, {0, 1, 2, 3}) == set(range(8))  # at the fork (walked): each branch to its end
    assert up_to_forks(ways, set()) == set()


def walk(s: PlaySession, cell: int) -> list[int]:
    """Advance ``s`` until it stands still on ``cell``; the cells it stood on, in order, the start first."""
    trace = [s.cell]
    for _ in range(5000):
        s.advance(1 / 60)
        if s.cell != trace[-1]:
            trace.append(s.cell)
        if s.cell == cell and not s.moving:
            return trace
    raise AssertionError(f"never reached {cell}")


def bend_cells(s: PlaySession) -> list[int]:
    """Cells neither walked nor in sight that a lit click may reach (down a corridor, round a bend)."""
    seen = s.visited_set | s.in_sight()
    return sorted(up_to_forks(s.flat, seen) - seen)


@pytest.mark.parametrize("spec", SPECS, ids=lambda sp: sp.shape)
def test_a_lit_click_walks_round_a_bend_to_any_cell_before_the_next_fork(spec):
    s = PlaySession(spec.level())
    assert s.fog is None
    bends = bend_cells(s)
    assert bends, "this maze has a corridor bend next to the start"
    for cell in bends:
        s = PlaySession(spec.level())
        assert s.walk_to(cell), cell
        assert walk(s, cell)[-1] == cell


@pytest.mark.parametrize("spec", SPECS, ids=lambda sp: sp.shape)
def test_a_lit_click_never_passes_a_fork_the_player_has_not_taken(spec):
    s = PlaySession(spec.level())
    seen = s.visited_set | s.in_sight()
    refused = 0
    for cell in range(len(s.adj)):
        s = PlaySession(spec.level())
        if not s.walk_to(cell):
            refused += 1
            continue
        trace = walk(s, cell)
        for c in trace[1:-2]:  # the cells it passes (the last one passed may be a fork: the click chose its way)
            assert c in seen or len(s.flat[c]) < FORK, (cell, c)
    assert refused > 0  # the goal of a branching maze is not one click away
    s = PlaySession(spec.level())
    if len(shortest_path(s.flat, s.start, s.goal)) > len(up_to_forks(s.flat, seen)):
        assert not s.walk_to(s.goal)


def test_in_the_dark_a_bend_beyond_sight_is_still_too_far():
    far: list[int] = []
    for spec in SPECS:
        dark_spec = dataclasses.replace(spec, dark=True)
        dark = PlaySession(dark_spec.level())
        assert dark.fog is not None
        seen = dark.visited_set | dark.in_sight()
        far = [c for c in bend_cells(PlaySession(spec.level())) if all(n not in seen for n in dark.flat[c])]
        if far:  # cells a lit click reaches, more than one step beyond what the dark shows
            break
    assert far
    assert not any(PlaySession(dark_spec.level()).walk_to(c) for c in far)
    assert PlaySession(spec.level()).walk_to(far[0])
