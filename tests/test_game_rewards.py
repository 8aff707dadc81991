"""Rewards in the game: a chosen look is saved and stands after a restart, a locked one is refused (by the
Context, by Settings' buttons and on the Rewards page, which says what it needs), the chosen mark is what the
play screen draws, and the Rewards page and Settings fit the window at 800x600 in every theme."""

from __future__ import annotations

import arcade
import pytest

from engine.modes.rewards import RewardLocked


def _give(ctx, n: int) -> None:
    """Win campaign levels for ``n`` stars (2 a level: no world 3-starred)."""
    for lv in ctx.campaign.levels[: n // 2]:
        ctx.store.complete_level(lv.id, 2, None)


def test_a_chosen_look_is_saved_and_a_locked_one_refused(window, ctx):
    from game.context import Context
    from game.store import Store

    with pytest.raises(RewardLocked, match="more stars"):
        ctx.choose("mark", "diamond")
    with pytest.raises(RewardLocked):
        ctx.set_theme("ember")
    assert ctx.store.setting("mark") == "" and ctx.theme.mark == "dot" and ctx.theme.name == "dark"
    _give(ctx, 40)
    ctx.choose("mark", "ring")
    ctx.choose("trail", "mint")
    ctx.choose("theme", "dusk")
    assert (ctx.theme.name, ctx.theme.mark, ctx.chosen("trail")) == ("dusk", "ring", "mint")
    with pytest.raises(RewardLocked):
        ctx.choose("mark", "star")  # 60 stars
    again = Context(window, store=Store(ctx.store.path), audio=ctx.audio)  # a restart
    try:
        assert (again.theme.name, again.theme.mark, again.chosen("trail")) == ("dusk", "ring", "mint")
        from game.render.looks import trail_colour

        assert again.theme.trail == trail_colour("mint", again.theme)
    finally:
        again.store.close()


def test_a_save_naming_looks_not_bought_falls_back_to_the_free_ones(window, ctx):
    from game.context import Context
    from game.store import Store

    for k, v in (("theme", "ocean"), ("mark", "hexagon"), ("trail", "gold")):
        ctx.store.set_setting(k, v)  # a save edited by hand
    again = Context(window, store=Store(ctx.store.path), audio=ctx.audio)
    try:
        assert (again.theme.name, again.theme.mark, again.chosen("trail")) == ("dark", "dot", "soft")
    finally:
        again.store.close()


def test_the_rewards_page_refuses_a_locked_item_and_uses_an_open_one(window, ctx):
    from engine.modes.rewards import KINDS
    from game import routes

    _give(ctx, 10)
    view = routes.rewards(ctx, kind="mark")
    ctx.show(view)
    labels = [b.text for b in view.buttons]
    star = labels.index("Star · 60 stars, locked")
    view.focus = star
    view.activate(star)
    assert view.focused_line() == "Star is locked: 50 more stars." and ctx.chosen("mark") == "dot"
    diamond = labels.index("Diamond · open")
    view.activate(diamond)
    assert ctx.chosen("mark") == "diamond" and ctx.store.setting("mark") == "diamond"
    assert view.buttons[diamond].text == "Diamond · in use"
    view.activate(KINDS.index("bonus"))
    bonus = [b.text for b in view.buttons[len(KINDS):-1]]
    assert len(bonus) == 14 and all(t.endswith("· locked") for t in bonus)
    view.activate(len(KINDS))  # a locked bonus world: says what it needs, plays nothing
    assert window.current_view is view and "3 stars on every level of" in view.focused_line()


def test_a_three_starred_world_opens_its_bonus_world_to_play(window, ctx):
    from engine.modes.rewards import KINDS
    from game import routes
    from game.play.view import PlayView

    world = ctx.campaign.by_world()[0][1]
    for lv in world:
        ctx.store.complete_level(lv.id, 3, None)
    view = routes.rewards(ctx, kind="bonus")
    ctx.show(view)
    assert view.buttons[len(KINDS)].text == "Square Gardens Bonus · 0/9 stars"
    view.activate(len(KINDS))
    play = window.current_view
    assert isinstance(play, PlayView) and play.level is ctx.bonus.levels[0]


def test_the_play_screen_draws_the_chosen_mark(window, ctx):
    from game.play.marks import draw_player
    from game.render.looks import dressed

    def centre_colour(mark: str) -> tuple[int, ...]:
        t = dressed(ctx.theme, mark)
        window.clear(color=t.floor)
        window.default_camera.use()
        draw_player(t, 200, 200, 40, 1.0, None)
        image = arcade.get_image().convert("RGB")
        return image.getpixel((200, image.size[1] - 1 - 200)), image.getpixel((200 + 24, image.size[1] - 1 - 224))

    dot_centre, dot_corner = centre_colour("dot")
    ring_centre, _ = centre_colour("ring")
    diamond_centre, diamond_corner = centre_colour("diamond")
    t = ctx.theme
    assert dot_centre == t.player[:3] and ring_centre == t.floor[:3] and diamond_centre == t.player[:3]
    assert diamond_corner == t.floor[:3] != dot_corner  # a diamond leaves the disc's corner empty


@pytest.mark.parametrize("theme", ["dark", "light", "contrast"])
@pytest.mark.parametrize("kind", ["theme", "bonus"])
def test_the_rewards_page_fits_800x600(window, ctx, theme, kind):
    from layout_check import set_window_size

    from game import routes

    ctx.set_theme(theme)
    set_window_size(window, 800, 600)
    view = routes.rewards(ctx, kind=kind)
    ctx.show(view)
    view.on_draw()
    assert not view.spills(800, 600)
    lowest = min(b.rect.bottom for b in view.buttons)
    assert lowest > view.line.y + view.line.content_height  # the bottom line under the buttons, not over them


@pytest.mark.parametrize("name", ["dusk", "meadow", "ember", "ocean"])
def test_a_theme_stars_buy_is_as_legible_as_its_base_theme(name):
    from game.puzzle.widgets import tile_colors
    from game.render.theme import EXTRA_THEMES, THEMES, contrast_ratio

    t = EXTRA_THEMES[name]
    base = THEMES[t.family]
    assert t.family in ("dark", "light") and t.family != t.name

    def pairs(th):
        fill, _, ink = tile_colors(th, False)
        return {"text": (th.text, th.background), "dim": (th.text_dim, th.background),
                "accent": (th.accent, th.background), "button": (th.button_text, th.button),
                "hover": (th.button_text, th.button_hover), "disabled": (th.disabled_text, th.locked),
                "panel": (th.text, (*th.panel[:3], 255)), "wall": (th.wall, th.floor), "player": (th.player, th.floor),
                "star": (th.star, th.background), "focus": (th.focus, th.background), "tile": (fill, ink)}

    mine, theirs = pairs(t), pairs(base)
    low = {k: round(contrast_ratio(*v), 2) for k, v in mine.items()
           if contrast_ratio(*v) < min(4.5, contrast_ratio(*theirs[k]) - 0.05)}
    assert low == {}
