"""Dailies, records and the distance line in the game (headless window)."""

from __future__ import annotations

import datetime as dt
import time

import pytest

from engine.modes.daily import daily_code, puzzle_daily, utc_today
from engine.puzzle.deal import Deal, deal_session
from engine.puzzle.optimal import solve_optimal
from engine.records import Run, daily_tag
from game import routes

KEY_FOR_TILE_MOVE = {"U": "DOWN", "D": "UP", "L": "RIGHT", "R": "LEFT"}  # blank move -> arrow (tile mode)


def press(window, name):
    from arcade import key

    sym = getattr(key, name)
    window.dispatch_event("on_key_press", sym, 0)
    window.dispatch_event("on_key_release", sym, 0)


def run_until(view, done, timeout=30.0):
    end = time.perf_counter() + timeout
    while not done():
        assert time.perf_counter() < end, "timed out"
        view.on_update(1 / 60)
        view.on_draw()
        time.sleep(0.005)


def test_dailies_screen_shows_streaks_and_opens_the_puzzle_daily_with_its_par(ctx):
    from game.puzzle.view import PuzzleView
    from game.shell.dailies import DailiesView

    today = utc_today()
    for back in (1, 2):
        day = today - dt.timedelta(days=back)
        ctx.store.record_run(Run("maze", daily_code(day), daily_code(day), 30.0, 50, 40, daily_tag("maze", day)))
    view = ctx.go(routes.dailies)
    assert isinstance(view, DailiesView)
    view.on_draw()
    assert "Maze streak: 2 days (longest 2)" in view.streak.text
    assert "Puzzle streak: 0 days" in view.streak.text
    # today, yesterday, the day before: 50 moves of 40 in 30 s misses both pars (46 moves, 17 s): one star
    assert view.columns_text[1].text.split("\n")[1:4] == ["·", "★☆☆", "★☆☆"]
    view.open_puzzle(3)
    run_until(view, lambda: isinstance(ctx.window.current_view, PuzzleView))
    game = ctx.window.current_view
    daily = puzzle_daily(today, 3)
    assert game.daily == daily and game.session.seed_code == daily.code
    assert f"par {daily.optimal}" in game.panel.values["title"]
    game.settings.animate = False
    for m in solve_optimal(game.session.board).moves:  # the proven shortest solution: three stars
        press(ctx.window, KEY_FOR_TILE_MOVE[m])
        game.on_update(1 / 60)
    assert game.session.solved
    assert "Daily ★★★" in game.message and f"optimal was {daily.optimal}" in game.message
    run = ctx.store.runs()[-1]
    assert (run.mode, run.key, run.daily, run.par, run.moves) == (
        "puzzle",
        "3x3",
        daily_tag("puzzle-3x3", today),
        daily.optimal,
        daily.optimal,
    )
    press(ctx.window, "ESCAPE")  # a daily goes back to the Dailies, which show it done at par
    again = ctx.window.current_view
    assert isinstance(again, DailiesView)
    assert again.columns_text[2].text.split("\n")[1] == "★★★"  # the win's stars
    assert "Puzzle streak: 1 day (longest 1)" in again.streak.text


def test_distance_line_follows_the_game_and_says_the_optimum_at_the_end(ctx):
    from game.puzzle.view import PuzzleView

    deal = Deal(3, 3, seed=21)
    session = deal_session(deal)
    view = PuzzleView(ctx, session, deal=deal)
    view.settings.animate = False
    ctx.window.show_view(view)
    view.on_update(1 / 60)
    assert view.panel.values["meter"] == ""  # off by default
    press(ctx.window, "M")
    view.on_update(1 / 60)
    assert view.settings.meter and not ctx.store.setting("puzzle.meter")  # this game's alone: not saved
    assert view.panel.buttons["meter"].text.startswith("Distance on") and view.panel.buttons["meter"].active
    first = solve_optimal(session.board)
    run_until(view, lambda: view.panel.values["meter"].startswith(f"{first.length} moves"))
    wrong = next(m for m in session.board.legal_moves() if m != first.moves[0])
    press(ctx.window, KEY_FOR_TILE_MOVE[wrong])  # another move: the line follows
    view.on_update(1 / 60)
    assert session.assisted  # the line is help
    now = solve_optimal(session.board).length
    assert now in (first.length - 1, first.length + 1)
    run_until(view, lambda: view.panel.values["meter"].startswith(f"{now} moves"))
    for m in solve_optimal(session.board).moves:
        press(ctx.window, KEY_FOR_TILE_MOVE[m])
        view.on_update(1 / 60)
    assert session.solved and f"You took {now + 1}, optimal was {first.length}." in view.message
    assert view.panel.values["meter"] == "0 moves from solved (optimal)"
    assert ctx.store.runs() == []  # assisted: not in the records
    press(ctx.window, "M")
    view.on_update(1 / 60)
    assert view.panel.values["meter"] == ""


