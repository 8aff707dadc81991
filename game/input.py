"""Keyboard direction handling, independent of arcade (pure Python, unit-testable).

Directions are unit-ish vectors in world coordinates (x right, y up).  On grids
whose neighbours do not line up with the arrow keys (hex, triangle, polar,
upsilon) the pressed direction, including diagonals from two keys held
together, picks the open neighbour whose direction is closest in angle.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

# pyglet/arcade key symbols, copied so this module needs no arcade import.
KEY_LEFT, KEY_UP, KEY_RIGHT, KEY_DOWN = 65361, 65362, 65363, 65364
KEY_A, KEY_D, KEY_S, KEY_W = 97, 100, 115, 119

Vec = tuple[float, float]

KEY_VECTORS: dict[int, Vec] = {
    KEY_LEFT: (-1.0, 0.0),
    KEY_A: (-1.0, 0.0),
    KEY_RIGHT: (1.0, 0.0),
    KEY_D: (1.0, 0.0),
    KEY_UP: (0.0, 1.0),
    KEY_W: (0.0, 1.0),
    KEY_DOWN: (0.0, -1.0),
    KEY_S: (0.0, -1.0),
}

#: A neighbour further than this from the wanted direction is never chosen (degrees).
MAX_ANGLE_DEG = 80.0


def is_direction_key(symbol: int) -> bool:
    """True for the arrow keys and WASD."""
    return symbol in KEY_VECTORS


def direction_from_keys(held: Iterable[int], newest: int | None = None) -> Vec | None:
    """The combined direction of the held direction keys, or None.

    Two keys at right angles give a diagonal.  When the held keys cancel out
    (Left + Right) the ``newest`` key alone wins.
    """
    dx = dy = 0.0
    seen: set[Vec] = set()
    for sym in held:
        v = KEY_VECTORS.get(sym)
        if v is not None and v not in seen:  # A and Left together count once
            seen.add(v)
            dx += v[0]
            dy += v[1]
    if dx == 0.0 and dy == 0.0:
        if newest is not None and newest in KEY_VECTORS:
            return KEY_VECTORS[newest]
        return None
    return (dx, dy)


def _angle_between(a: Vec, b: Vec) -> float:
    """Unsigned angle between two vectors in radians (0..pi)."""
    d = abs(math.atan2(a[1], a[0]) - math.atan2(b[1], b[0]))
    return min(d, 2 * math.pi - d)


def pick_neighbour(
    origin: Vec,
    candidates: Sequence[tuple[int, Vec]],
    direction: Vec,
    prefer: Vec | None = None,
    max_angle_deg: float = MAX_ANGLE_DEG,
) -> int | None:
    """The candidate cell whose direction from ``origin`` is closest to ``direction``.

    Args:
        origin: the current cell centre.
        candidates: ``(cell, centre)`` pairs, typically the open neighbours.
        direction: the wanted direction (any length > 0).
        prefer: breaks near-ties (within 1 degree) in favour of the candidate
            closest to this direction (the most recently pressed key).
        max_angle_deg: candidates further off than this are ignored.

    Returns:
        The chosen cell id, or None when no candidate is within ``max_angle_deg``.
    """
    limit = math.radians(max_angle_deg)
    best: tuple[float, float, int] | None = None
    for cell, (x, y) in candidates:
        v = (x - origin[0], y - origin[1])
        if v == (0.0, 0.0):
            continue
        ang = _angle_between(v, direction)
        if ang > limit:
            continue
        key = (round(math.degrees(ang)), _angle_between(v, prefer) if prefer else 0.0, cell)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]
