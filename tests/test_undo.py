"""One undo stack (engine/undo.py) behind the puzzle session and the editor."""

from __future__ import annotations

from engine.modes.editor import EditorSession
from engine.puzzle.board import Board
from engine.puzzle.session import PuzzleSession
from engine.undo import UndoStack


def test_the_stack_keeps_order_and_a_new_action_forgets_the_undone_ones():
    s: UndoStack[str] = UndoStack()
    assert s.undo() is None and s.redo() is None and not s.can_undo and not s.can_redo
    for a in "abc":
        s.push(a)
    assert s.undo() == "c" and s.undo() == "b" and s.can_redo
    assert s.redo() == "b" and s.done == ["a", "b"] and s.undone == ["c"]
    s.push("d")
    assert s.undone == [] and s.done == ["a", "b", "d"] and s.redo() is None
    s.clear()
    assert not s.can_undo and not s.can_redo


def test_the_puzzle_and_the_editor_undo_through_the_one_stack():
    session = PuzzleSession(Board.from_tiles((1, 2, 3, 4, 5, 6, 7, 8, 0), 3, 3))
    assert isinstance(session.actions, UndoStack)
    session.click(6)
    session.press("down")
    assert session.history is session.actions.done and session.history == ["LL", "U"]
    session.undo()
    assert session.future == ["U"] and session.can_redo()

    editor = EditorSession.blank("square", 4, 3)
    stack = editor._edits
    assert isinstance(stack, UndoStack) and not editor.can_undo
    editor.toggle(0)
    assert editor.can_undo and len(stack.done) == 1
    assert editor.undo() and editor.can_redo and len(stack.undone) == 1
