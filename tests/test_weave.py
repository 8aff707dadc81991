"""Weave mazes (engine.maze.weave): generation, crossing rules, codes, solvers, statistics, play, JSON."""

from __future__ import annotations

import io
import itertools
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from engine.codes import CodeError, decode_any
from engine.level import Level
from engine.maze.analysis import compare, maze_stats
from engine.maze.export import to_ascii, to_json, write_json
from engine.maze.grids import make_grid
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import SOLVERS, solve
from engine.maze.weave import (
    crossing_problems,
    generate_weave,
    over_ends,
    place_crossings,
    quotient_grid,
    weave_generators,
)
from engine.modes.ghost import Ghost
from engine.modes.play import PlaySession
from engine.modes.race.code import RaceSpec
from engine.rng import Rng

GENERIC = weave_generators()


def _opts(alg: str) -> dict[str, str]:
    return {"rule": "newest:1,random:1"} if alg == "growing-tree" else {}


def test_weave_generators_are_the_graph_generic_ones():
    assert set(GENERIC) == {
        "growing-tree",
        "backtracker",
        "prim",
        "prim-simple",
        "aldous-broder",
        "wilson",
        "hunt-and-kill",
        "kruskal",
    }


@pytest.mark.parametrize("shape", ["square", "hex"])
@pytest.mark.parametrize("alg", GENERIC)
def test_weave_maze_is_perfect_connected_and_legal(shape, alg):
    base = make_grid(shape, 14, 11)
    maze = generate_weave(base, alg, Rng(5), _opts(alg), 1.0)
    k = len(maze.crossings)
    assert k >= 5  # share 1: many crossings
    assert maze.grid.num_edges == base.num_edges + k
    assert maze.is_perfect() and maze.connected()
    assert int(maze.passage.sum()) == maze.grid.n - 1
    assert crossing_problems(maze) == []
    # every under-edge is open, joins cells two apart straight through the crossing cell
    cen = maze.grid.centers
    for i, (x, a, b) in enumerate(maze.crossings.tolist()):
        e = base.num_edges + i
        assert maze.passage[e] and maze.grid.edges[e].tolist() == [a, b]
        assert np.allclose(cen[a] + cen[b], 2 * cen[x])
        assert maze.open_degree()[x] == 2  # exactly its two over passages
        assert not maze.is_open(x, a) and not maze.is_open(x, b)


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_many_seeds_and_sizes_stay_perfect(shape):
    for seed in range(40):
        w, h = 2 + seed % 9, 2 + (seed * 7) % 11
        maze = generate_weave(make_grid(shape, w, h), "kruskal", Rng(seed), {}, 1.0)
        assert maze.is_perfect() and crossing_problems(maze) == [], (w, h, seed)


def test_crossing_problems_catches_a_broken_crossing():
    maze = MazeSpec.create("square", 12, 10, "backtracker", seed=2, weave=1.0).build()
    assert crossing_problems(maze) == []
    x, a, _ = maze.crossings[0].tolist()
    maze.passage[maze.grid.edge_between(x, a)] = True  # open the tunnel's side into the bridge
    maze.invalidate()
    assert any("3 open edges" in p for p in crossing_problems(maze))


def test_quotient_graph_has_small_degree_and_no_square_kind():
    for shape in ("square", "hex"):
        base = make_grid(shape, 30, 30)
        cr = place_crossings(base, 1.0, Rng(1))
        q, base_edge = quotient_grid(base, cr)
        assert q.kind == "weave-quotient" and q.n == base.n - 3 * len(cr)
        assert int(np.diff(q.indptr).max()) <= 6
        assert len(base_edge) == q.num_edges
        assert not cr.closed[base_edge].any()


def test_weave_share_zero_places_nothing_and_share_changes_count():
    base = make_grid("square", 40, 40)
    counts = [len(place_crossings(base, p, Rng(3))) for p in (0.0, 0.1, 0.5, 1.0)]
    assert counts[0] == 0 and counts[1] < counts[2] <= counts[3]


