"""Dark, light and high-contrast colour themes (RGBA tuples, 0..255) and matching arcade.gui button styles.

The high-contrast theme (``"contrast"``) keeps every text at least 7:1 on what it is drawn on (WCAG AAA),
draws walls :attr:`Theme.wall_scale` = 2 times as thick, and outlines its buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class Theme:
    """Every colour the game draws with."""

    name: str
    background: RGBA
    floor: RGBA
    wall: RGBA
    trail: RGBA
    player: RGBA
    player_edge: RGBA
    start: RGBA
    goal: RGBA
    text: RGBA
    text_dim: RGBA
    accent: RGBA
    panel: RGBA
    button: RGBA
    button_hover: RGBA
    button_text: RGBA
    focus: RGBA
    locked: RGBA
    disabled_text: RGBA  # a disabled button's label on ``locked``: muted, yet at least 3:1 (see contrast_ratio)
    star: RGBA
    error: RGBA
    #: Wall thickness factor (1.0; the high-contrast theme's walls are twice as thick).
    wall_scale: float = 1.0
    #: Outline width of buttons in pixels (0: none; the high-contrast theme outlines them).
    button_border: int = 0
    #: The base theme a colour variant is drawn like ("dark" or "light"; "": it is a base theme itself).
    base: str = ""
    #: The player's mark (:data:`game.render.looks.MARKS`: "dot" is the disc the game always drew).
    mark: str = "dot"

    @property
    def family(self) -> str:
        """The base theme's name ("dark", "light" or "contrast"): what tables of extra colours are keyed by."""
        return self.base or self.name


DARK = Theme(
    name="dark",
    background=(18, 22, 32, 255),
    floor=(34, 40, 56, 255),
    wall=(214, 222, 235, 255),
    trail=(72, 128, 196, 150),
    player=(255, 196, 64, 255),
    player_edge=(40, 24, 0, 255),
    start=(46, 84, 70, 255),
    goal=(150, 52, 74, 255),
    text=(236, 240, 246, 255),
    text_dim=(150, 160, 180, 255),
    accent=(255, 196, 64, 255),
    panel=(12, 15, 22, 225),
    button=(44, 62, 92, 255),
    button_hover=(66, 92, 136, 255),
    button_text=(240, 244, 250, 255),
    focus=(255, 196, 64, 255),
    locked=(70, 76, 90, 255),
    disabled_text=(184, 192, 208, 255),
    star=(255, 206, 70, 255),
    error=(255, 120, 110, 255),
)

LIGHT = Theme(
    name="light",
    background=(226, 230, 236, 255),
    floor=(250, 250, 246, 255),
    wall=(36, 42, 58, 255),
    trail=(120, 170, 235, 150),
    player=(222, 80, 40, 255),
    player_edge=(255, 255, 255, 255),
    start=(188, 230, 200, 255),
    goal=(246, 186, 196, 255),
    text=(24, 28, 40, 255),
    text_dim=(90, 98, 116, 255),
    accent=(200, 70, 30, 255),
    panel=(250, 250, 252, 235),
    button=(64, 96, 150, 255),
    button_hover=(84, 124, 190, 255),
    button_text=(255, 255, 255, 255),
    focus=(222, 80, 40, 255),
    locked=(170, 176, 188, 255),
    disabled_text=(48, 54, 70, 255),
    star=(230, 160, 0, 255),
    error=(190, 30, 30, 255),
)

#: Black and white with a yellow accent: every text >= 7:1 on its background, thick walls, outlined buttons.
CONTRAST = Theme(
    name="contrast",
    background=(0, 0, 0, 255),
    floor=(0, 0, 0, 255),
    wall=(255, 255, 255, 255),
    trail=(0, 170, 255, 170),
    player=(255, 230, 0, 255),
    player_edge=(0, 0, 0, 255),
    start=(0, 96, 48, 255),
    goal=(150, 0, 70, 255),
    text=(255, 255, 255, 255),
    text_dim=(225, 225, 225, 255),
    accent=(255, 230, 0, 255),
    panel=(0, 0, 0, 245),
    button=(16, 16, 40, 255),
    button_hover=(0, 60, 130, 255),
    button_text=(255, 255, 255, 255),
    focus=(255, 230, 0, 255),
    locked=(56, 56, 56, 255),
    disabled_text=(235, 235, 235, 255),
    star=(255, 230, 0, 255),
    error=(255, 120, 120, 255),
    wall_scale=2.0,
    button_border=2,
)

