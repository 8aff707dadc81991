"""A setup screen of cycling choice buttons, a code field and action buttons (Race and Lab setups).

:class:`ChoiceSetupView` shows one button per choice (click / Enter: next
value, Shift+click / Backspace: previous), a code field (Ctrl+V pastes) and
action buttons.  The focused choice is a selector: it reads ``<  Size: medium  >`` and Left/Right
(the key table's menu keys, or a controller) step its value back and forth; Up/Down and Tab move
from button to button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcade import key

from engine.codes import decode_any, normalize
from engine.maze.recipe import MazeSpec
from game.bases.screen import BaseView
from game.context import Context
from game.ui import FONT, CodeField, fit_text, focus, gui, request_render, text_scale, unfocus
from game.ui.clipboard import pasted_code, read_clipboard
from game.ui.maze_choices import MazeChoices, new_seed

HINT = "Left/Right or click: change the value  ·  Up/Down move  ·  Shift+click or Backspace: previous  ·  Esc back"
#: How the focused choice shows that Left/Right change it.
SELECTOR = "<  {}  >"


def setup_scale(width: float, height: float) -> float:
    """The setup screens' size factor: 0.75..1.8 from the window (1.0 at 1280×800), times the text size."""
    return max(0.75, min(1.8, min(width / 1280, height / 800))) * text_scale()


def code_is_whole(text: str) -> bool:
    """True for an empty field or a code that decodes (whatever its kind): an old error no longer applies."""
    if not text.strip():
        return True
    try:
        decode_any(text)
    except ValueError:
        return False
    return True


