"""Recursive division (square grids only): start with every wall open, split a
chamber by a straight wall with one random gap, repeat on both halves.

A chamber wider than tall is split by a vertical wall, taller than wide by a
horizontal one, a square chamber either way (50/50).  The wall position and the
gap are uniform.  Chambers one cell wide or tall are left as corridors.  An
explicit stack replaces recursion.  Walls are written with ``bytearray`` slice
assignment, so the work per chamber is a handful of Python operations.
"""

from __future__ import annotations

import numpy as np

from engine.generators._common import Record, chunk_size, make_forms, to_passage, u32_list
from engine.grids.base import Grid
from engine.rng import Rng


def division_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Recursive division on a square grid; returns the ``(E,)`` bool passages.

    Relies on the square edge layout of :func:`engine.grids.square.make_square`:
    east-west pairs first (``row * (w - 1) + col``), then north-south pairs
    (``h * (w - 1) + row * w + col``).  Draws chunks of :func:`chunk_size`
    32-bit values, up to three per split.

    Raises:
        ValueError: if the grid is not square.
    """
    if grid.kind != "square":
        raise ValueError(f"division supports only square grids, not {grid.kind}")
    w, h = grid.width, grid.height
    hw = w - 1  # stride of the east-west block
    vbase = h * hw
    pas = bytearray(b"\x01" * grid.num_edges)
    cs = chunk_size(grid.n)
    buf = u32_list(rng, cs)
    bi = 0
    lim = cs - 3
    stack = [(0, 0, h, w)]  # (row0, col0, rows, cols)
    pop = stack.pop
    push = stack.append
    while stack:
        r0, c0, rh, cw = pop()
        if rh < 2 or cw < 2:
            continue
        if bi > lim:
            buf = u32_list(rng, cs)
            bi = 0
        if cw > rh:
            vertical = True
        elif rh > cw:
            vertical = False
        else:
            vertical = buf[bi] >> 31 == 1
            bi += 1
        if vertical:
            k = 1 + ((buf[bi] * (cw - 1)) >> 32)  # wall east of column c0 + k - 1
            gap = (buf[bi + 1] * rh) >> 32
            bi += 2
            first = r0 * hw + c0 + k - 1
            pas[first : first + rh * hw : hw] = bytes(rh)
            pas[first + gap * hw] = 1
            if rec is not None:
                for j in range(rh):
                    if j != gap:
                        rec.append(("close", first + j * hw))
            push((r0, c0 + k, rh, cw - k))
            push((r0, c0, rh, k))
        else:
            k = 1 + ((buf[bi] * (rh - 1)) >> 32)  # wall above row r0 + k - 1
            gap = (buf[bi + 1] * cw) >> 32
            bi += 2
            first = vbase + (r0 + k - 1) * w + c0
            pas[first : first + cw] = bytes(cw)
            pas[first + gap] = 1
            if rec is not None:
                for j in range(cw):
                    if j != gap:
                        rec.append(("close", first + j))
            push((r0 + k, c0, rh - k, cw))
            push((r0, c0, k, cw))
    return to_passage(pas)


run_division, steps_division = make_forms("recursive division", division_core, "; starts from all passages open")
