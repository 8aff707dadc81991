"""The generator of puzzle mazes: elements placed by stochastic local search, proven by the exact solver.

Over a built maze (any grid, generator and seed) :func:`place` chooses where the elements of a
:class:`~engine.maze.rules.PuzzleRecipe`'s families go, and may open a few walls too (a perfect maze's
single path leaves one-way passages nothing to choose between, and a hunter needs loops to be dodged).
Every candidate is solved exactly (:func:`engine.maze.rules.solver.solve_prepared` with ``analyse``) and
scored by :func:`score`, after the literature on generated logic mazes (Neller's Rook Jumping Mazes,
Abbott's logic mazes):

* a **unique** shortest solution (a second best way costs more than any length gained);
* the solution's **length** up to the difficulty's target, and its **detour** over the plain shortest walk
  (what the rules add);
* **real decisions** along the way (states on the solution with two or more moves that still win, going
  back and waiting aside), **few forced opening moves**;
* no **trap** (a state from which the goal is lost for good) unless losing is visible (a hunter).

The search is threshold accepting with restarts from the best found, on integer scores and the
deterministic :class:`engine.rng.Rng`, for a fixed number of candidates that depends only on the
recipe and the maze: the same code gives the same puzzle on every machine.  It stops early once the
target is met with a unique solution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from engine.maze.model import Maze
from engine.maze.rules import MAX_RULE_CELLS, PuzzleRecipe, Rules, RulesError
from engine.maze.rules.solver import SOLUTION_KEY, Solution, plain_distance, prepare, solve_prepared
from engine.rng import Rng

#: Share of the maze's cells the optimal solution aims at, per difficulty, and the least detour (share of
#: the target) the rules must add.
TARGET_SHARE: Final = {"easy": 0.18, "medium": 0.35, "hard": 0.50}
DETOUR_SHARE: Final = {"easy": 0.10, "medium": 0.20, "hard": 0.30}
#: The shortest target any difficulty asks for (actions).
MIN_TARGET: Final = {"easy": 6, "medium": 10, "hard": 14}
#: Key colours per difficulty (fewer when combined with other rules).
KEY_COLOURS: Final = {"easy": 1, "medium": 2, "hard": 3}
#: Candidates solved at most per puzzle (the search's budget; a count, never a time).
MAX_CANDIDATES: Final = 700
#: Candidates without a better score before the search restarts from the best found.
PATIENCE: Final = 45


@dataclass
class Draft:
    """A candidate being improved: extra open walls and the elements, by edge ids and cells."""

    opened: set[int] = field(default_factory=set)
    oneway: dict[int, bool] = field(default_factory=dict)  # edge -> walked from its higher cell to its lower
    doors: dict[int, int] = field(default_factory=dict)  # edge -> colour
    keys: dict[int, int] = field(default_factory=dict)  # colour -> cell
    hunter: int | None = None
    switches: list[int] = field(default_factory=list)
    gates: dict[int, bool] = field(default_factory=dict)  # edge -> open while the switch is off

    def copy(self) -> Draft:
        """An independent copy."""
        return Draft(set(self.opened), dict(self.oneway), dict(self.doors), dict(self.keys), self.hunter,
                     list(self.switches), dict(self.gates))

    def used_edges(self) -> set[int]:
        """Edges that carry an element."""
        return set(self.oneway) | set(self.doors) | set(self.gates)

    def used_cells(self) -> set[int]:
        """Cells that hold a key or a switch."""
        return set(self.keys.values()) | set(self.switches)


@dataclass(frozen=True, eq=False)
class Placed:
    """What :func:`place` made.

    Attributes:
        maze: the puzzle maze (the base maze with any walls opened, and its :class:`Rules`).
        solution: its exact solution (analysed).
        target: the length in actions the search aimed at.
        reached: True when the solution is unique, at least ``target`` long and adds the detour asked for.
        candidates: how many candidates were solved.
    """

    maze: Maze
    solution: Solution
    target: int
    reached: bool
    candidates: int

    def shortfall(self) -> str:
        """One line saying what was not reached ("" when :attr:`reached`)."""
        if self.reached:
            return ""
        s = self.solution
        if s.length is None:
            return "this seed gives no solvable puzzle at this difficulty; try another seed or an easier one"
        got = f"{s.length} moves" + ("" if s.unique else f", {min(s.count, 999):,} best ways")
        return (f"this seed reached {got} (aimed at {self.target} unique moves); "
                "try another seed, a bigger maze or an easier difficulty")


def target_of(recipe: PuzzleRecipe, cells: int) -> int:
    """The solution length in actions the recipe aims at on a maze of ``cells`` cells."""
    if recipe.target:
        return recipe.target
    return max(MIN_TARGET[recipe.difficulty], round(TARGET_SHARE[recipe.difficulty] * cells))


def min_detour(recipe: PuzzleRecipe, target: int) -> int:
    """The least detour over the plain shortest walk that counts as the rules mattering."""
    share = DETOUR_SHARE[recipe.difficulty] if recipe.difficulty else DETOUR_SHARE["medium"]
    return max(1, round(share * target))


def _forward_score(sol: Solution, target: int, detour_wanted: int) -> int:
    """The part of :func:`score` the forward search alone decides: length to the target, uniqueness, detour."""
    length = sol.length or 0
    value = 1000 * min(length, target) + 60 * max(0, length - target)
    value -= 4000 * (min(sol.count, 1 << 20).bit_length() - 1)
    return value + 600 * min(sol.detour, detour_wanted) + 20 * max(0, sol.detour - detour_wanted)


def score(sol: Solution, target: int, detour_wanted: int, hunted: bool) -> int:
    """The search's integer score of a candidate (higher is better; see the module text)."""
    if sol.length is None:
        return -10**9
    value = _forward_score(sol, target, detour_wanted)
    value += 150 * sol.decisions - 250 * max(0, sol.forced_opening - 1)
    if not hunted and sol.states:
        value -= (3000 * sol.traps) // sol.states
    return value


