"""Setup screens: maze choices (shared with the Lab) and the race setup.

:class:`MazeChoices` is plain data (no arcade) that cycles through the
tessellations, sizes, generators (+ growing-tree rule), braid and seed and
builds a :class:`~engine.maze_code.MazeSpec`.  :class:`ChoiceSetupView` shows
one button per choice (click / Enter: next value, Shift+click / Backspace:
previous), a code field (Ctrl+V pastes) and action buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arcade import key

from engine.codes import CodeError, normalize
from engine.maze_code import MazeSpec
from engine.race import DIFFICULTIES, OPPONENTS, RaceSpec
from game.context import Context
from game.ui import FONT, CodeField, gui
from game.views.base import BaseView

SHAPE_ORDER = ("square", "hex", "triangle", "polar", "upsilon")
#: Size presets per tessellation: (label, width, height); race sizes are the first three.
SIZES: dict[str, tuple[tuple[str, int, int], ...]] = {
    "square": (("small", 10, 8), ("medium", 20, 15), ("large", 40, 30), ("100x100", 100, 100),
               ("300x300", 300, 300), ("1000x1000", 1000, 1000)),
    "hex": (("small", 8, 7), ("medium", 16, 12), ("large", 30, 22), ("100x100", 100, 100), ("300x300", 300, 300)),
    "triangle": (("small", 14, 8), ("medium", 24, 12), ("large", 48, 24), ("100x100", 100, 100),
                 ("300x300", 300, 300)),
    "polar": (("small", 6, 5), ("medium", 8, 10), ("large", 12, 20), ("big", 16, 50), ("huge", 24, 150)),
    "upsilon": (("small", 6, 6), ("medium", 12, 10), ("large", 24, 18), ("100x100", 100, 100)),
}
RACE_SIZES = 3
BRAIDS = (0, 10, 25, 50, 100)
RULES = ("mostly-newest", "newest", "random", "oldest", "newest-quarter", "newest:3,random:1")
CUSTOM_SPEEDS = (2.0, 3.0, 5.0, 8.0, 10.0, 15.0, 20.0, 30.0)


def new_seed() -> int:
    """A fresh random seed (0..2**32-1) from the operating system."""
    import secrets

    return secrets.randbelow(1 << 32)


def algorithms_for(shape: str) -> list[str]:
    """Generator names that run on ``shape``, in registry order."""
    from engine.generators import GENERATORS

    return [g.name for g in GENERATORS.values() if shape in g.shapes]


@dataclass
class MazeChoices:
    """The maze part of a setup screen (cycling choices; no arcade).

    Attributes:
        shape: tessellation name.
        size: index into :data:`SIZES` of the shape.
        algorithm: generator name (always one that runs on ``shape``).
        rule: growing-tree rule (used only by ``growing-tree``).
        braid: percent of dead ends removed.
        seed: 0..2**64-1.
        max_sizes: how many presets of :data:`SIZES` are offered.
    """

    shape: str = "square"
    size: int = 1
    algorithm: str = "growing-tree"
    rule: str = "mostly-newest"
    braid: int = 0
    seed: int = field(default_factory=new_seed)
    max_sizes: int = RACE_SIZES

    def sizes(self) -> tuple[tuple[str, int, int], ...]:
        """The size presets offered for the current shape."""
        return SIZES[self.shape][: self.max_sizes]

    def cycle(self, what: str, step: int = 1) -> None:
        """Move choice ``what`` (shape, size, algorithm, rule, braid) by ``step`` (wraps around).

        Raises:
            ValueError: unknown choice name.
        """
        if what == "shape":
            self.shape = SHAPE_ORDER[(SHAPE_ORDER.index(self.shape) + step) % len(SHAPE_ORDER)]
            self.size = min(self.size, len(self.sizes()) - 1)
            if self.algorithm not in algorithms_for(self.shape):
                self.algorithm = algorithms_for(self.shape)[0]
        elif what == "size":
            self.size = (self.size + step) % len(self.sizes())
        elif what == "algorithm":
            algos = algorithms_for(self.shape)
            i = algos.index(self.algorithm) if self.algorithm in algos else 0
            self.algorithm = algos[(i + step) % len(algos)]
        elif what == "rule":
            i = RULES.index(self.rule) if self.rule in RULES else 0
            self.rule = RULES[(i + step) % len(RULES)]
        elif what == "braid":
            i = BRAIDS.index(self.braid) if self.braid in BRAIDS else 0
            self.braid = BRAIDS[(i + step) % len(BRAIDS)]
        else:
            raise ValueError(f"unknown choice '{what}'")

    def options(self) -> dict[str, str]:
        """Generator options for the current algorithm."""
        return {"rule": self.rule} if self.algorithm == "growing-tree" else {}

    def spec(self) -> MazeSpec:
        """The maze spec of the current choices."""
        _, w, h = self.sizes()[self.size]
        return MazeSpec.create(self.shape, w, h, self.algorithm, self.options(), self.braid / 100, self.seed)

    def adopt(self, spec: MazeSpec) -> None:
        """Show ``spec``'s values (a size not among the presets is added to the choices as "code")."""
        self.shape = spec.shape
        self.algorithm = spec.algorithm
        self.rule = spec.options.get("rule", self.rule)
        self.braid = spec.braid if spec.braid in BRAIDS else self.braid
        self.seed = spec.seed
        for i, (_, w, h) in enumerate(SIZES[spec.shape]):
            if (w, h) == (spec.width, spec.height):
                self.size = i
                self.max_sizes = max(self.max_sizes, i + 1)
                break

    def labels(self) -> dict[str, str]:
        """Button captions for every choice."""
        name, w, h = self.sizes()[self.size]
        return {
            "shape": f"Tessellation: {self.shape}",
            "size": f"Size: {name} ({w}x{h})",
            "algorithm": f"Algorithm: {self.algorithm}",
            "rule": f"Rule: {self.rule}" if self.algorithm == "growing-tree" else "Rule: (growing tree only)",
            "braid": f"Braid: {self.braid}% of dead ends removed",
            "seed": f"Seed: {self.seed}  (click: new)",
        }


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
        self.field = CodeField(width=660, height=40, text="", font_name=FONT, font_size=14, text_color=t.text)
        self.field.with_background(color=t.panel)
        self.heading = self.text(title, 32, t.accent, bold=True, anchor_x="center")
        self.code_hint = self.text("The field above takes a pasted code (Ctrl+V, then Enter).", 13, t.text_dim,
                                   anchor_x="center")
        self.message = self.text("", 14, t.error, anchor_x="center", multiline=True, width=1000, align="center")
        self.hint = self.text(
            "Click / Enter: next value  ·  Shift+click or Backspace: previous  ·  arrows move  ·  Esc back",
            12, t.text_dim, anchor_x="center",
        )
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
        for name in ("shape", "size", "algorithm", "rule", "braid"):
            self.add_choice(name, lambda n=name: c.labels()[n], lambda step, n=name: c.cycle(n, step))
        self.add_choice("seed", lambda: c.labels()["seed"], lambda step: setattr(c, "seed", new_seed()))

    def add_action(self, text: str, action: Callable[[], None]) -> None:
        """An action button in the grid."""
        self._place(self.make_button(text, action, width=420, height=42, font_size=14))

    def finish_layout(self) -> None:
        """Put the grid and the code field on screen."""
        self.grid_box.row_count = (self._cells + 1) // 2
        box = gui.UIBoxLayout(space_between=12)
        box.add(self.grid_box)
        box.add(self.field)
        self.ui.add(gui.UIAnchorLayout()).add(box, anchor_x="center", anchor_y="center", align_y=-10)
        self.refresh()

    # -- behaviour ---------------------------------------------------------------
    def _cycle(self, cycle: Callable[[int], None]) -> None:
        cycle(-1 if self.shift else 1)
        self.shift = False
        self.refresh()

    def refresh(self) -> None:
        """Update every choice caption."""
        for name, btn in self.choice_buttons.items():
            btn.text = self.choice_labels[name]()
        rule = self.choice_buttons.get("rule")
        if rule is not None:
            rule.disabled = self.choices.algorithm != "growing-tree"

    def typing(self) -> bool:
        """True while the code field has the keyboard."""
        return bool(self.field.active)

    def code_text(self) -> str:
        """The normalised contents of the code field."""
        return normalize(self.field.text)

    def paste(self) -> None:
        """Ctrl+V: the clipboard into the code field."""
        from game.views.code_entry import read_clipboard

        text = read_clipboard(self.window).strip()
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
                self.field.deactivate()
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
        """Place the texts."""
        self.heading.position = (width / 2, height - 60)
        self.code_hint.position = (width / 2, height / 2 - 205)
        self.message.position = (width / 2, 100)
        self.hint.position = (width / 2, 20)

    def draw_extra(self) -> None:
        """Heading, hints and the message."""
        self.heading.draw()
        self.code_hint.draw()
        self.message.draw()
        self.hint.draw()


