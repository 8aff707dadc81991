"""Help: one page per mode (F1 anywhere, Help in the menu and the pause overlay), and the guided start.

Opened with ``ctx.go(routes.help_screen, back_to=view, mode=shape)``; Esc returns to ``back_to`` (the menu by
default).  The page of the mode the player came from comes first (:func:`page_for`: the screen's
``help_page``, else its key context; ``mode``, a maze shape, means the maze page and puts that shape's note
on it); Left/Right (or PgUp/PgDn, or the Previous/Next buttons) turn the pages.

A puzzle rule's page shows the rule's picture under its lines (:func:`engine.maze.rules.examples.example`,
drawn as the maze draws it) with one sentence.  Each page fits 800×600 at 100 % text (a test).  With a
larger text size the lines wrap and a page that would run past the buttons continues on the next page
("2 of 2"): the text never shrinks below its 100 % size.
"""

from __future__ import annotations

from typing import Any

import arcade
from arcade import key

from game import routes
from game.bases.screen import BaseView
from game.context import Context
from game.modes import help_sections
from game.ui import FONT, fit_text, place_grid, text_scale
from game.ui.textfit import measured, set_text, snap_to_pixels

#: The page before the modes' ones: (heading, lines).
EVERYWHERE: tuple[str, list[str]] = ("Everywhere", [
    "Up/Down or Tab move between buttons, Enter or Space presses one, Esc goes back.",
    "F1 opens this help from any screen; F11 switches fullscreen on and off.",
    "A game controller works everywhere: d-pad or stick to move, A to choose, B to go back, Start to pause.",
    "Settings: change any key (Keys), the text size, the theme (dark, light, high contrast), reduced motion "
    "and the volume of music and effects.",
    "The menu's first button plays on: the next level of the campaign you have not finished.",
    "On the campaign map, P prints the world of the chosen level as a PDF (its mazes, then the answers).",
])
#: A mode's help page key -> (heading, lines), from the modes' table (:data:`game.modes.GAME_MODES`: each
#: mode's :class:`~game.modes.HelpSection`; modes that share a page name it once).
MODE_HELP: dict[str, tuple[str, list[str]]] = {h.key: (h.heading, list(h.lines)) for h in help_sections()}
#: Pages that are no mode: key -> (heading, lines).
EXTRA_HELP: dict[str, tuple[str, list[str]]] = {
    "floors": ("Floors, bridges and the dark", [
        "Floors: E or PgUp climbs a stair (drawn bright), Q or PgDn goes down (drawn dim).",
        "Every floor shows at once, higher floors above; yours is bright and the top bar says which it is.",
        "Bridges: walk straight on to pass under a bridge; the way over it is another path.",
        "In the dark you see only the cells near you; the cells you have seen stay drawn.",
    ]),
    "oneway": ("Puzzle mazes: one-way passages", [
        "An orange arrow on a passage makes it one-way: you can walk it only the way the arrow points.",
        "A one-way passage may lead you on a long way round: look where each arrow goes before you take it.",
        "U (or Backspace, Ctrl+Z) takes back a move, as often as you like; R starts the maze again.",
        "Stars count moves, not speed: three for the fewest moves possible (the par), without a hint (H).",
    ]),
    "keys": ("Puzzle mazes: keys and doors", [
        "Walk onto a key to pick it up; you keep it. The keys you hold show at the top right.",
        "A door is a bar across a passage in its key's colour and shape (red triangle, blue square, yellow "
        "diamond, green hexagon): it stays shut until you hold that key, then it opens for good (an open door "
        "shows only its outline).",
        "Fetch the keys in the right order: the par is the fewest moves that fetch them and reach the goal.",
    ]),
    "hunter": ("Puzzle mazes: the hunter", [
        "The dark star is the hunter. After each of your moves it takes two steps toward you, straight-line "
        "nearest first; it only steps if that brings it nearer, and it never passes a door.",
        "Space waits a turn: you stay, the hunter steps. Lure it behind a wall, where it gets stuck.",
        "If it reaches you, you are caught: U takes back the last move, R starts again. Reaching the goal "
        "first wins at once.",
    ]),
    "switches": ("Puzzle mazes: switches and gates", [
        "A ring on the floor is a switch. Stepping onto it flips every gate in the maze.",
        "A solid gate is shut; a hollow one is open. A flip opens the shut ones and shuts the open ones, for "
        "you and the hunter alike.",
        "Waiting on a switch does not flip it again: step off and back on.",
    ]),
    "dailies": ("Dailies", [
        "Every day brings a new maze and two sliding puzzles (3×3 and 4×4), the same for every player.",
        "The calendar shows the last two weeks: each day done, or done at par (the fewest moves possible).",
        "Your streak counts the days in a row with a daily done; today still counts until midnight (UTC).",
        "Esc from a daily brings you back here.",
    ]),
    "records": ("Records", [
        "Your best time and fewest moves for every campaign level, every puzzle size and each speed mode.",
        "Export CSV writes them to a file in your data folder (the command line: tessera records --csv).",
        "A level counts once, however often you play it: only the best stays.",
    ]),
    "my-levels": ("My levels and codes", [
        "Every maze, race and puzzle has a short code: Enter code plays a code a friend sent you.",
        "After a level or race: Q shows its QR code, C copies a share line (puzzle: L).",
        "My levels: Enter plays  ·  F2 rename  ·  Del delete (asks first)  ·  Ctrl+C copy code  ·  E export as "
        "a pack.",
        "An exported pack becomes a new world on the campaign map.",
    ]),
}
#: Where each page goes in the standard order: the everywhere page, the modes', then the extra ones.
PAGE_ORDER = ("everywhere", "maze", "floors", "oneway", "keys", "hunter", "switches", "race", "two-players",
              "puzzle", "dailies", "records", "editor", "my-levels", "lab")
