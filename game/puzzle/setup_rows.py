"""The sliding-puzzle setup's keyboard rows: Up/Down choose a row (width, height, shuffle, mixing moves,
picture, mode: classic or a speed mode), Left/Right step its value, and the chosen row reads ``<  value  >`` (the
Race and Lab setups' selectors, :data:`game.bases.choice_setup.SELECTOR`); and :class:`ScrollPage`, the page that
scrolls when large text (Settings → Text size) makes the setup taller than the window (the wheel, PgUp/PgDn,
Home/End)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import arcade
from arcade import key

from engine.puzzle.speed import BLINDFOLD, MARATHON, MODE_NAMES, RELAY, SpeedSetup
from game.bases.choice_setup import SELECTOR
from game.puzzle.pictures import FILE_PREFIX, choice_label

#: The rows Up/Down move between, top to bottom.
ROWS = ("width", "height", "shuffle", "mix", "picture", "mode")
SHUFFLES = {"uniform": "uniform random", "moves": "random moves"}
CLASSIC = "classic"
#: The setup's modes: one puzzle, or a speed mode (:mod:`engine.puzzle.speed`).
MODES = (CLASSIC, RELAY, MARATHON, BLINDFOLD)
MODE_LABELS = {CLASSIC: "Classic", **MODE_NAMES}
#: The marathon lengths the setup offers (its button and Left/Right step through them).
MARATHON_COUNTS = (5, 12, 25, 50, 100)
#: Left/Right on the mode row: (mode, marathon count) in order.
MODE_STEPS = ((CLASSIC, 0), (RELAY, 0), *((MARATHON, n) for n in MARATHON_COUNTS), (BLINDFOLD, 0))


def mode_label(mode: str, count: int) -> str:
    """A mode button's label: ``Relay``, ``Marathon ×12``."""
    return f"{MODE_LABELS[mode]} ×{count}" if mode == MARATHON else MODE_LABELS[mode]


def speed_setup(view: Any) -> SpeedSetup | None:
    """The speed run the setup ``view``'s choices describe (None: a classic puzzle): a relay from 3×3 up to the
    larger chosen side (4 to 8), a marathon or blindfold on the chosen width (a square board)."""
    mode = view.mode
    if mode == CLASSIC:
        return None
    if mode == RELAY:
        return SpeedSetup(RELAY, max(4, min(8, max(view.width_, view.height_))))
    return SpeedSetup(mode, view.width_, view.marathon if mode == MARATHON else 1)


#: What each mode is, in players' words (the setup's mode heading).
MODE_WORDS = {
    CLASSIC: "one puzzle, hints and the solver at hand",
    RELAY: "3×3, 4×4 … up to the size chosen, one clock",
    MARATHON: "solves in a row, one clock (click it again: 5, 12, 25, 50, 100)",
    BLINDFOLD: "memorise, then solve with the numbers hidden",
}


def mode_text(view: Any) -> str:
    """The mode heading: ``Mode: Relay — 3×3, 4×4 … up to the size chosen, one clock`` (``<  Relay  >`` while the
    mode row has the keyboard)."""
    name = mode_label(view.mode, view.marathon)
    shown = SELECTOR.format(name) if ROWS[view.row] == "mode" else name
    return f"Mode: {shown} — {MODE_WORDS[view.mode]}"


def play_label(view: Any) -> str:
    """The Play button: ``Play  Enter``, or the speed run it starts (``Relay 3×3→5×5  Enter``)."""
    setup = speed_setup(view)
    return "Play  Enter" if setup is None else f"{setup.label()}  Enter"


def _mark(value: object, on: bool) -> str:
    return SELECTOR.format(value) if on else str(value)


def row_texts(view: Any) -> tuple[str, str, str, str]:
    """(board line, shuffle heading, mixing line, picture heading) of the setup ``view``, its focused row
    (``view.row``, an index of :data:`ROWS`) shown as a selector."""
    row = ROWS[view.row]
    board = f"Board: {_mark(view.width_, row == 'width')} wide x {_mark(view.height_, row == 'height')} high"
    shuffle = "Shuffle: " + SELECTOR.format(SHUFFLES[view.shuffle]) if row == "shuffle" else "Shuffle"
    mix = f"mix: {_mark(view.mix, row == 'mix')} random moves"
    picture = f"Picture: {_mark(choice_label(view.picture), row == 'picture')}   (P next)"
    return board, shuffle, mix, picture


def picture_choices(view: Any) -> list[str]:
    """Numbers, each built-in picture the player may choose (``view.pictures``: stars buy some), then the
    player's own file when a path is typed."""
    own = [FILE_PREFIX + str(Path(view.path).expanduser().resolve())] if view.path.strip() else []
    return ["", *view.pictures, *own]


def step_row(view: Any, step: int) -> None:
    """Left (``step`` = -1) / Right (+1): the focused row's value back or forth."""
    row = ROWS[view.row]
    if row == "width":
        view.set_size(view.width_ + step, view.height_)
    elif row == "height":
        view.set_size(view.width_, view.height_ + step)
    elif row == "shuffle":
        view.set_shuffle("moves" if view.shuffle == "uniform" else "uniform")
    elif row == "mix":
        view.step_mix(step)
    elif row == "mode":
        here = (view.mode, view.marathon if view.mode == MARATHON else 0)
        i = MODE_STEPS.index(here) if here in MODE_STEPS else 0
        mode, count = MODE_STEPS[(i + step) % len(MODE_STEPS)]
        view.set_mode(mode, count or view.marathon)
    else:
        choices = picture_choices(view)
        i = choices.index(view.picture) if view.picture in choices else 0
        choice = choices[(i + step) % len(choices)]
        if choice.startswith(FILE_PREFIX):
            view.use_path()
        else:
            view.set_picture(choice)


class ScrollPage:
    """Mixin: the scroll offset of a screen whose ``_layout()`` places everything ``scroll`` pixels higher."""

    scroll = 0.0  # pixels the page is scrolled up
    max_scroll = 0.0  # how far it can be (set by the layout)
    _dirty = False
    window: arcade.Window

    def _layout(self) -> None:
        """The screen's layout (overridden)."""

    def scroll_by(self, pixels: float) -> None:
        """Scroll the page ``pixels`` up (negative: down), within what overflows the window."""
        new = max(0.0, min(self.max_scroll, self.scroll + pixels))
        if new != self.scroll:
            self.scroll = new
            self._layout()
            self._dirty = True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """The wheel scrolls the page."""
        self.scroll_by(-scroll_y * 40)

    def scroll_key(self, symbol: int) -> bool:
        """PgDn/PgUp a page, End/Home to the bottom/top, while the page overflows; True if taken."""
        pages = {key.PAGEDOWN: 0.8, key.PAGEUP: -0.8, key.END: 1e6, key.HOME: -1e6}
        if symbol not in pages or self.max_scroll <= 0:
            return False
        self.scroll_by(pages[symbol] * self.window.height)
        return True
