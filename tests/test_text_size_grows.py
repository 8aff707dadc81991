"""Text size (Settings, 100..200 %) only ever makes text larger: at 200 % every main-menu label and Help's body
text is at least as tall in pixels (arcade.Text glyph heights) as at 100 %, at 1280×800 and 1920×1080, and the
shared layout mechanism (:meth:`game.ui.screen.BaseView.on_resize`) never gives a text or label a smaller font
than the 100 % layout of the same window."""

from __future__ import annotations

from layout_check import check_layout, set_window_size


def test_the_shared_mechanism_never_shrinks_a_text_below_its_100_percent_size(window, ctx):
    """A screen whose layout squashes text when it grows (a fixed band of buttons) is laid out at a scale where
    nothing is smaller than at 100 %: the mechanism, on a made-up screen."""
    from game.ui import place_column
    from game.ui.screen import BaseView

    class Squashing(BaseView):
        def __init__(self, c):
            super().__init__(c)
            for i in range(14):
                self.ui.add(self.make_button(f"Entry {i}", lambda: None))
            self.head = self.text("Heading", 30)

        def layout(self, width, height):
            s = self.scale
            self.head.font_size = 30 * s
            top = height - 30 * s * 2  # a title band that grows with the text
            h = place_column(self.buttons, width / 2, top, 20, 300 * s, 56 * s)
            self.style_buttons(min(16 * s, h * 0.4))

    sizes = {}
    try:
        for percent in (100, 200):
            ctx.set_text_size(percent)
            view = Squashing(ctx)
            check_layout(window, view, 1280, 800)
            sizes[percent] = view.text_sizes()
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)
    assert all(b >= a - 0.01 for a, b in zip(sizes[100], sizes[200], strict=True)), sizes
