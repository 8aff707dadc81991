"""Presentation helpers shared by the game's views (no arcade here): times, counts, stars, what a saved code holds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.records import format_time as format_time  # the one formatter of times (the CSV's too)
from engine.records import record_time as record_time  # 0:12.89: every recorded time on every screen
from engine.records import running_time as running_time  # 0:12: a clock while it runs
from engine.words import count as count  # the one plural helper (engine.words)

STAR, NO_STAR = "\u2605", "\u2606"


def moves_over(moves: int, par: int) -> str:
    """``"  ·  3 moves over"``: the star missed by moves against ``par`` (``""`` at or under par)."""
    return f"  ·  {count(moves - par, 'move')} over" if moves > par else ""


def time_over(seconds: float, par: float) -> str:
    """``"  ·  0:00.80 over"`` (after the par): the star missed by time, as the two clocks read (:func:`format_time` of
    both, then their difference, so it is what the eye subtracts); ``""`` at or under par."""
    from engine.records import time_gap

    gap = time_gap(seconds, par)
    return f"  ·  {gap} over" if gap != format_time(0) else ""


def maze_words(shape: str, width: int, height: int, floors: int = 1, dark: bool = False, weave: bool = False,
               shaped: bool = False) -> str:
    """``hexagon 9×7, 2 floors, dark``: a maze in a player's words (no generator, no code)."""
    extras = [w for w, on in (("shaped", shaped), ("weave", weave), (f"{floors} floors", floors > 1),
                              ("dark", dark)) if on]
    return f"{player_shape(shape)} {width}×{height}" + "".join(f", {w}" for w in extras)


def player_label(level: Any) -> str:  # an engine.level.Level
    """``hexagon 20×15, 3 floors, dark``: a level described in a player's words (no generator, no options)."""
    floors = f", {level.floors} floors" if level.floors > 1 else ""
    return f"{player_shape(level.shape)} {level.width}×{level.height}{floors}{', dark' if level.dark else ''}"


def daily_maze_name(spec: Any) -> str:  # an engine.maze.recipe.MazeSpec
    """``hexagon 20×14``: the daily maze's one name, as the Dailies, its play screen and its share line say it
    (the grid in a player's words and its size)."""
    return f"{player_shape(spec.shape)} {spec.width}×{spec.height}"


def player_shape(shape: str) -> str:
    """``"hexagon"`` for the engine's ``"hex"``: a grid's name as the game says it (unknown names unchanged)."""
    from engine.maze.grids import player_name

    return player_name(shape)


def star_text(stars: int) -> str:
    """``★★☆`` for 2 of 3 stars (0..3)."""
    return STAR * stars + NO_STAR * (3 - stars)


@dataclass(frozen=True)
class SavedCodeSummary:
    """What a saved code holds, for a list of saved levels: ``kind`` (``maze``, ``race``, ``ghost``, ``puzzle``,
    ``level``; ``""`` when it does not decode), a short ``text`` in players' words, and the decoder's sentence
    (``error``) when it does not decode."""

    kind: str
    text: str
    error: str | None = None


def summarize(code: str) -> SavedCodeSummary:
    """Kind and list text of ``code``, its kind's own words (:meth:`engine.codes.Decoded.list_text`: ``maze ·
    hexagon 9×7, dark``, ``hand-made · hexagon 8×6``); never raises: a code that does not decode says so."""
    from engine.codes import CodeError, decode_any

    try:
        decoded = decode_any(code)
    except CodeError as exc:
        return SavedCodeSummary("", "code does not decode", str(exc))
    except Exception as exc:  # a saved code must never break the list
        return SavedCodeSummary("", "code does not decode", str(exc) or type(exc).__name__)
    return SavedCodeSummary(decoded.KIND, decoded.list_text())


def floor_text(floor: int, floors: int) -> str:
    """``floor 2/3``: the floor a player is on (``floor`` 0-based, shown 1-based) of ``floors``; "" for one floor."""
    return f"floor {floor + 1}/{floors}" if floors > 1 else ""


def moves_texts(moves: int, par_moves: int, par_time: float, floor: int = 0, floors: int = 1) -> tuple[str, str]:
    """The maze HUD's counters, long and short: moves against the par; with ``floors`` > 1 the floor indicator
    first (``floor`` 0-based, shown 1-based: the floor the player is on, of how many)."""
    long = f"moves {moves}  ·  par {par_moves} moves, {format_time(par_time)}"
    short = f"{moves} / {par_moves} moves"
    if floors > 1:
        where = floor_text(floor, floors)
        return f"{where} · {long}", f"{where} · {short}"
    return long, short

