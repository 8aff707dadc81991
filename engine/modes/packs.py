"""Level packs: a player's own world of levels, one TOML file of level codes.

A pack is one file::

    [pack]
    name = "Teacher's Hex Set"      # the world's name (required, 1..60 characters)
    author = "Ms. Example"          # optional (up to 60 characters)

    [[level]]
    name = "Warm-up"                # required, 1..60 characters, unique in the pack
    code = "M2.H8X6.BT#2S-XX"       # a maze level's code, unique in the pack
    par_moves = 30                  # optional, a whole number >= the shortest path, <= 10,000,000
    par_time = 20                   # optional, seconds > 0

A level's code is any code that decodes to a maze level: a maze code (``M``, a
:class:`engine.maze.recipe.MazeSpec`), or any other kind whose decoded object has a
``level()`` method returning an :class:`engine.level.Level` (a hand-made level's code).
Race, ghost and puzzle codes are refused.  Pars left out follow the built-in levels'
rule (:func:`engine.modes.play.default_par_moves`, :func:`default_par_time`) from the
shortest path, so every level is built once when the pack is read (levels over
:data:`MAX_CELLS` cells are refused before anything is built; measured levels are
remembered per code for the process).

:func:`load_pack` reads and validates a file; every problem is a :class:`PackError`, one
line naming the file, the level (number and name) and the field.  :func:`write_pack` writes
a pack (and checks it by reading it back first); :func:`with_packs` adds the packs of a
folder (``data_dir()/levels`` in the game, :func:`packs_dir`) to the campaign as worlds
after the shipped ones, a broken pack becoming a :class:`engine.modes.campaign.BrokenWorld`.
Pack level ids are ``pack-<file stem>-<n>`` (``n`` from 1), the keys of saved progress.
This module is pure (no window code); nothing here writes to a pack it reads.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.code_frame import CodeError
from engine.level import Level
from engine.maze.recipe import MazeSpec
from engine.modes.campaign import BrokenWorld, Campaign, CampaignLevel
from engine.modes.play import default_par_moves, default_par_time
from engine.output import new_pack_path, toml_string, write_pack_atomically
from engine.paths import PACKS_FOLDER, data_dir
from engine.sanitise import one_line

if TYPE_CHECKING:
    from engine.codes import Decoded

__all__ = [
    "MAX_CELLS", "MAX_LEVELS", "MAX_NAME", "Export", "Pack", "PackEntry", "PackError", "PackLevelFacts",
    "checked_pack", "export_levels", "load_pack", "load_packs", "pack_text", "packs_dir", "with_packs", "write_pack",
]

#: Levels in packs have at most this many cells (a pack is read, and its levels built, when the map opens).
MAX_CELLS = 1_000_000
#: At most this many levels in one pack (the campaign map shows a world's levels in one column).
MAX_LEVELS = 12
#: Pack, author and level names are 1..MAX_NAME characters.
MAX_NAME = 60
#: Par times above this many seconds are refused (a day).
MAX_PAR_TIME = 86_400
#: The largest par in moves (ten moves per cell of the largest maze; no player writes more).
MAX_PAR_MOVES = 10 * MAX_CELLS
#: Pack files larger than this are refused unread.
MAX_FILE_BYTES = 4_000_000
_PACK_FIELDS = ("name", "author")
_LEVEL_FIELDS = ("name", "code", "par_moves", "par_time")
_REFUSED_KINDS = {"race": "a race", "ghost": "a ghost", "puzzle": "a sliding-puzzle"}


class PackError(ValueError):
    """A pack that cannot be read; the message is one line naming the file, the level and the field.

    Attributes:
        file: the file's name; level: the level's number (1-based; 0: not about one level);
        field: the field at fault (``""``: the file itself).
    """

    def __init__(self, message: str, file: str = "", level: int = 0, field: str = "") -> None:
        super().__init__(one_line(message))
        self.file = file
        self.level = level
        self.field = field


@dataclass(frozen=True)
class PackEntry:
    """One level to write into a pack (:func:`write_pack`): its name, its code, optional pars."""

    name: str
    code: str
    par_moves: int | None = None
    par_time: float | None = None


@dataclass(frozen=True)
class PackLevelFacts:
    """What reading a pack level measured (for ``tessera pack check``).

    Attributes:
        kind: the code's kind (``maze``, or the kind of a hand-made level's code).
        label: shape, size and how it was made (:meth:`CampaignLevel.label`).
        cells: the maze's cells; shortest: moves on the shortest start-goal path.
        pars_given: ``(par_moves given, par_time given)`` in the file (else from the shortest path).
    """

    kind: str
    label: str
    cells: int
    shortest: int
    pars_given: tuple[bool, bool] = (False, False)


@dataclass(frozen=True)
class Pack:
    """A read and validated level pack.

    Attributes:
        name: the world's name; author: who made it (``""``: not given); source: the file's name.
        levels: its levels as campaign levels (world = :attr:`name`, index from 0 in the pack,
            ids ``pack-<stem>-<n>``); facts: what was measured for each, in the same order.
    """

    name: str
    author: str
    source: str
    levels: tuple[CampaignLevel, ...]
    facts: tuple[PackLevelFacts, ...]


# -- measuring a level ------------------------------------------------------------------
@dataclass(frozen=True)
class _Measured:
    kind: str
    code: str
    recipe: MazeSpec | None
    made: Level | None
    cells: int
    shortest: int


class _Refused(ValueError):
    """Why a code cannot be a pack level (the sentence, without file and field)."""


def _shortest(level: Level) -> int:
    from engine.maze.solvers.bfs import shortest_path

    path = shortest_path(level.maze.open_lists(), level.start, level.goal)
    if not path:
        raise _Refused("has no way from the start to the goal")
    return len(path) - 1


def decode_any(code: str) -> Decoded:
    """:func:`engine.codes.decode_any`, imported on first use (a campaign without packs needs no decoder).

    Raises:
        CodeError: as that.
    """
    from engine.codes import decode_any as decode

    return decode(code)


@lru_cache(maxsize=512)
def _measure(code: str) -> _Measured:
    """Decode ``code`` and build its level once (per process) for its cells and shortest path.

    Raises:
        _Refused: not a code, not a maze level, too big, or no way to the goal.
    """
    from engine.maze.grids import cell_count

    try:
        decoded = decode_any(code)
    except CodeError as exc:
        raise _Refused(f"is not a level code: {exc}") from None
    kind = decoded.KIND
    made = decoded.made_level()
    recipe = decoded.maze_recipe() if made is None and kind == "maze" else None
    if recipe is not None:
        cells = cell_count(recipe.shape, recipe.width, recipe.height) * recipe.floors
        if cells > MAX_CELLS:
            raise _Refused(f"makes a maze of {cells:,} cells; a pack's levels have at most {MAX_CELLS:,}")
        level = recipe.level()
        return _Measured(kind, recipe.code(), recipe, None, level.cells, _shortest(level))
    if made is None:
        what = _REFUSED_KINDS.get(kind, f"a {kind}")
        raise _Refused(f"is {what} code, not a maze level: a pack holds maze codes (M) and level codes")
    if made.cells > MAX_CELLS:
        raise _Refused(f"holds a maze of {made.cells:,} cells; a pack's levels have at most {MAX_CELLS:,}")
    return _Measured(kind, decoded.code(), None, made, made.cells, _shortest(made))


# -- reading ------------------------------------------------------------------------------
class _Checker:
    """Makes the one-line errors of one file (and one level)."""

    def __init__(self, file: str, number: int = 0, name: str = "") -> None:
        self.file = file
        self.number = number
        self.name = name

    def where(self) -> str:
        if not self.number:
            return f"{self.file}: [pack]"
        named = f" '{self.name}'" if self.name else ""
        return f"{self.file}: level {self.number}{named}"

    def fail(self, fld: str, why: str) -> PackError:
        return PackError(f"{self.where()}: field '{fld}' {why}", self.file, self.number, fld)

    def text(self, table: dict[str, Any], fld: str, required: bool = True) -> str:
        if fld not in table:
            if required:
                raise self.fail(fld, "is missing")
            return ""
        v = table[fld]
        if not isinstance(v, str):
            raise self.fail(fld, f"must be text in quotes, got {_shown(v)}")
        v = v.strip()
        if not 1 <= len(v) <= MAX_NAME:
            raise self.fail(fld, f"must be 1..{MAX_NAME} characters, got {len(v)}")
        if not v.isprintable():
            raise self.fail(fld, "must be one line of printable characters")
        return v

    def unknown(self, table: dict[str, Any], known: Sequence[str], what: str) -> None:
        extra = [k for k in table if k not in known]
        if extra:
            raise self.fail(extra[0], f"is not a {what} field (known: {', '.join(known)})")


def _shown(v: object) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _number(ck: _Checker, table: dict[str, Any], fld: str, whole: bool) -> float | None:
    if fld not in table:
        return None
    v = table[fld]
    if isinstance(v, bool) or not isinstance(v, int | float) or (whole and not isinstance(v, int)):
        raise ck.fail(fld, f"must be {'a whole number' if whole else 'a number of seconds'}, got {_shown(v)}")
    if not math.isfinite(v) or v <= 0:
        raise ck.fail(fld, f"must be more than 0, got {_shown(v)}")
    if fld == "par_time" and v > MAX_PAR_TIME:
        raise ck.fail(fld, f"must be at most {MAX_PAR_TIME} seconds, got {_shown(v)}")
    if fld == "par_moves" and v > MAX_PAR_MOVES:
        raise ck.fail(fld, f"must be at most {MAX_PAR_MOVES:,} moves, got {_shown(v)}")
    return float(v)


def _read_toml(path: Path) -> dict[str, Any]:
    """The pack's TOML through the one reader (:mod:`engine.reader`): a regular file of at most
    :data:`MAX_FILE_BYTES`, nested at most 32 deep; a FIFO, a device or a link to one is refused unopened."""
    from engine.reader import ReadError, read_text

    name = path.name
    try:
        text = read_text(path, limit=MAX_FILE_BYTES)
    except ReadError as exc:
        why = exc.reason
        readable = why.startswith(("is not UTF-8", "is too big", "cannot"))  # it was found: say what is wrong
        raise PackError(f"{name}: {why}" if readable else f"{name}: cannot be read: it {why}", name) from None
    return _parse_toml(text, name)


def _parse_toml(text: str, name: str) -> dict[str, Any]:
    from engine.reader import ReadError, parse_toml

    try:
        return parse_toml(text, "it")
    except ReadError as exc:
        raise PackError(f"{name}: {exc}", name) from None


def _parse(data: dict[str, Any], file: str, stem: str) -> Pack:
    top = _Checker(file)
    extra = [k for k in data if k not in ("pack", "level")]
    if extra:
        raise PackError(f"{file}: '{extra[0]}' is not part of a pack (a pack has [pack] and [[level]] tables)",
                        file, 0, extra[0])
    head = data.get("pack")
    if not isinstance(head, dict):
        raise PackError(f"{file}: [pack]: field 'name' is missing (the file needs a [pack] table with a name)",
                        file, 0, "name")
    top.unknown(head, _PACK_FIELDS, "pack")
    name = top.text(head, "name")
    author = top.text(head, "author", required=False)
    tables = data.get("level")
    if not tables:
        raise PackError(f"{file}: level 1: field 'level' is missing: the pack has no levels (add [[level]] tables "
                        "with a name and a code)", file, 1, "level")
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise PackError(f"{file}: level 1: field 'level' must be [[level]] tables", file, 1, "level")
    if len(tables) > MAX_LEVELS:
        raise PackError(f"{file}: level {MAX_LEVELS + 1}: field 'level' is one too many: a pack holds at most "
                        f"{MAX_LEVELS} levels", file, MAX_LEVELS + 1, "level")
    levels: list[CampaignLevel] = []
    facts: list[PackLevelFacts] = []
    names: dict[str, int] = {}
    codes: dict[str, int] = {}
    for i, table in enumerate(tables):
        number = i + 1
        raw_name = table.get("name")
        ck = _Checker(file, number, raw_name.strip()[:MAX_NAME] if isinstance(raw_name, str) else "")
        ck.unknown(table, _LEVEL_FIELDS, "level")
        level_name = ck.text(table, "name")
        ck.name = level_name
        if level_name.casefold() in names:
            raise ck.fail("name", f"repeats the name of level {names[level_name.casefold()]}")
        names[level_name.casefold()] = number
        code = table.get("code")
        if "code" not in table:
            raise ck.fail("code", "is missing")
        if not isinstance(code, str):
            raise ck.fail("code", f"must be a code in quotes, got {_shown(code)}")
        par_moves = _number(ck, table, "par_moves", whole=True)
        par_time = _number(ck, table, "par_time", whole=False)
        try:
            m = _measure(code.strip().upper())
        except _Refused as exc:
            raise ck.fail("code", str(exc)) from None
        if m.code in codes:
            raise ck.fail("code", f"repeats the code of level {codes[m.code]}")
        codes[m.code] = number
        if par_moves is not None and par_moves < m.shortest:
            raise ck.fail("par_moves", f"is {int(par_moves)}, below the shortest path ({m.shortest} moves)")
        lv = CampaignLevel(
            index=i, id=f"pack-{stem}-{number}", name=level_name, world=name, recipe=m.recipe,
            par_time=par_time if par_time is not None else float(default_par_time(m.shortest)),
            par_moves=int(par_moves) if par_moves is not None else default_par_moves(m.shortest),
            source=file, made=m.made, made_code=m.code if m.made is not None else "",
        )
        levels.append(lv)
        facts.append(PackLevelFacts(m.kind, lv.label(), m.cells, m.shortest, (par_moves is not None,
                                                                              par_time is not None)))
    return Pack(name, author, file, tuple(levels), tuple(facts))


def load_pack(path: Path | str) -> Pack:
    """Read and validate the pack in ``path`` (every level is built once to measure its shortest path).

    Raises:
        PackError: one line naming the file, the level (number and name) and the field: unreadable
            or invalid TOML, a missing, unknown or wrongly typed field, a bad code (the decoder's
            sentence), a code that is not a maze level, a level over :data:`MAX_CELLS` cells,
            ``par_moves`` below the shortest path, a name or code used twice.
    """
    p = Path(path)
    return _parse(_read_toml(p), p.name, p.stem)


# -- writing ------------------------------------------------------------------------------
def _toml_number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def pack_text(name: str, author: str, entries: Iterable[PackEntry]) -> str:
    """The TOML text of a pack (not checked; :func:`write_pack` checks it)."""
    lines = ["# A Tessera level pack: copy it into the game's levels folder to play it as a world.", "",
             "[pack]", f"name = {toml_string(name)}"]
    if author:
        lines.append(f"author = {toml_string(author)}")
    for e in entries:
        lines += ["", "[[level]]", f"name = {toml_string(e.name)}", f"code = {toml_string(e.code)}"]
        if e.par_moves is not None:
            lines.append(f"par_moves = {_toml_number(e.par_moves)}")
        if e.par_time is not None:
            lines.append(f"par_time = {_toml_number(e.par_time)}")
    return "\n".join(lines) + "\n"


def checked_pack(name: str, author: str, entries: Sequence[PackEntry], source: str = "standard output",
                 stem: str = "pack") -> tuple[Pack, str]:
    """The pack of ``entries`` as read back from its text, and the text (``source`` names it in messages).

    Raises:
        PackError: the pack would not be valid (the same line :func:`load_pack` gives).
    """
    text = pack_text(name, author, entries)
    return _parse(_parse_toml(text, source), source, stem), text


def write_pack(path: Path | str, name: str, author: str, entries: Sequence[PackEntry], *,
               overwrite: bool = False) -> Pack:
    """Write a pack of ``entries`` to ``path`` after checking it reads back valid; returns it as read.

    Args:
        name: the world's name; author: ``""`` for none.
        overwrite: replace an existing file (otherwise an existing file is refused).

    Raises:
        PackError: the pack would not be valid (the same line :func:`load_pack` gives), or ``path``
            exists and ``overwrite`` is false, or it cannot be written.
    """
    p = Path(path)
    pack, text = checked_pack(name, author, entries, p.name, p.stem)
    if p.exists() and not overwrite:
        raise PackError(f"{p.name}: already exists (choose another file, or overwrite it on purpose)", p.name)
    try:
        write_pack_atomically(p, text)
    except OSError as exc:
        raise PackError(f"{p.name}: cannot be written: {exc.strerror or exc}", p.name) from None
    return pack


@dataclass(frozen=True)
class Export:
    """What :func:`export_levels` wrote: the pack files (in order) and the levels left out with why."""

    paths: tuple[Path, ...]
    written: int
    skipped: tuple[tuple[str, str], ...]  # (level name, reason)


def export_levels(folder: Path | str, stem: str, world: str, levels: Sequence[tuple[str, str]]) -> Export:
    """Write ``levels`` ((name, code) pairs, in order) as valid packs of at most :data:`MAX_LEVELS` levels each.

    The files are new ones in ``folder`` (created if needed): ``<stem>.toml``, ``<stem>-2.toml``, ...
    (nothing is overwritten); the worlds are called ``world``, ``world 2``, ...  A level a pack cannot
    hold (not a maze level, too big, no way to the goal, a code already written) is left out with its
    reason; names are made one printable line (:func:`_pack_name`), cut to :data:`MAX_NAME` characters and
    made unique in their pack (" (2)", ...).

    Raises:
        PackError: a file cannot be written (the packs written before it stay).
    """
    entries: list[PackEntry] = []
    skipped: list[tuple[str, str]] = []
    seen: set[str] = set()
    for name, code in levels:
        try:
            measured = _measure(code.strip().upper())
        except _Refused as exc:
            skipped.append((name, f"its code {exc}"))
            continue
        if measured.code in seen:
            skipped.append((name, "its level is already in the pack"))
            continue
        seen.add(measured.code)
        entries.append(PackEntry(_pack_name(name), measured.code))  # as the game writes it (no link, no lower case)
    d = Path(folder)
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PackError(f"{d}: the folder cannot be made: {exc.strerror or exc}", d.name) from None
    paths: list[Path] = []
    for start in range(0, len(entries), MAX_LEVELS):
        chunk = _unique_names(entries[start:start + MAX_LEVELS])
        n = start // MAX_LEVELS + 1
        path = new_pack_path(d, stem)
        write_pack(path, world if n == 1 else f"{world} {n}", "", chunk)
        paths.append(path)
    return Export(tuple(paths), len(entries), tuple(skipped))


def _pack_name(name: str) -> str:
    """``name`` as a pack holds it: control characters (line breaks, tabs, lone surrogates) as spaces, runs of
    spaces as one, trimmed, cut to :data:`MAX_NAME` characters; "Level" when nothing is left."""
    one_line = " ".join("".join(c if c.isprintable() else " " for c in name).split())
    return one_line[:MAX_NAME].strip() or "Level"


def _unique_names(entries: Sequence[PackEntry]) -> list[PackEntry]:
    """``entries`` with repeated names (case-insensitively) given " (2)", " (3)", ... within :data:`MAX_NAME`."""
    taken: set[str] = set()
    out: list[PackEntry] = []
    for e in entries:
        name, k = e.name, 1
        while name.casefold() in taken:
            k += 1
            suffix = f" ({k})"
            name = e.name[:MAX_NAME - len(suffix)] + suffix
        taken.add(name.casefold())
        out.append(PackEntry(name, e.code, e.par_moves, e.par_time))
    return out


# -- packs in the campaign ----------------------------------------------------------------
def packs_dir() -> Path:
    """Where the game looks for packs: ``data_dir()/levels`` (not created here)."""
    return data_dir() / PACKS_FOLDER


def packs_signature(folder: Path | str | None = None) -> tuple[tuple[str, int, int], ...]:
    """What changes when a pack is added, removed or edited in ``folder`` (default :func:`packs_dir`): each
    ``*.toml``'s name, size and modification time (ns), in name order; ``()`` without a folder.  Costs one
    directory listing and one ``stat`` per file.  Never raises."""
    out = []
    try:
        d = Path(folder) if folder is not None else packs_dir()  # no data folder (a file in its place): no packs
        for p in sorted(d.glob("*.toml")):
            if p.name.startswith("."):
                continue
            st = p.stat()
            out.append((p.name, st.st_size, st.st_mtime_ns))
    except OSError:
        return ()
    return tuple(out)


def load_packs(folder: Path | str | None = None) -> list[Pack | BrokenWorld]:
    """Every ``*.toml`` in ``folder`` (default :func:`packs_dir`) in file name order: a :class:`Pack`, or a
    :class:`engine.modes.campaign.BrokenWorld` (named after the file, with the one-line reason).  Never raises."""
    d = Path(folder) if folder is not None else packs_dir()
    try:
        paths = sorted(p for p in d.glob("*.toml") if not p.name.startswith("."))
    except OSError:
        return []
    out: list[Pack | BrokenWorld] = []
    for path in paths:
        try:
            out.append(load_pack(path))
        except PackError as exc:
            out.append(BrokenWorld(path.stem, path.name, str(exc)))
        except Exception as exc:  # a pack must never break the map: say why instead
            out.append(BrokenWorld(path.stem, path.name, one_line(f"{path.name}: cannot be read: {exc}")))
    return out


def with_packs(campaign: Campaign, folder: Path | str | None = None) -> Campaign:
    """``campaign`` with the packs of ``folder`` (default :func:`packs_dir`) as worlds after its own.

    Pack levels get campaign indexes after the campaign's; a pack whose name is already a world's
    is shown as ``name (file stem)``.  Broken packs go to :attr:`Campaign.broken`.
    """
    items = load_packs(folder)
    if not items:
        return campaign  # no pack: the campaign itself (its code index is already built when it was asked)
    levels = list(campaign.levels)
    broken = list(campaign.broken)
    taken = set(campaign.worlds())
    for item in items:
        if isinstance(item, BrokenWorld):
            broken.append(item)
            continue
        world = item.name
        if world in taken:
            world = f"{item.name} ({Path(item.source).stem})"
        n = 2
        while world in taken:
            world = f"{item.name} ({Path(item.source).stem} {n})"
            n += 1
        taken.add(world)
        for lv in item.levels:
            levels.append(replace(lv, index=len(levels), world=world))
    return Campaign(tuple(levels), tuple(broken))
