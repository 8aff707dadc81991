"""The one exact solver of puzzle mazes: breadth first over (cell, keys held, hunter's cell, switch).

Every user of puzzle mazes asks this module: the generator (:mod:`engine.maze.rules.placer`), the CLI
(``tessera solve``), and the game's hints, race opponents and editor check.  :func:`solve` explores every
state the player can reach (not only up to the goal: the count of reachable states and the traps need
them all) in layers, with numpy over each layer's states at once, and returns:

* an optimal action sequence (each action the cell moved to, or ``None`` for a wait) and its length, or
  ``length`` None when the goal cannot be reached ("unsolvable" in plain words: :attr:`Solution.verdict`);
* how many optimal action sequences there are (capped at :data:`COUNT_CAP`), so whether it is unique;
* the number of reachable states (won and lost positions are not states: the game ends there).

With ``analyse=True`` it also works out, per state, the fewest actions still needed (a second breadth
first search over the reversed transitions): the traps (states from which the goal is lost for good),
the forced moves and the decisions along the solution.

Order inside one action (the rules of :mod:`engine.maze.rules`): the player moves or waits; stepping onto
the hunter loses; else reaching the goal wins at once; else keys are picked up and a switch flips (on a
move), then the hunter takes two steps (with the new switch state), catching the player if it lands on
their cell.  Memory grows with the states reached: the visited set is a dense table while the state space
is at most :data:`DENSE_LIMIT`, else a sorted array of the states seen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from engine.maze.model import Maze
from engine.maze.rules import Rules
from engine.maze.rules.hunter import chase_tables, distance_matrix
from engine.maze.rules.tables import GATE_OFF, GATE_ON, NO_GATE, RuleTables, compile_rules

#: Optimal solutions are counted up to this many (``count`` says "at least" this when reached).
COUNT_CAP: Final = 1_000_000
#: The largest state space kept in a dense visited table (4 bytes an entry).
DENSE_LIMIT: Final = 4_000_000
#: What an unsolvable puzzle says.
UNSOLVABLE: Final = "This maze cannot be solved under its rules: no sequence of moves reaches the goal."


@dataclass(frozen=True, eq=False)
class Solution:
    """What :func:`solve` found.

    Attributes:
        length: the fewest actions that win, or None (unsolvable).
        actions: one optimal sequence: each the cell moved to, or None for a wait (empty if unsolvable).
        count: optimal sequences, capped at :data:`COUNT_CAP` (0 if unsolvable).
        states: reachable states, the start included.
        plain: the shortest walk from start to goal ignoring every rule (the passages alone), -1 if none.
        traps: with ``analyse``: reachable states from which the goal can no longer be reached (else -1).
        forced_opening: with ``analyse``: how many of the first actions along :attr:`actions` had no
            alternative that still wins (else -1).
        decisions: with ``analyse``: states along :attr:`actions` with two or more actions that still win
            (else -1).
        to_goal: with ``analyse``: the fewest actions still needed from each state, by the state ids of
            discovery id (the start is 0; traps: -1); None without ``analyse``.
    """

    length: int | None
    actions: tuple[int | None, ...]
    count: int
    states: int
    plain: int
    traps: int = -1
    forced_opening: int = -1
    decisions: int = -1
    to_goal: np.ndarray | None = field(default=None, repr=False)

    @property
    def solvable(self) -> bool:
        """True when the goal can be reached."""
        return self.length is not None

    @property
    def unique(self) -> bool:
        """True when exactly one action sequence is optimal."""
        return self.count == 1

    @property
    def detour(self) -> int:
        """Actions the rules add over the plain shortest walk (0 when unsolvable)."""
        return 0 if self.length is None or self.plain < 0 else self.length - self.plain

    def verdict(self) -> str:
        """One line in players' words: ``"Solvable in 34 moves, one best way."`` or :data:`UNSOLVABLE`."""
        if self.length is None:
            return UNSOLVABLE
        if self.count == 1:
            how = "one best way"
        elif self.count >= COUNT_CAP:
            how = f"at least {COUNT_CAP:,} best ways"
        else:
            how = f"{self.count:,} best ways"
        return f"Solvable in {self.length} moves, {how}."


@dataclass(frozen=True, eq=False)
class Prepared:
    """A maze's rules compiled once for repeated solving (the generator solves hundreds of variants)."""

    tables: RuleTables
    chase: np.ndarray | None  # (switch states, n * n) or None without a hunter
    steps: np.ndarray | None = None  # the hunter's one step, (switch states, n, n), or None without a hunter


