"""Pattern databases for the optimal solver, built with vectorised BFS and cached.

Two kinds of table, both built level by level with numpy (never a Python loop
per state) and stored in ``engine.paths.cache_dir() / "puzzle"``:

* :func:`exact_table` -- for boards of at most 9 cells (2x2, 2x3, 3x2, 2x4,
  4x2, 3x3): the exact distance to the goal of every position, indexed by the
  Lehmer rank of the tile permutation (3x3: 9! entries, 181,440 reachable).
* :func:`pattern_table` -- for boards of at most 32 cells: an *additive*
  pattern database for a group of up to 6 tiles.  The entry is the least
  number of moves *of the group's own tiles* that bring them home, where a
  tile may step into any neighbouring cell not held by another group tile
  (the other tiles and the blank are ignored -- a relaxation, so the value is
  a lower bound).  Each real move moves one tile, so the tables of disjoint
  groups add up to an admissible heuristic.  The index is direct: the cell of
  the group's i-th tile in bits ``4i..4i+3`` (``16**k`` bytes, 16 MiB for
  ``k = 6``), which the search reads with one shift and one mask.  Boards of
  17..32 cells (5x5) number the placements in base ``n`` instead (the i-th
  tile's cell times ``n**i``) and take at most 5 tiles (``25**5`` bytes, 9.3 MiB).

Files carry a header (magic, version, board, tiles, length), a CRC-32 of
the table and a keyed digest (HMAC-SHA256 with this installation's secret key,
kept in the data folder, not beside the tables); a missing, damaged or
mismatching file is rebuilt.  So is one whose digest does not match (an entry
changed and the CRC recomputed, or a file from elsewhere) or that fails the
quick check (length, number of entries, the goal alone at 0, and BFS
properties on the goal's neighbours and a few thousand fixed random probes:
see :func:`engine.puzzle.tables.check.check_pattern`); :func:`verified` tells the solver its tables
passed.  A cache folder that cannot be used (``TESSERA_CACHE`` or
``cache/puzzle`` a file, read-only) is no error: the tables are built in
memory and :func:`cache_messages` holds a sentence to show the user.
Entries are ``uint8`` distances in moves; 255 marks an unreachable index.
"""

from __future__ import annotations

import hmac
import json
import threading
import zlib
from collections.abc import Callable, Sequence
from math import factorial
from pathlib import Path
from typing import Any

import numpy as np

from engine.paths import TABLES_FOLDER, cache_dir
from engine.puzzle.result import CancelFn, ProgressFn
from engine.puzzle.tables.index import MAX_PATTERN_CELLS as MAX_PATTERN_CELLS  # re-exported: the table API
from engine.puzzle.tables.index import UNSEEN as UNSEEN
from engine.puzzle.tables.index import cell_base as cell_base
from engine.puzzle.tables.index import neighbour_table as neighbour_table
from engine.puzzle.tables.index import rank_permutations as rank_permutations
from engine.puzzle.tables.index import unrank_permutations as unrank_permutations
from engine.puzzle.tables.key import digest as _digest
from engine.puzzle.tables.key import forget_key

MAGIC = b"TESSERA-PDB\n"
FORMAT_VERSION = 1
MAX_PATTERN = 6
MAX_PATTERN_WIDE = 5  # boards of 17..32 cells: base n, n**5 bytes (5x5: 9.3 MiB) a table
MAX_EXACT_CELLS = 9
_CHUNK = 1 << 18
_LOCK = threading.Lock()
_MEMO: dict[tuple[str, str], np.ndarray] = {}
_MESSAGES: list[str] = []
_VERIFIED: set[str] = set()  # tables built here or loaded with a matching digest and passing the checks


class BuildCancelled(Exception):
    """A database build was cancelled through its ``cancel()`` callback."""


# -- files and messages -------------------------------------------------------------
def _note(message: str) -> None:
    with _LOCK:
        if message not in _MESSAGES:
            _MESSAGES.append(message)


def cache_messages() -> list[str]:
    """What went wrong with the table cache in this process (unusable folder, tables rebuilt), oldest first.

    Each entry is one plain sentence for the user; the tables still work (they
    are built in memory when the folder cannot be used).
    """
    with _LOCK:
        return list(_MESSAGES)


