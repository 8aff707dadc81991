"""Dailies: today's maze and puzzle dailies (3x3, 4x4), the last two weeks with the stars earned, and the streaks.

The puzzle daily's position and its proven optimum come from :func:`engine.modes.daily.puzzle_daily`; a 4x4 proof
takes a few seconds (longer the first time, while the solver's tables are built), so it runs in a
:class:`game.workers.Task` while the screen says so, and is kept in ``ctx.memory`` for the day.  The calendar
and streaks are :mod:`engine.records` over the saved history (:mod:`game.records`).
"""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import Any

from engine.maze.grids import player_name
from engine.modes.daily import PuzzleDaily, daily_spec, puzzle_daily, puzzle_maze_daily, utc_today
from engine.records import DAILY_KINDS, day_marks, done_days, streaks
from game import routes
from game.bases.screen import BaseView
from game.context import Context
from game.format import count, daily_maze_name, star_text
from game.records import history
from game.ui import ellipsize, fit_text, place_column
from game.ui.textfit import snap_to_pixels
from game.workers import Task


def mark_text(stars: int | None) -> str:
    """What a calendar cell shows: ``·`` not done, the stars earned (``★★☆``: the win's own), ``done`` when the
    run's stars are not known."""
    if stars is None:
        return "·"
    return star_text(stars) if stars > 0 else "done"
COLUMN_TITLES = ("day", "maze", "3x3", "4x4")
CALENDAR_DAYS = 14


def memory_key(day: dt.date, size: int) -> str:
    """Where a proven puzzle daily is kept in ``ctx.memory`` for the day."""
    return f"dailies.puzzle.{size}.{day.isoformat()}"


