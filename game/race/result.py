"""The race result: who won and by how much, path lengths against the shortest, bests, the ghost code."""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade import key

from engine.modes.race import RaceResult
from engine.modes.race.session import RaceSession
from engine.share.lines import ShareSummary, share_line
from game.bases.screen import BaseView
from game.codes import NOT_SAVED, ghost_code_of
from game.context import Context
from game.format import count, format_time
from game.race.summary import ratio, stack_result
from game.records import record_race_win
from game.ui import gui
from game.ui.clipboard import copy_to_clipboard
from game.ui.qr import ShareKeys


def ghost_line() -> str:
    """The result's line about the run's ghost code, in players' words: how to take it (the code itself is an
    engine word: the button copies it whole)."""
    return "Your run is kept as a ghost: Copy ghost code puts it on the clipboard for a friend to race"


def code_line(is_ghost: bool, code: str) -> str:
    """The result's line about the code raced, in players' words (the code is copied, not shown)."""
    if not code:
        return f"{'Ghost code raced' if is_ghost else 'Race code'}: none (a level made by hand)"
    if is_ghost:
        return "You raced a ghost: Copy race code puts its code on the clipboard"
    return "Copy race code puts this race's code on the clipboard; Q shows its QR code"


def _seconds(value: float) -> str:
    return format_time(value)


