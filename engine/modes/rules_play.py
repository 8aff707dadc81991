"""Playing a puzzle maze: the rules turn by turn, with unlimited undo, hints and stars by moves.

:class:`RuleGame` is the state of one attempt at a maze with :attr:`~engine.maze.model.Maze.rules`: where the
player stands, the keys held, the hunter's cell and the switch.  Every action (a move to a neighbour, or a
wait) goes through :meth:`RuleGame.act`, which applies the rules in their order (:mod:`engine.maze.rules`):
stepping onto the hunter loses; reaching the goal wins at once; keys are picked up and a switch flips; then the
hunter takes its two steps, each reported so a screen can animate it, and catches the player if it lands on
them.  Being caught is never a dead end: :meth:`undo` takes the last action back (any number of times) and
:meth:`restart` goes back to the start.

The hint asks the one exact solver (:func:`engine.maze.rules.solver.solve_prepared`) from the current position
and gives the next action of an optimal solution with a short reason in players' words ("Fetch the blue key
first.").  Stars count actions, never speed: :func:`rule_stars`.  :class:`engine.modes.play.PlaySession` holds
a :class:`RuleGame` for a puzzle maze and asks it which neighbours are open.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

from engine.maze.model import Maze
from engine.maze.rules import COLOURS, Rules
from engine.maze.rules.hunter import hunter_steps
from engine.maze.rules.solver import Prepared, prepare, solution_of, solve_prepared
from engine.maze.rules.tables import GATE_OFF, GATE_ON, NO_GATE
from engine.undo import UndoStack

#: Outcomes of an action.
MOVED: Final = "moved"
CAUGHT: Final = "caught"
WON: Final = "won"
BLOCKED: Final = "blocked"
#: Moves over the optimum that still earn the second star: this share of the optimum (at least 2).
SECOND_STAR_SHARE: Final = 0.25


@dataclass(frozen=True)
class Position:
    """Where an attempt stands: the player's cell, the key bits held (:class:`RuleTables` packing), the hunter's
    cell (-1 without one) and the switch (0 off, 1 on)."""

    cell: int
    keys: int
    hunter: int
    switch: int


@dataclass(frozen=True)
class Outcome:
    """What one action did.

    Attributes:
        kind: :data:`MOVED`, :data:`CAUGHT`, :data:`WON` or :data:`BLOCKED` (not allowed: nothing changed).
        cell: the player's cell after it.
        keys: the colours picked up by it (0..3).
        flipped: True when it flipped the switch (the gates changed).
        hunter: the hunter's cell after each of its steps (empty without a hunter, or when the game ended before
            it moved); a caught player's cell when it caught them.
        waited: True for a wait.
    """

    kind: str
    cell: int
    keys: tuple[int, ...] = ()
    flipped: bool = False
    hunter: tuple[int, ...] = ()
    waited: bool = False


@dataclass(frozen=True)
class Hint:
    """The next action of an optimal solution from here: ``cell`` to move to (None: wait), ``left`` actions
    still needed after it, and ``reason`` (one short sentence, players' words)."""

    cell: int | None
    left: int
    reason: str


@dataclass
class RuleGame:
    """One attempt at a puzzle maze (see the module text).

    Args:
        maze: a maze with rules (``maze.rules`` not None).

    Raises:
        ValueError: a maze without rules; RulesError: rules that do not fit it.
    """

    maze: Maze
    prepared: Prepared = field(init=False, repr=False)
    position: Position = field(init=False)
    actions: list[int | None] = field(init=False, default_factory=list)
    over: str = field(init=False, default="")  # "", CAUGHT or WON
    hints: int = field(init=False, default=0)
    _undo: UndoStack[tuple[Position, str]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.maze.rules is None:
            raise ValueError("this maze has no rules to play by")
        self.prepared = prepare(self.maze, self.maze.rules)
        self._undo = UndoStack()
        self.restart()

    # -- what it is ---------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The maze's rules."""
        assert self.maze.rules is not None
        return self.maze.rules

    @property
    def optimum(self) -> int | None:
        """The proven fewest actions from the start (None: unsolvable)."""
        return solution_of(self.maze).length

    def held_colours(self) -> tuple[int, ...]:
        """The colours of the keys held (0..3, :data:`engine.maze.rules.COLOURS`)."""
        bits = self.prepared.tables.colour_of_bit
        return tuple(c for i, c in enumerate(bits) if self.position.keys >> i & 1)

    def open_from(self, cell: int | None = None) -> list[int]:
        """The neighbours the player may move to from ``cell`` (default: where they stand) right now: walls,
        one-way arrows, doors without their key and shut gates left out (the hunter's cell is not: stepping
        onto it is allowed, and loses)."""
        t = self.prepared.tables
        c = self.position.cell if cell is None else cell
        out = []
        for j in range(t.slots):
            nxt = int(t.target[c, j])
            if nxt < 0 or (int(t.door[c, j]) & ~self.position.keys):
                continue
            g = int(t.gate[c, j])
            if g != NO_GATE and g != (GATE_ON if self.position.switch else GATE_OFF):
                continue
            out.append(nxt)
        return out

    def gate_open(self, a: int, b: int) -> bool:
        """Whether the gate between ``a`` and ``b`` is open now (False for an edge that is no gate)."""
        for x, y, opened in self.rules.gates:
            if {x, y} == {a, b}:
                return opened != bool(self.position.switch)
        return False

    def threatened(self, cell: int) -> bool:
        """True when moving to ``cell`` now would end in being caught (the hunter is there, or reaches it)."""
        if self.position.hunter < 0 or cell == self.maze.goal:
            return self.position.hunter == cell
        if cell == self.position.hunter:
            return True
        t = self.prepared.tables
        assert self.prepared.steps is not None
        sw = self.position.switch ^ int(t.switch[cell])
        return cell in hunter_steps(self.prepared.steps, self.position.hunter, cell, sw)

    # -- actions ------------------------------------------------------------------
    def act(self, cell: int | None) -> Outcome:
        """Move to neighbour ``cell``, or wait (None).  :data:`BLOCKED` when the game is over or the move is not
        open (nothing changes then); otherwise the action counts and can be undone."""
        pos = self.position
        if self.over or (cell is not None and cell not in self.open_from()):
            return Outcome(BLOCKED, pos.cell)
        t = self.prepared.tables
        new = pos.cell if cell is None else cell
        self._undo.push((pos, self.over))
        self.actions.append(cell)
        if pos.hunter >= 0 and new == pos.hunter:
            self.position = Position(new, pos.keys, pos.hunter, pos.switch)
            self.over = CAUGHT
            return Outcome(CAUGHT, new, waited=cell is None)
        if new == self.maze.goal:
            self.position = Position(new, pos.keys, pos.hunter, pos.switch)
            self.over = WON
            return Outcome(WON, new)
        gained = int(t.key_bits[new]) & ~pos.keys
        keys = pos.keys | int(t.key_bits[new])
        flipped = cell is not None and bool(t.switch[new])
        sw = pos.switch ^ int(flipped)
        hunter = pos.hunter
        path: tuple[int, ...] = ()
        if hunter >= 0:
            assert self.prepared.steps is not None
            path = tuple(hunter_steps(self.prepared.steps, hunter, new, sw))
            hunter = path[-1]
        self.position = Position(new, keys, hunter, sw)
        colours = tuple(c for i, c in enumerate(t.colour_of_bit) if gained >> i & 1)
        if hunter >= 0 and new in path:
            self.over = CAUGHT
            return Outcome(CAUGHT, new, colours, flipped, path, cell is None)
        return Outcome(MOVED, new, colours, flipped, path, cell is None)

    def undo(self) -> bool:
        """Take the last action back (also after being caught); False when there is none."""
        last = self._undo.undo()
        if last is None:
            return False
        self.position, self.over = last
        self.actions.pop()
        return True

    def restart(self) -> None:
        """Back to the start (the actions and the undo history are cleared; hints used stay counted)."""
        t = self.prepared.tables
        self.position = Position(t.start, t.start_keys, t.pursuer, 0)
        self.actions = []
        self.over = ""
        self._undo.clear()

    # -- help ----------------------------------------------------------------------
    def hint(self) -> Hint | None:
        """The next action of an optimal solution from here, or None when over or no win is possible from here
        (then undo: the position is lost).  Counts as a hint used."""
        if self.over:
            return None
        pos = self.position
        sol = solve_prepared(self.prepared, origin=(pos.cell, pos.keys, pos.hunter, pos.switch))
        if sol.length is None or not sol.actions:
            return None
        self.hints += 1
        return Hint(sol.actions[0], sol.length - 1, self._reason(sol.actions))

    def _reason(self, actions: tuple[int | None, ...]) -> str:
        """Why the way goes there, from what happens first along it: a key, a switch, a wait, a door."""
        t = self.prepared.tables
        keys = self.position.keys
        doors = {frozenset((a, b)): c for a, b, c in self.rules.doors}
        cell = self.position.cell
        for a in actions:
            if a is None:
                if actions[0] is None:
                    return "Wait here: let the hunter step first."
                continue
            gained = int(t.key_bits[a]) & ~keys
            if gained:
                colour = next(c for i, c in enumerate(t.colour_of_bit) if gained >> i & 1)
                return f"Fetch the {COLOURS[colour]} key first."
            if t.switch[a]:
                return "Step on the switch to move the gates."
            door = doors.get(frozenset((cell, a)))
            if door is not None:
                return f"Through the {COLOURS[door]} door."
            cell = a
        return "This way leads to the goal fastest."


def rule_stars(actions: int, optimum: int | None, hinted: bool) -> int:
    """Stars of a won puzzle maze, 1..3, by actions: 1 for the win, +1 within :data:`SECOND_STAR_SHARE` of the
    optimum (at least 2 over), +1 for the optimum itself without a hint."""
    if optimum is None:
        return 1
    slack = max(2, math.ceil(SECOND_STAR_SHARE * optimum))
    return 1 + int(actions <= optimum + slack) + int(actions <= optimum and not hinted)


def replay_actions(maze: Maze, actions: list[int | None]) -> RuleGame:
    """Play ``actions`` (a neighbour to move to, or None for a wait) from the start of puzzle maze ``maze``.

    Returns:
        the attempt after the last action.

    Raises:
        ValueError: one phrase naming the first action the rules refuse ("move 5 from cell 3 to cell 4 is shut
            by the rules ..."), the action the hunter catches, or one after the game ended.
    """
    game = RuleGame(maze)
    for i, cell in enumerate(actions, 1):
        if game.over:
            ended = "the hunter caught the player" if game.over == CAUGHT else "the goal was reached"
            raise ValueError(f"move {i} comes after {ended}")
        before = game.position.cell
        out = game.act(cell)
        if out.kind == BLOCKED:
            what = "a wait" if cell is None else f"from cell {before} to cell {cell}"
            raise ValueError(f"move {i} ({what}) is not allowed by the maze's rules "
                             "(a wall, a door without its key, a one-way passage or a shut gate)")
        if out.kind == CAUGHT:
            raise ValueError(f"the hunter catches the player at move {i}")
    return game
