"""Maze level specifications and their shareable codes.

A :class:`MazeSpec` names everything needed to regenerate a maze exactly:
tessellation, size, generator and its options, braid and seed.  Its code is::

    M1.<S><W>X<H>.<ALGO>[.<OPTS>][.B<percent>]#<seed base 36>-<check>

for example ``M1.S20X15.GT.N3R.B25#1Z4K-7``:

* ``M1`` — maze code, format version 1;
* ``S20X15`` — shape letter (S square, H hex, T triangle, P polar, U upsilon)
  then width × height (polar: base sectors × rings);
* ``GT`` — the generator's two-letter code (see :mod:`engine.generators`);
* ``N3R`` — generator options (growing tree only: its rule weights, one
  letter per rule in the order N newest, R random, O oldest, Q newest
  quarter, each followed by its weight when above 1);
* ``B25`` — braid, the percentage of dead ends removed (0 is omitted);
* ``#1Z4K`` — the seed in base 36 (0 .. 2**64-1);
* ``-7`` — the Luhn mod-36 check character over everything before it.

Codes are case-insensitive.  :meth:`MazeSpec.from_code` either returns a spec
whose :meth:`MazeSpec.build` cannot fail, or raises :class:`CodeError` with one
plain sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.codes import CodeError, decode_int, encode_int, open_code, seal
from engine.maze import Maze
from engine.rng import Rng

VERSION = 1
SHAPE_LETTERS = {"square": "S", "hex": "H", "triangle": "T", "polar": "P", "upsilon": "U"}
_LETTER_SHAPES = {v: k for k, v in SHAPE_LETTERS.items()}

# Growing-tree rule kinds (engine.generators.growing_tree) and their letters in codes.
_KIND_NAMES = ("newest", "random", "oldest", "newest-quarter")
_KIND_LETTERS = "NROQ"
MAX_RULE_WEIGHT = 1000
SEED_MAX = (1 << 64) - 1


def _rule_pairs(value: str) -> tuple[tuple[int, int], ...]:
    """Parse a rule with the generator's own parser: ``((kind, weight), ...)`` sorted by kind."""
    from engine.generators.growing_tree import parse_rule

    return parse_rule(value)


def format_rule(pairs: tuple[tuple[int, int], ...]) -> str:
    """The canonical option value for parsed rule pairs (``newest`` or ``newest:3,random:1``)."""
    if len(pairs) == 1:
        return _KIND_NAMES[pairs[0][0]]
    return ",".join(f"{_KIND_NAMES[k]}:{w}" for k, w in pairs)


def _rule_to_code(pairs: tuple[tuple[int, int], ...]) -> str:
    return "".join(_KIND_LETTERS[k] + ("" if w == 1 else str(w)) for k, w in pairs)


def _rule_from_code(text: str) -> tuple[tuple[int, int], ...]:
    pairs: list[tuple[int, int]] = []
    i = 0
    while i < len(text):
        letter = text[i]
        if letter not in _KIND_LETTERS:
            raise CodeError(f"The growing-tree rule letter '{letter}' is unknown (known: {_KIND_LETTERS}).")
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        digits = text[i + 1 : j]
        if len(digits) > 4 or digits and not 2 <= int(digits) <= MAX_RULE_WEIGHT:
            raise CodeError(f"The growing-tree rule weight '{digits}' must be 2..{MAX_RULE_WEIGHT}.")
        kind = _KIND_LETTERS.index(letter)
        if pairs and kind <= pairs[-1][0]:
            raise CodeError("The growing-tree rule letters are repeated or out of order.")
        pairs.append((kind, int(digits) if digits else 1))
        i = j
    if not pairs:
        raise CodeError("The growing-tree rule is empty.")
    return tuple(pairs)


def normalize_options(algorithm: str, options: dict[str, str] | None) -> dict[str, str]:
    """Validate generator options and return them in canonical form.

    Raises:
        ValueError: an option the generator does not take, or a bad value.
    """
    from engine.generators import get_generator

    info = get_generator(algorithm)
    out: dict[str, str] = {}
    for key, value in (options or {}).items():
        if key not in info.options:
            known = ", ".join(info.options) or "none"
            raise ValueError(f"generator '{info.name}' has no option '{key}' (its options: {known})")
        if info.name == "growing-tree" and key == "rule":
            value = format_rule(_rule_pairs(str(value)))
        out[key] = str(value)
    if info.name == "growing-tree" and "rule" not in out:
        # Codes always carry the rule, so they never depend on the generator's default.
        from engine.generators.growing_tree import DEFAULT_RULE

        out["rule"] = format_rule(_rule_pairs(DEFAULT_RULE))
    return out


