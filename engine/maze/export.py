"""Maze export: ASCII art (square grids), SVG and PNG (every tessellation), JSON.

All functions are pure: they read a :class:`~engine.maze.model.Maze` and return text
or a dict, or write to one file (``to_png``, and the streaming writers
``write_svg`` / ``write_json``, which format a million-cell maze in pieces
instead of building the whole document in memory).  Pictures put north up: grid y grows
up, image y grows down, so y is flipped.  A solution ``path`` is a sequence of
cell ids (start .. goal) drawn through the cell centres.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator, Sequence
from typing import IO, Any, TextIO

import numpy as np

from engine.maze.model import Maze

MAX_IMAGE_SIDE = 8192  # pixels: the automatic PNG scale keeps the image within this
MAX_EXPLICIT_SIDE = 32768  # pixels: larger PNGs are refused

_WALL = "#1b1b1b"
_START = "#2e9d4a"
_GOAL = "#d1343a"
_PATH = "#2f6fd6"
_DECK = "#d9d4c7"  # a weave maze's bridge decks
_UP = "#c77d00"  # a stair up (a maze with floors)
_DOWN = "#7a4fc2"  # a stair down


#: Why a maze with floors has no ASCII picture (one sentence).
NO_ASCII_FLOORS = "ASCII art cannot show floors and stairs; use SVG, PNG or JSON"


# -- helpers ---------------------------------------------------------------
def closed_segments(maze: Maze) -> np.ndarray:
    """Every wall still standing plus the outer boundary, ``(k, 2, 2)`` float64 in cell units.

    A weave maze's crossings are drawn as bridges (:func:`engine.maze.bridges.bridges`): the
    crossing cells' under-side walls give way to the bridge's rails, tunnel stubs and edge pieces.
    """
    return np.concatenate(list(wall_chunks(maze, max(1, maze.grid.num_edges))))


def _standing(maze: Maze) -> tuple[np.ndarray, np.ndarray]:
    """Edge ids of the walls drawn whole, and the extra segments of a weave maze's bridges
    (the same walls as :func:`engine.maze.bridges.standing_walls`, kept as edge ids so big mazes stream)."""
    closed = ~maze.passage
    if maze.grid.floors > 1:  # a closed stair candidate is a floor or ceiling: no wall to draw
        closed[maze.grid.stair_start :] = False
    if not maze.is_weave:
        return np.flatnonzero(closed), np.zeros((0, 2, 2))
    from engine.maze.bridges import bridges

    br = bridges(maze)
    closed = closed.copy()
    closed[br.hidden] = False
    return np.flatnonzero(closed), br.segments


def drawing_bounds(maze: Maze) -> tuple[float, float, float, float]:
    """``(xmin, ymin, xmax, ymax)``: the outer boundary encloses every cell, so its box is cheap and exact."""
    b = maze.grid.boundary
    if not len(b):
        return maze.grid.bounds()
    pts = b.reshape(-1, 2)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])


def check_path(maze: Maze, path: Sequence[int] | None) -> list[int]:
    if path is None:
        return []
    cells = [int(c) for c in path]
    bad = [c for c in cells if not 0 <= c < maze.grid.n]
    if bad:
        raise ValueError(f"path cell {bad[0]} is outside 0..{maze.grid.n - 1}")
    return cells


def runs_on_floors(maze: Maze, cells: list[int]) -> list[list[int]]:
    """``cells`` (a path) cut where it takes a stair, so no line crosses between floors drawn side by side
    (one run, the whole path, on one floor; none for an empty path)."""
    if not cells:
        return []
    if maze.grid.floors == 1:
        return [cells]
    fl = maze.grid.floor_of[cells]
    cuts = (np.flatnonzero(fl[1:] != fl[:-1]) + 1).tolist()
    return [cells[a:b] for a, b in zip([0, *cuts], [*cuts, len(cells)], strict=True)]


def marker_radius(maze: Maze, cell: int) -> float:
    """Half the distance from the cell's centre to its nearest side (cell units)."""
    p = maze.grid.polygon(cell)
    q = np.roll(p, -1, axis=0)
    c = maze.grid.centers[cell]
    d = q - p
    t = np.clip(np.einsum("ij,ij->i", c - p, d) / np.einsum("ij,ij->i", d, d), 0.0, 1.0)
    near = p + t[:, None] * d
    return 0.5 * float(np.min(np.hypot(*(near - c).T)))


