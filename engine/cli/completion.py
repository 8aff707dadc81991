"""``tessera completion bash|zsh|fish`` and ``tessera man``: both made from the one parser (:mod:`.parser`).

Completion is argcomplete's (a dependency: small, pure Python, no dependencies of its own; shtab, the
other well-kept choice, writes static scripts but has no fish).  The script argcomplete prints asks
``tessera`` itself on every Tab (environment ``_ARGCOMPLETE`` set): :func:`complete_if_asked`, called by
the console script before anything else, answers from the parser and exits, so completions always match
the installed version and no window opens.  The man page is :func:`engine.cli.manpage.man_page`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from engine.cli.parsing import PROG, UsageError

__all__ = ["SHELLS", "add_parsers", "complete_if_asked", "completion_script"]

#: The shells ``tessera completion`` writes a script for.
SHELLS = ("bash", "zsh", "fish")
_NEEDS = "shell completion needs the argcomplete package: pip install argcomplete (it comes with tessera-mazes)"


def add_parsers(sub: Any, cmd_man: Callable[[argparse.Namespace], int]) -> None:  # argparse's subparsers action
    """Register ``completion`` and ``man`` (run by ``cmd_man``, which knows the whole parser) on the ``tessera``
    subcommand parsers."""
    c = sub.add_parser("completion", help="print the shell completion script (bash, zsh or fish)")
    c.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    c.set_defaults(func=cmd_completion)
    m = sub.add_parser("man", help="print the manual page (roff; `tessera man | man -l -` shows it)")
    m.set_defaults(func=cmd_man)


def completion_script(shell: str) -> str:
    """The completion script for ``shell`` (one of :data:`SHELLS`), ending in a newline.

    Raises:
        UsageError: an unknown shell, or argcomplete is not installed (one line saying how to get it).
    """
    if shell not in SHELLS:
        raise UsageError(f"no completion for '{shell}': choose {', '.join(SHELLS)}")
    try:
        from argcomplete.shell_integration import shellcode
    except ImportError:
        raise UsageError(_NEEDS) from None
    script: str = shellcode([PROG], shell=shell)
    return script if script.endswith("\n") else script + "\n"


def cmd_completion(args: argparse.Namespace) -> int:
    """Print the completion script of ``args.shell``; 0."""
    sys.stdout.write(completion_script(args.shell))
    return 0


def complete_if_asked(parser: Callable[[], argparse.ArgumentParser]) -> None:
    """When a shell's completion script called (``_ARGCOMPLETE`` in the environment): write the completions
    of the command line it describes (argcomplete's protocol, file descriptor 8) and exit the process.
    Otherwise return at once, importing nothing. ``parser`` builds the parser (only when asked)."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    try:
        import argcomplete
    except ImportError:
        sys.stderr.write(f"{PROG}: error: {_NEEDS}\n")
        raise SystemExit(2) from None
    argcomplete.autocomplete(parser())
    raise SystemExit(0)  # argcomplete exits itself; this is for a protocol it did not recognise
