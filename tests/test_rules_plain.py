"""Tests of the plain puzzle-maze checker (tests/rules_plain.py) on small hand-built JSON puzzles.

Every expected answer below was worked out by hand; the comment beside each case shows the working.  A state
is written (player cell, keys held, pursuer cell, switch) with only the parts that change.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from rules_plain import Verdict, check, check_text, pursuer_step, read_maze, replay

Pair = list[int]


def puzzle(
    centres: list[tuple[float, float]],
    edges: list[Pair],
    start: int,
    goal: int,
    *,
    passages: list[int] | None = None,
    oneway: list[Pair] | None = None,
    doors: list[list[int]] | None = None,
    keys: list[Pair] | None = None,
    pursuer: int | None = None,
    switches: list[int] | None = None,
    gates: list[list[int]] | None = None,
) -> dict[str, Any]:
    """A puzzle dict as ``tessera generate --format json`` writes it (lists only, with a few keys to ignore)."""
    rules: dict[str, Any] = {
        "oneway": oneway or [],
        "doors": doors or [],
        "keys": keys or [],
        "pursuer": pursuer,
    }
    if switches is not None or gates is not None:
        rules["switches"] = {"cells": switches or [], "gates": gates or []}
    return {
        "cells": len(centres),
        "edges": [list(e) for e in edges],
        "passages": passages if passages is not None else [1] * len(edges),
        "start": start,
        "goal": goal,
        "centres": [[float(x), float(y)] for x, y in centres],
        "rules": rules,
        "code": "ignored",
        "shape": "square",
        "size": [len(centres), 1],
    }


def corridor(n: int, start: int, goal: int, **rules: Any) -> dict[str, Any]:
    """A 1×n corridor: cells 0..n-1 at (i, 0), edges [i, i+1]."""
    return puzzle([(i, 0) for i in range(n)], [[i, i + 1] for i in range(n - 1)], start, goal, **rules)


def square(**rules: Any) -> dict[str, Any]:
    """A 2×2 square: 0 (0,0), 1 (1,0), 2 (0,1), 3 (1,1); edges 0-1, 0-2, 1-3, 2-3; from 0 to 3."""
    return puzzle([(0, 0), (1, 0), (0, 1), (1, 1)], [[0, 1], [0, 2], [1, 3], [2, 3]], 0, 3, **rules)


def diamonds(k: int) -> dict[str, Any]:
    """k diamonds in a row: cell 3i forks to 3i+1 (up) and 3i+2 (down), which join at 3i+3; goal 3k."""
    centres: list[tuple[float, float]] = []
    edges: list[Pair] = []
    for i in range(k):
        centres += [(2 * i, 0), (2 * i + 1, 1), (2 * i + 1, -1)]
        edges += [[3 * i, 3 * i + 1], [3 * i, 3 * i + 2], [3 * i + 1, 3 * i + 3], [3 * i + 2, 3 * i + 3]]
    centres.append((2 * k, 0))
    return puzzle(centres, edges, 0, 3 * k)


def cycle(n: int, goal: int) -> dict[str, Any]:
    """n cells around a circle (n = 6: the six triangles around one vertex of a triangle grid), from 0."""
    centres = [(math.cos(math.pi / n + 2 * math.pi * i / n), math.sin(math.pi / n + 2 * math.pi * i / n))
               for i in range(n)]
    edges = [[i, i + 1] for i in range(n - 1)] + [[0, n - 1]]
    return puzzle(centres, edges, 0, goal)


def summary(v: Verdict) -> tuple[int | None, int, bool, int]:
    """(length, count, unique, states) of a verdict."""
    return (v.length, v.count, v.unique, v.states)


# ---------------------------------------------------------------------------------------------------------------
# Plain mazes: no rules.


def test_corridor() -> None:
    """0-1-2-3: one way, 3 moves; non-terminal states: the player on 0, 1, 2 (3 is the goal) = 3."""
    assert summary(check(corridor(4, 0, 3))) == (3, 1, True, 3)


def test_goal_is_terminal_so_cells_behind_it_are_never_reached() -> None:
    """0-1-2-3-4 with the goal at 2: 2 moves; cells 3 and 4 lie only behind the goal: states {0, 1} = 2."""
    assert summary(check(corridor(5, 0, 2))) == (2, 1, True, 2)


def test_square_has_two_equally_short_solutions() -> None:
    """0→1→3 and 0→2→3: length 2, count 2, not unique; states: player on 0, 1, 2 = 3."""
    assert summary(check(square())) == (2, 2, False, 3)


def test_closed_passage() -> None:
    """Edge 2-3 closed: only 0→1→3; 2 is still reachable (from 0): states 3."""
    assert summary(check(square(passages=[1, 1, 1, 0]))) == (2, 1, True, 3)


def test_unsolvable_when_walled_off() -> None:
    """0-1-2 with 1-2 closed: no win, count 0, not unique; states {0, 1} = 2."""
    assert summary(check(corridor(3, 0, 2, passages=[1, 0]))) == (None, 0, False, 2)


@pytest.mark.parametrize(
    ("n", "goal", "expected"),
    [
        (4, 2, (2, 2, False, 3)),  # 0-1-2 and 0-3-2; states: all but the goal = 3
        (5, 2, (2, 1, True, 4)),  # 0-1-2 (2) beats 0-4-3-2 (3); states 4
        (6, 3, (3, 2, False, 5)),  # six triangles round a vertex: 0-1-2-3 and 0-5-4-3; states 5
    ],
)
def test_cycles(n: int, goal: int, expected: tuple[int | None, int, bool, int]) -> None:
    """Around a cycle the two arcs compete; opposite cells of an even cycle have two shortest ways."""
    assert summary(check(cycle(n, goal))) == expected


def test_counts_multiply_along_a_chain_of_diamonds() -> None:
    """Two diamonds: 2 × 2 = 4 shortest ways of length 4; states: all cells but the goal = 6."""
    assert summary(check(diamonds(2))) == (4, 4, False, 6)


def test_count_is_capped() -> None:
    """Three diamonds have 2³ = 8 shortest ways of length 6; the cap cuts the count, not ``unique``."""
    assert summary(check(diamonds(3))) == (6, 8, False, 9)
    assert summary(check(diamonds(3), cap=5)) == (6, 5, False, 9)
    assert summary(check(diamonds(3), cap=1)) == (6, 1, False, 9)  # capped at 1, yet still not unique
    assert check(corridor(3, 0, 2), cap=1).unique is True


def test_waiting_without_a_pursuer_is_legal_but_never_optimal() -> None:
    """No pursuer: "wait" changes nothing, so it adds no state and no optimal sequence, yet replays fine."""
    assert summary(check(corridor(3, 0, 2))) == (2, 1, True, 2)
    assert replay(corridor(3, 0, 2), ["wait", 1, "wait", 2]) == "won"


# ---------------------------------------------------------------------------------------------------------------
# One-way edges.


def test_oneway_against_the_way_blocks() -> None:
    """0-1-2, oneway [1, 0]: 0→1 is forbidden; the player is stuck on 0: states 1."""
    assert summary(check(corridor(3, 0, 2, oneway=[[1, 0]]))) == (None, 0, False, 1)


def test_oneway_with_the_way_allows() -> None:
    """0-1-2, oneway [0, 1]: 0→1→2 as usual: length 2, states {0, 1}."""
    assert summary(check(corridor(3, 0, 2, oneway=[[0, 1]]))) == (2, 1, True, 2)


def test_oneway_cannot_be_walked_back() -> None:
    """0-1-2 from 2 to 0, oneway [0, 1]: 1→0 is forbidden; states {2, 1} = 2."""
    assert summary(check(corridor(3, 2, 0, oneway=[[0, 1]]))) == (None, 0, False, 2)


def test_oneway_named_against_the_edge_order() -> None:
    """Square, oneway [3, 1] on edge [1, 3]: 1→3 forbidden, so only 0→2→3; 1 still reachable: states 3."""
    assert summary(check(square(oneway=[[3, 1]]))) == (2, 1, True, 3)


def test_oneway_listed_both_ways_shuts_the_edge() -> None:
    """0-1 with oneway [0, 1] and [1, 0]: each forbids one direction (all conditions must hold): stuck."""
    assert summary(check(corridor(2, 0, 1, oneway=[[0, 1], [1, 0]]))) == (None, 0, False, 1)


# ---------------------------------------------------------------------------------------------------------------
# Doors and keys.  T: 0 (0,0) centre, 1 (-1,0) left, 2 (1,0) right, 3 (2,0) goal, 4 (0,1) up; door on 2-3.

T_CENTRES: list[tuple[float, float]] = [(0, 0), (-1, 0), (1, 0), (2, 0), (0, 1)]
T_EDGES: list[Pair] = [[0, 1], [0, 2], [0, 4], [2, 3]]


def tee(**rules: Any) -> dict[str, Any]:
    """The T puzzle from 0 to 3 with the given rules."""
    return puzzle(T_CENTRES, T_EDGES, 0, 3, **rules)


def test_key_opens_door() -> None:
    """Door [3, 2] colour 2, key 2 on 1: 0→1 (key) →0 →2 →3 = 4.

    States: (0,{}) (2,{}) (4,{}) (1,{2}) (0,{2}) (2,{2}) (4,{2}) = 7 ((1,{}) cannot be: entering 1 takes the key).
    """
    assert summary(check(tee(doors=[[3, 2, 2]], keys=[[1, 2]]))) == (4, 1, True, 7)


def test_key_of_another_colour_does_not_open() -> None:
    """As above with key colour 1: the door stays shut; the same 7 states with {1} for {2}."""
    assert summary(check(tee(doors=[[3, 2, 2]], keys=[[1, 1]]))) == (None, 0, False, 7)


def test_key_on_the_start_is_held_from_the_start() -> None:
    """Key 2 on the start: 0→2→3 = 2; states (0..4 but 3) all with {2} = 4."""
    assert summary(check(tee(doors=[[3, 2, 2]], keys=[[0, 2]]))) == (2, 1, True, 4)


def test_two_keys_of_one_colour_give_two_solutions() -> None:
    """Key 2 on 1 and on 4: 0-1-0-2-3 and 0-4-0-2-3, both 4.

    States: (0,{}) (2,{}) (1,{2}) (4,{2}) (0,{2}) (2,{2}) = 6.
    """
    assert summary(check(tee(doors=[[3, 2, 2]], keys=[[1, 2], [4, 2]]))) == (4, 2, False, 6)


def test_closed_door_edge_stays_closed_with_the_key() -> None:
    """The door edge's passage is closed: the key does not open a wall; 4 states as with the key on the start."""
    assert summary(check(tee(passages=[1, 1, 1, 0], doors=[[2, 3, 2]], keys=[[0, 2]]))) == (None, 0, False, 4)


