"""The maze drawn with a few GPU buffers built once per level.

Floor, start and goal cells, walls and trail are each one vertex buffer and one
draw call.  Walls are quads expanded in the vertex shader by a half width that
the view may change every frame (so they stay at least ~1.5 px wide at any zoom)
without rebuilding anything.  The trail buffer has a fixed slot per cell; a
visited cell's slot is written once (:meth:`MazeLayer.mark_visited`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from engine.maze.bridges import bridges
from engine.maze.model import Maze
from game.render.geometry import cell_fans, take_layer_arrays, typical_cell_size, wall_quads
from game.render.theme import Theme


def offset_vertex_shader(declarations: str = "", body: str = "") -> str:
    """The vertex shader of the maze layers: ``in_vert + in_offset * u_half`` in world space.

    Wall quads carry a unit offset that the shader scales by the half width
    ``u_half`` (cells have a zero offset).  ``declarations`` and ``body`` add
    lines (e.g. a per-vertex colour passed on to the fragment shader).
    """
    return f"""
#version 330
uniform WindowBlock {{
    mat4 projection;
    mat4 view;
}} window;
uniform float u_half;
in vec2 in_vert;
in vec2 in_offset;
{declarations}
void main() {{
    gl_Position = window.projection * window.view * vec4(in_vert + in_offset * u_half, 0.0, 1.0);
    {body}
}}
"""


_VS = offset_vertex_shader()

_FS = """
#version 330
uniform vec4 u_color;
out vec4 f_color;
void main() {
    f_color = u_color;
}
"""

TRAIL_SCALE = 0.55  # visited marks are the cell shrunk to this share around its centre


def deck_colour(theme: Theme) -> tuple[int, int, int, int]:
    """A weave bridge's deck: the floor tinted a fifth of the way towards the walls, opaque."""
    f, w = theme.floor, theme.wall
    r, g, b = (int(round(0.78 * f[i] + 0.22 * w[i])) for i in range(3))
    return (r, g, b, 255)


_PROGRAMS: dict[tuple[int, str, str], Any] = {}


def shader_program(ctx: Any, vertex_shader: str, fragment_shader: str) -> Any:
    """The GL program of these shader sources in ``ctx``, compiled once per context."""
    key = (id(ctx), vertex_shader, fragment_shader)
    prog = _PROGRAMS.get(key)
    if prog is None:
        prog = _PROGRAMS[key] = ctx.program(vertex_shader=vertex_shader, fragment_shader=fragment_shader)
    return prog


