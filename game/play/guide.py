"""The guided start: the play screen on the guide's maze with a prompt band, then a race start and a puzzle hint.

The engine's :class:`engine.modes.guide.Guide` decides every step; this screen passes
it the player's zooms, puzzle keys and clicks, shows its prompt under the HUD, draws
the race step's opponent (a diamond) and countdown, the race's result (Enter or a click goes on: arrows
still held from the race never reach the puzzle), and the 3×3 puzzle of the hint step.  Esc skips the guide
(and the menu's greeting is not shown again); at the end it goes back to where it was opened from (the menu,
or Help).
"""

from __future__ import annotations

from typing import Any

import arcade
from arcade import key

from engine.level import NamedLevel
from engine.modes.guide import Guide, GuideStep
from game import routes
from game.bases.screen import common_key
from game.context import Context
from game.format import format_time, running_time
from game.play.screen import HUD_HEIGHT, PlayScreen
from game.ui import FONT, fit_text, snap_to_pixels, ui_scale

#: Height of the prompt band under the HUD at scale 1 (pixels).
PROMPT_HEIGHT = 40
#: Seconds the last line stays before the guide goes back.
END_TIME = 2.5
GUIDE_HELP = "Esc skips the guide  ·  P pause  ·  F1 help"
#: The maze's direction actions (key table) the guide's puzzle step takes as the puzzle's arrows.
PUZZLE_MOVES = ("up", "down", "left", "right")