def _cache_file(name: str) -> Path | None:
    """The cache path of table ``name``, or None (with a message) when the cache folder cannot be used."""
    try:
        d = cache_dir() / TABLES_FOLDER
        d.mkdir(parents=True, exist_ok=True)
        return d / name
    except OSError as e:
        _note(
            f"The puzzle table cache cannot be used ({e.strerror or e}); tables are built in memory and "
            "rebuilt next time."
        )
        return None


def _load(path: Path, meta: dict[str, Any]) -> tuple[np.ndarray | None, bool]:
    """The table stored at ``path`` if its header matches ``meta`` and its CRC is right, else None; and whether
    its keyed digest matches (the table is then exactly what this installation built or checked)."""
    try:
        with open(path, "rb") as f:
            if f.read(len(MAGIC)) != MAGIC:
                return None, False
            header = json.loads(f.readline().decode("ascii"))
            data = f.read()
    except (OSError, ValueError, UnicodeDecodeError):
        return None, False
    if not isinstance(header, dict) or header.get("meta") != meta or header.get("length") != len(data):
        return None, False
    if header.get("crc32") != zlib.crc32(data):
        return None, False
    digest = _digest(meta, data)
    trusted = digest is not None and hmac.compare_digest(str(header.get("digest", "")), digest)
    # no copy: the bytes are the table (read-only, as every cached table is); a numpy copy of a large table can
    # stall for a second while the kernel gathers huge pages
    return np.frombuffer(data, dtype=np.uint8), trusted


def _save(path: Path, meta: dict[str, Any], table: np.ndarray) -> None:
    """Write atomically (temporary file + rename); a failure to write is not an error (the table stays in memory).

    The header holds the CRC-32 and the keyed digest (:func:`_digest`) of the table as it is in memory.
    """
    data = table.astype(np.uint8, copy=False).tobytes()
    header = {"meta": meta, "length": len(data), "crc32": zlib.crc32(data), "digest": _digest(meta, data)}
    from engine.output import write_atomically

    try:  # the one atomic writer: a temporary file beside it, renamed over it, removed again on failure
        write_atomically(path, [MAGIC, json.dumps(header, sort_keys=True).encode("ascii") + b"\n", data])
    except OSError as e:
        _note(f"The puzzle table {path.name} could not be saved ({e.strerror or e}); it stays in memory.")


def _cached(
    name: str,
    meta: dict[str, Any],
    build: Callable[[], np.ndarray],
    check: Callable[[np.ndarray], str | None],
    progress: ProgressFn | None,
) -> np.ndarray:
    """Table ``name`` from memory, else from the cache file if it passes, else built (and saved).

    A cached table is used only when its keyed digest matches (:func:`_digest`: this installation wrote
    it from a table it built) and the quick ``check`` finds nothing.  Otherwise it is rebuilt, with a
    message (:func:`cache_messages`): a rebuild (3x3: about 3 s, a 4x4 six-tile table about 15 s) is
    quicker than checking every entry against its neighbours.  So a changed entry, even with its CRC
    recomputed, is never used.
    """
    key = (name, json.dumps(meta, sort_keys=True))
    with _LOCK:
        table = _MEMO.get(key)
    if table is not None:
        return table
    path = _cache_file(name)
    table, trusted = _load(path, meta) if path is not None else (None, False)
    if table is not None:
        problem = check(table) or (None if trusted else "its digest does not match what this installation wrote")
        if problem is not None:
            _note(f"The cached puzzle table {name} could not be used ({problem}); it was rebuilt.")
            table = None
        elif progress:
            progress(1.0, f"Loaded {name} from the cache.")
    if table is None:
        table = build()
        if path is not None:
            _save(path, meta, table)
    table.setflags(write=False)
    with _LOCK:
        _MEMO[key] = table
        _VERIFIED.add(name)
    return table


