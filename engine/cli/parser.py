"""The ``tessera`` argument parser: every subcommand, window ones included (so ``--help`` needs no window).

``puzzle``, ``show`` and ``encode`` add their own parsers (:mod:`engine.cli.puzzle`,
:mod:`engine.cli.show`, :mod:`engine.cli.encode`); the others are handled by :mod:`engine.cli.maze_commands`.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Literal

from engine.cli.parsing import PROG, HelpFormatter, OneLineParser, arg_type
from engine.output import REPLACES
from engine.values import SEED_MAX, parse_number, parse_seed, parse_uint

__all__ = ["MAX_COUNT", "MAX_RUNS", "WINDOW_COMMANDS", "WindowCommand", "WindowRequest", "build_parser"]

#: Subcommands that open the game window (parsed here, run by ``main``'s ``open_window``).
WINDOW_COMMANDS = ("play", "lab", "edit", "campaign")
#: What a window subcommand opens: ``play``, ``lab``, ``edit``, ``campaign``, or ``duo`` (``play CODE --players 2``).
WindowCommand = Literal["play", "lab", "edit", "campaign", "duo"]


@dataclass(frozen=True)
class WindowRequest:
    """The first screen a window subcommand asks for, as the parser checked it (handed to ``open_window``).

    Attributes:
        command: the :data:`WindowCommand`.
        code: the code given (None: none; a ``duo`` request always carries the maze code to race on).
    """

    command: WindowCommand
    code: str | None = None
MAX_COUNT = 100_000
MAX_RUNS = 10_000

SEED_TYPE = arg_type(parse_seed)
WEAVE_TYPE = arg_type(parse_number, what="weave", lo=0.0, hi=1.0)
FLOORS_TYPE = arg_type(parse_uint, what="floors", lo=1, hi=8)
STAIRS_TYPE = arg_type(parse_number, what="stairs", lo=0.01, hi=1.0)
FLOORS_HELP = ("floors: stack N copies of the grid (2..8; square and hex, graph generators only) joined by stairs; "
               "default 1")
STAIRS_HELP = "with --floors: the share of cells above one another that may become stairs, 0.01..1 (default 0.05)"
SEED_HELP = f"random seed, 0..{SEED_MAX} (2**64-1)"


#: ``tessera --help``'s last lines.
TOP_EPILOG = """With no subcommand, `tessera` opens the game window (also `python -m game`); `python -m engine.cli`
runs the commands that need no window. `tessera COMMAND --help` describes a command, with examples.

