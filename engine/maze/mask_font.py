"""A small built-in bitmap font for text masks (our own 5×7 glyphs, no system font).

:func:`render_text` turns a line of text into a boolean bitmap (row 0 at the
top) whose dark pixels are joined into one 4-connected shape: the glyphs stand
one column apart on a bar one pixel high that runs under the whole line, and
every diagonal step inside a glyph is filled out to an orthogonal one.  A
maze grid that samples the bitmap finely enough (about two cells per font pixel
or more) therefore gets one connected region.

Characters: ``A-Z``, ``0-9``, space and ``-`` (:data:`TEXT_CHARS`).
"""

from __future__ import annotations

import numpy as np

GLYPH_W = 5
GLYPH_H = 7
#: Every character a text mask may contain.
TEXT_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -"
#: At most this many characters in one text mask.
MAX_TEXT = 12

# Each glyph: 7 rows of 5 pixels, top row first, '#' = ink.
_GLYPHS: dict[str, str] = {
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "####. #...# #...# #...# #...# #...# ####.",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# ##..# #.#.# #..## #...# #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "####. ....# ....# .###. ....# ....# ####.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": ".###. #.... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. ..#.. ..#.. ..#..",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ....# .###.",
    " ": "..... ..... ..... ..... ..... ..... .....",
    "-": "..... ..... ..... .###. ..#.. ..#.. ..#..",
}


def glyph(ch: str) -> np.ndarray:
    """The ``(7, 5)`` bool bitmap of one character (top row first).

    Raises:
        ValueError: a character outside :data:`TEXT_CHARS`.
    """
    rows = _GLYPHS.get(ch)
    if rows is None:
        raise ValueError(f"the character {ch!r} is not in the mask font (allowed: A-Z, 0-9, space and -)")
    return np.array([[p == "#" for p in row] for row in rows.split()], dtype=bool)


def clean_text(text: str) -> str:
    """``text`` upper-cased, runs of white space made one space, ends stripped.

    Raises:
        ValueError: empty, longer than :data:`MAX_TEXT` characters, or a character
            the font does not have (the message names it and the allowed ones).
    """
    t = " ".join(str(text).upper().split())
    if not t:
        raise ValueError("the mask text is empty")
    if len(t) > MAX_TEXT:
        raise ValueError(f"the mask text {t[:20]!r} is longer than {MAX_TEXT} characters")
    bad = sorted({c for c in t if c not in _GLYPHS})
    if bad:
        raise ValueError(f"the mask text has characters the font lacks: {''.join(bad)!r} "
                         "(allowed: A-Z, 0-9, space and -)")
    return t


def render_text(text: str) -> np.ndarray:
    """The bitmap of ``text`` as ``(8, 6 * len - 1)`` bool, row 0 at the top, one connected shape.

    Raises:
        ValueError: as :func:`clean_text`.
    """
    t = clean_text(text)
    w = (GLYPH_W + 1) * len(t) - 1
    bits = np.zeros((GLYPH_H + 1, w), dtype=bool)
    for i, ch in enumerate(t):
        bits[:GLYPH_H, i * (GLYPH_W + 1) : i * (GLYPH_W + 1) + GLYPH_W] = glyph(ch)
    bits[GLYPH_H, :] = True  # the bar that joins the letters
    return join_diagonals(bits)


def join_diagonals(bits: np.ndarray) -> np.ndarray:
    """``bits`` with every pixel pair that touches only at a corner joined by one more pixel.

    In each 2×2 block holding exactly a diagonal pair, the lower of the two empty
    pixels is filled (so strokes stay 4-connected, which is how square cells join).
    """
    out = bits.copy()
    a, b = out[:-1, :-1], out[:-1, 1:]
    c, d = out[1:, :-1], out[1:, 1:]
    main = a & d & ~b & ~c  # top-left and bottom-right
    anti = b & c & ~a & ~d  # top-right and bottom-left
    out[1:, :-1] |= main  # fill bottom-left
    out[1:, 1:] |= anti  # fill bottom-right
    return out
