"""How the maze answers a touch: the player's glide between cells, the nudge against a wall, the goal's moment.

Three small pieces of state the play screen (:class:`game.play.screen.PlayScreen`) advances with its frames
(seconds of play) and draws in world units:

- :class:`Glide`: where the player's disc is drawn while a move animates (the session's
  :attr:`~engine.modes.play.PlaySession.progress` over its move time, 0.1 s a cell).  A move from rest leaves
  quickly and eases to a stop (ease-out); a move that another follows at once (a held run, a clicked route, a
  press typed ahead: :meth:`engine.modes.play.PlaySession.goes_on`) keeps its speed into the next, so a run
  glides at one pace.  With reduced motion the disc stands on the cell it moves to at once.
- :class:`Nudge`: a move into a wall or a shut door pushes the disc toward it and back (:data:`NUDGE_TIME`)
  and lights the wall's edge (:data:`FLASH_TIME`); with reduced motion the disc stays still and the edge stays
  lit, unfaded, for as long.
- :class:`GoalMoment`: reaching the goal is a moment in the maze (:data:`GOAL_TIME`: rings burst from the
  goal) before the win screen (a key or click after :data:`SKIP_AFTER` skips it); with reduced motion a
  still ring marks the goal for as long.

All three are pure arithmetic (tested headless); their ``draw`` functions need the world camera active.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.modes.play import PlaySession, Vec
    from game.render.theme import Theme

#: A move from rest leaves at this many times its mean speed (ease-out: it slows to a stop at the cell).
START_SPEED = 2.0
#: Seconds a bump's nudge takes, out to the wall and back.
NUDGE_TIME = 0.1
#: How far (a share of the disc's radius) the nudge pushes the disc toward the wall.
NUDGE_DEPTH = 0.6
#: Seconds the wall's edge stays lit after a bump.
FLASH_TIME = 0.15
#: Seconds the goal's moment lasts before the win screen (any key or click skips it).
GOAL_TIME = 0.75
#: Seconds into the goal's moment before a key or click skips it (a key typed ahead on the way in does not).
SKIP_AFTER = 0.2
#: Rings the goal's burst sends out one after the other.
GOAL_RINGS = 3
#: Sparks around the goal's burst.
GOAL_SPARKS = 10

Segment = tuple[float, float, float, float]


def glide_curve(p: float, v0: float, v1: float) -> float:
    """How far (0..1) a move has gone at ``p`` (0..1 of its time) when it leaves at speed ``v0`` and arrives at
    speed ``v1`` (speeds in cells per move time: 1 is the mean): the cubic Hermite curve, monotone for speeds
    0..2.  ``(2, 0)`` eases out, ``(1, 1)`` is linear."""
    p = min(1.0, max(0.0, p))
    return v0 * p + (3 - 2 * v0 - v1) * p * p + (v0 + v1 - 2) * p * p * p


class Glide:
    """Where the player's disc is drawn: :meth:`observe` each frame (it notes how each new move starts and
    ends), :meth:`position` to draw."""

    def __init__(self) -> None:
        self.move: tuple[int, int, int] | None = None  # (moves, from, to) of the move the speeds are for
        self.v0 = START_SPEED
        self.v1 = 0.0
        self.was_moving = False  # the session was moving when last observed

    def reset(self) -> None:
        """Forget the move under way (a restart, an undo: the disc stands where the session stands)."""
        self.move, self.was_moving = None, False

    def observe(self, session: PlaySession, held: Vec | None) -> None:
        """Note the session's move: it glides on into the next (``v1`` 1) when the session says one follows
        at once for the keys ``held`` now, else it eases to a stop (``v1`` 0); it leaves at the run's pace
        (``v0`` 1) when it follows the last without a stop or another will follow it, else quickly, from rest
        (:data:`START_SPEED`): a tap's step eases out, a run keeps one pace."""
        if session.moving:
            move = (session.moves, session.anim_from, session.cell)
            if move != self.move:
                self.v1 = 1.0 if session.goes_on(held) else 0.0
                chained = self.was_moving and self.move is not None
                self.v0 = 1.0 if chained or self.v1 else START_SPEED  # a run sets off at its pace
                self.move = move
        self.was_moving = session.moving

    def position(self, session: PlaySession, still: bool) -> tuple[float, float]:
        """The disc's place in world units; ``still`` (reduced motion): the cell moved to, at once.  A stair
        (floors drawn apart) is the session's own: the cell left until half way, then the cell reached."""
        s = session
        if still or not s.moving:
            return s.centers[s.cell]
        if s.floor_of[s.anim_from] != s.floor_of[s.cell]:
            return s.display_position()
        if (s.moves, s.anim_from, s.cell) != self.move:  # not observed yet (a press this frame): from rest
            self.observe(s, None)
        t = glide_curve(s.progress, self.v0, self.v1)
        (ax, ay), (bx, by) = s.centers[s.anim_from], s.centers[s.cell]
        return ax + (bx - ax) * t, ay + (by - ay) * t


def facing_edge(polygon: list[tuple[float, float]], centre: tuple[float, float], direction: Vec) -> Segment:
    """The side of a cell's ``polygon`` (counter-clockwise corners) a step from ``centre`` in ``direction`` runs
    into: the side whose middle lies nearest that direction (the wall a bump hits)."""
    cx, cy = centre
    dx, dy = direction
    norm = math.hypot(dx, dy) or 1.0
    dx, dy = dx / norm, dy / norm
    best: Segment = (cx, cy, cx, cy)
    best_cos = -2.0
    for i, (x0, y0) in enumerate(polygon):
        x1, y1 = polygon[(i + 1) % len(polygon)]
        mx, my = (x0 + x1) / 2 - cx, (y0 + y1) / 2 - cy
        m = math.hypot(mx, my)
        if m < 1e-9:
            continue
        cos = (mx * dx + my * dy) / m
        if cos > best_cos:
            best, best_cos = (x0, y0, x1, y1), cos
    return best


