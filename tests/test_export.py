"""Export formats: ASCII (square), SVG, PNG, JSON."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from engine.maze import export
from engine.maze.grids import SHAPES, make_grid
from engine.maze.grids.base import Grid
from engine.maze.model import Maze

SVG = "{http://www.w3.org/2000/svg}"


def bfs_tree(g: Grid, root: int = 0, order: list[int] | None = None) -> np.ndarray:
    """Passages of a BFS spanning tree (neighbours tried in ``order`` of their CSR slot, if given)."""
    nb, ed = g.lists()
    seen = [False] * g.n
    seen[root] = True
    queue = [root]
    passage = np.zeros(g.num_edges, dtype=bool)
    for c in queue:
        slots = list(range(len(nb[c])))
        if order is not None:
            slots.sort(key=lambda i: order[(c + i) % len(order)])
        for i in slots:
            b = nb[c][i]
            if not seen[b]:
                seen[b] = True
                passage[ed[c][i]] = True
                queue.append(b)
    return passage


def tree_maze(shape: str, w: int, h: int) -> Maze:
    g = make_grid(shape, w, h)
    return Maze(g, bfs_tree(g), g.start, g.goal)


def bfs_path(m: Maze) -> list[int]:
    adj = m.open_lists()
    prev = {m.start: -1}
    queue = [m.start]
    for c in queue:
        for b in adj[c]:
            if b not in prev:
                prev[b] = c
                queue.append(b)
    path = [m.goal]
    while path[-1] != m.start:
        path.append(prev[path[-1]])
    return path[::-1]


# -- ASCII -----------------------------------------------------------------
def test_ascii_3x2_by_hand():
    g = make_grid("square", 3, 2)
    # cells: row 0 = 0 1 2 (bottom), row 1 = 3 4 5 (top); start 3 (top-left), goal 2 (bottom-right)
    lookup = g.edge_lookup()
    passage = np.zeros(g.num_edges, dtype=bool)
    for a, b in [(0, 1), (1, 2), (0, 3), (3, 4), (4, 5)]:
        passage[lookup[(a, b)]] = True
    m = Maze(g, passage, g.start, g.goal)
    expected = "\n".join(
        [
            "+---+---+---+",
            "| S         |",
            "+   +---+---+",
            "|         G |",
            "+---+---+---+",
        ]
    )
    assert export.to_ascii(m) == expected
    with_path = "\n".join(
        [
            "+---+---+---+",
            "| S         |",
            "+   +---+---+",
            "| .   .   G |",
            "+---+---+---+",
        ]
    )
    assert export.to_ascii(m, path=[3, 0, 1, 2]) == with_path


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 12), st.integers(2, 9), st.lists(st.integers(0, 9), min_size=1, max_size=8))
def test_ascii_shape_and_openings(w, h, order):
    g = make_grid("square", w, h)
    m = Maze(g, bfs_tree(g, 0, order), g.start, g.goal)
    text = export.to_ascii(m)
    lines = text.split("\n")
    assert len(lines) == 2 * h + 1 and all(len(x) == 4 * w + 1 for x in lines)
    inner_gaps = sum(sum(line[4 * c + 1 : 4 * c + 4] == "   " for c in range(w)) for line in lines[2:-1:2])
    side_gaps = sum(sum(line[4 * c] == " " for c in range(1, w)) for line in lines[1::2])
    assert inner_gaps + side_gaps == g.n - 1
    assert text.count("S") == 1 and text.count("G") == 1
    assert lines[1][2] == "S" and lines[-2][-3] == "G"


@pytest.mark.parametrize("shape", ["hex", "triangle", "polar", "upsilon"])
def test_ascii_rejects_other_shapes(shape):
    with pytest.raises(ValueError, match="square"):
        export.to_ascii(tree_maze(shape, 4, 4))


# -- SVG -------------------------------------------------------------------
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_svg_parses(shape):
    m = tree_maze(shape, 6, 5)
    path = bfs_path(m)
    text = export.to_svg(m, cell_px=16, path=path)
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    walls = root.findall(f"{SVG}path")
    assert len(walls) == 1
    d = walls[0].get("d")
    closed = int((~m.passage).sum()) + len(m.grid.boundary)
    assert d.count("M") == closed and d.count("L") == closed
    circles = {c.get("class"): c for c in root.findall(f"{SVG}circle")}
    assert set(circles) == {"start", "goal"}
    poly = root.findall(f"{SVG}polyline")
    assert len(poly) == 1 and len(poly[0].get("points").split()) == len(path)
    w, h = int(root.get("width")), int(root.get("height"))
    for c in circles.values():
        assert 0 < float(c.get("cx")) < w and 0 < float(c.get("cy")) < h and float(c.get("r")) > 0
    if shape != "polar":  # start is top-left: y is flipped so it is drawn above the goal
        assert float(circles["start"].get("cy")) < float(circles["goal"].get("cy"))


def test_svg_without_path_and_errors():
    m = tree_maze("square", 3, 3)
    root = ET.fromstring(export.to_svg(m))
    assert root.findall(f"{SVG}polyline") == []
    with pytest.raises(ValueError):
        export.to_svg(m, cell_px=0)
    with pytest.raises(ValueError):
        export.to_svg(m, path=[0, 99])


# -- PNG -------------------------------------------------------------------
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_png_opens(shape, tmp_path):
    m = tree_maze(shape, 5, 4)
    out = tmp_path / f"{shape}.png"
    export.to_png(m, out, cell_px=12, path=bfs_path(m))
    xmin, ymin, xmax, ymax = m.grid.bounds()
    with Image.open(out) as img:
        img.load()
        assert img.format == "PNG"
        assert img.size == (int(np.ceil((xmax - xmin) * 12 + 12)), int(np.ceil((ymax - ymin) * 12 + 12)))
        colours = {c for _, c in img.convert("RGB").getcolors(maxcolors=1 << 16)}
    assert {(255, 255, 255), (0x1B, 0x1B, 0x1B), (0x2E, 0x9D, 0x4A), (0xD1, 0x34, 0x3A), (0x2F, 0x6F, 0xD6)} <= colours


def test_png_square_size_and_pixels():
    m = tree_maze("square", 3, 2)
    buf = io.BytesIO()
    export.to_png(m, buf, cell_px=10)
    with Image.open(io.BytesIO(buf.getvalue())) as img:
        img = img.convert("RGB")
        assert img.size == (40, 30)
        assert img.getpixel((5, 5)) == (0x1B, 0x1B, 0x1B)  # top-left corner of the boundary
        assert img.getpixel((35, 25)) == (0x1B, 0x1B, 0x1B)  # bottom-right corner
        assert img.getpixel((10, 10)) == (0x2E, 0x9D, 0x4A)  # start marker, top-left cell


def test_png_auto_scale_and_errors(tmp_path):
    m = tree_maze("square", 3, 3)
    assert export.png_cell_px(m) == 20
    big = make_grid("hex", 1000, 2)
    assert 2 <= export.png_cell_px(Maze(big, np.zeros(big.num_edges, bool), big.start, big.goal)) <= 9
    with pytest.raises(ValueError):
        export.to_png(m, tmp_path / "x.png", cell_px=500)


# -- JSON ------------------------------------------------------------------
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_json_round_trip(shape):
    m = tree_maze(shape, 4, 5)
    obj = export.to_json(m, code="M1.X#1-2", seconds=0.25, algorithm="bfs-tree")
    back = json.loads(json.dumps(obj))
    assert back == obj
    assert set(obj) == {"code", "shape", "algorithm", "size", "cells", "edges", "passages", "start", "goal", "seconds"}
    assert obj["shape"] == shape and obj["size"] == [4, 5] and obj["cells"] == m.grid.n
    assert len(obj["edges"]) == len(obj["passages"]) == m.grid.num_edges
    assert sum(obj["passages"]) == m.grid.n - 1
    assert all(a < b for a, b in obj["edges"])
    assert (obj["start"], obj["goal"]) == (m.start, m.goal)
    plain = export.to_json(m)
    assert plain["code"] is None and plain["algorithm"] is None and plain["seconds"] is None


# -- streaming writers -----------------------------------------------------
@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("chunk", [1, 3, 0])
def test_streaming_writers_match_whole_documents(shape, chunk):
    m = tree_maze(shape, 6, 5)
    buf = io.StringIO()
    export.write_json(m, buf, code="M1.X#1-2", seconds=0.25, algorithm="bfs-tree", chunk=chunk)
    assert buf.getvalue() == json.dumps(export.to_json(m, code="M1.X#1-2", seconds=0.25, algorithm="bfs-tree"))
    buf = io.StringIO()
    export.write_json(m, buf, chunk=chunk)
    assert json.loads(buf.getvalue()) == export.to_json(m)
    path = [m.start]
    buf = io.StringIO()
    export.write_svg(m, buf, path=path, chunk=chunk)
    whole = export.to_svg(m, path=path)
    assert buf.getvalue() == whole
    assert whole.count("M") == int((~m.passage).sum()) + len(m.grid.boundary)
