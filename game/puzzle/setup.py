"""The sliding-puzzle setup screen: size, shuffle kind, picture, the mode (one puzzle, or a speed mode: relay,
marathon, blindfold), or a pasted code.

Keys: 3..8 size presets, Up/Down choose a row (width, height, shuffle, mixing moves, picture, mode) and
Left/Right change it (``<  value  >``: :mod:`game.puzzle.setup_rows`), M shuffle kind, +/- mixing moves,
P next picture, I numbers over the picture, Enter play, Tab / click a field to type a code or the path of your
own PNG/JPEG picture, Ctrl+V paste, F1 help, F11 fullscreen, Esc back to the main menu.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import arcade
import pyglet
from arcade import key

from engine.puzzle.board import MIN_SIDE
from engine.puzzle.deal import Deal, new_seed, seed_code, session_from_code
from engine.puzzle.speed import MARATHON, SpeedSetup
from game import routes
from game.bases.screen import Screen, common_key
from game.context import Context
from game.puzzle.fields import CODE_HINT, FIELD_MAX, PATH_HINT, fit_field, typed
from game.puzzle.picture_rewards import FREE, PAID, button_label, locked_line, own_choice
from game.puzzle.pictures import FILE_PREFIX, builtin_of, check_image_file
from game.puzzle.settings import MAX_CUSTOM_SIDE, PuzzleSettings
from game.puzzle.setup_rows import (
    CLASSIC,
    MARATHON_COUNTS,
    MODES,
    ROWS,
    ScrollPage,
    mode_label,
    mode_text,
    play_label,
    row_texts,
    speed_setup,
    step_row,
)
from game.puzzle.widgets import PanelButton, fit_block, fit_label
from game.ui import FONT, TITLE_FONT, fit_text, gui, needs_render, text_scale

PRESETS = (3, 4, 5, 6, 7, 8)
#: The mode buttons' widths (design pixels; Play takes the rest of the line).
MODE_WIDTHS = (96, 84, 140, 112)
MIX_STEPS = (10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000)
CODE_LABEL = "Or paste a puzzle code (Ctrl+V) and press Enter"
HELP = ("Up/Down row · Left/Right value · 3-8 size · M shuffle kind · +/- mixing moves · P picture · I numbers · "
        "Enter play · Esc menu\n"
        "Moves count one per tile moved; clicking a tile in the gap's row or column slides all the tiles between.")


class PuzzleSetupView(ScrollPage, Screen):
    """Choose a size and a shuffle, or paste a code, then play.

    Args:
        ctx: the shared game context.
        deal: the previous deal (its size and shuffle become the defaults).
        code_text: text to put in the code field.
        error: a sentence to show in red (e.g. why a code was refused).
        speed: a speed run to offer again (its mode and size chosen), or None (a classic puzzle).
    """

    music: str | None = "menu"

    def __init__(self, ctx: Context, deal: Deal | None = None, code_text: str = "", error: str = "",
                 speed: SpeedSetup | None = None) -> None:
        super().__init__(ctx)
        self.ctx = ctx
        self.theme = t = ctx.theme
        self.background_color = t.background
        d = deal or Deal(4, 4, "uniform", 100, 0)
        self.width_, self.height_ = d.width, d.height
        self.mode = speed.mode if speed is not None else CLASSIC
        self.marathon = speed.count if speed is not None and speed.mode == MARATHON else MARATHON_COUNTS[0]
        if speed is not None:
            self.width_ = self.height_ = speed.size
        self.shuffle = d.shuffle
        self.mix = d.mix
        self.field = code_text
        self.field_focus = bool(code_text)
        self.error = error
        self.settings = PuzzleSettings.load(ctx.store)
        self.wallet = ctx.wallet()  # what stars bought: the pictures they buy (game.puzzle.picture_rewards)
        #: a picture choice (game.puzzle.pictures); a picture stars buy only once bought
        self.picture = own_choice(lambda: self.wallet, self.settings.picture)
        self.path = self.picture[len(FILE_PREFIX):] if self.picture.startswith(FILE_PREFIX) else ""
        self.path_focus = False
        self.row = 0  # the keyboard's row (setup_rows.ROWS): width
        self.batch = pyglet.graphics.Batch()

        def text(value: str, size: float, color: Any = None, **kw: Any) -> arcade.Text:
            return arcade.Text(value, 0, 0, color or t.text, size, font_name=FONT, batch=self.batch, **kw)

        self.t_title = arcade.Text("Sliding Puzzle", 0, 0, t.accent, 34, font_name=TITLE_FONT, bold=True,
                                   anchor_x="center", batch=self.batch)
        self.t_size = text("Size", 14, t.text_dim)
        self.t_custom = text("", 14)
        self.t_shuffle = text("Shuffle", 14, t.text_dim)
        self.t_mix = text("", 13)
        self.t_code = text(CODE_LABEL, 14, t.text_dim)
        self.t_field = text("", 13, anchor_y="center")
        self.t_picture = text("", 14, t.text_dim)
        self.t_mode = text("", 14, t.text_dim)
        self.t_path = text("", 12, anchor_y="center")
        self.t_error = text("", 13, t.error, multiline=True, width=760)
        self.t_help = text(HELP, 11, t.text_dim, multiline=True, width=900, align="center", anchor_x="center")
        self.ui = gui.UIManager()  # the buttons (enabled while the screen is shown)
        self.buttons: list[PanelButton] = []
        add = self._add_button
        self.preset_buttons = [add(f"{n}x{n}", self._preset(n), 14) for n in PRESETS]
        self.b_wm = add("W -", lambda: self.set_size(self.width_ - 1, self.height_), 13)
        self.b_wp = add("W +", lambda: self.set_size(self.width_ + 1, self.height_), 13)
        self.b_hm = add("H -", lambda: self.set_size(self.width_, self.height_ - 1), 13)
        self.b_hp = add("H +", lambda: self.set_size(self.width_, self.height_ + 1), 13)
        self.b_uniform = add("Uniform random", lambda: self.set_shuffle("uniform"), 13)
        self.b_moves = add("Random moves (mix)", lambda: self.set_shuffle("moves"), 13)
        self.b_mm = add("-", lambda: self.step_mix(-1), 14)
        self.b_mp = add("+", lambda: self.step_mix(1), 14)
        self.picture_buttons = [add(name.capitalize() if name else "Numbers", self._picture(name), 13)
                                for name in ("", *FREE)]
        #: the pictures stars buy, a row under the free ones ("Reef · 40 ★" while locked)
        self.paid_buttons = [add(button_label(r, self.wallet), self._picture(r.id), 13) for r in PAID]
        self.b_numbers = add("", self.toggle_numbers, 13)
        self.b_path = add("Use my picture", self.use_path, 13)
        self.mode_buttons = [add(mode_label(m, self.marathon), self._mode(m), 14) for m in MODES]
        self.b_play = add("Play  Enter", self.play, 16)
        self.b_open = add("Open code", self.open_code, 13)
        self.b_back = add("Menu  Esc", partial(routes.show_menu, self.ctx), 13)
        self._field_box = (0.0, 0.0, 0.0, 0.0)
        self._path_box = (0.0, 0.0, 0.0, 0.0)
        self._size = (0, 0)
        self._dirty = True
        self._refresh()

    def _add_button(self, text: str, action: Any, size: float) -> PanelButton:
        """A button in :attr:`ui` that plays the click sound, leaves the code field and runs ``action``."""
        def run() -> None:
            self.ctx.audio.play("click")
            if (self.field_focus and action != self.open_code) or (self.path_focus and action != self.use_path):
                self.field_focus = self.path_focus = False
                self._refresh()
            action()

        btn = self.ui.add(PanelButton(self.theme, text, run, size))
        self.buttons.append(btn)
        return btn

    # -- state ------------------------------------------------------------------------
    def _preset(self, n: int) -> Callable[[], None]:
        return lambda: self.set_size(n, n)

    def set_size(self, width: int, height: int) -> None:
        """Choose the board size (each side clamped to 2..10)."""
        self.width_ = max(MIN_SIDE, min(MAX_CUSTOM_SIDE, width))
        self.height_ = max(MIN_SIDE, min(MAX_CUSTOM_SIDE, height))
        self._refresh()

    def _picture(self, name: str) -> Callable[[], None]:
        return lambda: self.set_picture(name)

    @property
    def pictures(self) -> list[str]:
        """The built-in pictures the player may choose: the free ones and those stars bought."""
        return [*FREE, *(r.id for r in PAID if self.wallet.is_open(r))]

    def set_picture(self, choice: str) -> None:
        """Show ``choice`` on the tiles (``""`` numbers, a built-in name, ``"file:<path>"``); saved in the store.
        A picture stars have not bought yet changes nothing and says what it needs."""
        locked = next((r for r in PAID if r.id == choice and not self.wallet.is_open(r)), None)
        if locked is not None:
            self.error = locked_line(locked, self.wallet)
            self._refresh()
            return
        self.picture = self.settings.picture = choice
        self.settings.save(self.ctx.store)
        self.error = ""
        self._refresh()

    def next_picture(self) -> None:
        """P: numbers → each built-in picture → your own (if one is set) → numbers."""
        row, self.row = self.row, ROWS.index("picture")
        step_row(self, 1)
        self.row = row

    def toggle_numbers(self) -> None:
        """I: numbers over the picture tiles on/off (saved)."""
        self.settings.numbers = not self.settings.numbers
        self.settings.save(self.ctx.store)
        self._refresh()

    def use_path(self) -> bool:
        """Check the typed path and use that image; on failure show one line and keep the old choice."""
        try:
            choice = check_image_file(self.path)
        except ValueError as exc:
            self.error = str(exc)
            self.path_focus = True
            self._refresh()
            return False
        self.path_focus = False
        self.set_picture(choice)
        return True

    def _mode(self, mode: str) -> Callable[[], None]:
        def choose() -> None:
            if mode == MARATHON and self.mode == MARATHON:  # the marathon's button again: its next length
                i = MARATHON_COUNTS.index(self.marathon) if self.marathon in MARATHON_COUNTS else -1
                self.set_mode(mode, MARATHON_COUNTS[(i + 1) % len(MARATHON_COUNTS)])
            else:
                self.set_mode(mode, self.marathon)

        return choose

    def set_mode(self, mode: str, marathon: int) -> None:
        """Classic (one puzzle) or a speed mode, and the marathon's length."""
        self.mode, self.marathon = mode, marathon
        self.row = ROWS.index("mode")
        self._refresh()

    def set_shuffle(self, kind: str) -> None:
        """``"uniform"`` or ``"moves"``."""
        self.shuffle = kind
        self._refresh()

    def step_mix(self, step: int) -> None:
        """Move the number of mixing moves along :data:`MIX_STEPS`."""
        i = min(range(len(MIX_STEPS)), key=lambda k: abs(MIX_STEPS[k] - self.mix))
        self.mix = MIX_STEPS[max(0, min(len(MIX_STEPS) - 1, i + step))]
        self.shuffle = "moves"
        self._refresh()

    def _refresh(self) -> None:
        t, row = self.theme, ROWS[self.row]
        self.t_custom.text, self.t_shuffle.text, self.t_mix.text, self.t_picture.text = row_texts(self)
        self.t_custom.color = t.accent if row in ("width", "height") else t.text
        self.t_shuffle.color = t.accent if row == "shuffle" else t.text_dim
        self.t_mix.color = t.accent if row == "mix" else t.text if self.shuffle == "moves" else t.text_dim
        self.t_picture.color = t.accent if row == "picture" else t.text_dim
        for n, b in zip(PRESETS, self.preset_buttons, strict=True):
            b.active = (self.width_, self.height_) == (n, n)
        for name, b in zip(("", *FREE), self.picture_buttons, strict=True):
            b.active = self.picture == name
        for r, b in zip(PAID, self.paid_buttons, strict=True):
            b.active, b.dim = self.picture == r.id, not self.wallet.is_open(r)
        self.b_path.active = self.picture.startswith(FILE_PREFIX)
        self.b_numbers.fit(f"Numbers on pictures: {'on' if self.settings.numbers else 'off'}  I")
        self.b_numbers.disabled = not self.picture
        for m, b in zip(MODES, self.mode_buttons, strict=True):
            b.active = self.mode == m
            b.fit(mode_label(m, self.marathon))
        self.b_play.fit(play_label(self))
        self.t_mode.text = mode_text(self)
        self.t_mode.color = t.accent if row == "mode" else t.text_dim
        self.b_uniform.active = self.shuffle == "uniform"
        self.b_moves.active = self.shuffle == "moves"
        self.t_error.text = self.error
        self._dirty = True
        if self._size != (0, 0):
            self._layout()

    # -- actions -------------------------------------------------------------------------
    def deal(self) -> Deal:
        """The deal the current choices describe (fresh seed)."""
        return Deal(self.width_, self.height_, self.shuffle, self.mix, new_seed(), builtin_of(self.picture))

    def play(self) -> None:
        """Deal and show the puzzle screen (a speed mode: its run)."""
        try:
            setup = speed_setup(self)
        except ValueError as exc:
            self.error = str(exc)
            self._refresh()
            return
        if setup is not None:
            self.ctx.go(routes.speed, setup)
            return
        deal = self.deal()
        try:
            code = seed_code(deal)  # the puzzle screen deals it again from its seed code
        except ValueError as exc:
            self.error = str(exc)
            self._refresh()
            return
        self.ctx.go(routes.puzzle, code, own=True)  # the player's own game: their picture and numbers choice

    def open_code(self) -> bool:
        """Open the code in the field; on failure show why and stay. Returns True on success."""
        text = self.field.strip()
        if not text:
            self.error = "Paste or type a puzzle code first."
            self._refresh()
            return False
        try:
            session_from_code(text)  # refused codes stay here with the reason
        except ValueError as exc:
            self.error = str(exc)
            self._refresh()
            return False
        self.ctx.go(routes.puzzle, text)
        return True

    # -- layout and drawing ----------------------------------------------------------------
    def _layout(self) -> None:
        """Place everything from the window size: a 760-px-wide design scaled by ``k`` (0.75..2.2), centred."""
        w, h = self.window.width, self.window.height
        self._size = (w, h)
        k = max(0.72, min(2.2, min(w / 860, h / 810)))
        # text size makes the page larger, as wide as the window allows; what overflows in height scrolls
        k = max(k, min(k * text_scale(), (w - 20) / 760))
        self.scroll = min(self.scroll, self.max_scroll)
        cx = w / 2
        left = cx - 380 * k
        y = h - 24 * k + self.scroll

        def line(text: arcade.Text, value: str, x: float, top: float, size: float, room: float) -> None:
            text.anchor_y = "top"
            text.position = (x, top)
            fit_text(text, value, size * k, room, size * k * 0.7, step=1)

        line(self.t_title, "Sliding Puzzle", cx, y, 34, w - 20)
        y -= 66 * k
        line(self.t_size, "Size", left, y, 14, 760 * k)
        y -= 26 * k + 40 * k
        bw = 110 * k
        for i, btn in enumerate(self.preset_buttons):
            btn.place(left + i * (bw + 14 * k), y, bw, 40 * k)
        y -= 48 * k
        for i, btn in enumerate((self.b_wm, self.b_wp, self.b_hm, self.b_hp)):
            btn.place(left + i * 66 * k + (8 * k if i >= 2 else 0), y, 60 * k, 34 * k)
        line(self.t_custom, self.t_custom.text, left + 290 * k, y + 27 * k, 14, 470 * k)
        y -= 20 * k
        line(self.t_shuffle, self.t_shuffle.text, left, y, 14, 760 * k)
        y -= 26 * k + 38 * k
        self.b_uniform.place(left, y, 220 * k, 38 * k)
        self.b_moves.place(left + 232 * k, y, 220 * k, 38 * k)
        self.b_mm.place(left + 464 * k, y, 38 * k, 38 * k)
        self.b_mp.place(left + 508 * k, y, 38 * k, 38 * k)
        line(self.t_mix, self.t_mix.text, left + 556 * k, y + 29 * k, 13, 204 * k)
        y -= 18 * k
        line(self.t_picture, self.t_picture.text, left, y, 14, 760 * k)
        y -= 24 * k + 36 * k
        for i, btn in enumerate(self.picture_buttons):
            btn.place(left + i * 112 * k, y, 104 * k, 36 * k)
        self.b_numbers.place(left + 448 * k, y, 312 * k, 36 * k)
        y -= 8 * k + 36 * k
        for i, btn in enumerate(self.paid_buttons):  # the pictures stars buy
            btn.place(left + i * 192 * k, y, 184 * k, 36 * k)
        y -= 8 * k + 34 * k
        self._path_box = (left, left + 560 * k, y, y + 34 * k)
        self.t_path.font_size = 12 * k
        self.t_path.position = (left + 10 * k, y + 17 * k)
        self.b_path.place(left + 572 * k, y, 188 * k, 34 * k)
        y -= 14 * k
        line(self.t_mode, self.t_mode.text, left, y, 14, 760 * k)
        y -= 24 * k + 52 * k
        x = left
        for btn, bw in zip(self.mode_buttons, MODE_WIDTHS, strict=True):  # the mode, then Play on the same line
            btn.place(x, y, bw * k, 52 * k)
            x += (bw + 8) * k
        self.b_play.place(x, y, left + 760 * k - x, 52 * k)
        y -= 16 * k
        line(self.t_code, CODE_LABEL, left, y, 14, 760 * k)
        y -= 26 * k + 38 * k
        self._field_box = (left, left + 620 * k, y, y + 38 * k)
        self.t_field.font_size = 13 * k
        self.t_field.position = (left + 10 * k, y + 19 * k)
        self.b_open.place(left + 632 * k, y, 128 * k, 38 * k)
        for btn in self.buttons:
            fit_label(btn, size=btn.base_size * k, force=True)
        # bottom: help (centred, wrapped), the Menu button above it; the error fills what is between
        self.t_help.font_size = 11 * k
        self.t_help.width = int(min(w - 20, 900 * k))
        self.t_help.anchor_y = "bottom"
        fit_block(self.t_help, HELP, (4 if text_scale() <= 1 else 6) * 11 * k * 1.5)  # room to wrap, not cut
        footer = self.t_help.content_height + 8 * k + 34 * k
        error_room = 3 * 13 * k * 1.4 if self.error else 0.0
        flow = y - self.scroll - 16 * k - error_room - footer < 6 * k  # no room below the field: footer follows
        bottom = y - 16 * k - error_room - footer if flow else 6 * k
        self.max_scroll = max(0.0, 6 * k - (bottom - self.scroll)) if flow else 0.0
        self.t_help.position = (cx, bottom)
        back_y = bottom + self.t_help.content_height + 8 * k
        self.b_back.place(left, back_y, 140 * k, 34 * k)
        fit_label(self.b_back, size=self.b_back.base_size * k, force=True)
        self.t_error.font_size = 13 * k
        self.t_error.width = int(760 * k)
        self.t_error.anchor_y = "top"
        self.t_error.position = (left, y - 8 * k)
        fit_block(self.t_error, self.error, max(0.0, y - 16 * k - back_y - 34 * k))
        self._fit_field()


    def _fit_field(self) -> None:
        """The fields' texts, shortened from the left to the fields' widths."""
        fit_field(self.t_field, self.field, CODE_HINT, self.field_focus, self._field_box)
        fit_field(self.t_path, self.path, PATH_HINT, self.path_focus, self._path_box)

    def on_show_view(self) -> None:
        """Lay out."""
        super().on_show_view()
        self.background_color = self.theme.background
        self.ui.enable()
        self._layout()

    def on_hide_view(self) -> None:
        """Stop taking clicks."""
        self.ui.disable()

    def on_resize(self, width: int, height: int) -> None:
        """Lay out again."""
        self._refresh()
        self._layout()

    def needs_redraw(self) -> bool:
        """True when something changed since the last frame (the screen has no animation)."""
        return self._dirty or needs_render(self.ui)

    def on_draw(self) -> None:
        """Buttons, the code field and texts."""
        self._dirty = False
        self.clear()
        if self._size != (self.window.width, self.window.height):
            self._layout()
        t = self.theme
        l_, r_, b_, t_ = self._field_box
        arcade.draw_lrbt_rectangle_filled(l_, r_, b_, t_, t.floor)
        arcade.draw_lrbt_rectangle_outline(l_, r_, b_, t_, t.focus if self.field_focus else t.text_dim, 2)
        l_, r_, b_, t_ = self._path_box
        arcade.draw_lrbt_rectangle_filled(l_, r_, b_, t_, t.floor)
        arcade.draw_lrbt_rectangle_outline(l_, r_, b_, t_, t.focus if self.path_focus else t.text_dim, 2)
        self.ui.draw()
        self.window.default_camera.use()
        self.batch.draw()

    # -- input -------------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        """A click on the field focuses it, elsewhere unfocuses it (the UI manager takes button clicks)."""
        l_, r_, b_, t_ = self._field_box
        inside = l_ <= x <= r_ and b_ <= y <= t_
        pl, pr, pb, pt = self._path_box
        in_path = pl <= x <= pr and pb <= y <= pt
        if (inside, in_path) != (self.field_focus, self.path_focus):
            self.field_focus, self.path_focus = inside, in_path
            self._refresh()
        return True

    def on_text(self, text: str) -> None:
        """Typing into the focused field (the code or the picture's path)."""
        if not (self.field_focus or self.path_focus):
            return
        clean = typed(text)
        if not clean:  # Enter also arrives here as "\r": keep the message it produced
            return
        if self.path_focus:
            self.path = (self.path + clean)[:FIELD_MAX]
        else:
            self.field = (self.field + clean)[:FIELD_MAX]
        self.error = ""
        self._refresh()

    def paste(self) -> None:
        """Paste the clipboard into the focused field (default: the code field, then focused)."""
        try:
            text = self.window.get_clipboard_text() or ""
        except Exception:  # no clipboard available
            text = ""
        if self.path_focus:
            self.path = text.strip()[:FIELD_MAX]
        else:
            self.field_focus = True
            self.field = text.strip()[:FIELD_MAX]
        self.error = "" if text else "The clipboard is empty."
        self._refresh()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """See the module docstring."""
        ctrl = bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND))
        if common_key(self.ctx, symbol, modifiers):  # F1 help, F11 fullscreen
            return True
        if symbol == key.V and ctrl:
            self.paste()
        elif self.scroll_key(symbol):
            pass
        elif symbol == key.ESCAPE:
            if self.field_focus or self.path_focus:
                self.field_focus = self.path_focus = False
                self._refresh()
            else:
                routes.show_menu(self.ctx)
        elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
            if self.path_focus:
                self.use_path()
            elif self.field_focus and self.field.strip():
                self.open_code()
            else:
                self.play()
        elif symbol == key.TAB:  # none -> code -> path -> none
            self.field_focus, self.path_focus = (not self.field_focus and not self.path_focus), self.field_focus
            self._refresh()
        elif self.field_focus or self.path_focus:
            if symbol == key.BACKSPACE:
                if self.path_focus:
                    self.path = self.path[:-1]
                else:
                    self.field = self.field[:-1]
                self._refresh()
            return True  # letters go to on_text
        elif symbol == key.P:
            self.next_picture()
        elif symbol == key.I:
            self.toggle_numbers()
        elif key.KEY_3 <= symbol <= key.KEY_8:
            n = symbol - key.KEY_0
            self.set_size(n, n)
        elif (move := self.ctx.keys.action("menu", symbol)) in ("left", "right"):
            step_row(self, -1 if move == "left" else 1)
        elif move in ("up", "down"):
            self.row = max(0, min(len(ROWS) - 1, self.row + (-1 if move == "up" else 1)))
            self._refresh()
        elif symbol == key.M:
            self.set_shuffle("moves" if self.shuffle == "uniform" else "uniform")
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            self.step_mix(1)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            self.step_mix(-1)
        else:
            return None
        return True
