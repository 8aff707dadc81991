"""Puzzle levels in the campaign: the files' ``rules``/``difficulty`` fields, the shipped puzzle worlds (their
pars are the proven optimum of a unique solution, they grow by the solver's measures), and
``tessera list --levels`` (checked against the plain breadth-first checker of tests/rules_plain.py)."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest
from rules_plain import check

from engine.cli import main
from engine.maze.model import Maze
from engine.maze.rules import FAMILIES, PuzzleRecipe
from engine.maze.rules.solver import Solution, solution_of
from engine.modes.campaign import LEVELS_DIR, load_campaign, shipped_campaign

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

#: The puzzle worlds, their files and the rules each one teaches (None: the finale, two or more per level).
PUZZLE_WORLDS = {
    "One-way Streets": ("02-oneway.toml", ("oneway",)),
    "Locks and Keys": ("04-keys.toml", ("keys",)),
    "The Hunter": ("06-hunter.toml", ("pursuer",)),
    "Switchyard": ("08-switches.toml", ("switches",)),
    "Grand Puzzle": ("14-grand.toml", None),
}


def _load(tmp_path: Path, extra: str):
    (tmp_path / "01-test.toml").write_text(GOOD + extra + "\n", encoding="utf-8")
    return load_campaign(tmp_path)


def _puzzles():
    return [lv for lv in shipped_campaign().levels if lv.recipe is not None and lv.recipe.puzzle is not None]


@functools.cache
def _built() -> dict[str, tuple[Maze, Solution, None]]:
    """Every shipped puzzle level's maze as the game builds it and its solution (built once for this module's
    tests: the placer solves hundreds of candidates per level)."""
    out = {}
    for lv in _puzzles():
        maze = lv.level().maze
        out[lv.id] = (maze, solution_of(maze), None)
    return out


@pytest.mark.parametrize(
    ("extra", "want"),
    [
        ('rules = "keys"', PuzzleRecipe(("keys",), "medium")),
        ('rules = "switches, oneway"\ndifficulty = "Hard"', PuzzleRecipe(("oneway", "switches"), "hard")),
        ('rules = "keys,pursuer"\ndifficulty = 14', PuzzleRecipe(("keys", "pursuer"), target=14)),
        ('rules = "hunter"\ndifficulty = "easy"', PuzzleRecipe(("pursuer",), "easy")),
    ],
)
def test_rules_and_difficulty_make_the_recipe_a_puzzle(tmp_path, extra, want):
    lv = _load(tmp_path, extra).levels[0]
    assert lv.recipe.puzzle == want
    assert want.field() in lv.code()  # the level's code carries its puzzle field


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ('rules = "magic"', "rules"),
        ('rules = ""', "rules"),
        ("rules = 3", "rules"),
        ('difficulty = "easy"', "difficulty"),  # no rules: a plain maze has no difficulty
        ('rules = "keys"\ndifficulty = "extreme"', "difficulty"),
        ('rules = "keys"\ndifficulty = 0', "difficulty"),
        ('rules = "keys"\ndifficulty = 5000', "difficulty"),
        ('rules = "keys"\ndifficulty = true', "difficulty"),
        ('rules = "pursuer"\nfloors = 2', "rules"),  # no hunter on floors
    ],
)
def test_bad_rules_or_difficulty_name_file_level_and_field_in_one_line(tmp_path, extra, field):
    with pytest.raises(ValueError) as err:
        _load(tmp_path, extra)
    msg = str(err.value)
    assert "\n" not in msg and "01-test.toml" in msg and "t-01" in msg and f"field '{field}'" in msg, msg


def test_plain_levels_stay_plain_and_the_old_worlds_are_untouched():
    camp = shipped_campaign()
    puzzle_files = {f for f, _ in PUZZLE_WORLDS.values()}
    old = [lv for lv in camp.levels if lv.source not in puzzle_files]
    assert len(old) == 60 and all(lv.recipe.puzzle is None for lv in old)
    assert {lv.source for lv in _puzzles()} == puzzle_files


def test_a_new_idea_every_world_or_two_puzzle_worlds_between_the_grids():
    """A player meets a puzzle rule after the first world, not after 60 levels of walking: worlds 2, 4, 6 and 8
    are the four one-rule puzzle worlds (between the grid worlds), the finale that mixes them is the last."""
    worlds = [name for name, _ in shipped_campaign().by_world()]
    assert len(worlds) == 14
    assert [worlds[i] for i in (1, 3, 5, 7)] == ["One-way Streets", "Locks and Keys", "The Hunter", "Switchyard"]
    assert worlds[-1] == "Grand Puzzle" and worlds[0] == "Square Gardens"
    first_puzzle = next(lv.index for lv in shipped_campaign().levels if lv.recipe.puzzle is not None)
    assert first_puzzle <= 8


def test_every_puzzle_levels_par_is_its_proven_unique_optimum():
    """par_moves == the exact solver's length, the solution unique, the rules mattering (a detour over the plain
    path, and each rule used by the best way), the code round-tripping, and every level built quickly."""
    from engine.maze.recipe import MazeSpec
    from engine.maze.rules.solver import rules_needed

    levels = _puzzles()
    assert len(levels) >= 40
    for lv in levels:
        maze, sol, _ = _built()[lv.id]
        assert sol.length is not None and lv.par_moves == sol.length, lv.id
        assert sol.unique, lv.id
        assert sol.detour > 0, lv.id  # the rules change the way, not only decorate it
        # every rule of the level is needed: it adds moves and the best way uses it (a newcomer won "Flip"
        # without ever going through its gate, "Crossroads" without its key)
        assert all(rules_needed(maze).values()), (lv.id, rules_needed(maze))
        assert lv.par_time == int(sol.length + 10), lv.id  # ceil(1.0 x optimum + 10) s: stars by moves
        assert maze.rules.families() == lv.recipe.puzzle.families, lv.id  # every rule it names is there
        assert MazeSpec.from_code(lv.code()) == lv.recipe
        assert lv.recipe.width * lv.recipe.height <= 100 and maze.grid.n <= 100, lv.id
    # a level builds quickly: the placer's work is bounded by candidates, never by a clock (no timed tests here;
    # the build times are in bench/ and docs/BENCHMARKS.md)
    for lv in levels:
        placed = lv.recipe.placed()
        families = min(len(lv.recipe.puzzle.families), 2)
        assert placed.candidates <= 300 and placed.candidates * placed.maze.grid.n * families <= 20_000, lv.id


def test_the_puzzle_worlds_teach_one_idea_each_and_grow_by_the_solvers_measures():
    camp = shipped_campaign()
    worlds = dict(camp.by_world())
    for world, (source, rules) in PUZZLE_WORLDS.items():
        levels = worlds[world]
        assert len(levels) >= 8 and {lv.source for lv in levels} == {source}, world
        text = (LEVELS_DIR / source).read_text(encoding="utf-8")
        assert text.startswith("# Campaign world:") and "It teaches" in text, source  # the header says what
        families = [lv.recipe.puzzle.families for lv in levels]
        if rules is not None:
            assert set(families) == {rules}, world
        else:
            assert all(len(f) >= 2 for f in families) and {x for f in families for x in f} == set(FAMILIES)
        assert len({lv.recipe.shape for lv in levels}) >= 4, world  # spread over several grids
        first = levels[0]
        assert first.recipe.shape == "square" and first.recipe.width * first.recipe.height <= 42, world
        assert first.recipe.puzzle.difficulty == "easy" and first.par_moves <= 18, world
        measures = []
        for lv in levels:
            sol = _built()[lv.id][1]
            measures.append((sol.length, sol.detour, sol.decisions))
        assert measures == sorted(measures), (world, measures)
        assert measures[-1][0] >= 2 * measures[0][0], (world, measures)  # the last asks far more than the first
    ids = [lv.id for lv in camp.levels]
    assert len(ids) == len(set(ids))


def run(*argv: str) -> tuple[int, str, str]:
    """``tessera ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_list_levels_json_lists_every_campaign_level():
    code, text, err = run("list", "--levels", "--format", "json")
    assert code == 0, err
    rows = json.loads(text)["levels"]
    camp = shipped_campaign()
    assert [r["id"] for r in rows] == [lv.id for lv in camp.levels]
    for row, lv in zip(rows, camp.levels, strict=True):
        assert set(row) == {"world", "id", "name", "code", "shape", "rules", "par_moves", "par_time"}
        assert (row["world"], row["name"], row["code"]) == (lv.world, lv.name, lv.code())
        assert (row["par_moves"], row["par_time"]) == (lv.par_moves, lv.par_time)
        puzzle = lv.recipe.puzzle
        assert row["rules"] == (list(puzzle.families) if puzzle is not None else [])
    assert sum(1 for r in rows if r["rules"]) >= 40 and sum(1 for r in rows if not r["rules"]) == 60


