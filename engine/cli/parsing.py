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

__all__ = ["INTERNAL_ERROR", "PROG", "USAGE_ERROR", "OneLineParser", "UsageError", "arg_type"]

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


def arg_type(fn: Callable[..., T], **kwargs: Any) -> Callable[[str], T]:  # passed through
    """An argparse ``type=`` callable: ``fn(text, **kwargs)``, its ValueError becoming argparse's one-line error."""

    def convert(text: str) -> T:
        try:
            return fn(text, **kwargs)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = kwargs.get("what", fn.__name__)
    return convert
