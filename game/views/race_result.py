"""The race result: who won and by how much, path lengths against the shortest, bests, the ghost code."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ghost import Ghost
from engine.race import RaceResult
from game.context import Context
from game.ui import gui
from game.views.base import BaseView
from game.views.win import copy_to_clipboard

if TYPE_CHECKING:
    from game.views.race import RaceView


def ratio(steps: int, shortest: int) -> str:
    """``"123 moves (1.45x shortest)"``."""
    if shortest <= 0:
        return f"{steps} moves"
    return f"{steps} moves ({steps / shortest:.2f}x shortest)"


def ghost_setting_key(code: str) -> str:
    """The settings key under which the best run's ghost code for level/race ``code`` is kept."""
    return f"ghost:{code}"


class RaceResultView(BaseView):
    """Shown after a race (finished or given up).

    Saves the player's time as a personal best for the race code (through
    :meth:`game.store.Store.record_win`) and, when it is a new best, the run's
    ghost code (a setting keyed by :func:`ghost_setting_key`).
    """

    def __init__(self, ctx: Context, race: RaceView) -> None:
        super().__init__(ctx)
        from game.views.race import format_seconds

        self.race = race
        sim = race.sim
        res = sim.result()
        if res is None:  # gave up before anyone arrived
            sim.give_up()
            res = sim.result()
        assert res is not None
        self.result: RaceResult = res
        self.ghost_code = ""
        best_line = ""
        if sim.player_moves and sim.player_cells[-1] == race.maze.goal:
            ghost = Ghost.record(race.maze_spec, race.maze, sim.player_moves)
            self.ghost_code = ghost.code(race.maze)
            won = ctx.store.record_win(race.best_key, res.player_seconds or 0.0, res.player_steps)
            if won.new_best_time:
                ctx.store.set_setting(ghost_setting_key(race.best_key), self.ghost_code)
            best = won.best
            if best.best_time is not None:
                flag = "  (new best!)" if won.new_best_time and best.wins > 1 else ""
                best_line = f"Your best on this code: {format_seconds(best.best_time)}{flag}"
        t = ctx.theme
        heading = {"player": "You won!", "tie": "A dead heat!", "opponent": "You lost"}[res.winner]
        self.heading = self.text(heading, 40, t.accent if res.winner != "opponent" else t.error, bold=True,
                                 anchor_x="center")
        self.summary = self.text(res.summary(race.opponent_name), 20, t.text, anchor_x="center")
        you = "" if res.player_seconds is None else format_seconds(res.player_seconds)
        lines = [
            f"You: {you}  ·  {ratio(res.player_steps, res.shortest)}" if res.player_seconds is not None
            else f"You: did not finish ({res.player_steps} moves)",
            f"{race.opponent_name[:1].upper() + race.opponent_name[1:]}: {format_seconds(res.opponent_seconds)}  ·  "
            f"{ratio(res.opponent_steps, res.shortest)}",
            f"Shortest path: {res.shortest} moves",
        ]
        if best_line:
            lines.append(best_line)
        self.lines = self.text("\n".join(lines), 16, t.text, anchor_x="center", multiline=True, width=1000,
                               align="center")
        what = "Ghost code raced" if race.is_ghost else "Race code"
        shown_code = race.code if len(race.code) <= 110 else race.code[:107] + "..."
        self.code_line = self.text(f"{what}: {shown_code}", 13, t.text_dim, anchor_x="center")
        shown = self.ghost_code if len(self.ghost_code) <= 110 else self.ghost_code[:107] + "..."
        self.ghost_line = self.text(f"Ghost code: {shown}" if self.ghost_code else "No ghost (you did not finish).",
                                    11, t.text_dim, anchor_x="center")
        self.status = self.text("", 14, t.text_dim, anchor_x="center")
        box = gui.UIBoxLayout(space_between=10)
        box.add(self.make_button("Race again", self.again, width=300, height=44))
        if self.ghost_code:
            box.add(self.make_button("Race your ghost", self.race_ghost, width=300, height=44))
            box.add(self.make_button("Copy ghost code", self.copy_ghost, width=300, height=44))
        box.add(self.make_button("Copy race code", self.copy_code, width=300, height=44))
        box.add(self.make_button("New race", self.back, width=300, height=44))
        self.ui.add(gui.UIAnchorLayout()).add(box, anchor_x="center", anchor_y="bottom", align_y=40)

    def layout(self, width: int, height: int) -> None:
        """Place the texts."""
        self.heading.position = (width / 2, height - 70)
        self.summary.position = (width / 2, height - 115)
        self.lines.position = (width / 2, height - 150)
        self.code_line.position = (width / 2, height - 270)
        self.ghost_line.position = (width / 2, height - 292)
        self.status.position = (width / 2, height - 318)

    def again(self) -> None:
        """The same race from its countdown."""
        self.ctx.show(self.race.restart())

    def race_ghost(self) -> None:
        """Race the run just made."""
        from game.views.race import RaceView

        ghost = Ghost.from_code(self.ghost_code, self.race.maze)
        self.ctx.show(RaceView.for_ghost(self.ctx, ghost, self.race.setup, self.race.maze))

    def copy_ghost(self) -> None:
        """Ghost code to the clipboard."""
        ok = copy_to_clipboard(self.window, self.ghost_code)
        self.status.text = "Ghost code copied." if ok else "No clipboard here."

    def copy_code(self) -> None:
        """Race code to the clipboard."""
        ok = copy_to_clipboard(self.window, self.race.code)
        self.status.text = "Race code copied." if ok else "No clipboard here."

    def back(self) -> None:
        """To the setup screen (or the menu)."""
        self.race.leave()

    def draw_extra(self) -> None:
        """Texts."""
        for t in (self.heading, self.summary, self.lines, self.code_line, self.ghost_line, self.status):
            t.draw()
