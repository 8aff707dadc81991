"""The play screen's answers to a touch: :class:`TouchAnswers`, mixed into :class:`game.play.screen.PlayScreen`.

What each of the session's events does on screen and in the speakers (:meth:`TouchAnswers.answer`): a step
marks the trail and ticks (a stair plays its arpeggio), a bump nudges the disc toward the wall and lights it
(:class:`game.play.feel.Nudge`), the goal starts its moment (:class:`game.play.feel.GoalMoment`), a puzzle
maze's rules are heard (:data:`RULE_SOUNDS`) and said; where the disc is drawn (gliding,
:class:`game.play.feel.Glide`), and the player's best run (:mod:`game.play.best_run`) beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.modes.base import Event, EventKind
from game.play.best_run import BestRun, RunRecorder, best_run_on
from game.play.feel import Glide, GoalMoment, Nudge, facing_edge
from game.play.rules import rule_notice
from game.render.geometry import cell_inradius

if TYPE_CHECKING:
    from engine.level import NamedLevel
    from engine.maze.model import Maze
    from engine.modes.play import PlaySession
    from game.context import Context
    from game.render.camera import CameraState
    from game.render.maze_layer import MazeLayer

SHAKE_TIME = 0.22  # seconds the view shakes when the hunter catches the player
#: The sound of each puzzle-maze event (:mod:`game.audio`): the rules are heard as they act.
RULE_SOUNDS = {EventKind.KEY: "key", EventKind.DOOR: "door", EventKind.SWITCH: "switch", EventKind.CAUGHT: "caught"}


class TouchAnswers:
    """The answers' state and behaviour (:meth:`init_answers` in the screen's constructor)."""

    # What the play screen has (annotations only: the screen sets them).
    ctx: Context
    session: PlaySession
    maze: Maze
    layer: MazeLayer
    shake_left: float
    notice_left: float
    hint_cell: int | None

    if TYPE_CHECKING:
        @property
        def cam(self) -> CameraState: ...

    def notice(self, line: str) -> None:
        """Say ``line`` in the footer for a while (the screen's)."""
        raise NotImplementedError

    def disc_radius(self) -> float:
        """The player's disc radius in world units (the screen's)."""
        raise NotImplementedError

    def finish(self) -> None:
        """The goal's moment is over: what follows (the screen's)."""
        raise NotImplementedError

    def init_answers(self, ctx: Context, named: NamedLevel, campaign: bool) -> None:
        """The answers' state at the screen's start; ``campaign``: a campaign level (its best run shows)."""
        self.glide = Glide()
        self.nudge = Nudge()
        self.goal_moment = GoalMoment()
        self.pushed: tuple[float, float] | None = None  # the direction of the last key pressed (a bump's way)
        self.still = ctx.store.setting("reduced_motion") == "1"  # reduced motion (read as the screen shows)
        #: this attempt's steps (a won campaign level keeps them as the player's best run, :mod:`best_run`)
        self.recorder = RunRecorder()
        #: a campaign level's best run so far, replayed as a faint disc (None: none, or not a campaign level)
        self.best_run = BestRun.load(ctx.store, named.code, named.level, self.session.centers) \
            if campaign and self.session.rules is None else None
        self.show_best_run = self.best_run is not None and best_run_on(ctx.store)

    def answers_on_show(self) -> None:
        """Back from the settings: reduced motion and the best run may have been switched."""
        self.still = self.ctx.store.setting("reduced_motion") == "1"
        self.show_best_run = self.best_run is not None and best_run_on(self.ctx.store)

    def answers_restart(self) -> None:
        """A new attempt: no moment, glide, nudge or steps left over."""
        self.goal_moment.stop()
        self.glide.reset()
        self.recorder.restart()
        self.nudge = Nudge()

    def feel_key(self) -> tuple[Any, ...]:
        """What of a bump's light and the goal's moment the picture shows (the disc's nudge is in its place)."""
        if self.still:  # still pictures: they change only as they come and go
            return (self.nudge.flash_left > 0, self.goal_moment.on)
        return (self.nudge.flash_left, self.goal_moment.key())

    def best_run_position(self) -> tuple[float, float] | None:
        """Where the best run's faint disc is drawn (world units), or None when it is not shown (hidden in the
        settings, or in the dark where the player has not seen)."""
        s = self.session
        if not self.show_best_run or self.best_run is None:
            return None
        fog = s.fog
        if fog is not None and not all(fog.is_seen(c) for c in self.best_run.cells(s.elapsed)):
            return None  # a dark maze: the run shows only where the player has seen
        return self.best_run.position(s.elapsed)

    def drawn_position(self) -> tuple[float, float]:
        """Where the player's disc is drawn (world units): gliding between cells (:class:`game.play.feel.Glide`),
        pushed by a bump's nudge."""
        x, y = self.glide.position(self.session, self.still)
        dx, dy = self.nudge.offset(self.disc_radius())
        return x + dx, y + dy

    def answer(self, event: Event) -> None:
        """What the screen does for one of the session's events: a sound, and the trail, a bump's nudge, the
        goal's moment, a rule's notice."""
        kind, audio = event.kind, self.ctx.audio
        if kind is EventKind.STEP:
            self.layer.mark_visited(event.cell)
            self.recorder.step(event.time, event.cell)
            audio.play("stairs" if event.value else "step", 0.5)  # value: +1/-1 on a stair
        elif kind is EventKind.BUMP:
            self.bump(event.cell)
            audio.play("bump")
        elif kind is EventKind.ARRIVED:
            audio.play("win")
            self.goal_moment.start()
        elif kind is EventKind.DOOR:
            audio.play("door")
        elif kind in (EventKind.KEY, EventKind.SWITCH, EventKind.CAUGHT):
            audio.play(RULE_SOUNDS[kind])
            self.notice(rule_notice(event))
            if kind is EventKind.CAUGHT:
                self.shake_left = SHAKE_TIME
                self.notice_left = 1e9  # stays until the player undoes or restarts
        elif kind is EventKind.HUNTER:
            audio.play("hunter", 0.7)
        if kind in (EventKind.STEP, EventKind.WAIT):
            self.hint_cell = -1

    def bump(self, cell: int) -> None:
        """A move from ``cell`` was refused: the disc is nudged toward the wall of the last key's way and the
        wall lit (no way known, a click or a climb: a ring round the disc)."""
        edge = None
        if self.pushed is not None:
            grid = self.maze.grid
            polygon = [(float(x), float(y)) for x, y in grid.polygon(cell)]
            edge = facing_edge(polygon, self.session.centers[cell], self.pushed)
        self.nudge.start(self.pushed, edge, self.still)
        self.pushed = None

    def skip_moment(self) -> None:
        """A key or click during the goal's moment: the win screen now."""
        self.goal_moment.stop()
        self.finish()

    def draw_answers(self, px: float, py: float, radius: float) -> None:
        """The goal's moment, a bump's light round the disc at ``(px, py)`` (``radius``), and the best run's
        faint disc (world camera active; drawn before the player's disc)."""
        t, zoom = self.ctx.theme, self.cam.zoom
        if self.goal_moment.on:
            goal = self.session.goal
            gx, gy = self.session.centers[goal]
            self.goal_moment.draw(t, gx, gy, cell_inradius(self.maze.grid, goal), zoom, self.still)
        self.nudge.draw(t, px, py, radius, zoom, self.still)
        ghost = self.best_run_position()
        if ghost is not None and self.best_run is not None:
            self.best_run.draw(t, *ghost, radius, zoom)
