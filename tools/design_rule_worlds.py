"""Design the campaign's puzzle worlds (levels/02-oneway, 04-keys, 06-hunter, 08-switches, 14-grand) by solver measures.

Each world is a list of slots: a grid, a size, a generator, a difficulty (a name or a target length) and a
band of optimal lengths ``[lo, hi)``.  The bands rise and do not overlap, so a world grows by what its
puzzles ask (longer optimal solutions, longer detours over the plain path, more decisions), not by size:
the mazes stay small to medium (at most about 100 cells).  For every slot the script tries seeds in turn
and keeps the first whose placement

* reached its target (:attr:`engine.maze.rules.placer.Placed.reached`) with a **unique** optimal solution,
* has an optimum inside the slot's band,
* holds every rule family it asks for (a placement may leave one out) and needs every one of them
  (:func:`engine.maze.rules.solver.rules_needed`: each adds moves and the best way uses it: walks an arrow,
  opens a door with its key, goes through a gate a switch opened; a door that only shuts a short cut is a
  wall, and a newcomer learnt nothing from such a level), and
* solved at most :data:`MAX_CANDIDATES` candidates and :data:`MAX_WORK` candidate-cells (a deterministic
  stand-in for "builds in about a second or less": the placer's work is its candidates times the maze's
  size, more with two or more rule families).

Each world's levels are then ordered by (length, detour, decisions) rising and named in that order;
``par_moves`` is the proven optimum and ``par_time`` is ``ceil(optimum + 10)`` seconds (stars for puzzle
levels are by moves, not speed).

Usage::

    PYTHONPATH=. python tools/design_rule_worlds.py            # print every world's TOML
    PYTHONPATH=. python tools/design_rule_worlds.py --write    # (re)write those five files
    PYTHONPATH=. python tools/design_rule_worlds.py --world 12 # one world only
"""

from __future__ import annotations

import argparse
import math
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

from engine.maze.recipe import MazeSpec
from engine.maze.rules import FAMILY_WORDS, PuzzleRecipe
from engine.maze.rules.solver import rules_needed

#: The most candidates a kept placement may have solved.
MAX_CANDIDATES = 300
#: The most work a kept placement may have taken, in candidates x cells x (families, at most 2): a
#: deterministic measure (the same seeds are kept on every machine) that keeps every level's build at
#: about a second or less on the design machine.
MAX_WORK = 20_000
#: Seeds tried per slot before giving up.
TRIES = 120
LEVELS = Path(__file__).resolve().parent.parent / "levels"
PAR_RULE = "par_moves = the proven optimum (the exact solver's length; the solution is unique), " \
           "par_time = ceil(optimum + 10) s"


@dataclass(frozen=True)
class Slot:
    """One level to find: its maze and the band its optimum must fall in."""

    shape: str
    width: int
    height: int
    algorithm: str
    how: str | int  # "easy" / "medium" / "hard" or a target length
    lo: int
    hi: int


@dataclass(frozen=True)
class World:
    """One puzzle world: its file, name, rule families, level id prefix, what it teaches, names and slots."""

    number: int  # the seed base (the world's place when it was designed, kept so no seed changes)
    stem: str  # its file in levels/, which sets its place in the campaign
    name: str
    rules: tuple[str, ...] | None  # None: each slot names its own (the finale)
    prefix: str
    teaches: str
    names: tuple[str, ...]
    slots: tuple[Slot, ...]
    slot_rules: tuple[tuple[str, ...], ...] = ()


