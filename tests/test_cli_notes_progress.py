"""The puzzle CLI: cache problems as notes on stderr (and in JSON); progress on a pipe as whole lines."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from engine.cli import main
from engine.cli.puzzle import _Progress
from engine.puzzle import pdb

ROOT = Path(__file__).resolve().parents[1]


def test_progress_on_a_pipe_is_whole_lines_one_per_table():
    out = io.StringIO()  # not a terminal
    p = _Progress(out)
    for depth in range(30):
        p(depth / 30, f"4x4 pattern 1-2-3: depth {depth}, {depth * 100:,} of 3,360")
    for depth in range(5):
        p(depth / 5, f"4x4 pattern 4-5-6: depth {depth}")
    p.end()
    text = out.getvalue()
    assert "\r" not in text and text.count("\n") == 2 and text.endswith("\n")


def test_progress_on_a_terminal_rewrites_one_line():
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Tty()
    p = _Progress(out)
    p(0.5, "building")
    p(1.0, "building")
    p.end()
    assert out.getvalue().count("\r") == 2 and out.getvalue().endswith("\n")


def test_an_unusable_cache_is_a_note_on_stderr_and_in_json(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "cachefile"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TESSERA_CACHE", str(blocker))
    pdb.clear_memory_cache()
    try:
        code = main(["puzzle", "solve", "--board", "1 2 3 4 5 6 0 7 8", "--solver", "optimal", "--format", "json"])
        captured = capsys.readouterr()
    finally:
        pdb.clear_memory_cache()
    assert code == 0
    assert "tessera: note: The puzzle table cache cannot be used" in captured.err
    assert json.loads(captured.out)["messages"]


def test_optimal_solve_through_a_pipe_never_runs_lines_together(tmp_path):
    env = {**os.environ, "TESSERA_CACHE": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "engine.cli", "puzzle", "solve", "--board", "8 6 7 2 5 4 3 0 1", "--solver", "optimal"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert "\r" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert 1 <= len(lines) <= 3 and all("(" in ln for ln in lines), proc.stderr