def prepare(maze: Maze, rules: Rules,
            chases: dict[bytes, tuple[np.ndarray, np.ndarray]] | None = None) -> Prepared:
    """Compile ``maze`` under ``rules`` (checked) with the hunter's table when there is a hunter.

    Args:
        chases: hunter tables already made, by the passages the hunter may take (the generator's variants
            that move a key or the hunter share one).

    Raises:
        RulesError: the rules do not fit the maze.
    """
    tables = compile_rules(maze, rules)
    if tables.pursuer < 0:
        return Prepared(tables, None)
    grid = maze.grid
    dist = grid.memo("rules.distances", lambda: distance_matrix(grid.centers))  # the same for every variant
    key = tables.passable(0).tobytes() + tables.passable(1).tobytes() + bytes([tables.switch_states])
    made = None if chases is None else chases.get(key)
    if made is None:
        made = chase_tables(tables, dist)
        if chases is not None:
            if len(chases) > 64:
                chases.clear()
            chases[key] = made
    steps, chase = made
    return Prepared(tables, chase, steps)


def state_id(tables: RuleTables, cell: int, keys: int, hunter: int, sw: int) -> int:
    """The solver's id of a state (``keys`` as packed bits, ``hunter`` -1 without one)."""
    nh = tables.n if tables.pursuer >= 0 else 1
    return ((cell * tables.key_states + keys) * nh + max(hunter, 0)) * tables.switch_states + sw


def solve(maze: Maze, rules: Rules, *, analyse: bool = False) -> Solution:
    """The exact answer for ``maze`` under ``rules`` (see the module text).

    Raises:
        RulesError: the rules do not fit the maze.
    """
    return solve_prepared(prepare(maze, rules), plain_distance(maze), analyse=analyse)


#: Where :func:`solution_of` keeps a maze's solution (:meth:`engine.maze.model.Maze.memo`).
SOLUTION_KEY: Final = "rules.solution"


def solution_of(maze: Maze) -> Solution:
    """The analysed solution of a maze under its own rules (a plain maze: no rules), made once per maze.

    Raises:
        RulesError: the maze's rules do not fit it.
    """
    return maze.memo(SOLUTION_KEY, lambda: solve(maze, maze.rules or Rules(), analyse=True))


def best_way(maze: Maze) -> list[int]:
    """The cells a puzzle maze's proven best moves step on, start first (a wait stays on its cell: no entry);
    empty when it cannot be solved.  What the win screen, the answer key and ``generate --solution`` draw."""
    sol = solution_of(maze)
    if sol.length is None:
        return []
    return [int(maze.start), *(int(a) for a in sol.actions if a is not None)]


def rule_costs(maze: Maze) -> dict[str, int]:
    """What each rule family of a puzzle maze adds to its optimum: per family present, the proven fewest moves
    minus the fewest with that family's elements taken away (:meth:`Rules.without`).  0 means the family does
    not change the answer: the maze is solved as if it were not there.

    Raises:
        ValueError: the maze has no rules, or cannot be solved under them.
    """
    if maze.rules is None or solution_of(maze).length is None:
        raise ValueError("rule costs need a puzzle maze that can be solved")
    best = int(solution_of(maze).length or 0)
    out: dict[str, int] = {}
    for family in maze.rules.families():
        fewer = solve_prepared(prepare(maze, maze.rules.without(family))).length
        out[family] = best - int(fewer if fewer is not None else best)
    return out


