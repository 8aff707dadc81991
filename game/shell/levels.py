"""Level select: the campaign map, the worlds side by side, each a chain of levels from top to bottom.

Every world's first level is open from the start; the next one opens when the one before is finished
(:meth:`engine.modes.campaign.Campaign.is_open`).  Each tile shows its number, its stars, a thumbnail of its
maze and its whole name; the level to play next is framed and says "next"; a locked level shows a padlock
and what kind of maze waits (its grid's icon, "dark", "2 floors"...); a level left half-way (a place kept,
:mod:`game.play.keep`) has a half-filled disc.  The player's level packs (:mod:`engine.modes.packs`) are
worlds after the shipped ones, read again whenever the packs folder changed (an exported pack shows at once);
a pack that cannot be read is a column with one "cannot be read" tile whose line says why.  Each shipped world
with a bonus world has its bonus stop on the path after its last level (:mod:`game.shell.map_bonus`): locked
with what opens it, playable from the map once open.

**Opening costs almost nothing.**  The map is one picture (:mod:`game.render.map_paint`) kept in
``ctx.memory`` and painted again only when what it shows changed (progress, a kept place, packs, the
theme, the window or text size): :data:`BUILDS` counts the paintings and the maze sketches made.  Mazes of
open levels are sketched once per game (module cache); the ones not sketched within a small budget while
opening are drawn a few per frame afterwards (the window never freezes).  A click within
:data:`CLICK_GUARD` seconds of the first frame is ignored, so a second click meant for the menu cannot open
a level.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import arcade
from arcade import key

from engine.maze.rules import FAMILY_WORDS
from game import routes
from game.bases.screen import BaseView, common_key
from game.context import Context
from game.format import maze_words, record_time
from game.render.banner import Banner
from game.render.map_art import Canvas, Sketch, sketch
from game.render.map_paint import Column, Layout, Tile, lay_out, paint, repaint_tile, view_rows
from game.shell.map_bonus import BonusStop, bonus_stops
from game.ui import draw_focus_ring, fit_text, focus_ring_width, text_scale, ui_scale

if TYPE_CHECKING:
    from engine.modes.campaign import CampaignLevel

#: How many times the map was painted whole, and how many maze sketches were made (tests count them).
BUILDS: Counter[str] = Counter()
#: Seconds after the map's first frame during which clicks are ignored (a double click on the menu).
CLICK_GUARD = 0.3
#: Seconds of sketching while the map opens, then per frame afterwards.
OPEN_BUDGET, FRAME_BUDGET = 0.06, 0.02

_SKETCHES: dict[str, Sketch] = {}  # level code -> its sketch (codes are deterministic: valid all game long)
_MEMORY = "map.picture"


def _code(lv: CampaignLevel) -> str:
    try:
        return lv.code()
    except Exception:  # a ready level without a code: nothing to key it by
        return ""


def level_sketch(lv: CampaignLevel) -> Sketch:
    """The sketch of ``lv``'s maze, made once per game for a level with a code."""
    code = _code(lv)
    found = _SKETCHES.get(code) if code else None
    if found is None:
        level = lv.level()
        found = sketch(level.maze, level.dark)
        BUILDS["sketch"] += 1
        if code:
            _SKETCHES[code] = found
    return found


def _what(lv: CampaignLevel) -> tuple[str, int, int, int, bool, bool, bool]:
    """Shape, width, height, floors, dark, weave, shaped of a level, without building it."""
    r = lv.recipe
    if r is not None:
        return r.shape, r.width, r.height, r.floors, r.dark, bool(r.weave), r.mask is not None
    made = lv.made
    assert made is not None
    masked = made.cells < made.width * made.height * made.floors
    return made.shape, made.width, made.height, made.floors, made.dark, bool(made.maze.is_weave), masked


def _rules(lv: CampaignLevel) -> tuple[str, ...]:
    """A puzzle level's rule families (its recipe's, or a hand-made level's elements'), without building it."""
    r = lv.recipe
    if r is not None:
        return r.puzzle.families if r.puzzle is not None else ()
    rules = lv.made.maze.rules if lv.made is not None else None
    return rules.families() if rules is not None else ()


