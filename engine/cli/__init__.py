"""The ``tessera`` command line: everything that needs no window.

Subcommands: ``list``, ``generate``, ``solve``, ``stats``, ``daily`` and
``puzzle`` (``solve``, ``shuffle``, ``bench``); ``play`` and ``lab`` are parsed
here too (so ``--help`` and bad arguments never open a window) and handed to
the ``open_window`` callback of :func:`main`, which :mod:`game.launcher` gives.

Every error a user can cause ends in one line on stderr and exit code 2, never
a traceback; values are checked by :mod:`engine.args` (ASCII digits only, the
engine's one seed range, one ``WxH`` parser).  An unexpected exception (a bug)
prints one ``internal error`` line and exits with 1 (``TESSERA_DEBUG=1`` shows
the traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from engine.args import (
    SEED_MAX,
    check_output_path,
    one_line,
    parse_number,
    parse_seed,
    parse_size,
    parse_uint,
    quote,
    write_error,
    write_file,
)
from engine.cli.parsing import OneLineParser, UsageError, arg_type
from engine.codes import CodeError
from engine.maze.masks import Mask
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec

__all__ = ["PROG", "USAGE_ERROR", "UsageError", "WINDOW_COMMANDS", "build_parser", "main"]

PROG = "tessera"
USAGE_ERROR = 2
INTERNAL_ERROR = 1
#: Subcommands that open the game window (parsed here, run by ``main``'s ``open_window``).
WINDOW_COMMANDS = ("play", "lab")
MAX_COUNT = 100_000
MAX_RUNS = 10_000

_Parser = OneLineParser  # kept for callers of the old name


def _parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``--option KEY=VALUE`` items as a dict (keys lower case).

    Raises:
        UsageError: not ``key=value``, or a key given twice (option values are checked by the
            generator: :func:`engine.maze.generators.growing_tree.parse_rule` for ``rule``).
    """
    out: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not key:
            raise UsageError(f"option {quote(item)} is not of the form key=value")
        if key in out:
            raise UsageError(f"option '{one_line(key)}' is given twice")
        out[key] = value.strip()
    return out


def _spec_from_args(args: argparse.Namespace) -> MazeSpec:
    """A MazeSpec from ``--code`` or from ``--shape/--algo/--size/...``; given names are checked first."""
    if args.code is not None:
        given = [f"--{n}" for n in ("shape", "algo", "size", "seed", "braid", "weave", "option", "mask", "mask_text")
                 if getattr(args, n) is not None]
        given = [g.replace("_", "-") for g in given]
        if given:
            raise UsageError(f"give either --code or {', '.join(given)}, not both (the code holds them all)")
        return MazeSpec.from_code(args.code)
    from engine.maze.generators import get_generator
    from engine.maze.grids import canonical_shape

    if args.shape is not None:
        canonical_shape(args.shape)
    if args.algo is not None:
        get_generator(args.algo)
    missing = [f"--{n}" for n in ("shape", "algo", "size") if getattr(args, n) is None]
    if missing:
        raise UsageError(f"missing {', '.join(missing)} (or give --code)")
    w, h = parse_size(args.size)
    braid = 0.0 if args.braid is None else args.braid
    seed = 0 if args.seed is None else args.seed
    weave = 0.0 if args.weave is None else args.weave
    return MazeSpec.create(args.shape, w, h, args.algo, _parse_options(args.option), braid=braid, seed=seed,
                           mask=_mask_from_args(args), weave=weave)


def _mask_from_args(args: argparse.Namespace) -> Mask | None:
    """The mask of ``--mask NAME|FILE`` or ``--mask-text TEXT`` (not both), or None.

    Raises:
        UsageError: both given; ValueError: an unknown name, a bad text or an unreadable picture.
    """
    if args.mask is not None and args.mask_text is not None:
        raise UsageError("give either --mask or --mask-text, not both")
    if args.mask is not None:
        return Mask.parse(args.mask)
    if args.mask_text is not None:
        return Mask.text(args.mask_text)
    return None