class GuideView(PlayScreen):
    """The guided start (module doc).

    Args:
        ctx: shared context.
        back_to: the view to return to at the end or on Esc (default: the main menu).
    """

    in_parts = False  # its opponent, countdown and puzzle are drawn whole

    def __init__(self, ctx: Context, back_to: arcade.View | None = None) -> None:
        self.guide = Guide()
        self.back_to = back_to
        super().__init__(ctx, NamedLevel(self.guide.level, "", "Guided start"), back=self._leave,
                         session=self.guide.play)
        self.help_line = self.footer_line = GUIDE_HELP
        t = ctx.theme
        self.prompt = arcade.Text(
            "", 0, 0, t.accent, 16, font_name=FONT, bold=True, anchor_x="center", anchor_y="center"
        )
        self.big = arcade.Text("", 0, 0, t.star, 72, font_name=FONT, bold=True, anchor_x="center", anchor_y="center")
        self.tile_texts = [
            arcade.Text(
                str(n), 0, 0, t.button_text, 28, font_name=FONT, bold=True, anchor_x="center", anchor_y="center"
            )
            for n in range(9)
        ]
        self.board_rect = (0.0, 0.0, 0.0)  # left, bottom, tile size of the puzzle (pixels)
        self._seen = self.guide.changed
        self._count = self.guide.countdown()
        self.end_left = -1.0

    # -- leaving -------------------------------------------------------------------
    def _leave(self) -> None:
        if self.back_to is not None:
            self.ctx.show(self.back_to)
        else:
            routes.show_menu(self.ctx)

    def flow_on(self) -> None:
        """The guide played to its end: from the first launch's greeting straight into the level to play next
        (level 1 on a first launch: the one next, :meth:`game.context.Context.next_level`); replayed from Help,
        back there."""
        level = self.ctx.next_level() if self.back_to is None else None
        if level is None:
            self._leave()
        else:
            self.ctx.go(routes.level, level)

    def finish(self) -> None:
        """The goal of a step: the guide has moved on by itself (no win screen here)."""
        self.goal_moment.stop()

    # -- layout ----------------------------------------------------------------------
    def on_resize(self, width: int, height: int) -> None:
        """The play screen's layout with the prompt band added under the HUD."""
        super().on_resize(width, height)
        s = ui_scale(width, height)
        self.hud_height = (HUD_HEIGHT + PROMPT_HEIGHT) * s
        self.viewport.match_window(
            width, height, self.hud_height, self.footer_height, focus=self.session.display_position()
        )
        self._place_prompt(width, height)

    def _place_prompt(self, width: int, height: int) -> None:
        s = ui_scale(width, height)
        g = self.guide
        line = g.prompt if g.done else f"{g.number}/{g.total}  ·  {g.prompt}"
        upcoming = self.ctx.next_level() if g.done and self.back_to is None else None
        if upcoming is not None:  # the guide flows on into the campaign
            line = f"{g.prompt}  Next: {upcoming.index + 1}. {upcoming.name}"
        fit_text(self.prompt, line, 16 * s, width - 24, min_size=8)
        self.prompt.position = (width / 2, height - (HUD_HEIGHT + PROMPT_HEIGHT / 2) * s)
        side = min(width, height - self.hud_height - self.footer_height) * 0.6
        tile = side / 3
        self.board_rect = (
            (width - side) / 2,
            self.footer_height + (height - self.hud_height - self.footer_height - side) / 2,
            tile,
        )
        for text in self.tile_texts:
            text.font_size = tile * 0.35
        self.big.font_size = 72 * s
        self.big.position = (width / 2, (height - self.hud_height + self.footer_height) / 2)
        snap_to_pixels((self.prompt, self.big))  # whole pixels: software GL drops glyph rows between them

    # -- input -----------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Esc skips; the puzzle step's arrows and H; the zoom keys tell the guide; else as in play."""
        g = self.guide
        if symbol == key.ESCAPE:
            g.skip()
            self.back()
            return True
        if g.done:
            if symbol in (key.ENTER, key.RETURN, key.SPACE):
                self.back()
            return True
        if g.step is GuideStep.RESULT:  # the race's result: Enter goes on, nothing else moves
            if common_key(self.ctx, symbol, modifiers):
                return True
            if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER, key.SPACE) or \
                    self.ctx.keys.action("menu", symbol) == "confirm":
                g.proceed()
                self.keys.clear()
                self.request_redraw()
            return True
        if g.step is GuideStep.HINT and g.puzzle is not None:
            if common_key(self.ctx, symbol, modifiers):
                return True
            if symbol == key.H:
                if g.hint() is not None:
                    self.ctx.audio.play("hint")
            elif (move := self.ctx.keys.action("maze", symbol)) in PUZZLE_MOVES:
                self._slide(g.puzzle.press(str(move)))
            return True
        if self.ctx.keys.action("camera", symbol) in ("zoom_in", "zoom_out"):
            g.zoomed()  # even at the zoom's limit: the player did it
        return super().on_key_press(symbol, modifiers)

    def _slide(self, moves: str) -> None:
        if moves:
            self.ctx.audio.play("step", 0.5)
        self.guide.slide(moves)
        self.request_redraw()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom as in play, and tell the guide (even at the zoom's limit)."""
        super().on_mouse_scroll(x, y, scroll_x, scroll_y)
        if scroll_y and not self.paused:
            self.guide.zoomed()

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """The puzzle step: a click on a tile slides it; else as in play."""
        g = self.guide
        if g.step is GuideStep.RESULT:
            g.proceed()
            self.request_redraw()
            return
        if g.step is GuideStep.HINT and g.puzzle is not None:
            cell = self.puzzle_cell(x, y)
            if cell >= 0:
                self._slide(g.puzzle.click(cell))
            return
        super().on_mouse_release(x, y, button, modifiers)

    def puzzle_cell(self, x: float, y: float) -> int:
        """The puzzle cell (0..8, row by row from the top) under pixel ``(x, y)``, or -1."""
        left, bottom, tile = self.board_rect
        col, row_up = int((x - left) // tile) if tile else -1, int((y - bottom) // tile) if tile else -1
        if not (0 <= col < 3 and 0 <= row_up < 3):
            return -1
        return (2 - row_up) * 3 + col

    # -- time ------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        """Play as usual, then react to the guide: a chime per step done, the race's "go", the end."""
        super().on_update(delta_time)
        g = self.guide
        count = g.countdown()
        if count != self._count:
            if count == 0 and g.step is GuideStep.RACE:
                self.ctx.audio.play("race_start")
            self._count = count
        if g.changed != self._seen:
            self._seen = g.changed
            self.ctx.audio.play("star")
            if g.step is GuideStep.RACE:
                self.layer.clear_trail()
                self.layer.mark_visited(self.session.start)
                self.keys.clear()
            if g.done:
                self.end_left = END_TIME
            self._place_prompt(self.window.width, self.window.height)
        if self.end_left >= 0:
            self.end_left -= min(delta_time, 0.1)
            if self.end_left < 0:
                self.flow_on()

    def clock_text(self) -> str:
        """The HUD clock; in the race the race's own (since "go", :meth:`engine.modes.guide.Guide.race_clock`),
        so the HUD and the result banner read the same time."""
        race = self.guide.race_clock()
        if race is None:
            return super().clock_text()
        return running_time(race) if self.guide.step is GuideStep.RACE else format_time(race)

    def _frame_key(self) -> tuple[Any, ...]:
        g = self.guide
        hint = g.puzzle.current_hint() if g.puzzle is not None else None
        pos = g.opponent_position()
        return (
            *super()._frame_key(),
            g.changed,
            g.countdown(),
            None if pos is None else (round(pos[0], 2), round(pos[1], 2)),
            g.puzzle.board.tiles if g.puzzle is not None else None,
            hint,
        )

    # -- drawing ---------------------------------------------------------------------
    def on_draw(self) -> None:
        """The maze (with the opponent and countdown) or the puzzle, and the prompt band."""
        g = self.guide
        w, h = self.window.width, self.window.height
        t = self.ctx.theme
        if g.step is GuideStep.HINT or g.done:
            self.clear()
            self.hud_camera.use()
            if g.puzzle is not None and not g.done:
                self.draw_puzzle()
            elif g.done:
                fit_text(self.big, "Ready to play!", self.big.font_size, w - 40)
                self.big.draw()
        else:
            super().on_draw()
            if self.paused:
                return
            self.hud_camera.use()
            if left := g.countdown():
                self.big.text = str(left)
                self.big.draw()
            elif g.step is GuideStep.RESULT:
                won = g.player_time is not None and g.player_time <= g.opponent_time()
                fit_text(self.big, "You won!" if won else "The diamond won", self.big.font_size, w - 40)
                self.big.draw()
        s = ui_scale(w, h)
        top = h if g.step is GuideStep.HINT or g.done else h - HUD_HEIGHT * s  # no HUD over the puzzle
        arcade.draw_lrbt_rectangle_filled(0, w, h - self.hud_height, top, (*t.panel[:3], 255))
        if top == h:  # the puzzle or the end: the play screen drew neither the title nor the key help
            self.hud_title.draw()
            self.hud_help.draw()
        arcade.draw_line(0, h - self.hud_height, w, h - self.hud_height, t.accent, 2)
        self.prompt.draw()
        self._drawn = self._frame_key()

    def draw_under_player(self) -> None:
        """The race step's opponent: a diamond with an edge, under the player's disc."""
        pos = self.guide.opponent_position()
        if pos is None:
            return
        t, r = self.ctx.theme, self.disc_radius()
        x, y = pos
        for size, colour in ((r * 1.15, t.player_edge), (r * 0.9, t.goal)):
            arcade.draw_polygon_filled([(x, y + size), (x + size, y), (x, y - size), (x - size, y)], colour)

    def draw_puzzle(self) -> None:
        """The 3×3 board; the hinted tile (after H) ringed in the star colour."""
        g = self.guide
        assert g.puzzle is not None
        t = self.ctx.theme
        left, bottom, tile = self.board_rect
        hint = g.puzzle.current_hint()
        for cell, value in enumerate(g.puzzle.board.tiles):
            row, col = divmod(cell, 3)
            x0, y0 = left + col * tile, bottom + (2 - row) * tile
            if value:
                arcade.draw_lrbt_rectangle_filled(x0 + 3, x0 + tile - 3, y0 + 3, y0 + tile - 3, t.button)
                text = self.tile_texts[value]
                text.position = (x0 + tile / 2, y0 + tile / 2)
                text.draw()
            if hint is not None and hint.tile_cell == cell:
                arcade.draw_lrbt_rectangle_outline(x0 + 2, x0 + tile - 2, y0 + 2, y0 + tile - 2, t.star, 5)


__all__ = ["GuideView"]
