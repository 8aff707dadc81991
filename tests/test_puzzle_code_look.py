"""A friend's puzzle code and the puzzle daily open as the code says (its picture or numbered tiles, numbers on),
never with the player's last custom picture or "numbers off"; the player's choice stays for their own games
(issue 44, item 16)."""

from __future__ import annotations

import datetime as dt

import pytest
from PIL import Image

from engine.modes.daily import puzzle_daily
from engine.puzzle.codes import decode
from game.puzzle.pictures import FILE_PREFIX

PLAIN = "P2.4X4.U#1KA-DO"  # a friend's code without a picture


@pytest.fixture
def player_look(ctx, tmp_path):
    """The player's last choice: their own picture file, numbers off (saved)."""
    photo = tmp_path / "mine.png"
    Image.new("RGB", (64, 64), (200, 40, 40)).save(photo)
    choice = FILE_PREFIX + str(photo.resolve())
    ctx.store.set_setting("puzzle.picture", choice)
    ctx.store.set_setting("puzzle.numbers", "0")
    return choice


def test_a_friends_code_opens_numbered_not_in_the_players_last_picture(ctx, player_look):
    from game.puzzle.open import open_code, puzzle_view

    for view in (puzzle_view(ctx, PLAIN), open_code(ctx, PLAIN)):
        assert view.picture == "" and view.board.picture == ""
        assert view.numbers and view.board.numbers


def test_a_code_naming_a_picture_shows_it_with_numbers_and_I_changes_only_that_game(ctx, player_look):
    from game.puzzle.open import puzzle_view

    view = puzzle_view(ctx, decode(PLAIN).with_picture("maze").code())
    ctx.window.show_view(view)
    assert view.picture == "maze" and view.board.numbers  # the code's look: its picture, numbers on
    view.toggle_numbers()
    assert not view.board.numbers and ctx.store.setting("puzzle.numbers") == "0"
    view.toggle_numbers()
    assert view.board.numbers and ctx.store.setting("puzzle.numbers") == "0"  # the player's choice is untouched
    assert ctx.store.setting("puzzle.picture") == player_look


def test_the_daily_opens_numbered_whatever_the_player_chose(ctx, player_look):
    from game.puzzle.open import daily_view

    view = daily_view(ctx, puzzle_daily(dt.date(2026, 11, 26), 3))
    assert view.picture == "" and view.board.picture == "" and view.board.numbers
    assert ".I" not in view.shown_code  # its shown code names no picture either


def test_the_players_own_game_keeps_their_picture_and_numbers_off(ctx, player_look):
    from game.puzzle.setup import PuzzleSetupView

    setup = PuzzleSetupView(ctx)
    ctx.window.show_view(setup)
    setup.play()
    view = ctx.window.current_view
    assert view.own and view.picture == player_look and not view.numbers and not view.board.numbers
    view.toggle_numbers()  # in an own game, I is saved
    assert ctx.store.setting("puzzle.numbers") == "1"
    # a code typed into the setup is a friend's: its own look
    setup = PuzzleSetupView(ctx, code_text=PLAIN)
    ctx.window.show_view(setup)
    assert setup.open_code()
    view = ctx.window.current_view
    assert not view.own and view.picture == ""
