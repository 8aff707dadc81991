"""The one loader of every image a player supplies (a maze mask, a puzzle picture, anything later).

:func:`load_image` refuses what it cannot read safely *before* decoding pixels:

- the path must be a regular file (a FIFO or a device would block or never end) of at most
  ``max_bytes`` bytes, read through the one reader (:func:`engine.reader.read_bytes`);
- the header's width × height must be at most ``max_pixels`` (a 467-byte PNG may declare
  100000×100000: a decompression bomb is one sentence, never a crash);

then it decodes and turns every mode and bit depth into 8-bit RGB: 16-bit and 32-bit grey
(``I;16*``, ``I``) scaled to 0..255 rather than clipped, ``F``, ``1``, ``L``, palette (with or
without transparency), ``LA``/``PA``/``RGBA`` composited on the caller's ``background`` colour,
``CMYK``, ``YCbCr``, ``LAB``, ``HSV``.  Anything else — a damaged, truncated or unknown file,
a format the caller does not take — is a ``ValueError`` whose one-line message names the file.
"""

from __future__ import annotations

import io
import os
import stat
import warnings
from pathlib import Path

import numpy as np
from PIL import Image

RGB = tuple[int, int, int]

#: Modes whose pixels :func:`to_rgb` converts with Pillow directly.
_DIRECT = {"RGB", "RGBX", "L", "1", "CMYK", "YCbCr", "LAB", "HSV"}
#: Modes carrying transparency (composited on the background).
_ALPHA = {"RGBA", "LA", "PA", "La", "RGBa"}


def shown_name(path: str | Path, limit: int = 60) -> str:
    """``path`` as quoted in a message: one line, control characters escaped, at most ``limit`` characters
    (a longer path keeps its end, where the file's name is)."""
    from engine.sanitise import one_line

    text = one_line(str(path))
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