class _Frame:
    """Maps cell units to image pixels: scale ``s``, margin ``m``, y flipped."""

    def __init__(self, maze: Maze, cell_px: float) -> None:
        xmin, ymin, xmax, ymax = drawing_bounds(maze)
        self.s = float(cell_px)
        self.m = self.s * 0.5
        self.xmin, self.ymax = xmin, ymax
        self.width = int(np.ceil((xmax - xmin) * self.s + 2 * self.m))
        self.height = int(np.ceil((ymax - ymin) * self.s + 2 * self.m))
        self.line = max(1.0, self.s / 10.0)

    def xy(self, pts: np.ndarray) -> np.ndarray:
        """Points ``(..., 2)`` in cell units -> pixels."""
        out = np.empty_like(pts, dtype=np.float64)
        out[..., 0] = (pts[..., 0] - self.xmin) * self.s + self.m
        out[..., 1] = (self.ymax - pts[..., 1]) * self.s + self.m
        return out


def _check_cell_px(cell_px: float) -> None:
    if not 1 <= cell_px <= 400:
        raise ValueError(f"cell_px must be between 1 and 400 pixels, got {cell_px}")


# -- ASCII -----------------------------------------------------------------
def to_ascii(maze: Maze, *, path: Sequence[int] | None = None) -> str:
    """Classic ``+---+`` art of a square maze, north up; ``S`` start, ``G`` goal, ``.`` path cells.

    Returns lines joined by ``\\n`` (no trailing newline): ``2 * height + 1``
    lines of ``4 * width + 1`` characters.  A shaped (masked) square maze is drawn
    inside its shape: walls and corners only around its cells, spaces elsewhere,
    each line's trailing spaces dropped.

    Raises:
        ValueError: if the maze is not on a square grid, or a path cell is out of range.
    """
    g = maze.grid
    if g.kind != "square":
        raise ValueError(f"ASCII art is for square mazes only, not {g.kind}")
    if g.floors > 1:
        raise ValueError(NO_ASCII_FLOORS)
    if maze.is_weave:
        raise ValueError("ASCII art cannot show weave crossings; use SVG, PNG or JSON")
    on_path = set(check_path(maze, path))
    if g.masked and maze.rules is not None:
        raise ValueError("ASCII art of a shaped puzzle maze cannot show its elements; use SVG, PNG or JSON")
    if g.masked:
        return _shaped_ascii(maze, on_path)
    w, h = g.width, g.height
    east = np.zeros((h, w), dtype=bool)  # passage to the east neighbour
    north = np.zeros((h, w), dtype=bool)  # passage to the north neighbour
    a, b = g.edges[maze.passage].T
    same_row = g.row[a] == g.row[b]
    east[g.row[a[same_row]], g.col[a[same_row]]] = True
    north[g.row[a[~same_row]], g.col[a[~same_row]]] = True

    cell_mark, east_mark, north_mark = _ascii_rules(maze)

    def label(cell: int) -> str:
        if cell == maze.start:
            return " S "
        if cell == maze.goal:
            return " G "
        mark = cell_mark.get(cell)
        if mark:
            return f" {mark} " if cell not in on_path else f".{mark}."
        return " . " if cell in on_path else "   "

    def east_wall(r: int, c: int) -> str:
        return east_mark.get(r * w + c, " ") if east[r, c] else "|"

    def north_wall(r: int, c: int) -> str:
        return f" {north_mark[r * w + c]} " if north[r, c] and r * w + c in north_mark else (
            "   " if north[r, c] else "---")

    lines = ["+" + "---+" * w]
    for r in range(h - 1, -1, -1):
        body = "|" + "".join(label(r * w + c) + east_wall(r, c) for c in range(w))
        lines.append(body)
        if r > 0:
            lines.append("+" + "".join(north_wall(r - 1, c) + "+" for c in range(w)))
    lines.append("+" + "---+" * w)
    return "\n".join(lines)


