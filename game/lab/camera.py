"""The Lab's camera: the maze area left of the panel, mouse pan and zoom, and the floor shown of a maze with floors.

The floors of a stacked grid are drawn side by side (:class:`engine.maze.grids.floors.FloorGrid`); the Lab's
camera frames one of them.  :class:`FloorShown` keeps which, moves to the floor of the run's cursor
(:meth:`engine.modes.lab.LabRun.focus_floor`) whenever the cursor changes floor, lets E / Page Up and
Q / Page Down look at the floor above or below in between, and gives the floor indicator.
:class:`LabCamera` is the Lab view's part (held, not inherited) that frames the maze and maps the mouse and the
camera keys (F fits the shown floor) to its :class:`game.ui.viewport.MazeViewport`.
"""

from __future__ import annotations

from arcade import key

from engine.maze.grids.base import Grid
from engine.maze.grids.floors import FloorGrid
from engine.modes.lab import LabRun
from game.lab.hud import FOOTER_HEIGHT, HUD_HEIGHT, panel_width
from game.ui.input import Bindings
from game.ui.viewport import MazeViewport

#: Seconds a solver's jumpy cursor (a breadth-first frontier) must stay on another floor before it is shown.
DWELL = 0.5
#: Keys that show the floor above / below (the maze screen's stair keys).
UP_KEYS = (key.E, key.PAGEUP)
DOWN_KEYS = (key.Q, key.PAGEDOWN)


class FloorShown:
    """The floor the Lab shows of ``grid`` (always 0 and the whole grid without floors).

    Attributes:
        floor: the floor shown, 0-based.
        floors: how many floors the grid has (1: a flat maze).
    """

    def __init__(self, grid: Grid, start: int) -> None:
        self.grid = grid
        self.floors = grid.floors
        self.floor = int(grid.floor_of[start]) if self.floors > 1 else 0
        self._last_focus = -1
        self._away = 0.0  # seconds a jumpy cursor has spent off the shown floor

    def bounds(self) -> tuple[float, float, float, float]:
        """World bounds to frame: the shown floor's (the whole grid without floors)."""
        grid = self.grid
        if not isinstance(grid, FloorGrid):
            x0, y0, x1, y1 = grid.bounds()
            return float(x0), float(y0), float(x1), float(y1)
        x0, y0, x1, y1 = grid.base_grid.bounds()
        dx, dy = grid.floor_offset(self.floor)
        return float(x0 + dx), float(y0 + dy), float(x1 + dx), float(y1 + dy)

    def frame(self, viewport: MazeViewport) -> None:
        """Fit ``viewport`` to the shown floor."""
        viewport.cam.bounds = self.bounds()
        viewport.fit()

    def follow(self, run: LabRun, viewport: MazeViewport | None, dt: float = 0.0) -> bool:
        """Show the floor of the run's cursor when the cursor has moved to another floor since the last call
        (looking elsewhere with the keys lasts until then).  A jumpy cursor
        (:attr:`engine.modes.lab.LabRun.jumpy_focus`: a breadth-first frontier spread over floors) is followed
        only once it has stayed off the shown floor for :data:`DWELL` seconds (``dt``: seconds since the last
        call), so the view does not flicker.  True when the shown floor changed."""
        focus = run.focus_floor() if self.floors > 1 else -1
        if focus < 0:
            return False
        if run.jumpy_focus:
            self._away = self._away + dt if focus != self.floor else 0.0
            if self._away < DWELL:
                return False
        elif focus == self._last_focus:
            return False
        self._away = 0.0
        self._last_focus = focus
        return self._show(focus, viewport)

    def handle_key(self, symbol: int, viewport: MazeViewport | None) -> bool:
        """E / Page Up: the floor above, Q / Page Down: the floor below (clamped).  True if ``symbol`` was one of
        them on a maze with floors."""
        if self.floors < 2 or symbol not in UP_KEYS + DOWN_KEYS:
            return False
        step = 1 if symbol in UP_KEYS else -1
        self._show(max(0, min(self.floors - 1, self.floor + step)), viewport)
        return True

    def _show(self, floor: int, viewport: MazeViewport | None) -> bool:
        if floor == self.floor:
            return False
        self.floor = floor
        if viewport is not None:
            self.frame(viewport)
        return True

    def label(self) -> str:
        """The floor indicator (``"floor 2/3"``), empty without floors."""
        return f"floor {self.floor + 1}/{self.floors}" if self.floors > 1 else ""


class LabCamera:
    """The Lab view's camera part (held by the view, as every maze screen holds its
    :class:`~game.ui.viewport.MazeViewport`): :attr:`viewport` (None until there is a grid), :attr:`shown` (the
    floor framed; None until a run exists), mouse pan/zoom and the camera keys.  Its mouse methods return whether
    the picture changed."""

    def __init__(self) -> None:
        self.viewport: MazeViewport | None = None
        self.shown: FloorShown | None = None

    def frame_maze(self, grid: Grid | None, width: int, height: int, keys: Bindings, scale: float = 1.0) -> None:
        """Frame ``grid`` (its shown floor; None: nothing yet) in the area left of the panel of a ``width`` ×
        ``height`` window (``keys``: the key table the viewport's camera keys come from) whose top bar, footer and
        panel are laid out at ``scale``."""
        if grid is None:
            return
        ww = max(100, width - panel_width(width, scale))
        if self.viewport is None:  # every mouse move pans: a click means nothing here
            self.viewport = MazeViewport(grid.bounds(), ww, height, HUD_HEIGHT * scale, FOOTER_HEIGHT * scale,
                                         keys=keys, drag_threshold=0)
        self.viewport.cam.hud, self.viewport.cam.footer = HUD_HEIGHT * scale, FOOTER_HEIGHT * scale
        self.viewport.fit_area(ww, height)
        if self.shown is not None:
            self.shown.frame(self.viewport)

    def camera_key(self, symbol: int, action: str | None) -> bool:
        """The Lab's ``fit`` key (``action``, F by default) fits the shown floor (the whole maze without floors);
        E/Q (Page Up/Down) show another floor.  True if ``symbol`` was one of them."""
        if action == "fit" and self.viewport is not None:
            self.viewport.fit()
            return True
        return self.shown is not None and self.shown.handle_key(symbol, self.viewport)

    @property
    def zoom(self) -> float:
        """Pixels per world unit (1 before there is a viewport)."""
        return self.viewport.zoom if self.viewport is not None else 1.0

    def follow(self, run: LabRun, dt: float) -> bool:
        """Show the floor of the run's cursor (see :meth:`FloorShown.follow`); True when the shown floor changed."""
        return self.shown is not None and self.shown.follow(run, self.viewport, dt)

    def press(self, x: float, y: float) -> None:
        """The start of a drag over the maze area (the panel's buttons are UI widgets)."""
        if self.viewport is not None and self.viewport.contains(x, y):
            self.viewport.press(x, y)

    def drag(self, x: float, y: float, dx: float, dy: float) -> bool:
        """Pan; True if the view moved."""
        return self.viewport is not None and self.viewport.drag(x, y, dx, dy)

    def release(self) -> None:
        """End a drag."""
        if self.viewport is not None:
            self.viewport.release()

    def scroll(self, x: float, y: float, scroll_y: float) -> bool:
        """Zoom around the cursor over the maze area; True if it zoomed."""
        vp = self.viewport
        return vp is not None and vp.contains(x, y) and vp.scroll(x, y, scroll_y)
