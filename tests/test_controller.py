"""Game controllers without hardware: fake controllers (pyglet event dispatchers) feed d-pad, stick and button
events through game.ui.controller.Pads into the real screens, and a fake manager plugs them in and out."""

from __future__ import annotations

import pyglet
from arcade import key

from engine.maze.recipe import MazeSpec
from game import routes
from game.ui.controller import DEAD_ZONE, Pads, stick_directions

SPEC = MazeSpec.create("square", 6, 5, "backtracker", seed=4)


class FakePad(pyglet.event.EventDispatcher):
    """What Pads needs of a pyglet Controller: a name, open/close and its events."""

    def __init__(self, name: str = "Test Pad") -> None:
        self.name = name
        self.opened = False

    def open(self, window=None, exclusive=False) -> None:
        self.opened = True

    def close(self) -> None:
        self.opened = False


for _event in ("on_button_press", "on_button_release", "on_stick_motion", "on_dpad_motion", "on_trigger_motion"):
    FakePad.register_event_type(_event)


class FakeManager(pyglet.event.EventDispatcher):
    def __init__(self, present=()) -> None:
        self.present = list(present)

    def get_controllers(self):
        return list(self.present)


FakeManager.register_event_type("on_connect")
FakeManager.register_event_type("on_disconnect")


def test_stick_dead_zone_and_diagonals():
    assert stick_directions(0.0, 0.0) == frozenset()
    assert stick_directions(DEAD_ZONE * 0.9, -DEAD_ZONE * 0.9) == frozenset()  # drift inside the dead zone
    assert stick_directions(0.9, 0.1) == {"right"}
    assert stick_directions(-0.2, -0.8) == {"down"}
    assert stick_directions(0.7, 0.7) == {"right", "up"}
    assert stick_directions(0.9, 0.4) == {"right"}  # a slight slant is not a diagonal


def test_dpad_and_buttons_drive_the_menu_and_hot_plug(window, ctx):

    sent = []
    pads = ctx.pads
    pads.send = lambda event, sym: (sent.append((event, sym)), window.dispatch_event(event, sym, 0))
    manager = FakeManager()
    assert pads.start(manager) and pads.describe() == "Controller: none"
    settings = ctx.go(routes.settings)
    assert settings.pad_line.text == "Controller: none"
    pad = FakePad("Test Pad")
    manager.dispatch_event("on_connect", pad)
    assert pad.opened and settings.pad_line.text == "Controller: Test Pad"
    menu = ctx.go(routes.menu)
    menu.focus = 0
    pad.dispatch_event("on_dpad_motion", pad, pyglet.math.Vec2(0, -1))  # down
    pad.dispatch_event("on_dpad_motion", pad, pyglet.math.Vec2(0, 0))
    assert menu.focus == 1
    assert sent[-2:] == [("on_key_press", key.DOWN), ("on_key_release", key.DOWN)]
    menu.focus = 1  # Play >: its group opens
    pad.dispatch_event("on_button_press", pad, "a")
    assert window.current_view is menu and menu.group == "play"
    pad.dispatch_event("on_button_press", pad, "a")  # Campaign, the group's first entry
    levels = window.current_view
    assert levels is not menu
    pad.dispatch_event("on_button_press", pad, "b")  # back
    assert window.current_view is not levels
    settings = ctx.go(routes.settings)
    manager.dispatch_event("on_disconnect", pad)
    assert not pad.opened and settings.pad_line.text == "Controller: none"
    count = len(sent)
    pad.dispatch_event("on_dpad_motion", pad, pyglet.math.Vec2(0, -1))  # a gone controller sends nothing
    assert len(sent) == count


def test_left_stick_moves_and_holds_in_a_maze_and_follows_remapped_keys(window, ctx):
    from engine.level import Level, NamedLevel
    from engine.maze.solvers import solve
    from game.play.view import PlayView

    maze = SPEC.build()
    first = solve(maze, "bfs").path[1]
    (x0, y0), (x1, y1) = maze.grid.centers[maze.start], maze.grid.centers[first]
    vec = ((1 if x1 > x0 else -1), 0) if abs(x1 - x0) > abs(y1 - y0) else (0, (1 if y1 > y0 else -1))
    name = {(1, 0): "right", (-1, 0): "left", (0, 1): "up", (0, -1): "down"}[vec]
    ctx.keys.bind(f"maze.{name}", 0, key.L)  # the controller presses the first key of the action
    pads = Pads(lambda event, sym: window.dispatch_event(event, sym, 0), lambda: window.current_view.key_context)
    pad = FakePad()
    pads.start(FakeManager([pad]))
    view = PlayView(ctx, NamedLevel(Level(maze), SPEC.code(), "pad"))
    window.show_view(view)
    pad.dispatch_event("on_stick_motion", pad, "leftstick", pyglet.math.Vec2(vec[0] * 0.2, vec[1] * 0.2))
    for _ in range(15):
        view.on_update(1 / 60)
    assert view.session.cell == maze.start  # inside the dead zone
    pad.dispatch_event("on_stick_motion", pad, "leftstick", pyglet.math.Vec2(vec[0] * 0.9, vec[1] * 0.9))
    assert pads.held[id(pad)] == {key.L} and key.L in view.keys.held
    for _ in range(15):
        view.on_update(1 / 60)
    assert view.session.moves >= 1 and view.session.cell != maze.start  # held: it walks (and runs on)
    pad.dispatch_event("on_stick_motion", pad, "leftstick", pyglet.math.Vec2(0, 0))
    assert not view.keys.held


def test_two_controllers_are_the_two_players(window, ctx):
    from engine.modes.race.duo import DuoSession
    from game.race.duo import DuoView

    pads = Pads(lambda event, sym: window.dispatch_event(event, sym, 0), lambda: window.current_view.key_context)
    one, two = FakePad("one"), FakePad("two")
    pads.start(FakeManager([one, two]))
    view = DuoView(ctx, DuoSession(SPEC.level()))
    window.show_view(view)
    one.dispatch_event("on_dpad_motion", one, pyglet.math.Vec2(0, 1))
    two.dispatch_event("on_dpad_motion", two, pyglet.math.Vec2(-1, 0))
    assert key.W in view.keys[0].held and key.LEFT in view.keys[1].held
    assert pads.describe() == "Controller: one, two"
