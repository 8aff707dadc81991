"""The puzzle screens lay out from the window size: texts and buttons stay inside the window and never overlap.

Draws the setup screen, a 4x4 game with a hint shown, and an auto-solve in
progress with the solver statistics filled (each with the Advanced panel folded
and open), at 800×600, 1280×800, 1920×1080 and 3840×2160 on both themes.
Boxes are the ``arcade.Text`` content boxes (and the
button rectangles); a label must fit inside its button.  Local to the puzzle
screens, whose texts live in pyglet batches (a draw-call recorder cannot see them).
"""

from __future__ import annotations

import pytest

from engine.puzzle.board import Board
from engine.puzzle.result import SolveResult
from engine.puzzle.session import PuzzleSession, SolveKind

Box = tuple[float, float, float, float]  # left, bottom, right, top
SIZES = [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)]
TOL = 1.0


def text_box(t) -> Box:
    """The pixels a text's glyphs cover (anchors, content size; multi-line texts from their left edge)."""
    w, h = t.content_width, t.content_height
    left = {"left": t.x, "center": t.x - w / 2, "right": t.x - w}[t.anchor_x]
    bottom = {"bottom": t.y, "center": t.y - h / 2, "top": t.y - h, "baseline": t.y - h * 0.25}[t.anchor_y]
    return (left, bottom, left + w, bottom + h)


def problems(texts, buttons, width, height, name) -> list[str]:
    """Texts/buttons leaving the window, overlapping each other, or labels wider than their button."""
    boxes: list[tuple[str, Box]] = [(f"text {t.text[:30]!r}", text_box(t)) for t in texts if t.text.strip()]
    out = []
    for b in buttons:
        r = b.rect
        if r.width <= 0:
            continue
        boxes.append((f"button {b.want[:24]!r}", (r.left, r.bottom, r.right, r.top)))
        label = b.ui_label  # the label widget, laid out inside the button by the UI manager's draw
        if label.rect.width > r.width + TOL or label.rect.height > r.height + TOL:
            out.append(f"{name} {width}x{height}: label {b.text!r} leaves its button")
    for what, (left, bottom, right, top) in boxes:
        if left < -TOL or bottom < -TOL or right > width + TOL or top > height + TOL:
            out.append(f"{name} {width}x{height}: {what} leaves the window ({left:.0f},{bottom:.0f},{right:.0f},"
                       f"{top:.0f})")
    for i, (wa, a) in enumerate(boxes):
        for wb, b in boxes[i + 1:]:
            if min(a[2], b[2]) - max(a[0], b[0]) > TOL and min(a[3], b[3]) - max(a[1], b[1]) > TOL:
                out.append(f"{name} {width}x{height}: {wa} overlaps {wb}")
    return out


def resize(window, width, height):
    window.set_size(width, height)
    if window.get_size() != (width, height):  # a headless (EGL) window cannot resize: set its reported size
        window._width, window._height = width, height
    window.dispatch_event("on_resize", width, height)


def puzzle_view(ctx, theme, advanced=False):
    from engine.puzzle.deal import Deal, deal_session
    from game.puzzle.settings import PuzzleSettings
    from game.puzzle.view import PuzzleView

    ctx.set_theme(theme)
    deal = Deal(4, 4, "uniform", seed=7)
    view = PuzzleView(ctx, deal_session(deal), deal=deal, settings=PuzzleSettings(animate=False, advanced=advanced))
    ctx.window.show_view(view)
    return view


def with_hint(ctx, theme, advanced=False):
    view = puzzle_view(ctx, theme, advanced)
    view.session.hint_now(0.5)
    view.assist.show_hint_message()
    return view


def solving(ctx, theme, advanced=False):
    """An auto-solve in progress: the fast plan plays, statistics shown, the optimal search still out."""
    from game.puzzle.panel import stats_text

    view = puzzle_view(ctx, theme, advanced)
    s: PuzzleSession = view.session
    jobs = s.begin_solve(optimal=True, timeout=2.0)
    fast = next(j for j in jobs if j.kind is SolveKind.FAST)
    from engine.puzzle.astar import solve_fast

    r: SolveResult = solve_fast(s.board, timeout=10)
    s.solve_finished(fast, r)
    for _ in range(5):
        s.playback_step()
    view.panel.set(stats=stats_text(r))
    view._set_message("Playing a 61-move solution (fast): Space pauses, '.' steps, +/- speed, X stops; Z undoes "
                      "it afterwards. The optimal search goes on.")
    return view


