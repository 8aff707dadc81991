"""Every shell screen lays out from the window size: texts and buttons inside the window, never overlapping.

Runs :func:`layout_check.check_layout` on the menu, level select (also with a level pack and a
broken one), play HUD (square, hex, triangle, the daily challenge), pause, win, settings, code entry (with an
error), help, Settings → Keys, race setup (also with two players and Dark remembered), Lab setup and the
loading screen at 800×600, 1280×800, 1920×1080 and 3840×2160, on the dark, light and high-contrast themes; the
setup screens' choice labels also fit after cycling through their values (no new layout in between).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layout_check import check_layout, label_overflows, set_window_size, text_box  # noqa: E402

from game import routes

SIZES = [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)]


def keys_page(ctx):
    """Settings → Keys on its longest context (the sliding puzzle's), an action waiting for a key."""
    from game import routes

    view = routes.keys(ctx, lambda: routes.show_menu(ctx))
    ctx.window.show_view(view)
    while view.context() != "puzzle":
        view.turn(1)
    view.wait_for("puzzle.hint", 0)
    return view


def _screens(ctx):
    from engine.level import NamedLevel
    from engine.maze.recipe import MazeSpec
    from game import routes
    from game.play.view import PlayView
    def play(shape):
        spec = MazeSpec(shape, 12, 9, "backtracker", {}, 0, 5)
        return lambda: PlayView(ctx, NamedLevel(spec.level(), spec.code(), "A rather long level title: " + shape * 4))

    def notice():  # a refused click's line in the footer, in place of the key help
        from game.play.view import TOO_FAR

        view = play("square")()
        ctx.window.show_view(view)
        view.notice(TOO_FAR)
        return view

    def paused():
        view = play("hex")()
        ctx.window.show_view(view)
        view.toggle_pause()
        return view

    def win():
        view = routes.level(ctx, ctx.campaign.levels[3])
        s = view.session
        s.elapsed, s.moves, s.finished = 83.4, s.shortest + 3, True
        result = ctx.store.record_win(view.code, s.elapsed, s.moves)
        return routes.win(ctx, view, result, ctx.campaign.levels[4])

    def dark_win():  # a dark maze's win: the fog lifts, a wide legend
        spec = MazeSpec("hex", 14, 10, "backtracker", {}, 0, 7, dark=True)
        title = "A dark level with a rather long name, hexagons"
        view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), title))
        s = view.session
        s.trace = list(s.shortest_way)
        s.elapsed, s.moves, s.finished = 3723.4, s.shortest, True
        return routes.win(ctx, view, None, None)

    def share():
        return routes.share(ctx, "M2.S12X9.PR#2890-IU", "Tessera daily 2026-11-26 · hexagon 20×14 · 1:02:03.4 · "
                            "1234 moves, shortest 38 (3%) ★☆☆", ctx.window.current_view)

    def puzzle_win(daily=False):
        def make():
            from engine.modes.daily import PuzzleDaily
            from engine.puzzle.deal import Deal, deal_session
            from engine.puzzle.optimal import solve_optimal
            from game.puzzle.view import PuzzleView
            from game.records import puzzle_win_facts

            deal = Deal(4, 4, seed=5) if not daily else None
            session = deal_session(deal or Deal(3, 3, seed=21))
            day = PuzzleDaily(__import__("datetime").date(2026, 11, 26), 3, session.seed_code, 22, 0) if daily else None
            view = PuzzleView(ctx, session, deal=deal, daily=day, picture="default")
            moves = solve_optimal(session.board).moves if daily else None
            session.act(moves or "")
            if not daily:  # a 4x4 solved the long way: no optimum known, no stars
                from engine.puzzle.astar import solve_fast

                session.act(solve_fast(session.board).moves)
            session.elapsed = 3723.4
            facts = puzzle_win_facts(ctx.store, session, None, view.daily, ["best 4x4 time"])
            return routes.puzzle_win(ctx, view, facts)
        return make

    def speed_win(mode, size, count):
        def make():
            from engine.puzzle.astar import solve_fast
            from engine.puzzle.speed import SpeedRun, SpeedSetup
            from game.puzzle.speed_play import SpeedPlay
            from game.puzzle.view import PuzzleView
            from game.records import record_speed_run

            run = SpeedRun(SpeedSetup(mode, size, count), 3)
            run.advance(12.5)
            while not run.done:
                s = run.session
                for m in solve_fast(s.board).moves:
                    run.before_move()
                    s.act(m)
                    s.update(0.4)
                run.check_solved()
            speed = SpeedPlay(run, ctx.store)
            view = PuzzleView(ctx, run.session, speed=speed)
            return routes.speed_win(ctx, view, speed, record_speed_run(ctx.store, run))
        return make

    def code_error():
        return routes.code_entry(ctx, "M1.S5X5.BT#1-0", error="The check character does not match: "
                            "a letter was mistyped or the code was cut short (expected 7, got 0).")

    def levels_with_packs():
        """The map with a player's level pack and a broken one (their own context: the data dir is a temporary one)."""
        import os
        import tempfile

        from game.context import Context

        home = Path(tempfile.mkdtemp(prefix="tessera-layout-packs-"))
        (home / "levels").mkdir()
        codes = [MazeSpec("hex", 6, 5, "prim", {}, 0, seed).code() for seed in (1, 2, 3)]
        levels = "".join(f'[[level]]\nname = "A rather long level name, number {i}"\ncode = "{c}"\n\n'
                         for i, c in enumerate(codes, 1))
        (home / "levels" / "my-pack.toml").write_text(f'[pack]\nname = "A player\'s own pack"\n\n{levels}')
        (home / "levels" / "a-broken-pack-with-a-long-name.toml").write_text('[pack]\nname = "oops\n')
        other = Context(ctx.window, store=ctx.store, audio=ctx.audio)
        old = os.environ.get("TESSERA_HOME")
        os.environ["TESSERA_HOME"] = str(home)
        try:
            assert len(other.campaign.broken) == 1
            view = routes.levels(other)
        finally:
            if old is None:
                del os.environ["TESSERA_HOME"]
            else:
                os.environ["TESSERA_HOME"] = old
        view.focus = len(view.tiles) - 1  # the broken pack's reason on the bottom line
        return view

    def loading():
        from game.shell.loading import LoadingView

        return LoadingView(ctx, "Building a very large maze " * 3, lambda progress, cancelled: None, lambda _: None)

    def race_two_dark():
        ctx.store.set_setting("race.players", "2")
        ctx.store.set_setting("race.dark", "1")
        try:
            return routes.race_setup(ctx)
        finally:
            ctx.store.set_setting("race.players", "1")
            ctx.store.set_setting("race.dark", "0")

    def records():
        import datetime as dt

        from engine.modes.daily import daily_code
        from engine.records import Run, daily_tag

        today = dt.date(2026, 11, 26)
        for i, t in enumerate((30.0, 25.0, 40.0, 35.0, 28.0, 33.0)):
            ctx.store.record_run(Run("puzzle", ("4x4", "3x3", "5x5")[i % 3], "", t, 100 + i, 50, ""))
        for i in range(30):  # more levels than fit: the table says how many more
            code = daily_code(today - dt.timedelta(days=i))
            ctx.store.record_win(code, 60.0 + i, 100 + i)
            ctx.store.record_run(Run("maze", code, code, 60.0 + i, 100 + i, 90, daily_tag("maze", today)))
        return routes.records(ctx)

    return {
        "dailies": lambda: routes.dailies(ctx),
        "records": records,
        "loading": loading,
        "menu": lambda: routes.menu(ctx),
        "levels": lambda: routes.levels(ctx),
        "levels-packs": levels_with_packs,
        "play-square": play("square"),
        "play-hex": play("hex"),
        "play-triangle": play("triangle"),
        "daily": lambda: routes.daily(ctx),
        "play-notice": notice,
        "pause": paused,
        "win": win,
        "win-dark": dark_win,
        "share": share,
        "puzzle-win": puzzle_win(),
        "puzzle-daily-win": puzzle_win(daily=True),
        "relay-win": speed_win("relay", 5, 1),
        "marathon-win": speed_win("marathon", 3, 5),
        "blindfold-win": speed_win("blindfold", 3, 1),
        "replay": lambda: routes.replay(ctx, __import__("tests.test_replay", fromlist=["x"]).solve_of(3, 4, 4)),
        "settings": lambda: routes.settings(ctx),
        "keys": lambda: keys_page(ctx),
        "code-entry": code_error,
        "help": lambda: routes.help_screen(ctx, mode="hex"),
        "race-setup": lambda: routes.race_setup(ctx),
        "race-setup-two-dark": race_two_dark,
        "lab-setup": lambda: routes.lab_setup(ctx),
    }


