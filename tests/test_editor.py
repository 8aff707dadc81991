"""The maze editor's rules (engine.modes.editor), without a window."""

from __future__ import annotations

import numpy as np
import pytest

from engine.level import Level
from engine.maze.grids import SHAPES
from engine.maze.recipe import MazeSpec
from engine.modes.editor import EditorCheck, EditorSession
from engine.modes.play import PlaySession


def _carve_row(s: EditorSession, width: int) -> None:
    """Open the walls along the square grid's bottom row (cells 0..width-1)."""
    for c in range(width - 1):
        s.toggle_between(c, c + 1)


@pytest.mark.parametrize("shape", list(SHAPES))
def test_blank_grids_of_every_shape(shape: str) -> None:
    walls = EditorSession.blank(shape, 5, 4)
    assert not walls.passage.any()
    chk = walls.check()
    assert not chk.connected and not chk.goal_reachable and chk.loops == 0
    assert chk.parts == walls.grid.n and chk.shortest is None and not walls.playable
    opened = EditorSession.blank(shape, 5, 4, open_walls=True)
    assert opened.passage.all()
    chk = opened.check()
    assert chk.connected and chk.goal_reachable and chk.parts == 1
    assert chk.loops == opened.grid.num_edges - opened.grid.n + 1 > 0
    assert opened.playable


def test_toggle_and_toggle_between() -> None:
    s = EditorSession.blank("square", 3, 2)
    e = s.edge_between(0, 1)
    assert e >= 0 and not s.is_open(e)
    assert s.toggle(e) is True and s.is_open(e)
    assert s.toggle_between(1, 0) is False and not s.is_open(e)
    with pytest.raises(ValueError):
        s.toggle(s.grid.num_edges)
    with pytest.raises(ValueError):
        s.toggle(-1)
    with pytest.raises(ValueError, match="not neighbours"):
        s.toggle_between(0, 5)
    assert s.edge_between(0, 0) == -1


def test_passage_is_read_only() -> None:
    s = EditorSession.blank("square", 3, 2)
    with pytest.raises(ValueError):
        s.passage[0] = True


def test_check_perfect_loops_and_disconnected() -> None:
    s = EditorSession.blank("square", 3, 3)
    g = s.grid
    # a spanning tree: every row open, then the first column down
    for r in range(3):
        for c in range(2):
            s.toggle_between(r * 3 + c, r * 3 + c + 1)
    chk = s.check()
    assert not chk.connected and chk.parts == 3 and chk.loops == 0
    s.toggle_between(0, 3)
    s.toggle_between(3, 6)
    chk = s.check()
    assert chk.connected and chk.perfect and chk.loops == 0
    assert chk.summary().startswith("all one piece · no loops")
    assert chk.shortest == int(abs(g.row[g.start] - g.row[g.goal]) + abs(g.col[g.start] - g.col[g.goal]))
    assert chk.dead_ends == 3  # the ends of rows 0 and 1 and of row 2
    s.toggle_between(1, 4)
    s.toggle_between(5, 8)
    chk = s.check()
    assert chk.loops == 2 and not chk.perfect and "2 loops" in chk.summary()
    # cut the bottom row off: two parts, goal (bottom right) out of reach
    for a, b in ((3, 6), (5, 8)):
        s.toggle_between(a, b)
    chk = s.check()
    assert chk.parts == 2 and not chk.connected and not chk.goal_reachable
    assert chk.loops == 1 and "the goal cannot be reached" in chk.summary()
    assert chk.summary().startswith("the maze has 2 separate pieces")  # players' words, not "2 parts"


def test_summary_words() -> None:
    c = EditorCheck(True, True, 0, 42, 17, 1)
    assert c.summary() == "all one piece · no loops · shortest way 42 steps · 17 dead ends"
    c = EditorCheck(True, True, 3, 10, 1, 1)
    assert c.summary() == "all one piece · 3 loops · shortest way 10 steps · 1 dead end"
    c = EditorCheck(False, False, 1, None, 0, 80)
    assert c.summary().startswith("the maze has 80 separate pieces · 1 loop · the goal cannot be reached")


def test_undo_redo_single_edits() -> None:
    s = EditorSession.blank("hex", 4, 4)
    assert not s.can_undo and not s.undo() and not s.redo()
    e = s.edge_between(0, 1)
    s.toggle(e)
    v = s.version
    assert s.undo() and not s.is_open(e) and s.version > v
    assert s.can_redo and s.redo() and s.is_open(e)
    assert s.undo()
    s.toggle(s.edge_between(1, 2))  # a new edit forgets the redo
    assert not s.can_redo


