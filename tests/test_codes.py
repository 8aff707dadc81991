"""The one decoder door (engine.codes.decode_any): every kind, every typo, any input, bounded work."""

from __future__ import annotations

import string
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codes import (
    CURRENT_VERSION,
    KINDS,
    SYMBOLS,
    CodeError,
    CodeKind,
    Decoded,
    check2,
    decode_any,
    kind_table,
    seal,
    upgrade_code,
)
from engine.level import Level
from engine.maze.generators import GENERATORS
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.ghost import MAX_SIDES, MAX_TICK, Ghost, GhostCode
from engine.modes.race.code import RaceSpec
from engine.puzzle.board import shuffle_uniform
from engine.puzzle.codes import encode_board, shuffle_code
from engine.puzzle.pictures import PICTURES
from engine.rng import Rng

RULES = ["newest", "random", "oldest", "newest-quarter", "newest:4,random:1", "random:7,newest-quarter:1000",
         "newest:2,oldest:3", "newest:1,random:1,oldest:1,newest-quarter:1"]
SIZES = {"square": (2, 1000), "hex": (2, 1000), "triangle": (2, 1000), "polar": (4, 480), "upsilon": (2, 700)}


def maze_specs(count: int = 120) -> list[MazeSpec]:
    """``count`` varied valid levels (not built): every generator and shape, options, braids, seeds, sizes."""
    rng = Rng(2026)
    pairs = [(g, s) for g in GENERATORS.values() for s in g.shapes]
    out = []
    for i in range(count):
        gen, shape = pairs[i % len(pairs)]
        lo, hi = SIZES[shape]
        w = lo + rng.below(min(hi - lo + 1, 40)) if i % 5 else hi
        h = lo + rng.below(min(hi - lo + 1, 40))
        options = {"rule": RULES[i % len(RULES)]} if gen.name == "growing-tree" else None
        braid = (0.0, 0.05, 0.25, 0.5, 1.0)[i % 5] if i % 3 else 0.0
        seed = (0, 1, 35, 36, 2**64 - 1)[i % 5] if i % 4 == 0 else rng.below(36**4) >> rng.below(20)
        out.append(MazeSpec.create(shape, w, h, gen.name, options, braid, seed, dark=i % 7 in (2, 5)))
    return out


def race_specs(count: int = 110) -> list[RaceSpec]:
    out = []
    for i, maze in enumerate(maze_specs(count)):
        opponent = ("runner", "wall", "tremaux")[i % 3]
        if i % 4 == 3:
            out.append(RaceSpec.create(maze, opponent, speed=(0.5, 6.5, 30.0, 12.3)[i % 4]))
        else:
            out.append(RaceSpec.create(maze, opponent, ("easy", "normal", "hard")[i % 3]))
    return out


def ghost_runs(count: int = 105) -> list[tuple[GhostCode, Maze]]:
    """Valid ghost codes on small built mazes (shortest path or a detour, varied timing), with their mazes."""
    out = []
    rng = Rng(7)
    pairs = [(g, s) for g in GENERATORS.values() for s in g.shapes]
    for i in range(count):
        gen, shape = pairs[i % len(pairs)]
        w, h = (4, 4) if shape == "polar" else (2 + i % 2, 2 + (i % 7 == 0))
        spec = MazeSpec.create(shape, w, h, gen.name, braid=0.3 if i % 4 == 0 else 0.0, seed=i * 7919,
                               dark=i % 5 == 1)
        maze = spec.build()
        path = shortest_path(maze.open_lists(), maze.start, maze.goal)
        tick = rng.below(30) if i % 2 else 0
        moves = []
        for c in path[1:]:
            moves.append((tick, c))
            r = rng.below(12)
            tick += (6, 6, 6, 6, 7, 5, 7, 5, 1, 200, 6 + rng.below(5000), 36**3)[r]
        ghost = Ghost.record(spec.level(maze), moves)
        out.append((GhostCode(spec, ghost.steps(spec.level(maze))), maze))
    return out


