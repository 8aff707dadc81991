"""The replay watcher: a replay code's solve played back, the same moves at the same times
(:class:`engine.puzzle.replay.ReplayPlayer` on the screen's frames).

Keys: Space pause / play (at the end: from the start), R from the start, + / - speed (¼× to 8×), C copy the replay
code, Esc back (to the win it was opened from, else the main menu).  The board is the puzzle's
(:class:`game.puzzle.board.BoardLayer`: tiles slide as they did); the line under it says the solve's clock, the
move and the speed.  It redraws when a move is made or the clock's second changes, never while paused or done.
"""

from __future__ import annotations

import arcade
from arcade import key

from engine.puzzle.replay import Replay, ReplayPlayer
from engine.puzzle.session import PuzzleSession
from engine.records import format_time, running_time
from game import routes
from game.bases.screen import Screen, common_key
from game.context import Context
from game.puzzle.board import BoardLayer
from game.ui import FONT, fit_text, ui_scale
from game.ui.clipboard import copy_to_clipboard

#: The speeds + and - step through.
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
HELP = "Space pause / play  ·  R from the start  ·  + / - speed  ·  C copy the replay code  ·  Esc back"


class ReplayView(Screen):
    """Watch one replay.

    Args:
        ctx: the shared context.
        replay: the solve to play back.
        back_to: the screen Esc returns to (None: the main menu).

    Attributes:
        player: the playback (its clock, board and moves made).
        shown: ``(ms on the solve's clock when it was made here, move)`` for each move played back (tests read it).
        clipboard: the last text copied.
    """

    key_context = "menu"
    music: str | None = None

    def __init__(self, ctx: Context, replay: Replay, back_to: arcade.View | None = None) -> None:
        super().__init__(ctx)
        t = ctx.theme
        self.replay = replay
        self.back_to = back_to
        self.player = ReplayPlayer(replay)
        self.shadow = PuzzleSession(replay.start)  # what the board layer draws: the player's board
        self.board = BoardLayer(self.shadow, t)
        self.shown: list[tuple[int, str]] = []
        self.clipboard = ""
        self.background_color = t.background
        self.t_title = arcade.Text("", 0, 0, t.accent, 24, font_name=FONT, bold=True, anchor_x="center",
                                   anchor_y="top")
        self.t_status = arcade.Text("", 0, 0, t.text, 16, font_name=FONT, anchor_x="center", anchor_y="bottom")
        self.t_help = arcade.Text(HELP, 0, 0, t.text_dim, 12, font_name=FONT, anchor_x="center", anchor_y="bottom")
        self.message = ""
        self._status = ""
        self._size = (0, 0)

    # -- layout ------------------------------------------------------------------------------------
    def _layout(self) -> None:
        w, h = self.window.width, self.window.height
        self._size = (w, h)
        k = ui_scale(w, h)
        r = self.replay
        title = f"Replay · {r.puzzle.width}×{r.puzzle.height} · {len(r.moves)} moves in {format_time(r.seconds)}"
        fit_text(self.t_title, title, 24 * k, w - 20)
        self.t_title.position = (w / 2, h - 12 * k)
        fit_text(self.t_help, HELP, 12 * k, w - 20)
        self.t_help.position = (w / 2, 8 * k)
        self.t_status.position = (w / 2, self.t_help.top + 8 * k)
        self._status = ""
        self._refresh()
        top = self.t_title.bottom - 12 * k
        bottom = self.t_status.bottom + self.t_status.content_height + 12 * k
        self.board.place(20 * k, bottom, w - 20 * k, top)
        self.request_redraw()

    def _refresh(self) -> bool:
        """The status line from the player; True when it changed."""
        p = self.player
        clock = format_time(p.clock) if p.done or p.paused else running_time(p.clock)
        state = "  ·  paused" if p.paused else "  ·  the end (Space: again)" if p.done else ""
        value = (self.message or
                 f"{clock}  ·  move {p.played} of {len(self.replay.moves)}  ·  {p.speed:g}×{state}")
        if value == self._status:
            return False
        self._status = value
        k = ui_scale(*self._size) if self._size != (0, 0) else 1.0
        fit_text(self.t_status, value, 16 * k, self._size[0] - 20)
        return True

    # -- frames --------------------------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Lay out."""
        super().on_show_view()
        self._layout()

    def on_resize(self, width: int, height: int) -> None:
        """Lay out again."""
        self._layout()

    def animating(self) -> bool:
        """A tile sliding."""
        return self.board.animating

    def on_update(self, delta_time: float) -> None:
        """The playback's clock: the moves due are made (each as it was: several at once slide without a glide)."""
        if self._size != (self.window.width, self.window.height):
            self._layout()
        self.board.advance(min(delta_time, 0.25))
        moves = self.player.advance(delta_time)
        if moves:
            ms = round(self.player.clock * 1000)
            self.shown.extend((ms, m) for m in moves)
            self.shadow.board = self.player.board
            self.board.sync(animate=len(moves) == 1)
            self.request_redraw()
        if self._refresh():
            self.request_redraw()

    def on_draw(self) -> None:
        """Board and texts."""
        self.clear()
        self.board.draw(None)
        self.window.default_camera.use()
        self.t_title.draw()
        self.t_status.draw()
        self.t_help.draw()

    # -- input -----------------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """See the module docstring."""
        if common_key(self.ctx, symbol, modifiers):
            return True
        self.message = ""
        if symbol == key.ESCAPE:
            self.back()
        elif symbol == key.SPACE:
            if self.player.done:
                self.from_start()
            else:
                self.player.paused = not self.player.paused
        elif symbol == key.R:
            self.from_start()
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD, key.MINUS, key.NUM_SUBTRACT):
            i = SPEEDS.index(self.player.speed) if self.player.speed in SPEEDS else 2
            i = max(0, min(len(SPEEDS) - 1, i + (-1 if symbol in (key.MINUS, key.NUM_SUBTRACT) else 1)))
            self.player.speed = SPEEDS[i]
        elif symbol == key.C:
            self.copy()
        else:
            return None
        self._refresh()
        self.request_redraw()
        return True

    def from_start(self) -> None:
        """Back to the start position, clock 0, playing."""
        self.player.restart()
        self.player.paused = False
        self.shown.clear()
        self.shadow.board = self.player.board
        self.board.sync(animate=False)

    def copy(self) -> None:
        """The replay code to the clipboard."""
        code = self.replay.code()
        self.clipboard = code
        copied = copy_to_clipboard(self.window, code)
        self.message = f"Copied the replay code ({len(code)} characters)." if copied else "No clipboard here."

    def back(self) -> None:
        """To the screen it came from, else the main menu."""
        if self.back_to is not None:
            self.ctx.show(self.back_to)
        else:
            routes.show_menu(self.ctx)
