"""Picture puzzles: names in codes, the CLI, hints and solving unchanged, tile textures, the player's own file."""

from __future__ import annotations

import hashlib
import io
import json

import pytest
from PIL import Image

from engine.cli import main as cli_main
from engine.codes import CodeError, decode_any, seal
from engine.puzzle.astar import solve_fast
from engine.puzzle.codes import decode
from engine.puzzle.pictures import PICTURES
from engine.puzzle.session import PuzzleSession
from game.puzzle.pictures import FILE_PREFIX, PICTURE_DIR, board_picture, check_image_file


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli_main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# -- engine and CLI ------------------------------------------------------------------------
def test_every_built_in_picture_ships_as_a_png():
    assert "default" in PICTURES
    for name in PICTURES:
        with Image.open(PICTURE_DIR / f"{name}.png") as im:
            assert im.format == "PNG" and min(im.size) >= 512


@pytest.mark.parametrize(
    "body, phrase",
    [
        ("P2.4X4.U.INOPE#1KA", "picture 'NOPE'"),
        ("P2.4X4.U.X#1KA", "unknown field 'X'"),
        ("P2.4X4.IMOSAIC.U#1KA", "unknown field 'U'"),
        ("P2.4X4.IMAZE.IMOSAIC:1", "nothing but a picture"),
    ],
)
def test_bad_picture_fields_are_one_sentence(body, phrase):
    with pytest.raises(CodeError) as info:
        decode_any(seal(body))
    assert phrase in str(info.value) and "\n" not in str(info.value)
    if "NOPE" in body:
        assert all(name in str(info.value) for name in PICTURES)


