"""The puzzle board on screen: tile sprites, slide animation, the hint marker, the win flash.

:class:`BoardLayer` draws a :class:`engine.puzzle.session.PuzzleSession`'s
board inside a rectangle of the window.  Tiles are one SpriteList of textures
rendered once per (tile size, theme, picture) and kept for the next layouts
(:func:`tile_set`); a frame is a handful of draw calls.
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from typing import Any

import arcade

from engine.puzzle.session import PuzzleSession
from game.puzzle.pictures import board_picture
from game.puzzle.widgets import render_picture_tile, tile_texture
from game.render.theme import Theme
from game.ui import reduced_motion

SLIDE_SECONDS = 0.1  # one slide animation
FLASH_SECONDS = 1.4  # the win flash

Anim = tuple[float, float, float, float, float]  # x0, y0, x1, y1, progress 0..1

#: Tile texture sets kept for reuse (a layout at a size and theme seen before makes no texture: each new texture
#: costs a PIL drawing and a write into the GPU atlas, and a board is laid out again on every resize, text-size
#: step, theme change and panel reflow).  The oldest set is dropped first.
MAX_TILE_SETS = 6
#: ... and at most this many tile pixels in all (the upper bound of a set: every tile in both states).
MAX_TILE_SET_PIXELS = 12_000_000


class TileSet:
    """The textures of one board look: ``textures[(tile, home)]``, made lazily; ``piece`` is the picture cut
    to the board (None: numbered tiles), kept so that its ``id`` in the set's key stays its own; ``serial`` names
    the set in its textures' atlas hashes (two sets never share an atlas image)."""

    __slots__ = ("piece", "pixels", "serial", "textures")
    _serials = itertools.count(1)

    def __init__(self, piece: Any, pixels: int) -> None:
        self.piece = piece
        self.pixels = pixels
        self.serial = next(TileSet._serials)
        self.textures: dict[tuple[int, bool], arcade.Texture] = {}


_tile_sets: OrderedDict[tuple[object, ...], TileSet] = OrderedDict()


def tile_set(key: tuple[object, ...], piece: Any, pixels: int) -> TileSet:
    """The texture set of ``key`` (a new, empty one the first time), most recently used last.

    ``pixels`` bounds the set's size (tile pixels); older sets are dropped past :data:`MAX_TILE_SETS` or
    :data:`MAX_TILE_SET_PIXELS` (the newest set always stays).
    """
    found = _tile_sets.get(key)
    if found is not None and found.piece is piece:
        _tile_sets.move_to_end(key)
        return found
    made = _tile_sets[key] = TileSet(piece, pixels)
    _tile_sets.move_to_end(key)
    total = sum(t.pixels for t in _tile_sets.values())
    while len(_tile_sets) > 1 and (len(_tile_sets) > MAX_TILE_SETS or total > MAX_TILE_SET_PIXELS):
        _, old = _tile_sets.popitem(last=False)
        total -= old.pixels
    return made


def forget_tile_sets() -> None:
    """Drop every kept tile texture (their atlas space is freed when no sprite shows them)."""
    _tile_sets.clear()


