"""The result every puzzle solver returns, and the errors they share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

ProgressFn = Callable[[float, str], None]
"""``progress(fraction in 0..1, message)``: called during long work."""

CancelFn = Callable[[], bool]
"""``cancel() -> bool``: polled during long work; True stops it."""


class SolverStopped(Exception):
    """A search ended without a solution: time budget spent, cancelled or node limit reached.

    ``reason`` is ``"timeout"``, ``"cancelled"``, ``"limit"`` or ``"bound"`` (the optimal solver found no
    solution within the length it was given); ``result`` holds
    the statistics gathered so far (its ``moves`` is empty).
    """

    def __init__(self, reason: str, result: SolveResult) -> None:
        super().__init__(f"The solver stopped without a solution ({reason}).")
        self.reason = reason
        self.result = result


@dataclass
class SolveResult:
    """What a solver reports.

    Attributes:
        solver: ``"fast"`` (layered A*), ``"optimal"`` (pattern-database search)
            or ``"table"`` (exact distance table, small boards).
        moves: the blank's moves, a string over ``UDLR``; empty if already solved.
        nodes: positions expanded (for batched searches: positions generated
            and kept, summed over iterations).
        seconds: wall-clock time of the solve.
        optimal: True only when ``moves`` is proven shortest.
        boosts: random boosts made (fast solver).
        layers: layers (top row + left column) locked (fast solver).
        iterations: f-bound iterations (optimal solver).
        extra: other solver-specific figures.
    """

    solver: str
    moves: str
    nodes: int
    seconds: float
    optimal: bool
    boosts: int = 0
    layers: int = 0
    iterations: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def length(self) -> int:
        """Number of moves."""
        return len(self.moves)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (includes ``length``)."""
        d = asdict(self)
        d["length"] = self.length
        return d
