"""Ways into the Lab: a maze code (or its setup screen showing why a code was refused), a level object (one made
by hand is shown built), ``tessera lab``."""

from __future__ import annotations

import arcade

from engine.codes import CodeError, normalize
from engine.level import Level
from engine.maze.recipe import MazeSpec
from game.context import Context
from game.lab.setup import LabSetupView, lab_refusal
from game.lab.view import LabView


def open_lab(ctx: Context, code: str | None = None, back: arcade.View | None = None) -> arcade.View:
    """The Lab on a maze code, or its setup screen (also showing why a code was refused)."""
    if not code:
        return LabSetupView(ctx)
    try:
        spec = MazeSpec.from_code(normalize(code))
    except CodeError as exc:
        view = LabSetupView(ctx, message=str(exc))
        view.field.text = code
        return view
    if refusal := lab_refusal(spec):
        view = LabSetupView(ctx, message=refusal)
        view.field.text = code
        return view
    if back is None:
        setup = LabSetupView(ctx)
        setup.adopt_spec(spec)
        back = setup
    return LabView(ctx, spec, back=back)


def open_lab_level(ctx: Context, level: Level, back: arcade.View | None = None) -> arcade.View:
    """The Lab on a level object: one made by hand (no recipe) is shown built, ready for every solver and the
    statistics (nothing to carve); one with a recipe is carved from it, as its maze code would be."""
    if level.recipe is not None:
        return open_lab(ctx, level.recipe.code(), back)
    return LabView(ctx, level, back=back or LabSetupView(ctx))


def open_lab_setup(ctx: Context) -> arcade.View:
    """Main-menu factory."""
    return LabSetupView(ctx)
