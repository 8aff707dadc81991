"""Text size (Settings, 100..200 %) on every screen: at a larger setting no text is smaller and no control leaves
the window.  Every shell screen of :mod:`test_layout` plus the Lab and the editor, at 800×600, 1280×800,
1920×1080 and 3840×2160: each (screen, size) is laid out at two neighbouring settings (100 and 125 %, 125 and
150 %, 150 and 175 % or 175 and 200 %), the pairs taking turns over the sizes so each screen meets every pair, and
the themes taking turns as in :func:`test_layout.covering_sizes`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layout_check import check_layout, recording_texts, set_window_size  # noqa: E402
from test_layout import SIZES, THEMES, _screens, covering_sizes  # noqa: E402

from game import routes

PERCENTS = (100, 125, 150, 175, 200)


def _all_screens(ctx):
    screens = dict(_screens(ctx))
    screens["lab"] = lambda: routes.lab(ctx)
    screens["editor"] = lambda: routes.editor(ctx)
    return screens


def _sizes_drawn(window, view) -> dict[str, float]:
    """Every text drawn in a frame (its words -> its font size; buttons' labels included by the view)."""
    with recording_texts() as drawn:
        window.dispatch_event("on_draw")
    out: dict[str, float] = {}
    for t in drawn:
        out.setdefault(t.text, float(t.font_size))
    for b in getattr(view, "buttons", []):
        if getattr(b, "visible", True):
            out.setdefault("button: " + str(b.text), float(getattr(b, "font_px", 0.0)))
    return out


@pytest.mark.parametrize("theme", THEMES)
def test_a_larger_text_size_never_makes_text_smaller_or_pushes_a_control_out(window, ctx, theme):
    ctx.set_theme(theme)
    problems: list[str] = []
    try:
        for n, (name, make) in enumerate(_all_screens(ctx).items()):
            for i, (w, h) in enumerate(covering_sizes(n, THEMES.index(theme), SIZES)):
                k = (n + i) % (len(PERCENTS) - 1)
                smaller_p, larger = PERCENTS[k], PERCENTS[k + 1]
                sizes = {}
                for percent in (smaller_p, larger):
                    ctx.set_text_size(percent)
                    view = make()
                    problems += [f"{name} {w}x{h} {percent}%: {p}" for p in check_layout(window, view, w, h)]
                    sizes[percent] = _sizes_drawn(window, view)
                was = sizes[smaller_p]
                smaller = [f"{t!r} {was[t]:.1f} -> {v:.1f}" for t, v in sizes[larger].items()
                           if t in was and v < was[t] * 0.95]  # 5 %: fitted lines (glyphs scale unevenly)
                problems += [f"{name} {w}x{h} {larger}%: smaller than at {smaller_p}%: {s}" for s in smaller]
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)
    assert problems == [], "\n".join(problems)
