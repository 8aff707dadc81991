"""``tessera encode FILE.json|-``: the level code (``L2...``) of a maze written as JSON.

The JSON is what ``tessera generate --format json`` writes (:func:`engine.maze.export.to_json`),
possibly edited by hand: ``shape``, ``size`` ``[w, h]``, ``passages`` (0/1 per edge, in the
grid's edge order), ``start``, ``goal``, optionally ``edges`` (must be the grid's, in its
order), ``dark`` and a puzzle maze's ``rules`` (its elements, checked, carried in the code's ``R`` field).
``centres``, ``puzzle``, ``code``, ``algorithm``, ``cells`` and ``seconds`` are ignored (the
level code carries the maze itself, however it was made); ``crossings`` (a weave maze)
and ``mask`` (a shaped one) are refused, as level codes cannot carry them yet.

Every problem is one line on stderr and exit code 2 (:func:`engine.cli.main`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

import numpy as np

from engine.cli.parsing import UsageError
from engine.values import quote

__all__ = ["add_parser", "cmd_encode", "maze_from_json"]

#: JSON files larger than this are refused before reading (a 1000×1000 maze's JSON is about 40 MB).
MAX_JSON_BYTES = 200_000_000


def add_parser(sub: Any) -> None:  # argparse's subparsers action has no public type
    """Register ``encode`` on the ``tessera`` subcommand parsers."""
    p = sub.add_parser("encode", help="the level code (L2...) of a maze in JSON (as `generate --format json` writes)")
    p.add_argument("file", nargs="?", metavar="FILE.json",
                   help="the JSON file ('-' or --stdin: standard input)")
    p.add_argument("--stdin", action="store_true", help="read the JSON from standard input")
    p.add_argument("--dark", action="store_true", help="a dark level (also when the JSON says \"dark\": true)")
    p.set_defaults(func=cmd_encode)


def _read(args: argparse.Namespace) -> str:
    if args.stdin or args.file == "-":
        if args.file not in (None, "-"):
            raise UsageError("give either FILE.json or --stdin, not both")
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        first = stream.read(65_536)
        text_start = (first.lstrip() if isinstance(first, bytes | str) else first)[:1]
        if text_start and text_start not in (b"{", "{", b"\xef", "\ufeff"):  # not JSON's object: never read on
            raise UsageError("standard input is not a JSON object (as `tessera generate --format json` writes)")
        rest = stream.read(MAX_JSON_BYTES + 1 - len(first)) if len(first) == 65_536 else first[:0]
        raw = first + rest
        if len(raw) > MAX_JSON_BYTES:
            raise UsageError(f"the JSON on standard input is larger than {MAX_JSON_BYTES} bytes")
        return raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else str(raw)
    if args.file is None:
        raise UsageError("give a JSON file (as `tessera generate --format json` writes), or - for standard input")
    from engine.reader import read_text

    return read_text(args.file, limit=MAX_JSON_BYTES)  # regular files only, never a FIFO or a device


def _grid_name(shape: str, width: int, height: int, floors: int) -> str:
    return f"{shape} {width}x{height}" + (f" of {floors} floors" if floors > 1 else "")


def _floors(obj: dict[str, Any], shape: str, width: int, height: int) -> int:
    """The JSON's ``floors`` (1 when absent): 1..8, more than 1 only on square and hex grids.

    The ``edges`` of a maze with floors list every vertical pair as a stair candidate after the floors' own
    edges (what ``generate --floors N --format json`` writes); ``cell_floor``, ``stairs`` and
    ``stairs_share`` follow from the passages and are not needed.
    """
    floors = obj.get("floors", 1)
    if isinstance(floors, bool) or not isinstance(floors, int) or not 1 <= floors <= 8:
        raise UsageError(f"\"floors\" must be a whole number 1..8, got {quote(json.dumps(floors), 30)}")
    if floors > 1:
        from engine.maze.grids.floors import check_floors

        try:
            check_floors(shape, floors)
        except ValueError as exc:
            raise UsageError(f"\"floors\": {exc}") from None
    return floors


def _int(obj: dict[str, Any], key: str) -> int:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"\"{key}\" must be a whole number, got {quote(json.dumps(value), 30)}")
    return value


def maze_from_json(text: str) -> tuple[Any, bool]:
    """The :class:`engine.maze.model.Maze` and dark flag of a maze's JSON (see the module docstring).

    Raises:
        UsageError: not JSON, or a field missing, of the wrong type, or not matching the grid (one line).
        CodeError: a weave or shaped maze.
    """
    from engine.codes import CodeError
    from engine.maze.grids import canonical_shape, check_grid_size, make_grid
    from engine.maze.level_format import NOT_SHAPED_OR_WEAVE, grid_counts
    from engine.maze.model import Maze
    from engine.reader import parse_json

    obj = parse_json(text, "the input")  # ReadError (a ValueError): too deep or not JSON, one line
    if not isinstance(obj, dict):
        raise UsageError("the JSON must be an object (as `tessera generate --format json` writes)")
    if obj.get("crossings") or obj.get("weave") or obj.get("mask"):
        raise CodeError(NOT_SHAPED_OR_WEAVE)
    for key in ("shape", "size", "passages", "start", "goal"):
        if key not in obj:
            raise UsageError(f"the JSON has no \"{key}\" (as `tessera generate --format json` writes)")
    if not isinstance(obj["shape"], str):
        raise UsageError("\"shape\" must be a name (square, hex, triangle, polar or upsilon)")
    shape = canonical_shape(obj["shape"])  # ValueError: unknown shape, naming the known ones
    size = obj["size"]
    if not isinstance(size, list) or len(size) != 2:
        raise UsageError("\"size\" must be [width, height]")
    width, height = check_grid_size(shape, size[0], size[1])
    floors = _floors(obj, shape, width, height)
    cells, num_edges = grid_counts(shape, width, height, floors)
    passages = obj["passages"]
    if not isinstance(passages, list) or any(p not in (0, 1) for p in passages):
        raise UsageError("\"passages\" must be a list of 0 and 1 (one per edge)")
    if len(passages) != num_edges:
        raise UsageError(f"\"passages\" has {len(passages)} entries; a {_grid_name(shape, width, height, floors)} "
                         f"grid has {num_edges} edges")
    start, goal = _int(obj, "start"), _int(obj, "goal")
    for key, v in (("start", start), ("goal", goal)):
        if not 0 <= v < cells:
            raise UsageError(f"\"{key}\" cell {v} is outside 0..{cells - 1}")
    dark = obj.get("dark", False)
    if not isinstance(dark, bool):
        raise UsageError("\"dark\" must be true or false")
    grid = make_grid(shape, width, height)
    if floors > 1:
        from engine.maze.grids.floors import stack_grid

        grid = stack_grid(grid, floors)
    if "edges" in obj:
        edges = obj["edges"]
        try:
            arr = np.asarray(edges)  # no dtype: strings ("3") or true/false stay what they are and are refused
        except (ValueError, TypeError, OverflowError):
            arr = None
        if arr is not None and arr.size and arr.dtype.kind not in "iu":
            raise UsageError("\"edges\" must be pairs of whole numbers (cell indexes), as generate writes them")
        if arr is None or arr.shape != (num_edges, 2):
            count = len(edges) if isinstance(edges, list) else "no list of"
            raise UsageError(f"\"edges\" has {count} pairs; a {_grid_name(shape, width, height, floors)} grid has "
                             f"{num_edges} edges")
        bad = np.flatnonzero((arr != grid.edges).any(axis=1))
        if bad.size:
            i = int(bad[0])
            raise UsageError(f"\"edges\" entry {i} is {arr[i].tolist()} but the grid's edge {i} is "
                             f"{grid.edges[i].tolist()} (edges must be the grid's, in its order)")
    rules = None
    if obj.get("rules") is not None:  # a puzzle maze: its elements travel in the level code's R field
        from engine.maze.rules import Rules

        if not isinstance(obj["rules"], dict):
            raise UsageError("\"rules\" must be an object, as generate writes it for a puzzle maze")
        try:
            rules = Rules.from_json(obj["rules"])
            rules.check(Maze(grid, np.asarray(passages, dtype=bool), start, goal))
        except ValueError as exc:
            raise UsageError(f"\"rules\": {exc}") from None
    return Maze(grid, np.asarray(passages, dtype=bool), start, goal, rules=rules), dark


def cmd_encode(args: argparse.Namespace) -> int:
    """The ``encode`` subcommand: print the level code (stdout/stderr as redirected by :func:`engine.cli.main`)."""
    from engine.maze.level_format import encode

    maze, dark = maze_from_json(_read(args))
    out: TextIO = sys.stdout
    out.write(encode(maze, dark or bool(args.dark)) + "\n")
    return 0
