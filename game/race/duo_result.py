"""The two-player result: who won and by how much, both times and moves, a ghost code for each run.

Each finished run is also kept as a ghost of its maze (``Store.record_ghost``
keeps the fastest run per maze), so it appears among the race setup's ghosts;
a copied ghost code opens a race against that run, as any ghost code does.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from engine.modes.race.duo import DuoSession
from game.bases.screen import BaseView
from game.codes import ghost_code_of, shareable_code
from game.context import Context
from game.format import count, format_time
from game.race.players import PLAYER_NAMES, draw_marker, player_colors, player_label
from game.race.summary import ratio, stack_result
from game.ui import gui
from game.ui.clipboard import copy_to_clipboard


class DuoResultView(BaseView):
    """Shown after a two-player race (both arrived, or the race was ended).

    Args:
        ctx: shared context.
        duo: the finished race.
        leave: back to where the race was opened from ("New race").
        play: shows a two-player race view for a session ("Race again").
    """

    music: str | None = None  # the race's music goes on

    def __init__(self, ctx: Context, duo: DuoSession, leave: Callable[[], None],
                 play: Callable[[DuoSession], None]) -> None:
        super().__init__(ctx, columns=3)
        self.duo = duo
        self.leave = leave
        self.play = play
        res = duo.result()
        self.result = res
        self.ghost_codes: list[str] = []
        self.maze_code = shareable_code(duo.level)  # "" for a level made by hand without a code
        why_none = ""  # why a finished run has no ghost code (a level without a code)
        for i in (0, 1):
            ghost = duo.ghost_of(i)  # a hand-made level's ghost code carries the level
            code, why = ghost_code_of(ghost, duo.level)
            if ghost is not None and not code:
                why_none = why
            self.ghost_codes.append(code)
            seconds = res.runs[i].seconds
            if code and seconds is not None:
                ctx.store.record_ghost(self.maze_code, code, seconds)
        t = ctx.theme
        self.colors = player_colors(t)
        if res.tie:
            heading = "A dead heat!"
        elif res.winner is None:
            heading = "Nobody finished"
        else:
            heading = f"{PLAYER_NAMES[res.winner]} wins!"
        # (full text, font size, colour, cut in the middle); the player lines get a marker beside them
        rows: list[tuple[str, int, tuple[int, int, int, int], bool]] = [
            (heading, 40, t.accent if res.winner is not None or res.tie else t.error, False),
            (res.summary(PLAYER_NAMES), 20, t.text, False),
        ]
        for i, run in enumerate(res.runs):
            if run.seconds is not None:
                line = f"{player_label(i)}: {format_time(run.seconds)}  ·  {ratio(run.steps, res.shortest)}"
            else:
                line = f"{player_label(i)}: did not finish ({count(run.steps, 'move')})"
            rows.append((line, 16, self.colors[i], False))
        rows += [
            (f"Shortest path: {count(res.shortest, 'move')}", 16, t.text, False),
            (f"Maze code: {self.maze_code}" if self.maze_code else "Maze code: none (a level made by hand)", 13,
             t.text_dim, True),
        ]
        if why_none:  # one line why there are no ghost codes
            rows.append((why_none, 12, t.text_dim, False))
        for i, code in enumerate(self.ghost_codes if not why_none else []):
            value = (f"{PLAYER_NAMES[i]}'s ghost: {code}" if code
                     else f"{PLAYER_NAMES[i]}: no ghost (did not finish).")
            rows.append((value, 12, t.text_dim, True))
        self.rows: list[tuple[arcade.Text, str, int, bool]] = [
            (self.text(value, size, color, i == 0, anchor_x="center", anchor_y="top"), value, size, middle)
            for i, (value, size, color, middle) in enumerate(rows)
        ]
        self.heading = self.rows[0][0]
        self.player_rows = (self.rows[2][0], self.rows[3][0])
        self.status = self.text("", 14, t.text_dim, anchor_x="center", anchor_y="top")
        actions: list[tuple[str, Callable[[], None]]] = [("Race again", self.again)]
        for i, code in enumerate(self.ghost_codes):
            if code:
                actions.append((f"Copy {PLAYER_NAMES[i]}'s ghost", self._copier(i)))
        if self.maze_code:
            actions.append(("Copy maze code", self.copy_code))
        actions.append(("New race", self.back))
        rows_needed = (len(actions) + 2) // 3
        self.grid_box = gui.UIGridLayout(column_count=3, row_count=rows_needed, horizontal_spacing=12,
                                         vertical_spacing=10)
        for i, (label, action) in enumerate(actions):
            self.grid_box.add(self.make_button(label, action, width=240, height=42, font_size=14), column=i % 3,
                              row=i // 3)
        self.anchor = self.ui.add(gui.UIAnchorLayout())
        self.anchor.add(self.grid_box, anchor_x="center", anchor_y="bottom", align_y=24)

    def _copier(self, i: int) -> Callable[[], None]:
        return lambda: self.copy_ghost(i)

    def layout(self, width: int, height: int) -> None:
        """Stack the lines from the top, each fitted to the window (a player line keeps room for its marker);
        buttons sized from the width."""
        stack_result(self, width, height, lambda text: 60.0 if text in self.player_rows else 0.0)

    def again(self) -> None:
        """The same maze from a new countdown."""
        self.play(self.duo.again())

    def copy_ghost(self, i: int) -> None:
        """Player ``i``'s ghost code to the clipboard."""
        ok = copy_to_clipboard(self.window, self.ghost_codes[i])
        self.status.text = f"{PLAYER_NAMES[i]}'s ghost code copied." if ok else "No clipboard here."

    def copy_code(self) -> None:
        """The maze code to the clipboard."""
        ok = copy_to_clipboard(self.window, self.maze_code)
        self.status.text = "Maze code copied." if ok else "No clipboard here."

    def back(self) -> None:
        """To the setup screen (or wherever the race came from)."""
        self.leave()

    def texts(self) -> list[arcade.Text]:
        """The texts on screen (for layout tests)."""
        return [row[0] for row in self.rows] + ([self.status] if self.status.text else [])

    def draw_extra(self) -> None:
        """Texts, and each player's marker (disc, diamond) left of its line."""
        for text in self.texts():
            text.draw()
        edge = self.ctx.theme.player_edge
        for i, text in enumerate(self.player_rows):
            r = max(5.0, text.content_height * 0.3)
            draw_marker(i, text.left - 2.2 * r, text.y - text.content_height / 2, r, self.colors[i], edge, 1.0)
