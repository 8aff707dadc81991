"""Held direction keys, independent of arcade (pure Python, unit-testable).

Arrow keys and WASD (or the player's own keys: :meth:`game.ui.input.Bindings.vectors`) map to unit-ish
vectors in world coordinates (x right, y up); two keys held together give a diagonal.  Turning a direction
into an open neighbour is geometry and lives in :mod:`engine.modes.play`
(:func:`engine.modes.play.pick_neighbour`).

**Tap or hold** is decided on key timestamps from a monotonic clock (:class:`engine.modes.clock.Clock`),
never on frame counts: a key is a *hold* (and :meth:`DirectionKeys.held_direction` reports it, so the player
runs) only once it is known to have been down for :data:`HOLD_TIME`.  "Known" means it was still down at a
frame that came after those :data:`HOLD_TIME` seconds *and* a later frame still sees it down: a key-up that a
stalled frame (or a busy machine) delivers late is then still in time, so a tap whose key-up comes within
:data:`HOLD_TIME` moves exactly one cell at any frame rate.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.modes.clock import MONOTONIC, Clock
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
#: Seconds a direction key must stay down before it runs (a key-up sooner is a tap: exactly one cell).
HOLD_TIME = 0.2


class DirectionKeys:
    """The direction keys of one play screen: which are held, and presses waiting to form a diagonal.

    ``press``/``tick`` return the moves to send as ``(direction, newest key's vector)``
    pairs; ``held_direction`` is what a held key keeps running toward.  With
    ``chords`` (hex, triangle, polar, upsilon) a press waits up to
    :data:`CHORD_TIME` seconds for a perpendicular second key, so two keys pressed
    together make one diagonal move; on square grids every press moves at once.

    Args:
        chords: wait for diagonals (non-square grids).
        vectors: key symbol -> direction.
        clock: where key times come from (default the monotonic clock; tests pass a
            :class:`engine.modes.clock.FakeClock`).
    """

    def __init__(self, chords: bool, vectors: Mapping[int, Vec] | None = None, clock: Clock | None = None) -> None:
        self.chords = chords
        #: Key symbol -> direction (default :data:`KEY_VECTORS`; screens pass :meth:`Bindings.vectors`).
        self.vectors: Mapping[int, Vec] = KEY_VECTORS if vectors is None else vectors
        self.clock: Clock = MONOTONIC if clock is None else clock
        self.held: list[int] = []
        self.down_at: dict[int, float] = {}  # key -> clock time it went down
        self.chord: list[int] = []
        self.chord_at = 0.0  # clock time the waiting press went down
        self._frame = -1e18  # clock time of the latest frame (tick)
        self._seen = -1e18  # clock time of the frame before it: keys down then are known to have been down

    def clear(self) -> None:
        """Forget every key (pause, restart)."""
        self.held.clear()
        self.down_at.clear()
        self.chord.clear()

    def press(self, symbol: int) -> list[tuple[Vec, Vec]]:
        """A direction key went down; the moves to send now."""
        if symbol not in self.held:
            self.held.append(symbol)
            self.down_at[symbol] = self.clock.now()
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
        self.chord_at = self.clock.now()
        return out

    def release(self, symbol: int) -> None:
        """A key went up."""
        if symbol in self.held:
            self.held.remove(symbol)
            self.down_at.pop(symbol, None)

    def tick(self, dt: float = 0.0) -> list[tuple[Vec, Vec]]:
        """A frame: call once per frame before :meth:`held_direction`.  A waiting press is sent once
        :data:`CHORD_TIME` has passed on the clock since it went down.  (``dt`` is not used: times come from the
        clock.)"""
        now = self.clock.now()
        self._seen, self._frame = self._frame, now
        if self.chord and now - self.chord_at >= CHORD_TIME - 1e-9:
            return self._flush()
        return []

    def holding(self) -> list[int]:
        """The keys known to be held, not tapped: down for at least :data:`HOLD_TIME` by the frame before the
        latest one (a key-up delivered late, after a stalled frame, is still a tap)."""
        return [k for k in self.held if self._seen - self.down_at.get(k, self._seen) >= HOLD_TIME - 1e-9]

    def held_direction(self) -> Vec | None:
        """The direction the keys held (not tapped: :meth:`holding`) run toward, or None."""
        keys = self.holding()
        return direction_from_keys(keys, vectors=self.vectors) if keys else None

    def _flush(self) -> list[tuple[Vec, Vec]]:
        newest = self.chord[-1]
        direction = direction_from_keys(list(dict.fromkeys(self.held + self.chord)), newest, self.vectors)
        self.chord.clear()
        return [] if direction is None else [(direction, self.vectors[newest])]
