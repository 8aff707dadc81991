"""The one base of every screen, :class:`Screen`, and the menu-like screen on it, :class:`BaseView`.

- :class:`Screen` — every view of the game derives from it: it holds the shared
  context and keeps the idle contract with :class:`game.app.GameWindow`: the window
  calls ``view.needs_redraw()`` before each frame and skips drawing (and slows its
  clock) while it answers False.  Input events and ``show_view`` always redraw.  A
  screen whose picture changes on its own (an animation, a clock, background progress)
  calls ``self.request_redraw()`` or overrides :meth:`Screen.animating`.
- :class:`BaseView` — a :class:`Screen` of buttons with keyboard focus, Esc, F1 help, F11.
- :class:`MazeScreen` — a :class:`Screen` whose maze area is a :class:`game.ui.viewport.MazeViewport`.
- :func:`common_key` — F1 (help) and F11 (fullscreen), the keys every screen shares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade import key

from game import routes
from game.context import Context
from game.render.theme import button_style
from game.ui import FONT, ActionButton, draw_focus_ring, enable_ui, gui, label_width, needs_render, text_scale, ui_scale
from game.ui.textfit import snap_to_pixels
from game.ui.viewport import MazeViewport

if TYPE_CHECKING:
    from game.render.camera import CameraState
    from game.render.fog_layer import DarkMazeLayer
    from game.render.maze_layer import MazeLayer


class Screen(arcade.View):
    """The base of every screen: the shared context, and draw only when something changed (module doc).

    Args:
        ctx: the shared game context.
    """

    _redraw_requested = True
    #: The music loop of this screen (:data:`game.audio.TRACKS`); None keeps what plays (help, settings...).
    music: str | None = None
    #: The key-table context this screen listens to (:data:`game.ui.input.CONTEXTS`; controllers use it).
    key_context: str = "menu"

    def __init__(self, ctx: Context) -> None:
        super().__init__()
        self.ctx = ctx

    def on_show_view(self) -> None:
        """Start this screen's music and fit the default camera to the window; subclasses that override this
        call it first."""
        self.ctx.audio.music(self.music)
        fit_default_camera(self.window)

    def request_redraw(self) -> None:
        """Draw the next frame (something changed without an input event)."""
        self._redraw_requested = True

    def animating(self) -> bool:
        """True while the picture changes by itself (default: never)."""
        return False

    def needs_redraw(self) -> bool:
        """Asked by the window once per frame; clears the request."""
        wanted, self._redraw_requested = self._redraw_requested, False
        return wanted or self.animating()


def fit_default_camera(window: Any) -> None:  # an arcade.Window
    """Give the window's default camera (button screens and overlays draw with it) the window's size.

    arcade moves that camera to a new window size only when it is the camera in use at the next frame: a
    resize while a screen drew with its own cameras (play, race, Lab) left it at the old size, and the next
    button screen (the win screen, the race result) drew clipped to the old size.
    """
    if window is None:
        return
    width, height = window.get_framebuffer_size()
    camera = window.default_camera
    if (camera.viewport.width, camera.viewport.height) != (width, height):
        camera.viewport = arcade.LBWH(0, 0, width, height)


def not_smaller(sizes: list[float], base: list[float], slack: float = 0.01) -> bool:
    """True when no size of ``sizes`` is below its partner in ``base`` (by more than ``slack`` points)."""
    return all(a >= b - slack for a, b in zip(sizes, base, strict=False))


def common_key(ctx: Context, symbol: int, modifiers: int = 0) -> bool:
    """F1 opens the help screen (coming back to the current view), F11 toggles fullscreen; True if handled."""
    if symbol == key.F11:
        ctx.toggle_fullscreen()
        return True
    if symbol == key.F1:
        current = ctx.window.current_view
        ctx.go(routes.help_screen, back_to=current)
        return True
    return False


class BaseView(Screen):
    """A screen with buttons reachable by mouse and keyboard (Up/Down, Enter), Esc = back, F1 help, F11.

    Subclasses add buttons with :meth:`make_button`, place them in :meth:`layout`
    (called with the window size on show and on every resize; :attr:`scale` is
    :func:`game.ui.ui_scale` of it) and draw extras in :meth:`draw_extra`.

    Args:
        ctx: the shared game context.
        columns: buttons per row for Left/Right/Up/Down navigation (1 = a vertical list).
    """

    music: str | None = "menu"
    #: The largest text size factor this screen's layout takes (a dense screen caps what Settings asks for).
    max_text_scale: float = 2.0
    #: ``ctx.memory`` key of the entry that opened another screen from this one: the copy of this screen that is
    #: shown next (coming back) is focused on that entry, not on the first (None: always the first).
    return_focus: str | None = None
    _opening: int | None = None  # the entry whose action runs now (see activate)

    def __init__(self, ctx: Context, columns: int = 1) -> None:
        super().__init__(ctx)
        self.ui = gui.UIManager()
        self.buttons: list[ActionButton] = []
        self.actions: list[Callable[[], object]] = []
        self.focus = 0
        self.columns = columns
        self.scale = 1.0
        self.background_color = ctx.theme.background
        self.made_texts: list[arcade.Text] = []  # every text from :meth:`text`, snapped to whole pixels after layout

    # -- buttons ---------------------------------------------------------------
    def make_button(
        self,
        text: str,
        action: Callable[[], object],
        width: int = 320,
        height: int = 52,
        font_size: int = 16,
        multiline: bool = False,
    ) -> ActionButton:
        """A themed button that runs ``action`` on click or Enter (registered for keyboard focus).

        The button is not placed: add it to a layout, or to ``self.ui`` and set its
        ``rect`` in :meth:`layout` (:func:`game.ui.place_column`).
        """
        index = len(self.buttons)
        btn = ActionButton(
            lambda: self._clicked(index), text=text, width=width, height=height, multiline=multiline,
            style=button_style(self.ctx.theme, font_size),
        )
        self.buttons.append(btn)
        self.actions.append(action)
        return btn

    def _clicked(self, index: int) -> None:
        self.focus = index
        self.activate(index)

    def style_buttons(self, font_size: float, buttons: list[ActionButton] | None = None, pad: float = 10) -> None:
        """Give ``buttons`` (default: all) the theme's style at ``font_size`` points, smaller for a
        one-line label that would not fit its button with ``pad`` pixels to spare on each side."""
        styles: dict[int, dict[str, Any]] = {}
        for btn in self.buttons if buttons is None else buttons:
            size = max(8, round(font_size))
            if not btn.multiline and btn.text:
                room = btn.rect.width - 2 * pad
                wide = label_width(btn.text, size)
                if wide > room > 0:
                    asked, size = size, max(8, int(size * room / wide))
                    while size + 1 < asked and label_width(btn.text, size + 1) <= room:  # the guess is floored:
                        size += 1  # the largest size that fits (a larger text size never gives a smaller label)
                    while size > 8 and label_width(btn.text, size) > room:  # glyph widths do not scale linearly
                        size -= 1
            style = styles.get(size)
            if style is None:
                style = styles[size] = button_style(self.ctx.theme, size)
            btn.set_font_size(size, style)

    def activate(self, index: int) -> None:
        """Run the action of button ``index`` (disabled buttons do nothing)."""
        if 0 <= index < len(self.buttons) and not self.buttons[index].disabled:
            self.ctx.audio.play("click")
            self._opening = index
            try:
                self.actions[index]()
            finally:
                self._opening = None

    def open_from(self, index: int, view: arcade.View) -> None:
        """Show ``view``, opened by entry ``index`` of this screen (later than its press: after background work):
        coming back, this screen is focused on that entry (:attr:`return_focus`)."""
        self._opening = index
        try:
            self.ctx.show(view)
        finally:
            self._opening = None

    def move_focus(self, step: int) -> None:
        """Move keyboard focus by ``step`` buttons (clamped)."""
        if self.buttons:
            self.focus = max(0, min(len(self.buttons) - 1, self.focus + step))

    # -- view lifecycle -------------------------------------------------------
    def on_show_view(self) -> None:
        """Start the music, enable the UI and lay out for the window."""
        super().on_show_view()
        self.background_color = self.ctx.theme.background
        if self.return_focus is not None:  # back from what one of its entries opened: focus that entry
            i = self.ctx.memory.pop(self.return_focus, None)
            if isinstance(i, int) and 0 <= i < len(self.buttons) and not self.buttons[i].disabled:
                self.focus = i
        enable_ui(self.ui)
        self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        """Re-place everything for the new size at the largest scale that keeps every text at least its 100 % size.

        The text size of Settings (:func:`game.ui.text_scale`) only ever makes text larger: the layout is tried
        at the asked scale, and while a button leaves the window or a text (a :meth:`text`, a button label) came
        out smaller than the same layout gives at 100 %, it is done again a little smaller, never under the 100 %
        layout itself (a screen that wants more than that reflows or scrolls in its own :meth:`layout`).
        """
        floor = ui_scale(width, height) / text_scale()
        target = floor * min(text_scale(), self.max_text_scale)
        self.scale = target
        if target <= floor:
            self.layout(width, height)
        else:
            self.scale = floor
            self.layout(width, height)
            base = self.text_sizes()
            scale = target
            while scale > floor:
                self.scale = scale
                self.layout(width, height)
                if not self.spills(width, height) and not_smaller(self.text_sizes(), base):
                    break
                scale = max(floor, scale * 0.9)
            if scale <= floor:
                self.scale = floor
                self.layout(width, height)
        snap_to_pixels(self.made_texts)
        self.request_redraw()

    def relayout(self) -> None:
        """Lay out again at the window's size and the current scale (a text or a table changed), the texts on whole
        pixels as after :meth:`on_resize` (a text left between two pixel rows draws with the tops of its letters
        cut), and ask for a frame."""
        self.layout(self.window.width, self.window.height)
        snap_to_pixels(self.made_texts)
        self.request_redraw()

    def text_sizes(self) -> list[float]:
        """The font sizes (points, as laid out) of every :meth:`text` and every button label, in a fixed order:
        what :meth:`on_resize` compares between text sizes."""
        return [float(t.font_size) for t in self.made_texts] + [float(b.font_px) for b in self.buttons]

    def spills(self, width: int, height: int) -> bool:
        """True when a button of the last layout leaves the ``width`` × ``height`` window."""
        return any(b.rect.left < 0 or b.rect.bottom < 0 or b.rect.right > width or b.rect.top > height
                   for b in self.buttons if b.visible)

    def layout(self, width: int, height: int) -> None:
        """Place texts and buttons for a window of ``width`` × ``height`` pixels (default: nothing)."""

    def on_hide_view(self) -> None:
        """Disable the UI; an entry that opened another screen is remembered (:attr:`return_focus`)."""
        self.ui.disable()
        if self.return_focus is not None:
            i = self._opening
            if i is None or self.actions[i] == self.back:  # Esc or Back: the next copy starts at the top
                self.ctx.memory.pop(self.return_focus, None)
            else:
                self.ctx.memory[self.return_focus] = i

    def back(self) -> None:
        """Esc: the main menu unless a subclass knows better."""
        routes.show_menu(self.ctx)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Esc back, F1 help, F11 fullscreen, arrows move focus, Enter/Space activate."""
        if common_key(self.ctx, symbol, modifiers):
            return True
        if symbol == key.ESCAPE:
            self.back()
            return True
        if not self.buttons:
            return None
        if symbol == key.TAB:
            self.move_focus(-1 if modifiers & key.MOD_SHIFT else 1)
            return True
        if self.typing():  # letters type; Enter still presses the focused button
            if symbol not in (key.ENTER, key.NUM_ENTER):
                return None
            self.activate(self.focus)
            return True
        return self.menu_action(self.ctx.keys.action("menu", symbol))

    def menu_action(self, action: str | None) -> bool | None:
        """Do a menu action of the key table (``"up"``, ``"down"``, ``"left"``, ``"right"``, ``"confirm"``;
        a controller sends the same names); True if it did something."""
        if action == "up":
            self.move_focus(-self.columns)
        elif action == "down":
            self.move_focus(self.columns)
        elif action == "left" and self.columns > 1:
            self.move_focus(-1)
        elif action == "right" and self.columns > 1:
            self.move_focus(1)
        elif action == "confirm":
            self.activate(self.focus)
        else:
            return None
        return True

    def typing(self) -> bool:
        """True while a text field has the keyboard (letters must not navigate)."""
        return False

    def needs_redraw(self) -> bool:
        """A requested redraw, an animation, or a widget that wants rendering (hover, caret blink)."""
        return super().needs_redraw() or needs_render(self.ui)

    # -- drawing --------------------------------------------------------------
    def on_draw(self) -> None:
        """Clear, draw the widgets, the focus ring and the subclass extras (every :meth:`text` on whole pixels first:
        a screen that moved one outside :meth:`on_resize`, scrolling a list, say, would draw it cut)."""
        snap_to_pixels(self.made_texts)
        self.clear()
        self.draw_background()
        self.ui.draw()
        self.window.default_camera.use()
        if self.buttons and 0 <= self.focus < len(self.buttons):
            r = self.buttons[self.focus].rect
            draw_focus_ring(r.left, r.right, r.bottom, r.top, self.ctx.theme, self.window.width, self.window.height)
        self.draw_extra()

    def draw_background(self) -> None:
        """Drawn before the widgets (default: nothing)."""

    def draw_extra(self) -> None:
        """Drawn after the widgets (default: nothing)."""

    def text(self, value: str, size: float = 16, color: Any = None, bold: bool = False, **kw: Any) -> arcade.Text:
        """A themed ``arcade.Text`` (create once, then change ``.text``/``.x``/``.y``; placed on whole pixels
        after every :meth:`layout`)."""
        made = arcade.Text(
            value, 0, 0, color if color is not None else self.ctx.theme.text, size, font_name=FONT, bold=bold, **kw
        )
        self.made_texts.append(made)
        return made


class MazeScreen(Screen):
    """A screen whose maze area is a :class:`MazeViewport` (``self.viewport``, set by the subclass).

    Reads the viewport's camera state and layers through, so screens and tests name them alike.
    """

    viewport: MazeViewport
    music: str | None = "maze"
    key_context: str = "maze"

    @property
    def cam(self) -> CameraState:
        """The world camera's state (the viewport's)."""
        return self.viewport.cam

    @property
    def layer(self) -> MazeLayer:
        """The maze layer (the viewport's)."""
        return self.viewport.maze_layer

    @property
    def dark_layer(self) -> DarkMazeLayer | None:
        """The maze layer of a dark maze, else None."""
        return self.viewport.dark_layer
