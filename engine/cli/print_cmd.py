"""``tessera print``: a maze workbook as a PDF, with answer keys.

    tessera print --count 12 --shape hex --algo wilson --size 14x12 -o hex.pdf
    tessera print --difficulty hard --count 20 --per-page 2 --title "Friday mazes" -o hard.pdf
    tessera print --codes "The Tower" M2.S2X2.BT#9UQ0-I3 my_pack.toml -o book.pdf
    tessera print --codes M2.S7X6.BT.QOKPSM#2W-NT --solutions after --marker-size 8 --line-weight 0.6 -o rules.pdf

The mazes come from ``generate``'s options (``--count`` seeds from ``--seed`` on), a ``--difficulty``
preset, or ``--codes`` (maze or level codes, campaign world names, level packs, files of codes).
The output path is checked before any work (:mod:`engine.output`); a failure leaves no partial file and an
existing PDF whole until the new one is complete; ``-o -`` writes the PDF on standard output.
Every maze is labelled with its difficulty and what to do, over a legend of its marks (Start, Finish, stairs,
bridges, a puzzle maze's elements); answer keys number a puzzle maze's waits.
Every problem is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.cli.parsing import UsageError
from engine.words import count

__all__ = ["MAX_MAZES", "add_parser", "cmd_print"]

#: The most mazes one workbook may hold.
MAX_MAZES = 2000


def add_parser(sub: Any, add_maze_args: Any) -> None:  # argparse's subparsers action, a callable
    """Register ``print`` on the ``tessera`` subcommand parsers (``add_maze_args`` adds generate's options)."""
    from engine.cli.parsing import arg_type
    from engine.output import REPLACES
    from engine.printing.options import DIFFICULTIES, LINE_MM, MARKER_MM, PAGES, PER_PAGE, SOLUTIONS
    from engine.values import parse_number, parse_uint

    p = sub.add_parser("print", help="a PDF workbook of mazes with answer keys (any grid, codes or campaign worlds)")
    add_maze_args(p)
    p.add_argument("--count", type=arg_type(parse_uint, what="count", lo=1, hi=MAX_MAZES), default=None,
                   help=f"number of mazes from the options above (seeds N, N+1, ...), 1..{MAX_MAZES}; default 1")
    p.add_argument("--difficulty", choices=list(DIFFICULTIES),
                   help="a preset size and way of carving (easy 10x12, medium 20x24, hard 30x36); --shape may "
                        "change the grid")
    p.add_argument("--codes", nargs="+", metavar="CODE|WORLD|FILE",
                   help="print these instead: maze or level codes, campaign world names (\"The Tower\"), level "
                        "packs (.toml) or files of codes (one per line)")
    p.add_argument("--page", choices=list(PAGES), default="a4", help="paper size (default a4)")
    p.add_argument("--per-page", type=int, choices=list(PER_PAGE), default=1, help="mazes per page (default 1)")
    p.add_argument("--solutions", choices=list(SOLUTIONS), default="end",
                   help="answer keys at the end (default), after each page of mazes, or none")
    p.add_argument("--title", default="", help="printed at the top of every page (default: the world's name "
                                               "when printing one campaign world or pack world, else none)")
    p.add_argument("--name-lines", action=argparse.BooleanOptionalAction, default=True,
                   help="Name / Class / Date lines at the top of every maze page (on by default; --no-name-lines "
                        "leaves them out)")
    p.add_argument("--line-weight", type=arg_type(parse_number, what="--line-weight", lo=LINE_MM[0], hi=LINE_MM[1]),
                   default=None, metavar="MM",
                   help=f"the walls' width in millimetres, {LINE_MM[0]:g}..{LINE_MM[1]:g} (default: a tenth of a cell)")
    p.add_argument("--marker-size", type=arg_type(parse_number, what="--marker-size", lo=MARKER_MM[0],
                                                  hi=MARKER_MM[1]), default=None, metavar="MM",
                   help=f"the Start (a disc with S) and Finish (a framed square with F) marks' size in millimetres, "
                        f"{MARKER_MM[0]:g}..{MARKER_MM[1]:g} (default: 70%% of a cell, at least {MARKER_MM[0]:g})")
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=f"the PDF to write; {REPLACES}")
    p.set_defaults(func=cmd_print)


def _sheets(args: argparse.Namespace) -> list[Any]:
    """The sheets the arguments ask for (see :mod:`engine.printing.sources`)."""
    from engine.cli.maze_args import spec_from_args
    from engine.printing.options import DIFFICULTIES
    from engine.printing.sources import sheets_from_codes, sheets_from_spec

    if args.codes:
        given = [f"--{n.replace('_', '-')}" for n in ("code", "shape", "algo", "size", "seed", "braid", "weave",
                                                     "floors", "mask", "mask_text", "count", "difficulty")
                 if getattr(args, n, None) is not None]
        if given:
            raise UsageError(f"give either --codes or {', '.join(given)}, not both")
        return sheets_from_codes(args.codes)
    if args.difficulty is not None:
        preset = DIFFICULTIES[args.difficulty]
        if args.size is not None or args.algo is not None:
            raise UsageError("--difficulty sets --size and --algo; give one or the other")
        args.shape = args.shape or "square"
        args.size, args.algo = f"{preset.width}x{preset.height}", preset.algorithm
    elif args.code is None and args.shape is None and args.algo is None and args.size is None:
        raise UsageError("say what to print: --count N with --shape/--algo/--size, --difficulty, or --codes")
    spec = spec_from_args(args)
    return sheets_from_spec(spec, args.count or 1)


def cmd_print(args: argparse.Namespace) -> int:
    """Write the workbook; prints where it went and how many pages (progress on a terminal)."""
    from engine.output import named
    from engine.printing.workbook import print_to_file

    sheets = _sheets(args)
    err = sys.stderr
    tty = err.isatty()

    def progress(done: int, total: int) -> None:
        if tty and (done == total or done % 5 == 0):
            err.write(f"\rprinting page {done} of {total}")
            err.flush()

    pages = print_to_file(sheets, args.output, page=args.page, per_page=args.per_page, solutions=args.solutions,
                          title=args.title, name_lines=args.name_lines, line_weight=args.line_weight,
                          marker_size=args.marker_size, progress=progress)
    if tty:
        err.write("\n")
    err.write(f"wrote {named(args.output)}: {count(len(sheets), 'maze')} on "
              f"{count(pages, 'page')}\n")  # on stderr: `-o -` (or /dev/stdout) carries the PDF
    return 0
