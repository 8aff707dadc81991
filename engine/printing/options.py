"""The choices of ``tessera print`` (paper, mazes per page, answers, difficulty): plain data, cheap to import
(the command line's parser lists them on every start).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DIFFICULTIES", "DIFFICULTY_BY_MOVES", "LINE_MM", "MARKER_MM", "PAGES", "PER_PAGE", "SOLUTIONS",
           "Difficulty"]

#: Paper sizes in points (portrait).
PAGES: dict[str, tuple[float, float]] = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
#: How many mazes a page may hold.
PER_PAGE = (1, 2, 4)
#: Where answer keys go: all at the end, after each page of mazes, or nowhere.
SOLUTIONS = ("end", "after", "none")


@dataclass(frozen=True)
class Difficulty:
    """A preset for ``--difficulty``: a size and a way of carving.

    The three presets differ where a solver on paper feels it (measured over 40 seeds of each on a square
    grid): *easy* is small and carved by the backtracker (long winding corridors, about 12 % dead ends, a
    way of about 43 moves); *medium* is twice the size with the growing tree (about 16 % dead ends, about
    83 moves); *hard* is bigger still and carved by Prim's algorithm (about 30 % dead ends: short branches
    everywhere that hide the way; about 105 moves). ``tests/test_print.py`` checks the order holds.
    """

    width: int
    height: int
    algorithm: str


DIFFICULTIES: dict[str, Difficulty] = {
    "easy": Difficulty(10, 12, "backtracker"),
    "medium": Difficulty(20, 24, "growing-tree"),
    "hard": Difficulty(30, 36, "prim"),
}

#: A maze that matches no preset is labelled by its shortest way: at most this many moves for each word (a
#: longer way is "hard"). The bounds sit between the presets' typical ways (about 43, 83 and 105 moves).
DIFFICULTY_BY_MOVES: tuple[tuple[str, int], ...] = (("easy", 60), ("medium", 95), ("hard", 10**9))
#: ``--line-weight``: the walls' width, millimetres (range accepted).
LINE_MM = (0.1, 2.0)
#: ``--marker-size``: the start and finish marks' size, millimetres (range accepted; 5 mm is the least
#: that reads on any print).
MARKER_MM = (5.0, 30.0)