THEMES = ["dark", "light", "contrast"]


def covering_sizes(screen: int, theme: int, sizes: list[tuple[int, int]], themes: int = len(THEMES)):
    """The sizes at which screen number ``screen`` is checked in theme number ``theme``: every screen at every
    size once, in the themes in turn (size ``i`` of screen ``n`` in theme ``(n + i) % themes``), so each screen
    is also seen in every theme (4 sizes span all 3) and each theme at every size (over the screens).

    A theme changes colours, wall thickness and button outlines, never a text's or button's box, so checking all
    12 pairs per screen laid out the same boxes three times (a third of the suite's time went to layout tests).
    """
    return [size for i, size in enumerate(sizes) if (screen + i) % themes == theme]


def test_the_covering_sees_every_screen_at_every_size_and_in_every_theme():
    n = 25
    seen = {(s, t, size) for s in range(n) for t in range(3) for size in covering_sizes(s, t, SIZES)}
    assert {(s, size) for s, _, size in seen} == {(s, size) for s in range(n) for size in SIZES}
    assert len(seen) == n * len(SIZES)  # once each
    assert {(s, t) for s, t, _ in seen} == {(s, t) for s in range(n) for t in range(3)}
    assert {(t, size) for _, t, size in seen} == {(t, size) for t in range(3) for size in SIZES}


