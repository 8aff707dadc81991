"""Levels 1-3 each teach one control (issue 44): hold to run in a long corridor, click to walk, a maze full of
forks.  Their mazes already are that (and never change: golden codes); each carries its lesson in players' words
(the ``lesson`` field, never part of a code), which the map's line and the win before it say."""

from __future__ import annotations

import pytest

from engine.maze.analysis import maze_stats
from engine.modes.campaign import LESSON_MAX, load_file, shipped_campaign
from tests.test_game_win_screens import maze_win


def test_levels_one_to_three_are_shaped_for_their_lesson_and_say_it():
    first, second, third = shipped_campaign().levels[:3]
    lessons = [lv.lesson for lv in (first, second, third)]
    assert all(lessons) and len(set(lessons)) == 3 and all(len(x) <= LESSON_MAX for x in lessons)
    assert "run" in first.lesson and "Click" in second.lesson and "fork" in third.lesson
    one, three = maze_stats(first.level().maze), maze_stats(third.level().maze)
    assert one["junction_count"] <= 1 and one["corridor_length_max"] >= 15  # one long corridor: hold to run
    assert three["junction_count"] >= 10 and three["dead_ends"] >= 10  # forks everywhere
    assert all(not lv.lesson for lv in shipped_campaign().levels[3:])


@pytest.mark.parametrize("value, phrase", [("3", "must be of type str"), ('"' + "x" * 81 + '"', "at most 80")])
def test_a_bad_lesson_is_one_sentence_naming_the_file_level_and_field(tmp_path, value, phrase):
    f = tmp_path / "w.toml"
    f.write_text('[world]\nname = "W"\n\n[[level]]\nid = "w-1"\nname = "One"\nshape = "square"\nwidth = 4\n'
                 f'height = 4\nalgorithm = "backtracker"\nseed = 1\npar_time = 9\npar_moves = 9\nlesson = {value}\n')
    with pytest.raises(ValueError) as info:
        load_file(f)
    msg = str(info.value)
    assert "w.toml" in msg and "'w-1'" in msg and "lesson" in msg and phrase in msg and "\n" not in msg


def test_the_map_line_and_the_win_before_it_say_the_lesson(window, ctx):
    from game.shell.levels import LevelsView

    levels = ctx.campaign.levels
    board = LevelsView(ctx)
    assert levels[0].lesson in board.info_line(0) and levels[2].lesson in board.info_line(2)
    assert levels[3].name in board.info_line(3)
    win, _, _ = maze_win(window, ctx, detour=False, level=levels[0])
    assert win.next_level is levels[1] and f"Tip for it: {levels[1].lesson}" in win.line_values


def test_the_maze_footer_starts_with_its_lesson_and_only_there(window, ctx):
    from game.play.open import open_level

    levels = ctx.campaign.levels
    first = open_level(ctx, levels[0])
    assert first.help_line.startswith(f"{levels[0].lesson} · ") and first.hud_help.text == first.help_line
    fourth = open_level(ctx, levels[3])
    assert not any(lv.lesson in fourth.help_line for lv in levels[:3])
