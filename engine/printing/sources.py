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


def _check_size(spec: MazeSpec, what: str) -> None:
    """Refuse a recipe whose maze (all its floors) has more than :data:`MAX_CELLS` cells, before building it."""
    from engine.maze.grids import cell_count

    cells = cell_count(spec.shape, spec.width, spec.height) * spec.floors
    if cells > MAX_CELLS:
        raise ValueError(f"{what} has {cells:,} cells; a printed maze holds at most {MAX_CELLS:,} "
                         "(use a smaller --size)")


def sheets_from_spec(spec: MazeSpec, count: int) -> list[Sheet]:
    """``count`` sheets of ``spec`` with seeds ``seed, seed+1, ...`` (wrapping at 2**64), named Maze 1..count.

    Raises:
        ValueError: a maze too big for a page.
    """
    from engine.rng import SEED_MAX

    _check_size(spec, "the maze")
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
    """Sheets of campaign levels, captioned world · name."""
    out = []
    for lv in levels:
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
        return Sheet(f"Maze {n}", level.code(), level.maze)
    if canon.startswith("M"):
        spec = MazeSpec.from_code(text)
        _check_size(spec, f"the maze of {spec.code()}")
        return Sheet(f"Maze {n}", spec.code(), spec.build)
    raise CodeError(f"{text.strip()[:40]!r} is not a maze or level code (they start with M or L)")


def sheets_from_codes(items: Iterable[str], levels_dir: Path | None = None) -> list[Sheet]:
    """Sheets for each item, in order: a level pack (a ``.toml`` file), a file of codes (one per line;
    blank lines and lines starting with ``#`` are skipped), a campaign world's name (any case, punctuation
    and a leading "the" ignored: ``"The Tower"``, ``tower``), or a maze or level code.

    Raises:
        ValueError (CodeError included): an item that is none of these, a pack with a mistake, or a maze
        too big for a page (one line naming it).
    """
    from engine.modes.campaign import load_campaign, load_file

    out: list[Sheet] = []
    campaign = None
    for raw in items:
        item = raw.strip()
        path = Path(item)
        if item and path.suffix.lower() == ".toml" and path.is_file():
            out += level_sheets(load_file(path))
            continue
        if item and path.is_file():
            from engine.reader import read_bytes

            # the one reader: a regular file of at most 4 MB (ReadError is a ValueError: one line)
            lines = read_bytes(path, limit=4_000_000).decode("utf-8", errors="replace").splitlines()
            for line in lines:
                code = line.strip()
                if code and not code.startswith("#"):
                    out.append(_code_sheet(code, len(out) + 1))
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
