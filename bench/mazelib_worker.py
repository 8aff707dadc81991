"""Time mazelib generators; runs inside mazelib's own virtual environment.

Usage: python mazelib_worker.py SIZE REPEATS NAME [NAME ...]
Prints one JSON object {name: [seconds, ...]} on stdout.  mazelib's own
generation call only (``Maze.generate()``), not interpreter start-up.
"""

from __future__ import annotations

import importlib
import json
import sys
import time

CLASSES = {
    "backtracker": ("BacktrackingGenerator", "BacktrackingGenerator"),
    "prim": ("Prims", "Prims"),
    "wilson": ("Wilsons", "Wilsons"),
    "kruskal": ("Kruskal", "Kruskal"),
    "aldous-broder": ("AldousBroder", "AldousBroder"),
    "binary-tree": ("BinaryTree", "BinaryTree"),
    "sidewinder": ("Sidewinder", "Sidewinder"),
    "hunt-and-kill": ("HuntAndKill", "HuntAndKill"),
    "growing-tree": ("GrowingTree", "GrowingTree"),
    "division": ("Division", "Division"),
    "eller": ("Ellers", "Ellers"),
}


def main() -> None:
    from mazelib import Maze

    size, repeats = int(sys.argv[1]), int(sys.argv[2])
    out: dict[str, list[float] | str] = {}
    for name in sys.argv[3:]:
        module, cls = CLASSES[name]
        gen_cls = getattr(importlib.import_module(f"mazelib.generate.{module}"), cls)
        times = []
        try:
            for _ in range(repeats):
                m = Maze()
                m.generator = gen_cls(size, size)
                t0 = time.perf_counter()
                m.generate()
                times.append(time.perf_counter() - t0)
        except Exception as exc:  # noqa: BLE001 - a broken mazelib generator is reported, not fatal
            out[name] = f"failed: {type(exc).__name__}: {exc}"
            continue
        out[name] = times
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
