"""The near-optimal sliding-puzzle solver for 5x5 boards and larger (beam search on pattern databases).

Modules: :mod:`.solver` (``solve_near_optimal``, ``near_available``), :mod:`.beam`
(the vectorised beam search), :mod:`.heuristics` (pattern-database and
Manhattan estimates updated move by move), :mod:`.tables` (the 5x5 tile groups
and their cached tables).
"""
