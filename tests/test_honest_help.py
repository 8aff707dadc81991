"""Help that is visible and honest: the distance line (M) is one game's choice (its button says on or off, a new
game or a restart starts without it, it is never saved), and a game is "Assisted" only when a help was used in it;
the solver's name on screen is in players' words (how it works is under Advanced)."""

from __future__ import annotations

from engine.puzzle.deal import Deal, deal_session
from engine.puzzle.solving import solver_label, solver_method
from game.puzzle.settings import PuzzleSettings
from tests.test_game_records import press


def _legal_key(session) -> str:
    from tests.test_game_puzzle import KEY_FOR_TILE_MOVE

    return KEY_FOR_TILE_MOVE[session.board.legal_moves()[0]]


def test_the_distance_line_stays_in_its_game_and_its_button_says_so(ctx):
    from game.puzzle.view import PuzzleView

    deal = Deal(3, 3, seed=4)
    view = PuzzleView(ctx, deal_session(deal), deal=deal)
    view.settings.animate = False
    ctx.window.show_view(view)
    view.on_update(1 / 60)
    button = view.panel.buttons["meter"]
    assert button.text.startswith("Distance off") and not button.active
    press(ctx.window, "M")
    view.on_update(1 / 60)
    assert view.settings.meter and button.text.startswith("Distance on") and button.active
    press(ctx.window, _legal_key(view.session))
    view.on_update(1 / 60)
    assert view.session.assisted  # the line was shown while playing: help used
    press(ctx.window, "N")  # a new game: no help carried into it
    view.on_update(1 / 60)
    assert not view.settings.meter and button.text.startswith("Distance off") and not button.active
    press(ctx.window, _legal_key(view.session))
    view.on_update(1 / 60)
    assert view.session.moves == 1 and not view.session.assisted
    press(ctx.window, "M")
    view.on_update(1 / 60)
    press(ctx.window, "R")  # a restart is a fresh attempt: the line is off again, and said
    view.on_update(1 / 60)
    assert not view.settings.meter and "distance line is off" in view.message
    press(ctx.window, _legal_key(view.session))
    view.on_update(1 / 60)
    assert not view.session.assisted and button.text.startswith("Distance off")
    assert not ctx.store.setting("puzzle.meter")  # never saved


def test_an_old_saved_distance_line_is_not_carried_into_a_game(ctx):
    ctx.store.set_setting("puzzle.meter", "1")
    assert PuzzleSettings.load(ctx.store).meter is False


def test_solver_names_on_screen_are_players_words():
    assert [solver_label(k) for k in ("fast", "optimal", "table", "near-optimal")] == [
        "quick", "optimal", "optimal", "near-optimal"]
    assert solver_method("fast") == "fast A* (seed)"  # the Advanced statistics keep how it works
