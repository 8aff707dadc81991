"""The editor's puzzle elements: every tool on every grid, the live check by the exact solver, undo, codes.

A tool placed on a cell or a passage turns through its states (colours, directions, shut or open) and back to
nothing; the check line says, after every edit, whether the level can be solved under its rules, the fewest
moves and whether that way is the only one; the level code carries the elements and plays them back.
"""

from __future__ import annotations

import pytest

from engine.codes import decode_any
from engine.maze.level_code import LevelCode
from engine.maze.rules import Rules
from engine.maze.rules.edit import TOOLS, use_tool
from engine.maze.rules.solver import solve
from engine.modes.editor import EditorSession

SHAPES = [("square", 5, 4), ("hex", 5, 4), ("triangle", 8, 4), ("polar", 4, 4), ("upsilon", 4, 4)]


def corridor_session(shape: str, w: int, h: int) -> tuple[EditorSession, list[int], int]:
    """A grid whose only open passages are one way from the start to the goal and one side cell off its second
    cell: (session, the way's cells, the side cell)."""
    from engine.maze.solvers.bfs import shortest_path

    ed = EditorSession.blank(shape, w, h)
    full = EditorSession.blank(shape, w, h, open_walls=True)
    way = shortest_path(full.maze().open_lists(), ed.start, ed.goal)
    ed.begin_stroke()
    for a, b in zip(way, way[1:], strict=False):
        ed.toggle_between(a, b)
    side = next(int(c) for c in ed.grid.neighbors(way[1]) if int(c) not in way)
    ed.toggle_between(way[1], side)
    ed.end_stroke()
    return ed, way, side


def test_every_tool_turns_through_its_states_and_back_to_nothing() -> None:
    """oneway: a->b, b->a, none; door: four colours, none; gate: shut, open, none; key: four colours, none;
    switch and hunter: on, off."""
    r = Rules()
    steps = {"oneway": 3, "door": 5, "gate": 3, "key": 5, "switch": 2, "hunter": 2}
    for tool, n in steps.items():
        seen = []
        cur = r
        for _ in range(n):
            cur = use_tool(cur, tool, 1, 2 if TOOLS[tool] == "passage" else None)
            seen.append(cur)
        assert cur == r, tool
        assert len(set(seen)) == n, tool
    with pytest.raises(ValueError):
        use_tool(r, "lava", 1)


@pytest.mark.parametrize(("shape", "w", "h"), SHAPES)
def test_elements_on_every_grid_checked_live_and_carried_by_the_level_code(shape: str, w: int, h: int) -> None:
    """A door on the way, its key off the way, a hunter: the check line gives the exact solver's answer after
    each edit; the level code holds the elements; undo takes each edit back."""
    ed, way, spare = corridor_session(shape, w, h)
    assert not ed.check().rules_on
    a, b = way[len(way) // 2], way[len(way) // 2 + 1]
    assert ed.use_tool("door", a, b)  # a red door, its key missing: unsolvable
    check = ed.check()
    assert check.rules_on and check.best is None and "cannot be solved" in check.summary()
    assert not ed.playable
    assert ed.use_tool("key", spare)
    check = ed.check()
    maze = ed.maze()
    assert maze.rules is not None
    sol = solve(maze, maze.rules)
    assert check.best == sol.length and check.best is not None and check.best_ways == sol.count
    assert "solvable in" in check.summary() and ed.playable
    code = LevelCode.from_level(ed.level()).code()
    back = decode_any(code)
    assert isinstance(back, LevelCode) and back.maze().rules == maze.rules
    assert ed.undo() and ed.check().best is None  # the key taken back
    assert ed.undo() and not ed.check().rules_on  # the door taken back


def test_a_passage_tool_on_a_wall_does_nothing_and_an_element_waits_on_a_closed_wall() -> None:
    """A door needs an open passage; closing its wall puts it to sleep (not in the maze), reopening wakes it."""
    ed = EditorSession.blank("square", 4, 3)
    assert not ed.use_tool("door", 0, 1)  # a wall: open it first
    ed.toggle_between(0, 1)
    assert ed.use_tool("door", 0, 1)
    assert ed.maze().rules is not None
    ed.toggle_between(0, 1)
    assert ed.maze().rules is None and ed.rules.doors
    ed.toggle_between(0, 1)
    assert ed.maze().rules is not None


def test_a_resize_starts_the_new_grid_without_elements_and_undo_brings_them_back() -> None:
    """Elements name cells of one grid: a resize clears them in the same undoable step."""
    ed, way, _ = corridor_session("square", 5, 4)
    ed.use_tool("hunter", way[3])
    assert ed.resize(6, 4)
    assert ed.rules.empty
    assert ed.undo()
    assert ed.rules.pursuer == way[3] and (ed.grid.width, ed.grid.height) == (5, 4)
