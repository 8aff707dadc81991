"""A maze workbook as a vector PDF (reportlab): maze pages, then or between them pages of answer keys.

The page plan is made first (so every page can say "page 3 of 12" and the total can be refused before
any work); then pages are drawn one at a time, each maze built when its page is drawn.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO, Literal

from reportlab import rl_config
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from engine.printing.draw import Ink
from engine.printing.layout import (
    ANSWERS_PER_PAGE,
    FOOTER,
    HEADER,
    MARGIN,
    NAME_LINES,
    answer_slots,
    maze_slots,
    page_size,
)
from engine.printing.legend import default_title
from engine.printing.options import SOLUTIONS
from engine.printing.slots import answer_slot, maze_slot
from engine.printing.sources import Sheet

# Page streams are Flate-compressed binary: reportlab's ASCII85 armour (for 7-bit mail, long obsolete) is done in
# pure Python here and cost 60 % of a workbook's time.
rl_config.useA85 = 0

__all__ = ["MAX_PAGES", "Page", "plan_pages", "print_to_file", "write_workbook"]

#: The most pages one workbook may have.
MAX_PAGES = 5000
Solutions = Literal["end", "after", "none"]


@dataclass(frozen=True)
class Page:
    """One page of the plan: ``kind`` "mazes" or "answers", and the sheets (indexes) it shows in order."""

    kind: Literal["mazes", "answers"]
    sheets: tuple[int, ...]


def _chunks(indexes: Sequence[int], size: int) -> list[tuple[int, ...]]:
    return [tuple(indexes[i : i + size]) for i in range(0, len(indexes), size)]


def plan_pages(count: int, per_page: int, solutions: str) -> list[Page]:
    """The pages of a workbook of ``count`` mazes, ``per_page`` to a page, answers ``solutions``.

    Raises:
        ValueError: no mazes, an unknown ``solutions``, or more than :data:`MAX_PAGES` pages.
    """
    if count < 1:
        raise ValueError("nothing to print: give --count N or some codes")
    if solutions not in SOLUTIONS:
        raise ValueError(f"--solutions must be one of {', '.join(SOLUTIONS)}, not {solutions!r}")
    maze_slots((1, 1), per_page)  # checks per_page
    pages: list[Page] = []
    for chunk in _chunks(range(count), per_page):
        pages.append(Page("mazes", chunk))
        if solutions == "after":
            pages.append(Page("answers", chunk))
    if solutions == "end":
        pages += [Page("answers", chunk) for chunk in _chunks(range(count), ANSWERS_PER_PAGE)]
    if len(pages) > MAX_PAGES:
        raise ValueError(f"that workbook would have {len(pages):,} pages; at most {MAX_PAGES:,} can be printed "
                         "at once")
    return pages


def write_workbook(sheets: Sequence[Sheet], out: BinaryIO, *, page: str = "a4", per_page: int = 1,
                   solutions: str = "end", title: str = "", name_lines: bool = True,
                   line_weight: float | None = None, marker_size: float | None = None,
                   progress: Callable[[int, int], None] | None = None) -> int:
    """Draw the workbook of ``sheets`` into ``out`` as a PDF; returns the number of pages.

    Args:
        sheets: the mazes in order (each built when its page is drawn).
        page: ``a4`` or ``letter``; per_page: 1, 2 or 4 mazes to a page.
        solutions: ``end`` (answer keys after all mazes, six to a page), ``after`` (after each page of
            mazes) or ``none``.
        title: printed at the top of every page (and the PDF's title); ``""``: the world's name when every
            sheet is a level of one world (:func:`engine.printing.legend.default_title`), else none.
        name_lines: Name / Class / Date lines under the header of every maze page.
        line_weight: the walls' width, millimetres (None: a tenth of a cell); marker_size: the start and
            finish marks', millimetres (None: 70 % of a cell, at least 5 mm).
        progress: called with (pages drawn, pages in all) after each page.

    Raises:
        ValueError: a bad option, too many pages, or a maze that cannot be made (one line).
    """
    size = page_size(page)
    plan = plan_pages(len(sheets), per_page, solutions)
    title = title or default_title([s.name for s in sheets])
    canvas = Canvas(out, pagesize=size, pageCompression=1, invariant=1)
    canvas.setTitle(title or "Mazes")
    canvas.setAuthor("Tessera")
    canvas.setCreator("tessera print")
    mazes_slots = maze_slots(size, per_page, NAME_LINES if name_lines else 0.0)
    answers_slots = answer_slots(size)
    for number, pg in enumerate(plan, 1):
        answers = pg.kind == "answers"
        ink = Ink(answer=answers, line_mm=line_weight, marker_mm=marker_size)
        for index, box in zip(pg.sheets, answers_slots if answers else mazes_slots, strict=False):
            sheet = sheets[index]
            maze = sheet.build()  # made again for its answer, not kept: memory stays one maze whatever the length
            (answer_slot if answers else maze_slot)(canvas, sheet, maze, box, ink)
        _page_frame(canvas, size, title, "Answers" if answers else "", number, len(plan))
        if name_lines and not answers:
            _name_lines(canvas, size)
        canvas.showPage()
        if progress is not None:
            progress(number, len(plan))
    canvas.save()
    return len(plan)


def _name_lines(canvas: Canvas, size: tuple[float, float]) -> None:
    """Name, Class and Date, each with a line to write on, under the header."""
    width, height = size
    y = height - MARGIN - HEADER - NAME_LINES / 2 - 2
    fields = (("Name", 0.5), ("Class", 0.22), ("Date", 0.28))
    x = MARGIN
    room = width - 2 * MARGIN
    canvas.setFont("Helvetica", 10)
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    canvas.setStrokeColorRGB(0.3, 0.3, 0.3)
    canvas.setLineWidth(0.6)
    for name, share in fields:
        canvas.drawString(x, y, name)
        start = x + stringWidth(name, "Helvetica", 10) + 4
        end = x + room * share - 12
        canvas.line(start, y - 2, end, y - 2)
        x += room * share


def _page_frame(canvas: Canvas, size: tuple[float, float], title: str, kind: str, number: int, total: int) -> None:
    """The header (title, and "Answers" on answer pages) and the footer (page number)."""
    width, height = size
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    canvas.setFont("Helvetica-Bold", 12)
    canvas.drawString(MARGIN, height - MARGIN - 10, title)
    if kind:
        canvas.drawRightString(width - MARGIN, height - MARGIN - 10, kind)
    canvas.setFont("Helvetica", 8)
    canvas.drawCentredString(width / 2, MARGIN - FOOTER / 2, f"page {number} of {total}")


def print_to_file(sheets: Sequence[Sheet], path: str | os.PathLike[str], **options: Any) -> int:
    """Write the workbook of ``sheets`` to ``path`` through the one writer (:mod:`engine.output`): the page plan
    and the path are checked before any maze is made, and a failure leaves no partial file. ``options`` are
    :func:`write_workbook`'s; returns the number of pages.

    Raises:
        ValueError: a bad option, too many pages, a path that cannot be written (one line naming it), or a
            maze that cannot be made.
    """
    from engine.output import check_output_path, open_output_bytes

    plan_pages(len(sheets), options.get("per_page", 1), options.get("solutions", "end"))
    check_output_path(path)
    with open_output_bytes(path) as out:
        return write_workbook(sheets, out, **options)
