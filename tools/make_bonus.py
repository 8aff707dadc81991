"""Write the bonus worlds (``levels/bonus/*.toml``): one per campaign world, bought by 3-starring that world.

Each bonus world takes the last :data:`PER_WORLD` levels of its world (``levels/NN-name.toml``, read as TOML: the
recipes are copied field by field, nothing is re-spelled) and makes them harder, deterministically:

* a plain maze: :data:`GROW` times as wide and tall (a polar maze: as many more rings), on the seed
  ``seed + SEED_STEP``; ``par_moves = ceil(1.15 x shortest path)``, ``par_time = ceil(0.3 x shortest + 5)`` s
  (the campaign's rule, from the maze the game builds);
* a puzzle maze (``rules``): the same grid, size and rules at difficulty ``hard``, on the first seed from
  ``seed + SEED_STEP`` whose placement reached its target with a unique optimum within the designer's work
  bound (``tools/design_rule_worlds.py``); ``par_moves`` = the proven optimum, ``par_time = optimum + 10`` s.

The campaign's own files and codes never change.  Usage::

    PYTHONPATH=. python tools/make_bonus.py            # print what would be written
    PYTHONPATH=. python tools/make_bonus.py --write    # (re)write levels/bonus/*.toml
"""

from __future__ import annotations

import argparse
import math
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.modes.campaign import load_file  # noqa: E402
from engine.modes.rewards import BONUS_PREFIX  # noqa: E402

LEVELS = ROOT / "levels"
OUT = LEVELS / "bonus"
#: Levels per bonus world (the last ones of its world).
PER_WORLD = 3
#: How much wider and taller a plain bonus maze is.
GROW = 1.4
#: Added to a level's seed for its bonus twin (then +1 per try for a puzzle maze).
SEED_STEP = 7_000_000
#: Seeds tried for a puzzle maze; the most work a kept placement may take (as tools/design_rule_worlds.py).
TRIES, MAX_WORK = 40, 20_000
PLAIN_RULE = "par_moves = ceil(1.15 x shortest path), par_time = ceil(0.3 x shortest + 5) s"
PUZZLE_RULE = "par_moves = the proven optimum (unique), par_time = optimum + 10 s"


def _grown(table: dict[str, Any]) -> dict[str, Any]:
    out = dict(table)
    if table["shape"] == "polar":
        out["height"] = math.ceil(table["height"] * GROW)
    else:
        out["width"], out["height"] = math.ceil(table["width"] * GROW), math.ceil(table["height"] * GROW)
    out["seed"] = table["seed"] + SEED_STEP
    return out


def _plain(path: Path, table: dict[str, Any]) -> dict[str, Any]:
    from engine.modes.play import PlaySession

    out = _grown(table)
    lv = _level(path, dict(out, par_time=1, par_moves=1))
    shortest = PlaySession(lv.level()).shortest
    out["par_time"], out["par_moves"] = math.ceil(0.3 * shortest + 5), math.ceil(1.15 * shortest)
    return out


def _puzzle(path: Path, table: dict[str, Any]) -> dict[str, Any] | None:
    hows = ["hard"] + ([table["difficulty"]] if table.get("difficulty", "medium") != "hard" else [])
    for how, k in ((h, k) for h in hows for k in range(TRIES)):  # hard, else the level's own difficulty
        out = dict(table, seed=table["seed"] + SEED_STEP + k, difficulty=how, par_time=1, par_moves=1)
        recipe = _level(path, out).recipe
        assert recipe is not None
        placed = recipe.placed()
        s = placed.solution
        families = len(recipe.puzzle.families) if recipe.puzzle is not None else 1
        work = placed.candidates * placed.maze.grid.n * min(families, 2)
        if placed.reached and s.unique and s.length and s.detour > 0 and work <= MAX_WORK:
            out["par_moves"], out["par_time"] = s.length, s.length + 10
            return out
    print(f"{path.name}: {table['id']}: no seed fits", file=sys.stderr)
    return None


def _level(path: Path, table: dict[str, Any]) -> Any:
    """The campaign level of one table (checked as the game reads it)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / path.name
        f.write_text('[world]\nname = "x"\n\n' + _table_toml(table))
        return load_file(f)[0]


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    return str(v)


_ORDER = ("id", "name", "shape", "width", "height", "algorithm", "options", "braid", "seed", "dark", "mask",
          "mask_text", "weave", "floors", "stairs", "rules", "difficulty", "par_time", "par_moves")


def _table_toml(table: dict[str, Any]) -> str:
    return "[[level]]\n" + "".join(f"{k} = {_value(table[k])}\n" for k in _ORDER if k in table)


def bonus_world(path: Path) -> str | None:
    """The TOML text of the bonus world of campaign file ``path`` (None when a level cannot be made)."""
    data = tomllib.loads(path.read_text())
    world = data["world"]["name"]
    made = []
    for table in data["level"][-PER_WORLD:]:
        out = _puzzle(path, table) if "rules" in table else _plain(path, table)
        if out is None:
            return None
        out["id"] = BONUS_PREFIX + table["id"]
        out["name"] = table["name"] + " II"
        made.append(out)
    rule = PUZZLE_RULE if "rules" in data["level"][0] else PLAIN_RULE
    head = (f"# Bonus world of {world} ({path.name}): its last {PER_WORLD} levels made harder.  {rule}.\n"
            "# Written by tools/make_bonus.py (deterministic); opened by 3 stars on every level of the world.\n\n"
            f'[world]\nname = "{world} Bonus"\n')
    return head + "".join("\n" + _table_toml(t) for t in made)


def main(argv: list[str] | None = None) -> int:
    """Print or (``--write``) write every bonus world; 1 when one could not be made."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write levels/bonus/*.toml")
    parser.add_argument("--world", default="", help="only the world file starting with this (e.g. 10)")
    args = parser.parse_args(argv)
    bad = 0
    for path in sorted(LEVELS.glob(f"{args.world}*.toml")):
        text = bonus_world(path)
        if text is None:
            bad += 1
            continue
        if args.write:
            OUT.mkdir(exist_ok=True)
            (OUT / path.name).write_text(text)
            print(f"wrote {OUT / path.name}", file=sys.stderr)
        else:
            print(text)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
