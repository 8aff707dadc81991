"""The window fits the screen it opens on (:func:`game.app.fit_to_screen`, pure; the screen read from pyglet)."""

from __future__ import annotations

import pytest

from game.app import HEIGHT, SCREEN_MARGIN, WIDTH, fit_to_screen, screen_rect
from game.ui import MIN_HEIGHT, MIN_WIDTH


@pytest.mark.parametrize(("screen", "expected"), [
    ((1920, 1080), (WIDTH, HEIGHT)),             # room to spare: the default size
    ((3840, 2160), (WIDTH, HEIGHT)),
    ((1366, 768), (WIDTH, 768 - SCREEN_MARGIN)),  # a laptop: as tall as leaves its taskbar free
    ((1280, 800), (1280 - SCREEN_MARGIN, 800 - SCREEN_MARGIN)),
    ((800, 600), (800, 600)),                    # the smallest layout fills the screen, never more
    ((640, 480), (640, 480)),                    # smaller than the layouts: the screen's size
])
def test_the_default_window_fits_the_screen(screen, expected):
    assert fit_to_screen((WIDTH, HEIGHT), screen) == expected


@pytest.mark.parametrize("screen", [(w, h) for w in (640, 800, 1024, 1366, 1600, 2560) for h in (480, 600, 768, 900)])
def test_never_beyond_the_screen_never_below_the_layouts_minimum_when_it_fits(screen):
    w, h = fit_to_screen((WIDTH, HEIGHT), screen)
    assert w <= screen[0] and h <= screen[1]
    assert w >= min(MIN_WIDTH, screen[0]) and h >= min(MIN_HEIGHT, screen[1])
    assert w <= WIDTH and h <= HEIGHT


def test_a_display_that_says_nothing_keeps_the_wanted_size():
    assert fit_to_screen((WIDTH, HEIGHT), (0, 0)) == (WIDTH, HEIGHT)


def test_the_screen_is_read_from_the_display(window):
    rect = screen_rect()
    assert rect is not None and rect[2] > 0 and rect[3] > 0  # the headless display's screen
