"""Every kind of code opens its mode: `tessera play CODE`, the Enter-code screen, `tessera lab CODE`."""

from __future__ import annotations

import pytest

from engine.cli import WindowRequest
from engine.maze.recipe import MazeSpec
from engine.modes.race import RaceSpec
from engine.puzzle.board import Board
from engine.puzzle.codes import encode_board, shuffle_code
from game import routes
from game.app import first_view
from game.audio import Audio
from game.context import Context
from game.store import Store


@pytest.fixture
def ctx(window, tmp_path):
    window.hide_view()
    c = Context(window, store=Store(tmp_path / "tessera.db"), audio=Audio(enabled=False))
    yield c
    window.hide_view()
    c.store.close()


def maze_code() -> str:
    return MazeSpec.create("hex", 6, 5, "wilson", seed=4).code()


def test_play_opens_the_right_mode_for_each_code(ctx):
    from game.play.view import PlayView
    from game.puzzle.view import PuzzleView
    from game.race.view import RaceView

    spec = MazeSpec.from_code(maze_code())
    view = first_view(ctx, WindowRequest("play", maze_code().lower()))
    assert isinstance(view, PlayView) and view.maze.digest() == spec.build().digest()

    race = RaceSpec.create(spec, "tremaux", "normal")
    view = first_view(ctx, WindowRequest("play", race.code()))
    assert isinstance(view, RaceView)

    view = first_view(ctx, WindowRequest("play", shuffle_code(4, 4, 7).code()))
    assert isinstance(view, PuzzleView)
    pos = Board.from_tiles((1, 2, 3, 4, 5, 6, 0, 7, 8), 3, 3)
    view = first_view(ctx, WindowRequest("play", encode_board(pos)))
    assert isinstance(view, PuzzleView)


@pytest.mark.parametrize("bad", ["hello", "M1.S5X5.WI#0-0", "", "Q1.S5X5#0-0", "P1.3X3:0-0"])
def test_invalid_codes_show_the_decoders_sentence(ctx, bad):
    from game.shell.code_entry import CodeEntryView

    view = first_view(ctx, WindowRequest("play", bad)) if bad else None
    if view is None:  # `tessera play` with an empty code: nothing to decode, the menu opens
        return
    assert isinstance(view, CodeEntryView)
    ctx.show(view)
    view.on_draw()
    assert view.message.text.endswith(".") and len(view.message.text) > 10


def test_code_entry_screen_accepts_every_kind(ctx, window):
    from game.puzzle.view import PuzzleView
    from game.shell.code_entry import CodeEntryView

    entry = CodeEntryView(ctx)
    ctx.show(entry)
    entry.field.text = shuffle_code(3, 3, 1).code()
    entry.submit()
    assert isinstance(window.current_view, PuzzleView)


def test_duo_command_opens_a_two_player_race(ctx):
    from engine.maze.recipe import MazeSpec
    from game.race.duo import DuoView

    spec = MazeSpec.create("triangle", 8, 6, "prim", seed=2)
    view = first_view(ctx, WindowRequest("duo", spec.code()))
    assert isinstance(view, DuoView) and view.duo.spec == spec


def test_lab_command_opens_the_lab_on_a_code(ctx):
    from game.lab.view import LabView

    view = first_view(ctx, WindowRequest("lab", maze_code()))
    assert isinstance(view, LabView)


def test_enter_that_opened_the_code_screen_does_not_land_in_the_field(ctx, window):
    from game.shell.code_entry import CodeEntryView

    entry = CodeEntryView(ctx)
    ctx.show(entry)
    entry.on_draw()
    window.dispatch_event("on_text", "\r")
    window.dispatch_event("on_text", "M")
    entry.on_draw()
    assert entry.field.text == "M"


def test_a_ghost_through_a_wall_shows_a_sentence_when_its_maze_is_built(ctx):
    """The code decodes (its structure is fine); opening it builds the maze and refuses the illegal move."""
    from engine.codes import seal
    from engine.modes.ghost import GhostCode
    from game.shell.code_entry import CodeEntryView

    spec = MazeSpec.from_code(maze_code())
    maze = spec.build()
    nb, _ = maze.grid.lists()
    adj = maze.open_lists()
    walled = next(k for k, c in enumerate(nb[maze.start]) if c not in adj[maze.start])
    code = GhostCode(spec, ((6, walled),)).code()
    assert code == seal(code.rsplit("-", 1)[0])
    view = first_view(ctx, WindowRequest("play", code))
    assert isinstance(view, CodeEntryView)
    assert "wall" in view.message.text and view.message.text.endswith(".")