def is_cached(name: str) -> bool:
    """True when the table file ``name`` is held in memory or exists in the cache directory."""
    with _LOCK:
        if any(k[0] == name for k in _MEMO):
            return True
    path = _cache_file(name)
    return path is not None and path.is_file()


def exact_name(width: int, height: int) -> str:
    """File name of the exact table of a board size."""
    return f"exact-{width}x{height}.pdb"


def pattern_name(width: int, height: int, tiles: tuple[int, ...]) -> str:
    """File name of a pattern database."""
    return f"pattern-{width}x{height}-{'-'.join(map(str, tiles))}.pdb"


def clear_memory_cache() -> None:
    """Forget the tables held in memory, the cache messages and the key (files stay); mainly for tests."""
    with _LOCK:
        _MEMO.clear()
        _MESSAGES.clear()
        _VERIFIED.clear()
    forget_key()


def verified(names: Sequence[str]) -> bool:
    """True when every table named was built in this process or loaded with a matching keyed digest: the
    proof an optimal answer rests on (a changed entry would make the search's bound wrong)."""
    with _LOCK:
        return all(n in _VERIFIED for n in names)


# -- exact tables (full permutation rank) -------------------------------------------
def _build_exact(width: int, height: int, progress: ProgressFn | None, cancel: CancelFn | None) -> np.ndarray:
    n = width * height
    size = factorial(n)
    reachable = size // 2
    dist = np.full(size, UNSEEN, dtype=np.uint8)
    goal = np.array([list(range(1, n)) + [0]], dtype=np.int8)
    frontier = rank_permutations(goal)
    dist[frontier] = 0
    nbr = neighbour_table(width, height)
    perms = goal  # the frontier's permutations, carried along (no unranking)
    stamp = np.zeros(size, dtype=np.int32)
    seen = 1
    level = 0
    while frontier.size:
        if cancel and cancel():
            raise BuildCancelled("The table build was cancelled.")
        blank = np.argmax(perms == 0, axis=1)
        rows = np.arange(perms.shape[0])
        found, moved = [], []
        for d in range(4):
            q = nbr[d][blank]
            ok = q >= 0
            p = perms[ok].copy()
            r, b, qq = rows[: p.shape[0]], blank[ok], q[ok]
            p[r, b] = p[r, qq]
            p[r, qq] = 0
            found.append(rank_permutations(p))
            moved.append(p)
        cand = np.concatenate(found)
        new = dist[cand] == UNSEEN
        cand = cand[new]
        level += 1
        dist[cand] = level
        order = np.arange(cand.size, dtype=np.int32)
        stamp[cand] = order  # one entry per position survives: the one whose index it holds
        once = stamp[cand] == order
        frontier = cand[once]
        perms = np.concatenate(moved)[new][once]
        seen += frontier.size
        if progress:
            progress(min(1.0, seen / reachable), f"{width}x{height} table: depth {level}, {seen:,} positions")
    return dist


def exact_table(
    width: int, height: int, *, progress: ProgressFn | None = None, cancel: CancelFn | None = None
) -> np.ndarray:
    """Exact distances (moves) of every position of a board of at most 9 cells, by Lehmer rank.

    Unsolvable ranks hold 255.  Built once (3x3: about a second), then cached.

    Raises:
        ValueError: board larger than 9 cells.
        BuildCancelled: ``cancel()`` returned True during a build.
    """
    if width * height > MAX_EXACT_CELLS:
        raise ValueError(f"An exact table needs at most {MAX_EXACT_CELLS} cells; {width}x{height} has more.")
    from engine.puzzle.tables import check  # checks import numpy-heavy code: only when a table is made

    meta = {"kind": "exact", "width": width, "height": height, "version": FORMAT_VERSION}
    return _cached(
        exact_name(width, height),
        meta,
        lambda: _build_exact(width, height, progress, cancel),
        lambda t: check.check_exact(width, height, t),
        progress,
    )


