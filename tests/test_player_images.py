"""Every image a player supplies goes through engine.images.load_image: bombs, modes, bit depths, odd files."""

from __future__ import annotations

import os
import struct
import warnings
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from engine.images import load_image
from engine.maze.masks import Mask
from game.puzzle.pictures import board_picture, check_image_file


def _png_declaring(path: Path, width: int, height: int) -> Path:
    """A tiny PNG whose header declares ``width`` x ``height`` 8-bit grey pixels (its data is a few bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 64)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    return path


def _shape(mode: str, dark: object, light: object, size: tuple[int, int] = (40, 40)) -> Image.Image:
    """A ``mode`` image filled with ``light`` and a dark square (10..29) of ``dark``."""
    im = Image.new(mode, size, light)  # type: ignore[arg-type]
    for x in range(10, 30):
        for y in range(10, 30):
            im.putpixel((x, y), dark)  # type: ignore[arg-type]
    return im


@pytest.mark.parametrize("side", [100_000, 65_000, 30_000])
def test_a_decompression_bomb_is_one_sentence_for_masks_and_pictures(tmp_path, side):
    bomb = _png_declaring(tmp_path / "b.png", side, side)
    assert bomb.stat().st_size < 600
    with pytest.raises(ValueError) as info:
        Mask.parse(str(bomb))
    assert "b.png" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(ValueError) as info:
        check_image_file(str(bomb))
    assert "b.png" in str(info.value) and "\n" not in str(info.value)


def test_a_jpeg_declaring_a_huge_size_is_refused_from_its_header(tmp_path):
    small = tmp_path / "s.jpg"
    Image.new("RGB", (16, 16), (9, 9, 9)).save(small)
    data = bytearray(small.read_bytes())
    sof = data.index(b"\xff\xc0")  # baseline frame header: length(2) precision(1) height(2) width(2)
    data[sof + 5 : sof + 9] = struct.pack(">HH", 65000, 65000)
    bomb = tmp_path / "bomb.jpg"
    bomb.write_bytes(bytes(data))
    for load in (lambda: Mask.parse(str(bomb)), lambda: check_image_file(str(bomb))):
        with pytest.raises(ValueError, match="bomb.jpg"):
            load()


def test_the_cli_refuses_a_bomb_mask_with_exit_2(tmp_path, capsys):
    from engine.cli import main

    bomb = _png_declaring(tmp_path / "b.png", 100_000, 100_000)
    code = main(
        [
            "generate",
            "--shape",
            "square",
            "--size",
            "10x10",
            "--algo",
            "kruskal",
            "--mask",
            str(bomb),
            "-o",
            str(tmp_path / "m.svg"),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and "b.png" in err and "internal error" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("name", "make"),
    [
        ("grey16", lambda: Image.fromarray(np.where(_square(), 32 * 257, 65535).astype(np.uint16))),
        ("grey32", lambda: Image.fromarray(np.where(_square(), 32 * 257, 65535).astype(np.int32))),
        ("palette", lambda: _shape("RGB", (20, 20, 40), (250, 250, 250)).convert("P")),
        ("la", lambda: _shape("LA", (30, 255), (200, 255))),
        ("one_bit", lambda: _shape("1", 0, 1)),
        ("rgba_clear", lambda: _shape("RGBA", (10, 10, 10, 255), (0, 0, 0, 0))),
        ("la_clear", lambda: _shape("LA", (10, 255), (0, 0))),
        ("palette_clear", lambda: _palette_with_clear_background()),
    ],
)
def test_every_mode_and_bit_depth_reads_the_dark_square_as_the_mask(tmp_path, name, make):
    path = tmp_path / f"{name}.png"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Pillow 11 still writes 32-bit grey PNGs
        make().save(path)
    bm = Mask.from_image(path).bitmap()
    assert bm is not None
    assert int(bm.sum()) == 400 and bm[10:30, 10:30].all()  # the square, and only it: transparent = white


def _square() -> np.ndarray:
    yy, xx = np.mgrid[0:40, 0:40]
    return (xx >= 10) & (xx < 30) & (yy >= 10) & (yy < 30)


def _palette_with_clear_background() -> Image.Image:
    im = Image.new("P", (40, 40), 0)
    im.putpalette([0, 0, 0, 5, 5, 5] + [0] * 762)
    for x in range(10, 30):
        for y in range(10, 30):
            im.putpixel((x, y), 1)
    im.info["transparency"] = 0  # colour 0 (black!) is transparent: it must read as white
    return im


def test_a_16_bit_grey_picture_is_scaled_not_clipped(tmp_path):
    path = tmp_path / "deep.png"
    Image.fromarray(np.where(_square(), 32 * 257, 65535).astype(np.uint16)).save(path)
    rgb = load_image(path, max_pixels=10_000)
    assert rgb.getpixel((20, 20)) == (32, 32, 32) and rgb.getpixel((0, 0)) == (255, 255, 255)


def test_a_transparent_picture_shows_the_theme_background_not_black(tmp_path):
    path = tmp_path / "clear.png"
    im = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    im.paste((200, 0, 0, 255), (0, 0, 32, 64))
    im.save(path)
    choice = check_image_file(str(path))
    back = (18, 22, 32)
    pic = board_picture(choice, 64, 64, back)
    assert pic.getpixel((60, 32)) == back and pic.getpixel((4, 32)) == (200, 0, 0)
    light = board_picture(choice, 64, 64, (226, 230, 236))
    assert light.getpixel((60, 32)) == (226, 230, 236)


def test_a_cmyk_jpeg_mask_is_read(tmp_path):
    path = tmp_path / "cmyk.jpg"
    _shape("CMYK", (0, 0, 0, 240), (0, 0, 0, 0)).save(path, quality=95)
    bm = Mask.from_image(path).bitmap()
    assert bm is not None and bm[12:28, 12:28].all() and not bm[:8].any()


def test_cmyk_and_grey_jpeg_pictures_are_read(tmp_path):
    for mode, colour in (("CMYK", (0, 255, 255, 0)), ("L", 90)):
        path = tmp_path / f"{mode}.jpg"
        Image.new(mode, (64, 48), colour).save(path)  # type: ignore[arg-type]
        pic = board_picture(check_image_file(str(path)), 32, 24)
        assert pic.mode == "RGB" and pic.size == (32, 24)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_odd_files_are_one_sentence_naming_the_file_and_never_block(tmp_path):
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    (tmp_path / "cut.png").write_bytes(_shape("L", 0, 255).tobytes()[:10])
    good = tmp_path / "good.png"
    _shape("RGB", (0, 0, 0), (255, 255, 255), (200, 200)).save(good)
    (tmp_path / "half.png").write_bytes(good.read_bytes()[:-200])
    long_name = str(tmp_path / ("a" * 300 + ".png"))
    for bad, words in (
        (fifo, "not a regular file"),
        (tmp_path / "cut.png", "not a picture"),
        (tmp_path / "half.png", "damaged"),
        (long_name, "File name too long"),
    ):
        for load in (Mask.parse, check_image_file):
            with pytest.raises(ValueError, match=words) as info:
                load(str(bad))
            msg = str(info.value)
            assert "\n" not in msg and Path(bad).name[:20] in msg
