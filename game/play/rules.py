"""The play screen's side of puzzle mazes: the elements drawn as they stand, the hunter, held keys, the keys.

:class:`RuleMarks` draws a :class:`engine.modes.play.PlaySession`'s puzzle maze over the maze layer, from the
engine's marks (:func:`engine.maze.rules.draw.rule_marks`: the same shapes as prints and pictures) and the
session's state: a door whose key is held is drawn open (its outline only), a picked-up key is gone, a gate is
solid while shut and hollow while open, and the hunter (a dark star) steps along its last turn
(:meth:`engine.modes.play.PlaySession.hunter_position`; with reduced motion it jumps from cell to cell, each of
its two steps still shown).  :func:`held_icons` draws the keys held in the HUD; :func:`rule_notice` says
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
from game.render.rule_marks import LINE, draw_mark
from game.render.rule_marks import rgba as _rgba
from game.render.theme import Theme
from game.ui import fit_text
from game.ui.textfit import set_text

CAUGHT_LINE: Final = "Caught by the hunter! U undoes the last move, R starts again."


class RuleMarks:
    """The elements of the session's puzzle maze, drawn in world units after the maze layer."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        #: the "reduced_motion" setting (the screen sets it when it shows): the hunter jumps from cell to cell
        self.still = False
        #: the hunter's outline: the theme's wall colour (the screen sets it), so the star stands out on any floor
        self.edge: tuple[int, int, int, int] = (26, 26, 26, 255)
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
        if mark.kind == "key" and mark.ref[1] in held:
            return  # picked up (or its colour already held): gone from the maze
        if mark.kind == "door" and mark.ref[2] in held:
            draw_mark(mark, keep=False)  # open for the player: only its outline stays
        elif mark.kind == "gate":
            a, b, _ = mark.ref
            draw_mark(mark, keep=False) if s.rules.gate_open(a, b) else draw_mark(mark, fill=mark.outline)
        else:
            draw_mark(mark)

    def draw_hunter(self) -> None:
        """The hunter's star where it stands (stepping; with reduced motion, :attr:`still`, cell by cell)."""
        s = self.session
        if self.hunter_shape is None or s.rules is None:
            return
        if self.still:
            k = min(int(s.hunter_t), len(s.hunter_path) - 1)
            x, y = s.centers[s.hunter_path[k]]
        else:
            at = s.hunter_position()
            if at is None:
                return
            x, y = at
        pts = [(px + x, py + y) for px, py in self.hunter_shape.tolist()]
        arcade.draw_polygon_filled(pts, _rgba("#5b1670"))
        edge = _rgba("#f4e9ff") if s.caught else self.edge
        arcade.draw_polygon_outline(pts, edge, LINE * (2.5 if s.caught else 2.0))


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


#: What each rule's first level says, in one sentence (the picture beside it shows the element).
RULE_INTROS: Final = {
    "oneway": "Orange arrows are one-way passages: you can walk them only the way they point.",
    "keys": "Walk onto a key to pick it up: the door of its colour and shape then opens for you.",
    "pursuer": "The hunter takes two steps toward you after each of your moves. Lure it behind a wall; "
               "Space waits a turn.",
    "switches": "Step on the ring to flip every gate: solid gates open and hollow ones shut.",
}
#: The saved setting that lists the rules a player has been shown.
SEEN_SETTING: Final = "rules_seen"


def new_rules(session: PlaySession, seen: str) -> list[str]:
    """The session's rule families that the setting ``seen`` (comma list) does not name yet, in order."""
    if session.rules is None:
        return []
    known = {p for p in seen.split(",") if p}
    return [f for f in session.rules.rules.families() if f not in known]


class RuleIntro:
    """One short screen over a puzzle maze that brings a new rule: a picture of it and one sentence.

    Shown before the first move of the first level with that rule; any key closes it (the key is not
    a move).  :meth:`draw` paints it in screen pixels (the HUD camera active).
    """

    def __init__(self, families: list[str]) -> None:
        self.families = families
        self.texts: list[arcade.Text] = []
        self.heading = arcade.Text("", 0, 0, (255, 255, 255, 255), 22, bold=True, anchor_x="center")
        self.more = arcade.Text("Press any key to play", 0, 0, (200, 200, 210, 255), 13, anchor_x="center")

    @property
    def visible(self) -> bool:
        """True while it waits to be closed."""
        return bool(self.families)

    def close(self) -> None:
        """Close it (the rules count as seen: :meth:`seen_after`)."""
        self.families = []

    def draw(self, width: int, height: int, scale: float, theme: Theme) -> None:
        """The panel in the middle of the window: per rule its picture (:func:`engine.maze.rules.examples.example`,
        drawn as the maze draws it) and its sentence, in ``theme``'s colours."""
        if not self.families:
            return
        from engine.maze.rules import FAMILY_WORDS
        from engine.maze.rules.examples import CELLS, example
        from game.render.rule_marks import draw_example

        panel, ink = theme.panel, theme.text
        back = (panel[0], panel[1], panel[2], 245)
        text = (ink[0], ink[1], ink[2], 255)
        dim = (ink[0], ink[1], ink[2], 200)
        rows = len(self.families)
        pw = min(width - 40, 760 * scale)
        cell = min(44 * scale, pw * 0.35 / CELLS)
        row_h = max(96 * scale, cell + 24 * scale)
        ph = min(height - 20, 90 * scale + rows * row_h)
        row_h = (ph - 90 * scale) / rows
        left, bottom = (width - pw) / 2, (height - ph) / 2
        arcade.draw_lrbt_rectangle_filled(left, left + pw, bottom, bottom + ph, back)
        arcade.draw_lrbt_rectangle_outline(left, left + pw, bottom, bottom + ph, text, 2)
        title = "New: " + " and ".join(FAMILY_WORDS[f] for f in self.families)
        fit_text(self.heading, title, 22 * scale, pw - 40 * scale, min_size=12)
        self.heading.color = text
        self.heading.position = (width / 2, bottom + ph - 40 * scale)
        self.heading.draw()
        while len(self.texts) < rows:
            self.texts.append(arcade.Text("", 0, 0, (255, 255, 255, 255), 14, multiline=True, width=100,
                                          anchor_y="center"))
        pic_w = CELLS * cell
        for i, fam in enumerate(self.families):
            y = bottom + ph - 60 * scale - (i + 0.5) * row_h
            draw_example(example(fam), left + 20 * scale, y - cell / 2, cell, theme)
            t = self.texts[i]
            set_text(t, value=RULE_INTROS[fam], size=14 * scale, width=int(pw - pic_w - 60 * scale))  # if changed
            t.color = text
            t.position = (left + pic_w + 40 * scale, y)
            t.draw()
        self.more.font_size = 12 * scale
        self.more.color = dim
        self.more.position = (width / 2, bottom + 14 * scale)
        self.more.draw()


