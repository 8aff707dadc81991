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

from engine.maze.generators._common import Record, chunk_size, make_generator_forms, to_passage, u32_array
from engine.maze.generators._info import generator_info
from engine.maze.grids.base import Grid
from engine.rng import Rng

# Walls as ready-made byte strings: _GAPPED[m][g] is a wall of m edges with its gap
# at g (short walls, the common case; ~40 kB), _ZEROS[m] a wall of m edges without gap
# (grown on demand up to the longest side seen).
_SMALL = 48
_GAPPED = [[bytes(g) + b"\x01" + bytes(m - g - 1) for g in range(m)] for m in range(_SMALL)]
_ZEROS: list[bytes] = []
_BLOCK = 1024  # random words converted to Python ints at a time


def division_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Recursive division on a square grid; returns the ``(E,)`` bool passages.

    Relies on the square edge layout of :func:`engine.maze.grids.square.make_square`:
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
    zeros = _ZEROS
    while len(zeros) <= max(w, h):
        zeros.append(bytes(len(zeros)))
    gapped = _GAPPED
    small = _SMALL
    # Each chunk of cs words is drawn at once but turned into Python ints a block
    # at a time: a 100x100 maze uses about half of its only chunk.
    cs = chunk_size(grid.n)
    words = u32_array(rng, cs)
    top = min(cs, _BLOCK)  # words[:top] are in buf
    buf = words[:top].tolist()
    bi = 0
    lim = top - 3  # refill or extend when fewer than three words are left
    # The chamber in hand is (r0, c0, rh, cw) = (row0, col0, rows, cols), never a
    # corridor.  Of the two halves of a split, the second goes on the stack (only
    # if it is no corridor) and the first is split next, which is the order an
    # explicit stack of both halves would give; corridors are never stacked.
    stack: list[tuple[int, int, int, int]] = []
    pop = stack.pop
    push = stack.append
    r0 = c0 = 0
    rh, cw = h, w
    while True:
        if bi > lim:
            if top < cs:
                buf += words[top : top + _BLOCK].tolist()
                top = min(cs, top + _BLOCK)
            else:
                words = u32_array(rng, cs)
                top = min(cs, _BLOCK)
                buf = words[:top].tolist()
                bi = 0
            lim = top - 3
        # Wider than tall: vertical; taller: horizontal; square: one draw decides
        # (the walrus consumes it only in that case).
        if cw > rh or (cw == rh and (bi := bi + 1) and buf[bi - 1] >> 31):
            k = 1 + ((buf[bi] * (cw - 1)) >> 32)  # wall east of column c0 + k - 1
            gap = (buf[bi + 1] * rh) >> 32
            bi += 2
            first = r0 * hw + c0 + k - 1
            if rh < small:
                pas[first : first + rh * hw : hw] = gapped[rh][gap]
            else:
                pas[first : first + rh * hw : hw] = zeros[rh]
                pas[first + gap * hw] = 1
            if rec is not None:
                for j in range(rh):
                    if j != gap:
                        rec.append(("close", first + j * hw))
            if cw - k > 1:
                push((r0, c0 + k, rh, cw - k))
            if k > 1:
                cw = k
                continue
        else:
            k = 1 + ((buf[bi] * (rh - 1)) >> 32)  # wall above row r0 + k - 1
            gap = (buf[bi + 1] * cw) >> 32
            bi += 2
            first = vbase + (r0 + k - 1) * w + c0
            if cw < small:
                pas[first : first + cw] = gapped[cw][gap]
            else:
                pas[first : first + cw] = zeros[cw]
                pas[first + gap] = 1
            if rec is not None:
                for j in range(cw):
                    if j != gap:
                        rec.append(("close", first + j))
            if rh - k > 1:
                push((r0 + k, c0, rh - k, cw))
            if k > 1:
                rh = k
                continue
        if not stack:
            break
        r0, c0, rh, cw = pop()
    return to_passage(pas)


run_division, steps_division = make_generator_forms(
    "recursive division", division_core, "; starts from all passages open"
)

INFO = generator_info(
    "division",
    "DV",
    "Recursive division: start open, add walls with one gap (long straight walls)",
    ("square",),
    run_division,
    steps_division,
    initial_open=True,
    masks=False,
)
