"""Game controllers (arcade 3's controller API, pyglet underneath) turned into the keys of the key table.

:class:`Pads` watches an ``arcade.ControllerManager`` for controllers coming and going (hot-plug) and
listens to each connected one.  It does not add a second input path to the screens: the d-pad and the
left stick (past :data:`DEAD_ZONE`) hold down, and A, B and Start press, the first key the key table
(:data:`game.ui.input.BINDINGS`) gives the matching action in the current screen's context — the screen's
``key_context`` attribute ("menu" when it has none) — through the window's ordinary key events.  So a
controller drives menus, mazes (holding the stick runs), the puzzle and the Lab exactly as the keyboard
does, and follows the player's remapping.  In a two-player race the first controller is player 1 and the
second player 2.

- d-pad / left stick -> up, down, left, right (two at once for a diagonal when both axes are well past
  the dead zone);
- A -> confirm (menus) / the context's confirming key; B -> Esc (back); Start -> pause (Esc where the
  screen has no pause action).

Nothing here needs hardware: tests hand :class:`Pads` a fake manager and fake controllers (any pyglet
``EventDispatcher`` with the controller events, a ``name``, ``open()`` and ``close()``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ui.input import BINDINGS, KEY_ESCAPE, KEY_RETURN, Bindings

#: Stick values (each axis -1..1) below this are rest: worn sticks never drift into a move.
DEAD_ZONE = 0.35
#: A stick counts as diagonal only when its smaller axis is at least this share of the larger one.
DIAGONAL_SHARE = 0.6
#: Direction name -> (x, y) sign it needs.
DIRECTIONS = (("up", 0, 1), ("down", 0, -1), ("left", -1, 0), ("right", 1, 0))


def stick_directions(x: float, y: float, dead_zone: float = DEAD_ZONE) -> frozenset[str]:
    """The direction names a stick (or d-pad) at ``(x, y)`` (each -1..1, y up) holds: none inside
    ``dead_zone``, one along the stronger axis, two for a clear diagonal (:data:`DIAGONAL_SHARE`)."""
    ax, ay = abs(x), abs(y)
    if max(ax, ay) < dead_zone:
        return frozenset()
    keep_x = ax >= dead_zone and ax >= DIAGONAL_SHARE * ay
    keep_y = ay >= dead_zone and ay >= DIAGONAL_SHARE * ax
    out = set()
    if keep_x:
        out.add("right" if x > 0 else "left")
    if keep_y:
        out.add("up" if y > 0 else "down")
    return frozenset(out)


class Pads:
    """The connected controllers and what they hold (module doc).

    Args:
        send: ``send(event, symbol)`` delivers ``"on_key_press"``/``"on_key_release"`` of a key symbol to the
            game (the window's ``dispatch_event`` with no modifiers).
        context: returns the current screen's key context ("menu", "maze", "duo", "puzzle", "lab", "editor").
        bindings: the key table (default :data:`game.ui.input.BINDINGS`).
        on_change: called after a controller connects or disconnects (e.g. to redraw Settings).
    """

    def __init__(
        self, send: Callable[[str, int], Any], context: Callable[[], str], bindings: Bindings | None = None,
        on_change: Callable[[], Any] | None = None,
    ) -> None:
        self.send = send
        self.context = context
        self.bindings = BINDINGS if bindings is None else bindings
        self.on_change = on_change
        self.manager: Any = None
        self.controllers: list[Any] = []
        #: Per controller (by id): the key symbols it holds down now (d-pad and stick together).
        self.held: dict[int, set[int]] = {}
        self._dpad: dict[int, frozenset[str]] = {}
        self._stick: dict[int, frozenset[str]] = {}

    # -- connecting ------------------------------------------------------------------
    def start(self, manager: Any = None) -> bool:
        """Watch ``manager`` (default: a new ``arcade.ControllerManager``) and take the controllers connected
        now.  Never raises: without a controller backend there are simply none; returns True if watching."""
        if manager is None:
            try:
                import arcade

                manager = arcade.ControllerManager()
            except Exception:  # no input backend (headless, no /dev/input): no controllers
                return False
        self.manager = manager
        manager.push_handlers(on_connect=self.connect, on_disconnect=self.disconnect)
        try:
            present = list(manager.get_controllers())
        except Exception:
            present = []
        for controller in present:
            self.connect(controller)
        return True

    def connect(self, controller: Any) -> None:
        """A controller arrived: open it and listen to it."""
        if controller in self.controllers:
            return
        try:
            controller.open()
        except Exception:  # a device that cannot be opened is not used
            return
        controller.push_handlers(on_button_press=self.button_press, on_button_release=self.button_release,
                                 on_dpad_motion=self.dpad_motion, on_stick_motion=self.stick_motion)
        self.controllers.append(controller)
        self._changed()

    def disconnect(self, controller: Any) -> None:
        """A controller left: release what it held, stop listening."""
        if controller not in self.controllers:
            return
        self._hold(controller, frozenset(), frozenset())
        self.controllers.remove(controller)
        for table in (self.held, self._dpad, self._stick):
            table.pop(id(controller), None)
        try:
            controller.remove_handlers(on_button_press=self.button_press, on_button_release=self.button_release,
                                       on_dpad_motion=self.dpad_motion, on_stick_motion=self.stick_motion)
            controller.close()
        except Exception:  # already gone
            pass
        self._changed()

    def names(self) -> list[str]:
        """The connected controllers' names (for Settings)."""
        return [str(getattr(c, "name", "") or "controller") for c in self.controllers]

    def describe(self) -> str:
        """``"Controller: <name>"`` (more than one: joined), or ``"Controller: none"``."""
        names = self.names()
        return "Controller: " + (", ".join(names) if names else "none")

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    # -- events ----------------------------------------------------------------------
    def key_of(self, controller: Any, name: str) -> int | None:
        """The first key the table gives direction/action ``name`` in the current context (two players: the
        controller's player), or None when the context has no such action."""
        context = self.context()
        prefix = ""
        if context == "duo":
            prefix = "p2_" if self.controllers.index(controller) % 2 else "p1_"
        action_id = f"{context}.{prefix}{name}"
        if context == "editor" and name in ("up", "down", "left", "right"):
            action_id = f"editor.cursor_{name}"
        try:
            keys = self.bindings.keys(action_id)
        except KeyError:
            return None
        return keys[0] if keys else None

    def button_press(self, controller: Any, button: str) -> None:
        """A -> confirm (Enter where the context has no confirm action), B -> Esc, Start -> pause (else Esc)."""
        if button == "a":
            sym = self.key_of(controller, "confirm") or KEY_RETURN
        elif button == "b":
            sym = KEY_ESCAPE
        elif button == "start":
            sym = self.key_of(controller, "pause") or KEY_ESCAPE
        else:
            return
        self.send("on_key_press", sym)
        self.send("on_key_release", sym)

    def button_release(self, controller: Any, button: str) -> None:
        """Buttons act on press; nothing to do."""

    def dpad_motion(self, controller: Any, vector: Any) -> None:
        """The d-pad moved (each axis -1, 0 or 1)."""
        self._dpad[id(controller)] = stick_directions(float(vector[0]), float(vector[1]), 0.5)
        self._update(controller)

    def stick_motion(self, controller: Any, stick: str, vector: Any) -> None:
        """The left stick moved (the right stick is not used)."""
        if stick != "leftstick":
            return
        self._stick[id(controller)] = stick_directions(float(vector[0]), float(vector[1]))
        self._update(controller)

    def _update(self, controller: Any) -> None:
        cid = id(controller)
        self._hold(controller, self._dpad.get(cid, frozenset()), self._stick.get(cid, frozenset()))

    def _hold(self, controller: Any, dpad: frozenset[str], stick: frozenset[str]) -> None:
        """Press the keys of newly held directions, release those let go."""
        want = {sym for name in dpad | stick if (sym := self.key_of(controller, name)) is not None}
        have = self.held.setdefault(id(controller), set())
        for sym in sorted(have - want):
            self.send("on_key_release", sym)
        for sym in sorted(want - have):
            self.send("on_key_press", sym)
        have.clear()
        have.update(want)