def rules_needed(maze: Maze) -> dict[str, bool]:
    """Whether the best way of a puzzle maze needs each of its rule families, per family present: the family
    adds moves (:func:`rule_costs`) and the best way uses it: it walks a one-way passage; picks up a key and
    goes through a door of that colour; flips a switch and goes through a gate that flip opened.  (The hunter
    is used when it adds moves.)  A door or gate that only shuts a short cut, never passed, is a wall: a level
    that teaches a rule needs it.

    Raises:
        ValueError: the maze has no rules, or cannot be solved under them.
    """
    costs = rule_costs(maze)
    rules = maze.rules
    assert rules is not None
    oneway = set(rules.oneway)
    doors = {frozenset((a, b)): c for a, b, c in rules.doors}
    keys_at: dict[int, set[int]] = {}
    for cell, c in rules.keys:
        keys_at.setdefault(cell, set()).add(c)
    gates = {frozenset((a, b)): opened for a, b, opened in rules.gates}
    switches = set(rules.switches)
    used = {"oneway": False, "keys": False, "pursuer": True, "switches": False}
    cell, held, switch = int(maze.start), set(keys_at.get(int(maze.start), ())), 0
    for action in solution_of(maze).actions:
        if action is None:
            continue
        nxt = int(action)
        edge = frozenset((cell, nxt))
        used["oneway"] |= (cell, nxt) in oneway
        used["keys"] |= doors.get(edge, -1) in held
        if edge in gates:  # passable now; opened by a flip when it was not at the start (switch off)
            used["switches"] |= switch == 1 and not gates[edge]
        held |= keys_at.get(nxt, set())
        switch ^= int(nxt in switches)
        cell = nxt
    return {family: cost > 0 and used[family] for family, cost in costs.items()}


def plain_distance(maze: Maze) -> int:
    """The shortest walk start -> goal over the open passages alone, -1 if there is none."""
    from engine.maze.solvers.bfs import distances

    return int(distances(maze, maze.start)[maze.goal])


class _Seen:
    """The visited states and their ids in discovery order: dense table or sorted array."""

    def __init__(self, space: int) -> None:
        self.dense: np.ndarray | None = np.full(space, -1, dtype=np.int32) if space <= DENSE_LIMIT else None
        self.keys = np.zeros(0, dtype=np.int64)
        self.ids = np.zeros(0, dtype=np.int64)
        self.count = 0

    def lookup(self, states: np.ndarray) -> np.ndarray:
        """The ids of ``states`` (-1 for unseen)."""
        if self.dense is not None:
            return np.asarray(self.dense[states], dtype=np.int64)
        pos = np.searchsorted(self.keys, states)
        pos = np.minimum(pos, max(len(self.keys) - 1, 0))
        hit = (self.keys[pos] == states) if len(self.keys) else np.zeros(len(states), dtype=bool)
        return np.asarray(np.where(hit, self.ids[pos] if len(self.ids) else -1, -1))

    def add(self, states: np.ndarray) -> np.ndarray:
        """Give new ids to ``states`` (unseen, distinct, ascending); return them."""
        new_ids = np.arange(self.count, self.count + len(states), dtype=np.int64)
        self.count += len(states)
        if self.dense is not None:
            self.dense[states] = new_ids
        else:
            keys = np.concatenate([self.keys, states])
            ids = np.concatenate([self.ids, new_ids])
            order = np.argsort(keys, kind="stable")
            self.keys, self.ids = keys[order], ids[order]
        return new_ids


