"""Ghost codes of hand-made levels: ``G2.<level header>:<passages>:<moves>-<check>`` carries the level itself.

Round trips on every shape (and dark), every single-character typo refused, a move through a wall refused when
resolving, bounded decoding (the size is checked from the header before anything is built), one canonical
spelling, ``tessera show``.
"""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from engine.cli import main
from engine.codes import SYMBOLS, CodeError, decode_any, encode_int, seal
from engine.level import Level
from engine.maze.generators import generate
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.ghost import MAX_GHOST_CODE_LENGTH, Ghost, GhostCode
from engine.modes.race.session import RaceSession
from engine.rng import Rng

SHAPES = [("square", 9, 7), ("hex", 8, 6), ("triangle", 9, 6), ("polar", 6, 5), ("upsilon", 7, 5)]


def hand_made(shape: str, width: int, height: int, seed: int = 1, dark: bool = False) -> Level:
    """A generated maze's grid with other passages (another spanning tree): no recipe."""
    maze = MazeSpec.create(shape, width, height, "backtracker", seed=seed).build()
    other = generate(maze.grid, "kruskal", Rng(seed + 1000))
    level = Level(Maze(maze.grid, other, maze.start, maze.goal), dark=dark)
    assert level.recipe is None and level.maze.is_perfect()
    return level


def run_of(level: Level, pace: int = 0) -> Ghost:
    """A run along the shortest path with uneven timing (every kind of time field)."""
    path = shortest_path(level.maze.open_lists(), level.start, level.goal)
    ticks, tick = [], 0
    for i in range(len(path) - 1):
        tick += (6, 7, 5, 40, 6)[(i + pace) % 5]
        ticks.append(tick)
    return Ghost.record(level, list(zip(ticks, path[1:], strict=True)))


@pytest.mark.parametrize("dark", [False, True], ids=["lit", "dark"])
@pytest.mark.parametrize(("shape", "width", "height"), SHAPES)
def test_round_trip_on_every_shape(shape, width, height, dark):
    level = hand_made(shape, width, height, dark=dark)
    ghost = run_of(level)
    code = ghost.code(level)
    assert code.startswith(f"G2.{'SHTPU'['square hex triangle polar upsilon'.split().index(shape)]}{width}X{height}")
    assert "#" not in code and code.count(":") == 2 and (".D:" in code) == dark
    decoded = decode_any(code)
    assert isinstance(decoded, GhostCode) and decoded.spec is None and decoded.held is not None
    assert decoded.code() == code and decode_any(code.lower()) == decoded and decoded.upgraded() == decoded
    resolved = decoded.resolve()
    assert resolved == ghost and resolved.moves == ghost.moves and resolved.spec is None
    made = resolved.level()
    assert made.recipe is None and made.dark == dark
    assert np.array_equal(made.passage, level.passage) and (made.start, made.goal) == (level.start, level.goal)
    assert resolved.code() == code == resolved.code(level)  # the held level, or the one given
    assert Ghost.from_code(code, level) == ghost
    # a race against it on its own level (built from the code)
    race = RaceSession.from_code(code)
    assert race.info.is_ghost and race.info.code == code and race.sim.opponent.finish_tick == ghost.finish_tick


def test_a_level_with_a_recipe_keeps_the_old_form():
    spec = MazeSpec.create("hex", 8, 6, "prim", seed=5)
    level = spec.level()
    ghost = run_of(level)
    code = ghost.code(level)
    assert code.startswith(f"G2.{'.'.join(spec.code_fields())}#") and code.count(":") == 1
    assert decode_any(code).spec == spec and decode_any(code).held is None


def twenty_codes() -> list[str]:
    codes = []
    for i in range(20):
        shape, w, h = SHAPES[i % len(SHAPES)]
        level = hand_made(shape, w - i % 3, h - i % 2, seed=i, dark=i % 4 == 1)
        codes.append(run_of(level, pace=i).code(level))
    return codes


