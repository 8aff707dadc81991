"""One "next" everywhere (issue 44, item 1): the menu's Continue, the map's next mark and the win's "Next level"
come from one function (:meth:`game.context.Context.next_level` over
:meth:`engine.modes.campaign.Campaign.next_to_play`) and name the same level, after winning levels 1 and 2 from a
first launch and again after a restart (a new store on the same file)."""

from __future__ import annotations

from tests.test_game_win_screens import maze_win


def _three(ctx, win_next):
    """What the menu's Continue, the map's next mark and the win's Next level name (campaign indexes)."""
    from game.shell.levels import LevelsView
    from game.shell.menu import MenuView

    menu = MenuView(ctx)
    board = LevelsView(ctx)
    marked = [i for i, t in enumerate(board.tiles) if t.next]
    assert len(marked) == 1  # one next mark on the map
    assert menu.continue_text.startswith(f"Continue · {menu.next_level.index + 1}. ")
    assert win_next is not None
    return menu.next_level.index, marked[0], win_next.index


def test_menu_map_and_win_name_the_same_next_level_after_two_wins_and_after_a_restart(window, ctx, tmp_path):
    from game.context import Context
    from game.store import Store

    levels = ctx.campaign.levels
    assert ctx.next_level() is levels[0]  # a first launch: level 1
    win, _, _ = maze_win(window, ctx, detour=False, level=levels[0])
    assert win.next_level is levels[1]
    win, _, _ = maze_win(window, ctx, detour=False, level=levels[1])
    assert _three(ctx, win.next_level) == (2, 2, 2)
    assert f"Next: 3. {levels[2].name}" in win.line_values  # the win names it too
    # level 3 won too (level 4 opened), then level 1 played again: the win's next is still the one the menu
    # continues with (level 4), not simply the level after the one won
    ctx.store.complete_level(levels[2].id, 1, levels[3].id)
    win, _, _ = maze_win(window, ctx, detour=False, level=levels[0])
    assert _three(ctx, win.next_level) == (3, 3, 3)
    path = ctx.store.path
    ctx.store.close()
    again = Context(window, store=Store(path), audio=ctx.audio)  # a restart: a new store on the same file
    try:
        nxt = again.next_level()
        assert nxt is not None and _three(again, nxt) == (3, 3, 3)
    finally:
        again.store.close()
        ctx.store = Store(path)  # the fixture closes its own


def test_the_next_level_of_a_bonus_world_stays_in_it(window, ctx):
    bonus = ctx.bonus
    first = bonus.levels[0]
    assert ctx.is_bonus(first) and not ctx.is_bonus(ctx.campaign.levels[0])
    nxt = ctx.win_level(first, 2)
    assert nxt is bonus.levels[1] and nxt.world == first.world
    assert bonus.levels[1].id in ctx.store.unlocked()
    last = [lv for lv in bonus.levels if lv.world == first.world][-1]
    assert ctx.win_level(last, 3) is None  # the end of a bonus world: no next into another world
    assert ctx.next_level() is ctx.campaign.levels[0]  # bonus wins never move the campaign's next


def test_the_win_says_what_its_stars_bought(window, ctx):
    from engine.modes.rewards import TABLE

    diamond = next(r for r in TABLE if r.id == "diamond")
    levels = ctx.campaign.levels
    for lv in levels[1:1 + (diamond.stars - 1) // 2]:
        ctx.store.complete_level(lv.id, 2, None)
    have = ctx.wallet().total
    assert have < diamond.stars
    win, s, _ = maze_win(window, ctx, detour=False, level=levels[0])
    assert have + s.stars >= diamond.stars  # the shortest way at once: 3 stars
    assert win.line_values[-1].startswith("Unlocked: Diamond (player mark)")
    win, _, _ = maze_win(window, ctx, detour=False, level=levels[0])  # nothing new bought the second time
    assert not any(v.startswith("Unlocked") for v in win.line_values)
