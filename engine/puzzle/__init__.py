"""Sliding puzzle engine: board rules, the fast layered A* (seed 002), the optimal solver, hints, codes.

Modules: :mod:`.board` (Board, moves, solvability, shuffles), :mod:`.astar`
(``solve_fast``), :mod:`.optimal` (``solve_optimal``) with :mod:`.pdb`
(pattern databases), :mod:`.hint`, :mod:`.codes` (``P1`` codes),
:mod:`.cli` (``tessera puzzle ...``), :mod:`.benchmark`, :mod:`.result`.
"""

from engine.puzzle.astar import solve_fast
from engine.puzzle.board import Board, shuffle_moves, shuffle_uniform
from engine.puzzle.hint import hint
from engine.puzzle.optimal import solve_optimal
from engine.puzzle.result import SolveResult, SolverStopped

__all__ = ["Board", "SolveResult", "SolverStopped", "hint", "shuffle_moves", "shuffle_uniform", "solve_fast",
           "solve_optimal"]