def _digest_in_subprocess(code: str, hashseed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    prog = (
        "import sys; from engine.maze.recipe import MazeSpec; print(MazeSpec.from_code(sys.argv[1]).build().digest())"
    )
    out = subprocess.run(
        [sys.executable, "-c", prog, code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    )
    return out.stdout.strip()


def test_weave_is_deterministic_across_processes_and_hash_seeds():
    code = MazeSpec.create("hex", 16, 12, "wilson", seed=99, weave=0.6).code()
    here = MazeSpec.from_code(code).build().digest()
    assert MazeSpec.from_code(code).build().digest() == here
    assert _digest_in_subprocess(code, "1") == here == _digest_in_subprocess(code, "12345")


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_every_solver_finds_the_bfs_length_path(shape):
    for seed in range(3):
        maze = MazeSpec.create(shape, 15, 12, "hunt-and-kill", seed=seed, weave=0.8).build()
        best = len(solve(maze, "bfs").path)
        adj = maze.open_lists()
        for name in SOLVERS:
            res = solve(maze, name)
            assert len(res.path) == best, name
            assert res.path[0] == maze.start and res.path[-1] == maze.goal
            assert all(b in adj[a] for a, b in itertools.pairwise(res.path)), name


def test_some_solution_uses_a_tunnel():
    used = 0
    for seed in range(10):
        maze = MazeSpec.create("square", 12, 12, "backtracker", seed=seed, weave=1.0).build()
        under = {frozenset((a, b)) for _, a, b in maze.crossings.tolist()}
        path = solve(maze, "bfs").path
        used += sum(frozenset(p) in under for p in itertools.pairwise(path))
    assert used > 0


def test_statistics_work_on_weave_mazes():
    maze = MazeSpec.create("square", 20, 20, "kruskal", seed=4, weave=1.0).build()
    st = maze_stats(maze)
    assert st["perfect"] and st["cells"] == 400 and st["passages"] == 399
    assert st["solution_length"] == len(solve(maze, "bfs").path) - 1
    rows = compare("hex", 12, 10, ["wilson", "kruskal"], 2, 0, weave=0.5)
    assert [r["algorithm"] for r in rows] == ["wilson", "kruskal"] and all(r["runs"] == 2 for r in rows)
    with pytest.raises(ValueError, match="cannot weave"):
        compare("square", 10, 10, ["sidewinder"], 1, 0, weave=0.5)


# -- play -----------------------------------------------------------------
def test_play_session_walks_under_a_bridge():
    maze = MazeSpec.create("square", 12, 12, "backtracker", seed=1, weave=1.0).build()
    x, a, b = maze.crossings[0].tolist()
    s = PlaySession(Level(maze), move_time=0.1)
    s.cell = s.anim_from = a  # stand at one end of the tunnel
    s.visited_set.add(a)
    ca, cx = s.centers[a], s.centers[x]
    s.press((cx[0] - ca[0], cx[1] - ca[1]))  # towards the crossing cell: straight under it
    assert s.cell == b and s.moving and s.moves == 1
    assert s.tunnel() == x  # the view draws the bridge over the player
    s.advance(0.05)  # half way: right under the crossing cell
    assert s.moving and s.tunnel() == x
    px, py = s.display_position()
    assert (px, py) == pytest.approx(cx)
    s.advance(0.06)  # a tunnel move is one move: the time of a step (a race's opponents and ghosts count it so)
    assert not s.moving and s.tunnel() == -1 and s.cell == b
    # and back again by a click
    assert s.walk_to(a)
    assert s.cell == a and s.tunnel() == x
    assert (px, py) != s.centers[a]


def test_play_session_cannot_step_onto_a_bridge_from_the_side():
    maze = MazeSpec.create("square", 12, 12, "backtracker", seed=1, weave=1.0).build()
    x, a, _ = maze.crossings[0].tolist()
    s = PlaySession(Level(maze))
    assert x not in s.adj[a]
    assert maze.is_open(*s.adj[x][:2]) is False  # the bridge's ends are two apart, not adjacent


def test_play_session_reaches_the_goal_through_tunnels():
    for seed in range(6):
        maze = MazeSpec.create("hex", 10, 9, "backtracker", seed=seed, weave=1.0).build()
        s = PlaySession(Level(maze))
        path = solve(maze, "bfs").path
        for a, b in itertools.pairwise(path):
            s.press((s.centers[b][0] - s.centers[a][0], s.centers[b][1] - s.centers[a][1]))
            for _ in range(20):
                s.advance(1 / 60)
            assert s.cell == b
        assert s.finished and s.moves == s.shortest


def test_a_path_through_tunnels_takes_one_step_time_per_move():
    """Every move costs the same time, a tunnel included, as a race's clock counts a move (fair races)."""
    maze = MazeSpec.create("square", 12, 10, "backtracker", seed=3, weave=1.0).build()
    path = solve(maze, "bfs").path
    under = {frozenset((a, b)) for _, a, b in maze.crossings.tolist()}
    assert any(frozenset(p) in under for p in itertools.pairwise(path))
    s = PlaySession(Level(maze), move_time=0.125)
    assert s.walk_to(maze.goal, explored_only=False)
    ticks = 0
    while not s.finished:
        s.advance(1 / 64)  # binary fractions: 8 updates make a move exactly
        ticks += 1
        assert ticks < 10_000
    assert ticks == 8 * (len(path) - 1)


# -- codes ----------------------------------------------------------------
def test_weave_code_round_trip_and_describe():
    spec = MazeSpec.create("square", 20, 15, "growing-tree", {"rule": "newest"}, seed=77, weave=0.35, dark=True)
    code = spec.code()
    assert ".W35." in code and code.index(".W35") < code.index(".D#")
    back = decode_any(code)
    assert back == spec and back.weave == 35 and back.code() == code
    assert back.describe()["weave"] == 35 and "weave 35%" in back.label()
    assert MazeSpec.create("square", 20, 15, "kruskal", seed=1).weave == 0
    assert ".W" not in MazeSpec.create("square", 20, 15, "kruskal", seed=1).code()
    assert MazeSpec.create("hex", 9, 9, "wilson", seed=1, weave=0.004).weave == 0


def test_race_and_ghost_codes_carry_the_weave_field():
    spec = MazeSpec.create("hex", 10, 8, "wilson", seed=5, weave=0.5)
    race = RaceSpec.create(spec, "wall-left", "easy")
    back = decode_any(race.code())
    assert back.maze.weave == 50 and back.code() == race.code()
    maze = spec.build()
    path = solve(maze, "bfs").path
    ghost = Ghost.record(spec.level(maze), [(10 * i, c) for i, c in enumerate(path[1:])])
    level = spec.level(maze)
    text = ghost.code(level)
    got = Ghost.from_code(text, level)
    assert got.spec.weave == 50 and got.path == path


@pytest.mark.parametrize(
    ("code_body", "words"),
    [
        ("M2.S10X10.BT.W0", "weave 0% must be 1..100"),
        ("M2.S10X10.BT.W101", "weave 101% must be 1..100"),
        ("M2.S10X10.BT.W20.W20", "appears twice"),
        ("M2.S10X10.BT.D.W20", "not understood"),
        ("M2.S10X10.KR.W20.B10", "not understood"),
        ("M2.S10X10.KR.B10.W20", "braid cannot be combined with weave"),
        ("M2.S10X10.SW.W20", "cannot weave"),
        ("M2.P6X5.WI.W20", "square or hex"),
        ("M2.T10X10.WI.W20", "square or hex"),
    ],
)
def test_bad_weave_fields_are_refused_with_a_sentence(code_body, words):
    from engine.codes import seal

    with pytest.raises(CodeError, match=words) as exc:
        decode_any(seal(code_body + "#5"))
    assert "\n" not in str(exc.value)


def test_create_refuses_bad_weave_requests():
    with pytest.raises(ValueError, match="between 0 and 1"):
        MazeSpec.create("square", 10, 10, "kruskal", weave=1.5)
    with pytest.raises(ValueError, match="weave works with: growing-tree"):
        MazeSpec.create("square", 10, 10, "eller", weave=0.5)
    with pytest.raises(ValueError, match="braid cannot"):
        MazeSpec.create("square", 10, 10, "kruskal", weave=0.5, braid=0.2)


# -- export ---------------------------------------------------------------
def test_json_lists_under_edges_and_crossings():
    spec = MazeSpec.create("hex", 9, 8, "prim", seed=3, weave=1.0)
    maze = spec.build()
    obj = to_json(maze, code=spec.code())
    assert obj["crossings"] == maze.crossings.tolist() and obj["crossings"]
    edges = obj["edges"]
    on = [e for e, p in zip(edges, obj["passages"], strict=True) if p]
    assert len(on) == obj["cells"] - 1  # a spanning tree over edges/passages
    parent = list(range(obj["cells"]))

    def find(v: int) -> int:
        while parent[v] != v:
            v = parent[v]
        return v

    for a, b in on:
        ra, rb = find(a), find(b)
        assert ra != rb
        parent[ra] = rb
    for _x, a, b in obj["crossings"]:
        assert [a, b] in edges
    buf = io.StringIO()
    write_json(maze, buf, code=spec.code(), chunk=3)
    assert json.loads(buf.getvalue()) == obj
    with pytest.raises(ValueError, match="cannot show weave crossings"):
        to_ascii(MazeSpec.create("square", 9, 8, "prim", seed=3, weave=1.0).build())


# -- CLI ------------------------------------------------------------------
def _cli(*argv: str) -> tuple[int, str, str]:
    from engine.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_generate_solve_and_stats_with_weave():
    rc, out, _ = _cli(
        "generate",
        "--shape",
        "hex",
        "--algo",
        "wilson",
        "--size",
        "9x7",
        "--weave",
        "0.7",
        "--seed",
        "4",
        "--format",
        "json",
    )
    obj = json.loads(out)
    assert rc == 0 and obj["weave"] == 70 and obj["crossings"] and ".W70" in obj["code"]
    assert MazeSpec.from_code(obj["code"]).build().passage.astype(int).tolist() == obj["passages"]
    rc, out, _ = _cli("solve", "--code", obj["code"], "--solver", "wall-right", "--format", "json")
    assert rc == 0 and json.loads(out)["length"] == len(solve(MazeSpec.from_code(obj["code"]).build()).path) - 1
    rc, out, _ = _cli(
        "stats",
        "--shape",
        "square",
        "--algo",
        "all",
        "--size",
        "8x8",
        "--runs",
        "1",
        "--weave",
        "0.5",
        "--format",
        "json",
    )
    assert rc == 0 and {r["algorithm"] for r in json.loads(out)} == set(GENERIC)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--weave", "2"), "weave must be in 0..1"),
        (("--weave", "x"), "weave"),
        (("--weave", "0.5", "--algo", "binary-tree"), "cannot weave"),
        (("--weave", "0.5", "--shape", "upsilon"), "square or hex"),
        (("--weave", "0.5", "--braid", "0.5"), "braid cannot be combined"),
        (("--weave", "0.5", "--format", "ascii"), "ASCII output cannot show weave"),
    ],
)
def test_cli_bad_weave_is_one_line_exit_2(argv, words):
    base = {"--shape": "square", "--algo": "kruskal", "--size": "8x8"}
    args = list(argv)
    for k, v in base.items():
        if k not in args:
            args += [k, v]
    rc, out, err = _cli("generate", *args)
    assert rc == 2 and out == "" and words in err and err.count("\n") == 1


