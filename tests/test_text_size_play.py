"""Text size and small windows on the play side (issue 44 items 8, 10, 12): the idea of
:mod:`test_text_size_everywhere` carried to the play HUD, the pause screen, the race screen and result and the
sliding puzzle's panel, plus what those items saw by eye:

- at 800x600 the HUD, the race HUD and the welcome question sat between pixels (software GL then drops glyph
  rows: a serif-looking clock, lost separators, lost i-dots) and the key help was 9 px tall;
- the pause screen said nothing of the game;
- at 4K + 200 % the puzzle panel cut its clock and most labels, and at 1080p + 200 % with Advanced open Moves and
  Time vanished; the race result's lines ran into its buttons;
- the minimap of an 80x60 maze showed only a frame, and sat over the player's trail.

Each (screen, size) is laid out at two neighbouring text sizes (the pairs taking turns over the sizes, as in
:mod:`test_text_size_everywhere`): at the larger one no text is more than 5 % smaller and nothing leaves the
window or overlaps.
"""

from __future__ import annotations

import sys
from pathlib import Path

import arcade
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layout_check import check_layout, recording_texts, set_window_size  # noqa: E402
from test_layout import SIZES, THEMES, covering_sizes  # noqa: E402
from test_puzzle_layout import problems, view_parts  # noqa: E402

from engine.level import NamedLevel  # noqa: E402
from engine.maze.recipe import MazeSpec  # noqa: E402

PERCENTS = (100, 125, 150, 175, 200)
TOWER = "M2.S16X12.WI.F4#JEAW-NH"  # the campaign's Belfry: four floors


def play(ctx, spec=None, title="A level with a rather long name, for the HUD"):
    from game.play.view import PlayView

    spec = spec or MazeSpec("square", 12, 9, "backtracker", {}, 0, 5)
    view = PlayView(ctx, NamedLevel(spec.level(), spec.code(), title))
    ctx.window.show_view(view)
    return view


def tower(ctx):
    return play(ctx, MazeSpec.from_code(TOWER), "59. Belfry")


def paused(ctx):
    view = play(ctx)
    s = view.session
    s.walk_to(s.adj[s.start][0])
    for _ in range(30):
        view.on_update(1 / 60)
    view.toggle_pause()
    return view


def race(ctx):
    from engine.modes.race import RaceSpec
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    spec = RaceSpec.create(MazeSpec.create("hex", 12, 10, "prim", seed=77), "wall", "hard")
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    for _ in range(240):  # past the countdown: the counters with their separators
        view.on_update(1 / 60)
    return view


def race_result(ctx):
    from test_layout_share_records import race_result as made

    return made(ctx)


def welcome(ctx):
    from game.shell.menu import MenuView

    view = MenuView(ctx, greet=True)  # the first launch's menu
    ctx.window.show_view(view)
    assert view.greeting is not None
    view.greeting.show()
    return view


def puzzle(ctx, advanced=False):
    from engine.puzzle.deal import Deal, deal_session
    from game.puzzle.settings import PuzzleSettings
    from game.puzzle.view import PuzzleView

    deal = Deal(4, 4, "uniform", seed=7)
    session = deal_session(deal)
    session.elapsed = 754.0  # "Time 12:34": a clock wider than 0:00
    view = PuzzleView(ctx, session, deal=deal, settings=PuzzleSettings(animate=False, advanced=advanced))
    ctx.window.show_view(view)
    return view


SCREENS = {"play": play, "tower": tower, "pause": paused, "race": race, "race-result": race_result}
PUZZLES = {"puzzle": puzzle, "puzzle-advanced": lambda ctx: puzzle(ctx, advanced=True)}


def _drawn(window, view) -> dict[str, float]:
    """Every text drawn in a frame (its words -> its font size), buttons' labels and overlay buttons included."""
    with recording_texts() as drawn:
        window.dispatch_event("on_draw")
    out: dict[str, float] = {}
    for t in drawn:
        out.setdefault(t.text, float(t.font_size))
    pause = getattr(view, "_pause", None)
    buttons = list(pause.buttons) if pause is not None and pause.visible else list(getattr(view, "buttons", []))
    for b in buttons:
        out.setdefault("button: " + str(b.text), float(getattr(b, "font_px", 0.0)))
    return out