def setup(ctx, theme):
    from game.puzzle.setup import PuzzleSetupView

    ctx.set_theme(theme)
    view = PuzzleSetupView(ctx, code_text="P1.4X4:NOTACODE-1", error="The puzzle code has a typo: its check "
                           "character does not match (copy it again).")
    ctx.window.show_view(view)
    return view


SCREENS = {"setup": setup, "hint": with_hint, "solving": solving,
           "hint-advanced": lambda ctx, theme: with_hint(ctx, theme, True),
           "solving-advanced": lambda ctx, theme: solving(ctx, theme, True)}


def view_parts(view):
    """(texts, buttons) of a puzzle screen."""
    from game.puzzle.view import PuzzleView

    if isinstance(view, PuzzleView):
        texts = [*view.panel.texts(), view.t_help, view.t_progress, view.t_banner]
        return texts, view.panel.shown_buttons()
    texts = [t for t in vars(view).values() if hasattr(t, "content_width") and hasattr(t, "anchor_x")]
    return texts, view.buttons


@pytest.mark.parametrize("theme", ["dark", "light", "contrast"])
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_puzzle_screens_fit_every_window_size(ctx, screen, theme):
    """Every screen at every size once, the themes taking turns (test_layout.covering_sizes): each screen is
    also seen in every theme, each theme at every size."""
    from test_layout import THEMES, covering_sizes

    found = []
    try:
        for w, h in covering_sizes(sorted(SCREENS).index(screen), THEMES.index(theme), SIZES):
            view = SCREENS[screen](ctx, theme)
            resize(ctx.window, w, h)
            view.on_update(1 / 60)
            view.on_draw()
            texts, buttons = view_parts(view)
            assert any(t.text for t in texts)
            found += problems(texts, buttons, w, h, screen)
    finally:
        resize(ctx.window, 1280, 800)
    assert not found, "\n".join(found[:20])


def test_the_checker_sees_an_overlap_and_a_text_outside(ctx):
    import arcade

    view = puzzle_view(ctx, "dark")
    a = arcade.Text("left text", 10, 10, font_size=20)
    b = arcade.Text("over it", 20, 15, font_size=20)
    c = arcade.Text("outside", 790, 10, font_size=20)
    found = problems([a, b, c], [], 800, 600, "probe")
    assert any("overlaps" in p for p in found) and any("leaves the window" in p for p in found)
    assert view.session.board == Board.goal(4, 4) or not view.session.solved


# -- issue 29 item 13: text size on the puzzle screens only makes text larger, and nothing is cut -------------
def _labels(view):
    _texts, buttons = view_parts(view)
    return {b.want: (b.text, float(b.label_size), float(b.ui_label._label.font_size)) for b in buttons
            if b.rect.width > 0}


@pytest.mark.parametrize("w, h", [(1280, 800), (800, 600), (1920, 1080)])
def test_the_puzzle_screen_at_200_percent_reflows_its_buttons_and_cuts_no_label(ctx, w, h):
    try:
        sizes, panels = {}, {}
        for percent in (100, 200):
            ctx.set_text_size(percent)
            view = puzzle_view(ctx, "dark")
            resize(ctx.window, w, h)
            view.on_update(1 / 60)
            view.on_draw()
            sizes[percent] = _labels(view)
            panels[percent] = (w - view.panel.left, view.panel.columns)
            cut = [want for want, (shown, _a, _b) in sizes[percent].items() if shown != want]
            assert not cut, (percent, cut)  # "Restart  R", "Advanced  V", "Distance  M": whole, shortcut kept
            texts, buttons = view_parts(view)
            assert problems(texts, buttons, w, h, f"puzzle {percent}%") == []
        # 200 %: a wider panel (issue 44 item 12: it stayed 640 px at 4K and cut most labels) or fewer columns
        assert panels[200][0] > panels[100][0] or panels[200][1] < panels[100][1] or w >= 1920
        for want, (_shown, _asked, font) in sizes[200].items():
            assert font >= sizes[100][want][2] - 0.01, want  # never smaller than at 100 %
    finally:
        ctx.set_text_size(100)
        resize(ctx.window, 1280, 800)


