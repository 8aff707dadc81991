"""Keyboard input, independent of arcade (pure Python, unit-testable): the one key binding table, and directions.

**The binding table.**  Every key a screen reacts to is an :class:`Action` in :data:`ACTIONS`, named
``"<context>.<name>"`` (``"maze.up"``, ``"duo.p2_left"``, ``"puzzle.hint"``).  A context is the set of
actions one screen listens to at once (:data:`CONTEXTS`); the camera keys (:data:`CAMERA`) join the maze,
two-player and editor screens (:data:`TOGETHER`).  Each action has up to :data:`SLOTS` keys.  Screens ask
:data:`BINDINGS` — ``BINDINGS.action(context, symbol)`` or ``BINDINGS.is_(name, symbol)`` — instead of comparing
``arcade.key`` constants, so the player's remapping (Settings → Keys) reaches every screen.  A key pressed on
the numeric keypad counts as its main-keyboard twin when the keypad key itself is not bound
(:data:`KEYPAD_TWINS`).  Esc, Tab, F1 and F11 are never bound (:data:`RESERVED`): Back, Help and Fullscreen
stay reachable whatever the player does.  The player's changes are kept as JSON in the saved setting
:data:`SETTING` (only the actions that differ from the defaults); :meth:`Bindings.load` refuses nothing: an
unreadable or stale entry falls back to the default.

**Directions** (held keys, diagonals, the short chord wait) are :mod:`game.ui.movement`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.modes.play import Vec

# pyglet/arcade key symbols, copied so this module needs no arcade import.
KEY_LEFT, KEY_UP, KEY_RIGHT, KEY_DOWN = 65361, 65362, 65363, 65364
KEY_A, KEY_D, KEY_S, KEY_W = 97, 100, 115, 119
KEY_PAGEUP, KEY_PAGEDOWN, KEY_E, KEY_Q = 65365, 65366, 101, 113

#: Letters that also take a stair in the maze screen: +1 up, -1 down (see :func:`climb_direction`).
CLIMB_LETTERS: dict[int, int] = {KEY_E: 1, KEY_Q: -1}

KEY_RETURN, KEY_SPACE, KEY_ESCAPE, KEY_TAB, KEY_END = 65293, 32, 65307, 65289, 65367
KEY_F1, KEY_F11 = 65470, 65480
KEY_EQUAL, KEY_PLUS, KEY_MINUS, KEY_PERIOD, KEY_COMMA = 61, 43, 45, 46, 44
KEY_NUM_ENTER, KEY_NUM_ADD, KEY_NUM_SUBTRACT, KEY_NUM_DECIMAL, KEY_NUM_0 = 65421, 65451, 65453, 65454, 65456
KEY_BRACKETLEFT, KEY_BRACKETRIGHT = 91, 93
KEY_BACKSPACE = 65288
#: Shift, Ctrl, Alt, Meta, Super, Command, Option, Caps Lock: modifiers, never an action's key.
MODIFIER_KEYS = frozenset((65505, 65506, 65507, 65508, 65509, 65511, 65512, 65513, 65514, 65515, 65516, 65517,
                           65518, 65488, 65489))


def letter(ch: str) -> int:
    """The key symbol of a letter or digit key (``"a"`` -> 97, ``"1"`` -> 49)."""
    return ord(ch.lower())


#: Keys no action may take (what they always do, for the refusal message).
RESERVED: dict[int, str] = {KEY_ESCAPE: "Back", KEY_TAB: "next button", KEY_F1: "Help", KEY_F11: "Fullscreen"}
#: A keypad key (or "+") counts as this main-keyboard key when it is not bound itself.
KEYPAD_TWINS: dict[int, int] = {KEY_NUM_ENTER: KEY_RETURN, KEY_NUM_ADD: KEY_EQUAL, KEY_PLUS: KEY_EQUAL,
                                KEY_NUM_SUBTRACT: KEY_MINUS, KEY_NUM_DECIMAL: KEY_PERIOD,
                                **{KEY_NUM_0 + i: letter(str(i)) for i in range(10)},
                                65430: KEY_LEFT, 65431: KEY_UP, 65432: KEY_RIGHT, 65433: KEY_DOWN}
#: Keys a screen reads besides the table, by context: key -> what it does there.  They cannot be remapped,
#: so no action live in that context may take them (except an action whose own default key it is: E shows
#: a race's explored cells, and the maze screen's E climbs only where E does nothing else).
BUILT_IN: dict[str, dict[int, str]] = {
    "maze": {KEY_E: "Up a stair (mazes with floors)", KEY_Q: "Down a stair (mazes with floors)"},
    "lab": {KEY_E: "Look a floor up", KEY_Q: "Look a floor down", KEY_PAGEUP: "Look a floor up",
            KEY_PAGEDOWN: "Look a floor down"},
    "puzzle": {KEY_Q: "QR code of the puzzle", 108: "Copy the share line"},
}
#: Keys an action holds at most (the Keys page shows one button per slot).
SLOTS = 2
#: The saved setting holding the player's key changes (JSON: action name -> list of key symbols).
SETTING = "keys"


@dataclass(frozen=True)
class Action:
    """One thing a key does: ``context`` (a key of :data:`CONTEXTS`), ``name`` (unique in the context),
    ``label`` (what the Keys page shows) and ``keys`` (the default keys, 1..:data:`SLOTS`)."""

    context: str
    name: str
    label: str
    keys: tuple[int, ...]

    @property
    def id(self) -> str:
        """``"<context>.<name>"``."""
        return f"{self.context}.{self.name}"


#: Context key -> what the Keys page calls it (in page order).
CONTEXTS: dict[str, str] = {
    "menu": "Menus", "maze": "Maze and race", "camera": "Camera", "duo": "Two players",
    "puzzle": "Sliding puzzle", "lab": "Lab", "editor": "Editor",
}
CAMERA = "camera"
#: Contexts whose screens listen to another context's keys too (a key may not do two things there).
TOGETHER: dict[str, tuple[str, ...]] = {
    "maze": (CAMERA,), "duo": (CAMERA,), "editor": (CAMERA,), CAMERA: ("maze", "duo", "editor"),
}

_U, _D, _L, _R = KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT
_DIRS = (("up", "up", _U, KEY_W), ("down", "down", _D, KEY_S), ("left", "left", _L, KEY_A),
         ("right", "right", _R, KEY_D))


def _actions() -> tuple[Action, ...]:
    a = Action
    out = [a("menu", n, f"Move {w}", (k1, k2)) for n, w, k1, k2 in _DIRS]
    out.append(a("menu", "confirm", "Choose", (KEY_RETURN, KEY_SPACE)))
    out += [a("maze", n, f"Move {w}", (k1, k2)) for n, w, k1, k2 in _DIRS]
    out += [a("maze", "pause", "Pause", (letter("p"),)), a("maze", "restart", "Restart", (letter("r"),)),
            a("maze", "explored", "Race: show explored", (letter("e"),)),
            a("maze", "stair_up", "Up a stair (E too)", (KEY_PAGEUP,)),
            a("maze", "stair_down", "Down a stair (Q too)", (KEY_PAGEDOWN,)),
            a("maze", "wait", "Puzzle maze: wait a turn", (KEY_SPACE,)),
            a("maze", "undo", "Puzzle maze: undo (Ctrl+Z too)", (letter("u"), KEY_BACKSPACE)),
            a("maze", "hint", "Puzzle maze: hint", (letter("h"),))]
    out += [a(CAMERA, "zoom_in", "Zoom in", (KEY_EQUAL, KEY_NUM_ADD)),
            a(CAMERA, "zoom_out", "Zoom out", (KEY_MINUS, KEY_NUM_SUBTRACT)),
            a(CAMERA, "fit", "Fit the maze", (letter("f"),))]
    out += [a("duo", f"p1_{n}", f"Player 1 {w}", (k2,)) for n, w, _, k2 in _DIRS]
    out += [a("duo", f"p2_{n}", f"Player 2 {w}", (k1,)) for n, w, k1, _ in _DIRS]
    out += [a("duo", "p1_stair_up", "Player 1 up a stair", (KEY_E,)),
            a("duo", "p1_stair_down", "Player 1 down a stair", (KEY_Q,)),
            a("duo", "p2_stair_up", "Player 2 up a stair", (KEY_PAGEUP,)),
            a("duo", "p2_stair_down", "Player 2 down a stair", (KEY_PAGEDOWN,))]
    out += [a("duo", "pause", "Pause", (letter("p"),)), a("duo", "restart", "Restart", (letter("r"),))]
    out += [a("puzzle", n, f"Slide {w}", (k1,)) for n, w, k1, _ in _DIRS]
    out += [a("puzzle", n, label, keys) for n, label, keys in (
        ("undo", "Undo", (letter("u"), letter("z"))), ("redo", "Redo", (letter("y"),)),
        ("restart", "Restart", (letter("r"),)), ("new", "New puzzle", (letter("n"),)),
        ("hint", "Hint", (letter("h"),)), ("solve", "Solve", (letter("s"),)),
        ("playback", "Pause/resume solving", (KEY_SPACE,)), ("step", "One solving step", (KEY_PERIOD,)),
        ("stop", "Stop solving", (letter("x"),)), ("faster", "Faster", (KEY_EQUAL, KEY_NUM_ADD)),
        ("slower", "Slower", (KEY_MINUS, KEY_NUM_SUBTRACT)), ("copy", "Copy code (Shift: now)", (letter("c"),)),
        ("copy_seed", "Copy seed code", (letter("g"),)), ("numbers", "Numbers on/off", (letter("i"),)),
        ("advanced", "Advanced panel", (letter("v"),)), ("meter", "Distance line", (letter("m"),)),
        ("solver", "Solver", (letter("o"),)),
        ("timeout", "Time limit", (letter("t"),)), ("boost", "Random boost", (letter("b"),)),
        ("heuristic", "Heuristic", (letter("e"),)), ("arrows", "Arrow direction", (letter("a"),)))]
    out += [a("lab", n, label, keys) for n, label, keys in (
        ("play", "Play/pause", (KEY_SPACE,)), ("step", "One step", (letter("n"), KEY_RIGHT)),
        ("faster", "Faster", (KEY_EQUAL, KEY_NUM_ADD)), ("slower", "Slower", (KEY_MINUS, KEY_NUM_SUBTRACT)),
        ("restart", "Restart", (letter("r"),)), ("new_seed", "New seed", (letter("g"),)),
        ("solver", "Next solver", (letter("o"),)), ("solve", "Solve", (letter("s"),)),
        ("compare", "Compare", (letter("c"),)), ("export", "Export", (letter("x"),)),
        ("copy", "Copy code", (letter("k"),)), ("end", "Run to the end", (KEY_END,)),
        ("fit", "Fit the maze", (letter("f"),)), ("print", "Print (PDF)", (letter("p"),)))]
    out += [a("editor", f"cursor_{n}", f"Cursor {w}", (k1,)) for n, w, k1, _ in _DIRS]
    out += [a("editor", f"wall_{n}", f"Wall {w}", (k2,)) for n, w, _, k2 in _DIRS]
    out += [a("editor", n, label, keys) for n, label, keys in (
        ("undo", "Undo (Ctrl+Shift: redo)", (letter("z"),)), ("redo", "Redo", (letter("y"),)),
        ("start", "Start here", (letter("1"),)), ("goal", "Goal here", (letter("2"),)),
        ("narrower", "Narrower", (KEY_BRACKETLEFT,)), ("wider", "Wider", (KEY_BRACKETRIGHT,)),
        ("shorter", "Shorter", (KEY_COMMA,)), ("taller", "Taller", (KEY_PERIOD,)),
        ("try", "Try it", (letter("t"),)), ("copy", "Copy code", (letter("c"),)),
        ("new", "New level", (letter("n"),)), ("print", "Print (PDF)", (letter("p"),)),
        ("tool", "Next puzzle element", (letter("k"),)))]
    return tuple(out)


#: Every action, in Keys-page order.
ACTIONS: tuple[Action, ...] = _actions()
ACTION_BY_ID: dict[str, Action] = {act.id: act for act in ACTIONS}


def contexts_with(context: str) -> tuple[str, ...]:
    """``context`` and the contexts whose keys are live on the same screens (:data:`TOGETHER`)."""
    return (context, *TOGETHER.get(context, ()))


def built_in_use(act: Action, symbol: int) -> str | None:
    """What the built-in key ``symbol`` does where ``act``'s keys are live (:data:`BUILT_IN`), or None (also
    when ``symbol`` is one of ``act``'s own default keys)."""
    if symbol in act.keys:
        return None
    for context in contexts_with(act.context):
        what = BUILT_IN.get(context, {}).get(symbol)
        if what is not None:
            return what
    return None


