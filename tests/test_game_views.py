"""The real arcade Views in one hidden headless window: open, draw, play to the goal, navigate."""

from __future__ import annotations

import itertools
import time

import arcade
import pytest
from arcade import key

from engine.level import NamedLevel
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import solve
from engine.maze.solvers.bfs import shortest_path
from game import routes
from game.audio import Audio
from game.context import Context
from game.format import format_time, running_time
from game.store import Store
from game.ui.movement import KEY_VECTORS, direction_from_keys

DIRECTION_KEYS = [key.RIGHT, key.UP, key.LEFT, key.DOWN]
COMBOS = [[k] for k in DIRECTION_KEYS] + [list(c) for c in itertools.combinations(DIRECTION_KEYS, 2)]


def frame(window, n: int = 1) -> None:
    """Draw ``n`` frames of the current view (no sleeping)."""
    for _ in range(n):
        window.current_view.on_draw()


def open_spec(window, ctx, spec, title: str = "test"):
    """Show a PlayView of ``spec`` (dark when the spec is), camera fixed, two frames drawn; returns it."""
    from game.play.view import PlayView

    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), title))
    window.show_view(view)
    view.cam.following = False
    view.on_update(1 / 60)
    frame(window, 2)
    return view


def keypress(window, symbol: int, modifiers: int = 0) -> None:
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)


def click(window, x: float, y: float) -> None:
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)


def run_until(view, condition, limit: int = 600) -> None:
    for _ in range(limit):
        if condition():
            return
        view.on_update(1 / 60)
    raise AssertionError("condition not reached")


def wait_for(view, condition, timeout: float = 60.0) -> None:
    """Run frames until ``condition()`` holds while a background task works: bounded by ``timeout`` seconds of
    wall time, not by a frame count, and sleeping 2 ms a frame so the task's thread gets the GIL on a loaded
    machine (a frame count ran out before a 3x3 proof under load)."""
    end = time.perf_counter() + timeout
    while not condition():
        assert time.perf_counter() < end, f"condition not reached in {timeout:.0f} s"
        view.on_update(1 / 60)
        time.sleep(0.002)


def keys_for_step(session, nxt: int) -> list[int]:
    """Arrow keys (one, or two for a diagonal) whose direction picks ``nxt``."""
    for combo in COMBOS:
        direction = direction_from_keys(combo, combo[-1])
        if direction is not None and session.pick(direction, KEY_VECTORS[combo[-1]]) == nxt:
            return combo
    raise AssertionError(f"no key combination reaches cell {nxt}")


def play_with_keys(window, view) -> None:
    """Walk the engine's shortest path by dispatching key presses."""
    s = view.session
    path = solve(view.maze, "bfs").path
    for nxt in path[1:]:
        combo = keys_for_step(s, nxt)
        for k in combo:
            window.dispatch_event("on_key_press", k, 0)
        run_until(view, lambda: s.moving or s.finished)
        for k in combo:
            window.dispatch_event("on_key_release", k, 0)
        run_until(view, lambda: not s.moving)
        assert s.cell == nxt


def test_every_screen_opens_draws_and_escapes_to_menu(window, ctx):
    from game.play.open import open_code, open_daily, open_level
    from game.shell.code_entry import CodeEntryView
    from game.shell.levels import LevelsView
    from game.shell.menu import MenuView
    from game.shell.settings import SettingsView

    makers = [
        lambda: LevelsView(ctx),
        lambda: CodeEntryView(ctx),
        lambda: SettingsView(ctx),
        lambda: open_daily(ctx),
        lambda: open_code(ctx, MazeSpec("hex", 5, 4, "prim", {}, 0, 1).code()),
        lambda: open_level(ctx, ctx.campaign.levels[0]),
    ]
    for make in makers:
        view = make()
        window.show_view(view)
        frame(window, 2)
        for _ in range(3):
            if isinstance(window.current_view, MenuView):
                break
            keypress(window, key.ESCAPE)
            frame(window)
        assert isinstance(window.current_view, MenuView), type(view).__name__
    img = arcade.get_image()
    assert img.size == (1280, 800)
    assert img.convert("L").getextrema()[1] > 200  # menu text drawn


