"""A maze as PDF drawing operators: walls, start and goal, weave bridges, stair marks, an answer's path.

The same pieces as the SVG export (:mod:`engine.maze.export`), written as content-stream operators
(``m``/``l``/``S`` for lines, ``f`` for fills) in vector form, formatted with one ``%`` per chunk of
segments so a 30 x 30 maze costs about a millisecond. Coordinates are PDF points, y up.

A maze with floors is drawn as a grid of floors (:func:`engine.printing.layout.floor_fits`), not side by
side as the grid's own geometry has them: a :class:`Frame` maps each point to its floor's place. Start and
finish differ in shape, not only colour, so a black-and-white print tells them apart: start is a dark disc
with a light "S", finish a light square in a dark frame with a dark "F" (the letters are text, drawn by the
workbook), each at least :data:`MIN_MARK_MM` across.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.maze.export import CHUNK, drawing_bounds, marker_radius, runs_on_floors, wall_chunks
from engine.maze.model import Maze
from engine.printing.layout import MM, Box, Fit, fit, floor_fits

__all__ = ["MIN_MARK_MM", "EndMark", "Frame", "Ink", "end_mark_ops", "end_marks", "fit_maze", "frame_for",
           "maze_ops", "polygon_ops", "rgb", "stair_icon_ops",
           "circle_path", "hex_rgb"]

#: Colours as PDF rgb triples (0..1): ink for a maze page, the lighter ink of an answer key.
WALL = (0.08, 0.08, 0.08)
LIGHT_WALL = (0.62, 0.62, 0.62)
PATH = (0.13, 0.39, 0.82)
#: Start's disc and finish's frame: both dark (about 30 % grey), so the shapes, not the hues, tell them apart.
START = (0.05, 0.45, 0.18)
GOAL = (0.70, 0.10, 0.12)
PAPER = (1.0, 1.0, 1.0)
DECK = (0.85, 0.83, 0.78)
UP = (0.78, 0.49, 0.0)
DOWN = (0.48, 0.31, 0.76)
#: The smallest start and finish mark, millimetres across (a disc's diameter, a square's side).
MIN_MARK_MM = 5.0
#: The largest a mark grows by itself in a big cell, millimetres (``--marker-size`` may ask for more).
MAX_AUTO_MARK_MM = 12.0


class Ink:
    """The look of one drawing: ``answer`` draws the walls lighter and the solution over them;
    ``line_mm`` the walls' width (None: a tenth of a cell, at least 0.4 pt); ``marker_mm`` the start and finish
    marks' size (None: 70 % of the cell, :data:`MIN_MARK_MM`..:data:`MAX_AUTO_MARK_MM`)."""

    def __init__(self, answer: bool = False, line_mm: float | None = None, marker_mm: float | None = None) -> None:
        self.answer = answer
        self.wall = LIGHT_WALL if answer else WALL
        self.line_mm = line_mm
        self.marker_mm = marker_mm

    def line(self, scale: float) -> float:
        """The walls' width in points for cells ``scale`` points apart."""
        return self.line_mm * MM if self.line_mm is not None else max(0.4, scale / 10.0)

    def marker(self, inner: float) -> float:
        """A start or finish mark's size in points for a cell whose inscribed circle is ``inner`` points across."""
        if self.marker_mm is not None:
            return self.marker_mm * MM
        return min(max(0.7 * inner, MIN_MARK_MM * MM), MAX_AUTO_MARK_MM * MM)