def puzzle_codes(count: int = 110) -> list[str]:
    """Valid puzzle codes of every form; every fourth one names a built-in picture (cycling through them)."""
    rng = Rng(11)
    out = []
    for i in range(count):
        w, h = 2 + i % 5, 2 + (i // 5) % 4
        picture = list(PICTURES)[(i // 4) % len(PICTURES)] if i % 4 == 0 else None
        if i % 3 == 0:
            out.append(encode_board(shuffle_uniform(w, h, rng), picture))
        elif i % 3 == 1:
            out.append(shuffle_code(w, h, rng.next_u64() >> rng.below(64)).with_picture(picture).code())
        else:
            out.append(shuffle_code(w, h, i * 31, 1 + rng.below(500)).with_picture(picture).code())
    return out


def valid_codes(kind: str) -> list[str]:
    if kind == "maze":
        return [s.code() for s in maze_specs()]
    if kind == "race":
        return [s.code() for s in race_specs()]
    if kind == "ghost":
        return [g.code() for g, _ in ghost_runs()]
    return puzzle_codes()


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


# -- the check scheme ------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["maze", "race", "ghost", "puzzle"])
def test_every_single_typo_of_a_v2_code_is_rejected(kind):
    """Exhaustive: >= 100 valid v2 codes of the kind, every single edit through the door is a CodeError."""
    codes = valid_codes(kind)
    assert len(set(codes)) >= 100
    tried = 0
    for code in codes:
        assert code[1] == "2" and decode_any(code).code() == code
        for typo in single_edits(code):
            tried += 1
            try:
                decoded = decode_any(typo)
            except CodeError:
                continue
            pytest.fail(f"{typo!r} (one edit from {code!r}) decoded to {decoded!r}")
    assert tried > 100 * 1000


def test_check2_is_the_documented_formula():
    for body in ["", "M2", "M2.S20X15.WI#1", "_" * 90, "Z:#.-" * 50]:
        s = sum((1 + i % 40) * SYMBOLS.index(c) for i, c in enumerate(body)) % 41
        value = (len(body) % 31) * 41 + s
        assert check2(body) == string.digits[0:0] + "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value // 36] + \
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value % 36]


def test_long_ghost_codes_catch_swaps_across_the_weight_wrap():
    """Weights run 1..40 and wrap: positions 39/40 (weights 40 and 1) still differ, so swaps there are caught."""
    body = "G2.S10X10.BT#5:" + "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" * 4
    check = check2(body)
    for i in range(len(body) - 1):
        if body[i] != body[i + 1]:
            swapped = body[:i] + body[i + 1] + body[i] + body[i + 2 :]
            assert check2(swapped) != check


# -- canonical spelling ------------------------------------------------------------------
def test_decode_then_encode_gives_the_input_back_for_every_kind_and_version():
    samples = [*maze_specs(30), *race_specs(12), *(g for g, _ in ghost_runs(12))]
    for obj in samples:
        for version in (1, 2):
            if isinstance(obj, RaceSpec):
                obj = replace(obj, version=version)
            elif isinstance(obj, GhostCode):
                obj = replace(obj, version=version)
            else:
                obj = replace(obj, version=version)
            code = obj.code()
            assert decode_any(f"  {code.lower()} ").code() == code
            assert decode_any(code) == obj
    for code in puzzle_codes(20):
        assert decode_any(code.lower()).code() == code


@pytest.mark.parametrize(
    "body",
    [
        "M2.S12X9.WI#0G61Y",  # leading zero in the seed
        "M2.S012X9.WI#G61Y",  # leading zero in the size
        "M2.S12X9.WI.B050#G61Y",  # braid with a leading zero
        "M2.S12X9.GT.N04R#G61Y",  # rule weight with a leading zero
        "M1.S12X9.WI#0G61Y",  # version 1 too
        "P2.3X3.U#0B",
        "P2.3X3.K080#B",
        "R2.S12X9.WI.R065#G61Y",
        "G2.S3X2.WI#1:302",  # explicit gap "02"
        "G2.S3X2.WI#1:3160",  # explicit gap 6: the short form '0' is the one spelling
    ],
)
def test_other_spellings_of_a_level_are_refused(body):
    with pytest.raises(CodeError) as info:
        decode_any(seal(body))
    msg = str(info.value)
    assert msg.endswith(".") and "\n" not in msg


def test_leading_zero_names_the_one_spelling():
    with pytest.raises(CodeError, match="M2.S12X9.WI#G61Y-"):
        decode_any(seal("M2.S12X9.WI#0G61Y"))


def test_v1_codes_keep_their_level_and_upgrade_to_their_v2_twin():
    spec = MazeSpec.from_code("M1.S12X9.GT.N4R#RS-D")
    assert spec.version == 1 and spec.code() == "M1.S12X9.GT.N4R#RS-D"
    v2 = upgrade_code("m1.s12x9.gt.n4r#rs-d")
    assert v2.startswith("M2.S12X9.GT.N4R#RS-") and decode_any(v2) == spec
    assert upgrade_code(v2) == v2
    with pytest.raises(CodeError):
        upgrade_code("M1.S12X9.GT.N4R#RS-E")


def test_saved_keys_upgrade_to_the_v2_spelling_of_the_same_level():
    from engine.codes import upgrade_key

    assert upgrade_key("M1.S12X9.GT.N4R#RS-D") == upgrade_code("M1.S12X9.GT.N4R#RS-D")
    assert upgrade_key("vs-ghost:M1.S12X9.GT.N4R#RS-D") == "vs-ghost:" + upgrade_code("M1.S12X9.GT.N4R#RS-D")
    assert upgrade_key("P1.4X4:39DVVV05V-O") == "P2.4X4:39DVVV05V-J1"
    for key in ["puzzle-size:4x4", "theme", "", "M1.S12X9.GT.N4R#RS-E", "x:y:z"]:
        assert upgrade_key(key) == key


# -- the door: any input -------------------------------------------------------------------
@pytest.mark.parametrize(
    "thing",
    [None, 3, 2.5, b"M2.S5X5.WI#0-00", ["M2"], {"a": 1}, object(), "", "   ", "-", "--", "M", "M2", "M2-",
     "M2.-00", "\x00", "M2.S5X5.WI#0-00\n\n", "ß" * 10, "ﬁ", "M2.S5X5.Wİ#0-00", "٣", "x" * 10_000_000,
     "M" + "9" * 5000 + "-00", "G2." + "." * 99_990 + "-00"],
    ids=lambda t: type(t).__name__ if type(t) is object else repr(t)[:30],  # no address: xdist workers agree
)
def test_any_object_gives_a_code_error_sentence(thing):
    with pytest.raises(CodeError) as info:
        decode_any(thing)
    msg = str(info.value)
    assert msg.endswith(".") and "\n" not in msg and len(msg) < 400


def _pool() -> list[str]:
    return [*(s.code() for s in maze_specs(20)), *(s.code() for s in race_specs(10)),
            *(g.code() for g, _ in ghost_runs(10)), *puzzle_codes(20),
            "M1.S12X9.GT.N4R#RS-D", "M1.S200X150.EL#O6H-3"]


POOL = _pool()


def _assert_door(text: object) -> None:
    try:
        decoded = decode_any(text)
    except CodeError as exc:
        msg = str(exc)
        assert msg.endswith(".") and "\n" not in msg
        return
    assert isinstance(decoded, Decoded) and isinstance(text, str)
    assert decoded.code() == text.strip().strip("'\"`").strip().upper()
    if isinstance(decoded, (MazeSpec, RaceSpec)):
        spec = decoded if isinstance(decoded, MazeSpec) else decoded.maze
        if spec.width * spec.height <= 400:  # anything that decodes builds
            assert spec.build().is_perfect() or spec.braid
    if isinstance(decoded, GhostCode) and decoded.spec.width * decoded.spec.height <= 400:
        try:  # a mutated run may be illegal in its maze: that is a sentence too, never a crash
            decoded.resolve()
        except CodeError:
            pass


edit = st.tuples(st.sampled_from(["sub", "ins", "del", "swap", "dup", "cut"]), st.integers(0, 10_000),
                 st.sampled_from(SYMBOLS + "abz \t'\"é€\x00"))


def _mutate(code: str, edits: list[tuple[str, int, str]]) -> str:
    for op, pos, ch in edits:
        i = pos % (len(code) + 1)
        if op == "sub" and code:
            i %= len(code)
            code = code[:i] + ch + code[i + 1 :]
        elif op == "ins":
            code = code[:i] + ch + code[i:]
        elif op == "del":
            code = code[:i] + code[i + 1 :]
        elif op == "swap" and i + 1 < len(code):
            code = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
        elif op == "dup":
            code = code[:i] + code[i:] + code[i:]
        elif op == "cut":
            code = code[:i]
    return code


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(POOL), st.lists(edit, min_size=1, max_size=4), st.booleans())
def test_mutated_codes_of_every_kind_decode_or_give_a_sentence(code, edits, reseal):
    text = _mutate(code, edits)
    if reseal and "-" in text:  # a tampered body with correct check characters: the fields are checked too
        text = seal(text.rsplit("-", 1)[0].upper())
    _assert_door(text)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.text(alphabet=SYMBOLS, max_size=200),
                 st.binary(max_size=50), st.integers(), st.none(), st.floats()))