def solve_prepared(prep: Prepared, plain: int = -1, *, analyse: bool | Callable[[Solution], bool] = False,
                   origin: tuple[int, int, int, int] | None = None, until_won: bool = False) -> Solution:
    """:func:`solve` on compiled tables (``plain`` is reported as :attr:`Solution.plain`).

    Args:
        analyse: True for the backward analysis; or a function of the forward answer saying whether it is
            wanted (the generator skips it for candidates it would reject whatever the analysis said).
        origin: search from this position instead of the start: ``(cell, key bits, hunter cell or -1, switch
            0/1)`` (a game in progress: the hint); key bits as :class:`RuleTables` packs them.
        until_won: stop after the layer that wins (length, count and actions are whole; :attr:`Solution.states`
            then counts only the states found so far, and nothing is analysed).
    """
    t = prep.tables
    n, slots = t.n, t.slots
    nk, ns = t.key_states, t.switch_states
    hunted = t.pursuer >= 0
    nh = n if hunted else 1
    space = n * nk * nh * ns
    seen = _Seen(space)
    origin_state = (t.start, t.start_keys, t.pursuer, 0) if origin is None else origin
    start = np.array([state_id(t, *origin_state)], dtype=np.int64)
    seen.add(start)
    frontier = start
    counts = np.ones(1, dtype=np.float64)
    # per layer: parent position in the previous layer and the action slot (for the path back)
    layers: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = [(start, np.zeros(1, np.int64), np.zeros(1, np.int64))]
    edges_src: list[np.ndarray] = []
    edges_dst: list[np.ndarray] = []
    win_src: list[np.ndarray] = []
    length: int | None = None
    count = 0
    win_at: tuple[int, int] | None = None  # (position in its layer, slot) of the chosen winning action
    actions_n = slots + 1 if hunted else slots  # a wait changes nothing without a hunter
    tw, dw, gw = t.target, t.door, t.gate
    if hunted:  # the wait is the last slot: the player's own cell, no door, no gate
        tw = np.concatenate([tw, np.arange(n, dtype=np.int32)[:, None]], axis=1)
        dw = np.concatenate([dw, np.zeros((n, 1), np.int8)], axis=1)
        gw = np.concatenate([gw, np.zeros((n, 1), np.int8)], axis=1)
    moves = np.ones(actions_n, dtype=np.int64)
    if hunted:
        moves[slots] = 0  # waiting on a switch does not flip it
    # which actions are open, per (keys held, switch) and cell: one lookup per layer
    open_by = np.empty((nk * ns, n, actions_n), dtype=bool)
    for ks in range(nk):
        for s_ in range(ns):
            gate_ok = (gw == NO_GATE) | (gw == (GATE_ON if s_ else GATE_OFF))
            open_by[ks * ns + s_] = (tw >= 0) & ((dw & ~np.int8(ks)) == 0) & gate_ok
    depth = 0
    base_ids = np.zeros(1, dtype=np.int64)
    tw64 = tw.astype(np.int64)
    key_bits = t.key_bits.astype(np.int64)
    switch = t.switch.astype(np.int64)
    chase = prep.chase.astype(np.int64) if prep.chase is not None else None
    zeros = np.zeros(1, dtype=np.int64)
    while len(frontier):
        # the state's parts (a part with one value is 0 throughout: no arithmetic for it)
        rest = frontier
        sw = rest % ns if ns > 1 else zeros
        rest = rest // ns if ns > 1 else rest
        hunter = rest % nh if nh > 1 else zeros
        rest = rest // nh if nh > 1 else rest
        keys = rest % nk if nk > 1 else zeros
        cell = rest // nk if nk > 1 else rest
        # every action of every state at once: (F, A) arrays, then the surviving pairs flattened
        new = tw64[cell]
        ok = open_by[keys * ns + sw, cell] if nk * ns > 1 else open_by[0, cell]
        if hunted:
            ok &= new != hunter[:, None]
        win = ok & (new == t.goal)
        if win.any():
            w, wslot = np.nonzero(win)  # row-major: by state, then by slot
            if analyse:
                win_src.append(base_ids[np.unique(w)])
            if length is None:
                length = depth + 1
                count = int(min(float(counts[w].sum()), COUNT_CAP))
                win_at = (int(w[0]), int(wslot[0]))
                if until_won:
                    break
            ok &= ~win
        parent, slot = np.nonzero(ok)
        if not len(parent):
            break
        c2 = new[parent, slot]
        k2 = keys[parent] | key_bits[c2] if nk > 1 else zeros
        s2 = sw[parent] ^ (switch[c2] & moves[slot]) if ns > 1 else zeros
        if hunted:
            assert chase is not None
            h2 = chase[s2, hunter[parent] * n + c2] if ns > 1 else chase[0, hunter[parent] * n + c2]
            alive = h2 >= 0
            parent, slot, c2, h2 = parent[alive], slot[alive], c2[alive], h2[alive]
            if nk > 1:
                k2 = k2[alive]
            if ns > 1:
                s2 = s2[alive]
            if not len(parent):
                break
        else:
            h2 = zeros
        child = ((c2 * nk + k2) * nh + h2) * ns + s2 if nk * nh * ns > 1 else c2
        known = seen.lookup(child)
        if analyse:
            fresh_mask = known < 0
            edges_src.append(base_ids[parent[~fresh_mask]])
            edges_dst.append(known[~fresh_mask])
        fresh = known < 0
        child, parent, slot = child[fresh], parent[fresh], slot[fresh]
        if not len(child):
            break
        uniq, first, inv = np.unique(child, return_index=True, return_inverse=True)
        new_counts = np.minimum(np.bincount(inv, weights=counts[parent], minlength=len(uniq)), 4.0 * COUNT_CAP)
        new_ids = seen.add(uniq)
        if analyse:
            edges_src.append(base_ids[parent])
            edges_dst.append(new_ids[inv])
        layers.append((uniq, parent[first], slot[first]))
        frontier, counts, base_ids = uniq, new_counts, new_ids
        depth += 1
    actions, path_states = _path(t, layers, win_at, length)
    states = seen.count
    forward = Solution(length, actions, count, states, plain)
    if until_won or not analyse or (callable(analyse) and not analyse(forward)):
        return forward
    path_ids = [int(i) for i in seen.lookup(np.array(path_states, dtype=np.int64))] if path_states else []
    return _analysed(t, layers, length, actions, path_ids, count, states, plain, edges_src, edges_dst, win_src)