# -- drawing --------------------------------------------------------------
@pytest.mark.parametrize("shape", ["square", "hex"])
def test_bridge_geometry_lies_in_the_crossing_cell_and_replaces_the_under_walls(shape):
    from engine.maze.bridges import bridges, standing_walls
    from engine.maze.export import closed_segments

    maze = MazeSpec.create(shape, 12, 10, "kruskal", seed=8, weave=1.0).build()
    br = bridges(maze)
    k = len(maze.crossings)
    assert br.decks.shape == (k, 4, 2) and br.rails.shape == (k, 2, 2, 2) and len(br.segments) == 14 * k
    g = maze.grid
    for i, (x, a, b) in enumerate(maze.crossings.tolist()):
        poly = g.polygon(x)
        lo, hi = poly.min(axis=0) - 1e-9, poly.max(axis=0) + 1e-9
        pts = br.segments.reshape(14, k, 2, 2)[:, i].reshape(-1, 2)
        assert ((pts >= lo) & (pts <= hi)).all()  # every piece is inside the crossing cell's box
        oa, ob = over_ends(maze)[i]
        over = g.centers[ob] - g.centers[oa]
        for rail in br.rails[i]:
            d = rail[1] - rail[0]
            assert abs(float(d[0] * over[1] - d[1] * over[0])) < 1e-9  # rails run along the over corridor
        for y in (a, b):  # the crossing cell's wall towards each under end is not drawn whole
            assert g.edge_between(x, y) in br.hidden.tolist()
    segs, cells = standing_walls(maze)
    assert len(segs) == len(cells) == int((~maze.passage).sum()) - 2 * k + 14 * k
    assert len(closed_segments(maze)) == len(segs) + len(g.boundary)


