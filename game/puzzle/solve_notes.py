"""Where each solve of a speed run lost moves, measured one solve after another in a background thread and kept
with its run in the save (:func:`game.records.note_analysis`).

The analysis is :func:`engine.puzzle.analysis.analyse` of the solve's path (undone moves taken out, as a puzzle
win's analysis); its summary is :func:`engine.puzzle.replay.analysis_note`, kept under the solve's replay code.  A
solve's run is written to the save when the speed run ends, so a summary measured before that waits here and is
written once the run is (:meth:`SolveNotes.recorded`).  Leaving the run's screens cancels what is still measuring
(those runs keep no summary).
"""

from __future__ import annotations

from typing import Any

from engine.puzzle.replay import Replay, analysis_note
from game.records import note_analysis
from game.workers import Task


class SolveNotes:
    """The analyses of a speed run's solves (see the module docstring).

    Args:
        store: the save (any store: one without a history keeps nothing).

    Attributes:
        notes: replay code -> its analysis summary (JSON text), as measured so far.
        failed: replay codes whose analysis gave up (a search's limit).
    """

    def __init__(self, store: Any) -> None:
        self.store = store
        self.queue: list[tuple[Replay, str]] = []
        self.notes: dict[str, str] = {}
        self.failed: set[str] = set()
        self.task: Task[str] | None = None
        self._code = ""  # the replay code being measured
        self._written = False

    def add(self, replay: Replay, path: str) -> None:
        """Queue the solve of ``replay`` along ``path`` (its blank moves from the start, undos taken out) after those
        already waiting; measuring starts with the next :meth:`poll` (a run polls once it is over: no search
        competes with a board being played)."""
        self.queue.append((replay, path))

    @property
    def pending(self) -> int:
        """Solves still to measure (the one being measured included)."""
        return len(self.queue) + (1 if self.task is not None else 0)

    def recorded(self) -> None:
        """The runs are in the save now: write every summary measured, and each later one as it comes."""
        self._written = True
        for code, note in self.notes.items():
            note_analysis(self.store, code, note)

    def poll(self) -> bool:
        """Take a finished analysis and start the next; True when a summary arrived."""
        got = False
        task = self.task
        if task is not None and task.done:
            self.task = None
            if task.error is None and not task.cancelled:
                note = task.result()
                self.notes[self._code] = note
                if self._written:
                    note_analysis(self.store, self._code, note)
                got = True
            elif not task.cancelled:
                self.failed.add(self._code)
        if self.task is None and self.queue:
            replay, moves = self.queue.pop(0)
            self._code = replay.code()
            start = replay.start

            def work(progress: Any, cancelled: Any) -> str:
                from engine.puzzle.analysis import analyse

                return analysis_note(analyse(start, moves, cancel=cancelled, progress=progress))

            self.task = Task(work, name="solve notes")
        return got

    def cancel(self) -> None:
        """Stop measuring (what is waiting is dropped)."""
        self.queue.clear()
        if self.task is not None:
            self.task.cancel()
            self.task.wait(1.0)
            self.task = None
