"""Your own best run as a faint ghost to chase in campaign levels.

A campaign level won by walking it from its start (not resumed from a kept place) keeps the run as a ghost of
its maze code (:meth:`game.store.SaveStore.record_ghost`: the fastest per maze is kept; a race's runs on the
same maze count too).  The next time the level opens, that run replays as a faint disc on the level's own
timer (:class:`BestRun`): it sets off when the player does (in a dark maze it shows only where the player has
seen).  Off with the setting :data:`BEST_RUN_SETTING`
"0" (Settings: "My best run"); on by default.  Puzzle mazes (their undo makes a run more than its steps) keep
no run here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.code_frame import CodeError
from engine.modes.clock import Timeline
from engine.modes.ghost import Ghost

if TYPE_CHECKING:
    from engine.level import Level
    from game.render.theme import Theme
    from game.store import SaveStore

#: The setting that shows (anything but "0") or hides the best run in campaign levels.
BEST_RUN_SETTING = "show_best_run"
TICKS = 60  # ghost ticks per second (:mod:`engine.modes.ghost`)


def best_run_on(store: SaveStore) -> bool:
    """True unless the player switched the best run off."""
    return store.setting(BEST_RUN_SETTING) != "0"


class RunRecorder:
    """The steps of one attempt as ``(tick, cell)`` (:data:`TICKS` a second on the level's timer), or nothing
    once the attempt cannot be replayed whole (resumed from a kept place)."""

    def __init__(self) -> None:
        self.moves: list[tuple[int, int]] | None = []

    def restart(self) -> None:
        """A new attempt from the start."""
        self.moves = []

    def lose(self) -> None:
        """The attempt did not start here (a kept place): it is kept as no run."""
        self.moves = None

    def step(self, seconds: float, cell: int) -> None:
        """A move into ``cell`` began ``seconds`` into the level's timer."""
        if self.moves is not None:
            tick = max(round(seconds * TICKS), self.moves[-1][0] + 1 if self.moves else 0)
            self.moves.append((tick, int(cell)))


def keep_run(store: SaveStore, code: str, level: Level, moves: list[tuple[int, int]], seconds: float) -> bool:
    """Keep the won run ``moves`` (:class:`RunRecorder`) of ``level`` under ``code`` if it is the fastest yet;
    False when not kept (slower, or a run no ghost code can hold: a weave's tunnel, too long)."""
    if not code or not moves or seconds <= 0:
        return False
    try:
        ghost = Ghost.record(level, moves)
        return store.record_ghost(code, ghost.code(level), seconds)
    except (ValueError, CodeError):
        return False


class BestRun:
    """The best run kept for a level, replayed by the level's timer.

    Args:
        timeline: when the run left and reached each cell (ticks).
        centers: the level's cell centres (world units).
    """

    def __init__(self, timeline: Timeline, centers: list[tuple[float, float]]) -> None:
        self.timeline = timeline
        self.centers = centers

    @classmethod
    def load(cls, store: SaveStore, code: str, level: Level, centers: list[tuple[float, float]]) -> BestRun | None:
        """The run kept for ``code`` in ``level``, or None (none kept, or it does not fit the level)."""
        if not code:
            return None
        kept = next((g for g in store.ghosts() if g.maze_code == code), None)
        if kept is None:
            return None
        try:
            return cls(Ghost.from_code(kept.ghost_code, level).timeline(), centers)
        except (ValueError, CodeError):
            return None

    def cells(self, seconds: float) -> tuple[int, int]:
        """The cells the run was between ``seconds`` into it (the same cell twice at rest)."""
        a, b, _ = self.timeline.position_at(seconds * TICKS)
        return a, b

    def position(self, seconds: float) -> tuple[float, float]:
        """Where the run was ``seconds`` into it (world units)."""
        a, b, t = self.timeline.position_at(seconds * TICKS)
        (ax, ay), (bx, by) = self.centers[a], self.centers[b]
        return ax + (bx - ax) * t, ay + (by - ay) * t

    def draw(self, theme: Theme, x: float, y: float, radius: float, zoom: float) -> None:
        """The faint disc at ``(x, y)`` (world camera active)."""
        import arcade

        r, g, b = theme.player[:3]
        arcade.draw_circle_filled(x, y, radius * 0.85, (r, g, b, 70), num_segments=32)
        arcade.draw_circle_outline(x, y, radius * 0.85, (r, g, b, 150), max(radius * 0.12, 1.0 / zoom),
                                   num_segments=32)