def test_every_single_character_typo_is_refused():
    codes = twenty_codes()
    assert len(set(codes)) == 20
    alphabet = SYMBOLS
    for code in codes:
        typos: set[str] = set()
        for i in range(len(code)):
            typos.update(code[:i] + c + code[i + 1:] for c in alphabet)  # substitution
            typos.add(code[:i] + code[i + 1:])  # deletion
            if i + 1 < len(code):
                typos.add(code[:i] + code[i + 1] + code[i] + code[i + 2:])  # neighbour swap
        for i in range(len(code) + 1):
            typos.update(code[:i] + c + code[i:] for c in alphabet)  # insertion
        typos.discard(code)
        for typo in typos:
            with pytest.raises(CodeError):
                decode_any(typo)


def test_a_move_through_a_wall_is_refused_when_resolving():
    level = hand_made("square", 9, 7)
    ghost = run_of(level)
    code = ghost.code(level)
    maze = level.maze
    nb, _ = maze.grid.lists()
    adj = maze.open_lists()
    walled = next(k for k, c in enumerate(nb[maze.start]) if c not in adj[maze.start])
    body = code.rsplit("-", 1)[0]
    head, passages, moves = body.split(":")
    bad = seal(f"{head}:{passages}:{'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[4 * walled]}{moves[1:]}")
    decoded = decode_any(bad)  # decodes: a wall needs the maze
    with pytest.raises(CodeError, match="wall"):
        decoded.resolve()
    with pytest.raises(CodeError, match="wall"):
        Ghost.from_code(bad)
    code_, out = io.StringIO(), io.StringIO()
    assert main(["show", bad, "--format", "json"], out=out, err=code_) == 2
    assert "wall" in json.loads(out.getvalue())["error"]


def test_bounded_and_canonical():
    level = hand_made("square", 9, 7)
    code = run_of(level).code(level)
    head, passages, moves = code.rsplit("-", 1)[0].split(":")
    refused = {
        "huge size, from the header alone": seal(f"G2.S99999X99999:{passages}:{moves}"),
        "passages cut short": seal(f"{head}:{passages[:-1]}:{moves}"),
        "no moves": seal(f"{head}:{passages}"),
        "empty moves": seal(f"{head}:{passages}:"),
        "the default start written": seal(f"{head}.A{encode_int(level.start)}:{passages}:{moves}"),
        "a recipe field": seal(f"{head}.BT:{passages}:{moves}"),
        "version 1": seal(f"G1{head[2:]}:{passages}:{moves}"),
        "a direction no square cell has": seal(f"{head}:{passages}:G{moves[1:]}"),
    }
    for why, bad in refused.items():
        with pytest.raises(CodeError):
            decode_any(bad)
            pytest.fail(why)
    too_long = "G2.S500X500:" + "0" * (MAX_GHOST_CODE_LENGTH) + ":0-00"
    with pytest.raises(CodeError, match="too long"):
        decode_any(too_long)


def test_a_level_without_a_level_code_still_has_no_ghost_code():
    from engine.maze.masks import mask_from_field

    spec = MazeSpec.create("hex", 8, 6, "prim", seed=5, mask=mask_from_field("KHEART"))
    maze = spec.build()
    level = Level(maze)  # shaped: no level code, so no ghost code
    ghost = run_of(level)
    with pytest.raises(CodeError):
        ghost.code(level)
    with pytest.raises(CodeError):
        ghost.code()  # a recorded run holds no level


def test_show_describes_a_hand_made_ghost():
    level = hand_made("hex", 8, 6, dark=True)
    ghost = run_of(level)
    code = ghost.code(level)
    out, err = io.StringIO(), io.StringIO()
    assert main(["show", code, "--format", "json"], out=out, err=err) == 0
    row = json.loads(out.getvalue())
    assert row["ok"] and row["kind"] == "ghost" and row["code"] == code
    assert (row["shape"], row["width"], row["height"], row["dark"]) == ("hex", 8, 6, True)
    assert row["moves"] == len(ghost.moves) and row["seconds"] == pytest.approx(ghost.seconds)
    assert row["shortest_path"] == len(ghost.moves) and row["cells"] == 48
    out = io.StringIO()
    assert main(["show", code], out=out, err=err) == 0
    assert "ghost" in out.getvalue() and "hex" in out.getvalue()
