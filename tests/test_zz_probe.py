import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from layout_check import check_layout, set_window_size  # noqa: E402
from test_text_size_everywhere import PERCENTS, SIZES, _all_screens, _sizes_drawn, too_small  # noqa: E402


def test_probe(window, ctx):
    names = os.environ["PROBE"].split(",")
    problems = []
    for theme in os.environ.get("THEMES", "dark").split(","):
        ctx.set_theme(theme)
        screens = _all_screens(ctx)
        for name in names:
            for w, h in SIZES:
                prev = None
                for p in PERCENTS:
                    ctx.set_text_size(p)
                    view = screens[name]()
                    problems += [f"{theme} {name} {w}x{h} {p}%: {x}" for x in check_layout(window, view, w, h)]
                    sz = _sizes_drawn(window, view)
                    problems += [f"{theme} {name} {w}x{h} {p}%: small {x}" for x in too_small(sz, h)]
                    if prev:
                        problems += [f"{theme} {name} {w}x{h} {p}%: shrank {t!r} {prev[t]:.1f}->{v:.1f}"
                                     for t, v in sz.items() if t in prev and v < prev[t] * 0.95]
                    prev = sz
    ctx.set_text_size(100)
    set_window_size(window, 1280, 800)
    assert not problems, "\n".join(problems)
