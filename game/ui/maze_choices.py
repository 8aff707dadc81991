"""The maze part of a setup screen as plain data (no arcade), shared by the Race and Lab setups.

:class:`MazeChoices` cycles through the tessellations, sizes, generators
(+ growing-tree rule), braid, seed, how many floors (Race and Lab setups), and
(Race setup only) a built-in shape to cut the grid to and how much it weaves, and builds a
:class:`~engine.maze.recipe.MazeSpec`.  Combinations the engine refuses (weave on
a triangle grid, a row generator on a shape, floors with weave or a shape, ...) are reported by
:meth:`MazeChoices.problem` in the engine's own sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from engine.maze.grids import player_name
from engine.maze.masks import BUILTIN, Mask
from engine.maze.recipe import MazeSpec

SHAPE_ORDER = ("square", "hex", "triangle", "polar", "upsilon")
#: Size presets per tessellation: (label, width, height); race sizes are the first three.
SIZES: dict[str, tuple[tuple[str, int, int], ...]] = {
    "square": (
        ("small", 10, 8),
        ("medium", 20, 15),
        ("large", 40, 30),
        ("100x100", 100, 100),
        ("300x300", 300, 300),
        ("1000x1000", 1000, 1000),
    ),
    "hex": (("small", 8, 7), ("medium", 16, 12), ("large", 30, 22), ("100x100", 100, 100), ("300x300", 300, 300)),
    "triangle": (("small", 14, 8), ("medium", 24, 12), ("large", 48, 24), ("100x100", 100, 100), ("300x300", 300, 300)),
    "polar": (("small", 6, 5), ("medium", 8, 10), ("large", 12, 20), ("big", 16, 50), ("huge", 24, 150)),
    "upsilon": (("small", 6, 6), ("medium", 12, 10), ("large", 24, 18), ("100x100", 100, 100)),
}
RACE_SIZES = 3
BRAIDS = (0, 10, 25, 50, 100)
T = TypeVar("T")
RULES = ("mostly-newest", "newest", "random", "oldest", "newest-quarter", "newest:3,random:1")
MASKS = ("none", *BUILTIN)
WEAVES = (0, 25, 50, 80)
#: Floor counts offered (1: a flat maze; more: floors joined by stairs, square and hex only).
FLOORS = (1, 2, 3, 4)


def new_seed() -> int:
    """A fresh random seed (0..2**32-1) from the operating system."""
    import secrets

    return secrets.randbelow(1 << 32)


def _step(values: tuple[T, ...], value: T, step: int) -> T:
    """The value ``step`` places after ``value`` in ``values`` (wrapping; from the first when absent)."""
    i = values.index(value) if value in values else 0
    return values[(i + step) % len(values)]


def algorithms_for(shape: str, floors: int = 1) -> list[str]:
    """Generator names that run on ``shape`` (with ``floors`` > 1: those that carve over floors), in registry
    order."""
    from engine.maze.generators import GENERATORS

    return [g.name for g in GENERATORS.values() if shape in g.shapes and (floors == 1 or g.floors)]


@dataclass
class MazeChoices:
    """The maze part of a setup screen (cycling choices; no arcade).

    Attributes:
        shape: tessellation name.
        size: index into :data:`SIZES` of the shape.
        algorithm: generator name (always one that runs on ``shape``).
        rule: growing-tree rule (used only by ``growing-tree``).
        braid: percent of dead ends removed.
        seed: 0..2**64-1.
        max_sizes: how many presets of :data:`SIZES` are offered.
        mask: a built-in shape name of :data:`engine.maze.masks.BUILTIN`, or ``"none"`` (the whole grid).
        weave: percent 0..100 of cells allowed to be crossings (0: no weave).
        floors: how many floors, one of :data:`FLOORS` (1: a flat maze).
    """

    shape: str = "square"
    size: int = 1
    algorithm: str = "growing-tree"
    rule: str = "mostly-newest"
    braid: int = 0
    seed: int = field(default_factory=new_seed)
    max_sizes: int = RACE_SIZES
    mask: str = "none"
    weave: int = 0
    floors: int = 1

    def sizes(self) -> tuple[tuple[str, int, int], ...]:
        """The size presets offered for the current shape."""
        return SIZES[self.shape][: self.max_sizes]

    def cycle(self, what: str, step: int = 1) -> None:
        """Move choice ``what`` (shape, size, algorithm, rule, braid, mask, weave, floors) by ``step`` (wraps around).

        Raises:
            ValueError: unknown choice name.
        """
        if what == "shape":
            self.shape = SHAPE_ORDER[(SHAPE_ORDER.index(self.shape) + step) % len(SHAPE_ORDER)]
            self.size = min(self.size, len(self.sizes()) - 1)
            if self.algorithm not in algorithms_for(self.shape):
                self.algorithm = algorithms_for(self.shape)[0]
        elif what == "size":
            self.size = (self.size + step) % len(self.sizes())
        elif what == "algorithm":
            algos = algorithms_for(self.shape)
            i = algos.index(self.algorithm) if self.algorithm in algos else 0
            self.algorithm = algos[(i + step) % len(algos)]
        elif what == "rule":
            self.rule = _step(RULES, self.rule, step)
        elif what == "braid":
            self.braid = _step(BRAIDS, self.braid, step)
        elif what == "mask":
            self.mask = _step(MASKS, self.mask, step)
        elif what == "weave":
            self.weave = _step(WEAVES, self.weave, step)
        elif what == "floors":
            self.floors = _step(FLOORS, self.floors, step)
        else:
            raise ValueError(f"unknown choice '{what}'")

    def options(self) -> dict[str, str]:
        """Generator options for the current algorithm."""
        return {"rule": self.rule} if self.algorithm == "growing-tree" else {}

    def spec(self) -> MazeSpec:
        """The maze spec of the current choices.

        Raises:
            ValueError: a combination the engine refuses (one sentence naming it; see :meth:`problem`).
        """
        _, w, h = self.sizes()[self.size]
        mask = None if self.mask == "none" else Mask.builtin(self.mask)
        return MazeSpec.create(
            self.shape,
            w,
            h,
            self.algorithm,
            self.options(),
            self.braid / 100,
            self.seed,
            mask=mask,
            weave=self.weave / 100,
            floors=self.floors,
        )

    def problem(self) -> str:
        """Why the current choices make no maze (the engine's sentence), or ``""`` when they do."""
        try:
            self.spec()
        except ValueError as exc:
            return str(exc)
        return ""

    def adopt(self, spec: MazeSpec) -> None:
        """Show ``spec``'s values (a size not among the presets is added to the choices as "code"); the Lab uses
        it and offers no shape or weave choice, so those two stay as they are (its floors are shown)."""
        self.shape = spec.shape
        self.algorithm = spec.algorithm
        self.rule = spec.options.get("rule", self.rule)
        self.braid = spec.braid if spec.braid in BRAIDS else self.braid
        self.seed = spec.seed
        self.floors = spec.floors
        for i, (_, w, h) in enumerate(SIZES[spec.shape]):
            if (w, h) == (spec.width, spec.height):
                self.size = i
                self.max_sizes = max(self.max_sizes, i + 1)
                break

    def labels(self) -> dict[str, str]:
        """Button captions for every choice."""
        name, w, h = self.sizes()[self.size]
        return {
            "shape": f"Grid: {player_name(self.shape)}",
            "size": f"Size: {name} ({w}x{h})",
            "algorithm": f"Algorithm: {self.algorithm}",
            "rule": f"Rule: {self.rule}" if self.algorithm == "growing-tree" else "Rule: (growing tree only)",
            "braid": f"Braid: {self.braid}% of dead ends removed",
            "seed": f"Seed: {self.seed}  (click: new)",
            "mask": "Shape: whole grid" if self.mask == "none" else f"Shape: {self.mask}",
            "weave": "Weave: off" if not self.weave else f"Weave: {self.weave}% (bridges)",
            "floors": "Floors: 1" if self.floors == 1 else f"Floors: {self.floors} (joined by stairs)",
        }
