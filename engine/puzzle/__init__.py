"""Sliding puzzle engine: board rules, the fast layered A* (seed 002), the optimal solver, hints, codes.

Modules: :mod:`.board` (Board, moves, solvability, shuffles), :mod:`.astar`
(``solve_fast``), :mod:`.optimal` (``solve_optimal``) with :mod:`.optimal_tables`
and :mod:`.pdb` (pattern databases), :mod:`.near` (``solve_near_optimal``: beam
search, 5x5 and larger), :mod:`.hint`, :mod:`.codes` (``P`` codes),
:mod:`.session` (``PuzzleSession``) with :mod:`.autosolve`, :mod:`.deal` (deals,
codes, win records), :mod:`.solving` (solver choice, child-process runs),
:mod:`.cli` (``tessera puzzle ...``), :mod:`.benchmark`, :mod:`.result`.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Public name -> the module that defines it.  Imported on first use (PEP 562), so ``tessera generate`` and the
#: maze screens do not load the solvers and pattern-database code at start-up.
_HOME = {
    "Board": "board",
    "shuffle_moves": "board",
    "shuffle_uniform": "board",
    "solve_fast": "astar",
    "hint": "hint",
    "solve_optimal": "optimal",
    "SolveResult": "result",
    "SolverStopped": "result",
}

__all__ = [
    "Board",
    "SolveResult",
    "SolverStopped",
    "hint",
    "shuffle_moves",
    "shuffle_uniform",
    "solve_fast",
    "solve_optimal",
]


def __getattr__(name: str) -> Any:  # whatever the named module defines
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'engine.puzzle' has no attribute '{name}'")
    return getattr(importlib.import_module(f"engine.puzzle.{home}"), name)
