"""tessera:// links: every code of every kind is also a link, and a link decodes wherever a code does."""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codes import CodeError, decode_any, normalize
from engine.share.links import ESCAPES, SCHEME, code_from_link_or_code, is_link, link_for
from tests.test_codes import valid_codes
from tests.test_level_code import typo_codes

KINDS = ("maze", "race", "ghost", "puzzle", "level")
#: What RFC 3986 lets stand unescaped in a reg-name authority (unreserved characters and '%' escapes).
URI_SAFE = re.compile(r"^tessera://(?:[A-Za-z0-9._~-]|%[0-9A-F]{2})+$")


@functools.cache
def pool(kind: str) -> tuple[str, ...]:
    codes = typo_codes() if kind == "level" else valid_codes(kind)
    return tuple(codes[:60])


def every_code() -> st.SearchStrategy[str]:
    return st.sampled_from(KINDS).flatmap(lambda k: st.sampled_from(pool(k)))


@settings(max_examples=300, deadline=None)
@given(every_code())
def test_link_and_code_are_the_same_level_for_every_kind(code):
    link = link_for(code)
    assert link.startswith(f"{SCHEME}://") and URI_SAFE.match(link), link
    assert code_from_link_or_code(link) == code  # the link is the code, nothing else
    assert link_for(link) == link
    assert decode_any(link) == decode_any(code)
    assert decode_any(link).code() == code
    assert normalize(link) == code


@settings(max_examples=200, deadline=None)
@given(every_code(), st.sampled_from(["", "/", "//"]), st.booleans(), st.booleans(), st.sampled_from(["", " ", "\n"]))
def test_links_bent_on_their_way_still_read(code, tail, upper, raw, space):
    """Case, raw '#'/':', trailing slashes and spaces, as browsers, launchers and chat programs bend them."""
    link = link_for(code)
    if raw:
        link = link.replace("%23", "#").replace("%3A", ":")
    link = (link.upper() if upper else link.lower()) + tail
    assert decode_any(space + link + space) == decode_any(code)


def test_only_the_uri_special_characters_are_escaped():
    code = valid_codes("puzzle")[0]
    assert ":" in code and "#" not in code
    assert link_for(code) == "tessera://" + code.replace(":", "%3A")
    maze = valid_codes("maze")[0]
    assert link_for(maze) == "tessera://" + maze.replace("#", "%23")
    assert set(ESCAPES) == {"#", ":"}


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("tessera://", "holds no code"),
        ("tessera:///", "holds no code"),
        ("tessera://%2", "broken escape '%2'"),
        ("tessera://M2.S20X15%zz", "broken escape '%zz'"),
        ("tessera://M2%FF", "not code characters"),
        ("https://example.org/M2.S20X15.WI%231KA-IC", "https: link"),
        ("tessera://hello", "not a Tessera code"),
        ("tessera://M2.S20X15.WI%231KA-ID", "typo"),
        ("tessera://M2.S20X15.WI?x=1", "cannot appear in a code"),
    ],
)
def test_bad_links_give_one_sentence(text, phrase):
    with pytest.raises(CodeError) as info:
        decode_any(text)
    message = str(info.value)
    assert phrase in message and "\n" not in message


def test_non_links_pass_through_unchanged():
    assert code_from_link_or_code("M2.S20X15.WI#1KA-IC") == "M2.S20X15.WI#1KA-IC"
    assert code_from_link_or_code(42) == 42
    assert is_link(" 'TESSERA://M2' ") and not is_link("M2.S20X15") and not is_link(None)
    assert normalize("tessera://%2") == "TESSERA://%2"  # lenient: the decoder refuses it with its sentence
