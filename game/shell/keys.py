"""Settings → Keys: every action of the key table (:mod:`game.ui.input`) with its keys, remapped by pressing.

The page shows one context of the table at a time (Menus, Maze and race, Camera, Two players, ...), split
into parts that fit the window; the top button (Left/Right, or a click) turns the pages.  Each action is a
row: its name and one button per key slot.  Pressing a slot button waits for the next key: that key takes
the slot, unless another action already uses it where this one is live (the refusal names it, nothing
changes); Delete or Backspace clears the slot (an action keeps at least one key), Esc cancels.  Every change
is saved at once (setting "keys"); "Reset all keys" brings back the defaults.

Keyboard: Up/Down between rows, Left/Right between a row's slots (on the page button: the page), Enter
presses, Tab goes round, Esc leaves (or cancels a wait).  The mouse works everywhere.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade import key

from game.bases.screen import BaseView
from game.context import Context
from game.ui import clear_widgets, fit_text, place_grid
from game.ui.input import ACTIONS, CONTEXTS, SLOTS, Action, BindingError, key_name

#: What a slot without a key shows.
EMPTY = "—"
CLEAR_KEYS = (key.DELETE, key.BACKSPACE)


class KeysView(BaseView):
    """The Keys page (module doc).

    Args:
        ctx: shared context (its key table ``ctx.keys`` is changed and saved).
        back: called by Esc / "Back" (the Settings page).
    """

    music: str | None = None

    def __init__(self, ctx: Context, back: Callable[[], object]) -> None:
        super().__init__(ctx)
        self.go_back = back
        self.context_index = 0
        self.part = 0
        self.per_page = 8
        #: (action id, slot) waiting for a key, or None.
        self.waiting: tuple[str, int] | None = None
        self.rows: list[Action] = []
        self.slot_of: dict[int, tuple[str, int]] = {}  # button index -> (action id, slot)
        self.title = self.text("Keys", 32, ctx.theme.accent, bold=True, anchor_x="center", anchor_y="top")
        self.message = self.text("", 14, ctx.theme.text_dim, anchor_x="center", anchor_y="top")
        self.labels: list[arcade.Text] = []
        self.error = False
        self._size = (0, 0)
        self.say("Choose a key to change it, then press the new key.")

    # -- pages ---------------------------------------------------------------------
    def context(self) -> str:
        """The context key shown (a key of :data:`game.ui.input.CONTEXTS`)."""
        return list(CONTEXTS)[self.context_index]

    def page_actions(self) -> list[Action]:
        """Every action of the shown context."""
        return [a for a in ACTIONS if a.context == self.context()]

    def parts(self) -> int:
        """How many pages the shown context takes at :attr:`per_page` rows."""
        return max(1, -(-len(self.page_actions()) // self.per_page))

    def page_label(self) -> str:
        """``< Maze and race >`` or ``< Sliding puzzle 2/3 >``."""
        n = self.parts()
        part = f" {self.part + 1}/{n}" if n > 1 else ""
        return f"<  {CONTEXTS[self.context()]}{part}  >"

    def turn(self, step: int) -> None:
        """The next (``step`` = 1) or previous (-1) page, round the contexts and their parts."""
        self.waiting = None
        pages = [(c, p) for c in range(len(CONTEXTS)) for p in range(self._parts_of(c))]
        i = pages.index((self.context_index, min(self.part, self._parts_of(self.context_index) - 1)))
        self.context_index, self.part = pages[(i + step) % len(pages)]
        self.build()

    def _parts_of(self, index: int) -> int:
        name = list(CONTEXTS)[index]
        return max(1, -(-sum(a.context == name for a in ACTIONS) // self.per_page))

    # -- buttons ---------------------------------------------------------------------
    def build(self) -> None:
        """(Re)make the buttons of the shown page: page, the rows' slots, Reset, Back."""
        clear_widgets(self.ui)
        self.buttons.clear()
        self.actions.clear()  # BaseView's button actions, in step with the buttons
        self.part = min(self.part, self.parts() - 1)
        start = self.part * self.per_page
        self.rows = self.page_actions()[start:start + self.per_page]
        self.make_button(self.page_label(), lambda: self.turn(1))
        self.slot_of = {}
        for act in self.rows:
            for slot in range(SLOTS):
                self.slot_of[len(self.buttons)] = (act.id, slot)
                self.make_button(self._slot_text(act.id, slot), self._waiter(act.id, slot))  # made with its label:
                # (a label set after the button was made laid its text out a second time)
        self.make_button("Reset all keys", self.reset)
        self.make_button("Back", self.back)
        for btn in self.buttons:
            self.ui.add(btn)
        gone = set(map(id, self.labels))  # the last page's labels: no longer the screen's texts
        self.made_texts[:] = [t for t in self.made_texts if id(t) not in gone]
        self.labels = [self.text(a.label, 14, anchor_y="center") for a in self.rows]
        self.focus = min(self.focus, len(self.buttons) - 1)
        self.refresh()
        if self._size != (0, 0):
            self.layout(*self._size)

    def _waiter(self, action_id: str, slot: int) -> Callable[[], None]:
        return lambda: self.wait_for(action_id, slot)

    def refresh(self) -> None:
        """Slot labels from the key table; the waiting slot says so."""
        for i, (action_id, slot) in self.slot_of.items():
            self.buttons[i].text = self._slot_text(action_id, slot)  # (an equal label is not laid out again)
        if self.buttons:
            self.buttons[0].text = self.page_label()
        self.request_redraw()

    def _slot_text(self, action_id: str, slot: int) -> str:
        """The label of ``slot`` of ``action_id``: its key's name, EMPTY, or "press a key…" while waiting for it."""
        if self.waiting == (action_id, slot):
            return "press a key…"
        keys = self.ctx.keys.keys(action_id)
        return key_name(keys[slot]) if slot < len(keys) else EMPTY

    def say(self, text: str, error: bool = False) -> None:
        """Show one line under the title (in the error colour for a refusal)."""
        t = self.ctx.theme
        self.message.text = text
        self.message.color = t.error if error else t.text_dim
        self.error = error
        if self._size != (0, 0):
            self._fit_message()
        self.request_redraw()

    # -- actions ---------------------------------------------------------------------
    def wait_for(self, action_id: str, slot: int) -> None:
        """Wait for the key that takes ``slot`` of ``action_id``."""
        self.waiting = (action_id, slot)
        label = next(a.label for a in ACTIONS if a.id == action_id)
        self.say(f"Press the new key for {label} (Delete clears, Esc cancels).")
        self.refresh()

    def take_key(self, symbol: int) -> None:
        """The key pressed while waiting: cancel (Esc), clear (Delete/Backspace) or bind it; saved."""
        assert self.waiting is not None
        action_id, slot = self.waiting
        self.waiting = None
        label = next(a.label for a in ACTIONS if a.id == action_id)
        try:
            if symbol == key.ESCAPE:
                self.say("Not changed.")
            elif symbol in CLEAR_KEYS:
                self.ctx.keys.clear(action_id, slot)
                self.say(f"{label}: {self.ctx.keys.label(action_id)}")
            else:
                self.ctx.keys.bind(action_id, slot, symbol)
                self.say(f"{label}: {self.ctx.keys.label(action_id)}")
        except BindingError as exc:
            self.say(str(exc), error=True)
        self.ctx.save_keys()
        self.refresh()

    def reset(self) -> None:
        """Every key back to its default, saved."""
        self.waiting = None
        self.ctx.keys.reset()
        self.ctx.save_keys()
        self.say("Every key is back to its default.")
        self.refresh()

    def back(self) -> None:
        """Esc / Back: to the Settings page."""
        self.go_back()

    # -- input -----------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """A waited-for key goes to the table first; else Left/Right turn pages or move between slots."""
        if self.waiting is not None:
            self.take_key(symbol)
            return True
        action = self.ctx.keys.action("menu", symbol)
        if action in ("left", "right"):
            return self.sideways(-1 if action == "left" else 1)
        if action in ("up", "down") and symbol != key.TAB:
            return self.vertical(-1 if action == "up" else 1)
        return super().on_key_press(symbol, modifiers)

    def menu_action(self, action: str | None) -> bool | None:
        """Controller and keyboard menu actions share the page's own moves."""
        if action in ("left", "right"):
            return self.sideways(-1 if action == "left" else 1)
        if action in ("up", "down"):
            return self.vertical(-1 if action == "up" else 1)
        return super().menu_action(action)

    def sideways(self, step: int) -> bool:
        """Left/Right: the page button turns the page, a slot moves to its row's other slot."""
        if self.focus == 0:
            self.turn(step)
        elif self.focus in self.slot_of:
            row_start = self.focus - self.slot_of[self.focus][1]
            self.focus = row_start + (self.slot_of[self.focus][1] + step) % SLOTS
        elif self.focus >= len(self.buttons) - 2:  # Reset, Back side by side
            self.focus = len(self.buttons) - 2 + (self.focus - len(self.buttons) + 2 + step) % 2
        self.request_redraw()
        return True

    def vertical(self, step: int) -> bool:
        """Up/Down: between the page button, the rows (keeping the slot), and Reset/Back."""
        slot = self.slot_of[self.focus][1] if self.focus in self.slot_of else 0
        n_rows = len(self.rows)
        row = 0 if self.focus == 0 else (self.focus - 1) // SLOTS + 1 if self.focus in self.slot_of else n_rows + 1
        row = max(0, min(n_rows + 1, row + step))
        if row == 0:
            self.focus = 0
        elif row <= n_rows:
            self.focus = 1 + (row - 1) * SLOTS + slot
        else:
            self.focus = len(self.buttons) - 2 + min(slot, 1) if self.focus < len(self.buttons) - 2 else self.focus
        self.request_redraw()
        return True

    # -- layout ----------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Lay out (which decides the rows per page), then build the first page."""
        self._size = (0, 0)
        super().on_show_view()

    def layout(self, width: int, height: int) -> None:
        """Title, message, page button, rows (label left, slot buttons right), Reset and Back at the bottom."""
        s = self.scale
        fit_text(self.title, "Keys", 32 * s, width - 40)
        self.title.position = (width / 2, height - 24 * s)
        self.message.position = (width / 2, self.title.bottom - 10 * s)
        row_h = max(26.0, 34 * s)
        gap = 8 * s
        top = self.title.bottom - 10 * s - 26 * s - 14 * s  # below the message line
        bottom = 20 * s + row_h + gap * 2  # above Reset / Back
        per_page = max(3, int((top - row_h - bottom) // (row_h + gap)))  # rows between the page button and Reset
        if (width, height) != self._size or per_page != self.per_page or not self.buttons:
            self._size = (width, height)
            if per_page != self.per_page or not self.buttons:
                self.per_page = per_page
                self.build()
                return
        box = min(width - 40, 820 * s, 1400)
        left = (width - box) / 2
        slot_w = min(220 * s, box * 0.26)
        label_w = box - SLOTS * (slot_w + gap)
        page = self.buttons[0]
        place_grid([page], width / 2 - min(box, 460 * s) / 2, top, 1, min(box, 460 * s), row_h, gap)
        y = page.rect.bottom - gap
        for r, label in enumerate(self.labels):
            row_buttons = self.buttons[1 + r * SLOTS:1 + (r + 1) * SLOTS]
            place_grid(row_buttons, left + label_w + gap, y, SLOTS, slot_w, row_h, gap)
            fit_text(label, self.rows[r].label, 15 * s, label_w - gap)
            label.position = (left, y - row_h / 2)
            y -= row_h + gap
        end_w = min(300 * s, (box - gap) / 2)
        place_grid(self.buttons[-2:], width / 2 - end_w - gap / 2, 20 * s + row_h, 2, end_w, row_h, gap)
        self._fit_message()
        self.style_buttons(min(15 * s, row_h * 0.42))
        self.request_redraw()

    def _fit_message(self) -> None:
        width, _ = self._size
        fit_text(self.message, self.message.text, 14 * self.scale, width - 40, min_size=8)

    def draw_extra(self) -> None:
        """Title, message and the rows' labels."""
        self.title.draw()
        self.message.draw()
        for label in self.labels:
            label.draw()
