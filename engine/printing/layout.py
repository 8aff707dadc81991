"""Where things go on a printed page: paper sizes, the slots mazes fill, and fitting a maze into a slot.

Pure geometry in PDF points (1/72 inch), origin at the page's bottom left, y up (as PDF draws).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.printing.options import PAGES

__all__ = ["ANSWERS_PER_PAGE", "MARGIN", "MM", "NAME_LINES", "Box", "Fit", "answer_slots", "fit", "floor_fits",
           "maze_slots", "page_size"]

#: Points per millimetre.
MM = 72.0 / 25.4
#: Room under the header for the name / date / class lines, points.
NAME_LINES = 24.0
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


def _grid(page: tuple[float, float], cols: int, rows: int, caption: float, below_header: float = 0.0) -> list[Box]:
    """``cols x rows`` equal boxes filling the page inside its margins, header (and ``below_header`` points
    under it) and footer, row by row from the top; each box leaves ``caption`` points below it for its caption."""
    pw, ph = page
    left, top = MARGIN, ph - MARGIN - HEADER - below_header
    width = pw - 2 * MARGIN
    height = ph - 2 * MARGIN - HEADER - FOOTER - below_header
    cw = (width - GAP * (cols - 1)) / cols
    rh = (height - GAP * (rows - 1)) / rows
    boxes = []
    for r in range(rows):
        for c in range(cols):
            x = left + c * (cw + GAP)
            y_top = top - r * (rh + GAP)
            boxes.append(Box(x, y_top - rh + caption, cw, rh - caption))
    return boxes


def maze_slots(page: tuple[float, float], per_page: int, below_header: float = 0.0) -> list[Box]:
    """The boxes the mazes of one page fill, in reading order: 1 (the whole page), 2 (one above the other)
    or 4 (two by two). Each box holds its maze and the words around it (instructions above, caption and
    legend below: the workbook shares the box out); ``below_header`` points are left under the header (the
    name lines).

    Raises:
        ValueError: ``per_page`` not 1, 2 or 4.
    """
    layouts = {1: (1, 1), 2: (1, 2), 4: (2, 2)}
    if per_page not in layouts:
        raise ValueError(f"--per-page must be 1, 2 or 4, not {per_page}")
    cols, rows = layouts[per_page]
    return _grid(page, cols, rows, 0.0, below_header)


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


def floor_fits(box: Box, width: float, height: float, floors: int, label: float) -> list[Fit]:
    """Place ``floors`` drawings of ``width x height`` units each (a maze's floors) in ``box`` as a grid of
    ``cols x rows`` (the one of 1 x floors .. floors x 1 giving the largest scale: four square floors on an A4
    page are 2 x 2), floor 1 top left, then in reading order, ``label`` points above each for its label.

    Returns:
        One :class:`Fit` per floor (the same scale for all), the whole grid centred in ``box``.

    Raises:
        ValueError: no floors or a drawing without area.
    """
    if floors < 1 or width <= 0 or height <= 0:
        raise ValueError("floors to fit need a count and a positive width and height")
    gap = GAP / 2

    def scale_of(cols: int) -> float:
        rows = -(-floors // cols)
        return min((box.w - gap * (cols - 1)) / (cols * width),
                   (box.h - (label + gap) * rows + gap) / (rows * height))

    cols = max(range(1, floors + 1), key=lambda c: (round(scale_of(c), 6), -c))
    rows = -(-floors // cols)
    scale = max(scale_of(cols), 1e-6)
    cw, ch = width * scale, height * scale + label
    grid_w, grid_h = cols * cw + gap * (cols - 1), rows * ch + gap * (rows - 1)
    x0, top = box.x + (box.w - grid_w) / 2, box.y + (box.h + grid_h) / 2
    out = []
    for k in range(floors):
        r, c = divmod(k, cols)
        out.append(Fit(scale, x0 + c * (cw + gap), top - r * (ch + gap) - ch))
    return out
