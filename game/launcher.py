"""The ``tessera`` console script.

No arguments, ``play [CODE]`` or ``lab [CODE]`` open the game window (arcade is
imported only then); every other subcommand runs in :mod:`engine.cli` without a
window.  Bad input exits with code 2 and one line on stderr.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

WINDOW_COMMANDS = ("play", "lab")
#: What pyglet raises when there is no display or no usable OpenGL.
NO_WINDOW_ERRORS = ("NoSuchDisplayException", "NoSuchConfigException", "GLException", "ContextException")


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the game or to the engine CLI; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in WINDOW_COMMANDS:
        try:
            from game.app import main as game_main

            return int(game_main(args) or 0)
        except Exception as exc:  # noqa: BLE001 - no window possible: one line, not a traceback
            if type(exc).__name__ not in NO_WINDOW_ERRORS:
                raise
            sys.stderr.write(
                f"tessera: error: cannot open a window ({exc}); the game needs a display "
                "(on a server, run it under xvfb-run, or use the window-less subcommands: tessera --help)\n"
            )
            return 2
    from engine.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