@dataclass
class MapPicture:
    """The painted map and what it was painted from (kept in ``ctx.memory`` between openings)."""

    key: tuple[Any, ...]
    layout: Layout
    canvas: Canvas
    tiles: list[Tile]
    missing: list[int]  # open tiles painted without their thumbnail yet
    texture: Any = None  # the GL texture of the window's rows (made on first draw)
    shown: tuple[int, int, int] | None = None  # (scroll, width, height) the texture holds
    extra: dict[str, Any] = field(default_factory=dict)


#: The saved setting listing the worlds whose completion was celebrated ("|" between names).
CELEBRATED = "worlds_celebrated"


def world_banner(ctx: Context, complete: list[str], stars: dict[str, int]) -> Banner | None:
    """The ribbon for the worlds in ``complete`` (every level won) not celebrated before, or None; they are
    remembered as celebrated at once (the save), so each world is celebrated once."""
    seen = {w for w in ctx.store.setting(CELEBRATED).split("|") if w}
    new = [w for w in complete if w not in seen]
    if not new:
        return None
    ctx.store.set_setting(CELEBRATED, "|".join(sorted(seen | set(new))))
    levels = dict(ctx.campaign.by_world())
    if len(new) > 1:
        return Banner(f"{len(new)} worlds complete!", [", ".join(new)], ctx.reduced_motion)
    world = levels[new[0]]
    got = sum(stars.get(lv.id, 0) for lv in world)
    wallet = ctx.wallet()
    opened = next((r for r in wallet.opened("bonus") if r.world == new[0]), None)
    then = (f"Its bonus world is open: {opened.name} (R: rewards)" if opened is not None
            else "Three stars on every level open its bonus world")
    return Banner("World complete!", [f"{new[0]}  ·  {got} of {3 * len(world)} stars", then], ctx.reduced_motion)