def score_bound(sol: Solution, target: int, detour_wanted: int) -> int:
    """The most :func:`score` can give a solved candidate whatever its analysis says (every state a decision,
    no forced opening, no trap): candidates below it are rejected without the analysis."""
    if sol.length is None:
        return -10**9
    return _forward_score(sol, target, detour_wanted) + 150 * sol.length


def _met(sol: Solution, target: int, detour_wanted: int) -> bool:
    return sol.length is not None and sol.unique and sol.length >= target and sol.detour >= detour_wanted


class _Search:
    """One search: the base maze, its candidate edges and cells, and the random stream."""

    def __init__(self, maze: Maze, recipe: PuzzleRecipe, rng: Rng) -> None:
        g = maze.grid
        self.maze = maze
        self.recipe = recipe
        self.rng = rng
        self.n = g.n
        self.edges = g.edges
        self.base_open = maze.passage.copy()
        # walls that may be opened: between two cells, not under a weave crossing, not stairs
        inner = ~maze.passage
        if maze.is_weave:
            inner[g.num_edges - len(maze.crossings):] = False
        self.walls = np.flatnonzero(inner)
        self.fam = set(recipe.families)
        self.colours = min(KEY_COLOURS[recipe.difficulty or "medium"], 4) if "keys" in self.fam else 0
        if "keys" in self.fam and len(self.fam) > 1:
            self.colours = max(1, self.colours - 1)
        self.path: list[tuple[int, bool]] = []  # (edge, walked upward) along the followed solution
        self.chases: dict[bytes, tuple[np.ndarray, np.ndarray]] = {}  # the hunter's tables by its passages
        nb: list[list[int]] = [[] for _ in range(self.n)]
        for e, (a, b) in enumerate(self.edges.tolist()):
            nb[a].append(e)
            nb[b].append(e)
        self.cell_edges = nb

    # -- candidates -----------------------------------------------------------
    def passage(self, d: Draft) -> np.ndarray:
        p = self.base_open.copy()
        if d.opened:
            p[sorted(d.opened)] = True
        return p

    def build(self, d: Draft) -> tuple[Maze, Rules]:
        m = Maze(self.maze.grid, self.passage(d), self.maze.start, self.maze.goal, self.maze.crossings)
        e = self.edges
        rules = Rules(
            oneway=tuple((int(e[x, 1]), int(e[x, 0])) if rev else (int(e[x, 0]), int(e[x, 1]))
                         for x, rev in sorted(d.oneway.items())),
            doors=tuple((int(e[x, 0]), int(e[x, 1]), c) for x, c in sorted(d.doors.items())),
            keys=tuple((cell, c) for c, cell in sorted(d.keys.items())),
            pursuer=d.hunter,
            switches=tuple(d.switches),
            gates=tuple((int(e[x, 0]), int(e[x, 1]), o) for x, o in sorted(d.gates.items())),
        )
        return m, rules

    def evaluate(self, d: Draft, wanted: Callable[[Solution], bool] | None = None) -> Solution:
        """Solve a candidate; analysed unless ``wanted`` says the answer up to the winning layer is enough (then
        the search stops there: a rejected candidate costs only the layers up to its optimum)."""
        m, rules = self.build(d)
        prep, plain = prepare(m, rules, self.chases), plain_distance(m)
        if wanted is not None:
            quick = solve_prepared(prep, plain, until_won=True)
            if not wanted(quick):
                return quick
        return solve_prepared(prep, plain, analyse=True)

    def follow(self, sol: Solution) -> None:
        """Remember the edges a candidate's solution walks, and which way (the search puts elements there)."""
        self.path = []
        here = self.maze.start
        lookup = self.maze.grid.edge_lookup()
        for a in sol.actions:
            if a is None or a == here:
                continue
            e = lookup.get((min(here, a), max(here, a)))
            if e is not None and e < self.maze.grid.num_edges - len(self.maze.crossings):
                self.path.append((e, here < a))  # walked from the edge's lower cell to its higher
            here = a

    def _on_path(self, d: Draft) -> tuple[int, bool] | None:
        """A free edge of the followed solution and the way it is walked, or None."""
        used = d.used_edges()
        free = [(e, up) for e, up in self.path if e not in used]
        return free[self.rng.below(len(free))] if free else None

    # -- random choices ---------------------------------------------------------
    def _free_open_edge(self, d: Draft, near: int | None = None, on_path: bool = False) -> int | None:
        if on_path:
            got = self._on_path(d)
            if got is not None:
                return got[0]
        used = d.used_edges()
        if near is not None and self.rng.below(2):
            a, b = self.edges[near].tolist()
            around = [e for c in (a, b) for e in self.cell_edges[c]]
            p = self.passage(d)
            cands = sorted({int(e) for e in around if p[e] and e not in used and e != near})
            if cands:
                return cands[self.rng.below(len(cands))]
        open_edges = np.flatnonzero(self.passage(d))
        if self.maze.is_weave:  # an under-edge is a tunnel: no element on it
            open_edges = open_edges[open_edges < self.maze.grid.num_edges - len(self.maze.crossings)]
        for _ in range(8):
            e = int(open_edges[self.rng.below(len(open_edges))])
            if e not in used:
                return e
        return None

    def _free_cell(self, d: Draft, near: int | None = None) -> int:
        taken = d.used_cells() | {self.maze.start, self.maze.goal}
        if d.hunter is not None:
            taken.add(d.hunter)
        if near is not None and self.rng.below(2):
            cands = sorted({int(c) for e in self.cell_edges[near] for c in self.edges[e].tolist()} - taken)
            if cands:
                return cands[self.rng.below(len(cands))]
        for _ in range(32):
            c = self.rng.below(self.n)
            if c not in taken:
                return c
        return next(c for c in range(self.n) if c not in taken)

    def fresh(self) -> Draft:
        """A random first candidate."""
        d = Draft()
        loops = max(1, self.n // 10) if self.fam & {"oneway", "pursuer"} else max(1, self.n // 25)
        for _ in range(min(loops, len(self.walls))):
            d.opened.add(int(self.walls[self.rng.below(len(self.walls))]))
        if "oneway" in self.fam:
            for _ in range(max(2, self.n // 12)):
                e = self._free_open_edge(d)
                if e is not None:
                    d.oneway[e] = bool(self.rng.below(2))
        for c in range(self.colours):
            e = self._free_open_edge(d)
            if e is not None:
                d.doors[e] = c
                d.keys[c] = self._free_cell(d)
        if "pursuer" in self.fam:
            d.hunter = self._free_cell(d)
        if "switches" in self.fam:
            d.switches = [self._free_cell(d)]
            for i in range(3):
                e = self._free_open_edge(d)
                if e is not None:
                    d.gates[e] = i % 2 == 0
        return d

    def mutate(self, src: Draft) -> Draft:
        """A neighbour of ``src``: one element moved, added, removed or turned, or one wall opened or closed."""
        d = src.copy()
        rng = self.rng
        kinds = ["wall"]
        if "oneway" in self.fam:
            kinds += ["oneway", "oneway", "oneway"]
        if self.colours:
            kinds += ["door", "key", "door", "key"]
        if "pursuer" in self.fam:
            kinds += ["hunter", "hunter"]
        if "switches" in self.fam:
            kinds += ["switch", "gate", "gate"]
        kind = kinds[rng.below(len(kinds))]
        if kind == "wall":
            if d.opened and rng.below(2):
                e = sorted(d.opened)[rng.below(len(d.opened))]
                d.opened.discard(e)
                for table in (d.oneway, d.doors, d.gates):
                    table.pop(e, None)
            elif len(self.walls):
                d.opened.add(int(self.walls[rng.below(len(self.walls))]))
        elif kind == "oneway":
            choice = rng.below(4)
            if d.oneway and choice == 0:
                e = sorted(d.oneway)[rng.below(len(d.oneway))]
                d.oneway[e] = not d.oneway[e]
            elif d.oneway and choice == 1:
                e = sorted(d.oneway)[rng.below(len(d.oneway))]
                del d.oneway[e]
            elif d.oneway and choice == 2:
                e = sorted(d.oneway)[rng.below(len(d.oneway))]
                to = self._free_open_edge(d, near=e)
                if to is not None:
                    del d.oneway[e]
                    d.oneway[to] = bool(rng.below(2))
            elif rng.below(2) and (against := self._on_path(d)) is not None:
                d.oneway[against[0]] = against[1]  # an arrow against the way the solution walks it
            else:
                to = self._free_open_edge(d)
                if to is not None:
                    d.oneway[to] = bool(rng.below(2))
        elif kind == "door" and d.doors:
            e = sorted(d.doors)[rng.below(len(d.doors))]
            to = self._free_open_edge(d, near=e, on_path=bool(rng.below(3) == 0))
            if to is not None:
                d.doors[to] = d.doors.pop(e)
        elif kind == "key" and d.keys:
            c = sorted(d.keys)[rng.below(len(d.keys))]
            d.keys[c] = self._free_cell(d, near=d.keys[c])
        elif kind == "hunter":
            d.hunter = self._free_cell(d, near=d.hunter)
        elif kind == "switch" and d.switches:
            i = rng.below(len(d.switches))
            d.switches[i] = self._free_cell(d, near=d.switches[i])
        elif kind == "gate":
            choice = rng.below(3)
            if d.gates and choice == 0:
                e = sorted(d.gates)[rng.below(len(d.gates))]
                d.gates[e] = not d.gates[e]
            elif d.gates and choice == 1 and len(d.gates) > 1:
                e = sorted(d.gates)[rng.below(len(d.gates))]
                del d.gates[e]
            else:
                src_e = sorted(d.gates)[rng.below(len(d.gates))] if d.gates else None
                to = self._free_open_edge(d, near=src_e, on_path=bool(rng.below(3) == 0))
                if to is not None:
                    if src_e is not None and rng.below(2):
                        d.gates[to] = d.gates.pop(src_e)
                    else:
                        d.gates[to] = bool(rng.below(2))
        return d


def place(maze: Maze, recipe: PuzzleRecipe, rng: Rng, *, budget: int = MAX_CANDIDATES) -> Placed:
    """Place ``recipe``'s elements on ``maze`` (see the module text); deterministic from ``rng``.

    Args:
        maze: the built maze (its passages are the base; a few walls may be opened).
        recipe: the rule families and difficulty.
        rng: the random stream (a recipe's own, derived from its seed).
        budget: the most candidates solved.

    Raises:
        RulesError: a maze too big for puzzle rules, or a hunter on a maze with floors.
    """
    if maze.grid.n > MAX_RULE_CELLS:
        raise RulesError(f"a puzzle maze has at most {MAX_RULE_CELLS:,} cells, this one {maze.grid.n:,}")
    if "pursuer" in recipe.families and maze.grid.floors > 1:
        raise RulesError("a hunter cannot be used on a maze with floors")
    search = _Search(maze, recipe, rng)
    target = target_of(recipe, maze.grid.n)
    wanted = min_detour(recipe, target)
    hunted = "pursuer" in recipe.families
    current = search.fresh()
    cur_sol = search.evaluate(current)
    cur_score = score(cur_sol, target, wanted, hunted)
    best, best_sol, best_score = current, cur_sol, cur_score
    used = 1
    stale = 0
    while used < budget and not _met(best_sol, target, wanted):
        search.follow(cur_sol)
        cand = search.mutate(current)
        threshold = 1500 * (budget - used - 1) // budget  # accept a little worse early on, nothing worse at the end
        floor = min(cur_score - threshold, best_score + 1)

        def worth(sol: Solution, floor: int = floor) -> bool:
            return sol.length is not None and score_bound(sol, target, wanted) >= floor

        sol = search.evaluate(cand, worth)
        used += 1
        value = score(sol, target, wanted, hunted) if sol.traps >= 0 or sol.length is None else \
            score_bound(sol, target, wanted)  # not analysed: below both bars whatever the analysis

        if value >= cur_score - threshold:
            current, cur_sol, cur_score = cand, sol, value
        if value > best_score:
            best, best_sol, best_score = cand, sol, value
            stale = 0
        else:
            stale += 1
        if stale >= PATIENCE:
            stale = 0
            if best_sol.length is None:
                current = search.fresh()
                cur_sol = search.evaluate(current)
                used += 1
            else:
                current, cur_sol = best.copy(), best_sol
            cur_score = score(cur_sol, target, wanted, hunted)
    m, rules = search.build(best)
    out = Maze(m.grid, m.passage, m.start, m.goal, m.crossings, rules=None if rules.empty else rules)
    out.memo(SOLUTION_KEY, lambda: best_sol)  # proven already: hints and the CLI ask it again
    return Placed(out, best_sol, target, _met(best_sol, target, wanted), used)
