"""Coming back from a page an entry opened, that entry has the focus again (not the first): Settings after Keys,
the Dailies after a daily puzzle or maze; leaving with Esc or Back starts the next visit at the top."""

from __future__ import annotations

from arcade import key

from game import routes
from game.shell.dailies import DailiesView
from game.shell.settings import SettingsView


def press(window, symbol: int) -> None:
    window.dispatch_event("on_key_press", symbol, 0)
    window.dispatch_event("on_key_release", symbol, 0)


def entry(view, label: str) -> int:
    return next(i for i, b in enumerate(view.buttons) if b.text.startswith(label))


def test_settings_focus_keys_again_after_keys(window, ctx):
    settings = routes.settings(ctx)
    window.show_view(settings)
    keys = entry(settings, "Keys")
    assert settings.focus == 0 != keys
    settings.focus = keys
    press(window, key.ENTER)
    page = window.current_view
    assert not isinstance(page, SettingsView)
    press(window, key.ESCAPE)  # Keys: back to Settings
    again = window.current_view
    assert isinstance(again, SettingsView) and again is not settings
    assert again.focus == keys
    press(window, key.ESCAPE)  # Settings: back to the menu
    fresh = routes.settings(ctx)
    window.show_view(fresh)
    assert fresh.focus == 0  # a new visit starts at the top


def test_a_toggle_is_not_remembered(window, ctx):
    settings = routes.settings(ctx)
    window.show_view(settings)
    settings.activate(settings.buttons.index(settings.motion_btn))  # a toggle: the screen stays
    settings.activate(settings.buttons.index(settings.motion_btn))
    assert window.current_view is settings
    settings.back()
    fresh = routes.settings(ctx)
    window.show_view(fresh)
    assert fresh.focus == 0


def test_the_dailies_focus_the_daily_puzzle_after_it(window, ctx):
    from game.puzzle.view import PuzzleView

    dailies = routes.dailies(ctx)
    window.show_view(dailies)
    three = dailies.buttons.index(dailies.puzzle_btns[0])
    assert dailies.focus == 0 != three
    dailies.activate(three)
    for _ in range(2000):  # the 3x3 par is proven in the background (a fraction of a second)
        if isinstance(window.current_view, PuzzleView):
            break
        if dailies.task is not None:
            dailies.task.wait(0.05)
        dailies.on_update(1 / 60)
    puzzle = window.current_view
    assert isinstance(puzzle, PuzzleView)
    puzzle.back()
    again = window.current_view
    assert isinstance(again, DailiesView) and again is not dailies
    assert again.focus == three


def test_the_dailies_focus_the_maze_after_it(window, ctx):
    dailies = routes.dailies(ctx)
    window.show_view(dailies)
    rules = dailies.buttons.index(dailies.rules_btn)
    dailies.activate(rules)
    play = window.current_view
    assert not isinstance(play, DailiesView)
    play.back()  # not started: leaves at once
    again = window.current_view
    assert isinstance(again, DailiesView) and again.focus == rules
