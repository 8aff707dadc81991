"""The maze area of a screen: world camera, mouse pan and zoom, camera keys, the maze layer.

:class:`MazeViewport` is what the play, race (one player and two players) and Lab
screens share about showing a maze: the ``arcade.Camera2D`` the world is drawn
with and its :class:`~game.render.camera.CameraState` (fit, zoom at a point,
pan, follow, screen <-> world), mouse drag-to-pan (a press becomes a drag after
:data:`DRAG_THRESHOLD` pixels; a press released before that is a click), wheel
zoom (:data:`WHEEL_ZOOM` per notch, around the cursor), the F/+/- keys, the maze
layer (:class:`MazeLayer`, or :class:`DarkMazeLayer` through a fog) and picking
the cell under the mouse.  The screens keep their own rules: when the mouse is
ignored (a pause), what a click does, what else they draw.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from game.render.camera import Bounds, CameraState
from game.render.fog_layer import DarkMazeLayer
from game.render.maze_layer import MazeLayer
from game.ui.input import CAMERA, Bindings

if TYPE_CHECKING:
    from engine.maze.model import Maze
    from engine.modes.fog import Fog
    from game.render.theme import Theme

DRAG_THRESHOLD = 5  # pixels the mouse moves, button down, before a press becomes a drag
WHEEL_ZOOM = 1.15  # zoom factor per wheel notch
MIN_CELL_PX = 16.0  # a level opens zoomed in on its player when the whole maze would make cells smaller
OPEN_CELL_SHARE = 0.025  # ... and then at cells this share of the window's height (never under MIN_CELL_PX)


def opening_cell_px(height: float) -> float:
    """Pixels per cell a big maze opens at in a window ``height`` pixels tall: 2.5 % of it, at least
    :data:`MIN_CELL_PX` (27 px at 1080, 54 px at 2160)."""
    return max(MIN_CELL_PX, OPEN_CELL_SHARE * height)


class MazeViewport:
    """World camera, mouse pan/zoom and (optionally) the maze layer of one screen.

    Args:
        bounds: ``(xmin, ymin, xmax, ymax)`` of the world (the maze's grid bounds).
        width, height: the maze area in pixels (from the window's bottom-left corner).
        hud, footer: pixels of that area covered at the top and at the bottom.
        layer: the maze layer drawn by :meth:`draw` (None: the screen draws its own world).
        grid: the grid :meth:`cell_at` picks cells of (None: no picking).
        drag_threshold: pixels before a press becomes a drag (0: every move pans).
        keys: the key table whose ``camera`` actions :meth:`handle_key` answers (screens pass ``ctx.keys``).
    """

    def __init__(self, bounds: Bounds, width: float, height: float, hud: float = 0.0, footer: float = 0.0, *,
                 keys: Bindings, layer: MazeLayer | None = None, grid: Any = None,
                 drag_threshold: float = DRAG_THRESHOLD) -> None:
        self.keys = keys
        self.camera = arcade.Camera2D()
        self.cam = CameraState(bounds, width, height, hud, footer)
        self.layer = layer
        self.grid = grid
        self.drag_threshold = drag_threshold
        self.press_at: tuple[float, float] | None = None
        self.dragging = False
        self.focus: tuple[float, float] | None = None  # the point followed (the player): its floor stays bright
        self.dim_floors = True  # a maze with floors: the floors the focus is not on are drawn faint

    @classmethod
    def for_maze(cls, window: arcade.Window, maze: Maze, theme: Theme, fog: Fog | None = None, hud: float = 0.0,
                 footer: float = 0.0, *, keys: Bindings) -> MazeViewport:
        """A whole-window viewport on ``maze`` with its layer: drawn through ``fog`` when given (a dark maze)."""
        layer = MazeLayer(window.ctx, maze, theme) if fog is None else DarkMazeLayer(window.ctx, maze, theme, fog)
        return cls(maze.grid.bounds(), window.width, window.height, hud, footer, keys=keys, layer=layer,
                   grid=maze.grid)

    @property
    def maze_layer(self) -> MazeLayer:
        """The maze layer (for screens built with one)."""
        assert self.layer is not None, "this viewport has no maze layer"
        return self.layer

    @property
    def dark_layer(self) -> DarkMazeLayer | None:
        """The layer when it draws through a fog, else None."""
        return self.layer if isinstance(self.layer, DarkMazeLayer) else None

    # -- size ---------------------------------------------------------------------------
    def match_window(self, width: float, height: float, hud: float, footer: float,
                     focus: tuple[float, float] | None = None) -> None:
        """The window was resized to ``width`` × ``height`` (HUD and footer rescaled): the camera covers the
        window again and the maze is fitted, or with a ``focus`` (the player) opened on it (:meth:`open_on`)."""
        self.camera.match_window()
        self.cam.hud, self.cam.footer = hud, footer
        self.cam.resize(width, height)
        if focus is not None:
            self.open_on(*focus)

    def open_on(self, x: float, y: float) -> None:
        """Fit the maze; a big one whose cells would be smaller than :data:`MIN_CELL_PX` opens zoomed in to cells
        of :func:`opening_cell_px` (a size that suits the window) instead, centred on world point ``(x, y)``
        (F still fits the whole maze)."""
        self.cam.fit()
        cell = self.layer.cell_size if self.layer is not None else 1.0
        if self.cam.zoom * cell < MIN_CELL_PX:
            self.cam.centre_on(x, y, opening_cell_px(self.cam.height) / cell)

    def cell_pixels(self) -> float:
        """A typical cell's size on screen in pixels (the layer's cell size at the current zoom)."""
        return self.cam.zoom * (self.layer.cell_size if self.layer is not None else 1.0)

    def fit_area(self, width: float, height: float) -> None:
        """Only the ``width`` × ``height`` pixels at the window's bottom-left show the maze (a panel beside it):
        the camera draws into them and the maze is fitted."""
        self.camera = arcade.Camera2D(viewport=arcade.LBWH(0, 0, width, height),
                                      projection=arcade.LRBT(-width / 2, width / 2, -height / 2, height / 2))
        self.cam.resize(width, height)

    def contains(self, x: float, y: float) -> bool:
        """True when window pixel ``(x, y)`` lies left of the area's right edge (the maze, not a side panel)."""
        return x < self.cam.width

    # -- camera ---------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        """Pixels per world unit."""
        return self.cam.zoom

    def view_key(self) -> tuple[Any, ...]:
        """What the camera shows (centre, zoom, shake): part of a screen's frame key."""
        cam = self.cam
        return (cam.x, cam.y, cam.zoom, cam.shake)

    def fit(self) -> None:
        """Show the whole maze."""
        self.cam.fit()

    def follow(self, x: float, y: float, dt: float) -> None:
        """Zoomed in: glide to keep world point ``(x, y)`` (the player) in the middle part of the view."""
        self.focus = (x, y)
        self.cam.follow(x, y, dt)

    def handle_key(self, symbol: int, focus: tuple[float, float]) -> bool:
        """The camera keys of :attr:`keys` (F fits, + zooms in on world point ``focus``, the player, - zooms out
        around the centre).  True if ``symbol`` was one of them."""
        return self.cam.act(self.keys.action(CAMERA, symbol), self.cam.world_to_screen(*focus))

    def screen_to_world(self, x: float, y: float) -> tuple[float, float]:
        """Window pixel -> world point."""
        return self.cam.screen_to_world(x, y)

    def world_to_screen(self, x: float, y: float) -> tuple[float, float]:
        """World point -> window pixel."""
        return self.cam.world_to_screen(x, y)

    def cell_at(self, x: float, y: float) -> int:
        """The cell under window pixel ``(x, y)``, or -1 (outside the maze, or no grid)."""
        if self.grid is None:
            return -1
        return int(self.grid.cell_at(*self.cam.screen_to_world(x, y)))

    # -- mouse ----------------------------------------------------------------------------
    def press(self, x: float, y: float) -> None:
        """A button went down at ``(x, y)``: the start of a click or a drag."""
        self.press_at = (x, y)
        self.dragging = False

    def drag(self, x: float, y: float, dx: float, dy: float) -> bool:
        """The mouse moved to ``(x, y)`` with a button down; True if the view panned.

        The press becomes a drag once the mouse is :attr:`drag_threshold` pixels away from it; from then on the
        world moves with the mouse (the first pan makes up the distance moved before it)."""
        if self.press_at is None:
            return False
        if not self.dragging:
            px, py = self.press_at
            if math.hypot(x - px, y - py) < self.drag_threshold:
                return False
            self.dragging = True
            dx, dy = int(x - px), int(y - py)
        self.cam.pan(dx, dy)
        return True

    def release(self) -> bool:
        """The button went up: True when this ends a click (a press that never became a drag)."""
        clicked = self.press_at is not None and not self.dragging
        self.press_at, self.dragging = None, False
        return clicked

    def scroll(self, x: float, y: float, scroll_y: float) -> bool:
        """The wheel turned ``scroll_y`` notches: zoom around the cursor.  True if it zoomed."""
        if not scroll_y:
            return False
        self.cam.zoom_at(x, y, WHEEL_ZOOM ** scroll_y)
        return True

    # -- fog and drawing --------------------------------------------------------------------
    def sync_fog(self) -> None:
        """A dark maze: copy the cells whose visibility changed since the last call into the fog texture."""
        dark = self.dark_layer
        if dark is not None:
            changed = dark.fog.take_changes()
            if changed:
                dark.update_fog(changed)

    def use(self) -> None:
        """Activate the world camera where the camera state says (centre, zoom, shake)."""
        self.cam.apply(self.camera)
        self.camera.use()

    def draw(self, cached: tuple[int, int] | None = None, clear: Callable[[], object] | None = None) -> None:
        """The maze layer (walls, floor, trail); the world camera is active afterwards.

        Args:
            cached: the window size to draw the still part from an offscreen image of (made again only when the
                zoom changes or the camera glides past the image's margin; see :meth:`MazeLayer.draw_cached`), or
                None to draw it directly.
            clear: clears the window to the background (the screen's ``clear``): called here, before the maze,
                unless the maze's image covers the whole window (nothing of the background shows).
        """
        layer = self.maze_layer
        cam = self.cam
        if cam.width > 0 and cam.height > 0:  # only the rows on screen (shake and rounding: a margin)
            ya = cam.screen_to_world(0, 0)[1]
            yb = cam.screen_to_world(0, cam.height)[1]
            pad = (16 + abs(cam.shake[1])) / max(cam.zoom, 1e-9)
            layer.set_band((min(ya, yb) - pad, max(ya, yb) + pad))
        if cached is None:
            if clear is not None:
                clear()
            self.use()
            layer.draw(self.cam.zoom)
            self.draw_floor_veils()
            return
        cam.apply(self.camera)
        x0, y0, x1, y1 = cam.bounds
        sx0, sy0 = cam.world_to_screen(x0, y0)
        sx1, sy1 = cam.world_to_screen(x1, y1)
        pad = 8 + abs(cam.shake[0]) + abs(cam.shake[1])
        clip = (int(sx0 - pad), int(sy0 - pad), int(sx1 - sx0 + 2 * pad), int(sy1 - sy0 + 2 * pad))
        self.camera.use()
        centre = self.camera.position
        layer.draw_cached((cam.zoom,), cam.zoom, (float(centre[0]), float(centre[1])), cached, clip, clear)
        self.camera.use()
        layer.draw_trail()
        self.draw_floor_veils()

    def focus_floor(self) -> int:
        """The floor (drawn in rows side by side) under the followed point, or -1 (one floor, or nothing
        followed)."""
        grid = self.grid
        if grid is None or grid.floors < 2 or self.focus is None:
            return -1
        return int(grid.floor_at(*self.focus))

    def draw_floor_veils(self) -> None:
        """A maze with floors: a translucent veil in the background colour over every floor but the focus's
        (with the world camera active), so the player's floor reads as the one in play."""
        here = self.focus_floor() if self.dim_floors and self.layer is not None else -1
        if here < 0:
            return
        grid = self.grid
        b = grid.base_grid.boundary.reshape(-1, 2)
        (x0, y0), (x1, y1) = b.min(axis=0), b.max(axis=0)
        veil = (*self.maze_layer.theme.background[:3], 150)
        for f in range(grid.floors):
            if f != here:
                dx, dy = grid.floor_offset(f)
                arcade.draw_lrbt_rectangle_filled(x0 + dx - 0.2, x1 + dx + 0.2, y0 + dy - 0.2, y1 + dy + 0.2, veil)


def maze_help_line(keys: Bindings | None = None, floors: bool = False) -> str:
    """The maze screen's footer key help, naming ``keys`` (default: the default keys; screens pass ``ctx.keys``);
    with ``floors`` the stair keys first (they are new to the player)."""
    k = Bindings() if keys is None else keys
    if floors:
        return (f"E/{k.first('maze.stair_up')} up a stair · Q/{k.first('maze.stair_down')} down · "
                f"{k.directions('maze')} move · click to walk · wheel zoom · {k.first('camera.fit')} fit · "
                f"{k.first('maze.pause')} pause · F1 help · Esc back")
    return (f"{k.directions('maze')} move · two keys = diagonal · hold to run · click to walk · wheel zoom · "
            f"drag pan · {k.first('camera.fit')} fit · {k.first('maze.pause')} pause · F1 help · Esc back")
