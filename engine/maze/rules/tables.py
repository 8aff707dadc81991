"""A puzzle maze compiled into integer tables the solver reads with numpy.

Per cell and neighbour slot (the grid's CSR order, counter-clockwise): the neighbour across an open
passage the player may walk in that direction (one-way passages respected; ``-1`` where there is a wall
or the passage is one-way against it), the door bit it needs, and its gate kind.  Per cell: the key bits
lying there and whether it is a switch.  The hunter's moves are a table of their own
(:func:`engine.maze.rules.hunter.chase_tables`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.maze.model import Maze
from engine.maze.rules import Rules

#: Gate kinds in :attr:`RuleTables.gate`: none, passable while the switch is off, while it is on.
NO_GATE, GATE_OFF, GATE_ON = 0, 1, 2


@dataclass(frozen=True, eq=False)
class RuleTables:
    """The integer form of a maze and its rules.

    Attributes:
        n: cells; slots: the most neighbours a cell has (the last action slot, ``slots``, is a wait).
        target: ``(n, slots)`` int32, the neighbour the player reaches through each slot, ``-1`` for none
            (a wall, or a one-way passage walked against its arrow).
        door: ``(n, slots)`` int8, the key bit that slot's door needs (0: no door).
        gate: ``(n, slots)`` int8, :data:`NO_GATE`, :data:`GATE_OFF` or :data:`GATE_ON`.
        key_bits: ``(n,)`` int8, the key bits picked up on entering each cell.
        switch: ``(n,)`` int8, 1 on a switch cell.
        colour_of_bit: the colour (0..3) of each key bit, ascending (bits are the colours in use, packed).
        start_keys: the key bits held at the start (a key on the start cell).
        start, goal, pursuer: cells (pursuer -1 for none).
    """

    n: int
    slots: int
    target: np.ndarray
    door: np.ndarray
    gate: np.ndarray
    key_bits: np.ndarray
    switch: np.ndarray
    colour_of_bit: tuple[int, ...]
    start_keys: int
    start: int
    goal: int
    pursuer: int

    @property
    def key_states(self) -> int:
        """How many sets of keys can be held (``2 ** colours``)."""
        return 1 << len(self.colour_of_bit)

    @property
    def switch_states(self) -> int:
        """2 when the maze has a switch, else 1."""
        return 2 if bool(self.switch.any()) else 1

    def passable(self, sw: int) -> np.ndarray:
        """``(n, slots)`` bool: slots open for the hunter with the switch in state ``sw`` (0 or 1).

        The hunter takes open passages and one-way ones along their arrow, gates only while they are
        open, and never a door.
        """
        gate_ok = (self.gate == NO_GATE) | (self.gate == (GATE_ON if sw else GATE_OFF))
        ok: np.ndarray = (self.target >= 0) & (self.door == 0) & gate_ok
        return ok


def compile_rules(maze: Maze, rules: Rules) -> RuleTables:
    """The tables of ``maze`` under ``rules`` (checked first).

    Raises:
        RulesError: the rules do not fit the maze (:meth:`Rules.check`).
    """
    rules.check(maze)
    g = maze.grid
    n = g.n
    indptr = g.indptr
    deg = np.diff(indptr)
    slots = int(deg.max()) if n else 0
    target = np.full((n, slots), -1, dtype=np.int32)
    edge = np.full((n, slots), -1, dtype=np.int64)
    rows = np.repeat(np.arange(n), deg)
    pos = np.arange(len(g.nbr)) - np.repeat(indptr[:-1], deg)
    open_ = maze.passage[g.edge_id]
    target[rows[open_], pos[open_]] = g.nbr[open_]
    edge[rows, pos] = g.edge_id
    lookup = g.edge_lookup()

    def slot_of(a: int, b: int) -> tuple[int, int]:
        e = lookup[(min(a, b), max(a, b))]
        j = int(np.flatnonzero(edge[a] == e)[0])
        return a, j

    for a, b in rules.oneway:  # walked only a -> b: close the slot of b toward a
        bb, j = slot_of(b, a)
        target[bb, j] = -1
    colours = rules.colours()
    bit_of = {c: 1 << i for i, c in enumerate(colours)}
    door = np.zeros((n, slots), dtype=np.int8)
    for a, b, c in rules.doors:
        for x, y in ((a, b), (b, a)):
            xx, j = slot_of(x, y)
            door[xx, j] = bit_of[c]
    gate = np.zeros((n, slots), dtype=np.int8)
    for a, b, opened in rules.gates:
        for x, y in ((a, b), (b, a)):
            xx, j = slot_of(x, y)
            gate[xx, j] = GATE_OFF if opened else GATE_ON
    key_bits = np.zeros(n, dtype=np.int8)
    for cell, c in rules.keys:
        key_bits[cell] |= bit_of[c]
    switch = np.zeros(n, dtype=np.int8)
    switch[list(rules.switches)] = 1
    start = int(maze.start)
    return RuleTables(n, slots, target, door, gate, key_bits, switch, colours, int(key_bits[start]), start,
                      int(maze.goal), -1 if rules.pursuer is None else rules.pursuer)
