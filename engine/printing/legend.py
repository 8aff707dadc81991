"""The words around a printed maze: its difficulty, the instructions line, the legend of its marks, and a
workbook's default title. Players' words throughout (a teacher hands these pages out).

* :func:`difficulty_label`: a campaign level's par ("Par 23 moves"), a puzzle recipe's difficulty, a
  ``--difficulty`` preset the recipe matches (:data:`engine.printing.options.DIFFICULTIES`), or else the
  preset the shortest way's length puts it with (:data:`engine.printing.options.DIFFICULTY_BY_MOVES`).
* :func:`instructions`: "Draw a line from Start to Finish." and, for floors, weave and puzzle mazes, what
  else a player must know, in one or two sentences.
* :func:`legend_entries`: one :class:`Entry` per kind of mark the maze shows: start and finish always,
  stairs, bridges, and a puzzle maze's elements with the words of :func:`engine.maze.rules.draw.legend`
  and the marks of :func:`engine.maze.rules.draw.rule_marks`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from engine.maze.model import Maze
from engine.maze.rules.draw import Mark, legend, rule_marks
from engine.printing.options import DIFFICULTIES, DIFFICULTY_BY_MOVES

__all__ = ["Entry", "default_title", "difficulty_label", "instructions", "legend_entries", "wait_numbers"]


#: One little picture of a legend: polygons ``(points (k, 2) cell units, fill, outline)``.
Picture = tuple[tuple[np.ndarray, str | None, str | None], ...]


@dataclass(frozen=True)
class Entry:
    """One legend item: ``icon`` (``start``, ``finish``, ``up``, ``down``, ``bridge`` or ``marks``), its
    ``words``, and for ``marks`` the groups of rule marks to draw as its picture (each ``(points (k, 2) cell
    units, fill, outline)`` polygons, one group per little picture); ``wide``: a sentence on its own line."""

    icon: str
    words: str
    groups: tuple[Picture, ...] = field(default=())
    wide: bool = False


@lru_cache(maxsize=1)
def _campaign_pars() -> dict[str, int]:
    """The shipped campaign's par moves by level code (empty when the campaign cannot be read)."""
    from engine.modes.campaign import load_campaign

    try:
        levels = load_campaign().levels
    except (OSError, ValueError):
        return {}
    out: dict[str, int] = {}
    for lv in levels:
        try:
            out[lv.code()] = lv.par_moves
        except ValueError:
            continue
    return out


def difficulty_label(code: str, maze: Maze, level: bool = True) -> str:
    """How hard the maze of ``code`` is, in a word or two (module docstring says where it comes from);
    ``level``: it may be a campaign level (False skips reading the campaign for its par)."""
    par = _campaign_pars().get(code) if code and level else None
    if par is not None:
        return f"Par {par} moves"
    spec = None
    if code.startswith("M"):
        from engine.maze.recipe import MazeSpec

        try:
            spec = MazeSpec.from_code(code)
        except ValueError:
            spec = None
    if spec is not None and spec.puzzle is not None:
        if spec.puzzle.target:
            return f"Puzzle for about {spec.puzzle.target} moves"
        return f"{spec.puzzle.difficulty.capitalize()} puzzle"
    if spec is not None:
        for name, preset in DIFFICULTIES.items():
            if (spec.width, spec.height, spec.algorithm) == (preset.width, preset.height, preset.algorithm):
                return name.capitalize()
    if maze.rules is not None:
        return "Puzzle"
    from engine.maze.solvers.bfs import distances

    moves = int(distances(maze, maze.start)[maze.goal])
    for name, most in DIFFICULTY_BY_MOVES:
        if moves <= most:
            return name.capitalize()
    return DIFFICULTY_BY_MOVES[-1][0].capitalize()