def check_header(path: Path, what: str, max_bytes: int, max_pixels: int) -> None:
    """Refuse ``path`` unless it is a regular file of at most ``max_bytes`` whose header declares at most
    ``max_pixels`` pixels.  No pixel is decoded.

    Raises:
        ValueError: one line naming ``what`` and the file.
    """
    shown = shown_name(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise ValueError(f"cannot read the {what} '{shown}': there is no such file") from None
    except OSError as exc:
        raise ValueError(f"cannot read the {what} '{shown}': {exc.strerror or type(exc).__name__}") from None
    if stat.S_ISDIR(st.st_mode):
        raise ValueError(f"cannot read the {what} '{shown}': it is a folder") from None
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(f"cannot read the {what} '{shown}': it is not a regular file")
    if st.st_size > max_bytes:
        raise ValueError(f"the {what} '{shown}' is {st.st_size} bytes; at most {max_bytes} are read")


def load_image(
    path: str | Path,
    what: str = "picture",
    *,
    max_pixels: int,
    max_bytes: int = 64 * 1024 * 1024,
    background: RGB = (255, 255, 255),
    formats: tuple[str, ...] | None = None,
    min_side: int = 1,
) -> Image.Image:
    """Decode a player's image file into an 8-bit RGB image, limits checked from the header first.

    Args:
        path: the file (only ever read).
        what: what the image is for, in messages ("mask picture", "picture").
        max_pixels: the most width × height pixels accepted (checked before decoding).
        max_bytes: the largest file size accepted, in bytes.
        background: the RGB colour (0..255 each) transparent pixels are composited on.
        formats: Pillow format names accepted (e.g. ``("PNG", "JPEG")``); None = any Pillow opens.
        min_side: the smallest width and height accepted, in pixels.

    Raises:
        ValueError: one line naming the file: missing, a folder, not a regular file, too big (bytes or
            pixels), too small, not a picture, a format not accepted, damaged or truncated.
    """
    p = Path(path)
    shown = shown_name(p)
    check_header(p, what, max_bytes, max_pixels)
    from engine.reader import ReadError, read_bytes

    try:  # the one reader: a regular file (a FIFO swapped in since is refused unopened), at most max_bytes
        data = read_bytes(p, limit=max_bytes)
    except ReadError as exc:
        raise ValueError(f"cannot read the {what} '{shown}': it {exc.reason}") from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:
                w, h = im.size
                if w * h > max_pixels:
                    raise ValueError(f"the {what} '{shown}' is {w}x{h} pixels; at most {max_pixels} pixels are read")
                if formats is not None and im.format not in formats:
                    raise ValueError(
                        f"the {what} '{shown}' is a {im.format or 'unknown'} file; use {' or '.join(formats)}"
                    )
                if min(w, h) < min_side:
                    raise ValueError(f"the {what} '{shown}' is too small ({w}x{h}; at least {min_side} px a side)")
                im.load()
                return to_rgb(im, background, f"the {what} '{shown}'")
    except ValueError:
        raise
    except Image.DecompressionBombError:
        raise ValueError(
            f"the {what} '{shown}' declares more pixels than Tessera reads (at most {max_pixels})"
        ) from None
    except MemoryError:
        raise ValueError(f"the {what} '{shown}' is too large to decode") from None
    except Exception as exc:  # Pillow raises many types on damaged files; each is one sentence
        from PIL import UnidentifiedImageError

        if isinstance(exc, UnidentifiedImageError):
            raise ValueError(f"cannot read the {what} '{shown}': it is not a picture Pillow knows") from None
        raise ValueError(
            f"cannot read the {what} '{shown}': the file is damaged or truncated ({type(exc).__name__})"
        ) from None


def to_rgb(im: Image.Image, background: RGB, named: str) -> Image.Image:
    """Any decoded image as 8-bit RGB; transparency composited on ``background``.

    Raises:
        ValueError: a mode Tessera cannot convert (``named`` starts the sentence).
    """
    mode = im.mode
    if mode.startswith("I") or mode == "F":
        return Image.fromarray(_grey8(im)).convert("RGB")
    if mode == "P":
        im = im.convert("RGBA") if "transparency" in im.info else im.convert("RGB")
        mode = im.mode
    elif mode in _ALPHA:
        im = im.convert("RGBA")
        mode = "RGBA"
    elif mode == "L" and "transparency" in im.info or mode == "RGB" and "transparency" in im.info:
        im = im.convert("RGBA")
        mode = "RGBA"
    if mode == "RGBA":
        back = Image.new("RGBA", im.size, (*background, 255))
        return Image.alpha_composite(back, im).convert("RGB")
    if mode in _DIRECT:
        return im.convert("RGB")
    raise ValueError(f"{named} has pixels of a kind Tessera cannot read ({mode})")


def _grey8(im: Image.Image) -> np.ndarray:
    """16/32-bit integer or float grey as uint8, scaled (not clipped) to 0..255."""
    a = np.asarray(im)
    if im.mode == "F":
        f = np.nan_to_num(a.astype(np.float64))
        top = 1.0 if f.size and f.max() <= 1.0 else 255.0
        return np.clip(np.round(f * 255.0 / top), 0, 255).astype(np.uint8)
    v = a.astype(np.int64)
    if im.mode.startswith("I;16") or im.format == "PNG" or (v.size and v.max() > 255):
        top = 65535 if not v.size or v.max() <= 65535 else int(v.max())
        return np.clip(np.round(v * 255.0 / top), 0, 255).astype(np.uint8)
    return np.clip(v, 0, 255).astype(np.uint8)


def grey_levels(rgb: Image.Image) -> np.ndarray:
    """The ``(height, width)`` uint8 grey levels (ITU-R 601 luma, Pillow's ``L``) of an RGB image."""
    return np.asarray(rgb.convert("L"))


__all__ = ["check_header", "grey_levels", "load_image", "shown_name", "to_rgb"]