@dataclass(frozen=True)
class Frame:
    """Where a maze's drawing goes on the page: one :class:`Fit` per floor (the same scale), floor ``k``'s
    points found by where they lie in the grid's geometry (floors in rows of ``columns``:
    :mod:`engine.maze.grids.floors`).

    Attributes:
        fits: one per floor, floor 1 first; origin: ``(xmin, ymin)`` of floor 1's drawing, cell units;
        pitch: cell units between the same cell on two floors side by side in the grid's geometry (0 for one
        floor); size: one floor's drawing ``(width, height)``, cell units; rise: cell units between two rows of
        floors; columns: floors per row (0: every floor in one row).
    """

    fits: tuple[Fit, ...]
    origin: tuple[float, float]
    pitch: float
    size: tuple[float, float]
    rise: float = 0.0
    columns: int = 0

    @property
    def scale(self) -> float:
        """Points per cell unit."""
        return self.fits[0].scale

    def xy(self, pts: np.ndarray) -> np.ndarray:
        """Points ``(..., 2)`` in the grid's cell units -> page points (each on its floor's place)."""
        pts = np.asarray(pts, dtype=np.float64)
        out = np.empty_like(pts)
        s = self.scale
        x = pts[..., 0] - self.origin[0]
        if len(self.fits) == 1:
            out[..., 0] = x * s + self.fits[0].x
            out[..., 1] = (pts[..., 1] - self.origin[1]) * s + self.fits[0].y
            return out
        y = pts[..., 1] - self.origin[1]
        n = len(self.fits)
        cols = self.columns or n
        rows = -(-n // cols)
        gap = self.pitch - self.size[0]
        col = np.clip(np.floor((x + gap / 2) / self.pitch), 0, cols - 1).astype(np.int64)
        row = np.zeros_like(col)
        if rows > 1:
            rgap = self.rise - self.size[1]
            row = np.clip(np.floor((y + rgap / 2) / self.rise), 0, rows - 1).astype(np.int64)
        k = np.minimum(row * cols + col, n - 1)
        fx = np.array([f.x for f in self.fits])[k]
        fy = np.array([f.y for f in self.fits])[k]
        out[..., 0] = (x - col * self.pitch) * s + fx
        out[..., 1] = (y - row * self.rise) * s + fy
        return out

    def raised(self, top: float) -> Frame:
        """The same drawing moved up (or down) so its top is at ``top`` points."""
        b = self.bounds()
        dy = top - (b.y + b.h)
        return Frame(tuple(Fit(f.scale, f.x, f.y + dy) for f in self.fits), self.origin, self.pitch, self.size,
                     self.rise, self.columns)

    def floor_box(self, k: int) -> Box:
        """Floor ``k``'s drawing on the page, points."""
        f = self.fits[k]
        return Box(f.x, f.y, self.size[0] * f.scale, self.size[1] * f.scale)

    def bounds(self) -> Box:
        """The box around every floor's drawing, points."""
        boxes = [self.floor_box(k) for k in range(len(self.fits))]
        x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
        x1, y1 = max(b.x + b.w for b in boxes), max(b.y + b.h for b in boxes)
        return Box(x0, y0, x1 - x0, y1 - y0)


def frame_for(maze: Maze, box: Box, label: float = 0.0) -> Frame:
    """How ``maze`` fits ``box``, as large as it can, centred: one drawing, or its floors as a grid
    (:func:`engine.printing.layout.floor_fits`, ``label`` points above each floor for its name)."""
    xmin, ymin, xmax, ymax = drawing_bounds(maze)
    floors = maze.grid.floors
    h = max(ymax - ymin, 1e-9)
    if floors == 1:
        w = max(xmax - xmin, 1e-9)
        return Frame((fit(box, w, h),), (xmin, ymin), 0.0, (w, h))
    grid: Any = maze.grid  # a FloorGrid (floors > 1)
    pitch, rise, cols = float(grid.floor_pitch), float(grid.floor_rise), int(grid.floor_columns)
    rows = -(-floors // cols)
    w = max(xmax - xmin - (cols - 1) * pitch, 1e-9)
    h = max(ymax - ymin - (rows - 1) * rise, 1e-9)
    return Frame(tuple(floor_fits(box, w, h, floors, label)), (xmin, ymin), pitch, (w, h), rise, cols)


def fit_maze(maze: Maze, box: Box) -> tuple[Fit, tuple[float, float]]:
    """How ``maze`` fits ``box``: floor 1's :class:`Fit` and the drawing's ``(xmin, ymin)`` in cell units
    (what the fit's corner stands for); see :func:`frame_for` for every floor."""
    frame = frame_for(maze, box)
    return frame.fits[0], frame.origin


def rgb(colour: tuple[float, float, float], op: str) -> str:
    """A colour operator: ``rg`` (fill) or ``RG`` (stroke)."""
    return f"{colour[0]:.3f} {colour[1]:.3f} {colour[2]:.3f} {op}\n"


def _segments(seg: np.ndarray) -> str:
    """``(k, 2, 2)`` page points -> ``x y m x y l`` operators."""
    ops: str = ("%.2f %.2f m %.2f %.2f l\n" * len(seg)) % tuple(seg.reshape(-1).tolist())
    return ops


def _polygons(polys: np.ndarray) -> str:
    """``(k, n, 2)`` page points -> closed, filled polygons."""
    if not len(polys):
        return ""
    n = polys.shape[1]
    one = "%.2f %.2f m " + "%.2f %.2f l " * (n - 1) + "h\n"
    body: str = (one * len(polys)) % tuple(polys.reshape(-1).tolist())
    return body + "f\n"


def polygon_ops(pts: np.ndarray, fill: tuple[float, float, float] | None,
                outline: tuple[float, float, float] | None, width: float = 0.5) -> str:
    """One closed polygon ``(n, 2)`` page points, filled and/or outlined ``width`` points."""
    xy = np.asarray(pts, dtype=np.float64).tolist()
    shape = f"{xy[0][0]:.2f} {xy[0][1]:.2f} m " + "".join(f"{x:.2f} {y:.2f} l " for x, y in xy[1:]) + "h "
    out = ""
    if fill is not None:
        out += rgb(fill, "rg") + shape + "f\n"
    if outline is not None:
        out += rgb(outline, "RG") + f"{width:.2f} w " + shape + "S\n"
    return out


def _polyline(pts: np.ndarray) -> str:
    if len(pts) < 2:
        return ""
    head = f"{pts[0][0]:.2f} {pts[0][1]:.2f} m\n"
    return head + ("%.2f %.2f l\n" * (len(pts) - 1)) % tuple(pts[1:].reshape(-1).tolist())


def circle_path(x: float, y: float, r: float) -> str:
    """A circle's path of radius ``r`` points (four Bezier quarters), closed, not painted."""
    k = 0.5523 * r
    return (f"{x + r:.2f} {y:.2f} m {x + r:.2f} {y + k:.2f} {x + k:.2f} {y + r:.2f} {x:.2f} {y + r:.2f} c "
            f"{x - k:.2f} {y + r:.2f} {x - r:.2f} {y + k:.2f} {x - r:.2f} {y:.2f} c "
            f"{x - r:.2f} {y - k:.2f} {x - k:.2f} {y - r:.2f} {x:.2f} {y - r:.2f} c "
            f"{x + k:.2f} {y - r:.2f} {x + r:.2f} {y - k:.2f} {x + r:.2f} {y:.2f} c h ")


def hex_rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` -> a PDF rgb triple (0..1)."""
    return int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255


@dataclass(frozen=True)
class EndMark:
    """A start or finish mark: ``kind`` ``"start"`` or ``"finish"``, its centre ``(x, y)`` and ``size`` across,
    points (the letter on it is the workbook's: :data:`LETTERS`)."""

    kind: str
    x: float
    y: float
    size: float


#: The letter on each end mark, its colour.
LETTERS = {"start": ("S", PAPER), "finish": ("F", GOAL)}


def end_marks(maze: Maze, frame: Frame, ink: Ink) -> list[EndMark]:
    """Where the start and finish marks go and how big (:meth:`Ink.marker`)."""
    out = []
    for kind, cell in (("start", maze.start), ("finish", maze.goal)):
        x, y = frame.xy(maze.grid.centers[cell]).tolist()
        inner = 4.0 * marker_radius(maze, cell) * frame.scale  # marker_radius is half the centre-to-side distance
        out.append(EndMark(kind, x, y, ink.marker(inner)))
    return out


def end_mark_ops(mark: EndMark) -> str:
    """The operators of one end mark with a paper-white halo (legible where a big mark overlaps walls):
    start a dark disc, finish a white square in a dark frame."""
    x, y, half = mark.x, mark.y, mark.size / 2
    halo = max(0.8, mark.size * 0.08)
    if mark.kind == "start":
        return (rgb(PAPER, "rg") + circle_path(x, y, half + halo) + "f\n"
                + rgb(START, "rg") + circle_path(x, y, half) + "f\n")
    frame_w = max(1.0, mark.size * 0.13)
    outer, inner = half + halo, half - frame_w / 2
    return (rgb(PAPER, "rg") + f"{x - outer:.2f} {y - outer:.2f} {2 * outer:.2f} {2 * outer:.2f} re f\n"
            + rgb(GOAL, "RG") + f"{frame_w:.2f} w 0 J 0 j "
            + f"{x - inner:.2f} {y - inner:.2f} {2 * inner:.2f} {2 * inner:.2f} re S 1 J 1 j\n")


def stair_icon_ops(x: float, y: float, size: float, up: bool) -> str:
    """A stair mark's triangle (up amber pointing up, down violet pointing down) ``size`` points high."""
    r = size / 1.5
    tri = np.array([[0.0, r], [-0.866 * r, -0.5 * r], [0.866 * r, -0.5 * r]]) * (1 if up else -1)
    return rgb(UP if up else DOWN, "rg") + _polygons((tri + [x, y])[None])


def _rule_ops(maze: Maze, frame: Frame, line: float) -> Iterator[str]:
    """A puzzle maze's marks (:func:`engine.maze.rules.draw.rule_marks`): filled, then outlined."""
    from engine.maze.rules.draw import rule_marks

    for mark in rule_marks(maze):
        yield polygon_ops(frame.xy(mark.points), None if mark.fill is None else hex_rgb(mark.fill),
                          None if mark.outline is None else hex_rgb(mark.outline), max(0.3, line * 0.5))


def _chevrons(pts: np.ndarray, size: float) -> str:
    """A small arrowhead on each step of a path (page points), pointing the way it goes, a third of the way
    along (so a passage walked there and back shows two arrowheads apart, not one over the other)."""
    a, b = pts[:-1], pts[1:]
    d = b - a
    length = np.hypot(d[:, 0], d[:, 1])
    keep = length > 1e-6
    if not keep.any():
        return ""
    a, d, length = a[keep], d[keep], length[keep]
    u = d / length[:, None]
    n = np.stack([-u[:, 1], u[:, 0]], axis=1)
    s = np.minimum(size, length * 0.2)[:, None]
    mid = a + d * 0.3
    tris = np.stack([mid + u * s, mid - u * s * 0.7 + n * s, mid - u * s * 0.7 - n * s], axis=1)
    return _polygons(tris)


def maze_ops(maze: Maze, frame: Frame, ink: Ink, path: Sequence[int] | None = None,
             arrows: bool = False) -> Iterator[str]:
    """The operators drawing ``maze`` where ``frame`` puts it, in pieces (join them, or write each).

    Walls (and the outer boundary) are one stroked path (:meth:`Ink.line`); weave bridges are shaded decks
    with posts; stairs are the export's triangles (up amber, down violet); a puzzle maze's elements are
    :func:`engine.maze.rules.draw.rule_marks`, drawn over the solution. With ``path`` (cell ids, start to goal)
    the solution is drawn over the walls, cut where it takes a stair, with an arrowhead on every step when
    ``arrows`` (a puzzle's way may walk a passage twice). The start and finish marks come last, over everything
    (:func:`end_mark_ops`).
    """
    line = ink.line(frame.scale)
    yield "q 1 J 1 j\n"
    if maze.is_weave:
        from engine.maze.bridges import bridge_posts, bridges

        yield rgb(DECK, "rg") + _polygons(frame.xy(bridges(maze).decks))
        posts = bridge_posts(maze)
        yield rgb(ink.wall, "rg") + _polygons(frame.xy(posts.reshape(-1, posts.shape[-2], 2)))
    yield rgb(ink.wall, "RG") + f"{line:.2f} w\n"
    for seg in wall_chunks(maze, CHUNK):
        yield _segments(frame.xy(seg))
    yield "S\n"
    if maze.grid.floors > 1:
        from engine.maze.floors import stair_marks

        for tris, colour in zip(stair_marks(maze), (UP, DOWN), strict=True):
            yield rgb(colour, "rg") + _polygons(frame.xy(tris))
    if path is not None:
        width = max(0.8, line * 1.6)
        yield rgb(PATH, "RG") + f"{width:.2f} w\n"
        runs = [frame.xy(maze.grid.centers[run]) for run in runs_on_floors(maze, [int(c) for c in path])]
        for pts in runs:
            yield _polyline(pts) + "S\n"
        if arrows:
            yield rgb(PATH, "rg") + "".join(_chevrons(pts, max(2.5, width * 2.0)) for pts in runs)
    if maze.rules is not None:  # a puzzle maze's elements (over its way: the key it fetches stays in sight)
        yield from _rule_ops(maze, frame, line)
    for mark in end_marks(maze, frame, ink):
        yield end_mark_ops(mark)
    yield "Q\n"
