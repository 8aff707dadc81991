"""The game side of each mode: the screen that plays its codes, its main-menu button and its help page.

One :class:`GameMode` per mode in :data:`GAME_MODES`.  A mode that plays codes names its code kind by the kind object
itself (``Opener(kind, build)``: the kind's :class:`engine.code_frame.CodeKind`, whose engine side is its
:class:`engine.codes.KindMode` in :data:`engine.codes.KIND_MODES`), never by a name.  A kind with a level and no
screen of its own (maze and level codes) needs no entry here: it opens on the play screen
(:func:`game.codes.opener_for`), under the code that was typed and its mode's title.  The code door
(:mod:`game.codes`), the main menu (:mod:`game.shell.menu`) and the help screen (:mod:`game.shell.help`) read
only this table, and every screen in it is a typed route function of :mod:`game.routes` (a wrong argument is a
mypy error, not a crash at run time).

The kinds are named by loaders, imported when a code is opened: the menu's first frame reads this table and
imports no decoder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

import arcade

from engine.code_frame import CodeError
from game import routes
from game.context import Context

if TYPE_CHECKING:
    from engine.code_frame import CodeKind, Spelled
    from engine.modes.ghost import GhostCode
    from engine.modes.race.code import RaceSpec
    from engine.puzzle.codes import PuzzleCode
    from engine.puzzle.replay import Replay

#: A decoded code's class (one code kind's).
D = TypeVar("D", bound="Spelled")


class Opens(Protocol):
    """Builds the screen that plays a decoded code (of the kind it was made for), known by the code typed."""

    def __call__(self, ctx: Context, decoded: object, typed: str = "") -> arcade.View:
        """The screen for ``decoded``, decoded from ``typed`` (its one spelling: never written again; ``""``: written
        from ``decoded`` where it is needed).

        Raises:
            CodeError: ``decoded`` is not of this opener's kind.
        """
        ...


@dataclass(frozen=True)
class Opener(Generic[D]):
    """The screen of one code kind: ``build(ctx, decoded, typed)`` for a decoded code of the kind ``kind()``
    returns (the kind object, imported when a code is opened: the menu's buttons, read from the same table, need no
    decoder), ``typed`` the code it was decoded from."""

    kind: Callable[[], CodeKind[D]]
    build: Callable[[Context, D, str], arcade.View]

    def __call__(self, ctx: Context, decoded: object, typed: str = "") -> arcade.View:
        """``build(ctx, decoded, typed)``.

        Raises:
            CodeError: ``decoded`` is not of ``kind`` (no screen of this mode plays it).
        """
        from engine.codes import mode_of

        try:
            kind = mode_of(decoded).kind
        except CodeError:
            kind = None
        if kind is not self.kind():
            raise CodeError(f"This {getattr(decoded, 'KIND', type(decoded).__name__)} code cannot be played here.")
        return self.build(ctx, cast(D, decoded), typed)


@dataclass(frozen=True)
class HelpSection:
    """One page of the help screen: its ``key`` (a screen names it to open there first), heading and lines
    (modes may share one)."""

    key: str
    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class MenuButton:
    """A main-menu button: its ``label``, the screen it ``opens``, its place (``order``, lower first) and the menu
    group it sits in (``group``: a key of :data:`game.shell.menu.GROUPS`)."""

    label: str
    opens: Callable[[Context], arcade.View]
    order: int
    group: str = "play"


@dataclass(frozen=True)
class GameMode:
    """How the game shows one mode.

    Attributes:
        name: what the mode is called (for people reading the table; nothing is joined on it).
        help: its section on the help screen.
        menu: its main-menu button (None: reached from another screen).
        opens: the screen that plays a decoded code of its kind, the kind named by its object (None: no code kind
            opens it, or its kind opens on the play screen by default).
    """

    name: str
    help: HelpSection
    menu: MenuButton | None = None
    opens: Opener[Any] | None = None


#: The hexagon fork rule is the one :func:`engine.modes.play.pick_neighbour` implements.
MAZE_HELP = HelpSection("maze", "Walking a maze (campaign, codes, daily maze)", (
    "Arrows or WASD step one cell. Hold a key to run along a corridor, round its bends, until it forks or ends.",
    "Click a cell to walk there: along your way and what you see, down a corridor up to its next fork "
    "(plus one step into the unknown).",
    "Two keys together (e.g. Up+Right) make a diagonal on hexagon, triangle, circle and octagon grids.",
    "Hexagons: Up or Down alone at a fork goes to the side of your last left/right move (right at first).",
    "Mouse wheel or +/- zoom  ·  drag to pan  ·  F fits the maze to the window.",
    "P pauses (the maze hides while the clock stops)  ·  R restarts  ·  Esc leaves and keeps your place.",
    "Stars: one for finishing, one within the level's par moves, one within its par time (a puzzle maze "
    "counts moves alone: see its pages).",
))
RACE_HELP = HelpSection("race", "Race", (
    "Move as in a maze; the opponent runs on the same clock. First to the goal wins.",
    "E shows what you explored  ·  Esc gives up  ·  stairs: PgUp/PgDn.",
    "Setup: Shape cuts the maze to a heart, a star...  ·  Weave adds bridges  ·  Dark hides what is out of sight.",
    "Race a ghost: a friend's race code replays their run beside you.",
))
DUO_HELP = HelpSection("two-players", "Two players (Race setup: Players 2)", (
    "Player 1: W A S D, stairs E/Q (blue disc)  ·  Player 2: arrow keys, stairs PgUp/PgDn (orange diamond).",
    "Each walks as in a maze (hold to run, two keys make a diagonal); players pass through each other.",
    "First to the goal wins; the other may finish for a time  ·  P or Esc pauses (End race)  ·  R restarts.",
    "Dark: one shared fog, lit where either player sees  ·  mouse: wheel zoom, drag pan (clicks do not walk).",
))
PUZZLE_HELP = HelpSection("puzzle", "Sliding puzzle", (
    "Arrows slide a tile into the gap (A: arrows move the gap instead), or click a tile in the gap's row or column.",
    "H hint  ·  M moves left (3x3/4x4)  ·  S auto-solve  ·  Space pause/resume  ·  . step  ·  +/- speed  ·  X stop",
    "U or Z undo  ·  Y, Ctrl+Y or Ctrl+Shift+Z redo  ·  R restart  ·  N new deal  ·  Esc leaves (setup)",
    "C copy the puzzle code  ·  Shift+C copy the current position  ·  G copy the seed  ·  I numbers on a picture",
    "V Advanced panel  ·  O solver fast/optimal/near-optimal  ·  T timeout  ·  B random boost  ·  E heuristic",
    "Speed modes (setup): Relay 3x3 up to your size on one clock  ·  Marathon: many solves in a row  ·  Blindfold: "
    "memorise, H hides the numbers",
    "A win keeps its replay code: paste it in Enter code to watch the same moves at the same times (Space pause).",
))
LAB_HELP = HelpSection("lab", "Lab (watch mazes being made)", (
    "Space play/pause  ·  N or Right one step  ·  +/- speed  ·  End run to the end  ·  R restart",
    "S solve  ·  O next solver  ·  G new seed  ·  C compare ways of making mazes  ·  X export  ·  K copy code",
    "P prints the maze as a PDF, then its answer, into the export folder (the panel says where).",
))
EDITOR_HELP = HelpSection("editor", "Maze editor", (
    "Click a wall to open or close it; drag across walls to flip each one you cross  ·  right-drag pans.",
    "Arrows move the cell cursor  ·  WASD or Shift+arrow flip the wall on that side  ·  1 start  ·  2 goal",
    "[ / ] narrower/wider  ·  , / . shorter/taller (or the panel's size buttons)  ·  each resize is one undo",
    "A resize keeps the walls of cells that stay (square, hexagon, triangle; circle: , . rings), else starts blank.",
    "Z undo  ·  Y redo  ·  T try it  ·  C copy code  ·  Ctrl+S save to My levels  ·  P print  ·  N new  ·  "
    "wheel zoom  ·  F fit",
    "The line under the maze says whether it can be solved and what to fix before it can.",
))


def _race() -> CodeKind[RaceSpec]:
    from engine.modes.race.code import RACE_CODES

    return RACE_CODES


def _ghost() -> CodeKind[GhostCode]:
    from engine.modes.ghost import GHOST_CODES

    return GHOST_CODES


def _puzzle() -> CodeKind[PuzzleCode]:
    from engine.puzzle.codes import PUZZLE_CODES

    return PUZZLE_CODES


def _replay() -> CodeKind[Replay]:
    from engine.puzzle.replay import REPLAY_CODES

    return REPLAY_CODES


#: Every mode, in the order of their help sections.  Maze and level codes open on the play screen by default
#: (their kinds have a level and no screen here).
GAME_MODES: tuple[GameMode, ...] = (
    GameMode("play", MAZE_HELP, MenuButton("Campaign", routes.levels, 10)),
    GameMode("race", RACE_HELP, MenuButton("Race", routes.race_setup, 20), Opener(_race, routes.race_code)),
    GameMode("ghost", RACE_HELP, None, Opener(_ghost, routes.race_code)),
    GameMode("two-players", DUO_HELP),
    GameMode("puzzle", PUZZLE_HELP, MenuButton("Sliding Puzzle", routes.puzzle, 30), Opener(_puzzle, routes.puzzle)),
    GameMode("replay", PUZZLE_HELP, None, Opener(_replay, routes.replay)),
    GameMode("lab", LAB_HELP, MenuButton("Lab", routes.lab_setup, 40, "create")),
    GameMode("editor", EDITOR_HELP, MenuButton("Editor", routes.editor, 50, "create")),
    GameMode("daily", MAZE_HELP, MenuButton("Dailies", routes.dailies, 70)),
)


def kind_screens() -> dict[CodeKind[Any], Opener[Any]]:
    """Code kind (the kind object) -> the screen of its own that plays it (imports those kinds' modules)."""
    screens: dict[CodeKind[Any], Opener[Any]] = {}
    for mode in GAME_MODES:
        if mode.opens is not None:
            kind = mode.opens.kind()
            if kind in screens:
                raise ValueError(f"two game modes open {kind.name} codes")
            screens[kind] = mode.opens
    return screens


def help_sections() -> list[HelpSection]:
    """The modes' help sections, each once, in the order of :data:`GAME_MODES`."""
    return list(dict.fromkeys(m.help for m in GAME_MODES))


def menu_buttons() -> list[MenuButton]:
    """The modes' main-menu buttons, in menu order."""
    return sorted((m.menu for m in GAME_MODES if m.menu is not None), key=lambda b: b.order)
