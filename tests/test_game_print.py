"""Print in the game: P in the Lab and in the editor writes a PDF (the maze, then its answer) where exports go,
and the screen says where."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from arcade import key

from engine.maze.recipe import MazeSpec
from engine.modes.lab import LabPhase


def _finish(view) -> None:
    view.run_to_end()
    for _ in range(400):
        if view.maze is not None:
            break
        view.on_update(1 / 60)


def test_p_in_the_lab_prints_the_maze_and_its_answer_into_the_export_folder(ctx, window, tmp_path):
    from game.lab.export import SETTING
    from game.lab.view import LabView

    ctx.store.set_setting(SETTING, str(tmp_path))
    spec = MazeSpec.create("hex", 9, 7, "wilson", seed=4)
    view = LabView(ctx, spec)
    ctx.show(view)
    window.dispatch_event("on_key_press", key.P, 0)  # before the maze is carved: nothing to print
    assert "Nothing to print yet" in view.message_text() and not list(tmp_path.glob("*.pdf"))
    _finish(view)
    assert view.run.phase is not LabPhase.CARVE
    window.dispatch_event("on_key_press", key.P, 0)
    pdfs = list(tmp_path.glob("*.pdf"))
    assert len(pdfs) == 1 and pdfs[0].read_bytes().startswith(b"%PDF")
    assert "Saved a PDF" in view.message_text()
    assert pdfs[0].name[-12:] in view.message_text()  # a long name is cut in the middle, its end shown
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(pdfs[0]), "-"], capture_output=True, text=True).stdout
        assert spec.code() in text and "answer" in text


def test_p_in_the_editor_prints_the_level_and_says_where(ctx, window, tmp_path):
    from engine.modes.editor import EditorSession
    from game.editor.view import EditorView
    from game.lab.export import SETTING

    ctx.store.set_setting(SETTING, str(tmp_path))
    walled = EditorView(ctx, EditorSession.blank("square", 6, 5))  # every wall up: no way to the goal
    ctx.show(walled)
    window.dispatch_event("on_key_press", key.P, 0)
    assert "Printing failed" in walled.message and not list(tmp_path.glob("*.pdf"))
    view = EditorView(ctx, EditorSession.from_recipe(MazeSpec.create("square", 7, 6, "prim", seed=3)))
    ctx.show(view)
    window.dispatch_event("on_key_press", key.P, 0)
    pdfs = list(tmp_path.glob("*.pdf"))
    assert len(pdfs) == 1 and pdfs[0].read_bytes().startswith(b"%PDF") and pdfs[0].name in view.message


@pytest.mark.parametrize("context", ["lab", "editor"])
def test_print_is_in_the_key_table_without_a_clash(ctx, context):
    assert ctx.keys.action(context, key.P) == "print"


def test_p_on_the_campaign_map_prints_the_focused_world(ctx, window, tmp_path):
    from game.lab.export import SETTING
    from game.shell.levels import LevelsView

    ctx.store.set_setting(SETTING, str(tmp_path))
    view = LevelsView(ctx)
    ctx.show(view)
    view.on_draw()
    world = view.levels[view.focus].world
    window.dispatch_event("on_key_press", key.P, 0)
    pdfs = list(tmp_path.glob("*.pdf"))
    assert len(pdfs) == 1 and pdfs[0].read_bytes().startswith(b"%PDF")
    line = view.info_line(view.focus)
    assert line.startswith(f"Saved {world}") and str(pdfs[0]) in line
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(pdfs[0]), "-"], capture_output=True, text=True).stdout
        for lv in view.levels:
            if lv.world == world:
                assert lv.name in text and lv.code() in text