def _path(t: RuleTables, layers: list[tuple[np.ndarray, np.ndarray, np.ndarray]], win_at: tuple[int, int] | None,
          length: int | None) -> tuple[tuple[int | None, ...], list[int]]:
    """The chosen optimal action sequence, read back through the layers' parents, and the states it
    leaves from (the start first)."""
    if win_at is None or length is None:
        return (), []
    pos, slot = win_at
    steps: list[tuple[int, int]] = []  # (state, slot taken from it) from the winning state back
    for d in range(length - 1, -1, -1):
        states, parent, came_by = layers[d]
        steps.append((int(states[pos]), slot))
        slot = int(came_by[pos])
        pos = int(parent[pos])
    steps.reverse()
    out: list[int | None] = []
    nh = t.n if t.pursuer >= 0 else 1
    for state, j in steps:
        cell = state // t.switch_states // nh // t.key_states
        out.append(None if j >= t.slots else int(t.target[cell, j]))
    return tuple(out), [state for state, _ in steps]


def _analysed(t: RuleTables, layers: list[tuple[np.ndarray, np.ndarray, np.ndarray]], length: int | None,
              actions: tuple[int | None, ...], path_ids: list[int], count: int, states: int, plain: int,
              edges_src: list[np.ndarray], edges_dst: list[np.ndarray], win_src: list[np.ndarray]) -> Solution:
    """:func:`solve_prepared`'s answer with the backward search: traps, forced moves, decisions."""
    src = np.concatenate(edges_src) if edges_src else np.zeros(0, np.int64)
    dst = np.concatenate(edges_dst) if edges_dst else np.zeros(0, np.int64)
    to_goal = np.full(states, -1, dtype=np.int64)
    level = np.unique(np.concatenate(win_src)) if win_src else np.zeros(0, np.int64)
    to_goal[level] = 1
    order = np.argsort(dst, kind="stable")
    by_dst_src = src[order]
    ptr = np.searchsorted(dst[order], np.arange(states + 1))
    d = 1
    while len(level):
        lo, hi = ptr[level], ptr[level + 1]
        sizes = hi - lo
        if not sizes.sum():
            break
        offs = np.repeat(lo - np.concatenate([[0], np.cumsum(sizes)[:-1]]), sizes) + np.arange(int(sizes.sum()))
        pre = np.unique(by_dst_src[offs])
        pre = pre[to_goal[pre] < 0]
        d += 1
        to_goal[pre] = d
        level = pre
    traps = int((to_goal < 0).sum())
    forced = decisions = 0
    if length is not None:
        # walk the solution: at each state, the moves that keep a win possible, other than going back
        # where the player came from and waiting (the choices a player really weighs)
        values = np.concatenate([layer[0] for layer in layers])
        per_cell = t.switch_states * (t.n if t.pursuer >= 0 else 1) * t.key_states
        out_order = np.argsort(src, kind="stable")
        out_dst = dst[out_order]
        out_ptr = np.searchsorted(src[out_order], np.array(path_ids + [p + 1 for p in path_ids])).tolist()
        wins_here = set(np.concatenate(win_src).tolist()) if win_src else set()
        opening = True
        previous = -1
        half = len(path_ids)
        for i, state in enumerate(path_ids):  # a few dozen states: plain Python over small slices
            here = int(values[state]) // per_cell
            succ = out_dst[out_ptr[i]:out_ptr[half + i]]
            cells = (values[succ] // per_cell).tolist()
            goal_ok = (to_goal[succ] >= 0).tolist()
            live = len({c for c, ok in zip(cells, goal_ok, strict=True) if ok and c != previous and c != here})
            live += int(state in wins_here)
            if live >= 2:
                decisions += 1
                opening = False
            elif opening:
                forced += 1
            previous = here
    return Solution(length, actions, count, states, plain, traps, forced, decisions, to_goal)


__all__ = ["COUNT_CAP", "SOLUTION_KEY", "UNSOLVABLE", "Prepared", "Solution", "plain_distance", "prepare", "solve",
           "solution_of", "solve_prepared", "state_id", "best_way"]