class BindingError(ValueError):
    """A key the player may not give to an action (reserved, a modifier, or taken in the same context)."""


class Bindings:
    """The key table: action id -> its keys (a tuple of 1..:data:`SLOTS` symbols; an empty tuple is unbound).

    Args:
        changes: action id -> keys, over the defaults (unknown ids are ignored).
    """

    def __init__(self, changes: Mapping[str, Iterable[int]] | None = None) -> None:
        self._keys: dict[str, tuple[int, ...]] = {act.id: act.keys for act in ACTIONS}
        self._lookup: dict[str, dict[int, str]] = {}
        for name, keys in (changes or {}).items():
            if name in self._keys:
                self._keys[name] = tuple(keys)[:SLOTS]
        self._rebuild()

    def _rebuild(self) -> None:
        self._lookup = {c: {} for c in CONTEXTS}
        for act in ACTIONS:
            for sym in self._keys[act.id]:
                self._lookup[act.context].setdefault(sym, act.name)

    # -- reading ---------------------------------------------------------------
    def keys(self, action_id: str) -> tuple[int, ...]:
        """The keys of ``action_id`` (``KeyError`` for an unknown id)."""
        return self._keys[action_id]

    def action(self, context: str, symbol: int) -> str | None:
        """The name of the action ``symbol`` does in ``context`` (a keypad key falls back to its twin), or None."""
        table = self._lookup[context]
        name = table.get(symbol)
        if name is None and symbol in KEYPAD_TWINS:
            name = table.get(KEYPAD_TWINS[symbol])
        return name

    def is_(self, action_id: str, symbol: int) -> bool:
        """True when ``symbol`` does ``action_id`` (``"maze.pause"``) in its context."""
        context, name = action_id.split(".", 1)
        return self.action(context, symbol) == name

    def vectors(self, context: str, prefix: str = "") -> dict[int, Vec]:
        """Key symbol -> direction for the ``<prefix>up/down/left/right`` actions of ``context`` (for
        :class:`DirectionKeys`); keypad twins of those keys are included."""
        out: dict[int, Vec] = {}
        for name, vec in (("up", (0.0, 1.0)), ("down", (0.0, -1.0)), ("left", (-1.0, 0.0)), ("right", (1.0, 0.0))):
            for sym in self._keys[f"{context}.{prefix}{name}"]:
                out.setdefault(sym, vec)
        for twin, sym in KEYPAD_TWINS.items():
            if sym in out and twin not in out and self.action(context, twin) is not None:
                out[twin] = out[sym]
        return out

    def user_of(self, context: str, symbol: int, besides: str = "") -> Action | None:
        """The action other than ``besides`` that ``symbol`` already does where ``context``'s keys are live."""
        for act in ACTIONS:
            if act.context in contexts_with(context) and act.id != besides and symbol in self._keys[act.id]:
                return act
        return None

    # -- changing --------------------------------------------------------------
    def check(self, action_id: str, symbol: int) -> None:
        """Raise :class:`BindingError` (one sentence naming the conflict) if ``symbol`` may not do ``action_id``."""
        act = ACTION_BY_ID[action_id]
        if symbol in RESERVED:
            raise BindingError(f"{key_name(symbol)} is kept for {RESERVED[symbol]}.")
        if symbol in MODIFIER_KEYS:
            raise BindingError(f"{key_name(symbol)} is a modifier key: choose another key.")
        other = self.user_of(act.context, symbol, besides=action_id)
        if other is not None:
            where = "" if other.context == act.context else f" ({CONTEXTS[other.context]})"
            raise BindingError(f"{key_name(symbol)} is already {other.label}{where}: not changed.")
        built = built_in_use(act, symbol)
        if built is not None:
            raise BindingError(f"{key_name(symbol)} is already {built} (built in): not changed.")

    def bind(self, action_id: str, slot: int, symbol: int) -> None:
        """Give ``action_id`` the key ``symbol`` in ``slot`` (0 or 1; a slot past the keys appends).

        Raises:
            BindingError: reserved, modifier, or used by another action where this one is live.
            KeyError: unknown action; ValueError: ``slot`` outside 0..SLOTS-1.
        """
        if not 0 <= slot < SLOTS:
            raise ValueError(f"slot {slot} is not 0..{SLOTS - 1}")
        self.check(action_id, symbol)
        keys = [k for k in self._keys[action_id] if k != symbol]
        if slot < len(keys):
            keys[slot] = symbol
        else:
            keys.append(symbol)
        self._keys[action_id] = tuple(keys[:SLOTS])
        self._rebuild()

    def clear(self, action_id: str, slot: int) -> None:
        """Take the key in ``slot`` away from ``action_id`` (the action keeps at least one key: refused as
        :class:`BindingError` otherwise)."""
        keys = list(self._keys[action_id])
        if slot < len(keys):
            if len(keys) == 1:
                raise BindingError(f"{ACTION_BY_ID[action_id].label} needs a key: not cleared.")
            del keys[slot]
            self._keys[action_id] = tuple(keys)
            self._rebuild()

    def reset(self) -> None:
        """Every action back to its default keys."""
        self._keys = {act.id: act.keys for act in ACTIONS}
        self._rebuild()

    def replace(self, other: Bindings) -> None:
        """Take ``other``'s keys (the shared table keeps its identity)."""
        self._keys = dict(other._keys)
        self._rebuild()

    # -- saving ----------------------------------------------------------------
    def dumps(self) -> str:
        """The changes from the defaults as JSON (``"{}"`` when there are none)."""
        changed = {act.id: list(self._keys[act.id]) for act in ACTIONS if self._keys[act.id] != act.keys}
        return json.dumps(changed, sort_keys=True)

    @classmethod
    def loads(cls, text: str) -> Bindings:
        """Bindings from :meth:`dumps` text.  Unreadable text, unknown actions, malformed or reserved keys keep
        the defaults, and so does any changed action whose key clashes with another where both are live."""
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        changes: dict[str, tuple[int, ...]] = {}
        for name, keys in (data.items() if isinstance(data, dict) else ()):
            ok = isinstance(keys, list) and 0 < len(keys) <= SLOTS and len(set(keys)) == len(keys) and all(
                isinstance(k, int) and not isinstance(k, bool) and k not in RESERVED and k not in MODIFIER_KEYS
                for k in keys)
            if name in ACTION_BY_ID and ok:
                changes[name] = tuple(keys)
        while True:
            out = cls(changes)
            clashing = {name for name in changes for sym in changes[name]
                        if out.user_of(ACTION_BY_ID[name].context, sym, besides=name) is not None
                        or built_in_use(ACTION_BY_ID[name], sym) is not None}
            if not clashing:
                return out
            for name in clashing:
                del changes[name]

    def label(self, action_id: str) -> str:
        """The keys of ``action_id`` for a help line: ``"Up / W"``."""
        return " / ".join(key_name(k) for k in self._keys[action_id])

    def first(self, action_id: str) -> str:
        """The first key of ``action_id`` by name (``"P"``), for a one-line key help."""
        keys = self._keys[action_id]
        return key_name(keys[0]) if keys else "—"

    def directions(self, context: str, prefix: str = "") -> str:
        """How a help line names the direction keys: ``"Arrows/WASD"`` as by default, else the keys of up, left,
        down, right (``"I/J/K/L"``, each action's first key; ``"I/J/K/L or Up/Left/Down/Right"`` with two)."""
        ids = [f"{context}.{prefix}{d}" for d in ("up", "left", "down", "right")]
        if all(self._keys[i] == ACTION_BY_ID[i].keys for i in ids) and context in ("maze", "menu"):
            return "Arrows/WASD"
        sets = ["/".join(key_name(self._keys[i][slot]) for i in ids) for slot in range(SLOTS)
                if all(len(self._keys[i]) > slot for i in ids)]
        return " or ".join(sets) if sets else "/".join(self.first(i) for i in ids)