def test_menu_keyboard_and_mouse_navigation(window, ctx):
    from game.shell.levels import LevelsView
    from game.shell.menu import MENU_ENTRIES, MenuView
    from game.shell.settings import SettingsView

    menu = MenuView(ctx)
    window.show_view(menu)
    frame(window)
    labels = [b.text for b in menu.buttons]
    assert labels[0].startswith("Start · 1.") and labels[-1] == "Quit" and len(labels) <= 7
    keypress(window, key.DOWN)  # Play >
    keypress(window, key.ENTER)
    assert [b.text for b in menu.buttons][0] == "Campaign" and menu.buttons[-1].text == "Back"
    assert any(e.label == "Campaign" for e in MENU_ENTRIES)
    keypress(window, key.DOWN)
    keypress(window, key.UP)
    keypress(window, key.ENTER)
    assert isinstance(window.current_view, LevelsView)
    assert ctx.memory["menu.focus"] == ("play", 0)  # a new menu comes back to the group last used
    ctx.memory.pop("menu.focus")
    window.show_view(MenuView(ctx))
    frame(window)
    menu = window.current_view
    more = menu.buttons[[b.text for b in menu.buttons].index("More  >")]
    click(window, *more.rect.center)
    frame(window)
    settings_button = menu.buttons[[b.text for b in menu.buttons].index("Settings")]
    click(window, *settings_button.rect.center)
    assert isinstance(window.current_view, SettingsView)


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "polar", "upsilon"])
def test_play_each_tessellation_to_the_goal_with_keys(window, ctx, shape):
    from game.play.open import open_level
    from game.play.view import PlayView
    from game.shell.win import WinView

    level = next(lv for lv in ctx.campaign.levels if lv.recipe.shape == shape and lv.recipe.puzzle is None)
    view = open_level(ctx, level)
    window.show_view(view)
    frame(window)
    play_with_keys(window, view)
    assert view.session.finished and view.session.moves == view.session.shortest
    frame(window)
    run_until(view, lambda: not isinstance(window.current_view, PlayView))
    win = window.current_view
    assert isinstance(win, WinView) and win.stars >= 2
    assert win.shown_stars == 0 and win.star_text.text == "☆☆☆"  # then they light up one by one
    for _ in range(90):
        win.on_update(1 / 30)
    assert ctx.audio.played[-win.stars:] == ["star"] * win.stars and win.shown_stars == win.stars
    assert win.star_text.text.count("★") == win.stars
    frame(window)
    stars = ctx.store.stars()
    assert stars[level.id] == win.stars
    best = ctx.store.best(level.code())
    assert best.best_moves == view.session.shortest and best.best_time == pytest.approx(view.session.elapsed)
    nxt = ctx.campaign.next_of(level)
    assert nxt is not None and nxt.id in ctx.store.unlocked()


def test_click_walks_to_the_goal_and_win_screen_copies_code(window, ctx):
    from game.play.view import PlayView
    from game.shell.win import WinView

    spec = MazeSpec("square", 8, 6, "kruskal", {}, 0, 9)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "test"))
    window.show_view(view)
    frame(window)
    s = view.session
    gx, gy = s.centers[view.maze.goal]
    click(window, *view.cam.world_to_screen(gx, gy))
    assert not s.route and s.cell == s.start  # a click never walks through unexplored cells
    path = shortest_path(s.adj, s.start, view.maze.goal)
    for cell in path[1:]:  # one step beyond the explored region at a time
        x, y = view.cam.world_to_screen(*s.centers[cell])
        click(window, x, y)
        assert s.route or s.moving
        run_until(view, lambda c=cell: s.cell == c and not s.moving or isinstance(window.current_view, WinView))
    run_until(view, lambda: isinstance(window.current_view, WinView))
    win = window.current_view
    frame(window)
    assert ctx.store.best(spec.code()).best_moves == view.session.shortest
    win.copy()  # headless: no clipboard, but a sentence instead of a crash
    assert win.status.text
    keypress(window, key.ESCAPE)


