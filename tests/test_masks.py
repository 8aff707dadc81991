"""Shaped mazes: masks, masked grids, the K field of codes, the CLI options."""

from __future__ import annotations

import io
import json
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.codes import CodeError, decode_any, seal
from engine.maze.generators import GENERATORS, generate
from engine.maze.grids import SHAPES, make_grid
from engine.maze.grids.masked import MaskedGrid, bfs_distances, components, cut_grid, grid_box
from engine.maze.mask_font import TEXT_CHARS, clean_text, glyph, render_text
from engine.maze.masks import BUILTIN, MAX_CODE_PIXELS, Mask, inside_cells, mask_from_field
from engine.maze.recipe import MazeSpec
from engine.rng import Rng

MASKABLE = [g.name for g in GENERATORS.values() if g.masks]
SIZES = {"square": (24, 20), "hex": (22, 18), "triangle": (30, 18), "polar": (8, 8), "upsilon": (14, 12)}


def _connected_4(bits: np.ndarray) -> bool:
    """True when the True pixels of ``bits`` form one 4-connected region."""
    pts = list(zip(*np.nonzero(bits), strict=True))
    seen = {pts[0]}
    todo = deque([pts[0]])
    while todo:
        r, c = todo.popleft()
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if q not in seen and 0 <= q[0] < bits.shape[0] and 0 <= q[1] < bits.shape[1] and bits[q]:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(pts)


def _is_connected(grid) -> bool:
    return bool((bfs_distances(grid, 0) >= 0).all())


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    rc = main(argv, out=out, err=err)
    return rc, out.getvalue(), err.getvalue()


# -- the font ---------------------------------------------------------------------
def test_every_font_character_has_a_glyph_and_text_renders_as_one_shape():
    for ch in TEXT_CHARS:
        assert glyph(ch).shape == (7, 5)
        assert ch == " " or glyph(ch).any()
    for text in ("HELLO", "KXZ 2026", "MAZE-1", "WAVY W", "ABCDEFGHIJKL", "MNOPQRSTUVWX", "YZ0123456789"):
        bits = render_text(text)
        assert bits.shape == (8, 6 * len(clean_text(text)) - 1)
        assert _connected_4(bits), text


@pytest.mark.parametrize("bad", ["", "   ", "A" * 13, "HI!", "é"])
def test_bad_mask_text_is_one_sentence(bad):
    with pytest.raises(ValueError, match="mask text"):
        Mask.text(bad)


# -- masks and their code fields ---------------------------------------------------------
def test_builtin_names_never_read_as_text_or_picture_fields():
    for name in BUILTIN:
        assert name[0].upper() not in "TB"
        assert mask_from_field(Mask.builtin(name).field()) == Mask.builtin(name)


def test_builtin_shapes_hold_their_centre_and_drop_corners():
    u = np.array([0.5, 0.0, 1.0, 0.0, 1.0])
    v = np.array([0.45, 0.0, 0.0, 1.0, 1.0])
    for name in BUILTIN:
        got = Mask.builtin(name).inside(u, v)
        assert not got[1:].any(), name
        assert got[0] or name in ("ring", "moon"), name
    assert not Mask.builtin("ring").inside(np.array([0.5]), np.array([0.5]))[0]


def test_text_and_picture_fields_round_trip():
    for mask in (Mask.text("hi  there"), Mask.text("a-1"), Mask.from_bitmap(np.eye(7, 9, dtype=bool))):
        field = mask.field()
        assert field.startswith("K")
        assert mask_from_field(field) == mask
    assert Mask.text("hi  there").field() == "KTHI_THERE"


def test_picture_masks_travel_up_to_the_limit_then_not():
    small = Mask.from_bitmap(np.ones((40, 40), dtype=bool))
    assert small.codable and len(small.field()) < 330
    big = Mask.from_bitmap(np.ones((41, 40), dtype=bool))
    assert 41 * 40 > MAX_CODE_PIXELS and not big.codable
    with pytest.raises(ValueError, match="no code"):
        big.field()


