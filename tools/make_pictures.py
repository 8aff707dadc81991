"""Draw the sliding puzzle's built-in pictures with numpy and Pillow.

Run ``python tools/make_pictures.py`` to (re)write ``assets/pictures/*.png``
(768×768 RGB).  The output is deterministic (fixed seeds, no fonts), so the
committed files can be checked against it.  The pictures are ours, CC0.

- ``default``: a landscape at dusk (sky gradient, sun, three hill ranges, a lake with reflections);
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
    """Sky, sun, three hill ranges and a lake (the ``default`` picture)."""
    n = SIZE
    y = np.linspace(0.0, 1.0, n)[:, None] * np.ones((1, n))
    x = np.ones((n, 1)) * np.linspace(0.0, 1.0, n)[None, :]
    img = _lerp((38, 44, 110), (250, 150, 90), np.clip(y / 0.62, 0, 1))  # sky: deep blue to orange
    sun = np.hypot(x - 0.68, y - 0.47)
    img = np.where((sun < 0.085)[..., None], np.asarray((255, 226, 140), float), img)
    glow = np.clip(1 - sun / 0.3, 0, 1) ** 2 * 0.5
    img = img * (1 - glow[..., None]) + np.asarray((255, 200, 120)) * glow[..., None]
    ranges = [  # (base height, amplitude, frequencies, colour)
        (0.50, 0.06, (3.1, 7.3), (122, 80, 122)),
        (0.58, 0.05, (4.7, 11.0), (70, 58, 100)),
        (0.66, 0.04, (2.3, 9.1), (36, 70, 62)),
    ]
    xs = np.linspace(0.0, 1.0, n)
    for base, amp, (f1, f2), colour in ranges:
        ridge = base - amp * (np.sin(xs * f1 * np.pi + base * 9) + 0.5 * np.sin(xs * f2 * np.pi + 1.3))
        img = np.where((y > ridge[None, :])[..., None], np.asarray(colour, float), img)
    lake = y > 0.72
    mirror = np.clip((2 * 0.72 - y), 0, 1)  # reflect the picture above the shore line
    rows = np.clip((mirror * (n - 1)).astype(int), 0, n - 1)
    reflected = img[rows[:, 0]] * 0.55 + np.asarray((20, 40, 90)) * 0.45
    ripple = (np.sin(y * 260 + np.sin(x * 18) * 2) > 0.75) & lake
    img = np.where(lake[..., None], reflected, img)
    img = np.where(ripple[..., None], img * 0.8 + 50, img)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))


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