def test_random_input_decodes_or_gives_a_sentence(thing):
    _assert_door(thing)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from("MRGP"), st.sampled_from("12"), st.text(alphabet=SYMBOLS.replace("-", ""), max_size=60))
def test_random_sealed_bodies_of_every_kind_decode_or_give_a_sentence(tag, version, rest):
    _assert_door(seal(f"{tag}{version}{rest}"))


# -- ghosts: structure at decode, legality with the maze -------------------------------------
def test_issue_9_ghost_repro_is_a_sentence():
    with pytest.raises(CodeError, match="time field"):
        Ghost.from_code("G1.S6X2.WI.B25#6B9W:32RS317231U71672R:S71U32RS-0")
    with pytest.raises(CodeError):
        decode_any("G1.S6X2.WI.B25#6B9W:32RS317231U71672R:S71U32RS-0")


def _no_building(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("decoding built a maze or grid")

    monkeypatch.setattr(MazeSpec, "build", refuse)
    monkeypatch.setattr("engine.maze.grids.make_grid", refuse)
    monkeypatch.setattr("engine.maze.generators.generate", refuse)


def test_decoding_valid_maximum_size_codes_builds_nothing(monkeypatch):
    big = MazeSpec.create("square", 1000, 1000, "aldous-broder", braid=0.1, seed=1)
    steps = tuple((6 * i, (0, 1, 2, 3)[i % 4]) for i in range(30_000))
    ghost = GhostCode(big, steps)
    codes = [big.code(), RaceSpec.create(big, "wall").code(), ghost.code(),
             shuffle_code(12, 12, 5, 100_000).code(), replace(big, version=1).code()]
    _no_building(monkeypatch)
    for code in codes:
        assert decode_any(code).code() == code
    assert decode_any(ghost.code()).steps == steps


@pytest.mark.parametrize(
    ("moves", "phrase"),
    [
        ("", "no moves"),
        ("G", "leaves the maze"),  # direction 4: a square cell has 4 sides
        ("3", "time field"),
        ("3.", "time field"),
        ("37ZZZZZZZ", "time field"),  # a 7-digit gap: past the latest tick
        ("36ZZZZZZ0", "too late"),
        ("0" + "2" * 6, "before the previous"),  # gaps 6, 5, 4, ... 0: the last begins with the previous
        ("39ZZ", "cut short"),
    ],
)
def test_broken_moves_of_a_1000x1000_ghost_are_refused_without_building(monkeypatch, moves, phrase):
    _no_building(monkeypatch)
    body = f"G2.S1000X1000.AB.B10#1:{moves}"
    with pytest.raises(CodeError, match=phrase):
        decode_any(seal(body))


def test_illegal_moves_are_found_when_the_maze_is_built():
    for ghost, maze in ghost_runs(10):  # noqa: B007 - the loop picks one
        nb, _ = maze.grid.lists()
        adj = maze.open_lists()
        walled = [k for k, c in enumerate(nb[maze.start]) if c not in adj[maze.start]]
        if walled:
            break
    bad = replace(ghost, steps=((0, walled[0]),) + ghost.steps[1:])
    decoded = decode_any(bad.code())  # the structure is fine
    with pytest.raises(CodeError, match="through a wall"):
        decoded.check_moves(Level(maze))
    with pytest.raises(CodeError, match="goal"):
        replace(ghost, steps=ghost.steps[:-1]).check_moves(Level(maze))
    with pytest.raises(CodeError, match="after the goal"):
        replace(ghost, steps=ghost.steps + ((MAX_TICK, 0),)).check_moves(Level(maze))
    assert ghost.resolve(Level(maze)).path[-1] == maze.goal


def test_max_sides_per_shape_match_the_grids():
    from engine.maze.grids import SHAPES, make_grid

    for shape, info in SHAPES.items():
        most = 0
        for w, h in [(info.min_size, info.min_size), (7, 9), (20, 15), (3 if shape != "polar" else 4, 40), (40, 4)]:
            nb, _ = make_grid(shape, max(w, info.min_size), max(h, info.min_size)).lists()
            most = max(most, max(len(x) for x in nb))
        assert MAX_SIDES[shape] == most, shape


# -- the registry ---------------------------------------------------------------------------------
def test_every_kind_is_registered_and_reads_todays_version():
    with pytest.raises(CodeError):  # registration happens on first use
        decode_any("M2")
    # The kind list itself (tags, names, versions) is pinned once: tests/data/modes.json (tests/test_modes_registry.py).
    assert len({k.tag for k in KINDS.values()}) == len({k.name for k in KINDS.values()}) == len(KINDS)
    assert all(CURRENT_VERSION in k.decoders for k in KINDS.values())


def test_the_kind_list_refuses_clashes():
    def never(frame):
        raise AssertionError(frame)

    with pytest.raises(ValueError, match="already used by maze"):
        kind_table(*KINDS.values(), CodeKind("M", "mosaic", {3: never}))
    with pytest.raises(ValueError, match="one upper-case letter"):
        CodeKind("m", "mosaic", {1: never})
    with pytest.raises(ValueError, match="named 'maze'"):
        kind_table(*KINDS.values(), CodeKind("Q", "maze", {2: never}))
    with pytest.raises(ValueError, match="no decoder"):
        CodeKind("Q", "quilt", {})


def test_a_code_of_another_kind_is_named():
    race = race_specs(1)[0].code()
    with pytest.raises(CodeError, match="not a maze code"):
        MazeSpec.from_code(race)
    with pytest.raises(CodeError, match="not a race code"):
        RaceSpec.from_code(maze_specs(1)[0].code())
    with pytest.raises(CodeError, match="format 'M9'"):
        decode_any(seal("M9.S5X5.WI#0"))