def test_two_doors_on_one_edge_need_both_keys() -> None:
    """Doors 1 and 2 on 2-3, key 2 on 1, key 1 on 4: 0-1-0-4-0-2-3 or 0-4-0-1-0-2-3 = 6, count 2.

    States by keys: {}: 0, 2; {2}: 1, 0, 2; {1}: 4, 0, 2; {1,2}: 0, 1, 2, 4 → 2 + 3 + 3 + 4 = 12.
    """
    v = check(tee(doors=[[2, 3, 1], [2, 3, 2]], keys=[[1, 2], [4, 1]]))
    assert summary(v) == (6, 2, False, 12)


# ---------------------------------------------------------------------------------------------------------------
# Switches and gates.


def test_switch_opens_a_shut_gate() -> None:
    """0-1-2, switch on 1, gate [1, 2] open=0: 0→1 flips on, the gate opens, 1→2: length 2.

    States: (0,off) (1,on) (0,on) (1,off) (back on 1 flips it off again) = 4.
    """
    v = check(corridor(3, 0, 2, switches=[1], gates=[[1, 2, 0]]))
    assert summary(v) == (2, 1, True, 4)


def test_switch_closes_an_open_gate() -> None:
    """Gate [2, 1] open=1, switch on 1: entering 1 shuts it; 1→0, 0→1 (flips back, opens), 1→2 = 4; states 4."""
    v = check(corridor(3, 0, 2, switches=[1], gates=[[2, 1, 1]]))
    assert summary(v) == (4, 1, True, 4)
    assert replay(corridor(3, 0, 2, switches=[1], gates=[[2, 1, 1]]), [1, 2]) == "illegal"


