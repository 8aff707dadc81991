"""Ghosts of puzzle-maze runs: a run that waits for the hunter keeps its waits in its ghost code, the ghost
replays them, and a ghost code is checked under the maze's rules (doors, one-way passages, the hunter)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.codes import CodeError, decode_any
from engine.level import Level
from engine.maze.recipe import MazeSpec
from engine.maze.rules.solver import solution_of
from engine.modes.clock import MOVE_TICKS
from engine.modes.ghost import Ghost, GhostCode, wait_direction
from engine.modes.play import EventKind
from engine.modes.race.session import RaceSession

HUNTED = "M2.S7X6.BT.QPH#2U-KH"  # a square maze with a hunter, optimum 29 (tests/test_golden_rules.py)
LOCKED = "M2.S7X6.BT.QKM#2T-K5"  # keys and doors, optimum 17


def _plain() -> MazeSpec:
    """The hunted maze's recipe without its rules."""
    spec = decode_any(HUNTED)
    assert isinstance(spec, MazeSpec)
    return replace(spec, puzzle=None)


def _level(code: str) -> Level:
    spec = decode_any(code)
    assert isinstance(spec, MazeSpec)
    return spec.level()


def _moves(level: Level, actions: list[int | None]) -> list[tuple[int, int]]:
    """``(tick, cell)`` per action, one move time apart (a wait stays on its cell)."""
    cell, out = int(level.start), []
    for i, a in enumerate(actions):
        cell = cell if a is None else int(a)
        out.append((i * MOVE_TICKS, cell))
    return out


def _best_with_waits(level: Level, at: tuple[int, ...]) -> list[int | None]:
    actions: list[int | None] = list(solution_of(level.maze).actions)
    for i in sorted(at):  # ``at``: the waits' places in the final list
        actions.insert(i, None)
    return actions


def test_a_ghost_keeps_its_waits_through_its_code() -> None:
    level = _level(HUNTED)
    actions = _best_with_waits(level, (0, 5, 6))
    ghost = Ghost.record(level, _moves(level, actions))
    code = ghost.code(level)
    back = Ghost.from_code(code)
    assert back.moves == ghost.moves
    stays = [i for i, (_, c) in enumerate(back.moves) if c == (back.moves[i - 1][1] if i else level.start)]
    assert stays == [0, 5, 6]
    assert back.timeline().steps == len(actions) == solution_of(level.maze).length + 3
    # the wait is the one direction past every side of a square cell
    assert GhostCode.from_code(code).steps[0][1] == wait_direction("square") == 4


def test_a_ghost_of_a_plain_maze_cannot_wait() -> None:
    spec = _plain()
    level = spec.level()
    with pytest.raises(ValueError, match="goes through a wall"):
        Ghost.record(level, [(0, int(level.start))])
    forged = GhostCode(spec, ((0, 4),)).code()  # direction 4: a wait, which a plain square maze does not have
    with pytest.raises(CodeError, match="leaves the maze"):
        GhostCode.from_code(forged)


def test_a_ghost_code_is_checked_under_the_rules() -> None:
    level = _level(LOCKED)
    maze = level.maze
    from engine.maze.solvers import solve

    plain = [int(c) for c in solve(maze, "bfs").path]
    assert len(plain) - 1 < int(solution_of(maze).length or 0)  # the doors make the way longer
    spec = decode_any(LOCKED)
    assert isinstance(spec, MazeSpec)
    nb, _ = level.grid.lists()
    steps = tuple((i * MOVE_TICKS, nb[a].index(b)) for i, (a, b) in enumerate(zip(plain, plain[1:], strict=False)))
    forged = GhostCode(spec, steps).code()  # walks straight through a door without its key
    with pytest.raises(CodeError, match="not allowed by the maze's rules"):
        Ghost.from_code(forged)
    with pytest.raises(ValueError, match="not allowed by the maze's rules"):
        Ghost.record(level, [(t, c) for t, c in zip(range(0, 10**6, MOVE_TICKS), plain[1:], strict=False)])


def test_a_ghost_that_walks_into_the_hunter_is_refused() -> None:
    from engine.maze.solvers import solve

    level = _level(HUNTED)
    maze = level.maze
    assert maze.rules is not None and maze.rules.pursuer is not None
    towards = [int(c) for c in solve(maze, "bfs", goal=maze.rules.pursuer).path]  # straight at the hunter
    with pytest.raises(ValueError, match="hunter catches"):
        Ghost.record(level, _moves(level, list(towards[1:])))


def _drive(race: RaceSession, actions: list[int | None]) -> None:
    """Play ``actions`` in the race (a wait by the wait key, a move by a click on the neighbour)."""
    race.advance(10.0)  # the countdown
    for a in actions:
        player = race.player
        if a is None:
            assert player.wait()
        else:
            assert race.walk_to(a)
        for _ in range(200):
            race.advance(1 / 60)
            if not player.moving and not player.queue and player.hunter_t >= 2.0:
                break


def test_the_ghost_of_a_raced_puzzle_maze_replays_its_waits() -> None:
    level = _level(HUNTED)
    actions = _best_with_waits(level, (0, 3))
    race = RaceSession.for_level(level, "runner", "easy")
    waits = []
    orig = race.player.advance

    def spy(dt: float, held: object = None) -> list:  # type: ignore[type-arg]
        events = orig(dt, held)  # type: ignore[arg-type]
        waits.extend(e for e in events if e.kind is EventKind.WAIT)
        return events

    race.player.advance = spy  # type: ignore[method-assign]
    _drive(race, actions)
    assert race.player.finished
    assert len(waits) == 2
    ghost = race.ghost_of_run()
    assert ghost is not None
    cells = [c for _, c in ghost.moves]
    assert [a if a is not None else c for a, c in zip(actions, cells, strict=True)] == cells
    assert len(ghost.moves) == len(actions)
    back = RaceSession.for_ghost(Ghost.from_code(ghost.code(level)), level)
    assert back.sim.opponent.steps == len(actions)
    # the ghost stands on its cell while it waits: the first action is a wait at the start
    assert back.sim.opponent.cells[1] == back.sim.opponent.cells[0] == level.start


def test_a_ghost_of_a_hand_made_puzzle_level_carries_its_elements_and_waits() -> None:
    from engine.maze.level_code import LevelCode

    held = decode_any("L2.S6X5.RO091N1V_D1S_K1C_PL_SA_G25:YD090Z3H1B-H1")  # tests/test_golden_rules.py
    assert isinstance(held, LevelCode) and held.rules is not None and held.rules.pursuer is not None
    level = held.level()
    actions = _best_with_waits(level, (0,))
    code = Ghost.record(level, _moves(level, actions)).code(level)
    back = GhostCode.from_code(code)
    assert back.held is not None and back.held.rules == held.rules
    ghost = back.resolve()
    assert len(ghost.moves) == len(actions) and ghost.moves[0][1] == level.start
