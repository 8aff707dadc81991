"""``tessera print``: page layout, codes on pages, answer keys on the solver's cells, bad input.

The PDF checks read the files with poppler's ``pdfinfo``/``pdftotext``/``pdftoppm`` (.ci/run installs
poppler-utils), as a person checking a workbook would.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from engine.cli import main
from engine.maze.analysis import maze_stats
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import solve
from engine.printing.draw import fit_maze
from engine.printing.layout import MARGIN, answer_slots, fit, maze_slots, page_size
from engine.printing.options import DIFFICULTIES, PAGES
from engine.printing.sources import sheets_from_codes, sheets_from_spec
from engine.printing.workbook import plan_pages, write_workbook

POPPLER = shutil.which("pdftotext") is not None and shutil.which("pdftoppm") is not None
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils (pdftotext, pdftoppm) not installed")

#: One maze of each kind the issue asks a workbook to hold.
SIX = [
    MazeSpec.create("square", 8, 6, "backtracker", {}, seed=1),
    MazeSpec.create("hex", 7, 6, "wilson", {}, seed=2),
    MazeSpec.create("triangle", 10, 6, "kruskal", {}, seed=3),
    MazeSpec.create("polar", 8, 5, "prim", {}, seed=4),
]


def _six_codes() -> list[str]:
    from engine.maze.masks import Mask

    heart = MazeSpec.create("square", 16, 16, "backtracker", {}, seed=5, mask=Mask.parse("heart"))
    floors = MazeSpec.create("square", 6, 5, "backtracker", {}, seed=6, floors=2, stairs=0.1)
    return [s.code() for s in [*SIX, heart, floors]]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def pdf_text(path: Path, page: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


# -- layout ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", list(PAGES))
@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_slots_fill_the_page_inside_its_margins_without_overlapping(paper, per_page):
    w, h = page_size(paper)
    slots = maze_slots((w, h), per_page)
    assert len(slots) == per_page
    for b in slots:
        assert b.x >= MARGIN - 1e-6 and b.x + b.w <= w - MARGIN + 1e-6
        assert b.y >= MARGIN - 1e-6 and b.y + b.h <= h - MARGIN + 1e-6
        assert b.w > 150 and b.h > 150  # big enough to solve with a pencil
    for i, a in enumerate(slots):
        for b in slots[i + 1 :]:
            assert a.x + a.w <= b.x + 1e-6 or b.x + b.w <= a.x + 1e-6 or a.y + a.h <= b.y + 1e-6 \
                or b.y + b.h <= a.y + 1e-6
    # reading order: left to right, then top to bottom
    tops = [round(b.y + b.h) for b in slots]
    assert tops == sorted(tops, reverse=True)
    assert len(answer_slots((w, h))) == 6


def test_fit_centres_the_drawing_at_the_largest_scale_that_fits():
    box = maze_slots(page_size("a4"), 1)[0]
    f = fit(box, 20, 10)  # wide: the width decides
    assert f.scale == pytest.approx(box.w / 20)
    assert f.x == pytest.approx(box.x)
    assert f.y + 10 * f.scale / 2 == pytest.approx(box.y + box.h / 2)
    with pytest.raises(ValueError):
        fit(box, 0, 3)
    with pytest.raises(ValueError, match="1, 2 or 4"):
        maze_slots(page_size("a4"), 3)
    with pytest.raises(ValueError, match="a4 or letter"):
        page_size("a5")


def test_the_page_plan_puts_answers_where_asked():
    assert [p.kind for p in plan_pages(5, 2, "after")] == ["mazes", "answers"] * 3
    end = plan_pages(13, 4, "end")
    assert [p.kind for p in end] == ["mazes"] * 4 + ["answers"] * 3
    assert [i for p in end if p.kind == "answers" for i in p.sheets] == list(range(13))  # same order
    assert [p.kind for p in plan_pages(3, 1, "none")] == ["mazes"] * 3
    with pytest.raises(ValueError, match="at most"):
        plan_pages(6000, 1, "end")


# -- workbooks ---------------------------------------------------------------------------------------------
@needs_poppler
def test_a_workbook_of_six_kinds_has_each_code_on_its_page_and_show_describes_the_same_maze(tmp_path):
    codes = _six_codes()
    pdf = tmp_path / "six.pdf"
    code, out, err = run("print", "--codes", *codes, "-o", str(pdf), "--title", "Six kinds")
    assert code == 0, err
    assert "6 mazes on 7 pages" in err and out == ""  # the status line on stderr: `-o -` carries the PDF
    assert pdf_pages(pdf) == 7
    for page, c in enumerate(codes, 1):
        text = pdf_text(pdf, page)
        assert c in text and "Six kinds" in text and f"page {page} of 7" in text
        shown_code, _, _ = run("show", c)
        assert shown_code == 0
    answers = pdf_text(pdf, 7)
    assert "Answers" in answers and all(c in answers for c in codes)
    images = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True).stdout
    assert len(images.strip().splitlines()) <= 2  # only the header: no raster image anywhere


@needs_poppler
def test_the_answer_key_draws_the_solution_on_the_cells_solve_gives(tmp_path):
    spec = MazeSpec.create("square", 9, 7, "backtracker", {}, seed=11)
    pdf = tmp_path / "one.pdf"
    assert run("print", "--codes", spec.code(), "-o", str(pdf))[0] == 0
    dpi = 100
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", "2", "-l", "2", str(pdf), str(tmp_path / "p")],
                   check=True)
    pix = np.asarray(Image.open(next(tmp_path.glob("p*.png"))).convert("RGB")).astype(int)
    maze = spec.build()
    path = solve(maze).path
    size = page_size("a4")
    f, origin = fit_maze(maze, answer_slots(size)[0])
    k = dpi / 72.0

    def at(cell: int) -> np.ndarray:
        x, y = maze.grid.centers[cell]
        px = ((x - origin[0]) * f.scale + f.x) * k
        py = (size[1] - ((y - origin[1]) * f.scale + f.y)) * k
        return pix[int(round(py)), int(round(px))]

    def blue(rgb: np.ndarray) -> bool:
        return bool(rgb[2] > 150 and rgb[2] - rgb[0] > 60)

    on = [cell for cell in path[1:-1]]
    assert all(blue(at(c)) for c in on), "the path is drawn through every cell of the solution"
    off = [c for c in range(maze.grid.n) if c not in set(path)]
    assert not any(blue(at(c)) for c in off), "no other cell is marked"


@needs_poppler
def test_a_campaign_world_by_name_prints_that_world(tmp_path):
    from engine.modes.campaign import load_campaign

    world, levels = load_campaign().by_world()[-1]
    pdf = tmp_path / "world.pdf"
    code, out, err = run("print", "--codes", f"the {world.lower()}", "--per-page", "2", "-o", str(pdf))
    assert code == 0, err
    expected = plan_pages(len(levels), 2, "end")
    assert pdf_pages(pdf) == len(expected)
    text = "".join(pdf_text(pdf, p) for p in range(1, len(expected) + 1))
    for lv in levels:
        assert lv.name in text and lv.code() in text


@needs_poppler
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_paper_and_per_page_give_the_planned_pages(tmp_path, paper):
    pdf = tmp_path / "p.pdf"
    code, _, err = run("print", "--count", "5", "--shape", "hex", "--algo", "wilson", "--size", "8x6",
                       "--per-page", "4", "--page", paper, "--solutions", "after", "-o", str(pdf))
    assert code == 0, err
    assert pdf_pages(pdf) == 4  # 4 + 4 answers, 1 + 1 answers
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert ("A4" in info) == (paper == "a4")


def test_the_same_options_write_the_same_bytes():
    spec = MazeSpec.create("square", 6, 6, "prim", {}, seed=3)
    a, b = io.BytesIO(), io.BytesIO()
    write_workbook(sheets_from_spec(spec, 3), a)
    write_workbook(sheets_from_spec(spec, 3), b)
    assert a.getvalue() == b.getvalue() and a.getvalue().startswith(b"%PDF")


def test_difficulty_presets_get_harder_in_order():
    shares, lengths = [], []
    for preset in DIFFICULTIES.values():
        st = [maze_stats(MazeSpec.create("square", preset.width, preset.height, preset.algorithm, {}, seed=s).build(),
                         diameter=False) for s in range(8)]
        shares.append(np.mean([x["dead_end_share"] for x in st]))
        lengths.append(np.mean([x["solution_length"] for x in st]))
    assert shares == sorted(shares) and lengths == sorted(lengths)


def test_code_files_skip_comments_and_blank_lines(tmp_path):
    codes = tmp_path / "codes.txt"
    codes.write_text(f"# my mazes\n\n{SIX[0].code()}\n  {SIX[1].code()}  \n", encoding="utf-8")
    sheets = sheets_from_codes([str(codes)])
    assert [s.code for s in sheets] == [SIX[0].code(), SIX[1].code()]


# -- bad input: one line, exit 2, no file ---------------------------------------------------------------------
@pytest.mark.parametrize("args, says", [
    (["--codes", "NOT-A-CODE"], "not a maze or level code"),
    (["--codes", "M2.S8X6.BT#1-XX"], ""),
    (["--count", "3000", "--shape", "square", "--algo", "prim", "--size", "5x5"], "count"),
    (["--count", "2", "--shape", "square", "--algo", "prim", "--size", "400x400"], "at most"),
    (["--shape", "hex", "--algo", "division"], "does not run on hex"),
    ([], "say what to print"),
    (["--codes", "x", "--count", "2"], "not both"),
])
def test_bad_input_is_one_line_and_exit_2_and_leaves_no_file(tmp_path, args, says):
    pdf = tmp_path / "bad.pdf"
    code, out, err = run("print", *args, "-o", str(pdf))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tessera: error:") and says in err
    assert not pdf.exists()


def test_a_puzzle_code_is_refused_as_not_a_maze(tmp_path):
    from engine.puzzle.codes import shuffle_code

    code_text = shuffle_code(3, 3, seed=1).code()
    code, _, err = run("print", "--codes", code_text, "-o", str(tmp_path / "p.pdf"))
    assert code == 2 and "not a maze or level code" in err


def test_unwritable_outputs_are_refused_before_any_work(tmp_path):
    base = ["print", "--count", "2", "--shape", "square", "--algo", "prim", "--size", "6x6", "-o"]
    code, _, err = run(*base, str(tmp_path / "missing" / "x.pdf"))
    assert code == 2 and "does not exist" in err
    code, _, err = run(*base, str(tmp_path / ("n" * 300 + ".pdf")))
    assert code == 2 and "too long" in err
    fifo = tmp_path / "q.pdf"
    os.mkfifo(fifo)
    code, _, err = run(*base, str(fifo))
    assert code == 2 and "pipe" in err
    if Path("/dev/full").exists():
        code, _, err = run(*base, "/dev/full")
        assert code == 2 and "no space" in err
