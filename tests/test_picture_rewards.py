"""Puzzle pictures that stars buy (issue 44): drawn by tools/make_pictures.py (deterministic, ours), shown locked
with their price on the setup screen and the Rewards page, refused until bought, then chosen and saved; a save
naming a picture not bought gives numbered tiles; a code naming one still shows it."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest
from PIL import Image

from engine.modes.rewards import TABLE
from engine.puzzle.codes import decode
from engine.puzzle.pictures import PICTURES
from game.puzzle.picture_rewards import FREE, PAID
from game.puzzle.pictures import PICTURE_DIR


def _tool():
    path = PICTURE_DIR.parent.parent / "tools" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _give(ctx, n: int) -> None:
    """Win campaign levels for ``n`` stars (2 a level: no world 3-starred)."""
    for lv in ctx.campaign.levels[: n // 2]:
        ctx.store.complete_level(lv.id, 2, None)


def test_every_built_in_picture_is_a_reward_and_stars_buy_some():
    pictures = [r for r in TABLE if r.kind == "picture"]
    assert [r.id for r in pictures] == list(PICTURES)
    assert FREE == ("default", "mosaic", "maze") and len(PAID) == 4  # the README: "stars buy four more"
    assert [r.stars for r in PAID] == sorted(r.stars for r in PAID) and all(r.stars > 0 for r in PAID)


@pytest.mark.parametrize("reward", PAID, ids=lambda r: r.id)
def test_the_script_draws_each_committed_picture_exactly(reward):
    drawn = getattr(_tool(), reward.id)().convert("RGB")
    with Image.open(PICTURE_DIR / f"{reward.id}.png") as committed:
        assert committed.size == (768, 768) and drawn.tobytes() == committed.convert("RGB").tobytes()


@pytest.mark.parametrize("side", (3, 4, 5))
@pytest.mark.parametrize("reward", PAID, ids=lambda r: r.id)
def test_every_tile_of_a_bought_picture_can_be_told_apart(reward, side):
    """Numbers off, no two tiles' 6x6 thumbnails are close (as for the default picture)."""
    img = Image.open(PICTURE_DIR / f"{reward.id}.png").convert("RGB")
    cut = img.size[0] // side
    thumbs = np.array([np.asarray(img.crop((c * cut, r * cut, (c + 1) * cut, (r + 1) * cut)).resize(
        (6, 6), Image.BILINEAR), float).ravel() for r in range(side) for c in range(side)])
    rms = np.sqrt(((thumbs[:, None] - thumbs[None]) ** 2).mean(-1))
    np.fill_diagonal(rms, np.inf)
    assert rms.min() >= 8.0, f"{reward.id} {side}x{side}: two tiles differ by RMS {rms.min():.1f} only"


def test_the_setup_shows_locked_pictures_with_their_price_and_refuses_them(window, ctx):
    from game.puzzle.setup import PuzzleSetupView
    from game.puzzle.setup_rows import ROWS, step_row

    setup = PuzzleSetupView(ctx)
    ctx.window.show_view(setup)
    setup.on_draw()
    first = PAID[0]
    labels = [b.want for b in setup.paid_buttons]
    assert labels == [f"{r.name} · {r.stars} ★" for r in PAID] and all(b.dim for b in setup.paid_buttons)
    setup.paid_buttons[0].on_click(None)  # a click on a locked picture: what it needs, nothing chosen
    assert setup.picture == "" and f"{first.name} is locked: {first.stars} more stars" in setup.error
    assert ctx.store.setting("puzzle.picture") == ""
    setup.row = ROWS.index("picture")
    seen = []
    for _ in range(len(PICTURES) + 2):  # Right steps through numbers and the free pictures only
        step_row(setup, 1)
        seen.append(setup.picture)
    assert set(seen) == {"", *FREE}


def test_a_bought_picture_is_chosen_saved_and_played(window, ctx):
    from game.puzzle.setup import PuzzleSetupView
    from game.puzzle.setup_rows import ROWS, step_row

    first, second = PAID[0], PAID[1]
    _give(ctx, first.stars)
    setup = PuzzleSetupView(ctx)
    ctx.window.show_view(setup)
    setup.on_draw()
    assert setup.paid_buttons[0].want == first.name and not setup.paid_buttons[0].dim
    assert setup.paid_buttons[1].dim
    setup.row = ROWS.index("picture")
    setup.set_picture("maze")
    step_row(setup, 1)  # after the free ones: the bought one
    assert setup.picture == first.id and ctx.store.setting("puzzle.picture") == first.id
    assert setup.paid_buttons[0].active
    setup.paid_buttons[1].on_click(None)
    assert setup.picture == first.id and second.name in setup.error
    setup.play()
    view = ctx.window.current_view
    assert view.picture == first.id and f".I{first.id.upper()}#" in view.session.seed_code


def test_a_save_naming_a_picture_not_bought_gives_numbers_but_a_code_naming_it_shows_it(window, ctx):
    from engine.puzzle.deal import Deal, deal_session
    from game.puzzle.open import puzzle_view
    from game.puzzle.settings import PuzzleSettings
    from game.puzzle.setup import PuzzleSetupView
    from game.puzzle.view import PuzzleView

    last = PAID[-1].id
    ctx.store.set_setting("puzzle.picture", last)  # edited by hand
    assert PuzzleSetupView(ctx).picture == "" and ctx.chosen("picture") == ""
    own = PuzzleView(ctx, deal_session(Deal(3, 3, seed=1)), settings=PuzzleSettings(animate=False, picture=last))
    assert own.picture == ""
    friend = puzzle_view(ctx, decode("P2.4X4.U#1KA-DO").with_picture(last).code())
    assert friend.picture == last  # the code says so


def test_the_rewards_page_lists_the_pictures_and_uses_a_bought_one(window, ctx):
    from engine.modes.rewards import KINDS
    from game import routes

    first = PAID[0]
    _give(ctx, first.stars)
    view = routes.rewards(ctx, kind="picture")
    ctx.show(view)
    view.on_draw()
    items = [b.text for b in view.buttons[len(KINDS):-1]]
    assert len(items) == len(PICTURES)
    locked = items.index(f"{PAID[1].name} · {PAID[1].stars} stars, locked")
    view.focus = len(KINDS) + locked
    view.activate(view.focus)
    assert "is locked" in view.focused_line() and ctx.store.setting("puzzle.picture") == ""
    at = len(KINDS) + items.index(f"{first.name} · open")
    view.focus = at
    view.activate(at)
    assert ctx.store.setting("puzzle.picture") == first.id and ctx.chosen("picture") == first.id
    assert view.buttons[at].text == f"{first.name} · in use"