def test_a_refused_click_bumps_and_says_why_for_two_seconds(window, ctx, monkeypatch):
    from game.play.view import HELP_LINE, NOTICE_TIME, TOO_FAR_LIT, PlayView

    spec = MazeSpec("square", 8, 6, "kruskal", {}, 0, 9)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "test"))
    window.show_view(view)
    frame(window)
    played: list[str] = []
    monkeypatch.setattr(ctx.audio, "play", lambda name, volume_scale=1.0: played.append(name))
    s = view.session
    click(window, *view.cam.world_to_screen(*s.centers[view.maze.goal]))  # far: the walk-to rule refuses it
    assert not s.route and s.cell == s.start and view.hud_help.text == TOO_FAR_LIT
    view.on_update(1 / 60)
    assert played == ["bump"] and view.animating()  # the footer's new line is drawn
    frame(window)
    for _ in range(int(NOTICE_TIME * 60) - 10):
        view.on_update(1 / 60)
    assert view.hud_help.text == TOO_FAR_LIT
    for _ in range(20):
        view.on_update(1 / 60)
    assert view.hud_help.text == HELP_LINE and view.animating()
    played.clear()
    click(window, *view.cam.world_to_screen(*s.centers[s.adj[s.start][0]]))  # a neighbour: walks, no notice
    view.on_update(1 / 60)
    assert "bump" not in played and view.hud_help.text == HELP_LINE


def test_a_click_round_a_bend_of_a_lit_maze_walks_there(window, ctx):
    """Issue 44 item 7: a cell down the player's corridor, out of straight sight, is not "too far" in a lit maze."""
    from engine.modes.reach import up_to_forks
    from game.play.view import HELP_LINE, PlayView

    spec = MazeSpec("square", 8, 6, "kruskal", {}, 0, 9)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "test"))
    window.show_view(view)
    frame(window)
    s = view.session
    seen = s.visited_set | s.in_sight()
    bend = max(up_to_forks(s.flat, seen) - seen)
    click(window, *view.cam.world_to_screen(*s.centers[bend]))
    run_until(view, lambda: s.cell == bend and not s.moving)
    assert view.hud_help.text == HELP_LINE

def test_pause_stops_the_clock_and_restart_resets(window, ctx):
    from game.play.view import PlayView

    spec = MazeSpec("hex", 6, 5, "backtracker", {}, 0, 2)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "test"))
    window.show_view(view)
    s = view.session
    s.walk_to(s.adj[s.start][0])
    run_until(view, lambda: not s.moving)
    keypress(window, key.P)
    assert view.paused and view.pause.visible
    t = s.elapsed
    for _ in range(30):
        view.on_update(1 / 60)
    frame(window)
    assert s.elapsed == t
    keypress(window, key.DOWN)  # focus "Restart"
    keypress(window, key.ENTER)
    assert not view.paused and s.moves == 0 and s.cell == s.start


