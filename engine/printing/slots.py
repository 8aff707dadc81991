"""One slot of a printed page, drawn: a maze with its words (difficulty and instructions above; caption and
legend below), or an answer key (the best way over the maze in light ink, a puzzle maze's waits numbered).

The words come from :mod:`engine.printing.legend`, the drawing from :mod:`engine.printing.draw`; this module
puts them on a reportlab canvas (text needs its fonts: the letters on Start and Finish are drawn here).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from engine.maze.model import Maze
from engine.maze.solvers import solve
from engine.printing.draw import (
    DECK,
    LETTERS,
    PAPER,
    PATH,
    WALL,
    EndMark,
    Frame,
    Ink,
    circle_path,
    end_mark_ops,
    end_marks,
    frame_for,
    hex_rgb,
    maze_ops,
    polygon_ops,
    rgb,
    stair_icon_ops,
)
from engine.printing.layout import Box
from engine.printing.legend import Entry, difficulty_label, instructions, legend_entries, wait_numbers
from engine.printing.sources import Sheet

__all__ = ["MazeLayout", "answer_slot", "lay_out_maze", "maze_slot"]


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` points wide in ``font`` at ``size`` (a word longer
    than a line stands alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and stringWidth(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _caption(canvas: Canvas, x: float, top: float, name: str, code: str, small: bool) -> None:
    """Under a maze drawn down to ``top`` from ``x`` (points): its name and, in small type, its code (so any
    page can be made again or played)."""
    y = top - (11 if small else 13)
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    canvas.setFont("Helvetica-Bold" if not small else "Helvetica", 8 if small else 10)
    canvas.drawString(x, y, name)
    canvas.setFont("Courier", 6.5 if small else 7.5)
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    canvas.drawString(x, y - 9, code or "(no code: its picture is too big for one)")


def _letter(canvas: Canvas, mark: EndMark) -> None:
    """The letter on an end mark ("S" on start, "F" on finish), as large as the mark allows."""
    letter, colour = LETTERS[mark.kind]
    size = mark.size * (0.66 if mark.kind == "start" else 0.58)
    canvas.setFillColorRGB(*colour)
    canvas.setFont("Helvetica-Bold", size)
    canvas.drawCentredString(mark.x, mark.y - size * 0.36, letter)


#: Legend type: size and line height, points; a legend picture's size, points.
LEGEND_PT, LEGEND_LEAD, ICON = 7.5, 10.0, 9.0
#: Instructions type (above each maze), points; the caption's height (name and code) under it.
WORDS_PT, WORDS_LEAD, CAPTION_H = 9.0, 11.5, 26.0
#: Room above each floor of a maze page for its label ("Floor 1"), points; on an answer key.
FLOOR_LABEL, SMALL_FLOOR_LABEL = 13.0, 8.0


@dataclass
class _Row:
    """One legend line: its entries and, for a wide entry, its wrapped text."""

    entries: list[Entry]
    lines: list[str]

    @property
    def height(self) -> float:
        return max(1, len(self.lines)) * LEGEND_LEAD


def _icon_width(entry: Entry) -> float:
    return ICON * max(1, len(entry.groups)) + 2.0 * max(0, len(entry.groups) - 1) if entry.icon == "marks" else ICON


def _legend_rows(entries: list[Entry], width: float) -> list[_Row]:
    """The legend laid out in ``width`` points: the short entries (Start, Finish, stairs, bridge) side by side
    first, in order, then each sentence on its own lines."""
    short: list[_Row] = []
    wide: list[_Row] = []
    line: list[Entry] = []
    used = 0.0
    for e in entries:
        if e.wide:
            text_w = width - _icon_width(e) - 4
            wide.append(_Row([e], _wrap(e.words, "Helvetica", LEGEND_PT, text_w)))
            continue
        w = _icon_width(e) + 3 + stringWidth(e.words, "Helvetica", LEGEND_PT) + 12
        if line and used + w > width:
            short.append(_Row(line, []))
            line, used = [], 0.0
        line.append(e)
        used += w
    if line:
        short.append(_Row(line, []))
    return short + wide


def _icon(canvas: Canvas, entry: Entry, x: float, y: float) -> None:
    """An entry's picture, ``ICON`` points high, its left at ``x``, centred on ``y``."""
    c = x + ICON / 2
    if entry.icon in ("start", "finish"):
        mark = EndMark(entry.icon, c, y, ICON)
        canvas.addLiteral(end_mark_ops(mark))
        _letter(canvas, mark)
    elif entry.icon in ("up", "down"):
        canvas.addLiteral(stair_icon_ops(c, y, ICON * 0.8, entry.icon == "up"))
    elif entry.icon == "bridge":
        canvas.addLiteral(rgb(DECK, "rg") + f"{x:.2f} {y - ICON * 0.22:.2f} {ICON:.2f} {ICON * 0.44:.2f} re f\n"
                          + rgb(WALL, "RG") + f"0.6 w {x:.2f} {y - ICON * 0.22:.2f} m {x + ICON:.2f} "
                          f"{y - ICON * 0.22:.2f} l {x:.2f} {y + ICON * 0.22:.2f} m {x + ICON:.2f} "
                          f"{y + ICON * 0.22:.2f} l S\n")
    for k, group in enumerate(entry.groups):
        pts = np.concatenate([p for p, _, _ in group])
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        span = float(max(hi[0] - lo[0], hi[1] - lo[1], 1e-9))
        s = ICON / span
        left = x + k * (ICON + 2.0)
        centre = (lo + hi) / 2
        for p, fill, outline in group:
            page = (p - centre) * s + [left + ICON / 2, y]
            canvas.addLiteral(polygon_ops(page, None if fill is None else hex_rgb(fill),
                                          None if outline is None else hex_rgb(outline), 0.5))


