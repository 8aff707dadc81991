"""The campaign map as a journey (issue 44, item 3): a path joins the levels in play order and is lit from every
won level, won tiles are lit, a completed world has its ribbon and is celebrated once (remembered in the save, also
after a restart), a thumbnail under a wrapped name is never a speck, and scrolling back up to level 1 shows its
world's name (also at 200 % text); the map still opens from its kept picture."""

from __future__ import annotations

import pytest

from game import routes
from tests.test_game_campaign_map import _has_colour
from tests.test_game_campaign_map import _open as _open_map


def _open(ctx, window, size=(1280, 800)):
    """The map opened and drawn once, then one update (a world's ribbon is made after the first frame)."""
    view = _open_map(ctx, window, size)
    view.on_update(0.0)
    return view


def _gap_pixels(view, a: int, b: int):
    """The pixels between tile ``a`` and tile ``b`` below it in the same column (the path's stub)."""
    la, _, ra, ba = view.picture.layout.tiles[a]
    _, tb, _, _ = view.picture.layout.tiles[b]
    mid = round((la + ra) / 2)
    return view.picture.canvas.pixels()[round(ba):round(tb), mid - 2:mid + 3]


def test_the_path_joins_every_level_in_order_and_is_lit_from_won_levels(window, ctx):
    from game.render.map_paint import path_lines

    levels = ctx.campaign.levels
    view = _open(ctx, window)
    pieces = path_lines(view.picture.layout, view.chains, view.tiles)
    order = [i for chain in view.chains for i in chain.tiles]  # each world's levels, then its bonus world's stop
    assert [i for i in order if i < len(levels)] == list(range(len(levels)))
    assert [a for a, _ in pieces] == order[:-1]  # one piece from each stop to the next
    for (a, pts), b in zip(pieces, order[1:], strict=True):
        la, ta, ra, ba = view.picture.layout.tiles[a]
        lb, tb, rb, bb = view.picture.layout.tiles[b]
        assert pts[0] == ((la + ra) / 2, ba) and pts[-1] == ((lb + rb) / 2, tb)  # bottom of one, top of the next
    t = ctx.theme
    assert _has_colour(_gap_pixels(view, 0, 1), t.locked, 2) and not _has_colour(_gap_pixels(view, 0, 1), t.star, 2)
    ctx.store.complete_level(levels[0].id, 1, levels[1].id)
    view = _open(ctx, window)
    assert view.tiles[0].won and not view.tiles[1].won
    assert _has_colour(_gap_pixels(view, 0, 1), t.star, 2)  # the way behind you, lit
    assert not _has_colour(_gap_pixels(view, 1, 2), t.star, 2)  # the way ahead, dim
    tl = view.picture.layout.tiles[0]
    inside = view.picture.canvas.pixels()[round(tl[1]) + 2, round((tl[0] + tl[2]) / 2)]
    assert tuple(inside[:3]) == t.button_hover[:3]  # a won tile is lit; an open one keeps the button colour
    tl = view.picture.layout.tiles[1]
    assert tuple(view.picture.canvas.pixels()[round(tl[1]) + 8, round(tl[0]) + 3][:3]) == t.button[:3]


def test_a_completed_world_has_its_ribbon_and_is_celebrated_once_even_after_a_restart(window, ctx):
    from game.context import Context
    from game.store import Store

    world, levels = ctx.campaign.by_world()[0]
    for lv in levels[:-1]:
        ctx.store.complete_level(lv.id, 3, None)
    view = _open(ctx, window)
    assert view.banner is None and not view.chains[0].complete
    ctx.store.complete_level(levels[-1].id, 2, None)
    view = _open(ctx, window)
    assert view.chains[0].complete and view.animating()
    assert view.banner is not None and view.banner.title == "World complete!"
    assert view.banner.lines[0] == f"{world}  ·  {3 * len(levels) - 1} of {3 * len(levels)} stars"
    assert "Three stars on every level" in view.banner.lines[1]  # one level has 2 stars: the bonus waits
    texts = [txt for txt, _ in view.picture.layout.texts]
    assert any(txt.startswith("complete") or txt.startswith("\u2713") for txt in texts)
    for _ in range(200):
        view.on_update(0.05)
    assert not view.banner.visible
    assert _open(ctx, window).banner is None  # celebrated once
    again = Context(window, store=Store(ctx.store.path), audio=ctx.audio)
    try:
        later = again.go(routes.levels)
        later.on_draw()
        later.on_update(0.0)
        assert later.banner is None and not later.animating()  # remembered in the save
    finally:
        again.store.close()


def test_three_stars_everywhere_in_a_world_say_its_bonus_world_is_open_and_a_key_puts_the_ribbon_away(window, ctx):
    from arcade import key

    world, levels = ctx.campaign.by_world()[0]
    for lv in levels:
        ctx.store.complete_level(lv.id, 3, None)
    view = _open(ctx, window)
    assert view.banner.lines[1] == f"Its bonus world is open: {world} Bonus (R: rewards)"
    focus = view.focus
    view.on_key_press(key.RIGHT, 0)  # puts the ribbon away, nothing else
    assert not view.banner.visible and view.focus == focus
    view.on_key_press(key.R, 0)
    from game.shell.rewards import RewardsView

    assert isinstance(window.current_view, RewardsView)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("text_size", [100, 200])
def test_a_wrapped_name_leaves_its_thumbnail_a_real_size(window, ctx, size, text_size):
    from layout_check import set_window_size

    from game.ui import set_text_size

    for lv in ctx.campaign.levels:
        ctx.store.complete_level(lv.id, 1, None)  # every level open: every tile has a thumbnail
    set_text_size(text_size)
    try:
        view = _open(ctx, window, size)
        lay = view.picture.layout
        line_h = round(lay.name_px * 1.22)
        pad = max(3, round(5 * lay.g))
        wrapped = [i for i, lines in enumerate(lay.names) if len(lines) > 1]
        assert wrapped
        for i in wrapped:
            l, t, r, b = lay.tiles[i]
            room = (b - pad) - (t + pad + round(lay.small_px * 1.3) + len(lay.names[i]) * line_h)
            assert room >= 2 * lay.name_px, (view.tiles[i].name, room, lay.name_px)
    finally:
        set_text_size(100)
        set_window_size(window, 1280, 800)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_scrolling_back_up_to_level_one_shows_its_worlds_name(window, ctx, size):
    from layout_check import set_window_size

    from game.ui import set_text_size

    set_text_size(200)
    try:
        view = _open(ctx, window, size)
        lay = view.picture.layout
        assert lay.height > lay.view_height
        view.focus = len(view.levels) - 1
        view.show_focus()
        assert view.scroll > 0
        view.focus = 0
        view.show_focus()
        names = [box for kind, txt, box in view.painted_boxes() if kind == "text" and txt in view.column_names()[0]]
        assert names, "the first world's name is in view"
        assert view.scroll == 0  # the title too
    finally:
        set_text_size(100)
        set_window_size(window, 1280, 800)
