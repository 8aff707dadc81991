"""Where and under which names the Lab and the editor export pictures (PNG + SVG) and print PDFs.

File names are unique: ``tessera-<code>-<YYYYmmdd-HHMMSS>[-n].png`` (the code
made file-name safe), so an export never overwrites an earlier one.  The folder
is the player's choice, kept in the store setting :data:`SETTING` (default: pictures in
``<Pictures>/Tessera``, prints in ``<Documents>/Tessera``, :func:`engine.paths.exports_path`);
:func:`check_folder` says in one line why a folder cannot be used. Every file is written by the one
output rule (:mod:`engine.output`: never over one of the game's own files, whole or not at all).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from engine.maze.model import Maze
from engine.sanitise import one_line

if TYPE_CHECKING:
    from engine.modes.campaign import CampaignLevel
    from game.store import SaveStore

SETTING = "export_dir"


def default_folder(kind: str = "pictures") -> Path:
    """Where exports of ``kind`` go when the player chose no folder: ``"pictures"`` (PNG + SVG)
    ``<Pictures>/Tessera``, ``"documents"`` (PDF prints) ``<Documents>/Tessera`` (not created)."""
    from engine.paths import exports_path

    return exports_path(kind)


def code_filename(code: str) -> str:
    """A file-name-safe form of a code (``#``, ``-`` and other signs become ``_``)."""
    return "".join(c if c.isalnum() or c == "." else "_" for c in code)


def check_folder(text: str) -> tuple[Path | None, str]:
    """``(folder, "")`` if ``text`` names a folder exports can be written to (created if only it is missing).

    Returns:
        ``(None, one sentence)`` when it cannot be used.
    """
    raw = text.strip()
    if not raw:
        return None, "Type a folder path first."
    shown = one_line(raw, 60)
    if "\x00" in raw:
        return None, "A folder path cannot hold a NUL character."
    try:
        path = Path(os.path.expandvars(raw)).expanduser()
        if not path.is_absolute():
            return None, f"'{shown}' is not a full path (start it with / or ~)."
        if path.exists() and not path.is_dir():
            return None, f"'{shown}' is a file, not a folder."
        if not path.exists():
            if not path.parent.is_dir():
                return None, f"'{shown}' cannot be created: its parent folder does not exist."
            path.mkdir()
    except (OSError, RuntimeError) as exc:  # a name too long, no home folder for ~, ...
        return None, f"'{shown}' cannot be used ({getattr(exc, 'strerror', None) or exc})."
    if not os.access(path, os.W_OK | os.X_OK):
        return None, f"'{shown}' is not writable."
    return path, ""


def export_folder(setting: str, kind: str = "pictures") -> Path:
    """The folder to export ``kind`` into: the saved choice if still usable, else :func:`default_folder`
    (created)."""
    if setting:
        path, _ = check_folder(setting)
        if path is not None:
            return path
    path = default_folder(kind)
    path.mkdir(parents=True, exist_ok=True)
    return path


def with_ext(base: Path, ext: str) -> Path:
    """``base`` plus ``ext`` (codes contain dots, so ``Path.with_suffix`` would cut the name)."""
    return base.with_name(base.name + ext)


def unique_base(folder: Path, code: str, now: float | None = None) -> Path:
    """``folder / tessera-<code>-<time>`` with ``-2``, ``-3``... added until no PNG, SVG or PDF has that name."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    name = f"tessera-{code_filename(code)}-{stamp}"
    base = folder / name
    n = 1
    while any(with_ext(base, ext).exists() for ext in (".png", ".svg", ".pdf")):
        n += 1
        base = folder / f"{name}-{n}"
    return base


def export_maze(maze: Maze, folder: Path, code: str, path: list[int] | None = None) -> list[Path]:
    """Write ``<base>.png`` and ``<base>.svg`` (with ``path`` drawn if given); returns both paths.

    Raises:
        OSError: the files cannot be written.
        ValueError: the maze cannot be drawn at that size.
    """
    from engine.maze.export import to_png, to_svg
    from engine.output import check_output_path, open_output_bytes, write_output

    base = unique_base(folder, code)
    png, svg = with_ext(base, ".png"), with_ext(base, ".svg")
    try:
        check_output_path(png)
        check_output_path(svg)
        with open_output_bytes(png) as sink:
            to_png(maze, sink, path=path)
        write_output(svg, to_svg(maze, path=path))
    except ValueError as exc:  # the output rule's one line (one of the game's own files, a folder...)
        raise OSError(str(exc)) from None
    return [png, svg]


def export_lab(store: SaveStore, maze: Maze | None, code: str,
               path: list[int] | None) -> tuple[list[Path], tuple[str, ...]]:
    """The Lab's X: ``maze`` (with ``path`` when solved) as PNG + SVG in the chosen folder (store setting
    :data:`SETTING`); returns the files written and the lines to show (why nothing was written, or where)."""
    if maze is None:
        return [], ("Nothing to export yet:", "the maze is not finished.")
    try:
        paths = export_maze(maze, export_folder(store.setting(SETTING)), code, path)
    except (OSError, ValueError) as exc:
        return [], ("Export failed:", str(exc))
    from engine.paths import shown_path

    return paths, ("Saved PNG + SVG:", shown_path(paths[0])[: -len(".png")] + ".png/.svg")


def print_maze(store: SaveStore, maze: Maze | None, code: str, name: str) -> tuple[list[Path], tuple[str, ...]]:
    """P in the Lab and the editor: a PDF of ``maze`` (a page, then its answer key) in the export folder
    (store setting :data:`SETTING`); returns the file written and the lines to show (where it went, or why
    nothing was written). The caption is ``name`` and the page carries ``code`` (``""``: none yet)."""
    if maze is None:
        return [], ("Nothing to print yet:", "the maze is not finished.")
    from engine.printing.sources import Sheet
    from engine.printing.workbook import print_to_file

    try:
        pdf = with_ext(unique_base(export_folder(store.setting(SETTING), "documents"), code or "hand-made"), ".pdf")
        print_to_file([Sheet(name, code, lambda: maze)], pdf, solutions="after", title="Tessera")
    except (OSError, ValueError) as exc:
        return [], ("Printing failed:", str(exc))
    from engine.paths import shown_path

    return [pdf], ("Saved a PDF with its answer:", shown_path(pdf))


def print_world(store: SaveStore, world: str, levels: list[CampaignLevel]) -> tuple[list[Path], str]:
    """P on the campaign map: a PDF of a world's levels (two to a page, answers at the end) in the export
    folder; returns the file written and the one line to show (where it went, or why nothing was written)."""
    from engine.printing.sources import level_sheets
    from engine.printing.workbook import print_to_file

    try:
        pdf = with_ext(unique_base(export_folder(store.setting(SETTING), "documents"), world), ".pdf")
        print_to_file(level_sheets(levels), pdf, per_page=2, solutions="end", title=world)
    except (OSError, ValueError) as exc:
        return [], f"Printing failed: {exc}"
    from engine.paths import shown_path

    return [pdf], f"Saved {world} as a PDF with its answers: {shown_path(pdf)}"
