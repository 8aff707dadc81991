"""Bonus worlds on the campaign map (issue 44): each shipped world's bonus world is a stop on the path right after
its last level, locked with what opens it in players' words, playable from the map once open; a bonus level is
never the campaign's "next" (menu, map and win keep naming the campaign's)."""

from __future__ import annotations

from game import routes
from game.play.view import PlayView
from tests.test_game_campaign_map import _has_colour
from tests.test_game_campaign_map import _open as _open_map


def _open(ctx, window, size=(1280, 800)):
    view = _open_map(ctx, window, size)
    view.on_update(0.0)
    return view


def _three_star(ctx, world_index: int = 0) -> tuple[str, list]:
    world, levels = ctx.campaign.by_world()[world_index]
    for lv in levels:
        ctx.store.complete_level(lv.id, 3, None)
    return world, levels


def test_every_world_has_its_bonus_stop_after_its_last_level_locked_with_what_opens_it(window, ctx):
    view = _open(ctx, window)
    worlds = dict(ctx.campaign.by_world())
    assert len(view.stops) == len(worlds) == 14
    for chain in view.chains:
        *levels, stop_tile = chain.tiles
        stop = view.stops[stop_tile]
        assert stop.world == chain.name and [view.levels[i].id for i in levels] == [lv.id for lv in worlds[chain.name]]
        tile = view.tiles[stop_tile]
        assert tile.kind == "bonus" and tile.state == "locked" and tile.need == f"3-star {chain.name} to open"
        assert f"locked: 3-star {chain.name} to open (0 of {3 * len(levels)} stars so far)" in view.info_line(stop_tile)
    from game.render.map_stops import SHORT_NEEDS

    for i, stop in view.stops.items():  # each stop's tile says what opens it, whole or shortened, never cut
        l, t, r, b = view.picture.layout.tiles[i]
        inside = [text for text, (tl, tt, tr, tb) in view.picture.layout.texts
                  if l <= tl and tr <= r and t <= tt and tb <= b]
        assert inside[:2] == ["Bonus", "3 levels"]
        assert " ".join(inside[2:]) in (f"3-star {stop.world} to open", *SHORT_NEEDS)
    first_stop = view.chains[0].tiles[-1]
    view.focus = first_stop
    view.activate(first_stop)  # locked: says what opens it and stays on the map
    assert window.current_view is view and view.info_line(first_stop).startswith("Square Gardens Bonus is locked")
    assert view.next_index == ctx.next_level().index  # the map's next is the campaign's


def test_the_path_runs_through_each_bonus_stop_and_is_lit_from_a_won_last_level(window, ctx):
    from game.render.map_paint import path_lines

    world, levels = _three_star(ctx)
    view = _open(ctx, window)
    order = [i for chain in view.chains for i in chain.tiles]
    pieces = path_lines(view.picture.layout, view.chains, view.tiles)
    assert [a for a, _ in pieces] == order[:-1]
    stop = view.chains[0].tiles[-1]
    la, _, ra, ba = view.picture.layout.tiles[levels[-1].index]
    _, ts, _, _ = view.picture.layout.tiles[stop]
    mid = round((la + ra) / 2)
    stub = view.picture.canvas.pixels()[round(ba):round(ts), mid - 2:mid + 3]
    assert _has_colour(stub, ctx.theme.star, 2)  # the way into the stop is lit: its world's last level is won
    assert view.tiles[stop].won and not view.tiles[view.chains[1].tiles[-1]].won


def test_an_open_bonus_stop_plays_its_next_level_and_never_becomes_the_campaigns_next(window, ctx):
    _three_star(ctx)
    campaign_next = ctx.next_level()
    view = _open(ctx, window)
    stop_tile = view.chains[0].tiles[-1]
    stop = view.stops[stop_tile]
    assert view.tiles[stop_tile].state == "open" and view.tiles[stop_tile].of == 9
    assert "0 of 9 stars" in view.info_line(stop_tile) and f"Enter plays {ctx.bonus.levels[0].name}" in view.info_line(
        stop_tile)
    assert view.maze_of(stop_tile) is ctx.bonus.levels[0] and view.next_index == campaign_next.index
    view.activate(stop_tile)
    play = window.current_view
    assert isinstance(play, PlayView) and play.level is ctx.bonus.levels[0]
    following = ctx.win_level(ctx.bonus.levels[0], 2)  # the win's "Next level": on in the bonus world
    assert following is ctx.bonus.levels[1]
    assert ctx.next_level() == campaign_next and not ctx.is_bonus(ctx.next_level())  # Continue: the campaign's
    view = _open(ctx, window)
    stop_tile = view.chains[0].tiles[-1]
    assert view.stops[stop_tile].got == 2 and view.maze_of(stop_tile) is ctx.bonus.levels[1]
    assert view.next_index == campaign_next.index
    view.activate(stop_tile)
    assert window.current_view.level is ctx.bonus.levels[1]
    assert stop.name == "Square Gardens Bonus"


def test_the_map_with_bonus_stops_fits_every_theme_at_800x600_and_1920x1080(window, ctx):
    from layout_check import check_layout

    _three_star(ctx)
    for theme in ("dark", "light", "contrast"):
        ctx.set_theme(theme)
        for size in ((800, 600), (1920, 1080)):
            view = routes.levels(ctx)
            assert check_layout(window, view, *size) == [], (theme, size)
            stop = view.chains[-1].tiles[-1]
            view.focus = stop
            view.show_focus()  # scrolled into view, with its text painted inside its tile
            l, b, r, t = view.tile_rect(stop)
            assert 0 <= b and t <= window.height