# -- additive pattern databases -------------------------------------------------------
def _build_pattern(
    width: int, height: int, tiles: tuple[int, ...], progress: ProgressFn | None, cancel: CancelFn | None
) -> np.ndarray:
    """Breadth-first search over the group's placements, level by level, straight in the table.

    The frontier of level ``L`` is read back from the table (``dist == L``), so
    no sort or ``unique`` is needed; work arrays are ``int32`` and chunked (a few
    tens of MB at most).  No move is tested for being legal: a tile stepping off
    the board stays put (its own placement, already seen), and every placement
    with two tiles on one cell is marked :data:`_BLOCKED` during the search (and
    unreachable again after it), so the one "not seen yet" test refuses both.
    """
    k = len(tiles)
    n = width * height
    base = cell_base(n)
    total = factorial(n) // factorial(n - k)
    dist = np.full(base**k, UNSEEN, dtype=np.uint8)
    _mark_collisions(dist, base, k, _BLOCKED)
    start = sum((t - 1) * base**i for i, t in enumerate(tiles))
    dist[start] = 0
    nbr = neighbour_table(width, height)
    cells = np.arange(base, dtype=np.int32)
    stay = np.where(nbr >= 0, nbr, cells[:n]).astype(np.int32)  # (4, n): the cell reached, or the cell itself
    stay = np.concatenate([stay, np.broadcast_to(cells[n:], (4, base - n))], axis=1)  # (4, base)
    level = 0
    seen = 1
    expanded = 0  # placements whose moves were made (the work done; the progress fraction)
    label = f"{width}x{height} pattern {'-'.join(map(str, tiles))}"
    frontier = np.array([start], dtype=np.int32)
    while frontier.size:
        if level + 1 >= _BLOCKED:  # never near: a group of at most 6 tiles is home in far fewer moves
            raise RuntimeError(f"The {label} table is deeper than its entries can hold.")
        for lo in range(0, frontier.size, _CHUNK):
            if cancel and cancel():
                raise BuildCancelled("The pattern database build was cancelled.")
            if progress and lo and frontier.size > 16 * _CHUNK and lo % (8 * _CHUNK) == 0:  # big tables: within a level
                progress(min(1.0, (expanded + lo) / total), f"{label}: depth {level}, {seen:,} of {total:,}")
            f = frontier[lo : lo + _CHUNK]
            for i in range(k):
                p = _digit(f, i, base)
                scale = base**i
                rest = f - p * scale  # the index with tile i lifted off
                for d in range(4):
                    c = rest + (stay[d] * scale).take(p)
                    c = c[dist.take(c) == UNSEEN]
                    dist[c] = level + 1
        level += 1
        expanded += frontier.size
        frontier = _level(dist, level)
        seen += frontier.size
        if progress:
            progress(min(1.0, expanded / total), f"{label}: depth {level}, {seen:,} of {total:,}")
    _mark_collisions(dist, base, k, UNSEEN)
    return dist


def _level(dist: np.ndarray, level: int, block: int = 1 << 24) -> np.ndarray:
    """The indices (``int32``, ascending) of ``dist`` equal to ``level``, found a block at a time (no
    table-sized temporary: a 6-tile 5x5 table is 244 MB)."""
    parts = [np.flatnonzero(dist[lo : lo + block] == level).astype(np.int32) + np.int32(lo)
             for lo in range(0, dist.size, block)]  # fmt: skip
    return np.concatenate(parts) if parts else np.zeros(0, np.int32)


#: A pattern index with two tiles on one cell, while its table is built (a value no distance reaches).
_BLOCKED = 254


def _mark_collisions(dist: np.ndarray, base: int, k: int, value: int) -> None:
    """Set every entry of a ``base**k`` pattern table whose index puts two tiles on one cell to ``value``."""
    table = dist.reshape((base,) * k)  # one axis per tile (tile i's cell: axis k - 1 - i)
    same = np.arange(base)
    for a in range(k):
        for b in range(a + 1, k):
            where: list[slice | np.ndarray] = [slice(None)] * k
            where[a] = where[b] = same  # the two axes' diagonal, every other axis whole
            table[tuple(where)] = value