WORLDS = (
    World(
        10, "02-oneway", "One-way Streets", ("oneway",), "oneway",
        "one-way passages: an arrow lets you through in its direction only, so the short way may be shut "
        "and the way round is the puzzle",
        ("This Way Only", "Against the Flow", "Roundabout", "No Turning Back", "Spiral Street",
         "Rush Hour", "The Long Way Round", "Gridlock"),
        (
            Slot("square", 6, 5, "backtracker", "easy", 6, 16),
            Slot("hex", 6, 5, "kruskal", 16, 16, 21),
            Slot("triangle", 9, 6, "backtracker", 20, 20, 25),
            Slot("square", 7, 7, "prim", 24, 24, 29),
            Slot("polar", 6, 4, "backtracker", 28, 28, 34),
            Slot("upsilon", 7, 7, "wilson", 33, 33, 39),
            Slot("hex", 8, 7, "backtracker", 38, 38, 45),
            Slot("square", 9, 9, "backtracker", 45, 45, 56),
        ),
    ),
    World(
        11, "04-keys", "Locks and Keys", ("keys",), "keys",
        "keys and doors: a door opens only for the player holding its colour's key, so first find the key, "
        "then the door",
        ("The First Key", "Porter's Lodge", "Two Colours", "The Locksmith", "Master Key",
         "Vault Row", "Keyring", "The Treasury"),
        (
            Slot("square", 6, 5, "backtracker", "easy", 6, 18),
            Slot("triangle", 9, 6, "kruskal", 18, 18, 23),
            Slot("hex", 6, 6, "backtracker", 22, 22, 27),
            Slot("square", 7, 7, "hunt-and-kill", 26, 26, 31),
            Slot("upsilon", 6, 6, "backtracker", 30, 30, 36),
            Slot("polar", 6, 4, "prim", 34, 34, 41),
            Slot("hex", 8, 7, "wilson", 40, 40, 48),
            Slot("square", 9, 9, "backtracker", 46, 46, 60),
        ),
    ),
    World(
        12, "06-hunter", "The Hunter", ("pursuer",), "hunter",
        "a hunter: after each of your moves it takes two steps toward you; lead it into a dead end, wait "
        "when waiting helps, and reach the goal before it reaches you",
        ("Footsteps", "Hide and Seek", "Cat and Mouse", "Lured Away", "The Chase",
         "Cornered", "Breathing Space", "The Hunter's Den"),
        (
            Slot("square", 6, 5, "backtracker", "easy", 6, 16),
            Slot("hex", 6, 5, "backtracker", 16, 16, 21),
            Slot("square", 7, 6, "kruskal", 20, 20, 25),
            Slot("triangle", 9, 6, "backtracker", 24, 24, 29),
            Slot("upsilon", 6, 6, "prim", 28, 28, 34),
            Slot("polar", 6, 4, "backtracker", 32, 32, 39),
            Slot("hex", 8, 7, "hunt-and-kill", 37, 37, 45),
            Slot("square", 9, 9, "wilson", 43, 43, 56),
        ),
    ),
    World(
        13, "08-switches", "Switchyard", ("switches",), "switch",
        "switches and gates: stepping on a switch flips every gate at once, solid gates open and hollow "
        "ones shut, so plan when to flip",
        ("Flip", "Points", "Signal Box", "Level Crossing", "Shunting",
         "The Turntable", "Crossover", "Marshalling Yard"),
        (
            Slot("square", 6, 5, "backtracker", "easy", 6, 16),
            Slot("triangle", 9, 6, "backtracker", 16, 16, 21),
            Slot("hex", 6, 5, "prim", 20, 20, 25),
            Slot("square", 7, 7, "backtracker", 24, 24, 29),
            Slot("polar", 6, 4, "kruskal", 28, 28, 34),
            Slot("upsilon", 6, 6, "backtracker", 32, 32, 39),
            Slot("hex", 8, 7, "backtracker", 37, 37, 45),
            Slot("square", 9, 9, "hunt-and-kill", 43, 43, 56),
        ),
    ),
    World(
        14, "14-grand", "Grand Puzzle", None, "grand",
        "every rule together: one-way passages, keys and doors, a hunter, and switches and gates, two or "
        "more in one maze",
        ("Crossroads", "Keys in Traffic", "Hunted Keys", "Live Wires", "The Long Game",
         "Locked and Hunted", "Clockwork", "The Grand Finale"),
        (
            Slot("square", 6, 6, "backtracker", "easy", 6, 18),
            Slot("hex", 6, 5, "backtracker", 18, 18, 23),
            Slot("triangle", 9, 6, "kruskal", 22, 22, 27),
            Slot("square", 7, 7, "backtracker", 26, 26, 31),
            Slot("upsilon", 6, 6, "backtracker", 30, 30, 36),
            Slot("polar", 6, 4, "backtracker", 34, 34, 41),
            Slot("hex", 8, 7, "prim", 40, 40, 48),
            Slot("square", 9, 9, "backtracker", 46, 46, 62),
        ),
        slot_rules=(
            ("oneway", "keys"),
            ("keys", "pursuer"),
            ("oneway", "switches"),
            ("keys", "switches"),
            ("pursuer", "switches"),
            ("oneway", "pursuer"),
            ("oneway", "keys", "switches"),
            ("oneway", "keys", "pursuer", "switches"),
        ),
    ),
)


@dataclass(frozen=True)
class Found:
    """A kept level: its recipe and the solver's measures."""

    spec: MazeSpec
    how: str | int
    length: int
    detour: int
    decisions: int
    candidates: int
    seconds: float

    def key(self) -> tuple[int, int, int]:
        return (self.length, self.detour, self.decisions)


