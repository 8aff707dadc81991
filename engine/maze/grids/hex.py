"""Hexagonal tessellation: ``width`` × ``height`` pointy-top hexagons in offset rows.

Cell ``c = row * width + col``; row 0 is the bottom row, column 0 the left.
Odd rows are shifted half a cell to the east, so the grid is a rectangle with
ragged left and right sides.  An interior cell has 6 neighbours (E, NE, NW, W,
SW, SE).  Start is the top-left cell, goal the bottom-right one.

Geometry (cell units): neighbouring centres are 1 apart, the hexagon's
circumradius is ``1/sqrt(3)`` and rows are ``sqrt(3)/2`` apart.  Every vertex is
computed from an integer lattice (x in steps of 1/2, y in steps of
``1/(2*sqrt(3))``), so a vertex shared by several cells has bit-identical
coordinates in each of them.

Sizes: width and height each in 2..1000 (at most 1,000,000 cells).
"""

from __future__ import annotations

import math
from array import array
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

_S = 1.0 / math.sqrt(3.0)  # circumradius
_YSTEP = _S / 2.0  # one unit of the integer y lattice
# Vertex k (counter-clockwise from 30 degrees) as (dx in half units, dy in _YSTEP units).
_VX = np.array([1, 0, -1, -1, 0, 1], dtype=np.int64)
_VY = np.array([1, 2, 1, -1, -2, -1], dtype=np.int64)
# Side k joins vertex k and k+1; it faces NE, NW, W, SW, SE, E.
# Neighbour slots in CSR order (increasing angle): SW, SE, E, NE, NW, W.
_SW, _SE, _E, _NE, _NW, _W = range(6)


def _neighbour(r: np.ndarray, c: np.ndarray, side: int, w: int, h: int) -> np.ndarray:
    """Cell across ``side`` of cells ``(r, c)``, or -1 where it falls outside."""
    odd = r & 1
    dr, dc = ((1, odd), (1, odd - 1), (0, -1), (-1, odd - 1), (-1, odd), (0, 1))[side]
    rr = r + dr
    cc = c + dc
    ok = (rr >= 0) & (rr < h) & (cc >= 0) & (cc < w)
    return np.where(ok, rr * w + cc, -1)


