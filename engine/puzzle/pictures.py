"""Built-in pictures of the sliding puzzle: the names that puzzle codes may carry.

The images themselves are ``assets/pictures/<name>.png`` (drawn by
``tools/make_pictures.py``); the engine only knows the names, so a code that
names a picture decodes the same on any machine.  A player's own image is a
game setting, never part of a code.
"""

from __future__ import annotations

#: name -> one line describing the picture (names: lower-case letters and digits, at most 12).
PICTURES: dict[str, str] = {
    "default": "a landscape at dusk: moon, rainbow, sun, hills with a house, a lake with a boat",
    "mosaic": "a geometric mosaic of coloured triangles and circles",
    "maze": "a maze-like pattern of coloured corridors",
    # the pictures the campaign's stars buy (engine.modes.rewards, kind "picture"); a code may name them all the
    # same, so a friend's code opens with its picture whatever the player has bought
    "balloons": "hot-air balloons over patchwork fields and a river",
    "reef": "a coral reef with fish, bubbles and shells",
    "city": "a city at night by a river, its windows lit",
    "aurora": "northern lights over snowy mountains and a cabin",
}

DEFAULT_PICTURE = "default"


def known_pictures() -> str:
    """The built-in picture names, comma-separated (for messages)."""
    return ", ".join(PICTURES)


def check_picture(name: str) -> str:
    """``name`` (any case, surrounding spaces ignored) as a known picture name in lower case.

    Raises:
        ValueError: not a built-in picture (the sentence names the known ones).
    """
    key = name.strip().lower()
    if key not in PICTURES:
        shown = name.strip()[:20]
        raise ValueError(f"There is no built-in picture '{shown}' (known: {known_pictures()}).")
    return key


__all__ = ["DEFAULT_PICTURE", "PICTURES", "check_picture", "known_pictures"]