def test_svg_and_png_draw_the_bridges(tmp_path):
    from PIL import Image

    from engine.maze.export import to_png, to_svg

    maze = MazeSpec.create("square", 10, 8, "backtracker", seed=1, weave=1.0).build()
    svg = to_svg(maze)

    def path_of(name: str) -> str:
        assert svg.count(f'class="{name}"') == 1
        return svg.split(f'class="{name}"')[1].split('"/>')[0]

    assert path_of("bridges").count("Z") == len(maze.crossings)
    assert path_of("posts").count("Z") == 4 * len(maze.crossings)  # four filled corners per crossing
    out = tmp_path / "w.png"
    px = 100  # big cells: wall lines 10 px wide leave the middle of each corner post uncovered
    to_png(maze, out, cell_px=px)
    img = Image.open(out).convert("RGB")
    x = maze.crossings[0, 0]
    cx, cy = maze.grid.centers[x]
    x0, _, _, y1 = maze.grid.bounds()

    def pixel(wx: float, wy: float) -> tuple[int, int, int]:
        return img.getpixel((int((wx - x0) * px + px / 2), int((y1 - wy) * px + px / 2)))

    assert pixel(cx, cy) == (0xD9, 0xD4, 0xC7)  # the deck colour at the crossing's centre
    # the middle of each corner post (0.43 cell from the centre both ways, between the rail at 0.36 and
    # the cell's edge at 0.5) is filled with the walls' colour, not a hole of floor
    for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
        assert pixel(cx + 0.43 * sx, cy + 0.43 * sy) == (0x1B, 0x1B, 0x1B)
    plain = MazeSpec.create("square", 10, 8, "backtracker", seed=1).build()
    assert 'class="bridges"' not in to_svg(plain)


