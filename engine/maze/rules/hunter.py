"""The hunter's moves: Abbott's minotaur generalised to any grid.

One **step**: of the hunter's open neighbours (:meth:`RuleTables.passable`: one-way passages along their
arrow, gates while open, never a door) take the one whose cell centre is nearest in straight-line distance
to the player's centre; candidates within :data:`TIE` of the nearest are tied and the lowest cell id wins.
The hunter moves there only if the chosen cell's distance is smaller than its own by more than
:data:`TIE`; else it stays.  After every player action the hunter takes two steps; landing on the player's
cell catches them.

Distances come from the grid's centres as the JSON export writes them (drawing units), so anyone can
check a puzzle from its JSON alone.
"""

from __future__ import annotations

import numpy as np

from engine.maze.rules.tables import RuleTables

#: Two distances closer than this are equal (drawing units; cells are about 1 unit across).
TIE = 1e-9
#: The hunter's table entry for "the player is caught".
CAUGHT = -1


def distance_matrix(centres: np.ndarray) -> np.ndarray:
    """``(n, n)`` float64 straight-line distances between cell centres ``(n, 2)``."""
    c = np.asarray(centres, dtype=np.float64)
    dx = c[:, None, 0] - c[None, :, 0]
    dy = c[:, None, 1] - c[None, :, 1]
    return np.sqrt(dx * dx + dy * dy)


def step_table(tables: RuleTables, dist: np.ndarray, sw: int) -> np.ndarray:
    """``(n, n)`` int32: where a hunter on cell ``h`` steps when the player stands on cell ``p`` (``[h, p]``).

    Args:
        tables: the compiled maze.
        dist: :func:`distance_matrix` of its centres.
        sw: the switch state, 0 or 1 (gates).
    """
    n = tables.n
    ok = tables.passable(sw)
    cands = []
    best = np.full((n, n), np.inf)
    for j in range(tables.slots):  # each neighbour slot's distances to every player cell, and the nearest
        q = np.where(ok[:, j], tables.target[:, j], -1)
        if not (q >= 0).any():
            continue
        d = dist[np.maximum(q, 0)]
        d[q < 0] = np.inf
        np.minimum(best, d, out=best)
        cands.append((q, d))
    chosen = np.full((n, n), n, dtype=np.int64)
    near = np.full((n, n), np.inf)
    for q, d in cands:  # the lowest id within TIE of the nearest, and its own distance
        pick = (d <= best + TIE) & (q[:, None] < chosen)
        chosen = np.where(pick, q[:, None], chosen)
        near = np.where(pick, d, near)
    moves = near < dist - TIE  # the chosen cell's distance against the hunter's own, dist[h, p]
    stay = np.broadcast_to(np.arange(n)[:, None], (n, n))
    return np.where(moves, chosen, stay).astype(np.int32)


def chase_tables(tables: RuleTables, dist: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The hunter's one-step tables ``(switch states, n, n)`` (:func:`step_table` per switch state) and its
    two-step table ``(switch states, n * n)``, index ``h * n + p``: its cell after both steps, or
    :data:`CAUGHT` where either step lands on the player's cell ``p``."""
    n = tables.n
    players = np.broadcast_to(np.arange(n)[None, :], (n, n))
    steps = np.empty((tables.switch_states, n, n), dtype=np.int32)
    chase = np.empty((tables.switch_states, n * n), dtype=np.int32)
    gated = bool((tables.gate != 0).any())
    for sw in range(tables.switch_states):
        if sw and not gated:  # no gate: the switch changes nothing for the hunter
            steps[sw], chase[sw] = steps[0], chase[0]
            continue
        first = steps[sw] = step_table(tables, dist, sw)
        second = first[first, players]
        caught = (first == players) | (second == players)
        chase[sw] = np.where(caught, CAUGHT, second).reshape(-1)
    return steps, chase


def hunter_steps(steps: np.ndarray, hunter: int, player: int, sw: int) -> list[int]:
    """The hunter's two steps one by one, read from :func:`chase_tables`' one-step tables (for drawing each and
    for a game in play): the cells it stands on after each; a caught player shows as the player's cell."""
    first = int(steps[sw, hunter, player]) if hunter != player else hunter
    second = int(steps[sw, first, player]) if first != player else first
    return [first, second]