def test_each_route_plays_the_decoded_level_itself(ctx):
    """game.codes picks the route by the decoded type and hands the object over (no second decode)."""
    from engine.codes import CodeError, decode_any, mode_of
    from engine.maze.solvers.bfs import shortest_path
    from engine.modes.ghost import Ghost, GhostCode
    from game.codes import OPENERS, opener_for, view_for_decoded
    from game.play.view import PlayView
    from game.puzzle.view import PuzzleView
    from game.race.view import RaceView

    spec = MazeSpec.from_code(maze_code())
    maze = spec.build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    level = spec.level(maze)
    ghost = decode_any(Ghost.record(level, [(9 * i, c) for i, c in enumerate(path[1:])]).code(level))
    race = RaceSpec.create(spec, "tremaux", "normal")
    puzzle = shuffle_code(3, 3, 5)
    assert isinstance(ghost, GhostCode)
    assert [opener_for(d) for d in (spec, race, ghost, puzzle)] == [  # keyed by the kind objects
        OPENERS[mode_of(d).kind] for d in (spec, race, ghost, puzzle)]
    with pytest.raises(CodeError):  # each kind's screen takes its own kind only
        OPENERS[mode_of(race).kind](ctx, spec)

    view = view_for_decoded(ctx, spec)
    assert isinstance(view, PlayView) and view.maze.digest() == maze.digest()
    assert isinstance(view_for_decoded(ctx, race), RaceView)
    view = view_for_decoded(ctx, ghost)
    assert isinstance(view, RaceView) and view.is_ghost
    view = view_for_decoded(ctx, puzzle)
    assert isinstance(view, PuzzleView) and view.session.board == puzzle.board
    with pytest.raises(CodeError, match=r"R2, G2 or M2"):
        routes.race_code(ctx, puzzle.code())
    with pytest.raises(CodeError, match=r"R2, G2 or M2"):
        routes.race_code(ctx, puzzle)


def test_a_campaign_level_typed_as_a_code_keeps_its_pars(ctx):
    from game.play.view import PlayView

    level = ctx.campaign.levels[3]
    view = first_view(ctx, WindowRequest("play", level.code()))
    assert isinstance(view, PlayView) and view.level == level


def test_play_opens_a_level_code_on_the_maze_it_holds(ctx):
    from engine.level import Level
    from game.play.view import PlayView

    maze = MazeSpec.create("hex", 6, 5, "wilson", seed=4, braid=0.5).build()
    code = Level(maze, dark=True).code()
    view = first_view(ctx, WindowRequest("play", code.lower()))
    assert isinstance(view, PlayView) and view.maze.digest() == maze.digest()
    assert view.code == code and view.session.fog is not None and view.session.level.recipe is None


# -- Play dark and one decode: the Enter-code screen's open path --------------------------------------------------
@pytest.fixture
def decodes(monkeypatch):
    """Counts every decode of a checked code (each kind's decoder runs once per decode, whatever the door)."""
    from engine.code_frame import CodeKind

    calls: list[str] = []
    real = CodeKind.decode

    def counted(self, frame):
        calls.append(frame.text)
        return real(self, frame)

    monkeypatch.setattr(CodeKind, "decode", counted)
    return calls


def level_code() -> str:
    return MazeSpec.create("hex", 7, 5, "wilson", seed=8).level().passages_code()  # a level code, not dark


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("make", [level_code, maze_code])
def test_the_code_screen_plays_dark_when_asked_and_decodes_once(ctx, decodes, dark, make):
    """Play dark works for level codes (the maze itself) as for maze codes, from one decode."""
    from game.play.view import PlayView
    from game.shell.code_entry import CodeEntryView

    code = make()
    entry = CodeEntryView(ctx, code)
    ctx.show(entry)
    if dark:
        entry.toggle_dark()
    decodes.clear()
    entry.submit()
    view = ctx.window.current_view
    assert isinstance(view, PlayView), entry.message.text
    assert (view.fog is not None) is dark and view.session.level.dark is dark
    assert view.code[:5] == code[:5] and (".D" in view.code) is dark
    assert len(decodes) == 1, decodes


def test_open_any_code_decodes_once_for_every_kind(ctx, decodes):
    from game.codes import open_any_code

    spec = MazeSpec.from_code(maze_code())
    for code in (maze_code(), RaceSpec.create(spec, "tremaux", "normal").code(), shuffle_code(3, 3, 2).code(),
                 spec.level().passages_code()):
        decodes.clear()
        open_any_code(ctx, code, dark=True)
        assert len(decodes) == 1, (code, decodes)


def test_the_code_screen_reads_the_campaign_after_its_first_frame_and_enter_plays(window, ctx):
    from arcade import key

    from game.play.view import PlayView

    level = ctx.campaign.levels[1]
    fresh = Context(window, store=ctx.store, audio=ctx.audio)
    view = fresh.go(routes.code_entry, level.code())
    view.on_update(1 / 60)
    assert fresh._shipped is None  # nothing read before the screen is on show
    window.dispatch_event("on_draw")
    view.on_update(1 / 60)
    assert fresh._shipped is not None and view.warm == "warm"  # read while the player types
    view.on_key_press(key.ENTER, 0)
    play = window.current_view
    assert isinstance(play, PlayView) and play.level == level  # a campaign level's code plays that level


