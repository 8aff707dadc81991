"""Fast glyph bitmaps: pyglet's FreeType renderer expands each new glyph to RGBA in a pure-Python loop.

pyglet 2.1's ``FreeTypeGlyphRenderer._expand_to_rgba`` walks every pixel of every glyph the first time a font
size shows it (about 2 µs a pixel: a 96-point countdown digit took 20-40 ms, the menu's first frame spent a third of
a second there).  :func:`install` replaces it with the same mapping done by numpy over the whole bitmap, byte for
byte the same output (``tests/test_frame_cost.py`` compares the two); a pyglet without that method is left alone.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: pyglet's own method, kept by :func:`install` (the tests compare the two); None until installed.
original: Any = None


def expand_to_rgba(_renderer: Any, data: Any, src_format: str, dst_format: str) -> bytes:  # noqa: ANN401
    """pyglet's expansion of ``data`` (``len(src_format)`` bytes a pixel) to ``dst_format``: a channel named in
    ``src_format`` becomes 255, a missing ``A`` takes the pixel's first byte, any other channel 255; ``data`` is
    returned unchanged when it already has as many bytes a pixel."""
    src_len, dst_len = len(src_format), len(dst_format)
    if src_len >= dst_len:
        return data  # type: ignore[no-any-return]
    raw = np.frombuffer(memoryview(data).cast("B"), dtype=np.uint8)
    n = len(raw) // src_len
    out = np.full((n, dst_len), 255, dtype=np.uint8)
    for j, c in enumerate(dst_format):
        if c == "A" and c not in src_format:
            out[:, j] = raw[: n * src_len : src_len]
    return out.tobytes()


def install() -> bool:
    """Use :func:`expand_to_rgba` for pyglet's FreeType glyphs; False when this pyglet has no such method."""
    try:
        from pyglet.font import freetype
    except Exception:  # noqa: BLE001 - no FreeType (another platform's font renderer): nothing to speed up
        return False
    renderer = getattr(freetype, "FreeTypeGlyphRenderer", None)
    if renderer is None or not hasattr(renderer, "_expand_to_rgba"):
        return False
    global original
    if renderer._expand_to_rgba is not expand_to_rgba:  # noqa: SLF001
        original = renderer._expand_to_rgba  # noqa: SLF001
        renderer._expand_to_rgba = expand_to_rgba  # noqa: SLF001
    return True