def test_bump_nudges_and_zoom_pan_resize(window, ctx):
    from game.play.view import PlayView

    spec = MazeSpec("square", 30, 20, "backtracker", {}, 0, 4)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "test"))
    window.show_view(view)
    s = view.session
    wall_key = next(k for k in DIRECTION_KEYS if s.pick(KEY_VECTORS[k]) is None)
    keypress(window, wall_key)
    view.on_update(1 / 60)
    assert s.bumps == 1 and view.nudge.left > 0 and view.cam.shake == (0.0, 0.0)  # the disc moves, not the view
    fit = view.cam.zoom
    window.dispatch_event("on_mouse_scroll", 300, 300, 0, 3)
    assert view.cam.zoom > fit and view.cam.zoomed_in
    x, y = view.cam.x, view.cam.y
    window.dispatch_event("on_mouse_press", 600, 400, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_drag", 640, 400, 40, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", 640, 400, arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.cam.x < x and view.cam.y == pytest.approx(y) and s.route == []
    frame(window)
    window.dispatch_event("on_resize", 900, 600)
    assert view.cam.width == 900 and not view.cam.zoomed_in
    x1, y1 = view.cam.world_to_screen(30, 20)
    assert x1 <= 900 and y1 <= 600
    window.dispatch_event("on_resize", 1280, 800)
    assert view.cam.zoom == pytest.approx(fit)


def test_code_entry_invalid_message_and_valid_opens_that_maze(window, ctx):
    from game.play.view import PlayView
    from game.shell.code_entry import CodeEntryView

    view = CodeEntryView(ctx)
    window.show_view(view)
    frame(window)
    for ch in "M1.S5X5.BT#1-0":
        window.dispatch_event("on_text", ch)
    keypress(window, key.ENTER)
    assert window.current_view is view and "check character" in view.message.text
    frame(window)
    spec = MazeSpec("triangle", 9, 5, "wilson", {}, 25, 77)
    view.field.text = spec.code().lower()
    keypress(window, key.ENTER)
    play = window.current_view
    assert isinstance(play, PlayView) and play.code == spec.code()
    assert play.maze.digest() == spec.build().digest()


def test_damaged_database_is_set_aside_with_a_message(window, tmp_path):
    from game.shell.menu import MenuView

    path = tmp_path / "tessera.db"
    path.write_bytes(b"\x00garbage" * 512)
    c = Context(window, store=Store(path), audio=Audio(enabled=False))
    menu = MenuView(c)
    window.show_view(menu)
    frame(window)
    assert "damaged" in menu.notice.text
    assert any(".damaged-" in p.name for p in tmp_path.iterdir())
    window.hide_view()
    c.store.close()


def test_settings_change_theme_volume_mute(window, ctx):
    from game.shell.settings import SettingsView

    view = SettingsView(ctx)
    window.show_view(view)
    frame(window)
    view.activate(0)  # theme
    assert ctx.theme.name == "light" and ctx.store.setting("theme") == "light"
    view = window.current_view
    frame(window)
    view.activate(view.buttons.index(view.volume_btns[0]))  # effects quieter
    assert ctx.store.setting("volume") == str(ctx.audio.volume) == "0.6"
    view.activate(view.buttons.index(view.volume_btns[3]))  # music louder
    assert ctx.store.setting("music_volume") == str(ctx.audio.music_volume) == "0.6"
    assert "(60 %)" in view.volume_btns[3].text
    view.activate(view.buttons.index(view.mute_btn))  # mute
    assert ctx.audio.mute and ctx.store.setting("mute") == "1"
    view.activate(view.buttons.index(view.full_btn))  # fullscreen: never crashes headless
    keypress(window, key.F11)


def test_audio_loads_or_stays_silent_without_a_device():
    audio = Audio(volume=0.5)
    for name in ("step", "bump", "win", "click", "missing"):
        audio.play(name)
    assert audio.played[-1] == "missing"


def test_frame_pacer_skips_idle_frames_and_slows_the_clock():
    from game.app import ACTIVE_RATE, IDLE_RATE, QUIET_FRAMES, FramePacer

    p = FramePacer()
    assert p.frame(False) == (True, None)  # first frame always drawn
    rates = [p.frame(False) for _ in range(QUIET_FRAMES)]
    assert all(not draw for draw, _ in rates) and rates[-1][1] == IDLE_RATE and p.idle
    assert p.frame(False) == (False, None)
    assert p.poke() == ACTIVE_RATE and not p.idle  # input: full speed at once
    assert p.frame(False) == (True, None)
    for _ in range(QUIET_FRAMES):  # a clock digit every 6th frame does not keep the clock fast
        for i in range(6):
            draw, rate = p.frame(i == 0)
    assert p.idle
    assert p.frame(True) == (True, None) and p.frame(True) == (True, ACTIVE_RATE)  # animation: fast again


def test_static_screens_stop_asking_for_frames_and_play_asks_while_the_clock_runs(window, ctx):

    for route in (routes.menu, routes.settings, routes.help_screen, routes.levels):
        view = ctx.go(route)
        assert view.needs_redraw()  # as the window does: ask, then draw
        frame(window)
        view.on_update(1 / 60)
        for _ in range(600):  # the map draws its thumbnails in a few at a time, fewer a frame on a busy machine
            if not getattr(view, "animating", lambda: False)():
                break
            view.needs_redraw()  # as the window does each frame: ask (and clear the request), then draw
            frame(window)
            view.on_update(1 / 60)
        view.needs_redraw()
        frame(window)
        view.on_update(1 / 60)
        assert view.needs_redraw() is False, route
    play = ctx.go(routes.level, ctx.campaign.levels[0])
    assert play.needs_redraw()
    frame(window)
    play.on_update(1 / 60)
    assert play.needs_redraw()  # the player's opening pulse (about a second)...
    run_until(play, lambda: play.pulse_left == 0)
    frame(window)
    play.on_update(1 / 60)
    assert play.needs_redraw() is False  # ...then nothing moves before the first key
    s = play.session
    s.walk_to(s.adj[s.start][0])
    play.on_update(1 / 60)
    assert play.needs_redraw()  # the player moves
    run_until(play, lambda: not s.moving)
    frame(window)
    second = int(s.elapsed)
    if s.elapsed - second < 0.8:
        play.on_update(0.05)
        assert play.needs_redraw() is False  # tenths alone are not shown while the clock runs
    while int(s.elapsed) == second:
        play.on_update(0.1)
    assert play.needs_redraw()  # the clock's seconds changed
    assert play.clock_text() == running_time(s.elapsed) == format_time(s.elapsed)[:-3]
    s.finished = True  # the clock stops: the recorded time, as the win screen and Records show it
    assert play.clock_text() == format_time(s.elapsed) and "." in play.clock_text()


def test_pause_hides_the_maze_and_reaches_settings_and_help(window, ctx):
    from game.shell.help import HelpView
    from game.shell.settings import SettingsView

    play = ctx.go(routes.level, ctx.campaign.levels[0])
    frame(window)
    walls = arcade.get_image().convert("RGB").getcolors(1 << 20)
    keypress(window, key.P)
    frame(window)
    img = arcade.get_image().convert("RGB")
    bg = tuple(ctx.theme.background[:3])
    strip = img.crop((0, 0, 200, 800))  # left of the buttons: only the overlay's background
    assert strip.getcolors() == [(200 * 800, bg)] and len(walls) > 2
    labels = play.pause.labels
    play.pause.activate(labels.index("Settings"))
    assert isinstance(window.current_view, SettingsView)
    keypress(window, key.ESCAPE)
    assert window.current_view is play and play.paused and play.pause.visible
    keypress(window, key.F1)
    assert isinstance(window.current_view, HelpView)
    keypress(window, key.ESCAPE)
    assert window.current_view is play and play.paused
    play.resume()  # F1 while playing pauses for Help, and Esc comes back into the maze, not the pause menu
    keypress(window, key.F1)
    assert isinstance(window.current_view, HelpView) and play.paused
    keypress(window, key.ESCAPE)
    assert window.current_view is play and not play.paused and not play.pause.visible


def test_menu_remembers_focus_and_settings_show_the_real_fullscreen_state(window, ctx):

    menu = ctx.go(routes.menu)
    frame(window)
    for _ in range(3):  # past Start, Play >, Create >
        keypress(window, key.DOWN)
    keypress(window, key.ENTER)  # More >
    for _ in range(2):  # past Enter code, Records
        keypress(window, key.DOWN)
    label = menu.buttons[menu.focus].text
    assert label == "Settings"
    keypress(window, key.ENTER)
    settings = window.current_view
    assert settings.full_btn.text == ("Fullscreen: on" if window.fullscreen else "Fullscreen: off")
    was = window._fullscreen
    try:  # F11 elsewhere (or the window manager) changed the state: the label follows the window, not a flag
        window._fullscreen = True
        window.dispatch_event("on_resize", 1280, 800)
        assert settings.full_btn.text == "Fullscreen: on"
        window._fullscreen = False
        window.dispatch_event("on_resize", 1280, 800)
        assert settings.full_btn.text == "Fullscreen: off"
    finally:
        window._fullscreen = was
    keypress(window, key.ESCAPE)
    again = window.current_view
    assert again is not menu and again.buttons[again.focus].text == "Settings"


def test_triangle_disc_fits_inside_its_cell(window, ctx):
    from game.play.view import PlayView
    from game.render.geometry import cell_inradius

    spec = MazeSpec("triangle", 10, 6, "backtracker", {}, 0, 3)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), "t"))
    for cell in range(view.maze.grid.n):
        view.session.cell = view.session.anim_from = cell
        assert view.disc_radius() < cell_inradius(view.maze.grid, cell)