# -- the level passed whole: one decode, no encode, from a typed code to the first frame -------------------------
@pytest.fixture
def codings(monkeypatch):
    """Counts every decode and every encode outside a decode (a decoder writes the code back once to check its
    spelling: that is part of the decode).  Encoders: each kind's ``code()``, a level's codes, the level format's
    writers and ``seal`` wherever it was imported."""
    import sys

    from engine import code_frame
    from engine.code_frame import CodeKind
    from engine.level import Level
    from engine.maze import level_format
    from engine.maze.level_code import LevelCode
    from engine.modes.ghost import Ghost, GhostCode
    from engine.puzzle.codes import PuzzleCode

    calls: dict[str, list[str]] = {"decode": [], "encode": []}
    inside = [0]
    real_decode = CodeKind.decode

    def decode(self, frame):
        calls["decode"].append(frame.text)
        inside[0] += 1
        try:
            return real_decode(self, frame)
        finally:
            inside[0] -= 1

    monkeypatch.setattr(CodeKind, "decode", decode)

    def counted(owner, name):
        real = getattr(owner, name)

        def encode(*args, **kwargs):
            if not inside[0]:
                calls["encode"].append(f"{getattr(owner, '__name__', owner)}.{name}")
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, encode)

    for cls in (MazeSpec, RaceSpec, GhostCode, PuzzleCode, LevelCode):
        counted(cls, "code")
    for owner, name in ((Level, "code"), (Level, "passages_code"), (Ghost, "code"), (level_format, "encode"),
                        (level_format, "body")):
        counted(owner, name)
    real_seal = code_frame.seal
    for module in [m for m in list(sys.modules.values()) if getattr(m, "seal", None) is real_seal]:
        counted(module, "seal")
    return calls


def test_a_typed_code_is_decoded_once_and_never_written_again_up_to_the_first_frame(ctx, codings):
    """A maze code, a level code and a race code through ``open_any_code``: one decode, no encode, to the first
    frame; the screen holds the level whole, under the code typed, with its recipe and title."""
    from engine.codes import decode_any
    from engine.maze.level_code import LevelCode
    from game.codes import open_any_code
    from game.play.view import PlayView
    from game.race.view import RaceView

    spec = MazeSpec.from_code(maze_code())
    level = level_code()
    race = RaceSpec.create(spec, "tremaux", "normal").code()
    held = decode_any(level)
    assert isinstance(held, LevelCode)
    ctx.campaign.by_code("")  # the campaign's own index of its levels' codes, read once per campaign
    views = {}
    for code in (maze_code(), level, race):
        codings["decode"].clear()
        codings["encode"].clear()
        view = open_any_code(ctx, code.lower())
        ctx.show(view)
        view.on_update(1 / 60)
        view.on_draw()
        assert codings["decode"] == [code] and codings["encode"] == [], (code, codings)
        views[code] = view

    maze_view, level_view, race_view = views.values()
    assert isinstance(maze_view, PlayView) and isinstance(level_view, PlayView) and isinstance(race_view, RaceView)
    assert (maze_view.named.code, maze_view.named.level.recipe, maze_view.named.title) == (
        maze_code(), spec, spec.title())
    assert maze_view.session.level is maze_view.named.level  # the session plays the level the screen holds
    assert (level_view.named.code, level_view.named.level.recipe, level_view.named.title) == (
        level, None, held.level().title())
    assert level_view.maze.digest() == held.digest()
    assert race_view.race.info.code == race and race_view.race.info.best_key == race

    ctx.show(maze_view)  # bests go under the code typed
    s = maze_view.session
    s.walk_to(s.goal, explored_only=False)
    for _ in range(600):
        maze_view.on_update(1 / 60)
        if ctx.window.current_view is not maze_view:
            break
    assert ctx.store.best(maze_code()).wins == 1


@pytest.mark.parametrize("players", [1, 2])
def test_the_race_setup_decodes_a_pasted_code_once_and_its_own_choices_not_at_all(ctx, decodes, players):
    from game.race.duo import DuoView
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView

    screen = RaceView if players == 1 else DuoView
    setup = RaceSetupView(ctx)
    ctx.show(setup)
    setup.race.players = players
    decodes.clear()
    setup.field.text = maze_code()
    setup.submit_code()
    assert isinstance(ctx.window.current_view, screen), setup.message.text
    assert decodes == [maze_code()]
    ctx.show(setup)
    decodes.clear()
    setup.start()  # the race of the choices: its recipe handed over whole
    assert isinstance(ctx.window.current_view, screen), setup.message.text
    assert decodes == []
