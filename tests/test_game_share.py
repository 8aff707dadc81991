"""The share keys in the game: Q shows a scannable QR code of the level's link on the win, race-result and
puzzle screens (read back from the window's pixels), C / L copy the spoiler-free share line."""

from __future__ import annotations

import arcade
from arcade import key

from engine.maze.recipe import MazeSpec
from engine.modes.race.code import RaceSpec
from engine.puzzle.codes import shuffle_code
from engine.share.lines import ShareSummary, share_line
from engine.share.links import link_for
from engine.share.qr import qr_matrix
from game import routes
from game.ui.qr import MIN_MODULE_PX, QrOverlay
from tests.layout_check import set_window_size
from tests.test_game_views import frame, keypress, open_spec, play_with_keys, run_until
from tests.test_layout import SIZES

SPEC = MazeSpec.create("square", 4, 2, "backtracker", seed=1)


def modules_on_screen(overlay: QrOverlay) -> list[list[bool]]:
    """The QR code as drawn: the window's pixels sampled at the centre of every module (True = dark)."""
    image = arcade.get_image().convert("L")
    r, n = overlay.rect, len(qr_matrix(overlay.link))
    px = r.width / n
    height = image.size[1]
    return [
        [
            image.getpixel((int(r.left + (c + 0.5) * px), int(height - (r.top - (row + 0.5) * px)))) < 128
            for c in range(n)
        ]
        for row in range(n)
    ]


def win_view(window, ctx):
    from game.play.view import PlayView
    from game.shell.win import WinView

    view = open_spec(window, ctx, SPEC)
    play_with_keys(window, view)
    run_until(view, lambda: not isinstance(window.current_view, PlayView))
    win = window.current_view
    assert isinstance(win, WinView)
    return win, view.session


def test_the_win_screen_shows_the_share_line_and_a_qr_code_that_reads_back(window, ctx):
    win, s = win_view(window, ctx)
    line = share_line(ShareSummary.of_level(s.level, name="test"), s.elapsed, s.moves, s.shortest, s.stars)
    assert win.share.line == line and "(100%) ★★★" in line  # the win's three stars, no other scale
    assert line.startswith("Tessera · test · ")  # the level by its name (open_spec's title)
    assert "Code:" not in " ".join(t.text for t in win.texts())  # the code is under Share, not on the face
    assert not win.share.qr.shown
    keypress(window, key.Q)
    frame(window)
    assert win.share.qr.shown and win.share.qr.link == link_for(SPEC.code())
    assert modules_on_screen(win.share.qr) == qr_matrix(link_for(SPEC.code()))
    keypress(window, key.ENTER)  # swallowed while the code is shown: no button pressed underneath
    assert window.current_view is win and win.share.qr.shown
    keypress(window, key.ESCAPE)  # closes the code, stays on the screen
    assert window.current_view is win and not win.share.qr.shown
    keypress(window, key.C)
    assert win.status.text.startswith(("Copied", "No clipboard"))
    assert win.share.text_to_copy() == f"{line}\n{link_for(SPEC.code())}"


def test_the_race_result_shows_the_race_link(window, ctx):
    from game.codes import open_any_code
    from game.race.result import RaceResultView

    code = RaceSpec.create(SPEC, "wall", "easy").code()
    view = open_any_code(ctx, link_for(code))  # a link opens the race as its code does
    ctx.show(view)
    view.on_draw()
    run_until(view, lambda: view.race.sim.tick >= 0, 6000)
    view.session.walk_to(view.race.level.goal, explored_only=False)
    run_until(view, lambda: isinstance(window.current_view, RaceResultView), 6000)
    result = window.current_view
    assert result.share.line.startswith("Tessera · square 4×2 · ")
    keypress(window, key.Q)
    frame(window)
    assert modules_on_screen(result.share.qr) == qr_matrix(link_for(code))
    keypress(window, key.Q)
    assert not result.share.qr.shown


def test_the_puzzle_screen_qr_and_share_line(window, ctx):
    from engine.puzzle.astar import solve_fast
    from game.codes import open_any_code

    code = shuffle_code(3, 3, 5, 3).code()
    view = open_any_code(ctx, link_for(code))
    ctx.show(view)
    frame(window)
    keypress(window, key.L)  # not solved: no line to copy
    assert view.share.line == ""
    keypress(window, key.Q)
    frame(window)
    assert view.share.qr.shown and modules_on_screen(view.share.qr) == qr_matrix(view.share.qr.link)
    keypress(window, key.Q)
    view.play_moves(view.session.act(solve_fast(view.session.board).moves))
    view.on_update(1 / 60)
    assert view.session.solved and view.session.counts_for_bests
    keypress(window, key.L)
    assert view.share.line.startswith("Tessera puzzle · 3×3 · ") and view.share.line in view.message


