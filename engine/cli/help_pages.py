"""What ``tessera COMMAND --help`` says above and below the options: a description and examples.

:func:`apply_help_pages` walks the finished parser and gives each subcommand its :data:`PAGES` entry (a
parser that set its own description or epilog keeps it) and :class:`~engine.cli.parsing.HelpFormatter`, so
the examples keep their lines.  The same texts feed the man page (:mod:`engine.cli.manpage`).  Every example
is a whole command line starting with ``tessera`` (a test parses each one).
"""

from __future__ import annotations

import argparse

from engine.cli.parsing import PROG, HelpFormatter

__all__ = ["PAGES", "apply_help_pages", "examples_of", "subparsers_of"]

#: Subcommand path (``"puzzle solve"``) -> (description, example command lines).
PAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "list": ("Lists the grids, the ways of carving a maze (and the grids each works on), the solvers, the built-in "
             "shapes and pictures; with --levels, every campaign level with its par and code.",
             ("tessera list", "tessera list --levels --format json")),
    "generate": ("Makes mazes and writes them as a text picture (square mazes), an SVG or PNG picture, or JSON. "
                 "Without options: a 20x15 square maze carved by the backtracker, seed 0, drawn in text. The "
                 "same options and seed always give the same maze, and the maze's code plays it in the game.",
                 ("tessera generate",
                  "tessera generate --shape hex --algo wilson --size 20x15 --seed 7 -o maze.svg",
                  "tessera generate --size 12x10 --rules keys,oneway --difficulty hard --solution",
                  "tessera generate --count 100 --format jsonl -o mazes.jsonl")),
    "solve": ("Finds the way through a maze (from the options or a code) and prints its cells; a puzzle maze "
              "gets its best moves, waits included.",
              ("tessera solve --code M2.H20X15.WI.B25#1Z4K-OT",
               "tessera solve --shape triangle --size 30x20 --solver wall-left --format json")),
    "stats": ("Compares how the ways of carving differ: dead ends, junctions, turns, straight runs, corridor and "
              "path lengths, averaged over N mazes of each.",
              ("tessera stats --shape square --algo all --size 30x30 --runs 20",
               "tessera stats --shape hex --algo wilson --size 20x20 --format csv")),
    "daily": ("Prints today's daily maze and daily puzzle maze (the same for everyone on that UTC day) with "
              "their codes.",
              ("tessera daily", "tessera daily --date 2026-11-23")),
    "puzzle": ("The sliding puzzle without the window: solve a position, get a hint, shuffle a new one, see the "
               "daily puzzle, see where a solve lost moves, or run the solver benchmark.",
               ("tessera puzzle solve --board \"1 2 3 4 5 6 0 7 8\"", "tessera puzzle daily --size 4")),
    "puzzle solve": ("Solves a position (tiles row by row, 0 the gap, or a puzzle code) and prints the moves.",
                     ("tessera puzzle solve --board \"1 2 3 4 5 6 0 7 8\" --solver optimal",
                      "tessera puzzle solve --code P2.3X3.U#7TFCQHMM-K6 --format json")),
    "puzzle shuffle": ("Deals a new position, shuffled or a number of random moves deep, and prints its code.",
                       ("tessera puzzle shuffle --size 4x4 --seed 3 --picture mosaic",
                        "tessera puzzle shuffle --size 5x5 --moves 40")),
    "puzzle bench": ("Runs the sliding-puzzle solver benchmark and prints its table (see docs/BENCHMARKS.md).",
                     ("tessera puzzle bench --quick",)),
    "puzzle hint": ("The next move for a position, as the game's H key gives it.",
                    ("tessera puzzle hint --board \"1 2 3 4 5 6 0 7 8\"",)),
    "puzzle analyse": ("Where a solve lost moves: the distance to solved after each of your moves (proven on "
                       "3x3 and 4x4, bounds from 5x5 up), the moves that took you further, and a better one for "
                       "each.",
                       ("tessera puzzle analyse --board \"1 2 3 4 5 6 0 7 8\" --moves RR",
                        "tessera puzzle analyse --board \"1 2 3 4 5 6 0 7 8\" --moves RLRR --format json")),
    "puzzle daily": ("Today's daily puzzle (3x3 or 4x4) and its proven fewest moves.",
                     ("tessera puzzle daily", "tessera puzzle daily --size 4 --date 2026-11-23")),
    "show": ("Says what a code holds (maze, race, ghost, puzzle or level code, or a tessera:// link) without "
             "opening the game.",
             ("tessera show M2.H20X15.WI.B25#1Z4K-OT", "tessera show --stdin --format json < codes.txt")),
    "pack": ("Level packs are your own worlds on the campaign map: check a pack file, or write a new one from "
             "maze codes.",
             ("tessera pack check my-pack.toml",)),
    "pack check": ("Reads a level pack and lists its levels; a broken pack is one line naming the problem.",
                   ("tessera pack check my-pack.toml",)),
    "pack new": ("Writes a level pack of maze codes, one level per code, in play order.",
                 ("tessera pack new \"Rainy Day\" M2.S6X5.BT#25XN-HW M2.S8X6.BI#26PC-H3 -o rainy.toml",)),
    "encode": ("Turns a maze's JSON (as `generate --format json` writes it, passages edited if you like) into "
               "a level code that carries the maze itself.",
               ("tessera encode maze.json", "tessera generate --format json | tessera encode --stdin")),
    "share": ("Prints a code's tessera:// link (and writes its QR code); on Linux --register makes clicking such "
              "a link open the game.",
              ("tessera share M2.H20X15.WI.B25#1Z4K-OT --qr level.png", "tessera share --register")),
    "records": ("Shows your records from your saved games (best times and moves per level and puzzle size); "
                "--csv writes them, or every finished game, to a spreadsheet file.",
                ("tessera records", "tessera records --csv records.csv --runs")),
    "print": ("Makes a PDF workbook for pencil and paper: mazes on any grid, campaign worlds, level packs or "
              "codes, one, two or four to a page, answer keys at the end.",
              ("tessera print --count 12 --shape hex --algo wilson --size 14x12 -o hex.pdf",
               "tessera print --difficulty hard --count 20 --per-page 2 --title \"Friday mazes\" -o hard.pdf",
               "tessera print --codes \"The Tower\" M2.S2X2.BT#9UQ0-I3 my_pack.toml -o book.pdf")),
    "play": ("Opens the game on any code; without one, continues the campaign at your next unfinished level.",
             ("tessera play", "tessera play R2.H14X10.BT.D.TN#25-N4",
              "tessera play M2.H20X15.WI.B25#1Z4K-OT --players 2")),
    "lab": ("Opens the Lab: watch the generators carve and the solvers search, step by step.",
            ("tessera lab", "tessera lab M2.S20X16.WI.KHEART#1KA-QJ")),
    "edit": ("Opens the editor to draw a maze by hand, from a blank grid or from a code's maze.",
             ("tessera edit", "tessera edit M2.H20X15.WI.B25#1Z4K-OT")),
    "campaign": ("Opens the game on the campaign map.", ("tessera campaign",)),
    "completion": ("Prints the shell completion script for bash, zsh or fish (Tab completes commands, options "
                   "and their choices). Load it in the shell's start file, as the examples show.",
                   ("tessera completion bash > ~/.local/share/bash-completion/completions/tessera",
                    "tessera completion zsh > ~/.zfunc/_tessera",
                    "tessera completion fish > ~/.config/fish/completions/tessera.fish")),
    "man": ("Prints Tessera's manual page (roff, from the same parser as --help).",
            ("tessera man | man -l -", "tessera man > tessera.1")),
}


