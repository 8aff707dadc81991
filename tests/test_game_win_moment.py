"""The win moment: stars light one by one with a sound and pop (redrawing only while they pop), no motion with
reduced motion."""

from __future__ import annotations

import pytest

from engine.level import NamedLevel
from engine.maze.recipe import MazeSpec


def won(window, ctx):
    from game.play.view import PlayView
    from game.shell.win import WinView

    spec = MazeSpec.from_code("M2.S8X5.GT.O#2-GD")
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "test"))
    window.show_view(view)
    view.session.walk_to(view.session.goal, explored_only=False)
    for _ in range(300):
        view.on_update(1 / 60)
        if isinstance(window.current_view, WinView):
            break
    win = window.current_view
    assert isinstance(win, WinView)
    win.on_draw()
    win.needs_redraw()
    return win


def redraws(win, seconds: float) -> int:
    n = 0
    for _ in range(round(seconds * 30)):
        win.on_update(1 / 30)
        if win.needs_redraw():
            n += 1
            win.on_draw()
    return n


@pytest.mark.parametrize("reduced", [False, True])
def test_stars_pop_then_the_screen_rests(window, ctx, reduced):
    from game.shell.win import POP_TIME, STAR_DELAY, STAR_GAP

    if reduced:
        ctx.store.set_setting("reduced_motion", "1")
    win = won(window, ctx)
    assert win.stars >= 1
    lit = STAR_DELAY + STAR_GAP * win.stars + 0.1
    busy = redraws(win, lit + POP_TIME)
    assert win.shown_stars == win.stars and len(win.pops) == win.stars
    assert ctx.audio.played.count("star") == win.stars
    if reduced:
        assert busy == win.stars  # one frame per star lighting, nothing moves
    else:
        assert busy > 3 * win.stars  # each pop is animated over several frames
    assert redraws(win, 3.0) == 0  # then nothing moves