@dataclass(frozen=True)
class MazeSpec:
    """Everything that determines a maze level.

    Attributes:
        shape: tessellation name (``square``, ``hex``, ``triangle``, ``polar``, ``upsilon``).
        width, height: size in cells (polar: base sectors × rings); ranges per shape in
            :data:`engine.grids.SHAPES`.
        algorithm: generator name from :data:`engine.generators.GENERATORS`.
        options: generator options in canonical form (see :func:`normalize_options`).
        braid: percentage of dead ends removed, 0..100.
        seed: 0 .. 2**64-1.
    """

    shape: str
    width: int
    height: int
    algorithm: str
    options: dict[str, str] = field(default_factory=dict, hash=False)
    braid: int = 0
    seed: int = 0

    def __post_init__(self) -> None:
        # The growing tree's rule is part of the level: make it explicit, canonical
        # and independent of the generator's default (so codes never change meaning).
        if self.algorithm == "growing-tree":
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
    ) -> MazeSpec:
        """Validate user input and build a spec with canonical names.

        Args:
            braid: share of dead ends to remove as a fraction 0..1 (stored as a
                whole percentage, rounded half up).

        Raises:
            ValueError: with one sentence naming the first thing that is wrong.
        """
        from engine.generators import get_generator
        from engine.grids import canonical_shape, check_size

        shape = canonical_shape(shape)
        width, height = check_size(shape, width, height)
        gen = get_generator(algorithm)
        if shape not in gen.shapes:
            supported = ", ".join(gen.shapes)
            raise ValueError(f"generator '{gen.name}' does not run on {shape} grids (it supports: {supported})")
        if not 0.0 <= braid <= 1.0:
            raise ValueError(f"braid must be between 0 and 1, got {braid}")
        if not 0 <= seed <= SEED_MAX:
            raise ValueError(f"seed must be in 0..{SEED_MAX}, got {seed}")
        opts = normalize_options(gen.name, options)
        return cls(shape, width, height, gen.name, opts, int(braid * 100 + 0.5), int(seed))

    # -- codes -------------------------------------------------------------
    def code(self) -> str:
        """The shareable code of this level (upper case, with check character)."""
        return seal(".".join([f"M{VERSION}", *self.code_fields()]) + "#" + self.seed_text())

    def code_fields(self) -> list[str]:
        """The level's fields in codes, after the head: size, algorithm, options, braid.

        The inverse of :meth:`from_fields`; race and ghost codes carry them too.
        """
        from engine.generators import get_generator

        gen = get_generator(self.algorithm)
        parts = [f"{SHAPE_LETTERS[self.shape]}{self.width}X{self.height}", gen.code]
        if "rule" in self.options:
            parts.append(_rule_to_code(_rule_pairs(self.options["rule"])))
        if self.braid:
            parts.append(f"B{self.braid}")
        return parts

    def seed_text(self) -> str:
        """The seed as written in codes (base 36, after ``#``)."""
        return encode_int(self.seed)

    @classmethod
    def from_code(cls, code: str) -> MazeSpec:
        """Decode a maze code.

        Raises:
            CodeError: one plain sentence naming what is wrong.
        """
        fields, seed_text = open_code(code, tag="M", version=VERSION, what="maze code")
        return cls.from_fields(fields, seed_text)

    @classmethod
    def from_fields(cls, fields: list[str], seed_text: str) -> MazeSpec:
        """Decode the level part of a code: the fields after the head, and the seed.

        This is the one parser of maze parameters; race and ghost codes, which
        carry the same fields, use it too.

        Args:
            fields: ``["S20X15", "GT", "N3R", "B25"]`` (size, algorithm, options, braid).
            seed_text: the seed in base 36 (the text after ``#``).

        Raises:
            CodeError: one plain sentence naming what is wrong.
        """
        from engine.generators import GENERATORS
        from engine.grids import check_size

        if len(fields) < 2:
            raise CodeError("The maze code is missing its size or its algorithm.")
        size = fields[0]
        shape = _LETTER_SHAPES.get(size[:1])
        if shape is None:
            raise CodeError(f"The shape letter '{size[:1]}' is unknown (known: {', '.join(_LETTER_SHAPES)}).")
        w, x, h = size[1:].partition("X")
        if not x or not w.isdigit() or not h.isdigit() or len(w) > 4 or len(h) > 4:
            raise CodeError(f"The size '{size[1:]}' is not of the form WxH.")
        try:
            width, height = check_size(shape, int(w), int(h))
        except ValueError as exc:
            raise CodeError(f"The size is outside what the code allows: {exc}.") from None
        by_code = {g.code: g for g in GENERATORS.values()}
        gen = by_code.get(fields[1])
        if gen is None:
            raise CodeError(f"The algorithm code '{fields[1]}' is unknown (known: {', '.join(sorted(by_code))}).")
        if shape not in gen.shapes:
            raise CodeError(f"The generator '{gen.name}' does not run on {shape} grids.")
        options: dict[str, str] = {}
        braid = 0
        rest = fields[2:]
        if gen.name == "growing-tree":
            if not rest or rest[0].startswith("B"):
                raise CodeError("The growing-tree maze code is missing its rule (for example N4R).")
            options["rule"] = format_rule(_rule_from_code(rest[0]))
            rest = rest[1:]
        for part in rest:
            if part.startswith("B") and part[1:].isdigit() and len(part) <= 4 and not braid:
                braid = int(part[1:])
                if not 1 <= braid <= 100:
                    raise CodeError(f"The braid {braid}% must be 1..100.")
            else:
                raise CodeError(f"The part '{part}' of the maze code is not understood.")
        seed = decode_int(seed_text, what="seed", max_value=SEED_MAX)
        return cls(shape, width, height, gen.name, options, braid, seed)

    # -- building ----------------------------------------------------------
    def build(self) -> Maze:
        """Generate the maze (deterministic: same spec, same passages, anywhere)."""
        from engine.generators import generate
        from engine.generators.braid import braid as braid_fn
        from engine.grids import make_grid

        grid = make_grid(self.shape, self.width, self.height)
        rng = Rng(self.seed)
        passage = generate(grid, self.algorithm, rng, dict(self.options))
        if self.braid:
            passage = braid_fn(grid, passage, self.braid / 100.0, rng)
        return Maze(grid, passage, grid.start, grid.goal)

    def with_seed(self, seed: int) -> MazeSpec:
        """The same level parameters with another seed."""
        return MazeSpec(self.shape, self.width, self.height, self.algorithm, dict(self.options), self.braid, seed)

    def label(self) -> str:
        """A short human description, e.g. ``hex 20×15, wilson, braid 25%``."""
        opts = "".join(f", {k}={v}" for k, v in self.options.items())
        braid = f", braid {self.braid}%" if self.braid else ""
        return f"{self.shape} {self.width}×{self.height}, {self.algorithm}{opts}{braid}"
