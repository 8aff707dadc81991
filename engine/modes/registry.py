"""The modes of the game, engine side, in one table: each mode's name, the code kind it plays and its session.

One :class:`ModeInfo` per mode in :data:`MODES`: what the mode *is* (the engine's rules: a session class
that runs it, and the code kind, :data:`engine.codes.KINDS`, whose codes open it).  How the game *shows* a
mode (its screen, main-menu button and help section) is the game's own table,
``game.ui.modes.GAME_MODES``, keyed on the same names (the engine never imports the game:
``tests/test_modes_registry.py`` checks both tables name the same modes).

A new mode with a code kind: its kind module (the decoded class with its behaviour and its
:class:`~engine.code_frame.CodeKind`), one line in :data:`engine.codes.KINDS`, its session, and one entry
here (docs/ARCHITECTURE.md walks it through).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True)
class ModeInfo:
    """One mode, engine side.

    Attributes:
        name: its key in :data:`MODES` (``play``, ``race``...); the game's table uses the same names.
        kind: the code kind it plays (a :class:`engine.code_frame.CodeKind` name in :data:`engine.codes.KINDS`:
            ``maze``, ``race``, ``ghost``, ``puzzle``, ``level``), or None when no code kind opens it.
        session_at: where the class that runs it is, ``"module:Class"`` (imported by :attr:`session` only: the
            modes' names and kinds are read at every launch, a puzzle's solvers only when a puzzle is played).
    """

    name: str
    kind: str | None
    session_at: str

    @property
    def session(self) -> type:
        """The class whose objects run the mode (the rules, the clock, the outcome), imported on first use."""
        module, _, name = self.session_at.partition(":")
        found: type = getattr(import_module(module), name)
        return found


#: Every mode, in the order of their help sections.
MODES: dict[str, ModeInfo] = {m.name: m for m in (
    ModeInfo("play", "maze", "engine.modes.play:PlaySession"),
    ModeInfo("play-level", "level", "engine.modes.play:PlaySession"),
    ModeInfo("race", "race", "engine.modes.race.session:RaceSession"),
    ModeInfo("ghost", "ghost", "engine.modes.race.session:RaceSession"),
    ModeInfo("two-players", None, "engine.modes.race.duo:DuoSession"),
    ModeInfo("puzzle", "puzzle", "engine.puzzle.session:PuzzleSession"),
    ModeInfo("lab", None, "engine.modes.lab:LabRun"),
    ModeInfo("editor", None, "engine.modes.editor:EditorSession"),
    ModeInfo("daily", None, "engine.modes.play:PlaySession"),
)}
