"""argparse glue for the ``tessera`` command line.

:class:`OneLineParser` turns argparse's usage errors into :class:`UsageError`
(one line, exit code 2 in :func:`engine.cli.main`), and :func:`arg_type` adapts
a pure value parser of :mod:`engine.values` (``parse_uint``, ``parse_seed``,
``parse_number``...) to argparse's ``type=``.  This is the only place argparse
is subclassed; the value parsers themselves stay in :mod:`engine.values`.  Also
the command line's name and exit codes.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

__all__ = ["INTERNAL_ERROR", "PROG", "USAGE_ERROR", "HelpFormatter", "OneLineParser", "UsageError", "arg_type"]

T = TypeVar("T")

PROG = "tessera"
#: Exit code for anything the user got wrong (one line on stderr).
USAGE_ERROR = 2
#: Exit code for a bug (one ``internal error`` line).
INTERNAL_ERROR = 1


class UsageError(ValueError):
    """Bad input on the command line; the message is one line."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors raise :class:`UsageError` (one line) instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter that keeps the description's and epilog's lines (examples stay one per line), and
    sizes the column of subcommand names by the names as listed: one indent deeper than argparse counts them,
    so the longest name (``completion``) is not pushed onto a line of its own."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if action.help is not argparse.SUPPRESS and isinstance(action, argparse._SubParsersAction):
            names = [len(self._format_action_invocation(a)) for a in action._get_subactions()]
            deeper = self._current_indent + self._indent_increment
            self._action_max_length = max(self._action_max_length, max(names, default=0) + deeper)


def arg_type(fn: Callable[..., T], **kwargs: Any) -> Callable[[str], T]:  # passed through
    """An argparse ``type=`` callable: ``fn(text, **kwargs)``, its ValueError becoming argparse's one-line error."""

    def convert(text: str) -> T:
        try:
            return fn(text, **kwargs)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = kwargs.get("what", fn.__name__)
    return convert