def _ascii_rules(maze: Maze) -> tuple[dict[int, str], dict[int, str], dict[int, str]]:
    """A square puzzle maze's elements as characters: per cell (``r``/``b``/``y``/``g`` keys, ``s`` switch,
    ``H`` the hunter), per passage east of a cell and north of a cell (``>``/``<``/``^``/``v`` one-way, the
    door's colour letter in capitals, ``#`` a shut gate, ``o`` an open one).  Empty for a plain maze."""
    rules = maze.rules
    cells: dict[int, str] = {}
    east: dict[int, str] = {}
    north: dict[int, str] = {}
    if rules is None:
        return cells, east, north
    from engine.maze.rules import COLOURS

    def put(a: int, b: int, horizontal: str, vertical: str) -> None:
        lo = min(a, b)
        if abs(a - b) == 1:
            east[lo] = horizontal
        else:
            north[lo] = vertical

    for a, b in rules.oneway:
        if abs(a - b) == 1:
            put(a, b, ">" if b > a else "<", "")
        else:
            put(a, b, "", "^" if b > a else "v")
    for a, b, c in rules.doors:
        letter = COLOURS[c][0].upper()
        put(a, b, letter, letter)
    for a, b, opened in rules.gates:
        put(a, b, "o" if opened else "#", "o" if opened else "#")
    for cell, c in rules.keys:
        cells[cell] = COLOURS[c][0]
    for cell in rules.switches:
        cells[cell] = "s"
    if rules.pursuer is not None:
        cells[rules.pursuer] = "H"
    return cells, east, north


def _shaped_ascii(maze: Maze, on_path: set[int]) -> str:
    """:func:`to_ascii` of a shaped square maze (cells placed by their base row and column)."""
    g = maze.grid
    w, h = g.width, g.height
    at = np.full((h + 2, w + 2), -1, dtype=np.int64)  # cell id at (row + 1, col + 1); a ring of -1 around
    at[g.row + 1, g.col + 1] = np.arange(g.n)
    act = (at >= 0).tolist()
    cell = at.tolist()
    east = np.zeros((h + 2, w + 2), dtype=bool)
    north = np.zeros((h + 2, w + 2), dtype=bool)
    a, b = g.edges[maze.passage].T
    same_row = g.row[a] == g.row[b]
    east[g.row[a[same_row]] + 1, g.col[a[same_row]] + 1] = True
    north[g.row[a[~same_row]] + 1, g.col[a[~same_row]] + 1] = True
    e, nn = east.tolist(), north.tolist()

    def vert(r: int, c: int) -> bool:  # the wall between padded (r, c - 1) and (r, c)
        left, right = act[r][c - 1], act[r][c]
        return (left or right) and not (left and right and e[r][c - 1])

    def horiz(r: int, c: int) -> bool:  # the wall between padded (r - 1, c) and (r, c)
        below, above = act[r - 1][c], act[r][c]
        return (below or above) and not (below and above and nn[r - 1][c])

    def label(c: int) -> str:
        if c < 0:
            return "   "
        if c == maze.start:
            return " S "
        if c == maze.goal:
            return " G "
        return " . " if c in on_path else "   "

    lines = []
    for r in range(h + 1, 0, -1):  # padded line r: the wall line under padded row r
        line = []
        for c in range(1, w + 2):
            corner = horiz(r, c - 1) or horiz(r, c) or vert(r - 1, c) or vert(r, c)
            line.append(("+" if corner else " ") + ("---" if c <= w and horiz(r, c) else "   "))
        lines.append("".join(line)[: 4 * w + 1].rstrip())
        if r > 1:
            body = "".join(("|" if vert(r - 1, c) else " ") + (label(cell[r - 1][c]) if c <= w else "")
                           for c in range(1, w + 2))
            lines.append(body.rstrip())
    return "\n".join(lines)


# -- SVG -------------------------------------------------------------------
def _fmt(v: float) -> str:
    return f"{v:.2f}"


