"""The maze subcommands: ``list``, ``generate``, ``solve``, ``stats``, ``daily``.

Each handler takes the parsed arguments and the output stream and returns the
exit code; bad input raises :class:`ValueError` (one line, exit code 2 in
:func:`engine.cli.main`).  The writers themselves are pure
(:mod:`engine.maze.export`); choosing the format, the output file and the
streaming is done here.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from engine.cli.maze_args import (
    code_for_output,
    floors_from_args,
    level_from_args,
    mask_from_args,
    note,
    parse_options,
    spec_from_args,
)
from engine.cli.parsing import UsageError
from engine.cli.rules import ascii_legend, puzzle_json, report_placement, solve_rules
from engine.maze.export import NO_ASCII_FLOORS
from engine.maze.level_code import LevelCode
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.output import check_output_path, open_output, open_output_bytes, write_output
from engine.rng import SEED_MAX
from engine.values import parse_size

__all__ = ["COMMANDS", "cmd_daily", "cmd_generate", "cmd_list", "cmd_solve", "cmd_stats"]


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """Print tessellations, generators, solvers and the puzzle pictures; with ``--levels``, the campaign.

    Raises:
        UsageError: ``--format`` without ``--levels``.
    """
    if getattr(args, "levels", False):
        return _list_levels(out, args.format or "text")
    if getattr(args, "format", None) is not None:
        raise UsageError("--format goes with --levels (tessera list --levels --format json)")
    from engine.maze.generators import GENERATORS
    from engine.maze.grids import SHAPES
    from engine.maze.solvers import SOLVERS
    from engine.puzzle.pictures import PICTURES

    out.write("Tessellations (--shape):\n")
    for info in SHAPES.values():
        out.write(f"  {info.name:<10} {info.min_size}..{info.max_size}  {info.summary}\n")
    out.write("\nGenerators (--algo):\n")
    for gen in GENERATORS.values():
        opts = "".join(f" [{k}: {v}]" for k, v in gen.options.items())
        out.write(f"  {gen.name:<15} {', '.join(gen.shapes):<40} {gen.summary}{opts}\n")
    from engine.maze.weave import WEAVE_SHAPES, weave_generators

    out.write(f"  weave (--weave 0..1) on {', '.join(WEAVE_SHAPES)} with: {', '.join(weave_generators())}\n")
    from engine.maze.grids.floors import FLOOR_SHAPES

    able = ", ".join(g.name for g in GENERATORS.values() if g.floors)
    out.write(f"  floors (--floors 2..8, --stairs 0.01..1) on {', '.join(FLOOR_SHAPES)} with: {able}\n")
    out.write("\nSolvers (--solver):\n")
    for sol in SOLVERS.values():
        out.write(f"  {sol.name:<17} {sol.summary}\n")
    from engine.maze.masks import BUILTIN

    out.write("\nMasks (generate --mask NAME, or --mask FILE.png, or --mask-text TEXT):\n")
    for name, (summary, _) in BUILTIN.items():
        out.write(f"  {name:<17} {summary}\n")
    out.write("\nPuzzle pictures (tessera puzzle shuffle --picture):\n")
    for name, summary in PICTURES.items():
        out.write(f"  {name:<17} {summary}\n")
    return 0


def campaign_rows() -> list[dict[str, object]]:
    """One row per shipped campaign level, in play order: ``world``, ``id``, ``name``, ``code``, ``shape``,
    ``rules`` (the rule families, ``[]`` for a plain maze), ``par_moves`` and ``par_time`` (seconds).
    Nothing is built: the codes come from the recipes."""
    from engine.modes.campaign import shipped_campaign

    rows: list[dict[str, object]] = []
    for lv in shipped_campaign().levels:
        recipe = lv.recipe
        puzzle = recipe.puzzle if recipe is not None else None
        par_time = int(lv.par_time) if float(lv.par_time).is_integer() else lv.par_time
        rows.append({
            "world": lv.world, "id": lv.id, "name": lv.name, "code": lv.code(),
            "shape": recipe.shape if recipe is not None else "",
            "rules": list(puzzle.families) if puzzle is not None else [],
            "par_moves": lv.par_moves, "par_time": par_time,
        })
    return rows


def _list_levels(out: TextIO, fmt: str) -> int:
    """``tessera list --levels``: the campaign as JSON (``{"levels": [...]}``, :func:`campaign_rows`) or a table."""
    from engine.maze.rules import FAMILY_WORDS

    rows = campaign_rows()
    if fmt == "json":
        out.write(json.dumps({"levels": rows}, ensure_ascii=False, indent=1) + "\n")
        return 0
    heads = ("World", "Level", "Rules", "Par moves", "Par time", "Code")
    table = [(str(r["world"]), str(r["name"]),
              " + ".join(FAMILY_WORDS[str(f)] for f in r["rules"]) or "-",  # type: ignore[attr-defined]
              str(r["par_moves"]), f"{r['par_time']} s", str(r["code"])) for r in rows]
    widths = [max(len(h), *(len(t[i]) for t in table)) for i, h in enumerate(heads)]
    for line in (heads, *table):
        out.write("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip() + "\n")
    worlds = len({r["world"] for r in rows})
    puzzles = sum(1 for r in rows if r["rules"])
    out.write(f"\n{len(rows)} levels in {worlds} worlds, {puzzles} of them puzzle mazes\n")
    return 0


def _timed_build(spec: MazeSpec) -> tuple[Maze, float]:
    t0 = time.perf_counter()
    maze = spec.build()
    return maze, time.perf_counter() - t0


def _json_of(spec: MazeSpec, maze: Maze, seconds: float, code: str | None) -> dict[str, object]:
    """The JSON object of one generated maze (:func:`engine.maze.export.to_json`, plus :func:`_json_extra`)."""
    from engine.maze import export

    obj = export.to_json(maze, code=code, seconds=seconds, algorithm=spec.algorithm)
    obj.update(_json_extra(spec, maze))
    return obj


def _json_extra(spec: MazeSpec, maze: Maze) -> dict[str, object]:
    """Keys after ``seconds``: ``"weave"`` (percent) when woven, ``"stairs"`` (the share allowed, percent)
    with floors, ``"dark": true`` when dark, ``"mask"`` (kind, name, cells dropped) when shaped."""
    extra: dict[str, object] = {}
    if spec.weave:
        extra["weave"] = spec.weave
    if spec.floors > 1:
        extra["stairs_share"] = spec.stairs
    if spec.dark:
        extra["dark"] = True
    if spec.mask is not None:
        extra["mask"] = {**spec.mask.describe(), "dropped": int(getattr(maze.grid, "dropped", 0))}
    extra.update(puzzle_json(spec, maze))
    return extra


#: ``generate -o FILE`` without ``--format``: the format its ending names.
FORMAT_OF_ENDING = {".png": "png", ".svg": "svg", ".json": "json", ".jsonl": "jsonl", ".txt": "ascii"}


def default_format(shape: str, weave: bool, floors: int, output: str | None, count: int) -> str:
    """``generate``'s format when ``--format`` is left out: the one ``output``'s ending names
    (:data:`FORMAT_OF_ENDING`), else JSON lines for more than one maze, ASCII for a plain one-floor square
    maze and SVG (the picture every browser opens) for any other grid, weave or floors."""
    ending = Path(output).suffix.lower() if output else ""
    if ending in FORMAT_OF_ENDING:
        return FORMAT_OF_ENDING[ending]
    if count > 1:
        return "jsonl"
    return "ascii" if shape == "square" and not weave and floors == 1 else "svg"


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    """Generate one or more mazes and write them in the chosen format."""
    held = level_from_args(args)
    if held is not None:
        return _generate_held(args, out, held)
    t0 = time.perf_counter()
    spec = spec_from_args(args)  # a shaped maze's grid is cut here (checked, then kept for the build)
    cut_secs = time.perf_counter() - t0 if spec.mask is not None else 0.0
    if args.dark:
        spec = spec.with_dark()
    fmt = args.format or default_format(spec.shape, bool(spec.weave), spec.floors, args.output, args.count)
    if fmt == "ascii" and spec.weave:
        raise UsageError("ASCII output cannot show weave crossings; use --format svg, png or json")
    if fmt == "ascii" and spec.floors > 1:
        raise UsageError(NO_ASCII_FLOORS)
    if fmt == "ascii" and spec.shape != "square":
        raise UsageError(f"ASCII output is for square mazes only; use --format svg, png or json for {spec.shape}")
    if args.count > 1 and fmt != "jsonl":
        raise UsageError("--count above 1 needs --format jsonl")
    if fmt == "png" and not args.output:
        raise UsageError("PNG output needs a file: add -o FILE.png")
    if args.output is not None:
        check_output_path(args.output)  # before any maze is built

    if fmt == "jsonl":
        _write_jsonl(args, spec, args.count, args.output, out, cut_secs)
        return 0

    maze, secs = _timed_build(spec)
    secs += cut_secs
    code = code_for_output(args, spec, maze)
    report_placement(args, spec)
    path = _solution_path(maze) if args.solution else None
    if fmt in ("json", "svg"):  # streamed: a million-cell document is never held whole
        if args.output is None:
            _write_streamed(maze, fmt, out, spec, secs, path, code)
            return 0
        with open_output(args.output) as sink:
            _write_streamed(maze, fmt, sink, spec, secs, path, code)
        return 0
    return _write_picture(maze, fmt, args, out, path)


def _solution_path(maze: Maze) -> list[int]:
    """The cells of the shortest way to draw: a puzzle maze's optimal actions (waits leave no mark), else BFS."""
    from engine.maze.solvers import solve

    if maze.rules is None:
        return solve(maze, "bfs").path
    from engine.maze.rules.solver import best_way

    return best_way(maze)


