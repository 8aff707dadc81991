"""Where randomness comes from, checked by behaviour: every maze and every code's level draws from
engine.rng.Rng (PCG64's raw output), never from a numpy ``Generator``; the only ``Generator`` the engine
makes is a fixed-seed one for the puzzle beam search's hash keys (docs/ARCHITECTURE.md, Randomness)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.maze.generators import GENERATORS
from engine.maze.recipe import MazeSpec
from engine.puzzle.astar import solve_fast
from engine.puzzle.board import Board
from engine.puzzle.codes import shuffle_code


class GeneratorUsed(AssertionError):
    pass


@pytest.fixture
def no_generator(monkeypatch):
    """Any numpy ``Generator`` made while the test runs fails it (``default_rng`` and ``Generator(...)``)."""
    made: list[object] = []

    def refuse(*args, **kwargs):
        made.append(args)
        raise GeneratorUsed("a numpy Generator was made")

    monkeypatch.setattr(np.random, "default_rng", refuse)
    monkeypatch.setattr(np.random, "Generator", refuse)
    return made


def test_mazes_and_codes_never_use_a_numpy_generator(no_generator):
    for name in GENERATORS:
        for shape in ("square", "hex", "polar"):
            try:
                spec = MazeSpec.create(shape, 9, 7, name, seed=5, braid=0.3)
            except ValueError:  # a generator that does not make this shape
                continue
            assert spec.build().passage.any()
    MazeSpec.create("square", 8, 6, "backtracker", seed=2, weave=0.4).build()
    MazeSpec.create("square", 6, 5, "backtracker", seed=2, floors=2).build()
    board = shuffle_code(3, 3, 11).board
    assert Board.from_tiles(board.tiles, 3, 3).apply(solve_fast(board).moves).is_solved()
    assert no_generator == []


def test_the_beam_search_hash_keys_are_the_one_generator(no_generator):
    """The exception the architecture states: fixed-seed Zobrist keys (hash keys, not level content)."""
    from engine.puzzle.near import beam

    with pytest.raises(GeneratorUsed):
        beam._zobrist(9, None)
