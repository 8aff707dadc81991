"""The editor screen's texts and their places (no input): the top bar with the live check,
the side panel's mode and message lines, the key help under the maze."""

from __future__ import annotations

from collections.abc import Callable

import arcade

from engine.modes.editor import EditorCheck
from game.render.theme import Theme
from game.ui import fit_text, text_scale

HUD_HEIGHT = 56
FOOTER_HEIGHT = 26
HELP = ("Click/drag walls · right-drag pan · wheel zoom · F fit · arrows cursor · WASD/Shift+arrow wall"
        " · [ ] , . size · F1 help")
SHORT_HELP = "Click/drag walls · arrows cursor · WASD wall · [ ] , . size · F1 help"  # narrow windows
MODES = {
    "walls": "Click or drag across walls to open or close them.",
    "start": "Click a cell to put the start there.",
    "goal": "Click a cell to put the goal there.",
    "oneway": "One-way arrows: click a passage (again: the other way, then none). K: next element.",
    "door": "Doors: click a passage (again: the next colour, then none). K: next element.",
    "gate": "Gates: click a passage (shut, then open, then none). K: next element.",
    "key": "Keys: click a cell (again: the next colour, then none). K: next element.",
    "switch": "Switches: click a cell to place or remove one. K: next element.",
    "hunter": "The hunter: click a cell to start it there (again: none). K: back to walls.",
}
#: The order K steps through the modes: walls, then the puzzle elements.
TOOL_ORDER = ("walls", "oneway", "door", "gate", "key", "switch", "hunter")


def panel_width(width: int, scale: float = 1.0) -> int:
    """The side panel's width for a window ``width`` pixels wide at the screen's ``scale`` (window and text size):
    24 % of the window, at least 240 px and at most 400 px times the scale (1280×800: 307, 3840×2160: 921)."""
    return int(max(240, min(400 * max(1.0, scale), 0.24 * width)))


def check_colour(check: EditorCheck, theme: Theme) -> tuple[int, int, int, int]:
    """The check line's colour: the error colour while the goal cannot be reached."""
    return theme.text if check.goal_reachable else theme.error


class EditorTexts:
    """The editor's texts, made by ``make_text`` (the view's themed ``arcade.Text`` factory)."""

    def __init__(self, make_text: Callable[..., arcade.Text], theme: Theme) -> None:
        self.title = make_text("", 15, bold=True, anchor_y="center")
        self.status = make_text("", 13, anchor_y="center")
        self.mode = make_text("", 12, theme.text_dim, anchor_y="top", multiline=True, width=220)
        self.message = make_text("", 12, theme.text, anchor_y="top", multiline=True, width=220)
        self.help = make_text("", 11, theme.text_dim)
        self.values = {"title": "", "status": "", "mode": "", "message": ""}
        self.size = (1280, 800)
        self.mode_top = 0.0
        self.scale = 1.0  # the screen's scale of the last layout

    def set(self, title: str, status: str, colour: tuple[int, int, int, int], mode: str, message: str,
            mode_colour: tuple[int, int, int, int]) -> None:
        """New contents (re-fitted only when something changed)."""
        values = {"title": title, "status": status, "mode": mode, "message": message}
        self.status.color = colour
        self.mode.color = mode_colour
        if values != self.values:
            self.values = values
            self.fit()

    def layout(self, width: int, height: int, mode_top: float, scale: float) -> None:
        """Place for a ``width`` × ``height`` window; the panel's lines start at ``mode_top`` (under its buttons);
        ``scale`` is the screen's (window and text size: the one its buttons and top bar are laid out at)."""
        self.size = (width, height)
        self.mode_top = mode_top
        self.scale = scale
        self.fit()

    def fit(self) -> None:
        """Fit every text to its room."""
        width, height = self.size
        s = max(self.scale, 0.75 * text_scale())  # readable in an 800x600 window (the screen's scale is 0.625)
        room = width - 32 * s
        fit_text(self.title, self.values["title"], 15 * s, room)
        self.title.position = (16 * s, height - HUD_HEIGHT * s * 0.3)
        fit_text(self.status, self.values["status"], 13 * s, room)
        self.status.position = (16 * s, height - HUD_HEIGHT * s * 0.72)
        pw = panel_width(width, self.scale)
        left = width - pw + 12
        for text, key, size in ((self.mode, "mode", 12), (self.message, "message", 12)):
            with text:  # one pyglet layout for the three changes
                text.width = pw - 24
                text.font_size = size * s
                text.text = self.values[key]
        self.mode.position = (left, self.mode_top)
        below = self.mode.y - (self.mode.content_height if self.mode.text else 0) - 10 * s
        self.message.position = (left, below)
        room = width - pw - 16
        fit_text(self.help, HELP, 11 * s, room, min_size=10)
        if self.help.text != HELP:  # would shrink below 10 pt or be cut: the short line (F1 has the rest)
            fit_text(self.help, SHORT_HELP, 11 * s, room, min_size=8)
        self.help.position = (8, 8 * s)

    def bottom(self) -> float:
        """The lowest pixel of the panel's mode and message lines (below 0: they leave the window)."""
        return min(t.y - t.content_height for t in (self.mode, self.message) if t.text) if (
            self.mode.text or self.message.text) else self.mode_top

    def draw(self) -> None:
        """Every text."""
        for text in self.texts():
            text.draw()

    def texts(self) -> list[arcade.Text]:
        """The texts with something to show (for layout tests)."""
        return [t for t in (self.title, self.status, self.mode, self.message, self.help) if t.text]
