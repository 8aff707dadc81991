"""Tessera's engine: every rule of the game (mazes, codes, modes, the sliding puzzle), no window code.

``__version__`` is the game's version, written only here (pyproject reads it; ``tessera --version``
prints it; CHANGELOG.md says what each version added).
"""

#: The game's version (semantic versioning; between releases the next one's ``.dev0``, PEP 440).
__version__ = "0.3.0.dev0"

#: The name on the package index (``pipx install tessera-mazes``); the command stays ``tessera``.
DISTRIBUTION = "tessera-mazes"
