"""Legibility in both themes, measured with :func:`game.render.theme.contrast_ratio` (WCAG 2):
numbers on puzzle tiles (home or not) at least 4.5:1; the code fields of the Race and Lab setups
visible (border at least 3:1 on the background, text 4.5:1 on the field) with their text centred."""

from __future__ import annotations

import pytest

from game.render.theme import THEMES, contrast_ratio


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("home", [False, True], ids=["moving", "home"])
def test_tile_numbers_have_at_least_4_5_to_1(theme, home):
    from game.puzzle.widgets import tile_colors

    fill, _, ink = tile_colors(THEMES[theme], home)
    assert contrast_ratio(fill, ink) >= 4.5, (fill, ink, contrast_ratio(fill, ink))


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("route", ["race-setup", "lab-setup"])
def test_setup_code_field_is_visible_and_its_text_centred(window, ctx, theme, route):
    from game.routes import Route

    ctx.set_theme(theme)
    t = ctx.theme
    view = ctx.view_for(Route(route))
    ctx.show(view)
    view.on_draw()
    field = view.field
    style = field.get_current_style()
    assert style.border is not None and style.border_width >= 1
    assert contrast_ratio(tuple(style.border), t.background) >= 3.0
    assert style.bg is not None
    bg = tuple(style.bg)[:3] + (255,)
    assert contrast_ratio(t.text, bg) >= 4.5
    assert field.layout.content_valign == "center"
    field.text = "M1.S5X5.BT#1-0"
    view.on_draw()
    assert field.layout.height == int(field.content_height)
