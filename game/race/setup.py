"""The race setup: the maze (shape and weave included), one or two players, the opponent and its difficulty,
dark or not, your recorded ghosts, or a pasted code (a maze or level code is raced with the chosen opponent, or by
two players; a race or ghost code is raced as it says, by one player against its opponent or ghost).  The
player count, the Dark toggle and the floors are remembered (settings ``race.players``, ``race.dark`` and
``race.floors`` in the store)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.codes import CodeError, Decoded, decode_spelled
from engine.level import Level
from engine.maze.recipe import MazeSpec
from engine.modes.race import DIFFICULTIES, OPPONENTS, RaceSpec
from engine.modes.race.duo import duo_maze
from game import routes
from game.bases.choice_setup import ChoiceSetupView
from game.context import Context
from game.race.ghosts import GhostChoices, recorded_ghosts
from game.ui import fit_text
from game.ui.maze_choices import FLOORS, SIZES, MazeChoices, algorithms_for, new_seed

__all__ = ["CUSTOM_SPEEDS", "SIZES", "MazeChoices", "RaceChoices", "RaceSetupView", "algorithms_for", "new_seed"]

CUSTOM_SPEEDS = (2.0, 3.0, 5.0, 8.0, 10.0, 15.0, 20.0, 30.0)
#: The store setting that remembers the Race setup's floors (text "1".."4").
FLOORS_SETTING = "race.floors"


def remembered_floors(store: object | None) -> int:
    """The floors last chosen in the Race setup (one of :data:`game.ui.maze_choices.FLOORS`; 1 when none or bad)."""
    get = getattr(store, "setting", None)
    value = str(get(FLOORS_SETTING)) if get is not None else ""
    return next((f for f in FLOORS if str(f) == value), 1)


@dataclass
class RaceChoices:
    """Opponent and difficulty choices (no arcade)."""

    opponent: str = "runner"
    difficulty: str = "normal"
    speed: float = 5.0
    dark: bool = False
    players: int = 1

    @classmethod
    def load(cls, store: object | None) -> RaceChoices:
        """The remembered Dark toggle and player count (settings ``race.dark``, ``race.players``; bad or
        missing values give the defaults)."""
        c = cls()
        get = getattr(store, "setting", None)
        if get is not None:
            c.dark = get("race.dark") == "1"
            c.players = 2 if get("race.players") == "2" else 1
        return c

    def save(self, store: object | None) -> None:
        """Remember the Dark toggle and the player count (no-op without a store)."""
        put = getattr(store, "set_setting", None)
        if put is not None:
            put("race.dark", "1" if self.dark else "0")
            put("race.players", str(self.players))

    def cycle_players(self, step: int) -> None:
        """One player (against the AI or a ghost) / two players on one keyboard."""
        self.players = 2 if self.players == 1 else 1

    def cycle_opponent(self, step: int) -> None:
        """Next/previous opponent."""
        names = list(OPPONENTS)
        self.opponent = names[(names.index(self.opponent) + step) % len(names)]

    def cycle_difficulty(self, step: int) -> None:
        """Next/previous difficulty (``custom`` steps through :data:`CUSTOM_SPEEDS` first)."""
        names = list(DIFFICULTIES)
        if self.difficulty == "custom":
            i = CUSTOM_SPEEDS.index(self.speed) if self.speed in CUSTOM_SPEEDS else 0
            j = i + step
            if 0 <= j < len(CUSTOM_SPEEDS):
                self.speed = CUSTOM_SPEEDS[j]
                return
        self.difficulty = names[(names.index(self.difficulty) + step) % len(names)]
        if self.difficulty == "custom":
            self.speed = CUSTOM_SPEEDS[0] if step > 0 else CUSTOM_SPEEDS[-1]

    def cycle_dark(self, step: int) -> None:
        """Dark race on/off."""
        self.dark = not self.dark

    def maze_spec(self, maze: MazeSpec) -> MazeSpec:
        """``maze`` as it will be played (dark when :attr:`dark` is on)."""
        return maze.with_dark() if self.dark else maze

    def level(self, level: Level) -> Level:
        """``level`` as it will be raced (dark when :attr:`dark` is on)."""
        return level.with_dark() if self.dark else level

    def race_spec(self, maze: MazeSpec) -> RaceSpec:
        """The race spec for ``maze`` (played dark when :attr:`dark` is on)."""
        maze = self.maze_spec(maze)
        if self.difficulty == "custom":
            return RaceSpec.create(maze, self.opponent, speed=self.speed)
        return RaceSpec.create(maze, self.opponent, self.difficulty)

    def labels(self) -> dict[str, str]:
        """Button captions."""
        info = OPPONENTS[self.opponent]
        if self.difficulty == "custom":
            diff = f"Difficulty: custom, {self.speed:g} cells/s"
        else:
            diff = f"Difficulty: {self.difficulty} ({info.speeds[self.difficulty] / 10:g} cells/s)"
        opponent = f"Opponent: {info.title}"
        if self.dark:  # in the dark the map matters: say who has one
            opponent += " (knows the map)" if info.name == "runner" else " (no map, like you)"
        dark = "Dark: on (you see only what is in sight)" if self.dark else "Dark: off"
        players = "Players: 1 (you against the opponent)"
        if self.players == 2:
            opponent, diff = "Opponent: each other (two players)", "Difficulty: none (two players)"
            players = "Players: 2 (WASD against arrows, one keyboard)"
            if self.dark:
                dark = "Dark: on (one shared fog: what either player sees)"
        return {"opponent": opponent, "difficulty": diff, "dark": dark, "players": players}

    def about(self) -> str:
        """One line under the heading: the opponent's description, or how two players race."""
        if self.players == 2:
            return "Player 1: WASD, blue disc  ·  Player 2: arrow keys, orange diamond  ·  first to the goal wins"
        return OPPONENTS[self.opponent].summary


