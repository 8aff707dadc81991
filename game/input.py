"""Keyboard direction handling, independent of arcade (pure Python, unit-testable).

Arrow keys and WASD map to unit-ish vectors in world coordinates (x right,
y up); two keys held together give a diagonal.  Turning a direction into an
open neighbour is geometry and lives in :mod:`engine.play`
(:func:`engine.play.pick_neighbour`).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.play import Vec

# pyglet/arcade key symbols, copied so this module needs no arcade import.
KEY_LEFT, KEY_UP, KEY_RIGHT, KEY_DOWN = 65361, 65362, 65363, 65364
KEY_A, KEY_D, KEY_S, KEY_W = 97, 100, 115, 119

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
