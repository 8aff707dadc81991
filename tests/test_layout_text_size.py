"""Text/UI size (Settings, 100..200 %): every screen still holds at 800×600 with text at 200 % (and at
1920×1080), the Keys page and the setups included; 100 % at all four sizes is tests/test_layout.py's."""

from __future__ import annotations

import pytest
from layout_check import check_layout, set_window_size
from test_layout import _screens, covering_sizes
from test_layout_lab_race import test_lab_screens_fit, test_race_screens_fit
from test_puzzle_layout import SCREENS as PUZZLE_SCREENS
from test_puzzle_layout import problems as puzzle_problems
from test_puzzle_layout import resize, view_parts

from game import routes

BIG = [(800, 600), (1920, 1080)]


@pytest.fixture
def big_text(ctx):
    ctx.set_text_size(200)
    yield ctx
    ctx.set_text_size(100)


def test_text_size_setting_steps_and_is_saved(window, ctx):
    from game.shell.settings import SettingsView
    from game.ui import text_scale, text_size, ui_scale

    view = SettingsView(ctx)
    window.show_view(view)
    before = ui_scale(800, 600)
    sizes = []
    for _ in range(5):
        view.activate(view.buttons.index(view.size_btn))
        sizes.append(text_size())
    assert sizes == [125, 150, 175, 200, 100]
    view.activate(view.buttons.index(view.size_btn))
    assert ctx.store.setting("text_size") == "125" and view.size_btn.text == "Text size: 125 %"
    assert ui_scale(800, 600) == pytest.approx(before * 1.25) and text_scale() == 1.25
    assert ctx.set_text_size("banana") == 100 and ctx.set_text_size(190) == 200
    ctx.set_text_size(100)


@pytest.mark.parametrize("theme", ["dark", "contrast"])
def test_every_shell_screen_fits_with_text_at_200(window, big_text, theme):
    """Every screen at both sizes (each once), the two themes taking turns (see test_layout.covering_sizes)."""
    ctx = big_text
    ctx.set_theme(theme)
    found: list[str] = []
    try:
        for n, (name, make) in enumerate(_screens(ctx).items()):
            view = make()
            for w, h in covering_sizes(n, ["dark", "contrast"].index(theme), BIG, themes=2):
                found += [f"{name} {w}x{h}: {p}" for p in check_layout(window, view, w, h)]
    finally:
        set_window_size(window, 1280, 800)
    assert found == [], "\n".join(found)


def test_text_at_200_makes_the_settings_text_bigger(window, ctx):

    sizes = {}
    for percent in (100, 200):
        ctx.set_text_size(percent)
        view = routes.settings(ctx)
        check_layout(window, view, 1920, 1080)
        sizes[percent] = (view.title.font_size, view.buttons[0].style["normal"].font_size)
    set_window_size(window, 1280, 800)
    ctx.set_text_size(100)
    assert sizes[200][0] > 1.3 * sizes[100][0] and sizes[200][1] > 1.3 * sizes[100][1]


def test_lab_and_race_screens_fit_with_text_at_200(window, big_text):
    try:
        test_lab_screens_fit(big_text, window, (800, 600), "dark")
        test_race_screens_fit(big_text, window, (800, 600))
    finally:
        set_window_size(window, 1280, 800)


@pytest.mark.parametrize("screen", sorted(PUZZLE_SCREENS))
def test_puzzle_screens_fit_with_text_at_200(big_text, screen):
    ctx = big_text
    found = []
    try:
        for w, h in BIG:
            view = PUZZLE_SCREENS[screen](ctx, "dark")
            resize(ctx.window, w, h)
            view.on_update(1 / 60)
            view.on_draw()
            texts, buttons = view_parts(view)
            problems = puzzle_problems(texts, buttons, w, h, screen)
            if getattr(view, "max_scroll", 0) > 0:  # a page that scrolls: what is below the window is reached
                problems = [p for p in problems if "leaves the window" not in p]
                view.scroll_by(view.max_scroll)
                assert view.b_back.rect.bottom >= 0 and view.t_help.y >= 0, (w, h)
            found += problems
    finally:
        resize(ctx.window, 1280, 800)
    assert not found, "\n".join(found[:20])
