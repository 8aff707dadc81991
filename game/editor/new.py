"""The editor's New screen: a blank grid (every wall standing, or none) or a generated maze to edit.

The maze choices are the Race and Lab setups' (:class:`game.ui.maze_choices.MazeChoices`:
tessellation, size, algorithm, rule, braid, seed); the code field takes a maze code whose
maze to edit.  The chosen level goes to the editor through the ``done`` callback it was opened with.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from engine.codes import CodeError
from engine.maze.recipe import MazeSpec
from engine.modes.editor import EditorSession
from game import routes
from game.bases.choice_setup import ChoiceSetupView
from game.context import Context
from game.ui.maze_choices import MazeChoices


class EditorNewView(ChoiceSetupView):
    """Choose the editor's next level.

    Args:
        ctx: shared context.
        done: takes the new :class:`engine.modes.editor.EditorSession` (and shows the editor).
        back: the screen Esc returns to (the editor; None: the main menu).
    """

    def __init__(self, ctx: Context, done: Callable[[EditorSession], None], back: arcade.View | None = None) -> None:
        super().__init__(ctx, "New level", MazeChoices(braid=0))
        self.done = done
        self.back_view = back
        self.add_maze_choices()
        self.add_action("Blank: every wall standing", lambda: self.blank(False))
        self.add_action("Blank: every wall open", lambda: self.blank(True))
        self.add_action("Generate this maze", self.generate)
        self.add_action("Open maze code", self.submit_code)
        self.finish_layout()

    def back(self) -> None:
        """Esc: back to the editor unchanged."""
        if self.back_view is not None:
            self.ctx.show(self.back_view)
        else:
            routes.show_menu(self.ctx)

    def blank(self, open_walls: bool) -> None:
        """A blank grid of the chosen tessellation and size."""
        _, w, h = self.choices.sizes()[self.choices.size]
        self.done(EditorSession.blank(self.choices.shape, w, h, open_walls))

    def generate(self) -> None:
        """The maze the choices generate."""
        spec = self.chosen_spec()
        if spec is None:
            return
        self.done(EditorSession.from_recipe(spec))

    def submit_code(self) -> None:
        """The maze of a pasted maze code."""
        text = self.pasted_code()
        if text is None:
            return
        try:
            spec = MazeSpec.from_code(text)
        except CodeError as exc:
            self.message.text = str(exc)
            return
        self.done(EditorSession.from_recipe(spec))
