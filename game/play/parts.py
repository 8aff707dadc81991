"""The play screen drawn in parts (software GL, :mod:`game.render.present`): a clock tick redraws the top bar
alone, a step the player's old and new places; anything else (in a puzzle maze also a key picked up, a door or
gate changed, the hunter's steps) the whole window (also when a rule's first screen closes)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import arcade

from game.play.marks import FINDER_RING
from game.render.present import PartialFrames, Rect, box_around
from game.ui import ui_scale

if TYPE_CHECKING:
    from engine.modes.play import PlaySession
    from game.play.rules import RuleIntro, RuleMarks
    from game.render.minimap import Minimap
    from game.ui.viewport import MazeViewport

Scene = tuple[tuple[Any, ...], tuple[tuple[float, float], ...], int, tuple[Any, ...]]
"""(what redraws the whole window when it changes, the places of the player's disc and of the best run's, the
cells marked, the HUD's lines)."""


class PlayParts(PartialFrames):
    """Mixed into :class:`game.play.screen.PlayScreen` (whose ``on_draw`` keeps :attr:`_scene` up to date)."""

    _scene: Scene | None = None
    #: False for a screen that draws more than the play screen (the guided start's opponent and countdown).
    in_parts = True
    # What the play screen has (annotations only: the screen sets them).
    window: arcade.Window
    viewport: MazeViewport
    hud_camera: arcade.Camera2D
    session: PlaySession
    pulse_left: float
    paused: bool
    hud_help: arcade.Text
    minimap: Minimap | None
    rule_marks: RuleMarks | None
    intro: RuleIntro
    player_radius: float
    hud_height: float

    def question_key(self) -> tuple[Any, ...]:
        """What of a question the picture shows (the screen's)."""
        raise NotImplementedError

    def clock_text(self) -> str:
        """The HUD clock's text (the screen's)."""
        raise NotImplementedError

    def drawn_position(self) -> tuple[float, float]:
        """Where the player's disc is drawn (the screen's)."""
        raise NotImplementedError

    def feel_key(self) -> tuple[Any, ...]:
        """What of a bump's light and the goal's moment the picture shows (the screen's)."""
        raise NotImplementedError

    def best_run_position(self) -> tuple[float, float] | None:
        """Where the best run's faint disc is drawn, or None (the screen's)."""
        raise NotImplementedError


    def part_cameras(self) -> list[arcade.Camera2D]:
        """The world camera and the HUD's."""
        return [self.viewport.camera, self.hud_camera]

    def scene(self) -> Scene:
        """What the next frame shows (see :data:`Scene`)."""
        s = self.session
        still = (self.viewport.view_key(), self.pulse_left, self.paused, self.hud_help.text, *self.question_key(),
                 s.fog.version if s.fog else 0, self.window.get_size(), self.viewport.focus_floor(), *self.feel_key(),
                 # a puzzle maze: keys, doors, gates and the hunter change anywhere (it was left stale in parts)
                 self.rule_marks.key() if self.rule_marks is not None else (), self.intro.visible)
        ghost = self.best_run_position()
        discs = (self.drawn_position(),) if ghost is None else (self.drawn_position(), ghost)
        return still, discs, len(s.visited), (self.clock_text(), s.moves, s.display_floor())

    def damage(self) -> list[Rect] | None:
        """What changed since the last frame: the clock's tick redraws the top bar alone, a step the player's
        old and new places (and the cell it marked), the best run's disc its own; anything else (the camera, a
        pulse, a notice, a question, the fog, a floor, the minimap's dot, the guided start's extras) the whole
        window."""
        last, now = self._scene, self.scene()
        if last is None or last[0] != now[0] or not self.in_parts or now[2] < last[2]:  # < : restarted
            return None
        if self.minimap is not None and (last[1] != now[1] or last[2] != now[2]):  # the minimap's dot moved
            return None
        rects: list[Rect] = []
        cam = self.viewport.cam
        half = max(1.6 * self.player_radius, 0.8 * self.viewport.maze_layer.cell_size) * cam.zoom + 4
        if len(last[1]) != len(now[1]):  # the best run shown or hidden
            return None
        ring = max(half, (FINDER_RING + 4) * ui_scale(self.window.width, self.window.height))
        for was, is_ in zip(last[1], now[1], strict=True):  # the player's disc, the best run's
            if was != is_:
                rects.append(box_around([cam.world_to_screen(*was), cam.world_to_screen(*is_)], ring))
        centres = self.session.level.maze.grid.centers
        for cell in self.session.visited[last[2]:now[2]]:  # marked ahead of the disc: the whole cell
            rects.append(box_around([cam.world_to_screen(*map(float, centres[cell]))], half))
        if last[3] != now[3]:
            w, h = self.window.width, self.window.height
            bottom = math.ceil(h - self.hud_height)  # inside the opaque bar: the world under it need not be drawn
            rects.append((0, bottom, w, h - bottom))
        return rects
