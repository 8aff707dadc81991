"""Sharing both ways: the share line copied with L / C reaches another program whole (pyglet's X11 paste answer
is sized by ``len``: :mod:`game.ui.clipboard`), and pasting that text into Enter code opens the same level."""

from __future__ import annotations

import pytest
from arcade import key

from engine.codes import CodeError, decode_any
from engine.puzzle.codes import shuffle_code
from engine.share.lines import ShareSummary, share_line
from engine.share.links import find_link, link_for
from game.ui import clipboard
from game.ui.clipboard import Utf8SizedText, clipboard_text, copy_to_clipboard, x11_paste_bytes
from tests.test_game_views import frame, keypress

LINE = share_line(ShareSummary.of_puzzle(3, 3), 41.0, 57, 51, 2)  # "·", "×", "★": 2-3 bytes each


def test_a_multi_byte_line_reaches_another_program_whole():
    text = LINE + "\n" + link_for(shuffle_code(3, 3, 7).code())
    assert len(text.encode("utf-8")) > len(text)  # the case pyglet cuts
    assert x11_paste_bytes(text) != text.encode("utf-8")  # pyglet's own answer, plain text: the end is lost
    assert x11_paste_bytes(clipboard_text(text, x11=True)).decode("utf-8") == text
    assert type(clipboard_text(text, x11=False)) is str  # Windows / macOS size their own buffers


class _FakeX11Window:
    """Stands in for an X11 window: what another program pastes is what pyglet's answer would copy."""

    def __init__(self) -> None:
        self.given: str | None = None

    def set_clipboard_text(self, text: str) -> None:
        self.given = text


def test_copy_to_clipboard_hands_pyglet_the_byte_sized_text(monkeypatch):
    win = _FakeX11Window()
    monkeypatch.setattr(clipboard, "is_x11", lambda window: window is win)
    assert copy_to_clipboard(win, LINE)
    assert isinstance(win.given, Utf8SizedText) and str(win.given) == LINE
    assert x11_paste_bytes(win.given).decode("utf-8") == LINE
    monkeypatch.undo()
    assert not clipboard.is_x11(win)  # a window that is not pyglet's XlibWindow gets plain text


def test_the_puzzle_share_line_copied_and_pasted_into_enter_code_opens_the_same_puzzle(window, ctx, monkeypatch):
    from engine.puzzle.astar import solve_fast
    from game.codes import open_any_code
    from game.puzzle.view import PuzzleView
    from game.shell.code_entry import CodeEntryView

    code = shuffle_code(3, 3, 5, 3).code()
    outside: dict[str, str] = {}  # the other program's view of the clipboard

    def set_text(text: str) -> None:
        outside["text"] = x11_paste_bytes(text).decode("utf-8")  # what pyglet's X11 answer gives it

    monkeypatch.setattr(clipboard, "is_x11", lambda w: True)
    monkeypatch.setattr(window, "set_clipboard_text", set_text, raising=False)
    monkeypatch.setattr(window, "get_clipboard_text", lambda: outside["text"], raising=False)
    view = open_any_code(ctx, code)
    ctx.show(view)
    frame(window)
    view.play_moves(view.session.act(solve_fast(view.session.board).moves))
    view.on_update(1 / 60)
    keypress(window, key.L)
    pasted = outside["text"]
    assert pasted.startswith(view.share.line) and not pasted.isascii() and pasted.endswith(link_for(view.shown_code))
    entry = CodeEntryView(ctx)
    ctx.show(entry)
    entry.paste()
    assert entry.field.text == link_for(view.shown_code)  # the link out of the line, not the line
    entry.submit()
    opened = window.current_view
    assert isinstance(opened, PuzzleView), entry.message.text
    assert opened.shown_code == view.shown_code  # the same puzzle, dealt the same way


@pytest.mark.parametrize("around", ["{line}\n{link}", "{line} {link}", "look: '{link}', {line}", "{link}\n"])
def test_the_decoder_finds_the_link_inside_pasted_text(around):
    code = shuffle_code(4, 4, 3).code()
    text = around.format(line=LINE, link=link_for(code))
    assert find_link(text) == link_for(code)
    assert decode_any(text).code() == code


def test_a_share_line_without_its_link_says_so():
    with pytest.raises(CodeError, match="no link"):
        decode_any(LINE)
    assert find_link("xtessera://M2") is None and find_link("no link here") is None