@pytest.mark.parametrize("w, h", [(1280, 800), (800, 600)])
def test_the_puzzle_setup_honours_text_size_and_scrolls_what_does_not_fit(ctx, w, h):
    from arcade import key

    try:
        fonts = {}
        for percent in (100, 200):
            ctx.set_text_size(percent)
            view = setup(ctx, "dark")
            resize(ctx.window, w, h)
            view.on_draw()
            fonts[percent] = (view.t_title.font_size, view.b_play.label_size, view.t_help.font_size)
            assert all(b.text == b.want for b in view.buttons if b.rect.width > 0), percent
        assert all(big > small for big, small in zip(fonts[200], fonts[100], strict=True))  # larger text
        assert view.max_scroll > 0  # taller than the window: it scrolls instead of cutting
        ctx.window.dispatch_event("on_key_press", key.END, 0)
        assert view.scroll == pytest.approx(view.max_scroll)
        assert 0 <= view.b_back.rect.bottom and view.t_help.y >= 0  # the footer is reachable, whole
        ctx.window.dispatch_event("on_key_press", key.HOME, 0)
        assert view.scroll == 0, view.scroll
        assert view.t_title.y <= h
    finally:
        ctx.set_text_size(100)
        resize(ctx.window, 1280, 800)


def test_the_puzzle_setup_footer_is_whole_at_800x600(ctx):
    """Item 17: the key help under the setup was cut at 800×600."""
    try:
        view = setup(ctx, "dark")
        resize(ctx.window, 800, 600)
        view.on_draw()
        assert "…" not in view.t_help.text and view.t_help.text.rstrip().endswith("between.")
    finally:
        resize(ctx.window, 1280, 800)


@pytest.mark.parametrize("w, h", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("percent", [100, 200])
def test_the_widest_progress_line_stays_under_its_bar(ctx, w, h, percent):
    from game.puzzle.tasks import WIDEST_PROGRESS
    from game.puzzle.widgets import fit_block

    try:
        ctx.set_text_size(percent)
        view = puzzle_view(ctx, "dark")
        resize(ctx.window, w, h)
        fit_block(view.t_progress, WIDEST_PROGRESS, view.progress_room)
        assert view.t_progress.text == WIDEST_PROGRESS  # room kept for all of it: nothing cut...
        top = view.t_progress.y + view.t_progress.content_height
        assert top <= view.progress_bar[2]  # ...and nothing under the bar (a narrow window wraps it to 3 lines)
    finally:
        ctx.set_text_size(100)
        resize(ctx.window, 1280, 800)


def test_measured_blocks_cut_where_trying_each_cut_on_the_text_does(ctx):
    """fit_block and hard_wrap measure (game.ui.textfit.measure) instead of laying the shown text out per try: the
    same cut as trying each on the text itself, and every measurement is the laid-out size."""
    import arcade

    from game.puzzle.panel import hard_wrap
    from game.puzzle.widgets import fit_block
    from game.ui import FONT, cut_to_fit
    from game.ui.textfit import measure

    value = ("Arrows move the gap · click a tile in the gap's row or column: slide them all (1 move per tile) · green "
             "tiles are home · F1 lists every key")
    for size, width in ((10.0, 300), (13.5, 420), (22.0, 700)):
        shown = arcade.Text("", 0, 0, font_size=size, font_name=FONT, multiline=True, width=width, anchor_y="top")
        tried = arcade.Text("", 0, 0, font_size=size, font_name=FONT, multiline=True, width=width, anchor_y="top")
        for lines in (0.5, 1.2, 2.5, 9):
            room = lines * size * 1.6
            fit_block(shown, value, room)
            tried.text = value
            if tried.content_height > room:
                cut_to_fit(tried, value, lambda: tried.content_height <= room)  # noqa: B023 - the old way
            assert shown.text == tried.text, (size, width, lines)
            if shown.text:
                assert measure(shown, shown.text) == (shown.content_width, shown.content_height)
        code = "P1.4X4:ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\nshuffle: S1.XYZ"
        tried.text = code.split("\n")[0]
        assert measure(tried, tried.text)[0] == tried.content_width
        assert all(measure(tried, part)[0] <= width for part in hard_wrap(tried, code, width).split("\n"))
