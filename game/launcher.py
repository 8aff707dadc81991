"""The ``tessera`` console script.

No arguments opens the game window.  Everything else is parsed by
:mod:`engine.cli` first, window subcommands (``play [CODE]``, ``lab [CODE]``, ``edit [CODE]``, ``campaign``)
included, so ``--help`` and bad arguments never open a window; only valid
``play``/``lab``/``edit`` command lines come back here to open it (arcade is imported
only then).  Bad input exits with code 2 and one line on stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

# numpy's OpenBLAS starts one spinning thread per core at import; Tessera does no large linear algebra, so one
# thread saves every command ~30 % of its start-up CPU (measured: `import numpy` 0.22 -> 0.16 s CPU, same wall).
# A value the user set wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from engine.cli import WINDOW_COMMANDS, WindowRequest  # noqa: E402 - after the thread setting, which numpy reads

if TYPE_CHECKING:
    from engine.cli.records import RecordSource

__all__ = ["WINDOW_COMMANDS", "WindowRequest", "main", "open_window"]

#: What pyglet raises when there is no display or no usable OpenGL.
NO_WINDOW_ERRORS = ("NoSuchDisplayException", "NoSuchConfigException", "GLException", "ContextException")


def open_window(request: WindowRequest | None) -> int:
    """Open the game window on the first screen of ``request`` (a window subcommand the parser checked: ``play``,
    ``lab``, ``edit`` or ``duo`` with its code), or on the main menu for None; returns the exit code.

    No display (or no OpenGL) gives one line on stderr and exit code 2.
    """
    from game.audio import quicker_media_start

    quicker_media_start()  # before arcade imports pyglet.media
    if request is not None:
        from game.play.early import start

        start(request.command, request.code)  # a big maze is made while the window opens (before arcade is imported)
    try:
        from game.app import run

        return run(request)
    except Exception as exc:  # no window possible: one line, not a traceback
        if type(exc).__name__ not in NO_WINDOW_ERRORS:
            raise
        sys.stderr.write(
            f"tessera: error: cannot open a window ({exc}); the game needs a display "
            "(on a server, run it under xvfb-run, or use the window-less subcommands: tessera --help)\n"
        )
        return 2


def open_records() -> RecordSource | None:
    """The player's save for ``tessera records`` (a :class:`game.store.Store` over one consistent snapshot in
    memory: the file itself is never written, migrated or set aside), or None when there is none yet (nothing is
    created then)."""
    from engine.paths import data_dir
    from game.save_schema import DB_NAME
    from game.save_snapshot import snapshot_store

    path = data_dir() / DB_NAME
    return snapshot_store(path) if path.exists() else None


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the game or to the engine CLI; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "_ARGCOMPLETE" in os.environ:  # a shell's Tab (`tessera completion SHELL`): answer and exit, no window
        from engine.cli import build_parser
        from engine.cli.completion import complete_if_asked

        complete_if_asked(build_parser)
    if not args:
        return open_window(None)
    from engine.cli import main as cli_main

    return cli_main(args, open_window=open_window, open_records=open_records)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
