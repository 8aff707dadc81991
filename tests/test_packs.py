"""Level packs: reading and checking a pack file, ``tessera pack check/new``, packs as campaign worlds
(engine), and the game's campaign map with a good and a broken pack."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.maze.grids import cell_count
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import solve
from engine.modes import packs
from engine.modes.campaign import BrokenWorld, load_campaign
from engine.modes.packs import MAX_CELLS, Pack, PackEntry, PackError, load_pack, load_packs, with_packs, write_pack
from engine.modes.play import default_par_moves, default_par_time
from game import routes

sys.path.insert(0, str(Path(__file__).parent))

HEX = MazeSpec("hex", 8, 6, "backtracker", {}, 0, 2)
SQUARE = MazeSpec("square", 10, 10, "prim", {}, 0, 3)
TRIANGLE = MazeSpec("triangle", 10, 5, "backtracker", {}, 0, 4)


def shortest(spec: MazeSpec) -> int:
    return len(solve(spec.build(), "bfs").path) - 1


def level_toml(name: str | None, code: str | None, **extra: object) -> str:
    lines = ["[[level]]"]
    if name is not None:
        lines.append(f'name = "{name}"')
    if code is not None:
        lines.append(f'code = "{code}"')
    lines += [f"{k} = {v!r}" if not isinstance(v, str) else f"{k} = {v}" for k, v in extra.items()]
    return "\n".join(lines) + "\n"


def pack_file(folder: Path, stem: str, body: str, head: str = '[pack]\nname = "Teacher\'s Hex Set"\n') -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.toml"
    path.write_text(head + "\n" + body, encoding="utf-8")
    return path


GOOD = level_toml("Warm-up", HEX.code()) + level_toml("Square", SQUARE.code(), par_moves=99, par_time=12.5)


# -- reading a pack ---------------------------------------------------------------------------
def test_a_valid_pack_reads_with_pars_from_the_shortest_path(tmp_path):
    head = '[pack]\nname = "Teacher\'s Hex Set"\nauthor = "Ms. Example"\n'
    pack = load_pack(pack_file(tmp_path, "hexes", GOOD, head))
    assert isinstance(pack, Pack)
    assert (pack.name, pack.author, pack.source) == ("Teacher's Hex Set", "Ms. Example", "hexes.toml")
    first, second = pack.levels
    assert [lv.id for lv in pack.levels] == ["pack-hexes-1", "pack-hexes-2"]
    assert [lv.index for lv in pack.levels] == [0, 1]
    assert {lv.world for lv in pack.levels} == {"Teacher's Hex Set"}
    assert first.recipe == HEX and first.code() == HEX.code() and first.made is None
    s = shortest(HEX)
    assert pack.facts[0].shortest == s and pack.facts[0].cells == 48 and pack.facts[0].kind == "maze"
    assert first.par_moves == default_par_moves(s) and first.par_time == default_par_time(s)
    assert (second.par_moves, second.par_time) == (99, 12.5)
    assert pack.facts[1].pars_given == (True, True) and pack.facts[0].pars_given == (False, False)
    assert first.level().maze.digest() == HEX.build().digest()


def test_a_pack_without_author_and_par_equal_to_the_shortest_path(tmp_path):
    s = shortest(TRIANGLE)
    pack = load_pack(pack_file(tmp_path, "tri", level_toml("Exact", TRIANGLE.code(), par_moves=s)))
    assert pack.author == "" and pack.levels[0].par_moves == s


RACE = "R2.H6X5.BT.RN#1-I1"
PUZZLE = "P2.3X3.U#1-BX"


def ghost_code() -> str:
    from engine.modes.ghost import GhostCode

    maze = HEX.build()
    nb, _ = maze.grid.lists()
    adj = maze.open_lists()
    step = next(k for k, c in enumerate(nb[maze.start]) if c in adj[maze.start])
    return GhostCode(HEX, ((6, step),)).code()


TYPO = HEX.code()[:-1] + ("A" if HEX.code()[-1] != "A" else "B")
LONG = "x" * 61

BROKEN = [
    # (id, body, head or None (default), text every line must contain)
    ("syntax", 'name = "unclosed\n', None, ["is not valid TOML", "line"]),
    ("no pack table", GOOD, "", ["[pack]: field 'name' is missing"]),
    ("pack name missing", GOOD, '[pack]\nauthor = "me"\n', ["[pack]: field 'name' is missing"]),
    ("pack name too long", GOOD, f'[pack]\nname = "{LONG}"\n', ["[pack]: field 'name' must be 1..60"]),
    ("pack extra field", GOOD, '[pack]\nname = "A"\ncolour = "red"\n', ["[pack]: field 'colour' is not a pack field"]),
    ("pack name wrong type", GOOD, "[pack]\nname = 3\n", ["[pack]: field 'name' must be text"]),
    ("no levels", "", None, ["has no levels", "level 1", "'level'"]),
    ("level name missing", level_toml(None, HEX.code()), None, ["level 1: field 'name' is missing"]),
    ("code missing", level_toml("A", None), None, ["level 1 'A': field 'code' is missing"]),
    ("extra level field", level_toml("A", HEX.code(), colour='"red"'), None,
     ["level 1 'A': field 'colour' is not a level field"]),
    ("code wrong type", level_toml("A", None) + "code = 42\n", None, ["level 1 'A': field 'code' must be a code"]),
    ("par_moves wrong type", level_toml("A", HEX.code(), par_moves='"30"'), None,
     ["level 1 'A': field 'par_moves' must be a whole number"]),
    ("par_moves fraction", level_toml("A", HEX.code(), par_moves=30.5), None,
     ["level 1 'A': field 'par_moves' must be a whole number"]),
    ("par_time zero", level_toml("A", HEX.code(), par_time=0), None,
     ["level 1 'A': field 'par_time' must be more than 0"]),
    ("par_time bool", level_toml("A", HEX.code(), par_time="true"), None,
     ["level 1 'A': field 'par_time' must be a number"]),
    ("bad code", level_toml("A", HEX.code()) + level_toml("B", TYPO), None,
     ["level 2 'B': field 'code' is not a level code: The maze code has a typo"]),
    ("not a code", level_toml("A", "hello"), None, ["level 1 'A': field 'code' is not a level code: "]),
    ("race code", level_toml("A", RACE), None, ["level 1 'A': field 'code' is a race code, not a maze level"]),
    ("puzzle code", level_toml("A", PUZZLE), None,
     ["level 1 'A': field 'code' is a sliding-puzzle code, not a maze level"]),
    ("par below shortest", level_toml("A", HEX.code(), par_moves=3), None,
     ["level 1 'A': field 'par_moves' is 3, below the shortest path", f"({shortest(HEX)} moves)"]),
    ("duplicate name", level_toml("A", HEX.code()) + level_toml("a", SQUARE.code()), None,
     ["level 2 'a': field 'name' repeats the name of level 1"]),
    ("duplicate code", level_toml("A", HEX.code()) + level_toml("B", HEX.code().lower()), None,
     ["level 2 'B': field 'code' repeats the code of level 1"]),
    ("level name too long", level_toml(LONG, HEX.code()), None, ["field 'name' must be 1..60 characters"]),
    ("level name blank", level_toml("  ", HEX.code()), None, ["level 1: field 'name' must be 1..60"]),
    ("top-level extra", "title = 'x'\n" + GOOD, None, ["'title' is not part of a pack"]),
    ("too many levels", "".join(level_toml(f"L{i}", MazeSpec("square", 5, 5, "prim", {}, 0, i).code())
                                for i in range(packs.MAX_LEVELS + 1)), None,
     [f"level {packs.MAX_LEVELS + 1}: field 'level'", f"at most {packs.MAX_LEVELS} levels"]),
]


@pytest.mark.parametrize(("body", "head", "wants"), [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_a_broken_pack_is_one_line_naming_file_level_and_field(tmp_path, body, head, wants):
    if head is None:
        head = '[pack]\nname = "P"\n'
    if body.startswith("title"):  # a top-level key must come before the first table
        path = pack_file(tmp_path, "broken", "", body.split("\n", 1)[0] + "\n" + head + body.split("\n", 1)[1])
    else:
        path = pack_file(tmp_path, "broken", body, head)
    with pytest.raises(PackError) as err:
        load_pack(path)
    message = str(err.value)
    assert "\n" not in message and message.startswith("broken.toml: "), message
    for want in wants:
        assert want in message, message


def test_a_ghost_code_is_refused_in_one_sentence(tmp_path):
    path = pack_file(tmp_path, "g", level_toml("A", ghost_code()))
    with pytest.raises(PackError, match=r"^g\.toml: level 1 'A': field 'code' is a ghost code, not a maze level"):
        load_pack(path)


def test_unreadable_files_are_one_line(tmp_path):
    bad = tmp_path / "bin.toml"
    bad.write_bytes(b"\xff\xfe[pack]")
    with pytest.raises(PackError, match=r"^bin\.toml: is not UTF-8 text$"):
        load_pack(bad)
    with pytest.raises(PackError, match=r"^missing\.toml: cannot be read"):
        load_pack(tmp_path / "missing.toml")


def test_levels_over_a_million_cells_are_refused_before_anything_is_built(tmp_path, monkeypatch):
    big = MazeSpec("polar", 480, 480, "backtracker", {}, 0, 1)
    assert cell_count("polar", 480, 480) > MAX_CELLS

    def no_build(self):
        raise AssertionError("a pack built a maze it refuses")

    monkeypatch.setattr(MazeSpec, "build", no_build)
    with pytest.raises(PackError, match=r"level 1 'Huge': field 'code' makes a maze of [\d,]+ cells; .* 1,000,000"):
        load_pack(pack_file(tmp_path, "big", level_toml("Huge", big.code())))


def test_a_hand_made_level_code_kind_is_accepted_through_its_made_level(tmp_path, monkeypatch):
    """Any decoded kind whose ``made_level()`` gives a Level (no recipe) is a pack level."""
    from engine.level import Level

    maze = SQUARE.build()

    class HandMade:
        KIND = "level"

        def code(self) -> str:
            return "L2.FAKE-00"

        def made_level(self) -> Level:
            return Level(maze, dark=True)

    real = packs.decode_any
    monkeypatch.setattr(packs, "decode_any", lambda text: HandMade() if text.startswith("L2") else real(text))
    packs._measure.cache_clear()
    try:
        pack = load_pack(pack_file(tmp_path, "mine", level_toml("Mine", "L2.FAKE-00") + GOOD))
    finally:
        packs._measure.cache_clear()
    lv = pack.levels[0]
    assert lv.recipe is None and lv.made is not None and lv.level() is lv.made and lv.dark
    assert lv.code() == "L2.FAKE-00" and pack.facts[0].kind == "level"
    assert pack.facts[0].shortest == shortest(SQUARE) and lv.par_moves == default_par_moves(shortest(SQUARE))
    assert "hand-made" in lv.label()
    camp = with_packs(load_campaign(), tmp_path)
    assert camp.by_code("L2.FAKE-00") is not None


# -- writing a pack -------------------------------------------------------------------------
def test_write_pack_reads_back_and_never_overwrites_by_accident(tmp_path):
    path = tmp_path / "mine.toml"
    entries = [PackEntry('Quote " and \\ back', HEX.code()), PackEntry("Ünïcode ✓", SQUARE.code(), 40, 12.5)]
    pack = write_pack(path, "My \"own\" levels", "Me", entries)
    again = load_pack(path)
    assert [lv.name for lv in again.levels] == ['Quote " and \\ back', "Ünïcode ✓"]
    assert [lv.code() for lv in again.levels] == [lv.code() for lv in pack.levels]
    assert (again.name, again.author, again.levels[1].par_moves, again.levels[1].par_time) == (
        'My "own" levels', "Me", 40, 12.5)
    before = path.read_bytes()
    with pytest.raises(PackError, match="already exists"):
        write_pack(path, "Other", "", entries)
    assert path.read_bytes() == before
    write_pack(path, "Other", "", entries[:1], overwrite=True)
    assert load_pack(path).name == "Other"


def test_write_pack_refuses_a_bad_entry_and_writes_nothing(tmp_path):
    path = tmp_path / "bad.toml"
    with pytest.raises(PackError, match=r"^bad\.toml: level 2 'B': field 'code' is a race code"):
        write_pack(path, "Bad", "", [PackEntry("A", HEX.code()), PackEntry("B", RACE)])
    assert not path.exists() and list(tmp_path.iterdir()) == []


# -- the command line -------------------------------------------------------------------------
def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_check_lists_every_level(tmp_path):
    path = pack_file(tmp_path, "hexes", GOOD)
    code, out, err = run_cli("pack", "check", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "hexes.toml" in lines[0] and "Teacher's Hex Set" in lines[0] and "2 levels" in lines[0]
    s = shortest(HEX)
    assert "1." in lines[1] and "Warm-up" in lines[1] and "maze" in lines[1] and "hex 8×6" in lines[1]
    assert "48 cells" in lines[1] and f"shortest {s}" in lines[1]
    assert f"par {default_par_moves(s)} moves, {default_par_time(s)} s" in lines[1]
    assert "2." in lines[2] and "square 10×10" in lines[2] and "100 cells" in lines[2]
    assert "par 99 (given) moves, 12.5 s (given)" in lines[2]


@pytest.mark.parametrize("case", ["bad code", "syntax", "duplicate name", "race code"])
def test_cli_check_of_a_broken_pack_is_one_line_and_exit_2(tmp_path, case):
    _, body, head, wants = next(c for c in BROKEN if c[0] == case)
    path = pack_file(tmp_path, "broken", body, '[pack]\nname = "P"\n' if head is None else head)
    code, out, err = run_cli("pack", "check", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tessera: error: broken.toml: ") and "Traceback" not in err
    for want in wants:
        assert want in err


def test_cli_check_of_a_missing_file(tmp_path):
    code, out, err = run_cli("pack", "check", str(tmp_path / "nope.toml"))
    assert code == 2 and err.count("\n") == 1 and "nope.toml: cannot be read" in err


def test_cli_new_writes_a_valid_pack(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("pack", "new", "Teacher's Hex Set", HEX.code(), SQUARE.code().lower(),
                             "--author", "Ms. Example")
    path = tmp_path / "teacher-s-hex-set.toml"
    assert code == 0 and err == f"wrote {path.name}\n", err  # the status line on stderr, like every command's
    assert out.startswith(f"{path.name}: 'Teacher's Hex Set'")
    pack = load_pack(path)
    assert [lv.name for lv in pack.levels] == ["Level 1", "Level 2"]
    assert [lv.code() for lv in pack.levels] == [HEX.code(), SQUARE.code()]
    assert pack.author == "Ms. Example"
    text = path.read_text(encoding="utf-8")
    assert "par_moves" not in text  # pars come from the shortest path when the game reads it

    code, out, err = run_cli("pack", "new", "Other", TRIANGLE.code(), "-o", "x.toml", "--names", "Only")
    assert code == 0 and [lv.name for lv in load_pack(tmp_path / "x.toml").levels] == ["Only"]


def test_cli_new_refuses_bad_codes_existing_files_and_wrong_names(tmp_path):
    out_file = tmp_path / "p.toml"
    code, out, err = run_cli("pack", "new", "P", HEX.code(), TYPO, "-o", str(out_file))
    assert code == 2 and err.count("\n") == 1 and "level 2 'Level 2': field 'code' is not a level code" in err
    assert not out_file.exists()
    code, _, err = run_cli("pack", "new", "P", PUZZLE, "-o", str(out_file))
    assert code == 2 and "sliding-puzzle code, not a maze level" in err and not out_file.exists()
    code, _, err = run_cli("pack", "new", "P", HEX.code(), "--names", "A", "B", "-o", str(out_file))
    assert code == 2 and "--names gives 2 names for 1 code" in err and not out_file.exists()
    out_file.write_text("# the player's own file\n", encoding="utf-8")
    code, _, err = run_cli("pack", "new", "P", TYPO, "-o", str(out_file))  # a refused pack never replaces it
    assert code == 2 and out_file.read_text(encoding="utf-8") == "# the player's own file\n"
    code, _, err = run_cli("pack", "new", "P", HEX.code(), "-o", str(out_file))  # the one rule: replaced whole
    assert code == 0 and load_pack(out_file).name == "P"
    code, _, err = run_cli("pack", "new", "Q", HEX.code(), "-o", str(out_file), "--force")  # still accepted
    assert code == 0 and load_pack(out_file).name == "Q"
    code, _, err = run_cli("pack", "new", "P" * 61, HEX.code(), "-o", str(tmp_path / "q.toml"))
    assert code == 2 and "[pack]: field 'name' must be 1..60" in err


# -- packs in the campaign (engine) -------------------------------------------------------------
def test_packs_are_worlds_after_the_shipped_ones_and_a_broken_pack_is_reported(tmp_path):
    shipped = load_campaign()
    pack_file(tmp_path, "a-hexes", GOOD)
    pack_file(tmp_path, "b-broken", level_toml("A", TYPO))
    # the same name as a shipped world and as the first pack: still worlds of their own
    pack_file(tmp_path, "c-same", level_toml("One", TRIANGLE.code()), '[pack]\nname = "Teacher\'s Hex Set"\n')
    world0 = shipped.levels[0].world
    pack_file(tmp_path, "d-shipped-name", level_toml("One", TRIANGLE.code()), f'[pack]\nname = "{world0}"\n')
    (tmp_path / "notes.txt").write_text("not a pack")
    camp = with_packs(shipped, tmp_path)
    n = len(shipped)
    assert [(lv.id, lv.code(), lv.par_moves, lv.par_time, lv.world) for lv in camp.levels[:n]] == [
        (lv.id, lv.code(), lv.par_moves, lv.par_time, lv.world) for lv in shipped.levels]
    assert [lv.index for lv in camp.levels] == list(range(len(camp.levels)))
    assert len({lv.id for lv in camp.levels}) == len(camp.levels)
    assert [lv.id for lv in camp.levels[n:]] == ["pack-a-hexes-1", "pack-a-hexes-2", "pack-c-same-1",
                                                  "pack-d-shipped-name-1"]
    worlds = camp.worlds()
    assert worlds[:len(shipped.worlds())] == shipped.worlds()
    assert worlds[len(shipped.worlds()):] == ["Teacher's Hex Set", "Teacher's Hex Set (c-same)",
                                              f"{world0} (d-shipped-name)"]
    assert len(camp.by_world()) == len(worlds)
    (broken,) = camp.broken
    assert isinstance(broken, BrokenWorld) and broken.name == "b-broken" and broken.source == "b-broken.toml"
    assert broken.reason.startswith("b-broken.toml: level 1 'A': field 'code' is not a level code")
    first = camp.levels[n]
    assert camp.is_open(first, set()) and not camp.is_open(camp.levels[n + 1], set())
    assert camp.next_of(camp.levels[n - 1]) is first and camp.next_of(first) is camp.levels[n + 1]
    assert camp.by_code(SQUARE.code()) is camp.levels[n + 1]
    assert camp.by_code(shipped.levels[0].code()) is camp.levels[0]


def test_load_packs_never_raises_and_a_missing_folder_has_no_packs(tmp_path, monkeypatch):
    assert load_packs(tmp_path / "nowhere") == []
    pack_file(tmp_path, "ok", GOOD)
    monkeypatch.setattr(packs, "_parse", lambda *a: (_ for _ in ()).throw(RuntimeError("boom")))
    (item,) = load_packs(tmp_path)
    assert isinstance(item, BrokenWorld) and "boom" in item.reason and "\n" not in item.reason


def test_packs_dir_is_under_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path))
    assert packs.packs_dir() == tmp_path / "levels"
    pack_file(tmp_path / "levels", "mine", GOOD)
    camp = with_packs(load_campaign())
    assert camp.levels[-1].id == "pack-mine-2"


# -- the game's campaign map --------------------------------------------------------------------
@pytest.fixture
def home_with_packs(tmp_path, monkeypatch):
    """A data dir whose levels/ holds a good pack and a broken one (read only: the test checks)."""
    home = tmp_path / "home"
    good = pack_file(home / "levels", "hexes", GOOD)
    bad = pack_file(home / "levels", "oops", level_toml("Warm-up", HEX.code()) + level_toml("Bad", RACE))
    monkeypatch.setenv("TESSERA_HOME", str(home))
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (good, bad)}
    yield home
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (good, bad)} == before
    assert sorted(p.name for p in (home / "levels").iterdir()) == ["hexes.toml", "oops.toml"]


def test_the_map_shows_a_pack_world_and_a_broken_pack(window, ctx, home_with_packs):
    from game.shell.levels import LevelsView

    shipped = load_campaign()
    camp = ctx.campaign
    assert ctx.campaign_error is None
    assert len(camp.levels) == len(shipped) + 2 and len(camp.broken) == 1
    view = ctx.go(routes.levels)
    assert isinstance(view, LevelsView)
    names = view.column_names()
    assert names[:-2] == shipped.worlds() and names[-2:] == ["Teacher's Hex Set", "oops"]
    assert len(view.tiles) == len(camp.levels) + len(view.stops) + 1  # levels, the shipped worlds' bonus stops, broken
    n = len(shipped)
    assert view.tiles[n].state == "open" and view.tiles[n + 1].state == "locked"  # a pack's first level is open
    assert view.tiles[-1].state == "broken"
    assert "1 level pack could not be read" in view.summary_value
    window.current_view.on_draw()
    view.focus = len(view.tiles) - 1
    view.on_draw()
    assert view.info.text.startswith("oops: cannot be read: oops.toml: level 2 'Bad': field 'code'")
    view.activate(view.focus)  # a broken tile does nothing
    assert window.current_view is view
    view.move_focus(-1)  # left, to the pack's column
    assert view.focus == n
    view.on_draw()
    assert "Teacher's Hex Set" in view.info.text and "Warm-up" in view.info.text


def test_playing_a_pack_level_records_stars_and_bests_under_its_id(window, ctx, home_with_packs):
    from test_game_views import play_with_keys, run_until

    from game.shell.levels import LevelsView
    from game.shell.win import WinView

    camp = ctx.campaign
    level = next(lv for lv in camp.levels if lv.id == "pack-hexes-1")
    view = ctx.go(routes.level, level)
    s = view.session
    assert (s.par_moves, s.par_time) == (level.par_moves, level.par_time)
    window.current_view.on_draw()
    play_with_keys(window, view)
    run_until(view, lambda: isinstance(window.current_view, WinView))
    assert ctx.store.stars()["pack-hexes-1"] >= 2
    assert "pack-hexes-2" in ctx.store.unlocked()
    assert ctx.store.best(HEX.code()).best_moves == shortest(HEX)
    levels = ctx.go(routes.levels)
    assert isinstance(levels, LevelsView)
    i = level.index
    assert not levels.locked[i + 1] and levels.tiles[i].state == "open" and levels.tiles[i].stars >= 2


def test_a_hand_made_pack_level_opens_in_the_play_screen(window, ctx, tmp_path):
    from engine.level import Level
    from engine.modes.campaign import CampaignLevel
    from game.play.open import open_level
    from game.play.view import PlayView

    made = Level(SQUARE.build())
    lv = CampaignLevel(0, "pack-x-1", "Mine", "X", None, 30.0, 40, "x.toml", made=made, made_code="L2.FAKE-00")
    view = open_level(ctx, lv)
    assert isinstance(view, PlayView) and view.maze is made.maze and view.code == "L2.FAKE-00"
    assert (view.session.par_moves, view.session.par_time) == (40, 30.0)
    with pytest.raises(ValueError, match="either a recipe or a ready level"):
        CampaignLevel(0, "x", "x", "x", None, 1.0, 1)


def test_the_map_with_packs_fits_at_every_size(window, ctx, home_with_packs):
    from layout_check import check_layout, set_window_size


    problems: list[str] = []
    try:
        for w, h in [(800, 600), (1280, 800), (1920, 1080)]:
            view = routes.levels(ctx)
            view.focus = len(view.buttons) - 1  # the broken pack's line at the bottom
            problems += [f"{w}x{h}: {p}" for p in check_layout(window, view, w, h)]
    finally:
        set_window_size(window, 1280, 800)
    assert problems == []