class BoardLayer:
    """Tiles of one session, placed in a window rectangle.

    Args:
        session: the game whose board is drawn (replace with :meth:`attach`).
        theme: colours.
        animate: slide tiles (False: they jump; tests).
    """

    def __init__(self, session: PuzzleSession, theme: Theme, animate: bool = True) -> None:
        self.session = session
        self.theme = theme
        self.animate = animate
        self.tile_px = 0
        self.origin = (0.0, 0.0)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.sprite_of: dict[int, arcade.Sprite] = {}
        self.anim: dict[int, Anim] = {}
        self.home_state: dict[int, bool] = {}
        self.textures: dict[tuple[int, bool], arcade.Texture] = {}
        self.flash = 0.0
        self._side = 0
        self.picture = ""  # a picture choice (game.puzzle.pictures); "" = numbered tiles
        self.numbers = True  # numbers drawn over picture tiles
        self.hidden = False  # every tile drawn blank: no number, no picture, no home colour (a blindfold solve)
        self._blank: tuple[int, arcade.Texture] | None = None  # (side, the blank tile) while hidden
        self.picture_error = ""  # why the picture could not be shown (numbers are shown instead)
        self.builds = 0  # texture builds (a test checks they happen per layout, not per frame)
        self._serial = 0  # the tile set's serial (game.puzzle.board.TileSet)
        self._piece_source: Any = None
        self._whole: arcade.Texture | None = None  # the whole picture, drawn once the puzzle is solved

    def set_picture(self, choice: str, numbers: bool) -> None:
        """Show picture ``choice`` (``""``: numbers) with or without the number overlay (call :meth:`place` next)."""
        self.picture, self.numbers = choice, numbers
        self.picture_error = ""
        self.tile_px = 0

    def hide(self, hidden: bool) -> None:
        """Draw every tile blank (``hidden``: a blindfold solve) or as it is (call :meth:`place` next)."""
        self.hidden = hidden
        self.tile_px = 0

    def attach(self, session: PuzzleSession) -> None:
        """Draw another game (call :meth:`place` afterwards)."""
        self.session = session
        self.flash = 0.0
        self.tile_px = 0

    # -- geometry ---------------------------------------------------------------------
    def place(self, left: float, bottom: float, right: float, top: float) -> None:
        """Fit the board, centred, in the window rectangle ``left..right`` × ``bottom..top`` (pixels)."""
        b = self.session.board
        tile = max(10, int(min((right - left) / b.width, (top - bottom) / b.height)))
        self.tile_px = tile
        bw, bh = tile * b.width, tile * b.height
        self.origin = (left + (right - left - bw) / 2, bottom + (top - bottom - bh) / 2)
        self._build_tiles()

    @property
    def size_px(self) -> tuple[int, int]:
        """Board width and height in pixels."""
        b = self.session.board
        return self.tile_px * b.width, self.tile_px * b.height

    def cell_center(self, cell: int) -> tuple[float, float]:
        """Window coordinates of the centre of board cell ``cell`` (row 0 at the top)."""
        b = self.session.board
        r, c = divmod(cell, b.width)
        return (self.origin[0] + (c + 0.5) * self.tile_px, self.origin[1] + (b.height - r - 0.5) * self.tile_px)

    def cell_at(self, x: float, y: float) -> int | None:
        """The board cell under window point ``(x, y)``, or None outside the board."""
        b = self.session.board
        if self.tile_px <= 0:
            return None
        c = math.floor((x - self.origin[0]) / self.tile_px)
        r_up = math.floor((y - self.origin[1]) / self.tile_px)
        if not (0 <= c < b.width and 0 <= r_up < b.height):
            return None
        return (b.height - 1 - r_up) * b.width + c

    # -- sprites ----------------------------------------------------------------------
    def _build_tiles(self) -> None:
        """(Re)create the tile textures and sprites for the current tile size and theme."""
        side = max(6, self.tile_px - max(2, self.tile_px // 18))
        b = self.session.board
        self.sprites = arcade.SpriteList(capacity=b.size)
        self.sprite_of = {}
        self.anim.clear()
        self.home_state = {}
        self._side = side
        self.builds += 1
        self._piece_source = None
        self._whole = None
        if self.picture:
            try:
                self._piece_source = board_picture(
                    self.picture, self.tile_px * b.width, self.tile_px * b.height, self.theme.background[:3]
                )
            except ValueError as exc:  # a player's file gone or damaged: numbers, with the reason
                self.picture_error = str(exc)
        piece = self._piece_source
        if piece is None:
            key: tuple[object, ...] = ("numbers", self.theme, side)
        else:  # a picture tile is its goal cell's part of the cut picture (board size, tile size, inset)
            key = ("picture", self.picture, id(piece), self.theme, b.width, b.height, self.tile_px, side, self.numbers)
        tiles = tile_set(key, piece, 2 * side * side * b.size)
        self.textures, self._serial = tiles.textures, tiles.serial
        for cell, tile in enumerate(b.tiles):
            if tile == 0:
                continue
            home = tile - 1 == cell
            spr = arcade.Sprite(self._texture(tile, home))
            spr.position = self.cell_center(cell)
            self.sprites.append(spr)
            self.sprite_of[tile] = spr
            self.home_state[tile] = home

    def _texture(self, tile: int, home: bool) -> arcade.Texture:
        if self.hidden:  # one blank tile per size
            if self._blank is None or self._blank[0] != self._side:
                self._blank = (self._side, tile_texture(0, self._side, self.theme, False))
            return self._blank[1]
        k = (tile, home)
        tex = self.textures.get(k)
        if tex is None:
            if self._piece_source is not None:
                tex = self.textures[k] = self._picture_texture(tile, home)
            else:
                tex = self.textures[k] = tile_texture(tile, self._side, self.theme, home)
        return tex

    def _picture_texture(self, tile: int, home: bool) -> arcade.Texture:
        """Tile ``tile``'s part of the picture (its goal cell), made once per layout."""
        b = self.session.board
        r, c = divmod(tile - 1, b.width)
        inset = (self.tile_px - self._side) // 2
        x0, y0 = c * self.tile_px + inset, r * self.tile_px + inset
        piece = self._piece_source.crop((x0, y0, x0 + self._side, y0 + self._side))
        img = render_picture_tile(piece, tile, self.theme, home, self.numbers)
        key = f"tessera-pic-{self._serial}-{self._side}-{tile}-{int(home)}-{int(self.numbers)}-{self.theme.name}"
        return arcade.Texture(img, hash=key, hit_box_algorithm=arcade.hitbox.algo_bounding_box)

    def sync(self, animate: bool = True) -> None:
        """Move sprites toward the cells of the current board (sliding when ``animate`` and enabled)."""
        for cell, tile in enumerate(self.session.board.tiles):
            spr = self.sprite_of.get(tile)
            if spr is None:
                continue
            tx, ty = self.cell_center(cell)
            home = tile - 1 == cell
            if self.home_state.get(tile) != home:
                self.home_state[tile] = home
                spr.texture = self._texture(tile, home)
            if (spr.center_x, spr.center_y) == (tx, ty) and tile not in self.anim:
                continue
            if self.animate and animate and not reduced_motion():
                self.anim[tile] = (spr.center_x, spr.center_y, tx, ty, 0.0)
            else:
                spr.position = (tx, ty)
                self.anim.pop(tile, None)

    @property
    def animating(self) -> bool:
        """True while a slide animation or the win flash runs."""
        return bool(self.anim) or self.flash > 0

    def advance(self, dt: float) -> None:
        """Advance slides and the flash by ``dt`` seconds."""
        if self.flash > 0:
            self.flash = max(0.0, self.flash - dt)
        pb = self.session.playback
        slide = min(SLIDE_SECONDS, 0.8 * pb.interval) if pb is not None else SLIDE_SECONDS
        done = []
        for tile, (x0, y0, x1, y1, t) in self.anim.items():
            t = min(1.0, t + dt / slide)
            e = 1 - (1 - t) ** 2  # ease out
            self.sprite_of[tile].position = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)
            if t >= 1.0:
                done.append(tile)
            else:
                self.anim[tile] = (x0, y0, x1, y1, t)
        for tile in done:
            del self.anim[tile]

    # -- drawing ----------------------------------------------------------------------
    def draw(self, banner: arcade.Text | None = None) -> None:
        """Frame, tiles, hint marker, win flash and the band behind ``banner`` (if it has text)."""
        t = self.theme
        ox, oy = self.origin
        bw, bh = self.size_px
        arcade.draw_lrbt_rectangle_filled(ox - 6, ox + bw + 6, oy - 6, oy + bh + 6, t.floor)
        arcade.draw_lrbt_rectangle_outline(ox - 6, ox + bw + 6, oy - 6, oy + bh + 6, t.text_dim, border_width=2)
        self.sprites.draw()
        if self._piece_source is not None and self.session.solved and not self.anim:  # the picture made whole
            if self._whole is None:
                whole = self._piece_source.convert("RGBA")
                self._whole = arcade.Texture(whole, hash=f"tessera-whole-{self._serial}-{bw}x{bh}")
            arcade.draw_texture_rect(self._whole, arcade.LBWH(ox, oy, bw, bh))
        self._draw_hint()
        if self.flash > 0:
            a = int(150 * self.flash / FLASH_SECONDS)
            arcade.draw_lrbt_rectangle_filled(ox, ox + bw, oy, oy + bh, (*t.star[:3], a))
        if banner is not None and banner.text:
            half = banner.font_size * 1.1
            arcade.draw_lrbt_rectangle_filled(ox, ox + bw, banner.y - half, banner.y + half, t.panel)

    def _draw_hint(self) -> None:
        hint = self.session.current_hint()
        if hint is None or self.anim:
            return
        x, y = self.cell_center(hint.tile_cell)
        bx, by = self.cell_center(self.session.board.blank)
        s = self.tile_px / 2 - 1
        color = self.theme.focus  # steady (an idle screen with a hint shown draws nothing new)
        arcade.draw_lrbt_rectangle_outline(x - s, x + s, y - s, y + s, color, border_width=max(3, self.tile_px // 16))
        # an arrow in the gap pointing where the tile goes
        dx, dy = bx - x, by - y
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        r = self.tile_px * 0.22
        tipx, tipy = bx + ux * r * 0.2, by + uy * r * 0.2
        basex, basey = bx - ux * r, by - uy * r
        arcade.draw_triangle_filled(
            tipx + ux * r, tipy + uy * r, basex - uy * r, basey + ux * r, basex + uy * r, basey - ux * r, color
        )