def test_the_lab_refuses_weave_mazes_instead_of_showing_another_maze():
    from engine.modes.lab import LabRun

    with pytest.raises(ValueError, match="weave"):
        LabRun(MazeSpec.create("square", 8, 8, "kruskal", seed=1, weave=0.5))


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_quotient_hops_equal_the_generic_tables(shape):
    from engine.maze.generators._common import _build_hops
    from engine.maze.weave_quotient import quotient_hops

    base = make_grid(shape, 25, 20)
    q, _ = quotient_grid(base, place_crossings(base, 0.7, Rng(4)))
    a, b = quotient_hops(q), _build_hops(q)
    assert (a.full, a.step, a.clear, a.low, a.first, a.eid) == (b.full, b.step, b.clear, b.low, b.first, b.eid)


# -- races ----------------------------------------------------------------
@pytest.mark.parametrize("opponent", ["runner", "wall", "tremaux"])
def test_races_on_weave_mazes_reach_the_goal_through_tunnels(opponent):
    from engine.modes.race import OPPONENTS, make_race, paced_moves, replay

    assert opponent in OPPONENTS
    spec = RaceSpec.create(MazeSpec.create("square", 12, 10, "backtracker", seed=3, weave=1.0), opponent, "normal")
    race = make_race(spec)
    maze = race.maze
    adj = maze.open_lists()
    assert race.route[0] == maze.start and race.route[-1] == maze.goal
    assert all(b in adj[a] for a, b in itertools.pairwise(race.route))
    path = solve(maze, "bfs").path
    res = replay(make_race(spec).sim, paced_moves(path, 3))
    assert res.winner == "player" and res.player_steps == len(path) - 1
    under = {frozenset((a, b)) for _, a, b in maze.crossings.tolist()}
    assert any(frozenset(p) in under for p in itertools.pairwise(path))  # the race goes under a bridge


