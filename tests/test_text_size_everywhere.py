"""Text size (Settings, 100..200 %) on every screen: at a larger setting no text is smaller and no control leaves
the window.  Every shell screen of :mod:`test_layout` plus the Lab and the editor, at 800×600, 1280×800,
1920×1080 and 3840×2160: each (screen, size) is laid out at two neighbouring settings (100 and 125 %, 125 and
150 %, 150 and 175 % or 175 and 200 %), the pairs taking turns over the sizes so each screen meets every pair, and
the themes taking turns as in :func:`test_layout.covering_sizes`.  In the Lab (its setup, a run, the
comparison and the export folder) and the editor no text is smaller than :data:`MIN_SHARE` of the window's
height either: at 3840×2160 a 12 px text over a window 2.7 times as tall as 1280×800 fails.
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
#: The smallest text of the Lab and the editor as a share of the window's height (points per pixel of height): a
#: 3840×2160 window needs 13.5 pt, 1280×800 5 pt (their smallest texts there are 11 pt).
MIN_SHARE = 1 / 160
#: The screens held to :data:`MIN_SHARE`.
SCALED = ("lab", "lab run", "lab compare", "lab folder", "editor")
LAB_CODE = "M2.S20X16.WI#1-G2"


def _compare(ctx):
    """The Lab's comparison with its charts (one run per algorithm, made here rather than in the background)."""
    from engine.maze.analysis import compare
    from engine.maze.recipe import MazeSpec
    from game.lab.compare import CompareView

    spec = MazeSpec.from_code(LAB_CODE)
    view = CompareView(ctx, spec, runs=1, start=False)
    view.rows = _COMPARED.get(spec.code()) or _COMPARED.setdefault(
        spec.code(), compare(spec.shape, spec.width, spec.height, list(view.algorithms), 1, spec.seed))
    return view


_COMPARED: dict[str, list] = {}


def _all_screens(ctx):
    screens = dict(_screens(ctx))
    screens["lab"] = lambda: routes.lab(ctx)
    screens["lab run"] = lambda: routes.lab(ctx, LAB_CODE)
    screens["lab compare"] = lambda: _compare(ctx)
    screens["lab folder"] = lambda: routes.lab_folder(ctx)
    screens["editor"] = lambda: routes.editor(ctx)
    return screens


def too_small(sizes: dict[str, float], height: int) -> list[str]:
    """The texts of ``sizes`` (words -> points) under :data:`MIN_SHARE` of ``height``."""
    least = MIN_SHARE * height
    return [f"{t!r} {v:.1f} < {least:.1f}" for t, v in sizes.items()
            if t.removeprefix("button: ").strip() and v < least]


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
                    if name in SCALED:
                        problems += [f"{name} {w}x{h} {percent}%: too small: {p}"
                                     for p in too_small(sizes[percent], h)]
                was = sizes[smaller_p]
                smaller = [f"{t!r} {was[t]:.1f} -> {v:.1f}" for t, v in sizes[larger].items()
                           if t in was and v < was[t] * 0.95]  # 5 %: fitted lines (glyphs scale unevenly)
                problems += [f"{name} {w}x{h} {larger}%: smaller than at {smaller_p}%: {s}" for s in smaller]
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)
    assert problems == [], "\n".join(problems)