def _draw_legend(canvas: Canvas, rows: list[_Row], x: float, top: float) -> None:
    """The legend rows from ``top`` down, their left at ``x``."""
    y = top
    for row in rows:
        mid = y - LEGEND_LEAD / 2
        if row.lines:  # a sentence: its picture, then its lines
            entry = row.entries[0]
            _icon(canvas, entry, x, mid)
            canvas.setFillColorRGB(0.1, 0.1, 0.1)
            canvas.setFont("Helvetica", LEGEND_PT)
            for i, text in enumerate(row.lines):
                canvas.drawString(x + _icon_width(entry) + 4, mid - LEGEND_PT * 0.35 - i * LEGEND_LEAD, text)
        else:
            at = x
            for entry in row.entries:
                _icon(canvas, entry, at, mid)
                at += _icon_width(entry) + 3
                canvas.setFillColorRGB(0.1, 0.1, 0.1)
                canvas.setFont("Helvetica", LEGEND_PT)
                canvas.drawString(at, mid - LEGEND_PT * 0.35, entry.words)
                at += stringWidth(entry.words, "Helvetica", LEGEND_PT) + 12
        y -= row.height


def _floor_labels(canvas: Canvas, frame: Frame, size: float) -> None:
    """"Floor 1", "Floor 2", ... above each floor of a maze with floors."""
    if len(frame.fits) < 2:
        return
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    canvas.setFont("Helvetica-Bold", size)
    for k in range(len(frame.fits)):
        b = frame.floor_box(k)
        canvas.drawString(b.x, b.y + b.h + size * 0.45, f"Floor {k + 1}")


def _draw(canvas: Canvas, maze: Maze, frame: Frame, ink: Ink, path: list[int] | None) -> None:
    """The maze where ``frame`` puts it, with the letters on its start and finish."""
    for ops in maze_ops(maze, frame, ink, path, arrows=path is not None and maze.rules is not None):
        canvas.addLiteral(ops)
    for mark in end_marks(maze, frame, ink):
        _letter(canvas, mark)


def _maze_layout(maze: Maze, slot: Box, head_text: str, entries: list[Entry], width: float
                 ) -> tuple[list[str], list[_Row], Frame]:
    """The words wrapped to ``width`` points and where the maze goes in ``slot`` under and over them."""
    head = _wrap(head_text, "Helvetica", WORDS_PT, width * 0.97)
    rows = _legend_rows(entries, width)
    head_h = len(head) * WORDS_LEAD + 4
    foot_h = CAPTION_H + sum(r.height for r in rows) + 2
    box = Box(slot.x, slot.y + foot_h, slot.w, max(slot.h - head_h - foot_h, 10.0))
    label = FLOOR_LABEL if maze.grid.floors > 1 else 0.0
    # at the top of its box, under its words (a worksheet reads from the top; the room left is below)
    return head, rows, frame_for(maze, box, label).raised(box.y + box.h - label)


@dataclass(frozen=True)
class MazeLayout:
    """One maze slot of a maze page, laid out: the ``label`` (difficulty), the ``head`` lines (label and
    instructions), the legend ``rows``, the maze's :class:`Frame`, and the words' left ``x`` and ``width``
    (points)."""

    label: str
    head: list[str]
    rows: list[_Row]
    frame: Frame
    x: float
    width: float


