"""One door for every shareable code: maze (M), race (R), ghost (G) and puzzle (P).

``open_any_code(ctx, code)`` returns the view that plays the code, or raises
:class:`engine.codes.CodeError` with the decoder's one plain sentence, so the
Enter-code screen and ``tessera play CODE`` treat every mode alike.
"""

from __future__ import annotations

import arcade

from engine.codes import CodeError, normalize
from game.context import Context

KINDS = "M (maze), R (race), G (ghost) or P (sliding puzzle)"


def open_any_code(ctx: Context, code: str) -> arcade.View:
    """The view for any Tessera code.

    Raises:
        CodeError: the code does not decode (one sentence naming what is wrong).
    """
    text = normalize(code) if isinstance(code, str) else ""
    kind = text[:1]
    if kind == "M":
        from game.views.play import open_code

        return open_code(ctx, text)
    if kind in ("R", "G"):
        from game.views.race import open_race_code

        return open_race_code(ctx, text)
    if kind == "P":
        from game.views.puzzle import open_code as open_puzzle_code

        return open_puzzle_code(ctx, text)
    if not text:
        raise CodeError("The code is empty.")
    raise CodeError(f"This is not a Tessera code: codes start with {KINDS}.")
