"""Hand-placed elements in a level code: the ``R`` field (:mod:`engine.maze.level_format`).

``R`` then sections separated by ``_``, in this order and only when not empty: ``O`` one-way passages
(``edge * 2 + 1`` when walked from the edge's higher cell to its lower, else ``edge * 2``), ``D`` doors
(``edge * 4 + colour``), ``K`` keys (``cell * 4 + colour``), ``P`` the hunter (its cell), ``S`` switches
(cells), ``G`` gates (``edge * 2 + 1`` when open at the start).  Each section's numbers are ascending and
written in base 36 with the same number of characters each, the fewest that hold the largest value the grid
allows (so the section's length says how many there are): one canonical spelling, checked against the
cell and edge counts before anything is built.  For example ``RO0G_K0K`` on a small grid: one one-way
passage (edge 0 walked from its lower cell) and a red key on cell 5.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from engine.code_frame import CodeError, decode_int, encode_int
from engine.maze.rules import COLOURS, Rules

#: The field's first letter.
LETTER: Final = "R"
#: Section letters in their order, with what each number counts (``edge`` or ``cell``) and its multiplier.
SECTIONS: Final = (("O", "edge", 2), ("D", "edge", 4), ("K", "cell", 4), ("P", "cell", 1), ("S", "cell", 1),
                   ("G", "edge", 2))


def _width(limit: int) -> int:
    """Characters of the largest value below ``limit``."""
    return len(encode_int(max(limit - 1, 0)))


def encode_rules(rules: Rules, edges: np.ndarray, cells: int) -> str:
    """The ``R`` field of ``rules`` on a grid with ``edges`` ``(E, 2)`` (a < b) and ``cells`` cells."""
    lookup = {(int(a), int(b)): e for e, (a, b) in enumerate(edges.tolist())}

    def eid(a: int, b: int) -> int:
        return lookup[(min(a, b), max(a, b))]

    values: dict[str, list[int]] = {
        "O": [eid(a, b) * 2 + int(a > b) for a, b in rules.oneway],
        "D": [eid(a, b) * 4 + c for a, b, c in rules.doors],
        "K": [cell * 4 + c for cell, c in rules.keys],
        "P": [] if rules.pursuer is None else [rules.pursuer],
        "S": list(rules.switches),
        "G": [eid(a, b) * 2 + int(o) for a, b, o in rules.gates],
    }
    parts = []
    for letter, unit, mult in SECTIONS:
        limit = (len(edges) if unit == "edge" else cells) * mult
        w = _width(limit)
        nums = sorted(values[letter])
        if nums:
            parts.append(letter + "".join(encode_int(v).rjust(w, "0") for v in nums))
    return LETTER + "_".join(parts)


def decode_rules(part: str, edges: int, cells: int) -> dict[str, list[int]]:
    """The raw numbers of an ``R`` field, range checked against the counts (nothing is built).

    Raises:
        CodeError: one sentence naming what is wrong.
    """
    body = part[1:]
    if not body:
        raise CodeError("The rules field 'R' of the level code is empty.")
    out: dict[str, list[int]] = {}
    order = [s[0] for s in SECTIONS]
    last = -1
    for section in body.split("_"):
        letter = section[:1]
        if letter not in order:
            raise CodeError(f"The rules part '{section[:12]}' of the level code is not understood.")
        where = order.index(letter)
        if where <= last:
            raise CodeError("The rules of the level code are repeated or out of order (O, D, K, P, S, G).")
        last = where
        _, unit, mult = SECTIONS[where]
        limit = (edges if unit == "edge" else cells) * mult
        w = _width(limit)
        digits = section[1:]
        if not digits or len(digits) % w:
            raise CodeError(f"The rules part '{section[:12]}' of the level code has a wrong length.")
        nums = [decode_int(digits[i:i + w], what="rules number", max_value=limit - 1) for i in range(0, len(digits), w)]
        if nums != sorted(set(nums)):
            raise CodeError(f"The rules part '{section[:12]}' of the level code is not in ascending order.")
        if letter == "P" and len(nums) != 1:
            raise CodeError("The level code names more than one hunter.")
        if any(digits[i:i + w] != encode_int(v).rjust(w, "0") for i, v in zip(range(0, len(digits), w), nums,
                                                                              strict=True)):
            raise CodeError(f"The rules part '{section[:12]}' of the level code is not in its usual spelling.")
        out[letter] = nums
    return out


def rules_of(raw: dict[str, list[int]], edges: np.ndarray) -> Rules:
    """The :class:`Rules` of :func:`decode_rules`' numbers on a grid's ``edges`` ``(E, 2)``."""

    def pair(e: int, flip: bool) -> tuple[int, int]:
        a, b = int(edges[e, 0]), int(edges[e, 1])
        return (b, a) if flip else (a, b)

    hunter = raw.get("P", [])
    return Rules(
        oneway=tuple(pair(v // 2, bool(v % 2)) for v in raw.get("O", [])),
        doors=tuple((*pair(v // 4, False), v % 4) for v in raw.get("D", [])),
        keys=tuple((v // 4, v % 4) for v in raw.get("K", [])),
        pursuer=hunter[0] if hunter else None,
        switches=tuple(raw.get("S", [])),
        gates=tuple((*pair(v // 2, False), bool(v % 2)) for v in raw.get("G", [])),
    )


__all__ = ["COLOURS", "LETTER", "decode_rules", "encode_rules", "rules_of"]
