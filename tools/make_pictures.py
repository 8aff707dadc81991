"""Draw the sliding puzzle's built-in pictures with numpy and Pillow.

Run ``python tools/make_pictures.py [name ...]`` to (re)write ``assets/pictures/*.png``
(768×768 RGB).  The output is deterministic (fixed seeds, no fonts), so the
committed files can be checked against it.  The pictures are ours, CC0.

- ``default``: a landscape at dusk with something in every part (a sky tinted across and down, moon,
  stars, clouds, rainbow, a sun with rays, striped hills with trees and a house, a lake with a boat);
- ``mosaic``: a geometric mosaic of coloured triangles with circles;
- ``maze``: a maze-like pattern (a depth-first maze whose corridors change colour along the way);
- the pictures stars buy (:mod:`engine.modes.rewards`): ``balloons`` (hot-air balloons over fields), ``reef``
  (a coral reef with fish), ``city`` (a city at night by a river), ``aurora`` (northern lights over mountains).
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


# -- the pictures stars buy (engine.modes.rewards: kind "picture") --------------------------------------------


def _grid() -> tuple[np.ndarray, np.ndarray]:
    """x and y in 0..1 over the picture (each SIZE × SIZE, x across, y down)."""
    y = np.linspace(0.0, 1.0, SIZE)[:, None] * np.ones((1, SIZE))
    x = np.ones((SIZE, 1)) * np.linspace(0.0, 1.0, SIZE)[None, :]
    return x, y


def balloons() -> Image.Image:
    """Hot-air balloons over patchwork fields: a morning sky (blue to pale yellow, tinted across), clouds, eight
    striped balloons of different sizes and colours, and fields in strips down to a river."""
    x, y = _grid()
    img = _lerp((70, 140, 220), (250, 236, 180), np.clip(y / 0.7, 0, 1)) * 0.75 + _lerp((120, 200, 230),
                                                                                   (240, 170, 190), x) * 0.25
    horizon = 0.72 + 0.03 * np.sin(x[0] * 5.0)
    field_ids = (np.floor((x + (y - 0.72) * 1.6) * 9) + np.floor((y - 0.72) * 22) * 3) % 5
    fields = [(96, 170, 70), (200, 190, 80), (60, 130, 60), (170, 130, 70), (130, 190, 100)]
    ground = np.zeros_like(img)
    for k, colour in enumerate(fields):
        ground = np.where((field_ids == k)[..., None], np.asarray(colour, float), ground)
    ground = ground * (0.75 + 0.35 * ((y - 0.72) / 0.28))[..., None]
    img = np.where((y > horizon[None, :])[..., None], ground, img)
    river = np.abs(x - (0.30 + 0.35 * (y - 0.72) + 0.06 * np.sin(y * 30))) < 0.02 + 0.06 * (y - 0.72)
    img = np.where((river & (y > horizon[None, :]))[..., None], np.asarray((70, 130, 210), float), img)
    pic = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pic)
    for cx, cy, w in ((140, 90, 150), (520, 60, 170), (650, 250, 120), (300, 330, 130)):  # clouds
        for dx, dy, k in ((-0.35, 0.1, 0.55), (0.0, 0.0, 0.75), (0.35, 0.1, 0.55)):
            rw = w * k
            d.ellipse((cx + dx * w - rw / 2, cy + dy * w - rw / 3, cx + dx * w + rw / 2, cy + dy * w + rw / 3),
                      fill=(250, 250, 252))
    rng = Rng(21)
    stripes = [((230, 60, 60), (250, 220, 70)), ((60, 110, 220), (250, 250, 250)), ((150, 70, 190), (90, 200, 120)),
               ((250, 140, 40), (200, 40, 90)), ((40, 170, 170), (250, 200, 60)), ((220, 60, 140), (70, 60, 160)),
               ((240, 200, 40), (60, 160, 80)), ((250, 110, 90), (90, 170, 240))]
    spots = ((110, 250, 70), (250, 170, 90), (430, 210, 110), (600, 120, 60), (690, 420, 80), (210, 470, 55),
             (470, 430, 75), (360, 90, 45))
    for (cx, cy, r), (a, b) in zip(spots, stripes, strict=True):
        layer = Image.new("L", (SIZE, SIZE), 0)
        ImageDraw.Draw(layer).ellipse((cx - r, cy - r * 1.15, cx + r, cy + r * 1.0), fill=255)
        ImageDraw.Draw(layer).polygon([(cx - r * 0.86, cy + r * 0.5), (cx + r * 0.86, cy + r * 0.5),
                                       (cx + r * 0.25, cy + r * 1.45), (cx - r * 0.25, cy + r * 1.45)], fill=255)
        band = np.floor((np.arange(SIZE)[None, :] - cx) / (r / 2.5)).astype(int) % 2 == 0
        colour = np.where(band[..., None], np.asarray(a, np.uint8), np.asarray(b, np.uint8))
        colour = np.broadcast_to(colour, (SIZE, SIZE, 3)).copy()
        pic.paste(Image.fromarray(colour), mask=layer)
        d.line([(cx - r * 0.25, cy + r * 1.45), (cx - r * 0.15, cy + r * 1.75)], fill=(80, 50, 30), width=2)
        d.line([(cx + r * 0.25, cy + r * 1.45), (cx + r * 0.15, cy + r * 1.75)], fill=(80, 50, 30), width=2)
        d.rectangle((cx - r * 0.17, cy + r * 1.75, cx + r * 0.17, cy + r * 2.0), fill=(150, 100, 50))
    for _ in range(30):  # hedges and trees dotted over the fields
        tx, ty = rng.below(SIZE), int(SIZE * 0.76) + rng.below(int(SIZE * 0.22))
        rad = 5 + rng.below(9)
        d.ellipse((tx - rad, ty - rad, tx + rad, ty + rad), fill=(30, 90 + rng.below(50), 40))
    return pic


def reef() -> Image.Image:
    """A coral reef: deep blue water lit from the top left, light rays, bubbles, corals of many colours on
    sand, and fish of different sizes swimming across."""
    x, y = _grid()
    img = _lerp((40, 170, 210), (10, 30, 90), np.clip(y * 1.1, 0, 1)) * 0.6 + _lerp((20, 170, 130),
                                                                                (110, 50, 170), x) * 0.4
    rays = (np.sin((x - y * 0.35) * 40) > 0.6) & (y < 0.75)
    img = np.where(rays[..., None], img * 0.8 + np.asarray((170, 230, 240)) * 0.2 * (1 - y)[..., None], img)
    sand_top = 0.80 + 0.04 * np.sin(x[0] * 7.0 + 1)
    sand = _lerp((230, 200, 140), (180, 140, 90), np.clip((y - 0.8) * 5, 0, 1))
    ripples = np.sin(x * 60 + np.sin(y * 40) * 2) > 0.7
    sand = np.where(ripples[..., None], sand * 0.9, sand)
    img = np.where((y > sand_top[None, :])[..., None], sand, img)
    pic = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pic)
    rng = Rng(33)
    corals = [(255, 110, 120), (250, 170, 60), (190, 90, 200), (90, 220, 170), (250, 90, 170), (240, 230, 100)]
    for i in range(9):  # branching corals rising from the sand
        bx = 30 + i * 88 + rng.below(30)
        colour = corals[i % len(corals)]
        base = int(sand_top[min(SIZE - 1, bx)] * SIZE) + 10
        for k in range(5):
            ang = -np.pi / 2 + (k - 2) * 0.35 + (rng.random() - 0.5) * 0.2
            length = 60 + rng.below(80)
            ex, ey = bx + np.cos(ang) * length, base + np.sin(ang) * length
            d.line([(bx, base), (ex, ey)], fill=colour, width=9)
            d.ellipse((ex - 9, ey - 9, ex + 9, ey + 9), fill=colour)
    for cx, cy in ((120, 690), (400, 720), (650, 700)):  # shells and a starfish
        d.pieslice((cx - 22, cy - 18, cx + 22, cy + 18), 180, 360, fill=(250, 220, 200), outline=(200, 140, 120))
    star = [(560 + np.cos(a) * (26 if k % 2 == 0 else 11), 740 + np.sin(a) * (26 if k % 2 == 0 else 11))
            for k, a in enumerate(np.linspace(-np.pi / 2, 1.5 * np.pi, 11)[:-1])]
    d.polygon(star, fill=(250, 120, 60))
    fish = [(150, 150, 60, (250, 200, 40), 1), (470, 110, 45, (250, 110, 60), -1), (620, 330, 70, (90, 160, 250), -1),
            (260, 380, 40, (240, 240, 250), 1), (420, 260, 55, (200, 80, 200), 1), (90, 500, 38, (250, 150, 190), 1),
            (690, 520, 42, (120, 230, 120), -1)]
    for fx, fy, size, colour, face in fish:
        d.ellipse((fx - size, fy - size * 0.5, fx + size, fy + size * 0.5), fill=colour)
        tail = fx - face * size
        back = tail - face * size * 0.6
        d.polygon([(tail, fy), (back, fy - size * 0.45), (back, fy + size * 0.45)], fill=colour)
        for s in (-0.3, 0.1):  # two stripes
            sx = fx + face * s * size
            d.line([(sx, fy - size * 0.42), (sx, fy + size * 0.42)], fill=(30, 30, 40), width=max(2, size // 10))
        ex = fx + face * size * 0.6
        d.ellipse((ex - size * 0.1, fy - size * 0.2, ex + size * 0.1, fy), fill=(20, 20, 30))
    for _ in range(24):  # bubbles
        bx, by = rng.below(SIZE), rng.below(int(SIZE * 0.7))
        rad = 3 + rng.below(8)
        d.ellipse((bx - rad, by - rad, bx + rad, by + rad), outline=(220, 245, 255), width=2)
    return pic


def city() -> Image.Image:
    """A city at night by a river: a sky from violet to orange at the horizon, a full moon, stars, towers of
    many heights and colours with lit windows, a bridge, and their reflections in the water."""
    x, y = _grid()
    img = _lerp((20, 16, 60), (240, 120, 80), np.clip(y / 0.62, 0, 1) ** 1.4) * 0.55 + _lerp((120, 20, 110),
                                                                                      (10, 90, 130), x) * 0.45
    pic = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pic)
    rng = Rng(44)
    for _ in range(60):
        cx, cy = rng.below(SIZE), rng.below(int(SIZE * 0.35))
        d.point((cx, cy), fill=(255, 255, 230))
        if rng.below(4) == 0:
            d.ellipse((cx - 2, cy - 2, cx + 2, cy + 2), fill=(255, 250, 220))
    d.ellipse((560, 60, 660, 160), fill=(250, 245, 215))
    d.ellipse((585, 85, 605, 105), fill=(225, 220, 190))
    d.ellipse((620, 115, 634, 129), fill=(225, 220, 190))
    shore = int(SIZE * 0.62)
    fronts = [(70, 60, 110), (110, 70, 90), (60, 90, 110), (90, 90, 120), (120, 80, 60), (50, 70, 90)]
    xpos = 0
    k = 0
    while xpos < SIZE:  # the towers, left to right
        w = 40 + rng.below(60)
        h = 90 + rng.below(250) if k % 3 else 180 + rng.below(200)
        top = shore - h
        colour = fronts[k % len(fronts)]
        d.rectangle((xpos, top, xpos + w, shore), fill=colour)
        if k % 4 == 1:  # a spire
            d.polygon([(xpos + w * 0.2, top), (xpos + w * 0.8, top), (xpos + w * 0.5, top - 50)], fill=colour)
        if k % 5 == 3:  # a dome
            d.pieslice((xpos, top - w / 2, xpos + w, top + w / 2), 180, 360, fill=colour)
        for wy in range(top + 10, shore - 10, 18):
            for wx in range(xpos + 6, xpos + w - 10, 14):
                if rng.below(3):
                    lit = (255, 220, 110) if rng.below(4) else (150, 220, 255)
                    d.rectangle((wx, wy, wx + 7, wy + 9), fill=lit)
        xpos += w + 4
        k += 1
    d.rectangle((0, shore, SIZE, shore + 8), fill=(40, 30, 50))  # the embankment
    for i in range(6):  # a bridge's arches over the left half
        ax = 10 + i * 60
        d.arc((ax, shore + 6, ax + 60, shore + 70), 180, 360, fill=(200, 170, 120), width=6)
    arr = np.asarray(pic).astype(float)
    rows = np.clip(2 * shore - np.arange(shore, SIZE), 0, SIZE - 1)
    water = (_lerp((20, 30, 70), (10, 10, 40), np.clip((y[shore:] - 0.62) / 0.38, 0, 1)) * 0.5
             + _lerp((90, 30, 90), (10, 80, 110), x[shore:]) * 0.5)
    reflected = arr[rows] * 0.5 + water * 0.5
    wave = np.sin(y[shore:] * 300 + np.sin(x[shore:] * 25) * 3) > 0.55
    reflected = np.where(wave[..., None], reflected * 0.6 + 20, reflected)
    arr[shore + 8:] = reflected[8:]
    pic = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pic)
    d.polygon([(470, 690), (600, 690), (580, 715), (490, 715)], fill=(230, 80, 60))  # a boat with lanterns
    d.rectangle((505, 670, 565, 690), fill=(240, 230, 200))
    for lx in (515, 535, 555):
        d.ellipse((lx - 4, 676, lx + 4, 684), fill=(255, 200, 80))
    return pic


def aurora() -> Image.Image:
    """Northern lights over snowy mountains: a night sky with green and violet curtains waving across, stars,
    three mountain ranges with snow caps, a frozen lake and a lit cabin among pines."""
    x, y = _grid()
    img = _lerp((5, 10, 35), (30, 40, 90), np.clip(y / 0.6, 0, 1)) * 0.7 + _lerp((10, 40, 40), (50, 10, 60), x) * 0.3
    curtains = ((0.22, (60, 240, 150), 0.06, 5.0), (0.32, (150, 90, 240), 0.05, 7.0), (0.15, (80, 200, 230), 0.04, 9.0))
    for k, (centre, colour, amp, freq) in enumerate(curtains):
        line = centre + amp * np.sin(x * freq * np.pi + k * 2.1) + 0.02 * np.sin(x * 31 + k)
        dist = y - line
        glow = np.exp(-np.clip(dist, 0, None) * 22) * (dist > -0.01) * np.exp(-np.clip(-dist, 0, None) * 200)
        streaks = 0.6 + 0.4 * np.sin(x * 180 + np.sin(x * 13 + k) * 4) ** 2
        img = img + np.asarray(colour, float) * (glow * streaks * 0.8)[..., None]
    pic = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pic)
    rng = Rng(55)
    for _ in range(70):
        cx, cy = rng.below(SIZE), rng.below(int(SIZE * 0.55))
        rad = rng.below(2)
        d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=(240, 245, 255))
    xs = np.arange(SIZE)
    ranges = [(0.58, 0.12, 3.0, (70, 80, 120)), (0.64, 0.10, 5.0, (50, 60, 100)), (0.70, 0.07, 8.0, (35, 45, 80))]
    for base, amp, freq, colour in ranges:  # sharp peaks (1 - |sin|), snow on the top third of each
        ridge = SIZE * (base - amp * (1 - np.abs(np.sin(xs / SIZE * freq * np.pi + base * 7))))
        peaks = [(int(px), float(ridge[int(px)])) for px in xs[::4]]
        d.polygon([(0, SIZE), *peaks, (SIZE, SIZE)], fill=colour)
        snow_line = SIZE * (base - amp * 0.62)
        cap = Image.new("L", (SIZE, SIZE), 0)
        ImageDraw.Draw(cap).polygon([(0, SIZE), *peaks, (SIZE, SIZE)], fill=255)
        cap_px = np.asarray(cap).copy()
        cap_px[int(snow_line):] = 0
        pic.paste((232, 238, 248), mask=Image.fromarray(cap_px))
    d = ImageDraw.Draw(pic)
    lake_top = int(SIZE * 0.80)
    ice = _lerp((120, 210, 180), (190, 150, 225), x[lake_top:]) * 0.7 + _lerp((200, 215, 235), (90, 110, 160),
                                                                                  y[lake_top:] * 5 - 4) * 0.3
    pic.paste(Image.fromarray(np.clip(ice, 0, 255).astype(np.uint8)), (0, lake_top))
    d = ImageDraw.Draw(pic)
    for _ in range(12):  # cracks and shine on the ice
        cx = rng.below(SIZE)
        cy = lake_top + 10 + rng.below(SIZE - lake_top - 20)
        d.line([(cx, cy), (cx + 30 + rng.below(60), cy + rng.below(10))], fill=(210, 230, 245), width=2)
    for i in range(11):  # pines along the shore
        tx = 20 + i * 72 + rng.below(25)
        if 300 < tx < 420:
            continue  # the cabin stands there
        h = 50 + rng.below(40)
        d.polygon([(tx - 16, lake_top + 4), (tx + 16, lake_top + 4), (tx, lake_top - h)], fill=(20, 60, 45))
    d.rectangle((320, lake_top - 46, 400, lake_top + 4), fill=(120, 70, 40))
    d.polygon([(310, lake_top - 44), (410, lake_top - 44), (360, lake_top - 84)], fill=(240, 245, 250))
    d.rectangle((336, lake_top - 32, 354, lake_top - 14), fill=(255, 210, 100))
    d.rectangle((366, lake_top - 32, 384, lake_top - 14), fill=(255, 210, 100))
    for i in range(6):  # footprints from the cabin across the ice
        fx, fy = 352 + (i % 2) * 14, lake_top + 14 + i * 22
        d.ellipse((fx, fy, fx + 8, fy + 8), fill=(110, 130, 160))
    return pic


PICTURES = {"default": landscape, "mosaic": mosaic, "maze": maze, "balloons": balloons, "reef": reef, "city": city,
            "aurora": aurora}


def main(names: list[str] | None = None) -> int:
    """Write every picture (or only those ``names``, e.g. ``python tools/make_pictures.py reef``); returns 0, 2 for
    an unknown name."""
    wanted = names or list(PICTURES)
    unknown = [n for n in wanted if n not in PICTURES]
    if unknown:
        print(f"no picture called {unknown[0]!r} (known: {', '.join(PICTURES)})", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    for name, draw in ((n, PICTURES[n]) for n in wanted):
        path = OUT / f"{name}.png"
        draw().save(path, optimize=True)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
