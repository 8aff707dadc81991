"""Drawing helpers of the puzzle screens: tile textures and flat clickable buttons.

Tile textures are rendered once per (size, theme) with Pillow and drawn as one
SpriteList; button labels are ``arcade.Text`` objects in one pyglet batch, so a
frame costs a handful of draw calls whatever the board size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import arcade
import pyglet
from PIL import Image, ImageDraw, ImageFont

from game.render.theme import RGBA, Theme
from game.ui import FONT

_FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    str(Path(arcade.__file__).parent / "resources/system/fonts/ttf/Liberation/Liberation_Sans_Bold.ttf"),
)


@lru_cache(maxsize=64)
def _font(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in _FONT_FILES:
        try:
            return ImageFont.truetype(path, px)
        except OSError:
            continue
    return ImageFont.load_default(px)


def mix(a: RGBA, b: RGBA, t: float) -> RGBA:
    """Linear blend of two RGBA colours, ``t`` in 0..1 (0 gives ``a``)."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def tile_colors(theme: Theme, home: bool) -> tuple[RGBA, RGBA, RGBA]:
    """(fill, shadow, number) colours of a tile; ``home`` tiles sit on their goal cell (tinted)."""
    base = mix(theme.button, theme.button_hover, 0.5)
    fill = mix(base, theme.start, 0.6) if home else base
    shadow = mix(fill, (0, 0, 0, 255), 0.45)
    return fill, shadow, theme.button_text


