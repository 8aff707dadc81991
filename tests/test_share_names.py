"""Share lines and the daily say a level as players name it: a campaign level's share line names the level, not
its grid ("square 12×9"); the daily maze has one name (grid in players' words and size) in the Dailies, on its play
screen and in its share line."""

from __future__ import annotations

import datetime as dt

from engine.maze.recipe import MazeSpec
from engine.modes.daily import daily_spec, utc_today
from engine.share.lines import ShareSummary, share_line
from game import routes
from game.format import daily_maze_name
from tests.test_game_win_screens import maze_win

ENGINE_WORDS = ("backtracker", "wilson", "kruskal", "eller", "prim", "(shaped)", "hand-made")


def test_a_named_level_is_named_in_its_share_line():
    level = MazeSpec.create("square", 12, 9, "backtracker", seed=3).level()
    line = share_line(ShareSummary.of_level(level, name="12. Braided Gardens"), 41.07, 57, 51, 2)
    assert line.startswith("Tessera · 12. Braided Gardens · 0:41.07 · 57 moves")
    assert "12×9" not in line and "square" not in line
    assert ShareSummary.of_level(level.with_dark(), name="Night Walk").title() == "Tessera · Night Walk, dark"
    assert ShareSummary.of_level(level).title() == "Tessera · square 12×9"  # no name: the grid
    day = dt.date(2026, 11, 26)  # a daily is its date and grid, whatever it is called on screen
    assert ShareSummary.of_level(level, day, "Daily").title() == "Tessera daily 2026-11-26 · square 12×9"


def test_a_campaign_win_shares_the_level_by_its_name(window, ctx):
    level = ctx.campaign.levels[0]
    win, s, _ = maze_win(window, ctx, level=level)
    assert win.share.line.startswith(f"Tessera · {level.index + 1}. {level.name} · ")
    assert f"{s.level.width}×{s.level.height}" not in win.share.line


def test_the_daily_has_one_name_everywhere(window, ctx):
    spec = daily_spec(utc_today())
    name = daily_maze_name(spec)
    dailies = routes.dailies(ctx)
    window.show_view(dailies)
    assert dailies.maze_btn.text == f"Maze · {name}"
    play = routes.daily(ctx)
    assert play.title_text.endswith(f" · {name}")
    line = share_line(ShareSummary.of_level(spec.level(), utc_today()), 60.0, 40, 38, 1)
    assert f" · {name} · " in line
    for text in (dailies.maze_btn.text, play.title_text, line):
        assert not any(word in text for word in ENGINE_WORDS)
    hexagon = MazeSpec.create("hex", 20, 14, "wilson", seed=1)
    assert daily_maze_name(hexagon) == "hexagon 20×14"