#: The game's one key table (loaded from the store by :class:`game.context.Context`, changed by Settings → Keys).
BINDINGS = Bindings()


_NAMES = {KEY_LEFT: "Left", KEY_UP: "Up", KEY_RIGHT: "Right", KEY_DOWN: "Down", KEY_RETURN: "Enter",
          KEY_SPACE: "Space", KEY_ESCAPE: "Esc", KEY_TAB: "Tab", KEY_END: "End", 65360: "Home", 65365: "PgUp",
          65366: "PgDn", 65379: "Insert", 65535: "Delete", 65288: "Backspace", KEY_NUM_ENTER: "Num Enter",
          KEY_NUM_ADD: "Num +", KEY_NUM_SUBTRACT: "Num -", KEY_NUM_DECIMAL: "Num .", 65450: "Num *",
          65455: "Num /", 65430: "Num Left", 65431: "Num Up", 65432: "Num Right", 65433: "Num Down",
          65505: "Shift", 65506: "Right Shift", 65507: "Ctrl", 65508: "Right Ctrl", 65513: "Alt",
          65514: "Alt Gr", 65509: "Caps Lock", 65515: "Super", 65516: "Super", 65511: "Meta", 65512: "Meta",
          65517: "Command", 65518: "Command", 65488: "Option", 65489: "Option"}