class LevelsView(BaseView):
    """The campaign map.

    Args:
        ctx: shared context.
        focus: index of the level to focus first (default: the level to play next).
    """

    def __init__(self, ctx: Context, focus: int | None = None) -> None:
        super().__init__(ctx)
        camp = ctx.campaign
        self.campaign = camp
        self.worlds = camp.by_world()
        self.broken = list(camp.broken)
        self.levels = list(camp.levels)
        store = ctx.store
        unlocked, self.stars = store.unlocked(), store.stars()
        self.locked = [not camp.is_open(lv, unlocked) for lv in self.levels]
        self.codes = [_code(lv) for lv in self.levels]
        nxt = ctx.next_level()  # the one next (the menu's Continue and the win's Next level name it too)
        self.next_index = nxt.index if nxt is not None and nxt.index < len(self.levels) else -1
        kept = {i for i, c in enumerate(self.codes) if c and not self.locked[i] and store.setting("resume:" + c)}
        self.halfway = kept
        self.tiles = [self._tile(i, lv) for i, lv in enumerate(self.levels)]
        #: tile index -> the bonus world's stop it is (tiles after the levels; the broken packs' come last)
        self.stops: dict[int, BonusStop] = {}
        stops = bonus_stops(ctx, self.stars, unlocked)
        self.chains: list[Column] = []
        complete = [name for name, levels in self.worlds if all(lv.id in self.stars for lv in levels)]
        for name, levels in self.worlds:
            got = sum(self.stars.get(lv.id, 0) for lv in levels)
            chain = tuple(lv.index for lv in levels)
            if name in stops:  # the bonus world's stop, after the world's last level
                self.stops[len(self.tiles)] = stops[name]
                chain += (len(self.tiles),)
                self.tiles.append(stops[name].tile())
            self.chains.append(Column(name, chain, (got, 3 * len(levels)), name in complete))
        #: The celebration of worlds completed since the map last showed (each once: remembered in the save),
        #: made after the first frame (the map opens as fast as before).
        self.banner: Banner | None = None
        self._complete: list[str] | None = complete
        self.first_broken = len(self.tiles)  # the broken packs' tiles, last
        self.tiles += [Tile(0, b.name, state="broken") for b in self.broken]
        for j, b in enumerate(self.broken):
            self.chains.append(Column(b.name, (self.first_broken + j,), (0, 0)))
        total = sum(self.stars.get(lv.id, 0) for lv in self.levels)
        broken = len(self.broken)
        note = f"  ·  {broken} level pack{'s' if broken != 1 else ''} could not be read" if broken else ""
        self.summary_value = f"{total} of {3 * len(self.levels)} stars  ·  every world starts open{note}"
        if focus is None:
            focus = max(0, self.next_index)
        self.focus = max(0, min(focus, len(self.tiles) - 1))
        t = ctx.theme
        self.info = self.text("", 14, t.text, anchor_x="center", anchor_y="bottom")
        self.error = self.text(ctx.campaign_error or "", 14, t.error, anchor_x="center", multiline=True, width=1000,
                               align="center")
        self.picture: MapPicture | None = None
        self.scroll = 0
        self.first_frame: float | None = None
        self.pressed = -1
        self._info_for = -1
        #: What P (print the world) said, for the tile it was pressed on: (tile, line); None: nothing said.
        self.said: tuple[int, str] | None = None
        self._quad: Any = None

    def _tile(self, i: int, lv: CampaignLevel) -> Tile:
        shape, _, _, floors, dark, weave, shaped = _what(lv)
        return Tile(lv.index + 1, lv.name, "locked" if self.locked[i] else "open", self.stars.get(lv.id, 0),
                    i == self.next_index, i in self.halfway, shape, floors, dark, weave, shaped, lv.id in self.stars,
                    rules=_rules(lv))

    def maze_of(self, i: int) -> CampaignLevel | None:
        """The level whose maze tile ``i`` shows: its level, an open bonus stop's level to play, else None."""
        if i < len(self.levels):
            return self.levels[i]
        stop = self.stops.get(i)
        return stop.play if stop is not None and stop.open else None

    def column_names(self) -> list[str]:
        """The map's column titles: every world, then every broken pack (its file's stem)."""
        return [c.name for c in self.chains]

    # -- the picture --------------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Use the kept picture when it shows what this map shows at this size, else paint it again."""
        ts = text_scale()
        g = ui_scale(width, height) / ts
        info_px = round(max(11.0, 14 * g) * ts)
        self.info.font_size = info_px * 0.75  # points at 96 dpi
        footer = round(info_px * 1.6 + 16 * g)
        self.info.position = (width / 2, round(8 * g))
        self.error.width = int(width - 60)
        self.error.position = (width / 2, height / 2)
        self._width = width
        self._info_for = -1
        theme = self.ctx.theme
        key_ = (width, height, theme.name, ts, tuple(self.tiles), tuple(self.chains), self.summary_value)
        kept = self.ctx.memory.get(_MEMORY)
        if isinstance(kept, MapPicture) and kept.key == key_:
            self.picture = kept
        else:
            lay = lay_out(width, height, g, ts, "Campaign", self.summary_value, self.chains, self.tiles, footer)
            wanted = [i for i, tl in enumerate(self.tiles) if tl.state == "open"]
            sketches = self._sketches(wanted, OPEN_BUDGET)
            canvas = paint(lay, "Campaign", self.summary_value, self.chains, self.tiles, sketches, theme)
            BUILDS["paint"] += 1
            missing = [i for i in wanted if sketches[i] is None and self.maze_of(i) is not None]
            old = kept.texture if isinstance(kept, MapPicture) else None
            self.picture = MapPicture(key_, lay, canvas, list(self.tiles), missing, old)
            self.ctx.memory[_MEMORY] = self.picture
        self.scroll = max(0, min(self.scroll, self.picture.layout.height - self.picture.layout.view_height))
        self.show_focus()

    def _sketches(self, wanted: list[int], budget: float) -> list[Sketch | None]:
        """Each tile's sketch where known or made within ``budget`` seconds (others None)."""
        out: list[Sketch | None] = [None] * len(self.tiles)
        end = time.perf_counter() + budget
        for i in wanted:
            lv = self.maze_of(i)
            if lv is None:
                continue
            code = self.codes[i] if i < len(self.codes) else _code(lv)
            if code and code in _SKETCHES:
                out[i] = _SKETCHES[code]
            elif time.perf_counter() < end:
                out[i] = level_sketch(lv)
        return out

    def animating(self) -> bool:
        """True while thumbnails are still being drawn in or a world's ribbon shows."""
        return (bool(self.picture and self.picture.missing) or self._complete is not None
                or (self.banner is not None and self.banner.visible))

    def on_update(self, delta_time: float) -> None:
        """The ribbon's time (the ribbon itself made after the first frame), and a few missing thumbnails drawn in
        (within :data:`FRAME_BUDGET` seconds)."""
        if self._complete is not None and self.first_frame is not None:
            self.banner, self._complete = world_banner(self.ctx, self._complete, self.stars), None
            if self.banner is not None:  # nothing to celebrate: nothing new to draw
                self.request_redraw()
        elif self.banner is not None and self.banner.visible:
            self.banner.advance(delta_time)
            self.request_redraw()
        pic = self.picture
        if pic is None or not pic.missing:
            return
        end = time.perf_counter() + FRAME_BUDGET
        done: list[int] = []
        while pic.missing and (not done or time.perf_counter() < end):
            i = pic.missing.pop(0)
            lv = self.maze_of(i)
            if lv is None:
                continue
            sk = level_sketch(lv)
            repaint_tile(pic.canvas, pic.layout, i, pic.tiles[i], sk, self.ctx.theme)
            done.append(i)
        pic.shown = None
        self.request_redraw()

    # -- focus and input ----------------------------------------------------------------------------------
    def tile_rect(self, i: int) -> tuple[float, float, float, float]:
        """Tile ``i`` in window pixels: left, bottom, right, top (arcade's y up), at the current scroll."""
        assert self.picture is not None
        l, t, r, b = self.picture.layout.tiles[i]
        h = self.window.height
        return l, h - (b - self.scroll), r, h - (t - self.scroll)

    def show_focus(self) -> None:
        """Scroll so the focused tile is in view; scrolling up to a tile brings its band's world names (for the
        first band: the title) into view with it whenever both fit, so level 1 focused shows its world's name."""
        if self.picture is None or not self.picture.layout.tiles:
            return
        lay = self.picture.layout
        _, t, _, b = lay.tiles[self.focus]
        pad = 10 * lay.g
        tops = lay.band_tops or [0.0]
        band = max((y for y in tops if y <= t), default=tops[0])
        names = 0.0 if band == tops[0] else band - pad  # where the band's names start (the first: the map's top)
        if t - pad < self.scroll or names < self.scroll and self._first_row(t, band):
            fits = b + pad - names <= lay.view_height
            self.scroll = max(0, int(names if fits else t - pad))
        elif b + pad > self.scroll + lay.view_height:
            self.scroll = min(lay.height - lay.view_height, int(b + pad - lay.view_height))
        self.scroll = max(0, self.scroll)

    def _first_row(self, top: float, band: float) -> bool:
        """True when a tile whose top is ``top`` is in the first row of the band starting at ``band``."""
        assert self.picture is not None
        return not any(band <= tt < top - 1 for _, tt, _, _ in self.picture.layout.tiles)

    def scroll_by(self, pixels: float) -> None:
        """Scroll the map by ``pixels`` (down positive), within its height."""
        if self.picture is None:
            return
        lay = self.picture.layout
        self.scroll = int(max(0, min(lay.height - lay.view_height, self.scroll + pixels)))
        self.request_redraw()

    def move_focus(self, step: int) -> None:
        """Up/Down (``step`` ±2 or more) move along a world's chain, Left/Right (±1) to the next world (the same
        row or its last)."""
        col = next((k for k, c in enumerate(self.chains) if self.focus in c.tiles), 0)
        row = self.chains[col].tiles.index(self.focus) if self.chains else 0
        if abs(step) >= 2:
            row += 1 if step > 0 else -1
        else:
            col += step
        col = max(0, min(len(self.chains) - 1, col))
        chain = self.chains[col].tiles
        self.focus = chain[max(0, min(len(chain) - 1, row))]
        self.show_focus()
        self.request_redraw()

    def activate(self, index: int) -> None:
        """Open level ``index`` (a locked level or a broken pack does nothing); an open bonus stop plays its
        level to play, a locked one says what opens it."""
        stop = self.stops.get(index)
        if stop is not None:
            if stop.open and stop.play is not None:
                self.ctx.audio.play("click")
                self.ctx.go(routes.level, stop.play)
            else:
                self.said = (index, stop.locked_line())
                self._info_for = -1
                self.request_redraw()
            return
        if 0 <= index < len(self.levels) and not self.locked[index]:
            self.ctx.audio.play("click")
            self.ctx.go(routes.level, self.levels[index])

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Esc back, F1/F11, arrows move along the map, Enter opens, Page Up/Down scroll, R the rewards (a key
        while a world's ribbon shows only puts it away)."""
        if common_key(self.ctx, symbol, modifiers):
            return True
        if self.banner is not None and self.banner.visible:
            self.banner.dismiss()
            self.request_redraw()
            return True
        if symbol == key.ESCAPE:
            self.back()
            return True
        if symbol in (key.PAGEUP, key.PAGEDOWN) and self.picture is not None:
            self.scroll_by((-0.8 if symbol == key.PAGEUP else 0.8) * self.picture.layout.view_height)
            return True
        action = self.ctx.keys.action("menu", symbol)
        steps = {"up": -2, "down": 2, "left": -1, "right": 1}
        if action in steps:
            self.move_focus(steps[action])
            return True
        if action == "confirm":
            self.activate(self.focus)
            return True
        if symbol == key.P:  # built in, like the map's Page Up/Down: print the focused level's world
            self.print_world()
            return True
        if symbol == key.R:  # what the stars bought; its Back returns to the map
            self.ctx.show(routes.rewards(self.ctx, lambda: self.ctx.go(routes.levels, self.focus)))
            return True
        return None

    def print_world(self) -> None:
        """P: the focused level's world as a PDF (its mazes, then the answers) where exports go; the bottom
        line says where (until the focus moves)."""
        from game.lab.export import print_world

        if self.focus in self.stops:
            self.said = (self.focus, "P prints a campaign world's levels: focus one of them.")
        elif not 0 <= self.focus < len(self.levels):
            self.said = (self.focus, "Only the levels of a world that can be read can be printed.")
        else:
            world = self.levels[self.focus].world
            _, line = print_world(self.ctx.store, world, [lv for lv in self.levels if lv.world == world])
            self.said = (self.focus, line)
        self._info_for = -1
        self.request_redraw()

    def tile_at(self, x: float, y: float) -> int:
        """The tile under window point ``(x, y)``, or -1."""
        if self.picture is None or y < self.window.height - self.picture.layout.view_height:
            return -1
        for i in range(len(self.picture.layout.tiles)):
            l, b, r, t = self.tile_rect(i)
            if l <= x < r and b <= y < t:
                return i
        return -1

    def clicks_allowed(self) -> bool:
        """False until :data:`CLICK_GUARD` seconds after the first frame."""
        return self.first_frame is not None and time.monotonic() - self.first_frame >= CLICK_GUARD

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Hovering a tile focuses it."""
        i = self.tile_at(x, y)
        if i >= 0 and i != self.focus:
            self.focus = i
            self.request_redraw()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Remember the tile pressed (clicks right after opening are ignored; a click on a world's ribbon puts it
        away)."""
        if self.banner is not None and self.banner.visible:
            self.banner.dismiss()
            self.pressed = -1
            self.request_redraw()
            return
        self.pressed = self.tile_at(x, y) if self.clicks_allowed() else -1

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """A press and release on the same tile opens it."""
        i, self.pressed = self.pressed, -1
        if i >= 0 and i == self.tile_at(x, y):
            self.focus = i
            self.activate(i)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """The wheel scrolls a map taller than the window."""
        if self.picture is not None:
            self.scroll_by(-scroll_y * 60 * self.picture.layout.g)

    # -- drawing --------------------------------------------------------------------------------------------
    def _upload(self) -> None:
        pic = self.picture
        assert pic is not None
        w, h = self.window.width, self.window.height
        state = (self.scroll, w, h)
        if pic.texture is not None and pic.shown == state:
            return
        gl = self.window.ctx
        full = view_rows(pic.canvas.pixels(), self.scroll, pic.layout.view_height, self.ctx.theme.background, h)
        if pic.texture is None or pic.texture.size != (w, h):
            pic.texture = gl.texture((w, h), components=4, filter=(gl.NEAREST, gl.NEAREST))
        pic.texture.write(full.tobytes())
        pic.shown = state

    def on_draw(self) -> None:
        """The kept picture, the focus ring, the scroll bar and the line about the focused level."""
        self.clear()
        if self.first_frame is None:
            self.first_frame = time.monotonic()
        if self.picture is not None:
            self._upload()
            gl: Any = self.window.ctx
            if self._quad is None:
                from arcade.gl import geometry

                self._quad = geometry.quad_2d_fs()
            gl.disable(gl.BLEND)
            self.picture.texture.use(0)
            self._quad.render(gl.utility_textured_quad_program)
            gl.enable(gl.BLEND)
            self.window.default_camera.use()
            self._draw_focus()
        self.draw_extra()

    def _draw_focus(self) -> None:
        pic = self.picture
        assert pic is not None
        lay = pic.layout
        if 0 <= self.focus < len(lay.tiles):
            l, b, r, t = self.tile_rect(self.focus)
            w, h = self.window.width, self.window.height
            off = focus_ring_width(self.ctx.theme, w, h) + 1  # the ring every screen draws (twice as thick in HC)
            if b - off >= h - lay.view_height - 2:
                draw_focus_ring(l, r, b, t, self.ctx.theme, w, h)
        if lay.height > lay.view_height:  # a scroll bar at the right edge
            h, w = self.window.height, self.window.width
            share = lay.view_height / lay.height
            top = h - self.scroll / lay.height * lay.view_height
            bw = max(3, round(5 * lay.g))
            arcade.draw_lrbt_rectangle_filled(w - bw - 2, w - 2, top - share * lay.view_height, top,
                                              self.ctx.theme.text_dim)

    def info_line(self, i: int) -> str:
        """The line about tile ``i``: number, name, world, the maze in a player's words, best, kept place (or what
        P printing said, until the focus moves)."""
        if self.said is not None and self.said[0] == i:
            return self.said[1]
        if i in self.stops:
            return self.stops[i].line()
        if i >= len(self.levels):
            b = self.broken[max(0, min(i - self.first_broken, len(self.broken) - 1))]
            return f"{b.name}: cannot be read: {b.reason}"
        lv = self.levels[i]
        shape, w, h, floors, dark, weave, shaped = _what(lv)
        words = maze_words(shape, w, h, floors, dark, weave, shaped) + "".join(
            f", {FAMILY_WORDS[f]}" for f in _rules(lv))
        line = f"{lv.index + 1}. {lv.name}  ·  {lv.world}  —  {words}" + (f"  ·  {lv.lesson}" if lv.lesson else "")
        if self.locked[i]:
            return line + "  ·  locked: finish the level before"
        best = self.ctx.store.best(self.codes[i]) if self.codes[i] else None
        if best is not None and best.best_time is not None:
            line += f"  ·  best {record_time(best.best_time)}, {best.best_moves} moves"
        if i in self.halfway:
            line += "  ·  left half-way: Enter resumes"
        return line

    def draw_extra(self) -> None:
        """The line about the focused level (and the campaign's error, if any)."""
        if self._info_for != self.focus and self.tiles:
            self._info_for = self.focus
            fit_text(self.info, self.info_line(self.focus), self.info.font_size, self._width - 24)
        self.info.draw()
        if self.ctx.campaign_error:
            self.error.draw()
        if self.banner is not None and self.banner.visible:
            w, h = self.window.width, self.window.height
            self.banner.draw(self.ctx.theme, w, h, ui_scale(w, h))

    def painted_boxes(self) -> list[tuple[str, str, tuple[float, float, float, float]]]:
        """``(kind, text, box)`` of every text (kind ``"text"``) and tile (``"tile"``) of the picture wholly in
        view, boxes in window pixels (left, bottom, right, top): what the layout tests check."""
        pic = self.picture
        if pic is None:
            return []
        lay, h = pic.layout, self.window.height
        out = []
        items = [("text", t, box) for t, box in lay.texts]
        items += [("tile", self.tiles[i].name, box) for i, box in enumerate(lay.tiles)]
        for kind, value, (l, t, r, b) in items:
            if t >= self.scroll - 0.5 and b <= self.scroll + lay.view_height + 0.5:
                out.append((kind, value, (l, h - (b - self.scroll), r, h - (t - self.scroll))))
        return out

    def drawn_texts(self) -> list[str]:
        """Every text the map paints or can show in its bottom line (tests scan them)."""
        pic = self.picture
        painted = [t for t, _ in pic.layout.texts] if pic is not None else []
        return painted + [self.info_line(i) for i in range(len(self.tiles))]


__all__ = ["BUILDS", "CLICK_GUARD", "LevelsView", "MapPicture", "level_sketch"]
