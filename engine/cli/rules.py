"""The command line's side of puzzle mazes (``--rules``): what ``generate`` reports and ``solve`` prints.

``generate`` notes on stderr the length and detour the placement reached (and, in one line, a seed that
could not reach its difficulty); its JSON adds ``"puzzle"`` (the proven facts).  ``solve`` of a puzzle maze
asks the one exact solver (:func:`engine.maze.rules.solver.solution_of`) and prints the optimal actions
(each the cell moved to, or ``wait``), the length, whether it is unique and the states explored.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import TextIO

from engine.cli.maze_args import note
from engine.cli.parsing import UsageError
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.maze.rules import Rules
from engine.maze.rules.solver import Solution, solution_of, solve

__all__ = ["ascii_legend", "puzzle_json", "report_placement", "solve_rules"]


def report_placement(args: argparse.Namespace, spec: MazeSpec) -> None:
    """The notes ``generate`` writes for a puzzle maze: what was reached, and a shortfall in one line."""
    if spec.puzzle is None:
        return
    placed = spec.placed()
    sol = placed.solution
    if sol.length is not None:
        how = "one best way" if sol.unique else f"{min(sol.count, 10**6):,} best ways"
        note(args, f"puzzle: {sol.length} moves ({how}), {sol.detour} more than the plain shortest walk of "
                   f"{sol.plain}; {sol.decisions} decisions; {sol.states:,} positions")
    if not placed.reached:
        note(args, f"difficulty not reached: {placed.shortfall()}")


def puzzle_json(spec: MazeSpec | None, maze: Maze) -> dict[str, object]:
    """``{"puzzle": {...}}`` for a puzzle maze's JSON (``{}`` for a plain maze): ``rules`` (families),
    ``difficulty``, ``target``, ``reached`` (from a recipe), ``length``, ``unique``, ``solutions`` (capped),
    ``states``, ``plain`` (the shortest walk ignoring the rules) and ``detour``."""
    if maze.rules is None:
        return {}
    sol = solution_of(maze)
    out: dict[str, object] = {"rules": list(maze.rules.families())}
    if spec is not None and spec.puzzle is not None:
        placed = spec.placed()
        out.update(rules=list(spec.puzzle.families), difficulty=spec.puzzle.difficulty or None,
                   target=placed.target, reached=placed.reached)
    out.update(length=sol.length, unique=sol.unique, solutions=sol.count, states=sol.states, plain=sol.plain,
               detour=sol.detour)
    return {"puzzle": out}


def action_words(sol: Solution) -> list[str]:
    """The actions as ``solve`` prints them: cell ids and ``wait``."""
    return ["wait" if a is None else str(a) for a in sol.actions]


def solve_rules(args: argparse.Namespace, out: TextIO, maze: Maze, code: str | None, label: str) -> int:
    """``solve`` of a puzzle maze: the exact solver's answer as text or JSON; returns the exit code (0).

    Raises:
        UsageError: ``--solver`` names another solver (those walk plain mazes and ignore the rules).
    """
    if args.solver not in (None, "bfs", "rules"):
        raise UsageError(f"a puzzle maze is solved by its exact rules solver; --solver {args.solver} walks plain "
                         "mazes only (leave --solver out)")
    t0 = time.perf_counter()
    sol = solve(maze, maze.rules or Rules(), analyse=True)  # solved afresh here, whatever placement proved
    secs = time.perf_counter() - t0
    if args.format == "json":
        obj = {
            "code": code,
            "solver": "rules",
            "actions": ["wait" if a is None else a for a in sol.actions],
            "length": sol.length,
            "unique": sol.unique,
            "solutions": sol.count,
            "states": sol.states,
            "plain": sol.plain,
            "detour": sol.detour,
            "seconds": secs,
        }
        out.write(json.dumps(obj) + "\n")
        return 0
    out.write(f"{code or '(no code)'}  {label}\n")
    out.write(sol.verdict() + "\n")
    if sol.length is not None:
        out.write(f"{sol.detour} moves more than the plain shortest walk ({sol.plain}); "
                  f"{sol.states:,} positions reachable\n")
        out.write(" ".join(action_words(sol)) + "\n")
    return 0


def ascii_legend(maze: Maze) -> str:
    """The key under a square puzzle maze's ASCII art (empty for a plain maze)."""
    if maze.rules is None:
        return ""
    from engine.maze.rules import COLOURS
    from engine.maze.rules.draw import legend

    parts = ["> < ^ v one-way", "H hunter", "s switch", "# shut gate", "o open gate"]
    keys = [f"{COLOURS[c][0]} {COLOURS[c]} key, {COLOURS[c][0].upper()} its door" for c in maze.rules.colours()]
    lines = ["Key: " + "; ".join(parts + keys), *legend(maze.rules)]
    return "\n".join(lines) + "\n"
