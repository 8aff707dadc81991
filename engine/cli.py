"""The ``tessera`` command line: everything that needs no window.

Subcommands: ``list``, ``generate``, ``solve``, ``stats`` and ``puzzle``
(``solve``, ``shuffle``, ``bench``).  Bad arguments print one line on stderr
and exit with code 2, never a traceback.  The game itself is started by
:mod:`game.launcher`, which hands every other subcommand to :func:`main`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from engine.codes import CodeError
from engine.maze import Maze
from engine.maze_code import MazeSpec

PROG = "tessera"
USAGE_ERROR = 2


class UsageError(Exception):
    """Bad input on the command line; the message is one line."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parse_options(items: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"option '{item}' is not of the form key=value")
        out[key.strip().lower()] = value.strip()
    return out


def _parse_size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    if not sep or not w.strip().isdigit() or not h.strip().isdigit():
        raise UsageError(f"size '{text}' is not of the form WxH (for example 20x15)")
    return int(w), int(h)


def _spec_from_args(args: argparse.Namespace) -> MazeSpec:
    """A MazeSpec from ``--code`` or from ``--shape/--algo/--size/...``."""
    if args.code:
        if args.shape or args.algo or args.size:
            raise UsageError("give either --code or --shape/--algo/--size, not both")
        return MazeSpec.from_code(args.code)
    missing = [f"--{n}" for n in ("shape", "algo", "size") if not getattr(args, n)]
    if missing:
        raise UsageError(f"missing {', '.join(missing)} (or give --code)")
    w, h = _parse_size(args.size)
    return MazeSpec.create(
        args.shape, w, h, args.algo, _parse_options(args.option), braid=args.braid, seed=args.seed
    )