def test_the_qr_code_fits_every_window_with_big_modules(window, ctx):
    """At every size the code is square, inside the window, above its caption, each module >= 4 px."""
    overlay = QrOverlay(ctx.theme, SPEC.code())
    assert overlay.toggle() == ""
    try:
        for w, h in SIZES:
            set_window_size(window, w, h)
            overlay.layout(w, h, min(w / 1280, h / 800))
            r = overlay.rect
            px = r.width / len(qr_matrix(overlay.link))
            assert r.width == r.height and px == int(px) >= MIN_MODULE_PX
            assert 0 <= r.left and r.right <= w and r.top <= h and overlay.hint.bottom >= 0
            assert overlay.caption.top <= r.bottom + 1 and overlay.hint.top <= overlay.caption.bottom + 1
            if (w, h) == (800, 600):
                assert px >= 10  # a maze code's link: ~13 px a module, readable by a phone
    finally:
        set_window_size(window, 1280, 800)


def test_no_code_no_qr(window, ctx):
    overlay = QrOverlay(ctx.theme, "")
    assert overlay.toggle() == "No QR code: this level has no code." and not overlay.shown
    long_link = QrOverlay(ctx.theme, "M2." + "A" * 3000)
    assert "too long for a QR code" in long_link.toggle() and not long_link.shown


def test_links_are_taken_wherever_codes_are(window, ctx):
    """Enter code, the Race, Lab and puzzle setups, and the command line's window arguments take links."""
    from game.lab.setup import LabSetupView
    from game.lab.view import LabView
    from game.play.view import PlayView
    from game.puzzle.setup import PuzzleSetupView
    from game.puzzle.view import PuzzleView
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView
    from game.shell.code_entry import CodeEntryView

    link = link_for(SPEC.code())
    entry = CodeEntryView(ctx)
    ctx.show(entry)
    for text, screen in ((link, PlayView), (link_for(shuffle_code(3, 3, 1).code()), PuzzleView)):
        ctx.show(entry)
        entry.field.text = text
        entry.submit()
        assert isinstance(window.current_view, screen), entry.message.text
    ctx.show(entry)
    entry.field.text = "tessera://%2"
    entry.submit()
    assert window.current_view is entry and "broken escape" in entry.message.text
    race = RaceSetupView(ctx)
    ctx.show(race)
    race.field.text = link.upper() + "/"
    race.submit_code()
    assert isinstance(window.current_view, RaceView) and window.current_view.race.level.recipe == SPEC
    lab = LabSetupView(ctx)
    ctx.show(lab)
    lab.field.text = link
    lab.submit_code()
    assert isinstance(window.current_view, LabView)
    puzzle = PuzzleSetupView(ctx)
    ctx.show(puzzle)
    puzzle.field = link_for(shuffle_code(3, 3, 1).code())
    assert puzzle.open_code() and isinstance(window.current_view, PuzzleView)
    from engine.cli import WindowRequest
    from game.app import first_view

    assert isinstance(first_view(ctx, WindowRequest("play", link)), PlayView)  # tessera play LINK


def test_a_screen_shown_after_a_resize_draws_in_the_whole_window(window, ctx):
    """A resize while the play screen drew with its own cameras left arcade's default camera at the old
    size: the win screen that followed was clipped to it (its heading and stars cut off at 1920×1080)."""
    win, _ = win_view(window, ctx)
    window.default_camera.viewport = arcade.LBWH(0, 0, 640, 400)  # as a resize during play left it
    ctx.show(win)
    frame(window)
    assert tuple(window.default_camera.viewport.size) == window.get_framebuffer_size()
    image = arcade.get_image().convert("L")
    assert image.crop((0, 0, image.size[0], 120)).getextrema()[1] > 150  # the heading near the top is drawn


def test_the_daily_win_screen_names_the_day(window, ctx):
    from engine.modes.daily import utc_today

    view = routes.daily(ctx)
    s = view.session
    s.elapsed, s.moves, s.finished = 83.45, s.shortest + 3, True
    win = routes.win(ctx, view, None, None)
    assert win.share.line.startswith(f"Tessera daily {utc_today().isoformat()} · ")
    assert f"{s.moves} moves, shortest {s.shortest}" in win.share.line
