"""``tessera pack check FILE`` and ``tessera pack new NAME CODE... [-o FILE] [--author A] [--names N...]``.

``check`` reads a level pack (:func:`engine.modes.packs.load_pack`) and lists every level:
number, name, code kind, shape and size, cells, shortest path and pars (``given`` when the
file sets them, else from the shortest path).  ``new`` writes a pack of the codes
(:func:`engine.modes.packs.write_pack`), named ``Level 1``, ``Level 2``... unless ``--names``
gives them; like every output (:data:`engine.output.REPLACES`) an existing file is replaced whole once the
pack is checked, never a file of the game's own (a pack in its levels folder, the save...), and ``-o -`` writes
the pack on standard output (``--force`` is still accepted, and changes nothing).  A bad pack or code is one line
on stderr and exit code 2 (:class:`engine.modes.packs.PackError` is a ``ValueError``,
reported by :func:`engine.cli.main`).
"""

from __future__ import annotations

import argparse
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.cli.parsing import UsageError
from engine.output import REPLACES, check_output_path, is_stdout, shown, write_output
from engine.words import count as plural

__all__ = ["add_parser", "format_pack", "run_pack"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:  # argparse's private type
    """Add the ``pack`` subcommand (``check``, ``new``) to ``subparsers``."""
    p: argparse.ArgumentParser = subparsers.add_parser("pack", help="level packs: check a pack file, make a new one")
    sub = p.add_subparsers(dest="pack_command", metavar="{check,new}")
    sub.required = True
    c = sub.add_parser("check", help="read a level pack and list its levels (exit 2 and one line if it is broken)")
    c.add_argument("file", metavar="FILE", help="the pack (.toml)")
    n = sub.add_parser("new", help="write a level pack of maze codes")
    n.add_argument("name", metavar="NAME", help="the pack's name (its world on the campaign map), 1..60 characters")
    n.add_argument("codes", nargs="+", metavar="CODE", help="maze codes, one per level, in play order")
    n.add_argument("-o", "--output", metavar="FILE",
                   help=f"the file to write (default: NAME as a file name .toml); {REPLACES}")
    n.add_argument("--author", default="", help="who made it (optional)")
    n.add_argument(
        "--names",
        nargs="+",
        metavar="LEVEL_NAME",
        help="the levels' names, one per code (default: Level 1, Level 2, ...)",
    )
    n.add_argument("--force", action="store_true",
                   help="accepted for older scripts: an existing FILE is replaced without it too")
    p.set_defaults(func=run)
    return p


def file_name_for(name: str) -> str:
    """A file name for a pack called ``name``: ``Teacher's Hex Set`` -> ``teacher-s-hex-set.toml``."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40].strip("-")
    return f"{slug or 'pack'}.toml"


def format_pack(pack: Any) -> str:  # an engine.modes.packs.Pack
    """The ``check`` listing of a read pack."""
    by = f" by {pack.author}" if pack.author else ""
    count = len(pack.levels)
    lines = [f"{pack.source}: '{pack.name}'{by}, {plural(count, 'level')}, valid"]
    rows = []
    for lv, f in zip(pack.levels, pack.facts, strict=True):
        moves_given, time_given = f.pars_given
        par_moves = f"{lv.par_moves}" + (" (given)" if moves_given else "")
        par_time = f"{lv.par_time:g} s" + (" (given)" if time_given else "")
        rows.append(
            (
                f"{lv.index + 1}.",
                lv.name,
                f.kind,
                f.label,
                f"{f.cells} cells",
                f"shortest {f.shortest}",
                f"par {par_moves} moves, {par_time}",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))] if rows else []
    for r in rows:
        cells = [r[0].rjust(widths[0])] + [
            v.ljust(w) if i < len(r) - 2 else v for i, (v, w) in enumerate(zip(r[1:], widths[1:], strict=True), 1)
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def run_pack(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``pack check`` / ``pack new``; returns the exit code (0).

    Raises:
        engine.modes.packs.PackError: a broken pack or a bad code (one line).
        UsageError: ``--names`` does not match the codes, or the output cannot be written (one line).
    """
    from engine.modes.packs import PackEntry, checked_pack, load_pack, write_pack

    if args.pack_command == "check":
        out.write(format_pack(load_pack(args.file)))
        return 0
    codes: list[str] = list(args.codes)
    names: list[str] = list(args.names) if args.names else [f"Level {i}" for i in range(1, len(codes) + 1)]
    if len(names) != len(codes):
        raise UsageError(
            f"--names gives {plural(len(names), 'name')} for {plural(len(codes), 'code')}: give one name per code"
        )
    entries = [PackEntry(n, c) for n, c in zip(names, codes, strict=True)]
    if args.output is not None and is_stdout(args.output):  # the pack on stdout, what was written on stderr
        pack, text = checked_pack(args.name, args.author, entries)
        write_output(args.output, text)
        sys.stderr.write("wrote the pack to standard output\n" + format_pack(pack))
        return 0
    path = Path(args.output) if args.output else Path(file_name_for(args.name))
    kind = _existing_kind(path)  # one line for a folder, a name too long, a missing folder, the game's files...
    if kind == "other":
        raise UsageError(f"cannot write {shown(path)}: a pack is written whole into a regular file; give a file name")
    pack = write_pack(path, args.name, args.author, entries, overwrite=True)
    sys.stderr.write(f"wrote {path}\n")  # on stderr, like every command's status line
    out.write(format_pack(pack))
    return 0


def _existing_kind(path: Path) -> str:
    """``"none"`` (nothing there, and a file can be made), ``"file"`` (a regular file) or ``"other"``
    (a FIFO or device, which a whole-file replace would swap for a file).

    Raises:
        ValueError: the path cannot be written (one line; :func:`engine.output.check_output_path`).
    """
    try:
        st = os.stat(path)
    except OSError:
        st = None
    if st is not None and not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
        return "other"
    check_output_path(path)
    return "none" if st is None else "file"


def run(args: argparse.Namespace) -> int:
    """The ``pack`` subcommand (stdout as redirected by :func:`engine.cli.main`)."""
    return run_pack(args, sys.stdout)