def _write_picture(maze: Maze, fmt: str, args: argparse.Namespace, out: TextIO, path: list[int] | None) -> int:
    """PNG into ``args.output``, or ASCII into it or ``out``; returns the exit code (0).

    Raises:
        UsageError: the file cannot be written (one line).
    """
    from engine.maze import export

    if fmt == "png":
        with open_output_bytes(args.output) as sink:
            export.to_png(maze, sink, path=path)
        return 0
    _emit(args, out, _with_newline(export.to_ascii(maze, path=path)) + ascii_legend(maze))
    return 0


def _emit(args: argparse.Namespace, out: TextIO, data: str) -> None:
    """``data`` into ``args.output`` when given, else onto ``out``."""
    if args.output is not None:
        write_output(args.output, data)
    else:
        out.write(data)


def _generate_held(args: argparse.Namespace, out: TextIO, held: LevelCode) -> int:
    """``generate --code L2...``: write the maze a level code holds (nothing is generated).

    JSON has the same ``edges``, ``passages``, ``start`` and ``goal`` as the JSON the code was
    encoded from; ``algorithm`` is null and ``seconds`` 0.
    """
    from engine.maze import export

    if args.dark:
        held = held.with_dark()
    fmt = args.format or default_format(held.shape, False, held.floors, args.output, args.count)
    if fmt == "ascii" and held.floors > 1:
        raise UsageError(NO_ASCII_FLOORS)
    if fmt == "ascii" and held.shape != "square":
        raise UsageError(f"ASCII output is for square mazes only; use --format svg, png or json for {held.shape}")
    if args.count > 1:
        raise UsageError("a level code holds one maze: --count must be 1")
    if fmt == "png" and not args.output:
        raise UsageError("PNG output needs a file: add -o FILE.png")
    if args.output is not None:
        check_output_path(args.output)
    maze = held.maze()
    code = held.code()
    extra: dict[str, object] = {"dark": True} if held.dark else {}
    extra.update(puzzle_json(None, maze))
    if fmt == "jsonl":
        data = json.dumps(export.to_json(maze, code=code, seconds=0.0) | extra, separators=(",", ":")) + "\n"
    elif fmt in ("json", "svg"):
        path = _solution_path(maze) if args.solution else None
        if args.output is None:
            _write_maze(maze, fmt, out, None, 0.0, path, code, extra)
            return 0
        with open_output(args.output) as sink:
            _write_maze(maze, fmt, sink, None, 0.0, path, code, extra)
        return 0
    else:
        return _write_picture(maze, fmt, args, out, _solution_path(maze) if args.solution else None)
    _emit(args, out, data)
    return 0


