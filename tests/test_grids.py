"""Invariants of every tessellation: graph, CSR adjacency, geometry, registry."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.maze.grids import SHAPES, canonical_shape, make_grid
from engine.maze.grids.base import Grid
from engine.maze.grids.polar import ring_counts, unit_circle

SIZES = {
    "square": [(2, 2), (3, 2), (5, 7), (12, 9)],
    "hex": [(2, 2), (3, 2), (5, 7), (12, 9)],
    "triangle": [(2, 2), (3, 2), (5, 7), (12, 9)],
    "polar": [(4, 4), (5, 6), (8, 5), (12, 9)],
    "upsilon": [(2, 2), (3, 2), (5, 7), (9, 8)],
}
CASES = [(shape, w, h) for shape, sizes in SIZES.items() for w, h in sizes]


def _grid(shape: str, w: int, h: int) -> Grid:
    return make_grid(shape, w, h)


def _key(p: np.ndarray, q: np.ndarray) -> tuple:
    a, b = (float(p[0]), float(p[1])), (float(q[0]), float(q[1]))
    return (a, b) if a <= b else (b, a)


def _signed_area(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def _inside(points: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """Strict-ish even-odd point-in-polygon test, vectorised over points."""
    x, y = points[:, 0][:, None], points[:, 1][:, None]
    x1, y1 = poly[:, 0][None, :], poly[:, 1][None, :]
    x2, y2 = np.roll(poly[:, 0], -1)[None, :], np.roll(poly[:, 1], -1)[None, :]
    crosses = (y1 > y) != (y2 > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
    return (np.sum(crosses & (xc > x), axis=1) % 2) == 1


def _split_at_vertices(segments: np.ndarray, vertices: np.ndarray) -> list[np.ndarray]:
    """Cut boundary segments at the polygon vertices lying on them (a long straight
    boundary segment may span several cell sides, as in the square grid)."""
    verts = np.unique(vertices, axis=0)
    out = []
    for p, q in segments:
        d = q - p
        rel = verts - p
        t = rel @ d / (d @ d)
        off = np.abs(rel[:, 0] * d[1] - rel[:, 1] * d[0]) / math.hypot(*d)
        on = (off < 1e-9) & (t > 1e-12) & (t < 1 - 1e-12)
        pts = [p] + [verts[i] for i in np.flatnonzero(on)[np.argsort(t[on])]] + [q]
        out.extend(np.array([a, b]) for a, b in zip(pts, pts[1:], strict=False))
    return out


def check_graph(g: Grid) -> None:
    e = g.edges
    assert e.dtype == np.int32 and e.shape == (g.num_edges, 2)
    assert np.all(e[:, 0] < e[:, 1])
    assert len({(int(a), int(b)) for a, b in e}) == g.num_edges
    assert g.indptr[0] == 0 and g.indptr[-1] == 2 * g.num_edges
    assert np.all(np.diff(g.indptr) >= 1)
    assert np.array_equal(np.bincount(g.edge_id, minlength=g.num_edges), np.full(g.num_edges, 2))
    src = np.repeat(np.arange(g.n), np.diff(g.indptr))
    pair = np.sort(np.stack([src, g.nbr], axis=1), axis=1)
    assert np.array_equal(pair, e[g.edge_id])
    assert not np.any(src == g.nbr)
    # counter-clockwise: angles to the neighbours strictly increase within each cell
    d = g.centers[g.nbr] - g.centers[src]
    ang = np.arctan2(d[:, 1], d[:, 0])
    same = src[1:] == src[:-1]
    assert np.all(np.diff(ang)[same] > 1e-6), "neighbour directions must be clearly distinct"
    # portable order: a direction at the +-pi cut must be exactly west (dy == 0), never
    # a rounding-dependent hair above or below it
    near_cut = np.abs(np.abs(ang) - math.pi) < 1e-6
    assert np.all(d[near_cut, 1] == 0) and np.all(ang[near_cut] == math.pi)
    # connected
    seen = np.zeros(g.n, dtype=bool)
    seen[0] = True
    stack = [0]
    while stack:
        c = stack.pop()
        for b in g.nbr[g.indptr[c] : g.indptr[c + 1]].tolist():
            if not seen[b]:
                seen[b] = True
                stack.append(b)
    assert seen.all()
    assert 0 <= g.start < g.n and 0 <= g.goal < g.n and g.start != g.goal


def check_geometry(g: Grid) -> None:
    assert g.centers.shape == (g.n, 2)
    assert g.poly_indptr.shape == (g.n + 1,)
    assert g.walls.shape == (g.num_edges, 2, 2)
    areas = np.array([_signed_area(g.polygon(c)) for c in range(g.n)])
    assert np.all(areas > 0), "polygons must be counter-clockwise"
    sides: Counter = Counter()
    vertex_sets = []
    for c in range(g.n):
        p = g.polygon(c)
        vertex_sets.append({(float(x), float(y)) for x, y in p})
        assert len(vertex_sets[-1]) == len(p), "no repeated vertices"
        for i in range(len(p)):
            sides[_key(p[i], p[(i + 1) % len(p)])] += 1
    # every wall is a side of both its cells, with endpoints that are vertices of both
    wall_keys = Counter()
    for (a, b), seg in zip(g.edges.tolist(), g.walls, strict=True):
        k = _key(seg[0], seg[1])
        wall_keys[k] += 1
        for cell in (a, b):
            for pt in k:
                assert pt in vertex_sets[cell]
        assert seg[0].tolist() != seg[1].tolist()
    bound_keys = Counter(_key(a, b) for a, b in _split_at_vertices(g.boundary, g.poly_xy))
    assert max(wall_keys.values()) == 1 and max(bound_keys.values()) == 1
    assert not set(wall_keys) & set(bound_keys)
    # walls (twice: one per cell) + boundary (once) cover all polygon sides exactly
    expected = Counter({k: 2 for k in wall_keys}) + bound_keys
    assert sides == expected
    # sum of the cells' areas equals the area enclosed by the boundary (Green, oriented by polygons)
    b = g.boundary
    oriented = 0.0
    side_dir = {}
    for c in range(g.n):
        p = g.polygon(c)
        for i in range(len(p)):
            q = p[(i + 1) % len(p)]
            side_dir[((float(p[i][0]), float(p[i][1])), (float(q[0]), float(q[1])))] = True
    for s in _split_at_vertices(b, g.poly_xy):
        p0, p1 = (float(s[0][0]), float(s[0][1])), (float(s[1][0]), float(s[1][1]))
        if (p0, p1) not in side_dir:
            p0, p1 = p1, p0
        assert (p0, p1) in side_dir
        oriented += 0.5 * (p0[0] * p1[1] - p1[0] * p0[1])
    assert math.isclose(oriented, float(areas.sum()), rel_tol=1e-9)
    # no overlap: each centre lies in its own polygon only; random points lie in at most one
    xmin, ymin, xmax, ymax = g.bounds()
    k = np.arange(400)
    samples = np.stack([xmin + (xmax - xmin) * ((k * 0.618034) % 1), ymin + (ymax - ymin) * ((k * 0.414214) % 1)], 1)
    hits = np.zeros(len(samples), dtype=np.int64)
    for c in range(g.n):
        inside = _inside(g.centers, g.polygon(c))
        assert inside[c]
        assert inside.sum() == 1
        hits += _inside(samples, g.polygon(c))
    assert hits.max() <= 1
    for c in range(0, g.n, max(1, g.n // 40)):
        assert g.cell_at(*g.centers[c]) == c


@pytest.mark.parametrize(("shape", "w", "h"), CASES)
def test_graph_invariants(shape, w, h):
    g = _grid(shape, w, h)
    assert g.kind == shape and g.width == w and g.height == h
    check_graph(g)


@pytest.mark.parametrize(("shape", "w", "h"), CASES)
def test_geometry_invariants(shape, w, h):
    check_geometry(_grid(shape, w, h))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(sorted(SHAPES)), st.integers(0, 9), st.integers(0, 9))
def test_random_sizes(shape, dw, dh):
    lo = SHAPES[shape].min_size
    g = make_grid(shape, lo + dw, lo + dh)
    check_graph(g)
    check_geometry(g)


def _rows_cols(g: Grid) -> None:
    cells = g.row >= 0
    assert np.all(g.col[cells] >= 0)
    assert len(set(zip(g.row[cells].tolist(), g.col[cells].tolist(), strict=True))) == int(cells.sum())


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "upsilon"])
def test_rows_start_goal(shape):
    g = make_grid(shape, 6, 5)
    _rows_cols(g)
    assert (g.row[g.start], g.col[g.start]) == (4, 0)  # top-left
    assert (g.row[g.goal], g.col[g.goal]) == (0, 5)  # bottom-right
    assert g.centers[g.start][1] > g.centers[g.goal][1]
    assert g.centers[g.start][0] < g.centers[g.goal][0]


def test_hex_degrees_and_shape():
    g = make_grid("hex", 7, 6)
    deg = g.degree()
    interior = (g.row > 0) & (g.row < 5) & (g.col > 0) & (g.col < 6)
    assert np.all(deg[interior] == 6) and deg.max() == 6 and deg.min() >= 2
    p = g.polygon(0)
    lengths = np.hypot(*(np.roll(p, -1, axis=0) - p).T)
    assert np.allclose(lengths, 1 / math.sqrt(3))
    d = g.centers[g.nbr] - np.repeat(g.centers, np.diff(g.indptr), axis=0)
    assert np.allclose(np.hypot(d[:, 0], d[:, 1]), 1.0)


def test_triangle_degrees_and_shape():
    g = make_grid("triangle", 8, 6)
    deg = g.degree()
    interior = (g.row > 0) & (g.row < 5) & (g.col > 0) & (g.col < 7)
    assert np.all(deg[interior] == 3) and deg.max() == 3
    up = (g.row + g.col) % 2 == 0
    assert np.all(g.centers[up, 1] - g.row[up] * math.sqrt(3) / 2 < math.sqrt(3) / 4)  # centroid in the lower half
    p = g.polygon(0)
    assert np.allclose(np.hypot(*(np.roll(p, -1, axis=0) - p).T), 1.0)


def test_upsilon_degrees_and_counts():
    w, h = 6, 5
    g = make_grid("upsilon", w, h)
    assert g.n == w * h + (w - 1) * (h - 1)
    deg = g.degree()
    octagon = np.arange(g.n) < w * h
    interior = octagon & (g.row > 0) & (g.row < h - 1) & (g.col > 0) & (g.col < w - 1)
    assert np.all(deg[interior] == 8)
    assert np.all(deg[~octagon] == 4)
    assert np.all(g.row[~octagon] == -1)
    assert all(len(g.polygon(c)) == 8 for c in range(w * h))
    assert all(len(g.polygon(c)) == 4 for c in range(w * h, g.n))
    p = g.polygon(0)
    assert np.allclose(np.hypot(*(np.roll(p, -1, axis=0) - p).T), math.sqrt(2) - 1)
    # squares only touch octagons
    for c in range(w * h, g.n):
        assert np.all(g.neighbors(c) < w * h)


@pytest.mark.parametrize(("w", "h"), [(4, 4), (6, 10), (20, 12)])
def test_polar_rings(w, h):
    g = make_grid("polar", w, h)
    counts = ring_counts(w, h)
    assert counts[0] == w and len(counts) == h and g.n == sum(counts)
    assert all(b in (a, 2 * a) for a, b in zip(counts, counts[1:], strict=False))
    assert np.array_equal(np.bincount(g.row), counts)
    deg = g.degree()
    assert deg.max() <= 5 and deg[g.row == 0].max() <= 4
    assert g.row[g.start] == 0 and g.row[g.goal] == h - 1
    # neighbours: two in the ring, one inward (outside ring 0), one or two outward
    for c in range(g.n):
        rows = g.row[g.neighbors(c)]
        assert np.sum(rows == g.row[c]) == 2
        assert np.sum(rows == g.row[c] - 1) == (1 if g.row[c] > 0 else 0)
        assert np.sum(rows == g.row[c] + 1) in ((0,) if g.row[c] == h - 1 else (1, 2))
    # outer cells look round: the rim has short pieces on a circle
    r = np.hypot(g.boundary[..., 0], g.boundary[..., 1])
    outer = r.max()
    assert np.allclose(r[r > outer - 1e-9], outer)
    seg = g.boundary[:, 1] - g.boundary[:, 0]
    piece_angle = np.hypot(seg[:, 0], seg[:, 1]) / np.maximum(r[:, 0], 1e-9)
    assert piece_angle.max() < math.radians(5.01)
    # cells stay roughly square along their middle arc
    mid = g.centers
    arc = 2 * math.pi * np.hypot(mid[:, 0], mid[:, 1]) / np.array(counts)[g.row]
    assert arc[g.row > 0].max() <= math.sqrt(2) + 1e-9 or w < 8


def test_registry_and_aliases():
    assert list(SHAPES) == ["square", "hex", "triangle", "polar", "upsilon"]
    for name, info in SHAPES.items():
        assert info.name == name and info.min_size >= 2 and info.max_size > info.min_size
        assert info.summary and info.size_help
        g = info.make(info.min_size, info.min_size)
        assert g.kind == name
    for alias, canon in [("Hexagonal", "hex"), ("circular", "polar"), ("octagon", "upsilon"), ("tri", "triangle")]:
        assert canonical_shape(alias) == canon
        assert make_grid(alias, 4, 4).kind == canon
    assert make_grid("square", np.int64(3), 4).n == 12


def test_make_grid_errors():
    with pytest.raises(ValueError, match="known: square, hex, triangle, polar, upsilon"):
        make_grid("pentagon", 5, 5)
    for name, info in SHAPES.items():
        with pytest.raises(ValueError, match=f"{info.min_size}..{info.max_size}"):
            make_grid(name, info.min_size - 1, info.min_size)
        with pytest.raises(ValueError, match=f"{info.min_size}..{info.max_size}"):
            make_grid(name, info.min_size, info.max_size + 1)
        with pytest.raises(ValueError):
            info.make(info.max_size + 1, info.min_size)
    with pytest.raises(ValueError):
        make_grid("hex", 3.5, 4)


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_deterministic(shape):
    a = make_grid(shape, 7, 6)
    b = make_grid(shape, 7, 6)
    for field in ("edges", "indptr", "nbr", "edge_id", "centers", "poly_xy", "walls", "boundary"):
        assert np.array_equal(getattr(a, field), getattr(b, field))


@pytest.mark.parametrize("total", [8, 16, 40, 96, 4096])
def test_unit_circle_is_exactly_symmetric(total):
    k = np.arange(total)
    c, s = unit_circle(k, total)
    assert np.allclose(c, np.cos(2 * np.pi * k / total), atol=1e-15)
    assert np.allclose(s, np.sin(2 * np.pi * k / total), atol=1e-15)
    mirror = (total // 2 - k) % total  # about the y axis
    assert np.array_equal(c[mirror], -c) and np.array_equal(s[mirror], s)
    flip = (-k) % total  # about the x axis
    assert np.array_equal(c[flip], c) and np.array_equal(s[flip], -s)


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_geometry_is_built_only_when_used(shape):
    from engine.maze.generators import generate
    from engine.rng import Rng

    g = make_grid(shape, 9, 8)
    assert not any(k.startswith("grid.") for k in g.memoised())  # (a polar grid keeps its CSR orders)
    generate(g, "backtracker", Rng(1))
    assert not any(k.startswith("grid.") and k != "grid.lists" for k in g.memoised())
    # one polygon on its own is the same as the slice of all of them, and builds none
    alone = [g.polygon(c) for c in (0, g.n // 2, g.n - 1)]
    assert "grid.polygons" not in g.memoised()
    for c, p in zip((0, g.n // 2, g.n - 1), alone, strict=True):
        assert np.array_equal(p, g.poly_xy[g.poly_indptr[c] : g.poly_indptr[c + 1]])
    assert "grid.polygons" in g.memoised()


def test_memo_is_shared_and_forget_rebuilds_the_same():
    g = make_grid("hex", 6, 5)
    calls = []
    first = g.memo("test.table", lambda: calls.append(1) or [1, 2, 3])
    assert g.memo("test.table", lambda: calls.append(1) or [9]) is first and calls == [1]
    walls = g.walls.copy()
    lists = g.lists()
    assert g.lists() is lists
    g.forget("grid.walls", "grid.lists")
    assert "grid.walls" not in g.memoised() and "test.table" in g.memoised()
    assert np.array_equal(g.walls, walls) and g.lists() == lists
    g.forget()
    assert g.memoised() == ()


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_edge_between(shape):
    g = make_grid(shape, 6, 5)
    for i, (a, b) in enumerate(g.edges.tolist()):
        assert g.edge_between(a, b) == i and g.edge_between(b, a) == i
    far = int(np.setdiff1d(np.arange(g.n), np.append(g.neighbors(0), 0))[0])
    assert g.edge_between(0, far) == -1


def test_square_tables_follow_the_csr():
    from engine.maze.grids.square import CLEAR, OPPOSITE, square_tables

    g = make_grid("square", 7, 5)
    t = square_tables(g)
    for c in range(g.n):
        nb = g.neighbors(c).tolist()
        ids = g.edge_id[g.indptr[c] : g.indptr[c + 1]].tolist()
        dirs = [k for k in range(4) if t.masks[c] >> k & 1]
        assert [c + t.offset[k] for k in dirs] == nb  # slot order is S, E, N, W
        assert [t.edge(c, k) for k in dirs] == ids
        for k in dirs:
            assert CLEAR[k] == 0xF ^ (1 << OPPOSITE[k])
    with pytest.raises(ValueError, match="square"):
        square_tables(make_grid("hex", 3, 3))


@pytest.mark.parametrize("algo", ["binary-tree", "sidewinder"])
def test_square_topology_waits_for_first_use(algo):
    """A whole square grid builds its CSR only when something reads it; the row
    generators compute edge ids directly and never do, and the arrays built later are
    the ones the square edge layout promises."""
    from engine.maze.generators import generate
    from engine.rng import Rng

    w, h = 7, 5
    g = make_grid("square", w, h)
    assert not g.topology_built and g.num_edges == h * (w - 1) + (h - 1) * w
    generate(g, algo, Rng(3))
    assert not g.topology_built
    east = [(c, c + 1) for c in range(w * h) if c % w < w - 1]
    north = [(c, c + w) for c in range(w * (h - 1))]
    assert g.edges.tolist() == [list(p) for p in east + north]
    assert g.topology_built and g.indptr.shape == (w * h + 1,)
    assert g.row.tolist() == [c // w for c in range(w * h)] and g.col.tolist() == [c % w for c in range(w * h)]
    hexes = make_grid("hex", w, h)  # the hex walkers work on the lattice too
    assert not hexes.topology_built and hexes.num_edges == h * (w - 1) + (h - 1) * (2 * w - 1)
    generate(hexes, "backtracker", Rng(3))
    generate(hexes, "hunt-and-kill", Rng(3))
    assert not hexes.topology_built
    assert hexes.edges.shape == (hexes.num_edges, 2)
