"""A screen that is gone is freed: arcade.gui kept every screen whose buttons sit in a layout (race setup, Lab setup,
the Lab, a race, its result) for the rest of the session, with its texts, GL buffers and maze
(game/ui/arcade_speed.py, "Screens kept forever")."""

from __future__ import annotations

import gc
import weakref

import arcade
import pytest

from game import routes
from game.ui.arcade_speed import GUI_VALUES


def test_importing_game_ui_keeps_property_values_on_the_widgets() -> None:
    from arcade.gui.property import Property

    import game.ui  # noqa: F401 - installs it

    assert getattr(Property._get_obs, "_tessera_on_widget", False)


def test_a_layout_whose_button_closes_over_its_owner_is_freed(window) -> None:
    from game.ui import ActionButton, gui

    class Owner:
        def __init__(self) -> None:
            self.box = gui.UIBoxLayout()
            self.clicks = 0
            button = ActionButton("Go")
            button.on_click = lambda _event: setattr(self, "clicks", self.clicks + 1)  # type: ignore[method-assign]
            self.box.add(button)

    owner = Owner()
    gone = weakref.ref(owner)
    assert len(owner.box.children) == 1 and GUI_VALUES in vars(owner.box)  # the value lives on the widget
    del owner
    gc.collect()
    assert gone() is None


def test_bound_listeners_still_fire_and_keep_their_order(window) -> None:
    from arcade.gui import Property, bind

    class Thing:
        value = Property(0)

    heard: list[str] = []
    thing = Thing()
    bind(thing, "value", lambda: heard.append("first"))
    bind(thing, "value", lambda: heard.append("second"))
    thing.value = 3
    thing.value = 3  # equal: no event
    assert thing.value == 3 and heard == ["first", "second"]
    assert Thing().value == 0  # each object has its own value


@pytest.mark.parametrize("route", ["race_setup", "lab_setup", "lab", "puzzle_setup", "settings", "records"])
def test_a_screen_left_for_the_menu_is_freed(window, ctx, route) -> None:
    view = getattr(routes, route)(ctx)
    ctx.show(view)
    view.on_draw()
    gone = weakref.ref(view)
    ctx.show(routes.menu(ctx))
    window.current_view.on_draw()
    del view
    gc.collect()
    assert gone() is None, f"{route}: still held by {[type(r).__name__ for r in gc.get_referrers(gone())][:6]}"
    assert isinstance(window.current_view, arcade.View)
