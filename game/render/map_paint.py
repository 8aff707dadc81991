"""The campaign map laid out and painted into one picture (pixels, top row first; no GL, no store here).

:func:`lay_out` places the worlds as columns (in bands under each other when they do not fit side by side,
then the map scrolls), each a chain of tiles; :func:`paint` draws it.  A tile shows, from the top: its number
and its stars (or "next", a padlock, the half-way mark), a thumbnail of its maze (a locked level: the grid's
icon and what waits, e.g. "dark", "2 floors"), and its name whole on up to three lines.  Names are never
cut: the layout picks the largest font size at which every name fits, and makes the columns wider (fewer
side by side) when even the smallest readable size does not fit.

Sizes: ``g`` is the window's scale (1.0 at 1280×800, :func:`game.ui.ui_scale` without the text size) and
``ts`` the player's text size (1.0 .. 2.0): text is ``base × g × ts`` pixels, margins ``× g``;
the focus ring is the screens' one (:func:`game.ui.focus_ring_width`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from game.format import STAR, star_text
from game.render.map_art import (
    Canvas,
    Sketch,
    cut,
    grid_icon,
    lock_icon,
    moon_icon,
    pause_icon,
    text_width,
    thumbnail,
    wrap,
)
from game.render.map_stops import paint_bonus
from game.render.theme import RGBA, Theme, contrast_ratio

Box = tuple[float, float, float, float]  # left, top, right, bottom (pixels, y down)
Point = tuple[float, float]  # x, y (pixels, y down)
#: Draws a text: (xy, value, px, colour, bold=False, anchor="la").
Put = Callable[..., None]


#: A puzzle maze's rule family (:data:`engine.maze.rules.FAMILIES`) as a locked tile names it in a word.
RULE_TAGS = {"oneway": "one-way", "keys": "keys", "pursuer": "hunter", "switches": "switches"}


@dataclass(frozen=True)
class Tile:
    """What one tile shows.

    Attributes:
        number: shown 1-based (0: no number, a broken pack); name: the level's name.
        state: ``"open"``, ``"locked"`` or ``"broken"``.
        stars: 0..3 earned; next: the level to play next; halfway: a place is kept in it; won: finished once
        (its tile is lit, and so is the path on from it).
        shape: the grid kind (``square``, ``hex``, ``triangle``, ``polar``, ``upsilon``); floors: 1..8;
        dark, weave, shaped: what waits in it; rules: a puzzle maze's rule families (``("oneway",)``...).
        kind: ``"level"``, or ``"bonus"``: a bonus world's stop after its world
        (:func:`game.render.map_stops.paint_bonus`); its
        ``stars`` are those won in it of ``of``, ``need`` what a locked one waits for ("3-star Square Gardens to
        open"), ``won`` its world's last level won (the way on from it is lit), its maze the level Enter plays.
    """

    number: int
    name: str
    state: str = "open"
    stars: int = 0
    next: bool = False
    halfway: bool = False
    shape: str = "square"
    floors: int = 1
    dark: bool = False
    weave: bool = False
    shaped: bool = False
    won: bool = False
    kind: str = "level"
    need: str = ""
    of: int = 0
    rules: tuple[str, ...] = ()

    def tags(self) -> list[str]:
        """What a locked tile says waits in it (``dark``, ``2 floors``, ``weave``, ``shaped``; a puzzle maze's
        rule in a word, ``one-way``, ``keys``, ``hunter``, ``switches``, or ``3 rules`` when it mixes them)."""
        rule = (RULE_TAGS.get(self.rules[0], self.rules[0]) if len(self.rules) == 1
                else f"{len(self.rules)} rules" if self.rules else "")
        return [w for w, on in ((rule, bool(rule)), ("dark", self.dark), (f"{self.floors} floors", self.floors > 1),
                                ("weave", self.weave), ("shaped", self.shaped)) if on]


@dataclass(frozen=True)
class Column:
    """One world: its name, its tiles (indexes into the map's tile list), its stars (earned, possible) and
    whether every level of it is won (its header carries the "complete" ribbon)."""

    name: str
    tiles: tuple[int, ...]
    stars: tuple[int, int] = (0, 0)
    complete: bool = False


@dataclass
class Layout:
    """Where everything goes (pixels, y down, in the picture of ``width`` × ``height``; the window shows
    ``view_height`` of it at a time, above the line about the focused level)."""

    width: int
    height: int
    view_height: int
    g: float
    ts: float
    title_px: int
    summary_px: int
    world_px: int
    name_px: int
    small_px: int
    lines: int
    title_y: float = 0.0
    summary_y: float = 0.0
    columns: list[tuple[Box, list[str], Box]] = field(default_factory=list)  # column box, name lines, bar box
    tiles: list[Box] = field(default_factory=list)  # by tile index
    names: list[list[str]] = field(default_factory=list)  # each tile's name lines
    texts: list[tuple[str, Box]] = field(default_factory=list)  # every text painted and where (tests)
    gap: float = 10.0  # pixels between columns
    row_gap: float = 7.0  # pixels between the tiles of a column
    head_gap: float = 7.0  # pixels between a column's star bar and its first tile
    band_tops: list[float] = field(default_factory=list)  # where each band of columns starts (its world names)


def _fit_names(names: Sequence[str], width: float, hi: int, lo: int, lines: int) -> tuple[int, list[list[str]]] | None:
    """The largest size in ``lo..hi`` px at which every name fits ``width`` on ``lines`` lines, and the lines."""
    for px in range(hi, lo - 1, -1):
        out = []
        for n in names:
            w = _wrap_name(n, px, width, lines)
            if w is None:
                break
            out.append(w)
        else:
            return px, out
    return None


def _wrap_name(name: str, px: int, width: float, lines: int, bold: bool = False) -> list[str] | None:
    """:func:`wrap` at spaces, else (a pack's file name such as ``my-long-pack-name``) also after ``-``/``_``."""
    out = wrap(name, px, width, lines, bold)
    if out is None and ("-" in name or "_" in name):
        out = wrap(name.replace("-", "- ").replace("_", "_ "), px, width, lines, bold)
        out = None if out is None else [ln.replace("- ", "-").replace("_ ", "_") for ln in out]
    return out


def _world_lines(name: str, px: int, width: float) -> list[str]:
    """A world's name over its column in at most two lines, else cut with "…" (the bottom line has it whole)."""
    lines = _wrap_name(name, px, width, 2, bold=True)
    return lines if lines is not None else [cut(name, px, width, bold=True)]


def lay_out(width: int, height: int, g: float, ts: float, title: str, summary: str, columns: Sequence[Column],
            tiles: Sequence[Tile], footer: int) -> Layout:
    """Place the map in a ``width`` × ``height`` window whose bottom ``footer`` pixels hold the focused level's
    line (see the module doc for ``g`` and ``ts``)."""

    def px(base: float, least: float) -> int:  # ``base`` at 1280×800, never under ``least`` (× the text size)
        return max(1, round(max(least, base * g) * ts))

    lay = Layout(width, 0, max(1, height - footer), g, ts, px(30, 20), px(14, 11), px(15, 11), px(14, 10),
                 px(12, 10), 2)
    margin = round(12 * g + max(0, width - 1600) * 0.08)  # 4K: about 5 % each side, never edge to edge
    gap, row_gap, pad = max(4, round(10 * g)), max(3, round(7 * g)), max(3, round(5 * g))
    room = width - 2 * margin
    lay.title_y = round(10 * g)
    lay.summary_y = lay.title_y + lay.title_px * 1.25
    top = lay.summary_y + lay.summary_px * 1.5 + 6 * g
    n = max(1, len(columns))
    names = [t.name for t in tiles]
    lo, hi = px(13, 10), px(15, 11)
    per_band, fit = n, None
    while per_band >= 1:
        col_w = min(260 * g, (room - (per_band - 1) * gap) / per_band)
        for lines in (2, 3):
            fit = _fit_names(names, col_w - 2 * pad, hi, lo, lines)
            if fit is not None:
                lay.lines = lines
                break
        if fit is not None or per_band == 1:
            break
        per_band -= 1
    col_w = min(260 * g, (room - (per_band - 1) * gap) / per_band)
    if fit is None:  # one column and still too long: the smallest size, lines as wrap gives them
        fit = (lo, [_wrap_name(nm, lo, col_w - 2 * pad, 99) or [cut(nm, lo, col_w - 2 * pad)] for nm in names])
        lay.lines = max((len(x) for x in fit[1]), default=1)
    lay.name_px, lay.names = fit
    lay.lines = max(1, max((len(x) for x in lay.names), default=1))
    lay.small_px = min(lay.name_px, px(12, 10))
    bands = math.ceil(n / per_band)
    line_h = round(lay.name_px * 1.22)
    head_h = round(lay.small_px * 1.3)
    min_thumb = max(round(24 * g), round(2.2 * lay.name_px))  # a wrapped name never leaves a speck of a maze
    min_tile = 2 * pad + head_h + min_thumb + lay.lines * line_h
    world_px = lay.world_px = max(lay.small_px, px(15, 11))
    band_rows = [max((len(c.tiles) for c in columns[b * per_band:(b + 1) * per_band]), default=1)
                 for b in range(bands)]
    band_names = []
    for b in range(bands):
        band = columns[b * per_band:(b + 1) * per_band]
        band_names.append([_world_lines(c.name, world_px, col_w + 0.8 * gap) for c in band])
    world_h = [max((len(x) for x in bn), default=1) * round(world_px * 1.2) + round(11 * g + lay.small_px * 1.25)
               for bn in band_names]
    fixed = top + sum(world_h) + sum((r - 1) * row_gap for r in band_rows) + (bands - 1) * round(18 * g) + pad
    rows_total = max(1, sum(band_rows))
    tile_h = (lay.view_height - fixed) / rows_total
    tile_h = max(min_tile, min(tile_h, max(min_tile * 1.9, 150 * g)))
    y = top
    lay.gap, lay.row_gap = gap, row_gap
    for b in range(bands):
        lay.band_tops.append(y)
        band = columns[b * per_band:(b + 1) * per_band]
        left = (width - len(band) * col_w - (len(band) - 1) * gap) / 2
        names_h = max((len(x) for x in band_names[b]), default=1) * round(world_px * 1.2)
        for k, col in enumerate(band):
            x = left + k * (col_w + gap)
            bar = (x, y + names_h + 4 * g, x + col_w, y + names_h + 4 * g + round(lay.small_px * 1.1))
            lay.head_gap = world_h[b] - (bar[3] - y)
            rows = len(col.tiles)
            box = (x, y, x + col_w, y + world_h[b] + rows * tile_h + (rows - 1) * row_gap)
            lay.columns.append((box, band_names[b][k], bar))
            ty = y + world_h[b]
            for i in col.tiles:
                while len(lay.tiles) <= i:
                    lay.tiles.append((0.0, 0.0, 0.0, 0.0))
                lay.tiles[i] = (x, ty, x + col_w, ty + tile_h)
                ty += tile_h + row_gap
        y += world_h[b] + band_rows[b] * tile_h + (band_rows[b] - 1) * row_gap + (round(18 * g) if b < bands - 1 else 0)
    lay.height = lay.view_height if y + pad <= lay.view_height + 1 else math.ceil(y + pad)
    return lay


def _colours(tile: Tile, theme: Theme) -> tuple[RGBA, RGBA]:
    if tile.state == "open":
        return (theme.button_hover if tile.won else theme.button), theme.button_text  # a won level is lit
    return theme.locked, theme.error if tile.state == "broken" else theme.disabled_text


def paint(lay: Layout, title: str, summary: str, columns: Sequence[Column], tiles: Sequence[Tile],
          sketches: Sequence[Sketch | None], theme: Theme) -> Canvas:
    """The whole map as one picture (``lay.width`` × ``lay.height``), its texts listed in ``lay.texts``."""
    c = Canvas.blank(lay.width, lay.height, theme.background)
    lay.texts = []

    def text(xy: tuple[float, float], value: str, px: int, colour: RGBA, bold: bool = False,
             anchor: str = "la") -> None:
        c.text(xy, value, px, colour, bold, anchor)
        w = text_width(value, px, bold)
        left = {"l": xy[0], "m": xy[0] - w / 2, "r": xy[0] - w}[anchor[0]]
        lay.texts.append((value, (left, xy[1], left + w, xy[1] + px * 1.17)))

    text((lay.width / 2, lay.title_y), title, lay.title_px, theme.accent, True, "ma")
    text((lay.width / 2, lay.summary_y), summary, lay.summary_px, theme.text_dim, False, "ma")
    for col, (box, lines, bar) in zip(columns, lay.columns, strict=True):
        mid = (box[0] + box[2]) / 2
        for k, line in enumerate(lines):
            text((mid, box[1] + k * round(lay.world_px * 1.2)), line, lay.world_px, theme.text, True, "ma")
        got, of = col.stars
        count = f"{got}/{of} {STAR}"
        if col.complete:  # every level won: a ribbon over the star bar says so
            _ribbon(c, lay, bar, count, theme, text)
            continue
        text((bar[2], bar[1]), count, lay.small_px, theme.text_dim, False, "ra")
        right = bar[2] - text_width(count, lay.small_px) - 4 * lay.g
        y0, y1 = bar[1] + (bar[3] - bar[1]) * 0.3, bar[1] + (bar[3] - bar[1]) * 0.8
        if right > bar[0] + 4:
            c.draw.rectangle((bar[0], y0, right, y1), fill=theme.locked)
            if got:
                c.draw.rectangle((bar[0], y0, bar[0] + (right - bar[0]) * got / max(1, of), y1), fill=theme.star)
    _paint_path(c, lay, columns, tiles, theme)
    for i, tile in enumerate(tiles):
        _tile(c, lay, i, tile, sketches[i] if i < len(sketches) else None, theme, text)
    return c


def _ribbon(c: Canvas, lay: Layout, bar: Box, count: str, theme: Theme, put: Put) -> None:
    """A completed world's ribbon over its star bar: "complete · 21/21 ★" (shorter when the column is narrow)."""
    ink = max((theme.background, theme.text), key=lambda x: contrast_ratio(x, theme.star))
    room = bar[2] - bar[0] - 8 * lay.g
    said = next((w for w in (f"complete · {count}", f"\u2713 {count}", "\u2713")
                 if text_width(w, lay.small_px, True) <= room), "\u2713")
    c.draw.rounded_rectangle((bar[0], bar[1] - 1, bar[2], bar[3] + 1), radius=max(2, round(4 * lay.g)),
                             fill=theme.star)
    put(((bar[0] + bar[2]) / 2, bar[1]), said, lay.small_px, ink, True, "ma")


def path_lines(lay: Layout, columns: Sequence[Column], tiles: Sequence[Tile]) -> list[tuple[int, list[Point]]]:
    """The path joining the levels in play order, as ``(tile it leaves, points)`` pieces (pixels, y down): down a
    world's column from tile to tile, then from its last tile round to the next world's first (under the column,
    up the gap left of the next column, in over its first tile), so it never crosses a tile or a world's name."""
    order = [i for col in columns for i in col.tiles if i < len(tiles) and tiles[i].state != "broken"]
    where = {i: k for k, col in enumerate(columns) for i in col.tiles}
    out: list[tuple[int, list[Point]]] = []
    for a, b in zip(order, order[1:], strict=False):
        la, ta, ra, ba = lay.tiles[a]
        lb, tb, rb, bb = lay.tiles[b]
        ax, bx = (la + ra) / 2, (lb + rb) / 2
        if where[a] == where[b]:
            out.append((a, [(ax, ba), (bx, tb)]))
            continue
        below = ba + max(3.0, lay.row_gap * 0.9)
        side = lb - lay.gap / 2
        above = tb - max(2.0, lay.head_gap / 2)
        out.append((a, [(ax, ba), (ax, below), (side, below), (side, above), (bx, above), (bx, tb)]))
    return out


def _paint_path(c: Canvas, lay: Layout, columns: Sequence[Column], tiles: Sequence[Tile], theme: Theme) -> None:
    """The path under the tiles: dim ahead, lit in the star colour from every won level (the way behind you)."""
    width = max(3, round(4 * lay.g))
    pieces = path_lines(lay, columns, tiles)
    for lit in (False, True):
        for a, points in pieces:
            if tiles[a].won == lit:
                c.draw.line(points, fill=theme.star if lit else theme.locked, width=width, joint="curve")


def _tile(c: Canvas, lay: Layout, i: int, tile: Tile, sk: Sketch | None, theme: Theme, put: Put) -> None:
    if tile.kind == "bonus":
        paint_bonus(c, lay, i, tile, sk, theme, put)
        return
    draw = c.draw
    l, t, r, b = lay.tiles[i]
    back, fore = _colours(tile, theme)
    g = lay.g
    pad = max(3, round(5 * g))
    radius = max(2, round(6 * g))
    draw.rounded_rectangle((l, t, r - 1, b - 1), radius=radius, fill=back)
    if theme.button_border and tile.state == "open":
        draw.rounded_rectangle((l, t, r - 1, b - 1), radius=radius, outline=theme.button_text,
                               width=theme.button_border)
    if tile.next:
        draw.rounded_rectangle((l, t, r - 1, b - 1), radius=radius, outline=theme.accent, width=max(2, round(3 * g)))
    small = lay.small_px
    head_h = round(small * 1.3)
    if tile.number:
        put((l + pad, t + pad), str(tile.number), small, fore, True)
    mark_x = r - pad
    if tile.state == "locked":
        lock_icon(draw, mark_x - small * 0.4, t + pad + small * 0.55, small * 1.05, fore)
    elif tile.next:
        w = text_width("next", small, True)
        pill = (mark_x - w - 2 * pad, t + pad - small * 0.15, mark_x + pad * 0.5, t + pad + small * 1.2)
        draw.rounded_rectangle(pill, radius=max(2, round(small * 0.4)), fill=theme.accent)
        put((mark_x - pad * 0.75, t + pad), "next", small, theme.background, True, "ra")
    else:
        put((mark_x, t + pad), star_text(tile.stars), small, theme.star if tile.stars else fore,
            False, "ra")
    if tile.halfway and tile.state == "open":
        nw = text_width(str(tile.number), small, True) if tile.number else 0
        pause_icon(draw, l + pad + nw + small * 0.9, t + pad + small * 0.6, small * 0.95, back, theme.accent)
    line_h = round(lay.name_px * 1.22)
    lines = lay.names[i] if i < len(lay.names) else [tile.name]
    mid = (l + r) / 2
    name_top = t + pad + head_h
    for k, line in enumerate(lines):
        put((mid, name_top + k * line_h), line, lay.name_px, fore, False, "ma")
    thumb_top = name_top + len(lines) * line_h + max(2, round(3 * g))
    thumb_bottom = b - pad
    box_w, box_h = int(r - l - 2 * pad), int(thumb_bottom - thumb_top)
    if tile.state == "open" and sk is not None and box_h >= 4:
        pic = thumbnail(sk, box_w, box_h, theme)
        c.paste(pic, round(mid - pic.shape[1] / 2), round(thumb_top + (box_h - pic.shape[0]) / 2))
    elif tile.state == "broken":
        room = max(1, int(max(box_h, 0) // max(1, round(small * 1.2))))  # lines that fit under the name
        said = wrap("cannot be read", small, box_w, min(3, room)) or [cut("cannot be read", small, box_w)]
        if len(said) > room:
            said = [cut("cannot be read", small, box_w)]
        for k, line in enumerate(said):
            put((mid, thumb_top + k * round(small * 1.2)), line, small, fore, False, "ma")
    elif box_h >= 4:
        _waits(c, lay, tile, (l + pad, thumb_top, r - pad, thumb_bottom), fore, back, put)


def _waits(c: Canvas, lay: Layout, tile: Tile, box: Box, colour: RGBA, back: RGBA, put: Put) -> None:
    """A locked (or not yet drawn) level's picture: its grid's icon and what waits (dark, floors...)."""
    l, t, r, b = box
    h = b - t
    tags = tile.tags()
    small = lay.small_px
    size = min(h * 0.8, (r - l) * 0.3)
    width = max(1, round(size / 10))
    words = ", ".join(tags)
    moon = small * 1.1 if tile.dark else 0.0  # a crescent before the words of a dark maze
    fits = bool(tags) and text_width(words, small) + moon + size * 1.4 <= r - l
    cx = (l + r) / 2 - ((text_width(words, small) + moon) / 2 + size * 0.2 if fits else 0)
    below = not fits and bool(tags) and h >= 2.4 * small  # the first word under the icon, the icon above it
    cy = (t + b - small * 1.3) / 2 if below else (t + b) / 2
    if below:
        size = min(size, max(small, b - t - small * 1.6))
        width = max(1, round(size / 10))
    grid_icon(c.draw, tile.shape, cx, cy, size / 2, colour, width)
    if fits:
        if tile.dark:
            moon_icon(c.draw, cx + size * 0.7 + small * 0.45, (t + b) / 2, small * 0.9, back, colour)
        put((cx + size * 0.7 + moon, (t + b) / 2 - small * 0.6), words, small, colour)
    elif below:
        put(((l + r) / 2, b - small * 1.2), tags[0], small, colour, False, "ma")


def repaint_tile(c: Canvas, lay: Layout, i: int, tile: Tile, sk: Sketch | None, theme: Theme) -> None:
    """Paint tile ``i`` again over its place (its thumbnail arrived); its texts are already in ``lay.texts``."""
    _tile(c, lay, i, tile, sk, theme, c.text)


def view_rows(pixels: np.ndarray, scroll: int, view_height: int, background: RGBA, height: int = 0) -> np.ndarray:
    """The ``view_height`` rows of ``pixels`` from row ``scroll`` at the top of a window of ``height`` rows
    (default ``view_height``; the rest and any rows past the picture are ``background``), bottom row first
    (the order a GL texture wants)."""
    height = max(height, view_height)
    w = pixels.shape[1]
    out = np.empty((height, w, 4), dtype=np.uint8)
    out[...] = background
    part = pixels[max(0, scroll):max(0, scroll) + view_height]
    out[:len(part)] = part
    return np.ascontiguousarray(out[::-1])


__all__ = ["Column", "Layout", "Tile", "lay_out", "paint", "path_lines", "repaint_tile", "view_rows"]
