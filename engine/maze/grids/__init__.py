"""Tessellation registry: look up a grid maker by name, build a grid.

Canonical names are ``square``, ``hex``, ``triangle``, ``polar`` and
``upsilon``; common aliases (``hexagonal``, ``circular``, ``octagon`` ...) are
accepted by :func:`canonical_shape` and :func:`make_grid`.  Sizes are
``width × height`` cells, both in ``min_size..max_size`` of the shape
(polar: base sectors × rings; upsilon: octagons per row × rows of octagons).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.maze.grids import hex as _hex
from engine.maze.grids import polar as _polar
from engine.maze.grids import square as _square
from engine.maze.grids import triangle as _triangle
from engine.maze.grids import upsilon as _upsilon
from engine.maze.grids.base import Grid, build_grid, check_dims

__all__ = ["SHAPES", "ShapeInfo", "Grid", "build_grid", "canonical_shape", "check_grid_size", "make_grid", "ALIASES",
           "PLAYER_NAMES", "player_name"]


@dataclass(frozen=True)
class ShapeInfo:
    """One tessellation.

    Attributes:
        name: canonical name.
        make: ``make(width, height) -> Grid``; raises ``ValueError`` out of range.
        min_size, max_size: inclusive range for width and for height alike.
        summary: one line for listings.
        size_help: what width and height mean for this shape.
    """

    name: str
    make: Callable[[int, int], Grid]
    min_size: int
    max_size: int
    summary: str
    size_help: str


SHAPES: dict[str, ShapeInfo] = {
    "square": ShapeInfo(
        "square",
        _square.make_square,
        _square.MIN_SIZE,
        _square.MAX_SIZE,
        "square cells, 4 neighbours",
        "width × height squares",
    ),
    "hex": ShapeInfo(
        "hex",
        _hex.make_hex,
        _hex.MIN_SIZE,
        _hex.MAX_SIZE,
        "pointy-top hexagons in offset rows, 6 neighbours",
        "width hexagons per row × height rows",
    ),
    "triangle": ShapeInfo(
        "triangle",
        _triangle.make_triangle,
        _triangle.MIN_SIZE,
        _triangle.MAX_SIZE,
        "alternating up/down triangles, 3 neighbours",
        "width triangles per row × height rows",
    ),
    "polar": ShapeInfo(
        "polar",
        _polar.make_polar,
        _polar.MIN_SIZE,
        _polar.MAX_SIZE,
        "concentric rings around a hole, cells split outward, up to 5 neighbours",
        "width cells in the innermost ring × height rings",
    ),
    "upsilon": ShapeInfo(
        "upsilon",
        _upsilon.make_upsilon,
        _upsilon.MIN_SIZE,
        _upsilon.MAX_SIZE,
        "octagons and small squares, 8 and 4 neighbours",
        "width octagons per row × height rows (plus the squares between them)",
    ),
}

ALIASES: dict[str, str] = {
    "squares": "square",
    "grid": "square",
    "rect": "square",
    "orthogonal": "square",
    "hexagon": "hex",
    "hexagons": "hex",
    "hexagonal": "hex",
    "sigma": "hex",
    "tri": "triangle",
    "triangles": "triangle",
    "triangular": "triangle",
    "delta": "triangle",
    "circle": "polar",
    "circular": "polar",
    "round": "polar",
    "theta": "polar",
    "octagon": "upsilon",
    "octagons": "upsilon",
    "octagonal": "upsilon",
    "octagon-square": "upsilon",
    "truncated-square": "upsilon",
}


#: The grids in a player's words (the registry's names are for codes and the command line).
PLAYER_NAMES = {"square": "square", "hex": "hexagon", "triangle": "triangle", "polar": "circle", "upsilon": "octagon"}


def player_name(shape: str) -> str:
    """``"hexagon"`` for ``"hex"``: what the game calls a grid on screen (an unknown name comes back unchanged)."""
    return PLAYER_NAMES.get(shape, shape)


def canonical_shape(name: str) -> str:
    """The canonical tessellation name for ``name`` (case, spaces and ``_`` ignored).

    Raises:
        ValueError: if the name is not a known shape or alias.
    """
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in SHAPES:
        raise ValueError(f"unknown shape '{name}' (known: {', '.join(SHAPES)})")
    return key


def make_grid(shape: str, width: int, height: int) -> Grid:
    """Build the grid of tessellation ``shape`` (name or alias) with the given size.

    Raises:
        ValueError: unknown shape (the message names the known ones), or a width
            or height outside the shape's range (the message gives the range).
    """
    info = SHAPES[canonical_shape(shape)]
    return info.make(*check_grid_size(info.name, width, height))


def check_grid_size(shape: str, width: object, height: object) -> tuple[int, int]:
    """Validate a size for ``shape`` (name or alias): ``(width, height)`` as ints.

    Raises:
        ValueError: unknown shape, or a dimension outside the shape's range (the
            message names the dimension, the range and the value).
    """
    info = SHAPES[canonical_shape(shape)]
    return check_dims(info.name, width, height, info.min_size, info.max_size)


#: The one-letter name of each shape inside codes (maze, race, ghost and level codes share it).
SHAPE_LETTERS: dict[str, str] = {"square": "S", "hex": "H", "triangle": "T", "polar": "P", "upsilon": "U"}
_LETTER_SHAPES = {v: k for k, v in SHAPE_LETTERS.items()}


def parse_shape_size(field: str) -> tuple[str, int, int]:
    """The shape and size of a code's ``<letter><W>X<H>`` field (e.g. ``H20X15``), range-checked.

    Raises:
        engine.code_frame.CodeError: an unknown shape letter, not ``WxH``, or a size outside the shape's range.
    """
    from engine.code_frame import CodeError

    shape = _LETTER_SHAPES.get(field[:1])
    if shape is None:
        raise CodeError(f"The shape letter '{field[:1]}' is unknown (known: {', '.join(_LETTER_SHAPES)}).")
    w, x, h = field[1:].partition("X")
    if not x or not w.isdigit() or not h.isdigit() or len(w) > 4 or len(h) > 4:
        raise CodeError(f"The size '{field[1:21]}' is not of the form WxH.")
    try:
        width, height = check_grid_size(shape, int(w), int(h))
    except ValueError as exc:
        raise CodeError(f"The size is outside what the code allows: {exc}.") from None
    return shape, width, height
