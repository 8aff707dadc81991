"""Drawing helpers of the puzzle screens: tile textures, the panel buttons, text that fits.

Tile textures are rendered once per (size, theme) with Pillow and drawn as one
SpriteList; the buttons are the game's :class:`game.ui.ActionButton` in a
``gui.UIManager`` (one draw for all), so a frame costs a handful of draw calls
whatever the board size.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import arcade
from arcade.types import LBWH
from PIL import Image, ImageDraw, ImageFont

from game.render.present import PartialFrames, Rect
from game.render.theme import BUTTON_FONTS, RGBA, Theme, button_style, contrast_ratio
from game.ui import ActionButton, cut_text, text_width
from game.ui.textfit import fitted_line, measure, most_kept, set_text

if TYPE_CHECKING:
    import pyglet

    from engine.puzzle.session import PuzzleSession
    from game.puzzle.tasks import PuzzleJobs

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
    r, g, b_, alpha = (int(round(x + (y - x) * t)) for x, y in zip(a, b, strict=True))
    return r, g, b_, alpha


#: The least contrast (WCAG, :func:`game.render.theme.contrast_ratio`) of a tile's number on its fill.
MIN_NUMBER_CONTRAST = 4.5


def tile_colors(theme: Theme, home: bool) -> tuple[RGBA, RGBA, RGBA]:
    """(fill, shadow, number) colours of a tile; ``home`` tiles sit on their goal cell (tinted).

    The number is in the button text colour, or in the theme's text colour when that reads better on a fill
    where the button text would fall under :data:`MIN_NUMBER_CONTRAST` (the light theme's pale home tint).
    """
    base = mix(theme.button, theme.button_hover, 0.5)
    fill = mix(base, theme.start, 0.6) if home else base
    shadow = mix(fill, (0, 0, 0, 255), 0.45)
    ink = theme.button_text
    if contrast_ratio(fill, ink) < MIN_NUMBER_CONTRAST:
        ink = max((ink, theme.text), key=lambda c: contrast_ratio(fill, c))
    return fill, shadow, ink


def render_tile(number: int, side: int, theme: Theme, home: bool) -> Image.Image:
    """A square RGBA image ``side`` px wide of one numbered tile (rounded, with a bottom shadow).

    The number's font scales with the tile (about 46 % of the side for up to two
    digits, 36 % for three); ``number`` 0 is a tile with no number (a blindfold solve's hidden tiles).
    """
    side = max(8, int(side))
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill, shadow, ink = tile_colors(theme, home)
    radius = max(2, side // 9)
    drop = max(1, side // 24)
    d.rounded_rectangle((0, drop, side - 1, side - 1), radius=radius, fill=shadow)
    d.rounded_rectangle((0, 0, side - 1, side - 1 - drop), radius=radius, fill=fill)
    text = str(number) if number > 0 else ""
    px = int(side * (0.46 if len(text) <= 2 else 0.36))
    font = _font(max(6, px))
    box = d.textbbox((0, 0), text, font=font)
    tw, th = box[2] - box[0], box[3] - box[1]
    d.text(((side - tw) / 2 - box[0], (side - drop - th) / 2 - box[1]), text, font=font, fill=ink)
    return img


def render_picture_tile(piece: Image.Image, number: int, theme: Theme, home: bool, numbers: bool) -> Image.Image:
    """A picture tile: ``piece`` (square RGB, the tile's part of the picture) with rounded corners.

    ``home`` tiles get a border in the theme's start colour; ``numbers`` adds the
    tile's number in a dark badge in the top-left corner (legible on any picture).
    """
    side = piece.width
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    mask = Image.new("L", (side, side), 0)
    radius = max(2, side // 12)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, side - 1, side - 1), radius=radius, fill=255)
    img.paste(piece.convert("RGBA"), (0, 0), mask)
    d = ImageDraw.Draw(img)
    if home:
        d.rounded_rectangle((0, 0, side - 1, side - 1), radius=radius, outline=theme.start,
                            width=max(2, side // 22))
    if numbers:
        text = str(number)
        font = _font(max(6, int(side * 0.2)))
        box = d.textbbox((0, 0), text, font=font)
        tw, th = box[2] - box[0], box[3] - box[1]
        pad = max(2, side // 24)
        bw, bh = max(tw, th) + 2 * pad, th + 2 * pad
        x0 = y0 = max(3, side // 14)
        d.rounded_rectangle((x0, y0, x0 + bw, y0 + bh), radius=bh // 2, fill=(0, 0, 0, 170))
        d.text((x0 + (bw - tw) / 2 - box[0], y0 + pad - box[1]), text, font=font, fill=(255, 255, 255, 255))
    return img


def tile_texture(number: int, side: int, theme: Theme, home: bool) -> arcade.Texture:
    """An arcade texture of :func:`render_tile` (hash unique per tile, size, theme and state)."""
    img = render_tile(number, side, theme, home)
    return arcade.Texture(
        img,
        hash=f"tessera-tile-{theme.name}-{side}-{number}-{int(home)}",
        hit_box_algorithm=arcade.hitbox.algo_bounding_box,
    )


def selected_style(theme: Theme, font_size: float) -> Any:
    """The look of a chosen option (a toggle that is on): filled in the label colour with the label in the
    button colour and outlined in the theme's text colour -- never the focus colour, so a selected option and
    the keyboard's focus (the focus colour's outline) are told apart in every theme."""
    from arcade.gui import UIFlatButton

    style = UIFlatButton.UIStyle(font_size=round(font_size), font_name=BUTTON_FONTS, font_color=theme.button,
                                 bg=theme.button_text, border=theme.text, border_width=max(2, theme.button_border))
    style.font_size = font_size  # type: ignore[assignment]  # fractional points, as PanelButton.fit sets them
    return style


class PanelButton(ActionButton):
    """The game's flat button (:class:`game.ui.ActionButton`) with a label fitted to its rectangle.

    Lives in a ``gui.UIManager`` of a puzzle screen.  ``disabled`` buttons draw
    dimmed and ignore clicks; an ``active`` one (a toggle that is on) is drawn filled
    (:func:`selected_style`), unlike the focus colour's outline of the keyboard's focus.

    Args:
        theme: colours of the button styles.
        text: the full label (:meth:`fit` may show it shortened).
        action: run on a click.
        font_size: the label's font size at 1x scale (points).
    """

    def __init__(self, theme: Theme, text: str, action: Callable[[], object], font_size: float = 12) -> None:
        def run() -> None:
            action()

        super().__init__(run, text=text, width=100, height=30, style=button_style(theme, int(font_size)))
        self.theme = theme
        self.want = text  # the full label text
        self.label_size = float(font_size)  # the label's font size before fitting
        self.base_size = float(font_size)
        self._lit = False
        self._dim = False
        #: (label, size in points, rectangle width and height in pixels, lit, dim) of the last fit: the same
        #: again changes nothing
        self._fitted: tuple[str, float, float, float, bool, bool] | None = None

    @property
    def active(self) -> bool:
        """Drawn highlighted (a toggle that is on)."""
        return self._lit

    @active.setter
    def active(self, value: bool) -> None:
        if value != self._lit:
            self._lit = value
            self.fit(force=True)

    @property
    def dim(self) -> bool:
        """Drawn in the locked colours while still taking clicks (a locked choice that says what it needs)."""
        return self._dim

    @dim.setter
    def dim(self, value: bool) -> None:
        if value != self._dim:
            self._dim = value
            self.fit(force=True)

    def place(self, left: float, bottom: float, width: float, height: float) -> None:
        """Set the rectangle (window pixels, rounded); call :meth:`fit` afterwards."""
        self.rect = LBWH(round(left), round(bottom), max(1, round(width)), max(1, round(height)))

    def fit(self, value: str | None = None, size: float | None = None, force: bool = False) -> None:
        """Show ``value`` (default: the full label) at ``size`` points, shrunk then ended in "…" to fit.

        Nothing is measured when the label and size are unchanged, unless ``force``
        (after :meth:`place`).
        """
        value = self.want if value is None else value
        size = self.label_size if size is None else size
        if not force and value == self.want and size == self.label_size:
            return
        self.want, self.label_size = value, size
        fitted = (value, size, self.rect.width, self.rect.height, self._lit, self._dim)
        if fitted == self._fitted:  # a layout at the same size: the same label and style (a new style re-renders)
            return
        self._fitted = fitted
        label, shown = fitted_line(value, size, max(4.0, self.rect.width - 10), max(7.0, size * 0.7), step=1)
        style = button_style(self.theme, max(6, int(shown)))
        for state in style.values():
            state.font_size = shown
        if self._lit:
            style["normal"] = style["hover"] = selected_style(self.theme, shown)
        elif self._dim:
            style["normal"] = style["disabled"]
        if self.text != label:
            self.text = label
        self.set_font_size(shown, style)


def label_width(value: str, size: float) -> float:
    """Pixels ``value`` takes in the buttons' font at ``size`` points (plus the button's inner margin)."""
    return text_width(value, size) + 10


# -- text that fits ---------------------------------------------------------------------------



def fit_block(text: arcade.Text, value: str, max_height: float) -> None:
    """Set a multiline ``text`` (its ``width`` already set) to ``value``, cut to ``max_height`` px with "…".

    The cuts are measured (:func:`game.ui.textfit.measure`), not tried on ``text``: it is laid out once, with
    what it shows in the end (as :func:`game.ui.cut_to_fit` would leave it), and not at all when that is what
    it shows already."""
    if measure(text, value)[1] <= max_height:
        set_text(text, value)
        return
    keep = most_kept(len(value), lambda k: measure(text, cut_text(value, k))[1] <= max_height)
    set_text(text, cut_text(value, keep) if keep else "")


def fit_label(button: PanelButton, value: str | None = None, size: float | None = None, force: bool = False) -> None:
    """Show ``value`` (default: the button's own text) fitted inside the button (see :meth:`PanelButton.fit`)."""
    button.fit(value, size, force)


class ProgressArea(PartialFrames):
    """The puzzle screen's progress line and bar under the board (mixed into :class:`game.puzzle.view.PuzzleView`):
    on software GL a frame where only they changed -- a table build's bar, a few times a second -- redraws their
    rectangle alone (:mod:`game.render.present`)."""

    # What the puzzle screen has (annotations only: the screen sets them).
    window: arcade.Window
    theme: Theme
    jobs: PuzzleJobs
    session: PuzzleSession
    batch: pyglet.graphics.Batch
    t_progress: arcade.Text
    progress_bar: tuple[float, float, float, float] | None  # l, r, b, t of the bar
    progress_room: float  # pixels kept for the line under the bar (the widest line at this width)
    _progress_label: str = ""  # the line last shown (before any cut)
    _progress_drawn: tuple[bool, int]  # _progress_shown() of the last frame drawn
    _dirty: bool

    def _progress_shown(self) -> tuple[bool, int]:
        return self.jobs.shown(self.session.playback is not None)

    def _draw_progress(self) -> None:
        self._progress_drawn = self._progress_shown()
        label, frac = self.jobs.progress(self.session.playback is not None)
        if self._progress_label != label:  # never over the bar: cut with "…" past the room kept for it
            self._progress_label = label
            fit_block(self.t_progress, label, self.progress_room)
        if frac is not None and self.progress_bar is not None:
            l_, r_, b_, t_ = self.progress_bar
            arcade.draw_lrbt_rectangle_filled(l_, r_, b_, t_, self.theme.locked)
            arcade.draw_lrbt_rectangle_filled(l_, l_ + (r_ - l_) * frac, b_, t_, self.theme.accent)

    def progress_changed_alone(self) -> bool:
        """True when the only change since the last frame is the progress line or bar (the screen's own test)."""
        raise NotImplementedError

    def damage(self) -> list[Rect] | None:
        """The progress line and bar when they alone changed, else None (the whole window)."""
        if self.progress_bar is None or not self.progress_changed_alone():
            return None
        left, right, _, top = self.progress_bar
        return [(int(left) - 2, int(self.t_progress.y) - 2, int(right - left) + 4, int(top - self.t_progress.y) + 4)]

    def draw_part(self, rect: Rect) -> None:
        """Clear ``rect`` and draw the progress line and bar (and whatever text of the screen reaches into it)."""
        ctx: Any = self.window.ctx
        ctx.scissor = rect
        try:
            self.clear(viewport=rect)
            self.window.default_camera.use()
            self._draw_progress()
            self.batch.draw()
        finally:
            ctx.scissor = None