@pytest.mark.parametrize("theme", THEMES)
def test_every_shell_screen_fits_at_every_size(window, ctx, theme):
    """Every screen at every size (each once), the themes taking turns: see :func:`covering_sizes`."""
    ctx.set_theme(theme)
    problems: list[str] = []
    try:
        for n, (name, make) in enumerate(_screens(ctx).items()):
            sizes = covering_sizes(n, THEMES.index(theme), SIZES)
            view = make()
            for w, h in sizes:
                problems += [f"{name}: {p}" for p in check_layout(window, view, w, h)]
    finally:
        set_window_size(window, 1280, 800)
    assert problems == []


def test_layout_check_finds_overlap_and_overflow(window, ctx):
    import arcade

    from game.bases.screen import BaseView

    class Bad(BaseView):
        def __init__(self, c):
            super().__init__(c)
            self.a = arcade.Text("overlapping one", 100, 100, anchor_x="left")
            self.b = arcade.Text("overlapping two", 110, 102, anchor_x="left")
            self.c = arcade.Text("off the right edge", 790, 300)

        def draw_extra(self):
            for t in (self.a, self.b, self.c):
                t.draw()

    problems = check_layout(window, Bad(ctx), 800, 600)
    set_window_size(window, 1280, 800)
    assert any("overlaps" in p for p in problems) and any("leaves the window" in p for p in problems)
    box = text_box(arcade.Text("x", 10, 20, anchor_x="center", anchor_y="top"))
    assert box[3] == pytest.approx(20)


@pytest.mark.parametrize("route", [routes.race_setup, routes.lab_setup], ids=["race-setup", "lab-setup"])
def test_setup_labels_fit_their_buttons_after_every_click(window, ctx, route):
    """Clicking a choice changes its caption (and others: two players, Dark, the Trémaux explorer's "no map,
    like you"): every caption still fits its button at every size, without a new layout."""
    problems: list[str] = []
    try:
        for w, h in SIZES:
            view = route(ctx)
            check_layout(window, view, w, h)
            names = [n for n in view.choice_buttons if n not in ("seed", "folder")]
            for _ in range(2):  # twice round: every combination of players and Dark with each opponent
                for name in names:
                    for _ in range(8):
                        view.activate(view.buttons.index(view.choice_buttons[name]))
                        problems += [f"{w}x{h} after {name}: {b.text!r}" for b in view.buttons if label_overflows(b)]
    finally:
        set_window_size(window, 1280, 800)
    assert sorted(set(problems)) == []


