"""Held direction keys, independent of arcade (pure Python, unit-testable).

Arrow keys and WASD (or the player's own keys: :meth:`game.ui.input.Bindings.vectors`) map to unit-ish
vectors in world coordinates (x right, y up); two keys held together give a diagonal.  Turning a direction
into an open neighbour is geometry and lives in :mod:`engine.modes.play`
(:func:`engine.modes.play.pick_neighbour`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.modes.play import Vec
from game.ui.input import KEY_A, KEY_D, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_S, KEY_UP, KEY_W

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


def direction_from_keys(
    held: Iterable[int], newest: int | None = None, vectors: Mapping[int, Vec] | None = None,
) -> Vec | None:
    """The combined direction of the held direction keys (``vectors``, default :data:`KEY_VECTORS`), or None.

    Two keys at right angles give a diagonal.  When the held keys cancel out
    (Left + Right) the ``newest`` key alone wins.
    """
    table = KEY_VECTORS if vectors is None else vectors
    dx = dy = 0.0
    seen: set[Vec] = set()
    for sym in held:
        v = table.get(sym)
        if v is not None and v not in seen:  # A and Left together count once
            seen.add(v)
            dx += v[0]
            dy += v[1]
    if dx == 0.0 and dy == 0.0:
        if newest is not None and newest in table:
            return table[newest]
        return None
    return (dx, dy)


#: Seconds to wait for a second, perpendicular key forming a diagonal (non-square grids).
CHORD_TIME = 0.05


class DirectionKeys:
    """The direction keys of one play screen: which are held, and presses waiting to form a diagonal.

    ``press``/``tick`` return the moves to send as ``(direction, newest key's vector)``
    pairs; ``held_direction`` is what a held key keeps running toward.  With
    ``chords`` (hex, triangle, polar, upsilon) a press waits up to
    :data:`CHORD_TIME` seconds for a perpendicular second key, so two keys pressed
    together make one diagonal move; on square grids every press moves at once.
    """

    def __init__(self, chords: bool, vectors: Mapping[int, Vec] | None = None) -> None:
        self.chords = chords
        #: Key symbol -> direction (default :data:`KEY_VECTORS`; screens pass :meth:`Bindings.vectors`).
        self.vectors: Mapping[int, Vec] = KEY_VECTORS if vectors is None else vectors
        self.held: list[int] = []
        self.chord: list[int] = []
        self.chord_left = 0.0

    def clear(self) -> None:
        """Forget every key (pause, restart)."""
        self.held.clear()
        self.chord.clear()

    def press(self, symbol: int) -> list[tuple[Vec, Vec]]:
        """A direction key went down; the moves to send now."""
        if symbol not in self.held:
            self.held.append(symbol)
        if not self.chords:
            return [(self.vectors[symbol], self.vectors[symbol])]
        out: list[tuple[Vec, Vec]] = []
        if self.chord:
            a, b = self.vectors[self.chord[0]], self.vectors[symbol]
            if len(self.chord) == 1 and a[0] * b[0] + a[1] * b[1] == 0:
                self.chord.append(symbol)
                return self._flush()  # diagonal complete
            out = self._flush()
        self.chord.append(symbol)
        self.chord_left = CHORD_TIME
        return out

    def release(self, symbol: int) -> None:
        """A key went up."""
        if symbol in self.held:
            self.held.remove(symbol)

    def tick(self, dt: float) -> list[tuple[Vec, Vec]]:
        """Time passes (seconds); a waiting press is sent once its chord time is over."""
        if self.chord:
            self.chord_left -= dt
            if self.chord_left <= 0:
                return self._flush()
        return []

    def held_direction(self) -> Vec | None:
        """The direction of the keys held down, or None."""
        return direction_from_keys(self.held, vectors=self.vectors) if self.held else None

    def _flush(self) -> list[tuple[Vec, Vec]]:
        newest = self.chord[-1]
        direction = direction_from_keys(list(dict.fromkeys(self.held + self.chord)), newest, self.vectors)
        self.chord.clear()
        return [] if direction is None else [(direction, self.vectors[newest])]
