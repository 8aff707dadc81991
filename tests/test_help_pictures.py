"""Help has one page per puzzle rule, each with the rule's picture (a row of cells with its element, drawn as the
maze draws it) and one sentence under its lines, inside the window and clear of the lines and buttons."""

from __future__ import annotations

import pytest
from layout_check import check_layout, set_window_size

from engine.maze.rules import FAMILIES
from engine.maze.rules.examples import CELLS, example
from game import routes
from game.shell.help import PAGE_PICTURES


def test_every_rule_has_a_picture_with_its_element() -> None:
    kinds = {"oneway": {"oneway"}, "keys": {"door", "key"}, "pursuer": {"hunter"}, "switches": {"switch", "gate"}}
    assert sorted(PAGE_PICTURES.values()) == sorted(FAMILIES)
    for family in FAMILIES:
        pic = example(family)
        assert {m.kind for m in pic.marks} == kinds[family]
        for m in pic.marks:  # on the row that is drawn
            assert m.points[:, 0].min() >= 0 and m.points[:, 0].max() <= CELLS
            assert m.points[:, 1].min() >= 0 and m.points[:, 1].max() <= 1
        assert pic.caption.endswith(".") and len(pic.caption) < 60
    assert example("pursuer").steps == (2, 1) and example("pursuer").goal is None
    with pytest.raises(ValueError, match="no rule family"):
        example("lava")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_rule_page_shows_its_picture_between_its_lines_and_the_buttons(window, ctx, size):
    try:
        for percent in (100, 200):
            ctx.set_text_size(percent)
            view = routes.help_screen(ctx)
            assert check_layout(window, view, *size) == []
            seen = set()
            for page in range(view.page_count()):
                view.show_page(page)
                key, part, parts = view.page_key(), view.pages[page][1], view.pages[page][2]
                if key not in PAGE_PICTURES or part != parts - 1:
                    assert view.picture is None, key
                    continue
                assert view.picture is not None
                family, left, top, cell = view.picture
                assert family == PAGE_PICTURES[key]
                seen.add(key)
                lowest_line = min(t.bottom for t in view.body_texts())
                buttons = max(b.rect.top for b in view.buttons)
                assert top <= lowest_line and view.caption.bottom >= buttons, (key, percent, size)
                assert left >= 0 and left + CELLS * cell <= size[0]
                assert cell >= 24, (key, cell)  # a picture, not a speck
                assert view.caption.text == example(family).caption
                view.on_draw()  # it draws
            assert seen == set(PAGE_PICTURES), percent
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)


@pytest.mark.parametrize(("code", "page"), [("M2.S6X5.BT.QOE#LGDL-M3", "oneway"), ("M2.S6X5.BT.QPE#PQP4-MK", "hunter"),
                                            ("M2.S6X5.BT.QSE#RVUW-MJ", "switches")])
def test_f1_in_a_puzzle_maze_opens_its_rules_page(window, ctx, code, page):
    from arcade import key

    from game.shell.help import HelpView

    ctx.store.set_setting("rules_seen", "oneway,keys,pursuer,switches")
    view = ctx.go(routes.play_code, code)
    view.on_key_press(key.F1, 0)
    shown = window.current_view
    assert isinstance(shown, HelpView) and shown.page_key() == page
    assert shown.picture is not None  # with the rule's picture
    from engine.maze.recipe import MazeSpec

    plain = ctx.go(routes.play_code, MazeSpec.create("square", 6, 5, "backtracker", seed=1).code())  # no rules
    plain.on_key_press(key.F1, 0)
    assert window.current_view.page_key() == "maze"
