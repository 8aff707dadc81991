"""The wins (issue 29): the maze win shows the finished maze with the player's way and the shortest way, one star
scale everywhere (the share line's stars are the win's), "Next level" focused, the code and QR only under Share;
the puzzle and puzzle-daily wins (moves against the optimum or par, stars, best, streak; the daily recorded even
with the distance line switched on), Esc from a daily's win to the Dailies, the picture puzzle's band, the 3x3
hint from the optimal solver, and a win screen that rests once its moment has played."""

from __future__ import annotations

import dataclasses
import datetime as dt

import arcade
import pytest
from arcade import key

from engine.maze.recipe import MazeSpec
from engine.share.lines import LIT, UNLIT
from game import routes
from tests.test_game_records import KEY_FOR_TILE_MOVE, press
from tests.test_game_views import keypress, run_until, wait_for

SPEC = MazeSpec.from_code("M2.S8X5.GT.O#2-GD")


def pixel(x: float, y: float) -> tuple[int, int, int]:
    """The window's colour at arcade point ``(x, y)`` (bottom-left origin)."""
    image = arcade.get_image().convert("RGB")
    return image.getpixel((int(x), int(image.size[1] - 1 - y)))


def close(a, b, tol: int = 40) -> bool:
    return all(abs(int(p) - int(q)) <= tol for p, q in zip(a[:3], b[:3], strict=False))


def maze_win(window, ctx, detour: bool = True, level=None):
    """Play a maze with a detour into a dead end off the shortest way, then to the goal; the win view."""
    from engine.level import NamedLevel
    from game.play.view import PlayView
    from game.shell.win import WinView

    view = (routes.level(ctx, level) if level is not None
            else PlayView(ctx, NamedLevel(SPEC.level(), SPEC.code(), "test")))
    window.show_view(view)
    s = view.session
    way = set(s.shortest_way)
    end = next(c for c, nb in enumerate(s.adj) if len(nb) == 1 and c not in way and c != s.start)
    for target in ([end] if detour else []) + [s.goal]:
        assert s.walk_to(target, explored_only=False)
        run_until(view, lambda t=target: (s.cell == t and not s.moving) or isinstance(window.current_view, WinView),
                  3000)
    run_until(view, lambda: isinstance(window.current_view, WinView), 300)
    return window.current_view, s, end


def settle(view, seconds: float = 3.0) -> int:
    """Run ``seconds`` of frames; how many the view asked to draw."""
    n = 0
    for _ in range(round(seconds * 30)):
        view.on_update(1 / 30)
        if view.needs_redraw():
            n += 1
            view.on_draw()
    return n


