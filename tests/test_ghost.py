"""Ghosts: recording, codes (round trip, tampering, truncation) and exact replays."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codes import CodeError, luhn36, seal
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.ghost import Ghost, validate_moves
from engine.modes.race import RaceSim, RaceSpec, Timeline, make_race, replay

SPECS = [
    MazeSpec.create("square", 10, 8, "backtracker", seed=3),
    MazeSpec.create("hex", 7, 7, "wilson", braid=0.4, seed=4),
    MazeSpec.create("triangle", 9, 6, "kruskal", seed=5),
    MazeSpec.create("polar", 6, 5, "backtracker", seed=6),
    MazeSpec.create("upsilon", 6, 6, "aldous-broder", seed=7),
]


def _wander(maze, seed: int) -> list[int]:
    """A wandering (not shortest) walk from start to goal: detours into side branches."""
    from engine.rng import Rng

    adj = maze.open_lists()
    rng = Rng(seed)
    path = shortest_path(adj, maze.start, maze.goal)
    out = [path[0]]
    for a, b in zip(path, path[1:], strict=False):
        side = [c for c in adj[a] if c != b and c not in out[-2:]]
        if side and rng.below(3) == 0:
            c = side[rng.below(len(side))]
            out += [c, a]
        out.append(b)
    return out


def _timed(path: list[int], seed: int) -> list[tuple[int, int]]:
    from engine.rng import Rng

    rng = Rng(seed)
    tick = rng.below(40)
    moves = []
    for c in path[1:]:
        moves.append((tick, c))
        r = rng.below(10)
        tick += 6 + (r % 2) if r < 8 else 6 + rng.below(200)
    return moves


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.shape)
def test_ghost_code_round_trips_and_replays_the_exact_path(spec):
    maze = spec.build()
    path = _wander(maze, 1)
    moves = _timed(path, 2)
    ghost = Ghost.record(spec.level(maze), moves)
    code = ghost.code(spec.level(maze))
    assert code.startswith("G2.") and ":" in code
    back = Ghost.from_code(code.lower())
    assert back == ghost
    assert back.path == path
    # Raced as an opponent it walks exactly that path at those ticks.
    tl = back.timeline()
    assert list(tl.cells) == path
    assert [tl.depart[i] for i in range(1, len(path))] == [t for t, _ in moves]
    assert tl.finish_tick == back.finish_tick


def test_recorded_race_replays_identically():
    spec = RaceSpec.create(SPECS[0], "runner", "normal")
    race = make_race(spec)
    path = _wander(race.maze, 9)
    moves = _timed(path, 10)
    first = replay(race.sim, moves)
    ghost = Ghost.record(spec.maze.level(race.maze), race.sim.player_moves)
    again = Ghost.from_code(ghost.code())
    second = replay(make_race(spec).sim, list(again.moves))
    assert first == second
    assert again.path == race.sim.player_cells


def test_a_ghost_as_opponent_beats_a_slower_player():
    maze = SPECS[1].build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    ghost = Ghost.record(SPECS[1].level(maze), [(i * 6, c) for i, c in enumerate(path[1:])])
    sim = RaceSim(maze, ghost.timeline(), countdown=0)
    res = replay(sim, [(i * 8, c) for i, c in enumerate(path[1:])])
    assert res.winner == "opponent"
    assert res.opponent_ticks == ghost.finish_tick


def _reseal(body: str) -> str:
    """A tampered body with check characters recomputed (in the scheme of its head's version)."""
    if body.startswith("G1"):
        return f"{body}-{luhn36(body)}"
    return seal(body)


@pytest.mark.parametrize("version", [1, 2])
def test_tampered_and_truncated_codes_are_rejected(version):
    spec = SPECS[0]
    maze = spec.build()
    path = _wander(maze, 3)
    timed = _timed(path, 4)
    code = replace(Ghost.record(spec.level(maze), timed), version=version).code(spec.level(maze))
    assert code.startswith(f"G{version}.")
    body = code.rsplit("-", 1)[0]
    level, moves = body.split(":")

    def rejected(text: str, phrase: str) -> None:
        with pytest.raises(CodeError) as err:
            Ghost.from_code(text)
        msg = str(err.value)
        assert phrase in msg, msg
        assert "\n" not in msg and msg.endswith(".")

    rejected(code[:-1] + ("0" if code[-1] != "0" else "1"), "check character")
    rejected(code[:-2], "check character")  # truncated: the check char is gone
    rejected(code[: len(code) // 2], "check character")
    # Tampered with a recomputed check character: a move through a wall / not reaching the goal.
    unfinished = replace(Ghost.record(spec.level(maze), timed[:-1]), version=version).code(spec.level(maze))
    rejected(unfinished, "goal")
    rejected(_reseal(body[:-1]), "")  # cut inside the moves, check recomputed: still refused
    adj = maze.open_lists()
    nb = maze.grid.lists()[0][maze.start]
    walled = [k for k, c in enumerate(nb) if c not in adj[maze.start]]
    if walled:
        rejected(_reseal(level + ":" + "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[4 * walled[0]] + moves[1:]), "wall")
    rejected(_reseal(level + ":" + "Z" + moves), "leaves the maze")
    rejected(_reseal(level + ":" + "3"), "time field")
    rejected(_reseal(level + ":" + "39ZZ"), "cut short")
    rejected(_reseal(level.replace(f"G{version}", "G9") + ":" + moves), "format")
    rejected(_reseal(level + moves), "no moves")
    rejected("", "empty")
    rejected("G1.S10X8.BT#3:0-!", "characters")


def test_validate_moves_messages():
    spec = SPECS[0]
    maze = spec.build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    with pytest.raises(ValueError, match="not after the previous"):
        validate_moves(maze, [(5, path[1]), (5, path[2])], require_goal=False)
    with pytest.raises(ValueError, match="after the goal"):
        validate_moves(maze, [(i + 1, c) for i, c in enumerate(path[1:] + [path[-2]])], require_goal=True)
    with pytest.raises(ValueError):
        Ghost.record(spec.level(maze), [(1, maze.start)])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=5000), min_size=1, max_size=60), st.integers(0, 5000))
def test_any_timing_round_trips(gaps, first):
    spec = SPECS[2]
    maze = _MAZE_CACHE.setdefault("tri", spec.build())
    path = _wander(maze, 5)
    ticks = [first]
    for g in gaps:
        ticks.append(ticks[-1] + g)
    while len(ticks) < len(path) - 1:
        ticks.append(ticks[-1] + 6)
    moves = list(zip(ticks, path[1:], strict=False))
    ghost = Ghost.record(spec.level(maze), moves)
    assert Ghost.from_code(ghost.code(spec.level(maze)), spec.level(maze)).moves == tuple(moves)


_MAZE_CACHE: dict = {}


def test_timeline_from_moves_cuts_overlapping_moves():
    tl = Timeline.from_moves(0, [(0, 1), (3, 2)], move_ticks=6)
    assert tl.arrive == (0, 3, 9)