def _add_maze_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--code", help="a maze code (instead of the options below)")
    p.add_argument("--shape", help="square, hex, triangle, polar or upsilon")
    p.add_argument("--algo", help="generator name (see `tessera list`)")
    p.add_argument("--size", help="WxH in cells (polar: base sectors x rings)")
    p.add_argument("--seed", type=int, default=0, help="random seed, 0..2**64-1 (default 0)")
    p.add_argument("--braid", type=float, default=0.0, help="share of dead ends removed, 0..1 (default 0)")
    p.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="generator option, e.g. rule=newest:3,random:1"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every window-less subcommand."""
    parser = _Parser(
        prog=PROG,
        description="Tessera: mazes on five tessellations and the sliding puzzle.",
        epilog="In a window: `tessera` opens the game, `tessera play CODE` opens any maze, race, ghost or "
        "puzzle code, `tessera lab [CODE]` opens the Lab.",
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    sub.add_parser("list", help="tessellations, generators (with the shapes each supports) and solvers")

    g = sub.add_parser("generate", help="generate mazes (ASCII, SVG, PNG, JSON)")
    _add_maze_args(g)
    g.add_argument("--count", type=int, default=1, help="number of mazes (seeds N, N+1, ...); default 1")
    g.add_argument("--format", choices=["ascii", "svg", "png", "json", "jsonl"], default=None)
    g.add_argument("-o", "--output", help="output file (default: standard output; PNG needs a file)")
    g.add_argument("--solution", action="store_true", help="draw the shortest path (ascii, svg, png)")

    s = sub.add_parser("solve", help="solve a maze and print the path")
    _add_maze_args(s)
    s.add_argument("--solver", default="bfs", help="solver name (see `tessera list`); default bfs")
    s.add_argument("--format", choices=["text", "json"], default="text")

    st = sub.add_parser("stats", help="the seed-000 statistics table over N runs")
    st.add_argument("--shape", required=True)
    st.add_argument("--algo", required=True, help="a generator name or 'all'")
    st.add_argument("--size", required=True, help="WxH")
    st.add_argument("--runs", type=int, default=10)
    st.add_argument("--seed", type=int, default=0)
    st.add_argument("--option", action="append", metavar="KEY=VALUE")
    st.add_argument("--format", choices=["table", "json", "csv"], default="table")

    d = sub.add_parser("daily", help="the daily challenge's code (the same for everyone that UTC day)")
    d.add_argument("--date", help="YYYY-MM-DD (default: today, UTC)")

    try:
        from engine.puzzle.cli import add_parser as add_puzzle
    except ImportError:  # pragma: no cover - the puzzle package is part of the install
        add_puzzle = None
    if add_puzzle is not None:
        add_puzzle(sub)
    from engine.show import add_parser as add_show

    add_show(sub)
    return parser


# -- commands ----------------------------------------------------------------
def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """Print tessellations, generators, solvers and the puzzle pictures."""
    from engine.generators import GENERATORS
    from engine.grids import SHAPES
    from engine.puzzle.pictures import PICTURES
    from engine.solvers import SOLVERS

    out.write("Tessellations (--shape):\n")
    for info in SHAPES.values():
        out.write(f"  {info.name:<10} {info.min_size}..{info.max_size}  {info.summary}\n")
    out.write("\nGenerators (--algo):\n")
    for gen in GENERATORS.values():
        opts = "".join(f" [{k}: {v}]" for k, v in gen.options.items())
        out.write(f"  {gen.name:<15} {', '.join(gen.shapes):<40} {gen.summary}{opts}\n")
    out.write("\nSolvers (--solver):\n")
    for sol in SOLVERS.values():
        out.write(f"  {sol.name:<17} {sol.summary}\n")
    out.write("\nPuzzle pictures (tessera puzzle shuffle --picture):\n")
    for name, summary in PICTURES.items():
        out.write(f"  {name:<17} {summary}\n")
    return 0


def _timed_build(spec: MazeSpec) -> tuple[Maze, float]:
    t0 = time.perf_counter()
    maze = spec.build()
    return maze, time.perf_counter() - t0


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    """Generate one or more mazes and write them in the chosen format."""
    from engine import export
    from engine.solvers import solve

    spec = _spec_from_args(args)
    if not 1 <= args.count <= 100_000:
        raise UsageError(f"--count must be in 1..100000, got {args.count}")
    fmt = args.format or ("png" if args.output and args.output.lower().endswith(".png") else "ascii")
    if fmt == "ascii" and spec.shape != "square":
        raise UsageError(f"ASCII output is for square mazes only; use --format svg, png or json for {spec.shape}")
    if args.count > 1 and fmt != "jsonl":
        raise UsageError("--count above 1 needs --format jsonl")
    if fmt == "png" and not args.output:
        raise UsageError("PNG output needs a file: add -o FILE.png")

    if fmt == "jsonl":
        sink = open(args.output, "w", encoding="utf-8") if args.output else out  # noqa: SIM115
        try:
            for i in range(args.count):
                one = spec.with_seed((spec.seed + i) & ((1 << 64) - 1))
                maze, secs = _timed_build(one)
                obj = export.to_json(maze, code=one.code(), seconds=secs, algorithm=one.algorithm)
                sink.write(json.dumps(obj, separators=(",", ":")) + "\n")
        finally:
            if sink is not out:
                sink.close()
        return 0

    maze, secs = _timed_build(spec)
    path = solve(maze, "bfs").path if args.solution else None
    if fmt == "json":
        text = json.dumps(export.to_json(maze, code=spec.code(), seconds=secs, algorithm=spec.algorithm))
    elif fmt == "svg":
        text = export.to_svg(maze, path=path)
    elif fmt == "png":
        export.to_png(maze, args.output, path=path)
        return 0
    else:
        text = export.to_ascii(maze, path=path)
    if args.output:
        Path(args.output).write_text(text + ("" if text.endswith("\n") else "\n"), encoding="utf-8")
    else:
        out.write(text + ("" if text.endswith("\n") else "\n"))
    return 0


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve a maze with the chosen solver."""
    from engine.solvers import get_solver, solve

    spec = _spec_from_args(args)
    get_solver(args.solver)
    maze = spec.build()
    t0 = time.perf_counter()
    res = solve(maze, args.solver)
    secs = time.perf_counter() - t0
    length = len(res.path) - 1
    if args.format == "json":
        obj = {
            "code": spec.code(),
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
        out.write(f"{spec.code()}  {spec.label()}\n")
        out.write(f"solver {res.solver}: path of {length} moves, {res.visited} cells visited, {secs * 1000:.1f} ms")
        out.write(f" (fell back to {res.fallback})\n" if res.fallback else "\n")
        out.write(" ".join(map(str, res.path)) + "\n")
    return 0


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    """Print the statistics comparison over ``--runs`` mazes per algorithm."""
    from engine.analysis import compare, format_table
    from engine.generators import GENERATORS, get_generator
    from engine.grids import canonical_shape, check_size

    shape = canonical_shape(args.shape)
    w, h = check_size(shape, *_parse_size(args.size))
    if not 1 <= args.runs <= 10_000:
        raise UsageError(f"--runs must be in 1..10000, got {args.runs}")
    if args.algo.lower() == "all":
        algos = [g.name for g in GENERATORS.values() if shape in g.shapes]
    else:
        gen = get_generator(args.algo)
        if shape not in gen.shapes:
            supported = ", ".join(gen.shapes)
            raise UsageError(f"generator '{gen.name}' does not run on {shape} grids (it supports: {supported})")
        algos = [gen.name]
    options = _parse_options(args.option)
    rows = compare(shape, w, h, algos, args.runs, args.seed, options=options)
    out.write(format_table(rows, fmt=args.format) + "\n")
    return 0


def cmd_daily(args: argparse.Namespace, out: TextIO) -> int:
    """Print the daily challenge's code and what it is."""
    import datetime as dt

    from engine.daily import daily_spec, utc_today

    if args.date:
        try:
            day = dt.date.fromisoformat(args.date)
        except ValueError:
            raise UsageError(f"date '{args.date}' is not of the form YYYY-MM-DD") from None
    else:
        day = utc_today()
    spec = daily_spec(day)
    out.write(f"{spec.code()}  {day.isoformat()}: {spec.label()}\n")
    return 0


COMMANDS = {"list": cmd_list, "generate": cmd_generate, "solve": cmd_solve, "stats": cmd_stats, "daily": cmd_daily}


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run a window-less subcommand; returns the exit code (2 for bad input)."""
    out = out or sys.stdout
    err = err or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(out)
            return 0
        handler = COMMANDS.get(args.command)
        if handler is not None:
            return int(handler(args, out) or 0)
        func = getattr(args, "func", None)  # subcommands that register themselves (puzzle)
        if func is None:
            raise UsageError(f"unknown command '{args.command}'")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return int(func(args) or 0)
    except (UsageError, CodeError, ValueError) as exc:
        err.write(f"{PROG}: error: {exc}\n")
        return USAGE_ERROR
    except BrokenPipeError:  # e.g. `tessera generate ... | head`
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
