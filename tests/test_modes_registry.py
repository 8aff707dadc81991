"""The modes, one descriptor per code kind: the engine side of each (engine.codes.KIND_MODES, keyed by the kind
object) and the game side (game.modes: the screen of its codes, named by the kind object, its menu button, its help)
agree by derivation; the lists themselves are pinned once, in one snapshot file, tests/data/modes.json.

A new mode or kind changes the snapshot: rewrite it with ``TESSERA_SNAPSHOT=update python -m pytest -q
tests/test_modes_registry.py`` and read its diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from engine.code_frame import CURRENT_VERSION
from engine.codes import KIND_MODES, KINDS, CodeError, known_kinds, mode_of
from game import routes
from game.codes import OPENERS
from game.modes import GAME_MODES, MAZE_HELP, Opener, help_sections, kind_screens, menu_buttons

SNAPSHOT = Path(__file__).resolve().parent / "data" / "modes.json"


def described() -> dict[str, Any]:
    """Every list the modes make, read from the tables (what the snapshot pins)."""
    from game.shell.help import SECTIONS
    from game.shell.menu import MENU_ENTRIES

    own = kind_screens()
    kinds = [{
        "tag": kind.tag, "name": kind.name, "versions": sorted(kind.decoders), "session": mode.session_at,
        "level": mode.level is not None,
        "screen": own[kind].build.__name__ if kind in own else "play screen (default)" if kind in OPENERS else None,
    } for kind, mode in KIND_MODES.items()]
    modes = [{"name": m.name, "help": m.help.key, "menu": None if m.menu is None else m.menu.label,
              "opens": None if m.opens is None else m.opens.kind().name} for m in GAME_MODES]
    menu = [[e.label, e.opens.__name__, e.order, e.group] for e in sorted(MENU_ENTRIES, key=lambda e: e.order)]
    return {"kinds": kinds, "modes": modes, "menu": menu, "help": [heading for heading, _ in SECTIONS]}


def dumped(lists: dict[str, list[Any]]) -> str:
    """The snapshot's text: one line per entry, so a new mode is a one-line diff."""
    parts = [f"{json.dumps(key)}: [\n  " + ",\n  ".join(json.dumps(e, ensure_ascii=False) for e in entries) + "\n ]"
             for key, entries in lists.items()]
    return "{\n " + ",\n ".join(parts) + "\n}\n"


def test_the_modes_match_their_one_snapshot() -> None:
    now = described()
    if os.environ.get("TESSERA_SNAPSHOT") == "update":
        SNAPSHOT.write_text(dumped(now), encoding="utf-8")
    assert now == json.loads(SNAPSHOT.read_text(encoding="utf-8")), (
        "the modes changed: rewrite tests/data/modes.json with TESSERA_SNAPSHOT=update and read its diff")


def test_every_code_kind_has_its_mode_and_a_screen() -> None:
    known_kinds()  # loads every kind module
    assert list(KINDS.values()) == list(KIND_MODES)  # the kind list is the modes' list
    assert all(mode.kind is kind for kind, mode in KIND_MODES.items())
    assert set(OPENERS) == set(KIND_MODES)  # every kind opens somewhere: its own screen, or the play screen
    own = kind_screens()
    assert set(own) <= set(KIND_MODES)
    for kind, mode in KIND_MODES.items():  # a kind without a screen of its own is one level
        assert kind in own or mode.level is not None, kind.name
        assert CURRENT_VERSION in kind.decoders and set(kind.decoders) <= {1, CURRENT_VERSION}, kind.name


def test_every_mode_names_the_session_that_runs_it() -> None:
    for mode in KIND_MODES.values():
        assert isinstance(mode.session, type) and mode.session.__module__.startswith("engine."), mode.kind.name


def test_a_decoded_code_finds_its_mode_by_its_kind() -> None:
    from engine.maze.recipe import MAZE_CODES, MazeSpec

    spec = MazeSpec.create("square", 4, 4, "backtracker", seed=1)
    mode = mode_of(spec)
    assert mode.kind is MAZE_CODES and mode.bests_key(spec) == spec.code() and mode.title(spec) == spec.title()
    with pytest.raises(CodeError, match="not a kind"):
        mode_of(object())


def test_reading_the_modes_imports_no_session_class() -> None:
    import subprocess
    import sys

    probe = ("import sys; import engine.codes; from game.modes import kind_screens; kind_screens(); "
             "print(sorted(m for m in ('engine.puzzle.session', 'engine.modes.race.session', "
             "'engine.modes.editor', 'engine.modes.lab', 'engine.modes.race.duo') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"  # opening a maze code never loads the puzzle's solvers


def test_an_opener_takes_its_own_kind_only(ctx) -> None:
    from engine.maze.recipe import MAZE_CODES, MazeSpec
    from engine.puzzle.codes import PUZZLE_CODES, shuffle_code

    opener = Opener(lambda: MAZE_CODES, routes.play_code)  # the kind is imported when a code is opened
    with pytest.raises(CodeError, match="This puzzle code cannot be played here"):
        opener(ctx, shuffle_code(3, 3, 5))  # another kind: refused with a sentence, not a crash
    with pytest.raises(CodeError):
        OPENERS[PUZZLE_CODES](ctx, MazeSpec.create("square", 4, 4, "backtracker", seed=1))


def test_the_menu_and_help_come_from_the_modes_table() -> None:
    from game.shell.help import SECTIONS
    from game.shell.menu import MENU_ENTRIES

    entries = {(e.label, e.opens, e.order, e.group) for e in MENU_ENTRIES}
    assert {(b.label, b.opens, b.order, b.group) for b in menu_buttons()} <= entries
    assert help_sections()[0] is MAZE_HELP and len(help_sections()) == len(set(help_sections()))  # shared: once
    headings = [heading for heading, _ in SECTIONS]
    assert all(h.heading in headings for h in help_sections())