def test_big_maze_builds_in_the_background_with_progress(window, ctx, monkeypatch):
    import time

    import game.play.early as early
    import game.play.open as play_mod
    from game.play.view import PlayView
    from game.shell.loading import LoadingView

    monkeypatch.setattr(play_mod, "BIG_MAZE_CELLS", 100)  # a small maze stands in for 20,000 cells
    assert early.BIG_MAZE_CELLS == 20_000
    spec = MazeSpec("hex", 20, 15, "backtracker", {}, 0, 8)
    view = play_mod.open_code(ctx, spec.code())
    assert isinstance(view, LoadingView)
    window.show_view(view)
    frame(window)
    for _ in range(400):
        view.on_update(1 / 60)
        if isinstance(window.current_view, PlayView):
            break
        time.sleep(0.01)
    play = window.current_view
    assert isinstance(play, PlayView) and play.maze.digest() == spec.build().digest()
    assert play.session.shortest == len(solve(spec.build(), "bfs").path) - 1
    frame(window)
    again = play_mod.open_code(ctx, spec.code())
    window.show_view(again)
    keypress(window, key.ESCAPE)  # cancel: back to the menu, nothing shown later
    assert again.task.cancelled or again.task.done


@pytest.mark.parametrize("theme_name", ["dark", "light"])
def test_disabled_button_labels_are_readable_and_look_disabled(window, theme_name):
    from game.render.theme import THEMES, button_style, contrast_ratio

    assert contrast_ratio((0, 0, 0, 255), (255, 255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((90, 98, 116, 255), (170, 176, 188, 255)) < 3  # the old light-theme label
    t = THEMES[theme_name]
    style = button_style(t)
    off, on = style["disabled"], style["normal"]
    assert contrast_ratio(off.font_color, off.bg) >= 3.0  # WCAG-ish for large UI text
    assert off.bg != on.bg and off.font_color != on.font_color  # still told apart from an enabled button


class FakeStore:
    """A :class:`game.store.SaveStore` in memory: what a test passes instead of the SQLite store."""

    def __init__(self) -> None:
        from game.save_schema import DEFAULT_SETTINGS

        self.message: str | None = None
        self.settings: dict[str, str] = dict(DEFAULT_SETTINGS)
        self.wins: list[tuple[str, float, int]] = []
        self.completed: dict[str, int] = {}
        self.open: set[str] = set()
        self.saved_ghosts: dict[str, tuple[str, float]] = {}

    def setting(self, key: str) -> str:
        return self.settings.get(key, "")

    def set_setting(self, key: str, value: object) -> None:
        self.settings[key] = str(value)

    def unlocked(self) -> set[str]:
        return set(self.open)

    def stars(self) -> dict[str, int]:
        return dict(self.completed)

    def complete_level(self, level_id: str, stars: int, next_id: str | None) -> None:
        self.completed[level_id] = max(stars, self.completed.get(level_id, 0))
        self.open |= {level_id} | ({next_id} if next_id else set())

    def best(self, code: str):
        from game.save_schema import Best

        runs = [(t, m) for c, t, m in self.wins if c == code]
        if not runs:
            return Best(None, None, 0, 0)
        return Best(min(t for t, _ in runs), min(m for _, m in runs), len(runs), len(runs))

    def record_win(self, code: str, seconds: float, moves: int):
        from game.save_schema import WinResult

        old = self.best(code)
        self.wins.append((code, seconds, moves))
        return WinResult(old.best_time is None or seconds < old.best_time,
                         old.best_moves is None or moves < old.best_moves, self.best(code))

    def record_ghost(self, maze_code: str, ghost_code: str, seconds: float) -> bool:
        kept = self.saved_ghosts.get(maze_code)
        if kept is not None and kept[1] <= seconds:
            return False
        self.saved_ghosts[maze_code] = (ghost_code, seconds)
        return True

    def ghosts(self):
        from game.save_schema import SavedGhost

        return [SavedGhost(m, g, s) for m, (g, s) in sorted(self.saved_ghosts.items())]

    def close(self) -> None:
        pass


def test_views_run_on_any_save_store(window):
    """Context.store is a SaveStore: a campaign level is won and its progress saved in a fake store."""
    from game.play.view import PlayView
    from game.shell.win import WinView

    store = FakeStore()
    ctx = Context(window, store=store, audio=Audio(enabled=False))
    window.hide_view()
    for route in (routes.menu, routes.levels, routes.settings, routes.race_setup):
        ctx.go(route)
        frame(window)
    ctx.set_theme("dark" if ctx.theme.name != "dark" else "light")
    assert store.settings["theme"] == ctx.theme.name
    level = ctx.campaign.levels[0]
    view = ctx.go(routes.level, level)
    assert isinstance(view, PlayView)
    frame(window)
    s = view.session
    for cell in shortest_path(s.adj, s.start, view.maze.goal)[1:]:
        s.walk_to(cell)
        run_until(view, lambda c=cell: s.cell == c and not s.moving or isinstance(window.current_view, WinView))
    run_until(view, lambda: isinstance(window.current_view, WinView))
    frame(window)
    assert [c for c, _, _ in store.wins] == [level.code()] and level.id in store.completed
    assert store.best(level.code()).best_moves == s.shortest
    window.hide_view()
