"""What a workbook prints: sheets made from ``generate``'s options, a difficulty preset, or codes, campaign
worlds and level packs.

A :class:`Sheet` knows its caption and its code before anything is generated; its maze is built only
when its page is drawn, so a 1000-page workbook holds one maze at a time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.modes.campaign import CampaignLevel

__all__ = ["MAX_CELLS", "Sheet", "level_sheets", "sheets_from_codes", "sheets_from_spec"]

#: A maze with more cells than this cannot be drawn legibly on a page.
MAX_CELLS = 40_000


@dataclass(frozen=True)
class Sheet:
    """One maze of a workbook.

    Attributes:
        name: its caption ("Maze 3", a level's world and name); code: the code that makes it again
            (``""`` when it has none, e.g. a picture mask too big for a code); build: makes the maze.
    """

    name: str
    code: str
    build: Callable[[], Maze]


def _check_cells(cells: int, what: str, hint: str = "") -> None:
    """Refuse a maze of more than :data:`MAX_CELLS` cells (all its floors): the one page limit of every source."""
    if cells > MAX_CELLS:
        raise ValueError(f"{what} has {cells:,} cells; a printed maze holds at most {MAX_CELLS:,}{hint}")


def _check_size(spec: MazeSpec, what: str, hint: str = "") -> None:
    """Refuse a recipe whose maze (all its floors) has more than :data:`MAX_CELLS` cells, before building it."""
    from engine.maze.grids import cell_count

    _check_cells(cell_count(spec.shape, spec.width, spec.height) * spec.floors, what, hint)


def sheets_from_spec(spec: MazeSpec, count: int) -> list[Sheet]:
    """``count`` sheets of ``spec`` with seeds ``seed, seed+1, ...`` (wrapping at 2**64), named Maze 1..count.

    Raises:
        ValueError: a maze too big for a page.
    """
    from engine.rng import SEED_MAX

    _check_size(spec, "the maze", " (use a smaller --size)")
    out = []
    for i in range(count):
        one = spec.with_seed((spec.seed + i) & SEED_MAX)
        code = one.code() if one.mask is None or one.mask.codable else ""
        out.append(Sheet(f"Maze {i + 1}", code, one.build))
    return out


def _world_key(text: str) -> str:
    """A world's name as compared: lower case, a leading "the" dropped, only letters and digits."""
    return re.sub(r"[^a-z0-9]+", "", re.sub(r"^\s*the\s+", "", text.lower()))


def _level_maze(level: CampaignLevel) -> Maze:
    return level.level().maze


def level_sheets(levels: Iterable[CampaignLevel]) -> list[Sheet]:
    """Sheets of campaign levels, captioned world · name.

    Raises:
        ValueError: a level too big for a page (:data:`MAX_CELLS`), before anything is built.
    """
    out = []
    for lv in levels:
        what = f"the level {lv.world} · {lv.name}"
        if lv.recipe is not None:
            _check_size(lv.recipe, what)
        elif lv.made is not None:
            _check_cells(lv.made.maze.grid.n, what)
        try:
            code = lv.code()
        except ValueError:
            code = ""
        out.append(Sheet(f"{lv.world} · {lv.name}", code, partial(_level_maze, lv)))
    return out


def _code_sheet(text: str, n: int) -> Sheet:
    """A sheet for one maze or level code (any spelling the decoder accepts)."""
    from engine.codes import CodeError, normalize

    canon = normalize(text)
    if canon.startswith("L"):
        from engine.maze.level_code import LevelCode

        level = LevelCode.from_code(text)
        _check_cells(level.grid.n, f"the level of {text.strip()[:40]!r}")
        return Sheet(f"Maze {n}", level.code(), level.maze)
    if canon.startswith("M"):
        spec = MazeSpec.from_code(text)
        _check_size(spec, f"the maze of {spec.code()}")
        return Sheet(f"Maze {n}", spec.code(), spec.build)
    raise CodeError(f"{text.strip()[:40]!r} is not a maze or level code (they start with M or L)")


#: The most bytes of a path, and of one of its names, a file can have (Linux): a longer argument is a code.
PATH_MAX = 4096
NAME_MAX = 255
#: The largest file of codes read (bytes).
MAX_CODES_BYTES = 4_000_000


def _file(item: str) -> Path | None:
    """``item`` as a file that exists, or None: it is then a code or a world's name (an argument no file can
    have as its name, over :data:`NAME_MAX` bytes a part or holding NUL, is never asked of the system)."""
    raw = item.encode("utf-8", "surrogateescape")
    if not item or b"\0" in raw or len(raw) > PATH_MAX or any(len(part) > NAME_MAX for part in raw.split(b"/")):
        return None
    path = Path(item)
    try:
        return path if path.is_file() else None
    except (OSError, ValueError):
        return None


def _toml_sheets(path: Path) -> list[Sheet]:
    """The sheets of a ``.toml`` file: a level pack (a ``[pack]`` table: read as ``tessera pack check`` reads it,
    :func:`engine.modes.packs.load_pack`) or a campaign world file (:func:`engine.modes.campaign.load_file`).

    Raises:
        ValueError: the file's mistake (one line), or a level too big for a page.
    """
    from engine.modes.campaign import load_file
    from engine.reader import ReadError, load_toml

    try:
        data = load_toml(path)  # the one reader (bounded, not too deep); read again below by the pack or world
    except ReadError as exc:
        raise ValueError(f"{path.name}: cannot be read: {exc}") from None
    if "pack" in data:
        from engine.modes.packs import load_pack

        return level_sheets(load_pack(path).levels)
    return level_sheets(load_file(path))


def _codes_file_sheets(path: Path, first: int) -> list[Sheet]:
    """The sheets of a file of codes: one per line, blank lines and ``#`` lines skipped, a UTF-8 byte order
    mark at its start read as nothing (as TOML's reader does)."""
    from engine.reader import read_bytes

    # the one reader: a regular file of at most 4 MB (ReadError is a ValueError: one line)
    text = read_bytes(path, limit=MAX_CODES_BYTES).decode("utf-8-sig", errors="replace")
    out: list[Sheet] = []
    for line in text.splitlines():
        code = line.strip()
        if code and not code.startswith("#"):
            out.append(_code_sheet(code, first + len(out)))
    return out


def sheets_from_codes(items: Iterable[str], levels_dir: Path | None = None) -> list[Sheet]:
    """Sheets for each item, in order: a level pack (a ``.toml`` file with a ``[pack]`` table, as ``tessera pack
    new`` writes it) or a campaign world file (a ``.toml`` file without), a file of codes (one per line;
    blank lines and lines starting with ``#`` are skipped), a campaign world's name (any case, punctuation
    and a leading "the" ignored: ``"The Tower"``, ``tower``), or a maze or level code.  Every source is held
    to the one page limit, :data:`MAX_CELLS` cells.

    Raises:
        ValueError (CodeError included): an item that is none of these, a pack with a mistake, or a maze
        too big for a page (one line naming it).
    """
    from engine.modes.campaign import load_campaign

    out: list[Sheet] = []
    campaign = None
    for raw in items:
        item = raw.strip()
        path = _file(item)
        if path is not None and path.suffix.lower() == ".toml":
            out += _toml_sheets(path)
            continue
        if path is not None:
            out += _codes_file_sheets(path, len(out) + 1)
            continue
        if campaign is None:
            campaign = load_campaign(levels_dir)
        worlds = {_world_key(name): levels for name, levels in campaign.by_world()}
        stems = {_world_key(Path(lv.source).stem.lstrip("0123456789-_ ")): lv.world for lv in campaign.levels}
        key = _world_key(item)
        if key in worlds:
            out += level_sheets(worlds[key])
        elif key and key in stems:
            out += level_sheets(worlds[_world_key(stems[key])])
        else:
            try:
                out.append(_code_sheet(item, len(out) + 1))
            except ValueError as exc:
                known = ", ".join(name for name, _ in campaign.by_world())
                raise ValueError(f"{exc} (nor a file, nor a campaign world: {known})") from None
    return out
