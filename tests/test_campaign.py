"""The campaign files: loading, validation errors, and par values against the real mazes."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.maze.solvers import solve
from engine.modes.campaign import LEVELS_DIR, load_campaign

GOOD = """
[world]
name = "Test"

[[level]]
id = "t-01"
name = "One"
shape = "square"
width = 5
height = 4
algorithm = "backtracker"
seed = 7
par_time = 10
par_moves = 12
"""


def test_campaign_loads_with_enough_variety():
    camp = load_campaign()
    assert len(camp) >= 30
    assert {lv.recipe.shape for lv in camp.levels} == {"square", "hex", "triangle", "polar", "upsilon"}
    assert len({lv.recipe.algorithm for lv in camp.levels}) >= 6
    assert any(lv.recipe.braid for lv in camp.levels)
    assert [lv.index for lv in camp.levels] == list(range(len(camp)))
    assert len({lv.id for lv in camp.levels}) == len(camp)
    for world, shape in {(lv.world, lv.recipe.shape) for lv in camp.levels}:
        sizes = [lv.recipe.width * lv.recipe.height for lv in camp.levels
                 if lv.recipe.shape == shape and lv.world == world]
        assert sizes == sorted(sizes), f"{shape} levels of {world} should grow"


def _plain(levels):
    """The plain mazes (puzzle levels have their own par rule: tests/test_campaign_puzzles.py)."""
    return [lv for lv in levels if lv.recipe.puzzle is None]


def test_par_moves_at_least_shortest_path_and_codes_round_trip():
    from engine.maze.recipe import MazeSpec

    for lv in _plain(load_campaign().levels):
        maze = lv.recipe.build()
        shortest = len(solve(maze, "bfs").path) - 1
        assert lv.par_moves >= shortest, lv.id
        assert lv.par_time > 0
        assert MazeSpec.from_code(lv.code()) == lv.recipe


def _write(tmp_path: Path, text: str, name: str = "01-test.toml") -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('shape = "square"', 'shape = "circle"', "shape"),
        ("width = 5", 'width = "five"', "width"),
        ("par_moves = 12", "par_moves = 0", "par_moves"),
        ('algorithm = "backtracker"', 'algorithm = "magic"', "algorithm"),
        ("seed = 7", "seed = -1", "seed"),
        ("par_time = 10\n", "", "par_time"),
        ('shape = "square"', 'shape = "triangle"\nbraid = 300', "braid"),
        ('algorithm = "backtracker"', 'algorithm = "division"\nshape2 = 1', "shape2"),
    ],
)
def test_bad_level_names_file_level_and_field(tmp_path, old, new, field):
    assert old in GOOD
    _write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ValueError) as err:
        load_campaign(tmp_path)
    msg = str(err.value)
    assert "01-test.toml" in msg and "t-01" in msg and f"'{field}'" in msg, msg


def test_unsupported_shape_for_algorithm_and_duplicates_and_bad_toml(tmp_path):
    _write(tmp_path, GOOD.replace('algorithm = "backtracker"', 'algorithm = "division"').replace(
        'shape = "square"', 'shape = "hex"'))
    with pytest.raises(ValueError, match=r"01-test\.toml: level 't-01': field 'algorithm'"):
        load_campaign(tmp_path)
    _write(tmp_path, GOOD)
    _write(tmp_path, GOOD, "02-again.toml")
    with pytest.raises(ValueError, match=r"02-again\.toml: level 't-01': field 'id'"):
        load_campaign(tmp_path)
    (tmp_path / "02-again.toml").write_text("[[level]\nid=", encoding="utf-8")
    with pytest.raises(ValueError, match=r"02-again\.toml"):
        load_campaign(tmp_path)


def test_levels_dir_is_the_repository_folder():
    assert LEVELS_DIR.name == "levels" and any(LEVELS_DIR.glob("*.toml"))


#: The rule every level file states in its header comment (par from the shortest path of the built maze).
PAR_RULE = "par_moves = ceil(1.15 x shortest path), par_time = ceil(0.3 x shortest + 5) s"


def test_every_par_is_the_stated_rule_applied_to_the_maze_the_game_builds():
    import math

    from engine.modes.play import PlaySession

    levels = _plain(load_campaign().levels)
    for path in sorted(LEVELS_DIR.glob("*.toml")):
        if path.name in {lv.source for lv in levels}:
            assert PAR_RULE in " ".join(path.read_text(encoding="utf-8").split()), f"{path.name} states another rule"
    for lv in levels:
        shortest = PlaySession(lv.level()).shortest  # what the play screen uses
        assert shortest == len(solve(lv.recipe.build(), "bfs").path) - 1
        assert (lv.par_moves, lv.par_time) == (math.ceil(1.15 * shortest), math.ceil(0.3 * shortest + 5)), lv.id


def test_every_worlds_first_level_is_open_and_the_rest_follow_the_chain():
    camp = load_campaign()
    worlds = camp.by_world()
    assert len(worlds) == len(list(LEVELS_DIR.glob("*.toml")))  # one world per file
    assert sum(len(levels) for _, levels in worlds) == len(camp)
    for _, levels in worlds:
        assert camp.is_open(levels[0], set())
        assert not any(camp.is_open(lv, set()) for lv in levels[1:])
        assert camp.is_open(levels[1], {levels[1].id})


def test_the_dark_world_has_five_or_more_dark_levels_on_every_shape():
    camp = load_campaign()
    dark = [lv for lv in camp.levels if lv.recipe.dark]
    assert len(dark) >= 5 and {lv.world for lv in dark} == {"Lights Out"}
    assert {lv.recipe.shape for lv in dark} == {"square", "hex", "triangle", "polar", "upsilon"}
    for lv in dark:
        assert lv.recipe.dark and lv.code().split("#")[0].endswith(".D")
    assert not any(lv.code().split("#")[0].endswith(".D") for lv in camp.levels if not lv.recipe.dark)


def test_dark_must_be_true_or_false(tmp_path):
    _write(tmp_path, GOOD.replace("seed = 7", "seed = 7\ndark = 1"))
    with pytest.raises(ValueError, match=r"01-test\.toml: level 't-01': field 'dark'"):
        load_campaign(tmp_path)
    _write(tmp_path, GOOD.replace("seed = 7", "seed = 7\ndark = true"))
    assert load_campaign(tmp_path).levels[0].recipe.dark


def test_the_weave_world_has_five_or_more_weave_levels_on_square_and_hex():
    from engine.maze.weave import crossing_problems

    camp = load_campaign()
    weave = [lv for lv in camp.levels if lv.recipe.weave]
    assert len(weave) >= 5 and {lv.world for lv in weave} == {"Over and Under"}
    assert {lv.recipe.shape for lv in weave} == {"square", "hex"}
    for lv in weave:
        assert f".W{lv.recipe.weave}" in lv.code()
        maze = lv.recipe.build()
        assert maze.is_weave and maze.is_perfect() and crossing_problems(maze) == []


def test_by_code_finds_each_level_by_its_code():
    camp = load_campaign()
    for lv in camp.levels:
        assert camp.by_code(lv.code()) is next(x for x in camp.levels if x.code() == lv.code())
    assert camp.by_code("M2.S5X5.WI#0-00") is None
