"""Presentation helpers shared by the game's views (no arcade here)."""

from __future__ import annotations


def format_time(seconds: float, decimals: int = 1) -> str:
    """A stopwatch reading ``m:ss.t`` with ``decimals`` digits (0..3) after the point.

    Truncates like a stopwatch (``1:03.29`` with one decimal shows ``1:03.2``: a
    clock never shows a time not yet reached); negative times show as 0; hours
    roll into minutes (``75:00.0``).  ``decimals=0`` gives ``m:ss``.
    """
    decimals = max(0, min(3, decimals))
    scale = 10**decimals
    units = int(max(0.0, seconds) * scale + 1e-9)
    minutes, rest = divmod(units, 60 * scale)
    whole, frac = divmod(rest, scale)
    return f"{minutes}:{whole:02d}" + (f".{frac:0{decimals}d}" if decimals else "")


#: The same function under its older name (the race screen imports it).
format_clock = format_time


def count(n: int, noun: str) -> str:
    """``"1 move"``, ``"3 moves"``: ``n`` and ``noun`` with an English plural ``s`` unless ``n`` is 1."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


STAR, NO_STAR = "\u2605", "\u2606"


def star_text(stars: int) -> str:
    """``★★☆`` for 2 of 3 stars (0..3)."""
    return STAR * stars + NO_STAR * (3 - stars)