examples:
  tessera
  tessera play M2.H20X15.WI.B25#1Z4K-OT
  tessera generate --shape hex -o maze.svg
  tessera completion bash > ~/.local/share/bash-completion/completions/tessera"""


def _add_maze_args(p: argparse.ArgumentParser, puzzle: bool = True) -> None:
    """The maze options of ``generate`` and ``solve`` (``print`` takes them without the puzzle ones:
    ``puzzle`` False, since its ``--difficulty`` is a size preset)."""
    p.add_argument("--code", help="a maze code or a level code (L2..., the maze itself) instead of the options below")
    p.add_argument("--shape", help="square, hex, triangle, polar or upsilon (default square)")
    p.add_argument("--algo", help="generator name (see `tessera list`; default backtracker)")
    p.add_argument("--size", help="WxH in cells (polar: base sectors x rings; default 20x15)")
    p.add_argument("--seed", type=SEED_TYPE, default=None, help=SEED_HELP + "; default 0")
    p.add_argument("--braid", type=arg_type(parse_number, what="braid", lo=0.0, hi=1.0), default=None,
                   help="share of dead ends removed, 0..1 (default 0)")
    p.add_argument("--weave", type=WEAVE_TYPE, default=None,
                   help="weave: how often a crossing (a passage over another) is allowed, 0..1; square and hex, "
                        "graph generators only (default 0)")
    p.add_argument("--floors", type=FLOORS_TYPE, default=None, metavar="N", help=FLOORS_HELP)
    p.add_argument("--stairs", type=STAIRS_TYPE, default=None, metavar="P", help=STAIRS_HELP)
    p.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="generator option, e.g. rule=newest:3,random:1"
    )
    p.add_argument("--mask", metavar="NAME|FILE.png",
                   help="cut the grid to a shape: a built-in mask (see `tessera list`) or a black-and-white "
                        "picture (dark = inside; up to 1600 pixels it travels in the code)")
    p.add_argument("--mask-text", metavar="TEXT",
                   help="cut the grid to a text in the built-in font (A-Z, 0-9, space, -; up to 12 characters)")
    if not puzzle:
        return
    p.add_argument("--rules", metavar="LIST",
                   help="a puzzle maze: comma-separated rules from oneway (one-way passages), keys (keys and "
                        "doors), pursuer (a hunter that chases you), switches (switches and gates), or all; "
                        "placed so the best solution is unique")
    p.add_argument("--difficulty", metavar="LEVEL",
                   help="with --rules: easy, medium (default) or hard, or a target length in moves (1..999)")


def version_line() -> str:
    """One line: ``tessera 0.2.0 (arcade 3.3.3, numpy 2.1.0, Python 3.11.7)``: the game's version and the
    versions a bug report needs, from the installed packages' metadata (no window, no heavy import)."""
    import platform
    from importlib import metadata

    from engine import __version__

    def installed(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "not installed"

    return (f"tessera {__version__} (arcade {installed('arcade')}, numpy {installed('numpy')}, "
            f"Python {platform.python_version()})")


class VersionAction(argparse.Action):
    """``--version``: prints :func:`version_line` and exits 0.

    Unlike argparse's own ``version`` action, the line is made only when asked for (reading the installed
    packages' metadata costs about 80 ms, which no other command should pay).
    """

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def _cmd_man(args: argparse.Namespace) -> int:
    """``tessera man``: print the manual page of this parser (:mod:`engine.cli.manpage`); 0."""
    import sys

    from engine.cli.manpage import man_page

    sys.stdout.write(man_page(build_parser()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand (window ones included, so their ``--help`` needs no window)."""
    parser = OneLineParser(
        prog=PROG,
        description="Tessera: mazes on five tessellations and the sliding puzzle.",
        epilog=TOP_EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action=VersionAction,
                        help="print the version (and arcade's, numpy's and Python's) and exit")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser, metavar="COMMAND")

    ls = sub.add_parser("list", help="tessellations, generators (with the shapes each supports), solvers, masks, "
                                     "pictures; with --levels, the campaign's levels")
    ls.add_argument("--levels", action="store_true",
                    help="list every campaign level: world, name, code, rules, par moves, par time")
    ls.add_argument("--format", choices=["text", "json"], default=None,
                    help="with --levels: a readable table (text, the default) or JSON")

    g = sub.add_parser("generate", help="generate mazes (ASCII, SVG, PNG, JSON)")
    _add_maze_args(g)
    g.add_argument("--count", type=arg_type(parse_uint, what="count", lo=1, hi=MAX_COUNT), default=1,
                   help=f"number of mazes (seeds N, N+1, ...), 1..{MAX_COUNT}; default 1")
    g.add_argument("--format", choices=["ascii", "svg", "png", "json", "jsonl"], default=None,
                   help="default: from -o FILE's ending (.txt .svg .png .json .jsonl); else jsonl for --count "
                        "above 1, ascii for a plain square maze, svg for any other grid, weave or floors")
    g.add_argument("-o", "--output", metavar="FILE",
                   help=f"output file (default: standard output; PNG needs FILE or -); {REPLACES}")
    g.add_argument("--solution", action="store_true", help="draw the shortest path (ascii, svg, png)")
    g.add_argument("--dark", action="store_true",
                   help="a dark level (fog of war): the code carries the flag, JSON says \"dark\": true")

    s = sub.add_parser("solve", help="solve a maze and print the path")
    _add_maze_args(s)
    s.add_argument("--solver", default=None,
                   help="solver name (see `tessera list`); default bfs (a puzzle maze: its exact rules solver)")
    s.add_argument("--format", choices=["text", "json"], default="text")

    st = sub.add_parser("stats", help="compare generators: dead ends, junctions, turns, corridor and path lengths "
                                      "over N mazes each")
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
    st.add_argument("--floors", type=FLOORS_TYPE, default=1, metavar="N",
                    help="mazes of N floors, 1..8 (with 'all': the generators that can carve floors)")
    st.add_argument("--stairs", type=STAIRS_TYPE, default=None, metavar="P", help=STAIRS_HELP)
    st.add_argument("--format", choices=["table", "json", "csv"], default="table")

    d = sub.add_parser("daily", help="the daily challenge's code (the same for everyone that UTC day)")
    d.add_argument("--date", help="YYYY-MM-DD (default: today, UTC)")

    from engine.cli.puzzle import add_parser as add_puzzle

    add_puzzle(sub)
    from engine.cli.show import add_parser as add_show

    add_show(sub)
    from engine.cli.pack import add_parser as add_pack

    add_pack(sub)

    from engine.cli.encode import add_parser as add_encode

    add_encode(sub)
    from engine.cli.share import add_parser as add_share

    add_share(sub)
    from engine.cli.records import add_parser as add_records

    add_records(sub)
    from engine.cli.print_cmd import add_parser as add_print

    add_print(sub, lambda p: _add_maze_args(p, puzzle=False))

    pl = sub.add_parser("play", help="open the game window on any maze, race, ghost or puzzle code")
    pl.add_argument("code", nargs="?", metavar="CODE",
                    help="a level code (without one: continue the campaign at the next unfinished level)")
    pl.add_argument("--players", type=int, choices=(1, 2), default=1,
                    help="2: two players on one keyboard (WASD against arrows) race on the maze of a maze or "
                         "race code")
    lab = sub.add_parser("lab", help="open the Lab window (watch generators and solvers step by step)")
    lab.add_argument("code", nargs="?", metavar="CODE", help="a maze code to open (default: the Lab's setup)")
    edit = sub.add_parser("edit", help="open the maze editor window (make a level by hand)")
    edit.add_argument("code", nargs="?", metavar="CODE",
                      help="a maze code whose maze to start from (default: a blank grid)")
    camp = sub.add_parser("campaign", help="open the game window on the campaign map")
    camp.set_defaults(code=None)
    from engine.cli.completion import add_parsers as add_completion

    add_completion(sub, _cmd_man)
    from engine.cli.help_pages import apply_help_pages

    apply_help_pages(parser)
    return parser