def test_a_maze_is_not_both_woven_and_shaped():
    """Weave and masks are separate modes for now: every door refuses the pair with one sentence."""
    import pytest

    from engine.codes import CodeError
    from engine.maze.analysis import compare
    from engine.maze.masks import Mask
    from engine.maze.recipe import MazeSpec

    with pytest.raises(ValueError, match="both woven"):
        MazeSpec.create("square", 20, 20, "backtracker", weave=0.5, mask=Mask.builtin("heart"))
    with pytest.raises(ValueError, match="both woven"):
        compare("square", 20, 20, ["backtracker"], 1, 0, mask=Mask.builtin("heart"), weave=0.5)
    woven = MazeSpec.create("square", 20, 20, "backtracker", weave=0.5)
    fields = [*woven.code_fields(), Mask.builtin("heart").field()]
    with pytest.raises(CodeError, match="both woven"):
        MazeSpec.from_fields(fields, woven.seed_text())


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_bridge_posts_fill_exactly_the_corners_outside_bridge_and_tunnel(shape):
    """A point of a crossing cell lies in one of its four posts exactly when it is outside both
    the bridge strip and the tunnel strip (sampled densely), and each post is counter-clockwise."""
    from engine.maze.bridges import HALF_WIDTH, _clipped_posts, bridge_posts, bridges
    from engine.maze.weave import over_ends

    maze = MazeSpec.create(shape, 9, 8, "backtracker", seed=2, weave=1.0).build()
    br = bridges(maze)
    posts = bridge_posts(maze)
    assert posts.shape[:2] == (len(maze.crossings), 4) and len(maze.crossings) >= 3
    if shape == "square":  # the square shortcut gives the general clipping's polygons
        clipped = _clipped_posts(maze)
        for mine, general in zip(posts, clipped, strict=True):  # the same four corners, in any order

            def corners(ps):
                return sorted(tuple(map(tuple, np.unique(p.round(9), axis=0).tolist())) for p in ps)

            assert corners(mine) == corners(general)
    g = maze.grid
    ends = over_ends(maze)
    rng = np.random.default_rng(5)
    for k, (x, c, d) in enumerate(maze.crossings.tolist()):
        o = g.centers[x]
        u = g.centers[ends[k, 1]] - g.centers[ends[k, 0]]
        v = g.centers[d] - g.centers[c]
        pu = np.array([-u[1], u[0]]) / np.hypot(*u)
        pv = np.array([-v[1], v[0]]) / np.hypot(*v)
        half = np.linalg.norm(br.rails[k, 0, 0] - br.rails[k, 1, 0]) / 2  # the strips' half width
        assert half <= HALF_WIDTH + 1e-12
        poly = g.polygon(x)
        lo, hi = poly.min(axis=0), poly.max(axis=0)
        pts = lo + rng.random((4000, 2)) * (hi - lo)
        in_cell = _inside_convex(poly, pts)
        outside_strips = (np.abs((pts - o) @ pu) > half + 1e-6) & (np.abs((pts - o) @ pv) > half + 1e-6)
        near_edge = (np.abs(np.abs((pts - o) @ pu) - half) < 1e-6) | (np.abs(np.abs((pts - o) @ pv) - half) < 1e-6)
        in_post = np.zeros(len(pts), dtype=bool)
        for post in posts[k]:
            assert _signed_area(post) > 0
            in_post |= _inside_convex(post, pts)
        keep = in_cell & ~near_edge
        assert np.array_equal(in_post[keep], outside_strips[keep])


