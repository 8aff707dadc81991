"""The one text fitter (game.ui.fit_text): shrink by a proportional jump or by steps, never below the smallest
size, then cut with "…" at the end or in the middle; multi-line texts only get their value and size."""

from __future__ import annotations

import arcade

from game.ui import ELLIPSIS, fit_text

LONG = "The quick brown fox jumps over the lazy dog and keeps on running far away"


def test_a_text_that_fits_keeps_its_size_and_value(window) -> None:
    text = arcade.Text("", 0, 0, font_size=10)
    fit_text(text, "short", 14, 1000)
    assert (text.text, text.font_size) == ("short", 14)


def test_proportional_and_stepped_shrinking_both_fit_without_going_below_the_minimum(window) -> None:
    text = arcade.Text("", 0, 0)
    fit_text(text, LONG, 20, 500, 9)
    jump = text.font_size
    assert 9 <= jump < 20 and text.content_width <= 500
    fit_text(text, LONG, 20, 500, 9, step=1)
    assert text.font_size == int(text.font_size) and 9 <= text.font_size < 20 and text.content_width <= 500
    assert text.text == LONG  # shrinking was enough: nothing cut


def test_a_text_a_little_too_wide_shrinks_instead_of_being_cut(window) -> None:
    """The Create group's line in the menu at 1280x800 (644 pixels at 16 points in 632) was cut with "…" after the
    proportional jump (15.4 points still measured 644: glyph widths are whole pixels) though 9 points were allowed."""
    line = "Make your own mazes, keep them, watch mazes being made"
    probe = arcade.Text(line, 0, 0, font_size=16)
    room = probe.content_width - 12
    text = arcade.Text("", 0, 0)
    fit_text(text, line, 16, room, 9)
    assert text.text == line and 9 <= text.font_size < 16 and text.content_width <= room


def test_too_narrow_cuts_with_an_ellipsis_at_the_end_or_in_the_middle(window) -> None:
    text = arcade.Text("", 0, 0)
    fit_text(text, LONG, 14, 120, 12, step=1)
    assert text.font_size == 12 and text.text.endswith(ELLIPSIS) and text.content_width <= 120
    fit_text(text, LONG, 14, 120, None, middle=True)  # never shrinks: cut in the middle
    assert text.font_size == 14 and ELLIPSIS in text.text[1:-1] and text.text[-1] == LONG[-1]
    fit_text(text, LONG, 14, 1)
    assert text.text == ELLIPSIS  # no room at all: an ellipsis says something is there


def test_multiline_text_wraps_instead(window) -> None:
    text = arcade.Text("", 0, 0, multiline=True, width=200)
    fit_text(text, LONG, 16, 50)
    assert (text.text, text.font_size) == (LONG, 16)