class Nudge:
    """A bump's answer: the disc pushed toward the wall and back, the wall's edge lit."""

    def __init__(self) -> None:
        self.left = 0.0  # seconds of the nudge left
        self.flash_left = 0.0  # seconds the edge (or, without a direction, a ring round the disc) stays lit
        self.direction: tuple[float, float] | None = None  # unit vector toward the wall
        self.edge: Segment | None = None

    def start(self, direction: Vec | None, edge: Segment | None, still: bool) -> None:
        """A bump toward ``direction`` (None: no direction known, a refused click or climb) into ``edge``;
        ``still`` (reduced motion): no nudge, the light alone."""
        if direction is not None:
            norm = math.hypot(*direction) or 1.0
            self.direction = (direction[0] / norm, direction[1] / norm)
        else:
            self.direction = None
        self.edge = edge
        self.left = 0.0 if still or self.direction is None else NUDGE_TIME
        self.flash_left = FLASH_TIME

    def update(self, dt: float) -> None:
        """``dt`` seconds on."""
        self.left = max(0.0, self.left - dt)
        self.flash_left = max(0.0, self.flash_left - dt)

    def offset(self, radius: float) -> tuple[float, float]:
        """The disc's shift now (world units; ``radius`` the disc's): out toward the wall and back."""
        if self.left <= 0 or self.direction is None:
            return 0.0, 0.0
        push = NUDGE_DEPTH * radius * math.sin(math.pi * (1 - self.left / NUDGE_TIME))
        return self.direction[0] * push, self.direction[1] * push

    def key(self) -> tuple[float, ...]:
        """What the drawing depends on (part of the screen's frame key)."""
        return (self.left, self.flash_left)

    def draw(self, theme: Theme, px: float, py: float, radius: float, zoom: float, still: bool) -> None:
        """The lit edge (or a ring round the disc at ``(px, py)`` when the bump had no direction): full, then
        fading; ``still`` keeps it full while it lasts."""
        if self.flash_left <= 0:
            return
        import arcade

        fade = 1.0 if still else self.flash_left / FLASH_TIME
        colour = (*theme.accent[:3], int(60 + 195 * fade))
        width = max(radius * 0.35, 3.0 / zoom)
        if self.edge is not None:
            x0, y0, x1, y1 = self.edge
            arcade.draw_line(x0, y0, x1, y1, colour, width)
        else:
            arcade.draw_circle_outline(px, py, radius * 1.35, colour, width, num_segments=40)


class GoalMoment:
    """The goal reached: :data:`GOAL_TIME` seconds in the maze before the win screen."""

    def __init__(self) -> None:
        self.left = -1.0  # seconds left; < 0: no moment under way

    @property
    def on(self) -> bool:
        """True while the moment lasts."""
        return self.left >= 0

    @property
    def skippable(self) -> bool:
        """True once the moment has lasted :data:`SKIP_AFTER` seconds (a key or click then skips the rest)."""
        return self.on and GOAL_TIME - self.left >= SKIP_AFTER

    def start(self, seconds: float = GOAL_TIME) -> None:
        """The goal was reached now."""
        self.left = seconds

    def stop(self) -> None:
        """No moment (a restart, or it was skipped)."""
        self.left = -1.0

    def update(self, dt: float) -> bool:
        """``dt`` seconds on; True when the moment has just ended (the win screen follows)."""
        if self.left < 0:
            return False
        self.left -= dt
        if self.left < 0:
            self.left = -1.0
            return True
        return False

    def key(self) -> float:
        """What the drawing depends on (part of the screen's frame key)."""
        return self.left

    def draw(self, theme: Theme, gx: float, gy: float, size: float, zoom: float, still: bool) -> None:
        """The moment at the goal ``(gx, gy)``; ``size`` a cell's inradius (world units).  Rings burst out and
        fade, sparks fly; ``still`` (reduced motion): one ring and a glow, unmoving."""
        if self.left < 0:
            return
        import arcade

        r, g, b = theme.accent[:3]
        line = max(size * 0.18, 2.0 / zoom)
        if still:
            arcade.draw_circle_filled(gx, gy, size * 1.05, (r, g, b, 90), num_segments=48)
            arcade.draw_circle_outline(gx, gy, size * 1.25, (r, g, b, 255), line, num_segments=48)
            return
        f = 1.0 - self.left / GOAL_TIME  # 0..1 through the moment
        arcade.draw_circle_filled(gx, gy, size * (1.0 + 0.4 * math.sin(math.pi * f)), (r, g, b, int(90 * (1 - f))),
                                  num_segments=48)
        for k in range(GOAL_RINGS):
            q = f * 1.6 - k * 0.3  # each ring a little after the last
            if 0 < q < 1:
                arcade.draw_circle_outline(gx, gy, size * (0.8 + 2.0 * q), (r, g, b, int(255 * (1 - q))),
                                           line * (1.4 - q), num_segments=48)
        if f < 0.8:
            q = f / 0.8
            out = size * (1.0 + 1.8 * (1 - (1 - q) ** 2))
            for k in range(GOAL_SPARKS):
                a = 2 * math.pi * k / GOAL_SPARKS + 0.3
                sx, sy = gx + math.cos(a) * out, gy + math.sin(a) * out
                arcade.draw_circle_filled(sx, sy, max(size * 0.14 * (1 - q), 1.0 / zoom), (r, g, b, int(255 * (1 - q))),
                                          num_segments=8)
