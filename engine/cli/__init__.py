"""The ``tessera`` command line: everything that needs no window.

Subcommands: ``list``, ``generate``, ``solve``, ``stats``, ``daily``
(:mod:`.maze_commands`), ``puzzle`` (``solve``, ``shuffle``, ``bench``, ``hint``:
:mod:`.puzzle`), ``show`` (:mod:`.show`), ``pack`` (``check``, ``new``: :mod:`.pack`) and
``encode`` (:mod:`.encode`: the level code of a maze's JSON), ``records`` (:mod:`.records`: the player's
records, through the ``open_records`` callback); ``play`` and ``lab`` are parsed
here too (so ``--help`` and bad arguments never open a window) and handed to
the ``open_window`` callback of :func:`main`, which :mod:`game.launcher` gives.

Every error a user can cause ends in one line on stderr and exit code 2, never
a traceback; values are checked by :mod:`engine.values` (ASCII digits only, the
engine's one seed range, one ``WxH`` parser).  An unexpected exception (a bug)
prints one ``internal error`` line and exits with 1 (``TESSERA_DEBUG=1`` shows
the traceback).  Standard output is flushed before :func:`main` returns: a full one
(``> /dev/full``) is one line and exit code 2, a closed pipe (``| head -c1``) ends
quietly with 141.  Files are written through :mod:`engine.output` (``-`` is
standard output; status lines such as "wrote ..." go to standard error).

This module is the dispatch only (:func:`main`); the parser is built in
:mod:`.parser`, argparse's glue is :mod:`.parsing`, the shared maze options
:mod:`.maze_args`, the puzzle benchmark :mod:`.benchmark`.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from engine.cli.parser import WINDOW_COMMANDS, WindowRequest, build_parser
from engine.cli.parsing import INTERNAL_ERROR, PROG, USAGE_ERROR, UsageError
from engine.code_frame import CodeError
from engine.output import STDOUT, output_error
from engine.sanitise import one_line

if TYPE_CHECKING:
    from engine.cli.records import OpenRecords

#: A maze subcommand's handler: (parsed arguments, output) -> exit code.
Handler = Callable[[argparse.Namespace, TextIO], int]

__all__ = ["COMMANDS", "PROG", "USAGE_ERROR", "UsageError", "WINDOW_COMMANDS", "WindowRequest", "build_parser",
           "main"]


def __getattr__(name: str) -> Any:
    """``COMMANDS`` (subcommand name -> handler, :data:`engine.cli.maze_commands.COMMANDS`), imported on first use:
    the maze commands pull in numpy and the generators, which the game window's start (``WindowRequest``) and
    ``--help`` never need.

    Raises:
        AttributeError: any other unknown name.
    """
    if name == "COMMANDS":
        return _commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _commands() -> dict[str, Handler]:
    from engine.cli.maze_commands import COMMANDS

    return COMMANDS


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """The parser, built once per process (building it takes about 30 ms; parsing leaves it unchanged, and
    nothing in it depends on the environment or the time)."""
    return build_parser()


def _error(err: TextIO, message: str) -> None:
    """Write ``tessera: error: <message>`` as exactly one line."""
    err.write(f"{PROG}: error: {one_line(message.strip()) or 'bad input'}\n")


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


def main(
    argv: Sequence[str] | None = None,
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
    open_window: Callable[[WindowRequest], int] | None = None,
    open_records: OpenRecords | None = None,
) -> int:
    """Run a subcommand; returns the exit code.

    Args:
        argv: the arguments after ``tessera`` (default ``sys.argv[1:]``).
        out, err: where output and errors go (default ``sys.stdout`` / ``sys.stderr``).
        open_window: called with a :class:`~engine.cli.parser.WindowRequest` (``play``, ``lab`` or ``edit`` with the
            code given, or ``duo`` with the maze code of ``play CODE --players 2``) once the arguments of a window
            subcommand are valid; without it those subcommands are an error.
        open_records: opens the player's save for ``records`` (a :class:`~engine.cli.records.RecordSource`, None
            when there is no save yet); :mod:`game.launcher` gives it, without it ``records`` is an error.

    Returns:
        0 on success, 2 for anything the user got wrong (one line on ``err``; a full standard output too), 1 for
        a bug (one ``internal error`` line; ``TESSERA_DEBUG=1`` re-raises it), 141 when the program reading
        standard output stopped (quietly, as a shell reports a SIGPIPE), 130 on Ctrl-C, or what a command
        returns.  SIGTERM and SIGHUP end the process by that signal, as always (while a file is written, once
        its temporary file is removed: :mod:`engine.output`).
    """
    out = out or sys.stdout
    err = err or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        try:
            result = _dispatch(argv, out, err, open_window, open_records)
        except SystemExit as exc:  # --help / --version from argparse
            result = exc.code if isinstance(exc.code, int) else 0
        if not isinstance(result, WindowRequest):
            out.flush()  # a full or closed standard output shows here, not as a traceback at exit
    except (CodeError, ValueError) as exc:  # UsageError is a ValueError
        _error(err, str(exc))
        return USAGE_ERROR
    except BrokenPipeError:  # e.g. `tessera generate ... | head`: the reader has what it wanted
        _let_go(out)
        return BROKEN_PIPE
    except KeyboardInterrupt:
        _error(err, "interrupted")
        return 130
    except OSError as exc:
        if exc.filename is None and exc.errno in _STREAM_ERRORS:  # standard output itself (a full disk...)
            _let_go(out)
            _error(err, output_error(STDOUT, exc))
            return USAGE_ERROR
        return _internal(err, exc)
    except Exception as exc:  # a bug: one line, the traceback only on request
        return _internal(err, exc)
    if isinstance(result, WindowRequest):
        assert open_window is not None
        return open_window(result)  # outside the guard: the game reports its own errors
    return result


#: The exit code after the program reading standard output stopped (as a shell reports a SIGPIPE).
BROKEN_PIPE = 141
#: What an ``OSError`` with no file name means when it comes from writing standard output.
_STREAM_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EPIPE, errno.EBADF,
                            errno.EACCES, errno.EPERM, errno.EROFS, errno.ENXIO})


def _internal(err: TextIO, exc: BaseException) -> int:
    """An unexpected exception (a bug): one line (``TESSERA_DEBUG=1`` re-raises it); returns the exit code."""
    if os.environ.get("TESSERA_DEBUG"):
        raise exc
    _error(err, f"internal error (a bug; TESSERA_DEBUG=1 shows the traceback): {type(exc).__name__}: {exc}")
    return INTERNAL_ERROR


def _let_go(out: TextIO) -> None:
    """Standard output cannot take more (a closed pipe, a full disk): point its descriptor at the null device,
    so what is still buffered is dropped at exit instead of failing again with a traceback-like warning."""
    try:
        fd = out.fileno()
    except (AttributeError, OSError, ValueError):  # a StringIO: nothing is flushed at exit
        return
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, fd)
        finally:
            os.close(null)


def _dispatch(
    argv: list[str],
    out: TextIO,
    err: TextIO,
    open_window: Callable[[WindowRequest], int] | None,
    open_records: OpenRecords | None,
) -> int | WindowRequest:
    """Parse ``argv`` and run the command; a window command's request is returned for :func:`main` to open.

    Raises:
        SystemExit: ``--help``, ``--version`` and argparse's own refusals.
        ValueError, CodeError: the user's mistake (one line).
    """
    parser = _parser()
    with contextlib.redirect_stdout(out):  # argparse prints --help and --version on sys.stdout
        args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(out)
        return 0
    if args.command in WINDOW_COMMANDS:
        request = WindowRequest(args.command, args.code)
        if getattr(args, "players", 1) == 2:
            request = WindowRequest("duo", _duo_maze_code(args.code))
        if open_window is None:
            raise UsageError(f"'{args.command}' opens the game window: run it as `tessera {args.command}` "
                             "(python -m game.launcher)")
        return request
    if args.command == "records":
        from engine.cli.records import run_records

        with contextlib.redirect_stdout(out):  # `--csv -` writes through sys.stdout (engine.output)
            return run_records(args, out, err, open_records)
    return _run_command(args, out, err)


def _run_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    handler = _commands().get(args.command)
    args.err = err  # for notes (a mask that dropped cells, a maze with no code)
    if handler is not None:
        with contextlib.redirect_stdout(out):  # `-o -` writes through sys.stdout (engine.output)
            return int(handler(args, out) or 0)
    func = getattr(args, "func", None)  # subcommands that register themselves (puzzle)
    if func is None:
        raise UsageError(f"unknown command '{args.command}'")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        return int(func(args) or 0)