def test_the_maze_win_draws_the_way_taken_and_reveals_the_shortest_way(window, ctx):
    from game.render.win_map import way_colours

    win, s, end = maze_win(window, ctx)
    assert s.trace[0] == s.start and s.trace[-1] == s.goal and end in s.trace and len(s.trace) == s.moves + 1
    win.on_draw()
    assert 0 <= win.map.shown_share() < 0.2  # the shortest way draws itself along its length
    settle(win)
    assert win.map.shown_share() == 1.0 and not win.animating()
    win.on_draw()
    mine, best = way_colours(ctx.theme)
    cam = win.map.camera
    centres = s.maze.grid.centers

    def on_screen(cell):
        x, y = cam.project(tuple(float(v) for v in centres[cell]))[:2]
        return x, y

    assert close(pixel(*on_screen(end)), mine, 70)  # the detour: the player's way only
    mid = s.shortest_way[len(s.shortest_way) // 2]
    assert close(pixel(*on_screen(mid)), best)  # the shortest way on top of the way taken
    labels = [t.text for t in win.legend]
    assert labels == [f"your way ({s.moves})", f"the shortest way ({s.shortest})"]


def test_reduced_motion_shows_the_shortest_way_at_once(window, ctx):
    ctx.store.set_setting("reduced_motion", "1")
    win, _, _ = maze_win(window, ctx, detour=False)
    assert win.map.shown_share() == 1.0 and not win.map.revealing


def test_one_star_scale_next_level_focused_and_the_code_only_under_share(window, ctx):
    from engine.share.links import link_for
    from engine.share.qr import qr_matrix
    from game.shell.share import ShareView

    level = ctx.campaign.levels[0]
    win, s, _ = maze_win(window, ctx, level=level)
    line = win.share.line
    assert line.count(LIT) == win.stars == s.stars and line.count(LIT) + line.count(UNLIT) == 3
    assert [b.text for b in win.buttons][:1] == ["Next level"] and win.focus == 0
    code = level.code()
    face = " ".join(t.text for t in win.texts())
    assert code not in face and "Code" not in face and "QR" not in face
    for word in ("backtracker", "wilson", "kruskal", "eller", "prim", "upsilon", "polar", "tessellation"):
        assert word not in face.lower()
    win.activate([b.text for b in win.buttons].index("Share"))
    share = window.current_view
    assert isinstance(share, ShareView) and share.code_text.text == code and share.line == line
    share.on_draw()
    card, n = share.card, len(qr_matrix(link_for(code)))
    image = arcade.get_image().convert("L")
    px = card.width / n
    seen = [[image.getpixel((int(card.left + (c + 0.5) * px), int(image.size[1] - (card.top - (r + 0.5) * px)))) < 128
             for c in range(n)] for r in range(n)]
    assert seen == qr_matrix(link_for(code))  # the QR code under Share reads back as the level's link
    keypress(window, key.ESCAPE)
    assert window.current_view is win
    keypress(window, key.ENTER)  # "Next level", focused
    assert window.current_view.title_text.startswith("2. ")


def test_esc_from_the_daily_maze_win_returns_to_the_dailies(window, ctx):
    from game.shell.dailies import DailiesView
    from game.shell.win import WinView

    view = routes.daily(ctx)
    window.show_view(view)
    s = view.session
    s.walk_to(s.goal, explored_only=False)
    run_until(view, lambda: isinstance(window.current_view, WinView), 20000)
    win = window.current_view
    assert "Daily" in win.name.text and "hunt" not in win.name.text
    assert win.buttons[0].text == "Dailies" and win.focus == 0 and "Back" not in [b.text for b in win.buttons]
    stars = win.stars
    keypress(window, key.ESCAPE)
    assert isinstance(window.current_view, DailiesView)
    from game.format import star_text

    assert window.current_view.columns_text[1].text.split("\n")[1] == star_text(stars)  # the win's stars, no other


def solve_by_keys(window, view, moves):
    for m in moves:
        press(window, KEY_FOR_TILE_MOVE[m])
        view.on_update(1 / 60)


def test_a_puzzle_win_shows_moves_against_the_optimum_stars_and_best(window, ctx):
    from engine.puzzle.deal import Deal, deal_session
    from engine.puzzle.optimal import solve_optimal
    from game.puzzle.view import PuzzleView
    from game.puzzle.win import PuzzleWinView

    deal = Deal(3, 3, seed=21)
    view = PuzzleView(ctx, deal_session(deal), deal=deal)
    view.settings.animate = False
    window.show_view(view)
    best = solve_optimal(view.session.board)
    wait_for(view, lambda: view.meter.optimal() is not None)  # measured at the start (3x3: always)
    solve_by_keys(window, view, best.moves)
    assert view.session.solved and not isinstance(window.current_view, PuzzleWinView)  # the moment plays first
    run_until(view, lambda: isinstance(window.current_view, PuzzleWinView), 200)
    win = window.current_view
    assert win.stars == 3 and win.facts.optimal == best.length
    assert win.line_values[0] == f"Moves {best.length}  ·  optimal {best.length}"
    assert win.line_values[2].startswith("Best ") and win.buttons[0].text == "New puzzle" and win.focus == 0
    assert win.line.count(LIT) == 3 and win.line.count(UNLIT) == 0  # the share line's stars are the win's
    assert settle(win, 3.0) > 0 and settle(win, 2.0) == 0  # the stars pop, then the screen rests
    keypress(window, key.ENTER)  # New puzzle
    assert window.current_view is view and not view.session.solved


def test_a_puzzle_daily_win_is_recorded_with_the_distance_line_on_and_counts_for_the_streak(window, ctx):
    """Issue 29: solved at par, the daily showed "·" and a streak of 0: a saved "distance line on" made every
    daily assisted.  A daily never shows the line; its win is recorded, starred and counted."""
    from engine.modes.daily import puzzle_daily, utc_today
    from engine.puzzle.optimal import solve_optimal
    from game.puzzle.view import PuzzleView
    from game.puzzle.win import PuzzleWinView
    from game.shell.dailies import DailiesView

    ctx.store.set_setting("puzzle.meter", "1")  # an older save's "on": no longer carried into any game
    dailies = ctx.go(routes.dailies)
    dailies.open_puzzle(3)
    wait_for(dailies, lambda: isinstance(window.current_view, PuzzleView))
    game = window.current_view
    game.settings.animate = False
    daily = puzzle_daily(utc_today(), 3)
    solve_by_keys(window, game, solve_optimal(game.session.board).moves)
    assert game.session.counts_for_bests and game.panel.values["meter"] == ""
    run_until(game, lambda: isinstance(window.current_view, PuzzleWinView), 200)
    win = window.current_view
    assert win.stars == 3 and f"par {daily.optimal}" in win.line_values[0]
    assert "Puzzle streak: 1 day (longest 1)" in win.line_values and win.buttons[0].text == "Dailies"
    assert win.line.startswith(f"Tessera puzzle daily {utc_today().isoformat()}") and win.line.count(LIT) == 3
    keypress(window, key.ESCAPE)  # Esc from a daily's win: the Dailies
    again = window.current_view
    assert isinstance(again, DailiesView)
    assert again.columns_text[2].text.split("\n")[1] == "★★★"  # the win's three stars
    assert "Puzzle streak: 1 day (longest 1)" in again.streak.text
    assert not game.settings.meter


def test_the_picture_band_goes_with_the_flash(window, ctx):
    from engine.puzzle.deal import Deal, deal_session
    from engine.puzzle.optimal import solve_optimal
    from game.puzzle.board import FLASH_SECONDS
    from game.puzzle.view import PuzzleView

    deal = Deal(3, 3, seed=4)
    view = PuzzleView(ctx, deal_session(deal), deal=deal, picture="default")
    view.settings.animate = False
    window.show_view(view)
    view.session.assisted = True  # a win with help stays on the puzzle screen: the picture must show whole
    solve_by_keys(window, view, solve_optimal(view.session.board).moves)
    assert view.session.solved and view.t_banner.text == "Solved!"
    for _ in range(round(FLASH_SECONDS * 60) + 5):
        view.on_update(1 / 60)
    assert view.t_banner.text == "" and window.current_view is view
    view.on_draw()
    ox, oy = view.board.origin
    bw, bh = view.board.size_px
    middle = pixel(ox + bw / 2, oy + bh / 2)
    assert not close(middle, ctx.theme.panel, 6)  # the picture, no band, in the middle


def test_the_3x3_hint_comes_from_the_optimal_solver_even_before_its_table_exists(tmp_path, monkeypatch):
    from engine.puzzle import hint
    from engine.puzzle.board import Board
    from engine.puzzle.optimal import solve_optimal, tables_ready
    from engine.puzzle.tables import pdb

    monkeypatch.setenv("TESSERA_CACHE", str(tmp_path / "cache"))
    pdb.clear_memory_cache()
    try:
        board = Board.from_tiles((8, 6, 7, 2, 5, 4, 3, 0, 1), 3, 3)  # 31 moves: the farthest 3x3 positions
        assert not tables_ready(3, 3)
        plan = hint.plan_hint(board, 0.3)
        assert plan.source is hint.HintSource.OPTIMAL and len(plan.moves) == solve_optimal(board).length == 31
    finally:
        pdb.clear_memory_cache()


def test_a_level_opened_by_its_code_is_named_in_player_words_on_the_win(window, ctx):
    from game.play.open import open_code

    spec = MazeSpec.create("upsilon", 6, 5, "wilson", seed=3)
    view = open_code(ctx, spec.code())
    s = view.session
    s.moves, s.elapsed, s.finished = s.shortest, 1.0, True
    win = routes.win(ctx, view, None, None)
    assert win.name.text.startswith("octagon") and "6×5" in win.name.text
    assert not any(word in win.name.text for word in ("wilson", "upsilon"))  # the title never names the engine's
    view.named = dataclasses.replace(view.named, title=spec.label())  # a title made of the recipe (as older
    # openers gave) is said in player words
    assert routes.win(ctx, view, None, None).name.text == "octagon 6×5"


def test_share_line_stars_are_the_win_stars_for_every_star_count(window, ctx):
    """Par moves and par time decide the maze's stars; the line shows exactly those, on the same scale of 3."""

    view = routes.level(ctx, ctx.campaign.levels[0])
    s = view.session
    for moves, seconds, stars in ((s.shortest, 1.0, 3), (s.par_moves + 5, 1.0, 2), (s.par_moves + 5, 999.0, 1)):
        s.moves, s.elapsed, s.finished = moves, seconds, True
        win = routes.win(ctx, view, None, None)
        assert win.stars == stars and win.share.line.endswith(LIT * stars + UNLIT * (3 - stars))


@pytest.mark.parametrize("when", [dt.date(2026, 11, 26)])
def test_puzzle_win_facts_without_an_optimum_show_no_stars(ctx, when):
    from engine.puzzle.deal import Deal, deal_session
    from game.puzzle.win import win_lines
    from game.records import puzzle_win_facts

    session = deal_session(Deal(5, 5, seed=1))
    facts = puzzle_win_facts(ctx.store, session, None, None, [])
    assert facts.stars == 0 and facts.best is None and not facts.daily
    assert win_lines(facts)[0].endswith("the fewest is not known at this size")
