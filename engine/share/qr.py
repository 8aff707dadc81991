"""QR codes of links: the module matrix (for the game to draw) and PNG/SVG files (``tessera share --qr``).

Made by `segno <https://segno.readthedocs.io>`_ (pure Python, no network), error correction level M
(15% of the symbol may be damaged or covered) raised by segno when the text fits a higher level at the
same size, and level L for texts too long for M.  A QR code holds at most 2,331 characters of a link
at level M and 2,953 at level L (byte mode): every maze, race, puzzle and level code of playable size
fits; a long ghost run may not, and is refused in one sentence.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import segno

__all__ = ["BORDER", "MAX_QR_TEXT", "QrError", "make_qr", "qr_matrix", "write_qr"]

#: Light modules around the symbol: the quiet zone readers need (the standard asks for 4).
BORDER = 4
#: The longest text a QR code holds (version 40, level L, byte mode), in characters.
MAX_QR_TEXT = 2953
#: File suffixes :func:`write_qr` writes.
FORMATS = (".png", ".svg")


class QrError(ValueError):
    """A text that no QR code holds, or a file that cannot be written; one plain sentence."""


def make_qr(text: str) -> segno.QRCode:
    """The QR code of ``text`` (level M or better, L when only L holds it; never a Micro QR).

    Raises:
        QrError: ``text`` is longer than a QR code holds (:data:`MAX_QR_TEXT` characters).
    """
    for level in ("m", "l"):
        try:
            return segno.make(text, error=level, micro=False, boost_error=True)
        except segno.DataOverflowError:
            continue
    raise QrError(f"This link is too long for a QR code ({len(text)} characters, at most {MAX_QR_TEXT}).")


def qr_matrix(text: str, border: int = BORDER) -> list[list[bool]]:
    """The modules of ``text``'s QR code, row by row from the top, True = dark, ``border`` light modules around.

    Raises:
        QrError: as :func:`make_qr`.
    """
    return [[bool(m) for m in row] for row in make_qr(text).matrix_iter(border=border)]


def write_qr(text: str, path: str | os.PathLike[str], scale: int = 8) -> int:
    """Write ``text``'s QR code to ``path`` (``.png`` or ``.svg``, by its suffix; ``-``: SVG on standard output).

    An existing file is replaced whole once the code is written (:mod:`engine.output`, never one of the game's
    own files).

    Args:
        scale: pixels (PNG) or user units (SVG) per module, 1..100.

    Returns:
        The symbol's side in modules (without the quiet zone).

    Raises:
        QrError: another suffix, a text too long, or the file cannot be written: a folder, a missing folder,
            a FIFO, a name too long, a full disk... (:mod:`engine.output`, the one writer; the sentence names
            it; a file it created is removed again).
    """
    from engine.output import check_output_path, is_stdout, open_output_bytes, write_output

    if is_stdout(path):  # SVG, a text a terminal can show and a pipe can take
        if not 1 <= scale <= 100:
            raise QrError(f"The QR scale must be 1..100 pixels per module, not {scale}.")
        qr = make_qr(text)
        svg = io.BytesIO()
        qr.save(svg, kind="svg", scale=scale, border=BORDER)
        try:
            write_output(path, svg.getvalue().decode("utf-8") + "\n")
        except ValueError as exc:
            raise QrError(f"{exc}.") from None
        return int(qr.symbol_size(scale=1, border=0)[0])
    target = Path(path)
    suffix = target.suffix.lower()
    if os.path.isdir(target):  # never raises (a name too long is the writer's one line below)
        raise QrError(f"'{str(target)[-60:]}' is a folder: give a file name ending in .png or .svg.")
    if suffix not in FORMATS:
        raise QrError(f"A QR code is written as .png or .svg, not '{target.name[-60:]}'.")
    if not 1 <= scale <= 100:
        raise QrError(f"The QR scale must be 1..100 pixels per module, not {scale}.")
    qr = make_qr(text)  # QrError for a text too long, before anything is opened
    try:
        check_output_path(target)  # a folder, a FIFO, a name too long...: refused before writing, never a hang
        with open_output_bytes(target) as out:
            qr.save(out, kind=suffix[1:], scale=scale, border=BORDER)
    except ValueError as exc:  # the one writer's one line (engine.output)
        raise QrError(f"{exc}.") from None
    return int(qr.symbol_size(scale=1, border=0)[0])