class DailiesView(BaseView):
    """Buttons for today's three dailies, a calendar of the last :data:`CALENDAR_DAYS` days, streaks.

    Args:
        ctx: shared context.
        today: the UTC day shown (default: today; tests pass one).
    """

    help_page = "dailies"  # Help (F1) opens on this page (game.shell.help)

    max_text_scale = 1.25  # a dense screen: text grows to 125 % at most (Settings, text size)
    return_focus = "dailies-focus"  # back from a daily: its entry is focused

    def __init__(self, ctx: Context, today: dt.date | None = None) -> None:
        super().__init__(ctx)
        self.today = today or utc_today()
        t = ctx.theme
        spec = daily_spec(self.today)
        self.maze_btn = self.make_button(f"Maze · {daily_maze_name(spec)}", lambda: self.ctx.go(routes.daily))
        rules = puzzle_maze_daily(self.today)
        self.rules_btn = self.make_button(f"Puzzle maze · {player_name(rules.shape)} {rules.width}×{rules.height}",
                                          lambda: self.ctx.go(routes.puzzle_maze_daily))
        self.puzzle_btns = [self.make_button(f"Sliding puzzle {n}×{n}", partial(self.open_puzzle, n)) for n in (3, 4)]
        self.make_button("Records", lambda: self.ctx.go(routes.records))
        self.make_button("Back", self.back)
        for btn in self.buttons:
            self.ui.add(btn)
        self.title = self.text(
            f"Dailies · {self.today.isoformat()} (UTC)", 30, t.accent, bold=True, anchor_x="center", anchor_y="top"
        )
        self.status = self.text("", 13, t.text_dim, anchor_x="center", anchor_y="top")
        self.status_value = ""  # the whole status sentence (the text may show it cut with "…")
        self.streak = self.text("", 14, t.text, anchor_y="top", multiline=True, width=400)
        self.columns_text = [
            self.text("", 13, t.text if i else t.text_dim, anchor_y="top", multiline=True, width=200)
            for i in range(len(COLUMN_TITLES))
        ]
        self.task: Task[PuzzleDaily] | None = None
        self.waiting = 0
        self.fill_calendar()

    # -- content ---------------------------------------------------------------------------
    def fill_calendar(self) -> None:
        """The calendar columns and the streak lines from the saved history."""
        runs = history(self.ctx.store)
        marks = day_marks(runs, self.today, CALENDAR_DAYS)
        cols: list[list[str]] = [[title] for title in COLUMN_TITLES]
        for m in marks:
            cols[0].append(m.day.strftime("%a %d %b"))
            for i, kind in enumerate(DAILY_KINDS, start=1):
                cols[i].append(mark_text(m.marks[kind]))
        for text, lines in zip(self.columns_text, cols, strict=True):
            text.text = "\n".join(lines)
        maze = streaks(done_days(runs, ("maze",)), self.today)
        puzzle = streaks(done_days(runs, ("puzzle-3x3", "puzzle-4x4")), self.today)
        self.streak.text = (
            f"Maze streak: {_days(maze[0])} (longest {maze[1]})\n"
            f"Puzzle streak: {_days(puzzle[0])} (longest {puzzle[1]})"
        )

    def open_puzzle(self, size: int) -> None:
        """Open today's ``size`` puzzle daily: at once when proven already, else after its proof (background)."""
        known = self.ctx.memory.get(memory_key(self.today, size))
        if isinstance(known, PuzzleDaily):
            self.ctx.show(routes.puzzle_daily(self.ctx, known))
            return
        if self.task is not None:
            return
        day = self.today
        self.waiting = size
        self.task = Task(
            lambda progress, cancelled: puzzle_daily(day, size, cancel=cancelled, progress=progress),
            name="puzzle daily",
        )
        self.say(f"Proving today's {size}x{size} par (fewest moves)…")

    def on_update(self, delta_time: float) -> None:
        """Collect the proof when it is done (then open the puzzle); show its progress meanwhile."""
        task = self.task
        if task is None:
            return
        if not task.done:
            _, message = task.progress()
            line = f"Proving today's {self.waiting}x{self.waiting} par (fewest moves)… {message}".rstrip()
            if line != self.status_value:
                self.say(line)
            return
        self.task = None
        try:
            daily = task.result()
        except Exception as exc:  # cancelled or failed: say so, stay here
            self.say(f"The puzzle daily could not be prepared ({exc}).")
            return
        self.say("")
        self.ctx.memory[memory_key(daily.day, daily.size)] = daily
        entry = self.buttons.index(self.puzzle_btns[(3, 4).index(daily.size)]) if daily.size in (3, 4) else 0
        self.open_from(entry, routes.puzzle_daily(self.ctx, daily))

    def say(self, sentence: str) -> None:
        """Show ``sentence`` on the status line under the title (cut with "…" to the window), then redraw."""
        self.status_value = sentence
        ellipsize(self.status, sentence, self.window.width - 40)
        self.request_redraw()

    def on_hide_view(self) -> None:
        """Leaving: a proof still running is cancelled."""
        super().on_hide_view()
        if self.task is not None:
            self.task.cancel()
            self.task = None

    # -- layout ------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Title on top; buttons on the left half, the calendar and streaks on the right."""
        s = self.scale
        self.status.font_size = 13 * s
        fit_text(self.title, self.title.text, 30 * s, width - 40)
        self.title.position = (width / 2, height - 24 * s)
        ellipsize(self.status, self.status_value, width - 40)
        self.status.position = (width / 2, self.title.bottom - 6 * s)
        top = self.title.bottom - 40 * s
        half = width / 2
        h = place_column(
            self.buttons, half / 2 + 10 * s, top, 40 * s, min(half - 40 * s, 380 * s), 56 * max(s, height / 800)
        )
        self.style_buttons(min(16 * s, h * 0.4))
        x = half + 10 * s
        room = width - x - 20 * s
        with self.streak:  # one pyglet layout for both changes
            self.streak.font_size = 14 * s
            self.streak.width = int(room)
        self.streak.position = (x, top)
        y = self.streak.bottom - 16 * s
        size = min(13 * s, (y - 20 * s) / ((CALENDAR_DAYS + 1) * 1.25))
        widths = (0.34, 0.22, 0.22, 0.22)
        for text, share in zip(self.columns_text, widths, strict=True):
            with text:  # one pyglet layout for both changes
                text.font_size = max(7.0, size)
                text.width = int(room * share)
            text.position = (x, y)
            x += room * share
        snap_to_pixels([self.title, self.status, self.streak, *self.columns_text])

    def draw_extra(self) -> None:
        """Title, status, streaks and the calendar."""
        self.title.draw()
        if self.status.text:
            self.status.draw()
        self.streak.draw()
        for text in self.columns_text:
            text.draw()

    def texts(self) -> list[Any]:
        """Texts on screen (layout tests)."""
        return [t for t in (self.title, self.status, self.streak, *self.columns_text) if t.text]


def _days(n: int) -> str:
    return count(n, "day")