def instructions(maze: Maze) -> str:
    """The line telling a player what to do, in their words."""
    floors = maze.grid.floors
    rules = maze.rules
    if rules is not None and not rules.empty:
        parts = []
        if rules.oneway:
            parts.append("walk the arrows only the way they point")
        if rules.colours():
            parts.append("pick up each key before you pass its door")
        if rules.switches or rules.gates:
            parts.append("step on a switch to flip the gates")
        if rules.pursuer is not None:
            parts.append("keep away from the hunter")
        said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        line = f"Find the way from Start to Finish: {said}."
        if rules.pursuer is not None:
            line += " You may wait a turn: write 1, 2, ... where you wait."
        return line
    if floors > 1:
        return (f"Draw a line from Start (Floor 1) to Finish (Floor {floors}). A stair takes you to the same "
                "place on the next floor.")
    if maze.is_weave:
        return "Draw a line from Start to Finish. Where passages cross, one goes over the other on a bridge."
    return "Draw a line from Start to Finish."


def _groups(marks: Sequence[Mark]) -> tuple[Picture, ...]:
    """Rule marks grouped by the element they show (in order), each group a picture."""
    out: dict[tuple[str, tuple[int, ...]], list[tuple[np.ndarray, str | None, str | None]]] = {}
    for m in marks:
        out.setdefault((m.kind, m.ref), []).append((m.points, m.fill, m.outline))
    return tuple(tuple(g) for g in out.values())


def _field_is(index: int, value: int) -> Callable[[tuple[int, ...]], bool]:
    """A test of a mark's element: its field ``index`` is ``value`` (a key's colour is field 1, a door's 2,
    a gate's open flag 2)."""
    return lambda ref: ref[index] == value


def _rule_entries(maze: Maze) -> list[Entry]:
    """A puzzle maze's elements: the words of :func:`engine.maze.rules.draw.legend`, the first mark of each
    (one line of words per picture, in the legend's order)."""
    rules = maze.rules
    if rules is None or rules.empty:
        return []
    marks = rule_marks(maze)

    def first(kind: str, test: Callable[[tuple[int, ...]], bool] | None = None) -> list[Mark]:
        """The marks of the first element of ``kind`` (that ``test(ref)`` accepts)."""
        chosen = [m for m in marks if m.kind == kind and (test is None or test(m.ref))]
        return [m for m in chosen if m.ref == chosen[0].ref]

    pictures: list[list[Mark]] = []
    if rules.oneway:
        pictures.append(first("oneway"))
    for c in rules.colours():
        pictures.append(first("key", _field_is(1, c)) + first("door", _field_is(2, c)))
    if rules.pursuer is not None:
        pictures.append(first("hunter"))
    if rules.switches or rules.gates:
        shut, opened = first("gate", _field_is(2, 0)), first("gate", _field_is(2, 1))
        pictures.append(first("switch") + shut + opened)
    return [Entry("marks", w, _groups(p), wide=True) for w, p in zip(legend(rules), pictures, strict=True)]


def legend_entries(maze: Maze) -> list[Entry]:
    """Every kind of mark ``maze`` shows, in players' words: Start and Finish first."""
    out = [Entry("start", "Start"), Entry("finish", "Finish")]
    if maze.grid.floors > 1:
        out += [Entry("up", "stairs up (to the same place on the floor above)"),
                Entry("down", "stairs down (to the floor below)")]
    if maze.is_weave:
        out.append(Entry("bridge", "bridge: one passage goes over the other"))
    return out + _rule_entries(maze)


def wait_numbers(maze: Maze) -> list[tuple[int, list[int]]]:
    """Where a puzzle maze's best way waits: ``(cell, [1, 2, ...])`` in the order of the waits (a cell waited
    on twice has two numbers); empty for a plain maze or a way without waits."""
    if maze.rules is None:
        return []
    from engine.maze.rules.solver import solution_of

    at = int(maze.start)
    out: dict[int, list[int]] = {}
    n = 0
    for action in solution_of(maze).actions:
        if action is None:
            n += 1
            out.setdefault(at, []).append(n)
        else:
            at = int(action)
    return list(out.items())


def default_title(names: Sequence[str]) -> str:
    """A workbook's title when none is given: the world's name when every sheet is a level of one world
    (captioned "world · name"), else ``""``."""
    worlds = {name.split(" · ", 1)[0] for name in names if " · " in name}
    if len(worlds) == 1 and all(" · " in name for name in names):
        return worlds.pop()
    return ""
