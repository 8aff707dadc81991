"""The play screen: :class:`PlayView` (its body is :class:`game.play.screen.PlayScreen`)."""

from __future__ import annotations

from game.play.mouse import TOO_FAR
from game.play.screen import FOOTER_HEIGHT, HELP_LINE, HUD_GAP, HUD_HEIGHT, NOTICE_TIME, PULSE_TIME, PlayScreen


class PlayView(PlayScreen):
    """Play one maze: a campaign level, a code, a level made by hand (see :class:`PlayScreen` for the arguments)."""


__all__ = ["FOOTER_HEIGHT", "HELP_LINE", "HUD_GAP", "HUD_HEIGHT", "NOTICE_TIME", "PULSE_TIME", "TOO_FAR", "PlayView"]
