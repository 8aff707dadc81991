"""Placing and removing a puzzle maze's elements by hand (the editor's tools), one click at a time.

:func:`use_tool` gives the rules after one use of a tool on a cell (or on the passage between two cells):

* ``oneway`` on a passage: none -> walked from the first cell to the second -> the other way -> none;
* ``door`` on a passage: none -> red -> blue -> yellow -> green -> none;
* ``key`` on a cell: none -> red -> blue -> yellow -> green -> none;
* ``hunter`` on a cell: the hunter starts there (again: no hunter);
* ``switch`` on a cell: a switch, or none;
* ``gate`` on a passage: none -> shut at the start -> open at the start -> none.

An edge keeps at most one element and a cell one key or switch: a tool replaces what was there.
:func:`live_rules` keeps only the elements that fit the maze as it stands (an element on a wall that has been
closed since waits, unused, until the wall opens again), so an edited maze can always be played and solved.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from engine.maze.model import Maze
from engine.maze.rules import COLOURS, Rules

#: The tools, in the order the editor offers them, with what each acts on.
TOOLS: Final = {"oneway": "passage", "door": "passage", "gate": "passage", "key": "cell", "switch": "cell",
                "hunter": "cell"}
#: What the editor calls each tool.
TOOL_WORDS: Final = {"oneway": "one-way arrow", "door": "door", "gate": "gate", "key": "key", "switch": "switch",
                     "hunter": "hunter"}


def _without_edge(rules: Rules, a: int, b: int) -> Rules:
    pair = {a, b}
    return replace(rules, oneway=tuple(p for p in rules.oneway if set(p) != pair),
                   doors=tuple(d for d in rules.doors if {d[0], d[1]} != pair),
                   gates=tuple(g for g in rules.gates if {g[0], g[1]} != pair))


def _without_cell(rules: Rules, cell: int) -> Rules:
    return replace(rules, keys=tuple(k for k in rules.keys if k[0] != cell),
                   switches=tuple(c for c in rules.switches if c != cell))


def use_tool(rules: Rules, tool: str, cell: int, other: int | None = None) -> Rules:
    """The rules after one use of ``tool`` on ``cell`` (and ``other``, the passage's far cell, for the passage
    tools); see the module text.

    Raises:
        ValueError: an unknown tool, or a passage tool without ``other``.
    """
    if tool not in TOOLS:
        raise ValueError(f"unknown tool '{tool}' (tools: {', '.join(TOOLS)})")
    if TOOLS[tool] == "passage":
        if other is None:
            raise ValueError(f"the {TOOL_WORDS[tool]} goes on a passage: two neighbouring cells")
        a, b = cell, other
        pair = {a, b}
        if tool == "oneway":
            now = next((p for p in rules.oneway if set(p) == pair), None)
            base = _without_edge(rules, a, b)
            if now is None:
                return replace(base, oneway=(*base.oneway, (a, b)))
            if now == (a, b):
                return replace(base, oneway=(*base.oneway, (b, a)))
            return base
        if tool == "door":
            colour = next((d[2] for d in rules.doors if {d[0], d[1]} == pair), -1)
            base = _without_edge(rules, a, b)
            if colour + 1 < len(COLOURS):
                return replace(base, doors=(*base.doors, (min(a, b), max(a, b), colour + 1)))
            return base
        gate = next((g[2] for g in rules.gates if {g[0], g[1]} == pair), None)
        base = _without_edge(rules, a, b)
        if gate is None:
            return replace(base, gates=(*base.gates, (min(a, b), max(a, b), False)))
        if gate is False:
            return replace(base, gates=(*base.gates, (min(a, b), max(a, b), True)))
        return base
    if tool == "hunter":
        return replace(rules, pursuer=None if rules.pursuer == cell else cell)
    if tool == "switch":
        had = cell in rules.switches
        base = _without_cell(rules, cell)
        return base if had else replace(base, switches=(*base.switches, cell))
    colour = next((k[1] for k in rules.keys if k[0] == cell), -1)
    base = _without_cell(rules, cell)
    if colour + 1 < len(COLOURS):
        return replace(base, keys=(*base.keys, (cell, colour + 1)))
    return base


def live_rules(rules: Rules, maze: Maze) -> Rules | None:
    """The elements of ``rules`` that fit ``maze`` now (passage elements on open passages, the hunter off the
    start, gates only with a switch), or None when none is left."""
    g = maze.grid
    lookup = g.edge_lookup()

    def open_pair(a: int, b: int) -> bool:
        e = lookup.get((min(a, b), max(a, b)))
        return e is not None and bool(maze.passage[e])

    kept = replace(
        rules,
        oneway=tuple(p for p in rules.oneway if open_pair(*p)),
        doors=tuple(d for d in rules.doors if open_pair(d[0], d[1])),
        gates=tuple(x for x in rules.gates if open_pair(x[0], x[1])) if rules.switches else (),
        keys=tuple(k for k in rules.keys if 0 <= k[0] < g.n),
        switches=tuple(c for c in rules.switches if 0 <= c < g.n),
        pursuer=rules.pursuer if rules.pursuer is not None and rules.pursuer != maze.start
        and 0 <= rules.pursuer < g.n and g.floors == 1 else None,
    )
    return None if kept.empty else kept
