"""The maze win: the finished maze with the player's way and the shortest way, the stars against par, time,
moves, best, and "Next level" focused (:class:`game.bases.win_screen.WinScreen` is the shape of every win).

The code, the share line and the QR code are under "Share" (:func:`game.routes.share`); C still copies the
share line and Q still shows the QR code from here, for the players who know the keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade
from arcade import key

from engine.share.lines import ShareSummary, daily_date, share_line
from game import routes
from game.bases.win_screen import POP_TIME, STAR_DELAY, STAR_GAP, WinScreen
from game.bases.won import WonMaze, shown_again
from game.codes import NOT_SAVED
from game.context import BOUGHT, Context
from game.format import NO_STAR, STAR, count, moves_over, player_label, record_time, time_over
from game.render.win_map import WinMap, way_colours
from game.save_schema import WinResult
from game.ui.clipboard import copy_to_clipboard
from game.ui.qr import ShareKeys

if TYPE_CHECKING:
    from engine.modes.campaign import CampaignLevel
    from engine.modes.play import PlaySession
    from engine.modes.rewards import Reward


def best_line(result: WinResult) -> str:
    """``Best 0:12.30 and 40 moves (new best!)``."""
    best = result.best
    new = " (new best!)" if result.new_best_time and best.wins > 1 else ""
    return f"Best {record_time(best.best_time or 0)} and {count(best.best_moves or 0, 'move')}{new}"


def bought_line(bought: list[Reward]) -> str:
    """``Unlocked: Ring (player mark) and Dusk (theme): Settings or Rewards`` (a bonus world: "R on the map")."""
    from engine.modes.rewards import KIND_ONE

    names = [f"{r.name} ({KIND_ONE[r.kind]})" for r in bought]
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"Unlocked: {said}  ·  see Rewards"


def engine_labels(session: PlaySession) -> set[str]:
    """The engine's descriptions of the level played (its own: its recipe's, when it has one; the level is passed
    whole, so its code is never read again here): titles a win renames."""
    return {session.level.label()}


class WinView(WinScreen):
    """Shown after reaching the goal.

    Args:
        ctx: shared context.
        play: the play view that was won (a :class:`game.play.view.PlayView`, as a win reads it,
            :class:`game.bases.won.WonMaze`: its ``session``, ``named`` level (code and title), ``layer``,
            ``restart()`` and ``back()``; "Play again" shows it again).
        result: what the store recorded (None: nothing saved, the level has no code; said in one line).
        next_level: the campaign level after this one, if any.
    """

    music: str | None = None  # the finished level's music goes on

    def __init__(self, ctx: Context, play: WonMaze, result: WinResult | None,
                 next_level: CampaignLevel | None) -> None:
        s = play.session
        code = play.named.code
        name = play.named.title
        if name in engine_labels(s):  # a level opened by its code: said in player words
            name = player_label(s.level)
        super().__init__(ctx, name, s.stars)
        self.play = play
        self.next_level = next_level
        date = daily_date(code) if code else None
        self.daily = date is not None
        if next_level is not None:
            self.ui.add(self.make_button("Next level", lambda: ctx.go(routes.level, next_level)))
        if self.daily:  # a daily's next step: the other dailies (Esc goes there too)
            self.ui.add(self.make_button("Dailies", lambda: ctx.go(routes.dailies)))
        self.ui.add(self.make_button("Play again", self.replay))
        self.ui.add(self.make_button("Share", self.open_share))
        if not self.daily:
            self.ui.add(self.make_button("Back", self.back))
        if s.rules is not None:  # a puzzle maze: stars by moves against the proven fewest
            self.set_lines([
                f"Moves {s.moves}  ·  fewest {s.par_moves}" + (moves_over(s.moves, s.par_moves) or "  ·  the best"),
                f"Time {record_time(s.elapsed)}" + ("  ·  with a hint" if s.hinted else ""),
                best_line(result) if result is not None else NOT_SAVED,
            ])
        else:
            self.set_lines([
                f"Time {record_time(s.elapsed)}  ·  par {record_time(s.par_time)}" + time_over(s.elapsed, s.par_time),
                f"Moves {s.moves}  ·  par {s.par_moves}" + moves_over(s.moves, s.par_moves)
                + f"  ·  shortest {s.shortest}",
                best_line(result) if result is not None else NOT_SAVED,
            ])
        if next_level is not None:  # the one next: the menu's Continue and the map's mark name it too
            self.set_lines([*self.line_values, f"Next: {next_level.index + 1}. {next_level.name}"])
            if next_level.lesson:  # the one control it teaches (levels 1-3)
                self.set_lines([*self.line_values, f"Tip for it: {next_level.lesson}"])
        bought = ctx.memory.pop(BOUGHT, [])
        if bought:  # what the stars of this win bought, in the accent colour
            self.set_lines([*self.line_values, bought_line(bought)])
            self.lines[-1].color = ctx.theme.accent
        summary = ShareSummary.of_level(s.level, date, name)  # the level by its name (the grid for a daily)
        self.share = ShareKeys(ctx.theme, code, share_line(summary, s.elapsed, s.moves, s.shortest, s.stars))
        self.map = WinMap(ctx.window, s.maze, ctx.theme, play.layer, s.trace, s.shortest_way, self.motion)
        self.legend = [self.text(f"your way ({s.moves})", 13, ctx.theme.text_dim, anchor_y="center"),
                       self.text(f"the {'best' if s.rules is not None else 'shortest'} way ({s.shortest})", 13,
                                 ctx.theme.text_dim, anchor_y="center")]
        self.swatches: list[tuple[float, float, float]] = []  # x0, x1, y of each legend line
    @property
    def code(self) -> str:
        """The level's code (``""`` for a level made by hand)."""
        return self.play.named.code

    def layout(self, width: int, height: int) -> None:
        """The panel (:class:`WinScreen`), the maze fitted left of it, the QR card when shown."""
        super().layout(width, height)
        left, bottom, right, top = self.picture
        k = self.scale
        for text in self.legend:
            text.font_size = 13 * k
        row = 22 * k
        one_row = 36 * k + self.legend[0].content_width + 60 * k + self.legend[1].content_width <= right - left
        rows = 1 if one_row else 2  # a narrow picture: one entry under the other (the words never shrink)
        self.map.place(left, bottom + rows * row, right, top)
        x0, y = max(left, self.map.drawn[0]), self.map.drawn[1] - row * 0.75
        x, self.swatches = x0, []
        for text in self.legend:
            self.swatches.append((x, x + 28 * k, y))
            text.position = (x + 36 * k, y)
            x, y = (text.x + text.content_width + 24 * k, y) if one_row else (x0, y - row)
        self.share.qr.layout(width, height, self.scale)

    def picture_animating(self) -> bool:
        """The shortest way still drawing itself."""
        return self.map.revealing

    def on_update(self, delta_time: float) -> None:
        """Stars (:class:`WinScreen`) and the reveal of the shortest way."""
        super().on_update(delta_time)
        self.map.advance(delta_time)

    def draw_picture(self) -> None:
        """The finished maze and the two ways, then the legend's lines."""
        self.map.draw()
        self.window.default_camera.use()
        widths = (8 * self.scale, 3 * self.scale)
        for (x0, x1, y), colour, w in zip(self.swatches, way_colours(self.ctx.theme), widths, strict=True):
            arcade.draw_line(x0, y, x1, y, colour, w)

    def texts(self) -> list[Any]:
        """The panel's texts and the legend (layout tests)."""
        return [*super().texts(), *self.legend]

    def draw_extra(self) -> None:
        """The panel's texts and pops, then the QR card when shown."""
        super().draw_extra()
        self.share.qr.draw(self.window.width, self.window.height)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Q: the QR code of the level's link; C: copy the share line; the rest as on every button screen."""
        said = self.share.on_key(symbol, self.window) if symbol != key.F11 else None
        if said is None:
            return super().on_key_press(symbol, modifiers)
        if said:
            self.say(said)
        self.share.qr.layout(self.window.width, self.window.height, self.scale)
        self.request_redraw()
        return True

    def open_share(self) -> None:
        """Share: the code, the result line and the QR code on a screen of their own (Esc comes back here)."""
        self.ctx.show(routes.share(self.ctx, self.code, self.share.line, self))

    def replay(self) -> None:
        """The same maze again."""
        self.play.restart()
        self.ctx.show(shown_again(self.play))

    def copy(self) -> None:
        """Copy the level code to the clipboard."""
        if copy_to_clipboard(self.window, self.code):
            self.say("Code copied to the clipboard.")
        else:
            self.say("No clipboard here: Share shows the code to write down.")

    def back(self) -> None:
        """Back where the level was opened from; a daily to the Dailies (a daily opened by its code too)."""
        if self.daily:
            self.ctx.go(routes.dailies)
        else:
            self.play.back()


__all__ = ["WinView", "copy_to_clipboard", "STAR", "NO_STAR", "POP_TIME", "STAR_DELAY", "STAR_GAP"]
