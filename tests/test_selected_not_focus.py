"""The puzzle setup's chosen options (a toggle that is on) look unlike the keyboard's focus in every theme: the
focus is an outline in the theme's focus colour, a chosen option is filled and never outlined in that colour."""

from __future__ import annotations

import pytest

from game.puzzle.widgets import PanelButton
from game.render.theme import THEMES


@pytest.mark.parametrize("name", ["dark", "light", "contrast"])
def test_a_selected_option_is_not_drawn_like_the_focus(window, ctx, name):
    theme = THEMES[name]
    chosen, other = PanelButton(theme, "4x4", lambda: None), PanelButton(theme, "5x5", lambda: None)
    for b in (chosen, other):
        b.place(0, 0, 120, 40)
        b.fit(force=True)
    chosen.active = True
    focus_look = other.style["hover"]  # the focus colour's outline (hover and keyboard)
    for state in ("normal", "hover"):
        look = chosen.style[state]
        assert look.border != theme.focus
        assert look.bg != focus_look.bg and look.bg != other.style["normal"].bg
        assert look.font_color != other.style["normal"].font_color
    assert focus_look.border == theme.focus
    chosen.active = False
    assert chosen.style["normal"].bg == other.style["normal"].bg
