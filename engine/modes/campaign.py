"""The campaign: maze levels read from ``levels/*.toml`` and validated on load.

Each file holds one world (a ``[world]`` table with ``name``) and its levels as
``[[level]]`` tables::

    [[level]]
    id = "square-01"          # unique across the campaign
    name = "First steps"
    shape = "square"          # square, hex, triangle, polar, upsilon
    width = 6                 # polar: cells in the innermost ring
    height = 5                # polar: rings
    algorithm = "backtracker" # a generator name (engine.maze.generators)
    options = { rule = "newest" }   # optional generator options
    braid = 0                 # optional, percent of dead ends removed (0..100)
    seed = 1                  # 0 .. 2**64-1
    par_time = 12             # seconds, > 0
    par_moves = 10            # moves, >= the shortest path (checked by the tests)
    dark = true               # optional: played in the dark (fog of war, engine.modes.fog)
    mask = "heart"            # optional: a built-in shape the grid is cut to (engine.maze.masks)
    mask_text = "HI"          # optional, instead of mask: a text shape in the built-in font
    rules = "keys"            # optional: a puzzle maze with these rules (comma list of oneway, keys,
                              #   pursuer, switches; engine.maze.rules), placed from the seed
    difficulty = "easy"       # optional, with rules: easy, medium (the default), hard or a target length
    lesson = "Hold an arrow key to run"   # optional: the one control the level teaches (players' words,
                              #   at most LESSON_MAX characters; the map and the win say it)

A puzzle level's ``par_moves`` is its proven optimum (the exact solver's length; checked by the tests).

Files are read in name order; levels keep their order inside a file.  Any
problem raises :class:`ValueError` naming the file, the level and the field.
This module is pure (tomllib, no window code).
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.paths import shipped_dir
from engine.rng import SEED_MAX

if TYPE_CHECKING:
    from engine.level import Level
    from engine.maze.masks import Mask
    from engine.maze.model import Maze
    from engine.maze.recipe import MazeSpec
    from engine.maze.rules import PuzzleRecipe

SHAPES = ("square", "hex", "triangle", "polar", "upsilon")
LEVELS_DIR = shipped_dir("levels")
_FIELDS = {
    "id", "name", "shape", "width", "height", "algorithm", "options", "braid", "seed", "par_time", "par_moves",
    "dark", "mask", "mask_text", "weave", "floors", "stairs", "rules", "difficulty", "lesson",
}
#: The longest lesson a level may carry (characters: one line on the map and the win).
LESSON_MAX = 80


@dataclass(frozen=True)
class CampaignLevel:
    """One campaign level: its place in the campaign, its pars, and the recipe of its maze.

    Attributes:
        index: position in the whole campaign (0-based); level ``i`` unlocks ``i + 1``; the first
            level of every world is open from the start (:meth:`Campaign.is_open`).
        id: unique across the campaign; name: shown on the level select; world: the world's name.
        recipe: the :class:`engine.maze.recipe.MazeSpec` its maze is generated from (shape, size,
            algorithm, options, braid 0..100, seed, dark, mask, weave 0..100, floors 1..8, stairs 1..100): its
            code is the level's code.
            Every shipped level has one; None for a level held ready-made in :attr:`made`.
        par_time: seconds for the time star (> 0); par_moves: moves for the moves star (> 0).
        source: the file it was read from.
        made: the ready :class:`engine.level.Level` of a level that has no recipe (a level pack's
            hand-made level), else None.  Exactly one of :attr:`recipe` and :attr:`made` is given.
        made_code: the code :attr:`made` was decoded from (its canonical spelling; ``""``: no code).
        lesson: the one control the level teaches, in players' words ("Hold an arrow key to run"), or ``""``;
            never part of its code.

    Raises:
        ValueError: (on construction) both or neither of ``recipe`` and ``made``.
    """

    index: int
    id: str
    name: str
    world: str
    recipe: MazeSpec | None
    par_time: float
    par_moves: int
    source: str = ""
    made: Level | None = None
    made_code: str = ""
    lesson: str = ""

    def __post_init__(self) -> None:
        if (self.recipe is None) == (self.made is None):
            raise ValueError(f"campaign level '{self.id}' needs either a recipe or a ready level (one of the two)")

    def level(self, maze: Maze | None = None) -> Level:
        """The playable :class:`engine.level.Level`: the ready one (:attr:`made`), or the recipe's (its maze
        generated unless ``maze``, built from :attr:`recipe`, is given)."""
        if self.made is not None:
            return self.made
        assert self.recipe is not None  # __post_init__: one of the two
        return self.recipe.level(maze)

    def code(self) -> str:
        """The shareable level code (the recipe's maze code, or the code the ready level came from).

        Raises:
            engine.codes.CodeError: a ready level that came from no code (:data:`engine.level.NO_CODE`).
        """
        if self.recipe is not None:
            return self.recipe.code()
        if self.made_code:
            return self.made_code
        from engine.code_frame import CodeError
        from engine.level import NO_CODE

        raise CodeError(NO_CODE)

    @property
    def dark(self) -> bool:
        """Played in the dark."""
        return self.recipe.dark if self.recipe is not None else bool(self.made and self.made.dark)

    def label(self) -> str:
        """A short description without building anything: the recipe's label, or the ready level's."""
        if self.recipe is not None:
            return self.recipe.label()
        assert self.made is not None
        return self.made.label()


@dataclass(frozen=True)
class BrokenWorld:
    """A world that could not be read (a player's level pack with a mistake): shown, not played.

    Attributes:
        name: what the map calls it (the file's stem); source: the file's name;
        reason: one line naming the file, the level and the field at fault.
    """

    name: str
    source: str
    reason: str


@dataclass(frozen=True)
class Campaign:
    """All levels in play order, with lookup by code.

    Attributes:
        levels: every playable level, in order (indexes ``0..len-1``).
        broken: worlds that could not be read (level packs with a mistake), shown after the others.
    """

    levels: tuple[CampaignLevel, ...]
    broken: tuple[BrokenWorld, ...] = ()

    def __len__(self) -> int:
        return len(self.levels)

    def by_code(self, code: str) -> CampaignLevel | None:
        """The level whose code is ``code`` (canonical spelling, as :meth:`CampaignLevel.code` writes it), or None.

        The first level wins when two share a code.  Every level is encoded once per campaign
        (:attr:`_code_index`), not once per lookup.
        """
        return self._code_index.get(code)

    @cached_property
    def _code_index(self) -> dict[str, CampaignLevel]:
        index: dict[str, CampaignLevel] = {}
        for lv in self.levels:
            if lv.recipe is not None or lv.made_code:  # a ready level without a code has no entry
                index.setdefault(lv.code(), lv)
        return index

    def next_of(self, level: CampaignLevel) -> CampaignLevel | None:
        """The level after ``level`` or None at the end."""
        i = level.index + 1
        return self.levels[i] if i < len(self.levels) else None

    def is_first_of_world(self, level: CampaignLevel) -> bool:
        """True for the first level of its world (open from the start)."""
        return level.index == 0 or self.levels[level.index - 1].world != level.world

    def is_open(self, level: CampaignLevel, unlocked: set[str] | frozenset[str]) -> bool:
        """Whether ``level`` can be played: every world's first level always; others once unlocked.

        Args:
            unlocked: ids of levels unlocked by finishing the level before (saved progress).
        """
        return self.is_first_of_world(level) or level.id in unlocked

    def next_to_play(self, finished: Collection[str], unlocked: Collection[str]) -> CampaignLevel | None:
        """The level "Continue" plays: the first open, unfinished level after the furthest finished one (in
        campaign order), else the first open unfinished level anywhere; None when every open level is finished
        (or the campaign is empty).  On a first launch (nothing finished) it is the first level.

        Args:
            finished: ids of finished levels (saved progress; ids no level has are ignored).
            unlocked: ids of levels unlocked by finishing the level before (:meth:`is_open`).
        """
        done = set(finished)
        opened = frozenset(unlocked)
        furthest = max((lv.index for lv in self.levels if lv.id in done), default=-1)
        candidates = [lv for lv in self.levels if lv.id not in done and self.is_open(lv, opened)]
        after = [lv for lv in candidates if lv.index > furthest]
        pool = after or candidates
        return pool[0] if pool else None

    def by_world(self) -> list[tuple[str, list[CampaignLevel]]]:
        """``(world, its levels in order)`` for every world, in campaign order."""
        out: dict[str, list[CampaignLevel]] = {}
        for lv in self.levels:
            out.setdefault(lv.world, []).append(lv)
        return list(out.items())

    def worlds(self) -> list[str]:
        """World names in order of first appearance."""
        out: list[str] = []
        for lv in self.levels:
            if lv.world not in out:
                out.append(lv.world)
        return out


class _Checker:
    def __init__(self, path: Path, label: str) -> None:
        self.path = path
        self.label = label

    def fail(self, fld: str, why: str) -> ValueError:
        return ValueError(f"{self.path.name}: level {self.label}: field '{fld}' {why}")

    def get(self, table: dict[str, Any], fld: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if fld not in table:
            if default is ...:
                raise self.fail(fld, "is missing")
            return default
        v = table[fld]
        if isinstance(v, bool) or not isinstance(v, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(fld, f"must be of type {names}, got {v!r}")
        return v


def _known_algorithms() -> dict[str, tuple[str, ...]] | None:
    """Generator name -> supported shapes, or None while the registry is unavailable."""
    try:
        from engine.maze.generators import GENERATORS
    except ImportError:
        return None
    return {name: tuple(info.shapes) for name, info in GENERATORS.items()}


def _parse_level(path: Path, world: str, pos: int, table: Any, index: int) -> CampaignLevel:
    label = f"#{pos + 1}"
    if isinstance(table, dict) and isinstance(table.get("id"), str):
        label = f"'{table['id']}'"
    ck = _Checker(path, label)
    if not isinstance(table, dict):
        raise ck.fail("level", "must be a table")
    unknown = sorted(set(table) - _FIELDS)
    if unknown:
        raise ck.fail(unknown[0], "is not a known level field")
    level_id = ck.get(table, "id", str)
    if not level_id.strip():
        raise ck.fail("id", "must not be empty")
    name = ck.get(table, "name", str)
    shape = ck.get(table, "shape", str)
    if shape not in SHAPES:
        raise ck.fail("shape", f"must be one of {', '.join(SHAPES)}, got '{shape}'")
    width = ck.get(table, "width", int)
    height = ck.get(table, "height", int)
    for fld, v in (("width", width), ("height", height)):
        if not 1 <= v <= 1000:
            raise ck.fail(fld, f"must be in 1..1000, got {v}")
    algorithm = ck.get(table, "algorithm", str)
    known = _known_algorithms()
    if known is not None:
        if algorithm not in known:
            raise ck.fail("algorithm", f"names no generator (known: {', '.join(sorted(known))})")
        if shape not in known[algorithm]:
            raise ck.fail("algorithm", f"'{algorithm}' does not run on {shape} grids")
    options = ck.get(table, "options", dict, {})
    for k, v in options.items():
        if not isinstance(v, str | int):
            raise ck.fail("options", f"value of '{k}' must be text or a number")
    options = {str(k): str(v) for k, v in options.items()}
    braid = ck.get(table, "braid", int, 0)
    if not 0 <= braid <= 100:
        raise ck.fail("braid", f"must be a percentage 0..100, got {braid}")
    seed = ck.get(table, "seed", int)
    if not 0 <= seed <= SEED_MAX:
        raise ck.fail("seed", f"must be in 0..2**64-1, got {seed}")
    par_time = ck.get(table, "par_time", (int, float))
    if not par_time > 0:
        raise ck.fail("par_time", f"must be > 0 seconds, got {par_time}")
    dark = table.get("dark", False)
    if not isinstance(dark, bool):
        raise ck.fail("dark", f"must be true or false, got {dark!r}")
    weave = ck.get(table, "weave", int, 0)
    if isinstance(weave, bool) or not 0 <= weave <= 100:
        raise ck.fail("weave", f"must be a percentage 0..100, got {weave}")
    floors = ck.get(table, "floors", int, 1)
    if isinstance(floors, bool) or not 1 <= floors <= 8:
        raise ck.fail("floors", f"must be a whole number 1..8, got {floors}")
    from engine.maze.grids.floors import DEFAULT_STAIRS

    stairs = ck.get(table, "stairs", int, DEFAULT_STAIRS)
    if isinstance(stairs, bool) or not 1 <= stairs <= 100:
        raise ck.fail("stairs", f"must be a percentage 1..100, got {stairs}")
    par_moves = ck.get(table, "par_moves", int)
    if not par_moves > 0:
        raise ck.fail("par_moves", f"must be > 0, got {par_moves}")
    lesson = " ".join(ck.get(table, "lesson", str, "").split())
    if len(lesson) > LESSON_MAX:
        raise ck.fail("lesson", f"must be at most {LESSON_MAX} characters, got {len(lesson)}")
    mask = _parse_mask(ck, table)
    puzzle = _parse_puzzle(ck, table)
    from engine.maze.recipe import MazeSpec

    if known is not None:
        try:
            MazeSpec.create(shape, width, height, algorithm, options, braid / 100.0, seed, mask=mask,
                            weave=weave / 100.0, floors=floors, stairs=stairs / 100.0)
        except ValueError as exc:
            msg = str(exc)
            fields = ("width", "height", "option", "braid", "weave", "seed", "mask", "floors", "stairs")
            fld = next((f for f in fields if f in msg), "shape")
            raise ck.fail("options" if fld == "option" else fld, f"is not accepted: {msg}") from None
    try:
        recipe = MazeSpec(shape, width, height, algorithm, options, braid, seed, dark=dark, mask=mask, weave=weave,
                          floors=floors, stairs=stairs, puzzle=puzzle)
    except ValueError as exc:
        if puzzle is None:
            raise
        raise ck.fail("rules", f"is not accepted: {exc}") from None
    level = CampaignLevel(
        index=index, id=level_id, name=name, world=world, recipe=recipe, par_time=float(par_time),
        par_moves=par_moves, source=path.name, lesson=lesson,
    )
    return level


def _parse_mask(ck: _Checker, table: dict[str, Any]) -> Mask | None:
    """The level's mask from ``mask`` (a built-in name) or ``mask_text``; None without either."""
    if "mask" in table and "mask_text" in table:
        raise ck.fail("mask", "and mask_text cannot both be given")
    from engine.maze.masks import Mask

    for fld, make in (("mask", Mask.builtin), ("mask_text", Mask.text)):
        if fld in table:
            value = ck.get(table, fld, str)
            try:
                return make(value)
            except ValueError as exc:
                raise ck.fail(fld, f"is not accepted: {exc}") from None
    return None


def _parse_puzzle(ck: _Checker, table: dict[str, Any]) -> PuzzleRecipe | None:
    """The level's puzzle recipe from ``rules`` and ``difficulty``; None without ``rules``."""
    from engine.maze.rules import PuzzleRecipe, parse_families

    if "rules" not in table:
        if "difficulty" in table:
            raise ck.fail("difficulty", "needs 'rules' (a plain maze has no difficulty)")
        return None
    text = ck.get(table, "rules", str)
    try:
        families = parse_families(text)
    except ValueError as exc:
        raise ck.fail("rules", f"is not accepted: {str(exc).replace('--rules', 'rules')}") from None
    how = ck.get(table, "difficulty", (str, int), "medium")
    try:
        if isinstance(how, int):
            return PuzzleRecipe(families, target=how) if how > 0 else PuzzleRecipe(families, str(how))
        return PuzzleRecipe(families, how.strip().lower())
    except ValueError as exc:
        raise ck.fail("difficulty", f"is not accepted: {exc}") from None


def load_file(path: Path, start_index: int = 0) -> list[CampaignLevel]:
    """Read and validate one campaign file.

    Raises:
        ValueError: unreadable TOML or an invalid level (names file, level, field).
    """
    from engine.reader import ReadError, load_toml

    try:
        data = load_toml(path)  # the one reader: a regular file, bounded, not too deep
    except ReadError as exc:
        raise ValueError(f"{Path(path).name}: cannot be read: {exc}") from None
    world_table = data.get("world", {})
    if not isinstance(world_table, dict) or not isinstance(world_table.get("name", ""), str):
        raise ValueError(f"{Path(path).name}: [world] must be a table with a text 'name'")
    world = world_table.get("name") or Path(path).stem
    tables = data.get("level")
    if not isinstance(tables, list) or not tables:
        raise ValueError(f"{Path(path).name}: has no [[level]] tables")
    return [_parse_level(Path(path), world, i, t, start_index + i) for i, t in enumerate(tables)]


def load_campaign(directory: Path | str | None = None) -> Campaign:
    """Load every ``*.toml`` in ``directory`` (default: the repository's ``levels/``).

    Raises:
        ValueError: an invalid file or level, or a duplicate id (names file, level, field).
    """
    folder = Path(directory) if directory is not None else LEVELS_DIR
    levels: list[CampaignLevel] = []
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        for lv in load_file(path, len(levels)):
            if lv.id in seen:
                raise ValueError(f"{path.name}: level '{lv.id}': field 'id' repeats the id of a level in {seen[lv.id]}")
            seen[lv.id] = path.name
            levels.append(lv)
    return Campaign(tuple(levels))


_shipped_lock = threading.Lock()
_shipped: list[Campaign] = []


def shipped_campaign() -> Campaign:
    """The shipped campaign (:func:`load_campaign` of ``levels/``), read once per process (any thread: the
    first caller reads it, the others wait for it and share it).

    Raises:
        ValueError: an invalid shipped file (as :func:`load_campaign`; asked again, it is read again).
    """
    with _shipped_lock:
        if not _shipped:
            _shipped.append(load_campaign())
        return _shipped[0]