def _lattice(cells: np.ndarray, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Centres of ``cells`` on the integer lattice: x in half units, y in ``_YSTEP`` units."""
    r, c = np.divmod(np.asarray(cells, dtype=np.int64), w)
    return 2 * c + 1 + (r & 1), 3 * r + 2


def _vertices(cells: np.ndarray, w: int, ks: np.ndarray) -> np.ndarray:
    """Vertices ``ks`` (indices into the six) of each of ``cells``: ``(m, len(ks), 2)`` float64."""
    x2, yi = _lattice(cells, w)
    out = np.empty((x2.shape[0], len(ks), 2), dtype=np.float64)
    out[..., 0] = (x2[:, None] + _VX[ks]) * 0.5
    out[..., 1] = (yi[:, None] + _VY[ks]) * _YSTEP
    return out


# Edge groups: (rows of a, columns of a, rows of b, columns of b, side of a crossed, slot of b at a).
# b is the east, north-east or north-west neighbour of a, so b > a always.
_GROUPS = (
    (slice(None), slice(None, -1), slice(None), slice(1, None), 5, _E),  # east
    (slice(0, -1, 2), slice(None), slice(1, None, 2), slice(None), 0, _NE),  # NE from an even row: same column
    (slice(1, -1, 2), slice(None, -1), slice(2, None, 2), slice(1, None), 0, _NE),  # NE from an odd row: next column
    (slice(0, -1, 2), slice(1, None), slice(1, None, 2), slice(None, -1), 1, _NW),  # NW from an even row: prev column
    (slice(1, -1, 2), slice(None), slice(2, None, 2), slice(None), 1, _NW),  # NW from an odd row: same column
)
_BACK = {_E: _W, _NE: _SW, _NW: _SE}


def _groups(w: int, h: int) -> list[tuple[np.ndarray, np.ndarray, int, int]]:
    """The edge groups as ``(a cells, b cells, side of a, slot of b at a)``."""
    ids = np.arange(w * h, dtype=np.int32).reshape(h, w)
    out = []
    for ra, ca, rb, cb, k, slot in _GROUPS:
        a = ids[ra, ca]
        b = ids[rb, cb][: a.shape[0]]  # the row above; the top row has none
        out.append((a.ravel(), b.ravel(), k, slot))
    return out


def _layout(w: int, h: int) -> Layout:
    n = w * h
    six = np.arange(6)

    def centers() -> np.ndarray:
        x2, yi = _lattice(np.arange(n), w)
        return np.stack([x2 * 0.5, yi * _YSTEP], axis=1)

    def polygons() -> tuple[np.ndarray, np.ndarray]:
        return np.arange(0, 6 * n + 1, 6, dtype=np.int32), _vertices(np.arange(n), w, six).reshape(-1, 2)

    def polygon(cell: int) -> np.ndarray:
        ring: np.ndarray = _vertices(np.array([cell]), w, six)[0]
        return ring

    def walls() -> np.ndarray:
        parts = [_vertices(a, w, np.array([k, (k + 1) % 6])) for a, _, k, _ in _groups(w, h)]
        return np.concatenate(parts)

    def boundary() -> np.ndarray:
        # Boundary sides can only belong to cells on the rim of the rectangle.
        # (a mask, not np.unique: numpy 2's unique imports numpy.ma, ~50 ms, on the first big level's opening)
        on_rim = np.zeros((h, w), dtype=bool)
        on_rim[[0, -1], :] = True
        on_rim[:, [0, -1]] = True
        rim = np.flatnonzero(on_rim).astype(np.int64)
        rr, rc = np.divmod(rim, w)
        parts = []
        for k in range(6):
            out = rim[_neighbour(rr, rc, k, w, h) < 0]
            parts.append(_vertices(out, w, np.array([k, (k + 1) % 6])))
        return np.concatenate(parts)

    return Layout(centers, polygons, walls, boundary, polygon)


def make_hex(width: int, height: int) -> Grid:
    """Build a ``width`` × ``height`` hexagonal grid (each in 2..1000).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("hex", width, height, MIN_SIZE, MAX_SIZE)

    def topology() -> Topology:
        edges, nbr_tab, eid_tab = lattice_slot_tables(
            w, h, 6, [((ra, ca), (rb, cb), slot, _BACK[slot]) for ra, ca, rb, cb, _, slot in _GROUPS]
        )
        indptr, nbr, edge_id = csr_from_slots(nbr_tab, eid_tab)
        r, c = row_col(w, h)
        return Topology(edges, indptr, nbr, edge_id, r, c)

    # East pairs in every row, then 2w - 1 pairs (NE and NW) between each row and the next; the
    # walkers' hex lattice (:func:`hex_tables`) computes its edge ids, so the arrays wait for first use.
    return lazy_grid(
        "hex", w, h, w * h, h * (w - 1) + (h - 1) * (2 * w - 1), topology, _layout(w, h), start=(h - 1) * w, goal=w - 1
    )


# Neighbour steps by slot (SW, SE, E, NE, NW, W) for a cell at position p = row * stride + col:
# even rows reach the column itself and the one to the west above and below, odd rows the one to the east.
CLEAR = tuple(0xFF ^ (1 << ((k + 3) % 6)) for k in range(6))
"""``CLEAR[k]``: AND-mask removing a cell's bit from its neighbour toward slot ``k`` (whose slot back is ``k + 3``)."""


@dataclass(frozen=True)
class HexTables:
    """Lattice arithmetic of a whole hex grid, for walkers that keep per-cell bit masks (as
    :class:`engine.maze.grids.square.SquareTables` does for square grids).

    Cells sit at *positions* ``p = row * stride + col`` with ``stride = width + 1``: a padding
    column east of every row, so a step off the west or east side lands on padding, never on a
    cell of another row.  A position's cell is ``p - p // stride``; a cell's position ``c + c // width``
    (both increase together, so position order is cell order).

    Attributes:
        width: cells per row ``w``; ``stride`` is ``w + 1``.
        even, odd: the position steps toward slots SW, SE, E, NE, NW, W from a cell on an even / odd row.
        clear: :data:`CLEAR`.
        masks: bit ``k`` of byte ``p`` is set when the cell at ``p`` has a neighbour in slot ``k``
            (slots in the grid's CSR order; padding positions have none), followed by
            ``2 * stride + 2`` zero bytes, so a walker with ``um = bytearray(masks)`` may clear the
            bit of a visited cell in all six neighbours without bounds checks (writes that miss land
            on padding; negative positions wrap into the trailing zeros).
        parity: byte ``p`` is 1 on odd rows (choose ``odd`` steps there), 0 on even rows.
        edges: ``edges[6 * p + k]`` is the edge toward slot ``k`` of the cell at ``p`` (-1: none).
    """

    width: int
    stride: int
    even: tuple[int, ...]
    odd: tuple[int, ...]
    clear: tuple[int, ...]
    masks: bytes
    parity: bytes
    edges: array[int]


def hex_tables(grid: Grid) -> HexTables:
    """The (memoised) :class:`HexTables` of a whole hex grid, from its lattice alone (no CSR needed).

    Raises:
        ValueError: if the grid is not a whole hex grid.
    """
    if grid.kind != "hex" or grid.masked:
        raise ValueError(f"hex tables need a whole hex grid, not a {'masked ' if grid.masked else ''}{grid.kind}")
    w, h = grid.width, grid.height
    return grid.memo("hex.tables", lambda: _hex_tables(w, h))


def _hex_tables(w: int, h: int) -> HexTables:
    s = w + 1
    r = np.arange(h, dtype=np.int64)[:, None]
    c = np.arange(w, dtype=np.int64)[None, :]
    odd = r & 1
    masks = np.zeros((h, s), dtype=np.uint8)
    for k, (dr, dc) in enumerate(((-1, -1), (-1, 0), (0, 1), (1, 0), (1, -1), (0, -1))):  # even-row steps
        rr, cc = r + dr, c + dc + (odd if dr else 0)
        masks[:, :w] |= ((rr >= 0) & (rr < h) & (cc >= 0) & (cc < w)).astype(np.uint8) << k
    eid = np.full((h, s, 6), -1, dtype=np.int32)
    cells = eid[:, :w]
    base = 0
    for ra, ca, rb, cb, _, slot in _GROUPS:  # the edge ids make_hex gives (lattice_slot_tables' order)
        m = cells[ra, ca, slot].size
        ids = np.arange(base, base + m, dtype=np.int32).reshape(cells[ra, ca, slot].shape)
        cells[ra, ca, slot] = ids
        cells[rb, cb, _BACK[slot]] = ids
        base += m
    parity = np.repeat((np.arange(h) & 1).astype(np.uint8), s)
    return HexTables(
        w,
        s,
        (-s - 1, -s, 1, s, s - 1, -1),
        (-s, -s + 1, 1, s + 1, s, -1),
        CLEAR,
        masks.tobytes() + bytes(2 * s + 2),
        parity.tobytes(),
        array("i", eid.tobytes()),
    )
