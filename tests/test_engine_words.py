"""Engine words behind Details: no puzzle code under the board unless Advanced is open, no generator or its
options in a ghost's name, the race result names no code, and Enter code asks in players' words."""

from __future__ import annotations

import re

from engine.maze.recipe import MazeSpec
from engine.puzzle.deal import Deal, deal_session

CODE = re.compile(r"\b[MRGPL][12]\.[A-Z0-9]")
GROWING = MazeSpec.create("polar", 8, 10, "growing-tree", seed=1, options={"rule": "newest:4,random:1"})


def test_the_puzzle_code_is_under_advanced(ctx):
    from game.puzzle.view import PuzzleView
    from tests.test_game_records import press

    deal = Deal(3, 3, seed=2)
    view = PuzzleView(ctx, deal_session(deal), deal=deal)
    ctx.window.show_view(view)
    view.on_update(1 / 60)
    view.on_draw()
    shown = " ".join(t.text for t in view.panel.texts() if t.text)
    assert view.panel.t_code.text == "" and not CODE.search(shown)
    press(ctx.window, "V")  # Advanced (Details): the codes are there
    view.on_update(1 / 60)
    view.on_draw()
    assert view.session.code and view.session.code[:6] in view.panel.t_code.text.replace("\n", "")


def test_a_ghost_is_named_in_players_words():
    from game.race.ghosts import RecordedGhost

    label = RecordedGhost(GROWING.code(), "", 12.355).label()
    assert label == "circle 8×10 · 0:12.35", label  # (the engine's "polar 8×10, growing-tree, rule=...")
    assert "growing" not in label and "rule=" not in label and not CODE.search(label)


def test_enter_code_asks_in_players_words(ctx):
    from game.shell.code_entry import CodeEntryView

    view = CodeEntryView(ctx)
    assert not CODE.search(view.hint_value) and "#" not in view.hint_value
    assert "share line" in view.hint_value
