"""Help: the controls of every mode (F1 anywhere, Help in the menu and the pause overlay), and the guided start.

Opened with ``ctx.go(routes.help_screen, back_to=view, mode=shape)``; Esc returns to
``back_to`` (the menu by default).  ``mode`` (a maze shape) puts that shape's
note first.
"""

from __future__ import annotations

from typing import Any

from game import routes
from game.context import Context
from game.shell.modes import help_sections
from game.ui import fit_text, place_grid
from game.ui.screen import BaseView

#: The section before the modes' ones: (heading, lines).
EVERYWHERE: tuple[str, list[str]] = ("Everywhere", [
    "Up/Down or Tab move, Enter/Space press, Esc back  ·  Settings → Keys changes any key  ·  controller: A, B back",
    "F1 this help  ·  F11 fullscreen  ·  after a level or race: Q its QR code, C copies a share line (puzzle: L)",
    "My levels: Enter plays  ·  F2 rename  ·  Del delete (asks first)  ·  Ctrl+C copy code  ·  E export as a pack",
])
#: (heading, lines) in screen order: :data:`EVERYWHERE`, then the modes' sections (:mod:`game.shell.modes`, in the
#: order of the modes' table; modes that share a section show it once).
SECTIONS: list[tuple[str, list[str]]] = [EVERYWHERE, *((h.heading, list(h.lines)) for h in help_sections())]

SHAPE_NOTES = {
    "square": "Square cells: each arrow key is one neighbour.",
    "hex": "Hex cells: Left/Right go sideways; Up/Down at a fork follow the side of your last left/right move.",
    "triangle": "Triangle cells: Left/Right along the row; Up or Down where the triangle has that side.",
    "polar": "Rings: the arrow picks the open neighbour closest in angle; two keys make a diagonal.",
    "upsilon": "Octagons and squares: two keys together reach the diagonal octagons.",
}


class HelpView(BaseView):
    """Headings and lines of :data:`SECTIONS`, cut to fit; Back and "Guided start" (replays the guide).

    Args:
        ctx: shared context.
        back_to: the view to return to (default: the main menu).
        mode: a maze shape whose note is shown first.
    """

    music: str | None = None  # reached from everywhere: keep the music

    def __init__(self, ctx: Context, back_to: Any = None, mode: str | None = None) -> None:
        super().__init__(ctx)
        self.back_to = back_to
        t = ctx.theme
        self.ui.add(self.make_button("Back", self.back))
        self.ui.add(self.make_button("Guided start", lambda: ctx.go(routes.guide, back_to=self)))
        self.title = self.text("Help", 32, t.accent, bold=True, anchor_x="center", anchor_y="top")
        self.rows: list[tuple[Any, str, float, bool]] = []  # (text, value, base size, heading)
        if mode in SHAPE_NOTES:
            self.rows.append((self.text("", 15, t.star, anchor_y="top"), SHAPE_NOTES[mode], 15, False))
        for heading, lines in SECTIONS:
            self.rows.append((self.text("", 17, t.accent, bold=True, anchor_y="top"), heading, 17, True))
            for line in lines:
                self.rows.append((self.text("", 14, t.text, anchor_y="top"), line, 14, False))

    def back(self) -> None:
        """Back where help was opened from."""
        if self.back_to is not None:
            self.ctx.show(self.back_to)
        else:
            routes.show_menu(self.ctx)

    def layout(self, width: int, height: int) -> None:
        """Lines from the top; the font shrinks so every line fits above the Back button."""
        fit_text(self.title, "Help", 32 * self.scale, width - 40)
        self.title.position = (width / 2, height - 16 * self.scale)
        button_h = 44 * self.scale
        button_w, gap = min(240 * self.scale, (width - 60) / 2), 20 * self.scale
        place_grid(self.buttons, width / 2 - button_w - gap / 2, 16 * self.scale + button_h, 2, button_w, button_h,
                   gap)
        self.style_buttons(16 * self.scale)
        top, bottom = self.title.bottom - 12 * self.scale, 16 * self.scale + button_h + 12 * self.scale
        wanted = sum(size * 1.6 + (8 if heading else 0) for _, _, size, heading in self.rows)
        k = min(self.scale, max(0.5, (top - bottom) / wanted))
        left = max(20.0, (width - 1000 * self.scale) / 2)
        y = top
        for text, value, size, heading in self.rows:
            if heading:
                y -= 8 * k
            fit_text(text, value, size * k, width - left - 20, min_size=7)
            text.position = (left if heading else left + 16 * k, y)
            y -= size * 1.6 * k

    def draw_extra(self) -> None:
        """Title and lines."""
        self.title.draw()
        for text, _, _, _ in self.rows:
            text.draw()