def test_list_levels_text_is_a_readable_table():
    code, text, err = run("list", "--levels")
    assert code == 0 and err == ""
    lines = text.splitlines()
    assert lines[0].split() == ["World", "Level", "Rules", "Par", "moves", "Par", "time", "Code"]
    camp = shipped_campaign()
    assert len(lines) == 1 + len(camp) + 2 and f"{len(camp)} levels in " in lines[-1]
    hunted = next(lv for lv in camp.levels if lv.world == "The Hunter")
    row = next(line for line in lines if hunted.code() in line)
    assert hunted.name in row and "a hunter" in row and f"{hunted.par_moves}" in row
    assert "keys and doors" in text and "one-way passages" in text and "switches and gates" in text
    code, _, err = run("list", "--format", "json")  # --format belongs to --levels
    assert code == 2 and "--levels" in err and err.count("\n") == 1


def test_listed_pars_of_puzzle_levels_are_the_plain_checkers_optimum():
    """Every puzzle world's first and last level: ``generate --code CODE --format json`` handed to the plain
    breadth-first checker gives the par the list shows, and a unique solution."""
    _, text, _ = run("list", "--levels", "--format", "json")
    rows = [r for r in json.loads(text)["levels"] if r["rules"]]
    by_world: dict[str, list[dict]] = {}
    for r in rows:
        by_world.setdefault(r["world"], []).append(r)
    assert set(by_world) == set(PUZZLE_WORLDS)
    for levels in by_world.values():
        for r in (levels[0], levels[-1]):
            code, maze_json, err = run("generate", "--code", r["code"], "--format", "json")
            assert code == 0, err
            verdict = check(json.loads(maze_json), cap=2)
            assert (verdict.length, verdict.unique) == (r["par_moves"], True), r["name"]


def test_the_docs_say_what_the_campaign_holds():
    """README's count of levels and worlds and its rule words; docs/LEVELS.md's campaign example is a shipped
    puzzle level, its fields and pars exactly."""
    import re
    import tomllib

    from engine.maze.rules import FAMILY_WORDS

    root = LEVELS_DIR.parent
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    camp = shipped_campaign()
    found = re.search(r"\*\*(\d+) levels in (\d+) worlds\*\*", readme)
    assert found and (int(found[1]), int(found[2])) == (len(camp), len(camp.worlds()))
    assert all(word in readme for word in FAMILY_WORDS.values())
    doc = (root / "docs" / "LEVELS.md").read_text(encoding="utf-8").split("## The campaign files", 1)[1]
    example = tomllib.loads(doc.split("```toml", 1)[1].split("```", 1)[0])["level"][0]
    shipped = tomllib.loads((LEVELS_DIR / "04-keys.toml").read_text(encoding="utf-8"))["level"]
    assert example == next(t for t in shipped if t["id"] == example["id"])
