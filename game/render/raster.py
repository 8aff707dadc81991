"""Pictures made with numpy, no GL and no arcade (any thread): segments stamped into a pixel mask, a mask painted
in two colours, and a big maze's overview (the corner minimap's picture, made once per maze, in the background
for a big level)."""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from engine.maze.model import Maze

SIDE = 180  # pixels: the longer side of the overview at scale 1 (rasterised at twice that, drawn down smoothly)
LINE_PX = 1.5  # shown pixels between neighbouring cells below which passages are not drawn (mush; mipmapped lines
#               read as a maze down to about here: 80x60 on 180 px, 2.25 px, showed only its area at 2.5)


def line_mask(p: np.ndarray, q: np.ndarray, w: int, h: int, width: int) -> np.ndarray:
    """An ``(h, w)`` bool mask: True under a ``width``-pixel line from each ``p[i]`` to ``q[i]`` (pixel
    coordinates, y down), all segments at once: one point per pixel along the longest segment's major axis, each
    stamped as a disc ``width`` pixels across (one numpy pass, not a PIL call per passage)."""
    hit = np.zeros((h, w), dtype=bool)
    if not len(p):
        return hit
    steps = int(np.ceil(np.abs(q - p).max())) + 1
    t = np.linspace(0.0, 1.0, steps)[None, :, None]
    pts = np.floor(p[:, None, :] + (q - p)[:, None, :] * t + 0.5).astype(np.int64).reshape(-1, 2)
    r = (width - 1) / 2
    for dy in range(-width // 2, width // 2 + 1):
        for dx in range(-width // 2, width // 2 + 1):
            if dx * dx + dy * dy <= r * r + 0.5:
                hit[np.clip(pts[:, 1] + dy, 0, h - 1), np.clip(pts[:, 0] + dx, 0, w - 1)] = True
    return hit


def paint(mask: np.ndarray, back: tuple[int, ...], line: tuple[int, ...]) -> np.ndarray:
    """An ``(h, w, 4)`` uint8 picture of ``mask``: ``back`` (opaque) where it is False, ``line`` (RGB opaque,
    or RGBA) where it is True."""
    out = np.empty((*mask.shape, 4), dtype=np.uint8)
    out[...] = (*back[:3], 255)
    out[mask] = (*line[:3], 255) if len(line) < 4 else line[:4]
    return out


def raster_lines(p: np.ndarray, q: np.ndarray, w: int, h: int, width: int, back: tuple[int, ...],
                 line: tuple[int, ...]) -> np.ndarray:
    """:func:`line_mask` painted: ``back`` with the lines in colour ``line`` (``(h, w, 4)`` uint8)."""
    return paint(line_mask(p, q, w, h, width), back, line)


@dataclass(frozen=True)
class Overview:
    """A maze's overview picture before colours: ``mask`` ``(h, w)`` bool, True on the passages (or, ``dense``,
    on the maze's area: its cells are under :data:`LINE_PX` shown pixels apart, lines would be mush)."""

    mask: np.ndarray
    dense: bool


_lock = threading.Lock()
_OVERVIEWS: weakref.WeakKeyDictionary[Maze, Overview] = weakref.WeakKeyDictionary()


def overview(maze: Maze) -> Overview:
    """``maze``'s :class:`Overview`, ``2 * SIDE`` pixels on its longer side (made once per maze, any thread:
    a big level's loading work makes it, the play screen's minimap paints it)."""
    with _lock:
        got = _OVERVIEWS.get(maze)
    if got is not None:
        return got
    x0, y0, x1, y1 = maze.grid.bounds()
    bw, bh = max(x1 - x0, 1e-6), max(y1 - y0, 1e-6)
    scale = 2 * SIDE / max(bw, bh)
    w, h = max(2, round(bw * scale)), max(2, round(bh * scale))
    centers = maze.grid.centers
    px = np.empty_like(centers)
    px[:, 0] = (centers[:, 0] - x0) * scale
    px[:, 1] = (y1 - centers[:, 1]) * scale
    edges = maze.grid.edges
    ends = px[edges[:, 1]] - px[edges[:, 0]]
    spacing = float(np.median(np.hypot(ends[:, 0], ends[:, 1]))) / 2 if len(edges) else 1.0  # shown px
    dense = spacing < LINE_PX
    if dense:  # every cell a block: the maze's shape, no mush of lines
        mask = line_mask(px, px, w, h, max(1, int(np.ceil(2 * spacing)) + 1))
    else:
        open_edges = edges[maze.passage]
        mask = line_mask(px[open_edges[:, 0]], px[open_edges[:, 1]], w, h, max(1, round(scale * 0.5)))
    got = Overview(mask, dense)
    with _lock:
        _OVERVIEWS[maze] = got
    return got