def _write_streamed(
    maze: Maze, fmt: str, sink: TextIO, spec: MazeSpec, secs: float, path: list[int] | None, code: str | None
) -> None:
    """Write ``maze`` as JSON or SVG to ``sink`` piece by piece (never the whole document in memory)."""
    _write_maze(maze, fmt, sink, spec.algorithm, secs, path, code, _json_extra(spec, maze))


def _write_maze(
    maze: Maze,
    fmt: str,
    sink: TextIO,
    algorithm: str | None,
    secs: float,
    path: list[int] | None,
    code: str | None,
    extra: dict[str, object],
) -> None:
    """Write ``maze`` as JSON or SVG to ``sink`` piece by piece (never the whole document in memory)."""
    from engine.maze import export

    if fmt == "json":
        export.write_json(maze, sink, code=code, seconds=secs, algorithm=algorithm, extra=extra or None)
    else:
        export.write_svg(maze, sink, path=path)
    sink.write("\n")


def _with_newline(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def _write_jsonl(
    args: argparse.Namespace, spec: MazeSpec, count: int, output: str | None, out: TextIO, cut_secs: float = 0.0
) -> None:
    """One JSON object per line for seeds ``seed, seed+1, ...`` (wrapping at 2**64), to ``output`` or ``out``.

    ``cut_secs`` (the time a mask took to cut the grid, shared by every seed) is added to the first maze's seconds.

    Raises:
        ValueError: the file cannot be opened or written (one line).
    """
    with open_output(output) if output is not None else contextlib.nullcontext(out) as sink:
        for i in range(count):
            one = spec.with_seed((spec.seed + i) & SEED_MAX)
            maze, secs = _timed_build(one)
            secs += cut_secs if i == 0 else 0.0
            code = code_for_output(args, one, maze if i == 0 else None)
            sink.write(json.dumps(_json_of(one, maze, secs, code), separators=(",", ":")) + "\n")


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve a maze with the chosen solver."""
    from engine.maze.solvers import get_solver, solve

    held = level_from_args(args)  # a level code holds the maze itself
    spec = spec_from_args(args) if held is None else None
    code: str | None
    if held is not None:
        maze, code, label = held.maze(), held.code(), held.label()
    else:
        assert spec is not None
        maze = spec.build()
        code, label = code_for_output(args, spec, maze), spec.label()
    if maze.rules is not None:
        return solve_rules(args, out, maze, code, label)
    solver = "bfs" if args.solver is None else args.solver
    get_solver(solver)
    t0 = time.perf_counter()
    res = solve(maze, solver)
    secs = time.perf_counter() - t0
    length = len(res.path) - 1
    if args.format == "json":
        obj = {
            "code": code,
            "solver": res.solver,
            "path": res.path,
            "length": length,
            "visited": res.visited,
            "walk_length": len(res.walk) - 1,
            "fallback": res.fallback,
            "seconds": secs,
        }
        out.write(json.dumps(obj) + "\n")
    else:
        out.write(f"{code or '(no code)'}  {label}\n")
        out.write(f"solver {res.solver}: path of {length} moves, {res.visited} cells visited, {secs * 1000:.1f} ms")
        out.write(f" (fell back to {res.fallback})\n" if res.fallback else "\n")
        out.write(" ".join(map(str, res.path)) + "\n")
    return 0


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    """Print the statistics comparison over ``--runs`` mazes per algorithm."""
    from engine.maze.analysis import compare, format_table
    from engine.maze.generators import GENERATORS, get_generator
    from engine.maze.grids import canonical_shape, check_grid_size

    shape = canonical_shape(args.shape)
    gen = None if args.algo.strip().lower() == "all" else get_generator(args.algo)
    w, h = check_grid_size(shape, *parse_size(args.size))
    if args.seed + args.runs - 1 > SEED_MAX:
        raise UsageError(
            f"the seeds --seed .. --seed + --runs - 1 must stay in 0..{SEED_MAX}; "
            f"--seed {args.seed} with --runs {args.runs} goes past it"
        )
    mask = mask_from_args(args)
    if gen is None:
        algos = [g.name for g in GENERATORS.values() if shape in g.shapes and (mask is None or g.masks)]
        if args.weave:
            from engine.maze.weave import weave_generators

            algos = [a for a in algos if a in weave_generators()]
        if args.floors > 1:
            algos = [a for a in algos if GENERATORS[a].floors]
    else:
        if shape not in gen.shapes:
            supported = ", ".join(gen.shapes)
            raise UsageError(f"generator '{gen.name}' does not run on {shape} grids (it supports: {supported})")
        if mask is not None and not gen.masks:
            from engine.maze.generators import mask_refusal

            raise UsageError(mask_refusal(gen))
        algos = [gen.name]
    options = parse_options(args.option)
    if mask is not None and not args.weave:
        from engine.maze.grids.masked import masked_grid

        # Cut once: compare() finds this grid in the cut-grid cache while it is held here.
        grid = masked_grid(shape, w, h, mask)
        note(args, grid.note())
    floors, stairs = floors_from_args(args)
    rows = compare(shape, w, h, algos, args.runs, args.seed, options=options, mask=mask, weave=args.weave,
                   floors=floors, stairs=stairs)
    out.write(format_table(rows, fmt=args.format) + "\n")
    return 0


def cmd_daily(args: argparse.Namespace, out: TextIO) -> int:
    """Print the daily challenge's code and what it is, then the daily puzzle maze's and its proven par."""
    from engine.modes.daily import daily_spec, utc_today
    from engine.values import parse_day

    day = parse_day(args.date) if args.date is not None else utc_today()
    spec = daily_spec(day)
    out.write(f"{spec.code()}  {day.isoformat()}: {spec.label()}\n")
    from engine.maze.rules.solver import solution_of
    from engine.modes.daily import puzzle_maze_daily

    puzzle = puzzle_maze_daily(day)
    par = solution_of(puzzle.build()).length
    out.write(f"{puzzle.code()}  {day.isoformat()} puzzle maze: {puzzle.title()}, par {par} moves (the fewest)\n")
    return 0


#: Window-less subcommands: name -> handler(args, out) -> exit code.  ``puzzle`` registers ``func`` itself.
COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "list": cmd_list,
    "generate": cmd_generate,
    "solve": cmd_solve,
    "stats": cmd_stats,
    "daily": cmd_daily,
}