def _recipe(families: tuple[str, ...], how: str | int) -> PuzzleRecipe:
    return PuzzleRecipe(families, target=how) if isinstance(how, int) else PuzzleRecipe(families, how)


def find(world: World, i: int, slot: Slot, log: bool = True) -> Found | None:
    """The first seed of ``slot`` that meets every condition (see the module text), or None (said on
    standard error) when none of :data:`TRIES` seeds does."""
    families = world.slot_rules[i] if world.rules is None else world.rules
    puzzle = _recipe(families, slot.how)
    base = world.number * 100_000 + (i + 1) * 1_000
    tried = []
    for k in range(TRIES):
        seed = base + k
        spec = MazeSpec.create(slot.shape, slot.width, slot.height, slot.algorithm, {}, 0.0, seed, puzzle=puzzle)
        t0 = time.perf_counter()
        placed = spec.placed()
        seconds = time.perf_counter() - t0
        s = placed.solution
        length = s.length or 0
        tried.append((seed, length, s.unique, placed.reached, placed.candidates))
        work = placed.candidates * placed.maze.grid.n * min(len(families), 2)
        if (placed.reached and s.unique and slot.lo <= length < slot.hi and placed.candidates <= MAX_CANDIDATES
                and work <= MAX_WORK and tuple(placed.maze.rules.families()) == tuple(families)
                and all(rules_needed(placed.maze).values())):
            found = Found(spec, slot.how, length, s.detour, s.decisions, placed.candidates, seconds)
            if log:
                print(f"  {world.prefix} slot {i + 1}: seed {seed} {slot.shape} {slot.width}x{slot.height} "
                      f"{'+'.join(families)} length {length} detour {s.detour} decisions {s.decisions} "
                      f"({placed.candidates} candidates, {seconds:.2f} s)", file=sys.stderr)
            return found
    print(f"  {world.name} slot {i + 1}: no seed fits; tried (seed, length, unique, reached, candidates): "
          f"{tried[:12]}", file=sys.stderr)
    return None


def world_toml(world: World, found: list[Found]) -> str:
    """The TOML text of one world (levels ordered by length, detour, decisions)."""
    ordered = sorted(found, key=Found.key)
    families = sorted({f for lv in found for f in lv.spec.puzzle.families} if found else set(),  # type: ignore[union-attr]
                      key=list(FAMILY_WORDS).index)
    header = (f"Campaign world: {world.name}.  It teaches {world.teaches}.  "
              f"Rules: {', '.join(FAMILY_WORDS[f] for f in families)}.  Difficulty rises by what the solver "
              f"measures (optimal length, detour over the plain path, decisions), not by size.  {PAR_RULE}.  "
              "Written by tools/design_rule_worlds.py (seeds chosen for a unique optimum inside each level's band, "
              "whose best way needs every rule of the level).")
    lines = [
        *(f"# {line}" for line in textwrap.wrap(header, 110)),
        "",
        "[world]",
        f'name = "{world.name}"',
    ]
    for n, (lv, name) in enumerate(zip(ordered, world.names, strict=True), start=1):
        spec = lv.spec
        assert spec.puzzle is not None
        how = f'"{lv.how}"' if isinstance(lv.how, str) else str(lv.how)
        lines += [
            "",
            "[[level]]",
            f'id = "{world.prefix}-{n:02d}"',
            f'name = "{name}"',
            f'shape = "{spec.shape}"',
            f"width = {spec.width}",
            f"height = {spec.height}",
            f'algorithm = "{spec.algorithm}"',
            f"seed = {spec.seed}",
            f'rules = "{",".join(spec.puzzle.families)}"',
            f"difficulty = {how}",
            f"par_time = {math.ceil(lv.length + 10)}",
            f"par_moves = {lv.length}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write the worlds' files in levels/ instead of printing")
    ap.add_argument("--world", type=int, action="append",
                    help="only the world designed as number N: 10 one-way, 11 keys, 12 hunter, 13 switches, "
                    "14 finale; repeatable")
    args = ap.parse_args(argv)
    failed = 0
    for world in WORLDS:
        if args.world and world.number not in args.world:
            continue
        print(f"{world.name}:", file=sys.stderr)
        got = [find(world, i, slot) for i, slot in enumerate(world.slots)]
        found = [f for f in got if f is not None]
        if len(found) < len(got):
            failed += 1
            print(f"  {world.name}: not written (a slot found no seed; change its size, band or generator)",
                  file=sys.stderr)
            continue
        text = world_toml(world, found)
        if args.write:
            path = LEVELS / f"{world.stem}.toml"
            path.write_text(text, encoding="utf-8")
            print(f"  wrote {path.name}", file=sys.stderr)
        else:
            sys.stdout.write(text + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