def test_shuffle_with_a_picture_and_show_and_list(capsys):
    from engine.cli.puzzle import main

    assert main(["puzzle", "shuffle", "--size", "3x3", "--seed", "5", "--picture", "Mosaic", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["picture"] == "mosaic" and ".IMOSAIC#" in out["code"] and ".IMOSAIC:" in out["position_code"]
    plain = decode(out["code"]).with_picture(None)
    assert list(plain.board.tiles) == out["board"] and decode(out["position_code"]).board == plain.board
    code, text, _ = run("show", out["code"], "--format", "json")
    assert code == 0 and json.loads(text)["picture"] == "mosaic"
    code, text, _ = run("show", plain.code(), "--format", "json")
    assert code == 0 and json.loads(text)["picture"] is None
    code, text, _ = run("list")
    assert code == 0 and all(f"  {name} " in text for name in PICTURES)


def test_unknown_picture_on_the_cli_is_one_line_and_exit_2():
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "engine.cli", "puzzle", "shuffle", "--picture", "sunset"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "sunset" in lines[0] and all(name in lines[0] for name in PICTURES)


def test_hints_and_solving_are_the_same_with_a_picture():
    pic, plain = decode("P2.4X4.U.IMOSAIC#1KA-MU"), decode("P2.4X4.U#1KA-DO")
    a, b = PuzzleSession(pic.board, code=pic.code()), PuzzleSession(plain.board, code=plain.code())
    ha, hb = a.hint_now(2.0), b.hint_now(2.0)
    assert ha is not None and hb is not None and ha.tile_cell == hb.tile_cell
    ra, rb = solve_fast(pic.board, timeout=10), solve_fast(plain.board, timeout=10)
    assert ra.moves == rb.moves and pic.board.apply(ra.moves).is_solved()


def test_auto_solve_plays_out_on_a_picture_board(ctx):
    from engine.puzzle.deal import Deal, deal_session
    from game.puzzle.settings import PuzzleSettings
    from game.puzzle.view import PuzzleView

    deal = Deal(3, 3, seed=9, picture="default")
    view = PuzzleView(ctx, deal_session(deal), deal=deal, settings=PuzzleSettings(animate=False, timeout=5.0))
    ctx.window.show_view(view)
    assert view.picture == "default" and view.board._piece_source is not None
    view.assist.request_solve()
    for _ in range(3000):
        view.on_update(0.05)
        if view.session.solved:
            break
        if view.session.playback is not None:
            view.session.playback.speed = 1000.0
    assert view.session.solved


# -- the game ------------------------------------------------------------------------------
def test_player_file_is_checked_and_never_modified(tmp_path):
    photo = tmp_path / "photo.jpg"
    Image.new("RGB", (300, 200), (200, 30, 40)).save(photo, quality=90)
    before = (photo.read_bytes(), photo.stat().st_mtime_ns)
    choice = check_image_file(f'  "{photo}" ')
    assert choice == FILE_PREFIX + str(photo.resolve())
    img = board_picture(choice, 120, 90)
    assert img.size == (120, 90) and img.getpixel((60, 45))[0] > 150
    assert (photo.read_bytes(), photo.stat().st_mtime_ns) == before
    (tmp_path / "notes.png").write_text("not an image")
    Image.new("RGB", (64, 64)).save(tmp_path / "pic.bmp")
    for bad, phrase in [
        ("", "path"),
        (str(tmp_path / "missing.png"), "No file"),
        (str(tmp_path), "folder"),
        (str(tmp_path / "notes.png"), "not a picture"),
        (str(tmp_path / "pic.bmp"), "BMP"),
    ]:
        with pytest.raises(ValueError, match=phrase) as info:
            check_image_file(bad)
        assert "\n" not in str(info.value)


def test_picture_tiles_show_their_part_and_are_made_once_per_layout(ctx):
    from game.puzzle.open import puzzle_view
    from game.puzzle.settings import PuzzleSettings

    ctx.store.set_setting("puzzle.numbers", "0")
    view = puzzle_view(ctx, decode("P2.4X4.U#1KA-DO").with_picture("maze").code(), own=True)  # an own game: I is saved
    view.settings = PuzzleSettings(animate=False, numbers=False)
    ctx.window.show_view(view)
    board = view.board
    assert view.picture == "maze" and board.picture == "maze"
    builds = board.builds
    for _ in range(10):
        view.on_update(1 / 60)
        view.on_draw()
    assert board.builds == builds  # frames reuse the textures
    # tile 1's texture is the top-left part of the picture, cut to the board
    full = board_picture("maze", board.tile_px * 4, board.tile_px * 4)
    tex = board._texture(1, False)
    inset = (board.tile_px - board._side) // 2
    mid = board._side // 2
    assert tex.image.getpixel((mid, mid))[:3] == full.getpixel((inset + mid, inset + mid))[:3]
    # copying keeps the picture in the code; the numbers toggle rebuilds once and is saved
    view.copy_code("puzzle")
    assert ".IMAZE:" in view.clipboard and decode(view.clipboard).board == view.session.start
    view.toggle_numbers()
    assert board.builds == builds + 1 and ctx.store.setting("puzzle.numbers") == "1"


def test_setup_screen_takes_a_path_with_a_message_for_bad_ones(ctx, tmp_path):
    from game.puzzle.setup import PuzzleSetupView

    setup = PuzzleSetupView(ctx)
    ctx.window.show_view(setup)
    setup.on_draw()
    setup.path_focus, setup.path = True, str(tmp_path / "nothing.png")
    assert not setup.use_path()
    assert "No file" in setup.error and setup.t_error.text.startswith("No file") and setup.picture == ""
    photo = tmp_path / "mine.png"
    Image.new("RGB", (80, 80), (10, 200, 10)).save(photo)
    setup.path = str(photo)
    assert setup.use_path() and setup.picture == FILE_PREFIX + str(photo.resolve())
    assert ctx.store.setting("puzzle.picture") == setup.picture and setup.b_path.active
    setup.set_picture("mosaic")
    assert setup.picture_buttons[2].active and not setup.b_path.active
    setup.play()
    view = ctx.window.current_view
    assert view.picture == "mosaic" and view.session.seed_code.count(".IMOSAIC#") == 1


def test_a_vanished_own_picture_falls_back_to_numbers_with_a_message(ctx, tmp_path):
    from engine.puzzle.deal import Deal, deal_session
    from game.puzzle.settings import PuzzleSettings
    from game.puzzle.view import PuzzleView

    gone = FILE_PREFIX + str(tmp_path / "gone.png")
    view = PuzzleView(ctx, deal_session(Deal(3, 3, seed=1)), settings=PuzzleSettings(animate=False, picture=gone))
    ctx.window.show_view(view)
    view.on_update(1 / 60)
    view.on_draw()
    assert view.board._piece_source is None and "no longer there" in view.message
    digest = hashlib.sha256(view.board._texture(1, False).image.tobytes()).hexdigest()
    assert digest  # a numbered texture was made instead


@pytest.mark.parametrize("side", range(3, 9))
def test_default_picture_tiles_differ_from_each_other(side):
    """Numbers off, every tile of the default picture can be told apart: no two tiles' 6×6 thumbnails are
    close (the old sky gradient gave identical tiles from 4×4 up; RMS 0)."""
    import numpy as np

    img = Image.open(PICTURE_DIR / "default.png").convert("RGB")
    cut = img.size[0] // side
    thumbs = np.array(
        [
            np.asarray(
                img.crop((c * cut, r * cut, (c + 1) * cut, (r + 1) * cut)).resize((6, 6), Image.BILINEAR), float
            ).ravel()
            for r in range(side)
            for c in range(side)
        ]
    )
    rms = np.sqrt(((thumbs[:, None] - thumbs[None]) ** 2).mean(-1))
    np.fill_diagonal(rms, np.inf)
    assert rms.min() >= 8.0, f"{side}x{side}: two tiles differ by RMS {rms.min():.1f} only"


def test_pictures_script_draws_the_committed_default_picture():
    """tools/make_pictures.py is deterministic: it draws exactly the committed default.png."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_pictures", PICTURE_DIR.parent.parent / "tools" / "make_pictures.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    drawn = mod.landscape().convert("RGB")
    committed = Image.open(PICTURE_DIR / "default.png").convert("RGB")
    assert drawn.tobytes() == committed.tobytes()
