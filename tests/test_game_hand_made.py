"""Your own levels: a hand-made level (a Level with no recipe) opens everywhere a maze code does.

Play to the goal, race every opponent, race the run's ghost, two players, dark play and race (fog), and
the Lab (the maze shown built; every solver and the statistics).  The hand-made levels are generated mazes
whose passages were replaced by another spanning tree of the same grid (recipe=None), as in
``tests/test_level.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.level import Level
from engine.maze.generators import generate
from engine.maze.level_code import LevelCode
from engine.maze.masks import mask_from_field
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.modes.lab import SOLVERS, LabPhase, LabRun
from engine.rng import Rng

SPEC = MazeSpec.create("hex", 8, 6, "prim", seed=5)


def hand_made(spec: MazeSpec = SPEC, dark: bool = False) -> Level:
    """The maze of ``spec`` with its passages replaced by another spanning tree (no recipe)."""
    maze = spec.build()
    other = generate(maze.grid, "kruskal", Rng(spec.seed + 1000))
    assert not np.array_equal(other, maze.passage)
    level = Level(Maze(maze.grid, other, maze.start, maze.goal), dark=dark)
    assert level.recipe is None and level.maze.is_perfect()
    return level


# -- the engine: a Lab run on a level starts finished --------------------------------------------------
def test_a_lab_run_on_a_level_starts_finished_and_solves_with_every_solver():
    level = hand_made()
    run = LabRun(level=level)
    assert not run.carves and run.phase is LabPhase.DONE and run.maze is level.maze
    assert (run.start, run.goal) == (level.start, level.goal)
    assert bytes(run.walls) == (~level.passage).astype(np.uint8).tobytes()
    for name in SOLVERS:
        assert run.solver == name
        assert run.solve()  # never queued: the maze is there
        run.run_to_end()
        assert run.phase is LabPhase.SOLVED and run.solve_result is not None
        assert run.path[0] == level.start and run.path[-1] == level.goal
        run.next_solver()
    run.restart()  # back to the built maze, not to carving
    assert run.phase is LabPhase.DONE and run.maze is level.maze and run.path == []
    with pytest.raises(ValueError, match="no seed"):
        run.with_seed(3)
    with pytest.raises(ValueError, match="exactly one"):
        LabRun()
    with pytest.raises(ValueError, match="exactly one"):
        LabRun(SPEC, level=level)


# -- the game ---------------------------------------------------------------------------------------------
class CodedLevel(Level):
    """A hand-made level that has a code (what a level code kind, ``L``, will give): still no recipe."""

    def code(self) -> str:
        return "L1-TEST"


def coded(level: Level) -> CodedLevel:
    return CodedLevel(level.maze, level.dark)


#: A shaped grid: a hand-made level on it has no code (level codes carry whole grids only).
SHAPED = MazeSpec.create("hex", 8, 6, "prim", seed=5, mask=mask_from_field("KHEART"))


def codeless(level: Level) -> Level:
    """A hand-made level like ``level`` that has no code: the same kind of maze on a shaped grid."""
    made = hand_made(SHAPED, level.dark)
    assert not made.has_code
    return made


class FakeLevelCode(LevelCode):
    """A decoded level code (the ``L`` kind) of a given level whose ``level()`` and ``made_level()`` are that very
    level object (so the screens it opens can be checked by identity)."""

    _level: Level

    @classmethod
    def of(cls, level: Level) -> FakeLevelCode:
        code = LevelCode.from_level(level)
        fake = cls(code.grid, code.passage, code.start, code.goal, code.dark)
        object.__setattr__(fake, "_level", level)
        return fake

    def level(self) -> Level:
        return self._level

    def made_level(self) -> Level:
        return self._level

    def dark_twin(self) -> FakeLevelCode:
        return FakeLevelCode.of(self._level.with_dark())


def _run(view, done, limit: int = 6000) -> None:
    for _ in range(limit):
        if done():
            return
        view.on_update(1 / 60)
    raise AssertionError("never reached")


def _texts(view) -> str:
    return "\n".join(t.text for t in view.texts())


@pytest.mark.parametrize("make", [codeless, coded], ids=["no-code", "level-code"])
def test_play_a_hand_made_level_to_the_goal(ctx, window, make):
    from game import routes
    from game.codes import NOT_SAVED
    from game.play.view import PlayView
    from game.shell.win import WinView

    level = make(hand_made())
    view = routes.play_level(ctx, level)
    assert isinstance(view, PlayView) and view.session.level is level and view.fog is None
    assert view.title_text == level.title()  # players' words: no generator
    ctx.show(view)
    view.on_draw()
    assert view.session.walk_to(level.goal, explored_only=False)
    _run(view, lambda: isinstance(window.current_view, WinView))
    win = window.current_view
    win.on_draw()
    shown = "\n".join(t.text for t in win.lines)
    win.activate([b.text for b in win.buttons].index("Share"))  # the code lives under Share
    share = window.current_view
    share.on_draw()
    if isinstance(level, CodedLevel):  # bests kept under the level's code
        assert ctx.store.best("L1-TEST").wins == 1 and NOT_SAVED not in shown
        assert share.code_text.text == "L1-TEST" and "Copy code (K)" in [b.text for b in share.buttons]
    else:
        assert NOT_SAVED in shown and "made by hand" in share.code_label.text
        assert "Copy code (K)" not in [b.text for b in share.buttons]
        assert ctx.store.best("").wins == 0
    share.back()
    assert window.current_view is win
    win.replay()
    assert window.current_view is view


def test_play_level_keeps_title_and_back(ctx, window):
    from game import routes

    went = []
    view = routes.play_level(ctx, hand_made(), "My maze", back=lambda: went.append(1))
    assert view.title_text == "My maze"
    view.back()
    assert went == [1]


@pytest.mark.parametrize("opponent", ["runner", "wall", "tremaux"])
@pytest.mark.parametrize("make", [codeless, coded], ids=["no-code", "level-code"])
def test_race_a_hand_made_level_against_every_opponent(ctx, window, opponent, make):
    from engine.modes.race import OPPONENTS
    from game import routes
    from game.codes import NO_GHOST_CODE, NOT_SAVED
    from game.race.result import RaceResultView
    from game.race.view import RaceView

    assert opponent in OPPONENTS
    level = make(hand_made())
    view = routes.race_level(ctx, level, opponent, "easy")
    assert isinstance(view, RaceView) and view.race.level is level and view.race.sim.countdown > 0
    ctx.show(view)
    view.on_draw()
    _run(view, lambda: view.race.sim.tick >= 0)
    view.session.walk_to(level.goal, explored_only=False)
    _run(view, lambda: isinstance(window.current_view, RaceResultView))
    result = window.current_view
    result.on_draw()
    assert result.result.winner == "player"
    shown = _texts(result)
    labels = [b.text for b in result.buttons]
    assert "Copy race code" not in labels
    if isinstance(level, CodedLevel):  # the ghost code carries the level itself
        assert result.ghost_code.startswith("G2.") and "#" not in result.ghost_code
        from game.race.result import ghost_line

        assert ghost_line() in shown and "Copy ghost code" in labels
        assert result.ghost_code not in shown  # an engine word: Copy ghost code takes it whole
        assert NOT_SAVED not in shown and NO_GHOST_CODE not in shown
        assert ctx.store.best(f"L1-TEST/{opponent}/easy").wins == 1
        assert [(g[0], g[1]) for g in ctx.store.ghosts()] == [("L1-TEST", result.ghost_code)]
    else:
        assert result.ghost_code == "" and "Copy ghost code" not in labels
        assert NO_GHOST_CODE in shown and NOT_SAVED in shown
        assert ctx.store.ghosts() == []  # no ghost code to keep
    # your own run, raced from memory (no ghost code needed)
    result.race_ghost()
    ghost_race = window.current_view
    assert isinstance(ghost_race, RaceView) and ghost_race.is_ghost and ghost_race.race.level is level
    ghost_race.on_draw()
    _run(ghost_race, lambda: ghost_race.race.sim.tick >= 0)
    _run(ghost_race, lambda: ghost_race.race.sim.winner is not None)  # the ghost arrives first
    ghost_race.back()  # you give up: the result
    assert isinstance(window.current_view, RaceResultView)
    again = window.current_view
    again.on_draw()
    assert again.result.winner == "opponent"
    again.again()
    assert isinstance(window.current_view, RaceView) and window.current_view.race.level is level


def test_two_players_on_a_hand_made_level(ctx, window):
    from engine.modes.ghost import Ghost
    from game import routes
    from game.codes import NO_GHOST_CODE
    from game.race.duo import DuoView
    from game.race.duo_result import DuoResultView

    for level, why in ((codeless(hand_made()), NO_GHOST_CODE), (coded(hand_made()), "")):
        view = routes.duo_level(ctx, level)
        assert isinstance(view, DuoView) and view.duo.level is level
        ctx.show(view)
        view.on_draw()
        _run(view, lambda v=view: v.duo.phase.name == "PLAYING")
        duo = view.duo
        duo.racers[0].play.walk_to(level.goal, explored_only=False)
        duo.racers[1].play.walk_to(level.goal, explored_only=False)
        _run(view, lambda: isinstance(window.current_view, DuoResultView))
        result = window.current_view
        result.on_draw()
        shown = _texts(result)
        labels = [b.text for b in result.buttons]
        assert ("Copy maze code" in labels) == isinstance(level, CodedLevel)
        if why:
            assert why in shown and result.ghost_codes == ["", ""]
            assert ctx.store.ghosts() == []
            continue
        # a level with a code: each run's ghost code carries the level and resolves to that run
        assert NO_GHOST_CODE not in shown
        assert "Copy Player 1's ghost" in labels and "Copy Player 2's ghost" in labels
        for i, code in enumerate(result.ghost_codes):
            assert code.startswith("G2.") and code in shown
            ghost = Ghost.from_code(code)
            assert ghost.path == duo.trail(i) and np.array_equal(ghost.level().passage, level.passage)
        assert [g[0] for g in ctx.store.ghosts()] == ["L1-TEST"]


def test_dark_play_race_and_two_players_show_fog(ctx, window):
    from game import routes
    from game.render.fog_layer import DarkMazeLayer

    level = hand_made(dark=True)
    play = routes.play_level(ctx, level)
    ctx.show(play)
    play.on_draw()
    assert play.fog is not None and isinstance(play.layer, DarkMazeLayer) and level.goal not in play.fog.visible
    race = routes.race_level(ctx, level, "wall", "normal")
    ctx.show(race)
    race.on_draw()
    assert race.race.player.fog is not None and isinstance(race.layer, DarkMazeLayer)
    assert "no map either" in race.race.info.note
    duo = routes.duo_level(ctx, level)
    ctx.show(duo)
    duo.on_draw()
    assert duo.duo.dark and isinstance(duo.layer, DarkMazeLayer)


def test_the_lab_shows_a_hand_made_level_built_and_solves_it_with_every_solver(ctx, window):
    from arcade import key

    from game import routes
    from game.lab.view import NOT_CARVED, LabView

    level = hand_made()
    view = routes.lab_level(ctx, level)
    assert isinstance(view, LabView) and view.level is level and view.spec is None
    ctx.show(view)
    view.on_draw()
    assert view.phase == "finished" and view.maze is level.maze and view.code == level.code()
    assert view.message_text() == "\n".join(NOT_CARVED)  # each line fits the panel
    disabled = {b.text for b in view.buttons if b.disabled}
    assert disabled == {"Restart  (R)", "Compare algorithms  (C)"}
    for symbol in (key.R, key.G, key.C):  # carving keys say why, nothing changes
        window.dispatch_event("on_key_press", symbol, 0)
        assert window.current_view is view and view.phase == "finished" and NOT_CARVED[0] in view.message_text()
    window.dispatch_event("on_key_press", key.K, 0)
    assert "Code" in view.message_text() and "no code yet" not in view.message_text()  # it has its level code
    for _ in range(2000):  # the statistics of the built maze
        view.on_update(1 / 60)
        if view.stats:
            break
        import time

        time.sleep(0.005)
    assert view.stats and view.t_panel.text.startswith("Statistics")
    for name in SOLVERS:
        assert view.run.solver == name
        window.dispatch_event("on_key_press", key.S, 0)
        assert view.phase == "solving"
        view.run_to_end()
        assert view.phase == "solved" and view.run.path[0] == level.start and view.run.path[-1] == level.goal
        assert view.message_text().startswith(name)
        view.on_draw()
        window.dispatch_event("on_key_press", key.O, 0)
    assert view.hud.t_title.text.startswith("Lab · hex 8×6, hand-made")


def test_the_lab_on_a_level_with_a_recipe_carves_it(ctx, window):
    from game import routes
    from game.lab.view import LabView

    view = routes.lab_level(ctx, SPEC.level())
    assert isinstance(view, LabView) and view.spec == SPEC and view.phase == "carving"


# -- level codes: the Enter-code screen and the Race/Lab setup code fields --------------------------------
@pytest.fixture
def level_codes(monkeypatch):
    """``LFAKE`` decodes to a level code of a hand-made level (as the ``L`` kind will); other codes as usual."""
    import game.codes
    import game.lab.setup
    import game.race.setup
    from engine.codes import decode_any, decode_spelled, normalize

    level = hand_made()

    def fake(text, **kw):
        if normalize(text).startswith("LFAKE"):
            return FakeLevelCode.of(level)
        return decode_any(text, **kw)

    def fake_spelled(text):  # as the door: the decoded code and its one spelling
        if normalize(text).startswith("LFAKE"):
            made = FakeLevelCode.of(level)
            return made, made.code()
        return decode_spelled(text)

    monkeypatch.setattr(game.lab.setup, "decode_any", fake)
    for module in (game.codes, game.race.setup):
        monkeypatch.setattr(module, "decode_spelled", fake_spelled)
    return level


def test_the_code_screen_plays_a_level_code(ctx, window, level_codes):
    from game.play.view import PlayView
    from game.shell.code_entry import CodeEntryView

    entry = CodeEntryView(ctx, "LFAKE")
    ctx.show(entry)
    entry.submit()
    view = window.current_view
    assert isinstance(view, PlayView) and view.maze is level_codes.maze and view.code == level_codes.code()


def test_race_setup_races_a_level_code_with_the_chosen_opponent_or_two_players(ctx, window, level_codes):
    from game.race.duo import DuoView
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView

    setup = RaceSetupView(ctx)
    ctx.show(setup)
    setup.race.players, setup.race.opponent, setup.race.difficulty = 1, "tremaux", "hard"
    setup.field.text = "LFAKE"
    setup.submit_code()
    view = window.current_view
    assert isinstance(view, RaceView) and view.race.maze is level_codes.maze
    assert view.race.info.opponent_name == "the Trémaux explorer" and "hard" in view.race.info.note
    view.on_draw()
    ctx.show(setup)
    setup.race.dark = True
    setup.submit_code()
    view = window.current_view
    assert isinstance(view, RaceView) and view.race.level.dark and view.race.player.fog is not None
    ctx.show(setup)
    setup.race.players = 2
    setup.submit_code()
    view = window.current_view
    assert isinstance(view, DuoView) and view.duo.maze is level_codes.maze and view.duo.dark
    view.on_draw()
    ctx.show(setup)
    setup.race.players = 1
    setup.field.text = SPEC.code()  # other kinds as before
    setup.submit_code()
    assert isinstance(window.current_view, RaceView) and window.current_view.race.level.recipe is not None


def test_lab_setup_opens_a_level_code_built(ctx, window, level_codes):
    from game.lab.setup import LabSetupView
    from game.lab.view import LabView

    setup = LabSetupView(ctx)
    ctx.show(setup)
    setup.field.text = "LFAKE"
    setup.submit_code()
    view = window.current_view
    assert isinstance(view, LabView) and view.level is level_codes and view.phase == "finished"
    view.back()
    assert window.current_view is setup
    setup.field.text = "nonsense"
    setup.submit_code()
    assert window.current_view is setup and setup.message.text


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_new_lines_fit(ctx, window, size):
    from layout_check import check_layout

    from game import routes
    from game.lab.view import NOT_CARVED
    from game.race.duo_result import DuoResultView
    from game.race.result import RaceResultView
    from game.shell.win import WinView

    level = hand_made()
    lab = routes.lab_level(ctx, level)
    ctx.show(lab)
    lab.solve()
    lab.run_to_end()
    lab.say(*NOT_CARVED)
    assert check_layout(window, lab, *size) == []
    play = routes.play_level(ctx, level)
    ctx.show(play)
    play.session.walk_to(level.goal, explored_only=False)
    _run(play, lambda: isinstance(window.current_view, WinView))
    assert check_layout(window, window.current_view, *size) == []
    race = routes.race_level(ctx, coded(level), "runner", "easy")
    ctx.show(race)
    _run(race, lambda: race.race.sim.tick >= 0)
    race.session.walk_to(level.goal, explored_only=False)
    _run(race, lambda: isinstance(window.current_view, RaceResultView))
    assert check_layout(window, window.current_view, *size) == []
    duo = routes.duo_level(ctx, level)
    ctx.show(duo)
    _run(duo, lambda: duo.duo.phase.name == "PLAYING")
    duo.duo.racers[0].play.walk_to(level.goal, explored_only=False)
    duo.duo.racers[1].play.walk_to(level.goal, explored_only=False)
    _run(duo, lambda: isinstance(window.current_view, DuoResultView))
    assert check_layout(window, window.current_view, *size) == []


def test_a_hand_made_levels_ghost_code_opens_a_race_against_the_ghost(ctx, window):
    """The result screen's ghost code of a run on a hand-made level races that run on that level, from the code
    screen, the race setup's code field and ``tessera play CODE``."""
    from engine.modes.ghost import Ghost
    from game import routes
    from game.app import code_view
    from game.race.result import RaceResultView
    from game.race.setup import RaceSetupView
    from game.race.view import RaceView
    from game.shell.code_entry import CodeEntryView

    level = hand_made(dark=True)
    view = routes.race_level(ctx, level, "runner", "easy")
    ctx.show(view)
    _run(view, lambda: view.race.sim.tick >= 0)
    view.session.walk_to(level.goal, explored_only=False)
    _run(view, lambda: isinstance(window.current_view, RaceResultView))
    result = window.current_view
    code = result.ghost_code
    assert code.startswith("G2.H8X6.D:") and "Copy ghost code" in [b.text for b in result.buttons]
    run = result.race.ghost_of_run()
    assert Ghost.from_code(code) == run

    def races_the_ghost(opened) -> RaceView:
        assert isinstance(opened, RaceView) and opened.is_ghost
        race = opened.race
        assert race.level.recipe is None and race.level.dark
        assert np.array_equal(race.level.passage, level.passage) and race.level.start == level.start
        assert race.info.code == code and race.info.best_key == f"vs-ghost:{level.code()}"
        assert race.sim.opponent.finish_tick == run.finish_tick
        return opened

    entry = CodeEntryView(ctx, code.lower())
    ctx.show(entry)
    entry.submit()
    raced = races_the_ghost(window.current_view)
    setup = RaceSetupView(ctx)
    ctx.show(setup)
    setup.field.text = code
    setup.submit_code()
    races_the_ghost(window.current_view)
    races_the_ghost(code_view(ctx, code))
    # race it: the ghost arrives first, you give up; the result names the ghost code raced
    ctx.show(raced)
    raced.on_draw()
    _run(raced, lambda: raced.race.sim.tick >= 0)
    _run(raced, lambda: raced.race.sim.winner is not None)
    raced.back()
    after = window.current_view
    assert isinstance(after, RaceResultView) and after.result.winner == "opponent"
    after.on_draw()
    assert "You raced a ghost" in _texts(after) and code not in _texts(after)  # the code behind its Copy button