def test_switch_on_the_start_is_not_flipped_at_the_start_nor_by_waiting() -> None:
    """0 (0,0) switch, 1 (1,0) goal behind gate [0, 1] open=0, 2 (-1,0): 0→2, 2→0 (flips on), 0→1 = 3.

    States: (0,off) (2,off) (0,on) (2,on) = 4.
    """
    p = puzzle([(0, 0), (1, 0), (-1, 0)], [[0, 1], [0, 2]], 0, 1, switches=[0], gates=[[0, 1, 0]])
    assert summary(check(p)) == (3, 1, True, 4)
    assert replay(p, [1]) == "illegal"
    assert replay(p, ["wait", 1]) == "illegal"
    assert replay(p, [2, 0, 1]) == "won"


def test_gates_without_a_switch() -> None:
    """No switch cell: an open=1 gate stays open, an open=0 gate stays shut."""
    assert summary(check(corridor(2, 0, 1, gates=[[0, 1, 1]]))) == (1, 1, True, 1)
    assert summary(check(corridor(2, 0, 1, gates=[[0, 1, 0]]))) == (None, 0, False, 1)


def test_switches_absent_or_empty_are_alike() -> None:
    """"switches" absent, {} or empty lists, and "rules" absent: all the plain corridor."""
    plain = corridor(3, 0, 2)
    expected = summary(check(plain))
    variants: tuple[dict[str, Any] | None, ...] = (None, {}, {"cells": [], "gates": []})
    for switches in variants:
        p = json.loads(json.dumps(plain))
        p["rules"]["switches"] = switches
        assert summary(check(p)) == expected
    p = json.loads(json.dumps(plain))
    del p["rules"]
    assert summary(check(p)) == expected