def render_tile(number: int, side: int, theme: Theme, home: bool) -> Image.Image:
    """A square RGBA image ``side`` px wide of one numbered tile (rounded, with a bottom shadow).

    The number's font scales with the tile (about 46 % of the side for up to two
    digits, 36 % for three).
    """
    side = max(8, int(side))
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill, shadow, ink = tile_colors(theme, home)
    radius = max(2, side // 9)
    drop = max(1, side // 24)
    d.rounded_rectangle((0, drop, side - 1, side - 1), radius=radius, fill=shadow)
    d.rounded_rectangle((0, 0, side - 1, side - 1 - drop), radius=radius, fill=fill)
    text = str(number)
    px = int(side * (0.46 if len(text) <= 2 else 0.36))
    font = _font(max(6, px))
    box = d.textbbox((0, 0), text, font=font)
    tw, th = box[2] - box[0], box[3] - box[1]
    d.text(((side - tw) / 2 - box[0], (side - drop - th) / 2 - box[1]), text, font=font, fill=ink)
    return img


def tile_texture(number: int, side: int, theme: Theme, home: bool) -> arcade.Texture:
    """An arcade texture of :func:`render_tile` (hash unique per tile, size, theme and state)."""
    img = render_tile(number, side, theme, home)
    return arcade.Texture(
        img,
        hash=f"tessera-tile-{theme.name}-{side}-{number}-{int(home)}",
        hit_box_algorithm=arcade.hitbox.algo_bounding_box,
    )


@dataclass
class Button:
    """A flat rectangle with a label; ``action`` runs on click.

    Attributes:
        left, bottom, width, height: rectangle in window pixels.
        enabled: disabled buttons draw dimmed and ignore clicks.
        active: drawn highlighted (a toggle that is on).
    """

    label: arcade.Text
    action: Callable[[], object]
    left: float = 0.0
    bottom: float = 0.0
    width: float = 100.0
    height: float = 30.0
    enabled: bool = True
    active: bool = False
    want: str = ""  # the full label text (the label may show it shortened)
    size: float = 12.0  # the label's font size before fitting
    base_size: float = 12.0  # the font size asked for at 1x scale

    def contains(self, x: float, y: float) -> bool:
        """True when the window point ``(x, y)`` is inside."""
        return self.left <= x <= self.left + self.width and self.bottom <= y <= self.bottom + self.height

    def place(self, left: float, bottom: float, width: float, height: float) -> None:
        """Move and resize; the label stays centred."""
        self.left, self.bottom, self.width, self.height = left, bottom, width, height
        self.label.position = (left + width / 2, bottom + height / 2)


class ButtonBar:
    """Buttons sharing one text batch; draws rectangles, hover and labels."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.batch = pyglet.graphics.Batch()
        self.buttons: list[Button] = []
        self.hover: Button | None = None

    def add(self, text: str, action: Callable[[], object], font_size: int = 12) -> Button:
        """A new button labelled ``text`` (place it with :meth:`Button.place`)."""
        label = arcade.Text(
            text, 0, 0, self.theme.button_text, font_size, font_name=FONT, anchor_x="center", anchor_y="center",
            batch=self.batch,
        )
        b = Button(label, action, want=text, size=font_size, base_size=font_size)
        self.buttons.append(b)
        return b

    def at(self, x: float, y: float) -> Button | None:
        """The enabled button under ``(x, y)``, or None."""
        for b in self.buttons:
            if b.enabled and b.contains(x, y):
                return b
        return None

    def click(self, x: float, y: float) -> bool:
        """Run the action of the button under ``(x, y)``; True if one was hit."""
        b = self.at(x, y)
        if b is None:
            return False
        b.action()
        return True

    def draw(self) -> None:
        """Rectangles (hovered / active / disabled shades), then every label in one batch."""
        t = self.theme
        for b in self.buttons:
            if b.width <= 0:
                continue
            color = t.button_hover if (b is self.hover or b.active) and b.enabled else t.button
            if not b.enabled:
                color = t.locked
            arcade.draw_lrbt_rectangle_filled(b.left, b.left + b.width, b.bottom, b.bottom + b.height, color)
            if b.active:
                arcade.draw_lrbt_rectangle_outline(
                    b.left, b.left + b.width, b.bottom, b.bottom + b.height, t.focus, border_width=2
                )
        self.batch.draw()


# -- text that fits ---------------------------------------------------------------------------
ELLIPSIS = "…"


def fit_line(text: arcade.Text, value: str, max_width: float, size: float, min_size: float) -> None:
    """Set a one-line ``text`` to ``value`` in at most ``max_width`` px.

    The font shrinks from ``size`` down to ``min_size`` (steps of 1 pt); if it
    still does not fit, the end is cut and ends in "…".
    """
    text.text = value
    text.font_size = size
    while text.content_width > max_width and text.font_size > min_size:
        text.font_size = max(min_size, text.font_size - 1)
    if text.content_width <= max_width:
        return
    lo, hi = 0, len(value)  # longest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        text.text = value[:mid].rstrip() + ELLIPSIS
        if text.content_width <= max_width:
            lo = mid
        else:
            hi = mid - 1
    text.text = value[:lo].rstrip() + ELLIPSIS if lo else ""


def fit_block(text: arcade.Text, value: str, max_height: float) -> None:
    """Set a multiline ``text`` (its ``width`` already set) to ``value``, cut to ``max_height`` px with "…"."""
    text.text = value
    if text.content_height <= max_height:
        return
    lo, hi = 0, len(value)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        text.text = value[:mid].rstrip() + ELLIPSIS
        if text.content_height <= max_height:
            lo = mid
        else:
            hi = mid - 1
    text.text = value[:lo].rstrip() + ELLIPSIS if lo else ""


def fit_label(button: Button, value: str | None = None, size: float | None = None, force: bool = False) -> None:
    """Show ``value`` (default: the button's own text) fitted inside the button: shrinks, then ends in "…".

    ``size`` sets the button's font size; nothing is measured when the label
    and size are unchanged, unless ``force`` (after :meth:`Button.place`).
    """
    value = button.want if value is None else value
    size = button.size if size is None else size
    if not force and value == button.want and size == button.size:
        return
    button.want, button.size = value, size
    fit_line(button.label, value, max(4.0, button.width - 8), size, max(7.0, size * 0.7))