def subparsers_of(parser: argparse.ArgumentParser, path: str = "") -> list[tuple[str, argparse.ArgumentParser]]:
    """Every subcommand parser below ``parser``, depth first, as ``("puzzle solve", parser)`` pairs."""
    out: list[tuple[str, argparse.ArgumentParser]] = []
    for action in parser._actions:  # argparse keeps its subparsers only here
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                full = f"{path} {name}".strip()
                out.append((full, sub))
                out.extend(subparsers_of(sub, full))
    return out


def examples_of(parser: argparse.ArgumentParser) -> list[str]:
    """The example command lines in a parser's epilog (lines starting with ``tessera``)."""
    return [line.strip() for line in (parser.epilog or "").splitlines() if line.strip().startswith(f"{PROG} ")]


def apply_help_pages(parser: argparse.ArgumentParser) -> None:
    """Give every subcommand of ``parser`` its description and examples (:data:`PAGES`), keeping any it set."""
    for path, sub in subparsers_of(parser):
        sub.formatter_class = HelpFormatter
        page = PAGES.get(path)
        if page is None:
            continue
        description, examples = page
        if sub.description is None:
            sub.description = _wrap(description)
        if sub.epilog is None:
            sub.epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples)


def _wrap(text: str, width: int = 78) -> str:
    import textwrap

    return textwrap.fill(text, width)