# ---------------------------------------------------------------------------------------------------------------
# The pursuer.


def test_pursuer_catches_in_a_corridor() -> None:
    """0-1-2-3-4 from 0 to 4, pursuer on 3 (in the way).

    0→1: the pursuer 3→2 (d 1 < 2) →1 (d 0): caught.  wait: 3→2→1 (toward 0), then any move onto 1 or a wait
    (1→0) loses.  States: (0,p3) (0,p1) = 2; unsolvable.
    """
    p = corridor(5, 0, 4, pursuer=3)
    assert summary(check(p)) == (None, 0, False, 2)
    assert replay(p, [1]) == "lost"
    assert replay(p, ["wait"]) == "unfinished"
    assert replay(p, ["wait", "wait"]) == "lost"
    assert replay(p, ["wait", 1]) == "lost"  # stepping onto the pursuer


# Side branch: 0 (0,0) start, 1 (1,0), 2 (2,0) goal; the pursuer's branch 1-4-3 with 4 (1,1), 3 (1,2).
BRANCH_CENTRES: list[tuple[float, float]] = [(0, 0), (1, 0), (2, 0), (1, 2), (1, 1)]
BRANCH_EDGES: list[Pair] = [[0, 1], [1, 2], [1, 4], [3, 4]]


def test_pursuer_takes_two_steps() -> None:
    """Pursuer on 3, two cells from 1.  0→1: 3→4 (d 1 < 2) →1: caught (one step would leave it on 4 and 1→2 win).

    wait: 3→4 (√2 < √5) →1 (1 < √2), then every action loses.  States: (0,p3) (0,p1) = 2; unsolvable.
    """
    p = puzzle(BRANCH_CENTRES, BRANCH_EDGES, 0, 2, pursuer=3)
    assert summary(check(p)) == (None, 0, False, 2)
    assert replay(p, [1]) == "lost"


def test_winning_move_ends_the_game_before_the_pursuer_moves() -> None:
    """0 (0,0) start, 1 (1,0) goal, 2 (2,0) pursuer: 0→1 wins at once (after it the pursuer would step onto 1).

    wait: 2→1→0 caught.  States: the start only = 1.
    """
    p = corridor(3, 0, 1, pursuer=2)
    assert summary(check(p)) == (1, 1, True, 1)
    assert replay(p, ["wait"]) == "lost"


def test_pursuer_on_the_goal_blocks_it() -> None:
    """0-1-2, goal 2 = pursuer's cell, door [1, 2] colour 0 with key 0 on the start (the pursuer cannot leave).

    0→1: the pursuer stays (door); 1→2 steps onto it: lost.  States: (0,p2) (1,p2) = 2; unsolvable.
    """
    p = corridor(3, 0, 2, pursuer=2, doors=[[1, 2, 0]], keys=[[0, 0]])
    assert summary(check(p)) == (None, 0, False, 2)
    assert replay(p, [1, 2]) == "lost"


# Pursuer's nook: 0 (0,0) start, 1 (1,0), 2 (2,0) goal, 3 (1,1) pursuer, edges 0-1, 1-2, 1-3.
NOOK_CENTRES: list[tuple[float, float]] = [(0, 0), (1, 0), (2, 0), (1, 1)]
NOOK_EDGES: list[Pair] = [[0, 1], [1, 2], [1, 3]]


