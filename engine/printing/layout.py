"""Where things go on a printed page: paper sizes, the slots mazes fill, and fitting a maze into a slot.

Pure geometry in PDF points (1/72 inch), origin at the page's bottom left, y up (as PDF draws).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.printing.options import PAGES

__all__ = ["ANSWERS_PER_PAGE", "MARGIN", "Box", "Fit", "answer_slots", "fit", "maze_slots",
           "page_size"]

#: Answer keys per page (a 2 x 3 grid of smaller copies).
ANSWERS_PER_PAGE = 6
#: The page margin, points (about 15 mm).
MARGIN = 42.0
#: Room for the header line (title) and the footer line (page number), points.
HEADER, FOOTER = 22.0, 20.0
#: Room under each maze for its caption (name and code), points.
CAPTION = 26.0
#: Gap between slots, points.
GAP = 18.0


@dataclass(frozen=True)
class Box:
    """A rectangle on the page, points: left ``x``, bottom ``y``, width ``w``, height ``h``."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Fit:
    """How a drawing of ``width x height`` units sits in a box: points per unit ``scale`` and the
    ``(x, y)`` of the drawing's bottom-left corner on the page (the drawing centred in the box)."""

    scale: float
    x: float
    y: float


def page_size(name: str) -> tuple[float, float]:
    """``(width, height)`` in points of paper ``name`` (``a4`` or ``letter``, any case).

    Raises:
        ValueError: an unknown paper size (the message lists the known ones).
    """
    try:
        return PAGES[name.lower()]
    except KeyError:
        raise ValueError(f"unknown page size {name!r}; use {' or '.join(PAGES)}") from None


def _grid(page: tuple[float, float], cols: int, rows: int, caption: float) -> list[Box]:
    """``cols x rows`` equal boxes filling the page inside its margins, header and footer, row by row from
    the top; each box leaves ``caption`` points below it for its caption."""
    pw, ph = page
    left, top = MARGIN, ph - MARGIN - HEADER
    width = pw - 2 * MARGIN
    height = ph - 2 * MARGIN - HEADER - FOOTER
    cw = (width - GAP * (cols - 1)) / cols
    rh = (height - GAP * (rows - 1)) / rows
    boxes = []
    for r in range(rows):
        for c in range(cols):
            x = left + c * (cw + GAP)
            y_top = top - r * (rh + GAP)
            boxes.append(Box(x, y_top - rh + caption, cw, rh - caption))
    return boxes


def maze_slots(page: tuple[float, float], per_page: int) -> list[Box]:
    """The boxes the mazes of one page fill, in reading order: 1 (the whole page), 2 (one above the other)
    or 4 (two by two).

    Raises:
        ValueError: ``per_page`` not 1, 2 or 4.
    """
    layouts = {1: (1, 1), 2: (1, 2), 4: (2, 2)}
    if per_page not in layouts:
        raise ValueError(f"--per-page must be 1, 2 or 4, not {per_page}")
    cols, rows = layouts[per_page]
    return _grid(page, cols, rows, CAPTION)


def answer_slots(page: tuple[float, float]) -> list[Box]:
    """The boxes of one page of answer keys (:data:`ANSWERS_PER_PAGE`, two columns, reading order)."""
    return _grid(page, 2, ANSWERS_PER_PAGE // 2, CAPTION)


def fit(box: Box, width: float, height: float) -> Fit:
    """Scale a ``width x height`` drawing (any units, both > 0) to the largest size that fits ``box``,
    centred.

    Raises:
        ValueError: a drawing without area.
    """
    if width <= 0 or height <= 0:
        raise ValueError("a drawing to fit needs a positive width and height")
    scale = min(box.w / width, box.h / height)
    return Fit(scale, box.x + (box.w - width * scale) / 2, box.y + (box.h - height * scale) / 2)
