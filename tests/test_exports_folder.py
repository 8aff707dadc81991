"""In-game prints and exports go where a player looks (Documents/Tessera, Pictures/Tessera), the message shows
the whole path (wrapped, never cut), and nothing is written over one of the game's own files."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from engine.maze.recipe import MazeSpec
from engine.paths import EXPORTS_FOLDER, exports_path, shown_path


def test_exports_go_to_the_players_documents_and_pictures(monkeypatch, tmp_path):
    monkeypatch.delenv("TESSERA_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(tmp_path / "Docs"))
    monkeypatch.setattr(platformdirs, "user_pictures_dir", lambda: str(tmp_path / "Pics"))
    assert exports_path("documents") == tmp_path / "Docs" / EXPORTS_FOLDER
    assert exports_path("pictures") == tmp_path / "Pics" / EXPORTS_FOLDER
    with pytest.raises(ValueError):
        exports_path("desktop")


def test_a_portable_home_keeps_them_beside_the_save(monkeypatch, tmp_path):
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path))
    assert exports_path("documents") == exports_path("pictures") == tmp_path / "exports"


def test_the_shown_path_is_whole_with_the_home_as_a_tilde():
    home = Path.home()
    assert shown_path(home / "Documents" / "Tessera" / "a.pdf") == "~/Documents/Tessera/a.pdf"
    assert shown_path("/elsewhere/a.pdf") == "/elsewhere/a.pdf"


def test_break_path_wraps_at_separators_and_keeps_every_character():
    from game.ui.textfit import break_path

    path = "/home/someone-with-a-long-name/Pictures/Tessera/tessera-M2.S20X16.WI.KHEART_1KA_QJ-20261202-004700.png"
    lines = break_path(path, lambda t: len(t) <= 30, 6)
    assert "".join(lines) == path and len(lines) > 1 and all(len(line) <= 30 for line in lines)
    assert break_path("short", lambda t: len(t) <= 30, 6) == ["short"]


def test_the_lab_says_the_whole_path_of_an_export_in_a_deep_folder(ctx, window, tmp_path, monkeypatch):
    from layout_check import check_layout, set_window_size

    from game.lab.export import SETTING
    from game.lab.view import LabView

    monkeypatch.setenv("HOME", str(tmp_path))  # a player's home: ~/Pictures/Tessera/tessera-....png/.svg
    deep = tmp_path / "Pictures" / "Tessera"
    deep.mkdir(parents=True)
    ctx.store.set_setting(SETTING, str(deep))
    view = LabView(ctx, MazeSpec.create("square", 6, 5, "backtracker", seed=1))
    ctx.show(view)
    view.run_to_end()
    try:
        set_window_size(window, 800, 600)
        view.on_draw()
        paths = view.export()
        assert paths and all(p.parent == deep for p in paths)
        shown = view.message_text().split("\n")
        assert shown[0] == "Saved PNG + SVG:"
        assert "".join(shown[1:]) == shown_path(paths[0])[: -len(".png")] + ".png/.svg"  # whole, not cut
        assert "…" not in view.message_text() and len(shown) > 2
        assert check_layout(window, view, 800, 600) == []
    finally:
        set_window_size(window, 1280, 800)


def test_a_print_defaults_to_documents_and_a_picture_export_to_pictures(ctx, monkeypatch, tmp_path):
    import game.lab.export as export

    monkeypatch.setattr(export, "default_folder", lambda kind="pictures": tmp_path / kind)
    maze = MazeSpec.create("square", 5, 4, "backtracker", seed=3).build()
    pdfs, lines = export.print_maze(ctx.store, maze, "", "My maze")
    assert pdfs and pdfs[0].parent == tmp_path / "documents" and lines[-1] == shown_path(pdfs[0])
    pictures, _ = export.export_lab(ctx.store, maze, "M2.X", None)
    assert pictures and {p.parent for p in pictures} == {tmp_path / "pictures"}


def test_an_export_never_writes_over_the_save(ctx, monkeypatch):
    import game.lab.export as export
    from engine.paths import SAVE_NAME, data_dir

    monkeypatch.setattr(export, "unique_base", lambda folder, code, now=None: data_dir() / SAVE_NAME[: -len(".db")])
    (data_dir() / SAVE_NAME).write_bytes(b"the save")
    monkeypatch.setattr(export, "with_ext",
                        lambda base, ext: base.with_name(base.name + (".db" if ext == ".png" else ext)))
    maze = MazeSpec.create("square", 5, 4, "backtracker", seed=3).build()
    paths, lines = export.export_lab(ctx.store, maze, "M2.X", None)
    assert paths == [] and lines[0] == "Export failed:"
    assert (data_dir() / SAVE_NAME).read_bytes() == b"the save"