def test_layout_check_finds_a_label_wider_than_its_button(window, ctx):
    from game.bases.screen import BaseView
    from game.ui import place_column

    class Narrow(BaseView):
        def __init__(self, c):
            super().__init__(c)
            self.ui.add(self.make_button("A label far too long for its little button", lambda: None,
                                         width=120, font_size=16))

        def layout(self, width, height):
            place_column(self.buttons, width / 2, height - 40, 40, 120, 50)

    problems = check_layout(window, Narrow(ctx), 1280, 800)
    assert any("larger than its button" in p for p in problems)


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_fitted_maze_stays_between_the_top_bar_and_the_key_line(window, ctx, w, h):
    from engine.level import NamedLevel
    from engine.maze.recipe import MazeSpec
    from game.play.view import PlayView

    spec = MazeSpec("triangle", 30, 12, "backtracker", {}, 0, 5)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "t"))
    try:
        assert check_layout(window, view, w, h) == []
        x0, y0, x1, y1 = view.maze.grid.bounds()
        sx0, sy0 = view.cam.world_to_screen(x0, y0)
        sx1, sy1 = view.cam.world_to_screen(x1, y1)
        assert 0 <= sx0 and sx1 <= w
        assert view.hud_help.top <= sy0 and sy1 <= h - view.hud_height
    finally:
        set_window_size(window, 1280, 800)


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_lab_compare_charts_fit_at_every_size(window, ctx, theme):
    """The comparison screen once its charts are computed: chart titles, labels and legend inside, no overlap."""
    import time

    from engine.maze.recipe import MazeSpec
    from game.lab.compare import CompareView

    ctx.set_theme(theme)
    view = CompareView(ctx, MazeSpec.create("hex", 8, 6, "backtracker", seed=3), runs=2)
    ctx.show(view)
    deadline = time.monotonic() + 120
    while not view.charts and time.monotonic() < deadline:
        view.on_update(1 / 60)
        time.sleep(0.01)
    assert view.charts, "the comparison did not finish"
    problems: list[str] = []
    try:
        for w, h in SIZES[:3]:
            problems += check_layout(window, view, w, h)
            for chart in view.charts:  # every bar shows its value, at every size (800×600 once lost some)
                shown = [t.text for t in chart.value_texts]
                assert len(shown) == len(chart.rects) and all(shown), (w, h, shown)
    finally:
        set_window_size(window, 1280, 800)
    assert problems == []


@pytest.mark.parametrize("day", range(7))
def test_daily_title_is_fitted_left_of_the_clock(window, ctx, monkeypatch, day):
    """Every weekday's daily title ends a clear gap left of the clock at every size, and is whole at 1920×1080."""
    import datetime as dt

    import engine.modes.daily as daily
    from game.play.view import HUD_GAP
    from game.ui import ui_scale

    monkeypatch.setattr(daily, "utc_today", lambda: dt.date(2026, 11, 23) + dt.timedelta(days=day))
    view = routes.daily(ctx)
    try:
        for w, h in SIZES:
            assert check_layout(window, view, w, h) == []
            title, clock = text_box(view.hud_title), text_box(view.hud_time)
            assert title[2] + HUD_GAP * ui_scale(w, h) - 1 <= clock[0], (w, h, view.hud_title.text)
            if w >= 1920:
                assert view.hud_title.text == view.title_text, (w, h, view.hud_title.font_size)
    finally:
        set_window_size(window, 1280, 800)


def test_world_names_share_one_size_and_are_whole(window, ctx):
    """The campaign map paints every world name at one font size, whole at every size (two lines where narrow)."""
    from game.render.map_art import text_width

    view = routes.levels(ctx)
    try:
        for w, h in SIZES:
            assert check_layout(window, view, w, h) == []
            lay = view.picture.layout
            shown = [" ".join(lines) for _, lines, _ in lay.columns]
            assert shown == view.column_names(), (w, h, shown)
            for box, lines, _ in lay.columns:
                assert len(lines) <= 2
                assert all(text_width(x, lay.world_px, True) <= box[2] - box[0] + 12 * lay.g for x in lines)
            assert lay.world_px >= 11, (w, h)
    finally:
        set_window_size(window, 1280, 800)
