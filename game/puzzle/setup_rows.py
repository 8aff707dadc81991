"""The sliding-puzzle setup's keyboard rows: Up/Down choose a row (width, height, shuffle, mixing moves,
picture), Left/Right step its value, and the chosen row reads ``<  value  >`` (the Race and Lab setups'
selectors, :data:`game.ui.choice_setup.SELECTOR`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.puzzle.pictures import PICTURES
from game.puzzle.pictures import FILE_PREFIX, choice_label
from game.ui.choice_setup import SELECTOR

#: The rows Up/Down move between, top to bottom.
ROWS = ("width", "height", "shuffle", "mix", "picture")
SHUFFLES = {"uniform": "uniform random", "moves": "random moves"}


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
    """Numbers, each built-in picture, then the player's own file when a path is typed."""
    own = [FILE_PREFIX + str(Path(view.path).expanduser().resolve())] if view.path.strip() else []
    return ["", *PICTURES, *own]


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
    else:
        choices = picture_choices(view)
        i = choices.index(view.picture) if view.picture in choices else 0
        choice = choices[(i + step) % len(choices)]
        if choice.startswith(FILE_PREFIX):
            view.use_path()
        else:
            view.set_picture(choice)
