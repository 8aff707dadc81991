"""``tessera share CODE [--format text|json] [--qr FILE.png|FILE.svg]`` and ``tessera share --register|--unregister``.

``share CODE`` decodes any code or ``tessera://`` link and prints its link first, then the code and a
one-line description (:meth:`engine.codes.Decoded.line`); JSON is one object ``{"link", "code",
"kind", "description"}`` (plus ``"qr"``, the file written).  ``--qr`` writes a QR code of the link
(:mod:`engine.share.qr`; ``--qr -``: SVG on standard output, the link lines then on standard
error).  ``--register`` / ``--unregister`` install / remove the Linux desktop handler
of ``tessera://`` links (:mod:`engine.share.desktop`).  Errors: one line, exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.cli.parsing import PROG, UsageError
from engine.output import REPLACES, is_stdout, named

__all__ = ["add_parser", "cmd_share"]


def add_parser(sub: Any) -> None:
    """Register ``share`` on the ``tessera`` subcommand parsers."""
    p = sub.add_parser("share", help="a code's tessera:// link (and QR code); --register opens links in the game")
    p.add_argument("code", nargs="?", metavar="CODE", help="any code or tessera:// link")
    p.add_argument(
        "--format",
        choices=["text", "json"],
        default="text",
        help="text: link, code, description on three lines (default); json: one object",
    )
    p.add_argument("--qr", metavar="FILE",
                   help="also write a QR code of the link to FILE.png or FILE.svg (-: SVG on standard output, the "
                        f"link lines then on standard error); {REPLACES}")
    which = p.add_mutually_exclusive_group()
    which.add_argument(
        "--register",
        action="store_true",
        help="Linux: open tessera:// links in the game (a desktop entry in $XDG_DATA_HOME/applications)",
    )
    which.add_argument("--unregister", action="store_true", help="Linux: remove what --register installed")
    p.set_defaults(func=cmd_share)


def cmd_share(args: argparse.Namespace) -> int:
    """The ``share`` subcommand (stdout/stderr as redirected by :func:`engine.cli.main`)."""
    if args.register or args.unregister:
        if args.code is not None or args.qr is not None:
            raise UsageError("--register and --unregister take no code and no --qr")
        return _handler(bool(args.register))
    if args.code is None:
        raise UsageError("give a code or a tessera:// link to share (or --register / --unregister)")
    from engine.codes import decode_any
    from engine.share.links import link_for

    decoded = decode_any(args.code)
    code = decoded.code()
    info: dict[str, Any] = {
        "link": link_for(code),
        "code": code,
        "kind": decoded.KIND,
        "description": decoded.line(),
    }
    if args.qr is not None:
        from engine.share.qr import write_qr

        side = write_qr(info["link"], args.qr)
        info["qr"] = args.qr
        sys.stderr.write(f"{PROG}: note: wrote a {side}×{side} QR code of the link to {named(args.qr)}\n")
    lines = sys.stderr if args.qr is not None and is_stdout(args.qr) else sys.stdout  # stdout carries the QR code
    if args.format == "json":
        lines.write(json.dumps(info, ensure_ascii=False) + "\n")
    else:
        lines.write(f"{info['link']}\n{info['code']}\n{info['description']}\n")
    return 0


def _handler(install: bool) -> int:
    """``--register`` / ``--unregister``: Linux only (elsewhere, the way is in docs/SHARING.md)."""
    if not sys.platform.startswith("linux"):
        raise UsageError("--register works on Linux desktops; docs/SHARING.md says how on this system")
    from engine.share import desktop

    try:
        done = desktop.register() if install else desktop.unregister()
    except OSError as exc:
        where = f" ('{exc.filename}')" if exc.filename else ""
        reason = exc.strerror or str(exc)
        what = "register" if install else "unregister"
        raise UsageError(f"cannot {what} the link handler{where}: {reason[:1].lower()}{reason[1:]}") from None
    for line in done:
        sys.stdout.write(line + "\n")
    return 0