class RaceSetupView(ChoiceSetupView):
    """Choose the maze, the opponent and the difficulty, race one of your ghosts, or paste a code."""

    help_page = "race"  # Help (F1) opens on this page (game.shell.help)

    def __init__(
        self, ctx: Context, choices: MazeChoices | None = None, race: RaceChoices | None = None, message: str = ""
    ) -> None:
        super().__init__(ctx, "Race", choices or MazeChoices(floors=remembered_floors(ctx.store)))
        self.race = race or RaceChoices.load(ctx.store)
        self.add_maze_choices()
        r = self.race
        self.add_choice("players", lambda: r.labels()["players"], self._remembered(r.cycle_players))
        self.add_choice("opponent", lambda: r.labels()["opponent"], r.cycle_opponent)
        self.add_choice("difficulty", lambda: r.labels()["difficulty"], r.cycle_difficulty)
        self.add_choice("dark", lambda: r.labels()["dark"], self._remembered(r.cycle_dark))
        c = self.choices
        self.add_choice("mask", lambda: c.labels()["mask"], lambda step: c.cycle("mask", step))
        self.add_choice("weave", lambda: c.labels()["weave"], lambda step: c.cycle("weave", step))
        self.add_choice("floors", lambda: c.labels()["floors"], self._cycle_floors)
        self.ghosts = GhostChoices(recorded_ghosts(ctx.store))
        if self.ghosts.items:
            self.add_choice("ghost", self.ghosts.label, self.ghosts.cycle)
            self.add_action("Race this ghost", self.race_ghost)
        self.add_action("Start race", self.start)
        self.add_action("Open code (race, maze or ghost)", self.submit_code)
        self.finish_layout()
        self.about = self.text("", 13, ctx.theme.text_dim, anchor_x="center")
        self.message.text = message
        self.refresh()

    def _cycle_floors(self, step: int) -> None:
        """Next/previous floor count, remembered in the store (setting :data:`FLOORS_SETTING`)."""
        self.choices.cycle("floors", step)
        put = getattr(self.ctx.store, "set_setting", None)
        if put is not None:
            put(FLOORS_SETTING, str(self.choices.floors))

    def _remembered(self, cycle: Callable[[int], None]) -> Callable[[int], None]:
        """``cycle``, then the choices are saved in the store (remembered between sessions)."""

        def run(step: int) -> None:
            cycle(step)
            self.race.save(self.ctx.store)

        return run

    def refresh(self) -> None:
        """Captions plus the opponent's description; two players have no opponent or difficulty to choose."""
        super().refresh()
        two = self.race.players == 2
        for name in ("opponent", "difficulty"):
            self.choice_buttons[name].disabled = two
        if hasattr(self, "about"):
            self.about.text = self.race.about()

    def open_code(self, code: str) -> None:
        """Show the race for ``code``, decoded once (:meth:`open_decoded`), or its error."""
        try:
            self.open_decoded(*decode_spelled(code))
        except CodeError as exc:
            self.message.text = str(exc)

    def open_decoded(self, decoded: Decoded, typed: str = "") -> None:
        """Show the race of a decoded code (``typed``: the code it was decoded from, kept as the race's code): maze
        and level codes use the chosen opponent, or two players; race and ghost codes are raced as they say, by
        one player.

        Raises:
            CodeError: a kind that is not raced (a puzzle code), or a ghost's illegal move.
        """
        if self._open_level(decoded):
            return
        if self.race.players == 2 and self._open_duo(decoded):
            return
        self.ctx.go(routes.race_code, decoded, typed, race=self.race.race_spec, back=self)

    def _open_level(self, decoded: Decoded) -> bool:
        """A level code: raced on its level with the chosen opponent and difficulty, or by two players (dark if
        the toggle is on); False for every other kind."""
        level = decoded.made_level()
        if level is None:
            return False
        r = self.race
        if r.players == 2:
            self.ctx.show(routes.duo_level(self.ctx, r.level(level), back=self))
            return True
        speed = r.speed if r.difficulty == "custom" else None
        try:
            view = routes.race_level(self.ctx, r.level(level), r.opponent, r.difficulty, speed, back=self)
        except ValueError as exc:  # e.g. an opponent that cannot reach the goal of this level
            self.message.text = str(exc)
            return True
        self.ctx.show(view)
        return True

    def _open_duo(self, decoded: Decoded) -> bool:
        """Two players: a maze code is raced by both players on its maze (dark if the toggle is on); False for
        every other kind: a race or ghost code names its one player's opponent (the AI or the ghost) and is
        raced as the code says, whatever the remembered player count.

        Raises:
            CodeError: a maze code with no maze for two players.
        """
        if decoded.KIND != "maze":
            return False
        maze = duo_maze(decoded)
        if maze is None:
            raise CodeError("Two players race a maze: paste a maze or level code.")
        self.ctx.go(routes.race_duo, self.race.maze_spec(maze), back=self)
        return True

    def start(self) -> None:
        """Build the race from the choices and show it (the recipe handed over whole, no code read back)."""
        try:
            spec = self.choices.spec()
            chosen: Decoded = self.race.race_spec(spec) if self.race.players == 1 else self.race.maze_spec(spec)
        except ValueError as exc:
            self.message.text = str(exc)
            return
        try:
            self.open_decoded(chosen)
        except CodeError as exc:
            self.message.text = str(exc)

    def race_ghost(self) -> None:
        """Race the chosen recorded ghost."""
        ghost = self.ghosts.current()
        if ghost is not None:
            self.open_code(ghost.code)

    def submit_code(self) -> None:
        """Open the pasted code: a race code, a maze code (with the chosen opponent) or a ghost code."""
        text = self.pasted_code("race, maze or ghost")
        if text is None:
            return
        self.open_code(text)

    def layout(self, width: int, height: int) -> None:
        """Place the texts."""
        super().layout(width, height)
        scale = self.layout_scale  # as the heading's (ChoiceSetupView.layout)
        self.about.position = (width / 2, self.heading.y - 40 * scale)
        fit_text(self.about, self.race.about(), int(13 * scale), width - 40, 10, step=1)

    def texts(self) -> list[Any]:
        """The texts on screen (for layout tests)."""
        return [*super().texts(), self.about]

    def draw_extra(self) -> None:
        """Texts."""
        super().draw_extra()
        self.about.draw()
