"""``tessera://`` links: every code of every kind as a link, and back.

A link is the code and nothing else: ``tessera://`` followed by the code with the two
characters a URI gives a meaning to percent-encoded (``#`` as ``%23``, ``:`` as ``%3A``);
the code's other characters (``0-9A-Z . - _``) are URI-unreserved and stay as they are::

    M2.S20X15.WI#1JQ-4K   ->   tessera://M2.S20X15.WI%231JQ-4K

Reading is lenient where links get bent on their way (any case, ``TESSERA://``, a raw ``#`` or
``:``, any ``%XX`` escape, one to three slashes or none after ``tessera:``, trailing slashes that
browsers and desktop launchers add, surrounding spaces and quotes), and strict about the rest:
white space around the code, typed or escaped (``%20``, ``%09``, ``%0A``, ``%0D``), is trimmed (it is how a
link copied with its line end arrives); inside the code it is refused by the decoder (a code has no spaces);
a bad escape, an empty link or another scheme is one plain sentence.  The code inside is then
checked by :func:`engine.codes.decode_any` as any typed code is.

This module imports nothing of the engine (:mod:`engine.codes` calls it), so its error is its own
:class:`LinkError`; the codes module turns it into a :class:`engine.codes.CodeError`.
"""

from __future__ import annotations

import re
from urllib.parse import unquote_to_bytes

__all__ = ["ESCAPES", "SCHEME", "LinkError", "code_from_link_or_code", "find_link", "is_link", "link_for"]

#: The scheme of every Tessera link (lower case as written; read in any case).
SCHEME = "tessera"
#: Code characters a link percent-encodes (the rest of a code's alphabet is URI-unreserved).
ESCAPES = {"#": "%23", ":": "%3A"}
_PREFIX = re.compile(r"^tessera:/{0,3}", re.IGNORECASE)
_OTHER_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]{0,30}):/")
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
#: A link inside other text (a share line, a chat message): ``tessera:`` at the start of a word, up to white space.
_LINK_IN_TEXT = re.compile(r"(?:^|(?<=[\s'\"`<(\[]))tessera:\S+", re.IGNORECASE)
#: A share line's head (:func:`engine.share.lines.share_line`): ``Tessera`` and a space.
_SHARE_HEAD = re.compile(r"^tessera\s", re.IGNORECASE)


class LinkError(ValueError):
    """A ``tessera://`` link that holds no readable code; the message is one plain sentence."""


def _strip(text: str) -> str:
    return text.strip().strip("'\"`<>").strip()


def is_link(text: object) -> bool:
    """True when ``text`` is text that starts (after spaces and quotes) with ``tessera:`` in any case."""
    return isinstance(text, str) and _PREFIX.match(_strip(text)) is not None


def link_for(code: str) -> str:
    """The link of a code: ``tessera://`` + the code (upper case, ``#`` and ``:`` percent-encoded).

    The code is not decoded here (check it with :func:`engine.codes.decode_any` first); a link
    given as ``code`` comes back as the link of its code.

    Raises:
        LinkError: ``code`` is a link that holds no code.
    """
    text = str(code_from_link_or_code(code))
    text = _strip(text).upper()
    return f"{SCHEME}://" + "".join(ESCAPES.get(ch, ch) for ch in text)


def find_link(text: str) -> str | None:
    """The first ``tessera:`` link inside ``text`` (a pasted share line: the line, then the link on its own
    line), without the quotes or brackets that may close it; None when the text holds no link.

    The link must start a word (``xtessera:`` is no link); it ends at the first white space.
    """
    found = _LINK_IN_TEXT.search(text)
    if found is None:
        return None
    return found.group(0).rstrip("'\"`>)].,;")


def code_from_link_or_code(text: object) -> object:
    """The code a link holds, or ``text`` unchanged when it is not a ``tessera:`` link.

    Args:
        text: anything; text starting with ``tessera:`` (any case, after spaces and quotes) is read
            as a link, and so is text with a link inside it (:func:`find_link`: a pasted share line).  Other
            text and other objects come back as they are, for the code decoder to judge
            (another scheme, ``https://...``, is refused here with its own sentence).

    Returns:
        The code inside the link, escapes decoded (its case as in the link), or ``text`` itself.

    Raises:
        LinkError: a link with a bad ``%`` escape, with nothing after the scheme, with escapes that are not
            text, or a link of another scheme; a share line without its link.
    """
    if not isinstance(text, str) or ":" not in text:  # a scheme needs its colon: plain codes skip the matching
        return text
    stripped = _strip(text)
    found = _PREFIX.match(stripped)
    if found is None:
        inside = find_link(stripped)
        if inside is not None:
            return code_from_link_or_code(inside)
        if _SHARE_HEAD.match(stripped) and "\u00b7" in stripped:  # a share line's first line alone
            raise LinkError("This share line has no link: copy it again with its second line (tessera://...).")
        other = _OTHER_SCHEME.match(stripped[:40])
        if other is not None:
            raise LinkError(f"This is a {other.group(1)}: link; Tessera reads tessera:// links and codes.")
        return text
    rest = stripped[found.end() :].rstrip("/")
    bad = _BAD_ESCAPE.search(rest)
    if bad is not None:
        shown = rest[bad.start() : bad.start() + 3]
        raise LinkError(f"The link has a broken escape '{shown}' (a '%' must be followed by two hex digits).")
    try:
        code = unquote_to_bytes(rest).decode("ascii")
    except UnicodeDecodeError:
        raise LinkError("The link holds escapes that are not code characters (copy it again).") from None
    code = code.strip(" \t\r\n\v\f")  # the one rule: white space around the code is trimmed, escaped or not
    if not code:
        raise LinkError("The link holds no code: it should be tessera:// followed by the code.")
    return code
