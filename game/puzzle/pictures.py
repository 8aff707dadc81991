"""Pictures on the sliding-puzzle tiles: the built-in ones and the player's own PNG/JPEG (no arcade here).

A *picture choice* is a string: ``""`` (numbered tiles), a built-in name from
:data:`engine.puzzle.pictures.PICTURES` (``assets/pictures/<name>.png``), or
``"file:<absolute path>"`` (the player's image, only ever read, never written).
:func:`board_picture` gives the picture cut to a board's shape and pixel size,
cached, so tile textures are made once per board size and picture.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image

from engine.images import RGB, load_image, shown_name
from engine.paths import shipped_dir
from engine.puzzle.pictures import PICTURES, check_picture

PICTURE_DIR = shipped_dir("assets") / "pictures"
FILE_PREFIX = "file:"
FORMATS = ("PNG", "JPEG")
MAX_FILE_BYTES = 50 * 1024 * 1024  # larger files are refused before decoding
MAX_PIXELS = 40_000_000
MIN_SIDE_PX = 32
#: Decoded pictures up to this many pixels are kept for the next board size (decoding a built-in one costs
#: 8-40 ms, about as much as the cut); a larger file of a player is decoded again (it would hold too much memory).
KEEP_DECODED_PIXELS = 4_000_000
KEEP_DECODED = 2  # pictures kept decoded, the most recently used


def builtin_path(name: str) -> Path:
    """The PNG of built-in picture ``name`` (raises ValueError for an unknown name)."""
    return PICTURE_DIR / f"{check_picture(name)}.png"


def check_image_file(text: str) -> str:
    """Validate a player's image path; returns the choice string ``"file:<absolute path>"``.

    The file is opened read-only and decoded once (through :func:`engine.images.load_image`: limits
    checked from the header before decoding) to prove it is a usable PNG or JPEG.

    Raises:
        ValueError: one line naming what is wrong (empty, missing, not a regular file, too big, a
            decompression bomb, not PNG/JPEG, damaged, too small).
    """
    raw = text.strip().strip('"').strip("'")
    if not raw:
        raise ValueError("Type the path of a PNG or JPEG image first.")
    path = Path(raw).expanduser()
    try:
        there = path.exists()
    except OSError:  # a name too long: the loader says so
        there = True
    if not there:
        raise ValueError(f"No file at {shown_name(raw)}.")
    _open(path)
    return FILE_PREFIX + str(path.resolve())


def _open(path: Path, background: RGB = (255, 255, 255)) -> Image.Image:
    """Decode ``path`` as an RGB image, transparency on ``background`` (checks format, size and damage).

    Raises:
        ValueError: one sentence naming the file, starting with a capital (a message on screen).
    """
    try:
        return load_image(
            path,
            "picture",
            max_pixels=MAX_PIXELS,
            max_bytes=MAX_FILE_BYTES,
            background=background,
            formats=FORMATS,
            min_side=MIN_SIDE_PX,
        )
    except ValueError as exc:
        msg = str(exc)
        raise ValueError(msg[:1].upper() + msg[1:] + ".") from None


def choice_label(choice: str) -> str:
    """A short name of a picture choice for the screen (``numbers``, ``mosaic``, ``photo.jpg``)."""
    if not choice:
        return "numbers"
    if choice.startswith(FILE_PREFIX):
        return Path(choice[len(FILE_PREFIX) :]).name
    return choice


def builtin_of(choice: str) -> str | None:
    """The built-in picture name of a choice, or None (numbers or a player's file): what a code can carry."""
    return choice if choice in PICTURES else None


def load_choice(choice: str, background: RGB = (255, 255, 255)) -> Image.Image:
    """The full picture of a choice (RGB); transparent pixels show ``background`` (the theme's, 0..255 each).

    Raises:
        ValueError: numbers (``""``), an unknown name, or an unreadable file (one line).
    """
    if not choice:
        raise ValueError("Numbered tiles have no picture.")
    if choice.startswith(FILE_PREFIX):
        path = Path(choice[len(FILE_PREFIX) :])
        try:
            there = path.is_file()
        except OSError:
            there = False
        if not there:
            raise ValueError(f"Your picture {shown_name(path)} is no longer there.")
        return _open(path, background)
    return _open(builtin_path(choice), background)


def _stamp(choice: str) -> float:
    """The file's modification time (a changed file is cut again), 0 for built-ins."""
    if choice.startswith(FILE_PREFIX):
        try:
            return Path(choice[len(FILE_PREFIX) :]).stat().st_mtime
        except OSError:
            return -1.0
    return 0.0


def board_picture(choice: str, width_px: int, height_px: int, background: RGB = (255, 255, 255)) -> Image.Image:
    """The picture cut to the board's shape (centre crop, no distortion) and scaled to ``width_px`` × ``height_px``.

    Transparent pixels show ``background`` (the theme's background colour).  Cached per (choice, file
    date, size, background): a board size and picture are prepared once.

    Raises:
        ValueError: see :func:`load_choice`.
    """
    return _board_picture(choice, _stamp(choice), max(1, width_px), max(1, height_px), background)


_decoded: dict[tuple[str, float, RGB], Image.Image] = {}


def _decode(choice: str, stamp: float, background: RGB) -> Image.Image:
    """:func:`load_choice`, kept for the next size while the file's date ``stamp`` stays (see KEEP_DECODED)."""
    key = (choice, stamp, background)
    img = _decoded.pop(key, None)
    if img is None:
        img = load_choice(choice, background)
    if img.width * img.height <= KEEP_DECODED_PIXELS:
        _decoded[key] = img  # most recently used last
        while len(_decoded) > KEEP_DECODED:
            del _decoded[next(iter(_decoded))]
    return img


@lru_cache(maxsize=8)
def _board_picture(choice: str, stamp: float, width_px: int, height_px: int, background: RGB) -> Image.Image:
    img = _decode(choice, stamp, background)
    want = width_px / height_px
    w, h = img.size
    if w / h > want:  # too wide: cut the sides
        cw = round(h * want)
        img = img.crop(((w - cw) // 2, 0, (w - cw) // 2 + cw, h))
    else:
        ch = round(w / want)
        img = img.crop((0, (h - ch) // 2, w, (h - ch) // 2 + ch))
    return img.resize((width_px, height_px), Image.Resampling.LANCZOS)


__all__ = [
    "FILE_PREFIX",
    "PICTURE_DIR",
    "board_picture",
    "builtin_of",
    "builtin_path",
    "check_image_file",
    "choice_label",
    "load_choice",
]
