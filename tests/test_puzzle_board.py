"""Board rules: moves, solvability against brute force, shuffles (uniformity)."""

from __future__ import annotations

import itertools
import math
from collections import deque

import pytest

from engine.puzzle.board import Board, is_solvable_tiles, random_walk, shuffle_moves, shuffle_uniform
from engine.rng import Rng


def _reachable(w: int, h: int) -> set[tuple[int, ...]]:
    start = Board.goal(w, h)
    seen = {start.tiles}
    todo = deque([start])
    while todo:
        b = todo.popleft()
        for m in b.legal_moves():
            nb = b.move(m)
            if nb.tiles not in seen:
                seen.add(nb.tiles)
                todo.append(nb)
    return seen


@pytest.mark.parametrize("w,h", [(2, 2), (2, 3), (3, 2)])
def test_solvability_matches_brute_force_small(w, h):
    reach = _reachable(w, h)
    assert len(reach) == math.factorial(w * h) // 2
    for perm in itertools.permutations(range(w * h)):
        assert is_solvable_tiles(perm, w, h) == (perm in reach)


def test_solvability_matches_brute_force_3x3():
    reach = _reachable(3, 3)
    assert len(reach) == 181440
    rng = Rng(5)
    for _ in range(3000):
        perm = tuple(int(x) for x in rng.permutation(9))
        assert is_solvable_tiles(perm, 3, 3) == (perm in reach)


def test_moves_and_errors():
    b = Board.goal(4, 4)
    assert b.blank == 15 and b.legal_moves() == "UL"
    assert b.apply("UL").apply("RD").is_solved()
    with pytest.raises(ValueError):
        b.move("D")
    with pytest.raises(ValueError):
        b.apply("UX")
    assert b.move("U").tiles[15] == 12


def test_parse_errors():
    assert Board.parse("1,2,3 0").tiles == (1, 2, 3, 0)
    assert Board.parse("1 2 3 4 5 0", "3x2").width == 3
    for bad in ("1 2 3", "1 1 2 0", "a b c d", "2 1 3 0"):
        with pytest.raises(ValueError):
            Board.parse(bad)
    with pytest.raises(ValueError):
        Board.parse("1 0", "2x1")


def test_slide_tile():
    b = Board.goal(4, 4)
    assert b.slide_tile(12) == "LLL"
    assert b.slide_tile(3) == "UUU"
    assert b.slide_tile(0) == ""


def test_shuffle_uniform_is_uniform_2x3():
    """Chi-square over the 359 non-goal solvable 2x3 positions (p-value via Wilson-Hilferty)."""
    rng = Rng(11)
    counts: dict[tuple[int, ...], int] = {}
    runs = 359 * 40
    for _ in range(runs):
        b = shuffle_uniform(3, 2, rng)
        assert b.is_solvable() and not b.is_solved()
        counts[b.tiles] = counts.get(b.tiles, 0) + 1
    cells = 359
    assert len(counts) == cells
    exp = runs / cells
    chi2 = sum((c - exp) ** 2 / exp for c in counts.values())
    k = cells - 1
    z = ((chi2 / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    p = 0.5 * math.erfc(z / math.sqrt(2))
    assert p > 0.001


def test_shuffle_moves():
    rng = Rng(3)
    walk = random_walk(Board.goal(4, 4), 200, rng)
    assert len(walk) == 200
    inv = {"U": "D", "D": "U", "L": "R", "R": "L"}
    assert all(inv[a] != b for a, b in zip(walk, walk[1:], strict=False))
    b1 = shuffle_moves(5, 3, 50, Rng(9))
    b2 = shuffle_moves(5, 3, 50, Rng(9))
    assert b1 == b2 and b1.is_solvable()


@pytest.mark.parametrize("bad", ["1 2 3 ¹", "1 2 3 ٣", "٣ 2 1 0", "1 2 3 +0", "1 2 3 0x"])
def test_parse_tiles_ascii_digits_only(bad):
    """A superscript or Arabic-Indic digit is refused with the one-line message (never StopIteration)."""
    with pytest.raises(ValueError, match="tiles must be integers") as info:
        Board.parse(bad)
    assert bad.split()[-1] in str(info.value) or bad.split()[0] in str(info.value)


@pytest.mark.parametrize("size", ["²x2", "2y2", "2x", "٣x2", "2x2x2"])
def test_parse_size_uses_the_one_size_parser(size):
    with pytest.raises(ValueError, match="not of the form WxH"):
        Board.parse("1 2 3 0", size)
    assert Board.parse("1 2 3 0", " 2 X 2 ").width == 2
