"""Words every screen and command shares: counts with their plurals (``1 move``, ``3 moves``).

One helper for every plural of the game and the command line, so no line ever reads ``(1 moves)``.
"""

from __future__ import annotations

__all__ = ["count"]


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 move"``, ``"3 moves"``: ``n`` and ``noun``, plural (``plural``, default ``noun + "s"``) unless ``n`` is
    1."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