def test_pursuer_free_in_its_nook_wins() -> None:
    """No rule: 0→1 and the pursuer steps 3→1; wait and it goes 3→1→0.  States: the start only."""
    assert summary(check(puzzle(NOOK_CENTRES, NOOK_EDGES, 0, 2, pursuer=3))) == (None, 0, False, 1)


def test_pursuer_never_goes_through_a_door_whatever_keys_are_held() -> None:
    """Door [1, 3] colour 0, key 0 held from the start: the pursuer is shut in; 0→1→2 = 2.

    States: (0,p3) (1,p3) = 2 (1→3 is open to the player, but onto the pursuer: lost).
    """
    p = puzzle(NOOK_CENTRES, NOOK_EDGES, 0, 2, pursuer=3, doors=[[1, 3, 0]], keys=[[0, 0]])
    assert summary(check(p)) == (2, 1, True, 2)
    assert replay(p, [1, 3]) == "lost"


def test_pursuer_respects_oneway() -> None:
    """Oneway [1, 3] (only 1→3): the pursuer cannot leave 3; 0→1→2 = 2, states 2.  Oneway [3, 1]: it can."""
    assert summary(check(puzzle(NOOK_CENTRES, NOOK_EDGES, 0, 2, pursuer=3, oneway=[[1, 3]]))) == (2, 1, True, 2)
    assert summary(check(puzzle(NOOK_CENTRES, NOOK_EDGES, 0, 2, pursuer=3, oneway=[[3, 1]]))) == (None, 0, False, 1)


def test_pursuer_sees_the_gates_as_the_players_move_left_them() -> None:
    """Gate [1, 3] open=1 and a switch on 1: entering 1 shuts the gate before the pursuer steps, so 0→1→2 = 2.

    wait at the start: 3→1→0 caught.  (1,on): →0 keeps it shut: (0,on); from (0,on) →1 flips off, the gate opens,
    3→1: caught.  States: (0,off) (1,on) (0,on) = 3.
    """
    p = puzzle(NOOK_CENTRES, NOOK_EDGES, 0, 2, pursuer=3, switches=[1], gates=[[1, 3, 1]])
    assert summary(check(p)) == (2, 1, True, 3)
    assert replay(p, [1, 0, 1]) == "lost"


def tie_puzzle(left: int, right: int, right_x: float = 1.0) -> dict[str, Any]:
    """0 (0,0) start, 1 (0,-1), 2 (0,-2), 3 (0,-3) goal; the pursuer on 4 (0,2) between L (-1,1) and R (right_x,1).

    R is joined to 0, L is a dead end; ``left`` and ``right`` are the ids (5 and 6) of L and R.
    """
    centres: list[tuple[float, float]] = [(0, 0), (0, -1), (0, -2), (0, -3), (0, 2), (0, 0), (0, 0)]
    centres[left] = (-1, 1)
    centres[right] = (right_x, 1)
    edges = [[0, 1], [1, 2], [2, 3], [0, right], [4, 5], [4, 6]]
    return puzzle(centres, edges, 0, 3, pursuer=4)


@pytest.mark.parametrize("right_x", [1.0, 1.0 - 1e-12])
def test_tie_goes_to_the_lowest_id_dead_end(right_x: float) -> None:
    """L = 5, R = 6: L and R are equally far from any cell on x = 0, so the pursuer takes L and stays (4 is farther).

    (R 1e-12 nearer is still a tie.)  R is deadly (stepping onto it, the pursuer steps to it).
    States: (0,p4) (0,p5) (1,p5) (2,p5) = 4; 0→1→2→3 = 3, one way ((0,p5) →1 is not a layer later).
    """
    assert summary(check(tie_puzzle(5, 6, right_x))) == (3, 1, True, 4)


def test_tie_goes_to_the_lowest_id_open_way() -> None:
    """L = 6, R = 5: the pursuer takes R, then 0; from (1,p0) every action loses; a wait at once: R, 0, caught.

    States: (0,p4) (1,p0) = 2; unsolvable.
    """
    assert summary(check(tie_puzzle(6, 5))) == (None, 0, False, 2)