def _puzzle_drawn(view) -> dict[str, float]:
    texts, buttons = view_parts(view)
    out = {t.text: float(t.font_size) for t in texts if t.text.strip()}
    out.update({"button: " + b.want: float(b.ui_label._label.font_size) for b in buttons if b.rect.width > 0})
    return out


def _smaller(was: dict[str, float], now: dict[str, float]) -> list[str]:
    return [f"{t!r} {was[t]:.1f} -> {v:.1f}" for t, v in now.items() if t in was and v < was[t] * 0.95]


@pytest.mark.parametrize("theme", THEMES)
def test_play_side_screens_never_get_smaller_text_or_lose_a_control_at_a_larger_text_size(window, ctx, theme):
    ctx.set_theme(theme)
    found: list[str] = []
    try:
        for n, (name, make) in enumerate({**SCREENS, **PUZZLES}.items()):
            for i, (w, h) in enumerate(covering_sizes(n, THEMES.index(theme), SIZES)):
                k = (n + i) % (len(PERCENTS) - 1)
                lower, larger = PERCENTS[k], PERCENTS[k + 1]
                sizes = {}
                for percent in (lower, larger):
                    ctx.set_text_size(percent)
                    view = make(ctx)
                    if name in PUZZLES:
                        set_window_size(window, w, h)
                        view.on_update(1 / 60)
                        view.on_draw()
                        texts, buttons = view_parts(view)
                        found += problems(texts, buttons, w, h, f"{name} {percent}%")
                        sizes[percent] = _puzzle_drawn(view)
                    else:
                        found += [f"{name} {w}x{h} {percent}%: {p}" for p in check_layout(window, view, w, h)]
                        sizes[percent] = _drawn(window, view)
                found += [f"{name} {w}x{h} {larger}%: smaller than at {lower}%: {s}"
                          for s in _smaller(sizes[lower], sizes[larger])]
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)
    assert found == [], "\n".join(found[:30])


# -- item 8: whole pixels and a readable key help at 800x600 ------------------------------------------------------
def _texts_drawn(window) -> list[arcade.Text]:
    with recording_texts() as drawn:
        window.dispatch_event("on_draw")
    return drawn