#: A page -> the puzzle rule whose picture it shows (:mod:`engine.maze.rules.examples`).
PAGE_PICTURES: dict[str, str] = {"oneway": "oneway", "keys": "keys", "hunter": "pursuer", "switches": "switches"}
#: A screen's key context -> the page it opens first.
CONTEXT_PAGES = {"maze": "maze", "duo": "two-players", "puzzle": "puzzle", "lab": "lab", "editor": "editor"}


def _all_pages() -> dict[str, tuple[str, list[str]]]:
    pages = {"everywhere": EVERYWHERE, **MODE_HELP, **EXTRA_HELP}
    ordered = {k: pages[k] for k in PAGE_ORDER if k in pages}
    ordered.update({k: v for k, v in pages.items() if k not in ordered})  # a new mode's page: at the end
    return ordered


#: Every page (key -> (heading, lines)) in the standard order.
PAGES: dict[str, tuple[str, list[str]]] = _all_pages()
#: (heading, lines) of every page in the standard order.
SECTIONS: list[tuple[str, list[str]]] = list(PAGES.values())

SHAPE_NOTES = {
    "square": "Square cells: each arrow key is one neighbour.",
    "hex": "Hexagons: Left/Right go sideways; Up/Down at a fork follow the side of your last left/right move.",
    "triangle": "Triangles: Left/Right along the row; Up or Down where the triangle has that side.",
    "polar": "Circle: the arrow picks the open neighbour closest in angle; two keys make a diagonal.",
    "upsilon": "Octagons and squares: two keys together reach the diagonal octagons.",
}


def line_height(value: str, size: float, width: int, bold: bool) -> float:
    """The content height in pixels of ``value`` wrapped to ``width`` pixels at font ``size`` points (bold or not),
    exactly as a help line with those settings lays out; measured once, then remembered (shared by every help
    screen: a layout measures each of its ~45 lines once per size, at up to 3 trial scales per resize)."""
    return measured(value, FONT, float(size), bool(bold), wrap=int(width))[1]


def page_for(back_to: Any, mode: str | None) -> str:  # any screen
    """The page key Help opens on: the screen's ``help_page``; else ``mode`` when it names a page (a puzzle
    maze's first rule: "oneway", "hunter"...); else the page of its key context; else the maze page for a maze
    ``mode``; else the everywhere page."""
    page = getattr(back_to, "help_page", None)
    if isinstance(page, str) and page in PAGES:
        return page
    if mode in PAGES:
        return str(mode)
    context = CONTEXT_PAGES.get(str(getattr(back_to, "key_context", "")))
    if context is not None:
        return context
    return "maze" if mode in SHAPE_NOTES else "everywhere"


