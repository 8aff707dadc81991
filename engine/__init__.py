"""Tessera's engine: every rule of the game (mazes, codes, modes, the sliding puzzle), no window code.

``__version__`` is the game's version, written only here (pyproject reads it; ``tessera --version``
prints it; CHANGELOG.md says what each version added).
"""

#: The game's version (semantic versioning).
__version__ = "0.2.0"

#: The name on the package index (``pipx install tessera-mazes``); the command stays ``tessera``.
DISTRIBUTION = "tessera-mazes"