def _signed_area(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def _inside_convex(poly: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Points inside a counter-clockwise convex polygon (repeated vertices allowed), strictly."""
    inside = np.ones(len(pts), dtype=bool)
    for a, b in zip(poly, np.roll(poly, -1, axis=0), strict=True):
        edge = b - a
        if np.hypot(*edge) < 1e-12:
            continue
        inside &= (edge[0] * (pts[:, 1] - a[1]) - edge[1] * (pts[:, 0] - a[0])) > 1e-9
    return inside


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_over_ends_are_the_first_two_open_neighbours(shape):
    """over_ends reads the crossing cells' CSR rows directly; it gives what the open lists say."""
    from engine.maze.weave import over_ends

    for seed in range(3):
        maze = MazeSpec.create(shape, 12, 9, "wilson", seed=seed, weave=1.0).build()
        lists = maze.open_lists()
        assert over_ends(maze).tolist() == [lists[x][:2] for x in maze.crossings[:, 0].tolist()]


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_quotient_twins_from_the_contraction_equal_the_sorted_ones(shape):
    """The CSR twins quotient_grid hands to quotient_hops are each edge's other entry (as sorting finds them)."""
    from engine.maze.weave_quotient import TWIN_KEY, _twins

    base = make_grid(shape, 25, 20)
    q, _ = quotient_grid(base, place_crossings(base, 0.7, Rng(4)))
    handed = q.memo(TWIN_KEY, lambda: None)
    assert handed is not None and np.array_equal(handed, _twins(q))
    assert (q.edge_id[handed] == q.edge_id).all() and (handed != np.arange(len(handed))).all()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hex_bridge_corners_closed_by_direction_are_the_edges_between_ring_cells(seed):
    """place_crossings closes each hex bridge's six corner edges by direction arithmetic; they are exactly the
    edges between consecutive ring cells (edges_between), and nothing else is closed besides the crossing's own."""
    from engine.maze.weave import edges_between

    grid = make_grid("hex", 37, 29)
    cr = place_crossings(grid, 0.6, Rng(seed))
    ip = grid.indptr.astype(np.int64)
    ring = grid.nbr[ip[cr.over][:, None] + np.arange(6)].astype(np.int64)
    corners = edges_between(grid, ring.ravel(), np.roll(ring, -1, axis=1).ravel())
    assert len(cr) and (corners >= 0).all()
    own = grid.edge_id[ip[cr.over][:, None] + np.arange(6)].ravel()
    expected = np.zeros(grid.num_edges, dtype=bool)
    expected[corners] = True
    expected[own] = True
    expected[cr.forced] = False
    assert np.array_equal(cr.closed, expected)


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_the_quotients_inline_backtracker_carves_the_general_maze(shape):
    """The backtracker's fast form on a quotient graph (per-node tuples unpacked inline) against the general
    walker (a visitor call per node) on a plain copy of the same graph and tables, with the same draws."""
    import copy

    from engine.maze.generators.backtracker import TUPLE_KINDS, backtracker_core
    from engine.maze.grids.base import build_grid
    from engine.maze.weave_quotient import quotient_hops

    grid = make_grid(shape, 30, 24)
    for seed in range(4):
        rng = Rng(seed)
        q, _ = quotient_grid(grid, place_crossings(grid, 0.5, rng))
        assert q.kind in TUPLE_KINDS
        general = build_grid("other", q.width, q.height, q.edges, (q.indptr, q.nbr, q.edge_id), q.layout)
        general.memo("generators.hops", lambda q=q: quotient_hops(q))
        fast = backtracker_core(q, copy.deepcopy(rng), None)
        assert np.array_equal(fast, backtracker_core(general, copy.deepcopy(rng), None))


@pytest.mark.parametrize("shape", ["square", "hex"])
@pytest.mark.parametrize(("w", "h"), [(3, 4), (9, 7), (30, 24), (41, 38)])
def test_the_walk_on_cell_ids_carves_the_quotients_tree(shape, w, h):
    """cell_walk (the quotient's nodes kept at their cells' ids, tables shared by pattern) gives the tree the
    backtracker carves on quotient_grid, with the same draws left in the stream, for several shares and seeds."""
    import copy

    from engine.maze.generators import GENERATORS
    from engine.maze.weave_quotient import cell_walk, quotient_hops

    grid = make_grid(shape, w, h)
    for share, seed in itertools.product((0.0, 0.3, 1.0), range(3)):
        rng = Rng(seed)
        cr = place_crossings(grid, share, rng)
        mine = copy.deepcopy(rng)
        q, base_edge = quotient_grid(grid, cr)
        q.memo("generators.hops", lambda q=q: quotient_hops(q))
        tree = GENERATORS["backtracker"].run(q, rng, {})
        got_edge, got = cell_walk(grid, cr, mine)
        assert np.array_equal(got_edge, base_edge) and np.array_equal(got, tree)
        assert rng.next_u64() == mine.next_u64()
