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

from PIL import Image, UnidentifiedImageError

from engine.paths import shipped_dir
from engine.puzzle.pictures import PICTURES, check_picture

PICTURE_DIR = shipped_dir("assets") / "pictures"
FILE_PREFIX = "file:"
FORMATS = ("PNG", "JPEG")
MAX_FILE_BYTES = 50 * 1024 * 1024  # larger files are refused before decoding
MAX_PIXELS = 40_000_000
MIN_SIDE_PX = 32


def builtin_path(name: str) -> Path:
    """The PNG of built-in picture ``name`` (raises ValueError for an unknown name)."""
    return PICTURE_DIR / f"{check_picture(name)}.png"


def check_image_file(text: str) -> str:
    """Validate a player's image path; returns the choice string ``"file:<absolute path>"``.

    The file is opened read-only and decoded once to prove it is a usable PNG or JPEG.

    Raises:
        ValueError: one line naming what is wrong (empty, missing, not a file, too big, not PNG/JPEG,
            damaged, too small).
    """
    raw = text.strip().strip('"').strip("'")
    if not raw:
        raise ValueError("Type the path of a PNG or JPEG image first.")
    path = Path(raw).expanduser()
    shown = raw if len(raw) <= 60 else "…" + raw[-59:]
    if not path.exists():
        raise ValueError(f"No file at {shown}.")
    if not path.is_file():
        raise ValueError(f"{shown} is a folder, not an image file.")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ValueError(f"{shown} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB.")
    _open(path, shown)
    return FILE_PREFIX + str(path.resolve())


def _open(path: Path, shown: str) -> Image.Image:
    """Decode ``path`` as an RGB image (checks format, size and damage)."""
    try:
        with Image.open(path) as im:
            if im.format not in FORMATS:
                raise ValueError(f"{shown} is a {im.format or 'unknown'} file; use a PNG or JPEG image.")
            if im.width * im.height > MAX_PIXELS:
                raise ValueError(f"{shown} has too many pixels ({im.width}x{im.height}).")
            if min(im.width, im.height) < MIN_SIDE_PX:
                raise ValueError(f"{shown} is too small ({im.width}x{im.height}; at least {MIN_SIDE_PX} px a side).")
            rgb: Image.Image = im.convert("RGB")
            return rgb
    except (UnidentifiedImageError, OSError, SyntaxError) as exc:
        if isinstance(exc, UnidentifiedImageError):
            raise ValueError(f"{shown} is not an image Tessera can read; use a PNG or JPEG image.") from None
        raise ValueError(f"{shown} could not be read ({type(exc).__name__}: the file may be damaged).") from None


def choice_label(choice: str) -> str:
    """A short name of a picture choice for the screen (``numbers``, ``mosaic``, ``photo.jpg``)."""
    if not choice:
        return "numbers"
    if choice.startswith(FILE_PREFIX):
        return Path(choice[len(FILE_PREFIX):]).name
    return choice


def builtin_of(choice: str) -> str | None:
    """The built-in picture name of a choice, or None (numbers or a player's file): what a code can carry."""
    return choice if choice in PICTURES else None


def load_choice(choice: str) -> Image.Image:
    """The full picture of a choice (RGB).

    Raises:
        ValueError: numbers (``""``), an unknown name, or an unreadable file (one line).
    """
    if not choice:
        raise ValueError("Numbered tiles have no picture.")
    if choice.startswith(FILE_PREFIX):
        path = Path(choice[len(FILE_PREFIX):])
        shown = str(path) if len(str(path)) <= 60 else "…" + str(path)[-59:]
        if not path.is_file():
            raise ValueError(f"Your picture {shown} is no longer there.")
        return _open(path, shown)
    return _open(builtin_path(choice), choice)


def _stamp(choice: str) -> float:
    """The file's modification time (a changed file is cut again), 0 for built-ins."""
    if choice.startswith(FILE_PREFIX):
        try:
            return Path(choice[len(FILE_PREFIX):]).stat().st_mtime
        except OSError:
            return -1.0
    return 0.0


def board_picture(choice: str, width_px: int, height_px: int) -> Image.Image:
    """The picture cut to the board's shape (centre crop, no distortion) and scaled to ``width_px`` × ``height_px``.

    Cached per (choice, file date, size): a board size and picture are prepared once.

    Raises:
        ValueError: see :func:`load_choice`.
    """
    return _board_picture(choice, _stamp(choice), max(1, width_px), max(1, height_px))


@lru_cache(maxsize=8)
def _board_picture(choice: str, stamp: float, width_px: int, height_px: int) -> Image.Image:
    img = load_choice(choice)
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
    "FILE_PREFIX", "PICTURE_DIR", "board_picture", "builtin_of", "builtin_path", "check_image_file",
    "choice_label", "load_choice",
]