def test_pursuer_step_moves_only_when_nearer_by_more_than_epsilon() -> None:
    """Player on 0 (0,0), pursuer on 1 (0,2) with one neighbour 2: equally far, or nearer by 1e-12: it stays."""
    for x, moves in ((2.0, False), (2.0 - 1e-12, False), (2.0 - 1e-6, True), (1.0, True), (3.0, False)):
        maze = read_maze(puzzle([(0, 0), (0, 2), (x, 0)], [[0, 2], [1, 2]], 0, 2, pursuer=1))
        assert pursuer_step(maze, 1, 0, False) == (2 if moves else 1), x


def test_pursuer_step_ties_within_epsilon_go_to_the_lowest_id() -> None:
    """Pursuer on 0 (0,0), the player on 3 (0,-2); neighbours 1 (1,-1) and 2 (-1,-1) tie (also within 1e-12)."""
    for dx in (0.0, 1e-12, -1e-12):
        maze = read_maze(puzzle([(0, 0), (1 + dx, -1), (-1, -1), (0, -2)], [[0, 1], [0, 2]], 3, 1, pursuer=0))
        assert pursuer_step(maze, 0, 3, False) == 1


# ---------------------------------------------------------------------------------------------------------------
# Every rule at once.
#
#   4 (0,1) key 0 --oneway 4→5-- 5 (1,1) switch          6 (3,2) pursuer
#   |                            |                       | gate open=1 (shuts when the switch is on)
#   0 (0,0) start -------------- 1 (1,0) --gate open=0-- 2 (2,0) --door 0-- 3 (3,0) goal
#
# The pursuer's only way is 6→3, open while the switch is off; d(3) < d(6) exactly when the player's y < 1, and
# they are equal at y = 1.  So any first action but 0→4 sends it onto the goal, where it stays for good (it
# would go back only for a player above y = 1), and the goal is lost.  0→4 (key; y = 1: it stays), 4→5 (switch
# on: its gate shuts, the way 1-2 opens), 5→1, 1→2, 2→3 (door, key held) = 5, the only way (5→4 is against the
# oneway, and no shorter way has the key).
#
# States.  Pursuer on 6 (8): (0,{},off) (4,{0},off) (5,{0},on) (1,{0},on) (0,{0},on) (2,{0},on) (4,{0},on)
# (5,{0},off) — the last from (1,on)→5 or (4,on)→5 with the gate open again but the player at y = 1.
# Pursuer on 3 (16), where it never moves again: without the key the player reaches 0, 1, 5 with either switch
# state and 2 only with it on (7); with it 0, 1, 4, 5 either way and 2 on (9).  8 + 7 + 9 = 24.

COMBO_CENTRES: list[tuple[float, float]] = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (3, 2)]
COMBO_EDGES: list[Pair] = [[0, 1], [0, 4], [1, 2], [1, 5], [2, 3], [4, 5], [3, 6]]


def combo() -> dict[str, Any]:
    """The puzzle drawn above."""
    return puzzle(COMBO_CENTRES, COMBO_EDGES, 0, 3, oneway=[[4, 5]], doors=[[2, 3, 0]], keys=[[4, 0]],
                  pursuer=6, switches=[5], gates=[[1, 2, 0], [3, 6, 1]])


def test_every_rule_together() -> None:
    """The combination above: 5 actions, one way, 24 states."""
    assert summary(check(combo())) == (5, 1, True, 24)


def test_every_rule_together_replays() -> None:
    """The way wins; a first wait sends the pursuer onto the goal; 5→4 breaks the oneway; no key, no door."""
    assert replay(combo(), [4, 5, 1, 2, 3]) == "won"
    assert replay(combo(), ["wait", 4, 5, 1, 2, 3]) == "lost"
    assert replay(combo(), [4, 5, 4]) == "illegal"
    assert replay(combo(), [1, 5, 1, 2, 3]) == "illegal"  # 2→3 without the key (the pursuer is on 3 anyway)
    assert replay(combo(), [4, 5, 1, 2]) == "unfinished"


# ---------------------------------------------------------------------------------------------------------------
# replay and the judging of solutions.


@pytest.mark.parametrize(
    "actions",
    [[3], [1, 1], [-1], [True], [1.0], ["jump"], ["Wait"], [None], [1, 3, 2]],
)
def test_replay_illegal(actions: list[Any]) -> None:
    """Not a neighbour, a bool or float for a cell, an unknown word, or an action after the game was won."""
    assert replay(square(), actions) == "illegal"