@pytest.mark.parametrize(
    "field",
    ["KNOPE", "KT", "KTA__B", "KT_A", "KTABCDEFGHIJKLM", "KB", "KB2X2", "KB0X3_1", "KB65X1_1", "KB2X2_0",
     "KB2X2_ZZZZ", "KB2X2_0F", "KB02X2_F", "KBAXB_1", "K"],
)
def test_bad_mask_fields_are_one_sentence(field):
    with pytest.raises(CodeError) as info:
        mask_from_field(field)
    msg = str(info.value)
    assert msg.endswith(".") and "\n" not in msg


def test_picture_files(tmp_path):
    from PIL import Image, ImageDraw

    im = Image.new("RGBA", (20, 10), (0, 0, 0, 0))  # transparent counts as white
    ImageDraw.Draw(im).rectangle((2, 2, 9, 7), fill=(0, 0, 0, 255))
    im.save(tmp_path / "shape.png")
    mask = Mask.from_image(tmp_path / "shape.png")
    bm = mask.bitmap()
    assert bm is not None and bm.shape == (10, 20) and int(bm.sum()) == 8 * 6 and bm[2, 2] and not bm[0, 0]
    assert mask_from_field(mask.field()) == mask and mask.source == "shape.png"
    (tmp_path / "junk.png").write_bytes(b"not a picture")
    Image.new("L", (4, 4), 255).save(tmp_path / "white.png")
    for name, words in (("junk.png", "not a picture"), ("white.png", "no dark pixel"), ("nope.png", "no such file")):
        with pytest.raises(ValueError, match=words):
            Mask.parse(str(tmp_path / name))


