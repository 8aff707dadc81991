"""The system clipboard through pyglet (both directions), harmless where there is none (headless)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyglet.window import BaseWindow


def read_clipboard(window: BaseWindow | None) -> str:
    """The clipboard text, or "" where unsupported (headless, no window)."""
    if window is None:
        return ""
    try:
        return str(window.get_clipboard_text() or "")
    except Exception:  # NotImplementedError headless, X errors elsewhere
        return ""


def copy_to_clipboard(window: BaseWindow | None, text: str) -> bool:
    """Put ``text`` on the clipboard; False where unsupported (headless, no window)."""
    if window is None:
        return False
    try:
        window.set_clipboard_text(text)
    except Exception:  # NotImplementedError headless, X errors elsewhere
        return False
    return True
