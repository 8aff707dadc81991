"""Start the game window: ``main(argv)`` for the ``tessera`` launcher, ``open_code(code)`` for a level.

``main([])`` opens the main menu; ``main(["play", CODE])`` opens that level
directly (an invalid code opens the code screen showing why).  The window is
1280×800, resizable, titled "Tessera"; F11 toggles fullscreen everywhere.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

import arcade

from game.context import Context

WIDTH, HEIGHT = 1280, 800
TITLE = "Tessera"
MIN_WIDTH, MIN_HEIGHT = 800, 560

#: ``tessera <command> [args]`` handlers that open a window: name -> fn(ctx, args) -> View or None.
#: Others add entries (e.g. "lab") with one line.
COMMANDS: dict[str, Callable[[Context, list[str]], arcade.View | None]] = {}


def _lab(ctx: Context, args: list[str]) -> arcade.View | None:
    from game.views.lab import lab_command

    return lab_command(ctx, args)


COMMANDS["lab"] = _lab


def create_window(visible: bool = True) -> arcade.Window:
    """The game window (not shown until :func:`arcade.run` when ``visible``)."""
    window = arcade.Window(WIDTH, HEIGHT, TITLE, resizable=True, visible=visible, vsync=True)
    try:
        window.set_minimum_size(MIN_WIDTH, MIN_HEIGHT)
    except Exception:  # noqa: BLE001 - headless windows cannot
        pass
    return window


def first_view(ctx: Context, argv: Sequence[str]) -> arcade.View:
    """The view to start with for the command line ``argv`` (menu when empty)."""
    from game.views.menu import MenuView

    args = list(argv)
    if args and args[0] == "play" and len(args) > 1:
        return code_view(ctx, args[1])
    if args and args[0] in COMMANDS:
        view = COMMANDS[args[0]](ctx, args[1:])
        if view is not None:
            return view
    return MenuView(ctx)


def code_view(ctx: Context, code: str) -> arcade.View:
    """The view for any code (maze, race, ghost, puzzle), or the code screen showing the decoder's sentence."""
    from engine.codes import CodeError
    from game.codes import open_any_code
    from game.views.code_entry import CodeEntryView

    try:
        return open_any_code(ctx, code)
    except CodeError as exc:
        view = CodeEntryView(ctx, code)
        view.message.text = str(exc)
        return view


def run(argv: Sequence[str] = ()) -> int:
    """Create the window, show the first view and run the event loop until it closes."""
    window = create_window()
    ctx = Context(window)
    if ctx.store.setting("fullscreen") == "1":
        try:
            window.set_fullscreen(True)
        except Exception:  # noqa: BLE001
            pass
    window.show_view(first_view(ctx, argv))
    arcade.run()
    ctx.store.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: ``[]`` menu, ``["play", CODE]`` a level; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    return run(args)


def open_code(code: str) -> int:
    """Open the game directly on the level ``code``."""
    return run(["play", code])


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
