"""``python -m engine.cli ...``: the command line without the game's launcher."""

import sys

from engine.cli import main

sys.exit(main())