# -- masked grids ---------------------------------------------------------------------
@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("name", list(BUILTIN))
def test_masked_grid_is_the_inside_cells_with_consistent_topology(shape, name):
    base = make_grid(shape, *SIZES[shape])
    mask = Mask.builtin(name)
    inside = inside_cells(mask, base.centers, grid_box(base))
    g = MazeSpec.create(shape, *SIZES[shape], "kruskal", mask=mask).make_grid()
    assert isinstance(g, MaskedGrid) and g.masked and g.kind == shape
    assert g.n >= 2 and inside[g.cells].all() and g.n + g.dropped == int(inside.sum())
    np.testing.assert_allclose(g.centers, base.centers[g.cells])
    # edges: exactly the base edges between kept cells, in base order, a < b
    keep = np.zeros(base.n, dtype=bool)
    keep[g.cells] = True
    base_kept = base.edges[keep[base.edges[:, 0]] & keep[base.edges[:, 1]]]
    np.testing.assert_array_equal(g.cells[g.edges], base_kept)
    assert (g.edges[:, 0] < g.edges[:, 1]).all()
    # CSR: each cell's neighbours are the base's kept ones, in the base's counter-clockwise order
    for c in range(0, g.n, max(1, g.n // 40)):
        want = [x for x in base.neighbors(int(g.cells[c])).tolist() if keep[x]]
        assert g.cells[g.neighbors(c)].tolist() == want
        for d, e in zip(g.neighbors(c).tolist(), g.edge_id[g.indptr[c]:g.indptr[c + 1]].tolist(), strict=True):
            assert sorted(g.edges[e].tolist()) == sorted([c, d])
    assert _is_connected(g)
    # start and goal: a double sweep, so one is a farthest cell from the other
    ds, dg = bfs_distances(g, g.start), bfs_distances(g, g.goal)
    assert g.start != g.goal and (ds[g.goal] == ds.max() or dg[g.start] == dg.max())
    # geometry: walls of kept edges, and a closed boundary (every vertex used an even number of times)
    np.testing.assert_allclose(g.walls, base.walls[np.flatnonzero(keep[base.edges[:, 0]] & keep[base.edges[:, 1]])])
    pts = np.round(g.boundary.reshape(-1, 2) * 1e6).astype(np.int64)
    _, counts = np.unique(pts, axis=0, return_counts=True)
    assert (counts % 2 == 0).all()


@pytest.mark.parametrize("shape", list(SHAPES))
def test_an_all_inside_mask_keeps_the_grid_and_its_boundary(shape):
    base = make_grid(shape, *SIZES[shape])
    g = cut_grid(base, np.ones(base.n, dtype=bool), "full")
    assert g.n == base.n and g.num_edges == base.num_edges and g.dropped == 0
    length = lambda segs: float(np.linalg.norm(segs[:, 1] - segs[:, 0], axis=1).sum())  # noqa: E731
    assert length(g.boundary) == pytest.approx(length(base.boundary))


def test_the_largest_part_is_kept_and_the_rest_counted():
    bits = np.zeros((10, 20), dtype=bool)
    bits[1:4, 1:4] = True  # small blob, upper left
    bits[2:9, 8:18] = True  # big blob
    mask = Mask.from_bitmap(bits)
    g = MazeSpec.create("square", 20, 10, "wilson", mask=mask).make_grid()
    assert g.n == 7 * 10 and g.dropped == 9
    assert (g.col >= 8).all() and "largest connected part" in g.note()


def test_too_small_a_shape_is_refused_at_create_and_at_decode():
    dot = Mask.from_bitmap(np.array([[0, 0, 0], [0, 1, 0], [0, 0, 0]], dtype=bool))
    with pytest.raises(ValueError, match="fewer than 2 connected cells"):
        MazeSpec.create("square", 3, 3, "wilson", mask=dot)
    code = seal(f"M2.S3X3.WI.{dot.field()}#0")
    with pytest.raises(CodeError, match="fewer than 2 connected cells"):
        decode_any(code)


def test_components_agree_with_a_breadth_first_search():
    rng = Rng(5)
    base = make_grid("hex", 30, 20)
    inside = np.array([rng.below(100) < 55 for _ in range(base.n)])
    both = inside[base.edges[:, 0]] & inside[base.edges[:, 1]]
    label = components(base.n, base.edges[both])
    adj: list[list[int]] = [[] for _ in range(base.n)]
    for a, b in base.edges[both].tolist():
        adj[a].append(b)
        adj[b].append(a)
    for c in range(base.n):  # the label is the smallest id reachable
        seen, todo = {c}, [c]
        while todo:
            for d in adj[todo.pop()]:
                if d not in seen:
                    seen.add(d)
                    todo.append(d)
        assert label[c] == min(seen)


# -- generators on masked grids ------------------------------------------------------
@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("algo", MASKABLE)
def test_every_generator_carves_a_perfect_deterministic_shaped_maze(shape, algo):
    if shape not in GENERATORS[algo].shapes:
        pytest.skip("unsupported pair")
    for mask in (Mask.builtin("heart"), Mask.builtin("ring"), Mask.text("OK")):
        spec = MazeSpec.create(shape, *SIZES[shape], algo, mask=mask, seed=11)
        maze = spec.build()
        g = maze.grid
        assert int(maze.passage.sum()) == g.n - 1
        dist = bfs_distances(g, 0)  # the grid graph is connected; now the maze itself
        assert (dist >= 0).all()
        from engine.maze.solvers.bfs import shortest_path

        assert shortest_path(maze.open_lists(), maze.start, maze.goal)[-1] == maze.goal
        assert len({c for c in range(g.n) if maze.open_lists()[c]}) == g.n
        assert MazeSpec.from_code(spec.code()).build().digest() == maze.digest()


@pytest.mark.parametrize("algo", [g.name for g in GENERATORS.values() if not g.masks])
def test_row_generators_refuse_shaped_grids_with_a_sentence(algo):
    shape = GENERATORS[algo].shapes[0]
    with pytest.raises(ValueError, match="cannot carve a shaped"):
        MazeSpec.create(shape, 12, 12, algo, mask=Mask.builtin("circle"))
    g = MazeSpec.create(shape, 12, 12, "wilson", mask=Mask.builtin("circle")).make_grid()
    with pytest.raises(ValueError, match="cannot carve a shaped"):
        generate(g, algo, Rng(1))
    letter = {"square": "S", "hex": "H", "polar": "P"}[shape]
    with pytest.raises(CodeError, match="cannot carve a shaped"):
        decode_any(seal(f"M2.{letter}12X12.{GENERATORS[algo].code}.KCIRCLE#1"))


def test_square_fast_tables_refuse_a_masked_grid():
    from engine.maze.grids.square import square_tables

    g = MazeSpec.create("square", 10, 10, "wilson", mask=Mask.builtin("diamond")).make_grid()
    with pytest.raises(ValueError, match="full square"):
        square_tables(g)


def test_every_solver_solves_a_shaped_maze():
    from engine.maze.solvers import SOLVERS, solve

    maze = MazeSpec.create("hex", 20, 16, "backtracker", mask=Mask.builtin("star"), seed=2).build()
    for name in SOLVERS:
        res = solve(maze, name)
        assert res.path[0] == maze.start and res.path[-1] == maze.goal, name


# -- codes ---------------------------------------------------------------------------
def test_mask_field_order_and_spelling():
    spec = MazeSpec.create("square", 20, 15, "growing-tree", braid=0.25, seed=9, mask=Mask.builtin("heart"),
                           dark=True)
    code = spec.code()
    assert ".B25.KHEART.D#" in code
    assert MazeSpec.from_code(code) == spec
    plain = spec.with_mask(None)
    assert ".K" not in plain.code() and plain.build().grid.masked is False
    bad_order = seal(code.rsplit("-", 1)[0].replace(".B25.KHEART", ".KHEART.B25"))
    with pytest.raises(CodeError):
        decode_any(bad_order)
    twice = seal(code.rsplit("-", 1)[0].replace(".KHEART", ".KHEART.KSTAR"))
    with pytest.raises(CodeError, match="twice"):
        decode_any(twice)


def test_race_and_ghost_codes_carry_the_mask():
    from engine.maze.solvers.bfs import shortest_path
    from engine.modes.ghost import Ghost
    from engine.modes.race import RaceSpec

    spec = MazeSpec.create("triangle", 24, 14, "prim", seed=4, mask=Mask.text("GO"))
    race = RaceSpec.create(spec, "wall-follower")
    assert ".KTGO" in race.code() and RaceSpec.from_code(race.code()).maze == spec
    maze = spec.build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    ghost = Ghost.record(spec.level(maze), [(i * 10, c) for i, c in enumerate(path[1:])])
    again = Ghost.from_code(ghost.code())
    assert again.spec == spec and again.path == path


# -- the command line -------------------------------------------------------------------
def test_cli_generate_json_has_the_shape_only():
    rc, out, err = _run(["generate", "--shape", "hex", "--size", "20x16", "--algo", "wilson", "--mask", "heart",
                         "--format", "json", "--seed", "3"])
    assert rc == 0 and err == ""
    d = json.loads(out)
    spec = MazeSpec.from_code(d["code"])
    assert spec.mask == Mask.builtin("heart")
    assert d["cells"] == spec.build().grid.n < 20 * 16
    assert max(max(e) for e in d["edges"]) < d["cells"] and len(d["passages"]) == len(d["edges"])
    assert sum(d["passages"]) == d["cells"] - 1
    assert d["mask"] == {"kind": "builtin", "name": "heart", "dropped": 0}


def test_cli_notes_dropped_cells_and_missing_codes(tmp_path):
    rc, out, err = _run(["generate", "--shape", "square", "--size", "12x6", "--algo", "kruskal",
                         "--mask-text", "kxz", "--format", "json"])
    assert rc == 0 and "largest connected part" in err and err.count("\n") == 1
    assert json.loads(out)["mask"]["dropped"] > 0
    from PIL import Image, ImageDraw

    im = Image.new("L", (90, 60), 255)
    ImageDraw.Draw(im).ellipse((5, 5, 85, 55), fill=0)
    im.save(tmp_path / "big.png")
    rc, out, err = _run(["generate", "--shape", "square", "--size", "30x20", "--algo", "wilson",
                         "--mask", str(tmp_path / "big.png"), "--format", "json"])
    assert rc == 0 and json.loads(out)["code"] is None and "has no code" in err
    assert json.loads(out)["mask"]["source"] == "big.png"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--mask", "blob"], "unknown mask"),
        (["--mask", "/no/such/file.png"], "no such file"),
        (["--mask", "heart", "--mask-text", "HI"], "not both"),
        (["--mask-text", "HI!"], "font lacks"),
        (["--mask", "heart", "--algo", "sidewinder"], "cannot carve a shaped"),
        (["--mask", " "], "unknown mask"),
        (["--mask", "cross", "--size", "2x2"], "fewer than 2"),
    ],
)
def test_cli_mask_errors_are_one_line(argv, words):
    base = ["generate", "--shape", "square", "--size", "16x16", "--algo", "wilson", "--format", "json"]
    args = base + argv
    if "--algo" in argv:
        i = base.index("--algo")
        args = base[:i] + base[i + 2:] + argv
    if "--size" in argv:
        i = args.index("--size")
        args = args[:i] + args[i + 2:]
    rc, out, err = _run(args)
    assert rc == 2 and out == "" and words in err and err.count("\n") == 1 and "Traceback" not in err


