"""The campaign map: per-world completion bars, level names whole (two lines) or visibly shortened with "…"."""

from __future__ import annotations

import pytest

from game import routes
from game.ui import ELLIPSIS, wrap_lines

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_level_names_are_whole_or_end_in_an_ellipsis(window, ctx, width, height):
    from layout_check import check_layout, set_window_size


    view = routes.levels(ctx)
    try:
        assert check_layout(window, view, width, height) == []
        whole = 0
        sizes = set()
        for label, lv in zip(view.tile_names, view.levels, strict=False):
            shown = " ".join(label.text.split("\n"))
            full = f"{lv.index + 1}. {lv.name}"
            sizes.add(round(label.font_size, 2))
            if shown == full:
                whole += 1
            else:
                assert shown.endswith(ELLIPSIS), (shown, full)  # never cut silently
                assert full.startswith(shown[:-1].rstrip()), (shown, full)
            assert label.text.count("\n") <= 1
        assert len(sizes) == 1 and min(sizes) >= 8  # one readable size for every tile
        assert whole >= 0.9 * len(view.levels), (width, height, whole)
    finally:
        set_window_size(window, 1280, 800)


def test_world_bars_count_stars_earned_of_possible(window, ctx):

    camp = ctx.campaign
    first_world = camp.by_world()[0][1]
    ctx.store.complete_level(first_world[0].id, 3, None)
    ctx.store.complete_level(first_world[1].id, 2, None)
    view = ctx.go(routes.levels)
    view.on_draw()
    assert view.world_stars[0] == (5, 3 * len(first_world))
    assert all(got == 0 for got, _ in view.world_stars[1:])
    assert view.bar_texts[0].text.startswith(f"5/{3 * len(first_world)}")
    left, right, _, _, share = view.bars[0]
    assert share == pytest.approx(5 / (3 * len(first_world))) and right > left


def test_wrap_lines_keeps_the_number_with_a_word_and_cuts_visibly(window):
    import arcade

    t = arcade.Text("", 0, 0, font_size=10, multiline=True, width=100)
    assert wrap_lines(t, "15. Three Sides", 1000)
    assert t.text == "15. Three Sides"
    assert not wrap_lines(t, "13. Supercalifragilisticexpialidocious words", 60, 2)
    first, second = t.text.split("\n")
    assert first == "13." or first.startswith("13. ")
    assert second.endswith(ELLIPSIS)
