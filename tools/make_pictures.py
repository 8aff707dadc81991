"""Draw the sliding puzzle's built-in pictures with numpy and Pillow.

Run ``python tools/make_pictures.py`` to (re)write ``assets/pictures/*.png``
(768×768 RGB).  The output is deterministic (fixed seeds, no fonts), so the
committed files can be checked against it.  The pictures are ours, CC0.

- ``default``: a landscape at dusk with something in every part (a sky tinted across and down, moon,
  stars, clouds, rainbow, a sun with rays, striped hills with trees and a house, a lake with a boat);
- ``mosaic``: a geometric mosaic of coloured triangles with circles;
- ``maze``: a maze-like pattern (a depth-first maze whose corridors change colour along the way).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine.rng import Rng  # noqa: E402

SIZE = 768
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "pictures"


def _lerp(a: tuple[int, int, int], b: tuple[int, int, int], t: np.ndarray) -> np.ndarray:
    """Colours from ``a`` to ``b`` for each ``t`` in 0..1 (shape (..., 3), float)."""
    t = t[..., None]
    return np.asarray(a, float) * (1 - t) + np.asarray(b, float) * t


def landscape() -> Image.Image:
    """The ``default`` picture: a landscape at dusk with something different in every part.

    A sky whose hue changes both down and across (teal at the left, magenta at the
    right), a moon, stars, clouds, a rainbow and a sun with rays; three striped hill
    ranges with trees and a house; a lake with the reflection, ripples and a boat.
    Tiles of a 3×3 up to an 8×8 board each show a recognisable piece.
    """
    n = SIZE
    y = np.linspace(0.0, 1.0, n)[:, None] * np.ones((1, n))
    x = np.ones((n, 1)) * np.linspace(0.0, 1.0, n)[None, :]
    img = _lerp((30, 36, 104), (250, 150, 90), np.clip(y / 0.62, 0, 1))  # sky: deep blue to orange
    across = _lerp((20, 150, 160), (200, 50, 150), x)  # ... tinted teal (left) to magenta (right)
    img = img * 0.62 + across * 0.38
    # a rainbow arc over the left half
    r = np.hypot(x - 0.30, (y - 0.72) * 1.1)
    bands = [(230, 60, 60), (245, 150, 40), (245, 230, 70), (70, 190, 90), (60, 120, 230), (140, 80, 200)]
    for i, colour in enumerate(bands):
        band = (r > 0.40 + i * 0.025) & (r <= 0.425 + i * 0.025)
        img = np.where(band[..., None], img * 0.35 + np.asarray(colour, float) * 0.65, img)
    # the sun with alternating rays
    sx, sy = 0.74, 0.34
    sun = np.hypot(x - sx, y - sy)
    angle = np.arctan2(y - sy, x - sx)
    rays = (np.sin(angle * 12) > 0.3) & (sun < 0.30)
    img = np.where(rays[..., None], img * 0.6 + np.asarray((255, 220, 120)) * 0.4, img)
    img = np.where((sun < 0.095)[..., None], np.asarray((255, 226, 120), float), img)
    img = np.where(((sun >= 0.095) & (sun < 0.11))[..., None], np.asarray((255, 170, 60), float), img)
    ranges = [  # (base height, amplitude, frequencies, colour, stripe colour, stripe frequency)
        (0.50, 0.06, (3.1, 7.3), (150, 84, 140), (176, 110, 160), 34.0),
        (0.58, 0.05, (4.7, 11.0), (78, 60, 120), (104, 84, 150), 52.0),
        (0.66, 0.04, (2.3, 9.1), (40, 110, 62), (84, 150, 60), 70.0),
    ]
    xs = np.linspace(0.0, 1.0, n)
    ridges = []
    for base, amp, (f1, f2), colour, stripe, freq in ranges:
        ridge = base - amp * (np.sin(xs * f1 * np.pi + base * 9) + 0.5 * np.sin(xs * f2 * np.pi + 1.3))
        ridges.append(ridge)
        striped = np.sin((x * 0.8 + y) * freq) > 0.2  # diagonal fields
        fill = np.where(striped[..., None], np.asarray(stripe, float), np.asarray(colour, float))
        img = np.where((y > ridge[None, :])[..., None], fill, img)
    lake = y > 0.72
    mirror = np.clip((2 * 0.72 - y), 0, 1)  # reflect the picture above the shore line
    rows = np.clip((mirror * (n - 1)).astype(int), 0, n - 1)
    water = _lerp((10, 70, 100), (60, 30, 110), x)  # teal to purple across
    reflected = img[rows[:, 0]] * 0.55 + water * 0.45
    ripple = (np.sin(y * 260 + np.sin(x * 18) * 2) > 0.75) & lake
    img = np.where(lake[..., None], reflected, img)
    img = np.where(ripple[..., None], img * 0.8 + 50, img)
    pic = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pic)
    rng = Rng(5)
    for _ in range(40):  # stars in the top of the sky
        cx, cy = rng.below(n), rng.below(int(n * 0.22))
        rad = 1 + rng.below(3)
        d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=(255, 250, 220))
    moon = Image.new("L", (n, n), 0)  # a crescent moon, top left
    m = ImageDraw.Draw(moon)
    m.ellipse((40, 30, 130, 120), fill=255)
    m.ellipse((68, 18, 158, 108), fill=0)
    pic.paste((245, 240, 210), mask=moon)
    for cx, cy, w in ((300, 70, 130), (560, 120, 110), (170, 250, 100), (660, 40, 90)):  # clouds
        for dx, dy, k in ((-0.35, 0.1, 0.5), (0.0, 0.0, 0.7), (0.35, 0.12, 0.5)):
            rw = w * k
            d.ellipse((cx + dx * w - rw / 2, cy + dy * w - rw / 3, cx + dx * w + rw / 2, cy + dy * w + rw / 3),
                      fill=(238, 232, 240))
    for bx, by in ((420, 200), (455, 180), (480, 215)):  # birds
        d.line([(bx - 14, by - 6), (bx, by), (bx + 14, by - 6)], fill=(40, 30, 50), width=3)
    front = ridges[2]
    for i in range(14):  # trees on the front hills
        tx = 20 + i * 54 + rng.below(20)
        if 200 < tx < 290:
            continue  # the house stands there
        ty = front[min(n - 1, tx)] * n + 8
        h = 34 + rng.below(30)
        d.rectangle((tx - 3, ty - 4, tx + 3, ty + 6), fill=(70, 45, 30))
        d.polygon([(tx - 14, ty - 2), (tx + 14, ty - 2), (tx, ty - h)], fill=(20, 80 + rng.below(60), 40))
    hy = int(front[245] * n) + 30  # a house with a red roof and a lit window
    d.rectangle((215, hy - 40, 275, hy + 4), fill=(235, 215, 170))
    d.polygon([(205, hy - 38), (285, hy - 38), (245, hy - 72)], fill=(200, 50, 40))
    d.rectangle((228, hy - 28, 246, hy - 12), fill=(255, 220, 90))
    d.rectangle((254, hy - 24, 268, hy + 4), fill=(110, 70, 40))
    d.polygon([(520, 660), (640, 660), (620, 690), (540, 690)], fill=(150, 70, 40))  # a sailing boat
    d.line([(580, 660), (580, 560)], fill=(60, 40, 30), width=4)
    d.polygon([(584, 566), (584, 652), (640, 652)], fill=(250, 250, 245))
    d.polygon([(576, 576), (576, 652), (532, 652)], fill=(240, 120, 80))
    for cx, cy in ((90, 620), (150, 700), (330, 740), (420, 640), (720, 600), (700, 720)):  # lily pads
        d.ellipse((cx - 22, cy - 9, cx + 22, cy + 9), fill=(60, 150, 80))
        d.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=(250, 160, 200))
    return pic


PALETTE = [(231, 76, 60), (241, 196, 15), (46, 204, 113), (52, 152, 219), (155, 89, 182), (230, 126, 34),
           (26, 188, 156), (236, 240, 241), (52, 73, 94)]


def mosaic() -> Image.Image:
    """Triangles on an 8×8 grid, each square split along a random diagonal, with circles on top."""
    rng = Rng(13)
    img = Image.new("RGB", (SIZE, SIZE), (30, 30, 40))
    d = ImageDraw.Draw(img)
    cells = 8
    s = SIZE / cells
    for r in range(cells):
        for c in range(cells):
            x0, y0, x1, y1 = c * s, r * s, (c + 1) * s, (r + 1) * s
            a, b = PALETTE[rng.below(len(PALETTE))], PALETTE[rng.below(len(PALETTE))]
            if rng.below(2):
                d.polygon([(x0, y0), (x1, y0), (x0, y1)], fill=a)
                d.polygon([(x1, y0), (x1, y1), (x0, y1)], fill=b)
            else:
                d.polygon([(x0, y0), (x1, y0), (x1, y1)], fill=a)
                d.polygon([(x0, y0), (x1, y1), (x0, y1)], fill=b)
    for _ in range(14):
        cx, cy = rng.below(SIZE), rng.below(SIZE)
        rad = 30 + rng.below(70)
        colour = PALETTE[rng.below(len(PALETTE))]
        d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), outline=(250, 250, 250), width=6, fill=colour)
    for i in range(cells + 1):  # grout lines
        d.line([(i * s, 0), (i * s, SIZE)], fill=(25, 25, 30), width=3)
        d.line([(0, i * s), (SIZE, i * s)], fill=(25, 25, 30), width=3)
    return img


def maze() -> Image.Image:
    """A 16×16 depth-first maze; corridor colour follows the distance from the centre cell (a rainbow)."""
    rng = Rng(7)
    n = 16
    cell = SIZE // n
    seen = np.zeros((n, n), bool)
    depth = np.zeros((n, n), int)
    links: list[tuple[int, int, int, int]] = []
    start = (n // 2, n // 2)
    stack = [start]
    seen[start] = True
    while stack:
        r, c = stack[-1]
        options = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                   if 0 <= r + dr < n and 0 <= c + dc < n and not seen[r + dr, c + dc]]
        if not options:
            stack.pop()
            continue
        nr, nc = options[rng.below(len(options))]
        seen[nr, nc] = True
        depth[nr, nc] = depth[r, c] + 1
        links.append((r, c, nr, nc))
        stack.append((nr, nc))
    top = depth.max() or 1
    img = Image.new("RGB", (SIZE, SIZE), (18, 20, 32))
    d = ImageDraw.Draw(img)
    wall = cell // 5

    def colour(r: int, c: int) -> tuple[int, int, int]:
        h = depth[r, c] / top
        rgb = np.clip(np.abs(((h * 6 + np.array([0, 4, 2])) % 6) - 3) - 1, 0, 1)  # hue -> RGB
        return tuple(int(v) for v in 70 + rgb * 170)  # type: ignore[return-value]

    for r, c, nr, nc in links:
        x0, y0 = min(c, nc) * cell + wall, min(r, nr) * cell + wall
        x1, y1 = (max(c, nc) + 1) * cell - wall, (max(r, nr) + 1) * cell - wall
        d.rectangle((x0, y0, x1, y1), fill=colour(nr, nc))
    r0, c0 = start
    d.ellipse((c0 * cell + wall, r0 * cell + wall, (c0 + 1) * cell - wall, (r0 + 1) * cell - wall),
              fill=(255, 255, 255))
    return img.filter(ImageFilter.SMOOTH)


PICTURES = {"default": landscape, "mosaic": mosaic, "maze": maze}


def main() -> int:
    """Write every picture; returns 0."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, draw in PICTURES.items():
        path = OUT / f"{name}.png"
        draw().save(path, optimize=True)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
