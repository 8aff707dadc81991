"""Masks: shapes that cut a maze grid (built-in shapes, text, the player's picture).

A :class:`Mask` says which points of the unit square are inside.  It is applied
to any tessellation by sampling it at each cell's centre, with the grid's
bounding box stretched onto the unit square (:func:`inside_cells`; the cutting
itself is :mod:`engine.maze.grids.masked`).  So a circle on a 40×20 grid is an
ellipse twice as wide as high: pick a square size for a round shape.

Three kinds:

* **built-in** shapes (:data:`BUILTIN`): ``circle``, ``heart``, ``star``,
  ``diamond``, ``ring``, ``cross``, ``moon``; code field ``K<NAME>``, e.g. ``KHEART``;
* **text** in the built-in bitmap font (:mod:`engine.maze.mask_font`: ``A-Z``,
  ``0-9``, space, ``-``; at most 12 characters); code field ``KT<TEXT>`` with ``_``
  for each space, e.g. ``KTHI_THERE``;
* **image**: a black-and-white picture, dark pixels (grey below 128, transparent
  counts as white) inside.  Pictures of at most :data:`MAX_CODE_PIXELS` pixels
  (each side at most 64) travel in codes as ``KB<W>X<H>_<bits>``, the pixels row
  by row from the top-left, dark = 1, as one base-36 number; a bigger picture
  makes a maze that has no code (:attr:`Mask.codable` is False).

Determinism: the normalised coordinates are rounded to multiples of 2**-24 and
every shape uses only ``+ - * /`` and comparisons (no trigonometry: the star's
corners are written out as decimals).  Square, hex, triangle and upsilon centres
use only ``+ - * /`` and ``sqrt`` (correctly rounded everywhere), so their cells
are inside or outside identically on every machine.  Polar centres come from
sin/cos, whose last bit may differ between CPUs and numpy builds; the rounding
absorbs that, which ``tests/test_mask_determinism.py`` checks by moving every
centre and the grid's box by one or two units in the last place (48 polar sizes
× 9 shapes: no cell changes side).  The start and goal of a shaped grid compare
centres on the same 2**-24 grid (:func:`engine.maze.grids.masked.far_pair`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine.code_frame import CodeError, decode_int, encode_int
from engine.maze import mask_font

#: Side and pixel limits of an image mask carried in a code.
MAX_CODE_SIDE = 64
MAX_CODE_PIXELS = 1600
#: Pictures larger than this many pixels are refused outright.
MAX_IMAGE_PIXELS = 4096 * 4096
MAX_IMAGE_BYTES = 64 * 1024 * 1024  # larger mask files are refused before decoding
#: Coordinates are compared on the grid of multiples of 1/QUANT (2**-24), the same on every machine.
QUANT = float(1 << 24)

Shape = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _is_file(name: str) -> bool:
    """True when ``name`` names something on disk (a name too long for the system is then read, and refused)."""
    try:
        return Path(name).is_file()
    except OSError:
        return True


_STAR = np.array(
    [
        (0.0, 1.0),
        (-0.236, 0.236),
        (-1.0, 0.236),
        (-0.382, -0.236),
        (-0.618, -1.0),
        (0.0, -0.5279),
        (0.618, -1.0),
        (0.382, -0.236),
        (1.0, 0.236),
        (0.236, 0.236),
    ]
)


def _in_polygon(x: np.ndarray, y: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """Even-odd rule, vectorised over the points."""
    inside = np.zeros(x.shape, dtype=bool)
    k = len(poly)
    for i in range(k):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % k]
        crosses = (y1 > y) != (y2 > y)
        with np.errstate(divide="ignore", invalid="ignore"):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (xc > x)
    return inside


def _heart(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    hx, hy = 1.14 * x, 1.12 * y + 0.12
    s = hx * hx + hy * hy - 1.0
    return s * s * s - hx * hx * hy * hy * hy <= 0.0


#: Built-in shapes: name -> (summary, inside(x, y)) with x, y in [-1, 1], y up.
BUILTIN: dict[str, tuple[str, Shape]] = {
    "circle": ("a disc filling the grid", lambda x, y: x * x + y * y <= 1.0),
    "heart": ("a heart, point down", _heart),
    "star": ("a five-pointed star", lambda x, y: _in_polygon(x, y, _STAR)),
    "diamond": ("a square standing on a corner", lambda x, y: np.abs(x) + np.abs(y) <= 1.0),
    "ring": ("a disc with a round hole in the middle", lambda x, y: (x * x + y * y <= 1.0) & (x * x + y * y >= 0.16)),
    "cross": ("a plus sign, arms a third wide", lambda x, y: (np.abs(x) <= 1 / 3) | (np.abs(y) <= 1 / 3)),
    "moon": ("a crescent moon", lambda x, y: (x * x + y * y <= 1.0) & ((x - 0.45) ** 2 + (y - 0.2) ** 2 > 0.64)),
}


@dataclass(frozen=True)
class Mask:
    """One mask.

    Attributes:
        kind: ``"builtin"``, ``"text"`` or ``"image"``.
        name: the built-in name, the text (upper case), or ``"picture"``.
        width, height: the bitmap size in pixels (text and image; 0 for built-ins).
        bits: ``width * height`` bytes 0/1, row by row from the top-left (image only).
        source: the picture's file name, for labels only (not part of the level).
    """

    kind: str
    name: str
    width: int = 0
    height: int = 0
    bits: bytes = field(default=b"", repr=False)
    source: str = field(default="", compare=False)

    # -- making ----------------------------------------------------------------
    @classmethod
    def builtin(cls, name: str) -> Mask:
        """A built-in shape by name (case-insensitive).

        Raises:
            ValueError: an unknown name (the message lists the built-in ones).
        """
        key = str(name).strip().lower()
        if key not in BUILTIN:
            raise ValueError(f"unknown mask {name!r} (built-in: {', '.join(BUILTIN)}; or give a .png file)")
        return cls("builtin", key)

    @classmethod
    def text(cls, text: str) -> Mask:
        """A text mask in the built-in font.

        Raises:
            ValueError: empty, longer than 12 characters, or a character the font lacks.
        """
        t = mask_font.clean_text(text)
        bm = mask_font.render_text(t)
        return cls("text", t, bm.shape[1], bm.shape[0])

    @classmethod
    def from_bitmap(cls, bitmap: np.ndarray, source: str = "") -> Mask:
        """An image mask from a ``(height, width)`` bool array (True = inside, row 0 at the top).

        Raises:
            ValueError: not 2-D, empty, or without any inside pixel.
        """
        bm = np.asarray(bitmap, dtype=bool)
        if bm.ndim != 2 or bm.size == 0:
            raise ValueError("a mask picture must be a non-empty 2-D bitmap")
        if not bm.any():
            raise ValueError(
                f"the mask picture {source or 'given'!r} has no dark pixel (dark pixels are the maze's inside)"
            )
        return cls("image", "picture", int(bm.shape[1]), int(bm.shape[0]), bm.astype(np.uint8).tobytes(), source)

    @classmethod
    def from_image(cls, path: str | Path) -> Mask:
        """Read a picture (PNG or anything Pillow opens): dark pixels (grey < 128) are inside.

        Raises:
            ValueError: one line naming the file (see :func:`engine.images.load_image`: missing, not a
                regular file, not a picture, damaged, larger than :data:`MAX_IMAGE_BYTES` or, from its
                header, :data:`MAX_IMAGE_PIXELS`), or with no dark pixel.  Every mode and bit depth is
                read; transparent pixels count as white.
        """
        from engine.images import grey_levels, load_image

        p = Path(path)
        rgb = load_image(p, "mask picture", max_pixels=MAX_IMAGE_PIXELS, max_bytes=MAX_IMAGE_BYTES)
        grey = grey_levels(rgb)
        return cls.from_bitmap(grey < 128, p.name)

    @classmethod
    def parse(cls, value: str) -> Mask:
        """``--mask`` on the command line: a built-in name, or a picture file (ends in .png/.jpg/.gif/.bmp,
        or names an existing file).

        Raises:
            ValueError: an unknown name or a picture that cannot be read (one line).
        """
        v = str(value).strip()
        if v.lower() in BUILTIN:
            return cls.builtin(v)
        if v.lower().endswith((".png", ".jpg", ".jpeg", ".gif", ".bmp")) or "/" in v or _is_file(v):
            return cls.from_image(v)
        return cls.builtin(v)

    # -- reading ---------------------------------------------------------------
    def bitmap(self) -> np.ndarray | None:
        """The ``(height, width)`` bool bitmap of a text or image mask (row 0 at the top); None for built-ins."""
        if self.kind == "text":
            return mask_font.render_text(self.name)
        if self.kind == "image":
            return np.frombuffer(self.bits, dtype=np.uint8).reshape(self.height, self.width).astype(bool)
        return None

    def inside(self, u: np.ndarray, v: np.ndarray) -> np.ndarray:
        """Which points are inside, for ``u`` (left to right) and ``v`` (bottom to top) in ``[0, 1]``.

        Coordinates are first rounded to multiples of 2**-24 (see the module docstring).
        """
        u = np.clip(np.round(np.asarray(u, dtype=np.float64) * QUANT) / QUANT, 0.0, 1.0)
        v = np.clip(np.round(np.asarray(v, dtype=np.float64) * QUANT) / QUANT, 0.0, 1.0)
        if self.kind == "builtin":
            return np.asarray(BUILTIN[self.name][1](2.0 * u - 1.0, 2.0 * v - 1.0), dtype=bool)
        bm = self.bitmap()
        assert bm is not None
        h, w = bm.shape
        col = np.minimum((u * w).astype(np.int64), w - 1)
        row = np.minimum(((1.0 - v) * h).astype(np.int64), h - 1)
        inside: np.ndarray = bm[row, col]
        return inside

    @property
    def codable(self) -> bool:
        """True when a code can carry this mask (built-in, text, or a small enough picture)."""
        return self.kind != "image" or (
            self.width <= MAX_CODE_SIDE and self.height <= MAX_CODE_SIDE and self.width * self.height <= MAX_CODE_PIXELS
        )

    def field(self) -> str:
        """The code field (``KHEART``, ``KTHI_THERE``, ``KB8X8_...``).

        Raises:
            ValueError: an image too large for a code (see :attr:`codable`).
        """
        if self.kind == "builtin":
            return "K" + self.name.upper()
        if self.kind == "text":
            return "KT" + self.name.replace(" ", "_")
        if not self.codable:
            raise ValueError(self.too_big())
        value = int("".join("1" if b else "0" for b in self.bits), 2)
        return f"KB{self.width}X{self.height}_{encode_int(value)}"

    def too_big(self) -> str:
        """The sentence saying a picture is too large for a code."""
        return (
            f"the mask picture '{self.source or self.name}' is {self.width}x{self.height} pixels, "
            f"more than a code carries (at most {MAX_CODE_PIXELS} pixels, each side at most {MAX_CODE_SIDE}): "
            "the maze has no code and needs the picture to be made again"
        )

    def label(self) -> str:
        """Short words for labels: ``heart``, ``text 'HI'``, ``picture cat.png (12x12)``."""
        if self.kind == "builtin":
            return self.name
        if self.kind == "text":
            return f"text '{self.name}'"
        return f"picture {self.source + ' ' if self.source else ''}({self.width}x{self.height})"

    def describe(self) -> dict[str, Any]:
        """The mask for ``tessera show`` and JSON: kind, name, and a picture's size."""
        out: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.kind == "image":
            out["size"] = [self.width, self.height]
            if self.source:
                out["source"] = self.source
        return out


