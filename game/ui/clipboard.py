"""The system clipboard through pyglet (both directions), harmless where there is none (headless)."""

from __future__ import annotations


def read_clipboard(window: object) -> str:
    """The clipboard text, or "" where unsupported (headless)."""
    try:
        return str(window.get_clipboard_text() or "")  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - NotImplementedError headless, X errors elsewhere
        return ""


def copy_to_clipboard(window: object, text: str) -> bool:
    """Put ``text`` on the clipboard; False where unsupported (headless)."""
    try:
        window.set_clipboard_text(text)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - NotImplementedError headless, X errors elsewhere
        return False
    return True