def test_cli_list_solve_and_show_know_masks():
    rc, out, _ = _run(["list"])
    assert rc == 0 and all(name in out for name in BUILTIN) and "--mask-text" in out
    rc, out, _ = _run(["solve", "--shape", "polar", "--size", "8x8", "--algo", "prim", "--mask", "star"])
    code = out.split()[0]
    assert rc == 0 and ".KSTAR" in code
    rc, out, _ = _run(["show", code, "--format", "json"])
    assert rc == 0 and json.loads(out)["mask"] == {"kind": "builtin", "name": "star"}


def test_shaped_pictures_export(tmp_path):
    from engine.maze import export

    maze = MazeSpec.create("upsilon", 12, 10, "wilson", mask=Mask.builtin("moon")).build()
    svg = export.to_svg(maze)
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    export.to_png(maze, str(tmp_path / "m.png"))
    assert (tmp_path / "m.png").stat().st_size > 0


def test_ascii_of_a_shaped_square_maze():
    from engine.maze import export
    from engine.maze.model import Maze

    base = make_grid("square", 9, 7)
    full = cut_grid(base, np.ones(base.n, dtype=bool), "full")  # every cell: the plain picture
    passage = MazeSpec.create("square", 9, 7, "wilson", seed=4).build().passage
    plain = export.to_ascii(Maze(base, passage, 0, 1)).replace(" S ", "   ").replace(" G ", "   ")
    shaped = export.to_ascii(Maze(full, passage, 0, 1)).replace(" S ", "   ").replace(" G ", "   ")
    assert shaped == "\n".join(line.rstrip() for line in plain.split("\n"))
    maze = MazeSpec.create("square", 14, 10, "backtracker", mask=Mask.builtin("heart")).build()
    art = export.to_ascii(maze).split("\n")
    assert len(art) == 2 * 10 + 1 and max(map(len, art)) <= 4 * 14 + 1
    assert sum(line.count(" S ") for line in art) == 1 and sum(line.count(" G ") for line in art) == 1
    assert art[0].startswith(" ")  # the heart's top corners are cut away
    rc, out, _ = _run(["generate", "--shape", "square", "--size", "14x10", "--algo", "backtracker", "--mask", "heart"])
    assert rc == 0 and out.rstrip("\n").split("\n") == art


