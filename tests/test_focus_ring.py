"""The keyboard focus ring is clearly visible at every size: it grows with the window, and the high-contrast
theme draws it as thick as its other strokes (twice the others' ring, never thinner than its button outlines)."""

from __future__ import annotations

import sys
from pathlib import Path

import arcade
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layout_check import set_window_size  # noqa: E402

from game import routes
from game.render.theme import THEMES
from game.ui import FOCUS_RING_PX, focus_ring_width


@pytest.mark.parametrize("name", ["dark", "light", "contrast"])
def test_the_ring_grows_with_the_window(name):
    theme = THEMES[name]
    small, normal, big = (focus_ring_width(theme, w, h) for w, h in ((800, 600), (1280, 800), (3840, 2160)))
    assert small >= FOCUS_RING_PX and normal >= FOCUS_RING_PX
    assert big >= 2.5 * normal  # a 4K window is 2.7 times as tall as 1280×800


def test_the_high_contrast_ring_is_as_thick_as_its_other_strokes():
    contrast, dark = THEMES["contrast"], THEMES["dark"]
    for w, h in ((800, 600), (1280, 800), (1920, 1080), (3840, 2160)):
        ring = focus_ring_width(contrast, w, h)
        assert ring >= contrast.wall_scale * focus_ring_width(dark, w, h)  # thick as its walls are
        assert ring > contrast.button_border
        assert ring >= 6


def _run_of(image: np.ndarray, row: int, colour: tuple[int, ...]) -> int:
    """The longest run of ``colour`` pixels along ``row`` of an RGB picture (top-left origin)."""
    hit = np.all(np.abs(image[row] - np.array(colour[:3])) <= 8, axis=1)
    best = run = 0
    for h in hit:
        run = run + 1 if h else 0
        best = max(best, run)
    return best


def test_the_drawn_ring_in_high_contrast_is_thicker_than_three_pixels(window, ctx):
    """Drawn on the menu at 1280×800: the ring across the focused button's side is the width asked for."""
    ctx.set_theme("contrast")
    view = routes.menu(ctx)
    window.show_view(view)
    set_window_size(window, 1280, 800)
    view.on_draw()
    view.on_draw()
    image = np.asarray(arcade.get_image(0, 0, window.width, window.height).convert("RGB"), dtype=np.int16)
    r = view.buttons[view.focus].rect
    row = window.height - int((r.bottom + r.top) / 2)
    left = int(r.left) - 2 * focus_ring_width(ctx.theme, 1280, 800) - 4
    strip = image[:, max(0, left): int(r.left) + 2]
    assert _run_of(strip, row, ctx.theme.focus) >= focus_ring_width(ctx.theme, 1280, 800) - 1 >= 5
