"""One undo/redo stack for every session that takes back what the player did (the puzzle, the editor).

An :class:`UndoStack` holds *actions* of any type, oldest first: what was done and what was
undone.  Doing a new action forgets the undone ones.  The stack never applies an action: the
session does (a puzzle plays moves back, the editor flips walls back) and keeps what an action
means; the stack only keeps their order, once for every session.

It sits low in the engine (it imports nothing of it): the puzzle (:mod:`engine.puzzle.session`,
:mod:`engine.puzzle.autosolve`) and the editor (:mod:`engine.modes.editor`) both stand on it.
"""

from __future__ import annotations

from typing import Generic, TypeVar

A = TypeVar("A")

__all__ = ["UndoStack"]


class UndoStack(Generic[A]):
    """Done and undone actions of one session.

    Attributes:
        done: the actions done, oldest first (the last is undone first).  Shared, not copied: a session
            may cut its tail (an auto-solve taken back in one go).
        undone: the actions undone, the last undone last (it is redone first).
    """

    __slots__ = ("done", "undone")

    def __init__(self) -> None:
        self.done: list[A] = []
        self.undone: list[A] = []

    def push(self, action: A) -> None:
        """Record a new action; the undone ones are forgotten (a new branch)."""
        self.done.append(action)
        self.undone.clear()

    def undo(self) -> A | None:
        """The last action done, moved to the undone ones (the caller takes it back), or None when there is none."""
        if not self.done:
            return None
        action = self.done.pop()
        self.undone.append(action)
        return action

    def redo(self) -> A | None:
        """The last action undone, moved back to the done ones (the caller does it again), or None."""
        if not self.undone:
            return None
        action = self.undone.pop()
        self.done.append(action)
        return action

    @property
    def can_undo(self) -> bool:
        """There is an action to undo."""
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        """There is an undone action to redo."""
        return bool(self.undone)

    def clear(self) -> None:
        """Forget every action (a new game, a new grid)."""
        self.done.clear()
        self.undone.clear()
