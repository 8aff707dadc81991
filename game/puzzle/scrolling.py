"""A page that scrolls when large text (Settings → Text size) makes it taller than the window: the wheel,
PgUp/PgDn, Home/End.  The screen lays itself out from :attr:`ScrollPage.scroll` and sets
:attr:`ScrollPage.max_scroll` (0: everything fits, nothing scrolls)."""

from __future__ import annotations

import arcade
from arcade import key


class ScrollPage:
    """Mixin: the scroll offset of a screen whose ``_layout()`` places everything ``scroll`` pixels higher."""

    scroll = 0.0  # pixels the page is scrolled up
    max_scroll = 0.0  # how far it can be (set by the layout)
    _dirty = False
    window: arcade.Window

    def _layout(self) -> None:
        """The screen's layout (overridden)."""

    def scroll_by(self, pixels: float) -> None:
        """Scroll the page ``pixels`` up (negative: down), within what overflows the window."""
        new = max(0.0, min(self.max_scroll, self.scroll + pixels))
        if new != self.scroll:
            self.scroll = new
            self._layout()
            self._dirty = True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """The wheel scrolls the page."""
        self.scroll_by(-scroll_y * 40)

    def scroll_key(self, symbol: int) -> bool:
        """PgDn/PgUp a page, End/Home to the bottom/top, while the page overflows; True if taken."""
        pages = {key.PAGEDOWN: 0.8, key.PAGEUP: -0.8, key.END: 1e6, key.HOME: -1e6}
        if symbol not in pages or self.max_scroll <= 0:
            return False
        self.scroll_by(pages[symbol] * self.window.height)
        return True