def cache_margin(width: int, height: int) -> int:
    """Pixels the still maze's image reaches beyond each edge of a ``width`` x ``height`` window: a quarter of
    the longer side, 128..512 (a camera gliding after the player re-makes it every few hundred pixels; at 4K the
    image is 4864 x 3184, about 62 MB)."""
    return max(128, min(512, max(width, height) // 4))


class MazeLayer:
    """GPU geometry for one maze.  Build once per level; :meth:`draw` each frame.

    Args:
        ctx: the arcade context (``window.ctx``).
        maze: the level.
        theme: colours (call :meth:`set_theme` to switch; nothing is rebuilt).
    """


    def __init__(self, ctx: Any, maze: Maze, theme: Theme) -> None:
        self.ctx = ctx
        self.maze = maze
        self.theme = theme
        self.cell_size = typical_cell_size(maze)
        self.program = self._program(ctx)
        self.trail_vertices = 0  # vertices written so far (cells appended in visit order)
        self.trail_cells: set[int] = set()
        # Culling by height (set by _build_geometry when floor and walls are sorted by y): the sorted
        # centre y of the floor's cells and walls, their vertex offsets, and how far one reaches in y.
        self.band: tuple[float, float] | None = None  # world y range on screen (set_band), None: all
        self.floor_cull: tuple[np.ndarray, np.ndarray, float] | None = None
        self.wall_cull: tuple[np.ndarray, float, int] | None = None
        self._build_geometry()
        self.fbo: Any = None
        self.fbo_key: tuple[object, ...] | None = None
        self.fbo_centre = (0.0, 0.0)  # the world point at the image's centre
        self.last_key: tuple[object, ...] | None = None  # the camera of the previous frame
        self.static_draws = 0  # times draw_static ran (each frame the camera moves; once per still view)
        self.image_renders = 0  # times draw_cached rendered the still maze into its image (once per view/zoom)
        self.clear_trail()

    def _build_geometry(self) -> None:
        """The GPU buffers this layer draws (a subclass drawing differently builds only its own), from the arrays
        :func:`game.render.geometry.prepare_layer` made in the background (a big level) or made now."""
        ctx, maze = self.ctx, self.maze
        a = take_layer_arrays(maze)
        self.floor = self._geometry(a.floor)
        self.floor_cull = a.floor_cull
        self.trail_offsets = a.trail_offsets
        self.start_geo = self._geometry(a.start)
        self.goal_geo = self._geometry(a.goal)
        self._build_stairs()
        self.wall_count, self.wall_cull = a.wall_count, a.wall_cull
        self.walls = self._geometry(a.walls)
        self._build_bridges()
        self.trail_buffer = ctx.buffer(reserve=max(16, int(self.trail_offsets[-1]) * 16))
        self.trail = ctx.geometry([self._desc(self.trail_buffer)], mode=ctx.TRIANGLES)

    def _build_bridges(self) -> None:
        """Weave mazes: one deck (6 vertices) and two rails (12 vertices) per crossing, in crossing order
        (:meth:`draw_bridge` draws them over a player in a tunnel; every layer kind builds them)."""
        maze = self.maze
        self.bridge_of = {int(x): k for k, x in enumerate(maze.crossings[:, 0].tolist())}
        self.decks: Any = None
        self.rails: Any = None
        if maze.is_weave:
            br = bridges(maze)
            deck = br.decks[:, [0, 1, 2, 0, 2, 3]].reshape(-1, 2)
            self.decks = self._geometry(np.concatenate([deck, np.zeros_like(deck)], axis=1))
            self.rails = self._geometry(wall_quads(br.rails.reshape(-1, 2, 2)))

    def _build_stairs(self) -> None:
        """A maze with floors: the up and down marks of its open stairs (``engine.maze.floors.stair_marks``)."""
        self.stairs_up: Any = None
        self.stairs_down: Any = None
        if self.maze.grid.floors > 1:
            from engine.maze.floors import stair_marks

            up, down = stair_marks(self.maze)
            self.stairs_up = self._geometry(np.concatenate([up.reshape(-1, 2), np.zeros((3 * len(up), 2))], axis=1))
            self.stairs_down = self._geometry(
                np.concatenate([down.reshape(-1, 2), np.zeros((3 * len(down), 2))], axis=1))

    @classmethod
    def _program(cls, ctx: Any) -> Any:
        return shader_program(ctx, _VS, _FS)

    def _desc(self, buffer: Any) -> Any:
        from arcade.gl import BufferDescription

        return BufferDescription(buffer, "2f 2f", ["in_vert", "in_offset"])

    def _geometry(self, rows: np.ndarray) -> Any:
        data = np.ascontiguousarray(rows, dtype=np.float32)
        buf = self.ctx.buffer(data=data if len(data) else np.zeros(4, np.float32))  # uploaded with no copy
        geo = self.ctx.geometry([self._desc(buf)], mode=self.ctx.TRIANGLES)
        geo._tessera_count = len(data)  # vertex count to render
        return geo

    # -- trail ---------------------------------------------------------------
    def clear_trail(self) -> None:
        """Forget every visited mark."""
        self.trail_vertices = 0
        self.trail_cells.clear()

    def mark_visited(self, cell: int) -> None:
        """Show ``cell`` as visited: its triangles are appended to the trail buffer (once per cell)."""
        if cell in self.trail_cells:
            return
        self.trail_cells.add(cell)
        self.append_trail(cell)

    def append_trail(self, cell: int) -> None:
        """Append ``cell``'s trail triangles to the trail buffer (a layer that draws its trail otherwise, such as
        the dark one, appends to its own)."""
        tris, _ = cell_fans(self.maze, np.array([cell]), TRAIL_SCALE)
        rows = np.concatenate([tris, np.zeros_like(tris)], axis=1)
        self.trail_buffer.write(rows.tobytes(), offset=self.trail_vertices * 16)
        self.trail_vertices += len(rows)

    # -- drawing -------------------------------------------------------------
    def set_theme(self, theme: Theme) -> None:
        """Switch colours."""
        self.theme = theme

    def wall_half_width(self, zoom: float) -> float:
        """Half wall width in world units: ~5 % of a cell, kept between 0.8 and 5 pixels, times the theme's
        :attr:`~game.render.theme.Theme.wall_scale` (thick walls in high contrast; at most 12 % of a cell)."""
        k = self.theme.wall_scale
        cell_px = self.cell_size * zoom
        px = min(5.0 * k, max(0.8 * k, 0.05 * k * cell_px), max(0.8, 0.12 * cell_px))
        return px / max(zoom, 1e-9)

    def _render(self, geo: Any, color: tuple[int, int, int, int], half: float = 0.0, count: int | None = None) -> None:
        self._render_range(geo, color, 0, geo._tessera_count if count is None else count, half)

    def draw(self, zoom: float, trail: bool = True) -> None:
        """Draw everything directly with the current world camera (no cache)."""
        self.draw_static(zoom)
        if trail:
            self.draw_trail()

    def set_band(self, band: tuple[float, float] | None) -> None:
        """Draw only what lies between world heights ``band = (y0, y1)`` (what the screen shows), or all."""
        self.band = band

    def draw_static(self, zoom: float) -> None:
        """Floor, start, goal and walls (floor and walls only within :meth:`set_band`'s band, when set)."""
        t = self.theme
        self.static_draws += 1
        self.ctx.enable(self.ctx.BLEND)
        half = self.wall_half_width(zoom)
        band, fc, wc = self.band, self.floor_cull, self.wall_cull
        if band is None or fc is None:
            self._render_range(self.floor, t.floor, 0, self.floor._tessera_count)
        else:
            ys, offs, reach = fc
            lo = int(np.searchsorted(ys, band[0] - reach, "left"))
            hi = int(np.searchsorted(ys, band[1] + reach, "right"))
            self._render_range(self.floor, t.floor, int(offs[lo]), int(offs[hi] - offs[lo]))
        if self.decks is not None:
            self._render(self.decks, deck_colour(t))
        self._render(self.start_geo, t.start)
        self._render(self.goal_geo, t.goal)
        if self.stairs_up is not None:  # stairs up in the accent colour, down dimmed
            self._render(self.stairs_up, t.accent)
            self._render(self.stairs_down, t.text_dim)
        if band is None or wc is None:
            self._render_range(self.walls, t.wall, 0, self.walls._tessera_count, half)
        else:
            mids, reach, count = wc
            lo = int(np.searchsorted(mids, band[0] - reach - half, "left"))
            hi = int(np.searchsorted(mids, band[1] + reach + half, "right"))
            self._render_range(self.walls, t.wall, 6 * lo, 6 * (hi - lo), half)
            posts = self.walls._tessera_count - 6 * count  # a weave maze's bridge posts, after
            self._render_range(self.walls, t.wall, 6 * count, posts, half)

    def _render_range(self, geo: Any, color: tuple[int, int, int, int], first: int, count: int,
                      half: float = 0.0) -> None:
        """Draw ``count`` vertices from ``first``; an opaque colour without blending (the same pixels,
        and software GL fills a third faster without reading the target back)."""
        if count <= 0:
            return
        self.program["u_color"] = tuple(c / 255.0 for c in color)
        self.program["u_half"] = half
        opaque = len(color) < 4 or color[3] == 255
        if opaque:
            self.ctx.disable(self.ctx.BLEND)
        geo.render(self.program, first=first, vertices=count)
        if opaque:
            self.ctx.enable(self.ctx.BLEND)

    def draw_bridge(self, cell: int, zoom: float) -> None:
        """Draw the bridge of crossing cell ``cell`` again (deck and rails), e.g. over a player in its tunnel.

        Nothing happens for a cell that is not a crossing.
        """
        k = self.bridge_of.get(int(cell))
        if k is None or self.decks is None:
            return
        self.ctx.enable(self.ctx.BLEND)
        t = self.theme
        self.program["u_color"] = tuple(c / 255.0 for c in deck_colour(t))
        self.program["u_half"] = 0.0
        self.decks.render(self.program, first=6 * k, vertices=6)
        self.program["u_color"] = tuple(c / 255.0 for c in t.wall)
        self.program["u_half"] = self.wall_half_width(zoom)
        self.rails.render(self.program, first=12 * k, vertices=12)

    def draw_trail(self) -> None:
        """The visited marks (one draw call), blended over what is under them: the state left by whatever ran
        before (a copy of the still image leaves blending off) must not decide whether they are translucent."""
        self.ctx.enable(self.ctx.BLEND)
        self._render(self.trail, self.theme.trail, count=self.trail_vertices)

    def draw_cached(
        self,
        key: tuple[object, ...],
        zoom: float,
        centre: tuple[float, float],
        size: tuple[int, int],
        clip: tuple[int, int, int, int] | None,
        clear: Callable[[], object] | None = None,
    ) -> None:
        """Draw the static part from an offscreen image of the maze around the view, made again only when ``key``
        (the zoom, the colours) changes or the camera has moved more than the image's margin.

        The image covers the window and :func:`cache_margin` pixels beyond each edge, so a camera that glides
        after the player (or shakes) copies it at the new offset instead of drawing every wall again: walking a big
        maze costs a copy per frame and a new image every few hundred pixels.

        Args:
            key: anything that changes whenever the picture at a given camera centre changes (zoom, fog...).
            zoom: pixels per world unit (wall width).
            centre: the world point at the window's centre (the camera's position, shake included).
            size: window size in pixels (the image is this plus the margins, one image pixel per screen pixel).
            clip: ``(x, y, w, h)`` pixels that can differ from the background (the maze's
                screen rectangle); only they are copied, which matters on software GL.
            clear: clears the target to the background, called first unless the copy covers the whole window (a
                big maze walked zoomed in: the image's background is the screen's, so clearing is wasted).
        """
        w, h = max(1, size[0]), max(1, size[1])
        full_key = (key, w, h, self.theme)
        if full_key != self.last_key:
            if clear is not None:
                clear()
            # The zoom is changing (a wheel or a key step): drawing straight to the screen costs less than making
            # the image and copying it; the image is made once the zoom stands still.
            self.last_key = full_key
            self.draw_static(zoom)
            return
        m = cache_margin(w, h)
        if self.fbo is None or self.fbo.size != (w + 2 * m, h + 2 * m):
            tex = self.ctx.texture((w + 2 * m, h + 2 * m), components=4, filter=(self.ctx.NEAREST, self.ctx.NEAREST))
            self.fbo = self.ctx.framebuffer(color_attachments=[tex])
            self.fbo_key = None
        dx = (centre[0] - self.fbo_centre[0]) * zoom
        dy = (centre[1] - self.fbo_centre[1]) * zoom
        if full_key != self.fbo_key or max(abs(dx), abs(dy)) > m - 1:
            self._render_image(zoom, centre, m)
            self.fbo_key, self.fbo_centre = full_key, centre
            dx = dy = 0.0
        x0, y0, x1, y1 = 0, 0, w, h
        if clip is not None:
            x, y, cw, ch = clip
            x0, y0 = max(0, x), max(0, y)
            x1, y1 = min(w, x + cw), min(h, y + ch)
        if clear is not None and (x0, y0, x1, y1) != (0, 0, w, h):
            clear()
        if x1 <= x0 or y1 <= y0:
            return
        self._blit(x0, y0, x1, y1, m + round(dx), m + round(dy))

    def _blit(self, x0: int, y0: int, x1: int, y1: int, sx: int, sy: int) -> None:
        """Copy the image's pixels ``(x0 + sx, y0 + sy)..(x1 + sx, y1 + sy)`` to the target's ``(x0, y0)..(x1, y1)``:
        one framebuffer blit (a third cheaper than a textured quad on software GL, which also needs no clear
        under it)."""
        from pyglet import gl

        target = self.ctx.active_framebuffer
        scissor = self.ctx.scissor  # a frame drawn in parts (game.render.present): the part being drawn
        if scissor is not None:
            x0, y0 = max(x0, scissor[0]), max(y0, scissor[1])
            x1, y1 = min(x1, scissor[0] + scissor[2]), min(y1, scissor[1] + scissor[3])
            if x1 <= x0 or y1 <= y0:
                return
        self.ctx.scissor = None  # the blit is clipped by the scissor box too: open it to the rectangle
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, self.fbo.glo)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, target.glo)
        gl.glBlitFramebuffer(x0 + sx, y0 + sy, x1 + sx, y1 + sy, x0, y0, x1, y1, gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        gl.glBindFramebuffer(gl.GL_FRAMEBUFFER, target.glo)
        self.ctx.scissor = scissor

    def _render_image(self, zoom: float, centre: tuple[float, float], margin: int) -> None:
        """Draw the static part into the image: the window's view at ``zoom`` around ``centre`` plus ``margin``
        pixels each side (only the rows the image shows, when the layer culls by height)."""
        import arcade

        self.image_renders += 1
        width, height = self.fbo.size
        band, reach = self.band, (height / 2 + 16) / max(zoom, 1e-9)
        self.band = None if band is None else (centre[1] - reach, centre[1] + reach)
        camera = arcade.Camera2D(viewport=arcade.LBWH(0, 0, width, height), position=centre, zoom=zoom)
        with self.fbo.activate():
            self.fbo.clear(color=self.theme.background)
            camera.use()
            self.draw_static(zoom)
        self.band = band
