"""Navigation: every screen is reached through a typed route function in this module.

Screens never import other screens.  A screen that wants another one calls a
route function here, either to build the view (``routes.race_result(ctx, race,
leave, play)``, shown with ``ctx.show``) or through the context, which builds
and shows it: ``ctx.go(routes.level, campaign_level)``.  Both are checked by
mypy against the route function's own parameters (:meth:`game.context.Context.go`
is generic over them): ``ctx.go(routes.level, 42)`` is a type error.

Route functions take the context first and typed values after it (objects, not
strings: a campaign level, a race session, a maze recipe) and return the view to
show.  Each imports its screen's module when it is called: starting the game
loads only the screens it shows, and these deferred imports are the one place
the import graph of ``game/`` points back up (screens import this module, this
module imports screens inside its functions).  Everything else points one way:
screens -> routes, ui -> render -> engine, and the context (:mod:`game.context`)
knows no route (this module names it only for type checking).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import arcade

    from engine.codes import Decoded
    from engine.level import Level
    from engine.maze.recipe import MazeSpec
    from engine.modes.campaign import CampaignLevel
    from engine.modes.daily import PuzzleDaily
    from engine.modes.editor import EditorSession
    from engine.modes.race.code import RaceSpec
    from engine.modes.race.duo import DuoSession
    from engine.modes.race.session import RaceSession
    from engine.puzzle.codes import PuzzleCode
    from engine.puzzle.deal import Deal
    from engine.puzzle.replay import Replay
    from engine.puzzle.speed import SpeedSetup
    from game.bases.won import WonMaze, WonPuzzle, WonSpeed
    from game.context import Context
    from game.records import PuzzleWinFacts, SpeedWinFacts
    from game.save_schema import WinResult



# -- the shell -----------------------------------------------------------------------------
def menu(ctx: Context, greet: bool = False) -> arcade.View:
    """The main menu; ``greet``: offer the guided start if this is the first launch (the launcher's menu)."""
    from game.shell.menu import MenuView

    return MenuView(ctx, greet)


def show_menu(ctx: Context) -> None:
    """Back to the main menu (shows it)."""
    ctx.go(menu)


def guide(ctx: Context, back_to: arcade.View | None = None) -> arcade.View:
    """The guided start (first launch, or Help); it ends on ``back_to`` (default: the main menu)."""
    from game.play.guide import GuideView

    return GuideView(ctx, back_to)


def levels(ctx: Context, focus: int | None = None) -> arcade.View:
    """The campaign map, ``focus`` = index of the level to focus first (default: the first unfinished open one)."""
    from game.shell.levels import LevelsView

    return LevelsView(ctx, focus)


def my_levels(ctx: Context, focus: int | None = None, status: str = "") -> arcade.View:
    """The player's own saved levels (play, rename, delete, copy, export), level ``focus`` chosen, ``status``
    shown (what the last action did)."""
    from game.shell.my_levels import MyLevelsView

    return MyLevelsView(ctx, focus, status)


def settings(ctx: Context, back_to: arcade.View | None = None) -> arcade.View:
    """Settings; Esc returns to ``back_to`` (default: the menu)."""
    from game.shell.settings import SettingsView

    return SettingsView(ctx, back_to)


def keys(ctx: Context, back: Callable[[], object]) -> arcade.View:
    """Settings → Keys: remap every action's keys; Esc calls ``back``."""
    from game.shell.keys import KeysView

    return KeysView(ctx, back)


def rewards(ctx: Context, back: Callable[[], object] | None = None, kind: str = "theme") -> arcade.View:
    """What stars bought and buy next (the ``kind`` page first); Esc calls ``back`` (default: the menu)."""
    from game.shell.rewards import RewardsView

    return RewardsView(ctx, back, kind)


def help_screen(ctx: Context, back_to: arcade.View | None = None, mode: str | None = None) -> arcade.View:
    """The controls of every mode (``mode`` first when given); Esc returns to ``back_to``."""
    from game.shell.help import HelpView

    return HelpView(ctx, back_to, mode)


def code_entry(ctx: Context, text: str = "", error: str = "") -> arcade.View:
    """The Enter-code screen, optionally with a code typed and the sentence that refused it."""
    from game.shell.code_entry import CodeEntryView

    return CodeEntryView(ctx, text, error)


def warm_open_code(ctx: Context) -> None:
    """Import what opening a code needs (the screens of every kind, the play screen, its loading screen) and read
    the campaign (a code of a campaign level plays it): the code screen calls this once after its first frame,
    while the player types, so Enter changes the screen sooner."""
    import importlib

    for module in ("game.codes", "game.play.open", "game.shell.loading"):
        importlib.import_module(module)
    _ = ctx.campaign


def open_code(ctx: Context, code: str, dark: bool = False) -> arcade.View:
    """The screen that plays any code (maze, race, ghost, puzzle, level); ``dark``: its dark twin (maze and
    level codes), decoded once.

    Raises:
        engine.codes.CodeError: the code does not decode (one plain sentence).
    """
    from game.codes import open_any_code

    return open_any_code(ctx, code, dark=dark)


def win(ctx: Context, play: WonMaze, result: WinResult | None, next_level: CampaignLevel | None) -> arcade.View:
    """The win screen over the finished play screen ``play`` (a :class:`game.play.view.PlayView`, as the win
    reads it: :class:`game.bases.won.WonMaze`); ``result`` None: nothing was saved (a level without a code)."""
    from game.shell.win import WinView

    return WinView(ctx, play, result, next_level)


def share(ctx: Context, code: str, line: str, back_to: arcade.View) -> arcade.View:
    """Share a finished game: its result ``line``, its ``code`` and the code's QR code; Esc returns to
    ``back_to`` (the win)."""
    from game.shell.share import ShareView

    return ShareView(ctx, code, line, back_to)


def puzzle_win(ctx: Context, puzzle: WonPuzzle, facts: PuzzleWinFacts) -> arcade.View:
    """The win of a sliding puzzle over its finished board (``puzzle``: a :class:`game.puzzle.view.PuzzleView`, as
    the win reads it: :class:`game.bases.won.WonPuzzle`; shown again by "Play again")."""
    from game.puzzle.win import PuzzleWinView

    return PuzzleWinView(ctx, puzzle, facts)


# -- maze play -----------------------------------------------------------------------------
def level(ctx: Context, level: CampaignLevel) -> arcade.View:
    """Play a campaign level; Esc returns to the campaign map."""
    from game.play.open import open_level

    return open_level(ctx, level)


def play_code(ctx: Context, code: str | Decoded, typed: str = "") -> arcade.View:
    """Play the level of a code on the play screen: a maze code's maze (a campaign level's code keeps its pars),
    a level carried ready-made, under the code typed (``typed``, for a decoded ``code``: the text it was decoded
    from) and its kind's title, or a race or ghost code's maze alone.

    Raises:
        engine.codes.CodeError: the code does not decode.
    """
    from game.play.open import open_code as open_maze_code

    return open_maze_code(ctx, code, typed)


def play_level(ctx: Context, level: Level, title: str | None = None,
               back: Callable[[], None] | None = None) -> arcade.View:
    """Play a level object (one made by hand too: no recipe needed); bests are kept under its code when it has
    one, else nothing is saved.  ``title`` defaults to the level's label; ``back`` to the main menu."""
    from game.play.open import open_level_object

    return open_level_object(ctx, level, title, back)


def daily(ctx: Context) -> arcade.View:
    """Today's daily challenge (UTC)."""
    from game.play.open import open_daily

    return open_daily(ctx)


def puzzle_maze_daily(ctx: Context) -> arcade.View:
    """Today's daily puzzle maze (UTC)."""
    from game.play.open import open_puzzle_maze_daily

    return open_puzzle_maze_daily(ctx)


# -- races ---------------------------------------------------------------------------------
def race_setup(ctx: Context) -> arcade.View:
    """The race setup screen."""
    from game.race.open import open_race_setup

    return open_race_setup(ctx)


def race_code(ctx: Context, code: str | Decoded, typed: str = "",
              race: Callable[[MazeSpec], RaceSpec] | None = None, back: arcade.View | None = None) -> arcade.View:
    """The race of a race, ghost or maze code, or of a decoded one (``typed``: the text it was decoded from,
    kept as the race's code; ``race(maze recipe)`` says how a maze code is raced).

    Raises:
        engine.codes.CodeError: the code does not decode, or is of a kind that is not raced.
    """
    from game.race.open import open_race_code

    return open_race_code(ctx, code, race, back, typed)


def race_duo(ctx: Context, code: str | MazeSpec, back: arcade.View | None = None) -> arcade.View:
    """Two players on one keyboard on the level of a maze code (or of its recipe).

    Raises:
        engine.codes.CodeError: the code does not decode or is not a maze code.
    """
    from game.race.open import open_duo

    return open_duo(ctx, code, back)


def race_level(ctx: Context, level: Level, opponent: str = "runner", difficulty: str = "normal",
               speed: float | None = None, back: arcade.View | None = None) -> arcade.View:
    """Race a level object (one made by hand too) against an AI opponent (``speed``: cells/s for ``custom``).

    Raises:
        ValueError: an unknown opponent or difficulty, or a speed out of range (one sentence).
    """
    from game.race.open import open_race_level

    return open_race_level(ctx, level, opponent, difficulty, speed, back)


def duo_level(ctx: Context, level: Level, back: arcade.View | None = None) -> arcade.View:
    """Two players on one keyboard on a level object (one made by hand too)."""
    from game.race.open import open_duo_level

    return open_duo_level(ctx, level, back)


def race_result(ctx: Context, race: RaceSession, leave: Callable[[], None],
                play: Callable[[RaceSession], None]) -> arcade.View:
    """The result of a finished race; ``leave`` goes back, ``play`` shows a new race (Race again)."""
    from game.race.result import RaceResultView

    return RaceResultView(ctx, race, leave, play)


def duo_result(ctx: Context, duo: DuoSession, leave: Callable[[], None],
               play: Callable[[DuoSession], None]) -> arcade.View:
    """The result of a finished two-player race (both times, the ghost codes)."""
    from game.race.duo_result import DuoResultView

    return DuoResultView(ctx, duo, leave, play)


# -- the sliding puzzle ----------------------------------------------------------------------
def puzzle_setup(ctx: Context, deal: Deal | None = None, code_text: str = "", error: str = "",
                 speed: SpeedSetup | None = None) -> arcade.View:
    """The sliding-puzzle setup screen (on ``deal``'s choices when given, or a speed mode's), optionally showing a
    refused code and why."""
    from game.puzzle.setup import PuzzleSetupView

    return PuzzleSetupView(ctx, deal, code_text=code_text, error=error, speed=speed)


def speed(ctx: Context, setup: SpeedSetup, seed: int | None = None) -> arcade.View:
    """A speed run (relay, marathon, blindfold) on the puzzle screen (boards from ``seed``, default a fresh one)."""
    from game.puzzle.open import speed_view

    return speed_view(ctx, setup, seed)


def speed_win(ctx: Context, puzzle: WonPuzzle, speed: WonSpeed, facts: SpeedWinFacts) -> arcade.View:
    """The win of a speed run over its last board: the mode's time, statistics, bests and its solves' replays."""
    from game.puzzle.speed_win import SpeedWinView

    return SpeedWinView(ctx, puzzle, speed, facts)


def replay(ctx: Context, replay: Replay, typed: str = "", back_to: arcade.View | None = None) -> arcade.View:
    """Watch a replay code's solve: the same moves at the same times (Esc: ``back_to``, default the main menu)."""
    from game.puzzle.replay_view import ReplayView

    return ReplayView(ctx, replay, back_to)


def puzzle(ctx: Context, code: str | PuzzleCode | None = None, typed: str = "", own: bool = False) -> arcade.View:
    """The puzzle of a puzzle code, or the setup screen (with the decoder's sentence for a refused code;
    ``typed``, for a decoded ``code``: the text it was decoded from, shown again; ``own``: the setup screen's
    own deal, shown in the player's picture choice; any other code shows its own look)."""
    from game.puzzle.open import puzzle_view

    return puzzle_view(ctx, code, typed, own)


def puzzle_daily(ctx: Context, daily: PuzzleDaily) -> arcade.View:
    """Play a puzzle daily (its proven optimum is the par: stars for matching it)."""
    from game.puzzle.open import daily_view

    return daily_view(ctx, daily)


def dailies(ctx: Context) -> arcade.View:
    """Today's dailies (maze, puzzle 3x3 and 4x4), the last two weeks and the streaks."""
    from game.shell.dailies import DailiesView

    return DailiesView(ctx)


def records(ctx: Context) -> arcade.View:
    """The player's records: per puzzle size (best, fewest, Ao5, Ao12, tiles/s) and per level; CSV export."""
    from game.shell.records import RecordsView

    return RecordsView(ctx)


# -- the Lab -------------------------------------------------------------------------------
def lab_setup(ctx: Context) -> arcade.View:
    """The Lab setup screen."""
    from game.lab.open import open_lab_setup

    return open_lab_setup(ctx)


def lab(ctx: Context, code: str | None = None, back: arcade.View | None = None) -> arcade.View:
    """The Lab on a maze code, or its setup screen (showing why a code was refused)."""
    from game.lab.open import open_lab

    return open_lab(ctx, code, back)


def lab_level(ctx: Context, level: Level, back: arcade.View | None = None) -> arcade.View:
    """The Lab on a level object: a level made by hand is shown built (nothing to carve), ready for every solver
    and its statistics; a level with a recipe is carved from it as its maze code would be."""
    from game.lab.open import open_lab_level

    return open_lab_level(ctx, level, back)


def lab_folder(ctx: Context, back: arcade.View | None = None) -> arcade.View:
    """The Lab's export-folder screen."""
    from game.lab.folder import LabFolderView

    return LabFolderView(ctx, back=back)


def lab_compare(ctx: Context, spec: MazeSpec, back: arcade.View | None = None) -> arcade.View:
    """The Lab's algorithm comparison on the shape and size of ``spec``."""
    from game.lab.compare import CompareView

    return CompareView(ctx, spec, back=back)


# -- the maze editor ------------------------------------------------------------------------
def editor(ctx: Context, code: str | None = None) -> arcade.View:
    """The maze editor on the maze of ``code`` (a blank grid without one; a refused code is said on screen)."""
    from game.editor.open import open_editor

    return open_editor(ctx, code)


def editor_new(ctx: Context, done: Callable[[EditorSession], None], back: arcade.View | None = None) -> arcade.View:
    """The editor's New screen: shape, size, blank (walls or open) or generated; ``done(session)`` takes the
    new level, Esc returns to ``back``."""
    from game.editor.new import EditorNewView

    return EditorNewView(ctx, done, back)
