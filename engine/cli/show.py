"""``tessera show CODE... [--stdin] [--format text|json]``: describe any code without a window.

For each code: its kind, canonical code, version and every field (maze, race and
ghost: shape, size, algorithm, options, braid, seed, then the built maze's cells
and shortest path; ghost: moves and time, each move checked in the maze; race:
opponent, difficulty and speed; puzzle: size, form, seed, board, solvable).  A maze
larger than :data:`engine.describe.CHEAP_CELLS` grid cells is built only with
``--full`` (``maze: not built ...`` says so), so ``show`` answers in about a second.

Text: one block per valid code on stdout, one line per invalid code on stderr; everything quoted
from the input goes through :func:`engine.sanitise.one_line` (control characters escaped, one line).
JSON: one object per input line on stdout, ``{"input", "ok": true, "kind",
"code", ...}`` or ``{"input", "ok": false, "error": sentence}``.  Exit code 0 when
every code is valid, 2 otherwise.  Any input (megabytes of garbage, bytes that
are not UTF-8) gives a sentence, never a traceback.

What a code is (the data) comes from :func:`engine.describe.describe_code`;
this module reads the arguments and stdin, prints and picks the exit code.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from engine.codes import MAX_ANY_LENGTH, CodeError
from engine.describe import CHEAP_CELLS, describe_code
from engine.sanitise import one_line

#: Inputs longer than this are echoed shortened in JSON (no valid code is longer).
ECHO_LIMIT = MAX_ANY_LENGTH + 64


def _echo(line: str) -> str:
    return line if len(line) <= ECHO_LIMIT else f"{line[:100]}... ({len(line)} characters)"


def _format_text(info: dict[str, Any]) -> str:
    rows = [("code", one_line(info["code"])), ("kind", f"{info['kind']} (format version {info['version']})")]
    for key, value in info.items():
        if key in ("code", "kind", "version"):
            continue
        if key == "options":
            value = ", ".join(f"{k}={v}" for k, v in value.items()) or "none"
        elif key == "board":
            value = " ".join(map(str, value))
        elif key == "mask" and isinstance(value, dict):
            value = f"{value['name']} ({value['kind']})"
        elif key == "seconds":
            value = f"{value:.2f}"
        elif value is None:
            continue
        rows.append((key.replace("_", " "), one_line(value)))
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in rows) + "\n"


#: The longest line of standard input read past (its start is refused as too long, the next lines still read).
MAX_SKIPPED_LINE = 64_000_000


def _lines(stream: Any) -> Iterator[str]:
    """Lines of ``stream`` as text (bytes that are not UTF-8 become U+FFFD), blank lines skipped.

    Raises:
        ValueError: a line longer than :data:`MAX_SKIPPED_LINE` (``/dev/zero`` is one endless line); a shorter
            line too long for a code comes through cut, for the code reader to refuse.
    """
    from engine.code_frame import MAX_ANY_LENGTH

    limit = 4 * MAX_ANY_LENGTH + 64  # the longest text the code reader looks at (spaces around included)
    source = getattr(stream, "buffer", stream)
    while raw := source.readline(limit + 2):  # bounded: `show --stdin < /dev/zero` never balloons
        if len(raw) == limit + 2 and raw[-1:] not in (b"\n", "\n"):  # longer than any code: skip the rest of it
            skipped = 0
            while (more := source.readline(limit)) and more[-1:] not in (b"\n", "\n"):
                skipped += len(more)
                if skipped > MAX_SKIPPED_LINE:
                    raise ValueError(f"a line of standard input is longer than {MAX_SKIPPED_LINE:,} characters: "
                                     "no code is that long")
            raw = raw[: limit + 1]  # the code reader says it is too long
        line = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        line = line.rstrip("\r\n")
        if line.strip():
            yield line


def run_show(
    codes: list[str], use_stdin: bool, fmt: str, out: TextIO, err: TextIO, stdin: Any = None, full: bool = False
) -> int:
    """Describe every code (arguments, then stdin lines); returns 0 when all are valid, else 2.

    ``full``: build every maze, however large (see :func:`engine.describe.describe`).
    """
    inputs: Iterator[str] = iter(codes)
    if use_stdin:
        inputs = itertools.chain(codes, _lines(stdin if stdin is not None else sys.stdin))
    elif not codes:
        err.write("tessera: error: give one or more codes, or --stdin with one code per line\n")
        return 2
    status = 0
    first = True
    for line in inputs:
        try:
            info = describe_code(line, full)
        except CodeError as exc:
            status = 2
            if fmt == "json":
                out.write(json.dumps({"input": _echo(line), "ok": False, "error": str(exc)}) + "\n")
            else:
                err.write(f"tessera: error: {one_line(_echo(line), 120)}: {one_line(exc)}\n")
            continue
        if fmt == "json":
            out.write(json.dumps({"input": _echo(line), "ok": True, **info}) + "\n")
        else:
            out.write(("" if first else "\n") + _format_text(info))
            first = False
    return status


def add_parser(sub: Any) -> None:
    """Register ``show`` on the ``tessera`` subcommand parsers."""
    p = sub.add_parser("show", help="describe any code (maze, race, ghost, puzzle, level) without a window")
    p.add_argument("codes", nargs="*", metavar="CODE", help="codes to describe")
    p.add_argument("--stdin", action="store_true", help="also read codes from standard input, one per line")
    p.add_argument("--format", choices=["text", "json"], default="text", help="text (default) or json lines")
    p.add_argument(
        "--full",
        action="store_true",
        help=f"build every maze, however large (cells, shortest path, a ghost's moves checked); "
        f"without it only mazes up to {CHEAP_CELLS} grid cells are built",
    )
    p.set_defaults(func=cmd_show)


def cmd_show(args: argparse.Namespace) -> int:
    """The ``show`` subcommand (stdout/stderr as redirected by :func:`engine.cli.main`)."""
    return run_show(list(args.codes), bool(args.stdin), args.format, sys.stdout, sys.stderr, full=bool(args.full))