def test_cli_stats_compares_on_a_shaped_grid():
    rc, out, err = _run(["stats", "--shape", "hex", "--algo", "all", "--size", "16x16", "--runs", "2",
                         "--mask", "star", "--format", "json"])
    assert rc == 0 and err == ""
    rows = json.loads(out)
    assert {r["algorithm"] for r in rows} == {g for g in MASKABLE if "hex" in GENERATORS[g].shapes}
    cells = MazeSpec.create("hex", 16, 16, "wilson", mask=Mask.builtin("star")).make_grid().n
    assert all(r["cells"] == cells and r["passages"] == cells - 1 and r["perfect_share"] == 1 for r in rows)
    rc, _, err = _run(["stats", "--shape", "square", "--algo", "eller", "--size", "16x16", "--mask", "star"])
    assert rc == 2 and "cannot carve a shaped" in err


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_", min_size=0, max_size=40))
def test_any_mask_field_decodes_to_its_own_spelling_or_one_sentence(body):
    field = "K" + body
    try:
        mask = mask_from_field(field)
    except CodeError as exc:
        assert str(exc).endswith(".") and "\n" not in str(exc)
        return
    assert mask.field() == field and mask_from_field(mask.field()) == mask


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.booleans(), min_size=3, max_size=3), min_size=2, max_size=5))
def test_picture_fields_round_trip_any_small_bitmap(rows):
    bits = np.array(rows, dtype=bool)
    if not bits.any():
        return
    mask = Mask.from_bitmap(bits)
    again = mask_from_field(mask.field())
    assert again == mask and np.array_equal(again.bitmap(), bits)


