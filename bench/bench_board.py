"""The sliding puzzle's board layout: CPU milliseconds per tile build, old checkout against new.

Every layout of the puzzle screen (a resize, a text-size step, a theme change, a panel reflow) places the board
again (:meth:`game.puzzle.board.BoardLayer.place`), which makes its tile sprites.  Each checkout runs in a fresh
process (``python bench/bench_board.py --worker``, from the checkout) on a hidden headless window: a 4x4 board,
numbered and with the ``maze`` picture, is placed at 3 sizes once (first builds, measured apart), then through the
same 3 sizes 10 more times (a layout at a size seen before, as when a player resizes back or changes the text
size).  The figure is ``time.process_time()`` per placement.  Old and new alternate ``--repeats`` times; medians
and new/old ratios.

Run: ``python bench/bench_board.py --old /path/to/old/checkout [--repeats 3]``; writes
``bench/results/board.md``.  Software GL (llvmpipe) charges the atlas writes to the process, like the tests.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time

import side_by_side

SIDES = [480, 560, 640]  # board sides in pixels (tile sizes 120, 140, 160)
AGAIN = 10  # passes through the sizes after the first


def _worker() -> None:
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    os.environ["TESSERA_HOME"] = tempfile.mkdtemp(prefix="tessera-bench-board-")
    sys.path.insert(0, os.getcwd())
    import arcade

    from engine.puzzle.deal import Deal, deal_session
    from game.puzzle.board import BoardLayer
    from game.render.theme import get_theme

    arcade.Window(800, 600, "bench", visible=False, vsync=False, antialiasing=False)
    out: dict[str, float] = {}
    for picture in ("", "maze"):
        layer = BoardLayer(deal_session(Deal(4, 4, seed=7)), get_theme("dark"), animate=False)
        layer.set_picture(picture, True)
        name = picture or "numbers"
        t = time.process_time()
        for side in SIDES:
            layer.place(0, 0, side, side)
        out[f"{name}_first"] = 1000 * (time.process_time() - t) / len(SIDES)
        t = time.process_time()
        for _ in range(AGAIN):
            for side in SIDES:
                layer.place(0, 0, side, side)
        out[f"{name}_again"] = 1000 * (time.process_time() - t) / (AGAIN * len(SIDES))
    print(json.dumps(out))


def main() -> None:
    side_by_side.main(
        __file__, __doc__ or "", _worker, 3,
        [("numbers_first", "numbered tiles, a new size"),
         ("numbers_again", "numbered tiles, a size seen before"),
         ("maze_first", "picture tiles, a new size"),
         ("maze_again", "picture tiles, a size seen before")],
        "ms", 1, "Puzzle board layout: CPU milliseconds per tile build (issue 31)",
        "; a 4x4 board placed at 480, 560 and 640 px", "board.md")

if __name__ == "__main__":
    main()