def test_records_screen_and_settings_export(ctx, tmp_path, monkeypatch):
    from game.shell.records import RecordsView

    monkeypatch.setenv("TESSERA_HOME", str(tmp_path / "home"))
    for t in (30.0, 25.0, 40.0, 35.0, 28.0):
        ctx.store.record_run(Run("puzzle", "4x4", "", t, 100))
    code = daily_code(dt.date(2026, 11, 20))
    ctx.store.record_win(code, 61.25, 130)
    ctx.store.record_win("puzzle-size:3x3", 9.5, 24)  # a size won before the history existed
    view = ctx.go(routes.records)
    assert isinstance(view, RecordsView)
    view.on_draw()
    assert view.puzzle_texts[0].text.split("\n") == ["3x3", "4x4"]
    assert view.puzzle_texts[4].text.split("\n")[1] == "0:31.00"  # Ao5: 28, 30, 35
    assert view.puzzle_texts[1].text.split("\n")[0] == "–"
    from game.shell.records import level_name

    assert view.level_texts[0].text == level_name(code) and view.level_texts[1].text == "1:01.25"
    assert "×" in level_name(code) and "upsilon" not in level_name(code)
    assert code not in "".join(t.text for t in view.texts())  # codes only behind Details
    view.toggle_details()
    assert view.level_texts[3].text == code
    view.export()
    written = sorted((tmp_path / "home" / "exports").glob("*.csv"))
    assert len(written) == 1 and "Records written to" in view.status.text
    settings = ctx.go(routes.settings)
    label = "Export records (CSV)"
    settings.activate([b.text for b in settings.buttons].index(label))
    assert len(sorted((tmp_path / "home" / "exports").glob("*.csv"))) == 2  # a new file, the first kept
    assert "Records written to" in settings.note.text


def test_records_name_levels_by_world_and_name_and_say_when_empty(ctx, window):
    from layout_check import check_layout, set_window_size

    from engine.level import Level
    from engine.maze.recipe import MazeSpec
    from engine.records import seconds_text

    view = routes.records(ctx)
    try:
        assert check_layout(window, view, 1280, 800) == []
        shown = "\n".join(t.text for t in view.texts())
        assert shown.count("Nothing yet") == 3  # the three tables say they are empty
        first = ctx.campaign.levels[0]
        tower = next(lv for lv in ctx.campaign.levels if lv.recipe.floors > 1)
        drawn = MazeSpec.create("square", 8, 6, "prim", seed=3).build()
        hand = Level(drawn).passages_code()
        other = MazeSpec.create("hex", 9, 7, "prim", seed=4).code()
        for code, t in ((first.code(), 12.8951), (tower.code(), 20.0), (hand, 30.0), (other, 40.0)):
            ctx.store.record_win(code, t, 50)
        view = routes.records(ctx)
        assert check_layout(window, view, 1280, 800) == []
        names = {row[3]: row[0] for row in view.levels[1:]}
        assert names[first.code()] == f"{first.name} · {first.world}"
        assert names[tower.code()] == f"{tower.name} · {tower.world}"
        assert names[hand] == "square 8×6, hand-made" and names[other] == "hexagon 9×7"
        shown = "\n".join(t.text for t in view.texts())
        assert "Nothing yet" in shown and "First Steps · Square Gardens" in shown
        assert first.code() not in shown
        from test_game_campaign_map import BANNED

        assert not any(word in shown.lower() for word in BANNED), shown  # no engine words, no codes
        row = next(r for r in view.levels[1:] if r[3] == first.code())
        assert row[1] == "0:12.89" and seconds_text(12.8951) == "12.89"  # screen and CSV: one rounding
    finally:
        set_window_size(window, 1280, 800)


def test_one_time_format_on_the_win_the_map_records_and_the_csv(ctx, window, tmp_path):
    """The same run reads 0:12.89 on the win screen, the map's line, Records, and 12.89 in the CSV."""
    import csv
    import io

    from engine.records import records_csv
    from game.records import kept_bests

    level = ctx.campaign.levels[0]
    play = ctx.go(routes.level, level)
    s = play.session
    s.elapsed, s.moves, s.finished = 12.8951, s.shortest, True
    result = ctx.store.record_win(play.code, s.elapsed, s.moves)
    win = ctx.go(routes.win, play, result, ctx.campaign.levels[1])
    win.on_draw()
    win_text = " ".join(t.text for t in win.made_texts)
    assert "0:12.89" in win_text and "0:12.8 " not in win_text and "12.9" not in win_text
    levels = ctx.go(routes.levels, focus=0)
    assert "best 0:12.89" in levels.info_line(0)
    records = ctx.go(routes.records)
    assert "0:12.89" in "\n".join(t.text for t in records.texts())
    rows = list(csv.reader(io.StringIO(records_csv([], kept_bests(ctx.store)))))
    assert [r[3] for r in rows[1:] if r[1] == play.code] == ["12.89"]


