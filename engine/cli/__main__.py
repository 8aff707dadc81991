"""``python -m engine.cli ...``: the window-less ``tessera`` command line (what the benches and tests run; the
window subcommands are refused here: ``python -m game`` runs them)."""

from __future__ import annotations

import sys

from engine.cli import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
