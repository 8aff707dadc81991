"""``arcade.gui`` import (with the headless shim) and small shared widgets helpers.

arcade 3.3.3 + pyglet 2.1 headless: ``import arcade.gui`` fails unless
``pyglet.window.xlib`` is imported first and ``arcade.ControllerManager`` is set.
Harmless in a normal window.
"""

from __future__ import annotations

import arcade

if arcade.headless:  # pragma: no cover - depends on the environment
    try:
        import pyglet.window.xlib  # noqa: F401
    except Exception:  # noqa: BLE001
        pass
    from arcade.controller import ControllerManager

    arcade.ControllerManager = ControllerManager  # type: ignore[attr-defined]

import arcade.gui as gui  # noqa: E402

FONT = ("DejaVu Sans", "Arial", "calibri")


class CodeField(gui.UIInputText):
    """A one-line text field that ignores control characters.

    The Enter key that opened a screen also arrives there as text (``"\r"``); a
    plain :class:`arcade.gui.UIInputText` would insert it and draw a missing-glyph box.
    """

    def on_event(self, event: gui.UIEvent) -> bool | None:
        """Drop text events that carry no printable character; everything else as usual."""
        if isinstance(event, gui.UITextInputEvent) and not event.text.isprintable():
            return True
        return super().on_event(event)
TITLE_FONT = ("Kenney Future", "DejaVu Sans", "Arial")

__all__ = ["gui", "CodeField", "FONT", "TITLE_FONT"]