def test_strokes_undo_as_one() -> None:
    s = EditorSession.blank("square", 5, 2)
    s.toggle_between(0, 1)
    s.begin_stroke()
    for c in range(1, 4):
        s.toggle_between(c, c + 1)
    s.end_stroke()
    assert int(s.passage.sum()) == 4
    s.undo()
    assert int(s.passage.sum()) == 1 and s.is_open(s.edge_between(0, 1))
    s.redo()
    assert int(s.passage.sum()) == 4
    s.begin_stroke()
    s.end_stroke()  # an empty stroke leaves nothing
    s.undo()
    assert int(s.passage.sum()) == 1


def test_undo_ends_an_open_stroke() -> None:
    s = EditorSession.blank("square", 4, 2)
    s.begin_stroke()
    s.toggle_between(0, 1)
    s.toggle_between(1, 2)
    assert s.undo()  # the open stroke is closed and undone whole
    assert not s.passage.any()


def test_start_and_goal() -> None:
    s = EditorSession.blank("square", 4, 4, open_walls=True)
    start, goal = s.start, s.goal
    assert not s.set_start(goal) and not s.set_goal(start) and not s.set_start(start)
    assert s.set_start(5) and s.start == 5
    assert s.set_goal(6) and s.goal == 6
    assert s.check().shortest == 1
    s.undo()
    assert s.goal == goal and s.start == 5
    s.undo()
    assert s.start == start
    s.redo()
    assert s.start == 5
    with pytest.raises(ValueError):
        s.set_goal(16)
    level = s.level()
    assert level.start == 5 and level.goal == goal


def test_level_is_hand_made_and_playable() -> None:
    s = EditorSession.blank("square", 3, 2)
    assert not s.playable
    _carve_row(s, 3)
    assert not s.playable  # the start is top left, the goal bottom right
    s.toggle_between(0, s.start)
    assert s.playable
    level = s.level()
    assert isinstance(level, Level) and level.recipe is None and not level.dark
    assert level.code().startswith("L2.")  # a hand-made level has its level code
    play = PlaySession(level)
    assert play.maze.is_open(0, 1)
    before = level.passage.copy()
    s.toggle_between(0, 1)  # the level handed out does not change with later edits
    assert np.array_equal(level.passage, before)


def test_from_recipe_and_from_level() -> None:
    spec = MazeSpec.create("hex", 8, 6, "backtracker", seed=7, dark=True)
    s = EditorSession.from_recipe(spec)
    built = spec.build()
    assert np.array_equal(s.passage, built.passage) and s.dark
    assert s.check().perfect and s.start == built.start and s.goal == built.goal
    lvl = s.level()
    assert lvl.dark and lvl.recipe is None
    again = EditorSession.from_level(lvl)
    assert np.array_equal(again.passage, built.passage) and again.dark
    # the editor copies: editing does not touch the level it came from
    again.toggle(0)
    assert np.array_equal(lvl.passage, built.passage)


def test_from_a_weave_level_drops_the_crossings() -> None:
    spec = MazeSpec.create("square", 8, 8, "backtracker", seed=3, weave=0.5)
    level = spec.level()
    s = EditorSession.from_level(level)
    assert s.grid.num_edges <= level.grid.num_edges and not s.maze().is_weave


def test_resize_keeps_cells_on_square() -> None:
    s = EditorSession.blank("square", 4, 4)
    _carve_row(s, 4)
    start, goal = s.start, s.goal
    opened = {tuple(sorted((int(s.grid.row[a]), int(s.grid.col[a])) for a in e))
              for e in s.grid.edges[s.passage].tolist()}
    assert s.resize(6, 5)
    assert (s.grid.width, s.grid.height) == (6, 5)
    kept = {tuple(sorted((int(s.grid.row[a]), int(s.grid.col[a])) for a in e))
            for e in s.grid.edges[s.passage].tolist()}
    assert kept == opened
    assert not s.resize(6, 5)
    s.undo()
    assert (s.grid.width, s.grid.height) == (4, 4) and (s.start, s.goal) == (start, goal)
    assert int(s.passage.sum()) == 3
    s.redo()
    assert s.grid.width == 6 and int(s.passage.sum()) == 3


def test_resize_shrinks_and_drops_lost_cells() -> None:
    s = EditorSession.blank("square", 5, 5, open_walls=True)
    assert s.resize(3, 3)
    assert s.passage.all() and s.check().connected


