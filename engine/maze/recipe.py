"""Maze level specifications and their shareable codes.

A :class:`MazeSpec` names everything needed to regenerate a maze exactly:
tessellation, size, generator and its options, braid and seed.  Its code is::

    M2.<S><W>X<H>.<ALGO>[.<OPTS>][.B<percent>][.W<percent>][.F<floors>[S<percent>]][.K<mask>][.Q<rules>][.D]
      #<seed base 36>-<check>

for example ``M2.S20X15.GT.N3R.B25#1Z4K-0H``:

* ``M2`` — maze code, format version 2 (version 1, ``M1...-<one check character>``,
  has the same fields and is still read: the same fields give the same maze);
* ``S20X15`` — shape letter (S square, H hex, T triangle, P polar, U upsilon)
  then width × height (polar: base sectors × rings);
* ``GT`` — the generator's two-letter code (see :mod:`engine.maze.generators`);
* ``N3R`` — generator options, written by the generator's own codec
  (:class:`engine.maze.generators.OptionCodec`; growing tree: its rule, see
  :func:`engine.maze.generators.growing_tree.options_to_code`);
* ``B25`` — braid, the percentage of dead ends removed (0 is omitted);
* ``W30`` — weave (:mod:`engine.maze.weave`): how often a crossing is allowed, in percent
  (1..100; 0 is omitted, so codes without it keep their spelling and level);
* ``F3`` / ``F3S20`` — a maze with floors (:mod:`engine.maze.floors`): 2..8 floors of a square or
  hex grid joined by stairs, then ``S`` and the share of stair candidates allowed in percent when
  it is not the default (:data:`engine.maze.grids.floors.DEFAULT_STAIRS`).  Absent = one floor, so codes
  without it keep their spelling and level;
* ``K...`` — a shaped maze: the grid cut by a mask (:mod:`engine.maze.masks`): ``KHEART``
  (built-in), ``KTHI`` (text), ``KB8X8_...`` (a small picture).  Absent = the full grid;
* ``QOKPM`` — a puzzle maze (:mod:`engine.maze.rules`, version 2 codes only): ``Q``, the rule families'
  letters (O one-way passages, K keys and doors, P a hunter, S switches and gates, in that order), then the
  difficulty (E, M or H) or a target length in actions (``QOK40``).  The elements are placed again from the
  seed (:func:`engine.maze.rules.placer.place`), so the code stays short.  Absent = a plain maze, so codes
  without it keep their spelling and level;
* ``D`` — a dark level (fog of war, :mod:`engine.modes.fog`): the same maze, played seeing
  only what is in sight.  Absent = not dark, so codes without it keep their spelling
  and level;
* ``#1Z4K`` — the seed in base 36 (0 .. 2**64-1);
* ``-0H`` — the check characters (:mod:`engine.codes`).

Codes are case-insensitive.  :meth:`MazeSpec.from_code` (or
:func:`engine.codes.decode_any`) either returns a spec whose
:meth:`MazeSpec.build` cannot fail, or raises :class:`CodeError` with one
plain sentence.  Decoding builds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final

from engine.code_frame import (
    CURRENT_VERSION,
    CodeError,
    CodeKind,
    Frame,
    decode_int,
    decode_kind,
    encode_int,
    seal,
    split_level,
)
from engine.level import Level
from engine.maze.grids import SHAPE_LETTERS, cell_count, maze_title, player_name
from engine.maze.grids.base import Grid, gc_paused
from engine.maze.grids.floors import DEFAULT_STAIRS, check_floors
from engine.maze.masks import Mask, mask_from_field
from engine.maze.model import Maze
from engine.maze.rules import PuzzleRecipe
from engine.rng import SEED_MAX, Rng

if TYPE_CHECKING:
    from engine.maze.rules.placer import Placed

TAG: Final = "M"
VERSIONS = (1, 2)
VERSION = CURRENT_VERSION
#: The field that makes a level dark (after the braid; absent = not dark).
DARK_FIELD = "D"
#: The first letter of the weave field (``W<percent>``, after the braid, before the dark field).
WEAVE_LETTER = "W"
#: The first letter of the floors field (``F<floors>[S<stairs percent>]``, after the weave field).
FLOORS_LETTER = "F"
#: The first letter of the puzzle field (``Q<rules><difficulty>``, after the mask, before the dark field).
PUZZLE_LETTER = "Q"
#: The random stream of a puzzle maze's elements is the seed's, mixed with this (so placing them never
#: changes the maze the generator carved first).
PUZZLE_STREAM = 0x5155_5A5A_4C45_5321
#: Why a level cannot be both woven and shaped (one sentence, for errors).
NOT_WOVEN_AND_SHAPED = "a maze cannot be both woven (weave) and cut to a shape (mask) yet"


def normalize_options(algorithm: str, options: dict[str, str] | None) -> dict[str, str]:
    """Validate generator options and return them in canonical form.

    Raises:
        ValueError: an option the generator does not take, or a bad value.
    """
    from engine.maze.generators import get_generator

    info = get_generator(algorithm)
    out: dict[str, str] = {}
    for key, value in (options or {}).items():
        if key not in info.options:
            known = ", ".join(info.options) or "none"
            raise ValueError(f"generator '{info.name}' has no option '{key}' (its options: {known})")
        out[key] = str(value)
    if info.codec is not None:
        out = info.codec.canonical(out)
    return out


@dataclass(frozen=True)
class MazeSpec:
    """Everything that determines a maze level.

    Attributes:
        shape: tessellation name (``square``, ``hex``, ``triangle``, ``polar``, ``upsilon``).
        width, height: size in cells (polar: base sectors × rings); ranges per shape in
            :data:`engine.maze.grids.SHAPES`.
        algorithm: generator name from :data:`engine.maze.generators.GENERATORS`.
        options: generator options in canonical form (see :func:`normalize_options`).
        braid: percentage of dead ends removed, 0..100.
        seed: 0 .. 2**64-1.
        version: the code format it is written in (1 or 2; not part of the level:
            the v1 and v2 codes of the same fields are equal specs).
        dark: played in the dark (fog of war); the maze itself is the same as without it.
        mask: the shape the grid is cut to (None: the full grid); see :mod:`engine.maze.masks`.
        weave: how often a crossing is allowed, percent 0..100 (0: not a weave maze; see
            :mod:`engine.maze.weave`).  A maze is not both woven and shaped.
        floors: how many floors, 1..8 (more than 1: square or hex only, not woven or shaped; see
            :mod:`engine.maze.floors`).
        stairs: the share of stair candidates allowed, percent 1..100 (only meaningful with floors;
            :data:`engine.maze.grids.floors.DEFAULT_STAIRS` by default).
        puzzle: the rule families and difficulty of a puzzle maze (:mod:`engine.maze.rules`), or None.
    """

    KIND: ClassVar[str] = "maze"

    shape: str
    width: int
    height: int
    algorithm: str
    options: dict[str, str] = field(default_factory=dict, hash=False)
    braid: int = 0
    seed: int = 0
    version: int = field(default=VERSION, compare=False)
    dark: bool = False
    mask: Mask | None = None
    weave: int = 0
    floors: int = 1
    stairs: int = DEFAULT_STAIRS
    puzzle: PuzzleRecipe | None = None

    def __post_init__(self) -> None:
        """Check the percentages (whole numbers 0..100: a code writes them as digits) and make options canonical.

        Raises:
            ValueError: ``braid`` or ``weave`` is not a whole number from 0 to 100 (e.g. the fraction 0.25
                that :meth:`create` takes; a code could not be read back), ``stairs`` not 1..100, or
                ``floors`` not 1..8.
        """
        for name in ("braid", "weave", "stairs"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
                raise ValueError(f"{name} must be a whole percentage from 0 to 100, not {value!r}")
        if not self.stairs:
            raise ValueError("stairs must be a whole percentage from 1 to 100, not 0")
        check_floors(self.shape, self.floors)
        if self.puzzle is not None:
            check_puzzle_recipe(self.shape, self.width, self.height, self.floors, self.puzzle, self.mask)
        if self.floors == 1:  # one floor has no stairs: every such spec is the same level, one spelling
            object.__setattr__(self, "stairs", DEFAULT_STAIRS)
        # Options that codes carry are explicit and canonical, independent of the
        # generator's defaults (so codes never change meaning).
        from engine.maze.generators import get_generator

        if get_generator(self.algorithm).codec is not None:
            object.__setattr__(self, "options", normalize_options(self.algorithm, self.options))

    @classmethod
    def create(
        cls,
        shape: str,
        width: int,
        height: int,
        algorithm: str,
        options: dict[str, str] | None = None,
        braid: float = 0.0,
        seed: int = 0,
        dark: bool = False,
        mask: Mask | None = None,
        weave: float = 0.0,
        floors: int = 1,
        stairs: float = DEFAULT_STAIRS / 100,
        puzzle: PuzzleRecipe | None = None,
    ) -> MazeSpec:
        """Validate user input and build a spec with canonical names (written in the current version).

        Args:
            braid: share of dead ends to remove as a fraction 0..1 (stored as a
                whole percentage, rounded half up).
            dark: play it in the dark (the ``.D`` field of the code).
            mask: cut the grid to this shape (the ``.K`` field); the mask must leave at
                least 2 connected cells of the grid (see :func:`_check_mask`).
            weave: how often a crossing is allowed, as a fraction 0..1 (stored as a whole
                percentage, rounded half up; the ``.W`` field).  Not with a mask.
            floors: 1..8 floors (the ``.F`` field); more than 1 needs a square or hex grid and a
                graph-generic generator, and no weave or mask.
            stairs: the share of stair candidates allowed, a fraction 0.01..1 (stored as a whole
                percentage, rounded half up).
            puzzle: make it a puzzle maze with these rules (the ``.Q`` field; at most
                :data:`engine.maze.rules.MAX_RULE_CELLS` cells; no hunter with floors).

        Raises:
            ValueError: with one sentence naming the first thing that is wrong.
        """
        from engine.maze.generators import get_generator
        from engine.maze.grids import canonical_shape, check_grid_size

        shape = canonical_shape(shape)
        width, height = check_grid_size(shape, width, height)
        gen = get_generator(algorithm)
        if shape not in gen.shapes:
            supported = ", ".join(gen.shapes)
            raise ValueError(f"generator '{gen.name}' does not run on {shape} grids (it supports: {supported})")
        if not 0.0 <= braid <= 1.0:
            raise ValueError(f"braid must be between 0 and 1, got {braid}")
        if not 0 <= seed <= SEED_MAX:
            raise ValueError(f"seed must be in 0..{SEED_MAX}, got {seed}")
        from engine.maze.weave import check_weave

        check_weave(shape, gen.name, weave, braid)
        opts = normalize_options(gen.name, options)
        if mask is not None:
            if weave:
                raise ValueError(NOT_WOVEN_AND_SHAPED)
            _check_mask(gen, shape, width, height, mask)
        if not 0.01 <= stairs <= 1.0:
            raise ValueError(f"stairs must be between 0.01 and 1, got {stairs}")
        check_floors_recipe(shape, width, height, gen, floors, weave=bool(weave), mask=mask is not None)
        return cls(shape, width, height, gen.name, opts, int(braid * 100 + 0.5), int(seed), dark=bool(dark),
                   mask=mask, weave=int(float(weave) * 100 + 0.5), floors=int(floors),
                   stairs=int(float(stairs) * 100 + 0.5), puzzle=puzzle)

    # -- codes -------------------------------------------------------------
    def code(self) -> str:
        """The shareable code of this level in :attr:`version` (upper case, check characters last)."""
        return seal(".".join([f"{TAG}{self.version}", *self.code_fields()]) + "#" + self.seed_text())

    def upgraded(self) -> MazeSpec:
        """The same level written in the current code version."""
        return replace(self, version=VERSION)

    def code_fields(self) -> list[str]:
        """The level's fields in codes, after the head: size, algorithm, options, braid, weave, mask, dark.

        The inverse of :meth:`from_fields`; race and ghost codes carry them too.
        """
        from engine.maze.generators import get_generator

        gen = get_generator(self.algorithm)
        parts = [f"{SHAPE_LETTERS[self.shape]}{self.width}X{self.height}", gen.code]
        if gen.codec is not None:
            parts.append(gen.codec.to_code(self.options))
        if self.braid:
            parts.append(f"B{self.braid}")
        if self.weave:
            parts.append(f"{WEAVE_LETTER}{self.weave}")
        if self.floors > 1:
            share = "" if self.stairs == DEFAULT_STAIRS else f"S{self.stairs}"
            parts.append(f"{FLOORS_LETTER}{self.floors}{share}")
        if self.mask is not None:
            parts.append(self.mask.field())  # ValueError for a picture too big for a code
        if self.puzzle is not None:
            parts.append(self.puzzle.field())
        if self.dark:
            parts.append(DARK_FIELD)
        return parts

    def seed_text(self) -> str:
        """The seed as written in codes (base 36, after ``#``)."""
        return encode_int(self.seed)

    @classmethod
    def from_code(cls, code: str) -> MazeSpec:
        """Decode a maze code (any version; see :func:`engine.codes.decode_any`).

        Raises:
            CodeError: one plain sentence naming what is wrong.
        """
        return decode_kind(code, MAZE_CODES)

    @classmethod
    def from_fields(cls, fields: list[str], seed_text: str, version: int = VERSION) -> MazeSpec:
        """Decode the level part of a code: the fields after the head, and the seed.

        This is the one parser of maze parameters; race and ghost codes, which
        carry the same fields, use it too.  It checks every field's range and
        builds nothing.

        Args:
            fields: ``["S20X15", "GT", "N3R", "B25", "W30", "D"]`` (size, algorithm, options, braid,
                weave, dark).
            seed_text: the seed in base 36 (the text after ``#``).
            version: the code version the fields come from.

        Raises:
            CodeError: one plain sentence naming what is wrong.
        """
        from engine.maze.generators import GENERATORS
        from engine.maze.grids import parse_shape_size

        if len(fields) < 2:
            raise CodeError("The maze code is missing its size or its algorithm.")
        size = fields[0]
        shape, width, height = parse_shape_size(size)
        by_code = {g.code: g for g in GENERATORS.values()}
        gen = by_code.get(fields[1])
        if gen is None:
            raise CodeError(f"The algorithm code '{fields[1][:20]}' is unknown (known: {', '.join(sorted(by_code))}).")
        if shape not in gen.shapes:
            raise CodeError(f"The generator '{gen.name}' does not run on {shape} grids.")
        options: dict[str, str] = {}
        braid = 0
        weave = 0
        floors, stairs = 1, DEFAULT_STAIRS
        dark = False
        mask: Mask | None = None
        puzzle: PuzzleRecipe | None = None
        rest = fields[2:]
        if gen.codec is not None:
            if not rest or rest[0].startswith("B"):
                raise CodeError(f"The {gen.name} maze code is missing its options (for example N4R).")
            try:
                options = gen.codec.from_code(rest[0])
            except ValueError as exc:
                raise CodeError(str(exc)) from None
            rest = rest[1:]
        for part in rest:
            if (part.startswith("B") and part[1:].isdigit() and len(part) <= 4 and not braid and not dark
                    and mask is None and not weave and floors == 1):
                braid = int(part[1:])
                if not 1 <= braid <= 100:
                    raise CodeError(f"The braid {braid}% must be 1..100.")
            elif part.startswith(WEAVE_LETTER) and part[1:].isdigit() and len(part) <= 4 and not weave \
                    and not dark and mask is None and floors == 1:
                weave = int(part[1:])
                if not 1 <= weave <= 100:
                    raise CodeError(f"The weave {weave}% must be 1..100.")
            elif part.startswith(WEAVE_LETTER) and weave:
                raise CodeError("The weave field 'W' appears twice in the maze code.")
            elif part[:1] == FLOORS_LETTER and part[1:2].isdigit() and floors == 1 and not dark and mask is None:
                floors, stairs = _floors_field(part)
            elif part[:1] == FLOORS_LETTER and part[1:2].isdigit():
                raise CodeError("The floors field 'F' appears twice or after the mask or dark field.")
            elif part[:1] == PUZZLE_LETTER and puzzle is None and not dark:
                if version < 2:
                    raise CodeError("Puzzle mazes (the field 'Q') have version 2 codes only.")
                try:
                    puzzle = PuzzleRecipe.from_field(part)
                except ValueError as exc:
                    raise CodeError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
            elif part[:1] == PUZZLE_LETTER:
                raise CodeError("The puzzle field 'Q' appears twice or after the dark field.")
            elif part.startswith("K") and mask is None and not dark and puzzle is None:
                mask = mask_from_field(part)
            elif part.startswith("K"):
                raise CodeError("The mask field 'K...' appears twice or after the puzzle or dark field.")
            elif part == DARK_FIELD and not dark:
                dark = True
            elif part == DARK_FIELD:
                raise CodeError("The dark field 'D' appears twice in the maze code.")
            else:
                raise CodeError(f"The part '{part[:20]}' of the maze code is not understood.")
        if weave:
            from engine.maze.weave import check_weave

            try:
                check_weave(shape, gen.name, weave / 100.0, braid / 100.0)
            except ValueError as exc:
                raise CodeError(f"The weave field cannot be used here: {exc}.") from None
        seed = decode_int(seed_text, what="seed", max_value=SEED_MAX)
        try:
            check_floors_recipe(shape, width, height, gen, floors, weave=bool(weave), mask=mask is not None)
        except ValueError as exc:
            text = str(exc)
            raise CodeError(f"The floors field cannot be used here: {text}.") from None
        if mask is not None:
            if weave:
                raise CodeError(f"{NOT_WOVEN_AND_SHAPED[:1].upper()}{NOT_WOVEN_AND_SHAPED[1:]}.")
            try:
                _check_mask(gen, shape, width, height, mask)
            except ValueError as exc:
                text = str(exc)
                raise CodeError(f"{text[:1].upper()}{text[1:]}.") from None
        if puzzle is not None:
            try:
                check_puzzle_recipe(shape, width, height, floors, puzzle, mask)
            except ValueError as exc:
                raise CodeError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
        return cls(shape, width, height, gen.name, options, braid, seed, version, dark, mask, weave, floors, stairs,
                   puzzle)

    def describe(self) -> dict[str, Any]:
        """Every field by name (nothing is built); ``floors`` and ``stairs_share`` (percent) only with floors."""
        return {
            "shape": self.shape,
            "width": self.width,
            "height": self.height,
            "algorithm": self.algorithm,
            "options": dict(self.options),
            "braid": self.braid,
            "seed": self.seed,
            "dark": self.dark,
            "mask": None if self.mask is None else self.mask.describe(),
            "weave": self.weave,
            **({"floors": self.floors, "stairs_share": self.stairs} if self.floors > 1 else {}),
            **({"rules": list(self.puzzle.families), "difficulty": self.puzzle.difficulty or self.puzzle.target}
               if self.puzzle is not None else {}),
        }

    # -- building ----------------------------------------------------------
    def build(self) -> Maze:
        """Generate the maze (deterministic: same spec, same passages, anywhere).

        The cyclic garbage collector is paused meanwhile (:func:`engine.maze.grids.base.gc_paused`): a build
        makes millions of tuples and lists of ints but no reference cycles, and collections scanning
        them took about a tenth of a million-cell build.
        """
        with gc_paused():
            return self._build()

    def _build(self) -> Maze:
        from engine.maze.generators import generate
        from engine.maze.generators.braid import braid as braid_fn

        grid = self.make_grid()
        rng = Rng(self.seed)
        if self.floors > 1:
            from engine.maze.floors import generate_floors
            from engine.maze.grids.floors import FloorGrid

            assert isinstance(grid, FloorGrid)
            maze = generate_floors(grid, self.algorithm, rng, dict(self.options), self.stairs / 100, self.braid / 100)
        elif self.weave:
            from engine.maze.weave import generate_weave

            maze = generate_weave(grid, self.algorithm, rng, dict(self.options), self.weave / 100.0)
        else:
            passage = generate(grid, self.algorithm, rng, dict(self.options))
            if self.braid:
                passage = braid_fn(grid, passage, self.braid / 100.0, rng)
            maze = Maze(grid, passage, grid.start, grid.goal)
        if self.puzzle is None:
            return maze
        return self.placed(maze).maze

    def placed(self, maze: Maze | None = None) -> Placed:
        """A puzzle maze's placement: the maze with its elements, the proven solution and whether the
        difficulty was reached (cached on the carved maze; :meth:`build` gives :attr:`Placed.maze`).

        Args:
            maze: the maze carved from this spec without its puzzle field (carved when omitted).

        Raises:
            ValueError: not a puzzle maze.
        """
        from engine.maze.rules.placer import place

        if self.puzzle is None:
            raise ValueError("this recipe is not a puzzle maze (no rules)")
        key = _placed_key(self)
        if maze is None:
            got = _PLACED.get(key) if key else None
            if got is not None:
                return got
            maze = replace(self, options=dict(self.options), puzzle=None).build()
        puzzle, carved = self.puzzle, maze
        out = carved.memo(f"rules.placed:{puzzle.field()}",
                          lambda: place(carved, puzzle, Rng((self.seed ^ PUZZLE_STREAM) & SEED_MAX)))
        if key:
            _PLACED[key] = out
            while len(_PLACED) > PLACED_KEPT:
                _PLACED.pop(next(iter(_PLACED)))
        return out

    def level(self, maze: Maze | None = None) -> Level:
        """The :class:`engine.level.Level` this recipe generates (see :meth:`Level.from_recipe`).

        Args:
            maze: the maze already built from this spec (built when omitted).
        """
        return Level.from_recipe(self, maze)

    def make_grid(self) -> Grid:
        """The level's grid: the tessellation, cut by the mask when there is one (then a
        :class:`engine.maze.grids.masked.MaskedGrid`, whose start and goal are far apart), or stacked into
        floors (a :class:`engine.maze.grids.floors.FloorGrid`)."""
        from engine.maze.grids import make_grid

        if self.floors > 1:
            from engine.maze.grids.floors import stack_grid

            return stack_grid(make_grid(self.shape, self.width, self.height), self.floors)
        if self.mask is None:
            return make_grid(self.shape, self.width, self.height)
        from engine.maze.grids.masked import masked_grid  # only shaped levels pay for importing it

        return masked_grid(self.shape, self.width, self.height, self.mask)

    def with_mask(self, mask: Mask | None) -> MazeSpec:
        """The same level cut to ``mask`` (None: the full grid).

        Raises:
            ValueError: the generator cannot carve a shaped grid, or too few cells remain.
        """
        if mask is not None:
            from engine.maze.generators import get_generator

            _check_mask(get_generator(self.algorithm), self.shape, self.width, self.height, mask)
        return replace(self, options=dict(self.options), mask=mask)

    def with_seed(self, seed: int) -> MazeSpec:
        """The same level parameters with another seed (same code version)."""
        return replace(self, options=dict(self.options), seed=seed)

    def with_dark(self, dark: bool = True) -> MazeSpec:
        """The same level played in the dark (or not): only the ``.D`` field of the code changes."""
        return replace(self, options=dict(self.options), dark=bool(dark))

    def title(self) -> str:
        """What a player calls this maze, e.g. ``octagon maze 20×15, 2 floors, dark`` (:meth:`label`: Details)."""
        title = maze_title(self.shape, self.width, self.height, braid=bool(self.braid), weave=bool(self.weave),
                           floors=self.floors, shaped=self.mask is not None, dark=self.dark)
        return title if self.puzzle is None else f"puzzle {title}: {self.puzzle.short_words()}"

    def label(self) -> str:
        """A short human description, e.g. ``hex 20×15, wilson, braid 25%``."""
        opts = "".join(f", {k}={v}" for k, v in self.options.items())
        braid = f", braid {self.braid}%" if self.braid else ""
        weave = f", weave {self.weave}%" if self.weave else ""
        dark = ", dark" if self.dark else ""
        mask = f", {self.mask.label()} shape" if self.mask is not None else ""
        floors = f", {self.floors} floors" if self.floors > 1 else ""
        if self.floors > 1 and self.stairs != DEFAULT_STAIRS:
            floors += f" (stairs {self.stairs}%)"
        rules = f", {self.puzzle.words()}" if self.puzzle is not None else ""
        return (f"{self.shape} {self.width}×{self.height}, {self.algorithm}{opts}{braid}{weave}{floors}{mask}"
                f"{rules}{dark}")

    # -- what the code is (its kind's behaviour, :class:`engine.codes.Decoded`) ------------
    def facts(self, full: bool = False) -> dict[str, Any]:
        """Cells and shortest path (built up to :data:`engine.maze.facts.CHEAP_CELLS` cells unless ``full``)."""
        from engine.maze.facts import recipe_facts

        return recipe_facts(self.width, self.height, self.build, full)

    def line(self) -> str:
        """``maze: hex 8×6, wilson`` (nothing is built)."""
        return f"maze: {self.label()}"

    def grid_text(self) -> str:
        """``hexagon 9×7, shaped, weave, dark``: the grid in players' words and what sets it apart."""
        extras = [word for word, on in (("shaped", self.mask is not None), ("weave", bool(self.weave)),
                                        (f"{self.floors} floors", self.floors > 1),
                                        ("puzzle", self.puzzle is not None), ("dark", self.dark)) if on]
        return f"{player_name(self.shape)} {self.width}×{self.height}" + "".join(f", {w}" for w in extras)

    def list_text(self) -> str:
        """``maze · hexagon 9×7, dark`` for a list of saved levels."""
        return f"maze · {self.grid_text()}"

    def dark_twin(self) -> MazeSpec:
        """The same maze played in the dark (``.D``)."""
        return self.with_dark()

    def maze_recipe(self) -> MazeSpec:
        """Itself: a maze code is a recipe."""
        return self

    def made_level(self) -> None:
        """None: a recipe, not a ready-made level (:meth:`level` builds one)."""


def _check_mask(gen: Any, shape: str, width: int, height: int, mask: Mask) -> None:
    """Refuse a generator that needs full rows, or a mask that leaves fewer than 2 connected cells.

    Cuts the grid up to :data:`CUT_CHECK_CELLS` cells (cached by :func:`engine.maze.grids.masked.masked_grid`,
    so building afterwards cuts no more); above it a picture mask is checked without cutting
    (:func:`engine.maze.grids.masked.check_cut`, the same verdict) so decoding a code stays fast.

    Raises:
        ValueError: one sentence.
    """
    from engine.maze.generators import mask_refusal
    from engine.maze.grids.masked import check_cut, masked_grid

    if not gen.masks:
        raise ValueError(mask_refusal(gen))
    if cell_count(shape, width, height) <= CUT_CHECK_CELLS:
        masked_grid(shape, width, height, mask)
    elif mask.kind == "image":  # the same verdict without the cut (the build cuts)
        check_cut(shape, width, height, mask)


#: Up to this many cells a mask is checked by cutting the grid (tens of milliseconds).  Above
#: it a built-in or text mask always leaves a connected part of many cells (tests/test_masks.py
#: checks every built-in shape and a thin text at the smallest such sizes of every shape and
#: aspect), so checking a code stays bounded; a picture mask is always checked (cut up to here, above it
#: by :func:`engine.maze.grids.masked.check_cut`).
CUT_CHECK_CELLS = 60_000


def check_floors_recipe(shape: str, width: int, height: int, gen: Any, floors: int, *,
                        weave: bool, mask: bool) -> None:
    """Refuse floors that cannot be built, with one sentence (nothing is built).

    Raises:
        ValueError: floors outside 1..8, a shape other than square or hex, a row-based generator, weave or a
            mask with floors, or more than :data:`engine.maze.grids.floors.MAX_FLOOR_CELLS` cells in all.
    """
    floors = check_floors(shape, floors)
    if floors == 1:
        return
    from engine.maze.floors import NOT_WITH_MASK, NOT_WITH_WEAVE
    from engine.maze.generators import floors_refusal
    from engine.maze.grids.floors import MAX_FLOOR_CELLS

    if not gen.floors:
        raise ValueError(floors_refusal(gen))
    if weave:
        raise ValueError(NOT_WITH_WEAVE)
    if mask:
        raise ValueError(NOT_WITH_MASK)
    if floors * cell_count(shape, width, height) > MAX_FLOOR_CELLS:
        raise ValueError(f"{floors} floors of {width}x{height} are {floors * width * height:,} cells; "
                         f"at most {MAX_FLOOR_CELLS:,} in all")


def _floors_field(part: str) -> tuple[int, int]:
    """``(floors, stairs percent)`` of a code's ``F<floors>[S<percent>]`` field.

    Raises:
        CodeError: not of that form, floors outside 2..8 or stairs outside 1..100.
    """
    count, sep, share = part[1:].partition("S")
    if not count.isdigit() or len(count) > 1 or (sep and (not share.isdigit() or len(share) > 3)):
        raise CodeError(f"The floors field '{part[:20]}' is not of the form F<floors> or F<floors>S<percent>.")
    floors = int(count)
    if not 2 <= floors <= 8:
        raise CodeError(f"The maze code asks for {floors} floors; 2..8 are possible.")
    stairs = int(share) if sep else DEFAULT_STAIRS
    if not 1 <= stairs <= 100:
        raise CodeError(f"The stairs {stairs}% must be 1..100.")
    if sep and stairs == DEFAULT_STAIRS:
        raise CodeError(f"The stairs {stairs}% are the default and are written without 'S'.")
    return floors, stairs


#: The last placements made (by the recipe's code, dark or not): ``generate`` builds a puzzle maze, then reports
#: its placement, without searching twice.
_PLACED: dict[str, Placed] = {}
PLACED_KEPT = 8


def _placed_key(spec: MazeSpec) -> str:
    """The key of a recipe's placement (its code without the dark flag), ``""`` when it has no code."""
    try:
        return replace(spec, options=dict(spec.options), dark=False, version=VERSION).code()
    except ValueError:  # a picture mask too big for a code
        return ""


def check_puzzle_recipe(shape: str, width: int, height: int, floors: int, puzzle: PuzzleRecipe,
                        mask: Mask | None) -> None:
    """Refuse a puzzle maze that is too big, or a hunter on floors.

    Raises:
        ValueError: one sentence.
    """
    from engine.maze.rules import MAX_RULE_CELLS

    cells = cell_count(shape, width, height) * floors
    if cells > MAX_RULE_CELLS:
        raise ValueError(f"a puzzle maze has at most {MAX_RULE_CELLS:,} cells, this one {cells:,}")
    if "pursuer" in puzzle.families and floors > 1:
        raise ValueError("a hunter cannot be used on a maze with floors")


def recipe_of(level: Level) -> MazeSpec | None:
    """The level's recipe as a :class:`MazeSpec` (None for a level made by hand)."""
    return level.recipe if isinstance(level.recipe, MazeSpec) else None


def _decode(frame: Frame) -> MazeSpec:
    fields, seed_text = split_level(frame.rest, "maze code")
    return MazeSpec.from_fields(fields, seed_text, frame.version)


#: The maze code kind (tag ``M``): one entry in :data:`engine.codes.KINDS`.
MAZE_CODES: Final = CodeKind[MazeSpec](TAG, "maze", dict.fromkeys(VERSIONS, _decode))