def _note(args: argparse.Namespace, text: str) -> None:
    """A one-line note for the user on stderr (not an error: the command goes on)."""
    if text:
        err = getattr(args, "err", None) or sys.stderr
        err.write(f"{PROG}: note: {one_line(text)}\n")


def _level_code(args: argparse.Namespace, spec: MazeSpec, maze: Maze | None = None) -> str | None:
    """The spec's code, or None (with a note) when its mask is a picture too big for a code.

    Also notes cells a mask left out (``maze``'s grid, when given)."""
    note = getattr(maze.grid, "note", None) if maze is not None else None
    if note is not None:
        _note(args, note())
    if spec.mask is not None and not spec.mask.codable:
        _note(args, spec.mask.too_big())
        return None
    return spec.code()


SEED_TYPE = arg_type(parse_seed)
WEAVE_TYPE = arg_type(parse_number, what="weave", lo=0.0, hi=1.0)
SEED_HELP = f"random seed, 0..{SEED_MAX} (2**64-1)"


def _add_maze_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--code", help="a maze code (instead of the options below)")
    p.add_argument("--shape", help="square, hex, triangle, polar or upsilon")
    p.add_argument("--algo", help="generator name (see `tessera list`)")
    p.add_argument("--size", help="WxH in cells (polar: base sectors x rings)")
    p.add_argument("--seed", type=SEED_TYPE, default=None, help=SEED_HELP + "; default 0")
    p.add_argument("--braid", type=arg_type(parse_number, what="braid", lo=0.0, hi=1.0), default=None,
                   help="share of dead ends removed, 0..1 (default 0)")
    p.add_argument("--weave", type=WEAVE_TYPE, default=None,
                   help="weave: how often a crossing (a passage over another) is allowed, 0..1; square and hex, "
                        "graph generators only (default 0)")
    p.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="generator option, e.g. rule=newest:3,random:1"
    )
    p.add_argument("--mask", metavar="NAME|FILE.png",
                   help="cut the grid to a shape: a built-in mask (see `tessera list`) or a black-and-white "
                        "picture (dark = inside; up to 1600 pixels it travels in the code)")
    p.add_argument("--mask-text", metavar="TEXT",
                   help="cut the grid to a text in the built-in font (A-Z, 0-9, space, -; up to 12 characters)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand (window ones included, so their ``--help`` needs no window)."""
    parser = OneLineParser(
        prog=PROG,
        description="Tessera: mazes on five tessellations and the sliding puzzle.",
        epilog="With no subcommand, `tessera` opens the game window.",
    )
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser, metavar="COMMAND")

    sub.add_parser("list", help="tessellations, generators (with the shapes each supports), solvers, masks, pictures")

    g = sub.add_parser("generate", help="generate mazes (ASCII, SVG, PNG, JSON)")
    _add_maze_args(g)
    g.add_argument("--count", type=arg_type(parse_uint, what="count", lo=1, hi=MAX_COUNT), default=1,
                   help=f"number of mazes (seeds N, N+1, ...), 1..{MAX_COUNT}; default 1")
    g.add_argument("--format", choices=["ascii", "svg", "png", "json", "jsonl"], default=None)
    g.add_argument("-o", "--output", help="output file (default: standard output; PNG needs a file)")
    g.add_argument("--solution", action="store_true", help="draw the shortest path (ascii, svg, png)")
    g.add_argument("--dark", action="store_true",
                   help="a dark level (fog of war): the code carries the flag, JSON says \"dark\": true")

    s = sub.add_parser("solve", help="solve a maze and print the path")
    _add_maze_args(s)
    s.add_argument("--solver", default="bfs", help="solver name (see `tessera list`); default bfs")
    s.add_argument("--format", choices=["text", "json"], default="text")

    st = sub.add_parser("stats", help="the seed-000 statistics table over N runs")
    st.add_argument("--shape", required=True)
    st.add_argument("--algo", required=True, help="a generator name or 'all'")
    st.add_argument("--size", required=True, help="WxH")
    st.add_argument("--runs", type=arg_type(parse_uint, what="runs", lo=1, hi=MAX_RUNS), default=10,
                    help=f"mazes per generator, 1..{MAX_RUNS}; default 10")
    st.add_argument("--seed", type=SEED_TYPE, default=0, help=SEED_HELP + " (runs use seed, seed+1, ...)")
    st.add_argument("--option", action="append", metavar="KEY=VALUE")
    st.add_argument("--mask", metavar="NAME|FILE.png", help="compare on the grid cut to this shape")
    st.add_argument("--mask-text", metavar="TEXT", help="compare on the grid cut to this text")
    st.add_argument("--weave", type=WEAVE_TYPE, default=0.0,
                    help="weave mazes with this crossing share, 0..1 (with 'all': the generators that can weave)")
    st.add_argument("--format", choices=["table", "json", "csv"], default="table")

    d = sub.add_parser("daily", help="the daily challenge's code (the same for everyone that UTC day)")
    d.add_argument("--date", help="YYYY-MM-DD (default: today, UTC)")

    from engine.cli.puzzle import add_parser as add_puzzle

    add_puzzle(sub)
    from engine.cli.show import add_parser as add_show

    add_show(sub)

    pl = sub.add_parser("play", help="open the game window on any maze, race, ghost or puzzle code")
    pl.add_argument("code", nargs="?", metavar="CODE", help="a level code (without one: the main menu)")
    pl.add_argument("--players", type=int, choices=(1, 2), default=1,
                    help="2: two players on one keyboard (WASD against arrows) race on the maze of a maze or "
                         "race code")
    lab = sub.add_parser("lab", help="open the Lab window (watch generators and solvers step by step)")
    lab.add_argument("code", nargs="?", metavar="CODE", help="a maze code to open (default: the Lab's setup)")
    return parser