class ChoiceSetupView(BaseView):
    """Buttons for :class:`MazeChoices` (+ extra choices), a code field and actions.

    Subclasses call :meth:`add_choice` / :meth:`add_action` in ``__init__`` and
    then :meth:`finish_layout`.

    Args:
        ctx: shared context.
        title: the heading.
        choices: the maze choices to edit.
    """

    def __init__(self, ctx: Context, title: str, choices: MazeChoices) -> None:
        super().__init__(ctx, columns=2)
        self.choices = choices
        t = ctx.theme
        self.grid_box = gui.UIGridLayout(column_count=2, row_count=8, horizontal_spacing=16, vertical_spacing=10)
        self._cells = 0
        self.choice_buttons: dict[str, Any] = {}
        self.choice_labels: dict[str, Callable[[], str]] = {}
        self.field = CodeField(theme=t, width=660, height=40, text="", font_name=FONT, font_size=14)
        self._seen_text = ""  # the field's text at the last update (an edit may clear an old error)
        self.heading = self.text(title, 32, t.accent, bold=True, anchor_x="center")
        self.code_hint = self.text("The field above takes a pasted code (Ctrl+V, then Enter).", 13, t.text_dim,
                                   anchor_x="center")
        self.message = self.text("", 14, t.error, anchor_x="center", anchor_y="top", multiline=True, width=1000,
                                 align="center")
        self.hint = self.text(HINT, 12, t.text_dim, anchor_x="center")
        self._box_bottom = 0.0
        self._font_size = 0.0  # the buttons' font size of the last layout (0: not laid out yet)
        self.layout_scale = 1.0  # the size factor of the last layout (setup_scale, less where rows need room)
        self.shift = False

    # -- building -------------------------------------------------------------
    def _place(self, widget: Any) -> None:
        self.grid_box.add(widget, column=self._cells % 2, row=self._cells // 2)
        self._cells += 1

    def add_choice(self, name: str, label: Callable[[], str], cycle: Callable[[int], None]) -> None:
        """A button showing ``label()`` that calls ``cycle(+1)`` (``-1`` with Shift/Backspace)."""
        btn = self.make_button(label(), lambda: self._cycle(cycle), width=420, height=42, font_size=13)
        self.choice_buttons[name] = btn
        self.choice_labels[name] = label
        self._place(btn)

    def add_maze_choices(self) -> None:
        """Buttons for tessellation, size, algorithm, rule, braid and seed."""
        c = self.choices
        def label(name: str) -> Callable[[], str]:
            return lambda: c.labels()[name]

        def cycle(name: str) -> Callable[[int], None]:
            return lambda step: c.cycle(name, step)

        for name in ("shape", "size", "algorithm", "rule", "braid"):
            self.add_choice(name, label(name), cycle(name))
        self.add_choice("seed", lambda: c.labels()["seed"], lambda step: setattr(c, "seed", new_seed()))

    def add_action(self, text: str, action: Callable[[], None]) -> None:
        """An action button in the grid."""
        self._place(self.make_button(text, action, width=420, height=42, font_size=14))

    def finish_layout(self) -> None:
        """Put the grid and the code field on screen."""
        self.grid_box.row_count = (self._cells + 1) // 2
        self.box = gui.UIBoxLayout(space_between=12)
        self.box.add(self.grid_box)
        self.box.add(self.field)
        self.anchor = self.ui.add(gui.UIAnchorLayout())
        self.anchor.add(self.box, anchor_x="center", anchor_y="center")
        self.refresh()

    # -- behaviour ---------------------------------------------------------------
    def _cycle(self, cycle: Callable[[int], None]) -> None:
        cycle(-1 if self.shift else 1)
        self.shift = False
        self.refresh()
        problem = self.choices.problem()  # e.g. weave on a triangle grid: said at once, in one sentence
        self.message.text = problem[:1].upper() + problem[1:]

    def refresh(self) -> None:
        """Update every choice caption."""
        focused = self.buttons[self.focus] if 0 <= self.focus < len(self.buttons) else None
        for name, btn in self.choice_buttons.items():
            label = self.choice_labels[name]()
            selector = focused is not None and btn is focused and not btn.disabled
            btn.text = SELECTOR.format(label) if selector else label
        if self._font_size:  # a new caption may be longer than the one the layout sized the font for
            self.style_buttons(self._font_size, list(self.choice_buttons.values()))
        rule = self.choice_buttons.get("rule")
        if rule is not None:
            rule.disabled = self.choices.algorithm != "growing-tree"

    def move_focus(self, step: int) -> None:
        """Move the focus, and the ``< >`` marks with it."""
        super().move_focus(step)
        self.refresh()

    def menu_action(self, action: str | None) -> bool | None:
        """Left/Right change the focused choice (back/forth; on an action button they move the focus),
        Up/Down move through every button in order; the rest as on any button screen."""
        if action in ("left", "right") and self.buttons:
            btn = self.buttons[self.focus]
            if btn in self.choice_buttons.values() and not btn.disabled:
                self.shift = action == "left"
                self.activate(self.focus)
            else:
                self.move_focus(-1 if action == "left" else 1)
            return True
        if action in ("up", "down"):
            self.move_focus(-1 if action == "up" else 1)
            return True
        return super().menu_action(action)

    def typing(self) -> bool:
        """True while the code field has the keyboard."""
        return bool(self.field.active)

    def code_text(self) -> str:
        """The normalised contents of the code field."""
        return normalize(self.field.text)

    def on_update(self, delta_time: float) -> None:
        """An error about the code goes away once the code in the field is fixed (it decodes) or emptied."""
        text = self.field.text
        if text != self._seen_text:
            self._seen_text = text
            if self.message.text and code_is_whole(text):
                self.message.text = ""
                self.request_redraw()

    def chosen_spec(self) -> MazeSpec | None:
        """The maze recipe of the current choices, or None after saying why there is none."""
        try:
            return self.choices.spec()
        except ValueError as exc:
            self.message.text = str(exc)
            return None

    def pasted_code(self, kinds: str = "maze") -> str | None:
        """The code field's normalised text, or None after asking for one (``kinds``: what to paste)."""
        text = self.code_text()
        if not text:
            self.message.text = f"Paste a {kinds} code into the field first."
            focus(self.field)
            return None
        return text

    def paste(self) -> None:
        """Ctrl+V: the clipboard into the code field."""
        text = pasted_code(read_clipboard(self.window))
        if text:
            self.field.text = text
            self.message.text = ""
        else:
            self.message.text = "The clipboard is empty or not available."

    def submit_code(self) -> None:
        """Enter in the code field (subclasses open the code)."""

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Ctrl+V paste, Enter in the field submits, Backspace steps a choice back."""
        if symbol == key.V and modifiers & key.MOD_CTRL:
            self.paste()
            return True
        if self.typing():
            if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
                self.submit_code()
                return True
            if symbol == key.ESCAPE:
                unfocus(self.field)
                return True
            return None
        if symbol == key.BACKSPACE:
            self.shift = True
            self.activate(self.focus)
            return True
        return super().on_key_press(symbol, modifiers)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Remember Shift for the click that follows (previous value)."""
        self.shift = bool(modifiers & key.MOD_SHIFT)

    def layout(self, width: int, height: int) -> None:
        """Size the buttons and place everything from the window size (800x600 .. 3840x2160)."""
        rows = max(1, self.grid_box.row_count)
        # Large text shrinks back only as far as the rows of buttons need to keep 80 % of their height (34 of
        # 42 px per unit of scale): heading and hints never squeeze the choices (no change at 100 %).
        scale = self.layout_scale = min(setup_scale(width, height), max(0.75, (height - 10 * rows) / (262 + 34 * rows)))
        top, bottom = height - 110 * scale, 100 * scale  # heading + subtitle above, hints below
        bh = int(max(30, min(42 * scale, (top - bottom - 52 * scale) / rows - 10)))
        bw = int(min(420 * scale, (width - 60) / 2))
        for btn in self.buttons:
            btn.rect = btn.rect.resize(bw, bh)
        self._font_size = min(14 * scale, bh * 0.45)
        self.style_buttons(self._font_size)
        self.field.rect = self.field.rect.resize(2 * bw + 16, int(max(30, 40 * min(scale, 1.2))))
        box_h = rows * bh + (rows - 1) * 10 + 12 + self.field.rect.height
        centre = (top + bottom) / 2
        self._box_bottom = centre - box_h / 2
        self.anchor.remove(self.box)
        self.anchor.add(self.box, anchor_x="center", anchor_y="center", align_y=centre - height / 2)
        self.heading.font_size = int(32 * scale)
        self.heading.position = (width / 2, height - 56 * scale)
        fit_text(self.code_hint, "The field above takes a pasted code (Ctrl+V, then Enter).", int(13 * scale),
                 width - 40, 9, step=1)
        self.code_hint.position = (width / 2, self._box_bottom - 8 - self.code_hint.content_height)
        fit_text(self.hint, HINT, int(12 * scale), width - 40, 9, step=1)
        self.hint.position = (width / 2, 16)
        with self.message:  # one pyglet layout for both changes
            self.message.font_size = int(14 * scale)
            self.message.width = int(width - 40)
        self.message.position = (width / 2, self.code_hint.y - 10)
        request_render(self.ui)

    def texts(self) -> list[Any]:
        """The texts on screen (for layout tests)."""
        return [self.heading, self.code_hint, self.hint] + ([self.message] if self.message.text else [])

    def draw_extra(self) -> None:
        """Heading, hints and the message."""
        self.heading.draw()
        self.code_hint.draw()
        self.message.draw()
        self.hint.draw()
