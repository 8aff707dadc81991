"""Puzzle tile textures are kept per (tile size, theme, picture): a layout seen before makes none again."""

from __future__ import annotations

import hashlib

import pytest

from engine.puzzle.deal import Deal, deal_session


@pytest.fixture
def layer(ctx):
    import game.puzzle.board as board_mod
    from game.render.theme import get_theme

    board_mod.forget_tile_sets()
    yield board_mod.BoardLayer(deal_session(Deal(4, 4, seed=7)), get_theme("dark"), animate=False)
    board_mod.forget_tile_sets()


def _made(monkeypatch):
    """Count the numbered and picture tiles drawn with PIL."""
    import game.puzzle.board as board_mod

    made: list[int] = []
    for name in ("tile_texture", "render_picture_tile"):
        real = getattr(board_mod, name)
        monkeypatch.setattr(board_mod, name, lambda *a, _real=real, **k: made.append(a[1] if len(a) > 4 else a[0])
                            or _real(*a, **k))
    return made


def _pixels(layer) -> dict[int, str]:
    return {t: hashlib.sha256(s.texture.image.tobytes()).hexdigest() for t, s in layer.sprite_of.items()}


@pytest.mark.parametrize("picture", ["", "maze"])
def test_a_layout_at_a_size_seen_before_draws_no_tile_again(layer, monkeypatch, picture):
    from game.render.theme import get_theme

    made = _made(monkeypatch)
    layer.set_picture(picture, True)
    layer.place(0, 0, 400, 400)
    assert sorted(made) == list(range(1, 16))  # every tile once (its state on the dealt board)
    first, textures = _pixels(layer), dict(layer.textures)
    layer.place(0, 0, 300, 300)  # another size: its own tiles
    assert len(made) == 30 and _pixels(layer) != first
    layer.place(50, 20, 450, 420)  # the first size again (elsewhere in the window): nothing drawn, same textures
    assert len(made) == 30 and _pixels(layer) == first
    assert all(layer.sprite_of[t].texture is textures[(t, layer.home_state[t])] for t in layer.sprite_of)
    assert layer.sprite_of[1].position == layer.cell_center(layer.session.board.tiles.index(1))
    layer.theme = get_theme("light")  # another theme: its own tiles (a picture's differ where tiles are home)
    layer.place(0, 0, 400, 400)
    assert len(made) == 45 and all(layer.sprite_of[t].texture is not textures[(t, layer.home_state[t])]
                                   for t in layer.sprite_of)
    assert layer.builds == 4


def test_picture_tiles_of_two_tile_sizes_with_one_side_never_share_an_atlas_image(layer):
    import game.puzzle.board as board_mod

    layer.set_picture("maze", False)
    layer.place(0, 0, 4 * 53, 4 * 53)
    side, a = layer._side, layer.sprite_of[1].texture
    layer.place(0, 0, 4 * 54, 4 * 54)  # 53 and 54 px tiles both leave a 51 px tile: other crops of the picture
    b = layer.sprite_of[1].texture
    assert layer._side == side == 51 and a.image.tobytes() != b.image.tobytes()
    assert a.image_data.hash != b.image_data.hash  # the atlas keeps an image per hash: it must not mix them
    assert len(board_mod._tile_sets) == 2


def test_kept_tile_sets_are_bounded(layer, monkeypatch):
    import game.puzzle.board as board_mod

    monkeypatch.setattr(board_mod, "MAX_TILE_SETS", 2)
    for px in (200, 240, 280, 320):
        layer.place(0, 0, px, px)
    assert len(board_mod._tile_sets) == 2  # the two newest
    kept = next(reversed(board_mod._tile_sets.values()))
    assert layer.textures is kept.textures
    monkeypatch.setattr(board_mod, "MAX_TILE_SET_PIXELS", 1)
    layer.place(0, 0, 360, 360)
    assert len(board_mod._tile_sets) == 1  # the newest set always stays


def test_a_picture_is_decoded_once_for_several_board_sizes_and_again_when_its_file_changes(tmp_path, monkeypatch):
    import os

    from PIL import Image

    from game.puzzle import pictures

    decoded: list[str] = []
    real = pictures.load_choice
    monkeypatch.setattr(pictures, "load_choice", lambda *a: decoded.append(a[0]) or real(*a))
    photo = tmp_path / "mine.png"
    Image.new("RGB", (90, 60), (10, 200, 10)).save(photo)
    choice = pictures.check_image_file(str(photo))
    a = pictures.board_picture(choice, 61, 41)
    b = pictures.board_picture(choice, 73, 47)
    assert decoded == [choice] and a.size == (61, 41) and b.size == (73, 47)
    Image.new("RGB", (90, 60), (200, 10, 10)).save(photo)
    os.utime(photo, (1_000_000, 1_000_000))  # another date: cut (and decoded) again
    assert pictures.board_picture(choice, 61, 41).getpixel((30, 20)) == (200, 10, 10) and len(decoded) == 2
    monkeypatch.setattr(pictures, "KEEP_DECODED_PIXELS", 100)  # too big to keep: decoded for every size after
    pictures.board_picture(choice, 62, 41)  # (the copy kept before this is used once more)
    pictures.board_picture(choice, 63, 41)
    pictures.board_picture(choice, 64, 41)
    assert len(decoded) == 4
    photo.unlink()
    with pytest.raises(ValueError, match="no longer there"):
        pictures.board_picture(choice, 61, 41)