def _duo_maze_code(code: str | None) -> str:
    """The maze code two players race for ``tessera play CODE --players 2`` (a maze code, or a race code's maze).

    Raises:
        UsageError: no code, or a code of another kind (ghost, puzzle).
        CodeError: the code does not decode (the decoder's sentence).
    """
    from engine.codes import decode_any
    from engine.modes.race.duo import duo_maze

    if code is None:
        raise UsageError("play --players 2 needs a maze or race code (two players race on its maze)")
    decoded = decode_any(code)
    maze = duo_maze(decoded)
    if maze is None:
        raise UsageError(f"play --players 2 races a maze: '{code}' is a {decoded.KIND} code; give a maze or race code")
    return maze.code()


# -- commands ----------------------------------------------------------------
def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """Print tessellations, generators, solvers and the puzzle pictures."""
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
    """Keys after ``seconds``: ``"weave"`` (percent) when woven, ``"dark": true`` when dark, ``"mask"``
    (kind, name, cells dropped) when shaped."""
    extra: dict[str, object] = {}
    if spec.weave:
        extra["weave"] = spec.weave
    if spec.dark:
        extra["dark"] = True
    if spec.mask is not None:
        extra["mask"] = {**spec.mask.describe(), "dropped": int(getattr(maze.grid, "dropped", 0))}
    return extra


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    """Generate one or more mazes and write them in the chosen format."""
    from engine.maze import export
    from engine.maze.solvers import solve

    t0 = time.perf_counter()
    spec = _spec_from_args(args)  # a shaped maze's grid is cut here (checked, then kept for the build)
    cut_secs = time.perf_counter() - t0 if spec.mask is not None else 0.0
    if args.dark:
        spec = spec.with_dark()
    fmt = args.format or ("png" if args.output and args.output.lower().endswith(".png") else "ascii")
    if fmt == "ascii" and spec.weave:
        raise UsageError("ASCII output cannot show weave crossings; use --format svg, png or json")
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
    code = _level_code(args, spec, maze)
    path = solve(maze, "bfs").path if args.solution else None
    if fmt in ("json", "svg"):  # streamed: a million-cell document is never held whole
        if args.output is None:
            _write_streamed(maze, fmt, out, spec, secs, path, code)
            return 0
        try:
            with open(args.output, "w", encoding="utf-8") as sink:
                _write_streamed(maze, fmt, sink, spec, secs, path, code)
        except OSError as exc:
            raise UsageError(write_error(args.output, exc)) from None
        return 0
    if fmt == "png":
        try:
            export.to_png(maze, args.output, path=path)
        except OSError as exc:
            raise UsageError(write_error(args.output, exc)) from None
        return 0
    data = _with_newline(export.to_ascii(maze, path=path))
    if args.output is not None:
        write_file(args.output, data)
    else:
        out.write(data)
    return 0