def to_svg(maze: Maze, *, cell_px: float = 20, path: Sequence[int] | None = None) -> str:
    """An SVG document of the maze, north up (the text :func:`write_svg` writes).

    Raises:
        ValueError: bad ``cell_px`` or a path cell out of range.
    """
    buf = io.StringIO()
    write_svg(maze, buf, cell_px=cell_px, path=path)
    return buf.getvalue()


def write_svg(
    maze: Maze, out: TextIO, *, cell_px: float = 20, path: Sequence[int] | None = None, chunk: int = 0
) -> None:
    """Write an SVG document of the maze to ``out``, north up, in pieces.

    Args:
        cell_px: pixels per cell unit (1..400).
        path: optional solution (cell ids) drawn as a polyline through the centres.

    Walls and boundary are one ``<path>``; start and goal are circles.  The wall
    path is formatted ``chunk`` (default :data:`CHUNK`) segments at a time, so memory stays bounded
    however big the maze (no trailing newline).

    Raises:
        ValueError: bad ``cell_px`` or a path cell out of range.
    """
    _check_cell_px(cell_px)
    cells = check_path(maze, path)
    f = _Frame(maze, cell_px)
    out.write(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{f.width}" height="{f.height}" '
        f'viewBox="0 0 {f.width} {f.height}">\n'
        f'<rect x="0" y="0" width="{f.width}" height="{f.height}" fill="#ffffff"/>\n'
    )
    for run in runs_on_floors(maze, cells):
        pts = f.xy(maze.grid.centers[run])
        coords = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pts.tolist())
        out.write(
            f'<polyline class="path" points="{coords}" fill="none" stroke="{_PATH}" '
            f'stroke-width="{_fmt(f.line * 1.5)}" stroke-linejoin="round" stroke-linecap="round"/>\n'
        )
    for name, cell, colour in (("start", maze.start, _START), ("goal", maze.goal, _GOAL)):
        x, y = f.xy(maze.grid.centers[cell]).tolist()
        r = marker_radius(maze, cell) * f.s
        out.write(f'<circle class="{name}" cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}" fill="{colour}"/>\n')
    if maze.is_weave:
        from engine.maze.bridges import bridge_posts, bridges

        for name, polys, colour in (("bridges", bridges(maze).decks, _DECK), ("posts", bridge_posts(maze), _WALL)):
            flat = polys.reshape(-1, polys.shape[-2], 2)
            out.write(f'<path class="{name}" fill="{colour}" stroke="none" d="')
            for i in range(0, len(flat), chunk or CHUNK):
                shapes = f.xy(flat[i : i + (chunk or CHUNK)]).tolist()
                out.write("".join(["M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in q) + "Z" for q in shapes]))
            out.write('"/>\n')
    out.write('<path class="walls" d="')
    move = "M%.2f %.2fL%.2f %.2f"
    for seg in wall_chunks(maze, chunk or CHUNK):
        out.write("".join([move % (x0, y0, x1, y1) for x0, y0, x1, y1 in f.xy(seg).reshape(-1, 4).tolist()]))
    out.write(f'" fill="none" stroke="{_WALL}" stroke-width="{_fmt(f.line)}" stroke-linecap="round"/>\n')
    if maze.rules is not None:
        _svg_rules(maze, out, f)
    if maze.grid.floors > 1:
        from engine.maze.floors import stair_marks

        for name, tris, colour in zip(("stairs-up", "stairs-down"), stair_marks(maze), (_UP, _DOWN), strict=True):
            out.write(f'<path class="{name}" fill="{colour}" stroke="none" d="')
            for i in range(0, len(tris), chunk or CHUNK):
                shapes = f.xy(tris[i : i + (chunk or CHUNK)]).tolist()
                out.write("".join(["M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in q) + "Z" for q in shapes]))
            out.write('"/>\n')
    out.write("</svg>")


def _svg_rules(maze: Maze, out: TextIO, f: _Frame) -> None:
    """A puzzle maze's elements (:func:`engine.maze.rules.draw.rule_marks`), one ``<polygon>`` each."""
    from engine.maze.rules.draw import rule_marks

    for mark in rule_marks(maze):
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in f.xy(mark.points).tolist())
        stroke = f' stroke="{mark.outline}" stroke-width="{_fmt(max(1.0, f.line * 0.6))}"' if mark.outline else ""
        out.write(f'<polygon class="{mark.kind}" points="{pts}" fill="{mark.fill or "none"}"{stroke}/>\n')


CHUNK = 65536
"""Wall segments (or edges) formatted per piece by the streaming writers."""


def wall_chunks(maze: Maze, chunk: int = CHUNK) -> Iterator[np.ndarray]:
    """:func:`closed_segments` in pieces of at most ``chunk`` segments, same order."""
    g = maze.grid
    closed, extra = _standing(maze)
    walls = g.walls
    for i in range(0, len(closed), chunk):
        yield walls[closed[i : i + chunk]]
    for i in range(0, len(extra), chunk):
        yield extra[i : i + chunk]
    b = g.boundary
    for i in range(0, len(b), chunk):
        yield b[i : i + chunk]


# -- PNG -------------------------------------------------------------------
def png_cell_px(maze: Maze, max_side: int = MAX_IMAGE_SIDE, min_px: int = 2) -> int:
    """The automatic PNG scale: 20 px per cell unit, less for big mazes so the longer side stays
    within about ``max_side`` pixels (but at least ``min_px``, 1..20)."""
    xmin, ymin, xmax, ymax = drawing_bounds(maze)
    extent = max(xmax - xmin, ymax - ymin) + 1.0
    return int(max(min_px, min(20, max_side // extent)))


def _draw_segments(pix: np.ndarray, seg: np.ndarray, width: int, value: int) -> None:
    """Rasterise pixel-space segments ``(k, 4)`` into the ``(H, W)`` array ``pix`` in place.

    A DDA walk (one sample per pixel along the major axis, rounded to the
    nearest pixel), thickened by a ``width`` × ``width`` square stamp; no
    antialiasing.  Works in chunks so memory stays bounded for big mazes.
    """
    hgt, wid = pix.shape
    lo = -((width - 1) // 2)
    for part in np.array_split(seg, max(1, len(seg) // 100_000)):
        if not len(part):
            continue
        x0, y0, x1, y1 = part.T
        dx, dy = x1 - x0, y1 - y0
        steps = np.ceil(np.maximum(np.abs(dx), np.abs(dy))).astype(np.int64) + 1
        which = np.repeat(np.arange(len(part)), steps)
        first = np.cumsum(steps) - steps
        t = (np.arange(which.size) - first[which]) / np.maximum(steps - 1, 1)[which]
        x = np.rint(x0[which] + dx[which] * t).astype(np.int64)
        y = np.rint(y0[which] + dy[which] * t).astype(np.int64)
        for ox in range(lo, lo + width):
            for oy in range(lo, lo + width):
                pix[np.clip(y + oy, 0, hgt - 1), np.clip(x + ox, 0, wid - 1)] = value


def to_png(
    maze: Maze,
    file_or_path: str | os.PathLike[str] | IO[bytes],
    *,
    cell_px: float | None = None,
    path: Sequence[int] | None = None,
) -> None:
    """Write a PNG picture of the maze (walls as lines, no antialiasing), north up.

    Args:
        file_or_path: a file name or a binary file object.
        cell_px: pixels per cell unit (1..400); ``None`` picks :func:`png_cell_px`.
        path: optional solution drawn through the cell centres.

    Raises:
        ValueError: bad ``cell_px``, a picture wider or taller than 32768 pixels,
            or a path cell out of range.
        OSError: if the file cannot be written.
    """
    from PIL import Image, ImageDraw

    px = png_cell_px(maze) if cell_px is None else cell_px
    _check_cell_px(px)
    cells = check_path(maze, path)
    f = _Frame(maze, px)
    if max(f.width, f.height) > MAX_EXPLICIT_SIDE:
        raise ValueError(f"the picture would be {f.width}x{f.height} pixels; use a smaller cell_px")
    # A palette image (index 0 background, then wall, path, start, goal) encodes fast and small.
    palette = [(255, 255, 255)] + [_rgb(c) for c in (_WALL, _PATH, _START, _GOAL, _DECK, _UP, _DOWN)]
    pix = np.zeros((f.height, f.width), dtype=np.uint8)
    lw = max(1, int(round(f.line)))
    if maze.is_weave:
        _fill_bridges(pix, f, maze, lw)
    for seg in wall_chunks(maze):
        _draw_segments(pix, f.xy(seg).reshape(-1, 4), lw, 1)
    img = Image.frombuffer("P", (f.width, f.height), pix, "raw", "P", 0, 1)  # shares pix: no copy
    img.putpalette([v for rgb in palette for v in rgb])
    draw = ImageDraw.Draw(img)
    if maze.grid.floors > 1:
        from engine.maze.floors import stair_marks

        for tris, index in zip(stair_marks(maze), (6, 7), strict=True):
            for tri in f.xy(tris).tolist():
                draw.polygon([tuple(p) for p in tri], fill=index)
    for run in runs_on_floors(maze, cells):
        if len(run) > 1:
            draw.line([tuple(p) for p in f.xy(maze.grid.centers[run]).tolist()], fill=2, width=lw + 1)
    for cell, index in ((maze.start, 3), (maze.goal, 4)):
        x, y = f.xy(maze.grid.centers[cell]).tolist()
        r = max(1.0, marker_radius(maze, cell) * f.s)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=index)
    if maze.rules is not None:
        from engine.maze.rules.draw import rule_marks

        marks = rule_marks(maze)
        colours = sorted({c for m in marks for c in (m.fill, m.outline) if c is not None})
        index_of = {c: len(palette) + i for i, c in enumerate(colours)}
        img.putpalette([v for rgb in palette + [_rgb(c) for c in colours] for v in rgb])
        for mark in marks:
            poly = [tuple(p) for p in f.xy(mark.points).tolist()]
            draw.polygon(poly, fill=None if mark.fill is None else index_of[mark.fill],
                         outline=None if mark.outline is None else index_of[mark.outline],
                         width=max(1, lw // 2))
    img.save(file_or_path, format="PNG")


def _fill_bridges(pix: np.ndarray, f: _Frame, maze: Maze, line: int) -> None:
    """Paint a weave maze's bridge decks (palette index 5) and posts (1, the walls' colour) into ``pix``
    before the walls (``line`` px wide).

    The posts only where the walls would leave a gap inside them (a band of more than half a
    pixel between a rail's line and the cell edge's line): a big maze drawn at a few pixels
    per cell skips filling hundreds of thousands of polygons that the walls already cover.
    """
    from PIL import Image, ImageDraw

    from engine.maze.bridges import HALF_WIDTH, bridge_posts, bridges

    fills: list[tuple[np.ndarray, int]] = [(bridges(maze).decks, 5)]
    if (0.5 - HALF_WIDTH) * f.s - line > 0.5:
        fills.append((bridge_posts(maze), 1))
    for polys, index in fills:
        mask = Image.new("1", (f.width, f.height), 0)
        draw = ImageDraw.Draw(mask)
        for poly in f.xy(polys).reshape(-1, polys.shape[-2], 2).tolist():
            draw.polygon([tuple(p) for p in poly], fill=1)
        pix[np.asarray(mask, dtype=bool)] = index


def _rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` -> ``(r, g, b)``."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


# -- JSON ------------------------------------------------------------------
def to_json(
    maze: Maze,
    code: str | None = None,
    seconds: float | None = None,
    *,
    algorithm: str | None = None,
) -> dict[str, Any]:
    """A JSON-ready dict describing the maze.

    Keys: ``code``, ``shape``, ``algorithm`` (None if unknown), ``size`` ``[w, h]``,
    ``cells``, ``edges`` ``[[a, b], ...]`` (a < b, edge-id order), ``passages``
    (0/1 per edge), ``start``, ``goal``, then for a weave maze ``crossings``
    ``[[over_cell, under_a, under_b], ...]`` (the under-edges are the last edges, in
    crossing order), for a maze with floors ``floors`` (2..8), ``cell_floor`` (each cell's
    floor, 0 = lowest) and ``stairs`` ``[[lower, upper], ...]`` (the open stairs: passages
    between floors, also among ``edges``/``passages``), for a puzzle maze ``centres`` (each cell's centre
    ``[x, y]``, drawing units: the hunter's distances) and ``rules`` (:meth:`engine.maze.rules.Rules.to_json`),
    then ``seconds`` (generation time or None).
    """
    g = maze.grid
    weave = {"crossings": maze.crossings.tolist()} if maze.is_weave else {}
    if g.floors > 1:
        from engine.maze.floors import open_stairs

        weave = {"floors": g.floors, "cell_floor": g.floor_of.tolist(), "stairs": open_stairs(maze).tolist()}
    return {
        "code": code,
        "shape": g.kind,
        "algorithm": algorithm,
        "size": [int(g.width), int(g.height)],
        "cells": int(g.n),
        "edges": g.edges.tolist(),
        "passages": maze.passage.astype(np.uint8).tolist(),
        "start": int(maze.start),
        "goal": int(maze.goal),
        **weave,
        **_rules_json(maze),
        "seconds": None if seconds is None else float(seconds),
    }


def _rules_json(maze: Maze) -> dict[str, Any]:
    """``{"centres": ..., "rules": ...}`` of a puzzle maze, ``{}`` of a plain one."""
    if maze.rules is None:
        return {}
    return {"centres": maze.grid.centers.tolist(), "rules": maze.rules.to_json()}


def write_json(
    maze: Maze,
    out: TextIO,
    code: str | None = None,
    seconds: float | None = None,
    *,
    algorithm: str | None = None,
    extra: dict[str, Any] | None = None,
    chunk: int = 0,
) -> None:
    """Write ``json.dumps(to_json(...))`` to ``out``, the same text, in pieces.

    The edge and passage lists are formatted ``chunk`` (default :data:`CHUNK`)
    entries at a time, so a million-cell maze never holds millions of Python
    lists (no trailing newline).  ``extra`` keys (JSON-ready values, e.g. ``{"dark": True}``)
    follow ``seconds``, as they would when added to :func:`to_json`'s dict.
    """
    chunk = chunk or CHUNK
    g = maze.grid
    dump = json.dumps
    out.write(
        f'{{"code": {dump(code)}, "shape": {dump(g.kind)}, "algorithm": {dump(algorithm)}, '
        f'"size": [{int(g.width)}, {int(g.height)}], "cells": {int(g.n)}, "edges": ['
    )
    edges = g.edges
    for i in range(0, len(edges), chunk):
        part = edges[i : i + chunk].tolist()
        out.write((", " if i else "") + ", ".join([f"[{a}, {b}]" for a, b in part]))
    out.write('], "passages": [')
    flags = maze.passage.astype(np.uint8)
    for i in range(0, len(flags), chunk):
        out.write((", " if i else "") + ", ".join(map(str, flags[i : i + chunk].tolist())))
    secs = None if seconds is None else float(seconds)
    tail = "".join(f", {dump(k)}: {dump(v)}" for k, v in (extra or {}).items())
    out.write(f'], "start": {int(maze.start)}, "goal": {int(maze.goal)}')
    if maze.is_weave:
        out.write(', "crossings": [')
        cr = maze.crossings
        for i in range(0, len(cr), chunk):
            out.write((", " if i else "") + ", ".join([f"[{x}, {a}, {b}]" for x, a, b in cr[i : i + chunk].tolist()]))
        out.write("]")
    if g.floors > 1:
        from engine.maze.floors import open_stairs

        out.write(f', "floors": {g.floors}, "cell_floor": [')
        fl = g.floor_of
        for i in range(0, len(fl), chunk):
            out.write((", " if i else "") + ", ".join(map(str, fl[i : i + chunk].tolist())))
        out.write('], "stairs": [' + ", ".join([f"[{a}, {b}]" for a, b in open_stairs(maze).tolist()]) + "]")
    for key, value in _rules_json(maze).items():  # a puzzle maze has at most MAX_RULE_CELLS cells
        out.write(f", {dump(key)}: {dump(value)}")
    out.write(f', "seconds": {dump(secs)}{tail}}}')
