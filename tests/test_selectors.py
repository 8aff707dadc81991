"""`< value >` selectors on the setup screens: the focused choice shows its value between < and >, Right and
Left step it forward and back (keyboard, remapped keys, a controller's d-pad all go through the key table),
Up/Down move the focus and the marks follow."""

from __future__ import annotations

import pytest
from arcade import key

from game import routes


def press(window, symbol):
    window.dispatch_event("on_key_press", symbol, 0)
    window.dispatch_event("on_key_release", symbol, 0)


@pytest.mark.parametrize("route", [routes.race_setup, routes.lab_setup], ids=["race-setup", "lab-setup"])
def test_focused_choice_is_a_selector_that_left_right_change(window, ctx, route):
    view = ctx.go(route)
    view.on_draw()
    size = view.choice_buttons["size"]
    while view.buttons[view.focus] is not size:
        press(window, key.DOWN)
    first = view.choice_labels["size"]()
    assert size.text == f"<  {first}  >"
    assert all(not b.text.startswith("<") for n, b in view.choice_buttons.items() if n != "size")
    press(window, key.RIGHT)
    second = view.choice_labels["size"]()
    assert second != first and size.text == f"<  {second}  >" and view.buttons[view.focus] is size
    press(window, key.LEFT)
    assert view.choice_labels["size"]() == first
    press(window, key.DOWN)
    assert not size.text.startswith("<") and view.buttons[view.focus] is not size


def test_remapped_menu_keys_drive_the_selector(window, ctx):
    ctx.keys.bind("menu.right", 0, key.L)
    view = ctx.go(routes.race_setup)
    view.focus = view.buttons.index(view.choice_buttons["shape"])
    view.refresh()
    before = view.choice_labels["shape"]()
    press(window, key.L)
    assert view.choice_labels["shape"]() != before


def test_puzzle_setup_rows_are_selectors(window, ctx):
    from game.puzzle.setup import PuzzleSetupView

    view = PuzzleSetupView(ctx)
    window.show_view(view)
    view.on_draw()
    assert view.t_custom.text == "Board: <  4  > wide x 4 high"  # the width row first
    press(window, key.RIGHT)
    assert (view.width_, view.height_) == (5, 4)
    press(window, key.DOWN)
    press(window, key.LEFT)
    assert (view.width_, view.height_) == (5, 3) and view.t_custom.text == "Board: 5 wide x <  3  > high"
    press(window, key.DOWN)  # shuffle
    assert view.t_shuffle.text == "Shuffle: <  uniform random  >"
    press(window, key.RIGHT)
    assert view.shuffle == "moves"
    press(window, key.DOWN)  # mixing moves
    press(window, key.RIGHT)
    assert view.mix == 150 and "<  150  >" in view.t_mix.text
    press(window, key.DOWN)  # picture
    press(window, key.RIGHT)
    assert view.picture != "" and view.t_picture.text.startswith("Picture: <  ")
    press(window, key.LEFT)
    assert view.picture == ""
    assert "<" not in view.t_custom.text
