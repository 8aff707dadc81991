"""Six-tile pattern databases for 5x5 boards, stored as distances modulo 4 in two bits an entry.

The table of a group of six tiles on a 5x5 board is built like every additive
pattern database (:func:`engine.puzzle.tables.pdb.pattern_table`: breadth-first,
only the group's own moves counted, the blank and the other tiles ignored), on
the direct base-25 index (``25**6`` = 244 M entries, 244 MB while it is built).
Neighbouring placements (one group tile slid to a free neighbouring cell)
always differ by exactly one move, so a search that knows a position's distance
needs only the neighbour's distance modulo 4 (Korf and Felner's trick for their
24-puzzle tables): the stored table keeps two bits an entry, 61 MB a group.
A position's full distance is read once, at the start, by walking down to the
goal placement through neighbours one residue lower (:func:`full_distance`).

The files live in the table cache beside the other tables (same header, CRC-32
and keyed digest: :func:`engine.puzzle.tables.pdb._cached`); a table that fails
:func:`check_modular` is rebuilt.  Reading and checking both 6-tile tables in full
took about 0.5 s of a 2 s solve (plus 0.3 s to join them), so a table that passed
the full check is *stamped* (:func:`stamp_path`: its size, time, inode, keyed digest
and CRCs of 256 sampled blocks, signed with the installation's key); while the stamp
matches, later processes map the file read-only (no copy; the pages are shared with
the solver's forked second beam) after the sampled CRCs and :func:`check_modular`.
Building one takes about a minute of CPU (44-66 s on the machine of
docs/BENCHMARKS.md, 520 MB at the peak); progress is reported per breadth-first
level and inside the big ones.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import mmap
import os
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engine.puzzle.result import CancelFn, ProgressFn
from engine.puzzle.tables import pdb
from engine.puzzle.tables.index import neighbour_table
from engine.puzzle.tables.key import table_key
from engine.puzzle.tables.pdb import FORMAT_VERSION, MAGIC, _build_pattern, _cached

SIDE = 5
BASE = SIDE * SIDE  # the cell base of a 5x5 pattern index
MAX_TILES = 6
STAMP_BLOCKS = 256  # blocks of the table whose CRC-32 a stamp holds (spread evenly over it)
STAMP_BLOCK = 4096  # bytes a block


def modular_name(tiles: Sequence[int]) -> str:
    """File name of the 5x5 modulo-4 table of ``tiles``."""
    return f"mod4-5x5-{'-'.join(map(str, tiles))}.pdb"


def pack(dist: np.ndarray) -> np.ndarray:
    """``uint8`` bytes holding ``dist % 4`` two bits an entry (entry ``i``: byte ``i >> 2``, bits ``2 (i & 3)``)."""
    packed = np.zeros((dist.size + 3) // 4, np.uint8)
    for lane in range(4):  # entries lane, lane + 4, ...: a quarter-sized temporary at a time
        part = dist[lane::4]
        packed[: part.size] |= (part & 3).astype(np.uint8) << np.uint8(2 * lane)
    return packed


def residue(packed: np.ndarray, index: np.ndarray) -> np.ndarray:
    """The stored distances modulo 4 (``uint8`` 0..3) at entry indices ``index`` (any int array)."""
    got: np.ndarray = (packed[index >> 2] >> ((index & 3) << 1).astype(np.uint8)) & 3
    return got


def _goal(tiles: Sequence[int]) -> np.ndarray:
    return np.array([t - 1 for t in tiles], dtype=np.int64)


def _index(cells: np.ndarray) -> np.ndarray:
    """Base-25 indices of placements (``(m, k)`` cells)."""
    out: np.ndarray = (cells * BASE ** np.arange(cells.shape[1], dtype=np.int64)).sum(axis=1)
    return out


def full_distance(packed: np.ndarray, tiles: Sequence[int], cells: Sequence[int]) -> int:
    """The group's distance (moves) of the placement ``cells`` (cell of each of ``tiles``, in order).

    Walks to the goal placement, each step to a neighbour whose residue is one lower (a neighbour is
    exactly one move nearer or farther, and ``d - 1`` and ``d + 1`` differ modulo 4): at most the
    distance's count of steps, each of at most 24 reads.

    Raises:
        ValueError: the table does not lead to the goal (it is not this group's table).
    """
    nbr = neighbour_table(SIDE, SIDE)
    place = [int(c) for c in cells]
    goal = [t - 1 for t in tiles]
    steps = 0
    while place != goal:
        here = int(residue(packed, _index(np.array([place])))[0])
        cand = []
        for i in range(len(place)):
            for d in range(4):
                q = int(nbr[d, place[i]])
                if q >= 0 and q not in place:
                    c = list(place)
                    c[i] = q
                    cand.append(c)
        got = residue(packed, _index(np.array(cand)))
        lower = np.flatnonzero(got == (here - 1) % 4)
        if lower.size == 0 or steps > 4 * BASE * len(place):
            raise ValueError("The table has no path to the goal placement.")
        place = cand[int(lower[0])]
        steps += 1
    return steps


def check_modular(tiles: Sequence[int], packed: np.ndarray, probes: int = 4096) -> str | None:
    """Why ``packed`` is not the modulo-4 table of ``tiles`` (a sentence), or None when it passes.

    Checks the length, the goal at residue 0 and its neighbours at 1, and on ``probes`` random
    placements (fixed seed) that every neighbour is one residue above or below and one is below;
    then walks a few probes down to the goal (:func:`full_distance`) and checks those distances are
    at least the group's Manhattan distance with its parity.
    """
    k = len(tiles)
    if packed.shape != ((BASE**k + 3) // 4,):
        return "wrong length"
    goal = _goal(tiles)
    rng = np.random.default_rng(12345)
    cells = np.argsort(rng.random((probes, BASE)), axis=1)[:, :k].astype(np.int64)
    cells = np.concatenate([goal[None, :], cells])
    nbr = neighbour_table(SIDE, SIDE)
    v = residue(packed, _index(cells)).astype(np.int64)
    if v[0] != 0:
        return "the goal placement is not at distance 0"
    lower = np.zeros(cells.shape[0], bool)
    lower[0] = True
    for i in range(k):
        for d in range(4):
            q = nbr[d][cells[:, i]]
            ok = (q >= 0) & ~(cells == q[:, None]).any(axis=1)
            moved = cells.copy()
            moved[:, i] = np.where(ok, q, cells[:, i])
            w = residue(packed, _index(moved)).astype(np.int64)
            step = (w - v) % 4
            if np.any(ok & (step != 1) & (step != 3)):
                return "two neighbouring placements do not differ by one move"
            if np.any(ok[:1] & (w[:1] != 1)):
                return "a neighbour of the goal is not at distance 1"
            lower |= ok & (step == 3)
    if not lower.all():
        return "a placement has no neighbour one move closer"
    for row in cells[1:9]:
        try:
            d = full_distance(packed, tiles, row)
        except ValueError as e:
            return str(e)
        md = int((np.abs(row // SIDE - goal // SIDE) + np.abs(row % SIDE - goal % SIDE)).sum())
        if d < md or (d - md) % 2:
            return "a distance is below the Manhattan distance or of the wrong parity"
    return None


def modular_table(
    tiles: Sequence[int], *, progress: ProgressFn | None = None, cancel: CancelFn | None = None
) -> np.ndarray:
    """The packed modulo-4 table of a group of at most 6 tiles on a 5x5 board, from the cache or built.

    Returns:
        ``uint8`` array of ``ceil(25**k / 4)`` bytes (see :func:`pack`, :func:`residue`).

    Raises:
        ValueError: bad tiles or more than 6 of them.
        BuildCancelled: ``cancel()`` returned True during a build.
    """
    group = tuple(int(t) for t in tiles)
    if not 1 <= len(group) <= MAX_TILES or len(set(group)) != len(group) or not all(1 <= t < BASE for t in group):
        raise ValueError(f"A 5x5 modular pattern is 1..{MAX_TILES} distinct tiles of 1..{BASE - 1}; got {group}.")
    meta = {"kind": "pattern-mod4", "width": SIDE, "height": SIDE, "tiles": list(group), "version": FORMAT_VERSION}

    def build() -> np.ndarray:
        return pack(_build_pattern(SIDE, SIDE, group, progress, cancel))

    name = modular_name(group)
    memo = (name, json.dumps(meta, sort_keys=True))
    with pdb._LOCK:
        held = pdb._MEMO.get(memo)
    if held is not None:
        return held
    path = pdb._cache_file(name)
    mapped = _mapped(path, name, meta) if path is not None else None
    if mapped is not None and check_modular(group, mapped) is None:
        with pdb._LOCK:
            pdb._MEMO[memo] = mapped
            pdb._VERIFIED.add(name)
        if progress:
            progress(1.0, f"Loaded {name} from the cache.")
        return mapped
    table = _cached(name, meta, build, lambda t: check_modular(group, t), progress)
    if path is not None:
        _write_stamp(path, name, meta, table)
    return table


# -- stamps: a cached table checked in full once, then mapped ---------------------------------------------------
def stamp_path(path: Path) -> Path:
    """Where the stamp of the table file ``path`` lives (beside it)."""
    return path.with_name(path.name + ".stamp")


def _layout(path: Path) -> tuple[int, dict[str, Any], os.stat_result] | None:
    """The byte offset of the table in the file, its header and the file's status; None if unreadable."""
    try:
        with open(path, "rb") as f:
            if f.read(len(MAGIC)) != MAGIC:
                return None
            line = f.readline()
            st = os.fstat(f.fileno())
        header = json.loads(line.decode("ascii"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(header, dict):
        return None
    return len(MAGIC) + len(line), header, st


def _samples(data: np.ndarray) -> list[int]:
    """CRC-32 of :data:`STAMP_BLOCKS` blocks spread evenly over ``data`` (1 MB read, whatever its size)."""
    size = data.size
    starts = np.linspace(0, max(size - STAMP_BLOCK, 0), STAMP_BLOCKS).astype(np.int64)
    return [zlib.crc32(data[int(a) : int(a) + STAMP_BLOCK].data) for a in starts]


def _stamp_body(
    name: str, meta: dict[str, Any], st: os.stat_result, header: dict[str, Any], samples: list[int]
) -> dict[str, Any]:
    return {
        "name": name,
        "meta": meta,
        "size": st.st_size,
        "mtime_ns": st.st_mtime_ns,
        "inode": st.st_ino,
        "digest": header.get("digest"),
        "samples": samples,
    }


def _mac(body: dict[str, Any]) -> str | None:
    key = table_key()
    if key is None:
        return None
    return hmac.new(key, json.dumps(body, sort_keys=True).encode("ascii"), hashlib.sha256).hexdigest()


def _write_stamp(path: Path, name: str, meta: dict[str, Any], table: np.ndarray) -> None:
    """Stamp the cache file ``path`` when it holds exactly ``table`` (checked in full just now).

    The stamp (keyed with this installation's secret, :func:`engine.puzzle.tables.key.table_key`) holds the
    file's size, modification time and inode, the keyed digest of its header and CRCs of sampled blocks.
    Nothing is written when the file does not hold ``table`` (not saved: a read-only cache) or without a key.
    """
    got = _layout(path)
    key = table_key()
    if got is None or key is None:
        return
    offset, header, st = got
    data = np.ascontiguousarray(table, np.uint8)
    mac = hmac.new(key, json.dumps(meta, sort_keys=True).encode("ascii"), hashlib.sha256)
    mac.update(data.data)  # the keyed digest of pdb._save, without a copy of the table
    if header.get("meta") != meta or header.get("length") != data.size or st.st_size != offset + data.size:
        return
    if not hmac.compare_digest(str(header.get("digest", "")), mac.hexdigest()):
        return
    body = _stamp_body(name, meta, st, header, _samples(data))
    body["mac"] = _mac(body)
    from engine.output import write_atomically

    try:
        write_atomically(stamp_path(path), json.dumps(body, sort_keys=True))
    except OSError:
        pass  # no stamp: the next process checks the file in full again


def _mapped(path: Path, name: str, meta: dict[str, Any]) -> np.ndarray | None:
    """The cached table mapped read-only (no copy: pages are read as the search touches them), or None.

    Only when its stamp (:func:`_write_stamp`) matches the file as it is now: same size, modification time
    and inode, the header's keyed digest, and the sampled blocks' CRCs; the caller then runs the quick check
    (:func:`check_modular`).  Otherwise None, and the caller checks the file in full (CRC-32, keyed digest;
    rebuilt when it fails) and stamps it again.  A file changed in place with its time set back would pass
    here: a wrong entry can then only make the beam's solutions longer (each is replayed to the goal).
    """
    got = _layout(path)
    try:
        body = json.loads(stamp_path(path).read_text(encoding="ascii"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if got is None or not isinstance(body, dict):
        return None
    offset, header, st = got
    length = header.get("length")
    if header.get("meta") != meta or not isinstance(length, int) or st.st_size != offset + length:
        return None
    mac = str(body.pop("mac", ""))
    expected = _mac(body)
    if expected is None or not hmac.compare_digest(mac, expected):
        return None
    if body != _stamp_body(name, meta, st, header, list(body.get("samples", []))):
        return None
    try:
        with open(path, "rb") as f:
            view = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    table = np.frombuffer(view, np.uint8, count=length, offset=offset)
    if _samples(table) != body["samples"]:
        return None
    return table
