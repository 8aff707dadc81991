"""Which cells a click may walk to in a lit maze: the way known so far, then along corridors up to the next fork.

A click must not solve the maze for the player (a shortest path to the goal through unexplored forks would), but
in a lit maze every cell is in view, so refusing a cell further down the corridor the player is in, round a bend,
reads as a bug ("Too far: click a cell you have seen").  :func:`up_to_forks` widens the cells a click may cross
from what the player has walked or sees down straight runs to every cell reached from them without choosing a
way at a fork: a corridor (two ways or fewer) is followed to its end, a fork is included and not passed.  No
choice the player has not made is made for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

FORK = 3  # a cell with this many open ways or more is a fork: a click's walk may end on it, never pass it


def up_to_forks(ways: Sequence[Sequence[int]], known: Iterable[int]) -> set[int]:
    """The cells ``known`` plus every cell reached from them along corridors, stopping on (not past) a fork.

    Args:
        ways: ``ways[c]`` lists the cells open from ``c`` (any directed or undirected lists over ``0..n-1``).
        known: the cells already walked or in sight; each is a source and is kept.

    Returns:
        A new set; a cell outside ``known`` is in it when a chain of cells with fewer than :data:`FORK` ways
        links it to a known cell (it may itself be a fork).  Linear in the cells reached.
    """
    region = set(known)
    stack = list(region)
    while stack:
        cell = stack.pop()
        for n in ways[cell]:
            if n not in region:
                region.add(n)
                if len(ways[n]) < FORK:  # a corridor or a dead end: follow it on; a fork: stop on it
                    stack.append(n)
    return region
