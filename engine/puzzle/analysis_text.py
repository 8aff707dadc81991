"""A solve's analysis (:class:`engine.puzzle.analysis.SolveAnalysis`) in players' words and as JSON: the one
phrasing the CLI (``tessera puzzle analyse``) and the game's win screen share."""

from __future__ import annotations

from typing import Any

from engine.puzzle.analysis import Loss, SolveAnalysis, positions, slide_words
from engine.puzzle.board import Board


def plural(n: int, word: str) -> str:
    """``"1 move"``, ``"14 moves"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def band_words(low: int, high: int | None) -> str:
    """A distance or band in words: ``"62 moves"``, ``"between 88 and 97 moves"``, ``"at least 88 moves"``."""
    if high is None:
        return f"at least {plural(low, 'move')}"
    if high == low:
        return plural(low, "move")
    return f"between {low} and {plural(high, 'move')}"


def summary(a: SolveAnalysis) -> str:
    """The headline: ``"You lost 14 moves in 6 places."`` (so far, while it grows; bands: the proven part)."""
    losses = a.losses()
    lost = sum(x.lost for x in losses)
    if not a.finished and not losses:
        return "Looking for the moves you lost…"
    if not losses:
        if a.exact and a.finished:
            return "No moves lost: every move took you closer to solved."
        return "No lost moves proven at this size." if not a.exact else "No moves lost so far…"
    least = "" if a.exact else "at least "
    tail = "." if a.finished else " so far…"
    return f"You lost {least}{plural(lost, 'move')} in {plural(len(losses), 'place')}{tail}"


def start_words(a: SolveAnalysis) -> str:
    """``"The fewest moves from the start: 62 (proven)."`` or a band."""
    lo, hi = a.bounds(0)
    if a.optimal is not None:
        return f"The fewest moves from the start: {a.optimal} (proven)."
    if a.exact:
        return "The fewest moves from the start: being measured…"
    return f"The fewest moves from the start: {band_words(lo, hi)} (not proven at this size)."


def loss_words(a: SolveAnalysis, loss: Loss, boards: list[Board] | None = None) -> str:
    """One loss: ``"Move 12: slide 7 left took you further (2 moves lost); better: slide 3 up."``."""
    bs = boards if boards is not None else positions(a.start, a.moves)
    before = bs[loss.move - 1]
    what = slide_words(before, a.moves[loss.move - 1])
    line = f"Move {loss.move}: {what} took you further ({plural(loss.lost, 'move')} lost)"
    if loss.better:
        return f"{line}; better: {slide_words(before, loss.better)}."
    if a.distance(loss.move - 1) == 0:
        return f"{line}; the board was solved already."
    return f"{line}."


def analysis_lines(a: SolveAnalysis) -> list[str]:
    """The CLI's text: the start's fewest moves, the headline, each loss, the distances after each move."""
    boards = positions(a.start, a.moves)
    lines = [f"{a.start.width}x{a.start.height}, {plural(a.count, 'move')}. {start_words(a)}", summary(a)]
    lines += [loss_words(a, x, boards) for x in a.losses()]
    if a.exact:
        ds = " ".join("?" if d is None else str(d) for d in a.distances)
        lines.append(f"Moves from solved, at the start and after each move: {ds}")
    else:
        bands = " ".join(f"{lo}-{'?' if hi is None else hi}" for lo, hi in zip(a.low, a.high, strict=True))
        lines.append(f"Moves from solved (at least - at most), at the start and after each move: {bands}")
    lines.append("Moves are the blank's: U up, D down, L left, R right (the tile beside it slides the other way).")
    return lines


def analysis_json(a: SolveAnalysis) -> dict[str, Any]:
    """The JSON of ``tessera puzzle analyse``: ``optimal`` (None when not proven, then ``bounds`` says more),
    ``bounds`` ``[low, high]`` of the start, ``moves`` (letters), ``length``, ``distances`` (the start's, then after
    each move; None where not proven), ``bands`` (``[low, high]`` per position), ``losses`` (``move``, ``lost``,
    ``better``), ``lost`` (their sum) and ``exact``."""
    losses = a.losses()
    return {
        "size": f"{a.start.width}x{a.start.height}",
        "exact": a.exact,
        "optimal": a.optimal,
        "bounds": list(a.bounds(0)),
        "moves": a.moves,
        "length": a.count,
        "distances": a.distances,
        "bands": [[lo, hi] for lo, hi in zip(a.low, a.high, strict=True)],
        "losses": [{"move": x.move, "lost": x.lost, "better": x.better} for x in losses],
        "lost": sum(x.lost for x in losses),
    }
