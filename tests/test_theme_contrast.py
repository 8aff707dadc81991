"""Legibility in both themes, measured with :func:`game.render.theme.contrast_ratio` (WCAG 2):
numbers on puzzle tiles (home or not) at least 4.5:1; the code fields of the Race and Lab setups
visible (border at least 3:1 on the background, text 4.5:1 on the field) with their text centred."""

from __future__ import annotations

import pytest

from game import routes
from game.render.theme import THEMES, contrast_ratio


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("home", [False, True], ids=["moving", "home"])
def test_tile_numbers_have_at_least_4_5_to_1(theme, home):
    from game.puzzle.widgets import tile_colors

    fill, _, ink = tile_colors(THEMES[theme], home)
    assert contrast_ratio(fill, ink) >= 4.5, (fill, ink, contrast_ratio(fill, ink))


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("route", [routes.race_setup, routes.lab_setup], ids=["race-setup", "lab-setup"])
def test_setup_code_field_is_visible_and_its_text_centred(window, ctx, theme, route):
    ctx.set_theme(theme)
    t = ctx.theme
    view = route(ctx)
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


def test_high_contrast_theme_keeps_every_text_at_7_to_1_and_thick_walls():
    from game.render.theme import CONTRAST, DARK

    t = CONTRAST
    pairs = {
        "text": (t.text, t.background), "text_dim": (t.text_dim, t.background), "accent": (t.accent, t.background),
        "error": (t.error, t.background), "star": (t.star, t.background), "button": (t.button_text, t.button),
        "hover": (t.button_text, t.button_hover), "disabled": (t.disabled_text, t.locked),
        "panel": (t.text, t.panel), "wall": (t.wall, t.floor), "focus": (t.focus, t.background),
        "player": (t.player, t.floor),
    }
    low = {name: round(contrast_ratio(a, b), 2) for name, (a, b) in pairs.items() if contrast_ratio(a, b) < 7.0}
    assert low == {}
    assert t.wall_scale >= 2 * DARK.wall_scale and t.button_border > 0


def test_high_contrast_walls_are_drawn_thicker(window, ctx):
    from engine.maze.recipe import MazeSpec
    from game.render.maze_layer import MazeLayer
    from game.render.theme import CONTRAST, DARK

    maze = MazeSpec.create("square", 8, 6, "backtracker", seed=1).build()
    layer = MazeLayer(window.ctx, maze, DARK)
    zoom = 40 / layer.cell_size  # 40 px cells
    thin = layer.wall_half_width(zoom)
    layer.set_theme(CONTRAST)
    assert layer.wall_half_width(zoom) == pytest.approx(2 * thin)


def test_settings_cycle_dark_light_contrast(window, ctx):
    names = []
    for _ in range(3):
        view = ctx.go(routes.settings)
        view.toggle_theme()
        names.append(ctx.theme.name)
    assert names == ["light", "contrast", "dark"]
    ctx.set_theme("contrast")
    assert ctx.go(routes.settings).theme_btn.text == "Theme: high contrast"


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_race_disc_and_opponent_diamond_differ_strongly_in_colour(window, ctx, theme):
    """Issue 22 item 10: your disc and the opponent's diamond were amber and orange.  Now blue and orange in every
    theme (CIE76 ΔE >= 40), each at least 3:1 on the floor; the shapes differ too (disc vs diamond)."""
    from engine.maze.recipe import MazeSpec
    from engine.modes.race.session import RaceSession
    from game.race.players import color_distance
    from game.race.view import RaceView

    ctx.set_theme(theme)
    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=2)
    view = RaceView(ctx, RaceSession.for_level(spec.level(), "runner", "normal", 1.0))
    disc, diamond = view.you_fill(), view.them_color
    floor = THEMES[theme].floor
    assert color_distance(disc, diamond) >= 40, (disc, diamond)
    assert color_distance(THEMES[theme].player, diamond) < color_distance(disc, diamond)  # the old pair was closer
    assert contrast_ratio((*disc[:3], 255), floor) >= 3 and contrast_ratio((*diamond[:3], 255), floor) >= 3