@pytest.mark.parametrize("make", [play, race, welcome], ids=["play", "race", "welcome"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hud_and_the_welcome_sit_on_whole_pixels(window, ctx, make, size):
    """Software GL drops glyph rows of a text drawn between pixels: each text's anchor is a whole pixel."""
    try:
        view = make(ctx)
        set_window_size(window, *size)
        view.on_update(1 / 60)
        drawn = _texts_drawn(window)
        greeting = getattr(view, "greeting", None)
        if greeting is not None:  # the question over the menu (the menu's own texts are the shell's)
            drawn = [t for t in drawn if t in (greeting.title, greeting.line)]
        assert len(drawn) >= 2
        between = [(t.text[:30], t.x, t.y) for t in drawn if t.x != round(t.x) or t.y != round(t.y)]
        assert between == []
    finally:
        set_window_size(window, 1280, 800)


@pytest.mark.parametrize("make", [play, race], ids=["play", "race"])
def test_the_key_help_is_at_least_11_px_at_800x600_and_fits_its_band(window, ctx, make):
    try:
        view = make(ctx)
        set_window_size(window, 800, 600)
        view.on_update(1 / 60)
        window.dispatch_event("on_draw")
        help_text = view.hud_help if hasattr(view, "hud_help") else view.t_help
        band = view.footer_height if hasattr(view, "footer_height") else view.foot_h
        assert help_text.font_size * 96 / 72 >= 11.0 - 0.01  # points -> pixels at 96 dpi
        assert help_text.y >= 0 and help_text.y + help_text.content_height <= band + 1
    finally:
        set_window_size(window, 1280, 800)


# -- item 10: the pause screen, the minimap ----------------------------------------------------------------------
def test_the_pause_screen_names_the_level_its_running_clock_and_the_moves(window, ctx):
    view = paused(ctx)
    s = view.session
    s.elapsed = 83.4
    view.pause.show()  # asked afresh each time it shows
    window.dispatch_event("on_draw")
    line = view.pause.status_line.text
    assert line.startswith(view.title_text[:20]) or "…" in line
    assert "1:23" in line and "1:23." not in line  # a running clock: m:ss
    assert f"{s.moves} move" in line
    drawn = [t.text for t in _texts_drawn(window)]
    assert line in drawn


def test_an_80x60_minimap_draws_its_passages_not_only_a_frame(window, ctx):
    from game.render.minimap import Minimap

    mini = Minimap(MazeSpec("square", 80, 60, "backtracker", {}, 0, 5).build(), ctx.theme)
    assert not mini.dense
    lit = np.all(mini.picture[..., :3] == ctx.theme.text[:3], axis=-1).mean()
    assert 0.2 < lit < 0.8  # passages and walls, not one colour


def test_the_minimap_keeps_off_the_players_trail(window, ctx):
    view = play(ctx, MazeSpec("square", 80, 60, "backtracker", {}, 0, 5), "A big maze")
    assert view.minimap is not None
    s = view.session
    for cell in s.shortest_way[1:40]:
        s.walk_to(cell, explored_only=False)
        for _ in range(12):
            view.on_update(1 / 30)
    window.dispatch_event("on_draw")
    r = view.minimap.rect
    trail = [view.cam.world_to_screen(*s.centers[c]) for c in s.visited]
    under = [p for p in trail if r.left <= p[0] <= r.right and r.bottom <= p[1] <= r.top]
    assert len(s.visited) > 30 and under == []


# -- item 12: the puzzle panel at 4K + 200 % and at 1080p + 200 % with Advanced open ----------------------------
@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_puzzle_panel_keeps_its_clock_moves_and_labels_whole_at_200_percent(window, ctx, size):
    try:
        ctx.set_text_size(200)
        for advanced in (False, True):
            view = puzzle(ctx, advanced)
            set_window_size(window, *size)
            view.on_update(1 / 60)
            view.on_draw()
            texts = [t.text for t in view.panel.texts()]
            assert "Moves 0   Time 12:34" in texts, (advanced, texts)
            cut = [b.want for b in view.panel.shown_buttons() if b.rect.width > 0 and b.text != b.want]
            assert cut == [] or size == (800, 600), cut
    finally:
        ctx.set_text_size(100)
        set_window_size(window, 1280, 800)


# -- item 10: Tower levels fill the window ------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_four_floor_tower_uses_most_of_the_maze_area(window, ctx, size):
    """Four floors in one row used 40 % of a 1080p window's height; in two rows of two they fill it."""
    try:
        view = tower(ctx)
        set_window_size(window, *size)
        view.on_update(1 / 60)
        x0, y0, x1, y1 = view.maze.grid.bounds()
        (_l, b), (_r, t) = view.cam.world_to_screen(x0, y0), view.cam.world_to_screen(x1, y1)
        area = size[1] - view.hud_height - view.footer_height
        assert (t - b) / area > 0.8
    finally:
        set_window_size(window, 1280, 800)


@pytest.mark.parametrize("floors", range(2, 9))
def test_floors_lie_in_rows_apart_and_each_point_finds_its_floor(floors):
    from engine.maze.grids.floors import floor_columns

    g = MazeSpec.create("square", 5, 4, "backtracker", {}, seed=1, floors=floors).build().grid
    assert g.floor_columns == floor_columns(floors) == (floors if floors <= 2 else (2 if floors <= 4 else 3))
    at = [g.floor_at(x, y) for x, y in g.centers]
    assert at == g.floor_of.tolist()
    base = g.base_grid.centers
    for f in range(floors):  # each floor is the base moved by its offset
        cells = slice(f * g.base_grid.n, (f + 1) * g.base_grid.n)
        assert np.allclose(g.centers[cells] - g.floor_offset(f), base)
    boxes = [(dx, dy) for dx, dy in (g.floor_offset(f) for f in range(floors))]
    assert len(set(boxes)) == floors  # no two floors in one place
