"""The Lab screen's texts: what they say and where they go (no view, no input).

:class:`LabTexts` holds the title and status lines of the top bar, the
statistics panel, the message lines over the panel's buttons (three; a path is wrapped onto up to
:data:`MESSAGE_ROWS` so it shows whole), the key
help and the progress line of a big maze built in the background;
:func:`status_line` is the top bar's second line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade

from engine.modes.lab import LabRun
from game.render.theme import Theme
from game.ui import fit_text
from game.ui.textfit import break_path, measure, set_text, text_width
from game.workers import Task, spinner

#: The top bar's and the footer's heights at scale 1 (1280×800, 100 % text), pixels: times the screen's scale.
HUD_HEIGHT = 56
FOOTER_HEIGHT = 26
HELP = (
    "Space play/pause · N step · +/- speed · R restart · G new seed · O solver · S solve · C compare · "
    "X export · P print · K copy code · wheel/drag · Esc back"
)
#: The key help of a maze with floors (the floor keys first).
HELP_FLOORS = "E/Q floor up/down · " + HELP
#: What a narrow window shows instead of a cut line (F1 has every key).
SHORT_HELP = "Space play/pause · N step · S solve · X export · P print · F1 all keys · Esc back"
NO_STATS = "Statistics appear when the maze is finished."
#: The most message lines over the buttons (three, and more while a path needs them to show whole).
MESSAGE_ROWS = 6
ROW = 20  # pixels per message line at scale 1


def panel_width(width: int, scale: float = 1.0) -> int:
    """The right panel's width for a window ``width`` pixels wide at the screen's ``scale`` (window and text
    size, :attr:`game.bases.screen.BaseView.scale`): 300 px times the scale, at least 240 and at most 30 % of the
    window (1280×800: 300, 3840×2160: 750)."""
    return int(max(240, min(300 * scale, 0.3 * width)))


def status_line(run: LabRun | None, playing: bool, built: bool, code: str, floor: str = "") -> str:
    """The top bar's second line: the floor indicator (``floor``, e.g. ``"floor 2/3"``; empty without floors), the
    run's phase, steps, speed, play/pause and solver (``built``: a big maze's picture is ready)."""
    if floor:
        return f"{floor} · " + status_line(run, playing, built, code)
    if run is None:
        return f"{'finished' if built else 'building'} · {code}"
    play = "playing" if playing else "paused"
    queued = " · solve queued" if run.solve_queued else ""
    return (
        f"{run.phase.value} · {run.steps_done:,} steps · {run.rate:,} steps/s · {play} · "
        f"solver {run.solver}{queued} · {code}"
    )


class LabTexts:
    """The Lab's texts, made by ``make_text`` (the view's themed ``arcade.Text`` factory)."""

    def __init__(self, make_text: Callable[..., arcade.Text], theme: Theme) -> None:
        self.scale = 1.0  # the screen's scale of the last layout (window and text size)
        self.t_title = make_text("", 15, bold=True, anchor_y="center")
        self.t_status = make_text("", 12, theme.text_dim, anchor_y="center")
        self.t_panel = make_text(NO_STATS, 11, multiline=True, width=260, anchor_y="top")
        self.t_message = [make_text("", 11, theme.accent, anchor_y="top") for _ in range(MESSAGE_ROWS)]
        self.t_help = make_text("", 11, theme.text_dim)
        self.t_progress = make_text("", 16, anchor_x="center")
        self._message: list[tuple[str, bool]] = []
        self.lay_size = (0, 0)  # the window size of the last layout
        self._laid: tuple[float, bool] = (0.0, False)  # the last layout's buttons_top and floors
        self.rows = 3  # message lines the layout keeps room for

    def say(self, *lines: str, middle: bool = False) -> None:
        """Up to three message lines, each fitted; with ``middle`` (paths) a line too long is wrapped at its
        separators onto further lines (:data:`MESSAGE_ROWS` in all) so the whole path shows."""
        self._message = [(line, middle) for line in lines[:3]]
        if self.lay_size[0] and max(3, len(self._rows())) != self.rows:
            self.layout(*self.lay_size, *self._laid)  # the statistics make room (as far as they can)
        self._fit_message()

    def _rows(self, limit: int = MESSAGE_ROWS) -> list[tuple[str, bool]]:
        """The message as shown, line by line, in at most ``limit`` lines: ``(text, cut in the middle)``."""
        if not self.lay_size[0]:
            return list(self._message)
        pw = panel_width(self.lay_size[0], self.scale) - 24
        size = self.t_message[0].font_size
        font = (self.t_message[0].font_name, self.t_message[0].bold, self.t_message[0].italic)
        out: list[tuple[str, bool]] = []
        for i, (line, middle) in enumerate(self._message):
            left = limit - len(out) - (len(self._message) - i - 1)
            if middle and left > 1:
                out += [(part, True) for part in break_path(line, lambda t: text_width(t, size, *font) <= pw, left)]
            else:
                out.append((line, middle))
        return out

    def message_text(self) -> str:
        """The message lines as shown."""
        return "\n".join(t.text for t in self.t_message if t.text)

    def _fit_message(self) -> None:
        if not self.lay_size[0]:
            return
        pw = panel_width(self.lay_size[0], self.scale) - 24
        rows = self._rows(self.rows)
        for i, text in enumerate(self.t_message):
            line, middle = rows[i] if i < len(rows) else ("", False)
            fit_text(text, line, 11 * self.scale, pw, None, middle=middle)

    def layout(self, width: int, height: int, buttons_top: float, floors: bool = False, scale: float | None = None
               ) -> None:
        """Place the texts for a ``width`` × ``height`` window whose panel buttons end ``buttons_top`` px up
        (``floors``: the key help names the floor keys too) at the screen's ``scale`` (None: the last one)."""
        if scale is not None:
            self.scale = scale
        k = self.scale
        self.lay_size = (width, height)
        self._laid = (buttons_top, floors)
        wanted = max(3, len(self._rows()))
        pw = panel_width(width, k)
        y = height - HUD_HEIGHT * k / 2
        self.t_title.position = (16 * k, y + 11 * k)
        self.t_status.position = (16 * k, y - 12 * k)
        self.t_panel.position = (width - pw + 12 * k, height - HUD_HEIGHT * k - 10 * k)
        row = ROW * k
        # Statistics shrink until they end above the message lines over the buttons (three, more while a path
        # needs them and the statistics still fit): the sizes are tried by measuring, and the text is laid out
        # once, at the one that fits (none when nothing changed).
        for rows in range(wanted, 2, -1):
            room = height - (HUD_HEIGHT + 20) * k - buttons_top - rows * row
            size = 11 * k
            wide = int(pw - 24 * k)
            while measure(self.t_panel, self.t_panel.text, size, wide)[1] > room and size > 6:
                size -= 1
            if measure(self.t_panel, self.t_panel.text, size, wide)[1] <= room:
                break
        self.rows = rows
        set_text(self.t_panel, size=size, width=wide)
        for i, text in enumerate(self.t_message):
            text.position = (width - pw + 12 * k, buttons_top + self.rows * row + 4 * k - i * row)
        self._fit_message()
        full = HELP_FLOORS if floors else HELP
        room = width - pw - 24 * k
        fit_text(self.t_help, full, 11 * k, room, 8 * k, step=1)
        if self.t_help.text != full:  # cut at 800×600: the short line, whole (F1 lists the rest)
            fit_text(self.t_help, ("E/Q floors · " if floors else "") + SHORT_HELP, 11 * k, room, 8, step=1)
        self.t_help.position = (12 * k, 8 * k)
        self.t_progress.position = ((width - pw) / 2, height / 2 + 30 * k)

    def draw(self, title: str, status: str, task: Task[Any] | None, theme: Theme) -> None:
        """The top bar lines, the panel texts, and the progress bar of ``task`` (a big maze being built)."""
        w, h = self.lay_size
        k = self.scale
        pw = panel_width(w, k)
        fit_text(self.t_title, title, 15 * k, w - 32 * k, 10 * max(1.0, k), step=1)
        fit_text(self.t_status, status, 12 * k, w - 32 * k, 9 * max(1.0, k), step=1)
        if task is not None:
            frac, msg = task.progress()
            line = f"{spinner(task.elapsed)} {msg} · {task.elapsed:.0f} s"
            fit_text(self.t_progress, line, 16 * k, w - pw - 40 * k, 10, step=1)
            cx, cy = (w - pw) / 2, h / 2
            half, bar = min(200 * k, (w - pw) / 2 - 20 * k), 12 * k
            arcade.draw_lrbt_rectangle_outline(cx - half, cx + half, cy - bar, cy + bar, theme.text, max(2, 2 * k))
            arcade.draw_lrbt_rectangle_filled(
                cx - half + 2 * k, cx - half + 2 * k + (2 * half - 4 * k) * frac, cy - bar + 2 * k, cy + bar - 2 * k,
                theme.accent,
            )
            self.t_progress.draw()
        for text in self.texts():
            text.draw()

    def texts(self) -> list[arcade.Text]:
        """The texts on screen now."""
        shown = [self.t_title, self.t_status, self.t_panel, self.t_help]
        return shown + [t for t in self.t_message if t.text]
