"""Reduced motion: the one switch every drawing part reads (the camera's easing and shake, sliding tiles).

Set from Settings (the saved setting "reduced_motion") through :func:`game.ui.set_reduced_motion`; it lives
here, under the screen parts, so the drawing folder never reaches up into ``game/ui`` for it.
"""

from __future__ import annotations

_REDUCED_MOTION = [False]


def set_reduced_motion(on: bool) -> None:
    """Reduced motion (Settings, setting "reduced_motion") on or off for everything drawn from now on."""
    _REDUCED_MOTION[0] = bool(on)


def reduced_motion() -> bool:
    """True when the player asked for less movement: the camera jumps instead of gliding and never shakes,
    puzzle tiles do not slide, the player's disc does not pulse."""
    return _REDUCED_MOTION[0]