def mask_from_field(part: str) -> Mask:
    """Decode a code's ``K...`` field (upper case).

    Raises:
        CodeError: one sentence naming what is wrong.
    """
    body = part[1:]
    if body.lower() in BUILTIN:
        return Mask.builtin(body)
    if body.startswith("T") and len(body) > 1:
        text = body[1:].replace("_", " ")
        try:
            mask = Mask.text(text)
        except ValueError as exc:
            raise CodeError(f"The mask text in the code is not valid: {exc}.") from None
        if mask.name != text:
            raise CodeError(f"The mask text '{body[1:21]}' is not written the one way codes write it.")
        return mask
    if body.startswith("B"):
        return _bitmap_field(body[1:])
    raise CodeError(f"The mask '{body[:20]}' is unknown (built-in: {', '.join(BUILTIN)}; text KT...; picture KB...).")


def _bitmap_field(text: str) -> Mask:
    size, sep, digits = text.partition("_")
    w, x, h = size.partition("X")
    if not sep or not x or not w.isdigit() or not h.isdigit() or len(w) > 2 or len(h) > 2:
        raise CodeError("The picture mask in the code is not of the form KB<W>X<H>_<pixels>.")
    width, height = int(w), int(h)
    if not (1 <= width <= MAX_CODE_SIDE and 1 <= height <= MAX_CODE_SIDE and width * height <= MAX_CODE_PIXELS):
        raise CodeError(
            f"The picture mask size {width}x{height} is outside what codes carry "
            f"(sides 1..{MAX_CODE_SIDE}, at most {MAX_CODE_PIXELS} pixels)."
        )
    value = decode_int(digits, what="picture mask", max_value=(1 << (width * height)) - 1)
    if value == 0:
        raise CodeError("The picture mask in the code has no inside pixel.")
    if encode_int(value) != digits or str(width) != w or str(height) != h:
        raise CodeError("The picture mask in the code is not written the one way codes write it (leading zeros).")
    bits = format(value, f"0{width * height}b")
    return Mask("image", "picture", width, height, bytes(1 if c == "1" else 0 for c in bits))


def inside_cells(mask: Mask, centers: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """``(n,)`` bool: which cells have their centre inside ``mask``.

    Args:
        centers: ``(n, 2)`` cell centres (cell units).
        box: ``(xmin, ymin, xmax, ymax)`` of the whole grid, stretched onto the unit square.
    """
    x0, y0, x1, y1 = box
    u = (centers[:, 0] - x0) / max(x1 - x0, 1e-12)
    v = (centers[:, 1] - y0) / max(y1 - y0, 1e-12)
    return mask.inside(u, v)
