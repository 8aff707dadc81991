"""The play screen's side of puzzle mazes: the elements drawn as they stand, the hunter, held keys, the keys.

:class:`RuleMarks` draws a :class:`engine.modes.play.PlaySession`'s puzzle maze over the maze layer, from the
engine's marks (:func:`engine.maze.rules.draw.rule_marks`: the same shapes as prints and pictures) and the
session's state: a door whose key is held is drawn open (its outline only), a picked-up key is gone, a gate is
solid while shut and hollow while open, and the hunter (a dark star) steps along its last turn
(:meth:`engine.modes.play.PlaySession.hunter_position`; with reduced motion it jumps from cell to cell, each of
its two steps still shown).  :func:`held_line` is the HUD's words for the keys held; :func:`rule_notice` says
what an event means in a sentence.
"""

from __future__ import annotations

from typing import Final

import arcade
import numpy as np

from engine.maze.rules import COLOURS, KEY_SHAPES
from engine.maze.rules.draw import Mark, rule_marks, shape_points
from engine.modes.base import Event, EventKind
from engine.modes.play import PlaySession

#: Outline width in world units (a cell is about one unit across).
LINE: Final = 0.045
CAUGHT_LINE: Final = "Caught by the hunter! U undoes the last move, R starts again."
WAIT_WORD: Final = "wait"


def _rgba(colour: str, alpha: int = 255) -> tuple[int, int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), alpha


class RuleMarks:
    """The elements of the session's puzzle maze, drawn in world units after the maze layer."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        marks = rule_marks(session.maze)
        self.fixed = [m for m in marks if m.kind != "hunter"]
        hunter = [m for m in marks if m.kind == "hunter"]
        self.hunter_shape: np.ndarray | None = None
        if hunter:
            h = hunter[0]
            centre = session.maze.grid.centers[h.ref[0]]
            self.hunter_shape = h.points - centre  # drawn wherever the hunter stands

    def key(self) -> tuple[object, ...]:
        """What the drawing depends on (the frame key: redraw when it changes)."""
        s = self.session
        if s.rules is None:
            return ()
        pos = s.rules.position
        return (pos.keys, pos.switch, pos.hunter, s.hunter_position(), s.caught)

    def draw(self) -> None:
        """Doors, gates, arrows, keys and switches as the game stands (world camera active)."""
        s = self.session
        if s.rules is None:
            return
        held = set(s.rules.held_colours())
        for mark in self.fixed:
            self._draw(mark, held)

    def _draw(self, mark: Mark, held: set[int]) -> None:
        s = self.session
        assert s.rules is not None
        pts = [tuple(p) for p in mark.points.tolist()]
        fill, outline = mark.fill, mark.outline
        if mark.kind == "key" and mark.ref[1] in held:
            return  # picked up (or its colour already held): gone from the maze
        if mark.kind == "door" and mark.ref[2] in held:
            fill = None  # open for the player: only its outline stays
        if mark.kind == "gate":
            a, b, _ = mark.ref
            fill = None if s.rules.gate_open(a, b) else outline
        if fill is not None:
            arcade.draw_polygon_filled(pts, _rgba(fill))
        if outline is not None:
            arcade.draw_polygon_outline(pts, _rgba(outline), LINE)

    def draw_hunter(self, reduced_motion: bool) -> None:
        """The hunter's star where it stands (stepping; with reduced motion cell by cell)."""
        s = self.session
        if self.hunter_shape is None or s.rules is None:
            return
        if reduced_motion:
            k = min(int(s.hunter_t), len(s.hunter_path) - 1)
            x, y = s.centers[s.hunter_path[k]]
        else:
            at = s.hunter_position()
            if at is None:
                return
            x, y = at
        pts = [(px + x, py + y) for px, py in self.hunter_shape.tolist()]
        arcade.draw_polygon_filled(pts, _rgba("#5b1670"))
        arcade.draw_polygon_outline(pts, _rgba("#f4e9ff" if s.caught else "#1a1a1a"), LINE * 1.5)


def held_icons(session: PlaySession, x: float, y: float, size: float) -> float:
    """Draw the held keys as their shapes in a row from ``(x, y)`` leftwards (screen pixels, HUD camera active);
    returns the width used."""
    if session.rules is None:
        return 0.0
    from engine.maze.rules.draw import COLOUR_HEX, INK

    held = session.rules.held_colours()
    for i, c in enumerate(held):
        cx = x - size * (0.6 + 1.3 * i)
        pts = [tuple(p) for p in shape_points(KEY_SHAPES[c], np.array([cx, y]), size * 0.5).tolist()]
        arcade.draw_polygon_filled(pts, _rgba(COLOUR_HEX[COLOURS[c]]))
        arcade.draw_polygon_outline(pts, _rgba(INK), max(1.0, size / 12))
    return size * 1.3 * len(held)


def held_line(session: PlaySession) -> str:
    """``"keys: red, blue"`` (or ``""``): the HUD's words for what the icons show."""
    if session.rules is None:
        return ""
    held = session.rules.held_colours()
    return ("keys: " + ", ".join(COLOURS[c] for c in held)) if held else ""


def rule_notice(event: Event) -> str:
    """A sentence for an event of a puzzle maze (``""`` for the others)."""
    if event.kind is EventKind.KEY:
        return f"You picked up the {COLOURS[event.value]} key: its doors open for you."
    if event.kind is EventKind.SWITCH:
        return "Click! The gates moved."
    if event.kind is EventKind.CAUGHT:
        return CAUGHT_LINE
    return ""


def rules_help(session: PlaySession, wait: str, undo: str, hint: str) -> str:
    """The footer's key help for a puzzle maze (the keys' names given)."""
    parts = [f"{undo} undo", f"{hint} hint"]
    if session.rules is not None and session.rules.position.hunter >= 0:
        parts.insert(0, f"{wait} wait")
    return " · ".join(parts)
