"""Presentation helpers shared by the game's views (no arcade here)."""

from __future__ import annotations


def format_clock(seconds: float, decimals: int = 1) -> str:
    """``m:ss.t`` with ``decimals`` digits after the point (rounded; negative times show as 0)."""
    m, s = divmod(max(0.0, seconds), 60)
    return f"{int(m)}:{s:0{decimals + 3}.{decimals}f}"