def _digit(index: np.ndarray, i: int, base: int) -> np.ndarray:
    """The cell of the ``i``-th tile in pattern indices (shift and mask in base 16)."""
    if base == 16:
        return (index >> (4 * i)) & 15
    digit: np.ndarray = (index // base**i) % base
    return digit


def max_pattern(cells: int) -> int:
    """The most tiles a pattern group may hold on a board of ``cells`` cells (6 up to 16 cells, else 5)."""
    return MAX_PATTERN if cell_base(cells) == 16 else MAX_PATTERN_WIDE


def pattern_table(
    width: int,
    height: int,
    tiles: tuple[int, ...],
    *,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
) -> np.ndarray:
    """The additive pattern database of ``tiles`` on a board of at most 32 cells.

    Args:
        tiles: distinct tile numbers (1..n-1), 1..6 of them (boards over 16 cells: 1..5);
            their order fixes the index layout (tile ``tiles[i]``'s cell times ``b**i``,
            ``b`` = :func:`cell_base`: 16, or the cell count over 16 cells).

    Returns:
        ``uint8`` array of ``b**len(tiles)`` lower bounds in moves (255: impossible index).

    Raises:
        ValueError: board over 32 cells, bad tiles or too many of them.
        BuildCancelled: ``cancel()`` returned True during a build.
    """
    n = width * height
    if n > MAX_PATTERN_CELLS:
        raise ValueError(f"Pattern databases need at most {MAX_PATTERN_CELLS} cells; {width}x{height} has {n}.")
    most = max_pattern(n)
    if not 1 <= len(tiles) <= most or len(set(tiles)) != len(tiles) or not all(1 <= t < n for t in tiles):
        raise ValueError(f"A pattern is 1..{most} distinct tiles of 1..{n - 1}; got {tiles}.")
    meta = {"kind": "pattern", "width": width, "height": height, "tiles": list(tiles), "version": FORMAT_VERSION}
    name = pattern_name(width, height, tuple(tiles))
    group = tuple(tiles)
    from engine.puzzle.tables import check  # checks import numpy-heavy code: only when a table is made

    return _cached(
        name,
        meta,
        lambda: _build_pattern(width, height, group, progress, cancel),
        lambda t: check.check_pattern(width, height, group, t),
        progress,
    )


FOUR_BY_FOUR = (
    ((1, 2, 3, 5, 6, 7), (4, 8, 11, 12, 14, 15), (9, 10, 13)),
    ((1, 2, 5, 6, 9, 13), (3, 4, 7, 8, 11, 12), (10, 14, 15)),
    ((1, 2, 3, 4, 7, 8), (5, 6, 9, 10, 13, 14), (11, 12, 15)),
)
"""The 4x4 partitions whose sums the optimal solver maxes (each also read on the transposed board).

Chosen by measurement on Korf instances 1, 2, 3, 6, 16, 55: the first alone
searched 43.6 M positions, the second alone 33.1 M, both maxed 20.6 M.  The
third (added later, measured on all of Korf's 100 in one session, CPU time):
positions 263 M -> 200 M in all, the hardest (#88) 42.9 M -> 21.1 M and
17.1 s -> 13.4 s, but the 100 in all 110 s -> 119 s (each position costs more),
so the search first read the first two partitions' views and all six once a
bound's search grew large; it now reads the views that cut most, four of six
at first (``engine.puzzle.optimal.LIGHT_VIEWS_4X4``), then all.
"""


def default_partitions(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The partitions the optimal solver maxes for a board of 10..16 cells (4x4: :data:`FOUR_BY_FOUR`)."""
    if (width, height) == (4, 4):
        return FOUR_BY_FOUR
    return (default_partition(width, height),)


def default_partition(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The tile groups (each <= 6 tiles) used for a board of 10..16 cells.

    4x4 uses a 6-6-3 split into compact blocks; other boards take groups of up
    to 6 tiles in goal order along the longer side.
    """
    n = width * height
    if (width, height) == (4, 4):
        return FOUR_BY_FOUR[0]
    cells = list(range(n - 1))
    if height > width:
        cells.sort(key=lambda c: (c % width, c // width))
    tiles = [c + 1 for c in cells]
    groups = [tuple(tiles[i : i + MAX_PATTERN]) for i in range(0, len(tiles), MAX_PATTERN)]
    return tuple(groups)