def _write_streamed(maze: Maze, fmt: str, sink: TextIO, spec: MazeSpec, secs: float, path: list[int] | None,
                    code: str | None) -> None:
    """Write ``maze`` as JSON or SVG to ``sink`` piece by piece (never the whole document in memory)."""
    from engine.maze import export

    if fmt == "json":
        export.write_json(maze, sink, code=code, seconds=secs, algorithm=spec.algorithm,
                          extra=_json_extra(spec, maze) or None)
    else:
        export.write_svg(maze, sink, path=path)
    sink.write("\n")


def _with_newline(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def _write_jsonl(args: argparse.Namespace, spec: MazeSpec, count: int, output: str | None, out: TextIO,
                 cut_secs: float = 0.0) -> None:
    """One JSON object per line for seeds ``seed, seed+1, ...`` (wrapping at 2**64), to ``output`` or ``out``.

    ``cut_secs`` (the time a mask took to cut the grid, shared by every seed) is added to the first maze's seconds.

    Raises:
        ValueError: the file cannot be opened or written (one line).
    """

    try:
        sink = open(output, "w", encoding="utf-8") if output is not None else out  # noqa: SIM115
    except OSError as exc:
        raise ValueError(write_error(output or "", exc)) from None
    try:
        for i in range(count):
            one = spec.with_seed((spec.seed + i) & SEED_MAX)
            maze, secs = _timed_build(one)
            secs += cut_secs if i == 0 else 0.0
            code = _level_code(args, one, maze if i == 0 else None)
            sink.write(json.dumps(_json_of(one, maze, secs, code), separators=(",", ":")) + "\n")
    except OSError as exc:
        if output is None:
            raise
        raise ValueError(write_error(output, exc)) from None
    finally:
        if sink is not out:
            sink.close()


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve a maze with the chosen solver."""
    from engine.maze.solvers import get_solver, solve

    spec = _spec_from_args(args)
    get_solver(args.solver)
    maze = spec.build()
    code = _level_code(args, spec, maze)
    t0 = time.perf_counter()
    res = solve(maze, args.solver)
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
        out.write(f"{code or '(no code)'}  {spec.label()}\n")
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
        raise UsageError(f"the seeds --seed .. --seed + --runs - 1 must stay in 0..{SEED_MAX}; "
                         f"--seed {args.seed} with --runs {args.runs} goes past it")
    mask = _mask_from_args(args)
    if gen is None:
        algos = [g.name for g in GENERATORS.values() if shape in g.shapes and (mask is None or g.masks)]
        if args.weave:
            from engine.maze.weave import weave_generators

            algos = [a for a in algos if a in weave_generators()]
    else:
        if shape not in gen.shapes:
            supported = ", ".join(gen.shapes)
            raise UsageError(f"generator '{gen.name}' does not run on {shape} grids (it supports: {supported})")
        if mask is not None and not gen.masks:
            from engine.maze.generators import mask_refusal

            raise UsageError(mask_refusal(gen))
        algos = [gen.name]
    options = _parse_options(args.option)
    if mask is not None and not args.weave:
        from engine.maze.grids.masked import masked_grid

        # Cut once: compare() finds this grid in the cut-grid cache while it is held here.
        grid = masked_grid(shape, w, h, mask)
        _note(args, grid.note())
    rows = compare(shape, w, h, algos, args.runs, args.seed, options=options, mask=mask, weave=args.weave)
    out.write(format_table(rows, fmt=args.format) + "\n")
    return 0


def cmd_daily(args: argparse.Namespace, out: TextIO) -> int:
    """Print the daily challenge's code and what it is."""
    import datetime as dt
    import re

    from engine.modes.daily import daily_spec, utc_today

    if args.date is not None:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", args.date.strip()):
            raise UsageError(f"date {quote(args.date)} is not of the form YYYY-MM-DD")
        try:
            day = dt.date.fromisoformat(args.date.strip())
        except ValueError as exc:
            raise UsageError(f"date {quote(args.date)} is not a calendar date ({exc})") from None
    else:
        day = utc_today()
    spec = daily_spec(day)
    out.write(f"{spec.code()}  {day.isoformat()}: {spec.label()}\n")
    return 0


#: Window-less subcommands: name -> handler(args, out) -> exit code.  ``puzzle`` registers ``func`` itself.
COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "list": cmd_list,
    "generate": cmd_generate,
    "solve": cmd_solve,
    "stats": cmd_stats,
    "daily": cmd_daily,
}


