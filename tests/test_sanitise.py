"""One sanitiser (engine.sanitise.one_line) for every message quoting input: `show` and CLI errors."""

from __future__ import annotations

import io

import pytest

from engine.cli import main
from engine.cli.show import run_show
from engine.sanitise import one_line

NASTY = [
    "M2.S4X4\n.BT#1-00",
    "M2\x1b[2J",
    "\x1b]0;owned\x07M2",
    "a\rb",
    "x\u2028y\u0085z",
    "\u202eevil",
    "\x9b31m",
    "\x7f",
]


@pytest.mark.parametrize("text", NASTY)
def test_one_line_escapes_every_control_character(text):
    shown = one_line(text)
    assert "\n" not in shown and "\r" not in shown and "\x1b" not in shown and "\x07" not in shown
    assert all(c.isprintable() for c in shown), shown
    assert one_line("plain text, ÄÖ — ok\\n") == "plain text, ÄÖ — ok\\n"  # printable text and backslashes kept


def test_one_line_names_the_escapes():
    assert one_line("a\nb\tc\x1bd") == "a\\nb\\tc\\x1bd"
    assert one_line("x" * 50, 10) == "x" * 9 + "…"


@pytest.mark.parametrize("text", NASTY)
def test_show_prints_an_error_on_one_line_without_escape_sequences(text):
    out, err = io.StringIO(), io.StringIO()
    assert main(["show", text], out=out, err=err) == 2
    e = err.getvalue()
    assert e.count("\n") == 1 and e.endswith("\n") and "\x1b" not in e and "\r" not in e
    assert all(c.isprintable() for c in e[:-1]), e


def test_show_from_stdin_never_sends_an_escape_sequence():
    out, err = io.StringIO(), io.StringIO()
    stdin = io.BytesIO(b"M2\x1b[2J\n\x1b]0;title\x07\nM2.S4X4\rX\n")
    assert run_show([], True, "text", out, err, stdin=stdin) == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 3 and all(all(c.isprintable() for c in ln) for ln in lines)
    assert "\\x1b[2J" in lines[0]


@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "--size", "4x4\x1b[2J"],
        ["solve", "--code", "M2\n.S"],
        ["puzzle", "solve", "--board", "1 2\x1b[31m"],
        ["daily", "--date", "x\ny"],
    ],
)
def test_cli_errors_quote_input_on_one_line(argv):
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out=out, err=err) == 2
    e = err.getvalue()
    assert e.count("\n") == 1 and "\x1b" not in e
