"""``tessera print --codes`` reads codes, files of codes, packs and worlds through one reader with one page limit
(issue 46, item 5): an argument longer than a file name is a code, a pack ``tessera pack new`` wrote is printed,
the 40,000-cell limit holds for level codes in files and for world files, a codes file with a UTF-8 BOM is read."""

from __future__ import annotations

import io

import pytest

from engine.cli import main
from engine.maze.level_code import LevelCode
from engine.maze.recipe import MazeSpec
from engine.printing.sources import MAX_CELLS, sheets_from_codes

SMALL = [MazeSpec.create("square", 6, 5, "backtracker", {}, seed=s).code() for s in (1, 2)]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def level_code(width: int, height: int) -> str:
    return LevelCode.from_maze(MazeSpec.create("square", width, height, "backtracker", {}, seed=3).build()).code()


def test_a_level_code_longer_than_a_file_name_is_printed_as_a_code(tmp_path):
    code_text = level_code(40, 30)
    assert len(code_text.encode()) > 255
    pdf = tmp_path / "long.pdf"
    code, _, err = run("print", "--codes", code_text, "-o", str(pdf))
    assert code == 0, err
    assert pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("arg", ["X" * 300, "a/" + "b" * 300, "M2." + "Q" * 5000, "x\x00y"],
                         ids=["300-bytes", "a-300-byte-part", "a-5000-byte-code", "nul"])
def test_any_long_or_odd_argument_is_one_line_about_codes_never_an_internal_error(tmp_path, arg):
    code, out, err = run("print", "--codes", arg, "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "internal error" not in err, err
    assert not (tmp_path / "x.pdf").exists()


def test_a_pack_written_by_pack_new_prints_its_levels(tmp_path):
    pack = tmp_path / "mine.toml"
    code, _, err = run("pack", "new", "My Pack", *SMALL, "--names", "One", "Two", "-o", str(pack))
    assert code == 0, err
    assert run("pack", "check", str(pack))[0] == 0
    sheets = sheets_from_codes([str(pack)])
    assert [s.name for s in sheets] == ["My Pack · One", "My Pack · Two"]
    assert [s.code for s in sheets] == SMALL
    pdf = tmp_path / "pack.pdf"
    code, _, err = run("print", "--codes", str(pack), "-o", str(pdf))
    assert code == 0 and pdf.exists(), err


def test_the_page_limit_holds_for_a_level_code_in_a_file(tmp_path):
    big = level_code(250, 200)  # 50,000 cells
    codes = tmp_path / "codes.txt"
    codes.write_text(f"{SMALL[0]}\n{big}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=f"at most {MAX_CELLS:,}"):
        sheets_from_codes([str(codes)])
    code, _, err = run("print", "--codes", str(codes), "-o", str(tmp_path / "big.pdf"))
    assert code == 2 and err.count("\n") == 1 and "50,000 cells" in err, err
    assert not (tmp_path / "big.pdf").exists()


def test_the_page_limit_holds_for_a_world_file(tmp_path):
    world = tmp_path / "huge-world.toml"
    world.write_text('[world]\nname = "Huge"\n\n[[level]]\nid = "huge-01"\nname = "Vast"\nshape = "square"\n'
                     'width = 300\nheight = 300\nalgorithm = "backtracker"\nseed = 1\npar_time = 999\n'
                     'par_moves = 99999\n', encoding="utf-8")
    code, _, err = run("print", "--codes", str(world), "-o", str(tmp_path / "w.pdf"))
    assert code == 2 and err.count("\n") == 1 and "90,000 cells" in err and "Vast" in err, err


def test_a_codes_file_with_a_utf8_byte_order_mark_is_read(tmp_path):
    codes = tmp_path / "bom.txt"
    codes.write_bytes(b"\xef\xbb\xbf" + "\n".join(SMALL).encode() + b"\n")
    assert [s.code for s in sheets_from_codes([str(codes)])] == SMALL