#: The themes stars buy (:mod:`engine.modes.rewards`): colour variants of dark and light, laid out the same.
DUSK = Theme(
    name="dusk", background=(24, 18, 38, 255), floor=(42, 34, 64, 255), wall=(226, 218, 240, 255),
    trail=(150, 110, 220, 150), player=(255, 170, 210, 255), player_edge=(36, 10, 30, 255), start=(50, 80, 84, 255),
    goal=(160, 60, 96, 255), text=(240, 236, 248, 255), text_dim=(172, 162, 194, 255), accent=(222, 176, 255, 255),
    panel=(16, 12, 28, 225), button=(70, 50, 110, 255), button_hover=(96, 72, 150, 255),
    button_text=(246, 242, 252, 255), focus=(222, 176, 255, 255), locked=(80, 72, 98, 255),
    disabled_text=(200, 192, 218, 255), star=(255, 206, 70, 255), error=(255, 128, 118, 255), base="dark",
)
MEADOW = Theme(
    name="meadow", background=(226, 236, 222, 255), floor=(250, 252, 244, 255), wall=(34, 56, 40, 255),
    trail=(120, 200, 140, 150), player=(200, 70, 40, 255), player_edge=(255, 255, 255, 255),
    start=(188, 230, 200, 255), goal=(246, 186, 196, 255), text=(22, 36, 26, 255), text_dim=(74, 94, 80, 255),
    accent=(30, 110, 54, 255), panel=(250, 252, 246, 235), button=(44, 110, 72, 255), button_hover=(54, 128, 84, 255),
    button_text=(255, 255, 255, 255), focus=(200, 70, 40, 255), locked=(170, 186, 172, 255),
    disabled_text=(36, 52, 40, 255), star=(196, 136, 0, 255), error=(186, 30, 30, 255), base="light",
)
EMBER = Theme(
    name="ember", background=(30, 20, 16, 255), floor=(54, 38, 30, 255), wall=(240, 222, 204, 255),
    trail=(230, 120, 60, 150), player=(120, 220, 255, 255), player_edge=(10, 24, 36, 255), start=(46, 84, 70, 255),
    goal=(150, 52, 74, 255), text=(248, 238, 230, 255), text_dim=(192, 168, 152, 255), accent=(255, 152, 72, 255),
    panel=(20, 12, 10, 225), button=(100, 52, 30, 255), button_hover=(134, 72, 40, 255),
    button_text=(252, 244, 238, 255), focus=(255, 152, 72, 255), locked=(92, 76, 68, 255),
    disabled_text=(214, 200, 190, 255), star=(255, 206, 70, 255), error=(255, 128, 118, 255), base="dark",
)
OCEAN = Theme(
    name="ocean", background=(220, 232, 242, 255), floor=(248, 252, 255, 255), wall=(20, 44, 80, 255),
    trail=(90, 160, 230, 150), player=(200, 66, 24, 255), player_edge=(255, 255, 255, 255),
    start=(188, 230, 200, 255), goal=(246, 186, 196, 255), text=(14, 28, 48, 255), text_dim=(66, 86, 112, 255),
    accent=(20, 88, 166, 255), panel=(248, 250, 255, 235), button=(30, 88, 158, 255), button_hover=(50, 118, 196, 255),
    button_text=(255, 255, 255, 255), focus=(200, 66, 24, 255), locked=(166, 180, 198, 255),
    disabled_text=(32, 46, 66, 255), star=(214, 146, 0, 255), error=(186, 30, 30, 255), base="light",
)
#: Every theme stars buy, by name (Settings offers those bought; a saved one not bought falls back).
EXTRA_THEMES: dict[str, Theme] = {t.name: t for t in (DUSK, MEADOW, EMBER, OCEAN)}

#: What Settings calls each theme.
THEME_LABELS = {"dark": "dark", "light": "light", "contrast": "high contrast", "dusk": "dusk", "meadow": "meadow",
                "ember": "ember", "ocean": "ocean"}


def contrast_ratio(a: RGBA, b: RGBA) -> float:
    """WCAG 2 contrast ratio of two opaque colours, 1.0 (same luminance) .. 21.0 (black on white)."""

    def luminance(c: RGBA) -> float:
        def channel(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])

    lo, hi = sorted((luminance(a), luminance(b)))
    return (hi + 0.05) / (lo + 0.05)


THEMES: dict[str, Theme] = {t.name: t for t in (DARK, LIGHT, CONTRAST)}


def get_theme(name: str) -> Theme:
    """The theme called ``name``, a base theme or one stars buy (unknown names fall back to dark)."""
    return THEMES.get(name) or EXTRA_THEMES.get(name, DARK)


#: The fonts buttons ask for, first available wins (also used to measure labels: :func:`game.ui.label_width`).
BUTTON_FONTS = ("Kenney Future", "arial", "calibri")


def button_style(theme: Theme, font_size: int = 16) -> dict[str, Any]:
    """A ``UIFlatButton`` style dict for ``theme`` (imports arcade.gui lazily)."""
    from arcade.gui import UIFlatButton

    s = UIFlatButton.UIStyle
    fonts = BUTTON_FONTS
    edge = theme.button_text if theme.button_border else None
    return {
        "normal": s(font_size=font_size, font_name=fonts, font_color=theme.button_text, bg=theme.button,
                    border=edge, border_width=theme.button_border),
        "hover": s(
            font_size=font_size, font_name=fonts, font_color=theme.button_text, bg=theme.button_hover,
            border=theme.focus, border_width=2,
        ),
        "press": s(font_size=font_size, font_name=fonts, font_color=theme.button, bg=theme.button_text,
                   border=theme.focus, border_width=2),
        "disabled": s(font_size=font_size, font_name=fonts, font_color=theme.disabled_text, bg=theme.locked),
    }


def field_style(theme: Theme) -> dict[str, Any]:
    """A ``UIInputText`` style dict for ``theme``: the panel colour inside a border in the dim text colour (the
    focus colour while hovered or pressed), so the field stands out from the background in both themes."""
    from arcade.gui import UIInputText

    s = UIInputText.UIStyle
    normal = s(bg=theme.panel, border=theme.text_dim, border_width=2)
    lit = s(bg=theme.panel, border=theme.focus, border_width=2)
    return {"normal": normal, "hover": lit, "press": lit, "disabled": s(bg=theme.locked, border=theme.text_dim),
            "invalid": s(bg=theme.panel, border=theme.error, border_width=2)}
