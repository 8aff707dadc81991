"""``python -m game ...``: the ``tessera`` command itself (no arguments: the game window), for an install
without the console script on ``PATH``."""

from __future__ import annotations

import sys

from game.launcher import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