class HelpView(BaseView):
    """One page of help at a time (module doc); Previous/Next, "Guided start" (replays the guide) and Back.

    Args:
        ctx: shared context.
        back_to: the view to return to (default: the main menu).
        mode: a maze shape whose note is shown first.
    """

    music: str | None = None  # reached from everywhere: keep the music

    def __init__(self, ctx: Context, back_to: Any = None, mode: str | None = None) -> None:
        super().__init__(ctx, columns=2)
        self.back_to = back_to
        t = ctx.theme
        first = page_for(back_to, mode)
        keys = [first, *(k for k in PAGES if k != first)]
        self.prev_btn = self.make_button("< Previous", lambda: self.turn(-1))
        self.next_btn = self.make_button("Next >", lambda: self.turn(1))
        self.make_button("Guided start", lambda: ctx.go(routes.guide, back_to=self))
        self.make_button("Back", self.back)
        for btn in self.buttons:
            self.ui.add(btn)
        self.focus = 1
        self.title = self.text("Help", 30, t.accent, bold=True, anchor_x="center", anchor_y="top")
        # "Page 1 of 1" until laid out: the layout measures its height (empty, it measured 0 and the first
        # heading overlapped it)
        self.counter = self.text("Page 1 of 1", 13, t.text_dim, anchor_x="center", anchor_y="top")
        self.hint = self.text("Left/Right or PgUp/PgDn turn the page  ·  Esc back", 12, t.text_dim,
                              anchor_x="center", anchor_y="bottom")
        self.caption = self.text("Ag", 14, t.text, anchor_x="center", anchor_y="top")  # one line, measured
        self._text_left, self._text_w = 0.0, 600.0  # the body's left and width in pixels (the last layout)
        self._body = (600.0, 0.0)  # the body's top and bottom in pixels (the last layout)
        #: where the shown page's rule picture goes: (family, left, top, cell size in pixels), or None
        self.picture: tuple[str, float, float, float] | None = None
        #: (colour, value, base size in points, heading) of every line of every page, pages in order; a line's
        #: text is made when a page shows it (:meth:`_line`), laid out as :attr:`_want` says.
        self.rows: list[tuple[Any, str, float, bool]] = []
        self._texts: dict[int, arcade.Text] = {}
        #: row index -> (font size in points, wrap width in pixels) of the last layout
        self._want: dict[int, tuple[float, int]] = {}
        #: row index -> (x, y) of the last layout (pixels; y of its place on its first page)
        self._at: dict[int, tuple[float, float]] = {}
        #: per topic: its key and the indexes in :attr:`rows` of its heading and lines.
        self.topics: list[tuple[str, list[int]]] = []
        for page_key in keys:
            heading, lines = PAGES[page_key]
            rows = [len(self.rows)]
            self.rows.append((t.accent, heading, 19, True))
            body = ([SHAPE_NOTES[mode]] if page_key == "maze" and mode in SHAPE_NOTES else []) + lines
            for i, line in enumerate(body):
                rows.append(len(self.rows))
                color = t.star if (i == 0 and page_key == "maze" and mode in SHAPE_NOTES) else t.text
                self.rows.append((color, line, 15, False))
            self.topics.append((page_key, rows))
        #: the laid-out pages: (topic index, part, parts, row indexes shown)
        self.pages: list[tuple[int, int, int, list[int]]] = []
        self.page = 0
        #: what the last layout was for (window width, height in pixels, text scale), then what
        #: :meth:`_place_page` takes: the body's top, the scale and the page counter's anchor (pixels)
        self._laid_out: tuple[tuple[int, int, float], float, float, tuple[float, float]] | None = None
        #: the (topic key, part) shown when :meth:`on_resize` began: its layouts at trial scales keep that page
        self._keep: tuple[str, int] | None = None

    def _line(self, i: int) -> arcade.Text:
        """Row ``i``'s text, made (or changed) to the size and width of the last layout: only the lines of a
        page shown are ever laid out (the layout measures the others with :func:`line_height`)."""
        color, value, size, heading = self.rows[i]
        font_size, width = self._want.get(i, (size, 600))
        text = self._texts.get(i)
        if text is None:
            text = self._texts[i] = arcade.Text(value, 0, 0, color, font_size, font_name=FONT, bold=heading,
                                                anchor_y="top", multiline=True, width=width)
        else:
            set_text(text, size=font_size, width=width)
        x, y = self._at.get(i, (0.0, 0.0))
        at = (round(x), round(y))  # on whole pixels (:func:`snap_to_pixels`)
        if (text.x, text.y) != at:
            text.position = at
        return text

    # -- pages --------------------------------------------------------------------------------------------
    def page_count(self) -> int:
        """How many pages the last layout made (a topic too long for the window at this text size: more)."""
        return len(self.pages)

    def show_page(self, index: int) -> None:
        """Show page ``index`` (clamped)."""
        self.page = max(0, min(len(self.pages) - 1, index))
        if self.window is not None:
            laid = self._laid_out
            if self.pages and laid is not None and laid[0] == (self.window.width, self.window.height, text_scale()):
                # Every page is laid out already (the layout measures all topics): only the shown one moves
                # (a full relayout took about a second per key press at 200 % text on a busy machine).
                self._place_page(*laid[1:])
                snap_to_pixels(self.made_texts)
            else:
                self.on_resize(self.window.width, self.window.height)
        self.request_redraw()

    def turn(self, step: int) -> None:
        """The next (``step`` 1) or previous (-1) page, round the end."""
        if self.pages:
            self.show_page((self.page + step) % len(self.pages))

    def body_texts(self) -> list[arcade.Text]:
        """The texts of the page shown (headings and lines)."""
        if not self.pages:
            return []
        return [self._line(i) for i in self.pages[self.page][3]]

    def page_key(self) -> str:
        """The key of the topic shown (e.g. "maze", "dailies")."""
        return self.topics[self.pages[self.page][0] if self.pages else 0][0]

    def back(self) -> None:
        """Back where help was opened from."""
        if self.back_to is not None:
            self.ctx.show(self.back_to)
        else:
            routes.show_menu(self.ctx)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """PgUp/PgDn turn pages; the rest as every button screen (Left/Right: :meth:`menu_action`)."""
        if symbol in (key.PAGEUP, key.PAGEDOWN):
            self.turn(1 if symbol == key.PAGEDOWN else -1)
            return True
        return super().on_key_press(symbol, modifiers)

    def menu_action(self, action: str | None) -> bool | None:
        """Left/Right turn the page; Up/Down move between the buttons."""
        if action in ("left", "right"):
            self.turn(1 if action == "right" else -1)
            return True
        if action in ("up", "down"):
            self.move_focus(-1 if action == "up" else 1)
            return True
        return super().menu_action(action)

    # -- layout -------------------------------------------------------------------------------------------
    def on_resize(self, width: int, height: int) -> None:
        """Lay out again on the page shown: a trial layout at a smaller scale (where a topic fits on fewer
        pages) must not move a continued page back to its first part (at 200 % text Next went nowhere)."""
        self._keep = (self.page_key(), self.pages[self.page][1]) if self.pages else None
        try:
            super().on_resize(width, height)
        finally:
            self._keep = None

    def layout(self, width: int, height: int) -> None:
        """Title and page number on top, the buttons and key hint at the bottom, the page's lines between
        (wrapped to the width; a topic that does not fit goes on over more pages)."""
        s = self.scale
        key_before, part_before = self._keep or (self.page_key(), self.pages[self.page][1] if self.pages else 0)
        fit_text(self.title, "Help", 30 * s, width - 40)
        self.title.position = (width / 2, height - 12 * s)
        fit_text(self.hint, self.hint.text, 12 * s, width - 20, min_size=8)
        self.hint.position = (width / 2, 6 * s)
        columns = 4 if width >= 4 * 190 * s + 5 * 12 * s else 2
        gap = 12 * s
        button_w = min(230 * s, (width - 40 - (columns - 1) * gap) / columns)
        button_h = 44 * s
        rows = (len(self.buttons) + columns - 1) // columns
        self.columns = columns
        buttons_top = self.hint.top + 10 * s + rows * button_h + (rows - 1) * gap
        left0 = (width - columns * button_w - (columns - 1) * gap) / 2
        place_grid(self.buttons, left0, buttons_top, columns, button_w, button_h, gap)
        self.style_buttons(16 * s)
        self.counter.font_size = 13 * s
        top = self.title.bottom - 8 * s - self.counter.content_height - 10 * s
        bottom = buttons_top + 14 * s
        text_w = min(width - 60.0, 1000 * s)
        left = (width - text_w) / 2
        self.pages = []
        cell = self._picture_cell(s, text_w, top - bottom)
        self.caption.font_size = 14 * s
        picture_h = cell + 16 * s + self.caption.content_height + 8 * s
        for t_index, (topic_key, rows_of) in enumerate(self.topics):
            parts: list[list[int]] = [[]]
            y = top
            floor = bottom + (picture_h if topic_key in PAGE_PICTURES else 0)
            for n, i in enumerate(rows_of):
                _, value, size, heading = self.rows[i]
                indent = 0.0 if heading else 16 * s
                # measured, not laid out: the lines of the page shown are laid out when drawn (:meth:`_line`)
                want = self._want[i] = (size * s, int(text_w - indent))
                h = line_height(value, *want, heading) + (6 if heading else 9) * s
                if parts[-1] and y - h < floor and n > 0:
                    parts.append([rows_of[0]])  # the heading again on the continued page
                    first = rows_of[0]
                    y = top - line_height(self.rows[first][1], *self._want[first], True) - 6 * s
                parts[-1].append(i)
                self._at[i] = (left + indent, y)
                y -= h
            for p, part in enumerate(parts):
                self.pages.append((t_index, p, len(parts), part))
        # keep the topic shown (a relayout may split it differently)
        wanted = next((i for i, (t, p, _, _) in enumerate(self.pages)
                       if self.topics[t][0] == key_before and p == min(part_before, self.pages[i][2] - 1)), None)
        self.page = wanted if wanted is not None else min(self.page, len(self.pages) - 1)
        counter_at = (self.title.x, self.title.bottom - 8 * s)
        self._text_left, self._text_w, self._body = left, text_w, (top, bottom)
        self._place_page(top, s, counter_at)
        self._laid_out = ((width, height, text_scale()), top, s, counter_at)

    def _place_page(self, top: float, s: float, counter_at: tuple[float, float]) -> None:
        """Move the shown page's texts to their places (a continued page starts at the top again): the body
        from ``top`` down at scale ``s``, the page counter at ``counter_at`` (pixels)."""
        t_index, part, parts, shown = self.pages[self.page]
        y = top
        for i in shown:
            self._at[i] = (self._at[i][0], y)
            y -= line_height(self.rows[i][1], *self._want[i], self.rows[i][3]) + (6 if self.rows[i][3] else 9) * s
        family = PAGE_PICTURES.get(self.topics[t_index][0])
        self.picture = None
        if family is not None and part == parts - 1:  # under the topic's last lines
            from engine.maze.rules.examples import example

            top, bottom = self._body
            room = y - 8 * s - bottom - 16 * s - self.caption.content_height  # a long line may reach the reserve
            cell = max(0.0, min(self._picture_cell(s, self._text_w, top - bottom), room))
            self.picture = (family, self._text_left + (self._text_w - 4 * cell) / 2, y - 8 * s, cell)
            set_text(self.caption, value=example(family).caption)
            self.caption.position = (self._text_left + self._text_w / 2, y - 16 * s - cell)
        more = f"  ({part + 1} of {parts})" if parts > 1 else ""
        self.counter.text = f"Page {self.page + 1} of {len(self.pages)}{more}"
        self.counter.position = counter_at

    @staticmethod
    def _picture_cell(s: float, text_w: float, text_h: float) -> float:
        """A rule picture's cell size in pixels at scale ``s`` for a body ``text_w`` × ``text_h`` pixels."""
        return min(80 * s, text_w / 5, text_h / 4.5)

    def text_sizes(self) -> list[float]:
        """As every screen's (:meth:`BaseView.text_sizes`), with the font size each help line was laid out at."""
        return super().text_sizes() + [size for size, _ in self._want.values()]

    def draw_extra(self) -> None:
        """Title, page number, the page's lines and the key hint."""
        self.title.draw()
        self.counter.draw()
        for text in self.body_texts():
            text.draw()
        if self.picture is not None:
            from engine.maze.rules.examples import example
            from game.render.rule_marks import draw_example

            family, left, top, cell = self.picture
            draw_example(example(family), left, top - cell, cell, self.ctx.theme)
            self.caption.draw()
        self.hint.draw()