def _error(err: TextIO, message: str) -> None:
    """Write ``tessera: error: <message>`` as exactly one line."""
    err.write(f"{PROG}: error: {one_line(message.strip()) or 'bad input'}\n")


def main(
    argv: Sequence[str] | None = None,
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
    open_window: Callable[[list[str]], int] | None = None,
) -> int:
    """Run a subcommand; returns the exit code.

    Args:
        argv: the arguments after ``tessera`` (default ``sys.argv[1:]``).
        out, err: where output and errors go (default ``sys.stdout`` / ``sys.stderr``).
        open_window: called with ``["play", CODE]`` / ``["lab", CODE]`` (CODE optional) once the
            arguments of a window subcommand are valid; without it those subcommands are an error.

    Returns:
        0 on success, 2 for anything the user got wrong (one line on ``err``), 1 for a bug
        (one ``internal error`` line; ``TESSERA_DEBUG=1`` re-raises it), or what a command returns.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        with contextlib.redirect_stdout(out):  # argparse prints --help on sys.stdout
            args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(out)
            return 0
        if args.command in WINDOW_COMMANDS:
            window_args = [args.command] + ([args.code] if args.code is not None else [])
            if getattr(args, "players", 1) == 2:
                window_args = ["duo", _duo_maze_code(args.code)]
            if open_window is None:
                raise UsageError(f"'{args.command}' opens the game window: run it as `tessera {args.command}` "
                                 "(python -m game.launcher)")
        else:
            return _run_command(args, out, err)
    except SystemExit as exc:  # --help / --version from argparse
        return exc.code if isinstance(exc.code, int) else 0
    except (CodeError, ValueError) as exc:  # UsageError is a ValueError
        _error(err, str(exc))
        return USAGE_ERROR
    except BrokenPipeError:  # e.g. `tessera generate ... | head`
        return 0
    except KeyboardInterrupt:
        _error(err, "interrupted")
        return 130
    except Exception as exc:  # noqa: BLE001 - a bug: one line, the traceback only on request
        if os.environ.get("TESSERA_DEBUG"):
            raise
        _error(err, f"internal error (a bug; TESSERA_DEBUG=1 shows the traceback): {type(exc).__name__}: {exc}")
        return INTERNAL_ERROR
    assert open_window is not None
    return open_window(window_args)  # outside the guard: the game reports its own errors


def _run_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    handler = COMMANDS.get(args.command)
    args.err = err  # for notes (a mask that dropped cells, a maze with no code)
    if handler is not None:
        return int(handler(args, out) or 0)
    func = getattr(args, "func", None)  # subcommands that register themselves (puzzle)
    if func is None:
        raise UsageError(f"unknown command '{args.command}'")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        return int(func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
