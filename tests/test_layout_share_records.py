"""The screens that landed with sharing and records, at 800×600, 1280×800, 1920×1080 and 3840×2160, both themes.

Beyond :mod:`tests.test_layout` (an empty Dailies screen, a Records screen without a status): the Dailies screen
with a played calendar and the longest status lines (a proof's progress, a failure), the Records screen after an
export to a deep folder (the file name stays on screen), the daily win screen (the longest share line) and the
race result (its share row), each with and without the QR code shown.  Texts stay inside the window without
overlapping; while the QR code is shown its caption and hint are inside the window, below the card, and the card
is square with whole-pixel modules; these screens' texts sit on whole pixels (glyph rows vanish otherwise).
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest
from arcade import key

from game import routes

sys.path.insert(0, str(Path(__file__).parent))
from layout_check import check_layout, layout_problems, set_window_size, text_box  # noqa: E402
from test_layout import SIZES  # noqa: E402

LONG_PROGRESS = "4x4 table: depth 41, 12,345,678 positions, 9,876,543 new, building the tables once " * 2


def played_calendar(ctx) -> None:
    """Maze dailies done on most of the last two weeks, puzzle dailies done and at par on some."""
    from engine.modes.daily import daily_code, utc_today
    from engine.records import Run, daily_tag

    today = utc_today()
    for back in range(14):
        day = today - dt.timedelta(days=back)
        if back % 4 != 3:
            ctx.store.record_run(Run("maze", daily_code(day), daily_code(day), 30.0, 50, 40, daily_tag("maze", day)))
        if back % 2:
            ctx.store.record_run(Run("puzzle", "3x3", "P2.X", 20.0, 22, 22, daily_tag("puzzle-3x3", day)))
            ctx.store.record_run(Run("puzzle", "4x4", "P2.Y", 90.0, 60, 52, daily_tag("puzzle-4x4", day)))


def dailies_proving(ctx):

    played_calendar(ctx)
    view = routes.dailies(ctx)
    ctx.window.show_view(view)
    view.say(f"Proving today's 4x4 par (fewest moves)… {LONG_PROGRESS}")
    return view


def dailies_failed(ctx):

    view = routes.dailies(ctx)
    ctx.window.show_view(view)
    view.say("The puzzle daily could not be prepared (" + "the tables could not be written: disk full; " * 4 + ").")
    return view


def records_exported(ctx, folder: Path):
    from test_game_records import speed_history

    from engine.records import Run

    for i, t in enumerate((30.0, 25.0, 40.0, 35.0, 28.0, 33.0, 31.0)):
        ctx.store.record_run(Run("puzzle", ("3x3", "4x4", "5x5", "10x10")[i % 4], "", t, 100 + i, 50, ""))
    speed_history(ctx.store)  # the speed modes' table filled too
    view = routes.records(ctx)
    ctx.window.show_view(view)
    deep = folder.joinpath(*(["a-rather-long-folder-name"] * 12))
    deep.mkdir(parents=True)
    import game.shell.records as records

    real = records.export_records
    records.export_records = lambda store: real(store, deep)  # type: ignore[assignment]
    try:
        view.export()
    finally:
        records.export_records = real
    assert str(deep) in view.status_value
    return view


def daily_win(ctx):

    play = routes.daily(ctx)
    s = play.session
    s.elapsed, s.moves, s.finished = 3723.45, s.shortest + 1234, True
    win = routes.win(ctx, play, None, None)
    ctx.window.show_view(win)
    return win


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_dailies_and_records_fit_at_every_size(window, ctx, tmp_path, theme):
    ctx.set_theme(theme)
    screens = {
        "dailies-proving": lambda: dailies_proving(ctx),
        "dailies-failed": lambda: dailies_failed(ctx),
        "records-exported": lambda: records_exported(ctx, tmp_path / theme),
    }
    problems: list[str] = []
    try:
        for name, make in screens.items():
            view = make()
            for w, h in SIZES:
                problems += [f"{name}: {p}" for p in check_layout(window, view, w, h)]
                shown = [t for t in view.texts() if t.text]
                problems += [f"{name} {w}x{h}: {t.text[:30]!r} off the pixel grid" for t in shown if off_grid(t)]
                if name.startswith("dailies"):
                    assert view.status.text.endswith("…") and view.status.text[:-1] in view.status_value
                if name == "records-exported":
                    text = view.status.text  # the whole path where it fits (smaller), else cut with the name kept
                    assert text.endswith(".csv") and ("…" in text or text == view.status_value)
    finally:
        set_window_size(window, 1280, 800)
    assert problems == []


def off_grid(text) -> bool:
    return text.x != round(text.x) or text.y != round(text.y)


def qr_problems(overlay, width: int, height: int) -> list[str]:
    """The QR card square and inside, its module size whole, caption and hint inside and below it, apart."""
    r = overlay.rect
    out = [] if r.width == r.height and r.width % overlay._modules == 0 else [f"card {r} not whole modules"]
    if r.left < 0 or r.bottom < 0 or r.right > width or r.top > height:
        out.append(f"card {r} leaves the {width}x{height} window")
    texts = overlay.texts()
    out += layout_problems(texts, width, height)
    for t in texts:
        if text_box(t)[3] > r.bottom + 1:
            out.append(f"{t.text[:30]!r} runs into the card")
        if off_grid(t):
            out.append(f"{t.text[:30]!r} off the pixel grid")
    return out


def race_result(ctx):
    from engine.maze.recipe import MazeSpec
    from engine.modes.race import RaceSpec
    from engine.modes.race.session import RaceSession
    from game.race.result import RaceResultView
    from game.race.view import RaceView

    spec = RaceSpec.create(MazeSpec.create("hex", 12, 10, "prim", seed=77), "wall", "hard")
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    view.on_update(1 / 60)
    view.race.player.walk_to(view.maze.goal, explored_only=False)
    for _ in range(3000):
        view.on_update(1 / 60)
        if isinstance(ctx.window.current_view, RaceResultView):
            break
    result = ctx.window.current_view
    assert isinstance(result, RaceResultView) and result.share.line
    return result


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_result_screens_and_their_qr_codes_fit_at_every_size(window, ctx, theme):
    """The race result (not in the 4K run of tests/test_layout_lab_race.py) and the daily win screen, then Q."""
    ctx.set_theme(theme)
    problems: list[str] = []
    try:
        for name, make in {"race-result": race_result, "daily-win": daily_win}.items():
            view = make(ctx)
            for w, h in SIZES:
                problems += [f"{name}: {p}" for p in check_layout(window, view, w, h)]
            window.dispatch_event("on_key_press", key.Q, 0)
            assert view.share.qr.shown, name
            for w, h in SIZES:
                set_window_size(window, w, h)
                view.on_resize(w, h)
                view.on_draw()
                problems += [f"{name} QR {w}x{h}: {p}" for p in qr_problems(view.share.qr, w, h)]
            window.dispatch_event("on_key_press", key.ESCAPE, 0)
            assert not view.share.qr.shown and ctx.window.current_view is view
    finally:
        set_window_size(window, 1280, 800)
    assert problems == []


def test_snap_to_pixels_moves_at_most_half_a_pixel():
    import arcade

    from game.ui.textfit import snap_to_pixels

    texts = [arcade.Text("a", 10.5, 20.49), arcade.Text("b", 3.0, 7.75), arcade.Text("c", 4, 5)]
    snap_to_pixels(texts)
    assert [(t.x, t.y) for t in texts] == [(10, 20), (3, 8), (4, 5)]


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_puzzle_screen_with_its_distance_line_and_qr_code_fits_at_every_size(window, ctx, theme):
    """The distance line (its longest form, while the 4x4 tables are built; and while a reading is out) and the
    end-of-game line among the panel's texts, then the QR code over the screen."""
    from test_puzzle_layout import problems as puzzle_problems
    from test_puzzle_layout import puzzle_view, view_parts

    from game.puzzle.meter import COMPUTING, failed_text, pending_text

    found: list[str] = []
    try:
        for meter in (f"{COMPUTING} (building the 4x4 tables, once)", "You took 1234, optimal was 52.",
                      pending_text(78, 80), failed_text("cancelled")):
            view = puzzle_view(ctx, theme, advanced=True)
            view.panel.set(meter=meter)
            for w, h in SIZES:
                set_window_size(window, w, h)
                view.on_update(1 / 60)
                view.on_draw()
                assert view.panel.t_meter.text, f"the distance line is dropped at {w}x{h}"
                texts, buttons = view_parts(view)
                found += puzzle_problems(texts, buttons, w, h, f"meter {meter[:12]!r}")
        window.dispatch_event("on_key_press", key.Q, 0)
        assert view.share.qr.shown
        for w, h in SIZES:
            set_window_size(window, w, h)
            view.on_draw()
            found += [f"puzzle QR {w}x{h}: {p}" for p in qr_problems(view.share.qr, w, h)]
    finally:
        set_window_size(window, 1280, 800)
    assert not found, "\n".join(found[:20])
