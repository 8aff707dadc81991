"""The system clipboard through pyglet (both directions), harmless where there is none (headless).

pyglet 2.1's X11 window answers another program's paste with ``len(text)`` bytes of the UTF-8 text: the
length in characters, so a line with multi-byte characters (``·``, ``×``, ``★``: 2-3 bytes each) loses as
many bytes at its end as it has extra bytes (a share line's link arrives cut).  :func:`clipboard_text`
works around it: on an X11 window the text handed to pyglet is a ``str`` whose ``len`` is its UTF-8 byte
length, so pyglet's ``(c_ubyte * len(text)).from_buffer_copy(text.encode("utf-8"))`` copies every byte.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyglet.window import BaseWindow


class Utf8SizedText(str):
    """Text whose ``len`` is its UTF-8 length in bytes (what pyglet's X11 paste answer sizes its copy by)."""

    __slots__ = ()

    def __len__(self) -> int:
        return len(self.encode("utf-8"))


def is_x11(window: object) -> bool:
    """True for a pyglet X11 window (the only one whose paste answer sizes bytes by ``len``; Windows and
    macOS size their own buffers and must get plain text)."""
    return any(cls.__name__ == "XlibWindow" for cls in type(window).__mro__)


def clipboard_text(text: str, x11: bool) -> str:
    """The text to hand to ``set_clipboard_text``: on X11 (``x11``) a :class:`Utf8SizedText`, else ``text``."""
    return Utf8SizedText(text) if x11 else text


def x11_paste_bytes(text: str) -> bytes:
    """The bytes pyglet 2.1's X11 window gives another program that pastes ``text`` (its own expression,
    ``xlib/__init__.py`` ``_event_selection_request``), for tests without an X server."""
    from ctypes import c_ubyte

    data = text.encode("utf-8")
    return bytes((c_ubyte * len(text)).from_buffer_copy(data))


def read_clipboard(window: BaseWindow | None) -> str:
    """The clipboard text, or "" where unsupported (headless, no window)."""
    if window is None:
        return ""
    try:
        return str(window.get_clipboard_text() or "")
    except Exception:  # NotImplementedError headless, X errors elsewhere
        return ""


def pasted_code(text: str) -> str:
    """What a code field takes from pasted ``text``: the ``tessera:`` link inside it (a share line pasted with
    its link: :func:`engine.share.links.find_link`), else the text, stripped."""
    from engine.share.links import find_link

    return find_link(text) or text.strip()


def copy_to_clipboard(window: BaseWindow | None, text: str) -> bool:
    """Put ``text`` on the clipboard, whole (:func:`clipboard_text`); False where unsupported (headless, no
    window)."""
    if window is None:
        return False
    try:
        window.set_clipboard_text(clipboard_text(text, is_x11(window)))
    except Exception:  # NotImplementedError headless, X errors elsewhere
        return False
    return True
