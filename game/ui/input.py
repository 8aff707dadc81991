"""Keyboard direction handling, independent of arcade (pure Python, unit-testable).

Arrow keys and WASD map to unit-ish vectors in world coordinates (x right,
y up); two keys held together give a diagonal.  Turning a direction into an
open neighbour is geometry and lives in :mod:`engine.modes.play`
(:func:`engine.modes.play.pick_neighbour`).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.modes.play import Vec

# pyglet/arcade key symbols, copied so this module needs no arcade import.
KEY_LEFT, KEY_UP, KEY_RIGHT, KEY_DOWN = 65361, 65362, 65363, 65364
KEY_A, KEY_D, KEY_S, KEY_W = 97, 100, 115, 119
KEY_PAGEUP, KEY_PAGEDOWN, KEY_E, KEY_Q = 65365, 65366, 101, 113

#: Keys that take a stair in a maze with floors: +1 up, -1 down (Q/E only where the screen has no other use).
CLIMB_KEYS: dict[int, int] = {KEY_PAGEUP: 1, KEY_PAGEDOWN: -1}
CLIMB_LETTERS: dict[int, int] = {KEY_E: 1, KEY_Q: -1}

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


def climb_direction(symbol: int, letters: bool = True) -> int:
    """+1 (up) or -1 (down) for a stair key (PgUp/PgDn, and E/Q when ``letters``), else 0."""
    return CLIMB_KEYS.get(symbol) or (CLIMB_LETTERS.get(symbol, 0) if letters else 0)


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

    def __init__(self, chords: bool) -> None:
        self.chords = chords
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
            return [(KEY_VECTORS[symbol], KEY_VECTORS[symbol])]
        out: list[tuple[Vec, Vec]] = []
        if self.chord:
            a, b = KEY_VECTORS[self.chord[0]], KEY_VECTORS[symbol]
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
        return direction_from_keys(self.held) if self.held else None

    def _flush(self) -> list[tuple[Vec, Vec]]:
        newest = self.chord[-1]
        direction = direction_from_keys(list(dict.fromkeys(self.held + self.chord)), newest)
        self.chord.clear()
        return [] if direction is None else [(direction, KEY_VECTORS[newest])]