def speed_history(store) -> None:
    """Finished speed runs as the game keeps them (:func:`game.records.record_speed_run`): a relay 3×3→5×5 twice
    (with its single boards), six blindfold 4×4s, one marathon of 5 and three of 12 (4×4)."""
    from engine.records import Run

    for t in (95.5, 88.25):
        store.record_run(Run("relay", "3x3-5x5", "", t, 420))
        for size, part in (("3x3", 0.1), ("4x4", 0.3), ("5x5", 0.6)):
            store.record_run(Run("relay-solve", size, "", t * part, int(420 * part)))
    for t in (31.0, 29.5, 40.0, 27.25, 33.0, 30.0):
        store.record_run(Run("blindfold", "4x4", "", t, 90))
    store.record_run(Run("marathon", "4x4 x5", "", 150.0, 500))
    for t in (400.0, 380.0, 390.0):
        store.record_run(Run("marathon", "4x4 x12", "", t, 1300))


def test_records_show_the_speed_modes_personal_bests_in_players_words(ctx):
    """Each speed mode and size a row in players' words: runs, best (the one time format), its moves, the best
    Ao5 / Ao12 of runs in a row where there are enough, its tiles/s; the single boards only with Details."""
    from game.shell.records import RecordsView

    speed_history(ctx.store)
    ctx.store.record_run(Run("puzzle", "4x4", "", 30.0, 100))
    view = ctx.go(routes.records)
    assert isinstance(view, RecordsView)
    view.on_draw()
    assert view.speed[1:] == [
        ("Relay 3×3→5×5", "2", "1:28.25", "420", "–", "–", f"{420 / 88.25:.2f}"),
        ("Marathon of 5, 4×4", "1", "2:30.00", "500", "–", "–", f"{500 / 150:.2f}"),
        ("Marathon of 12, 4×4", "3", "6:20.00", "1300", "–", "–", f"{1300 / 380:.2f}"),
        ("Blindfold 4×4", "6", "0:27.25", "90", "0:30.83", "–", f"{90 / 27.25:.2f}"),  # best Ao5: 29.5 33 30
    ]
    assert view.speed_texts[0].text.split("\n") == [r[0] for r in view.speed[1:]]
    assert view.speed_texts[2].text.split("\n")[3] == "0:27.25"
    shown = "\n".join(t.text for t in view.texts())
    assert "Speed modes" in shown and "relay-solve" not in shown and "3x3-5x5" not in shown
    view.toggle_details()
    assert [r[0] for r in view.speed[1:3]] == ["Relay 3×3→5×5", "Relay 3×3 boards"]
    assert ("Relay 5×5 boards", "2", "0:52.95") == view.speed[4][:3]


@pytest.mark.parametrize("theme", ["dark", "light", "contrast"])
def test_records_lay_out_at_every_size_and_text_size(ctx, window, theme):
    """Each text size at every window size once, the themes taking turns (test_layout.covering_sizes): each
    theme at both text sizes."""
    from layout_check import check_layout, set_window_size
    from test_layout import SIZES, THEMES, covering_sizes

    from engine.records import Run
    from game import routes
    from game.ui import set_text_size

    ctx.set_theme(theme)
    for i, lv in enumerate(ctx.campaign.levels[:8]):
        ctx.store.record_win(lv.code(), 20.0 + i, 40 + i)
    ctx.store.record_run(Run("puzzle", "4x4", "", 30.0, 100))
    speed_history(ctx.store)
    try:
        for n, percent in enumerate((100, 200)):
            set_text_size(percent)
            for w, h in covering_sizes(n, THEMES.index(theme), SIZES):
                view = routes.records(ctx)
                assert check_layout(window, view, w, h) == [], (percent, w, h)
                view.toggle_details()
                assert check_layout(window, view, w, h) == [], (percent, w, h, "details")
    finally:
        set_text_size(100)
        set_window_size(window, 1280, 800)


def test_records_cells_are_clipped_by_remembered_widths_equal_to_the_laid_out_ones(window):
    """The table clips its cells by widths measured once per (text, size): each is the width the text lays out to."""
    import arcade

    from game.shell.records import _clip, _width
    from game.ui import FONT

    for size in (13.0, 17.5, 26.0):
        for value in ("daily 26 Nov · triangle 30×14", "0:25.00", "M2.T30X14.KR#3VU4", "", "–"):
            real = arcade.Text(value, 0, 0, font_size=size, font_name=FONT).content_width
            assert _width(value, size) == real and _width(value, size) == real, (value, size)
            cut = _clip(value, 60, size)
            assert cut == value or (cut.endswith("…") and _width(cut, size) <= 60), (value, cut)
