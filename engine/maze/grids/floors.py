"""Grids of several floors: ``floors`` copies of a square or hex grid joined by stairs.

:func:`stack_grid` stacks ``floors`` (2..8) copies of a base grid of ``n`` cells:

* **Cells**: cell ``f * n + c`` is base cell ``c`` on floor ``f`` (floor 0 is the lowest);
  :attr:`Grid.floor_of` gives each cell's floor, ``row``/``col`` are the base cell's.
* **Edges**: every floor's base edges first, floor by floor (edge ``f * E + e`` is base edge
  ``e`` on floor ``f``), then the **stairs** (:attr:`Grid.stair_start` is the first one).
  The full grid has a stair candidate for every pair of vertically adjacent cells:
  stair ``stair_start + f * n + c`` joins ``f * n + c`` to ``(f + 1) * n + c``.  A maze
  opens only some of them (:mod:`engine.maze.floors` chooses which may be used).
* **CSR**: each cell lists its base neighbours on its own floor counter-clockwise, then its
  stair down, then its stair up (where they exist): a stair has no direction in the plane,
  so in-plane code (direction picking, wall followers' turning order) meets it last.
* **Geometry**: the floors are drawn side by side in rows of :func:`floor_columns` (2 floors: one row;
  3 or 4: two rows of two; 5..8: rows of three), bottom row first and upwards (a tower's higher floors
  above), floor ``f`` shifted right by ``(f % columns) * floor_pitch`` and up by ``(f // columns) *
  floor_rise`` cell units (:meth:`FloorGrid.floor_offset`; the base width or height plus :data:`FLOOR_GAP`).
  One long row of four floors used 40 % of a 16:9 window's height.  Every picture, hit test and layer that
  reads ``centers``, ``polygons``, ``walls`` and ``boundary`` shows all floors without knowing about them.  A
  stair's ``walls`` entry is a zero-length segment at its lower cell's centre: there is no
  wall between floors, and pictures leave stairs out of the walls (they mark them instead).

Start is the base start on floor 0, goal the base goal on the top floor.

Only square and hex are stacked (:data:`FLOOR_SHAPES`): the walkers' neighbour tables
(:func:`engine.maze.generators._common.hops`) hold at most 8 neighbours per cell, and a
stacked cell has two more than its base cell: hex 6 + 2 fits, upsilon's octagons
(8 + 2) do not; triangle and polar would fit but their pictures and play (a polar floor
is a disc, a triangle has no up/down key layout) are not designed yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NoReturn

import numpy as np

from engine.maze.grids.base import Grid, Layout, Topology

#: The tessellations that can be stacked (see the module docstring for why only these).
FLOOR_SHAPES: tuple[str, ...] = ("square", "hex")
MIN_FLOORS = 2
MAX_FLOORS = 8
#: The most cells a maze with floors may have in all (1000×1000 on two floors).
MAX_FLOOR_CELLS = 2_000_000
#: The default share of candidate stairs a maze allows, percent (1..100).
DEFAULT_STAIRS = 5
#: Empty space between two floors drawn side by side, in cell units.
FLOOR_GAP = 1.0
#: The direction of a stair: up (+1) towards the floor above, down (-1) below.
UP, DOWN = 1, -1


def check_floors(shape: str, floors: object) -> int:
    """``floors`` as an int, checked: 1 (one floor: any shape) or 2..8 on a square or hex grid.

    Raises:
        ValueError: one sentence: not a whole number in 1..8, or a shape that cannot be stacked.
    """
    if isinstance(floors, bool) or not isinstance(floors, (int, np.integer)) or not 1 <= int(floors) <= MAX_FLOORS:
        raise ValueError(f"floors must be a whole number from 1 to {MAX_FLOORS}, not {floors!r}")
    if int(floors) > 1 and shape not in FLOOR_SHAPES:
        raise ValueError(
            f"mazes with floors need a square or hex grid, not {shape} "
            "(its cells would have too many neighbours or no up/down layout)"
        )
    return int(floors)


@dataclass(frozen=True, eq=False)
class FloorGrid(Grid):
    """A grid of several floors (see the module docstring).

    Attributes:
        base: the one-floor grid that is stacked (same kind, width, height).
        floor_count: the number of floors, 2..8 (read it as :attr:`floors`).
        stairs_open_to: ``(floors - 1, base.n)`` bool, which vertical pairs have a stair edge
            (all of them on the grid a maze lives on; a subset on the graph a generator carves).
    """

    base: Grid | None = field(default=None, repr=False)
    floor_count: int = 1
    stairs_open_to: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=bool), repr=False)

    @property
    def floors(self) -> int:
        """The number of floors, 2..8."""
        return self.floor_count

    @property
    def floor_of(self) -> np.ndarray:
        """``(n,)`` int32 floor of every cell (``cell // base.n``)."""
        nb = self.base_grid.n
        return self.memo("grid.floor_of", lambda: np.repeat(np.arange(self.floor_count, dtype=np.int32), nb))

    @property
    def stair_start(self) -> int:
        """The first stair edge id (``floors * base.num_edges``)."""
        return self.floor_count * self.base_grid.num_edges

    @property
    def base_grid(self) -> Grid:
        """:attr:`base`, never None."""
        if self.base is None:
            raise ValueError("a floor grid needs its base grid")
        return self.base

    @property
    def floor_pitch(self) -> float:
        """Distance in cell units between the same cell on two neighbouring floors in pictures."""
        return self.memo("floors.pitch", lambda: _pitch(self.base_grid))

    @property
    def floor_rise(self) -> float:
        """Distance in cell units between two rows of floors in pictures (the base height plus the gap)."""
        return self.memo("floors.rise", lambda: _rise(self.base_grid))

    @property
    def floor_columns(self) -> int:
        """How many floors a row of the picture holds (:func:`floor_columns`)."""
        return floor_columns(self.floor_count)

    def floor_offset(self, floor: int) -> tuple[float, float]:
        """``(dx, dy)`` cell units added to base coordinates to draw ``floor`` (0..floors-1)."""
        row, col = divmod(int(floor), self.floor_columns)
        return (col * self.floor_pitch, row * self.floor_rise)

    def floor_offsets(self) -> np.ndarray:
        """``(floors, 2)`` float64: :meth:`floor_offset` of every floor (subtract ``[floor_of]`` from ``centers``
        for the base positions)."""
        return _offsets(self.base_grid, self.floor_count)

    def floor_at(self, x: float, y: float) -> int:
        """The floor whose place in the picture holds the point ``(x, y)`` (cell units; the nearest one for a
        point in a gap or outside)."""
        x0, y0, _x1, _y1 = _base_box(self.base_grid)
        cols = self.floor_columns
        rows = -(-self.floor_count // cols)
        col = min(cols - 1, max(0, int((x - x0 + FLOOR_GAP / 2) // self.floor_pitch)))
        row = min(rows - 1, max(0, int((y - y0 + FLOOR_GAP / 2) // self.floor_rise)))
        return min(self.floor_count - 1, row * cols + col)

    def base_cell(self, cell: int) -> int:
        """The base cell under ``cell`` (``cell % base.n``)."""
        return int(cell) % self.base_grid.n

    def stair(self, cell: int, direction: int) -> tuple[int, int]:
        """``(edge, other cell)`` of the stair from ``cell`` going ``direction`` (:data:`UP` / :data:`DOWN`),
        or ``(-1, -1)`` where there is none (top or bottom floor; on a carving graph, a stair not allowed)."""
        nb = self.base_grid.n
        f, c = divmod(int(cell), nb)
        lower = f if direction == UP else f - 1
        if direction not in (UP, DOWN) or not 0 <= lower < self.floor_count - 1:
            return -1, -1
        if not self.stairs_open_to[lower, c]:
            return -1, -1
        rank = self.memo("floors.stair_rank", lambda: np.cumsum(self.stairs_open_to.ravel()) - 1)
        k = int(rank[lower * nb + c])
        return self.stair_start + k, int(cell) + direction * nb


def floor_columns(floors: int) -> int:
    """Floors per row of a stacked grid's picture: every floor in one row up to 2, else about a square of them
    (3 or 4 floors: 2, 5..9: 3)."""
    return int(floors) if floors <= 2 else int(np.ceil(np.sqrt(floors)))


def _base_box(base: Grid) -> tuple[float, float, float, float]:
    b = base.boundary.reshape(-1, 2)
    if not len(b):
        return 0.0, 0.0, float(base.width), float(base.height)
    return float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 0].max()), float(b[:, 1].max())


def _pitch(base: Grid) -> float:
    b = base.boundary.reshape(-1, 2)
    return float(b[:, 0].max() - b[:, 0].min()) + FLOOR_GAP if len(b) else float(base.width) + FLOOR_GAP


def _rise(base: Grid) -> float:
    b = base.boundary.reshape(-1, 2)
    return float(b[:, 1].max() - b[:, 1].min()) + FLOOR_GAP if len(b) else float(base.height) + FLOOR_GAP


def _offsets(base: Grid, floors: int) -> np.ndarray:
    """``(floors, 2)`` the picture offset of every floor (module docstring)."""
    f = np.arange(floors)
    cols = floor_columns(floors)
    return np.stack([(f % cols) * _pitch(base), (f // cols) * _rise(base)], axis=1).astype(np.float64)


def stack_grid(
    base: Grid, floors: int, allowed: np.ndarray | None = None, *, geometry: bool = True, lazy: bool = True
) -> FloorGrid:
    """``floors`` copies of ``base`` joined by stairs (the module docstring's numbering).

    Args:
        base: a whole square or hex grid (one floor, not cut to a shape).
        floors: 2..8.
        allowed: ``(floors - 1, base.n)`` bool, the vertical pairs that get a stair edge (all when
            None); stair edges are numbered in the order of the True entries.
        geometry: False for a graph that is only carved (no drawing geometry).
        lazy: build the topology arrays on first access (a maze's grid: generating it needs only
            the edge count), else now.

    Raises:
        ValueError: a base that is masked, stacked or not square/hex, floors outside 2..8, or an
            ``allowed`` table of the wrong shape.
    """
    if not base.plain or base.kind not in FLOOR_SHAPES:
        raise ValueError(f"only a whole square or hex grid can be stacked, not {base.kind}")
    if isinstance(floors, bool) or not MIN_FLOORS <= floors <= MAX_FLOORS:
        raise ValueError(f"floors must be {MIN_FLOORS}..{MAX_FLOORS}, not {floors!r}")
    nb, eb = base.n, base.num_edges
    if allowed is None:
        allowed = np.ones((floors - 1, nb), dtype=bool)
    allowed = np.asarray(allowed, dtype=bool)
    if allowed.shape != (floors - 1, nb):
        raise ValueError(f"allowed stairs must be a ({floors - 1}, {nb}) table, not {allowed.shape}")
    n = floors * nb
    stairs = int(np.count_nonzero(allowed))

    def build() -> Topology:
        return _topology(base, floors, allowed)

    layout = _layout(base, floors, allowed) if geometry else Layout(_none, _none, _none, _none)
    return FloorGrid(
        kind=base.kind,
        width=base.width,
        height=base.height,
        n=n,
        num_edges=floors * eb + stairs,
        topology=build if lazy else build(),
        start=base.start,
        goal=(floors - 1) * nb + base.goal,
        layout=layout,
        base=base,
        floor_count=floors,
        stairs_open_to=allowed,
    )


def _topology(base: Grid, floors: int, allowed: np.ndarray) -> Topology:
    """The stacked grid's edges, CSR and rows (module docstring's numbering)."""
    nb, eb = base.n, base.num_edges
    n = floors * nb
    up = np.zeros((floors, nb), dtype=bool)
    up[:-1] = allowed
    down = np.zeros((floors, nb), dtype=bool)
    down[1:] = allowed
    bip = base.indptr.astype(np.int64)
    deg = np.diff(bip)
    deg_t = np.tile(deg, floors)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(deg_t + up.ravel() + down.ravel(), out=indptr[1:])
    total = int(indptr[-1])
    nbr = np.empty(total, dtype=np.int32)
    eid = np.empty(total, dtype=np.int32)
    # Each floor's base entries keep their order; a cell's stairs follow (down, then up).
    keep = np.ones(total, dtype=bool)
    lower = np.flatnonzero(allowed.ravel()).astype(np.int64)  # each stair's lower cell (f * nb + c)
    pos_down = indptr[lower + nb] + deg_t[lower + nb]
    pos_up = indptr[lower] + deg_t[lower] + down.ravel()[lower]
    keep[pos_down] = False
    keep[pos_up] = False
    planar = np.flatnonzero(keep)
    del keep
    for f in range(floors):
        part = planar[f * len(base.nbr) : (f + 1) * len(base.nbr)]
        nbr[part] = base.nbr + f * nb
        eid[part] = base.edge_id + f * eb
    del planar
    sid = (floors * eb + np.arange(len(lower))).astype(np.int32)
    nbr[pos_down] = lower
    eid[pos_down] = sid
    nbr[pos_up] = lower + nb
    eid[pos_up] = sid
    edges = np.empty((floors * eb + len(lower), 2), dtype=np.int32)
    for f in range(floors):
        edges[f * eb : (f + 1) * eb] = base.edges + f * nb
    edges[floors * eb :, 0] = lower
    edges[floors * eb :, 1] = lower + nb
    return Topology(
        edges=edges,
        indptr=indptr.astype(np.int32),
        nbr=nbr,
        edge_id=eid,
        row=np.tile(base.row, floors),
        col=np.tile(base.col, floors),
    )


def _none() -> NoReturn:
    raise ValueError("a carving graph has no drawing geometry")


def _layout(base: Grid, floors: int, allowed: np.ndarray) -> Layout:
    """Geometry of the floors in rows side by side (module docstring)."""

    def shifted(xy: np.ndarray) -> np.ndarray:
        """``xy`` (m, ..., 2) repeated for every floor, each copy shifted by its floor's offset."""
        off = _offsets(base, floors)
        out = np.repeat(xy[None], floors, axis=0)
        out[..., 0] += off[:, 0].reshape((floors,) + (1,) * (xy.ndim - 1))
        out[..., 1] += off[:, 1].reshape((floors,) + (1,) * (xy.ndim - 1))
        return out.reshape((floors * xy.shape[0],) + xy.shape[1:])

    def centers() -> np.ndarray:
        return shifted(base.centers)

    def polygons() -> tuple[np.ndarray, np.ndarray]:
        ip = base.poly_indptr.astype(np.int64)
        size = int(ip[-1])
        starts = (ip[:-1][None, :] + size * np.arange(floors)[:, None]).ravel()
        indptr = np.concatenate([starts, [floors * size]]).astype(np.int32)
        return indptr, shifted(base.poly_xy)

    def walls() -> np.ndarray:
        at = centers()[np.flatnonzero(allowed.ravel())]
        return np.concatenate([shifted(base.walls), np.stack([at, at], axis=1)])

    def boundary() -> np.ndarray:
        return shifted(base.boundary)

    def polygon(cell: int) -> np.ndarray:
        f, c = divmod(int(cell), base.n)
        p = base.polygon(c).copy()
        p += _offsets(base, floors)[f]
        return p

    return Layout(centers, polygons, walls, boundary, polygon)
