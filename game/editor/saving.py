"""Keeping a level the editor made: the one function that knows where levels go (My levels in the save)."""

from __future__ import annotations

from engine.codes import CodeError
from engine.level import Level
from game.context import Context


def save_level(ctx: Context, level: Level, name: str | None = None) -> str:
    """Keep ``level`` in My levels under ``name`` (default: its label); returns the sentence to show.

    A level that has no code (its goal cannot be reached, or a shaped grid) is not kept: the sentence
    says why.  A save that cannot be written says what the store reports.
    """
    try:
        code = level.code()
    except CodeError as exc:
        return str(exc)
    name = name or level.label()
    if not ctx.store.save_my_level(name, code):
        return f"Not saved: {ctx.store.message or 'the save cannot be written'}"
    return f"Saved to My levels as “{name}”."
