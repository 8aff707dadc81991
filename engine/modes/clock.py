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

**Real time.**  The seconds a screen feeds its session come from a :class:`Clock` (monotonic:
:class:`MonotonicClock`, or a :class:`FakeClock` in tests) through a :class:`PlayClock`, which
measures the time between two frames whatever the frame rate and leaves out pauses
(:meth:`PlayClock.pause` / :meth:`PlayClock.resume`).  A level's, a race's and two players'
times are therefore real playing time: a slow frame (0.3 s, a 4K window on a busy machine) is
counted in full, never cut short.
"""

from __future__ import annotations

import bisect
import time
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

TICKS_PER_SECOND = 60
COUNTDOWN_TICKS = 3 * TICKS_PER_SECOND
#: Ticks a player's (or ghost's) single move takes: the game's 0.1 s animation.
MOVE_TICKS = 6
#: One tick in seconds.
TICK = 1.0 / TICKS_PER_SECOND
#: Ticks one call of :func:`take_ticks` runs at most (10 minutes): every real second of a slow frame counts;
#: only a machine that slept for longer is cut, so a loop never runs for ever.
MAX_TICKS_PER_ADVANCE = 600 * TICKS_PER_SECOND
#: Ticks at which the countdown beeps (3, 2, 1 ... go).
BEEP_TICKS = (-120, -60, 0)


def take_ticks(carried: float, dt: float) -> tuple[int, float]:
    """How many whole ticks ``dt`` real seconds plus ``carried`` ones allow, and the seconds carried on.

    A slow frame runs all its ticks (a race's clock is real time at any frame rate); only a gap beyond
    :data:`MAX_TICKS_PER_ADVANCE` (a machine asleep) is cut.

    Returns:
        ``(ticks to run, seconds to carry to the next call)``.
    """
    acc = min(carried + max(0.0, dt), MAX_TICKS_PER_ADVANCE * TICK)
    ticks = int((acc + 1e-9) * TICKS_PER_SECOND)
    return ticks, max(0.0, acc - ticks * TICK)


@runtime_checkable
class Clock(Protocol):
    """Where real time comes from: :meth:`now` in seconds, never going backwards."""

    def now(self) -> float:
        """Seconds since some fixed moment (only differences mean anything)."""
        ...


class MonotonicClock:
    """The real clock: :func:`time.perf_counter` (monotonic, high resolution)."""

    def now(self) -> float:
        """Seconds of :func:`time.perf_counter`."""
        return time.perf_counter()


class FakeClock:
    """A clock tests move by hand (:meth:`advance`); starts at ``start`` seconds."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = float(start)

    def now(self) -> float:
        """The time set by the test."""
        return self.t

    def advance(self, seconds: float) -> float:
        """Move the time on by ``seconds`` (>= 0) and return the new time.

        Raises:
            ValueError: for a negative step (a monotonic clock never goes back).
        """
        if seconds < 0:
            raise ValueError(f"a clock never goes back ({seconds} s)")
        self.t += seconds
        return self.t


#: The clock screens use unless a test gives them another (``Context.clock``).
MONOTONIC = MonotonicClock()


class PlayClock:
    """A screen's playing time on a :class:`Clock`: frame steps, pauses left out; itself a :class:`Clock`.

    :meth:`step` is called once per frame with the frame time the window reports (arcade's ``delta_time``,
    measured by pyglet's own monotonic clock) and returns the seconds of play since the previous step: what
    :attr:`clock` measured while not paused, and never less than the frame's own time less the part of it
    spent paused or already handed out by :meth:`split`.  Nothing caps it: a slow frame counts in full, so
    the sum of the steps is the real playing time at any frame rate.  :meth:`split` hands out the time up to
    now in the middle of a frame (a screen runs its session up to a key press before it hands over the key).
    :meth:`now` is the playing time itself (seconds, monotonic): key timestamps are taken on it.
    """

    def __init__(self, clock: Clock | None = None) -> None:
        self.clock: Clock = MONOTONIC if clock is None else clock
        self._last: float | None = None  # clock time of the last measure
        self._carry = 0.0  # seconds of play measured, not yet handed out
        self._off = 0.0  # seconds of the frame under way that must not count again (paused, or split off)
        self.total = 0.0  # playing seconds handed out so far
        self.paused = False

    def _measure(self) -> None:
        now = self.clock.now()
        if self._last is not None:
            gap = max(0.0, now - self._last)
            if self.paused:
                self._off += gap
            else:
                self._carry += gap
        self._last = now

    def now(self) -> float:
        """The playing time now (seconds since the first step, pauses excluded; never goes back)."""
        run = 0.0
        if not self.paused and self._last is not None:
            run = max(0.0, self.clock.now() - self._last)
        return self.total + self._carry + run

    def step(self, frame_dt: float = 0.0) -> float:
        """A frame: the seconds of play since the last :meth:`step` or :meth:`split` (0 while paused).

        Args:
            frame_dt: the frame time the window reports (seconds, >= 0); the step is at least this much less
                what of it was paused or split off.
        """
        self._measure()
        dt = self._carry if self.paused else max(self._carry, frame_dt - self._off)
        self._carry = self._off = 0.0
        self.total += dt
        return dt

    def split(self) -> float:
        """The seconds of play since the last step, in the middle of a frame (0 while paused); the frame's
        :meth:`step` then hands out only the rest of the frame."""
        self._measure()
        dt, self._carry = self._carry, 0.0
        self._off += dt
        self.total += dt
        return dt

    def pause(self) -> None:
        """Stop counting from now on (the play time up to now is kept for the next :meth:`step`)."""
        if not self.paused:
            self._measure()
            self.paused = True

    def resume(self) -> None:
        """Count again from now on."""
        if self.paused:
            self._measure()
            self.paused = False

    def hold(self, paused: bool) -> None:
        """:meth:`pause` when ``paused``, else :meth:`resume` (for a screen that knows only whether it waits)."""
        if paused:
            self.pause()
        else:
            self.resume()


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
