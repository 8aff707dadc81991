"""The puzzle setup screen's text fields (a pasted code, the path of your own picture): what typing keeps
and how a field's text is fitted to its box (no view here).
"""

from __future__ import annotations

import arcade

#: The most characters a field holds.
FIELD_MAX = 512
#: What an empty code field shows when it is not focused.
CODE_HINT = "(click here and paste)"
#: What an empty path field shows when it is not focused.
PATH_HINT = "(your own PNG or JPEG: type its path, then Enter)"


def typed(text: str) -> str:
    """The part of typed ``text`` a field keeps: printable characters, no line breaks."""
    return "".join(ch for ch in text if ch.isprintable() and ch not in "\r\n")


def fit_field(text: arcade.Text, value: str, hint: str, focused: bool, box: tuple[float, float, float, float]) -> None:
    """A field's text (``hint`` when empty and not focused, a "|" caret when focused), cut from the left to fit."""
    l_, r_, _b, _t = box
    shown = value if value else (hint if not focused else "")
    cursor = "|" if focused else ""
    room = r_ - l_ - 20
    text.text = shown + cursor
    cut = 0
    while text.content_width > room and cut < len(shown):
        cut += max(1, (len(shown) - cut) // 8)
        text.text = "…" + shown[cut:] + cursor