def key_name(symbol: int) -> str:
    """What a player calls key ``symbol``: ``"W"``, ``"Up"``, ``"F5"``, ``"Num 4"``, ``"="``."""
    if symbol in _NAMES:
        return _NAMES[symbol]
    if 33 <= symbol <= 126:
        return chr(symbol).upper()
    if KEY_F1 <= symbol <= KEY_F1 + 23:
        return f"F{symbol - KEY_F1 + 1}"
    if KEY_NUM_0 <= symbol <= KEY_NUM_0 + 9:
        return f"Num {symbol - KEY_NUM_0}"
    return f"Key {symbol}"


def climb_direction(symbol: int, keys: Bindings, context: str = "maze", player: str = "",
                    letters: bool = False) -> int:
    """+1 (up) or -1 (down) when ``symbol`` takes a stair in ``context`` (the actions ``<player>stair_up`` /
    ``<player>stair_down``: PgUp/PgDn by default), else 0; with ``letters`` E/Q too where they do nothing
    else on this screen (the maze screen: E only shows the explored cells in a race)."""
    name = keys.action(context, symbol)
    if name in (f"{player}stair_up", f"{player}stair_down"):
        return 1 if name.endswith("up") else -1
    return CLIMB_LETTERS.get(symbol, 0) if letters and name in (None, "explored") else 0