def lay_out_maze(code: str, maze: Maze, slot: Box, name: str = "") -> MazeLayout:
    """Where a maze page puts ``maze`` (of ``code``, captioned ``name``) and its words in ``slot``: the difficulty
    and instructions above, the maze, its caption and legend below; the words as wide as the drawing where they
    fit in it (a narrow maze gets a narrow column). A campaign par is looked for only for a level's sheet
    (captioned "world · name", :func:`engine.printing.sources.level_sheets`)."""
    label = difficulty_label(code, maze, level=" · " in name)
    head_text, entries = f"{label} · {instructions(maze)}", legend_entries(maze)
    width = slot.w
    head, rows, frame = _maze_layout(maze, slot, head_text, entries, width)
    narrow = max(frame.bounds().w, slot.w * 0.5)
    if narrow < width - 1:  # narrower words mean more lines and a smaller drawing: kept if it stays near as wide
        try_head, try_rows, try_frame = _maze_layout(maze, slot, head_text, entries, narrow)
        if try_frame.bounds().w >= 0.85 * narrow:
            width, head, rows, frame = narrow, try_head, try_rows, try_frame
    x = max(slot.x, min(frame.bounds().x, slot.x + slot.w - width))
    return MazeLayout(label, head, rows, frame, x, width)


def maze_slot(canvas: Canvas, sheet: Sheet, maze: Maze, slot: Box, ink: Ink) -> None:
    """One maze on a maze page (:func:`lay_out_maze`)."""
    lay = lay_out_maze(sheet.code, maze, slot, sheet.name)
    frame, x, head, label = lay.frame, lay.x, lay.head, lay.label
    _draw(canvas, maze, frame, ink, None)
    _floor_labels(canvas, frame, 9.5)
    drawn = frame.bounds()
    top = drawn.y + drawn.h + (FLOOR_LABEL if maze.grid.floors > 1 else 0.0)
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    for i, text in enumerate(head):
        y = top + 5 + (len(head) - 1 - i) * WORDS_LEAD
        if i == 0:  # the difficulty in bold, the instructions after it
            canvas.setFont("Helvetica-Bold", WORDS_PT)
            canvas.drawString(x, y, label)
            canvas.setFont("Helvetica", WORDS_PT)
            canvas.drawString(x + stringWidth(label, "Helvetica-Bold", WORDS_PT), y, text[len(label):])
        else:
            canvas.drawString(x, y, text)
    _caption(canvas, x, drawn.y, sheet.name, sheet.code, False)
    _draw_legend(canvas, lay.rows, x, drawn.y - CAPTION_H)


def answer_slot(canvas: Canvas, sheet: Sheet, maze: Maze, slot: Box, ink: Ink) -> None:
    """One answer key: the maze in light ink with the best way over it, waits numbered, and its caption."""
    frame = frame_for(maze, slot, SMALL_FLOOR_LABEL if maze.grid.floors > 1 else 0.0)
    _draw(canvas, maze, frame, ink, _answer(maze))
    _floor_labels(canvas, frame, 6.5)
    waits = wait_numbers(maze)
    ends = {int(c): m for c, m in zip((maze.start, maze.goal), end_marks(maze, frame, ink), strict=True)}
    for cell, numbers in waits:
        _wait_badge(canvas, frame, maze, cell, numbers, ends.get(cell))
    drawn = frame.bounds()
    note = " · numbers: where to wait, in order" if waits else ""
    _caption(canvas, drawn.x, drawn.y, f"{sheet.name} · answer{note}", sheet.code, True)


def _wait_badge(canvas: Canvas, frame: Frame, maze: Maze, cell: int, numbers: list[int], mark: EndMark | None) -> None:
    """A small white disc with the numbers of the waits at ``cell`` ("1", "2,3"), up and right of its centre
    (beside the start or finish ``mark`` on that cell, not over its letter)."""
    x, y = frame.xy(maze.grid.centers[cell]).tolist()
    text = ",".join(str(n) for n in numbers)
    size = max(6.5, min(frame.scale * 0.32, 10.0))
    r = max(size * 0.72, stringWidth(text, "Helvetica-Bold", size) / 2 + size * 0.3)
    shift = max(frame.scale * 0.28, (mark.size / 2 + r * 0.5) / 1.414 if mark is not None else 0.0)
    x, y = x + shift, y + shift
    canvas.addLiteral(f"q {rgb(PAPER, 'rg')}{rgb(PATH, 'RG')}0.8 w\n{circle_path(x, y, r)}B Q\n")
    canvas.setFillColorRGB(*PATH)
    canvas.setFont("Helvetica-Bold", size)
    canvas.drawCentredString(x, y - size * 0.36, text)


def _answer(maze: Maze) -> list[int]:
    """The cells an answer key draws: the shortest path, or a puzzle maze's proven best moves (its waits stay
    on their cell: the path pauses there, and :func:`engine.printing.legend.wait_numbers` numbers them)."""
    if maze.rules is None:
        return [int(c) for c in solve(maze).path]
    from engine.maze.rules.solver import best_way

    return best_way(maze)
