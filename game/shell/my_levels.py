"""My levels: the player's own saved levels, to play, rename, delete (asked first), copy or export as a pack.

The list is :meth:`game.store.SaveStore.my_levels` (newest first).  Each row shows the
level's name and what its code holds (kind, shape and size: :func:`game.format.summarize`); a
code that no longer decodes is listed as such and its sentence shown, never raised.  Play opens the code through
:func:`game.routes.open_code`.  Export writes every level, in the order shown, as a
TOML pack into the data folder's ``levels/`` directory (:func:`engine.modes.packs.export_levels`).

Keys: Up/Down choose, Enter plays (or presses the focused button), Left/Right between the
list and the buttons, F2 rename, Delete delete, Ctrl+C copy the code, E export, Esc back.
Renaming types into a field (Enter saves, Esc cancels); deleting asks Yes/No (Y/N).
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade import key
from arcade.types import LBWH

from engine.codes import CodeError
from engine.modes.packs import Export, PackError, export_levels
from engine.paths import data_dir
from game import routes
from game.bases.screen import BaseView
from game.context import Context
from game.format import count, summarize
from game.ui import FONT, CodeField, fit_text, focus, gui, place_column, unfocus
from game.ui.clipboard import copy_to_clipboard
from game.ui.textfit import fit_line, set_text

PACK_NAME = "My levels"
PACK_FILE = "my-levels"
LIST, RENAME, CONFIRM = "list", "rename", "confirm"
#: The action buttons' labels per mode (a mode with fewer hides the rest).
SLOT_LABELS = {
    LIST: ("Play", "Rename", "Delete", "Copy code", "Export pack", "Back"),
    RENAME: ("Save name", "Cancel"),
    CONFIRM: ("Yes, delete", "No, keep it"),
}
HINTS = {
    LIST: "Up/Down choose  ·  Enter play  ·  F2 rename  ·  Del delete  ·  Ctrl+C copy code  ·  E export  ·  Esc back",
    RENAME: "Type the new name (1 to 60 characters)  ·  Enter saves  ·  Esc cancels",
    CONFIRM: "Y or Yes deletes  ·  N, No or Esc keeps it",
}



def export_message(done: Export) -> str:
    """One line on an export: how many levels went where, and how many were left out (not maze levels, repeats)."""
    left = f" (left out {len(done.skipped)} that a pack cannot hold)" if done.skipped else ""
    if not done.paths:
        return f"Nothing exported{left}: a pack holds maze levels only."
    if len(done.paths) == 1:
        return f"Exported {count(done.written, 'level')}{left} to {done.paths[0]}"
    packs = f"{len(done.paths)} packs of up to 12"
    return f"Exported {count(done.written, 'level')}{left} as {packs} to {done.paths[0].parent}"

class MyLevelsView(BaseView):
    """The list of the player's own levels and what can be done with the chosen one.

    Args:
        ctx: shared context.
        focus: index of the level to choose first (default: the newest).
        status: a sentence to show at once (what the last action did).
    """

    help_page = "my-levels"  # Help (F1) opens on this page (game.shell.help)

    def __init__(self, ctx: Context, focus: int | None = None, status: str = "") -> None:
        super().__init__(ctx)
        t = ctx.theme
        self.levels = ctx.store.my_levels()
        self.summaries = [summarize(lv.code) for lv in self.levels]
        self.mode = LIST
        self.selected = max(0, min(focus or 0, len(self.levels) - 1))
        self.first_row = 0  # the first row shown (the list scrolls)
        self.shown_rows = len(self.levels)
        self.rows = [self.make_button("", self._chooser(i), font_size=14) for i in range(len(self.levels))]
        self.slots = [self.make_button(label, self._slot(k)) for k, label in enumerate(SLOT_LABELS[LIST])]
        for btn in self.buttons:
            self.ui.add(btn)
        style = gui.UIInputText.UIStyle
        self.field = CodeField(
            width=400, height=40, text="", font_name=FONT, font_size=16, text_color=t.text, caret_color=t.text,
            style={name: style(bg=t.panel, border=t.focus if name != "normal" else t.text_dim, border_width=2)
                   for name in ("normal", "hover", "press", "disabled", "invalid")},
        )
        self.field.visible = False
        self.ui.add(self.field)
        self.title = self.text("My levels", 30, t.accent, bold=True, anchor_x="center", anchor_y="top")
        self.count_value = (f"{count(len(self.levels), 'saved level')}  ·  newest first" if self.levels else
                            "No levels saved yet: levels you make and save in the editor appear here.")
        self.count = self.text(self.count_value, 14, t.text_dim, anchor_x="center", anchor_y="top")
        self.row_names = [self.text("", 14, t.button_text, anchor_y="center") for _ in self.levels]
        self.row_kinds = [self.text("", 12, t.button_text, anchor_x="right", anchor_y="center") for _ in self.levels]
        self.info = self.text("", 14, t.text, anchor_y="bottom")
        self.detail = self.text("", 12, t.text_dim, anchor_y="bottom")
        self.status_value = status
        self.status_error = False
        self.status = self.text("", 14, t.accent, anchor_y="bottom")
        self.hint = self.text("", 12, t.text_dim, anchor_x="center", anchor_y="bottom")
        self._size = (1280, 800)
        self._line = arcade.Text("Ag", 0, 0, font_name=FONT, font_size=15)  # measures the field's line height
        self._list_box = (0.0, 0.0, 0.0, 0.0)  # left, bottom, right, top of the list
        self.focus = self.selected if self.levels else len(self.rows)
        self._set_mode(LIST)

    # -- the chosen level and the mode ---------------------------------------------------
    def _chooser(self, index: int) -> Callable[[], None]:
        def choose() -> None:
            if self.mode != LIST or not self.rows[index].visible:
                return
            if index == self.selected:  # a second click (or Enter) on the chosen level plays it
                self.play()
            else:
                self.select(index)

        return choose

    def _slot(self, k: int) -> Callable[[], None]:
        def run() -> None:
            actions: dict[str, tuple[Callable[[], None], ...]] = {
                LIST: (self.play, self.start_rename, self.ask_delete, self.copy_code, self.export, self.back),
                RENAME: (self.save_name, self.cancel),
                CONFIRM: (self.delete, self.cancel),
            }
            chosen = actions[self.mode]
            if k < len(chosen):
                chosen[k]()

        return run

    def select(self, index: int) -> None:
        """Choose level ``index`` (focus on its row, scrolled into view)."""
        if not self.levels:
            return
        self.selected = max(0, min(index, len(self.levels) - 1))
        self.focus = self.selected
        self._scroll_to(self.selected)
        self.request_redraw()

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        labels = SLOT_LABELS[mode]
        needs_level = (0, 1, 2, 3, 4) if mode == LIST else ()
        for k, btn in enumerate(self.slots):
            btn.visible = k < len(labels)
            btn.text = labels[k] if k < len(labels) else ""
            btn.disabled = not btn.visible or (k in needs_level and not self.levels)
        self.field.visible = mode == RENAME
        if mode == RENAME:
            self.focus = len(self.rows)  # Save name
        elif mode == CONFIRM:
            self.focus = len(self.rows) + 1  # No, keep it: the safe choice
        elif self.levels:
            self.focus = self.selected
        else:
            self.focus = len(self.rows) + len(SLOT_LABELS[LIST]) - 1  # Back
        if self._size is not None and hasattr(self, "hint"):
            self.layout(*self._size)
        self.request_redraw()

    def say(self, sentence: str, error: bool = False) -> None:
        """Show what the last action did (or, ``error``, why it could not)."""
        self.status_value = sentence
        self.status_error = error
        self._place_status()
        self.request_redraw()

    # -- actions -------------------------------------------------------------------------
    def play(self) -> None:
        """Open the chosen level's code (through :func:`game.routes.open_code`); a code that fails says why."""
        if not self.levels:
            return
        try:
            view = routes.open_code(self.ctx, self.levels[self.selected].code)
        except CodeError as exc:
            self.ctx.audio.play("bump")
            self.say(f"This level cannot be played: {exc}", error=True)
            return
        self.ctx.show(view)

    def start_rename(self) -> None:
        """Show the name field holding the chosen level's name."""
        if not self.levels:
            return
        self.field.text = self.levels[self.selected].name
        self._set_mode(RENAME)
        focus(self.field)

    def save_name(self) -> None:
        """Rename the chosen level to the field's text (a refused name says why and stays in the field)."""
        lv = self.levels[self.selected]
        try:
            done = self.ctx.store.rename_my_level(lv.id, self.field.text)
        except ValueError as exc:
            self.ctx.audio.play("bump")
            self.say(str(exc), error=True)
            return
        unfocus(self.field)
        note = f"Renamed to “{self.field.text.strip()}”." if done else self._not_saved("The name was not saved")
        self.ctx.go(routes.my_levels, focus=self.selected, status=note)

    def ask_delete(self) -> None:
        """Ask before deleting the chosen level."""
        if self.levels:
            self._set_mode(CONFIRM)

    def delete(self) -> None:
        """Delete the chosen level (after Yes)."""
        lv = self.levels[self.selected]
        if self.ctx.store.delete_my_level(lv.id):
            note = f"Deleted “{lv.name}”."
        else:
            note = self._not_saved("The level was not deleted")
        self.ctx.go(routes.my_levels, focus=self.selected, status=note)

    def cancel(self) -> None:
        """Leave renaming or the question, changing nothing."""
        if self.mode == RENAME:
            unfocus(self.field)
        self._set_mode(LIST)

    def copy_code(self) -> None:
        """Put the chosen level's code on the clipboard."""
        if not self.levels:
            return
        lv = self.levels[self.selected]
        if copy_to_clipboard(self.window, lv.code):
            self.say(f"Copied the code of “{lv.name}”.")
        else:
            self.say("The clipboard is not available here; the code is shown above.", error=True)

    def export(self) -> None:
        """Write every level, in the order shown, as a TOML pack into the data folder's ``levels/``."""
        if not self.levels:
            return
        try:
            levels = [(lv.name, lv.code) for lv in self.levels]
            done = export_levels(data_dir() / "levels", PACK_FILE, PACK_NAME, levels)
        except PackError as exc:
            self.ctx.audio.play("bump")
            self.say(f"The pack could not be written: {exc}", error=True)
            return
        self.say(export_message(done))

    def _not_saved(self, what: str) -> str:
        why = self.ctx.store.message
        return f"{what}: {why}" if why else f"{what}: the level is no longer there."

    def back(self) -> None:
        """Esc: leave renaming or the question; else back to the menu."""
        if self.mode != LIST:
            self.cancel()
        else:
            routes.show_menu(self.ctx)

    # -- keys and mouse ------------------------------------------------------------------
    def typing(self) -> bool:
        """While the name field is active, letters type."""
        return self.mode == RENAME and bool(self.field.active)

    def _order(self) -> list[int]:
        """Button indices keyboard focus visits: every row (the list scrolls), then the usable buttons."""
        rows = list(range(len(self.rows))) if self.mode == LIST else []
        return rows + [len(self.rows) + k for k, b in enumerate(self.slots) if b.visible and not b.disabled]

    def move_focus(self, step: int) -> None:
        """Up/Down/Tab along the list, then the buttons; a focused row is the chosen level."""
        order = self._order()
        if not order:
            return
        at = order.index(self.focus) if self.focus in order else 0
        self.focus = order[max(0, min(len(order) - 1, at + (1 if step > 0 else -1)))]
        if self.focus < len(self.rows):
            self.select(self.focus)
        self.request_redraw()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Shortcuts of the list, the name field and the question; the rest as in every screen."""
        enter = symbol in (key.ENTER, key.RETURN, key.NUM_ENTER)
        if self.mode == RENAME and (enter and self.typing()):
            self.save_name()
            return True
        if self.mode == CONFIRM and symbol in (key.Y, key.N):
            (self.delete if symbol == key.Y else self.cancel)()
            return True
        if self.mode == LIST and self.levels:
            ctrl = modifiers & (key.MOD_CTRL | key.MOD_COMMAND)
            shortcut = {key.F2: self.start_rename, key.DELETE: self.ask_delete, key.E: self.export}.get(symbol)
            if symbol == key.C and ctrl:
                shortcut = self.copy_code
            if shortcut is not None:
                self.ctx.audio.play("click")
                shortcut()
                return True
            if symbol in (key.LEFT, key.RIGHT):
                self.focus = self.selected if symbol == key.LEFT else len(self.rows)
                self.request_redraw()
                return True
        return super().on_key_press(symbol, modifiers)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        """The wheel scrolls the list."""
        if scroll_y and len(self.rows) > self.shown_rows:
            self.first_row = max(0, min(len(self.rows) - self.shown_rows, self.first_row - int(scroll_y)))
            self.layout(*self._size)
            self.request_redraw()
            return True
        return None

    # -- layout --------------------------------------------------------------------------
    def _scroll_to(self, index: int) -> None:
        before = self.first_row
        if index < self.first_row:
            self.first_row = index
        elif index >= self.first_row + self.shown_rows:
            self.first_row = index - self.shown_rows + 1
        if self.first_row != before:
            self.layout(*self._size)

    def layout(self, width: int, height: int) -> None:
        """Title and count on top; the list on the left, the buttons on the right; the chosen level's lines,
        the status and the key hint at the bottom."""
        s, cx = self.scale, width / 2
        self._size = (width, height)
        fit_text(self.title, "My levels", 30 * s, width - 40)
        self.title.position = (cx, height - 14 * s)
        fit_text(self.count, self.count_value, 14 * s, width - 40, min_size=8)
        self.count.position = (cx, self.title.bottom - 6 * s)
        fit_text(self.hint, HINTS[self.mode], 12 * s, width - 20, min_size=7)
        self.hint.position = (cx, 8 * s)
        side_w, gap = 230 * s, 24 * s
        list_w = min(860 * s, width - 48 * s - side_w - gap)
        left = (width - list_w - gap - side_w) / 2
        self._text_left, self._text_w = left, list_w + gap + side_w
        line = 22 * s
        self._lines_bottom = self.hint.top + 10 * s
        top, bottom = self.count.bottom - 18 * s, self._lines_bottom + 3 * line + 14 * s
        self._list_box = (left, bottom, left + list_w, top)
        row_h, row_gap = max(30.0, 50 * s), 6 * s
        self.shown_rows = max(1, int((top - bottom + row_gap) // (row_h + row_gap)))
        self.first_row = max(0, min(self.first_row, len(self.rows) - self.shown_rows))
        for i, (btn, name, kind) in enumerate(zip(self.rows, self.row_names, self.row_kinds, strict=True)):
            slot = i - self.first_row
            btn.visible = 0 <= slot < self.shown_rows
            y = top - (slot + 1) * row_h - slot * row_gap
            btn.rect = LBWH(round(left), round(y), round(list_w), round(row_h))
            pad = 12 * s
            # size and text in one layout, none when unchanged (a scroll lays out every row again)
            fit_line(kind, self.summaries[i].text, list_w * 0.45 - pad, max(8.0, 12 * s))
            kind.position = (left + list_w - pad, y + row_h / 2)
            fit_line(name, self.levels[i].name, list_w - kind.content_width - 3 * pad, max(8.0, 15 * s))
            name.position = (left + pad, y + row_h / 2)
        shown = [b for b in self.slots if b.visible]
        bh = place_column(shown, left + list_w + gap + side_w / 2, top, bottom, side_w, 52 * s)
        rows_end = top - min(self.shown_rows, len(self.rows)) * (row_h + row_gap)
        above = min(rows_end, top - len(shown) * bh * 1.27) - 14 * s - 3 * line
        self._lines_bottom = max(self._lines_bottom, above)
        self.style_buttons(16 * s, self.slots)
        self.style_buttons(14 * s, self.rows)
        fw, fh = min(list_w, 520 * s), round(40 * s)
        self.field.rect = LBWH(round(left), round(self._lines_bottom + line + 8 * s), round(fw), fh)
        self.field.doc.set_style(0, len(self.field.text), {"font_size": 15 * s})
        set_text(self._line, size=15 * s)
        pad = max(0, round((fh - 4 - self._line.content_height) / 2))
        self.field.with_padding(left=round(6 * s), right=round(6 * s), top=pad, bottom=pad)
        self.field.trigger_full_render()
        self._place_lines()

    def _place_lines(self) -> None:
        """The chosen level's name, kind and code (or the question) over the status line."""
        s, t = self.scale, self.ctx.theme
        line, left, w = 22 * s, self._text_left, self._text_w
        self.info.color = t.error if self.mode == CONFIRM else t.text
        if self.levels:
            lv, summary = self.levels[self.selected], self.summaries[self.selected]
            saved = f"  ·  saved {lv.created[:10]}" if lv.created else ""
            # (every frame: measured, and laid out only when the size or the text changed)
            if self.mode == CONFIRM:
                fit_line(self.info, f"Delete “{lv.name}”? This cannot be undone.", w, 14 * s)
            else:
                fit_line(self.info, f"{lv.name}  —  {summary.text}{saved}", w, 14 * s)
            self.detail.color = t.error if summary.error else t.text_dim
            fit_line(self.detail, summary.error or lv.code, w, 12 * s)
        else:
            set_text(self.info, "", 14 * s)
            set_text(self.detail, "", 12 * s)
        self.info.position = (left, self._lines_bottom + 2 * line)
        self.detail.position = (left, self._lines_bottom + line)
        self._place_status()

    def _place_status(self) -> None:
        self.status.color = self.ctx.theme.error if self.status_error else self.ctx.theme.accent
        fit_line(self.status, self.status_value, self._text_w, 14 * self.scale, middle=True)  # the end names the file
        self.status.position = (self._text_left, self._lines_bottom)

    # -- drawing -------------------------------------------------------------------------
    def on_draw(self) -> None:
        """Refresh the chosen level's lines (the choice may have moved), then draw."""
        if hasattr(self, "_text_left"):
            self._place_lines()
        super().on_draw()

    def draw_extra(self) -> None:
        """Title, count, the rows' names and kinds, the chosen level's lines, status and key hint."""
        self.title.draw()
        self.count.draw()
        for i in range(self.first_row, min(len(self.rows), self.first_row + self.shown_rows)):
            self.row_names[i].draw()
            self.row_kinds[i].draw()
        if self.mode != LIST and self.levels and self.rows[self.selected].visible:
            r = self.rows[self.selected].rect
            arcade.draw_lrbt_rectangle_outline(r.left - 4, r.right + 4, r.bottom - 4, r.top + 4,
                                               self.ctx.theme.text_dim, border_width=2)
        if self.mode != RENAME:
            self.info.draw()
            self.detail.draw()
        if self.status_value:
            self.status.draw()
        self.hint.draw()


__all__ = ["MyLevelsView"]
