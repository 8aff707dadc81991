"""The Lab setup: maze choices (floors too), watch / compare / open a code (a level code too: shown built), and the
export folder."""

from __future__ import annotations

from typing import Any

from engine.codes import CodeError, decode_any
from engine.maze.recipe import MazeSpec
from game import routes
from game.bases.choice_setup import ChoiceSetupView
from game.context import Context
from game.lab.export import SETTING, export_folder
from game.ui.maze_choices import SIZES, MazeChoices

#: Why a weave code does not open in the Lab.
WEAVE_REFUSAL = "The Lab cannot carve weave mazes step by step yet: play the code instead."


def lab_refusal(spec: MazeSpec) -> str:
    """Why the Lab cannot carve ``spec`` (one sentence), or ``""`` when it can."""
    return WEAVE_REFUSAL if spec.weave else ""


class LabSetupView(ChoiceSetupView):
    """Choose what the Lab shows, or paste a maze code."""

    def __init__(self, ctx: Context, choices: MazeChoices | None = None, message: str = "") -> None:
        choices = choices or MazeChoices()
        choices.max_sizes = max(len(v) for v in SIZES.values())
        super().__init__(ctx, "Lab", choices)
        self.add_maze_choices()
        c = self.choices
        self.add_choice("floors", lambda: c.labels()["floors"], lambda step: c.cycle("floors", step))
        self.add_action("Watch it being carved", self.start)
        self.add_action("Compare all algorithms", self.compare)
        self.add_action("Open maze code", self.submit_code)
        self.add_choice("folder", self.folder_label, lambda step: self.choose_folder())
        self.finish_layout()
        self.message.text = message

    def folder_label(self) -> str:
        """The export-folder button's caption (the path cut in the middle when long)."""
        path = str(export_folder(self.ctx.store.setting(SETTING)))
        if len(path) > 34:
            path = path[:12] + "…" + path[-21:]
        return f"Export to: {path}"

    def choose_folder(self) -> None:
        """Open the export-folder screen."""
        self.ctx.show(routes.lab_folder(self.ctx, back=self))

    def adopt_spec(self, spec: MazeSpec) -> None:
        """Show ``spec``'s values (the Lab calls this after G picks a new seed)."""
        self.choices.adopt(spec)
        self.refresh()

    def start(self) -> None:
        """Open the Lab on the current choices."""
        spec = self.chosen_spec()
        if spec is None:
            return
        self.ctx.go(routes.lab, spec.code(), back=self)

    def compare(self) -> None:
        """Open the comparison for the chosen tessellation and size."""
        spec = self.chosen_spec()
        if spec is None:
            return
        self.ctx.show(routes.lab_compare(self.ctx, spec, back=self))

    def submit_code(self) -> None:
        """Open a pasted maze code in the Lab (a level code: its level, shown built)."""
        text = self.pasted_code()
        if text is None:
            return
        try:
            level = decode_any(text).made_level()
        except CodeError:
            level = None  # said below, as for any code that is not a maze code
        if level is not None:
            self.ctx.show(routes.lab_level(self.ctx, level, back=self))
            return
        try:
            spec = MazeSpec.from_code(text)
        except CodeError as exc:
            self.message.text = str(exc)
            return
        if refusal := lab_refusal(spec):
            self.message.text = refusal
            return
        self.adopt_spec(spec)
        self.ctx.go(routes.lab, spec.code(), back=self)

    def texts(self) -> list[Any]:
        """The texts on screen (for layout tests)."""
        return super().texts()