def _smallest_above(shape: str, width: int) -> tuple[int, int] | None:
    """The smallest height with ``width`` whose grid has more cells than the decode check cuts."""
    from engine.maze.grids import SHAPES, cell_count
    from engine.maze.recipe import CUT_CHECK_CELLS

    info = SHAPES[shape]
    for h in range(info.min_size, info.max_size + 1):
        if cell_count(shape, width, h) > CUT_CHECK_CELLS:
            return width, h
    return None


def test_codes_above_the_cut_check_size_always_leave_a_connected_shape():
    """Why decoding a big built-in/text mask code need not cut its grid: at the smallest sizes above
    CUT_CHECK_CELLS, every shape, both extreme aspects and a square-ish one, every built-in mask and
    thin texts keep at least 2 connected cells (the cut itself keeps only the largest connected part)."""
    from engine.maze.grids import SHAPES, cell_count
    from engine.maze.grids.masked import masked_grid
    from engine.maze.masks import BUILTIN, Mask
    from engine.maze.recipe import CUT_CHECK_CELLS

    masks = [Mask.builtin(name) for name in BUILTIN] + [Mask.text("IIIIIIIIIIII"), Mask.text("I"), Mask.text("-")]
    for shape, info in SHAPES.items():
        sizes = {s for w in (info.min_size, info.max_size) if (s := _smallest_above(shape, w))}
        sizes |= {(h, w) for w, h in sizes if info.min_size <= h <= info.max_size}
        side = next(w for w in range(info.min_size, info.max_size + 1) if cell_count(shape, w, w) > CUT_CHECK_CELLS)
        sizes.add((side, side))
        for w, h in sorted(sizes):
            for mask in masks:
                assert masked_grid(shape, w, h, mask).n >= 2, (shape, w, h, mask.label())


def test_cell_count_matches_the_grids():
    from engine.maze.grids import SHAPES, cell_count, make_grid

    for shape in SHAPES:
        for w, h in ((4, 4), (5, 9), (31, 17), (100, 7), (9, 120)):
            assert cell_count(shape, w, h) == make_grid(shape, w, h).n, (shape, w, h)


def test_decoding_a_big_shaped_code_builds_no_grid():
    """Checking a 1000x1000 shaped code stays bounded: no grid is cut while decoding."""
    import engine.maze.grids.masked as masked
    from engine.maze.recipe import MazeSpec

    calls: list[object] = []
    real = masked.cut_grid
    masked.cut_grid = lambda *a, **k: calls.append(a) or real(*a, **k)  # type: ignore[assignment]
    try:
        spec = MazeSpec.from_code("M2.H1000X1000.BT.KHEART#0-SM")
    finally:
        masked.cut_grid = real  # type: ignore[assignment]
    assert spec.mask is not None and spec.mask.name == "heart" and calls == []
