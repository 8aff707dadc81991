"""The one clock of the maze modes: integer ticks of 1/60 s, the tick accumulator and racers' timelines.

Time is counted in ticks of ``1/60`` s (:data:`TICKS_PER_SECOND`).  A race
starts at tick ``-countdown``; both racers may move from tick 0.  A
:class:`Timeline` says when each racer leaves and reaches each cell of its
route; the player's timeline grows as moves arrive, an opponent's is known in
advance.  Integer ticks mean the same race code and the same inputs give the
same result on every machine.

Every session that runs on ticks (:class:`engine.modes.race.session.RaceSession`,
:class:`engine.modes.race.duo.DuoSession`) turns real seconds into whole ticks with
:func:`take_ticks` and steps its players by :data:`TICK` seconds.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

TICKS_PER_SECOND = 60
COUNTDOWN_TICKS = 3 * TICKS_PER_SECOND
#: Ticks a player's (or ghost's) single move takes: the game's 0.1 s animation.
MOVE_TICKS = 6
#: One tick in seconds.
TICK = 1.0 / TICKS_PER_SECOND
#: A stalled frame never runs more than 0.2 s of race at once.
MAX_TICKS_PER_ADVANCE = 12
#: Ticks at which the countdown beeps (3, 2, 1 ... go).
BEEP_TICKS = (-120, -60, 0)


def take_ticks(carried: float, dt: float) -> tuple[int, float]:
    """How many whole ticks ``dt`` real seconds plus ``carried`` ones allow (at most
    :data:`MAX_TICKS_PER_ADVANCE`, so a stalled frame never makes a race jump), and the seconds carried on.

    Returns:
        ``(ticks to run, seconds to carry to the next call)``.
    """
    acc = min(carried + max(0.0, dt), MAX_TICKS_PER_ADVANCE * TICK)
    ticks = 0
    while acc >= TICK - 1e-9:
        acc -= TICK
        ticks += 1
    return ticks, max(0.0, acc)


def ticks_to_seconds(ticks: int) -> float:
    """Convert ticks (1/60 s) to seconds."""
    return ticks / TICKS_PER_SECOND


@dataclass(frozen=True)
class Timeline:
    """When a racer leaves for and reaches each cell of its route, in ticks.

    Attributes:
        cells: the route; ``cells[0]`` is the start (occupied from tick 0).
        depart: ``depart[i]`` is the tick the move into ``cells[i]`` begins (``depart[0] == 0``).
        arrive: ``arrive[i]`` is the tick ``cells[i]`` is reached (``arrive[0] == 0``);
            non-decreasing, ``depart[i] <= arrive[i] <= depart[i+1]``.
    """

    cells: tuple[int, ...]
    depart: tuple[int, ...]
    arrive: tuple[int, ...]

    @classmethod
    def constant_speed(cls, cells: list[int], speed10: int) -> Timeline:
        """A racer moving without pause at ``speed10`` tenths of a cell per second.

        Cell ``i`` is reached at tick ``ceil(i * 600 / speed10)`` (exact integers).

        Raises:
            ValueError: if ``speed10`` < 1 or ``cells`` is empty.
        """
        if speed10 < 1:
            raise ValueError(f"speed must be at least 1 tenth of a cell per second, got {speed10}")
        if not cells:
            raise ValueError("a route needs at least its start cell")
        num = 10 * TICKS_PER_SECOND
        arrive = [(i * num + speed10 - 1) // speed10 for i in range(len(cells))]
        depart = [0] + arrive[:-1]
        return cls(tuple(int(c) for c in cells), tuple(depart), tuple(arrive))

    @classmethod
    def from_moves(cls, start: int, moves: list[tuple[int, int]], move_ticks: int = MOVE_TICKS) -> Timeline:
        """A racer that starts moving into ``cell`` at each ``(tick, cell)``, taking ``move_ticks`` per move.

        A move that begins before the previous one finished cuts it short.

        Raises:
            ValueError: if ticks are negative or decrease.
        """
        cells = [int(start)]
        depart = [0]
        prev = 0
        for tick, cell in moves:
            if tick < prev:
                raise ValueError(f"move ticks must not decrease ({tick} after {prev})")
            cells.append(int(cell))
            depart.append(int(tick))
            prev = tick
        arrive = [0] * len(cells)
        for i in range(1, len(cells)):
            a = depart[i] + move_ticks
            if i + 1 < len(cells):
                a = min(a, depart[i + 1])
            arrive[i] = a
        return cls(tuple(cells), tuple(depart), tuple(arrive))

    @property
    def steps(self) -> int:
        """Number of moves (route length minus one)."""
        return len(self.cells) - 1

    @property
    def finish_tick(self) -> int:
        """The tick the last cell is reached."""
        return self.arrive[-1]

    def reached(self, tick: float) -> int:
        """How many cells of the route have been reached by ``tick`` (at least 1: the start)."""
        return max(1, bisect.bisect_right(self.arrive, tick))

    def position_at(self, tick: float) -> tuple[int, int, float]:
        """``(from_cell, to_cell, t)`` at ``tick`` (may be fractional): ``t`` in 0..1 of the move under way.

        At rest, ``from_cell == to_cell`` and ``t`` is 1.
        """
        i = bisect.bisect_right(self.depart, tick) - 1
        if i <= 0:
            return self.cells[0], self.cells[0], 1.0
        if tick >= self.arrive[i]:
            return self.cells[i], self.cells[i], 1.0
        span = self.arrive[i] - self.depart[i]
        t = 1.0 if span <= 0 else (tick - self.depart[i]) / span
        return self.cells[i - 1], self.cells[i], min(1.0, max(0.0, t))


def paced_moves(path: list[int], interval: int, first: int = 0) -> list[tuple[int, int]]:
    """Moves along ``path`` (start included) at one move every ``interval`` ticks from tick ``first``."""
    return [(first + i * interval, c) for i, c in enumerate(path[1:])]