@dataclass
class RaceChoices:
    """Opponent and difficulty choices (no arcade)."""

    opponent: str = "runner"
    difficulty: str = "normal"
    speed: float = 5.0

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

    def race_spec(self, maze: MazeSpec) -> RaceSpec:
        """The race spec for ``maze``."""
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
        return {"opponent": f"Opponent: {info.title}", "difficulty": diff}


class RaceSetupView(ChoiceSetupView):
    """Choose the maze, the opponent and the difficulty, or paste a race, maze or ghost code."""

    def __init__(self, ctx: Context, choices: MazeChoices | None = None, race: RaceChoices | None = None,
                 message: str = "") -> None:
        super().__init__(ctx, "Race", choices or MazeChoices())
        self.race = race or RaceChoices()
        self.add_maze_choices()
        r = self.race
        self.add_choice("opponent", lambda: r.labels()["opponent"], r.cycle_opponent)
        self.add_choice("difficulty", lambda: r.labels()["difficulty"], r.cycle_difficulty)
        self.add_action("Start race", self.start)
        self.add_action("Open code (race, maze or ghost)", self.submit_code)
        self.finish_layout()
        self.about = self.text("", 13, ctx.theme.text_dim, anchor_x="center")
        self.message.text = message
        self.refresh()

    def refresh(self) -> None:
        """Captions plus the opponent's description."""
        super().refresh()
        if hasattr(self, "about"):
            self.about.text = OPPONENTS[self.race.opponent].summary

    def start(self) -> None:
        """Build the race from the choices and show it."""
        from game.views.race import RaceView

        try:
            spec = self.race.race_spec(self.choices.spec())
        except ValueError as exc:
            self.message.text = str(exc)
            return
        self.ctx.show(RaceView.for_spec(self.ctx, spec, setup=self))

    def submit_code(self) -> None:
        """Open the pasted code: a race code, a maze code (with the chosen opponent) or a ghost code."""
        from game.views.race import open_race_code

        text = self.code_text()
        if not text:
            self.message.text = "Paste a race, maze or ghost code into the field first."
            self.field.activate()
            return
        try:
            view = open_race_code(self.ctx, text, race=self.race, setup=self)
        except CodeError as exc:
            self.message.text = str(exc)
            return
        self.ctx.show(view)

    def layout(self, width: int, height: int) -> None:
        """Place the texts."""
        super().layout(width, height)
        self.about.position = (width / 2, height - 100)

    def draw_extra(self) -> None:
        """Texts."""
        super().draw_extra()
        self.about.draw()
