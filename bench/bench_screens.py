"""Opening and resizing the shell screens: CPU seconds in the game's own process, old checkout against new.

What a player waits for when a screen opens (its buttons and texts made and laid out, its first frame drawn) and
when the window changes size or the text size changes (every text laid out again).  Each checkout runs in a fresh
process (``python bench/bench_screens.py --worker``, from the checkout) on a hidden headless window: every screen of
:data:`SCREENS` is opened and drawn, then resized through 800x600, 1280x800, 1920x1080 and 3840x2160 and drawn at
each, at text size 100 % and again at 200 %; the figure is ``time.process_time()`` over all of it (imports, the
window and the first, warm-up pass excluded: the second pass is measured, as a player's second visit would be, and
the first pass separately).  Old and new alternate, ``--repeats`` times; medians and new/old ratios.

Run: ``python bench/bench_screens.py --old /path/to/old/checkout [--repeats 5]``; writes
``bench/results/screens.md``.  Software GL (llvmpipe) charges drawing to the process, like the tests.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

import side_by_side

#: The route functions (game.routes) of the screens opened, each called with the context alone.
SCREENS = ["menu", "settings", "help_screen", "records", "my_levels", "levels", "race_setup", "lab_setup",
           "puzzle_setup", "dailies", "code_entry"]
SIZES = [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)]


def _worker() -> None:
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    sys.path.insert(0, os.getcwd())
    import arcade

    from game import routes
    from game.audio import Audio
    from game.context import Context
    from game.store import Store
    from game.ui import gui, set_text_size  # noqa: F401 - the headless arcade.gui shim

    window = arcade.Window(1280, 800, "bench", visible=False, vsync=False, antialiasing=False, resizable=True)
    window._enable_event_queue = False  # type: ignore[attr-defined]  # events at once, as under the tests
    home = tempfile.mkdtemp(prefix="tessera-bench-screens-")
    ctx = Context(window, store=Store(Path(home) / "tessera.db"), audio=Audio(enabled=False))

    def resize(w: int, h: int) -> None:
        window.set_size(w, h)
        if window.get_size() != (w, h):  # a headless window cannot: its reported size is set
            window._width, window._height = w, h  # type: ignore[attr-defined]
        window.dispatch_event("on_resize", w, h)

    def one_pass() -> tuple[float, float]:
        opened = resized = 0.0
        for percent in (100, 200):
            set_text_size(percent)
            for name in SCREENS:
                resize(1280, 800)
                t = time.process_time()
                view = getattr(routes, name)(ctx)
                window.show_view(view)
                view.on_draw()
                opened += time.process_time() - t
                t = time.process_time()
                for w, h in SIZES:
                    resize(w, h)
                    view.on_draw()
                resized += time.process_time() - t
        set_text_size(100)
        resize(1280, 800)
        return opened, resized

    first = one_pass()
    second = one_pass()
    print(json.dumps({"first_open": first[0], "first_resize": first[1], "open": second[0], "resize": second[1]}))


def main() -> None:
    side_by_side.main(
        __file__, __doc__ or "", _worker, 5,
        [("first_open", "open 11 screens x 2 text sizes, first time in the process"),
         ("first_resize", "resize each through 4 sizes, first time"),
         ("open", "open them again (fonts and glyphs known)"),
         ("resize", "resize them again")],
        "s", 2, "Shell screens: open and resize, CPU seconds in the game's process (issue 31)", "", "screens.md")

if __name__ == "__main__":
    main()