class RaceResultView(BaseView):
    """Shown after a race (finished or given up).

    Saves the player's time as a personal best for the race (through
    :meth:`game.store.Store.record_win`) and, when it is a new best, the run's
    ghost code (``Store.record_ghost``: the best run per maze is kept).

    Args:
        ctx: shared context.
        race: the finished (or abandoned) race.
        leave: goes back to where the race was opened from ("New race").
        play: shows a race view for a session ("Race again", "Race your ghost").
    """

    music: str | None = None  # the race's music goes on

    def __init__(self, ctx: Context, race: RaceSession, leave: Callable[[], None],
                 play: Callable[[RaceSession], None]) -> None:
        super().__init__(ctx, columns=3)
        self.race = race
        self.leave = leave
        self.play = play
        res = race.final_result()
        self.result: RaceResult = res
        info = race.info
        ghost = race.ghost_of_run()
        # a run in a level made by hand has a ghost code that carries the level (when the level has a code)
        self.ghost_code, no_ghost = ghost_code_of(ghost, race.level)
        best_line = ""
        if ghost is not None and not info.best_key:
            best_line = NOT_SAVED
        elif ghost is not None:
            won = ctx.store.record_win(info.best_key, res.player_seconds or 0.0, res.player_steps)
            if res.winner == "player" and res.player_seconds is not None:
                record_race_win(ctx.store, info.best_key, info.code, res.player_seconds, res.player_steps,
                                res.shortest)
            if res.player_seconds is not None and self.ghost_code:
                ctx.store.record_ghost(race.level.code(), self.ghost_code, res.player_seconds)
            best = won.best
            if best.best_time is not None:
                flag = "  (new best!)" if won.new_best_time and best.wins > 1 else ""
                best_line = f"Your best on this code: {_seconds(best.best_time)}{flag}"
        t = ctx.theme
        heading = {"player": "You won!", "tie": "A dead heat!", "opponent": "You lost"}[res.winner]
        name = info.opponent_name[:1].upper() + info.opponent_name[1:]
        you = (f"You: {_seconds(res.player_seconds)}  ·  {ratio(res.player_steps, res.shortest)}"
               if res.player_seconds is not None else f"You: did not finish ({count(res.player_steps, 'move')})")
        line = (share_line(ShareSummary.of_level(race.level), res.player_seconds, res.player_steps, res.shortest)
                if res.player_seconds is not None else "")
        self.share = ShareKeys(t, info.code, line)
        share_row = f"{line}  ·  C copies it  ·  Q: QR code" if line else "Q: QR code of this race's link"
        # (full text, font size, colour, bold, cut in the middle)
        self.rows: list[tuple[arcade.Text, str, int, bool]] = []
        for value, size, color, bold, middle in (
            (heading, 40, t.accent if res.winner != "opponent" else t.error, True, False),
            (res.summary(info.opponent_name), 20, t.text, False, False),
            (you, 16, t.text, False, False),
            (f"{name}: {_seconds(res.opponent_seconds)}  ·  {ratio(res.opponent_steps, res.shortest)}", 16, t.text,
             False, False),
            (f"Shortest path: {count(res.shortest, 'move')}", 16, t.text, False, False),
            (best_line, 16, t.text, False, False),
            (share_row if info.code else line, 13, t.text_dim, False, False),
            (code_line(info.is_ghost, info.code), 13, t.text_dim, False, True),
            (ghost_line() if self.ghost_code else no_ghost, 12, t.text_dim, False, True),
        ):
            if value:
                self.rows.append((self.text(value, size, color, bold, anchor_x="center", anchor_y="top"), value,
                                  size, middle))
        self.heading = self.rows[0][0]
        self.code_line = self.rows[-2][0]
        self.ghost_line = self.rows[-1][0]
        self.status = self.text("", 14, t.text_dim, anchor_x="center", anchor_y="top")
        actions = [("Race again", self.again)]
        if ghost is not None:  # your run is raced from memory: a level made by hand needs no ghost code for it
            actions += [("Race your ghost", self.race_ghost)]
        if self.ghost_code:
            actions += [("Copy ghost code", self.copy_ghost)]
        if info.code:
            actions += [("Copy race code", self.copy_code)]
        actions += [("New race", self.back)]
        self.grid_box = gui.UIGridLayout(column_count=3, row_count=2, horizontal_spacing=12, vertical_spacing=10)
        for i, (label, action) in enumerate(actions):
            self.grid_box.add(self.make_button(label, action, width=240, height=42, font_size=14), column=i % 3,
                              row=i // 3)
        self.anchor = self.ui.add(gui.UIAnchorLayout())
        self.anchor.add(self.grid_box, anchor_x="center", anchor_y="bottom", align_y=24)

    def layout(self, width: int, height: int) -> None:
        """Stack the lines from the top, each fitted to the window; buttons sized from the width."""
        stack_result(self, width, height)
        self.share.qr.layout(width, height, self.scale)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Q: the QR code of the race's link; C: copy the share line; the rest as on every button screen."""
        said = self.share.on_key(symbol, self.window) if symbol != key.F11 else None
        if said is None:
            return super().on_key_press(symbol, modifiers)
        if said:
            self.status.text = said
        self.share.qr.layout(self.window.width, self.window.height, self.scale)
        self.request_redraw()
        return True

    def again(self) -> None:
        """The same race from its countdown."""
        self.play(self.race.again())

    def race_ghost(self) -> None:
        """Race the run just made."""
        ghost = self.race.ghost_of_run()
        if ghost is not None:
            self.play(RaceSession.for_ghost(ghost, self.race.level))

    def copy_ghost(self) -> None:
        """Ghost code to the clipboard."""
        ok = copy_to_clipboard(self.window, self.ghost_code)
        self.status.text = "Ghost code copied." if ok else "No clipboard here."

    def copy_code(self) -> None:
        """Race code to the clipboard."""
        ok = copy_to_clipboard(self.window, self.race.info.code)
        self.status.text = "Race code copied." if ok else "No clipboard here."

    def back(self) -> None:
        """To the setup screen (or wherever the race came from)."""
        self.leave()

    def needs_redraw(self) -> bool:
        """A still screen: redraw only after input (the base view's own rule, when it has one)."""
        parent = getattr(super(), "needs_redraw", None)
        return bool(parent()) if callable(parent) else True

    def texts(self) -> list[arcade.Text]:
        """The texts on screen (for layout tests)."""
        return [row[0] for row in self.rows] + ([self.status] if self.status.text else [])

    def draw_extra(self) -> None:
        """Texts."""
        for text in self.texts():
            text.draw()
        self.share.qr.draw(self.window.width, self.window.height)