def test_replay_illegal_by_rule() -> None:
    """A closed passage, a shut door, an oneway walked back and a shut gate are all illegal moves."""
    assert replay(square(passages=[0, 1, 1, 1]), [1]) == "illegal"
    assert replay(tee(doors=[[3, 2, 2]], keys=[[1, 2]]), [2, 3]) == "illegal"
    assert replay(tee(doors=[[3, 2, 2]], keys=[[1, 2]]), [1, 0, 2, 3]) == "won"
    assert replay(corridor(3, 0, 2, oneway=[[1, 0]]), [1]) == "illegal"
    assert replay(corridor(3, 0, 2, gates=[[0, 1, 0]]), [1]) == "illegal"


def test_replay_unfinished_and_empty() -> None:
    """Stopping short of the goal, or doing nothing, is unfinished."""
    assert replay(square(), [1]) == "unfinished"
    assert replay(square(), []) == "unfinished"


def test_valid_solutions() -> None:
    """Either of the square's two shortest ways is valid when it says length 2 and not unique."""
    for actions in ([1, 3], [2, 3]):
        v = check(square(), {"actions": actions, "length": 2, "unique": False, "states": 3})
        assert (v.valid, v.problem) == (True, "")
    assert check(square()).valid is None


@pytest.mark.parametrize(
    ("solution", "word"),
    [
        ({"actions": [1, 3], "length": 2, "unique": True}, "unique"),
        ({"actions": [1, 3], "length": 3, "unique": False}, "length"),
        ({"actions": [1, 3], "length": None, "unique": False}, "length"),
        ({"actions": [1, 3], "unique": False}, "length"),
        ({"actions": [1, 3], "length": 2}, "unique"),
        ({"actions": ["wait", 1, 3], "length": 3, "unique": False}, "win in 3"),
        ({"actions": [3], "length": 1, "unique": False}, "illegal"),
        ({"actions": [1], "length": 1, "unique": False}, "unfinished"),
        ({"length": 2, "unique": False}, "no actions"),
    ],
)
def test_invalid_solutions(solution: dict[str, Any], word: str) -> None:
    """A wrong claim, a longer or broken replay, or missing fields make a solution invalid, with the reason."""
    v = check(square(), solution)
    assert v.valid is False
    assert word in v.problem


def test_a_one_move_solution_saying_length_true_is_invalid() -> None:
    """JSON true is no length, even though Python's True == 1."""
    v = check(corridor(2, 0, 1), {"actions": [1], "length": True, "unique": True})
    assert v.valid is False


def test_solution_of_an_unsolvable_puzzle() -> None:
    """Unsolvable: valid with length null, unique false and no actions; anything else is not."""
    p = corridor(3, 0, 2, passages=[1, 0])
    assert check(p, {"actions": [], "length": None, "unique": False}).valid is True
    assert check(p, {"length": None, "unique": False}).valid is True
    assert check(p, {"actions": [], "length": 0, "unique": False}).valid is False
    assert check(p, {"actions": [], "length": None, "unique": True}).valid is False
    assert check(p, {"actions": [1], "length": None, "unique": False}).valid is False


def test_solve_output_holds_the_puzzle_and_the_solution() -> None:
    """What ``solve --format json`` writes is the puzzle plus the solution: it serves as both, also as text."""
    out = combo() | {"actions": [4, 5, 1, 2, 3], "length": 5, "unique": True, "states": 24}
    v = check(out, out)
    assert (v.valid, v.problem, v.states) == (True, "", 24)
    text = json.dumps(out)
    assert check_text(text, text) == v
    assert check_text(text) == Verdict(5, 1, True, 24, None, "")


# ---------------------------------------------------------------------------------------------------------------
# Puzzles the rules leave undefined are refused rather than guessed at.


@pytest.mark.parametrize(
    "change",
    [
        {"goal": 0},  # the start on the goal
        {"rules": {"pursuer": 0}},  # the pursuer on the player at the start
        {"rules": {"oneway": [[0, 2]]}},  # a rule on a pair that is not an edge
        {"rules": {"doors": [[0, 1, 4]]}},  # colour out of 0..3
        {"rules": {"switches": {"cells": [1], "gates": [[0, 1, 2]]}}},  # open flag not 0/1
        {"edges": [[0, 1], [1, 0]], "passages": [1, 1]},  # a repeated edge
    ],
)
def test_undefined_puzzles_are_refused(change: dict[str, Any]) -> None:
    """Each of these raises ValueError."""
    with pytest.raises(ValueError):
        check(corridor(3, 0, 2) | change)
