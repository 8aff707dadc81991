"""The campaign map's picture, drawn with PIL (no GL here): thumbnails of mazes, grid icons, text in a known font.

The map is static between changes of progress, so it is painted once into one RGBA image (numpy, top row
first) and shown as one texture; only the focus ring and the line about the focused level are drawn each
frame (:mod:`game.shell.levels`).  Text is drawn and measured here with the font the game uses (DejaVu
Sans, or arcade's Liberation Sans), so a name is measured by the same glyphs it is drawn with.

Everything is in pixels.  Nothing here knows about the store or the campaign: :class:`Tile` says what one
tile shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from game.render.raster import raster_lines

if TYPE_CHECKING:
    from engine.maze.model import Maze
    from game.render.theme import RGBA, Theme

_FILES = {
    False: ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "Liberation_Sans-Regular.ttf"),
    True: ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "Liberation_Sans-Bold.ttf"),
}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _arcade_font(name: str) -> str:
    import arcade  # only for the path of its bundled fonts

    return str(Path(arcade.__file__).parent / "resources/system/fonts/ttf/Liberation" / name)


@lru_cache(maxsize=128)
def font(px: int, bold: bool = False) -> Font:
    """The map's font at ``px`` pixels (at least 6), bold or not; PIL's own font when no file can be read."""
    px = max(6, int(px))
    system, bundled = _FILES[bold]
    for path in (system, _arcade_font(bundled)):
        try:
            return ImageFont.truetype(path, px)
        except OSError:
            continue
    return ImageFont.load_default(px)


def text_width(text: str, px: int, bold: bool = False) -> float:
    """Width of ``text`` in pixels at ``px`` pixels."""
    return float(font(px, bold).getlength(text))


def wrap(text: str, px: int, width: float, lines: int, bold: bool = False) -> list[str] | None:
    """``text`` broken at spaces into at most ``lines`` lines of at most ``width`` pixels, or None when a word
    (or the line count) does not fit: the caller then tries a smaller size (nothing is ever cut here)."""
    out: list[str] = []
    for word in text.split():
        if text_width(word, px, bold) > width:
            return None
        if out and text_width(f"{out[-1]} {word}", px, bold) <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out if len(out) <= lines else None


def cut(text: str, px: int, width: float, bold: bool = False) -> str:
    """``text`` on one line of ``width`` pixels, ending in "…" when it had to be cut."""
    if text_width(text, px, bold) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", px, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


# -- thumbnails --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Sketch:
    """What a thumbnail needs of a maze, at no particular size: its lines (passages, or for a dark maze every
    edge of its grid: the cells it covers, never the way through) as ``(k, 2, 2)`` points in 0..1 of the
    maze's bounding box (y down), that box's width / height, and about how many cells make its longer side."""

    lines: np.ndarray
    aspect: float
    across: float
    dark: bool


def sketch(maze: Maze, dark: bool = False) -> Sketch:
    """The :class:`Sketch` of ``maze``; stairs between floors are left out (the floors stand side by side)."""
    grid = maze.grid
    x0, y0, x1, y1 = grid.bounds()
    bw, bh = max(x1 - x0, 1e-6), max(y1 - y0, 1e-6)
    edges = grid.edges if dark else grid.edges[maze.passage]
    if grid.floors > 1:
        floor = grid.floor_of
        edges = edges[floor[edges[:, 0]] == floor[edges[:, 1]]]
    pts = np.empty((len(edges), 2, 2), dtype=np.float32)
    c = grid.centers
    for k in (0, 1):
        pts[:, k, 0] = (c[edges[:, k], 0] - x0) / bw
        pts[:, k, 1] = (y1 - c[edges[:, k], 1]) / bh
    across = max(bw, bh) / max(1e-6, float(np.sqrt(bw * bh / max(1, grid.n))))
    return Sketch(pts, bw / bh, across, dark)


def thumbnail(s: Sketch, width: int, height: int, theme: Theme) -> np.ndarray:
    """A ``(h, w, 4)`` uint8 picture of sketch ``s`` fitting ``width`` × ``height`` pixels with the maze's
    proportions: passages in the floor colour on the wall colour (a dark maze: its grid, dim, on the
    background colour)."""
    if width / max(1, height) > s.aspect:
        w, h = max(2, round(height * s.aspect)), max(2, height)
    else:
        w, h = max(2, width), max(2, round(width / s.aspect))
    cell = max(w, h) / max(1.0, s.across)
    line = max(1, round(cell * 0.55))
    p = s.lines[:, 0, :] * np.array([w - 1, h - 1], dtype=np.float32)
    q = s.lines[:, 1, :] * np.array([w - 1, h - 1], dtype=np.float32)
    if s.dark:
        return raster_lines(p, q, w, h, 1, theme.background[:3], theme.locked)
    return raster_lines(p, q, w, h, line, theme.wall[:3], theme.floor)


# -- icons -------------------------------------------------------------------------------------------------
def _polygon(cx: float, cy: float, r: float, sides: int, turn: float) -> list[tuple[float, float]]:
    a = np.radians(turn) + np.arange(sides) * 2 * np.pi / sides
    return [(float(cx + r * np.cos(t)), float(cy - r * np.sin(t))) for t in a]


def grid_icon(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, colour: RGBA,
              width: int) -> None:
    """A small outline of one cell of grid ``shape`` (square, hex, triangle, polar = rings, upsilon = an
    octagon) centred at ``(cx, cy)``, ``r`` pixels from centre to corner."""
    if shape == "polar":
        for k in (1.0, 0.55):
            draw.ellipse((cx - r * k, cy - r * k, cx + r * k, cy + r * k), outline=colour, width=width)
        return
    sides, turn = {"square": (4, 45), "hex": (6, 0), "triangle": (3, 90), "upsilon": (8, 22.5)}.get(shape, (4, 45))
    draw.polygon(_polygon(cx, cy, r, sides, turn), outline=colour, width=width)


def lock_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: RGBA) -> None:
    """A padlock ``size`` pixels tall centred at ``(cx, cy)``."""
    w, body = size * 0.7, size * 0.55
    top = cy - size / 2
    lw = max(1, round(size / 9))
    draw.arc((cx - w * 0.32, top, cx + w * 0.32, top + size * 0.7), 180, 360, fill=colour, width=lw)
    draw.line((cx - w * 0.32, top + size * 0.35, cx - w * 0.32, cy + size / 2 - body), fill=colour, width=lw)
    draw.line((cx + w * 0.32, top + size * 0.35, cx + w * 0.32, cy + size / 2 - body), fill=colour, width=lw)
    draw.rounded_rectangle((cx - w / 2, cy + size / 2 - body, cx + w / 2, cy + size / 2), radius=max(1, size / 10),
                           fill=colour)


def moon_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, back: RGBA, fore: RGBA) -> None:
    """A crescent moon ``size`` pixels across (a dark maze)."""
    r = size / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fore)
    draw.ellipse((cx - r * 0.45, cy - r * 1.05, cx + r * 1.35, cy + r * 0.75), fill=back)


def pause_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, back: RGBA, fore: RGBA) -> None:
    """The half-way mark: a disc ``size`` pixels across, half filled (a place is kept in this level)."""
    r = size / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=back, outline=fore, width=max(1, round(size / 10)))
    draw.pieslice((cx - r, cy - r, cx + r, cy + r), 90, 270, fill=fore)


@dataclass
class Canvas:
    """An RGBA picture to paint the map into (``image``) with its drawer (``draw``)."""

    image: Image.Image
    draw: ImageDraw.ImageDraw

    @classmethod
    def blank(cls, width: int, height: int, colour: RGBA) -> Canvas:
        """A ``width`` × ``height`` canvas filled with ``colour``."""
        image = Image.new("RGBA", (max(1, width), max(1, height)), tuple(colour))
        return cls(image, ImageDraw.Draw(image))

    def text(self, xy: tuple[float, float], value: str, px: int, colour: RGBA, bold: bool = False,
             anchor: str = "la") -> None:
        """Draw ``value`` at ``xy`` (PIL anchor: ``la`` = left/ascender, ``ma`` = middle, ``ra`` = right)."""
        self.draw.text(xy, value, fill=tuple(colour), font=font(px, bold), anchor=anchor)

    def paste(self, picture: np.ndarray, left: int, top: int) -> None:
        """Paste an RGBA array with its top-left corner at ``(left, top)`` (clipped to the canvas)."""
        self.image.paste(Image.fromarray(picture), (int(left), int(top)))

    def pixels(self) -> np.ndarray:
        """The picture as a ``(h, w, 4)`` uint8 array (top row first)."""
        return np.asarray(self.image, dtype=np.uint8)


__all__ = [
    "Canvas", "Sketch", "cut", "font", "grid_icon", "lock_icon", "moon_icon", "pause_icon", "sketch", "text_width",
    "thumbnail", "wrap",
]
