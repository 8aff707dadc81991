"""Tessera's manual page (roff, section 1), written from the one parser: ``tessera man``.

Nothing is written twice: the page's commands, options, descriptions and examples are the parser's
(:mod:`engine.cli.help_pages` holds the descriptions and examples); a small formatter of our own, since the
page needs only headings, paragraphs, option lists and examples (argparse-manpage would add a dependency).
"""

from __future__ import annotations

import argparse

from engine import __version__
from engine.cli.help_pages import examples_of, subparsers_of
from engine.cli.parsing import PROG

__all__ = ["man_page"]

#: The environment variables the page lists, with what each does.
ENVIRONMENT = (
    ("TESSERA_HOME", "Keep the save, settings and caches in this folder instead of the user data folder."),
    ("TESSERA_CACHE", "Keep the rebuildable caches (the puzzle tables) in this folder."),
    ("TESSERA_DEBUG", "Set to 1: an internal error shows its traceback."),
)


def _roff(text: str) -> str:
    """``text`` safe in roff: backslashes doubled, hyphens of options kept as minus signs, no line starting with
    a control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line[:1] in (".", "'") else line for line in text.splitlines())


def _options(parser: argparse.ArgumentParser) -> list[str]:
    lines: list[str] = []
    for action in parser._actions:  # argparse's own list of what it parses
        if isinstance(action, argparse._SubParsersAction | argparse._HelpAction) or action.help == argparse.SUPPRESS:
            continue
        if action.option_strings:
            metavar = "" if action.nargs == 0 else " " + str(action.metavar or (
                "{" + ",".join(map(str, action.choices)) + "}" if action.choices else action.dest.upper()))
            names = ", ".join(f"\\fB{_roff(o)}\\fR{_roff(str(metavar))}" for o in action.option_strings)
        else:
            names = f"\\fI{_roff(str(action.metavar or action.dest))}\\fR"
        lines += [".TP", names, _roff(" ".join((action.help or "").split()) or "-")]
    return lines


def man_page(parser: argparse.ArgumentParser) -> str:
    """The manual page of ``parser`` (the ``tessera`` parser) as roff text, ending in a newline."""
    out = [f'.TH {PROG.upper()} 1 "" "{PROG} {_roff(__version__)}" "User Commands"',
           ".SH NAME", f"{PROG} \\- {_roff((parser.description or '').split(': ', 1)[-1])}",
           ".SH SYNOPSIS", f"\\fB{PROG}\\fR [\\fICOMMAND\\fR [\\fIOPTIONS\\fR]]",
           ".SH DESCRIPTION", _roff(" ".join((parser.epilog or "").split("examples:")[0].split())),
           ".SH OPTIONS", *_options(parser), ".SH COMMANDS"]
    for path, sub in subparsers_of(parser):
        usage = " ".join(sub.format_usage().removeprefix("usage: ").split())
        description = _roff(" ".join((sub.description or "").split()))
        out += [f".SS {_roff(path)}", f"\\fB{_roff(usage)}\\fR", ".PP", description]
        out += _options(sub)
        examples = examples_of(sub)
        if examples:
            out += [".PP", "Examples:", ".RS", ".nf", *(_roff(e) for e in examples), ".fi", ".RE"]
    out += [".SH ENVIRONMENT"]
    for name, text in ENVIRONMENT:
        out += [".TP", f"\\fB{name}\\fR", _roff(text)]
    out += [".SH EXIT STATUS",
            "0 on success; 2 for a mistake in the command line or its input (one line on standard error); "
            "1 for an internal error; 130 when interrupted.",
            ".SH FILES", _roff("The save tessera.db, settings and level packs (levels/) in the user data folder "
                               "(or $TESSERA_HOME); prints and exports in the Documents folder's Tessera folder.")]
    return "\n".join(out) + "\n"
