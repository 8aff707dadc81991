"""Square tessellation: ``width`` columns × ``height`` rows of unit squares.

Cell ``c = row * width + col``; row 0 is the bottom row, column 0 the left.
Start is the top-left cell, goal the bottom-right one.

Edge ids: the ``height * (width - 1)`` east-west pairs first, row by row (the
edge east of ``c`` is ``c - c // width``), then the ``(height - 1) * width``
south-north pairs (the edge north of ``c`` is ``height * (width - 1) + c``).
Every cell lists its neighbours in the slot order south, east, north, west
(:data:`S`, :data:`E`, :data:`N`, :data:`W`), skipping those off the grid.

:class:`SquareTables` exports that layout for the fast paths of the walkers
(backtracker, hunt-and-kill), which then never compute a neighbour or an edge id
from a list.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.maze.grids.base import (
    Grid,
    Layout,
    Topology,
    check_dims,
    csr_from_slots,
    lattice_slot_tables,
    lazy_grid,
    row_col,
)

MIN_SIZE = 2
MAX_SIZE = 1000

S, E, N, W = 0, 1, 2, 3
"""Direction slots of a square cell, in CSR order (increasing angle from south)."""
OPPOSITE = (N, W, S, E)
"""The direction back: ``OPPOSITE[k]`` is the slot of ``c`` in its neighbour toward ``k``."""
CLEAR = tuple(0xF ^ (1 << OPPOSITE[k]) for k in range(4))
"""``CLEAR[k]``: AND-mask that removes ``c``'s bit from the mask of its neighbour toward ``k``
(``(11, 7, 14, 13)`` for S, E, N, W)."""


@dataclass(frozen=True)
class SquareTables:
    """Direction arithmetic of one square grid, for walkers that keep per-cell bit masks.

    Attributes:
        width: cells per row ``w``.
        offset: ``(-w, 1, w, -1)``, the neighbour toward S, E, N, W is ``c + offset[k]``.
        clear: :data:`CLEAR`.
        masks: bit ``k`` of byte ``c`` is set when cell ``c`` has a neighbour toward
            ``k``; followed by ``w + 1`` zero bytes, so a walker that keeps
            ``um = bytearray(masks)`` may clear the bit of a visited cell ``d`` in all
            four neighbours without bounds checks::

                um[d + offset[S]] &= clear[S]  # ... and likewise for E, N, W

            (writes that miss land on a bit that is already clear, or in the padding,
            where negative indices wrap).
        vertical: ``height * (width - 1) - width``: the edge toward S of ``c`` is
            ``vertical + c`` and toward N ``vertical + c + w``.
    """

    width: int
    offset: tuple[int, int, int, int]
    clear: tuple[int, ...]
    masks: bytes
    vertical: int

    def edge(self, c: int, k: int) -> int:
        """The edge id from cell ``c`` toward direction ``k`` (the neighbour must exist)."""
        if k & 1:  # east or west
            return c - c // self.width - (k >> 1)
        return self.vertical + c + (k >> 1) * self.width


def square_tables(grid: Grid) -> SquareTables:
    """The (memoised) :class:`SquareTables` of a square grid.

    Raises:
        ValueError: if the grid is not square.
    """
    if not grid.full_square:
        raise ValueError(f"square tables need a full square grid, not a {'masked ' if grid.masked else ''}{grid.kind}")

    def build() -> SquareTables:
        w, h = grid.width, grid.height
        r, c = np.divmod(np.arange(w * h), w)
        m = ((r > 0) << S) | ((c < w - 1) << E) | ((r < h - 1) << N) | ((c > 0) << W)
        masks = m.astype(np.uint8).tobytes() + bytes(w + 1)
        return SquareTables(w, (-w, 1, w, -1), CLEAR, masks, h * (w - 1) - w)

    return grid.memo("square.tables", build)


def _layout(w: int, h: int) -> Layout:
    def centers() -> np.ndarray:
        rr, cc = np.divmod(np.arange(w * h), w)
        return np.stack([cc + 0.5, rr + 0.5], axis=1).astype(np.float64)

    corners = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float64)

    def polygons() -> tuple[np.ndarray, np.ndarray]:
        poly_xy = (centers()[:, None, :] - 0.5 + corners[None, :, :]).reshape(-1, 2)
        return np.arange(0, 4 * w * h + 1, 4, dtype=np.int32), poly_xy

    def polygon(cell: int) -> np.ndarray:
        r, c = divmod(cell, w)
        return np.array([c + 0.5, r + 0.5], dtype=np.float64) - 0.5 + corners

    def walls() -> np.ndarray:
        # East-west pair: the vertical segment x = col+1, y in [row, row+1];
        # south-north pair: the horizontal segment y = row+1, x in [col, col+1].
        out = np.empty((h * (w - 1) + (h - 1) * w, 2, 2), dtype=np.float64)
        k = h * (w - 1)
        hw = out[:k].reshape(h, w - 1, 2, 2)
        hw[..., 0] = np.arange(1, w, dtype=np.float64)[None, :, None]
        hw[:, :, 0, 1] = np.arange(h, dtype=np.float64)[:, None]
        hw[:, :, 1, 1] = np.arange(1, h + 1, dtype=np.float64)[:, None]
        vw = out[k:].reshape(h - 1, w, 2, 2)
        vw[..., 1] = np.arange(1, h, dtype=np.float64)[:, None, None]
        vw[:, :, 0, 0] = np.arange(w, dtype=np.float64)[None, :]
        vw[:, :, 1, 0] = np.arange(1, w + 1, dtype=np.float64)[None, :]
        return out

    def boundary() -> np.ndarray:
        return np.array(
            [[[0, 0], [w, 0]], [[w, 0], [w, h]], [[w, h], [0, h]], [[0, h], [0, 0]]], dtype=np.float64
        )

    return Layout(centers, polygons, walls, boundary, polygon)


def make_square(width: int, height: int) -> Grid:
    """Build a ``width`` × ``height`` square grid (each in 2..1000).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("square", width, height, MIN_SIZE, MAX_SIZE)

    def topology() -> Topology:
        every = slice(None)
        edges, nbr_tab, eid_tab = lattice_slot_tables(
            w,
            h,
            4,
            [
                ((every, slice(None, -1)), (every, slice(1, None)), E, W),
                ((slice(None, -1), every), (slice(1, None), every), N, S),
            ],
        )
        indptr, nbr, edge_id = csr_from_slots(nbr_tab, eid_tab)
        rr, cc = row_col(w, h)
        return Topology(edges, indptr, nbr, edge_id, rr, cc)

    # The edge layout is arithmetic (module docstring), so the arrays wait for first use.
    return lazy_grid("square", w, h, w * h, h * (w - 1) + (h - 1) * w, topology, _layout(w, h),
                     start=(h - 1) * w, goal=w - 1)
