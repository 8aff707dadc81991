"""Level codes (tag L, engine/maze/level_format.py + level_code.py): the maze itself in a code.

Round trips through the CLI (generate --format json -> encode -> decode -> generate --code),
every single typo refused, bounded decoding, one-line encode errors, Level.code().
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.codes import KINDS, MAX_ANY_LENGTH, SYMBOLS, CodeError, decode_any, decode_kind, seal
from engine.level import Level
from engine.maze import level_format as fmt
from engine.maze.generators import GENERATORS
from engine.maze.grids import SHAPES, make_grid
from engine.maze.level_code import LEVEL_CODES, LevelCode
from engine.maze.model import Maze
from engine.maze.recipe import SHAPE_LETTERS, MazeSpec
from engine.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def algos(shape: str) -> list[str]:
    return [g.name for g in GENERATORS.values() if shape in g.shapes and g.codec is None]


def small_size(shape: str, w: int, h: int) -> tuple[int, int]:
    lo = SHAPES[shape].min_size
    return max(w, lo), max(h, lo)


def json_of(*argv: str) -> dict:
    code, out, err = run("generate", *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def encode_json(obj: dict) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "maze.json")
        Path(path).write_text(json.dumps(obj), encoding="utf-8")
        code, out, err = run("encode", path)
    assert code == 0, err
    assert out.endswith("\n") and out.count("\n") == 1
    return out.strip()


# -- the format ------------------------------------------------------------------------------------
def test_shape_letters_are_the_maze_codes():
    assert fmt.SHAPE_LETTERS == SHAPE_LETTERS


@pytest.mark.parametrize("shape", list(SHAPES))
def test_cell_and_edge_counts_without_building_match_the_grids(shape):
    lo = SHAPES[shape].min_size
    sizes = {(w, h) for w in range(lo, lo + 6) for h in range(lo, lo + 6)} | {(30, 20), (31, 17), (100, 100)}
    for w, h in sorted(sizes):
        g = make_grid(shape, w, h)
        assert fmt.grid_counts(shape, w, h) == (g.n, g.num_edges), (shape, w, h)


def test_passages_pack_in_31_bit_chunks_of_6_characters():
    assert [fmt.tail_chars(r) for r in (1, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26, 31)] == [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    rng = np.random.default_rng(3)
    for e in [1, 2, 30, 31, 32, 61, 62, 63, 1150, 19800]:
        bits = rng.random(e) < 0.5
        text = fmt.pack_passages(bits)
        assert len(text) == fmt.passages_length(e)
        assert np.array_equal(fmt.unpack_passages(text, e), bits)
    assert fmt.pack_passages(np.ones(31, dtype=bool)) == "ZIK0ZJ"  # 2**31 - 1 in base 36
    assert fmt.pack_passages(np.array([1, 0, 1], dtype=bool)) == "5"
    with pytest.raises(CodeError, match="beyond the grid's last edge"):
        fmt.unpack_passages("8", 3)  # 8 needs a fourth bit
    with pytest.raises(CodeError, match="too large for 31 edges"):
        fmt.unpack_passages("ZZZZZZ", 31)


def test_a_30x20_square_maze_is_at_most_300_characters():
    for seed in range(5):
        code = MazeSpec.create("square", 30, 20, "wilson", seed=seed, braid=0.5).level().passages_code()
        assert len(code) <= 300, len(code)


def test_the_format_by_example():
    spec = MazeSpec.create("square", 3, 2, "backtracker", seed=0)
    maze = spec.build()
    code = fmt.encode(maze)
    assert code == "L2.S3X2:2J-BE"  # passages 1101101 (edge 0 first): 91 = 2J in base 36
    moved = Maze(maze.grid, maze.passage, 0, 5)
    assert fmt.encode(moved, dark=True).startswith("L2.S3X2.A0.Z5.D:2J-")
    held = decode_any(code)
    assert isinstance(held, LevelCode) and held.KIND == "level" and held.version == 2
    assert held.upgraded() == held and held.upgraded().code() == code
    assert decode_kind(code, LEVEL_CODES) == held == LevelCode.from_code(code.lower())
    assert held.describe() == {"shape": "square", "width": 3, "height": 2, "start": 3, "goal": 2, "dark": False,
                               "edges": 7, "passages": 5}
    level = held.level()
    assert level.recipe is None and level.maze.digest() == maze.digest() and not level.dark
    assert level.code() == code and spec.level().code() == spec.code()  # a recipe keeps its maze code
    assert spec.level().passages_code() == code


def test_the_kind_is_registered_like_the_others():
    known = {k.tag: k for k in KINDS.values()}
    assert known["L"].name == "level" and set(known["L"].decoders) == {2}
    assert known["L"].max_length == MAX_ANY_LENGTH
    from engine.codes import Decoded

    assert isinstance(decode_any("L2.S3X2:2V-CG"), Decoded)


# -- round trips -------------------------------------------------------------------------------------
@st.composite
def level_json(draw: st.DrawFn) -> dict:
    shape = draw(st.sampled_from(list(SHAPES)))
    w, h = small_size(shape, draw(st.integers(2, 9)), draw(st.integers(2, 8)))
    algo = draw(st.sampled_from(algos(shape)))
    braid = draw(st.sampled_from(["0", "0.3", "1"]))
    seed = draw(st.integers(0, 2**64 - 1))
    argv = ["--shape", shape, "--size", f"{w}x{h}", "--algo", algo, "--braid", braid, "--seed", str(seed)]
    if draw(st.booleans()):
        argv.append("--dark")
    obj = json_of(*argv)
    if draw(st.booleans()):  # edited by hand: another start and goal (every cell is reachable)
        a = draw(st.integers(0, obj["cells"] - 1))
        b = draw(st.integers(0, obj["cells"] - 2))
        obj["start"], obj["goal"] = a, b + (b >= a)
    return obj


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level_json())
def test_json_encode_decode_generate_round_trip(obj):
    code = encode_json(obj)
    held = decode_any(code)
    assert isinstance(held, LevelCode)
    assert held.passage.astype(int).tolist() == obj["passages"]
    assert (held.start, held.goal, held.dark) == (obj["start"], obj["goal"], bool(obj.get("dark", False)))
    assert (held.shape, [held.width, held.height]) == (obj["shape"], obj["size"])
    again = json_of("--code", code)
    for key in ("shape", "size", "cells", "edges", "passages", "start", "goal"):
        assert again[key] == obj[key], key
    assert again["code"] == code and again.get("dark", False) == obj.get("dark", False)
    level = held.level()
    assert level.code() == code and Level.from_code(code).maze.digest() == level.maze.digest()


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(list(SHAPES)), st.integers(2, 12), st.integers(2, 12), st.integers(0, 2**32),
       st.floats(0.05, 0.95))
def test_any_passages_with_a_reachable_goal_round_trip(shape, w, h, seed, density):
    """Hand-made levels: random walls (loops, unreachable parts); any two connected cells as start and goal."""
    from engine.maze.grids.masked import components

    w, h = small_size(shape, w, h)
    grid = make_grid(shape, w, h)
    rng = np.random.default_rng(seed)
    passage = rng.random(grid.num_edges) < density
    label = components(grid.n, grid.edges[passage])
    ids, counts = np.unique(label, return_counts=True)
    if counts.max() < 2:
        return
    cells = np.flatnonzero(label == ids[int(np.argmax(counts))])
    start, goal = (int(c) for c in rng.choice(cells, 2, replace=False))
    level = Level(Maze(grid, passage, start, goal), dark=bool(seed % 2))
    code = level.code()
    back = Level.from_code(code)
    assert np.array_equal(back.passage, passage) and (back.start, back.goal, back.dark) == (start, goal, level.dark)
    if start != grid.start and goal != grid.goal:
        assert ".A" in code and ".Z" in code


# -- typos ------------------------------------------------------------------------------------------
def single_edits(code: str) -> set[str]:
    """Every single-character substitution, insertion (over the code symbols), deletion and neighbour swap."""
    out: set[str] = set()
    for i in range(len(code) + 1):
        head, tail = code[:i], code[i:]
        for c in SYMBOLS:
            out.add(head + c + tail)
            if tail:
                out.add(head + c + tail[1:])
        if tail:
            out.add(head + tail[1:])
        if len(tail) >= 2:
            out.add(head + tail[1] + tail[0] + tail[2:])
    out.discard(code)
    return out


def typo_codes() -> list[str]:
    out = []
    rng = Rng(7)
    shapes = list(SHAPES)
    for i in range(110):
        shape = shapes[i % len(shapes)]
        w, h = small_size(shape, 2 + rng.below(3), 2 + rng.below(3))
        spec = MazeSpec.create(shape, w, h, algos(shape)[i % len(algos(shape))], seed=i, braid=(i % 3) / 2,
                               dark=i % 4 == 0)
        maze = spec.build()
        if i % 5 == 1:
            maze = Maze(maze.grid, maze.passage, maze.goal, maze.start)
        out.append(Level(maze, spec.dark).code())
    return out


def test_every_single_typo_of_a_level_code_is_rejected():
    codes = typo_codes()
    assert len(set(codes)) >= 100
    tried = 0
    for code in codes:
        assert decode_any(code).code() == code
        for typo in single_edits(code):
            tried += 1
            try:
                decoded = decode_any(typo)
            except CodeError:
                continue
            pytest.fail(f"{typo!r} (one edit from {code!r}) decoded to {decoded!r}")
    assert tried > 100 * 1000


edit = st.tuples(st.sampled_from(["sub", "ins", "del", "swap"]), st.integers(0, 10_000), st.sampled_from(SYMBOLS))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(typo_codes()[:20]), st.lists(edit, min_size=1, max_size=3))
def test_tampered_bodies_with_good_check_characters_decode_or_give_a_sentence(code, edits):
    body = code.rsplit("-", 1)[0]
    for op, pos, ch in edits:
        i = pos % (len(body) + 1)
        if op == "sub" and body:
            i %= len(body)
            body = body[:i] + ch + body[i + 1:]
        elif op == "ins":
            body = body[:i] + ch + body[i:]
        elif op == "del":
            body = body[:i] + body[i + 1:]
        elif op == "swap" and i + 1 < len(body):
            body = body[:i] + body[i + 1] + body[i] + body[i + 2:]
    try:
        decoded = decode_any(seal(body))
    except CodeError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert isinstance(decoded, LevelCode)
    level = decoded.level()  # anything that decodes is playable
    assert level.start != level.goal and level.code() == decoded.code()


# -- bounded decoding ------------------------------------------------------------------------------------
def _quick(text: object, limit: float = 1.0) -> CodeError:
    t0 = time.perf_counter()
    with pytest.raises(CodeError) as err:
        decode_any(text)
    assert time.perf_counter() - t0 < limit
    assert "\n" not in str(err.value)
    return err.value


def test_huge_declared_sizes_and_garbage_are_refused_quickly():
    assert "outside what the code allows" in str(_quick(seal("L2.S5000X5000:0")))
    assert "passages have 1 characters" in str(_quick(seal("L2.S1000X1000:0")))
    assert "passages have" in str(_quick(seal("L2.P480X480:" + "0" * 50_000)))
    assert "passages have" in str(_quick(seal("L2.U700X700:" + "Z" * 99_000)))
    _quick("L2.S9X9:" + "Z" * 100_000)  # too long
    _quick(seal("L2.S9X9:" + "Z" * 99_000))
    _quick("L" + "#" * 99_999)
    _quick(seal("L2.S99999999999X9:0"))
    _quick(seal("L2.S10X10.A" + "Z" * 5000 + ":0"))
    _quick(seal("L2.S3X2.A6:2V"))  # start outside 0..5
    assert "same cell" in str(_quick(seal("L2.S3X2.A2:2V")))


def test_the_longest_codes_decode_within_a_second():
    """A square maze whose code is near the longest allowed (100,000 characters) decodes in well under a second."""
    w, h = 500, 516
    grid = make_grid("square", w, h)
    n_chars = fmt.passages_length(grid.num_edges)
    assert MAX_ANY_LENGTH - 400 < n_chars + 20 <= MAX_ANY_LENGTH
    rng = np.random.default_rng(0)
    tree = MazeSpec.create("square", w, h, "binary-tree", seed=1).build().passage
    passage = tree | (rng.random(grid.num_edges) < 0.3)  # a spanning tree and loops everywhere
    start, goal = grid.start, grid.goal
    from engine.maze.grids.masked import components

    label = components(grid.n, grid.edges[passage])
    assert label[start] == label[goal]
    code = seal(fmt.body(grid, passage, start, goal, False))
    assert len(code) <= MAX_ANY_LENGTH
    t0 = time.perf_counter()
    held = decode_any(code)
    assert time.perf_counter() - t0 < 1.0
    assert isinstance(held, LevelCode) and np.array_equal(held.passage, passage)
    closed = seal(fmt.body(grid, np.zeros(grid.num_edges, dtype=bool), start, goal, False))
    assert "cannot be reached" in str(_quick(closed))


def test_the_biggest_mazes_are_refused_at_encode_in_one_sentence():
    maze = MazeSpec.create("square", 600, 600, "backtracker", seed=1).build()
    with pytest.raises(CodeError, match=r"too big for a level code \(\d+ characters, at most 100000\)"):
        fmt.encode(maze)


def test_shaped_and_weave_mazes_have_no_level_code():
    from engine.maze.masks import Mask

    shaped = MazeSpec.create("square", 12, 12, "backtracker", seed=1, mask=Mask.parse("heart"))
    woven = MazeSpec.create("square", 8, 8, "backtracker", seed=1, weave=0.5)
    for spec in (shaped, woven):
        with pytest.raises(CodeError, match="^Level codes cannot carry shaped or weave mazes yet.$"):
            spec.level().passages_code()
        with pytest.raises(CodeError, match="cannot carry shaped or weave"):
            Level(spec.build(), spec.dark).code()
        assert not Level(spec.build()).has_code


def test_an_unplayable_level_has_no_code():
    maze = MazeSpec.create("hex", 5, 4, "prim", seed=2).build()
    with pytest.raises(CodeError, match="cannot be reached from the start"):
        Level(Maze(maze.grid, np.zeros_like(maze.passage), maze.start, maze.goal)).code()
    with pytest.raises(CodeError, match="same cell"):
        Level(Maze(maze.grid, maze.passage, 3, 3)).code()


# -- the CLI -------------------------------------------------------------------------------------------
def test_show_solve_and_generate_take_a_level_code():
    maze = MazeSpec.create("square", 6, 5, "kruskal", seed=4, braid=0.5).build()
    code = Level(maze, dark=True).code()
    status, out, err = run("show", "--format", "json", code)
    info = json.loads(out)
    assert status == 0 and info["kind"] == "level" and info["code"] == code and info["dark"] is True
    assert info["cells"] == 30 and info["shortest_path"] > 0 and info["loops"] > 0 and not info["perfect"]
    assert info["unreachable"] == 0 and info["dead_ends"] == int((maze.open_degree() == 1).sum())
    status, out, _ = run("show", Level(MazeSpec.create("hex", 6, 5, "wilson", seed=1).build()).code())
    assert status == 0 and "perfect        True" in out and "loops          0" in out
    status, out, err = run("solve", "--code", code)
    assert status == 0 and out.startswith(code + "  square 6×5 level, dark") and not err
    status, out, _ = run("generate", "--code", code)
    assert status == 0 and out.count("S") == 1 and out.count("G") == 1
    status, _, err = run("generate", "--code", code, "--size", "5x5")
    assert status == 2 and "not both" in err
    status, _, err = run("generate", "--code", code, "--format", "jsonl", "--count", "2")
    assert status == 2 and "one maze" in err
    with tempfile.TemporaryDirectory() as tmp:
        for ext in ("svg", "png"):
            status, _, err = run("generate", "--code", code, "-o", os.path.join(tmp, f"m.{ext}"), "--format", ext)
            assert status == 0 and not err and os.path.getsize(os.path.join(tmp, f"m.{ext}")) > 100


def _encode_error(obj: object, tmp: str, raw: str | None = None) -> str:
    path = os.path.join(tmp, "bad.json")
    Path(path).write_text(raw if raw is not None else json.dumps(obj), encoding="utf-8")
    status, out, err = run("encode", path)
    assert status == 2 and not out, err
    assert err.startswith("tessera: error: ") and err.count("\n") == 1, err
    return err


def test_encode_errors_are_one_line_and_exit_2():
    good = json_of("--shape", "hex", "--size", "5x4", "--algo", "prim", "--seed", "3")
    with tempfile.TemporaryDirectory() as tmp:
        cases = {
            "not JSON": (None, "{not json"),
            "must be an object": ([1, 2], None),
            "unknown shape": ({**good, "shape": "pentagon"}, None),
            "width must be a whole number in 2..1000": ({**good, "size": [1, 4]}, None),
            "\"size\" must be": ({**good, "size": "5x4"}, None),
            "has 3 entries": ({**good, "passages": [1, 0, 1]}, None),
            "list of 0 and 1": ({**good, "passages": [2] * len(good["passages"])}, None),
            "pairs; a hex 5x4 grid": ({**good, "edges": good["edges"][:-1]}, None),
            "\"edges\" entry 0": ({**good, "edges": [[1, 0]] + good["edges"][1:]}, None),
            "\"start\" cell 20 is outside 0..19": ({**good, "start": 20}, None),
            "\"goal\" cell -1 is outside": ({**good, "goal": -1}, None),
            "\"goal\" must be a whole number": ({**good, "goal": "4"}, None),
            "cannot be reached": ({**good, "passages": [0] * len(good["passages"])}, None),
            "same cell": ({**good, "goal": good["start"]}, None),
            "no \"passages\"": ({k: v for k, v in good.items() if k != "passages"}, None),
            "cannot carry shaped or weave": ({**good, "crossings": [[1, 2, 3]]}, None),
        }
        for needle, (obj, raw) in cases.items():
            assert needle in _encode_error(obj, tmp, raw), needle
        status, _, err = run("encode", os.path.join(tmp, "missing.json"))
        assert status == 2 and "does not exist" in err and err.count("\n") == 1
        status, _, err = run("encode", tmp)
        assert status == 2 and "is a folder" in err and err.count("\n") == 1
        status, _, err = run("encode")
        assert status == 2 and err.count("\n") == 1
    shaped = json_of("--shape", "square", "--size", "12x12", "--algo", "backtracker", "--mask", "heart")
    with tempfile.TemporaryDirectory() as tmp:
        assert "cannot carry shaped or weave" in _encode_error(shaped, tmp)
    woven = json_of("--shape", "square", "--size", "8x8", "--algo", "backtracker", "--weave", "0.5")
    with tempfile.TemporaryDirectory() as tmp:
        assert "cannot carry shaped or weave" in _encode_error(woven, tmp)


def test_encode_in_a_process_reads_a_file_and_stdin():
    good = json_of("--shape", "triangle", "--size", "6x5", "--algo", "wilson", "--seed", "9", "--dark")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "m.json")
        Path(path).write_text(json.dumps(good), encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "engine.cli", "encode", path], capture_output=True,
                              text=True, env=env, cwd=ROOT, timeout=60)
        assert proc.returncode == 0 and not proc.stderr
        code = proc.stdout.strip()
        assert decode_any(code).dark and json_of("--code", code)["passages"] == good["passages"]
        proc = subprocess.run([sys.executable, "-m", "engine.cli", "encode", "-"], input=json.dumps(good),
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
        assert proc.returncode == 0 and proc.stdout.strip() == code
        proc = subprocess.run([sys.executable, "-m", "engine.cli", "encode", os.path.join(tmp, "nope.json")],
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
