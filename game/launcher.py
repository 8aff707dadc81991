"""The ``tessera`` console script.

No arguments, ``play [CODE]`` or ``lab [CODE]`` open the game window (arcade is
imported only then); every other subcommand runs in :mod:`engine.cli` without a
window.  Bad input exits with code 2 and one line on stderr.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

WINDOW_COMMANDS = ("play", "lab")


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the game or to the engine CLI; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in WINDOW_COMMANDS:
        from game.app import main as game_main

        return int(game_main(args) or 0)
    from engine.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