def test_resize_starts_blank_where_cells_move() -> None:
    s = EditorSession.blank("upsilon", 4, 4, open_walls=True)
    s.resize(5, 4)
    assert not s.passage.any() and (s.start, s.goal) == (s.grid.start, s.grid.goal)
    p = EditorSession.blank("polar", 6, 4, open_walls=True)
    p.resize(6, 5)  # same inner ring: the old rings keep their walls
    assert int(p.passage.sum()) > 0
    p.resize(8, 5)  # a new inner ring: blank
    assert not p.passage.any()


def test_resize_resets_a_lost_start_or_goal_and_undo_brings_all_back() -> None:
    s = EditorSession.blank("square", 6, 6)
    _carve_row(s, 6)
    s.set_goal(s.grid.n - 1)  # the far corner: gone when the grid shrinks
    before = (s.grid, s.passage.copy(), s.start, s.goal)
    assert s.resize(4, 6)
    assert (s.start, s.goal) == (s.grid.start, s.grid.goal)  # reset to the grid's own, not clamped
    assert 0 <= s.start < s.grid.n and 0 <= s.goal < s.grid.n
    assert s.undo()
    assert s.grid is before[0] and np.array_equal(s.passage, before[1]) and (s.start, s.goal) == before[2:]
    assert s.redo() and (s.grid.width, s.grid.height) == (4, 6)
    assert s.undo() and s.resize(6, 7) and not s.can_redo  # a new resize drops the undone one


def test_resize_refuses_bad_sizes() -> None:
    s = EditorSession.blank("square", 4, 4)
    with pytest.raises(ValueError):
        s.resize(0, 4)
    assert s.grid.width == 4


def test_nearest_edge_and_crossed_edges() -> None:
    from engine.modes.editor import crossed_edges, nearest_edge

    s = EditorSession.blank("square", 3, 3)
    g = s.grid
    (x0, y0), (x1, y1) = g.walls[g.edge_between(0, 1)].tolist()
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    assert nearest_edge(g, mx + 0.05, my, 0.1) == g.edge_between(0, 1)
    cx, cy = g.centers[0]
    assert nearest_edge(g, float(cx), float(cy), 0.2) == -1  # the middle of a cell is no wall's
    row = [float(v) for v in (*g.centers[0], *g.centers[2])]
    assert crossed_edges(g, *row) == [g.edge_between(0, 1), g.edge_between(1, 2)]
    assert crossed_edges(g, row[2], row[3], row[0], row[1]) == [g.edge_between(1, 2), g.edge_between(0, 1)]
    assert crossed_edges(g, float(cx), float(cy), float(cx) + 0.1, float(cy)) == []


@pytest.mark.parametrize("shape", list(SHAPES))
def test_neighbour_toward_is_a_neighbour(shape: str) -> None:
    s = EditorSession.blank(shape, 5, 4)
    for cell in range(s.grid.n):
        for d in ((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)):
            nb = s.neighbour_toward(cell, d)
            assert nb is None or s.edge_between(cell, nb) >= 0


def test_titles_use_players_words_no_generator_or_engine_names() -> None:
    """The HUD's title of a maze opened by code: octagon, circle, not upsilon, polar or the generator."""
    from engine.maze.recipe import MazeSpec

    spec = MazeSpec.create("upsilon", 6, 5, "backtracker", seed=1)
    assert spec.title() == "octagon maze 6×5" and "upsilon" in spec.label()
    polar = MazeSpec.create("polar", 8, 6, "wilson", seed=2, dark=True)
    assert polar.title() == "circle maze 8×6, dark"
    for t in (spec.title(), polar.title(), polar.level().title()):
        assert not any(w in t for w in ("upsilon", "polar", "backtracker", "wilson", "tessellation"))


def test_the_name_a_level_is_kept_under_says_what_it_is():
    """A generated maze saved from the editor is not "hand-made": it is named by what it is, in players' words."""
    spec = MazeSpec.create("hex", 12, 9, "wilson", seed=3)
    session = EditorSession.from_recipe(spec)
    assert session.name() == spec.title() == "hexagon maze 12×9"
    session.toggle(0)
    assert session.name() == "hexagon maze 12×9, generated, then edited"
    session.undo()
    assert session.name() == "hexagon maze 12×9"  # as it came again
    dark = EditorSession.from_recipe(spec.with_dark())
    dark.toggle(0)
    assert dark.name() == "hexagon maze 12×9, generated, then edited, dark"
    assert EditorSession.blank("square", 5, 4).name() == "square maze 5×4, made by hand"
    for name in (session.name(), dark.name()):
        assert "hand" not in name and "wilson" not in name
