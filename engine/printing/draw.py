"""A maze as PDF drawing operators: walls, start and goal, weave bridges, stair marks, an answer's path.

The same pieces as the SVG export (:mod:`engine.maze.export`), written as content-stream operators
(``m``/``l``/``S`` for lines, ``f`` for fills) in vector form, formatted with one ``%`` per chunk of
segments so a 30 x 30 maze costs about a millisecond. Coordinates are PDF points, y up.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from engine.maze.export import CHUNK, drawing_bounds, marker_radius, runs_on_floors, wall_chunks
from engine.maze.model import Maze
from engine.printing.layout import Box, Fit, fit

__all__ = ["Ink", "fit_maze", "maze_ops"]

#: Colours as PDF rgb triples (0..1): ink for a maze page, the lighter ink of an answer key.
WALL = (0.08, 0.08, 0.08)
LIGHT_WALL = (0.62, 0.62, 0.62)
PATH = (0.13, 0.39, 0.82)
START = (0.18, 0.62, 0.29)
GOAL = (0.82, 0.20, 0.23)
DECK = (0.85, 0.83, 0.78)
UP = (0.78, 0.49, 0.0)
DOWN = (0.48, 0.31, 0.76)


class Ink:
    """The look of one drawing: ``answer`` draws the walls lighter and the solution over them."""

    def __init__(self, answer: bool = False) -> None:
        self.answer = answer
        self.wall = LIGHT_WALL if answer else WALL


def fit_maze(maze: Maze, box: Box) -> tuple[Fit, tuple[float, float]]:
    """How ``maze`` (its drawing, floors side by side) fits ``box``: the :class:`Fit` and the drawing's
    ``(xmin, ymin)`` in cell units (what the fit's corner stands for)."""
    xmin, ymin, xmax, ymax = drawing_bounds(maze)
    return fit(box, max(xmax - xmin, 1e-9), max(ymax - ymin, 1e-9)), (xmin, ymin)


def _xy(pts: np.ndarray, f: Fit, origin: tuple[float, float]) -> np.ndarray:
    out = np.empty_like(pts, dtype=np.float64)
    out[..., 0] = (pts[..., 0] - origin[0]) * f.scale + f.x
    out[..., 1] = (pts[..., 1] - origin[1]) * f.scale + f.y
    return out


def _rgb(colour: tuple[float, float, float], op: str) -> str:
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


def _polyline(pts: np.ndarray) -> str:
    if len(pts) < 2:
        return ""
    head = f"{pts[0][0]:.2f} {pts[0][1]:.2f} m\n"
    return head + ("%.2f %.2f l\n" * (len(pts) - 1)) % tuple(pts[1:].reshape(-1).tolist())


def _disc(x: float, y: float, r: float) -> str:
    """A filled circle of radius ``r`` points (four Bezier quarters)."""
    k = 0.5523 * r
    return (f"{x + r:.2f} {y:.2f} m {x + r:.2f} {y + k:.2f} {x + k:.2f} {y + r:.2f} {x:.2f} {y + r:.2f} c "
            f"{x - k:.2f} {y + r:.2f} {x - r:.2f} {y + k:.2f} {x - r:.2f} {y:.2f} c "
            f"{x - r:.2f} {y - k:.2f} {x - k:.2f} {y - r:.2f} {x:.2f} {y - r:.2f} c "
            f"{x + k:.2f} {y - r:.2f} {x + r:.2f} {y - k:.2f} {x + r:.2f} {y:.2f} c f\n")


def _hex(colour: str) -> tuple[float, float, float]:
    return int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255


def _rule_ops(maze: Maze, f: Fit, origin: tuple[float, float], line: float) -> Iterator[str]:
    """A puzzle maze's marks (:func:`engine.maze.rules.draw.rule_marks`): filled, then outlined."""
    from engine.maze.rules.draw import rule_marks

    for mark in rule_marks(maze):
        pts = _xy(mark.points, f, origin)
        xy = pts.tolist()
        shape = f"{xy[0][0]:.2f} {xy[0][1]:.2f} m " + "".join(f"{x:.2f} {y:.2f} l " for x, y in xy[1:]) + "h "
        if mark.fill is not None:
            yield _rgb(_hex(mark.fill), "rg") + shape + "f\n"
        if mark.outline is not None:
            yield _rgb(_hex(mark.outline), "RG") + f"{max(0.3, line * 0.5):.2f} w " + shape + "S\n"


def maze_ops(maze: Maze, box: Box, ink: Ink, path: Sequence[int] | None = None) -> Iterator[str]:
    """The operators drawing ``maze`` as large as fits ``box``, centred, in pieces (join them, or write each).

    Walls (and the outer boundary) are one stroked path at a tenth of a cell's width (at least 0.4 pt);
    start is a green disc, goal a red one; weave bridges are shaded decks with posts; stairs are the
    export's triangles (up amber, down violet). With ``path`` (cell ids, start to goal) the solution is
    drawn over the walls, cut where it takes a stair.
    """
    f, origin = fit_maze(maze, box)
    line = max(0.4, f.scale / 10.0)
    yield "q 1 J 1 j\n"
    if maze.is_weave:
        from engine.maze.bridges import bridge_posts, bridges

        yield _rgb(DECK, "rg") + _polygons(_xy(bridges(maze).decks, f, origin))
        posts = bridge_posts(maze)
        yield _rgb(ink.wall, "rg") + _polygons(_xy(posts.reshape(-1, posts.shape[-2], 2), f, origin))
    yield _rgb(ink.wall, "RG") + f"{line:.2f} w\n"
    for seg in wall_chunks(maze, CHUNK):
        yield _segments(_xy(seg, f, origin))
    yield "S\n"
    if maze.grid.floors > 1:
        from engine.maze.floors import stair_marks

        for tris, colour in zip(stair_marks(maze), (UP, DOWN), strict=True):
            yield _rgb(colour, "rg") + _polygons(_xy(tris, f, origin))
    for cell, colour in ((maze.start, START), (maze.goal, GOAL)):
        x, y = _xy(maze.grid.centers[cell], f, origin).tolist()
        yield _rgb(colour, "rg") + _disc(x, y, max(1.0, marker_radius(maze, cell) * f.scale))
    if maze.rules is not None:  # a puzzle maze: its elements, the shapes of the SVG and the game
        yield from _rule_ops(maze, f, origin, line)
    if path is not None:
        yield _rgb(PATH, "RG") + f"{max(0.8, line * 1.6):.2f} w\n"
        for run in runs_on_floors(maze, [int(c) for c in path]):
            yield _polyline(_xy(maze.grid.centers[run], f, origin)) + "S\n"
    yield "Q\n"
