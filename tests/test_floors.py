"""Mazes with floors: the stacked grid, carving over all floors, stairs, refusals, uniformity."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.maze.floors import choose_stairs, floor_hops, generate_floors, open_stairs, stair_problems
from engine.maze.generators import GENERATORS, generate
from engine.maze.generators._common import _build_hops, hops, rows_of
from engine.maze.grids import make_grid
from engine.maze.grids.floors import DOWN, UP, FloorGrid, check_floors, stack_grid
from engine.maze.model import Maze
from engine.rng import Rng

GRAPH_GENERATORS = [name for name, g in GENERATORS.items() if g.floors]
ROW_GENERATORS = [name for name, g in GENERATORS.items() if not g.floors]


def _csr_ok(g: FloorGrid) -> None:
    for c in range(g.n):
        lo, hi = int(g.indptr[c]), int(g.indptr[c + 1])
        for d, e in zip(g.nbr[lo:hi].tolist(), g.edge_id[lo:hi].tolist(), strict=True):
            assert sorted(g.edges[e].tolist()) == sorted([c, d])
    assert len({tuple(e) for e in g.edges.tolist()}) == g.num_edges
    assert np.all(g.edges[:, 0] < g.edges[:, 1])


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_stacked_grid_numbering_csr_and_geometry(shape):
    base = make_grid(shape, 4, 3)
    g = stack_grid(base, 3)
    assert (g.floors, g.n, g.stair_start) == (3, 36, 3 * base.num_edges)
    assert g.num_edges == 3 * base.num_edges + 2 * 12
    assert not g.full_square and not g.plain and base.plain
    assert g.floor_of.tolist() == [0] * 12 + [1] * 12 + [2] * 12
    assert (g.start, g.goal) == (base.start, 24 + base.goal)
    _csr_ok(g)
    # Every stair joins the same base cell on floors f and f + 1, and is listed last in both rows.
    for e in range(g.stair_start, g.num_edges):
        a, b = g.edges[e].tolist()
        assert b - a == 12 and g.floor_of[b] == g.floor_of[a] + 1
        assert g.nbr[g.indptr[a + 1] - 1] == b  # a's stair up is its last entry
    # Floors side by side: the same base cell one pitch apart, stair walls zero-length.
    assert np.allclose(g.centers[13] - g.centers[1], [g.floor_pitch, 0.0])
    assert np.allclose(g.polygon(13), base.polygon(1) + [g.floor_pitch, 0.0])
    assert np.allclose(g.walls[g.stair_start :, 0], g.walls[g.stair_start :, 1])
    assert g.boundary.shape == (3 * base.boundary.shape[0], 2, 2)
    assert g.poly_xy.shape == (3 * base.poly_xy.shape[0], 2)
    assert g.stair(1, UP) == (g.stair_start + 1, 13)
    assert g.stair(13, DOWN) == (g.stair_start + 1, 1)
    assert g.stair(1, DOWN) == (-1, -1) and g.stair(25, UP) == (-1, -1)


def test_a_carving_graph_lists_only_the_allowed_stairs():
    base = make_grid("square", 3, 2)
    allowed = np.zeros((2, 6), dtype=bool)
    allowed[0, 4] = allowed[1, 4] = allowed[1, 0] = True
    g = stack_grid(base, 3, allowed, geometry=False)
    _csr_ok(g)
    s0 = g.stair_start
    assert g.edges[s0:].tolist() == [[4, 10], [6, 12], [10, 16]]
    assert g.stair(10, UP) == (s0 + 2, 16) and g.stair(10, DOWN) == (s0, 4)
    assert g.stair(1, UP) == (-1, -1)
    with pytest.raises(ValueError, match="no drawing geometry"):
        _ = g.centers


@pytest.mark.parametrize("shape", ["square", "hex"])
@pytest.mark.parametrize("floors", [2, 3, 5])
def test_floor_hops_are_the_generic_tables(shape, floors):
    base = make_grid(shape, 7, 6)
    g = stack_grid(base, floors, choose_stairs(base.n, floors, 0.3, Rng(floors)), geometry=False)
    fast, slow = floor_hops(g), _build_hops(g)
    assert (fast.full, fast.step, fast.clear, fast.low) == (slow.full, slow.step, slow.clear, slow.low)
    assert (fast.first, fast.eid) == (slow.first, slow.eid)
    assert hops(g).step == slow.step  # the memo builds the generic tables for a stacked grid


@pytest.mark.parametrize("shape", ["square", "hex"])
@pytest.mark.parametrize("name", GRAPH_GENERATORS)
def test_every_graph_generator_makes_one_perfect_maze_over_all_floors(shape, name):
    g = stack_grid(make_grid(shape, 9, 7), 3)
    m = generate_floors(g, name, Rng(11), {}, 0.05)
    assert m.is_perfect() and m.grid is g
    assert stair_problems(m) == []
    stairs = open_stairs(m)
    assert len(stairs) >= 2  # one at least between each pair of floors
    fl = g.floor_of
    assert set(fl[stairs[:, 0]].tolist()) == {0, 1}
    again = generate_floors(g, name, Rng(11), {}, 0.05)
    assert np.array_equal(m.passage, again.passage)


@pytest.mark.parametrize("name", ROW_GENERATORS)
def test_row_generators_refuse_floors_in_one_sentence(name):
    g = stack_grid(make_grid("square", 5, 5), 2)
    with pytest.raises(ValueError, match="cannot carve a maze with floors; use growing-tree") as err:
        generate(g, name, Rng(1))
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match="no full rows"):
        rows_of(g)


def test_check_floors_refuses_other_shapes_and_counts():
    assert check_floors("hex", 8) == 8 and check_floors("polar", 1) == 1
    for shape in ("triangle", "polar", "upsilon"):
        with pytest.raises(ValueError, match="square or hex"):
            check_floors(shape, 2)
    for bad in (0, 9, 2.5, True, "3"):
        with pytest.raises(ValueError, match="1 to 8"):
            check_floors("square", bad)
    with pytest.raises(ValueError, match="whole square or hex"):
        stack_grid(make_grid("triangle", 4, 4), 2)


def test_the_stair_share_sets_how_many_stairs_are_allowed_and_floors_always_connect():
    few = choose_stairs(400, 4, 0.0, Rng(3))
    assert few.sum(axis=1).tolist() == [1, 1, 1]
    many = choose_stairs(400, 2, 0.5, Rng(3))
    assert 150 < many.sum() < 250
    assert choose_stairs(400, 2, 1.0, Rng(3)).all()


def test_braid_opens_only_allowed_stairs():
    g = stack_grid(make_grid("square", 12, 12), 3)
    m = generate_floors(g, "backtracker", Rng(4), {}, 0.05, braid=1.0)
    rng = Rng(4)
    allowed = choose_stairs(144, 3, 0.05, rng)
    opened = m.passage[g.stair_start :]
    assert not np.any(opened & ~allowed.ravel())
    assert m.connected() and stair_problems(m) == []


@settings(max_examples=40, deadline=None)
@given(
    shape=st.sampled_from(["square", "hex"]),
    w=st.integers(2, 9),
    h=st.integers(2, 9),
    floors=st.integers(2, 5),
    share=st.integers(0, 100),
    seed=st.integers(0, 2**64 - 1),
    name=st.sampled_from(GRAPH_GENERATORS),
)
def test_property_perfect_connected_and_stairs_only_between_vertical_neighbours(shape, w, h, floors, share, seed, name):
    g = stack_grid(make_grid(shape, w, h), floors)
    m = generate_floors(g, name, Rng(seed), {}, share / 100)
    assert m.is_perfect()
    assert stair_problems(m) == []
    for a, b in g.edges[m.passage].tolist():  # every open passage: same floor, or one cell straight above
        fa, fb = int(g.floor_of[a]), int(g.floor_of[b])
        assert fa == fb or (fb == fa + 1 and b - a == w * h)


def test_stair_problems_names_a_passage_between_floors_that_is_not_a_stair():
    base = make_grid("square", 2, 2)
    g = stack_grid(base, 2)
    edges = np.concatenate([g.edges, [[0, 5]]]).astype(np.int32)
    fake = type("G", (), {"edges": edges, "floor_of": g.floor_of, "floors": 2, "n": 8})()
    m = Maze.__new__(Maze)
    m.grid, m.passage = fake, np.ones(len(edges), dtype=bool)  # type: ignore[assignment]
    assert stair_problems(m) == ["the passage 0-5 joins floors 0 and 1 but not one cell above another"]


# -- uniformity on two floors (the cube graph: 2x2 squares twice, every stair allowed) ------------


def _two_floor_trees(g: FloorGrid) -> list[bytes]:
    out = []
    for chosen in itertools.combinations(range(g.num_edges), g.n - 1):
        p = np.zeros(g.num_edges, dtype=bool)
        p[list(chosen)] = True
        if Maze(g, p, 0, 0).connected():
            out.append(p.tobytes())
    return out


def _two_floor_p(name: str, per_tree: int) -> float:
    from tests.test_generators import _chi_square_p

    g = stack_grid(make_grid("square", 2, 2), 2, geometry=False)
    trees = _two_floor_trees(g)
    assert len(trees) == 384  # spanning trees of the cube
    index = {t: i for i, t in enumerate(trees)}
    counts = [0] * len(trees)
    rng = Rng(20261126)
    run = GENERATORS[name].run
    for _ in range(per_tree * len(trees)):
        counts[index[run(g, rng, {}).tobytes()]] += 1
    stat = sum((c - per_tree) ** 2 / per_tree for c in counts)
    return _chi_square_p(stat, len(trees) - 1)


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
def test_uniform_generators_stay_uniform_over_two_floors(name):
    assert _two_floor_p(name, 30) > 0.001


def test_backtracker_over_two_floors_fails_chi_square():
    assert _two_floor_p("backtracker", 30) < 1e-6


# -- recipes and codes -------------------------------------------------------------------


def test_a_recipe_with_floors_round_trips_and_builds_its_floors():
    from engine.codes import decode_any
    from engine.maze.recipe import MazeSpec

    spec = MazeSpec.create("hex", 10, 8, "wilson", seed=42, floors=2, stairs=0.2, braid=0.3, dark=True)
    assert spec.code() == "M2.H10X8.WI.B30.F2S20.D#16-UB"
    assert decode_any(spec.code()) == spec
    assert spec.label() == "hex 10×8, wilson, braid 30%, 2 floors (stairs 20%), dark"
    assert spec.describe()["floors"] == 2 and spec.describe()["stairs_share"] == 20
    level = spec.level()
    assert level.floors == 2 and level.grid.floors == 2 and level.maze.connected()
    one = MazeSpec("square", 5, 5, "backtracker", stairs=40)
    assert one.stairs == MazeSpec("square", 5, 5, "backtracker").stairs  # one floor: no stairs to share
    assert "floors" not in one.describe()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("M2.S10X8.BT.F9", "9 floors; 2..8"),
        ("M2.S10X8.BT.F2S0", "stairs 0% must be 1..100"),
        ("M2.S10X8.BT.F2S5", "the default"),
        ("M2.S10X8.BT.F2SX", "not of the form"),
        ("M2.S10X8.BI.F2", "cannot carve a maze with floors"),
        ("M2.T10X8.BT.F2", "square or hex"),
        ("M2.S10X8.BT.W30.F2", "floors and weave"),
        ("M2.S10X8.BT.F2.F3", "appears twice"),
        ("M2.S10X8.BT.F2.B20", "not understood"),
        ("M2.S1000X1000.BT.F3", "at most 2,000,000"),
        ("M2.S10X8.BT.F2.KHEART", "floors and a shape"),
    ],
)
def test_bad_floors_fields_are_refused_in_one_sentence(body, message):
    from engine.codes import CodeError, decode_any, seal

    with pytest.raises(CodeError, match=message) as err:
        decode_any(seal(body + "#1"))
    assert "\n" not in str(err.value)


def test_create_refuses_floors_it_cannot_build():
    from engine.maze.masks import Mask
    from engine.maze.recipe import MazeSpec

    for kwargs, message in [
        ({"floors": 2, "weave": 0.3}, "floors and weave"),
        ({"floors": 9}, "1 to 8"),
        ({"floors": 2, "algorithm": "sidewinder"}, "cannot carve a maze with floors"),
        ({"floors": 2, "shape": "upsilon"}, "square or hex"),
        ({"floors": 2, "stairs": 0.0}, "stairs must be between"),
        ({"floors": 2, "mask": Mask.builtin("heart")}, "floors and a shape"),
    ]:
        args = {"shape": "square", "width": 10, "height": 8, "algorithm": "backtracker", **kwargs}
        with pytest.raises(ValueError, match=message):
            MazeSpec.create(**args)


def test_level_codes_carry_floors_and_refuse_bad_ones():
    from engine.codes import CodeError, decode_any, seal
    from engine.maze.level_format import grid_counts
    from engine.maze.recipe import MazeSpec

    level = MazeSpec.create("square", 6, 5, "backtracker", seed=4, floors=3).level()
    code = level.passages_code()
    assert code.startswith("L2.S6X5.F3:")
    back = decode_any(code).level()
    assert back.floors == 3 and back.maze.digest() == level.maze.digest()
    for shape in ("square", "hex"):
        g = stack_grid(make_grid(shape, 7, 5), 4)
        assert grid_counts(shape, 7, 5, 4) == (g.n, g.num_edges)
    for bad, message in [(".F9", "F2..F8"), (".F2.F2", "not understood"), (".A3.F2", "not understood")]:
        with pytest.raises(CodeError, match=message):
            decode_any(seal("L2.S6X5" + bad + ":" + code.split(":")[1].split("-")[0]))
    with pytest.raises(CodeError, match="square or hex"):
        decode_any(seal("L2.T6X5.F2:0"))


@pytest.mark.parametrize(
    ("w", "h", "floors", "share"), [(2, 2, 2, 1.0), (3, 5, 3, 0.3), (7, 4, 4, 0.05), (20, 13, 2, 0.5)]
)
def test_the_square_floor_backtracker_is_the_generic_backtracker(w, h, floors, share):
    from engine.maze.floors import square_floor_backtracker

    base = make_grid("square", w, h)
    for seed in range(4):
        g = stack_grid(base, floors, choose_stairs(base.n, floors, share, Rng(seed + 99)), geometry=False)
        assert np.array_equal(square_floor_backtracker(g, Rng(seed)), generate(g, "backtracker", Rng(seed)))
