"""``tessera print``: pages a teacher hands out (issue 47, items 8-10; issue 43's print bullet).

Start and finish are told apart in greyscale and are at least 5 mm; floors fill the page as a grid with
labels and a legend; name lines, a difficulty, an instructions line and a default title; line weight and
marker size options; a puzzle maze's legend and its answer key's numbered waits. The PDFs are read with
poppler (``pdftotext``, ``pdftoppm -gray``) as a person checking a workbook would.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from engine.cli import main
from engine.maze.recipe import MazeSpec
from engine.maze.rules.draw import legend
from engine.printing.draw import MIN_MARK_MM, Ink, end_marks
from engine.printing.layout import MM, NAME_LINES, maze_slots, page_size
from engine.printing.options import DIFFICULTIES
from engine.printing.slots import lay_out_maze
from tests.test_print import needs_poppler, pdf_text

#: Puzzle mazes whose best way waits: twice on the start, and once on another cell.
HUNTED = ["M2.S7X6.BT.QPH#2W-KA", "M2.S7X6.BT.QPH#2N-JG"]
#: A golden puzzle code with every rule (its best way has no wait).
ALL_RULES = "M2.S7X6.BT.QOKPSM#2W-NT"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def grey_page(pdf: Path, page: int, dpi: int, tmp: Path) -> np.ndarray:
    """Page ``page`` rendered in greyscale (``pdftoppm -gray``), 0 black .. 255 white, rows from the top."""
    stem = tmp / f"g{page}"
    subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-png", "-f", str(page), "-l", str(page), str(pdf),
                    str(stem)], check=True)
    return np.asarray(Image.open(next(tmp.glob(f"g{page}*.png"))).convert("L")).astype(int)


def flat(text: str) -> str:
    return " ".join(text.split())


# -- item 8: start and finish ------------------------------------------------------------------------------
@needs_poppler
@pytest.mark.parametrize("marker, across", [(None, MIN_MARK_MM), ("12", 12.0)])
def test_start_and_finish_differ_in_greyscale_and_are_at_least_5_mm_on_a_hard_maze(tmp_path, marker, across):
    """Four hard mazes to a page (cells under 3 mm): each mark is 5 mm (or ``--marker-size``) by the PDF's
    geometry and by the greyscale raster (the mark's dark shape, cut off from the walls by its white halo,
    measured in pixels); start is a dark disc (its bounding box's corners paper-white), finish a light square in
    a dark frame (its corners dark); the legend names both."""
    preset = DIFFICULTIES["hard"]
    spec = MazeSpec.create("square", preset.width, preset.height, preset.algorithm, {}, seed=0)
    pdf = tmp_path / "hard.pdf"
    extra = ["--marker-size", marker] if marker else []
    code, _, err = run("print", "--difficulty", "hard", "--per-page", "4", "--solutions", "none", *extra,
                       "-o", str(pdf))
    assert code == 0, err
    size = page_size("a4")
    maze = spec.build()
    frame = lay_out_maze(spec.code(), maze, maze_slots(size, 4, NAME_LINES)[0]).frame
    assert frame.scale < MIN_MARK_MM * MM, "the cells are smaller than the marks: the minimum is what is tested"
    marks = {m.kind: m for m in end_marks(maze, frame, Ink(marker_mm=float(marker) if marker else None))}
    assert all(m.size == pytest.approx(across * MM) for m in marks.values())
    dpi = 300
    k = dpi / 72.0
    img = grey_page(pdf, 1, dpi, tmp_path)
    dark = img < 128

    def component(x: float, y: float) -> np.ndarray:
        """The dark shape holding the page point (x, y), cut to its bounding box (True where it is): grown from
        that pixel through 4-connected dark pixels, within 300 px around it (a mark is at most about 140 px)."""
        px, py = int(round(x * k)), int(round((size[1] - y) * k))
        assert dark[py, px], "a dark pixel of the mark"
        y0, x0 = max(0, py - 300), max(0, px - 300)
        win = dark[y0 : py + 301, x0 : px + 301]
        grown = np.zeros_like(win)
        grown[py - y0, px - x0] = True
        while True:
            more = grown.copy()
            more[1:] |= grown[:-1]
            more[:-1] |= grown[1:]
            more[:, 1:] |= grown[:, :-1]
            more[:, :-1] |= grown[:, 1:]
            more &= win
            if (more == grown).all():
                break
            grown = more
        ys, xs = np.nonzero(grown)
        return grown[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]

    def grey(x: float, y: float) -> int:
        return int(img[int(round((size[1] - y) * k)), int(round(x * k))])

    start, finish = marks["start"], marks["finish"]
    ring = finish.size / 2 - max(1.0, finish.size * 0.13) / 2  # the middle of the finish square's frame
    disc, frame_shape = component(start.x + start.size * 0.42, start.y), component(finish.x + ring, finish.y)
    for shape in (disc, frame_shape):
        h, w = (n / dpi * 25.4 for n in shape.shape)
        assert across - 0.2 <= w <= across + 0.6 and across - 0.2 <= h <= across + 0.6, (w, h)

    def corners(shape: np.ndarray) -> list[bool]:
        return [bool(shape[i, j]) for i in (1, -2) for j in (1, -2)]

    assert not any(corners(disc)) and disc.mean() > 0.6, "start: a round, dark disc"
    assert all(corners(frame_shape)) and frame_shape.mean() < 0.5, "finish: a square frame, light inside"
    assert grey(finish.x + finish.size * 0.2, finish.y + finish.size * 0.25) > 200
    text = flat(pdf_text(pdf, 1))
    assert "Start" in text and "Finish" in text


def test_marker_size_and_line_weight_set_the_geometry():
    maze = MazeSpec.create("square", 10, 12, "backtracker", {}, seed=1).build()
    slot = maze_slots(page_size("a4"), 1, NAME_LINES)[0]
    frame = lay_out_maze("", maze, slot).frame
    big = end_marks(maze, frame, Ink(marker_mm=9.5))
    assert [round(m.size / MM, 6) for m in big] == [9.5, 9.5]
    auto = end_marks(maze, frame, Ink())
    assert all(MIN_MARK_MM * MM <= m.size <= 12 * MM + 1e-6 for m in auto)
    assert Ink(line_mm=0.7).line(frame.scale) == pytest.approx(0.7 * MM)
    assert Ink().line(frame.scale) == pytest.approx(max(0.4, frame.scale / 10))


@needs_poppler
def test_a_heavier_line_weight_prints_more_ink(tmp_path):
    ink = []
    for weight in ("0.2", "1.2"):
        pdf = tmp_path / f"w{weight}.pdf"
        assert run("print", "--count", "1", "--shape", "square", "--algo", "prim", "--size", "8x8", "--solutions",
                   "none", "--line-weight", weight, "-o", str(pdf))[0] == 0
        here = tmp_path / weight
        here.mkdir()
        ink.append(int((grey_page(pdf, 1, 60, here) < 128).sum()))
    assert ink[1] > ink[0] * 2


@pytest.mark.parametrize("args, says", [
    (["--marker-size", "3"], "--marker-size must be in 5..30"),
    (["--marker-size", "big"], "--marker-size 'big' is not a number"),
    (["--line-weight", "0"], "--line-weight must be in 0.1..2"),
    (["--line-weight", "nan"], "not a number"),
])
def test_bad_sizes_are_one_line_and_exit_2(tmp_path, args, says):
    pdf = tmp_path / "bad.pdf"
    code, out, err = run("print", "--count", "1", "--shape", "square", "--algo", "prim", "--size", "6x6", *args,
                         "-o", str(pdf))
    assert code == 2 and out == "" and err.count("\n") == 1 and says in err, err
    assert not pdf.exists()


def test_help_says_name_lines_are_on_and_how_big_the_marks_may_be(capsys):
    code, out, _ = run("print", "--help")
    text = flat(out + capsys.readouterr().out)
    assert code == 0
    assert "--no-name-lines" in text and "on by default" in text
    assert "--marker-size MM" in text and "5..30" in text and "--line-weight MM" in text


# -- item 9: floors ------------------------------------------------------------------------------------------
@needs_poppler
def test_four_floors_fill_the_page_as_a_grid_with_labels_and_a_stair_legend(tmp_path):
    spec = MazeSpec.create("square", 8, 7, "backtracker", {}, seed=3, floors=4)
    pdf = tmp_path / "floors.pdf"
    assert run("print", "--codes", spec.code(), "--solutions", "after", "-o", str(pdf))[0] == 0
    slot = maze_slots(page_size("a4"), 1, NAME_LINES)[0]
    frame = lay_out_maze(spec.code(), spec.build(), slot).frame
    boxes = [frame.floor_box(k) for k in range(4)]
    xs, ys = sorted({round(b.x) for b in boxes}), sorted({round(b.y) for b in boxes})
    assert len(xs) == 2 and len(ys) == 2, "two by two"
    assert boxes[0].y > boxes[2].y and boxes[0].x < boxes[1].x, "floor 1 top left, in reading order"
    assert sum(b.w * b.h for b in boxes) > 0.5 * slot.w * slot.h, "the floors fill most of the page"
    # ink where each floor is drawn (its walls), on the page as printed
    size = page_size("a4")
    k = 50 / 72.0
    img = grey_page(pdf, 1, 50, tmp_path)
    for b in boxes:
        region = img[int((size[1] - b.y - b.h) * k) : int((size[1] - b.y) * k), int(b.x * k) : int((b.x + b.w) * k)]
        assert (region < 128).mean() > 0.03
    text = flat(pdf_text(pdf, 1))
    assert all(f"Floor {n}" in text for n in range(1, 5))
    assert "stairs up" in text and "stairs down" in text and "Finish (Floor 4)" in text
    assert all(f"Floor {n}" in flat(pdf_text(pdf, 2)) for n in range(1, 5)), "the answer key labels its floors"


@needs_poppler
def test_a_weave_maze_has_a_bridge_in_its_legend_and_a_plain_one_has_not(tmp_path):
    for weave, expect in (("0.5", True), (None, False)):
        pdf = tmp_path / f"w{weave}.pdf"
        extra = ["--weave", weave] if weave else []
        assert run("print", "--count", "1", "--shape", "square", "--algo", "backtracker", "--size", "10x10", *extra,
                   "--solutions", "none", "-o", str(pdf))[0] == 0
        assert ("bridge" in pdf_text(pdf, 1)) == expect


# -- item 10: name lines, difficulty, instructions, default title -------------------------------------------
@needs_poppler
def test_name_lines_are_on_by_default_and_can_be_left_out(tmp_path):
    on, off = tmp_path / "on.pdf", tmp_path / "off.pdf"
    base = ["print", "--difficulty", "easy", "--count", "2", "--solutions", "end"]
    assert run(*base, "-o", str(on))[0] == 0 and run(*base, "--no-name-lines", "-o", str(off))[0] == 0
    for word in ("Name", "Class", "Date"):
        assert word in pdf_text(on, 1) and word not in pdf_text(off, 1)
        assert word not in pdf_text(on, 3), "not on the answer page"
    text = flat(pdf_text(on, 1))
    assert "Easy · Draw a line from Start to Finish." in text


@needs_poppler
@pytest.mark.parametrize("name", list(DIFFICULTIES))
def test_the_difficulty_preset_is_printed_above_the_maze(tmp_path, name):
    pdf = tmp_path / "d.pdf"
    assert run("print", "--difficulty", name, "--shape", "hex", "--solutions", "none", "-o", str(pdf))[0] == 0
    assert f"{name.capitalize()} · Draw a line" in flat(pdf_text(pdf, 1))


@needs_poppler
def test_a_campaign_world_is_titled_by_its_name_and_each_level_shows_its_par(tmp_path):
    from engine.modes.campaign import load_campaign

    world, levels = next((w, lv) for w, lv in load_campaign().by_world() if w == "The Hunter")
    pdf = tmp_path / "world.pdf"
    assert run("print", "--codes", world.lower(), "--per-page", "2", "--solutions", "none", "-o", str(pdf))[0] == 0
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"^Title:\s+{world}$", info, re.M)
    text = flat(pdf_text(pdf, 1))
    assert text.startswith(world)
    for lv in levels[:2]:
        assert f"Par {lv.par_moves} moves" in text
    assert "keep away from the hunter" in text


# -- issue 43: puzzle mazes' legend and answer key -------------------------------------------------------------
@needs_poppler
def test_a_puzzle_maze_prints_the_legend_of_its_elements(tmp_path):
    pdf = tmp_path / "rules.pdf"
    assert run("print", "--codes", ALL_RULES, "--solutions", "after", "-o", str(pdf))[0] == 0
    maze = MazeSpec.from_code(ALL_RULES).build()
    assert maze.rules is not None
    text = flat(pdf_text(pdf, 1))
    lines = legend(maze.rules)
    assert len(lines) >= 4
    for line in lines:
        assert flat(line) in text, line
    assert "Medium puzzle · Find the way from Start to Finish" in text
    assert "where to wait" not in flat(pdf_text(pdf, 2)), "its best way has no wait"


@needs_poppler
@pytest.mark.parametrize("code", HUNTED)
def test_the_answer_key_numbers_the_waits_of_the_best_way(tmp_path, code):
    """The waits of ``tessera solve``'s best way, numbered in order by the cell they happen on, are printed on
    the answer key (and the page says what the numbers mean)."""
    solved = json.loads(run("solve", "--code", code, "--format", "json")[1])
    maze = MazeSpec.from_code(code).build()
    at, expected, n = maze.start, {}, 0
    for action in solved["actions"]:
        if action == "wait":
            n += 1
            expected.setdefault(at, []).append(str(n))
        else:
            at = action
    assert n >= 1, "a way with waits"
    pdf = tmp_path / "hunted.pdf"
    assert run("print", "--codes", code, "--solutions", "after", "-o", str(pdf))[0] == 0
    answer = pdf_text(pdf, 2)
    assert "numbers: where to wait, in order" in flat(answer)
    tokens = answer.split()
    for numbers in expected.values():
        assert ",".join(numbers) in tokens
    assert "write 1, 2, ... where you wait" in flat(pdf_text(pdf, 1))
