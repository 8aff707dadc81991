"""How a puzzle maze's elements look on paper and in pictures: polygons in cell units.

Every element is told apart by shape as well as colour (colour-blind players, greyscale prints):

* a **one-way passage** is an arrowhead on the passage, pointing the way it may be walked;
* a **key** is its colour's shape (:data:`engine.maze.rules.KEY_SHAPES`: red triangle, blue square, yellow
  diamond, green hexagon; never a disc, which marks the start and the goal), a **door** a bar of its colour
  across the passage with the same shape on it;
* the **hunter** is a dark six-pointed star;
* a **switch** is a ring with a dot; a **gate** is a bar across the passage, solid where it starts shut and
  hollow (an outline) where it starts open.

:func:`rule_marks` gives them as :class:`Mark` s (drawn after the walls, in this order); the SVG and PNG
writers (:mod:`engine.maze.export`) and the print layout paint them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np

from engine.maze.model import Maze
from engine.maze.rules import COLOURS, KEY_SHAPES, Rules

#: Fill colours of the four key colours (``#rrggbb``), chosen to differ in lightness too.
COLOUR_HEX: Final = {"red": "#d62828", "blue": "#1d4ed8", "yellow": "#f2c500", "green": "#2a9d3f"}
INK: Final = "#1a1a1a"
HUNTER_HEX: Final = "#5b1670"
ARROW_HEX: Final = "#e07000"
SWITCH_HEX: Final = "#0e7c86"


@dataclass(frozen=True)
class Mark:
    """One filled shape: ``points`` ``(k, 2)`` in cell units, ``fill`` and ``outline`` colours (``#rrggbb`` or
    None for none), and what it shows (``kind``: ``oneway``, ``door``, ``key``, ``hunter``, ``switch``, ``gate``)."""

    kind: str
    points: np.ndarray
    fill: str | None
    outline: str | None
    ref: tuple[int, ...] = ()  # the element: door (a, b, colour), key (cell, colour), gate (a, b, open), ...


def shape_points(shape: str, centre: np.ndarray, r: float) -> np.ndarray:
    """The polygon of a shape (``circle``, ``square``, ``triangle``, ``diamond``, ``hexagon``) of radius ``r``."""
    cx, cy = float(centre[0]), float(centre[1])
    if shape == "hexagon":
        angles = np.arange(6) * math.pi / 3
        return np.stack([cx + r * np.cos(angles), cy + r * np.sin(angles)], axis=1)
    if shape == "circle":
        angles = np.linspace(0.0, 2 * math.pi, 20, endpoint=False)
        return np.stack([cx + r * np.cos(angles), cy + r * np.sin(angles)], axis=1)
    if shape == "square":
        s = r * 0.85
        return np.array([[cx - s, cy - s], [cx + s, cy - s], [cx + s, cy + s], [cx - s, cy + s]])
    if shape == "triangle":
        return np.array([[cx, cy + r], [cx - r * 0.95, cy - r * 0.7], [cx + r * 0.95, cy - r * 0.7]])
    if shape == "diamond":
        return np.array([[cx, cy + r], [cx - r, cy], [cx, cy - r], [cx + r, cy]])
    raise ValueError(f"unknown shape {shape!r}")


def _star(centre: np.ndarray, r: float, points: int = 6) -> np.ndarray:
    angles = np.arange(2 * points) * math.pi / points + math.pi / 2
    radii = np.where(np.arange(2 * points) % 2 == 0, r, r * 0.5)
    return np.stack([centre[0] + radii * np.cos(angles), centre[1] + radii * np.sin(angles)], axis=1)


def _bar(seg: np.ndarray, thickness: float, shrink: float = 0.8) -> np.ndarray:
    """A rectangle along the wall segment ``seg`` ``(2, 2)`` (shortened to ``shrink``), ``thickness`` across."""
    a, b = seg[0], seg[1]
    mid = (a + b) / 2
    half = (b - a) / 2 * shrink
    length = float(np.hypot(*half)) or 1.0
    normal = np.array([-half[1], half[0]]) / length * thickness / 2
    return np.array([mid - half - normal, mid + half - normal, mid + half + normal, mid - half + normal])


def rule_marks(maze: Maze, rules: Rules | None = None) -> list[Mark]:
    """The marks of ``rules`` (default: the maze's own) on ``maze``, in drawing order; empty for none."""
    rules = rules if rules is not None else maze.rules
    if rules is None or rules.empty:
        return []
    g = maze.grid
    centres = g.centers
    walls = g.walls
    lookup = g.edge_lookup()
    out: list[Mark] = []

    def edge(a: int, b: int) -> int:
        return lookup[(min(a, b), max(a, b))]

    def size(a: int, b: int) -> float:
        return float(np.hypot(*(centres[b] - centres[a])))

    for a, b in rules.oneway:
        ca, cb = centres[a], centres[b]
        mid = (ca + cb) / 2
        d = (cb - ca) / (size(a, b) or 1.0)
        n = np.array([-d[1], d[0]])
        s = size(a, b) * 0.17
        tip = mid + d * s
        out.append(Mark("oneway", np.array([tip, mid - d * s + n * s, mid - d * s * 0.35, mid - d * s - n * s]),
                        ARROW_HEX, INK, (a, b)))
    for a, b, c in rules.doors:
        seg = walls[edge(a, b)]
        colour = COLOUR_HEX[COLOURS[c]]
        out.append(Mark("door", _bar(seg, size(a, b) * 0.22), colour, INK, (a, b, c)))
        out.append(Mark("door", shape_points(KEY_SHAPES[c], seg.mean(axis=0), size(a, b) * 0.13), "#ffffff", INK,
                        (a, b, c)))
    for a, b, opened in rules.gates:
        seg = walls[edge(a, b)]
        out.append(Mark("gate", _bar(seg, size(a, b) * 0.16, 0.9), None if opened else SWITCH_HEX, SWITCH_HEX,
                        (a, b, int(opened))))
    def marker_radius(cell: int) -> float:  # a quarter of the way to the nearest neighbour's centre
        nb = g.nbr[g.indptr[cell]:g.indptr[cell + 1]]
        return 0.25 * float(np.min(np.hypot(*(centres[nb] - centres[cell]).T))) if len(nb) else 0.25

    for cell, c in rules.keys:
        r = marker_radius(cell) * 1.05
        out.append(Mark("key", shape_points(KEY_SHAPES[c], centres[cell], r), COLOUR_HEX[COLOURS[c]], INK, (cell, c)))
    for cell in rules.switches:
        r = marker_radius(cell) * 1.3
        out.append(Mark("switch", shape_points("circle", centres[cell], r), "#ffffff", SWITCH_HEX, (cell,)))
        out.append(Mark("switch", shape_points("circle", centres[cell], r * 0.45), SWITCH_HEX, None, (cell,)))
    if rules.pursuer is not None:
        r = marker_radius(rules.pursuer) * 1.6
        out.append(Mark("hunter", _star(centres[rules.pursuer], r), HUNTER_HEX, INK, (rules.pursuer,)))
    return out


def legend(rules: Rules) -> list[str]:
    """One line per kind of element the rules use, in players' words (for prints and ``tessera show``)."""
    lines: list[str] = []
    if rules.oneway:
        lines.append("Orange arrow: a one-way passage, walked only the way it points.")
    for c in rules.colours():
        name = COLOURS[c]
        lines.append(f"{name.capitalize()} {KEY_SHAPES[c]}: the {name} key; a {name} bar with a {KEY_SHAPES[c]} "
                     f"is its door, shut until you hold the key.")
    if rules.pursuer is not None:
        lines.append("Dark star: the hunter. After each of your moves it takes two steps toward you; "
                     "it cannot pass doors. You may wait a turn.")
    if rules.switches or rules.gates:
        lines.append("Ring: a switch. Stepping on it flips every gate: solid bars (shut) open, hollow bars "
                     "(open) shut.")
    return lines
