"""The menus' living background: a maze carving itself slowly behind the buttons, cheap when idle.

:class:`CarvingBackdrop` runs the engine's step-form generator
(:func:`engine.maze.generators.generate_steps`) over a hex grid that covers the window
and draws each opened passage as a faint line between two cell centres.  It advances
only every :data:`TICK_SECONDS` seconds (so the screen redraws that rarely, not at
60 frames per second: a full redraw costs ~50 ms of CPU at 1920×1080 under software GL),
and the lines live in one GPU buffer (``arcade.shape_list.ShapeElementList``) that grows by the
new lines only.  A finished
maze stays :data:`HOLD_SECONDS`, then a new one starts.  With reduced motion (the
store setting ``"reduced_motion"`` = ``"1"``) the maze is carved at once and never
changes.

Nothing of the maze is built before the backdrop's first frame (:meth:`CarvingBackdrop.place` only notes the size):
the grid and the generator (numpy, the engine's generators) start on the first :meth:`CarvingBackdrop.update`
after a :meth:`CarvingBackdrop.draw`, so the menu's first frame (a carving maze has no line yet then) comes
sooner.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import arcade
from arcade.shape_list import ShapeElementList, create_line

from game.render.theme import Theme

if TYPE_CHECKING:
    from engine.maze.generators import GeneratorStep

#: Seconds between two carving moves (each one redraw of the screen).
TICK_SECONDS = 4.0
#: Seconds a whole maze takes to carve, about.
CARVE_SECONDS = 120.0
#: Seconds a finished maze stays before the next one starts.
HOLD_SECONDS = 8.0
#: Cell size in pixels at UI scale 1.
CELL_PX = 44
#: How much of the accent colour the carved lines and the head mix into the background (0..1): faint, and
#: opaque (overlapping line ends do not show, and no blending to pay for).
LINE_MIX, HEAD_MIX = 0.14, 0.4


def mix(theme: Theme, share: float) -> tuple[int, int, int, int]:
    """The theme's accent mixed into its background by ``share`` (0..1), opaque."""
    bg, fg = theme.background, theme.accent
    r, g, b = (round(lo + (hi - lo) * share) for lo, hi in zip(bg[:3], fg[:3], strict=True))
    return r, g, b, 255


class CarvingBackdrop:
    """A self-carving maze filling the window (module doc).

    Args:
        theme: colours (the lines take the accent colour, faint).
        reduced_motion: True draws a finished maze that never moves.
        seed: the first maze's seed (each next maze takes the next one).
    """

    def __init__(self, theme: Theme, reduced_motion: bool = False, seed: int = 1) -> None:
        self.theme = theme
        self.reduced_motion = reduced_motion
        self.seed = seed
        self.size = (0, 0)
        self.shapes: ShapeElementList[Any] = ShapeElementList()
        self.head: tuple[float, float] | None = None
        self.cell_px = float(CELL_PX)
        self._steps: Iterator[GeneratorStep] = iter(())
        self._points: list[tuple[float, float]] = []
        self._edges: list[tuple[int, int]] = []
        self._clock = 0.0
        self._per_tick = 1
        self._hold = -1.0  # seconds left to show a finished maze (< 0: carving)
        self.carved = 0
        self.total = 0
        self.drawn = False  # a frame was drawn: building a maze may start
        self.pending = False  # a placed size waits for its maze (built by the next update after a draw)

    def place(self, width: int, height: int, scale: float = 1.0) -> None:
        """Cover a ``width`` × ``height`` window: a new maze when the size changed, built by the first
        :meth:`update` after a :meth:`draw` (the old lines go at once)."""
        if (width, height) == self.size:
            return
        self.size = (width, height)
        self.cell_px = CELL_PX * max(0.6, scale)
        self.shapes = ShapeElementList()
        self.head = None
        self.carved = self.total = 0
        self.pending = True

    def _start(self) -> None:
        from engine.maze.generators import generate_steps
        from engine.maze.grids import make_grid
        from engine.rng import Rng

        self.pending = False
        width, height = self.size
        cols = max(2, int(width / self.cell_px) + 2)
        rows = max(2, int(height / (self.cell_px * 0.866)) + 2)
        grid = make_grid("hex", cols, rows)
        k = self.cell_px
        self._points = [(float(x) * k - k * 0.75, float(y) * k - k * 0.5) for x, y in grid.centers.tolist()]
        self._edges = [(int(a), int(b)) for a, b in grid.edges.tolist()]
        self._steps = generate_steps(grid, "growing-tree", Rng(self.seed), {"rule": "newest"})
        self.shapes = ShapeElementList()
        self.carved, self.total = 0, grid.n - 1
        self.head = None
        self._clock = 0.0
        self._hold = -1.0
        self._per_tick = max(1, round(self.total / (CARVE_SECONDS / TICK_SECONDS)))
        if self.reduced_motion:
            self._carve(self.total)
            self.head = None

    def _carve(self, count: int) -> None:
        """Open up to ``count`` more passages (each one line in the buffer)."""
        color = mix(self.theme, LINE_MIX)
        width = max(2.0, self.cell_px * 0.28)
        half = width / 2 / self.cell_px  # each line runs half its width past both centres: the joints close
        opened = 0
        for kind, value in self._steps:
            if kind == "current":
                self.head = self._points[value]
            elif kind == "open":
                (ax, ay), (bx, by) = (self._points[i] for i in self._edges[value])
                dx, dy = (bx - ax) * half, (by - ay) * half
                self.shapes.append(create_line(ax - dx, ay - dy, bx + dx, by + dy, color, width))
                self.carved += 1
                opened += 1
                if opened >= count:
                    return
        self.head = None
        self._hold = HOLD_SECONDS  # the generator is done

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True when the picture changed (at most once per :data:`TICK_SECONDS`, and
        when a maze that waited for the first frame appears finished at once with reduced motion)."""
        if self.pending:
            if not self.drawn:
                return False
            self._start()
            return self.reduced_motion
        if self.reduced_motion or self.size == (0, 0):
            return False
        self._clock += dt
        if self._clock < TICK_SECONDS:
            return False
        elapsed, self._clock = self._clock, 0.0
        if self._hold >= 0:
            self._hold -= elapsed
            if self._hold < 0:
                self.seed += 1
                self._start()
                return True
            return False
        self._carve(self._per_tick)
        return True

    def draw(self) -> None:
        """The carved lines (one buffered draw) and the carving head."""
        self.drawn = True
        self.shapes.draw()
        if self.head is not None:
            r = self.cell_px * 0.22
            arcade.draw_circle_filled(*self.head, r, mix(self.theme, HEAD_MIX), num_segments=16)
