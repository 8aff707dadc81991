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

from engine.modes.editor import EditorSession
from engine.modes.lab import LabRun
from engine.modes.play import PlaySession
from engine.modes.race.duo import DuoSession
from engine.modes.race.session import RaceSession
from engine.puzzle.session import PuzzleSession


@dataclass(frozen=True)
class ModeInfo:
    """One mode, engine side.

    Attributes:
        name: its key in :data:`MODES` (``play``, ``race``...); the game's table uses the same names.
        kind: the code kind it plays (a :class:`engine.code_frame.CodeKind` name in :data:`engine.codes.KINDS`:
            ``maze``, ``race``, ``ghost``, ``puzzle``, ``level``), or None when no code kind opens it.
        session: the class whose objects run it (the rules, the clock, the outcome).
    """

    name: str
    kind: str | None
    session: type


#: Every mode, in the order of their help sections.
MODES: dict[str, ModeInfo] = {m.name: m for m in (
    ModeInfo("play", "maze", PlaySession),
    ModeInfo("play-level", "level", PlaySession),
    ModeInfo("race", "race", RaceSession),
    ModeInfo("ghost", "ghost", RaceSession),
    ModeInfo("two-players", None, DuoSession),
    ModeInfo("puzzle", "puzzle", PuzzleSession),
    ModeInfo("lab", None, LabRun),
    ModeInfo("editor", None, EditorSession),
    ModeInfo("daily", None, PlaySession),
)}
