"""Cases for tests/test_equality_digests.py: grids and generators whose output is pinned.

``tests/data/equality_digests.json`` holds, for every case below, the SHA-256 of what the
code at commit 34d3069 (before the issue-12 speed work on grids and generators) produced:
every grid array (topology and geometry) and, per generator and seed, the passages plus
the next raw word of the random stream afterwards (so the number of draws is pinned too).
The file was written once by running this module's ``main`` on that commit; it is never
regenerated from newer code.

Run: ``python tests/equality_cases.py OUT.json`` from a repository root.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator

import numpy as np

GRID_SIZES: dict[str, tuple[tuple[int, int], ...]] = {
    "square": ((2, 2), (3, 7), (10, 10), (31, 17), (64, 9), (120, 95)),
    "hex": ((2, 2), (3, 7), (10, 10), (31, 17), (64, 9), (120, 95)),
    "triangle": ((2, 2), (3, 7), (10, 10), (31, 17), (64, 9), (120, 95)),
    "polar": ((4, 4), (5, 9), (8, 20), (13, 31), (40, 6), (60, 70)),
    "upsilon": ((2, 2), (3, 7), (10, 10), (31, 17), (64, 9), (90, 70)),
}
GEN_SIZES: dict[str, tuple[tuple[int, int], ...]] = {
    "square": ((2, 2), (3, 7), (10, 10), (31, 17), (120, 95), (330, 330)),
    "hex": ((2, 2), (10, 10), (31, 17), (120, 95)),
    "triangle": ((2, 2), (10, 10), (31, 17), (120, 95)),
    "polar": ((4, 4), (8, 20), (13, 31), (60, 70)),
    "upsilon": ((2, 2), (10, 10), (31, 17), (90, 70)),
}
SEEDS = (0, 1, 7, 12345, 2**64 + 3)
#: generators too slow in Python for many seeds at the largest sizes: fewer seeds there
BIG_CELLS = 20_000
BIG_SEEDS = (5, 99)
OPTIONS: dict[str, tuple[dict[str, str], ...]] = {
    "growing-tree": ({}, {"rule": "random"}, {"rule": "oldest"}, {"rule": "newest-quarter"},
                     {"rule": "newest:3,random:1"}, {"rule": "newest:2,oldest:1,newest-quarter:1"}),
}


def _digest(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(str((a.dtype.str, a.shape)).encode())
        h.update(a.tobytes())
    return h.hexdigest()


def grid_cases() -> Iterator[tuple[str, int, int]]:
    for shape, sizes in GRID_SIZES.items():
        for w, h in sizes:
            yield shape, w, h


def grid_digest(shape: str, w: int, h: int) -> dict[str, str]:
    """Topology and geometry digests of one grid."""
    from engine.maze.grids import make_grid

    g = make_grid(shape, w, h)
    topo = _digest(g.edges, g.indptr, g.nbr, g.edge_id, g.row, g.col, np.array([g.n, g.start, g.goal]))
    geo = _digest(g.centers, g.poly_indptr, g.poly_xy, g.walls, g.boundary)
    one = _digest(*(g.polygon(c) for c in sorted({0, g.n // 3, g.n - 1})))
    return {"topology": topo, "geometry": geo, "polygon": one}


def gen_cases() -> Iterator[tuple[str, int, int, str, str, int]]:
    """``(shape, w, h, generator, options as JSON, seed)``."""
    from engine.maze.generators import GENERATORS

    for shape, sizes in GEN_SIZES.items():
        for w, h in sizes:
            for name, info in GENERATORS.items():
                if shape not in info.shapes:
                    continue
                big = w * h > BIG_CELLS
                seeds = BIG_SEEDS if big else SEEDS
                if big and name in ("aldous-broder",):
                    seeds = seeds[:1]
                for opts in OPTIONS.get(name, ({},)):
                    for seed in seeds:
                        yield shape, w, h, name, json.dumps(opts, sort_keys=True), seed


def gen_digest(shape: str, w: int, h: int, name: str, opts: str, seed: int) -> str:
    """Passages plus the next raw word of the stream, fast form; the step form must replay to the same."""
    from engine.maze.generators import generate
    from engine.maze.grids import make_grid
    from engine.rng import Rng

    g = make_grid(shape, w, h)
    rng = Rng(seed)
    pas = generate(g, name, rng, json.loads(opts))
    return _digest(pas, np.array([rng.next_u64()], dtype=np.uint64))


def key(*parts: object) -> str:
    return "|".join(str(p) for p in parts)


def main(out: str) -> None:
    sys.path.insert(0, ".")
    data: dict[str, object] = {"grids": {}, "generators": {}}
    for shape, w, h in grid_cases():
        data["grids"][key(shape, w, h)] = grid_digest(shape, w, h)  # type: ignore[index]
    for case in gen_cases():
        data["generators"][key(*case)] = gen_digest(*case)  # type: ignore[index]
    with open(out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
